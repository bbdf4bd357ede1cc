/* expect: shape and stride are not congruent */
#include "tla.h"
int f(void) {
    tla_auto L = tla_make_layout(tla_make_tuple(tla_make_tuple(4, 2), 3), tla_make_tuple(1, 4));
    return (int)tla_size(L);
}
