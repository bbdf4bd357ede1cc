/* expect: make_static_tensor takes a static or mixed layout (for a run-time tla_layout: tla_tensor_make) */
#include "tla.h"
int f(float *p, tla_layout L) {
    tla_auto A = tla_make_static_tensor(p, L);
    return (int)sizeof A;
}
