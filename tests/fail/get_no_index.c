/* expect: get needs an index */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(TLA_C(2), tla_make_tuple(TLA_C(3), TLA_C(4)));
    return (int)tla_size(tla_get(tla_get(t, 1)));
}
