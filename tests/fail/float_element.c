/* expect: tuple elements are integers or tuples written in place */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(2, 1.5);
    return (int)tla_rank(t);
}
