/* expect: tla: tuple elements are integers or static or mixed tuples */
/* 0.1's tla_tuple(...) builds from values (tla/deprecated.h): an element that is neither an
 * integer nor a static or mixed tuple (here a double) is refused, naming the rule. */
#include "tla.h"
int f(void) {
    tla_auto t = tla_tuple(TLA_C(4), tla_tuple(1.5, 2));
    return (int)tla_size(t);
}
