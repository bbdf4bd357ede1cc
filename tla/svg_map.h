/* tla/svg_map.h - moved to tla/svg/map.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/svg/map.h"
