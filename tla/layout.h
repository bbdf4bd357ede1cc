/* tla/layout.h - layouts: a shape and a stride of the same structure (Shape:Stride).
 *
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(2), 4), tla_make_tuple(TLA_C(12), TLA_C(1)));  // (_2,4):(_12,_1)
 *   tla_size(L) == 8, tla_cosize(L) == 16 (cosize = L(size-1) + 1)
 *   tla_auto c = tla_make_tuple(1, 5);
 *   tla_crd2offset(c, L)                 the offset of coordinate c
 *
 * An optional third argument is the originShape, the logically valid extent of each
 * top-level mode (default: the size of each mode); elements outside it are padding.
 *
 * crd2offset takes the coordinate forms of the spec: one integer (split colexicographically
 * over all leaves, the last leaf keeps the remainder), a tuple congruent to the shape, or one
 * integer per top-level mode (split over that mode).  A coordinate mixing integers and
 * sub-tuples across modes is refused (it would cost every site; tla_layout_crd2offset takes it).
 *   tla_crd2offset(c, L)        any coordinate and layout expressions, bound once; plain
 *                               arithmetic (constant-folded where static), not an ICE;
 *   tla_crd2offset_const(c, L)  an integer constant expression; c and L must be all static;
 *   tla_crd2offset_auto(c, L)   an ICE when c and L are all static, else tla_crd2offset.
 * For a static layout and run-time coordinates both compile to plain arithmetic.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(2), 4), tla_make_tuple(TLA_C(12), TLA_C(1)));  // (_2,4):(_12,_1)
 *   if (tla_size(L) != 8 || tla_cosize(L) != 16) return 1;
 *   if (tla_crd2offset(tla_make_tuple(1, 3), L) != 15) return 1;    // 1*12 + 3*1
 *   tla_auto S = tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(1), TLA_C(4)));
 *   _Static_assert(tla_crd2offset_const(tla_make_tuple(TLA_C(3), TLA_C(2)), S) == 11, "an all-static offset");
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_LAYOUT_H
#define TLA_LAYOUT_H

#include "tuple.h"

/* ---- construction ---- */
/* Same tree: both integers or both tuples with the same leaf paths. */
#define TLA__CONGRUENT(a, b) (TLA__IS_LEAF(a) == TLA__IS_LEAF(b) && TLA__NLEAF(a) == TLA__NLEAF(b) \
        && TLA__TRANK(a) == TLA__TRANK(b) TLA__SLOTS(TLA__CONGRUENT_TERM, (a, b)))
#define TLA__CONGRUENT_TERM(ab, j) && TLA__CONGRUENT_J(TLA__FIRST ab, TLA__SECOND ab, j)
#define TLA__CONGRUENT_J(a, b, j) (TLA__SPATH(a, j) == TLA__SPATH(b, j))
#define TLA__FIRST(a, b) a
#define TLA__SECOND(a, b) b

/* check = 0 skips the structure checks: for branches of TLA_IF that are compiled but never
 * chosen (their arguments may not fit together there).  kind is a literal 30, 31 or 32 (see
 * node.h); only a tile (32) stores a coordinate x, the others name nil there. */
