/* tla/rt.h - all of the run-time half in one include: errors (error.h), tuples
 * (rt_tuple.h), layouts and crd2offset (rt_layout.h), Ascend formats and tiles
 * (rt_formats.h).  Kept so that code including "tla/rt.h" goes on working; tla.h includes
 * the parts directly.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout L;  tla_error e;  int64_t n = 0;
 *   if (tla_layout_format(&L, TLA_NZ, 2, 32, 48, &e) != 0 || tla_layout_size(&L, &n, &e) != 0 || n != 32 * 48) return 1;
 */
#ifndef TLA_RT_H
#define TLA_RT_H

#include "error.h"
#include "rt_tuple.h"
#include "rt_layout.h"
#include "rt_formats.h"

#endif
