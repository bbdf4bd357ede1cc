/* tla/formats.h - the Ascend formats and tiles for static and mixed layouts.
 *
 * The cube core keeps matrices in fractals of 16 x C0 elements (512 bytes), C0 = 32 /
 * sizeof(T).  For a rows x cols matrix of element type T (any C type of 1, 2 or 4 bytes;
 * tla_half / tla_bf16 name the 2-byte ones, tla_int4 / tla_fp4 the 4-bit ones: C0 = 64):
 *
 *   tla_row_major(rows, cols)       (rows,cols):(cols,_1)
 *   tla_column_major(rows, cols)    (rows,cols):(_1,rows)
 *   tla_zN(T, rows, cols)           ((_16,ceil(rows/16)),(_C0,ceil(cols/C0))):((_C0,_FRACTAL),(_1,roundup(rows,16)*C0))
 *   tla_zZ(T, rows, cols)           ((_16,..),(_C0,..)):((_C0,roundup(cols,C0)*16),(_1,_FRACTAL))
 *   tla_nZ(T, rows, cols)           ((_C0,ceil(rows/C0)),(_16,ceil(cols/16))):((_1,roundup(cols,16)*C0),(_C0,_FRACTAL))
 *   tla_nN(T, rows, cols)           ((_C0,..),(_16,..)):((_1,_FRACTAL),(_C0,roundup(rows,C0)*16))
 *   tla_l0c(rows, cols)             zN with C0 = 16 (float accumulators): ((_16,..),(_16,..)):((_16,_256),(_1,roundup(rows,16)*16))
 *   tla_vector(len)                 (len):(_1)
 *
 * rows and cols are C integers (dynamic) or static integers (_32, TLA_C(32)); the fractal
 * sizes are always static, and everything is static when rows and cols are:
 *   tla_auto A = tla_zN(tla_half, TLA_C(32), TLA_C(48));   // ((_16,_2),(_16,_3)):((_16,_256),(_1,_512))
 * Every format records its originShape (rows, cols) (a vector: (len)), the real extent
 * inside the padded fractals.
 *
 * Tiles:
 *   tla_make_tile(L, tile)          TLA's MakeLayoutTile: the stride is kept and the shape
 *                                   becomes the tile (a depth-1 layout), or, mode by mode
 *                                   of a fractal layout, ((r0,_),..) -> ((r0,ceil(t/r0)),..).
 *                                   The originShape is the tile.
 *   tla_tile_at(L, tile, coord)     GetTile (rank 2): make_tile's layout with originShape
 *                                   cropped for tail tiles, min(tile, origin - coord) per
 *                                   mode, that also keeps `coord`, as CATLASS's GetTile does.
 *                                   tla_crd2offset((i, j), T) is then the offset of parent
 *                                   element coord + (i, j) from the parent's data, whether
 *                                   the tile starts on a fractal boundary or not (moving the
 *                                   data pointer to the tile's first element and applying a
 *                                   layout from there is only right on a boundary).  Tiles
 *                                   take one integer per mode; tla_to_layout(T) drops the
 *                                   coordinate (a run-time tile is a tla_tensor_tile).
 * Run-time layouts have the same operations as functions (rt_formats.h).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto A = tla_zN(tla_half, TLA_C(32), TLA_C(48));   // ((_16,_2),(_16,_3)):((_16,_256),(_1,_512))
 *   _Static_assert(tla_cosize(A) == 32 * 48, "no padding at 32x48");
 *   tla_auto B = tla_zN(tla_half, 100, 100);                // padded to 112x112, originShape (100,100)
 *   tla_auto T = tla_tile_at(B, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(0, 8));
 *   if (tla_crd2offset(tla_make_tuple(0, 8), T) != tla_crd2offset(tla_make_tuple(0, 16), B)) return 1;   // off a fractal boundary
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_FORMATS_H
#define TLA_FORMATS_H

#include "layout.h"

typedef uint16_t tla_half;  /* storage of an IEEE half (Ascend's half) */
typedef uint16_t tla_bf16;  /* storage of a bfloat16 */

/* ---- node arithmetic: static when the operands are ---- */
/* Division and modulo by constants only; a static 0 divisor reads as 1 (in branches that
 * are compiled but never chosen, so compilers do not warn about division by zero). */
