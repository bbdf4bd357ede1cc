/* tla/ixparse.h - moved to tla/ixmap/parse.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/ixmap/parse.h"