#define TLA__XSTRUCT_30
#define TLA__XSTRUCT_31
#define TLA__XSTRUCT_32 __typeof__(tla__xn) tla_x[1];
#define TLA__XUNION_30 union tla_nil *tla_x;
#define TLA__XUNION_31 union tla_nil *tla_x;
#define TLA__XUNION_32
#define TLA__XINIT_30
#define TLA__XINIT_31
#define TLA__XINIT_32 , .tla_x = { tla__xn }
#define TLA__LAYOUT_IMPL(s, d, o, kind, check) TLA__LAYOUT_IMPLX(s, d, o, TLA__NIL, kind, check)
#define TLA__LAYOUT_IMPLX(s, d, o, x, kind, check) TLA__STMT( \
    __auto_type tla__s = (s); __auto_type tla__d = (d); __auto_type tla__o = (o); \
    TLA__CHECK_ELEMENT(tla__s) TLA__CHECK_ELEMENT(tla__d) TLA__CHECK_ELEMENT(tla__o) \
    TLA__NODE_BIND(tla__sn, tla__s) TLA__NODE_BIND(tla__dn, tla__d) TLA__NODE_BIND(tla__on, tla__o) \
    _Static_assert(!(check) || !TLA__ALL_STATIC_NN(tla__sn) || TLA__QCODE(tla__sn, 8) >= 2, \
        "tla: static overflow: the size of this all-static shape is past 2^31 - 3 (make a leaf dynamic)"); \
    _Static_assert(!(check) || TLA__CONGRUENT(tla__sn, tla__dn), \
        "tla: shape and stride are not congruent (they must have the same nesting)"); \
    _Static_assert(!(check) || (kind) == TLA__KIND_LAYOUT || (TLA__IS_LEAF(tla__sn) ? TLA__IS_LEAF(tla__on) \
        : TLA__IS_TUPLE(tla__on) && TLA__TRANK(tla__on) == TLA__TRANK(tla__sn) && TLA__DEPTH(tla__on) == 1), \
        "tla: originShape needs one integer per top-level mode of the shape"); \
    __auto_type tla__xn = (x); (void)tla__xn; \
    (struct { __typeof__(tla__sn) tla_s[1]; __typeof__(tla__dn) tla_d[1]; __typeof__(tla__on) tla_o[1]; \
        TLA__XSTRUCT_##kind \
        union { char (*tla_k)[kind]; char (*tla_sv)[TLA__SV_BIAS]; int v; int fv[1]; long long *fq, *fm; \
                const struct tla__noinfo *tla_f; TLA__NIL_CHILDREN TLA__XUNION_##kind }; }) \
    { .tla_s = { tla__sn }, .tla_d = { tla__dn }, .tla_o = { tla__on } TLA__XINIT_##kind }; )

/* tla_make_layout(shape, stride [, originShape]) -> static or mixed layout
 *   shape and stride congruent (same nesting); originShape one integer per top-level mode, the
 *   real extent of each (default: the mode sizes).  Each argument is evaluated once.
 *   Misuse: "tla: shape and stride are not congruent (they must have the same nesting)",
 *   "tla: originShape needs one integer per top-level mode of the shape", "tla: static overflow: ...".
 * Example:
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(4), 8), tla_make_tuple(TLA_C(1), TLA_C(4)));   // (_4,8):(_1,_4)
 *   if (tla_size(L) != 32 || tla_cosize(L) != 32) return 1;
 */
#define tla_make_layout(...) TLA__CAT(TLA__LAYOUT_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)
#define TLA__LAYOUT_2(s, d) TLA__LAYOUT_IMPL(s, d, TLA__NIL, 30, 1)
#define TLA__LAYOUT_3(s, d, o) TLA__LAYOUT_IMPL(s, d, o, 31, 1)

/* ---- parts ---- */
#define TLA__LSHAPE(L) ((L).tla_s[0])
#define TLA__LSTRIDE(L) ((L).tla_d[0])
/* Shape of a layout, or the node itself: lets one macro serve both. */
#define TLA__SHAPE_OF(x) TLA_IF(TLA__IS_LAYOUT(x), (x).tla_s[0], (x))

/* ---- cosize = L(size-1) + 1 = 1 + sum over leaves of (s-1)*d ---- */
#define TLA__COSIZE_TERM(L, j) + ((j) < TLA__NLEAF(TLA__LSHAPE(L)) \
        ? ((long long)TLA__SVALJ(TLA__LSHAPE(L), j) - 1) * (long long)TLA__SVALJ(TLA__LSTRIDE(L), j) : 0LL)
#define TLA__COSIZE(L) (1LL TLA__SLOTS(TLA__COSIZE_TERM, L))

/* ---- crd2offset ---- */
/* A run-time tla_layout has its own function; say so in one message (and go on with nil,
 * so nothing else reports). */
#define TLA__CHECK_STATIC_LAYOUT(L) _Static_assert(!TLA__IS_RT_LAYOUT(L), "tla: tla_crd2offset takes a static or mixed " \
        "layout; for a run-time tla_layout call tla_layout_crd2offset(&L, &coord, &offset, &err)");
#define TLA__IS_RT_LAYOUT(L) _Generic((L), struct tla_layout: 1, default: 0)
#define TLA__AS_STATIC_LAYOUT(L) _Generic((L), struct tla_layout: TLA__NIL_LAYOUT, default: (L))
#define TLA__NIL_LAYOUT TLA__LAYOUT_OF_NODES(TLA__NIL, TLA__NIL)

/* One flat sum over the shape's slots, left to right, like the expression a person writes
 * (grouping terms per mode lets gcc reassociate differently: bench/NOTES.md).  Slot j of
 * the shape S (stride D, congruent) takes, by the coordinate's form:
 *   an integer x            x / (product of all leaves before j) % s_j   (last slot: no %)
 *   one integer per mode    x_t / (product of mode t's leaves before j) % s_j, t = j's mode
 *   congruent to the shape  the coordinate's own leaf j
 * times d_j.  A tile (layout kind 32) adds its coordinate X to each mode's integer.  The
 * macro works on names bound by TLA__CRD_BIND: tla__C (coordinate node), tla__S, tla__D,
 * tla__X, and the per-mode integers tla__m<t>; B is the binder (run-time: variables;
 * compile time: enum constants, so the result stays an integer constant expression). */
/* The run-time form binds the coordinate's integers to variables; the compile-time form
 * (used only when everything is static) to enum constants, and its sum reads static values
 * from the enums alone. */
#define TLA__CRD_RT_MODES __auto_type tla__x = TLA_IF(tla__cleaf, TLA__VAL(tla__C), 0); \
        TLA__SLOTS(TLA__CRD_RT_MODEV, ~) long long tla__rq0 = 1, tla__ru0 = 1; TLA__CRD_RUN(1, 0) TLA__CRD_RUN(2, 1) \
        TLA__CRD_RUN(3, 2) TLA__CRD_RUN(4, 3) TLA__CRD_RUN(5, 4) TLA__CRD_RUN(6, 5) TLA__CRD_RUN(7, 6)
#define TLA__CRD_RT_MODEV(a, t) __auto_type tla__m##t = (__typeof__(tla__C.fv[0] + 0))( \
        TLA__CRD_LEAF(tla__C, c, t) + TLA_IF(tla__tile, tla__X.fv[(t) % TLA__FVN(tla__X)], 0));
#define TLA__CRD_CT_MODES enum { tla__x = TLA_IF(tla__static && tla__cleaf, TLA__VAL(tla__C), 0), \
        TLA__SLOTS(TLA__CRD_CT_MODEV, ~) tla__m8 = 0 };
