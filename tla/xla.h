/* tla/xla.h - split into tla/xla/ (shape.h, tiling.h, from_layout.h); forwarding header, kept for 0.2 only. */
#include "tla/xla/all.h"
