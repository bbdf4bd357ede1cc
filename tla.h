/* tla.h - layouts for C: the CuTe / CATLASS TLA layout algebra, header-only, C11.
 *
 * A layout maps logical coordinates to memory offsets, e.g. the Ascend zN format of a
 * 32x48 half matrix is ((_16,2),(_16,3)):((_16,_256),(_1,512)).  Include this file and
 * nothing else (defining TLA_WITH_MAPS, TLA_WITH_SPARSE or TLA_WITH_ALL first for the opt-in
 * families below).  See README.md for a tour; each header below documents its part.
 *
 *   tla/base.h       configuration (TLA_FUNC, TLA_GM), tla_auto, compile-time helpers
 *   tla/rt_types.h   the run-time value types tla_tuple / tla_layout / tla_error
 *   tla/error.h      how run-time operations fail; checked int64 arithmetic
 *   tla/rt_tuple.h   run-time tuples, idx2crd
 *   tla/rt_layout.h  run-time layouts, crd2offset
 *   tla/rt_formats.h run-time Ascend formats and tiles
 *   tla/rt_formats_ext.h run-time 4-bit formats, Weight4BitnZ, MX scales, conv fmap / filter
 *   (tla/rt.h        all four in one include, for older code)
 *   tla/parse.h      text to tuples and layouts, with error positions
 *   tla/print.h      tuples and layouts to text, and the print_layout grid
 *   tla/node.h       how static and dynamic integers live in types
 *   tla/tuple.h      static / mixed IntTuples
 *   tla/layout.h     static / mixed layouts, size, cosize, crd2offset
 *   tla/formats.h    static / mixed Ascend formats, MakeLayoutTile, GetTile
 *   tla/formats_ext.h static / mixed Weight4BitnZ, MX scales, conv fmap / filter
 *   tla/convert.h    static and mixed values to the run-time types
 *   tla/query.h      print and query every kind of value (tla_print, tla_size, ...)
 *   tla/algebra.h    the layout algebra: coalesce, composition, complement, inverses, slices
 *   tla/divide.h     divides and products (tiling one layout by another)
 *   tla/tensor.h     tensors (pointer + layout, whole-byte or 4-bit elements), TLA_FOR_EACH, tiles
 *   tla/copy.h       tla_copy: layout-generic copies, planned once from the two layouts
 *                    (tla/copy_plan.h: the planner; tla/copy_exec.h: the block loops)
 *   tla/tensor2.h    compact rank-2 tensors (120 bytes): every format, tiles in nanoseconds
 *   tla/catlass.h    CATLASS's layout tags, MakeTensor at a coordinate, MakeTensorLike, slices, batch modes
 *   tla/static_tensor.h static and mixed tensors: typed pointer + static layout, element access, tiles
 *   tla/svg.h        pictures: tla_print_svg, tla_print_latex, thread-value layouts, copies
 *   tla/xla.h        XLA shape strings and layouts, to and from TLA layouts
 *   tla/deprecated.h the 0.1 names (tla_tuple(...), tla_get_tile, ...) for one more release
 *   tla/compat.h     opt-in TLA names (MakeLayout, _4, ...)
 * With TLA_WITH_MAPS (or TLA_WITH_ALL) defined before including tla.h:
 *   tla/ixexpr.h     XLA indexing maps: affine expressions (floordiv, ceildiv, mod), canonical form
 *   tla/ixmlir.h     MLIR's expression rules and XLA's printer of expressions
 *   tla/ixmap.h      indexing maps: domains, constraints, evaluate, compose, unused variables, print
 *   tla/ixparse.h    reading maps (XLA's text form and the older one)
 *   tla/ixutil.h     range variables to dimensions, mod constraints, rescaled symbols
 *   tla/ixsimplify.h XLA's range-aware simplifier of indexing maps
 *   tla/ixlayout.h   a layout as an indexing map (coordinate-to-offset and back)
 *   tla/hlo.h        the HLO text reader; tla/hlo_ops.h, tla/hlo_rules.h, tla/hlo_index.h:
 *                    the indexing maps of HLO instructions and fusions (XLA's indexing analysis)
 *   tla/svg_map.h    a picture of an indexing map over its domain
 * With TLA_WITH_SPARSE (or TLA_WITH_ALL):
 *   tla/sparse_encoding.h MLIR sparse tensor encodings: parse, verify, print (types and
 *                    affine expressions in tla/sparse_affine.h)
 *   tla/sparse_storage.h  sparse storage from dense and back, iteration, BSR <-> blocked layouts
 *   tla/svg_sparse.h a picture of sparse storage: the matrix, its blocks, its buffers
 *   tla/sparse_ixmap.h (with both) an encoding's dimension-to-level map as an XLA indexing map
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto L = tla_zN(tla_half, TLA_C(32), TLA_C(48));   // ((_16,_2),(_16,_3)):((_16,_256),(_1,_512))
 *   _Static_assert(tla_crd2offset_const(tla_make_tuple(TLA_C(17), TLA_C(33)), L) == 16 + 256 + 1 + 1024, "(17,33)");
 *   tla_print(L);
 *   printf("\n");
 */
#ifndef TLA_H
#define TLA_H

#include "tla/base.h"
#include "tla/rt_types.h"
#include "tla/error.h"
#include "tla/rt_tuple.h"
#include "tla/rt_layout.h"
#include "tla/rt_formats.h"
#include "tla/rt_formats_ext.h"
#include "tla/parse.h"
#include "tla/print.h"
#include "tla/node.h"
#include "tla/tuple.h"
#include "tla/layout.h"
#include "tla/formats.h"
#include "tla/formats_ext.h"
#include "tla/convert.h"
#include "tla/query.h"
#include "tla/algebra.h"
#include "tla/divide.h"
#include "tla/tensor.h"
#include "tla/copy.h"
#include "tla/tensor2.h"
#include "tla/catlass.h"
#include "tla/static_tensor.h"
#include "tla/svg.h"
#include "tla/xla.h"
#include "tla/deprecated.h"

#endif /* TLA_H */

/* Opt-in families: host-side analysis tools that kernel sources do not need and that would
 * double the cost of including tla.h (README, "Compile cost").  Define the macro before
 * including tla.h: TLA_WITH_MAPS (indexing maps and HLO), TLA_WITH_SPARSE (sparse encodings),
 * or TLA_WITH_ALL for both.  (Outside the include guard: a later include with the macro adds
 * them.) */
#ifdef TLA_WITH_ALL
#ifndef TLA_WITH_MAPS
#define TLA_WITH_MAPS
#endif
#ifndef TLA_WITH_SPARSE
#define TLA_WITH_SPARSE
#endif
#endif
#ifdef TLA_WITH_MAPS
#include "tla/ixexpr.h"
#include "tla/ixmlir.h"
#include "tla/ixmap.h"
#include "tla/ixparse.h"
#include "tla/ixutil.h"
#include "tla/ixsimplify.h"
#include "tla/ixlayout.h"
#include "tla/hlo.h"
#include "tla/hlo_ops.h"
#include "tla/hlo_rules.h"
#include "tla/hlo_index.h"
#include "tla/svg_map.h"
#endif
#ifdef TLA_WITH_SPARSE
#include "tla/sparse_encoding.h"
#include "tla/sparse_storage.h"
#include "tla/svg_sparse.h"
#endif
#if defined(TLA_WITH_MAPS) && defined(TLA_WITH_SPARSE)
#include "tla/sparse_ixmap.h"
#endif
