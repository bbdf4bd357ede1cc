/* tla/copy.h - moved to tla/tensor/copy.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/tensor/copy.h"
