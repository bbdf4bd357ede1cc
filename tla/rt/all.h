/* tla/rt/all.h - the run-time half in one include (every header of tla/rt/): value types
 * (types.h), errors (error.h), tuples (tuple.h), layouts and crd2offset (layout.h), Ascend
 * formats and tiles (formats.h, formats_ext.h), text in and out (parse.h, print.h).  tla.h
 * includes the parts directly; tla/rt.h, 0.1's include for the first five, forwards here.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout L;  tla_error e;  int64_t n = 0;
 *   if (tla_layout_format(&L, TLA_NZ, 2, 32, 48, &e) != 0 || tla_layout_size(&n, &L, &e) != 0 || n != 32 * 48) return 1;
 */
#ifndef TLA_RT_H
#define TLA_RT_H

#include "tla/rt/types.h"
#include "tla/rt/error.h"
#include "tla/rt/tuple.h"
#include "tla/rt/layout.h"
#include "tla/rt/formats.h"
#include "tla/rt/formats_ext.h"
#include "tla/rt/parse.h"
#include "tla/rt/print.h"

#endif
