/* tla/tensor2.h - moved to tla/tensor/tensor2.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/tensor/tensor2.h"
