/* expect: undeclared */
/* lines: 30 (crd2offset(c, shape(kTypo), stride(kTypo)): shape() and stride() are the layout's parts, not statement expressions, so a name that did not compile leaves no void value behind; clang reports each of the six mentions (crd2offset names its shape and stride three times: in the sum's type, its facts and its run-time sum) and nothing else: 19 lines (123 before)) */
#include "tla/compat.h"
int f(unsigned i, unsigned j) {
    return (int)crd2offset(MakeCoord(i, j), shape(kUndeclaredLayout), stride(kUndeclaredLayout));
}
