/* expect: tla: a static or mixed IntTuple nests at most TLA_STATIC_DEPTH (4) levels */
/* 0.1's tla_tuple(...) built from values (tla/static/tuple_values.h) checks the depth it makes:
 * five levels is one past the static core's 4. */
#include "tla.h"
int f(void) {
    tla_auto t = tla_tuple(tla_tuple(tla_tuple(tla_tuple(tla_tuple(1)))));
    return (int)tla_size(t);
}
