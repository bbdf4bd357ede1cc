/* tla/hlo.h - moved to tla/hlo/hlo.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/hlo/hlo.h"
