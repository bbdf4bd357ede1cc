/* expect: a static integer must lie in [-TLA_STATIC_MAX, TLA_STATIC_MAX] */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(TLA_C(5000000000LL), 2);
    return (int)tla_rank(t);
}
