/* tla/ixlayout.h - moved to tla/ixmap/layout.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/ixmap/layout.h"
