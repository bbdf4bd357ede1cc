/* tla/compat.h - opt-in TLA / CuTe spellings, so CATLASS TLA code ports nearly verbatim.
 *
 *   #include "tla/compat.h"        (includes tla.h)
 *
 *   tla_auto w2xh4 = MakeLayout(MakeShape(_2, 4), MakeStride(_12, _1));
 *   print(w2xh4);                               // (_2,4):(_12,_1)
 *   tla_auto shape  = MakeShape(MakeShape(_4, _2), MakeShape(_4, _3));
 *   tla_auto stride = MakeStride(MakeStride(_4, _16), MakeStride(_1, _32));
 *   _Static_assert(crd2offset(MakeCoord(_1, _5), shape, stride) == 37, "");
 *
 * C++ TLA                               here
 *   Int<N>{} / _N                         Int(N) / _N (every CuTe name, _m32 ... _524288)
 *   auto x = ...;                         tla_auto x = ...;
 *   get<I, J>(x), rank<I>(x), ...         get(x, I, J), rank(x, I), ... (literal indices)
 *   crd2offset(c, shape, stride)          crd2offset(c, shape, stride) or crd2offset(c, layout)
 *   MakeLayoutTile(layout, tileShape)     the same
 *   MakeLayout<half, zN>(rows, cols)      MakeLayout(tla_half, zN, rows, cols)
 *   MakeTensor, MakeTensorLike<zN>,       MakeTensor(ptr, L, PositionGM), MakeTensorLike(zN, ptr, like,
 *   GetTile, TileView, originShape, ...   PositionL1), GetTile(t, coord, shape), ... (docs/catlass.md)
 *   t.data(), t.layout(), t.coord()       data(t), layout(t), coord(t)
 *   t.layout()(t.coord())                 crd2offset(coord(t), layout(t))
 *   tensor(i, _), tensor(b, _, _)         Slice(t, i, _), Slice(t, b, _, _)
 * Every name takes static, mixed and run-time values alike: over a static or mixed layout the
 * tensors are static or mixed (their addresses fold), over a run-time tla_layout run-time.
 * Queries are integer constant expressions on static arguments, crd2offset too (it is
 * tla_crd2offset_auto, which costs the compiler about twice tla_crd2offset's time).
 *
 * These names are short and common, and `_N` identifiers are reserved to the C
 * implementation at file scope, which is why this header is opt-in.  Everything here is a
 * macro over the tla_ names, so both spellings mix freely.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto shape  = MakeShape(MakeShape(_4, _2), MakeShape(_4, _3));
 *   tla_auto stride = MakeStride(MakeStride(_4, _16), MakeStride(_1, _32));
 *   _Static_assert(crd2offset(MakeCoord(_1, _5), shape, stride) == 37, "the offset of CATLASS's layout documentation");
 *   tla_auto w2xh4 = MakeLayout(MakeShape(_2, 4), MakeStride(_12, _1));
 *   print(w2xh4);                                             // (_2,4):(_12,_1)
 *   printf("\n");
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_COMPAT_H
#define TLA_COMPAT_H
/* A system header, so gcc's notes on a misuse stop at the user's call (static/core_gen.h): an undeclared
 * name in MakeShape reports in 11 lines, not 28. */
#pragma GCC system_header

#include "tla.h"
/* the including file's one-letter macros set aside here too (tla/letters.h) */
#include "tla/letters.h"

/* ---- static integers ----
 * Every name CuTe's integral_constant.hpp defines (_m32 ... _m1, _0 ... _10, _12 ... _524288),
 * plus _11 ... _32.  Each names a type declared once here, so a mention costs the compiler
 * a few bytes instead of a new type (Int(N) / TLA_C(N) declares one per mention). */
/* Int(N): N must be an integer constant expression (CuTe's Int<N> takes a template argument): a
 * variable, even a const one, is refused in one message that says so, and reads as 0 after it. */
#define Int(N) (TLA_STATIC_CHECK(TLA__IS_ICE(N), "tla: Int(N) / TLA_C(N) needs an integer constant expression " \
        "(an enum constant or a #define), not a variable: the value of a static integer is part of its type"), \
        TLA_C(__builtin_choose_expr(TLA__IS_ICE(N), (N), 0)))
#define _m32 (tla__cm32){ 0 }
#define _m24 (tla__cm24){ 0 }
#define _m16 (tla__cm16){ 0 }
#define _m12 (tla__cm12){ 0 }
#define _m10 (tla__cm10){ 0 }
#define _m9 (tla__cm9){ 0 }
#define _m8 (tla__cm8){ 0 }
#define _m7 (tla__cm7){ 0 }
#define _m6 (tla__cm6){ 0 }
#define _m5 (tla__cm5){ 0 }
#define _m4 (tla__cm4){ 0 }
#define _m3 (tla__cm3){ 0 }
#define _m2 (tla__cm2){ 0 }
#define _m1 (tla__cm1){ 0 }
#define _0 (tla__c0){ 0 }
#define _1 (tla__c1){ 0 }
#define _2 (tla__c2){ 0 }
#define _3 (tla__c3){ 0 }
#define _4 (tla__c4){ 0 }
#define _5 (tla__c5){ 0 }
#define _6 (tla__c6){ 0 }
#define _7 (tla__c7){ 0 }
#define _8 (tla__c8){ 0 }
#define _9 (tla__c9){ 0 }
#define _10 (tla__c10){ 0 }
#define _11 (tla__c11){ 0 }
#define _12 (tla__c12){ 0 }
#define _13 (tla__c13){ 0 }
#define _14 (tla__c14){ 0 }
#define _15 (tla__c15){ 0 }
#define _16 (tla__c16){ 0 }
#define _17 (tla__c17){ 0 }
#define _18 (tla__c18){ 0 }
#define _19 (tla__c19){ 0 }
#define _20 (tla__c20){ 0 }
#define _21 (tla__c21){ 0 }
#define _22 (tla__c22){ 0 }
#define _23 (tla__c23){ 0 }
#define _24 (tla__c24){ 0 }
#define _25 (tla__c25){ 0 }
#define _26 (tla__c26){ 0 }
#define _27 (tla__c27){ 0 }
#define _28 (tla__c28){ 0 }
#define _29 (tla__c29){ 0 }
#define _30 (tla__c30){ 0 }
#define _31 (tla__c31){ 0 }
#define _32 (tla__c32){ 0 }
#define _48 (tla__c48){ 0 }
#define _64 (tla__c64){ 0 }
#define _80 (tla__c80){ 0 }
#define _96 (tla__c96){ 0 }
#define _112 (tla__c112){ 0 }
#define _128 (tla__c128){ 0 }
#define _144 (tla__c144){ 0 }
#define _160 (tla__c160){ 0 }
#define _176 (tla__c176){ 0 }
#define _192 (tla__c192){ 0 }
#define _208 (tla__c208){ 0 }
#define _224 (tla__c224){ 0 }
#define _240 (tla__c240){ 0 }
#define _256 (tla__c256){ 0 }
#define _384 (tla__c384){ 0 }
#define _512 (tla__c512){ 0 }
#define _768 (tla__c768){ 0 }
#define _1024 (tla__c1024){ 0 }
#define _2048 (tla__c2048){ 0 }
#define _4096 (tla__c4096){ 0 }
#define _8192 (tla__c8192){ 0 }
#define _16384 (tla__c16384){ 0 }
#define _32768 (tla__c32768){ 0 }
#define _65536 (tla__c65536){ 0 }
#define _131072 (tla__c131072){ 0 }
#define _262144 (tla__c262144){ 0 }
#define _524288 (tla__c524288){ 0 }

