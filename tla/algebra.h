/* tla/algebra.h - moved to tla/algebra/algebra.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/algebra/algebra.h"
