/* expect: undeclared */
/* lines: 30 (tla_value names its argument three times, in the condition, the constant and the run-time value, each in a statement expression of its own so that a macro may name tla_value twice (tests/test_twice.c), and clang reports each, with the two notes of the level pick (static/core_gen.h, TLA__LV1): 24 lines (17 when it was named twice); the run-time value still has a type, so the cast does not report; clang 65 lines before) */
#include "tla.h"
int f(void) { return (int)tla_value(kUndeclaredValue); }
