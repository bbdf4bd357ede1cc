/* expect: crd2offset of a tile takes one integer per mode */
#include "tla.h"
long long f(int i) {
    tla_auto Z = tla_zN(tla_half, TLA_C(32), TLA_C(48));
    tla_auto T = tla_tile_at(Z, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(0, 8));
    return tla_crd2offset(i, T);
}
