/* expect: tla_tensor_elem takes a static tensor */
/* (a layout where a tensor belongs: it said "has no member named 'tla_p'") */
#include "tla.h"
unsigned short *f(unsigned i, unsigned j) {
    tla_auto L = tla_zN(tla_half, TLA_C(32), TLA_C(48));
    return tla_tensor_elem(L, i, j);
}
