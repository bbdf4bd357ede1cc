/* tla/static/all.h - every header of tla/static/ in one include (the folder's umbrella):
 * static and mixed integers, tuples (node.h, tuple.h and the generated core_gen.h),
 * layouts and crd2offset (layout.h), Ascend formats and tiles (formats.h, formats_ext.h),
 * conversion to the run-time types (convert.h) and queries on every kind of value (query.h).
 */
#ifndef TLA_STATIC_ALL_H
#define TLA_STATIC_ALL_H

#include "tla/static/node.h"
#include "tla/static/tuple.h"
#include "tla/static/tuple_values.h"
#include "tla/static/layout.h"
#include "tla/static/formats.h"
#include "tla/static/formats_ext.h"
#include "tla/static/convert.h"
#include "tla/static/query.h"

#endif