/* ---- construction ---- */
/* Object-like, like tla_make_tuple (static/tuple.h): nested calls written in place make one flat tuple.
 * They name its expansion, TLA__TUPLE, directly: clang's notes on a misused element list each
 * object-like step (one fewer: MakeCoord(kTypo, j) in crd2offset 23 -> 17 lines). */
#define MakeShape TLA__TUPLE
#define MakeStride TLA__TUPLE
#define MakeCoord TLA__TUPLE
#define MakeLayout(...) TLA__CAT(TLA__COMPAT_MKL_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)
#define MakeLayoutTile(L, tileShape) tla_make_tile(L, tileShape)

/* ---- queries; with indices they apply to get(x, I...) ---- */
#define rank(...) TLA__COMPAT(tla_rank, __VA_ARGS__)
#define depth(...) TLA__COMPAT(tla_depth, __VA_ARGS__)
#define size(...) TLA__COMPAT(tla_size, __VA_ARGS__)
#define cosize(...) TLA__COMPAT(tla_cosize, __VA_ARGS__)
/* shape and stride of a layout (of a tuple, use the tuple: tla_shape(T) gives T itself) */
#define shape(...) TLA__COMPAT(TLA__LAYOUT_SHAPE, __VA_ARGS__)
#define stride(...) TLA__COMPAT(TLA__LAYOUT_STRIDE, __VA_ARGS__)
/* get(x, I...): of a static or mixed value tla_get (a static integer where static); of a run-time
 * tla_tuple or tla_layout (shape(t.layout), t.layout of a run-time tensor) the run-time element
 * at that path, a tla_tuple or tla_layout (tla_value(get(...)) reads a leaf; a path that is not
 * there gives an empty value).  The branch not taken compiles on a stand-in: a static tuple with
 * that path when x is run-time (one whose indices add up to 7 or less, as every rank-2 path
 * does), x itself otherwise. */
#define get(x, ...) __builtin_choose_expr(TLA__IS_RT_VALUE(x), TLA__COMPAT_RTGET(x, __VA_ARGS__), \
        tla_get(TLA_IF(TLA__IS_RT_VALUE(x), TLA__CAT(TLA__COMPAT_PATH_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__), x), __VA_ARGS__))
#define print(x) tla_print(x)
#define print_layout(x) tla_print_layout(x)

/* ---- CATLASS helpers and constants ---- */
#define CeilDiv(a, b) TLA_CEIL_DIV(a, b)
#define RoundUp(a, b) TLA_ROUND_UP(a, b)
#define RoundDown(a, b) TLA_ROUND_DOWN(a, b)
#define BYTE_PER_C0 TLA_C0_BYTES
#define C0_NUM_PER_FRACTAL TLA_FRACTAL_ROWS
#define BYTE_PER_FRACTAL TLA_FRACTAL_BYTES
#define ELE_NUM_PER_C0(T) TLA_C0_ELEMS(T)
#define ELE_NUM_PER_FRACTAL(T) TLA_FRACTAL_ELEMS(T)
/* CATLASS's layout predicates (detail::isRowMajor<Layout>::value ...) as constant expressions */
#define isRowMajor(L) tla_is_row_major(L)
#define isColumnMajor(L) tla_is_column_major(L)
#define isVector(L) tla_is_vector(L)
#define iszN(T, L) tla_is_zN(T, L)
#define iszZ(T, L) tla_is_zZ(T, L)
#define isnZ(T, L) tla_is_nZ(T, L)

#define iszNUnAlign(T, L) tla_is_zN_unalign(T, L)
/* MakeLayoutL0C, MakeMxScaleLayout<e8m0, Tag, isMxScaleB>, MakeLayoutFmap<T>, MakeLayoutFilter<T, Position>
 * (tla/static/formats_ext.h; isB is the literal true or false, Position PositionGM or PositionL1) */
#define MakeLayoutL0C(rows, cols) tla_l0c(rows, cols)
#define MakeMxScaleLayout(E, Tag, isB, rows, cols) TLA__COMPAT_MX_##Tag##_##isB(rows, cols)
#define MakeLayoutFmap(T, batch, cin1, h, w) tla_fmap(T, batch, cin1, h, w)
#define MakeLayoutFilter(T, Pos, cin1, kh, kw, cout) TLA__COMPAT_FILTER_##Pos(T, cin1, kh, kw, cout)

/* ---- CATLASS tensors: run-time tla_tensor values (tla/tensor/tensor.h, tla/catlass.h) ----
 * The element size comes from the pointer's type, layouts and coordinates may be static,
 * mixed or run-time.  Like CATLASS's, these report no errors: on an error (which the tla_
 * function named in docs/catlass.md's table would report) they give an empty tensor (no data,
 * extent 0 in every mode), so every access through it is NULL. */
#define PositionGM TLA_POS_GM
#define PositionL1 TLA_POS_L1
#define PositionL0A TLA_POS_L0A
#define PositionL0B TLA_POS_L0B
#define PositionL0C TLA_POS_L0C
#define PositionUB TLA_POS_UB
/* MakeTensor(ptr, layout, position) or MakeTensor(ptr, layout, coord, position) */
#define MakeTensor(...) TLA__CAT(TLA__COMPAT_MT_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)
/* MakeTensorLike(Tag, ptr, like, position [, layoutBase]): MakeTensorLike<Tag, Element>(...) */
#define MakeTensorLike(Tag, p, like, ...) TLA__CAT(TLA__COMPAT_ML_, TLA__NARGS(__VA_ARGS__))(Tag, p, like, __VA_ARGS__)
/* GetTile(tensor, coord, shape) and TileView(tensor, tileCoord, tileShape) (TileView's tile
 * starts at element tileCoord * tileShape, mode by mode, as CATLASS's; a static tensor's tile
 * takes (row, col)) */
#define GetTile(t, coord, shape) __extension__ ({ __auto_type tla__gc = (coord); __auto_type tla__gs = (shape); \
        __builtin_choose_expr(TLA__IS_RTT(t), TLA__COMPAT_GT(TLA__AS_RTT(t), tla__gc, tla__gs), \
        tla_tensor_tile_at(TLA__AS_ST(t), tla__gs, tla__gc)); })
#define TileView(t, tileCoord, tileShape) __extension__ ({ __auto_type tla__vc0 = (tileCoord); \
        __auto_type tla__vs0 = (tileShape); __builtin_choose_expr(TLA__IS_RTT(t), \
        TLA__COMPAT_TV(TLA__AS_RTT(t), tla__vc0, tla__vs0), TLA__COMPAT_STV(TLA__AS_ST(t), tla__vc0, tla__vs0)); })
/* data(t), layout(t), coord(t): CATLASS's t.data(), t.layout(), t.coord() (CuTe's layout(t)).
 * Of a static or mixed tensor: its pointer; its layout without the coordinate (shape, stride,
 * originShape: static where they are); its coordinate, a static or mixed (row, col), (_0, _0)
 * when it has none.  Of a run-time tla_tensor: t.data (a char pointer), t.layout, and its
 * coordinate's first two modes as a mixed (row, col) (a rank-2 tensor's: t.coord[] has them all).  So crd2offset(coord(t), layout(t)) is t.layout()(t.coord()),
 * the offset of the tensor's first element from data(t), and shape(layout(t)), stride(layout(t))
 * are t.shape(), t.stride(). */
