/* expect: rows and cols of a constant format must be integer constant expressions */
#include "tla.h"
int n = 100;
TLA_CONST_ZN(kA, tla_half, n, 48); /* n is a variable */
