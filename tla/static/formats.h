/* tla/static/formats.h - the Ascend formats and tiles for static and mixed layouts.
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
 * Run-time layouts have the same operations as functions (rt/formats.h).
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
/* A system header (macros and a few small functions), so gcc's notes on a misuse stop at the
 * user's call (core_gen.h). */
#pragma GCC system_header

#include "tla/static/layout.h"
#include "tla/rt/formats.h"

typedef uint16_t tla_half;  /* storage of an IEEE half (Ascend's half) */
typedef uint16_t tla_bf16;  /* storage of a bfloat16 */

/* ---- formats ---- */
/* 4-bit elements, two to a byte (CATLASS's int4b_t, float4_e2m1x2_t): names for T of a format
 * (C0 = 64, fractal 1024, as CATLASS's SizeOfBits gives), not for objects.  TLA_ELEM_BITS(T)
 * is 4 for them and 8 * sizeof(T) for every other type (an integer constant expression). */
typedef struct tla_int4 { unsigned char tla_two; } tla_int4;
typedef struct tla_fp4 { unsigned char tla_two; } tla_fp4;
#define TLA_ELEM_BITS(T) _Generic((T *)0, tla_int4 *: 4, tla_fp4 *: 4, default: 8 * (int)sizeof(T))

/* tla_row_major(rows, cols), tla_column_major(rows, cols), tla_vector(len),
 * tla_zN(T, rows, cols), tla_zZ, tla_nZ, tla_nN, tla_l0c(rows, cols) -> layout with originShape
 *   rows, cols: C integers or static integers (then everything is static); T: an element
 *   type of 1, 2 or 4 bytes (C0 = 32 / sizeof(T)).  Formulas at the top of this header.
 *   Misuse: "tla: the Ascend formats take element types of 1, 2 or 4 bytes", "tla: rows and
 *   cols of a format must be integers", "tla: a static integer exceeds TLA_STATIC_MAX in magnitude".
 * Example:
 *   int rows = 100;
 *   tla_auto Z = tla_zN(uint8_t, rows, TLA_C(64));       // ((_16,7),(_32,_2)):((_32,_512),(_1,3584))
 *   _Static_assert(tla_value(tla_get(tla_shape(Z), 1, 0)) == 32, "C0 of a byte type");
 *   if (tla_cosize(Z) != 112 * 64) return 1;             // padded rows
 */
#define tla_row_major(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) \
        TLA__FMT_LAYOUT(TLA__FMT_ORIGIN, TLA__KVPAIR(TLA__KVW(_fc), TLA__KVC(1)), TLA__FMT_ORIGIN); })
#define tla_column_major(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) \
        TLA__FMT_LAYOUT(TLA__FMT_ORIGIN, TLA__KVPAIR(TLA__KVC(1), TLA__KVW(_fr)), TLA__FMT_ORIGIN); })
#define tla_vector(len) __extension__ ({ TLA__FMT_ARGS(len, 0) (void)_fw; \
        TLA__FMT_LAYOUT(TLA__NODEKV(1, 1, 2, (1, TLA__KVL(_fr))), TLA__NODEKV(1, 1, 2, (1, TLA__KVC(1))), \
            TLA__NODEKV(1, 1, 2, (1, TLA__KVL(_fr)))); })

#define tla_zN(T, rows, cols) __extension__ ({ TLA__CHECK_ELEM_TYPE(T) TLA__FMT_ARGS(rows, cols) \
        TLA__ZN_(TLA__FMT_LAYOUT_T, _ec, _ef); })
#define tla_zZ(T, rows, cols) __extension__ ({ TLA__CHECK_ELEM_TYPE(T) TLA__FMT_ARGS(rows, cols) TLA__Z_BIND(_ec) \
        TLA__CEILB(_zs, _fc, _ec, TLA_FRACTAL_ROWS * _ec) \
        TLA__FMT_LAYOUT_T(TLA__Z_SHAPE(_ec), \
            TLA__KVPAIRS(TLA__KVC(_ec), TLA__KVL(_zs), TLA__KVC(1), TLA__KVC(_ef)), TLA__FMT_ORIGIN); })
#define tla_nZ(T, rows, cols) __extension__ ({ TLA__CHECK_ELEM_TYPE(T) TLA__FMT_ARGS(rows, cols) TLA__N_BIND(_ec) \
        TLA__CEILB(_zs, _fc, TLA_FRACTAL_ROWS, TLA_FRACTAL_ROWS * _ec) \
        TLA__FMT_LAYOUT_T(TLA__N_SHAPE(_ec), \
            TLA__KVPAIRS(TLA__KVC(1), TLA__KVL(_zs), TLA__KVC(_ec), TLA__KVC(_ef)), TLA__FMT_ORIGIN); })
#define tla_nN(T, rows, cols) __extension__ ({ TLA__CHECK_ELEM_TYPE(T) TLA__FMT_ARGS(rows, cols) TLA__N_BIND(_ec) \
        TLA__CEILB(_zs, _fr, _ec, TLA_FRACTAL_ROWS * _ec) \
        TLA__FMT_LAYOUT_T(TLA__N_SHAPE(_ec), \
            TLA__KVPAIRS(TLA__KVC(1), TLA__KVC(_ef), TLA__KVC(_ec), TLA__KVL(_zs)), TLA__FMT_ORIGIN); })
#define tla_l0c(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__ZN(TLA_L0C_C0, TLA_L0C_FRACTAL); })

