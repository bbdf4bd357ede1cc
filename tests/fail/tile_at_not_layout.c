/* expect: tla: tile_at needs a static or mixed layout */
#include "tla.h"
int f(int i) {
    tla_auto S = tla_make_tuple(TLA_C(64), TLA_C(64));
    tla_auto T = tla_tile_at(S, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(i, 0));
    return (int)tla_size(T);
}
