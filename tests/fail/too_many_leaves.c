/* expect: holds at most TLA_STATIC_LEAVES (8) leaves */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(tla_make_tuple(1, 2, 3, 4, 5), tla_make_tuple(6, 7, 8, 9));
    return (int)tla_rank(t);
}
