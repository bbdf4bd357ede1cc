/* tla/static_tensor.h - moved to tla/tensor/static.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/tensor/static.h"
