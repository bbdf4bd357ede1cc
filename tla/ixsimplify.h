/* tla/ixsimplify.h - moved to tla/ixmap/simplify.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/ixmap/simplify.h"
