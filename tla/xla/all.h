/* tla/xla/all.h - every header of tla/xla/ in one include (the folder's umbrella):
 * XLA shapes and layouts: the shape type, parser and printer (shape.h), the
 * tiled linear index and XLA -> TLA layouts (tiling.h), TLA -> XLA layouts (from_layout.h).
 * tla/xla.h, 0.1's include for all three, forwards here.
 */
#ifndef TLA_XLA_ALL_H
#define TLA_XLA_ALL_H

#include "tla/xla/shape.h"
#include "tla/xla/tiling.h"
#include "tla/xla/from_layout.h"

#endif
