/* expect: undeclared */
/* lines: 30 (the bound: gcc 11, clang 23; one error, nothing after it) */
#include "tla/compat.h"
int f(unsigned i) {
    tla_auto L = MakeLayout(MakeShape(_16, _99999), MakeStride(_1, _16));
    return (int)crd2offset(i, L);
}
