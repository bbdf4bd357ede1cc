/* tla/ixexpr.h - moved to tla/ixmap/expr.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/ixmap/expr.h"
