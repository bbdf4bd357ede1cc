/* tla/print.h - moved to tla/rt/print.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/rt/print.h"
