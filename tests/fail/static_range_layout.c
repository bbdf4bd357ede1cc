/* expect: a static integer exceeds TLA_STATIC_MAX in magnitude */
#include "tla.h"
int f(int i, int j) {
    tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(1073741824), TLA_C(2)), tla_make_tuple(TLA_C(1), TLA_C(4)));
    return (int)tla_crd2offset(tla_make_tuple(i, j), L);
}
