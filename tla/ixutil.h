/* tla/ixutil.h - moved to tla/ixmap/util.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/ixmap/util.h"
