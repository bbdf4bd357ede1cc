/* tla/rt_tuple.h - moved to tla/rt/tuple.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/rt/tuple.h"
