/* tla/tuple.h - IntTuples: construction and queries.
 *
 *   tla_auto s = tla_tuple(tla_tuple(_16, 2), tla_tuple(_16, n));   // ((_16,2),(_16,n))
 *   tla_rank(s) == 2, tla_depth(s) == 2, tla_size(s) == 64 * n
 *   tla_get(s, 1, 0)  is _16 (indices are literal 0..7, like get<1,0> in TLA)
 *
 * Elements are C integers (dynamic), static integers (_N / TLA_C(N)) or tuples, mixed
 * freely; rank 1..8 per tuple, at most TLA_STATIC_LEAVES leaves and TLA_STATIC_DEPTH
 * levels in all (tla_tuple_t, the run-time type, holds more).  On all-static tuples
 * rank, depth and size are integer constant expressions.
 */
#ifndef TLA_TUPLE_H
#define TLA_TUPLE_H

#include "node.h"

/* ---- counted loops over the children 0..r-1 (r a literal 1..8) ---- */
#define TLA__REP_1(M, a) M(a, 0)
#define TLA__REP_2(M, a) TLA__REP_1(M, a) M(a, 1)
#define TLA__REP_3(M, a) TLA__REP_2(M, a) M(a, 2)
#define TLA__REP_4(M, a) TLA__REP_3(M, a) M(a, 3)
#define TLA__REP_5(M, a) TLA__REP_4(M, a) M(a, 4)
#define TLA__REP_6(M, a) TLA__REP_5(M, a) M(a, 5)
#define TLA__REP_7(M, a) TLA__REP_6(M, a) M(a, 6)
#define TLA__REP_8(M, a) TLA__REP_7(M, a) M(a, 7)
#define TLA__REP(r, M, a) TLA__CAT(TLA__REP_, r)(M, a)

/* The nil children e_r..e7 of a rank-r tuple (they live in its union). */
#define TLA__NILS_FROM_0 TLA__NIL_CHILDREN
#define TLA__NILS_FROM_1 TLA__NILS_E(1) TLA__NILS_E(2) TLA__NILS_E(3) TLA__NILS_E(4) TLA__NILS_E(5) TLA__NILS_E(6) TLA__NILS_E(7)
#define TLA__NILS_FROM_2 TLA__NILS_E(2) TLA__NILS_E(3) TLA__NILS_E(4) TLA__NILS_E(5) TLA__NILS_E(6) TLA__NILS_E(7)
#define TLA__NILS_FROM_3 TLA__NILS_E(3) TLA__NILS_E(4) TLA__NILS_E(5) TLA__NILS_E(6) TLA__NILS_E(7)
#define TLA__NILS_FROM_4 TLA__NILS_E(4) TLA__NILS_E(5) TLA__NILS_E(6) TLA__NILS_E(7)
#define TLA__NILS_FROM_5 TLA__NILS_E(5) TLA__NILS_E(6) TLA__NILS_E(7)
#define TLA__NILS_FROM_6 TLA__NILS_E(6) TLA__NILS_E(7)
#define TLA__NILS_FROM_7 TLA__NILS_E(7)
#define TLA__NILS_FROM_8

/* Bind each argument once, by position (a re-expanded argument would be a new type). */
#define TLA__BIND_1(a0) __auto_type tla__a0 = (a0);
#define TLA__BIND_2(a0, a1) TLA__BIND_1(a0) __auto_type tla__a1 = (a1);
#define TLA__BIND_3(a0, a1, a2) TLA__BIND_2(a0, a1) __auto_type tla__a2 = (a2);
#define TLA__BIND_4(a0, a1, a2, a3) TLA__BIND_3(a0, a1, a2) __auto_type tla__a3 = (a3);
#define TLA__BIND_5(a0, a1, a2, a3, a4) TLA__BIND_4(a0, a1, a2, a3) __auto_type tla__a4 = (a4);
#define TLA__BIND_6(a0, a1, a2, a3, a4, a5) TLA__BIND_5(a0, a1, a2, a3, a4) __auto_type tla__a5 = (a5);
#define TLA__BIND_7(a0, a1, a2, a3, a4, a5, a6) TLA__BIND_6(a0, a1, a2, a3, a4, a5) __auto_type tla__a6 = (a6);
#define TLA__BIND_8(a0, a1, a2, a3, a4, a5, a6, a7) TLA__BIND_7(a0, a1, a2, a3, a4, a5, a6) __auto_type tla__a7 = (a7);

