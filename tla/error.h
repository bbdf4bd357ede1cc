/* tla/error.h - moved to tla/rt/error.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/rt/error.h"
