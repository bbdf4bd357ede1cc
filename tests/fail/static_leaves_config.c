/* expect: TLA_STATIC_LEAVES is fixed at 8 */
#define TLA_STATIC_LEAVES 16
#include "tla.h"
int f(void) { return 0; }