#define TLA__CRD_CT_MODEV(a, t) tla__m##t = tla__cv##t + TLA_IF(tla__static && tla__tile, \
        TLA__CODE_VAL(TLA__SCODE(tla__X, t)), 0),
#define TLA__XVAL(x) TLA_IF(TLA__IS_LEAF(x), TLA__VAL(x), 0)
/* The tile coordinate (nil for other layouts, where tla_x is a null pointer: only its type
 * is used, and its values only for tiles). */
#define tla__X ((tla__L).tla_x[0])
#define TLA__CRD_BIND(c, L, B) \
    __auto_type tla__c0 = (c); TLA__CHECK_ELEMENT(tla__c0) TLA__NODE_BIND(tla__C, tla__c0) \
    __auto_type tla__L0 = (L); TLA__CHECK_STATIC_LAYOUT(tla__L0) __auto_type tla__L = TLA__AS_STATIC_LAYOUT(tla__L0); \
    __auto_type tla__S = TLA__LSHAPE(tla__L); __auto_type tla__D = TLA__LSTRIDE(tla__L); \
    enum { tla__rt = TLA__IS_RT_LAYOUT(tla__L0), tla__n = TLA__NLEAF(tla__S), tla__cleaf = TLA__IS_LEAF(tla__C), tla__cflat = TLA__DEPTH(tla__C) <= 1, \
           tla__sleaf = TLA__IS_LEAF(tla__S), tla__tile = TLA__IS_TILE(tla__L), tla__sN = TLA__FVN(tla__S), \
           tla__dN = TLA__FVN(tla__D), tla__cN = TLA__FVN(tla__C), TLA__SLOTS(TLA__CRD_MODE_OF, ~) tla__t8 = -1 }; \
    enum { TLA__SLOTS(TLA__CRD_CODES, ~) tla__f8 = 0 }; \
    enum { TLA__SLOTS(TLA__CRD_FACTS, ~) tla__static = 1 TLA__SLOTS(TLA__CRD_STATIC, ~) \
           && TLA__ALL_STATIC(tla__X) }; \
    enum { tla__qv0 = 1, tla__mv0 = 1, TLA__CRD_PREFIXES tla__f9 = 0 }; \
    TLA__CRD_CHECKS \
    B##_MODES