/* TLA_CONST_ZN(name, T, rows, cols), TLA_CONST_ZZ, TLA_CONST_NZ, TLA_CONST_NN,
 * TLA_CONST_ROW_MAJOR(name, rows, cols), TLA_CONST_COLUMN_MAJOR(name, rows, cols)
 *   The formats as constant layouts (TLA_CONST_LAYOUT), at file scope or in a block: rows and
 *   cols are integer constant expressions (plain integers, not TLA_C), and the layout is the
 *   one the format makes of TLA_C(rows), TLA_C(cols): the same shape, stride and originShape,
 *   and for zN / zZ / nZ / nN the element size a static tensor checks.
 * Example:
 *   TLA_CONST_ZN(kA, tla_half, 100, 48);   // ((_16,_7),(_16,_3)):((_16,_256),(_1,_1792)), originShape (100,48)
 *   _Static_assert(tla_cosize(kA) == 112 * 48, "padded rows, a constant expression");
 *   if (tla_crd2offset(tla_make_tuple(17, 33), kA) != 16 + 256 + 1 + 2 * 1792) return 1;
 */
#define TLA_CONST_ZN(name, T, rows, cols) TLA__CONST_FRACTAL(ZN, name, T, rows, cols)
#define TLA_CONST_ZZ(name, T, rows, cols) TLA__CONST_FRACTAL(ZZ, name, T, rows, cols)
#define TLA_CONST_NZ(name, T, rows, cols) TLA__CONST_FRACTAL(NZ, name, T, rows, cols)
#define TLA_CONST_NN(name, T, rows, cols) TLA__CONST_FRACTAL(NN, name, T, rows, cols)
#define TLA_CONST_ROW_MAJOR(name, rows, cols) TLA__CONST_PLAIN(ROW_MAJOR, name, rows, cols)
#define TLA_CONST_COLUMN_MAJOR(name, rows, cols) TLA__CONST_PLAIN(COLUMN_MAJOR, name, rows, cols)

/* ---- tiles ---- */

/* tla_make_tile(L, tile) -> layout: TLA's MakeLayoutTile
 *   tile: one integer per top-level mode (the tile's extent); L depth 1, or a rank-2 fractal
 *   layout ((r0,n),(c0,m)).  The result keeps L's strides and records tile as its originShape.
 * Example:
 *   tla_auto Z = tla_zN(tla_half, TLA_C(64), TLA_C(64));
 *   tla_auto T = tla_make_tile(Z, tla_make_tuple(TLA_C(32), TLA_C(16)));   // ((_16,_2),(_16,_1)):((_16,_256),(_1,_1024))
 *   _Static_assert(tla_size(T) == 512, "");
 */
#define tla_make_tile(L, tile) __extension__ ({ __auto_type tla__tl0 = (L); __auto_type tla__tl1 = TLA__SNODE(tla__tl0); \
        _Static_assert(TLA__IS_LAYOUT(tla__tl1), "tla: make_tile needs a layout"); __auto_type tla__tl = TLA__AL(tla__tl1); \
        __auto_type tla__tta = (tile); TLA__NODEB(tla__tt, tla__tta) \
        TLA__TILE_CHECKS(TLA__IS_LAYOUT(tla__tl1), TLA__LSHAPE(tla__tl), tla__tt) \
        __auto_type tla__ts = TLA__TILE_SHAPE(TLA__LSHAPE(tla__tl), tla__tt, TLA__SVALLL(tla__tt, 0), TLA__SVALLL(tla__tt, 1)); \
        TLA__LAYOUT_IMPLXE(tla__ts, TLA__LSTRIDE(tla__tl), tla__tt, ~, 31, 0, TLA__LEB(tla__tl)); })

/* tla_tile_at(L, tile, coord) -> tile layout: TLA's GetTile (rank 2)
 *   The tile of extent `tile` at coordinate `coord` (row, col) of L: its shape and strides are
 *   tla_make_tile's, its originShape is cropped to L's data (CATLASS's GetTile), and crd2offset
 *   of the tile adds coord (one integer per mode).  A tile of a tile adds both coordinates.
 * Example:
 *   tla_auto Z = tla_zN(tla_half, TLA_C(64), TLA_C(64));
 *   int i = 1, j = 2;
 *   tla_auto T = tla_tile_at(Z, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(16 * i, 16 * j));
 *   if (tla_crd2offset(tla_make_tuple(1, 2), T) != tla_crd2offset(tla_make_tuple(17, 34), Z)) return 1;
 */
