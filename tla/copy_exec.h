/* tla/copy_exec.h - moved to tla/tensor/copy_exec.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/tensor/copy_exec.h"
