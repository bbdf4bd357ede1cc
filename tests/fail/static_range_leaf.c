/* expect: a static integer exceeds TLA_STATIC_MAX in magnitude */
/* TLA_C(1 << 30): one error naming the range (N + 2^30 overflowed first, an "integer overflow") */
#include "tla.h"
int f(int i) {
    tla_auto T = tla_make_tuple(TLA_C(1 << 30), i);
    return (int)tla_size(T);
}
