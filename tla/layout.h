/* tla/layout.h - moved to tla/static/layout.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/static/layout.h"
