/* tla/layout.h - layouts: a shape and a stride of the same structure (Shape:Stride).
 *
 *   tla_auto L = tla_make_layout(tla_tuple(_2, 4), tla_tuple(_12, _1));    // (_2,4):(_12,_1)
 *   tla_size(L) == 8, tla_cosize(L) == 16 (cosize = L(size-1) + 1)
 *   tla_auto c = tla_tuple(1, 5);
 *   tla_crd2offset(c, L)                 the offset of coordinate c
 *
 * An optional third argument is the originShape, the logically valid extent of each
 * top-level mode (default: the size of each mode); elements outside it are padding.
 *
 * crd2offset takes the three coordinate forms of the spec: one integer (split
 * colexicographically over all leaves, the last leaf keeps the remainder), a tuple
 * congruent to the shape, or one element per top-level mode where each element is an
 * integer (split over that mode) or a tuple congruent to that mode.
 *   tla_crd2offset(c, L)        any coordinate and layout expressions, bound once; plain
 *                               arithmetic (constant-folded where static), not an ICE;
 *   tla_crd2offset_const(c, L)  an integer constant expression; c and L must be all static;
 *   tla_crd2offset_auto(c, L)   an ICE when c and L are all static, else tla_crd2offset.
 * For a static layout and run-time coordinates both compile to plain arithmetic.
 */
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
    __auto_type tla__sn = TLA__NODE(tla__s); __auto_type tla__dn = TLA__NODE(tla__d); \
    __auto_type tla__on = TLA__NODE(tla__o); \
    _Static_assert(!(check) || TLA__CONGRUENT(tla__sn, tla__dn), \
        "tla: shape and stride are not congruent (they must have the same nesting)"); \
    _Static_assert(!(check) || (kind) == 30 || (TLA__IS_LEAF(tla__sn) ? TLA__IS_LEAF(tla__on) \
        : TLA__IS_TUPLE(tla__on) && TLA__TRANK(tla__on) == TLA__TRANK(tla__sn) && TLA__DEPTH(tla__on) == 1), \
        "tla: originShape needs one integer per top-level mode of the shape"); \
    __auto_type tla__xn = (x); (void)tla__xn; \
    (struct { __typeof__(tla__sn) tla_s[1]; __typeof__(tla__dn) tla_d[1]; __typeof__(tla__on) tla_o[1]; \
        TLA__XSTRUCT_##kind \
        union { char (*tla_k)[kind]; char (*tla_sv)[1]; int v; int *fv; \
                const struct tla__noinfo *tla_f; TLA__NIL_CHILDREN TLA__XUNION_##kind }; }) \
    { .tla_s = { tla__sn }, .tla_d = { tla__dn }, .tla_o = { tla__on } TLA__XINIT_##kind }; )

/* tla_make_layout(shape, stride [, originShape]) */
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
/* Leaf j of node x takes coordinate value v (already reduced to x's extent):
 * (v / prod(earlier leaves)) % s_j, no modulo on the last leaf. */
#define TLA__SPLIT(v, x, j) ((j) + 1 == TLA__NLEAF(x) ? (v) / TLA__QVAL(x, j) \
        : (v) / TLA__QVAL(x, j) % TLA__SVALJ(x, j))
/* Whole-layout form: one integer c over all leaves of shape S with strides D. */
#define TLA__CRD_WHOLE_TERM(a, j) + ((j) < TLA__NLEAF(TLA__SECOND3 a) \
        ? TLA__SPLIT(TLA__VAL(TLA__FIRST3 a), TLA__SECOND3 a, j) * TLA__SVALJ(TLA__THIRD a, j) : 0)
#define TLA__THIRD(a, b, c) c
#define TLA__FIRST3(a, b, c) a
#define TLA__SECOND3(a, b, c) b
/* Per-mode form: mode t of the coordinate against mode t of shape and stride; a tile adds
 * its coordinate inside the parent to each mode's integer (X: the tile coordinate, or nil). */
#define TLA__CRD_MODE_TERM(a, j) + ((j) < TLA__NLEAF(TLA__A4_1 a) ? TLA_IF(TLA__IS_LEAF(TLA__A4_0 a), \
        TLA__SPLIT(TLA__VAL(TLA__A4_0 a) + TLA__XVAL(TLA__A4_3 a), TLA__A4_1 a, j), TLA__SVALJ(TLA__A4_0 a, j)) \
        * TLA__SVALJ(TLA__A4_2 a, j) : 0)