#define TLA__NZ(v) ((v) != 0 ? (v) : 1)
/* ceil(x / k) * m for a node x and constants k > 0, m. */
#define TLA__CEIL_MUL(x, k, m) TLA__CEIL_MUL_(x, k, m, TLA__CAT(tla__cm, __LINE__))
#define TLA__CEIL_MUL_(x, k, m, e) TLA__STMT(enum { e = TLA__IS_STATIC_LEAF(x) ? \
        (int)TLA__CLAMP((TLA__SVAL(x) + (k) - 1LL) / (k) * (m)) : 0 }; \
        _Static_assert(!TLA__IS_STATIC_LEAF(x) || TLA__IN_RANGE((TLA__SVAL(x) + (k) - 1LL) / (k) * (m)), \
            "tla: a static integer must lie in [-TLA_STATIC_MAX, TLA_STATIC_MAX] (2^30 - 2)"); \
        TLA_IF(TLA__IS_STATIC_LEAF(x), TLA_C(e), (TLA__DVAL(x) + (k) - 1) / (k) * (m)); )
/* The run-time value of a dynamic leaf (0 for a static one, whose branch is never taken). */
#define TLA__DVAL(x) TLA_IF(TLA__IS_STATIC_LEAF(x), 0, (x).v)
#define TLA__CEIL(x, k) TLA__CEIL_MUL(x, k, 1)
/* ceil(a / b) for nodes a and b (b > 0). */
#define TLA__CEIL_NODES(a, b) TLA_IF(TLA__IS_STATIC_LEAF(a) && TLA__IS_STATIC_LEAF(b), \
        TLA_C((TLA__SVAL(a) + TLA__SVAL(b) - 1LL) / TLA__NZ(TLA__SVAL(b))), \
        (TLA__VAL(a) + TLA__VAL(b) - 1LL) / TLA__NZ(TLA__VAL(b)))

/* ---- formats ---- */
/* 4-bit elements, two to a byte (CATLASS's int4b_t, float4_e2m1x2_t): names for T of a format
 * (C0 = 64, fractal 1024, as CATLASS's SizeOfBits gives), not for objects.  TLA_ELEM_BITS(T)
 * is 4 for them and 8 * sizeof(T) for every other type (an integer constant expression). */
typedef struct tla_int4 { unsigned char tla_two; } tla_int4;
typedef struct tla_fp4 { unsigned char tla_two; } tla_fp4;
#define TLA_ELEM_BITS(T) _Generic((T *)0, tla_int4 *: 4, tla_fp4 *: 4, default: 8 * (int)sizeof(T))
#define TLA__C0(T) (TLA_C0_BYTES * 8 / TLA_ELEM_BITS(T))
#define TLA__FRACTAL(T) (TLA_FRACTAL_BYTES * 8 / TLA_ELEM_BITS(T))
/* ... and binds C0 and the fractal of T once (tla__ec0, tla__efr: the macros below name them often). */
#define TLA__CHECK_ELEM_TYPE(T) _Static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, \
        "tla: the Ascend formats take element types of 1, 2 or 4 bytes"); \
        enum { tla__ec0 = TLA__C0(T), tla__efr = TLA__FRACTAL(T) };
/* Bind rows and cols once, as nodes. */
#define TLA__FMT_ARGS(rows, cols) __auto_type tla__fra = (rows); __auto_type tla__fca = (cols); \
        TLA__CHECK_ELEMENT(tla__fra) TLA__CHECK_ELEMENT(tla__fca) \
        TLA__NODE_BIND(tla__fr, tla__fra) TLA__NODE_BIND(tla__fc, tla__fca) \
        _Static_assert(TLA__IS_LEAF(tla__fr) && TLA__IS_LEAF(tla__fc), "tla: rows and cols of a format must be integers");
#define TLA__FMT_ORIGIN TLA__LEAVES2(tla__fr, tla__fc)