#define data(t) _Generic((t), struct tla_tensor: TLA__AS_RTT(t).data, default: tla_tensor_data(TLA__AS_ST(t)))
#define layout(t) _Generic((t), struct tla_tensor: TLA__AS_RTT(t).layout, default: TLA__COMPAT_LAYOUT(TLA__AS_ST(t)))
#define coord(t) _Generic((t), struct tla_tensor: tla_make_tuple(TLA__AS_RTT(t).coord[0], TLA__AS_RTT(t).coord[1]), \
        default: TLA__COMPAT_COORD(TLA__AS_ST(t)))
/* ---- slices: CATLASS's tensor(i, _), tensor(_, j), tensor(b, _, _) ----
 * Slice(t, c0, c1 [, c2, c3]): each c an integer or _ (Underscore); the modes given as _ are
 * kept, in order, with their originShape, the others fixed there (at least one _).  Of a
 * run-time tla_tensor, any rank (tla_tensor_slice; an empty tensor on error).  Of a static or
 * mixed rank-2 tensor: (i, _) and (_, j) give a rank-1 static or mixed tensor of the kept
 * mode (a mode of one or two leaves, as every format's), (_, _) the tensor itself.  A tile's
 * coordinate in the kept mode stays with the slice (CATLASS adds it to the pointer instead,
 * which misplaces a fractal tile's row that starts off a fractal boundary).
 * `_` is defined unless something defined it first (gettext's _("...")): then write Underscore. */
struct tla_underscore { char tla_u; };
#define Underscore ((struct tla_underscore){ 0 })
#ifndef _
#define _ Underscore
#endif
#define Slice(t, ...) __builtin_choose_expr(TLA__IS_RTT(t), tla__compat_slice(TLA__AS_RTT(t), TLA__NARGS(__VA_ARGS__), \
        TLA__COMPAT_SV4(__VA_ARGS__, 0, 0, 0, ~)), TLA__COMPAT_SSLICE(TLA__AS_ST(t), TLA__NARGS(__VA_ARGS__), __VA_ARGS__, 0, ~))
/* GetTileLayout(layout, tileShape, coord): static and mixed (tla_tile_at; run time:
 * tla_layout_get_tile). */
#define GetTileLayout(L, tileShape, coord) tla_tile_at(L, tileShape, coord)
/* MakeLayoutFromTag(tag): tag a tla_layout_tag; an empty layout (0:0) on error */
#define MakeLayoutFromTag(tag) __extension__ ({ tla_layout tla__fl; \
        if (tla_layout_from_tag(&tla__fl, &(tag), NULL) != 0) tla__fl = tla__compat_empty_tensor().layout; tla__fl; })
/* originShape(x) -> tla_tuple (of a layout or tensor of any kind); originShape(x, i) -> extent i (a literal) of a layout or
 * tensor: of a static or mixed layout or tensor its originShape's leaf (an integer constant
 * expression where static; the mode's size where it has none), of a run-time tla_layout an
 * int64_t (originShape<I>(t) in CATLASS) */
#define originShape(...) TLA__CAT(TLA__COMPAT_OS_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)
/* PrependDimLayout(layout, extent, stride): PrependDimLayout_t as a value (run-time layout) */
#define PrependDimLayout(L, extent, stride) __extension__ ({ tla_layout tla__pl; \
        if (tla_layout_prepend_dim(&tla__pl, TLA__COMPAT_RTL(L), extent, stride, NULL) != 0) \
            tla__pl = tla__compat_empty_tensor().layout; tla__pl; })

/* crd2offset(coord, layout) or crd2offset(coord, shape, stride): static or mixed, an integer
 * constant expression where all static (tla_crd2offset_auto); a run-time tla_layout (t.layout of
 * a run-time tensor) gives the int64_t offset at run time (tla_layout_crd2offset; -1 where that
 * reports an error: a coordinate of another rank, an overflow).  The three-argument form takes
 * run-time shape and stride tuples (shape(t.layout), stride(t.layout)) the same way, with a
 * flat coordinate (one integer per mode). */
#define crd2offset(...) TLA__CAT(TLA__COMPAT_CRD_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)

/* ---------------------------------------------------------------- internals */
/* (1 when N is an integer constant expression: (void *)(N * 0l) is then a null pointer constant,
 * and the conditional has type int *; else void *) */
#define TLA__IS_ICE(N) _Generic((1 ? (int *)0 : (void *)((N) * 0l)), int *: 1, default: 0)
#define TLA__COMPAT_INT(name, N) typedef union { char (*tla_sv)[(N) + TLA__B]; int tla_v; } tla__c##name;
TLA__COMPAT_INT(m32, -32)
TLA__COMPAT_INT(m24, -24)
TLA__COMPAT_INT(m16, -16)
TLA__COMPAT_INT(m12, -12)
TLA__COMPAT_INT(m10, -10)
TLA__COMPAT_INT(m9, -9)
TLA__COMPAT_INT(m8, -8)
TLA__COMPAT_INT(m7, -7)
TLA__COMPAT_INT(m6, -6)
TLA__COMPAT_INT(m5, -5)
TLA__COMPAT_INT(m4, -4)
TLA__COMPAT_INT(m3, -3)
TLA__COMPAT_INT(m2, -2)
TLA__COMPAT_INT(m1, -1)
TLA__COMPAT_INT(0, 0)
TLA__COMPAT_INT(1, 1)
TLA__COMPAT_INT(2, 2)
TLA__COMPAT_INT(3, 3)
TLA__COMPAT_INT(4, 4)
TLA__COMPAT_INT(5, 5)
TLA__COMPAT_INT(6, 6)
TLA__COMPAT_INT(7, 7)
TLA__COMPAT_INT(8, 8)
TLA__COMPAT_INT(9, 9)
TLA__COMPAT_INT(10, 10)
TLA__COMPAT_INT(11, 11)
TLA__COMPAT_INT(12, 12)
TLA__COMPAT_INT(13, 13)
TLA__COMPAT_INT(14, 14)
TLA__COMPAT_INT(15, 15)
TLA__COMPAT_INT(16, 16)
TLA__COMPAT_INT(17, 17)
TLA__COMPAT_INT(18, 18)
TLA__COMPAT_INT(19, 19)
TLA__COMPAT_INT(20, 20)
TLA__COMPAT_INT(21, 21)
TLA__COMPAT_INT(22, 22)
TLA__COMPAT_INT(23, 23)
TLA__COMPAT_INT(24, 24)
TLA__COMPAT_INT(25, 25)
TLA__COMPAT_INT(26, 26)
TLA__COMPAT_INT(27, 27)
TLA__COMPAT_INT(28, 28)
TLA__COMPAT_INT(29, 29)
TLA__COMPAT_INT(30, 30)
TLA__COMPAT_INT(31, 31)
TLA__COMPAT_INT(32, 32)
TLA__COMPAT_INT(48, 48)
TLA__COMPAT_INT(64, 64)
TLA__COMPAT_INT(80, 80)
TLA__COMPAT_INT(96, 96)
TLA__COMPAT_INT(112, 112)
TLA__COMPAT_INT(128, 128)
TLA__COMPAT_INT(144, 144)
TLA__COMPAT_INT(160, 160)
TLA__COMPAT_INT(176, 176)
TLA__COMPAT_INT(192, 192)
TLA__COMPAT_INT(208, 208)
TLA__COMPAT_INT(224, 224)
TLA__COMPAT_INT(240, 240)
TLA__COMPAT_INT(256, 256)
TLA__COMPAT_INT(384, 384)
TLA__COMPAT_INT(512, 512)
TLA__COMPAT_INT(768, 768)
TLA__COMPAT_INT(1024, 1024)
TLA__COMPAT_INT(2048, 2048)
TLA__COMPAT_INT(4096, 4096)
TLA__COMPAT_INT(8192, 8192)
TLA__COMPAT_INT(16384, 16384)
TLA__COMPAT_INT(32768, 32768)
TLA__COMPAT_INT(65536, 65536)
TLA__COMPAT_INT(131072, 131072)
TLA__COMPAT_INT(262144, 262144)
TLA__COMPAT_INT(524288, 524288)