#define tla_tile_at(L, tile, coord) __extension__ ({ __auto_type tla__al0 = (L); __auto_type tla__aca = (coord); \
        __auto_type tla__tta = (tile); __auto_type tla__al1 = &TLA__SNODE(tla__al0); \
        enum { tla__aL = TLA__IS_LAYOUT(*tla__al1) }; \
        _Static_assert(tla__aL, "tla: tile_at needs a static or mixed layout (run time: tla_layout_get_tile)"); __auto_type _al = &TLA_IF(tla__aL, *tla__al1, TLA__NIL_LAYOUT); \
        __auto_type _as = &TLA__LSHAPE(*_al); __auto_type _ac = &TLA__SNODE(tla__aca); __auto_type _at = &TLA__SNODE(tla__tta); \
        enum { _aN = TLA__NLEAF(*_as) > 0 }; /* (a nil layout has reported already) */ \
        TLA__TILE_CHECKS(_aN, *_as, *_at) \
        _Static_assert(!_aN || TLA__TRANK(*_as) == 2 && TLA__IS_TUPLE(*_ac) && TLA__TRANK(*_ac) == 2 && TLA__DEPTH(*_ac) == 1, \
            "tla: tile_at takes a rank-2 layout and a coordinate (row, col)"); \
        __auto_type _op = &TLA_IF(TLA__HAS_ORIGIN(*_al), (*_al).tla_o[0], TLA__NIL); /* (nil: no originShape) */ \
        enum { _q0 = TLA__SCODE(*_at, 0), _q1 = TLA__SCODE(*_at, 1), _q2 = TLA__SCODE(*_op, 0), _q3 = TLA__SCODE(*_op, 1), \
               _q4 = TLA__SCODE(*_ac, 0), _q5 = TLA__SCODE(*_ac, 1) }; \
        long long _at0 = tla__cv(_q0, (*_at).v[0]), _at1 = tla__cv(_q1, (*_at).v[1]), _ao[2]; \
        tla__origin2(_ao, TLA__HAS_ORIGIN(*_al), tla__cv(_q2, _op->v[0]), tla__cv(_q3, _op->v[1]), \
            TLA__NLEAF(*_as) == 4, TLA__SVALLL(*_as, 0), TLA__SVALLL(*_as, 1), TLA__SVALLL(*_as, 2), TLA__SVALLL(*_as, 3)); \
        enum { _ok0 = TLA__CROP_CODE(_q0, _q2, _q4), _ok1 = TLA__CROP_CODE(_q1, _q3, _q5) }; \
        __auto_type _lo = TLA_IF(_ok0 > 1 && _ok1 > 1, TLA__SPAIR(_ok0, _ok1), \
            TLA__DPAIR(tla__crop(_at0, _ao[0], tla__cv(_q4, (*_ac).v[0])), tla__crop(_at1, _ao[1], tla__cv(_q5, (*_ac).v[1])))); \
        __auto_type _ls = TLA__TILE_SHAPE_K(*_as, *_at, _q0, _q1, _at0, _at1); __auto_type _ld = TLA__LSTRIDE(*_al); \
        __auto_type _lx = TLA__TILE_COORD(*_al, *_ac); \
        TLA__LAYOUT_VALUE_EB(32, TLA__LEB(*_al)); })
#define tla_is_row_major(L) TLA__PRED_RT(L, TLA__RT_IS, TLA_ROW_MAJOR, 0, TLA__PDEPTH1(2) && TLA__PIS(TLA__PD(1), 1))
#define tla_is_column_major(L) TLA__PRED_RT(L, TLA__RT_IS, TLA_COLUMN_MAJOR, 0, TLA__PDEPTH1(2) && TLA__PIS(TLA__PD(0), 1))
#define tla_is_vector(L) TLA__PRED_RT(L, TLA__RT_IS, TLA_VECTOR, 0, TLA__PDEPTH1(1) && TLA__PIS(TLA__PD(0), 1))
#define tla_is_zN(T, L) TLA__PRED_RT(L, TLA__RT_IS, TLA_ZN, TLA_ELEM_BITS(T), TLA__PFRACTAL && TLA__PIS(TLA__PS(0), TLA_FRACTAL_ROWS) && \
        TLA__PIS(TLA__PS(2), TLA__C0(T)) && TLA__PIS(TLA__PD(2), 1) && TLA__PIS(TLA__PD(1), TLA__FRACTAL(T)))
#define tla_is_zZ(T, L) TLA__PRED_RT(L, TLA__RT_IS, TLA_ZZ, TLA_ELEM_BITS(T), TLA__PFRACTAL && TLA__PIS(TLA__PS(0), TLA_FRACTAL_ROWS) && \
        TLA__PIS(TLA__PS(2), TLA__C0(T)) && TLA__PIS(TLA__PD(2), 1) && TLA__PIS(TLA__PD(3), TLA__FRACTAL(T)))
#define tla_is_nZ(T, L) TLA__PRED_RT(L, TLA__RT_IS, TLA_NZ, TLA_ELEM_BITS(T), TLA__PFRACTAL && TLA__PIS(TLA__PS(0), TLA__C0(T)) && \
        TLA__PIS(TLA__PS(2), TLA_FRACTAL_ROWS) && TLA__PIS(TLA__PD(0), 1) && TLA__PIS(TLA__PD(3), TLA__FRACTAL(T)))
#define tla_is_nN(T, L) TLA__PRED_RT(L, TLA__RT_IS, TLA_NN, TLA_ELEM_BITS(T), TLA__PFRACTAL && TLA__PIS(TLA__PS(0), TLA__C0(T)) && \
        TLA__PIS(TLA__PS(2), TLA_FRACTAL_ROWS) && TLA__PIS(TLA__PD(0), 1) && TLA__PIS(TLA__PD(1), TLA__FRACTAL(T)))
/* CATLASS's iszNUnAlign: zN with the row mode not padded to fractals, ((m,_1),(C0,k)) with
 * strides ((C0,_),(1,_)) (a matmul whose m is not a multiple of 16). */
#define tla_is_zN_unalign(T, L) TLA__PRED_RT(L, TLA__RT_IS, -1, TLA_ELEM_BITS(T), TLA__PFRACTAL && TLA__PIS(TLA__PS(1), 1) && \
        TLA__PIS(TLA__PS(2), TLA__C0(T)) && TLA__PIS(TLA__PD(0), TLA__C0(T)) && TLA__PIS(TLA__PD(2), 1))

/* ---------------------------------------------------------------- internals */

