/* expect: holds at most TLA_STATIC_LEAVES (8) leaves */
#include "tla.h"
int f(void) { tla_auto t = tla_tuple(tla_tuple(1, 2, 3, 4, 5), tla_tuple(6, 7, 8, 9)); return (int)tla_rank(t); }
