/* tla/parse.h - moved to tla/rt/parse.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/rt/parse.h"
