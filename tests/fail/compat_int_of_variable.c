/* expect: tla: Int(N) / TLA_C(N) needs an integer constant expression */
/* CuTe's Int<M> with a const variable M: the one message says what Int needs. */
#include "tla/compat.h"
int f(void);
int f(void) {
    const unsigned M = 16;
    tla_auto s = MakeShape(Int(M), 4);
    return (int)size(s);
}
