/* tla/ixmlir.h - moved to tla/ixmap/mlir.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/ixmap/mlir.h"
