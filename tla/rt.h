/* tla/rt.h - moved to tla/rt/all.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/rt/all.h"