/* ---- construction ---- */
/* TLA_CONST_LAYOUT(name, MakeShape(...), MakeStride(...)) (static/layout.h) takes them too. */
#define TLA__FS_MakeShape TLA__STATIC_TUPLE
#define TLA__FS_MakeStride TLA__STATIC_TUPLE
#define TLA__COMPAT_MKL_1(len) tla_vector(len)
#define TLA__COMPAT_MKL_2(s, d) TLA__LAYOUT_2(s, d)
#define TLA__COMPAT_MKL_3(s, d, o) TLA__LAYOUT_3(s, d, o)
#define TLA__COMPAT_MKL_4(T, Tag, rows, cols) TLA__COMPAT_TAG_##Tag(T, rows, cols)

/* ---- queries; with indices they apply to get(x, I...) ---- */
#define TLA__COMPAT_1(f, x) f(x)
#define TLA__COMPAT_N(f, x, ...) f(get(x, __VA_ARGS__))
#define TLA__COMPAT_PICK(_1, _2, _3, _4, _5, N, ...) N
#define TLA__COMPAT(f, ...) TLA__COMPAT_PICK(__VA_ARGS__, TLA__COMPAT_N, TLA__COMPAT_N, TLA__COMPAT_N, \
        TLA__COMPAT_N, TLA__COMPAT_1, ~)(f, __VA_ARGS__)
/* (values, not compound literals: clang takes a compound literal inside a type's array extent,
 * where crd2offset's run-time sum is, for one at file scope, whose initializer must be constant) */
#define TLA__COMPAT_RTGET(x, ...) _Generic((x), struct tla_layout: tla__compat_lget(TLA__AS_RTL(x), \
        TLA__NARGS(__VA_ARGS__), TLA__COMPAT_I4(__VA_ARGS__, 0, 0, 0, ~)), \
        default: tla__compat_tget(TLA__AS_RTUP(x), TLA__NARGS(__VA_ARGS__), TLA__COMPAT_I4(__VA_ARGS__, 0, 0, 0, ~)))
#define TLA__COMPAT_I4(a, b, c, d, ...) a, b, c, d
#define TLA__AS_RTUP(x) _Generic((x), struct tla_tuple: (x), default: tla__rtnu)
extern const struct tla_tuple tla__rtnu;
TLA_FUNC tla_layout tla__compat_lget(tla_layout L, int n, int i0, int i1, int i2, int i3) {
    tla_layout o;
    const int path[4] = { i0, i1, i2, i3 };
    if (n > 4 || tla_layout_get(&o, &L, n, path, NULL) != 0) {
        memset(&o, 0, sizeof o);
        o.shape = tla_tuple_leaf(0, 0), o.stride = tla_tuple_leaf(0, 0);
    }
    return o;
}
TLA_FUNC tla_tuple tla__compat_tget(tla_tuple t, int n, int i0, int i1, int i2, int i3) {
    tla_tuple o;
    const int path[4] = { i0, i1, i2, i3 };
    if (n > 4 || tla_tuple_get(&o, &t, n, path, NULL) != 0) o = tla_tuple_leaf(0, 0);
    return o;
}
/* A static tuple that has the path (i) or (i, j), i + j <= 7: the stand-in for a run-time get's
 * static branch (constructor calls written out, so the constructor sees their nesting). */
#define TLA__COMPAT_PATH_1(i) TLA__COMPAT_P1_##i
#define TLA__COMPAT_PATH_2(i, j) TLA__COMPAT_P2_##i##_##j
#define TLA__COMPAT_P1_0 tla_make_tuple(0)
#define TLA__COMPAT_P1_1 tla_make_tuple(0, 0)
#define TLA__COMPAT_P1_2 tla_make_tuple(0, 0, 0)
#define TLA__COMPAT_P1_3 tla_make_tuple(0, 0, 0, 0)
#define TLA__COMPAT_P1_4 tla_make_tuple(0, 0, 0, 0, 0)
#define TLA__COMPAT_P1_5 tla_make_tuple(0, 0, 0, 0, 0, 0)
#define TLA__COMPAT_P1_6 tla_make_tuple(0, 0, 0, 0, 0, 0, 0)
#define TLA__COMPAT_P1_7 tla_make_tuple(0, 0, 0, 0, 0, 0, 0, 0)
#define TLA__COMPAT_P2_0_0 tla_make_tuple(tla_make_tuple(0))
#define TLA__COMPAT_P2_0_1 tla_make_tuple(tla_make_tuple(0, 0))
#define TLA__COMPAT_P2_0_2 tla_make_tuple(tla_make_tuple(0, 0, 0))
#define TLA__COMPAT_P2_0_3 tla_make_tuple(tla_make_tuple(0, 0, 0, 0))
#define TLA__COMPAT_P2_0_4 tla_make_tuple(tla_make_tuple(0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_0_5 tla_make_tuple(tla_make_tuple(0, 0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_0_6 tla_make_tuple(tla_make_tuple(0, 0, 0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_0_7 tla_make_tuple(tla_make_tuple(0, 0, 0, 0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_1_0 tla_make_tuple(0, tla_make_tuple(0))
#define TLA__COMPAT_P2_1_1 tla_make_tuple(0, tla_make_tuple(0, 0))
#define TLA__COMPAT_P2_1_2 tla_make_tuple(0, tla_make_tuple(0, 0, 0))
#define TLA__COMPAT_P2_1_3 tla_make_tuple(0, tla_make_tuple(0, 0, 0, 0))
#define TLA__COMPAT_P2_1_4 tla_make_tuple(0, tla_make_tuple(0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_1_5 tla_make_tuple(0, tla_make_tuple(0, 0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_1_6 tla_make_tuple(0, tla_make_tuple(0, 0, 0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_2_0 tla_make_tuple(0, 0, tla_make_tuple(0))
#define TLA__COMPAT_P2_2_1 tla_make_tuple(0, 0, tla_make_tuple(0, 0))
#define TLA__COMPAT_P2_2_2 tla_make_tuple(0, 0, tla_make_tuple(0, 0, 0))
#define TLA__COMPAT_P2_2_3 tla_make_tuple(0, 0, tla_make_tuple(0, 0, 0, 0))
#define TLA__COMPAT_P2_2_4 tla_make_tuple(0, 0, tla_make_tuple(0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_2_5 tla_make_tuple(0, 0, tla_make_tuple(0, 0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_3_0 tla_make_tuple(0, 0, 0, tla_make_tuple(0))
#define TLA__COMPAT_P2_3_1 tla_make_tuple(0, 0, 0, tla_make_tuple(0, 0))
#define TLA__COMPAT_P2_3_2 tla_make_tuple(0, 0, 0, tla_make_tuple(0, 0, 0))
#define TLA__COMPAT_P2_3_3 tla_make_tuple(0, 0, 0, tla_make_tuple(0, 0, 0, 0))
#define TLA__COMPAT_P2_3_4 tla_make_tuple(0, 0, 0, tla_make_tuple(0, 0, 0, 0, 0))
#define TLA__COMPAT_P2_4_0 tla_make_tuple(0, 0, 0, 0, tla_make_tuple(0))
#define TLA__COMPAT_P2_4_1 tla_make_tuple(0, 0, 0, 0, tla_make_tuple(0, 0))
#define TLA__COMPAT_P2_4_2 tla_make_tuple(0, 0, 0, 0, tla_make_tuple(0, 0, 0))
#define TLA__COMPAT_P2_4_3 tla_make_tuple(0, 0, 0, 0, tla_make_tuple(0, 0, 0, 0))
#define TLA__COMPAT_P2_5_0 tla_make_tuple(0, 0, 0, 0, 0, tla_make_tuple(0))
#define TLA__COMPAT_P2_5_1 tla_make_tuple(0, 0, 0, 0, 0, tla_make_tuple(0, 0))
#define TLA__COMPAT_P2_5_2 tla_make_tuple(0, 0, 0, 0, 0, tla_make_tuple(0, 0, 0))
#define TLA__COMPAT_P2_6_0 tla_make_tuple(0, 0, 0, 0, 0, 0, tla_make_tuple(0))
#define TLA__COMPAT_P2_6_1 tla_make_tuple(0, 0, 0, 0, 0, 0, tla_make_tuple(0, 0))
#define TLA__COMPAT_P2_7_0 tla_make_tuple(0, 0, 0, 0, 0, 0, 0, tla_make_tuple(0))

