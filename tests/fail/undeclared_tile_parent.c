/* expect: undeclared */
/* lines: 30 (tile_at's layout does not compile: one error and the layout check, not one per binding) */
#include "tla.h"
int f(unsigned i, unsigned j) {
    tla_auto T = tla_tile_at(kUndeclaredLayout, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(i, j));
    return (int)tla_crd2offset(tla_make_tuple(1, 2), T);
}
