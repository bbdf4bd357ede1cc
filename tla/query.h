/* tla/query.h - moved to tla/static/query.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/static/query.h"
