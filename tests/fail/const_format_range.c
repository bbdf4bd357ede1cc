/* expect: rows and cols of a constant format must be positive, and its strides at most TLA_STATIC_MAX */
#include "tla.h"
TLA_CONST_ZN(kA, tla_half, 100000000, 48); /* the column stride would be 1.6e9 */