/* tla_row_major(rows, cols), tla_column_major(rows, cols), tla_vector(len),
 * tla_zN(T, rows, cols), tla_zZ, tla_nZ, tla_nN, tla_l0c(rows, cols) -> layout with originShape
 *   rows, cols: C integers or static integers (then everything is static); T: an element
 *   type of 1, 2 or 4 bytes (C0 = 32 / sizeof(T)).  Formulas at the top of this header.
 *   Misuse: "tla: the Ascend formats take element types of 1, 2 or 4 bytes", "tla: rows and
 *   cols of a format must be integers", "tla: a static integer must lie in [...]".
 * Example:
 *   int rows = 100;
 *   tla_auto Z = tla_zN(uint8_t, rows, TLA_C(64));       // ((_16,7),(_32,_2)):((_32,_512),(_1,3584))
 *   _Static_assert(tla_value(tla_get(tla_shape(Z), 1, 0)) == 32, "C0 of a byte type");
 *   if (tla_cosize(Z) != 112 * 64) return 1;             // padded rows
 */
#define tla_row_major(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) \
        tla_make_layout(TLA__LEAVES2(tla__fr, tla__fc), TLA__LEAVES2(tla__fc, TLA_C(1)), TLA__FMT_ORIGIN); )
#define tla_column_major(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) \
        tla_make_layout(TLA__LEAVES2(tla__fr, tla__fc), TLA__LEAVES2(TLA_C(1), tla__fr), TLA__FMT_ORIGIN); )
#define tla_vector(len) TLA__STMT(TLA__FMT_ARGS(len, 0) \
        (void)tla__fc; tla_make_layout(tla_make_tuple(tla__fr), tla_make_tuple(TLA_C(1)), tla_make_tuple(tla__fr)); )

/* z? formats: rows in (16, ..), cols in (C0, ..); n? formats: rows in (C0, ..), cols in (16, ..). */
/* ((a,b),(c,d)) through the fast constructors (tuple.h): formats cost a fraction of tla_tuple. */
#define TLA__FMT_PAIRS(a, b, c, d) TLA__PAIRS(TLA__LEAVES2(a, b), TLA__LEAVES2(c, d))
#define TLA__Z_SHAPE(c0) TLA__FMT_PAIRS(TLA_C(TLA_FRACTAL_ROWS), TLA__CEIL(tla__fr, TLA_FRACTAL_ROWS), TLA_C(c0), \
        TLA__CEIL(tla__fc, c0))
#define TLA__N_SHAPE(c0) TLA__FMT_PAIRS(TLA_C(c0), TLA__CEIL(tla__fr, c0), TLA_C(TLA_FRACTAL_ROWS), \
        TLA__CEIL(tla__fc, TLA_FRACTAL_ROWS))
#define TLA__ZN(c0, fractal) tla_make_layout(TLA__Z_SHAPE(c0), \
        TLA__FMT_PAIRS(TLA_C(c0), TLA_C(fractal), TLA_C(1), TLA__CEIL_MUL(tla__fr, TLA_FRACTAL_ROWS, TLA_FRACTAL_ROWS * (c0))), \
        TLA__FMT_ORIGIN)

#define tla_zN(T, rows, cols) TLA__STMT(TLA__CHECK_ELEM_TYPE(T) TLA__FMT_ARGS(rows, cols) \
        TLA__ZN(tla__ec0, tla__efr); )
#define tla_zZ(T, rows, cols) TLA__STMT(TLA__CHECK_ELEM_TYPE(T) TLA__FMT_ARGS(rows, cols) \
        tla_make_layout(TLA__Z_SHAPE(tla__ec0), \
            TLA__FMT_PAIRS(TLA_C(tla__ec0), TLA__CEIL_MUL(tla__fc, tla__ec0, TLA_FRACTAL_ROWS * tla__ec0), \
                           TLA_C(1), TLA_C(tla__efr)), TLA__FMT_ORIGIN); )
#define tla_nZ(T, rows, cols) TLA__STMT(TLA__CHECK_ELEM_TYPE(T) TLA__FMT_ARGS(rows, cols) \
        tla_make_layout(TLA__N_SHAPE(tla__ec0), \
            TLA__FMT_PAIRS(TLA_C(1), TLA__CEIL_MUL(tla__fc, TLA_FRACTAL_ROWS, TLA_FRACTAL_ROWS * tla__ec0), \
                           TLA_C(tla__ec0), TLA_C(tla__efr)), TLA__FMT_ORIGIN); )
#define tla_nN(T, rows, cols) TLA__STMT(TLA__CHECK_ELEM_TYPE(T) TLA__FMT_ARGS(rows, cols) \
        tla_make_layout(TLA__N_SHAPE(tla__ec0), \
            TLA__FMT_PAIRS(TLA_C(1), TLA_C(tla__efr), \
                           TLA_C(tla__ec0), TLA__CEIL_MUL(tla__fr, tla__ec0, TLA_FRACTAL_ROWS * tla__ec0)), \
            TLA__FMT_ORIGIN); )
