/* expect: crd2offset_const needs a static coordinate and an all-static layout */
#include "tla.h"
int f(int r) {
    tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(8), TLA_C(1)));
    return (int)tla_crd2offset_const(tla_make_tuple(r, TLA_C(1)), L);
}
