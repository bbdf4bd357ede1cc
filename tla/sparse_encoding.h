/* tla/sparse_encoding.h - moved to tla/sparse/encoding.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/sparse/encoding.h"
