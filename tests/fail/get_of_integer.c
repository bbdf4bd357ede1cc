/* expect: get of an integer: it has no elements */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(TLA_C(2), TLA_C(3));
    tla_auto g = tla_get(t, 0, 0);
    return (int)sizeof g;
}
