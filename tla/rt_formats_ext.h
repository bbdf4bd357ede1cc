/* tla/rt_formats_ext.h - moved to tla/rt/formats_ext.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/rt/formats_ext.h"
