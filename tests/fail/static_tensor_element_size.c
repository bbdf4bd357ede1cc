/* expect: the element size of the pointer differs from the element type of the format */
#include "tla.h"
int f(float *p) {
    tla_auto A = tla_make_static_tensor(p, tla_zN(tla_half, TLA_C(32), TLA_C(48))); /* half zN on float */
    return (int)sizeof A;
}
