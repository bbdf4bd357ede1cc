/* expect: tuple elements are integers or tuples written in place */
/* 0.1's tla_tuple(...) is a function-like macro (tla_tuple is also the run-time type), so an inner
 * tla_tuple is expanded before the outer one runs and arrives as a value (tla/deprecated.h): write
 * tla_make_tuple, which nests. */
#include "tla.h"
int f(void) {
    tla_auto t = tla_tuple(TLA_C(4), tla_tuple(1, 2));
    return (int)tla_size(t);
}