#define TLA__A4_0(a, b, c, d) a
#define TLA__A4_1(a, b, c, d) b
#define TLA__A4_2(a, b, c, d) c
#define TLA__A4_3(a, b, c, d) d
#define TLA__XVAL(x) TLA_IF(TLA__IS_LEAF(x), TLA__VAL(x), 0)
/* One flat sum, left to right, like the expression a person writes: grouping the terms per
 * mode would let gcc reassociate differently (bench/NOTES.md).  A mode t past the rank
 * reads as nil, which has no leaves, so its terms are all 0. */
#define TLA__CRD_MODE(cSDX, t) TLA__CRD_MODE_(TLA__A4_0 cSDX, TLA__A4_1 cSDX, TLA__A4_2 cSDX, TLA__A4_3 cSDX, t)
#define TLA__CRD_MODE_(c, S, D, X, t) \
        TLA__SLOTS_B(TLA__CRD_MODE_TERM, ((c).e##t[0], (S).e##t[0], (D).e##t[0], (X).e##t[0]))
#define TLA__CRD_MODE_CHECK(cS, t) && (TLA__IS_LEAF(TLA__FIRST cS) || (t) >= TLA__TRANK(TLA__SECOND cS) \
        || TLA__IS_LEAF((TLA__FIRST cS).e##t[0]) \
        || (TLA__NLEAF((TLA__FIRST cS).e##t[0]) == TLA__NLEAF((TLA__SECOND cS).e##t[0]) \
            && TLA__DEPTH((TLA__FIRST cS).e##t[0]) == TLA__DEPTH((TLA__SECOND cS).e##t[0])))
#define TLA__CRD_TILE_CHECK(c, t) && ((t) >= TLA__TRANK(c) || TLA__IS_LEAF((c).e##t[0]))
/* c is a node, S and D the shape and stride nodes, X the tile coordinate (nil if none). */
#define TLA__CRD(c, S, D, X) ( \
    TLA_STATIC_CHECK(TLA__K(X) == 4 || (TLA__IS_TUPLE(c) TLA__MODES(TLA__CRD_TILE_CHECK, c)), \
        "tla: crd2offset of a tile takes one integer per mode, e.g. (row, col)") + \
    TLA_STATIC_CHECK(TLA__IS_LEAF(c) || (TLA__IS_TUPLE(S) && TLA__TRANK(c) == TLA__TRANK(S)), \
        "tla: crd2offset: the rank of the coordinate does not match the rank of the layout") + \
    TLA_STATIC_CHECK(1 TLA__MODES(TLA__CRD_MODE_CHECK, (c, S)), \
        "tla: crd2offset: a coordinate mode is neither an integer nor congruent to that mode of the layout") + \
    TLA_IF(TLA__IS_LEAF(c), (0 TLA__SLOTS(TLA__CRD_WHOLE_TERM, (c, S, D))), \
                            (0 TLA__MODES(TLA__CRD_MODE, (c, S, D, X)))))

/* Compile-time evaluation of expressions that need their arguments bound once: a
 * statement expression yields a null pointer to char[code], and sizeof reads the code
 * back.  sizeof of a non-VLA type is an integer constant expression whatever its operand,
 * so the result is one, while the arguments are still expanded only once. */
#define TLA__ALL_STATIC_T(x, j) && TLA__SSTATIC(x, j)
#define TLA__ALL_STATIC(x) (1 TLA__SLOTS(TLA__ALL_STATIC_T, x))
#define TLA__CRD_STATIC(c, L) (TLA__ALL_STATIC(c) && TLA__ALL_STATIC(TLA__LSHAPE(L)) && TLA__ALL_STATIC(TLA__LSTRIDE(L)) \
        && TLA__ALL_STATIC((L).tla_x[0]))
/* v (an ICE, |v| < 2^60) as an array extent, and back */
#define TLA__BIAS (1LL << 60)
#define TLA__CODE_OF(v) (TLA__BIAS + (v))
#define TLA__CODE_VALUE(code) ((long long)(code) - TLA__BIAS)
#define TLA__CRD_BIND(c, L) __auto_type tla__c0 = (c); __auto_type tla__cc = TLA__NODE(tla__c0); \
        __auto_type tla__LL = (L); TLA__CHECK_ELEMENT(tla__c0)
/* 1 if c and L are all static (an ICE; c and L expanded once, not evaluated). */
#define TLA__CRD_IS_STATIC(c, L) (sizeof(*TLA__STMT(TLA__CRD_BIND(c, L) (void)tla__LL; \
        (char (*)[1 + TLA__CRD_STATIC(tla__cc, tla__LL)])0; )) == 2)
#define TLA__CRD_VALUE(c, L, check) TLA__CODE_VALUE(sizeof(*TLA__STMT(TLA__CRD_BIND(c, L) \
        _Static_assert(!(check) || TLA__CRD_STATIC(tla__cc, tla__LL), \
            "tla: crd2offset_const needs a static coordinate and an all-static layout"); \
        (char (*)[TLA__CODE_OF(TLA_IF(TLA__CRD_STATIC(tla__cc, tla__LL), \
            TLA__CRD(tla__cc, TLA__LSHAPE(tla__LL), TLA__LSTRIDE(tla__LL), (tla__LL).tla_x[0]), 0))])0; )))
