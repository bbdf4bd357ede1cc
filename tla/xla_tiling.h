/* tla/xla_tiling.h - now tla/xla/tiling.h; it included tla/xla.h, so this forwarding header takes tla/xla/. */
#include "tla/xla/all.h"
