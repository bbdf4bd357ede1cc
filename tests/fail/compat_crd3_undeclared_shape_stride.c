/* expect: undeclared */
/* lines: 30 (crd2offset(c, s, d) names s and d three times, in the sum's type, in its facts and in the run-time sum, and clang reports each mention (six errors, no notes: crd2offset is a call of its own; 19 lines); the sum's statement expression still has a value, so the user's cast does not report (clang 35 lines before), and gcc's failed bindings read nils (static/node.h: 21 lines before, "_tS undeclared")) */
#include "tla/compat.h"
int f(unsigned i, unsigned j) {
    tla_auto L = MakeLayout(MakeShape(_4, _8), MakeStride(_8, _1));
    (void)L;
    return (int)crd2offset(MakeCoord(i, j), kUndeclaredShape, kUndeclaredStride);
}
