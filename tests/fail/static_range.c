/* expect: a static integer exceeds TLA_STATIC_MAX in magnitude */
#include "tla.h"
int f(void) {
    tla_auto L = tla_zN(tla_half, TLA_C(268435456), TLA_C(16));
    return (int)tla_rank(L);
}
