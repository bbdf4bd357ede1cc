/* expect: get takes literal indices 0..7 */
#include "tla.h"
int f(int k) {
    tla_auto t = tla_make_tuple(TLA_C(2), TLA_C(3));
    tla_auto g = tla_get(t, k);
    return (int)sizeof g;
}