/* ---- node arithmetic: static when the operands are ---- */
/* Leaves are bound as a value and a value code (no node wrapper: cheaper to compile):
 * TLA__LEAFB(p, x) declares p##a (x as given), p##k (its code: N + 2^30 when static, else 1)
 * and p##v (its value), after checking that x is an integer.  An x that does not compile is
 * reported once: its class reads 0 and its code 1 (the enum's defaults), so p##v is still bound
 * and nothing after it reports again (as in the tuple constructor, core_gen.h). */
#define TLA__LEAFB(p, x, msg) TLA__LEAFBN(p, x) _Static_assert(TLA__ELEM_OK(p##t), msg);
/* (the same, checked by the caller: the formats check rows and cols in one assertion) */
#define TLA__LEAFBN(p, x) __auto_type p##a = (x); enum { p##t = TLA__CLS(p##a), p##k = TLA__LCODE_K(p##a, p##t) }; \
        __auto_type p##v = TLA__LVAL_K(p##a, p##t, p##k); (void)p##v;
#define TLA__RANGE_MSG "tla: a static integer exceeds TLA_STATIC_MAX in magnitude (2^30 - 2)"
/* Shapes, strides and originShapes are built from leaves given as "code, value" (TLA__NODEKV,
 * core_gen.h), with their paths written out: the formats know their structure, so they skip the
 * constructor's nesting walk and do not bind or classify an element again.  The leaves: */
#define TLA__KVC(N) TLA__B + (N), (N)  /* the static N (an internal constant, in range) */
#define TLA__KVL(p) p##k, p##v         /* a leaf bound by TLA__LEAFB (prefix p) */
/* ceil(x / q) * m of a leaf bound by TLA__LEAFB (prefix x), constants q > 0, m >= 0, bound once
 * as a leaf of prefix p (p##k, p##v: TLA__KVL(p)): static when x is, after a check that it fits.
 * It is a stride: computed in long long at run time, as CATLASS's (int64_t) strides are, so that
 * 32-bit extents give offsets past 2^32; a static one is an int, or long long where the
 * format's offsets may pass INT_MAX (_fw, bound by the format's arguments). */
