/* tla/node.h - moved to tla/static/node.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/static/node.h"
