/* tla/hlo/all.h - every header of tla/hlo/ in one include (the folder's umbrella):
 * the HLO text reader (hlo.h) and the indexing maps of HLO instructions and
 * fusions: per-op rules (ops.h, rules.h), fusions and printing (index.h).  Includes tla/ixmap/;
 * tla.h includes them with TLA_WITH_MAPS.
 */
#ifndef TLA_HLO_ALL_H
#define TLA_HLO_ALL_H

#include "tla/hlo/hlo.h"
#include "tla/hlo/ops.h"
#include "tla/hlo/rules.h"
#include "tla/hlo/index.h"

#endif
