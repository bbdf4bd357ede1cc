/* expect: get index is past the end of the tuple */
/* lines: 30 (tla_value(tla_get(...)) reads the leaf from the tuple's type: the get is written once, so it reports once) */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(TLA_C(2), TLA_C(3));
    return (int)tla_value(tla_get(t, 2));
}
