/* tla/tuple.h - moved to tla/static/tuple.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/static/tuple.h"
