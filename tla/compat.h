/* tla/compat.h - opt-in TLA / CuTe spellings, so seed code ports nearly verbatim.
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
 *   Int<N>{} / _N                         Int(N) / _N (_0 ... _32 and powers of two to _1024)
 *   auto x = ...;                         tla_auto x = ...;
 *   get<I, J>(x), rank<I>(x), ...         get(x, I, J), rank(x, I), ... (literal indices)
 *   crd2offset(c, shape, stride)          crd2offset(c, shape, stride) or crd2offset(c, layout)
 *   MakeLayoutTile(layout, tileShape)     the same
 * Queries are integer constant expressions on static arguments, crd2offset too (it is
 * tla_crd2offset_auto, which costs the compiler about twice tla_crd2offset's time).
 *
 * These names are short and common, and `_N` identifiers are reserved to the C
 * implementation at file scope, which is why this header is opt-in.  Everything here is a
 * macro over the tla_ names, so both spellings mix freely.
 */
#ifndef TLA_COMPAT_H
#define TLA_COMPAT_H

#include "../tla.h"

/* ---- static integers ---- */
#define Int(N) TLA_C(N)
#define _0 TLA_C(0)
#define _1 TLA_C(1)
#define _2 TLA_C(2)
#define _3 TLA_C(3)
#define _4 TLA_C(4)
#define _5 TLA_C(5)
#define _6 TLA_C(6)
#define _7 TLA_C(7)
#define _8 TLA_C(8)
#define _9 TLA_C(9)
#define _10 TLA_C(10)
#define _11 TLA_C(11)
#define _12 TLA_C(12)
#define _13 TLA_C(13)
#define _14 TLA_C(14)
#define _15 TLA_C(15)
#define _16 TLA_C(16)
#define _17 TLA_C(17)
#define _18 TLA_C(18)
#define _19 TLA_C(19)
#define _20 TLA_C(20)
#define _21 TLA_C(21)
#define _22 TLA_C(22)
#define _23 TLA_C(23)
#define _24 TLA_C(24)
#define _25 TLA_C(25)
#define _26 TLA_C(26)
#define _27 TLA_C(27)
#define _28 TLA_C(28)
#define _29 TLA_C(29)
#define _30 TLA_C(30)
#define _31 TLA_C(31)
#define _32 TLA_C(32)
#define _64 TLA_C(64)
#define _128 TLA_C(128)
#define _256 TLA_C(256)
#define _512 TLA_C(512)
#define _1024 TLA_C(1024)

/* ---- construction ---- */
#define MakeShape(...) tla_tuple(__VA_ARGS__)
#define MakeStride(...) tla_tuple(__VA_ARGS__)
#define MakeCoord(...) tla_tuple(__VA_ARGS__)
#define MakeLayout(...) tla_make_layout(__VA_ARGS__)
#define MakeLayoutTile(L, tileShape) tla_make_tile(L, tileShape)

/* ---- queries; with indices they apply to get(x, I...) ---- */
#define TLA__COMPAT_1(f, x) f(x)
#define TLA__COMPAT_N(f, x, ...) f(tla_get(x, __VA_ARGS__))
#define TLA__COMPAT_PICK(_1, _2, _3, _4, _5, N, ...) N
#define TLA__COMPAT(f, ...) TLA__COMPAT_PICK(__VA_ARGS__, TLA__COMPAT_N, TLA__COMPAT_N, TLA__COMPAT_N, \
        TLA__COMPAT_N, TLA__COMPAT_1, ~)(f, __VA_ARGS__)
#define rank(...) TLA__COMPAT(tla_rank, __VA_ARGS__)
#define depth(...) TLA__COMPAT(tla_depth, __VA_ARGS__)
#define size(...) TLA__COMPAT(tla_size, __VA_ARGS__)
#define cosize(...) TLA__COMPAT(tla_cosize, __VA_ARGS__)
#define shape(...) TLA__COMPAT(tla_shape, __VA_ARGS__)
#define stride(...) TLA__COMPAT(tla_stride, __VA_ARGS__)
#define get(...) tla_get(__VA_ARGS__)
#define print(x) tla_print(x)
#define print_layout(x) tla_print_layout(x)

/* crd2offset(coord, layout) or crd2offset(coord, shape, stride) */
#define crd2offset(...) TLA__CAT(TLA__COMPAT_CRD_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)
#define TLA__COMPAT_CRD_2(c, L) tla_crd2offset_auto(c, L)
#define TLA__COMPAT_CRD_3(c, s, d) tla_crd2offset_auto(c, tla_make_layout(s, d))

#endif
