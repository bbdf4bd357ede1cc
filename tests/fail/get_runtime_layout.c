/* expect: tla_get takes a static or mixed value */
#include "tla.h"
long long f(tla_layout L) { return tla_size(tla_get(L, 1)); }
