/* tla/convert.h - moved to tla/static/convert.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/static/convert.h"
