/* tla/formats_ext.h - moved to tla/static/formats_ext.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/static/formats_ext.h"
