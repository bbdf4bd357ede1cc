/* tla.h - layouts for C: the CuTe / CATLASS TLA layout algebra, header-only, C11.
 *
 * A layout maps logical coordinates to memory offsets, e.g. the Ascend zN format of a
 * 32x48 half matrix is ((_16,2),(_16,3)):((_16,_256),(_1,512)).  Include this file and
 * nothing else (defining TLA_WITH_MAPS, TLA_WITH_SPARSE or TLA_WITH_ALL first for the opt-in
 * families below).  See README.md for a tour and docs/ for the guides; each header below documents its part.
 *
 * Includes are written from the repository (or install) root: compile with -I pointing there
 * (-I. here, `pkg-config --cflags tla` once installed).  Each folder has an umbrella, all.h,
 * that includes the whole folder; tla.h includes the parts, in this order:
 *
 *   tla/base.h               configuration (TLA_FUNC, TLA_GM), tla_auto, compile-time helpers
 *   tla/rt/                  the run-time values
 *     types.h                the run-time value types tla_tuple / tla_layout / tla_error
 *     error.h                how run-time operations fail; checked int64 arithmetic
 *     tuple.h                run-time tuples, idx2crd
 *     layout.h               run-time layouts, crd2offset
 *     formats.h              run-time Ascend formats and tiles
 *     formats_ext.h          run-time 4-bit formats, Weight4BitnZ, MX scales, conv fmap / filter
 *     parse.h                text to tuples and layouts, with error positions
 *     print.h                tuples and layouts to text, and the print_layout grid
 *   tla/static/              the static and mixed values
 *     node.h                 how static and dynamic integers live in types
 *     tuple.h                static / mixed IntTuples (core_gen.h: the generated part)
 *     layout.h               static / mixed layouts, size, cosize, crd2offset
 *     formats.h              static / mixed Ascend formats, MakeLayoutTile, GetTile
 *     formats_ext.h          static / mixed Weight4BitnZ, MX scales, conv fmap / filter
 *     convert.h              static and mixed values to the run-time types
 *     query.h                print and query every kind of value (tla_print, tla_size, ...)
 *   tla/algebra/
 *     algebra.h              the layout algebra: coalesce, composition, complement, inverses, slices
 *     divide.h               divides and products (tiling one layout by another)
 *   tla/tensor/
 *     tensor.h               tensors (pointer + layout, whole-byte or 4-bit elements), TLA_FOR_EACH, tiles
 *     copy.h                 tla_copy: layout-generic copies, a program planned once from the two layouts,
 *                            threads through a caller's parallel-for (copy_plan.h: the planner;
 *                            copy_kernels.h: SIMD transposes chosen at run time; copy_exec.h: the block loops)
 *     tensor2.h              compact rank-2 tensors (120 bytes): every format, tiles in nanoseconds
 *   tla/catlass.h            CATLASS's layout tags, MakeTensor at a coordinate, MakeTensorLike, slices, batch modes
 *   tla/tensor/static.h      static and mixed tensors: typed pointer + static layout, element access, tiles
 *   tla/svg/svg.h            pictures: tla_svg_layout, tla_latex_layout, thread-value layouts, copies
 *   tla/xla/                 XLA shape strings and layouts, to and from TLA layouts
 *     shape.h                the shape type, parse, print
 *     tiling.h               XLA's tiled linear index evaluated directly, XLA -> TLA layouts
 *     from_layout.h          TLA -> XLA layouts
 *   tla/deprecated.h         the 0.1 names and argument orders for one more release (not with TLA_NO_DEPRECATED)
 *   tla/compat.h             opt-in TLA names (MakeLayout, _4, ...)
 * With TLA_WITH_MAPS (or TLA_WITH_ALL) defined before including tla.h:
 *   tla/ixmap/               XLA indexing maps
 *     expr.h                 affine expressions (floordiv, ceildiv, mod), canonical form
 *     mlir.h                 MLIR's expression rules and XLA's printer of expressions
 *     map.h                  indexing maps: domains, constraints, evaluate, compose, unused variables, print
 *     parse.h                reading maps (XLA's text form and the older one)
 *     util.h                 range variables to dimensions, mod constraints, rescaled symbols
 *     simplify.h             XLA's range-aware simplifier of indexing maps
 *     layout.h               a layout as an indexing map (coordinate-to-offset and back)
 *   tla/hlo/                 hlo.h: the HLO text reader; ops.h, rules.h, index.h: the indexing
 *                            maps of HLO instructions and fusions (XLA's indexing analysis)
 *   tla/svg/map.h            a picture of an indexing map over its domain
 * With TLA_WITH_SPARSE (or TLA_WITH_ALL):
 *   tla/sparse/              MLIR sparse tensor encodings
 *     affine.h               the types; the maps' expressions are tla/ixmap/expr.h's nodes, built and
 *                            printed by tla/ixmap/mlir.h (TLA_WITH_SPARSE includes those two)
 *     encoding.h             parse, verify, print
 *     storage.h              sparse storage from dense and back, iteration, BSR <-> blocked layouts
 *   tla/svg/sparse.h         a picture of sparse storage: the matrix, its blocks, its buffers
 *   tla/sparse/ixmap.h       (with both) an encoding's dimension-to-level map as an XLA indexing map
 * The 0.1 paths (tla/rt_layout.h, tla/ixmap.h, ...) are forwarding headers, kept for one release.
 *
 * Build modes.  By default tla.h is header-only: every function is static inline, compiled in
 * each file that calls it.  A program of several files may compile the run-time functions
 * once instead (stb's convention, opted into on both sides, so the default stays as it was):
 *   - in exactly one .c file, `#define TLA_IMPLEMENTATION` before `#include "tla.h"` (with the
 *     same TLA_WITH_* as the other files): the run-time functions (the ones written TLA_API:
 *     parsing, printing, the algebra, tla_copy, XLA shapes, indexing maps, ...) are defined
 *     there, with external linkage;
 *   - in every other file, TLA_DECLARATIONS_ONLY (-DTLA_DECLARATIONS_ONLY for the whole build
 *     is fine: TLA_IMPLEMENTATION wins where both are defined): those functions are declared
 *     only, and a file that calls tla_copy compiles in a fraction of the time.
 * What macros expand to calls of (the static core's helpers), the TLA__ALWAYS_INLINE helpers,
 * the per-element accessors and what they call stay static inline in every mode, so a static
 * layout still compiles to the arithmetic written out (tools/impl_mode.py chooses, and says
 * why with --list).  TLA_API adds qualifiers to the run-time functions (tla/base.h).
 * tla.h is C11 (C17 and C2x too, with or without GNU extensions): compiled as C99 or C++ it
 * stops at one #error.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto L = tla_zN(tla_half, TLA_C(32), TLA_C(48));   // ((_16,_2),(_16,_3)):((_16,_256),(_1,_512))
 *   _Static_assert(tla_crd2offset_const(tla_make_tuple(TLA_C(17), TLA_C(33)), L) == 16 + 256 + 1 + 1024, "(17,33)");
 *   tla_print(L);
 *   printf("\n");
 */
