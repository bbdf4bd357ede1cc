/* tla/sparse_ixmap.h - moved to tla/sparse/ixmap.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/sparse/ixmap.h"