/* Per child c: check it, wrap it, count its leaves and where they start. */
#define TLA__T_CHECK(a, c) TLA__CHECK_ELEMENT(tla__a##c)
#define TLA__T_WRAP(a, c) __auto_type tla__t##c = TLA__NODE(tla__a##c);
#define TLA__T_COUNT(a, c) tla__n##c = TLA__NLEAF(tla__t##c), tla__d##c = TLA__DEPTH(tla__t##c),
#define TLA__T_OFFSET(a, c) tla__o##c = 0 TLA__CAT(TLA__LEAVES_BEFORE_, c),
/* Leaves of the children before child c. */
#define TLA__LEAVES_BEFORE_0
#define TLA__LEAVES_BEFORE_1 + tla__n0
#define TLA__LEAVES_BEFORE_2 TLA__LEAVES_BEFORE_1 + tla__n1
#define TLA__LEAVES_BEFORE_3 TLA__LEAVES_BEFORE_2 + tla__n2
#define TLA__LEAVES_BEFORE_4 TLA__LEAVES_BEFORE_3 + tla__n3
#define TLA__LEAVES_BEFORE_5 TLA__LEAVES_BEFORE_4 + tla__n4
#define TLA__LEAVES_BEFORE_6 TLA__LEAVES_BEFORE_5 + tla__n5
#define TLA__LEAVES_BEFORE_7 TLA__LEAVES_BEFORE_6 + tla__n6
#define TLA__LEAVES_BEFORE_8 TLA__LEAVES_BEFORE_7 + tla__n7
#define TLA__T_MAXDEPTH(a, c) tla__d##c > tla__dmax ? tla__d##c :
/* Product of the sizes of the children before child c+1: a static code (a typedef, so
 * later uses cost one name) and a run-time value. */
