/* expect: get index is past the end of the tuple */
/* lines: 45 (tla_value names its argument twice: its type for the constant, and the run-time value) */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(TLA_C(2), TLA_C(3));
    return (int)tla_value(tla_get(t, 2));
}
