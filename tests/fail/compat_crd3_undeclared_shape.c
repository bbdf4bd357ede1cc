/* expect: undeclared */
/* lines: 30 (compat's crd2offset(coord, shape, stride) with a shape that does not compile: its facts read a nil's info instead of the int gcc gives the failed member, 47 lines before) */
#include "tla/compat.h"
int f(int i, int j) {
    tla_auto L = MakeLayout(MakeShape(_4, _8), MakeStride(_8, _1));
    return (int)crd2offset(MakeCoord(i, j), kUndeclaredShape, stride(L));
}
