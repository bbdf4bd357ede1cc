/* tla/static/tuple_values.h - a static or mixed tuple built from element *values*.
 *
 * tla_make_tuple (static/tuple.h) sees nested constructors written in place and builds one flat
 * value; an element that is already a tuple value (a variable, or a constructor expanded before
 * the call, as a function-like macro's arguments are) is refused.  TLA__TUPLE_OF_VALUES(e0, ...)
 * takes such values: each element is an integer, a static integer or a static or mixed tuple,
 * and the result is the tuple tla_make_tuple would have built with that tuple written in place
 * (the same facts slot by slot, so static leaves stay static and the two are congruent).  It
 * costs more text per call (about 15-20 KB for two or three elements, against 5 KB), which is
 * why tla_make_tuple does not work this way.  0.1's tla_tuple(...) uses it (tla/deprecated.h),
 * so tla_tuple(TLA_C(4), tla_tuple(1, 2)) nests as it did in 0.1.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   int n = 5;
 *   tla_auto inner = tla_make_tuple(1, n);
 *   tla_auto t = TLA__TUPLE_OF_VALUES(TLA_C(4), inner);                 // (_4,(1,5))
 *   _Static_assert(tla_rank(t) == 2 && tla_depth(t) == 2 && tla_value(tla_get(t, 0)) == 4, "");
 *   if (tla_size(t) != 20 || tla_value(tla_get(t, 1, 1)) != 5) return 1;
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_TUPLE_VALUES_H
#define TLA_TUPLE_VALUES_H
/* Macros only: a system header, so gcc's notes on a misuse stop at the user's call. */
#pragma GCC system_header

#include "tla/static/convert.h"

/* ---------------------------------------------------------------- internals */

/* Built from values: each element is bound once and made a node (a leaf a one-slot node); the
 * result's slot j is slot j - o_i of the element i whose leaves start at o_i, its path that
 * path one level down ((p - 1) * 10 + i + 1, p a path code + 1 as in static/node.h).  Every fact
 * is an enum constant, so a static leaf stays static. */
#define TLA__TUPLE_OF_VALUES(...) TLA__CT0(TLA__OTK_, TLA__RN(~, __VA_ARGS__))(__VA_ARGS__)
/* (by the element count: the elements bound, the rest of the 8 padded with empty ones) */
#define TLA__OTK_0(...) TLA__EM_ERR("tla: a tuple needs at least one element")
#define TLA__OTK_1(e0) TLA__OT_N(1, \
    TLA__OT_ELEM(0, e0) TLA__OT_PAD(1) TLA__OT_PAD(2) TLA__OT_PAD(3) TLA__OT_PAD(4) TLA__OT_PAD(5) \
    TLA__OT_PAD(6) TLA__OT_PAD(7))
#define TLA__OTK_2(e0, e1) TLA__OT_N(2, \
    TLA__OT_ELEM(0, e0) TLA__OT_ELEM(1, e1) TLA__OT_PAD(2) TLA__OT_PAD(3) TLA__OT_PAD(4) \
    TLA__OT_PAD(5) TLA__OT_PAD(6) TLA__OT_PAD(7))
#define TLA__OTK_3(e0, e1, e2) TLA__OT_N(3, \
    TLA__OT_ELEM(0, e0) TLA__OT_ELEM(1, e1) TLA__OT_ELEM(2, e2) TLA__OT_PAD(3) TLA__OT_PAD(4) \
    TLA__OT_PAD(5) TLA__OT_PAD(6) TLA__OT_PAD(7))
#define TLA__OTK_4(e0, e1, e2, e3) TLA__OT_N(4, \
    TLA__OT_ELEM(0, e0) TLA__OT_ELEM(1, e1) TLA__OT_ELEM(2, e2) TLA__OT_ELEM(3, e3) TLA__OT_PAD(4) \
    TLA__OT_PAD(5) TLA__OT_PAD(6) TLA__OT_PAD(7))
#define TLA__OTK_5(e0, e1, e2, e3, e4) TLA__OT_N(5, \
    TLA__OT_ELEM(0, e0) TLA__OT_ELEM(1, e1) TLA__OT_ELEM(2, e2) TLA__OT_ELEM(3, e3) \
    TLA__OT_ELEM(4, e4) TLA__OT_PAD(5) TLA__OT_PAD(6) TLA__OT_PAD(7))
