/* expect: undeclared */
/* lines: 30 (tla_value names its argument twice, its type and its value, and clang reports both, each with the two notes of the level pick (static/core_gen.h, TLA__LV1); the run-time value still has a type, so the cast does not report; clang 65 lines before) */
#include "tla.h"
int f(void) { return (int)tla_value(kUndeclaredValue); }
