/* expect: undeclared */
/* lines: 140 (clang: an undeclared name makes the whole tuple invalid, and each later use of it reports; gcc: 28) */
#include "tla/compat.h"
int f(unsigned i) {
    tla_auto L = MakeLayout(MakeShape(_16, _99999), MakeStride(_1, _16));
    return (int)crd2offset(i, L);
}