#define TLA__INC_0 1
#define TLA__INC_1 2
#define TLA__INC_2 3
#define TLA__INC_3 4
#define TLA__INC_4 5
#define TLA__INC_5 6
#define TLA__INC_6 7
#define TLA__INC_7 8
#define TLA__ECODE(c) sizeof(*(tla__E##c)0)
#define TLA__T_EPROD(a, c) \
    typedef char (*TLA__CAT(tla__E, TLA__INC_##c))[TLA__QMUL(TLA__ECODE(c), TLA__QCODE(tla__t##c, 8))]; \
    long long TLA__CAT(tla__ev, TLA__INC_##c) = tla__ev##c * (long long)TLA__QVAL(tla__t##c, 8);
#define TLA__T_MEMBER(a, c) __typeof__(tla__t##c) e##c[1];
#define TLA__T_INIT(a, c) .e##c = { tla__t##c },
#define TLA__T_RTV0(a, c) + TLA__SVALJ(tla__t##c, 0)

/* Does child c hold the parent's slot j?  Which of its slots is that? */
#define TLA__T_COVERS(c, j) (tla__o##c <= (j) && (j) < tla__o##c + tla__n##c)
#define TLA__T_AT(c, j) (TLA__T_COVERS(c, j) ? (j) - tla__o##c : TLA_STATIC_LEAVES)
/* Field F of child x's slot m (m an ICE in 0..8; 8 = none), by table lookup. */
#define TLA__PICK(x, m, F, none) _Generic((char (*)[(m) + 1])0, \
        char (*)[1]: F(x, 0), char (*)[2]: F(x, 1), char (*)[3]: F(x, 2), char (*)[4]: F(x, 3), \
        char (*)[5]: F(x, 4), char (*)[6]: F(x, 5), char (*)[7]: F(x, 6), char (*)[8]: F(x, 7), \
        default: (none))
#define TLA__INFO_C(x, m) TLA__INFO(x, tla_c##m)
#define TLA__INFO_P(x, m) TLA__INFO(x, tla_p##m)
/* Value code and path code of the parent's slot j taken from child c. */
#define TLA__T_CODE(j, c) + (TLA__T_COVERS(c, j) ? TLA__PICK(tla__t##c, TLA__T_AT(c, j), TLA__INFO_C, 1) : 0)
#define TLA__T_PATH(j, c) + (TLA__T_COVERS(c, j) ? (c) + 1 + 9 * \
        (TLA__PICK(tla__t##c, TLA__T_AT(c, j), TLA__INFO_P, 1) - 1) : 0)
/* Prefix products of the parent, child c's part: (product of the earlier children) times
 * child c's own prefix product before its slot m, one typedef per (c, m) so the slots
 * below name them instead of repeating the arithmetic. */
#define TLA__T_QTYPES(a, c) TLA__SLOTS_B(TLA__T_QTYPE, c)
#define TLA__T_QTYPE(c, m) typedef char (*tla__Q##c##_##m)[TLA__QMUL(TLA__ECODE(c), TLA__QCODE(tla__t##c, m))];
#define TLA__Q_OF(c, m) sizeof(*(tla__Q##c##_##m)0)
#define TLA__T_QCODE(j, c) + (TLA__T_COVERS(c, j) ? TLA__PICK(c, TLA__T_AT(c, j), TLA__Q_OF, 1) : 0)
#define TLA__T_QSLOT(r, j) ((j) < tla__off ? 0 TLA__REP(r, TLA__T_QCODE, j) : TLA__ECODE(r))
#define TLA__T_SLOT(r, j) \
    char (*tla_c##j)[(j) < tla__off ? 0 TLA__REP(r, TLA__T_CODE, j) : 4]; \
    char (*tla_p##j)[(j) < tla__off ? 1 TLA__REP(r, TLA__T_PATH, j) : 1]; \
    char (*tla_q##j)[TLA__T_QSLOT(r, j)];
/* Run-time value of the parent's slot j, and the product of the leaves before it.  A leaf
 * child's value is bound once (tla__lv<c>); a tuple child has its own fv / fq. */
#define TLA__T_LEAFV(a, c) __auto_type tla__lv##c = TLA_IF(TLA__IS_LEAF(tla__t##c), TLA__VAL(tla__t##c), 0);
#define TLA__T_RTV(j, c) + (TLA__T_COVERS(c, j) ? TLA_IF(TLA__IS_LEAF(tla__t##c), tla__lv##c, \
        tla__t##c.fv[TLA__T_AT(c, j) % TLA_STATIC_LEAVES]) : 0)
#define TLA__T_FV(r, j) [j] = 0 TLA__REP(r, TLA__T_RTV, j),
#define TLA__T_RTQ(j, c) + (TLA__T_COVERS(c, j) ? tla__ev##c * (TLA__IS_LEAF(tla__t##c) ? \
        (TLA__T_AT(c, j) == 0 ? 1LL : (long long)tla__lv##c) : tla__t##c.fq[TLA__T_AT(c, j) % 9]) : 0)
#define TLA__T_FQ(r, j) [j] = (j) < tla__off ? 0 TLA__REP(r, TLA__T_RTQ, j) : tla__ev##r,

/* The constructor for rank r. */
#define TLA__TUPLE_N(r, ...) TLA__STMT( \
    TLA__CAT(TLA__BIND_, r)(__VA_ARGS__) \
    TLA__REP(r, TLA__T_CHECK, ~) \
    TLA__REP(r, TLA__T_WRAP, ~) \
    enum { TLA__REP(r, TLA__T_COUNT, ~) tla__dmax = 0 }; \
    enum { TLA__REP(r, TLA__T_OFFSET, ~) tla__off = 0 TLA__CAT(TLA__LEAVES_BEFORE_, r), \
           tla__depth = 1 + (TLA__REP(r, TLA__T_MAXDEPTH, ~) 0) }; \
    _Static_assert(tla__off <= TLA_STATIC_LEAVES, \
        "tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple"); \
    _Static_assert(tla__depth <= TLA_STATIC_DEPTH, \
        "tla: a static or mixed IntTuple nests at most TLA_STATIC_DEPTH (4) levels; use the run-time tla_tuple"); \
    typedef char (*tla__E0)[3]; long long tla__ev0 = 1; \
    TLA__REP(r, TLA__T_EPROD, ~) \
    TLA__REP(r, TLA__T_QTYPES, ~) \
    TLA__REP(r, TLA__T_LEAFV, ~) \
    typedef struct { char (*n)[tla__off + 1]; char (*dp)[tla__depth + 1]; TLA__SLOTS(TLA__T_SLOT, r) \
                     char (*tla_q8)[TLA__ECODE(r)]; } tla__info; \
    (struct { \
        TLA__REP(r, TLA__T_MEMBER, ~) \
        __typeof__(0 TLA__REP(r, TLA__T_RTV0, ~)) fv[TLA_STATIC_LEAVES]; \
        long long fq[TLA_STATIC_LEAVES + 1]; \
        union { char (*tla_k)[4 + r]; char (*tla_sv)[1]; int v; const tla__info *tla_f; \
                TLA__CAT(TLA__NILS_FROM_, r) TLA__NIL_PARTS }; \
    }){ TLA__REP(r, TLA__T_INIT, ~) .fv = { TLA__SLOTS(TLA__T_FV, r) }, \
        .fq = { TLA__SLOTS(TLA__T_FQ, r) TLA__T_FQ(r, 8) } }; )

/* tla_tuple(e0, ..., e{r-1}): a tuple of 1..8 elements. */
#define tla_tuple(...) TLA__TUPLE_N(TLA__NARGS(__VA_ARGS__), __VA_ARGS__)

/* ---- queries on tuples (and integers); all ICEs on static arguments ---- */
/* rank of a tuple (an integer has rank 1). */
#define TLA__TRANK(x) (TLA__IS_TUPLE(x) ? (int)TLA__K(x) - 4 : 1)
/* size: product of all leaves (long long; an ICE when all leaves are static). */
#define TLA__TSIZE(x) ((long long)TLA__QVAL(x, 8))

/* Child i of a node, checked: i must be a literal below the rank (the checks sit in the
 * index, which is 0, so the result stays usable in constant expressions). */
#define TLA__CHILD(x, i) (x).e##i[TLA_STATIC_CHECK((i) < TLA__TRANK(x) || !TLA__IS_TUPLE(x), \
        "tla: get index is past the end of the tuple") + TLA_STATIC_CHECK(TLA__IS_TUPLE(x), \
        "tla: get of an integer: it has no elements")]

#endif
