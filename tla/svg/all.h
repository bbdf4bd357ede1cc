/* tla/svg/all.h - every header of tla/svg/ in one include (the folder's umbrella):
 * pictures: layouts, thread-value layouts and copies (svg.h), an indexing map
 * over its domain (map.h, which includes tla/ixmap/), sparse storage (sparse.h, which includes
 * tla/sparse/).  tla.h includes svg.h, and map.h / sparse.h with their families.
 */
#ifndef TLA_SVG_ALL_H
#define TLA_SVG_ALL_H

#include "tla/svg/svg.h"
#include "tla/svg/map.h"
#include "tla/svg/sparse.h"

#endif
