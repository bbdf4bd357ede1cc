/* tla/svg_sparse.h - moved to tla/svg/sparse.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/svg/sparse.h"