#define TLA__CEILB(p, x, q, m) enum { p##e = (x##k) >= 2 ? (TLA__CV(x##k) + (q) - 1) / (q) : 0, \
        p##k = (x##k) >= 2 && p##e * (long long)(m) <= tla__M ? p##e * (long long)(m) + TLA__B : 1 }; \
    _Static_assert((x##k) < 2 || p##k >= 2, TLA__RANGE_MSG); \
    __auto_type p##v = __builtin_choose_expr(p##k >= 2, TLA__CV(p##k) + _fw, \
        (x##v - 1LL + (q)) / (q) * (m)); (void)p##v;
/* The same for m = 1: ceil(x / q) is no larger than x, so it needs no range check. */
#define TLA__CEILB1(p, x, q) enum { p##k = (x##k) >= 2 ? (TLA__CV(x##k) + (q) - 1) / (q) + TLA__B : 1 }; \
    __auto_type p##v = __builtin_choose_expr(p##k >= 2, TLA__CV(p##k), (x##v + (q) - 1) / (q)); (void)p##v;
#define TLA__KVPAIR(a, b) TLA__NODEKV(2, 2, 2, (1, a), (2, b))
#define TLA__KVPAIRS(a, b, c, d) TLA__NODEKV(4, 2, 3, (11, a), (21, b), (12, c), (22, d))

/* ---- formats ---- */
#define TLA__C0(T) (TLA_C0_BYTES * 8 / TLA_ELEM_BITS(T))
#define TLA__FRACTAL(T) (TLA_FRACTAL_BYTES * 8 / TLA_ELEM_BITS(T))
/* ... and binds C0 and the fractal of T once (_ec, _ef: the macros below name them often). */
/* (T is named once, in a typedef: a type that does not exist, half for tla_half, is one error,
 * "unknown type name", and the typedef then reads as int, so nothing after it reports) */
#define TLA__CHECK_ELEM_TYPE(T) typedef T _et; _Static_assert(sizeof(_et) == 1 || sizeof(_et) == 2 || sizeof(_et) == 4, \
        "tla: the Ascend formats take element types of 1, 2 or 4 bytes"); \
        enum { _ec = TLA__C0(_et), _ef = TLA_FRACTAL_ROWS * _ec }; /* (a fractal is 16 rows of C0) */
/* Bind rows and cols once, as nodes. */
#define TLA__FMT_ARGS(rows, cols) TLA__LEAFBN(_fr, rows) TLA__LEAFBN(_fc, cols) \
        _Static_assert(TLA__ELEM_OK(_frt) && TLA__ELEM_OK(_fct), TLA__FMT_MSG); \
        TLA__FMT_WIDE(_frk - tla__B + 64ULL <= tla__I / (_fck - tla__B + 64ULL))
/* _fw, a zero added to a format's strides: an int when the format is static and all its
 * offsets fit in int (rows and cols padded to 64 bound them; a run-time extent's code, 1, reads
 * as a huge unsigned value there, so the test fails), else long long (0LL).  crd2offset
 * sums in the strides' type (layout.h, TLA__CRD_WIDE), so a static 32x48 zN keeps the int (or
 * unsigned) arithmetic a person writes, and a format with run-time extents, or a static one of
 * 70000 x 70000, gives offsets past 2^32 from uint32_t coordinates. */
#define TLA__FMT_WIDE(small) __auto_type _fw = TLA__IF(small, 0, 0LL);
/* A leaf bound by TLA__LEAFB used as a stride (row- and column-major): widened as above. */
#define TLA__KVW(p) p##k, p##v + _fw
#define TLA__FMT_MSG "tla: rows and cols of a format must be integers"
#define TLA__FMT_ORIGIN TLA__KVPAIR(TLA__KVL(_fr), TLA__KVL(_fc))
/* The formats' layouts: shape, stride and originShape are tuples built here (no checks).  The
 * typed ones (tla_zN(T, ...) ...) record sizeof(T) = 32 / C0 (TLA__LEB). */
#define TLA__FMT_LAYOUT(s, d, o) TLA__LAYOUT_TUPLES(s, d, o, 31, 1)
#define TLA__FMT_LAYOUT_T(s, d, o) TLA__LAYOUT_TUPLES(s, d, o, 31, 1 + 32 / _ec)

/* z? formats: rows in (16, ..), cols in (C0, ..); n? formats: rows in (C0, ..), cols in (16, ..). */
/* The fractal formats bind their ceilings once (TLA__CEILB): _zr, _zc the shape's outer
 * rows and cols (in fractals), _zs the stride that steps over a column (zN, nN) or a row (zZ, nZ)
 * of fractals. */
#define TLA__Z_BIND(c0) TLA__CEILB1(_zr, _fr, TLA_FRACTAL_ROWS) TLA__CEILB1(_zc, _fc, c0)
#define TLA__N_BIND(c0) TLA__CEILB1(_zr, _fr, c0) TLA__CEILB1(_zc, _fc, TLA_FRACTAL_ROWS)
#define TLA__Z_SHAPE(c0) TLA__KVPAIRS(TLA__KVC(TLA_FRACTAL_ROWS), TLA__KVL(_zr), TLA__KVC(c0), TLA__KVL(_zc))
#define TLA__N_SHAPE(c0) TLA__KVPAIRS(TLA__KVC(c0), TLA__KVL(_zr), TLA__KVC(TLA_FRACTAL_ROWS), TLA__KVL(_zc))
#define TLA__ZN(c0, fractal) TLA__ZN_(TLA__FMT_LAYOUT, c0, fractal)
#define TLA__ZN_(FMT, c0, fractal) TLA__Z_BIND(c0) \
        TLA__CEILB(_zs, _fr, TLA_FRACTAL_ROWS, TLA_FRACTAL_ROWS * (c0)) FMT(TLA__Z_SHAPE(c0), \
        TLA__KVPAIRS(TLA__KVC(c0), TLA__KVC(fractal), TLA__KVC(1), TLA__KVL(_zs)), TLA__FMT_ORIGIN)
/* Check the extents, then bind them (and C0 and the fractal of T) to enum constants named after
 * the layout, so each is written once.  A variable or out-of-range extent is bound as 1, so the
 * one assertion that says so is the only error.  pad, K: every stride of the format is at most
 * (max(rows, cols) + pad) * K. */
#define TLA__CONST_FRACTAL(F, name, T, rows, cols) \
    _Static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, \
        "tla: the Ascend formats take element types of 1, 2 or 4 bytes"); \
    TLA__CONST_BIND(name, rows, cols, 63, 16LL * TLA__C0(T)) \
    enum { tla__c0_##name = TLA__C0(T), tla__fr_##name = TLA__FRACTAL(T) }; \
    TLA__CONST_##F(name, tla__r_##name, tla__c_##name, tla__c0_##name, tla__fr_##name) \
        name TLA__MAYBE_UNUSED = { 0 }
#define TLA__CONST_PLAIN(F, name, rows, cols) \
    TLA__CONST_BIND(name, rows, cols, 0, 1) \
    TLA__CONST_##F(name, tla__r_##name, tla__c_##name) name TLA__MAYBE_UNUSED = { 0 }
#define TLA__CONST_BIND(name, rows, cols, pad, K) \
    _Static_assert(TLA__CONST_ICE(rows, cols), \
        "tla: rows and cols of a constant format must be integer constant expressions"); \
    _Static_assert(!TLA__CONST_ICE(rows, cols) || TLA__CONST_FITS(rows, cols, pad, K), \
        "tla: rows and cols of a constant format must be positive, and its strides at most TLA_STATIC_MAX"); \
    enum { tla__r_##name = __builtin_choose_expr(TLA__CONST_FITS(rows, cols, pad, K), (rows), 1), \
           tla__c_##name = __builtin_choose_expr(TLA__CONST_FITS(rows, cols, pad, K), (cols), 1) };
#define TLA__CONST_ICE(rows, cols) (__builtin_constant_p(rows) && __builtin_constant_p(cols))
#define TLA__CONST_FITS(rows, cols, pad, K) __builtin_choose_expr(TLA__CONST_ICE(rows, cols), \
        (rows) > 0 && (cols) > 0 && ((long long)((rows) > (cols) ? (rows) : (cols)) + (pad)) * (K) <= tla__M, 0)
/* The layouts: z? formats have rows in (16, ..), cols in (C0, ..); n? formats the other way.
 * Arguments after eb: the shape ((a, b), (c, d)) and the stride ((e, f), (g, h)). */
#define TLA__CONST_ZN(name, r, c, c0, fr) TLA__CONST_FMT(name, r, c, 1 + 32 / c0, \
        16, TLA__CDIV(r, 16), c0, TLA__CDIV(c, c0), c0, fr, 1, TLA__CDIV(r, 16) * 16 * c0)
#define TLA__CONST_ZZ(name, r, c, c0, fr) TLA__CONST_FMT(name, r, c, 1 + 32 / c0, \
        16, TLA__CDIV(r, 16), c0, TLA__CDIV(c, c0), c0, TLA__CDIV(c, c0) * 16 * c0, 1, fr)