/* tla__t<j>: the top-level mode of the shape's slot j (0 for an integer shape). */
#define TLA__CRD_MODE_OF(a, j) tla__t##j = tla__sleaf ? 0 : (int)(TLA__SPATH(tla__S, j) - 1) % 9 - 1,
/* Per slot j: value codes of shape, stride and coordinate, prefix codes (q: all leaves
 * before j; m: the leaves of j's mode before it), then "static?" and the static values. */
#define TLA__CRD_CODES(a, j) tla__sc##j = TLA__SCODE(tla__S, j), tla__dc##j = TLA__SCODE(tla__D, j), \
        tla__cc##j = TLA__SCODE(tla__C, j),
#define TLA__CRD_FACTS(a, j) tla__ss##j = tla__sc##j >= 2, tla__sv##j = TLA__CODE_VAL(tla__sc##j), \
        tla__ds##j = tla__dc##j >= 2, tla__dv##j = TLA__CODE_VAL(tla__dc##j), \
        tla__cs##j = tla__cc##j >= 2, tla__cv##j = TLA__CODE_VAL(tla__cc##j), \
        tla__sd##j = tla__sv##j != 0 ? tla__sv##j : 1, tla__sV##j = tla__sc##j % 2 ? -1 : tla__sv##j,
#define TLA__CRD_STATIC(a, j) && tla__ss##j && tla__ds##j && tla__cs##j
/* Products of the shape's leaves before slot j: all of them (q) and those of j's mode (m);
 * static values (-1: not static), and in the run-time form also run-time values (rq, ru). */
#define TLA__CRD_PREFIX(a, j) tla__E##a = (a) < tla__n && tla__t##a == tla__t##j, \
        tla__qv##a = TLA__QV(tla__qv##j, tla__sV##j), tla__mv##a = tla__E##a ? TLA__QV(tla__mv##j, tla__sV##j) : 1, \
        tla__qd##j = tla__qv##j > 0 ? tla__qv##j : 1, tla__md##j = tla__mv##j > 0 ? tla__mv##j : 1,
#define TLA__CRD_PREFIXES TLA__CRD_PREFIX(1, 0) TLA__CRD_PREFIX(2, 1) TLA__CRD_PREFIX(3, 2) TLA__CRD_PREFIX(4, 3) \
        TLA__CRD_PREFIX(5, 4) TLA__CRD_PREFIX(6, 5) TLA__CRD_PREFIX(7, 6) \
        tla__qd7 = tla__qv7 > 0 ? tla__qv7 : 1, tla__md7 = tla__mv7 > 0 ? tla__mv7 : 1,
#define TLA__CRD_RUN(a, j) long long tla__rq##a = tla__rq##j * (long long)TLA__CRD_LEAF(tla__S, s, j), \
        tla__ru##a = tla__E##a ? tla__ru##j * (long long)TLA__CRD_LEAF(tla__S, s, j) : 1;
