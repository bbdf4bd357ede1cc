/* tla/ixmap/all.h - every header of tla/ixmap/ in one include (the folder's umbrella):
 * XLA's indexing maps: expressions (expr.h), MLIR's rules and XLA's printer
 * (mlir.h), maps (map.h), their text form (parse.h), XLA's utilities and simplifier (util.h,
 * simplify.h), a layout as a map (layout.h).  tla.h includes them with TLA_WITH_MAPS.
 */
#ifndef TLA_IXMAP_ALL_H
#define TLA_IXMAP_ALL_H

#include "tla/ixmap/expr.h"
#include "tla/ixmap/mlir.h"
#include "tla/ixmap/map.h"
#include "tla/ixmap/parse.h"
#include "tla/ixmap/util.h"
#include "tla/ixmap/simplify.h"
#include "tla/ixmap/layout.h"

#endif
