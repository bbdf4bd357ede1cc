/* tla/rt_types.h - moved to tla/rt/types.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/rt/types.h"
