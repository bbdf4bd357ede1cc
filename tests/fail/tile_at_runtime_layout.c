/* expect: tla: tile_at needs a static or mixed layout (run time: tla_layout_get_tile) */
/* tla_tile_at of a run-time tla_layout: one message naming the run-time function. */
#include "tla.h"
long long f(tla_layout R, int i);
long long f(tla_layout R, int i) {
    tla_auto T = tla_tile_at(R, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(i, 0));
    return tla_crd2offset(tla_make_tuple(1, 2), T);
}
