/* expect: undeclared */
/* lines: 30 (a layout argument that does not compile: gcc drops the binding, and its uses read the file-scope fallback of static/node.h, so the layout check reports once; clang's recovery must not overflow in crd2offset's facts) */
#include "tla.h"
int f(unsigned i, unsigned j) {
    tla_auto c = tla_make_tuple(i, j);
    return (int)tla_crd2offset(c, kUndeclaredLayout);
}