/* ---- CATLASS helpers and constants ---- */

/* ---- CATLASS layouts by tag: MakeLayout(Element, Tag, rows, cols) for MakeLayout<Element, Tag>(rows, cols)
 * (static or mixed, as tla_zN and friends; Tag is RowMajor, ColumnMajor, zN, zZ, nZ, nN or L0C)
 * and MakeLayout(len) for a vector. */
#define TLA__COMPAT_TAG_RowMajor(T, r, c) tla_row_major(r, c)
#define TLA__COMPAT_TAG_ColumnMajor(T, r, c) tla_column_major(r, c)
#define TLA__COMPAT_TAG_zN(T, r, c) tla_zN(T, r, c)
#define TLA__COMPAT_TAG_zZ(T, r, c) tla_zZ(T, r, c)
#define TLA__COMPAT_TAG_nZ(T, r, c) tla_nZ(T, r, c)
#define TLA__COMPAT_TAG_nN(T, r, c) tla_nN(T, r, c)
#define TLA__COMPAT_TAG_L0C(T, r, c) tla_l0c(r, c)
#define TLA__COMPAT_TAG_Weight4BitnZ(T, r, c) tla_weight4bit_nZ(r, c)
#define TLA__COMPAT_MX_RowMajor_false(r, c) tla_mx_scale_a_row(r, c)
#define TLA__COMPAT_MX_RowMajor_true(r, c) tla_mx_scale_b_row(r, c)
#define TLA__COMPAT_MX_ColumnMajor_false(r, c) tla_mx_scale_a_col(r, c)
#define TLA__COMPAT_MX_ColumnMajor_true(r, c) tla_mx_scale_b_col(r, c)
#define TLA__COMPAT_MX_zZ_false(r, c) tla_mx_scale_zZ(r, c)
#define TLA__COMPAT_MX_zZ_true(r, c) tla_mx_scale_zZ(r, c)
#define TLA__COMPAT_MX_nN_false(r, c) tla_mx_scale_nN(r, c)
#define TLA__COMPAT_MX_nN_true(r, c) tla_mx_scale_nN(r, c)
#define TLA__COMPAT_FILTER_PositionGM(T, a, b, c, d) tla_conv_filter(T, a, b, c, d)
#define TLA__COMPAT_FILTER_PositionL1(T, a, b, c, d) tla_conv_filter_l1(T, a, b, c, d)
/* The run-time format of a tag name (MakeTensorLike). */
#define TLA__COMPAT_FMT_RowMajor TLA_ROW_MAJOR
#define TLA__COMPAT_FMT_ColumnMajor TLA_COLUMN_MAJOR
#define TLA__COMPAT_FMT_VectorLayout TLA_VECTOR
#define TLA__COMPAT_FMT_zN TLA_ZN
#define TLA__COMPAT_FMT_zZ TLA_ZZ
#define TLA__COMPAT_FMT_nZ TLA_NZ
#define TLA__COMPAT_FMT_nN TLA_NN
#define TLA__COMPAT_FMT_L0C TLA_L0C
/* A run-time copy of a layout or tuple, as an lvalue (for the functions' pointers). */
#define TLA__COMPAT_RTL(L) ((tla_layout[1]){ tla_to_layout(L) })
/* A run-time copy of a coordinate or tile shape (one integer per mode, at most 4; a tla_tuple is
 * itself), as an lvalue: from its leaves, not tla_to_tuple (3 KB of text in every GetTile). */
#define TLA__COMPAT_RTT(t) ((tla_tuple[1]){ TLA__COMPAT_FLATT(t) })
#define TLA__COMPAT_FLATT(t) __extension__ ({ __auto_type tla__f0 = (t); __auto_type tla__f1 = TLA__RT_NIL(tla__f0); \
        TLA__VNODEB(tla__fn, tla__f1) _Generic((tla__f0), struct tla_tuple: TLA__AS_RTUP(tla__f0), default: \
        tla__compat_flat(TLA__DEPTH(tla__fn), TLA__NLEAF(tla__fn), tla__fn.v[0], tla__fn.v[1], tla__fn.v[2], tla__fn.v[3])); })
/* Run call (an int status naming tla__o), giving tla__o or the empty tensor. */
#define TLA__COMPAT_TENSOR(call) __extension__ ({ tla_tensor tla__o; if ((call) != 0) tla__o = tla__compat_empty_tensor(); tla__o; })
/* The tuple of n leaves v0.. at depth 1, or the integer v0 at depth 0; a deeper one, or one of
 * more than 4 leaves, is ((v0,v1),(v0,v1)), which no run-time tile or tensor function takes as a
 * coordinate or tile shape (they need one integer per mode): they then report, and compat gives
 * the empty tensor. */
