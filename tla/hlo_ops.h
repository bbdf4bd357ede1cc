/* tla/hlo_ops.h - moved to tla/hlo/ops.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/hlo/ops.h"
