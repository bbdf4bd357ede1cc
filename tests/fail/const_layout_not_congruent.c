/* expect: shape and stride are not congruent */
#include "tla.h"
TLA_CONST_LAYOUT(kL, tla_make_tuple(TLA_C(8), TLA_C(4)), tla_make_tuple(TLA_C(1), tla_make_tuple(TLA_C(8), TLA_C(2))));