TLA_FUNC tla_tuple tla__compat_flat(int depth, int n, long long v0, long long v1, long long v2, long long v3) {
    tla_tuple c, parts[4], nested[2];
    long long v[4] = { v0, v1, v2, v3 };
    for (int k = 0; k < 4; k++) parts[k] = tla_tuple_leaf(v[k], 0);
    c = parts[0];
    if (depth > 1 || n > 4 || (depth == 1 && tla_tuple_join(&c, n, parts, NULL) != 0)) {
        tla_tuple_join(&nested[0], 2, parts, NULL);
        nested[1] = nested[0];
        tla_tuple_join(&c, 2, nested, NULL);
    }
    return c;
}
TLA_FUNC tla_tensor tla__compat_empty_tensor(void) {
    tla_tensor t;
    memset(&t, 0, sizeof t);
    t.layout.shape = tla_tuple_leaf(0, 0);
    t.layout.stride = tla_tuple_leaf(0, 0);
    return t;
}
/* ---- static and mixed tensors behind the same names ----
 * Over a static or mixed layout, MakeTensor gives a static or mixed tensor
 * (tla_make_static_tensor: the pointer alone when the layout is all static, its addresses
 * constant-folded), and GetTile, TileView and MakeTensorLike of such a tensor give static or
 * mixed tensors too (tla_tensor_tile_at: static strides and tile shape, the tail tile's extent
 * a run-time value only where it must be).  A run-time tla_layout or tla_tensor takes the
 * run-time functions.  The choice is a _Generic on the argument's type; the branch not taken
 * still compiles, on a stand-in of the other kind (a nil layout or tensor, or tla__rtnl /
 * tla__rtnt, declared and never defined: they are only read in branches not taken). */
extern const struct tla_tensor tla__rtnt;
/* (L or t as a run-time value / as a static one, whatever its kind) */
#define TLA__AS_RTL(L) _Generic((L), struct tla_layout: (L), default: tla__rtnl)
#define TLA__AS_RTT(t) _Generic((t), struct tla_tensor: (t), default: tla__rtnt)
#define TLA__AS_SL(L) _Generic((L), struct tla_layout: tla__nill0, default: (L))
#define TLA__AS_ST(t) _Generic((t), struct tla_tensor: ((tla__nil_tensor){ { 0 } }), default: (t))
#define TLA__IS_RTT(t) _Generic((t), struct tla_tensor: 1, default: 0)
/* (L is bound once: a layout written in place is 5 KB of text, and each branch names it) */
#define TLA__COMPAT_MT_3(p, L, pos) __extension__ ({ __auto_type tla__m3 = (L); __builtin_choose_expr(TLA__IS_RT_LAYOUT(tla__m3), \
        TLA__COMPAT_MT(p, TLA__AS_RTL(tla__m3), NULL, pos), tla_make_static_tensor(p, TLA__AS_SL(tla__m3))); })
#define TLA__COMPAT_MT_4(p, L, c, pos) __extension__ ({ __auto_type tla__m4 = (L); __auto_type tla__m4c = (c); \
        __builtin_choose_expr(TLA__IS_RT_LAYOUT(tla__m4), TLA__COMPAT_MT(p, TLA__AS_RTL(tla__m4), TLA__COMPAT_RTT(tla__m4c), pos), \
        TLA__COMPAT_MT_ST4(p, TLA__AS_SL(tla__m4), tla__m4c)); })
/* A static or mixed tensor whose coordinate is c: its layout is L's shape, stride and extent
 * (originShape, else the mode sizes) with c as a tile's coordinate, which every element's
 * coordinate is added to (GetTile adds its own to it, as CATLASS's coord() + coord).  L's
 * own tile coordinate, if any, is replaced: CATLASS keeps the coordinate in the tensor, not
 * in the layout. */
#define TLA__COMPAT_MT_ST4(p, L, c) __extension__ ({ __auto_type tla__4l = (L); __auto_type tla__4c = (c); \
        __auto_type _ls = TLA__LSHAPE(tla__4l); __auto_type _ld = TLA__LSTRIDE(tla__4l); \
        __auto_type _lo = TLA__COMPAT_EXTENT(tla__4l); __auto_type _lx = TLA__SNODE(tla__4c); \
        enum { tla__4ok = !TLA__NLEAF(_ls) || TLA__TRANK(_ls) == 2 && TLA__IS_TUPLE(_lx) && TLA__TRANK(_lx) == 2 && \
            TLA__DEPTH(_lx) == 1 }; \
        _Static_assert(tla__4ok, "tla: MakeTensor(ptr, layout, coord, position) over a static or mixed layout takes " \
            "a rank-2 layout and a coordinate (row, col)"); \
        tla_make_static_tensor(p, TLA__LAYOUT_VALUE_EB(32, TLA__LEB(tla__4l))); })
#define TLA__COMPAT_MT(p, L, c, pos) __extension__ ({ __auto_type tla__mp = (p); tla_layout tla__mL = (L); \
        TLA__COMPAT_TENSOR(tla_tensor_make_at(&tla__o, tla__mp, (int)sizeof *tla__mp, &tla__mL, c, pos, NULL)); })
/* A static or mixed like: its layout's originShape (its mode sizes where it has none), static
 * where it is, gives the extents of MakeLayout(T, Tag, rows, cols), T the pointer's element. */
#define TLA__COMPAT_ML_1(Tag, p, like, pos) __builtin_choose_expr(TLA__IS_RTT(like), \
        TLA__COMPAT_ML_RT(Tag, p, TLA__AS_RTT(like), pos), TLA__COMPAT_ML_ST(Tag, p, TLA__AS_ST(like)))
#define TLA__COMPAT_ML_ST(Tag, p, like) __extension__ ({ __auto_type tla__sp = (p); \
        __auto_type tla__sl = tla_tensor_layout(like); __auto_type tla__so = TLA__COMPAT_EXTENT(tla__sl); \
        _Static_assert(TLA__TRANK(TLA__LSHAPE(tla__sl)) == 2 || TLA__NLEAF(TLA__LSHAPE(tla__sl)) == 0, \
            "tla: MakeTensorLike of a static or mixed tensor takes a rank-2 like tensor"); \
        tla_make_static_tensor(tla__sp, TLA__COMPAT_TAG_##Tag(__typeof__(*tla__sp), tla_get(tla__so, 0), tla_get(tla__so, 1))); })
/* The extents of a rank-2 static or mixed layout as a pair: its originShape (every format and
 * tile has one; a layout without one keeps a nil there, kind 30), else each mode's size. */
#define TLA__COMPAT_EXTENT(L) TLA_IF(TLA__HAS_ORIGIN(L), (L).tla_o[0], TLA__COMPAT_SIZES( \
        TLA_IF(TLA__TRANK(TLA__LSHAPE(L)) == 2, TLA__LSHAPE(L), tla_make_tuple(1, 1))))
#define TLA__COMPAT_SIZES(S) tla_make_tuple(tla_size(tla_get(S, 0)), tla_size(tla_get(S, 1)))
#define TLA__COMPAT_ML_RT(Tag, p, like, pos) __extension__ ({ __auto_type tla__mp = (p); tla_tensor tla__ml = (like); \
        TLA__COMPAT_TENSOR(tla_tensor_make_like(&tla__o, tla__mp, (int)sizeof *tla__mp, TLA__COMPAT_FMT_##Tag, &tla__ml, \
                                                pos, NULL)); })
/* With layoutBase: base's shape and stride, like's originShape (static or mixed when like and
 * base are; the run-time function when like is a tla_tensor). */
#define TLA__COMPAT_ML_2(Tag, p, like, pos, base) __builtin_choose_expr(TLA__IS_RTT(like), \
        TLA__COMPAT_ML_RTB(Tag, p, TLA__AS_RTT(like), pos, base), TLA__COMPAT_ML_STB(p, TLA__AS_ST(like), TLA__AS_SL(base)))
