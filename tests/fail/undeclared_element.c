/* expect: undeclared */
/* lines: 30 (one error: the tuple is still built, with a dynamic leaf, so the layout and crd2offset do not report again) */
#include "tla.h"
int f(unsigned i) {
    tla_auto L = tla_make_layout(tla_make_tuple(tla_make_tuple(TLA_C(2), kUndeclaredExtent), TLA_C(4)),
                                 tla_make_tuple(tla_make_tuple(TLA_C(1), TLA_C(2)), TLA_C(16)));
    return (int)tla_crd2offset(tla_make_tuple(i, 1), L) + (int)tla_size(L);
}
