/* expect: undeclared */
/* lines: 30 (tla_shape / tla_stride of a name that did not compile: the binding falls back to a layout of nils, static/node.h, so nothing after it reports; it was 34 lines on gcc; compat's shape() and stride(): compat_crd3_shape_of_undeclared.c) */
#include "tla.h"
long long f(void) {
    tla_auto s = tla_shape(kUndeclaredLayout);
    tla_auto d = tla_stride(kUndeclaredLayout);
    return tla_size(s) + tla_rank(d);
}
