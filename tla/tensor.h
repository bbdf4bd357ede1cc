/* tla/tensor.h - moved to tla/tensor/tensor.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/tensor/tensor.h"
