/* expect: for a run-time tla_layout call tla_layout_crd2offset */
#include "tla/compat.h"
long long f(int i) {
    tla_layout L;
    tla_error e;
    tla_parse_layout("(4,8):(1,4)", &L, &e);
    return crd2offset(MakeCoord(i, 1), L);
}
