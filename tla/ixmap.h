/* tla/ixmap.h - moved to tla/ixmap/map.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/ixmap/map.h"
