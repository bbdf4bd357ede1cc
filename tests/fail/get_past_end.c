/* expect: get index is past the end of the tuple */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(TLA_C(2), TLA_C(3));
    tla_auto g = tla_get(t, 2);
    return (int)sizeof g;
}
