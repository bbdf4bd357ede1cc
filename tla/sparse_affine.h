/* tla/sparse_affine.h - moved to tla/sparse/affine.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/sparse/affine.h"