#define TLA__CONST_NZ(name, r, c, c0, fr) TLA__CONST_FMT(name, r, c, 1 + 32 / c0, \
        c0, TLA__CDIV(r, c0), 16, TLA__CDIV(c, 16), 1, TLA__CDIV(c, 16) * 16 * c0, c0, fr)
#define TLA__CONST_NN(name, r, c, c0, fr) TLA__CONST_FMT(name, r, c, 1 + 32 / c0, \
        c0, TLA__CDIV(r, c0), 16, TLA__CDIV(c, 16), 1, fr, c0, TLA__CDIV(r, c0) * 16 * c0)
/* ceil(a / b) of integer constant expressions */
#define TLA__CDIV(a, b) (((a) + (b) - 1) / (b))
/* The layout type, kind 31 (originShape (r, c)); eb: 1 + the element size, as tla_zN(T, ...)
 * records it (1: not recorded).  The node types are written from the values' codes
 * (TLA__KVTYPE, core_gen.h; the values are checked in range by TLA__CONST_BIND).  The caller
 * adds the name and the initializer. */
#define TLA__CONST_FMT(name, r, c, eb, a, b, c_, d, e, f, g, h) \
    typedef TLA__KVTYPE(4, 2, 3, (11, TLA__B + (a)), (21, TLA__B + (b)), (12, TLA__B + (c_)), (22, TLA__B + (d))) \
        tla__shape_t_##name; \
    typedef TLA__KVTYPE_T(TLA__CONST_VT(r, c), 4, 2, 3, (11, TLA__B + (e)), (21, TLA__B + (f)), (12, TLA__B + (g)), \
        (22, TLA__B + (h))) tla__stride_t_##name; \
    TLA__CONST_FMT2(name, r, c, eb)
#define TLA__CONST_FMT2(name, r, c, eb) \
    typedef TLA__KVTYPE(2, 2, 2, (1, TLA__B + (r)), (2, TLA__B + (c))) tla__origin_t_##name; \
    static const TLA__LAYOUT_STRUCT_O(tla__shape_t_##name, tla__stride_t_##name, tla__origin_t_##name, 31, eb)
/* The strides' value type: int, or long long where the offsets may pass INT_MAX (as _fw). */
#define TLA__CONST_VT(r, c) __typeof__(TLA__IF((r + 64LL) * (c + 64) <= tla__I, 0, 0LL))
/* Row- and column-major: flat. */
#define TLA__CONST_ROW_MAJOR(name, r, c) TLA__CONST_FLAT(name, r, c, c, 1)
#define TLA__CONST_COLUMN_MAJOR(name, r, c) TLA__CONST_FLAT(name, r, c, 1, r)
#define TLA__CONST_FLAT(name, r, c, d0, d1) \
    typedef TLA__KVTYPE(2, 2, 2, (1, TLA__B + (r)), (2, TLA__B + (c))) tla__shape_t_##name; \
    typedef TLA__KVTYPE_T(TLA__CONST_VT(r, c), 2, 2, 2, (1, TLA__B + (d0)), (2, TLA__B + (d1))) tla__stride_t_##name; \
    TLA__CONST_FMT2(name, r, c, 1)

/* ---- tiles ---- */
/* The tile layout of L (bound) and tile t (a node): for a depth-1 layout the shape is t; for a
 * rank-2 fractal ((r0,n),(c0,m)) it is ((r0, ceil(t0/r0)), (c0, ceil(t1/c0))).  The stride is L's
 * and the originShape is t.  Both shapes are compiled; the right one is chosen. */
/* (ISL: L is a layout; when it is not, its own assert has spoken and these stay quiet) */
#define TLA__TILE_CHECKS(ISL, S, t) \
    _Static_assert(!(ISL) || (TLA__IS_LEAF(S) ? TLA__IS_LEAF(t) : TLA__IS_TUPLE(t) && \
        TLA__TRANK(t) == TLA__TRANK(S) && TLA__DEPTH(t) == 1), \
        "tla: make_tile needs one integer tile extent per top-level mode of the layout"); \
    _Static_assert(!(ISL) || TLA__DEPTH(S) <= 1 || TLA__TILE_FRACTAL(S), \
        "tla: make_tile takes a depth-1 layout or a rank-2 fractal layout ((r0,n),(c0,m))");
/* A fractal shape ((a,b),(c,d)) is one whose path list (node.h, pp) is tla__pp_fractal
 * (core_gen.h, with the other path lists by name). */
#define TLA__TILE_FRACTAL(S) __builtin_types_compatible_p(__typeof__((S).tla_f->pp), tla__pp_fractal)
/* The fractal case's leaves (TLA__NODEKV): the shape's inner leaves r0 = slot 0 and c0 = slot 2,
 * and ceil(t0 / r0), ceil(t1 / c0), static when both of theirs are; codes and values are bound
 * once, so their several mentions stay short.  Static values are ints, as TLA_C values are.
 * S: the parent's shape, t the tile node, t0 and t1 its extents as long longs (bound). */
#define TLA__TILE_SHAPE(S, t, t0, t1) TLA__TILE_SHAPE_K(S, t, TLA__SCODE(t, 0), TLA__SCODE(t, 1), t0, t1)
/* (the same with the tile extents' codes k0, k1 given: tla_tile_at has them bound) */
#define TLA__TILE_SHAPE_K(S, t, k0, k1, t0, t1) __extension__ ({ \
        enum { _sr0 = TLA__SCODE(S, 0), _sr2 = TLA__SCODE(S, 2), \
               _sk1 = TLA__CEIL_CODE(k0, _sr0), _sk3 = TLA__CEIL_CODE(k1, _sr2) }; \
        long long _sw0 = TLA__CVAL(_sr0, (S).v[0]), _sw2 = TLA__CVAL(_sr2, (S).v[2]); \
        __auto_type _sx0 = TLA__IF(_sr0 >= 2, TLA__CV(_sr0), _sw0); \
        __auto_type _sx1 = TLA__IF(_sk1 >= 2, TLA__CV(_sk1), tla__tile_ceil(t0, _sw0)); \
        __auto_type _sx2 = TLA__IF(_sr2 >= 2, TLA__CV(_sr2), _sw2); \
        __auto_type _sx3 = TLA__IF(_sk3 >= 2, TLA__CV(_sk3), tla__tile_ceil(t1, _sw2)); \
        (void)_sx0, (void)_sx1, (void)_sx2, (void)_sx3; /* (unused when S is not a fractal) */ \
        TLA_IF(TLA__DEPTH(S) <= 1, (t), TLA__NODEKV(4, 2, 3, (11, _sr0, _sx0), (21, _sk1, _sx1), (12, _sr2, _sx2), (22, _sk3, _sx3))); })