/* The integer of mode t (a per-mode coordinate's slot t) plus the tile's coordinate. */
#define TLA__CRD_CHECKS \
    _Static_assert(tla__rt || tla__cleaf || (TLA__IS_TUPLE(tla__S) && TLA__TRANK(tla__C) == TLA__TRANK(tla__S)), \
        "tla: crd2offset: the rank of the coordinate does not match the rank of the layout"); \
    _Static_assert(tla__rt || tla__cleaf || tla__cflat || TLA__CONGRUENT(tla__C, tla__S), \
        "tla: crd2offset: the coordinate must be an integer, one integer per mode, or congruent to the shape"); \
    _Static_assert(!tla__tile || (!tla__cleaf && tla__cflat), \
        "tla: crd2offset of a tile takes one integer per mode, e.g. (row, col)");
/* Slot j's value of node x (S, D or C; p = s, d, c): static from its enum, else x's array. */
#define TLA__CRD_LEAF(x, p, j) TLA_IF(tla__##p##s##j, tla__##p##v##j, (x).fv[(j) % tla__##p##N])
#define TLA__CRD_Q(j) TLA_IF(tla__qv##j >= 0, tla__qv##j, tla__rq##j)
#define TLA__CRD_M(j) TLA_IF(tla__mv##j >= 0, tla__mv##j, tla__ru##j)
/* The per-mode integer of slot j's mode. */
#define TLA__CRD_MV(j) TLA__TSEL8(tla__t##j, tla__m)
#define TLA__TSEL8(k, p) ((k) == 0 ? p##0 : (k) == 1 ? p##1 : (k) == 2 ? p##2 : (k) == 3 ? p##3 : \
        (k) == 4 ? p##4 : (k) == 5 ? p##5 : (k) == 6 ? p##6 : p##7)
/* x / q % s, or x / q on the last leaf (of the whole shape, or of the mode) */
#define TLA__CRD_SPLIT(x, q, j, last) TLA_IF(last, (x) / (q), (x) / (q) % TLA__CRD_LEAF(tla__S, s, j))
#define TLA__CRD_TERM(a, j) + ((j) < tla__n ? TLA_IF(tla__cleaf, \
        TLA__CRD_SPLIT(tla__x, TLA__CRD_Q(j), j, (j) + 1 == tla__n), \
        TLA_IF(tla__cflat, TLA__CRD_SPLIT(TLA__CRD_MV(j), TLA__CRD_M(j), j, \
                                          (j) + 1 == tla__n || tla__t##j != TLA__CRD_NEXT_T(j)), \
               TLA__CRD_LEAF(tla__C, c, j))) * TLA__CRD_LEAF(tla__D, d, j) : 0)
#define TLA__CRD_NEXT_T(j) TLA__CAT(tla__t, TLA__CAT(TLA__INC_, j))
#define TLA__CRD_SUM (0 TLA__SLOTS(TLA__CRD_TERM, ~))
/* The same sum when everything is static: every operand an enum constant. */
#define TLA__CRD_CT_TERM(a, j) + ((j) < tla__n ? (tla__cleaf ? ((j) + 1 == tla__n ? tla__x / tla__qd##j : \
        tla__x / tla__qd##j % tla__sd##j) : tla__cflat ? (TLA__CRD_LASTM(j) ? TLA__CRD_MV(j) / tla__md##j : \
        TLA__CRD_MV(j) / tla__md##j % tla__sd##j) : tla__cv##j) * (long long)tla__dv##j : 0)
#define TLA__CRD_LASTM(j) ((j) + 1 == tla__n || tla__t##j != TLA__CRD_NEXT_T(j))
#define TLA__CRD_CT_SUM (0 TLA__SLOTS(TLA__CRD_CT_TERM, ~))

