/* expect: make_static_tensor takes an object pointer */
#include "tla.h"
int f(void) {
    int x = 0;
    tla_auto A = tla_make_static_tensor(x, tla_zN(float, TLA_C(32), TLA_C(32)));
    return (int)sizeof A;
}
