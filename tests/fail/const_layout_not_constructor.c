/* expect: TLA__FS_ */
/* (the shape is pasted onto TLA__FS_ to find its constructor: one not written as tla_make_tuple or
 * MakeShape is a preprocessor error naming TLA__FS_, then the congruence message) */
#include "tla.h"
TLA_CONST_LAYOUT(kL, (8, 4), tla_make_tuple(TLA_C(4), TLA_C(1))); /* a parenthesised list, not a constructor */
