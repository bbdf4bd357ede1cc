/* expect: a static integer must fit in int */
#include "tla.h"
int f(void) { tla_auto t = tla_tuple(TLA_C(5000000000LL), 2); return (int)tla_rank(t); }