/* All slots static and >= 0 (value codes are even). */
#define TLA__ALL_STATIC_NN_T(x, j) && TLA__SSTATIC(x, j) && TLA__SCODE(x, j) % 2 == 0
#define TLA__ALL_STATIC_NN(x) (1 TLA__SLOTS(TLA__ALL_STATIC_NN_T, x))
/* All slots static (unused slots read as static). */
#define TLA__ALL_STATIC_T(x, j) && TLA__SSTATIC(x, j)
#define TLA__ALL_STATIC(x) (1 TLA__SLOTS(TLA__ALL_STATIC_T, x))
/* v (an ICE, |v| < 2^60) as an array extent, and back: sizeof of a non-VLA type is an
 * integer constant expression whatever its operand, so a statement expression (which
 * binds the arguments once) can still give a constant. */
#define TLA__BIAS (1LL << 60)
#define TLA__CODE_OF(v) (TLA__BIAS + (v))
#define TLA__CODE_VALUE(code) ((long long)(code) - TLA__BIAS)
/* 1 if c and L are all static (an ICE; c and L expanded once, not evaluated). */
#define TLA__CRD_IS_STATIC(c, L) (sizeof(*TLA__STMT(__auto_type tla__c0 = (c); __auto_type tla__L0 = (L); \
        __auto_type tla__L = TLA__AS_STATIC_LAYOUT(tla__L0); \
        TLA__NODE_BIND(tla__C, tla__c0) \
        (char (*)[1 + (TLA__ALL_STATIC(tla__C) && TLA__ALL_STATIC(TLA__LSHAPE(tla__L)) && \
                       TLA__ALL_STATIC(TLA__LSTRIDE(tla__L)) && TLA__ALL_STATIC(tla__X))])0; )) == 2)
#define TLA__CRD_VALUE(c, L, check) TLA__CODE_VALUE(sizeof(*TLA__STMT(TLA__CRD_BIND(c, L, TLA__CRD_CT) \
        _Static_assert(!(check) || tla__static, \
            "tla: crd2offset_const needs a static coordinate and an all-static layout"); \
        (char (*)[TLA__CODE_OF(tla__static ? TLA__CRD_CT_SUM : 0)])0; )))
/* tla_crd2offset_const(coord, L) -> long long, an integer constant expression
 *   coord and L all static (any expressions: they are not evaluated).
 *   Misuse: "tla: crd2offset_const needs a static coordinate and an all-static layout".
 * Example:
 *   tla_auto L = tla_make_layout(tla_make_tuple(tla_make_tuple(TLA_C(4), TLA_C(2)), tla_make_tuple(TLA_C(4), TLA_C(3))),
 *                                 tla_make_tuple(tla_make_tuple(TLA_C(4), TLA_C(16)), tla_make_tuple(TLA_C(1), TLA_C(32))));
 *   _Static_assert(tla_crd2offset_const(tla_make_tuple(TLA_C(1), TLA_C(5)), L) == 37, "the seed's offset");
 */
#define tla_crd2offset_const(c, L) TLA__CRD_VALUE(c, L, 1)
/* tla_crd2offset_auto(coord, L) -> long long
 *   An integer constant expression when coord and L are all static, else tla_crd2offset(coord, L).
 *   Costs the compiler about twice tla_crd2offset (both forms are compiled).
 * Example:
 *   int i = 1;
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(1), TLA_C(4)));
 *   _Static_assert(tla_crd2offset_auto(tla_make_tuple(TLA_C(3), TLA_C(2)), L) == 11, "static");
 *   if (tla_crd2offset_auto(tla_make_tuple(i, 2), L) != 9) return 1;                // run time
 */
