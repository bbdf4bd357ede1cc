/* expect: a constant layout (TLA_CONST_LAYOUT) takes static integers only */
#include "tla.h"
int n = 4;
TLA_CONST_LAYOUT(kL, tla_make_tuple(TLA_C(8), n), tla_make_tuple(TLA_C(1), TLA_C(8))); /* n is not static */
