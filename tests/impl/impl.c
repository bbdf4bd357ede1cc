/* tests/impl/impl.c - the one file of tests/impl.sh's program that compiles the run-time
 * functions (TLA_IMPLEMENTATION, with every family: the other files use maps and encodings).
 * The build passes -DTLA_DECLARATIONS_ONLY to every file, this one included: it wins. */
#define TLA_IMPLEMENTATION
#define TLA_WITH_ALL
#include "tla.h"
