/* expect: tla_get takes a static or mixed value */
#include "tla.h"
int f(tla_tuple t) { return (int)tla_value(tla_get(t, 0)); }
