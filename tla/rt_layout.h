/* tla/rt_layout.h - moved to tla/rt/layout.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/rt/layout.h"