#define tla_l0c(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) TLA__ZN(TLA_L0C_C0, TLA_L0C_FRACTAL); )

/* ---- tiles ---- */
/* Mode k of the tile layout: an integer mode becomes t; a pair (r0, n) becomes (r0, ceil(t/r0)). */
#define TLA__TILE_MODE(m, t) TLA_IF(TLA__IS_LEAF(m), (t), tla_make_tuple((m).e0[0], TLA__CEIL_NODES(t, (m).e0[0])))
#define TLA__TILE_CHECKS(L, t) \
    _Static_assert(TLA__IS_LAYOUT(L), "tla: make_tile needs a layout"); \
    _Static_assert(TLA__IS_LEAF(TLA__LSHAPE(L)) ? TLA__IS_LEAF(t) : TLA__IS_TUPLE(t) && \
        TLA__TRANK(t) == TLA__TRANK(TLA__LSHAPE(L)) && TLA__DEPTH(t) == 1, \
        "tla: make_tile needs one integer tile extent per top-level mode of the layout"); \
    _Static_assert(TLA__DEPTH(TLA__LSHAPE(L)) <= 1 || (TLA__TRANK(TLA__LSHAPE(L)) == 2 && \
        (TLA__IS_LEAF(TLA__LSHAPE(L).e0[0]) || (TLA__TRANK(TLA__LSHAPE(L).e0[0]) == 2 && TLA__DEPTH(TLA__LSHAPE(L).e0[0]) == 1)) && \
        (TLA__IS_LEAF(TLA__LSHAPE(L).e1[0]) || (TLA__TRANK(TLA__LSHAPE(L).e1[0]) == 2 && TLA__DEPTH(TLA__LSHAPE(L).e1[0]) == 1))), \
        "tla: make_tile takes a depth-1 layout or a rank-2 fractal layout ((r0,n),(c0,m))");
/* The shape of the tile layout (both forms are compiled; the right one is chosen). */
#define TLA__TILE_SHAPE(L, t) TLA_IF(TLA__DEPTH(TLA__LSHAPE(L)) <= 1, (t), \
        tla_make_tuple(TLA__TILE_MODE(TLA__LSHAPE(L).e0[0], (t).e0[0]), TLA__TILE_MODE(TLA__LSHAPE(L).e1[0], (t).e1[0])))

/* tla_make_tile(L, tile) -> layout: TLA's MakeLayoutTile
 *   The stride is kept; the shape covers one tile of extent `tile` (one integer per top-level
 *   mode); a fractal mode (r0,n) becomes (r0, ceil(t/r0)).  originShape: the tile.
 *   Misuse: "tla: make_tile needs one integer tile extent per top-level mode of the layout".
 * Example:
 *   tla_auto T = tla_make_tile(tla_zN(tla_half, TLA_C(64), TLA_C(64)), tla_make_tuple(TLA_C(32), TLA_C(16)));
 *   _Static_assert(tla_size(T) == 32 * 16, "");
 */
#define tla_make_tile(L, tile) TLA__STMT(__auto_type tla__tl = (L); __auto_type tla__tta = (tile); \
        TLA__CHECK_ELEMENT(tla__tta) __auto_type tla__tt = TLA__NODE(tla__tta); \
        TLA__TILE_CHECKS(tla__tl, tla__tt) \
        __auto_type tla__ts = TLA__TILE_SHAPE(tla__tl, tla__tt); \
        TLA__LAYOUT_IMPL(tla__ts, TLA__LSTRIDE(tla__tl), tla__tt, 31, 0); )

/* Extent of top-level mode k of L that holds data: its originShape, else the mode size. */
#define TLA__ORIGIN_K(L, k) TLA_IF(TLA__HAS_ORIGIN(L), (long long)TLA__VAL((L).tla_o[0].e##k[0]), \
        TLA__TSIZE(TLA__LSHAPE(L).e##k[0]))
/* min(tile, origin - coord), and 0 past the origin (an empty tile, as in CATLASS) */
#define TLA__CROP(t, o, c) ((long long)(o) - (long long)(c) <= 0 ? 0LL \
        : (long long)(t) < (long long)(o) - (long long)(c) ? (long long)(t) : (long long)(o) - (long long)(c))

