/* expect: half */
/* CATLASS writes half; tla.h's 2-byte type is tla_half.  The element type is named once (a
 * typedef), so the compiler's "unknown type name 'half'" is the only error. */
#include "tla.h"
int f(int n);
int f(int n) {
    tla_auto L = tla_zN(half, n, n);
    return (int)tla_size(L);
}