#define TLA__OTK_6(e0, e1, e2, e3, e4, e5) TLA__OT_N(6, \
    TLA__OT_ELEM(0, e0) TLA__OT_ELEM(1, e1) TLA__OT_ELEM(2, e2) TLA__OT_ELEM(3, e3) \
    TLA__OT_ELEM(4, e4) TLA__OT_ELEM(5, e5) TLA__OT_PAD(6) TLA__OT_PAD(7))
#define TLA__OTK_7(e0, e1, e2, e3, e4, e5, e6) TLA__OT_N(7, \
    TLA__OT_ELEM(0, e0) TLA__OT_ELEM(1, e1) TLA__OT_ELEM(2, e2) TLA__OT_ELEM(3, e3) \
    TLA__OT_ELEM(4, e4) TLA__OT_ELEM(5, e5) TLA__OT_ELEM(6, e6) TLA__OT_PAD(7))
#define TLA__OTK_8(e0, e1, e2, e3, e4, e5, e6, e7) TLA__OT_N(8, \
    TLA__OT_ELEM(0, e0) TLA__OT_ELEM(1, e1) TLA__OT_ELEM(2, e2) TLA__OT_ELEM(3, e3) \
    TLA__OT_ELEM(4, e4) TLA__OT_ELEM(5, e5) TLA__OT_ELEM(6, e6) TLA__OT_ELEM(7, e7))
#define TLA__OTK_9(...) \
    TLA__EM_ERR("tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple")
#define TLA__OTK_10(...) \
    TLA__EM_ERR("tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple")
#define TLA__OTK_11(...) \
    TLA__EM_ERR("tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple")
#define TLA__OTK_12(...) \
    TLA__EM_ERR("tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple")
#define TLA__OT_N(nel, ...) __extension__ ({ \
    __VA_ARGS__ \
    enum { tla__oo0 = 0, tla__oo1 = tla__ol0, tla__oo2 = tla__oo1 + tla__ol1, tla__oo3 = tla__oo2 + tla__ol2, \
           tla__oo4 = tla__oo3 + tla__ol3, tla__oo5 = tla__oo4 + tla__ol4, tla__oo6 = tla__oo5 + tla__ol5, \
           tla__oo7 = tla__oo6 + tla__ol6, tla__oL = tla__oo7 + tla__ol7, \
           tla__oD = 1 + TLA__OT_MAX(TLA__OT_MAX(TLA__OT_MAX(tla__od0, tla__od1), TLA__OT_MAX(tla__od2, tla__od3)), \
                                     TLA__OT_MAX(TLA__OT_MAX(tla__od4, tla__od5), TLA__OT_MAX(tla__od6, tla__od7))), \
           tla__oS = tla__os0 && tla__os1 && tla__os2 && tla__os3 && tla__os4 && tla__os5 && tla__os6 && tla__os7 }; \
    _Static_assert(tla__oL <= 8, "tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple"); \
    _Static_assert(tla__oD <= TLA_STATIC_DEPTH, "tla: a static or mixed IntTuple nests at most TLA_STATIC_DEPTH (4) levels; use the run-time tla_tuple"); \
    enum { TLA__SLOTS(TLA__OT_SLOT, nel) tla__oZ }; \
    typedef struct { char (*n)[tla__oL + 1], (*dp)[tla__oD + 1], (*r)[(nel) + 1], (*st)[1 + tla__oS], \
        (*c0)[tla__oC0], (*c1)[tla__oC1], (*c2)[tla__oC2], (*c3)[tla__oC3], (*c4)[tla__oC4], (*c5)[tla__oC5], \
        (*c6)[tla__oC6], (*c7)[tla__oC7], (*p0)[tla__oP0], (*p1)[tla__oP1], (*p2)[tla__oP2], (*p3)[tla__oP3], \
        (*p4)[tla__oP4], (*p5)[tla__oP5], (*p6)[tla__oP6], (*p7)[tla__oP7]; \
        void (*pp)(char (*)[tla__oP0], char (*)[tla__oP1], char (*)[tla__oP2], char (*)[tla__oP3], char (*)[tla__oP4], \
                   char (*)[tla__oP5], char (*)[tla__oP6], char (*)[tla__oP7]); } tla__oi; \
    typedef __typeof__(0 + tla__on0.v[0] + tla__on1.v[0] + tla__on2.v[0] + tla__on3.v[0] + tla__on4.v[0] + \
                       tla__on5.v[0] + tla__on6.v[0] + tla__on7.v[0]) tla__oT; \
    struct { tla__oT v[8]; union { const tla__oi *tla_f; char (*tla_lk)[4 + (nel)]; }; } tla__or = { .v = { 0 } }; \
    TLA__SLOTS(TLA__OT_VALUE, nel) tla__or; })