#define tla_crd2offset_auto(c, L) TLA_IF(TLA__CRD_IS_STATIC(c, L), TLA__CRD_VALUE(c, L, 0), tla_crd2offset(c, L))
/* tla_crd2offset(coord, L) -> the offset, in the coordinate's integer type (static parts folded)
 *   coord: one integer (over the whole layout, colexicographic), one integer per top-level mode,
 *   or a tuple congruent to the shape; for a tile (tla_tile_at) one integer per mode.  L: a
 *   static or mixed layout.  Each argument is evaluated once; coordinates are not range-checked.
 *   Misuse: "tla: crd2offset: the rank of the coordinate does not match the rank of the layout",
 *   "tla: tla_crd2offset takes a static or mixed layout; for a run-time tla_layout call tla_layout_crd2offset(...)".
 * Example:
 *   unsigned r = 17, c = 33;
 *   tla_auto L = tla_zN(tla_half, TLA_C(32), TLA_C(48));
 *   if (tla_crd2offset(tla_make_tuple(r, c), L) != 1 * 16 + 1 * 256 + 1 + 2 * 512) return 1;
 *   if (tla_crd2offset(r + 32 * c, L) != tla_crd2offset(tla_make_tuple(r, c), L)) return 1;
 */
#define tla_crd2offset(c, L) TLA__STMT(TLA__CRD_BIND(c, L, TLA__CRD_RT) TLA__CRD_SUM; )

/* ---- public queries: on tuples, integers and layouts ---- */
/* rank, depth, size: of a layout they are those of its shape.  (The public tla_rank,
 * tla_depth, tla_size and tla_cosize in query.h also accept run-time values.) */
#define TLA__RANK(x) TLA__TRANK(TLA__SHAPE_OF(x))
#define TLA__DEPTH_OF(x) TLA__DEPTH(TLA__SHAPE_OF(x))
#define TLA__SIZE(x) TLA__TSIZE(TLA__SHAPE_OF(x))
#define tla_shape(L) TLA__LSHAPE(L)
#define tla_stride(L) TLA__LSTRIDE(L)
/* tla_value(leaf) -> its value: an integer constant expression when static
 * Example:
 *   int n = 5;
 *   _Static_assert(tla_value(TLA_C(-3)) == -3, "");
 *   if (tla_value(tla_get(tla_make_tuple(TLA_C(1), n), 1)) != 5) return 1;
 */
#define tla_value(x) TLA__VAL(x)
/* tla_get(x, i [, j, k, l]) -> node: element i of x, then element j of that, ...
 *   Of a layout: the sub-layout (shape and stride at that path).  Indices are literals 0..7 below
 *   the rank (like get<1,0> in TLA); x is evaluated once.
 *   Misuse: "tla: get index is past the end of the tuple", "tla: get of an integer: it has no
 *   elements", "tla: get takes literal indices 0..7, like get<1,0> in TLA".
 * Example:
 *   tla_auto L = tla_zN(float, TLA_C(32), TLA_C(32));       // ((_16,_2),(_8,_4)):((_8,_128),(_1,_256))
 *   _Static_assert(tla_size(tla_get(L, 1)) == 32, "the column mode");
 *   _Static_assert(tla_value(tla_get(tla_stride(L), 1, 1)) == 256, "");
 */
#define tla_get(x, ...) TLA__STMT(__auto_type tla__gx = (x); __auto_type tla__g0 = TLA__SHAPE_OF(tla__gx); \
        __auto_type tla__h0 = TLA__STRIDE_OF(tla__gx); TLA__CAT(TLA__GETC_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__) \
        TLA_IF(TLA__IS_LAYOUT(tla__gx), TLA__LAYOUT_OF_NODES(TLA__GETLAST(g, __VA_ARGS__), TLA__GETLAST(h, __VA_ARGS__)), \
               TLA__GETLAST(g, __VA_ARGS__)); )
/* One step of a get path: check index i of node g<k> once (a literal 0..7 below the rank),
 * then take child i of the shape (g) and of the stride (h) side by side. */
