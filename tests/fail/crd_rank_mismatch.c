/* expect: tla: crd2offset: the coordinate does not fit the layout (an integer, one integer per mode, or congruent to the shape) */
#include "tla.h"
long long f(int i) {
    tla_auto L = tla_make_layout(tla_make_tuple(4, 8), tla_make_tuple(1, 4));
    return tla_crd2offset(tla_make_tuple(i, i, i), L);
}
