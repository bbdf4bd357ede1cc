/* expect: nests at most TLA_STATIC_DEPTH (4) levels */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(tla_make_tuple(tla_make_tuple(tla_make_tuple(tla_make_tuple(1)))));
    return (int)tla_rank(t);
}
