/* expect: cosize takes a layout */
/* a run-time tla_tuple too (it answered 1); a run-time tla_layout is fine */
#include "tla.h"
long long f(const char *text) {
    tla_tuple t;
    tla_error e;
    if (tla_tuple_parse(&t, text, &e) != 0) return -1;
    return tla_cosize(t);
}
