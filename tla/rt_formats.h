/* tla/rt_formats.h - moved to tla/rt/formats.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/rt/formats.h"
