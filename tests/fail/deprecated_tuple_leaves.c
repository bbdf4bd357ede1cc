/* expect: tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves */
/* 0.1's tla_tuple(...) built from values (tla/static/tuple_values.h) counts its elements'
 * leaves: 5 + 4 is one past the static core's 8. */
#include "tla.h"
int f(void) {
    tla_auto t = tla_tuple(tla_tuple(1, 2, 3, 4, 5), tla_tuple(1, 2, 3, 4));
    return (int)tla_size(t);
}