/* ceil(a / b) at run time (1 for b == 0: the tile of a layout with an empty mode) */
TLA_FUNC long long tla__tile_ceil(long long a, long long b) { return (a + b - 1) / (b != 0 ? b : 1); }
/* A slot's value as a long long, given its code c and its stored value v (a static value is
 * read from the code: a layout rebuilt from its type alone has no stored values). */
#define TLA__CVAL(c, v) tla__cv(c, v)
TLA_FUNC long long tla__cv(unsigned long long c, long long v) { return c > 1 ? (long long)c - TLA__B : v; }
/* The code of ceil(t / r) for leaves of codes ct, cr (static when both are, and r != 0). */
#define TLA__CEIL_CODE(ct, cr) ((ct) >= 2 && (cr) > TLA__B ? (TLA__CV(ct) + TLA__CV(cr) - 1) / TLA__CV(cr) + TLA__B : 1)
/* Slot j's value as a long long (whatever the signedness of the node's run-time values). */
#define TLA__SVALLL(x, j) TLA__CVAL(TLA__SCODE(x, j), (x).v[j])

/* The extents of the two top-level modes of a rank-2 layout that hold data, into o[2]: its
 * originShape (has), else the products of each mode's shape leaves s0..s3 (four: the shape is
 * ((a, b), (c, d)); else (a, b): the two forms make_tile takes, TLA__TILE_CHECKS).  A function:
 * one call is shorter text than the two branches written out at every tile. */
TLA_FUNC void tla__origin2(long long *o, int has, long long o0, long long o1, int four, long long s0, long long s1,
                           long long s2, long long s3) {
    if (has)
        o[0] = o0, o[1] = o1;
    else if (four)
        o[0] = s0 * s1, o[1] = s2 * s3;
    else
        o[0] = s0, o[1] = s1;
}
/* A pair of run-time long longs as a node, (a, b) (a tile's cropped extents): the node
 * TLA__NODEKV(2, 2, 2, (1, 1, a), (2, 1, b)) would write, with its types declared once here
 * rather than at every tile. */
struct tla__dpair_info {
    char (*n)[3], (*dp)[2], (*r)[3], (*st)[1], (*c0)[1], (*c1)[1], (*c2)[1], (*c3)[1], (*c4)[1], (*c5)[1], (*c6)[1],
        (*c7)[1], (*p0)[2], (*p1)[3], (*p2)[1], (*p3)[1], (*p4)[1], (*p5)[1], (*p6)[1], (*p7)[1];
    void (*pp)(char (*)[2], char (*)[3], char (*)[1], char (*)[1], char (*)[1], char (*)[1], char (*)[1], char (*)[1]);
};
struct tla__dpair { long long v[8]; union { const struct tla__dpair_info *tla_f; char (*tla_lk)[6]; }; };
#define TLA__DPAIR(a, b) ((struct tla__dpair){ .v = { (a), (b) } })
/* The cropped extent's code when the tile extent, the parent's originShape and the coordinate
 * are static (codes t, o, c; a layout without an originShape reads a nil's, 1), else 1: a tile
 * at a static coordinate of a static parent has a static originShape, so its queries are
 * constant expressions and a tail tile's plan folds.  (t, o, c are enum constants.) */
#define TLA__CROP_CODE(t, o, c) (t > 1 && o > 1 && c > 1 ? (o <= c ? tla__B : t - tla__B < o - c ? t : o - c + tla__B) : 1)
/* A pair of static values of codes k0, k1 as a node */
#define TLA__SPAIR(k0, k1) ((struct { int v[8]; union { const struct { tla__a3 n, r, p1; tla__a2 dp, st, p0; \
        char (*c0)[k0], (*c1)[k1]; tla__u1 c2, c3, c4, c5, c6, c7, p2, p3, p4, p5, p6, p7; tla__ppf2 pp; } *tla_f; \
        char (*tla_lk)[6]; }; }){ .v = { k0 - tla__B, k1 - tla__B } })
typedef char (*tla__a2)[2], (*tla__a3)[3];
/* min(tile, origin - coord), and 0 past the origin (an empty tile, as in CATLASS) */
TLA_FUNC long long tla__crop(long long t, long long o, long long c) { return o - c <= 0 ? 0 : t < o - c ? t : o - c; }

/* The tile's coordinate inside the top parent: coord c, plus the parent's own when the parent
 * is itself a tile (slot j static when both are and the sum is in range); L and c bound. */