/* tla_crd2offset_const(c, L): an integer constant expression (long long); c and L must be
 * all static, and may be any expressions. */
#define tla_crd2offset_const(c, L) TLA__CRD_VALUE(c, L, 1)
/* tla_crd2offset_auto(c, L): an integer constant expression when c and L are all static,
 * else tla_crd2offset(c, L).  Costs the compiler about twice the work of tla_crd2offset. */
#define tla_crd2offset_auto(c, L) TLA_IF(TLA__CRD_IS_STATIC(c, L), TLA__CRD_VALUE(c, L, 0), tla_crd2offset(c, L))
#define tla_crd2offset(c, L) TLA__STMT(TLA__CRD_BIND(c, L) \
        TLA__CRD(tla__cc, TLA__LSHAPE(tla__LL), TLA__LSTRIDE(tla__LL), (tla__LL).tla_x[0]); )

/* ---- public queries: on tuples, integers and layouts ---- */
/* rank, depth, size: of a layout they are those of its shape.  (The public tla_rank,
 * tla_depth, tla_size and tla_cosize in convert.h also accept run-time values.) */
#define TLA__RANK(x) TLA__TRANK(TLA__SHAPE_OF(x))
#define TLA__DEPTH_OF(x) TLA__DEPTH(TLA__SHAPE_OF(x))
#define TLA__SIZE(x) TLA__TSIZE(TLA__SHAPE_OF(x))
#define tla_shape(L) TLA__LSHAPE(L)
#define tla_stride(L) TLA__LSTRIDE(L)
/* The value of a leaf (static: an integer constant expression). */
#define tla_value(x) TLA__VAL(x)
/* get(t, i, j, ...): element i of t, then element j of that, ...; literal indices 0..7.
 * Of a layout: the sub-layout (shape and stride at that path). */
#define tla_get(x, ...) TLA_IF(TLA__IS_LAYOUT(x), \
        TLA__LAYOUT_IMPL(TLA__GETP(TLA__SHAPE_OF(x), __VA_ARGS__), TLA__GETP(TLA__STRIDE_OF(x), __VA_ARGS__), \
                         TLA__NIL, 30, 0), \
        TLA__GETP(TLA__SHAPE_OF(x), __VA_ARGS__))
#define TLA__STRIDE_OF(x) TLA_IF(TLA__IS_LAYOUT(x), (x).tla_d[0], (x))
#define TLA__GETP(x, ...) TLA__CAT(TLA__GET_, TLA__NARGS(__VA_ARGS__))(x, __VA_ARGS__)
#define TLA__GET_1(x, i) TLA__CHILD(x, i)
#define TLA__GET_2(x, i, j) TLA__CHILD(TLA__CHILD(x, i), j)
#define TLA__GET_3(x, i, j, k) TLA__CHILD(TLA__CHILD(TLA__CHILD(x, i), j), k)
#define TLA__GET_4(x, i, j, k, l) TLA__CHILD(TLA__CHILD(TLA__CHILD(TLA__CHILD(x, i), j), k), l)

#endif
