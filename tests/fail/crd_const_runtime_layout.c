/* expect: crd2offset_const needs a static coordinate and an all-static layout */
#include "tla.h"
long long f(void) {
    tla_layout L;
    tla_error e;
    tla_layout_parse(&L, "(4,8):(1,4)", &e);
    return tla_crd2offset_const(tla_make_tuple(TLA_C(1), TLA_C(2)), L);
}
