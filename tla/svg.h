/* tla/svg.h - moved to tla/svg/svg.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/svg/svg.h"
