/* expect: originShape needs one integer per top-level mode */
#include "tla.h"
int f(void) {
    tla_auto L = tla_make_layout(tla_make_tuple(4, 8), tla_make_tuple(8, 1), tla_make_tuple(3, 5, 7));
    return (int)tla_size(L);
}
