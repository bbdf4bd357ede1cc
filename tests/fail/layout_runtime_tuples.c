/* expect: tla_make_layout takes static or mixed tuples (run-time */
#include "tla.h"
long long f(tla_tuple s, tla_tuple d) {
    tla_auto L = tla_make_layout(s, d);
    return tla_size(L);
}
