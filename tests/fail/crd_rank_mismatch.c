/* expect: the rank of the coordinate does not match the rank of the layout */
#include "tla.h"
long long f(int i) {
    tla_auto L = tla_make_layout(tla_make_tuple(4, 8), tla_make_tuple(1, 4));
    return tla_crd2offset(tla_make_tuple(i, i, i), L);
}
