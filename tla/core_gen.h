/* tla/core_gen.h - moved to tla/static/core_gen.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/static/core_gen.h"