/* The tile's coordinate inside the top parent: coord, plus the parent's own when the
 * parent is itself a tile (sums of static integers stay static). */
#define TLA__ADD_NODES(a, b) TLA_IF(TLA__IS_STATIC_LEAF(a) && TLA__IS_STATIC_LEAF(b), \
        TLA_C(TLA__SVAL(a) + TLA__SVAL(b)), TLA__VAL(a) + TLA__VAL(b))
#define TLA__TILE_COORD(L, c) TLA_IF(TLA__IS_TILE(L), tla_make_tuple(TLA__ADD_NODES((L).tla_x[0].e0[0], (c).e0[0]), \
        TLA__ADD_NODES((L).tla_x[0].e1[0], (c).e1[0])), (c))

/* tla_tile_at(L, tile, coord) -> tile layout: TLA's GetTile (rank 2)
 *   make_tile's layout, cropped to L's originShape, keeping coord: tla_crd2offset((i, j), T) is
 *   the offset of parent element coord + (i, j) from the parent's data, at any coord.
 *   Misuse: "tla: tile_at takes a rank-2 layout and a coordinate (row, col)".
 * Example:
 *   tla_auto B = tla_zN(tla_half, 100, 100);
 *   tla_auto T = tla_tile_at(B, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(3, 8));
 *   if (tla_crd2offset(tla_make_tuple(2, 9), T) != tla_crd2offset(tla_make_tuple(5, 17), B)) return 1;
 */
#define tla_tile_at(L, tile, coord) TLA__STMT(__auto_type tla__al = (L); __auto_type tla__aca = (coord); \
        __auto_type tla__ac = TLA__NODE(tla__aca); \
        __auto_type tla__at = tla_make_tile(tla__al, tile); \
        _Static_assert(TLA__TRANK(TLA__LSHAPE(tla__al)) == 2 && TLA__IS_TUPLE(tla__ac) && TLA__TRANK(tla__ac) == 2 \
            && TLA__DEPTH(tla__ac) == 1, "tla: tile_at takes a rank-2 layout and a coordinate (row, col)"); \
        TLA__LAYOUT_IMPLX(TLA__LSHAPE(tla__at), TLA__LSTRIDE(tla__at), tla_make_tuple( \
            TLA__CROP(TLA__VAL(tla__at.tla_o[0].e0[0]), TLA__ORIGIN_K(tla__al, 0), TLA__VAL(tla__ac.e0[0])), \
            TLA__CROP(TLA__VAL(tla__at.tla_o[0].e1[0]), TLA__ORIGIN_K(tla__al, 1), TLA__VAL(tla__ac.e1[0]))), \
            TLA__TILE_COORD(tla__al, tla__ac), 32, 1); )

/* ---- layout predicates (CATLASS's isRowMajor, isColumnMajor, iszN, iszZ, isnZ, iszNUnAlign) ----
 * tla_is_row_major(L), tla_is_column_major(L), tla_is_vector(L), tla_is_zN(T, L),
 * tla_is_zZ(T, L), tla_is_nZ(T, L), tla_is_nN(T, L), tla_is_zN_unalign(T, L) -> 1 or 0, an integer
 *   constant expression for static and mixed layouts (L is named once and not evaluated).  As in CATLASS, a
 *   format is recognised by its structure and its fractal leaves: ((16,r),(C0,c)) with
 *   strides ((C0,FRACTAL),(1,_)) is zN of T (C0 = 32 / sizeof(T)); a leaf the test needs must
 *   be static.  Row-major: rank 2, depth 1, stride of mode 1 is _1; vector: rank 1, stride _1.
 *   Run-time layouts: tla_layout_is_format(&L, format, elem_bytes) in rt_formats.h.
 * Example:
 *   tla_auto A = tla_zN(tla_half, 100, 70);
 *   _Static_assert(tla_is_zN(tla_half, A) && !tla_is_nZ(tla_half, A) && !tla_is_zN(float, A), "");
 *   _Static_assert(tla_is_row_major(tla_row_major(100, TLA_C(70))), "");
 *   tla_auto U = tla_make_layout(tla_make_tuple(tla_make_tuple(127, TLA_C(1)), tla_make_tuple(TLA_C(16), TLA_C(16))),
 *                                tla_make_tuple(tla_make_tuple(TLA_C(16), TLA_C(2048)), tla_make_tuple(TLA_C(1), TLA_C(2032))));
 *   _Static_assert(tla_is_zN_unalign(tla_half, U) && !tla_is_zN(tla_half, U), "CATLASS's zNUnAlign");
 */