#if defined(__cplusplus)
#error "tla.h is C11 and does not compile as C++: build the files that include it as C (-std=c11 or later)"
#elif !defined(__STDC_VERSION__) || __STDC_VERSION__ < 201112L
#error "tla.h needs C11 or later: compile with -std=c11 (or c17, c2x, gnu11, ...)"
#else
/* The including file's one-letter macros (#define K 64) are set aside until the end (tla/letters.h). */
#include "tla/letters.h"
#ifndef TLA_H
#define TLA_H

#include "tla/base.h"
#include "tla/rt/types.h"
#include "tla/rt/error.h"
#include "tla/rt/tuple.h"
#include "tla/rt/layout.h"
#include "tla/rt/formats.h"
#include "tla/rt/formats_ext.h"
#include "tla/rt/parse.h"
#include "tla/rt/print.h"
#include "tla/static/node.h"
#include "tla/static/tuple.h"
#include "tla/static/layout.h"
#include "tla/static/formats.h"
#include "tla/static/formats_ext.h"
#include "tla/static/convert.h"
#include "tla/static/query.h"
#include "tla/algebra/algebra.h"
#include "tla/algebra/divide.h"
#include "tla/tensor/tensor.h"
#include "tla/tensor/copy.h"
#include "tla/tensor/tensor2.h"
#include "tla/catlass.h"
#include "tla/tensor/static.h"
#include "tla/svg/svg.h"
#include "tla/xla/shape.h"
#include "tla/xla/tiling.h"
#include "tla/xla/from_layout.h"
#ifndef TLA_NO_DEPRECATED
#include "tla/deprecated.h"
#endif

#endif /* TLA_H */

/* Opt-in families: host-side analysis tools that kernel sources do not need and that would
 * double the cost of including tla.h (docs/cost.md).  Define the macro before
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
#include "tla/ixmap/expr.h"
#include "tla/ixmap/mlir.h"
#include "tla/ixmap/map.h"
#include "tla/ixmap/parse.h"
#include "tla/ixmap/util.h"
#include "tla/ixmap/simplify.h"
#include "tla/ixmap/layout.h"
#include "tla/hlo/hlo.h"
#include "tla/hlo/ops.h"
#include "tla/hlo/rules.h"
#include "tla/hlo/index.h"
#include "tla/svg/map.h"
#endif
#ifdef TLA_WITH_SPARSE
#include "tla/ixmap/expr.h"
#include "tla/ixmap/mlir.h"
#include "tla/sparse/affine.h"
#include "tla/sparse/encoding.h"
#include "tla/sparse/storage.h"
#include "tla/svg/sparse.h"
#endif
#if defined(TLA_WITH_MAPS) && defined(TLA_WITH_SPARSE)
#include "tla/sparse/ixmap.h"
#endif
/* The 0.1 forms of the opt-in families' functions (defined once their headers are in). */
#ifndef TLA_NO_DEPRECATED
#include "tla/deprecated.h"
#endif
#include "tla/letters.h" /* the including file's one-letter macros back */
#endif /* C11 */
