/* tla/hlo_rules.h - moved to tla/hlo/rules.h; a forwarding header, kept for one release (goes in 0.3). */
#include "tla/hlo/rules.h"