#define TLA__PRED(L, cond) (sizeof(*TLA__STMT(__auto_type tla__pl = (L); (void)tla__pl; \
        (char (*)[1 + !!(TLA__IS_LAYOUT(tla__pl) && (cond))])0; )) == 2)
#define TLA__PS(j) TLA__SCODE(TLA__LSHAPE(tla__pl), j)
#define TLA__PD(j) TLA__SCODE(TLA__LSTRIDE(tla__pl), j)
#define TLA__PIS(code, v) ((code) == 2 + 2 * (v)) /* the static value v >= 0 */
#define TLA__PDEPTH1(r) (TLA__TRANK(TLA__LSHAPE(tla__pl)) == (r) && TLA__DEPTH(TLA__LSHAPE(tla__pl)) <= 1)
/* ((a,b),(c,d)): four leaves, paths (0,0) (0,1) (1,0) (1,1) (path codes, tuple.h) */
#define TLA__PFRACTAL (TLA__NLEAF(TLA__LSHAPE(tla__pl)) == 4 && TLA__SPATH(TLA__LSHAPE(tla__pl), 0) == 11 && \
        TLA__SPATH(TLA__LSHAPE(tla__pl), 1) == 20 && TLA__SPATH(TLA__LSHAPE(tla__pl), 2) == 12 && \
        TLA__SPATH(TLA__LSHAPE(tla__pl), 3) == 21)
#define tla_is_row_major(L) TLA__PRED(L, TLA__PDEPTH1(2) && TLA__PIS(TLA__PD(1), 1))
#define tla_is_column_major(L) TLA__PRED(L, TLA__PDEPTH1(2) && TLA__PIS(TLA__PD(0), 1))
#define tla_is_vector(L) TLA__PRED(L, TLA__PDEPTH1(1) && TLA__PIS(TLA__PD(0), 1))
#define tla_is_zN(T, L) TLA__PRED(L, TLA__PFRACTAL && TLA__PIS(TLA__PS(0), TLA_FRACTAL_ROWS) && \
        TLA__PIS(TLA__PS(2), TLA__C0(T)) && TLA__PIS(TLA__PD(2), 1) && TLA__PIS(TLA__PD(1), TLA__FRACTAL(T)))
#define tla_is_zZ(T, L) TLA__PRED(L, TLA__PFRACTAL && TLA__PIS(TLA__PS(0), TLA_FRACTAL_ROWS) && \
        TLA__PIS(TLA__PS(2), TLA__C0(T)) && TLA__PIS(TLA__PD(2), 1) && TLA__PIS(TLA__PD(3), TLA__FRACTAL(T)))
#define tla_is_nZ(T, L) TLA__PRED(L, TLA__PFRACTAL && TLA__PIS(TLA__PS(0), TLA__C0(T)) && \
        TLA__PIS(TLA__PS(2), TLA_FRACTAL_ROWS) && TLA__PIS(TLA__PD(0), 1) && TLA__PIS(TLA__PD(3), TLA__FRACTAL(T)))
#define tla_is_nN(T, L) TLA__PRED(L, TLA__PFRACTAL && TLA__PIS(TLA__PS(0), TLA__C0(T)) && \
        TLA__PIS(TLA__PS(2), TLA_FRACTAL_ROWS) && TLA__PIS(TLA__PD(0), 1) && TLA__PIS(TLA__PD(1), TLA__FRACTAL(T)))
/* CATLASS's iszNUnAlign: zN with the row mode not padded to fractals, ((m,_1),(C0,k)) with
 * strides ((C0,_),(1,_)) (a matmul whose m is not a multiple of 16). */
#define tla_is_zN_unalign(T, L) TLA__PRED(L, TLA__PFRACTAL && TLA__PIS(TLA__PS(1), 1) && \
        TLA__PIS(TLA__PS(2), TLA__C0(T)) && TLA__PIS(TLA__PD(0), TLA__C0(T)) && TLA__PIS(TLA__PD(2), 1))

/* clang-format on */
#endif
