/* expect: tla: crd2offset: shape and stride are not congruent */
/* compat's crd2offset(coord, shape, stride) takes shape and stride apart: they are checked there
   (this compiled, and read the missing stride as 0) */
#include "tla/compat.h"
long long f(int i, int j) {
    tla_auto L = MakeLayout(MakeShape(_16, _64), MakeStride(_1, _16));
    return crd2offset(MakeCoord(i, j), shape(L), MakeStride(_1));
}
