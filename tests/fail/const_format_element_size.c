/* expect: the element size of the pointer differs from the element type of the format */
#include "tla.h"
TLA_CONST_ZN(kA, tla_half, 32, 48);
float *f(float *p) {
    tla_auto A = tla_make_static_tensor(p, kA); /* a half format on float elements */
    return tla_tensor_elem(A, 1, 2);
}