#define TLA__OT_MAX(a, b) ((int)(a) > (int)(b) ? (int)(a) : (int)(b))
/* Element i: bound, checked (an integer, a static integer or a static or mixed tuple; a run-time
 * tla_tuple or a layout is refused), made a node; its leaf count, depth, all-static flag and
 * its slots' value and path codes as constants. */
#define TLA__OT_ELEM(i, e) __auto_type tla__oe##i = (e); \
    _Static_assert((TLA__ELEM_OK(TLA__CLS(tla__oe##i)) || TLA__CLS(tla__oe##i) == 12) && \
                   !TLA__IS_RT_VALUE(tla__oe##i), TLA__OT_ELEM_MSG); \
    TLA__ANODEB(tla__on##i, tla__oe##i) \
    _Static_assert(TLA__K(tla__on##i) <= 12, TLA__OT_ELEM_MSG); \
    enum { tla__ol##i = TLA__NLEAF(tla__on##i), tla__od##i = TLA__DEPTH(tla__on##i), \
           tla__os##i = TLA__ALL_STATIC(tla__on##i), TLA__SLOTS(TLA__OT_CODES, i) tla__oz##i };
/* An absent element i (past the count): no leaves, so it holds no slot. */
#define TLA__OT_PAD(i) enum { tla__ol##i = 0, tla__od##i = 0, tla__os##i = 1 }; __auto_type tla__on##i = tla__nil0;
#define TLA__OT_ELEM_MSG "tla: tuple elements are integers or static or mixed tuples"
#define TLA__OT_CODES(i, j) tla__oc##i##_##j = TLA__F(tla__on##i, c##j), tla__op##i##_##j = TLA__F(tla__on##i, p##j),
/* Slot j of the result: its value code and path code + 1 (1 and 1 past the last leaf).  Only
 * elements 0..j (and below the count n) can hold slot j, as slot j - o_i <= j - i of theirs
 * (every element has a leaf): TLA__OT_S<j>_<n>(M) sums M(j, i, j - i) over them. */
#define TLA__OT_SLOT(n, j) tla__oC##j = j >= tla__oL ? 1 : (TLA__OT_S##j##_##n(TLA__OT_C)), \
    tla__oP##j = j >= tla__oL ? 1 : (TLA__OT_S##j##_##n(TLA__OT_P)),
#define TLA__OT_S0_1(M) M(0, 0, 0)
#define TLA__OT_S0_2(M) M(0, 0, 0)
#define TLA__OT_S0_3(M) M(0, 0, 0)
#define TLA__OT_S0_4(M) M(0, 0, 0)
#define TLA__OT_S0_5(M) M(0, 0, 0)
#define TLA__OT_S0_6(M) M(0, 0, 0)
#define TLA__OT_S0_7(M) M(0, 0, 0)
#define TLA__OT_S0_8(M) M(0, 0, 0)
#define TLA__OT_S1_1(M) M(1, 0, 1)
#define TLA__OT_S1_2(M) M(1, 0, 1) + M(1, 1, 0)
#define TLA__OT_S1_3(M) M(1, 0, 1) + M(1, 1, 0)
#define TLA__OT_S1_4(M) M(1, 0, 1) + M(1, 1, 0)
#define TLA__OT_S1_5(M) M(1, 0, 1) + M(1, 1, 0)
#define TLA__OT_S1_6(M) M(1, 0, 1) + M(1, 1, 0)
#define TLA__OT_S1_7(M) M(1, 0, 1) + M(1, 1, 0)
#define TLA__OT_S1_8(M) M(1, 0, 1) + M(1, 1, 0)
#define TLA__OT_S2_1(M) M(2, 0, 2)
#define TLA__OT_S2_2(M) M(2, 0, 2) + M(2, 1, 1)
#define TLA__OT_S2_3(M) M(2, 0, 2) + M(2, 1, 1) + M(2, 2, 0)
#define TLA__OT_S2_4(M) M(2, 0, 2) + M(2, 1, 1) + M(2, 2, 0)
#define TLA__OT_S2_5(M) M(2, 0, 2) + M(2, 1, 1) + M(2, 2, 0)
#define TLA__OT_S2_6(M) M(2, 0, 2) + M(2, 1, 1) + M(2, 2, 0)
#define TLA__OT_S2_7(M) M(2, 0, 2) + M(2, 1, 1) + M(2, 2, 0)
#define TLA__OT_S2_8(M) M(2, 0, 2) + M(2, 1, 1) + M(2, 2, 0)
#define TLA__OT_S3_1(M) M(3, 0, 3)
#define TLA__OT_S3_2(M) M(3, 0, 3) + M(3, 1, 2)
#define TLA__OT_S3_3(M) M(3, 0, 3) + M(3, 1, 2) + M(3, 2, 1)
#define TLA__OT_S3_4(M) M(3, 0, 3) + M(3, 1, 2) + M(3, 2, 1) + M(3, 3, 0)
#define TLA__OT_S3_5(M) M(3, 0, 3) + M(3, 1, 2) + M(3, 2, 1) + M(3, 3, 0)
#define TLA__OT_S3_6(M) M(3, 0, 3) + M(3, 1, 2) + M(3, 2, 1) + M(3, 3, 0)
#define TLA__OT_S3_7(M) M(3, 0, 3) + M(3, 1, 2) + M(3, 2, 1) + M(3, 3, 0)
#define TLA__OT_S3_8(M) M(3, 0, 3) + M(3, 1, 2) + M(3, 2, 1) + M(3, 3, 0)
#define TLA__OT_S4_1(M) M(4, 0, 4)
#define TLA__OT_S4_2(M) M(4, 0, 4) + M(4, 1, 3)
#define TLA__OT_S4_3(M) M(4, 0, 4) + M(4, 1, 3) + M(4, 2, 2)
#define TLA__OT_S4_4(M) M(4, 0, 4) + M(4, 1, 3) + M(4, 2, 2) + M(4, 3, 1)
#define TLA__OT_S4_5(M) M(4, 0, 4) + M(4, 1, 3) + M(4, 2, 2) + M(4, 3, 1) + M(4, 4, 0)
#define TLA__OT_S4_6(M) M(4, 0, 4) + M(4, 1, 3) + M(4, 2, 2) + M(4, 3, 1) + M(4, 4, 0)
#define TLA__OT_S4_7(M) M(4, 0, 4) + M(4, 1, 3) + M(4, 2, 2) + M(4, 3, 1) + M(4, 4, 0)
#define TLA__OT_S4_8(M) M(4, 0, 4) + M(4, 1, 3) + M(4, 2, 2) + M(4, 3, 1) + M(4, 4, 0)
#define TLA__OT_S5_1(M) M(5, 0, 5)
#define TLA__OT_S5_2(M) M(5, 0, 5) + M(5, 1, 4)
#define TLA__OT_S5_3(M) M(5, 0, 5) + M(5, 1, 4) + M(5, 2, 3)
#define TLA__OT_S5_4(M) M(5, 0, 5) + M(5, 1, 4) + M(5, 2, 3) + M(5, 3, 2)
#define TLA__OT_S5_5(M) M(5, 0, 5) + M(5, 1, 4) + M(5, 2, 3) + M(5, 3, 2) + M(5, 4, 1)
#define TLA__OT_S5_6(M) M(5, 0, 5) + M(5, 1, 4) + M(5, 2, 3) + M(5, 3, 2) + M(5, 4, 1) + M(5, 5, 0)
#define TLA__OT_S5_7(M) M(5, 0, 5) + M(5, 1, 4) + M(5, 2, 3) + M(5, 3, 2) + M(5, 4, 1) + M(5, 5, 0)
#define TLA__OT_S5_8(M) M(5, 0, 5) + M(5, 1, 4) + M(5, 2, 3) + M(5, 3, 2) + M(5, 4, 1) + M(5, 5, 0)
#define TLA__OT_S6_1(M) M(6, 0, 6)
#define TLA__OT_S6_2(M) M(6, 0, 6) + M(6, 1, 5)
#define TLA__OT_S6_3(M) M(6, 0, 6) + M(6, 1, 5) + M(6, 2, 4)
#define TLA__OT_S6_4(M) M(6, 0, 6) + M(6, 1, 5) + M(6, 2, 4) + M(6, 3, 3)
#define TLA__OT_S6_5(M) M(6, 0, 6) + M(6, 1, 5) + M(6, 2, 4) + M(6, 3, 3) + M(6, 4, 2)
#define TLA__OT_S6_6(M) M(6, 0, 6) + M(6, 1, 5) + M(6, 2, 4) + M(6, 3, 3) + M(6, 4, 2) + M(6, 5, 1)
#define TLA__OT_S6_7(M) M(6, 0, 6) + M(6, 1, 5) + M(6, 2, 4) + M(6, 3, 3) + M(6, 4, 2) + M(6, 5, 1) + M(6, 6, 0)
#define TLA__OT_S6_8(M) M(6, 0, 6) + M(6, 1, 5) + M(6, 2, 4) + M(6, 3, 3) + M(6, 4, 2) + M(6, 5, 1) + M(6, 6, 0)
#define TLA__OT_S7_1(M) M(7, 0, 7)
#define TLA__OT_S7_2(M) M(7, 0, 7) + M(7, 1, 6)
#define TLA__OT_S7_3(M) M(7, 0, 7) + M(7, 1, 6) + M(7, 2, 5)
#define TLA__OT_S7_4(M) M(7, 0, 7) + M(7, 1, 6) + M(7, 2, 5) + M(7, 3, 4)
#define TLA__OT_S7_5(M) M(7, 0, 7) + M(7, 1, 6) + M(7, 2, 5) + M(7, 3, 4) + M(7, 4, 3)
#define TLA__OT_S7_6(M) M(7, 0, 7) + M(7, 1, 6) + M(7, 2, 5) + M(7, 3, 4) + M(7, 4, 3) + M(7, 5, 2)
#define TLA__OT_S7_7(M) M(7, 0, 7) + M(7, 1, 6) + M(7, 2, 5) + M(7, 3, 4) + M(7, 4, 3) + M(7, 5, 2) + M(7, 6, 1)
#define TLA__OT_S7_8(M) M(7, 0, 7) + M(7, 1, 6) + M(7, 2, 5) + M(7, 3, 4) + M(7, 4, 3) + M(7, 5, 2) + M(7, 6, 1) + M(7, 7, 0)
/* (element i holds slot j when o_i <= j < o_i + l_i; then it is its slot j - o_i, at most m) */
#define TLA__OT_IN(j, i) (tla__oo##i <= (j) && (j) < tla__oo##i + tla__ol##i)
#define TLA__OT_C(j, i, m) (TLA__OT_IN(j, i) ? TLA__OT_SEL##m(c##i, (j) - tla__oo##i) : 0)
#define TLA__OT_P(j, i, m) (TLA__OT_IN(j, i) ? (TLA__OT_SEL##m(p##i, (j) - tla__oo##i) - 1) * 10 + (i) + 2 : 0)
#define TLA__OT_SEL0(x, k) tla__o##x##_0
#define TLA__OT_SEL1(x, k) ((k) == 1 ? tla__o##x##_1 : TLA__OT_SEL0(x, k))
#define TLA__OT_SEL2(x, k) ((k) == 2 ? tla__o##x##_2 : TLA__OT_SEL1(x, k))
#define TLA__OT_SEL3(x, k) ((k) == 3 ? tla__o##x##_3 : TLA__OT_SEL2(x, k))
#define TLA__OT_SEL4(x, k) ((k) == 4 ? tla__o##x##_4 : TLA__OT_SEL3(x, k))
#define TLA__OT_SEL5(x, k) ((k) == 5 ? tla__o##x##_5 : TLA__OT_SEL4(x, k))
#define TLA__OT_SEL6(x, k) ((k) == 6 ? tla__o##x##_6 : TLA__OT_SEL5(x, k))
#define TLA__OT_SEL7(x, k) ((k) == 7 ? tla__o##x##_7 : TLA__OT_SEL6(x, k))
/* The leaves' values, static ones too (as tla_make_tuple stores them). */
#define TLA__OT_VALUE(n, j) tla__or.v[j] = TLA__OT_S##j##_##n(TLA__OT_V);
#define TLA__OT_V(j, i, m) (TLA__OT_IN(j, i) ? tla__on##i.v[((j) - tla__oo##i) & 7] : 0)

/* clang-format on */
#endif
