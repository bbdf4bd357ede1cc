/* expect: an IntTuple element must be an integer or an IntTuple */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(2, 1.5);
    return (int)tla_rank(t);
}
