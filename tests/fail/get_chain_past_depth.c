/* expect: get of an integer */
#include "tla.h"
long long f(int n) {
    tla_auto d =
        tla_make_tuple(TLA_C(1), tla_make_tuple(TLA_C(2), tla_make_tuple(TLA_C(3), tla_make_tuple(n, TLA_C(6)))));
    return tla_size(tla_get(tla_get(d, 1, 1, 1, 0), 0)); /* five indices joined: the fifth is past a leaf */
}
