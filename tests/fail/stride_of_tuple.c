/* expect: tla: stride takes a layout */
/* (a tuple has no stride; tla_shape of a tuple is the tuple, as in CuTe.  It was "no member
 * named tla_d" and, on clang, 276 lines) */
#include "tla.h"
long long f(int n) {
    tla_auto s = tla_make_tuple(TLA_C(4), n);
    return tla_size(tla_stride(s));
}
