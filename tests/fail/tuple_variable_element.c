/* expect: tuple elements are integers or tuples written in place */
#include "tla.h"
int f(void) {
    tla_auto s = tla_make_tuple(TLA_C(16), TLA_C(4));
    tla_auto t = tla_make_tuple(s, TLA_C(4)); /* a tuple variable as an element: write it in place */
    return (int)tla_rank(t);
}