#define TLA__COMPAT_ML_STB(p, like, base) __extension__ ({ __auto_type tla__bl = tla_tensor_layout(like); \
        __auto_type tla__bb = (base); __auto_type _ls = TLA__LSHAPE(tla__bb); __auto_type _ld = TLA__LSTRIDE(tla__bb); \
        __auto_type _lo = TLA__COMPAT_EXTENT(tla__bl); \
        enum { tla__bok = !TLA__NLEAF(_ls) || TLA__TRANK(_ls) == 2 }; \
        _Static_assert(tla__bok, "tla: MakeTensorLike(Tag, ptr, like, position, layoutBase) takes a rank-2 layoutBase"); \
        tla_make_static_tensor(p, TLA__LAYOUT_VALUE_EB(31, TLA__LEB(tla__bb))); })
#define TLA__COMPAT_ML_RTB(Tag, p, like, pos, base) __extension__ ({ __auto_type tla__mp = (p); tla_tensor tla__ml = (like); \
        TLA__COMPAT_TENSOR(tla_tensor_make_like_base(&tla__o, tla__mp, (int)sizeof *tla__mp, &tla__ml, \
                                                     TLA__COMPAT_RTL(base), pos, NULL)); })
#define TLA__COMPAT_GT(t, coord, shape) __extension__ ({ tla_tensor tla__gt = (t); \
        TLA__COMPAT_TENSOR(tla_tensor_tile(&tla__o, &tla__gt, TLA__COMPAT_RTT(shape), TLA__COMPAT_RTT(coord), NULL)); })
#define TLA__COMPAT_TV(t, tileCoord, tileShape) __extension__ ({ tla_tensor tla__gt = (t); \
        TLA__COMPAT_TENSOR(tla_tensor_local_tile(&tla__o, &tla__gt, TLA__COMPAT_RTT(tileShape), \
                                                 TLA__COMPAT_RTT(tileCoord), NULL)); })
/* (the tile's first element, tileCoord * tileShape: static where both are) */
#define TLA__COMPAT_STV(t, tileCoord, tileShape) __extension__ ({ __auto_type tla__vc = (tileCoord); \
        __auto_type tla__vs = (tileShape); \
        tla_tensor_tile_at(t, tla__vs, tla_make_tuple(TLA__COMPAT_MULV(tla_get(tla__vc, 0), tla_get(tla__vs, 0)), \
                                                       TLA__COMPAT_MULV(tla_get(tla__vc, 1), tla_get(tla__vs, 1)))); })
/* a * b of two leaves (static integers or C integers): static when both are */
#define TLA__COMPAT_MULV(a, b) __extension__ ({ __auto_type tla__ma = (a); __auto_type tla__mb = (b); \
        TLA__LEAFBN(tla__x, tla__ma) TLA__LEAFBN(tla__y, tla__mb) \
        enum { tla__xyk = tla__xk > 1 && tla__yk > 1 && (tla__xk - tla__B) * (long long)(tla__yk - tla__B) <= tla__M && \
                          (tla__xk - tla__B) * (long long)(tla__yk - tla__B) >= -tla__M }; \
        TLA__IF(tla__xyk, (union { char (*tla_sv)[tla__xyk ? (tla__xk - tla__B) * (tla__yk - tla__B) + tla__B : 1]; \
                                   int tla_v; }){ 0 }, (long long)tla__xv * tla__yv); })
/* (a tile's layout as a layout with an originShape and no coordinate; any other as itself) */
#define TLA__COMPAT_LAYOUT(t) __extension__ ({ __auto_type tla__yl = tla_tensor_layout(t); \
        __auto_type _ls = TLA__LSHAPE(tla__yl); __auto_type _ld = TLA__LSTRIDE(tla__yl); \
        __auto_type _lo = TLA_IF(TLA__HAS_ORIGIN(tla__yl), tla__yl.tla_o[0], TLA__NIL); \
        TLA_IF(TLA__IS_TILE(tla__yl), TLA__LAYOUT_VALUE_EB(31, TLA__LEB(tla__yl)), tla__yl); })
#define TLA__COMPAT_COORD(t) __extension__ ({ __auto_type tla__yc = tla_tensor_layout(t); \
        enum { tla__ycok = TLA__TRANK(TLA__LSHAPE(tla__yc)) == 2 || TLA__NLEAF(TLA__LSHAPE(tla__yc)) == 0 }; \
        _Static_assert(tla__ycok, "tla: coord(t) takes a rank-2 static or mixed tensor"); \
        TLA_IF(TLA__IS_TILE(tla__yc), TLA__TILE_X(tla__yc), tla_make_tuple(TLA_C(0), TLA_C(0))); })
#define TLA__IS_US(a) _Generic((a), struct tla_underscore: 1, default: 0)
#define TLA__COMPAT_NUS(a) _Generic((a), struct tla_underscore: 0, default: (a))
/* (run time: each c as a long long, _ as TLA_UNDERSCORE) */
#define TLA__COMPAT_SV4(a, b, c, d, ...) TLA__COMPAT_SV(a), TLA__COMPAT_SV(b), TLA__COMPAT_SV(c), TLA__COMPAT_SV(d)
#define TLA__COMPAT_SV(a) _Generic((a), struct tla_underscore: (long long)TLA_UNDERSCORE, \
        default: (long long)tla_value(TLA__COMPAT_NUS(a)))
TLA_FUNC tla_tensor tla__compat_slice(tla_tensor t, int n, long long v0, long long v1, long long v2, long long v3) {
    tla_tensor o;
    tla_tuple c = tla__compat_flat(1, n, v0, v1, v2, v3);
    if (tla_tensor_slice(&o, &t, &c, NULL) != 0) o = tla__compat_empty_tensor();
    return o;
}
/* (static and mixed: the pointer is the element at the fixed coordinate and, in the kept mode,
 * minus the tile's coordinate there, which the slice keeps as its own) */
#define TLA__COMPAT_SSLICE(t, n, a, b, ...) __extension__ ({ __auto_type tla__zt = (t); \
        __auto_type tla__zl = tla_tensor_layout(tla__zt); __auto_type tla__za = TLA__COMPAT_NUS(a); \
        __auto_type tla__zb = TLA__COMPAT_NUS(b); __auto_type tla__zx = &TLA__TILE_X(tla__zl); \
        enum { tla__zn = TLA__NLEAF(TLA__LSHAPE(tla__zl)), tla__zm = TLA__IS_US(b), tla__zu = TLA__IS_US(a) + TLA__IS_US(b), \
               tla__zok = !tla__zn || (n) == 2 && TLA__TRANK(TLA__LSHAPE(tla__zl)) == 2 && tla__zu > 0 }; \
        _Static_assert(tla__zok, "tla: Slice of a static or mixed tensor takes a rank-2 tensor and (i, _), (_, j) or (_, _)"); \
        __auto_type tla__zp = tla_tensor_elem(tla__zt, TLA_IF(tla__zm, tla__za, -TLA__SVALLL(*tla__zx, 0)), \
                                              TLA_IF(tla__zm, -TLA__SVALLL(*tla__zx, 1), tla__zb)); \
        TLA_IF(tla__zu == 2, tla__zt, TLA_IF(tla__zm, TLA__COMPAT_KEEP(tla__zp, tla__zl, tla__zx, 1), \
                                               TLA__COMPAT_KEEP(tla__zp, tla__zl, tla__zx, 0))); })
/* The rank-1 tensor at p of mode m (a literal) of layout L, whose tile coordinate (or nil) is *x:
 * shape and stride the mode wrapped in a 1-tuple (CATLASS's select_layout), originShape the
 * mode's extent, coordinate the tile's in that mode (a static 0 for a layout that is no tile). */
