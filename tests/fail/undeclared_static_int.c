/* expect: undeclared */
/* lines: 30 (clang reports an undeclared name at each mention: TLA_C names N twice (its value and the range check, it was three times), and the constructor's level is picked from an argument list, so each report carries two notes, not six; clang 63 lines before) */
#include "tla.h"
int f(void) {
    tla_auto t = tla_make_tuple(TLA_C(kUndeclaredValue), 1);
    return (int)tla_size(t);
}
