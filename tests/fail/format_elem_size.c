/* expect: the Ascend formats take element types of 1, 2 or 4 bytes */
#include "tla.h"
int f(void) {
    tla_auto L = tla_zN(double, 32, 48);
    return (int)tla_size(L);
}
