/* tla/hlo_index.h - moved to tla/hlo/index.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/hlo/index.h"
