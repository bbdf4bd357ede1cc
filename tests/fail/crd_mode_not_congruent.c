/* expect: tla: crd2offset: the coordinate does not fit the layout (an integer, one integer per mode, or congruent to the shape) */
#include "tla.h"
int f(int r) {
    tla_auto L = tla_make_layout(tla_make_tuple(tla_make_tuple(4, 2), 8), tla_make_tuple(tla_make_tuple(1, 4), 8));
    return (int)tla_crd2offset(tla_make_tuple(tla_make_tuple(r, 1, 0), 3), L);
}
