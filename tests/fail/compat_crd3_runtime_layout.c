/* expect: use_tla_layout_crd2offset */
/* compat's crd2offset(coord, shape(L), stride(L)) with a run-time L: shape(L) is its run-time
   tuple, which the static query reads as tla__rtinfo (one error naming the fix) */
#include "tla/compat.h"
long long f(int i) {
    tla_layout L;
    tla_error e;
    tla_parse_layout("(4,8):(1,4)", &L, &e);
    return crd2offset(MakeCoord(i, 1), shape(L), stride(L));
}
