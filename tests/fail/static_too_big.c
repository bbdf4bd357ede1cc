/* expect: a static integer exceeds TLA_STATIC_MAX in magnitude */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(TLA_C(5000000000LL), 2);
    return (int)tla_rank(t);
}