#define TLA__GETSTEP(k, n, i) \
    _Static_assert(TLA__GET_LITERAL(i), "tla: get takes literal indices 0..7, like get<1,0> in TLA"); \
    _Static_assert(TLA__IS_TUPLE(tla__g##k), "tla: get of an integer: it has no elements"); \
    _Static_assert(!TLA__IS_TUPLE(tla__g##k) || TLA__GET_INDEX(i) < TLA__TRANK(tla__g##k), \
        "tla: get index is past the end of the tuple"); \
    __auto_type tla__g##n = tla__g##k.TLA__GET_MEMBER(i)[0]; __auto_type tla__h##n = tla__h##k.TLA__GET_MEMBER(i)[0]; \
    (void)tla__h##n;
#define TLA__GETC_1(i) TLA__GETSTEP(0, 1, i)
#define TLA__GETC_2(i, j) TLA__GETSTEP(0, 1, i) TLA__GETSTEP(1, 2, j)
#define TLA__GETC_3(i, j, k) TLA__GETSTEP(0, 1, i) TLA__GETSTEP(1, 2, j) TLA__GETSTEP(2, 3, k)
#define TLA__GETC_4(i, j, k, l) TLA__GETSTEP(0, 1, i) TLA__GETSTEP(1, 2, j) TLA__GETSTEP(2, 3, k) TLA__GETSTEP(3, 4, l)
#define TLA__GETLAST(p, ...) TLA__CAT(tla__##p, TLA__NARGS(__VA_ARGS__))
/* 1 when i is one of the literals 0..7 (other tokens give 0; a parenthesised index cannot
 * be pasted, so write indices as plain literals). */
#define TLA__GET_LITERAL(i) TLA__PROBE_2ND(TLA__CAT(TLA__GETLIT_, i), 0, ~)
#define TLA__PROBE_2ND(...) TLA__PROBE_2ND_(__VA_ARGS__)
#define TLA__PROBE_2ND_(a, b, ...) b
#define TLA__GET_INDEX(i) TLA__PROBE_2ND(TLA__CAT(TLA__GETIDX_, i), 0, ~)
#define TLA__GETIDX_0 ~, 0
#define TLA__GETIDX_1 ~, 1
#define TLA__GETIDX_2 ~, 2
#define TLA__GETIDX_3 ~, 3
#define TLA__GETIDX_4 ~, 4
#define TLA__GETIDX_5 ~, 5
#define TLA__GETIDX_6 ~, 6
#define TLA__GETIDX_7 ~, 7
/* Member e<i> for a literal i, else e0 (the assert above has said what is wrong). */
#define TLA__GET_MEMBER(i) TLA__PROBE_2ND(TLA__CAT(TLA__GETMEM_, i), e0, ~)
#define TLA__GETMEM_0 ~, e0
#define TLA__GETMEM_1 ~, e1
#define TLA__GETMEM_2 ~, e2
#define TLA__GETMEM_3 ~, e3
#define TLA__GETMEM_4 ~, e4
#define TLA__GETMEM_5 ~, e5
#define TLA__GETMEM_6 ~, e6
#define TLA__GETMEM_7 ~, e7
#define TLA__GETLIT_0 ~, 1
#define TLA__GETLIT_1 ~, 1
#define TLA__GETLIT_2 ~, 1
#define TLA__GETLIT_3 ~, 1
#define TLA__GETLIT_4 ~, 1
#define TLA__GETLIT_5 ~, 1
#define TLA__GETLIT_6 ~, 1
#define TLA__GETLIT_7 ~, 1
/* A layout from a shape node and a stride node that are known to fit (no checks, no
 * originShape): sub-layouts. */
#define TLA__LAYOUT_OF_NODES(sn, dn) ((struct { __typeof__(sn) tla_s[1]; __typeof__(dn) tla_d[1]; tla_nil tla_o[1]; \
        union { char (*tla_k)[30]; char (*tla_sv)[TLA__SV_BIAS]; int v; int fv[1]; long long *fq, *fm; \
                const struct tla__noinfo *tla_f; TLA__NIL_CHILDREN union tla_nil *tla_x; }; }) \
        { .tla_s = { sn }, .tla_d = { dn } })
#define TLA__STRIDE_OF(x) TLA_IF(TLA__IS_LAYOUT(x), (x).tla_d[0], (x))

/* clang-format on */
#endif
