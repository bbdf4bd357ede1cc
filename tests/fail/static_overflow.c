/* expect: static overflow */
#include "tla.h"
int f(void) {
    tla_auto s = tla_make_tuple(TLA_C(65536), TLA_C(65536), TLA_C(65536), TLA_C(65536));
    return (int)tla_size(s);
}
