/* expect: make_tile needs one integer tile extent per top-level mode of the layout */
#include "tla.h"
int f(void) {
    tla_auto L = tla_zN(tla_half, 64, 64);
    tla_auto T = tla_make_tile(L, tla_make_tuple(16, 16, 16));
    return (int)tla_size(T);
}