#define TLA__COMPAT_KEEP(p, L, x, m) __extension__ ({ __auto_type tla__ks = &TLA__LSHAPE(L); \
        __auto_type tla__kd = &TLA__LSTRIDE(L); __auto_type tla__ke = TLA__COMPAT_EXTENT(L); \
        enum { tla__kn0 = (TLA__F(*tla__ks, p0) - 2) % 10 == 0 && TLA__NLEAF(*tla__ks) > 0, \
               tla__kn1 = tla__kn0 + ((TLA__F(*tla__ks, p1) - 2) % 10 == 0 && TLA__NLEAF(*tla__ks) > 1), \
               tla__kf = m ? tla__kn1 : 0, tla__kk = m ? TLA__NLEAF(*tla__ks) - tla__kn1 : tla__kn1 }; \
        enum { tla__kok = !TLA__NLEAF(*tla__ks) || tla__kk == 1 && TLA__COMPAT_SP(*tla__ks, tla__kf) == m + 1 || \
            tla__kk == 2 && TLA__COMPAT_SP(*tla__ks, tla__kf) == m + 11 && TLA__COMPAT_SP(*tla__ks, tla__kf + 1) == m + 21 }; \
        _Static_assert(tla__kok, "tla: Slice of a static or mixed tensor keeps a mode that is one integer or a pair"); \
        __auto_type _ls = TLA__COMPAT_WRAP(*tla__ks, tla__kf, tla__kk, m); \
        __auto_type _ld = TLA__COMPAT_WRAP(*tla__kd, tla__kf, tla__kk, m); \
        __auto_type _lo = TLA__NODEKV(1, 1, 2, (1, TLA__SCODE(tla__ke, m), tla__ke.v[m])); \
        enum { tla__kxk = TLA__IS_TILE(L) ? TLA__SCODE(*x, m) : tla__B }; \
        __auto_type _lx = TLA__NODEKV(1, 1, 2, (1, tla__kxk, TLA__IS_TILE(L) ? (*x).v[m] : 0)); \
        tla_make_static_tensor(p, TLA__LAYOUT_VALUE_EB(32, TLA__LEB(L))); })
/* Mode m of node S (its leaves f and f + 1 when k is 2, f alone when 1) as a 1-tuple, as
 * CATLASS's select_layout wraps it (paths (m) or (m, 0), (m, 1) become (0) or (0, 0), (0, 1)). */
#define TLA__COMPAT_WRAP(S, f, k, m) TLA_IF(k == 1, TLA__NODEKV(1, 1, 2, (1, TLA__COMPAT_SK(S, f), (S).v[f])), \
        TLA__NODEKV(2, 1, 3, (11, TLA__COMPAT_SK(S, f), (S).v[f]), (21, TLA__COMPAT_SK(S, f + 1), (S).v[f + 1])))
/* slot i's value code and path code (i an integer constant expression 0 .. 3) */
#define TLA__COMPAT_SK(S, i) ((i) == 0 ? TLA__SCODE(S, 0) : (i) == 1 ? TLA__SCODE(S, 1) : (i) == 2 ? TLA__SCODE(S, 2) \
        : TLA__SCODE(S, 3))
#define TLA__COMPAT_SP(S, i) ((int)((i) == 0 ? TLA__F(S, p0) : (i) == 1 ? TLA__F(S, p1) : (i) == 2 ? TLA__F(S, p2) \
        : TLA__F(S, p3)) - 1)
#define TLA__COMPAT_OS_1(x) tla_layout_origin_shape(TLA__COMPAT_RTL(_Generic((x), struct tla_tensor: TLA__AS_RTT(x).layout, \
        struct tla_layout: TLA__AS_RTL(x), default: TLA__COMPAT_SL(x))))
#define TLA__COMPAT_OS_2(L, i) __builtin_choose_expr(TLA__IS_RT_LAYOUT(L), \
        tla_layout_origin((const tla_layout[1]){ TLA__AS_RTL(L) }, i), \
        tla_value(tla_get(TLA__COMPAT_EXTENT(TLA__COMPAT_SL(L)), i)))
/* x as a static or mixed layout: a static tensor's layout, a layout itself, else a nil layout */
#define TLA__COMPAT_IS_ST(x) (TLA__K(TLA__SNODE_X(x, struct tla_tensor: TLA__NIL,)) == TLA__KIND_TENSOR)
#define TLA__COMPAT_SL(x) TLA_IF(TLA__COMPAT_IS_ST(x), tla_tensor_layout(TLA_IF(TLA__COMPAT_IS_ST(x), (x), \
        ((tla__nil_tensor){ { 0 } }))), TLA__AL(TLA__SNODE_X(x, struct tla_tensor: TLA__NIL,)))
#define TLA__COMPAT_CRD_2(c, L) TLA__CRD_AUTOL_H(c, TLA__AS_SL(L), __builtin_choose_expr(TLA__IS_RT_LAYOUT(L), \
        tla__crdl(TLA__COMPAT_LEAVES, TLA__AS_RTL(L)), TLA__CRD_SUM), + TLA__IF(TLA__IS_RT_LAYOUT(L), 0LL, 0))
#define TLA__COMPAT_CRD_3(c, s, d) TLA__CRD_AUTO_H(c, TLA__RT_NIL(s), TLA__RT_NIL(d), __builtin_choose_expr(TLA__IS_RT_TUPLE(s), \
        tla__crd3(TLA__COMPAT_LEAVES, TLA__AS_RTUP(s), TLA__AS_RTUP(d)), TLA__CRD_SUM), \
        + TLA__IF(TLA__IS_RT_TUPLE(s), 0LL, 0))
/* (over a run-time layout or tuples: the layout reads as nil in the static facts, and the
 * run-time sum is tla_layout_crd2offset's, from the coordinate's node _tC: its depth, its
 * leaf count and its first four leaves, whose values a node keeps, static ones too.  That
 * answer is a long long, as CATLASS's int64_t strides make it; a static or mixed layout's sum
 * keeps its own type, the type the same sum written by hand has.) */
#define TLA__COMPAT_LEAVES TLA__DEPTH(_tC), TLA__NLEAF(_tC), _tC.v[0], _tC.v[1], _tC.v[2], _tC.v[3]
/* crd2offset over a run-time layout L, or shape and stride s, d, of a coordinate given as its
 * depth (0: one integer), leaf count and first leaves; -1 where tla_layout_crd2offset reports
 * an error, and for a coordinate that is nested or has more than 4 leaves */
TLA_FUNC int64_t tla__crdl(int depth, int n, long long v0, long long v1, long long v2, long long v3, tla_layout L) {
    tla_tuple c = tla__compat_flat(depth, n, v0, v1, v2, v3);
    int64_t off = -1;
    /* (checked here: flat's stand-in for a nested coordinate could fit a nested layout) */
    if (depth > 1 || n > 4) return -1;
    return tla_layout_crd2offset(&off, &L, &c, NULL) != 0 ? -1 : off;
}
TLA_FUNC int64_t tla__crd3(int depth, int n, long long v0, long long v1, long long v2, long long v3, tla_tuple s,
                                  tla_tuple d) {
    tla_layout L;
    if (tla_layout_make(&L, &s, &d, NULL) != 0) return -1;
    return tla__crdl(depth, n, v0, v1, v2, v3, L);
}

/* clang-format on */
#include "tla/letters.h" /* and back */
#endif
