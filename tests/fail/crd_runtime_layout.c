/* expect: for a run-time tla_layout call tla_layout_crd2offset */
#include "tla.h"
long long f(int i) {
    tla_layout L;
    tla_error e;
    tla_layout_parse(&L, "(4,8):(1,4)", &e);
    return tla_crd2offset(tla_make_tuple(i, 1), L);
}
