/* tla/formats.h - moved to tla/static/formats.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/static/formats.h"