#define TLA__TILE_COORD(L, c) __extension__ ({ __auto_type _xp = &TLA__TILE_X(L); \
        enum { _xa0 = TLA__FP(_xp->tla_f, c0), _xa1 = TLA__FP(_xp->tla_f, c1), _xb0 = TLA__SCODE(c, 0), _xb1 = TLA__SCODE(c, 1), \
               _xk0 = TLA__SUM_CODE(_xa0, _xb0), _xk1 = TLA__SUM_CODE(_xa1, _xb1) }; \
        __auto_type _xv0 = TLA__IF(_xk0 >= 2, TLA__CV(_xk0), TLA__CVAL(_xa0, _xp->v[0]) + TLA__CVAL(_xb0, (c).v[0])); \
        __auto_type _xv1 = TLA__IF(_xk1 >= 2, TLA__CV(_xk1), TLA__CVAL(_xa1, _xp->v[1]) + TLA__CVAL(_xb1, (c).v[1])); \
        TLA_IF(TLA__IS_TILE(L), TLA__NODEKV(2, 2, 2, (1, _xk0, _xv0), (2, _xk1, _xv1)), (c)); })
/* (the sum of two static values is in range when it differs from 0 by at most TLA_STATIC_MAX:
 * in unsigned arithmetic a negative sum wraps past 2 * TLA_STATIC_MAX; a and b are enum
 * constants, so they need no parentheses, and a - 2^30 + b stays in int when in range) */
#define TLA__SUM_CODE(a, b) (a >= 2 && b >= 2 && 0u + a + b + tla__M - 2u * TLA__B <= 2u * tla__M ? a - TLA__B + b : 1)

/* ---- layout predicates (CATLASS's isRowMajor, isColumnMajor, iszN, iszZ, isnZ, iszNUnAlign) ----
 * tla_is_row_major(L), tla_is_column_major(L), tla_is_vector(L), tla_is_zN(T, L),
 * tla_is_zZ(T, L), tla_is_nZ(T, L), tla_is_nN(T, L), tla_is_zN_unalign(T, L) -> 1 or 0, an integer
 *   constant expression for static and mixed layouts (L is named once and not evaluated).  As in CATLASS, a
 *   format is recognised by its structure and its fractal leaves: ((16,r),(C0,c)) with
 *   strides ((C0,FRACTAL),(1,_)) is zN of T (C0 = 32 / sizeof(T)); a leaf the test needs must
 *   be static.  Row-major: rank 2, depth 1, stride of mode 1 is _1; vector: rank 1, stride _1.
 *   A run-time tla_layout gets a run-time answer by the same definitions (tla_layout_is_format_bits,
 *   rt/formats.h), so the same spelling serves static, mixed and run-time layouts.
 * Example:
 *   tla_auto A = tla_zN(tla_half, 100, 70);
 *   _Static_assert(tla_is_zN(tla_half, A) && !tla_is_nZ(tla_half, A) && !tla_is_zN(float, A), "");
 *   _Static_assert(tla_is_row_major(tla_row_major(100, TLA_C(70))), "");
 *   tla_auto U = tla_make_layout(tla_make_tuple(tla_make_tuple(127, TLA_C(1)), tla_make_tuple(TLA_C(16), TLA_C(16))),
 *                                tla_make_tuple(tla_make_tuple(TLA_C(16), TLA_C(2048)), tla_make_tuple(TLA_C(1), TLA_C(2032))));
 *   _Static_assert(tla_is_zN_unalign(tla_half, U) && !tla_is_zN(tla_half, U), "CATLASS's zNUnAlign");
 */
#define TLA__PRED(L, cond) (sizeof(*__extension__ ({ __auto_type tla__pl1 = (L); __auto_type tla__pl0 = TLA__SNODE(tla__pl1); \
        __auto_type tla__pl = TLA__AL(tla__pl0); (void)tla__pl; \
        (char (*)[1 + !!(TLA__IS_LAYOUT(tla__pl0) && (cond))])0; })) == 2)
#define TLA__PS(j) TLA__SCODE(TLA__LSHAPE(tla__pl), j)
#define TLA__PD(j) TLA__SCODE(TLA__LSTRIDE(tla__pl), j)
#define TLA__PIS(code, v) ((code) == (v) + TLA__B) /* the static value v */
#define TLA__PDEPTH1(r) (TLA__TRANK(TLA__LSHAPE(tla__pl)) == (r) && TLA__DEPTH(TLA__LSHAPE(tla__pl)) <= 1)
/* ((a,b),(c,d)): four leaves, paths (0,0) (0,1) (1,0) (1,1) (path codes, tuple.h) */
#define TLA__PFRACTAL TLA__TILE_FRACTAL(TLA__LSHAPE(tla__pl))
/* A run-time tla_layout L is answered at run time by the same definitions, fn(p, f, bits) with p a
 * pointer to a copy of it (tla__catlass_pred, rt/formats.h: a leaf the test reads must be static
 * there too, its stat bit set, as CATLASS reads Layout{}); tla__rtnl, declared and never defined,
 * stands in the branch a static layout does not take.  Anything else: the static test, an
 * integer constant expression. */
#define TLA__PRED_RT(L, fn, f, bits, cond) _Generic((L), struct tla_layout: fn((const struct tla_layout[1]){ \
        _Generic((L), struct tla_layout: (L), default: tla__rtnl) }, f, bits), default: TLA__PRED(L, cond))
extern const struct tla_layout tla__rtnl;
#define TLA__RT_IS tla__catlass_pred

/* clang-format on */
#endif
