/* expect: use_tla_layout_crd2offset */
/* lines: 30 (one error: a run-time tla_tuple coordinate reads an info whose form is an incomplete
   struct named for the fix, rt/types.h tla__rtinfo) */
#include "tla.h"
long long f(void) {
    tla_tuple c;
    tla_error e;
    tla_tuple_parse(&c, "(1,2)", &e);
    tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(1), TLA_C(4)));
    return tla_crd2offset(c, L);
}
