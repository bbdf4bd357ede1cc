/* tla/sparse_storage.h - moved to tla/sparse/storage.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/sparse/storage.h"
