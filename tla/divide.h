/* tla/divide.h - moved to tla/algebra/divide.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/algebra/divide.h"
