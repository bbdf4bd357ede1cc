/* expect: undeclared */
/* lines: 30 (one error: the format binds the extent, and an extent that did not compile leaves a dynamic leaf, so nothing after it reports) */
#include "tla.h"
int f(unsigned i) {
    tla_auto L = tla_zN(tla_half, TLA_C(32), kUndeclaredCols);
    tla_auto T = tla_tile_at(L, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(i, 0));
    return (int)tla_crd2offset(tla_make_tuple(i, 1), T);
}
