/* tla/tuple.h - IntTuples: construction and queries.
 *
 *   tla_auto s = tla_make_tuple(tla_make_tuple(TLA_C(16), 2), tla_make_tuple(TLA_C(16), n));   // ((_16,2),(_16,n))
 *   tla_rank(s) == 2, tla_depth(s) == 2, tla_size(s) == 512 * n
 *   tla_get(s, 1, 0)  is TLA_C(16), printed _16 (indices are literal 0..7, like get<1,0> in TLA)
 *
 * Elements are C integers (dynamic), static integers (_N / TLA_C(N)) or tuples, mixed
 * freely; rank 1..8 per tuple, at most TLA_STATIC_LEAVES leaves and TLA_STATIC_DEPTH
 * levels in all (the run-time struct tla_tuple of rt_types.h holds more).  On all-static tuples
 * rank, depth and size are integer constant expressions.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   int n = 4;
 *   tla_auto s = tla_make_tuple(tla_make_tuple(TLA_C(16), 2), tla_make_tuple(TLA_C(16), n));   // ((_16,2),(_16,n))
 *   _Static_assert(tla_rank(s) == 2 && tla_depth(s) == 2, "rank and depth are constants");
 *   _Static_assert(tla_value(tla_get(s, 1, 0)) == 16, "get<1,0> is the static 16");
 *   if (tla_size(s) != 512 * n) return 1;
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
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

/* Per child c: check it, wrap it, then bind its facts to enum constants (short names, read
 * once): leaf count tla__n<c>, depth tla__d<c>, and per slot m its value code tla__c<c>_<m>
 * and path code tla__p<c>_<m>. */
#define TLA__T_WRAP(a, c) TLA__CHECK_ELEMENT(tla__a##c) TLA__NODE_BIND(tla__t##c, tla__a##c)
#define TLA__T_FACTS(a, c) tla__n##c = TLA__NLEAF(tla__t##c), tla__d##c = TLA__DEPTH(tla__t##c), \
        tla__z##c = (int)TLA__QCODE(tla__t##c, 8) - 2, TLA__T_FACTSLOTS_##c
/* Child 0's slots are read in place (each once); child c >= 1 reaches local slots 0..7-c
 * only, each several times, so those are bound. */
#define TLA__T_FACTSLOTS_0
#define TLA__T_FACTSLOTS_1 TLA__T_FACT(1, 0) TLA__T_FACT(1, 1) TLA__T_FACT(1, 2) TLA__T_FACT(1, 3) TLA__T_FACT(1, 4) TLA__T_FACT(1, 5) TLA__T_FACT(1, 6)
#define TLA__T_FACTSLOTS_2 TLA__T_FACT(2, 0) TLA__T_FACT(2, 1) TLA__T_FACT(2, 2) TLA__T_FACT(2, 3) TLA__T_FACT(2, 4) TLA__T_FACT(2, 5)
#define TLA__T_FACTSLOTS_3 TLA__T_FACT(3, 0) TLA__T_FACT(3, 1) TLA__T_FACT(3, 2) TLA__T_FACT(3, 3) TLA__T_FACT(3, 4)
#define TLA__T_FACTSLOTS_4 TLA__T_FACT(4, 0) TLA__T_FACT(4, 1) TLA__T_FACT(4, 2) TLA__T_FACT(4, 3)
#define TLA__T_FACTSLOTS_5 TLA__T_FACT(5, 0) TLA__T_FACT(5, 1) TLA__T_FACT(5, 2)
#define TLA__T_FACTSLOTS_6 TLA__T_FACT(6, 0) TLA__T_FACT(6, 1)
#define TLA__T_FACTSLOTS_7 TLA__T_FACT(7, 0)
#define TLA__T_FACT(c, m) tla__c##c##_##m = TLA__SCODE(tla__t##c, m), tla__p##c##_##m = TLA__SPATH(tla__t##c, m),
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
#define TLA__T_MEMBER(a, c) __typeof__(tla__t##c) e##c[1];
#define TLA__T_INIT(a, c) .e##c = { tla__t##c },

/* TLA__SELT_<n>(k, p): p<k> for an ICE k in 0..n (generated; a child c >= 1 reaches the
 * parent's slot j with a local index of at most j - c, so only those arms are written). */
#define TLA__SELT_0(k, p) (p##0)
#define TLA__SELT_1(k, p) ((k) == 0 ? p##0 : p##1)
#define TLA__SELT_2(k, p) ((k) == 0 ? p##0 : (k) == 1 ? p##1 : p##2)
#define TLA__SELT_3(k, p) ((k) == 0 ? p##0 : (k) == 1 ? p##1 : (k) == 2 ? p##2 : p##3)
#define TLA__SELT_4(k, p) ((k) == 0 ? p##0 : (k) == 1 ? p##1 : (k) == 2 ? p##2 : (k) == 3 ? p##3 : p##4)
#define TLA__SELT_5(k, p) ((k) == 0 ? p##0 : (k) == 1 ? p##1 : (k) == 2 ? p##2 : (k) == 3 ? p##3 : (k) == 4 ? p##4 : p##5)
#define TLA__SELT_6(k, p) ((k) == 0 ? p##0 : (k) == 1 ? p##1 : (k) == 2 ? p##2 : (k) == 3 ? p##3 : (k) == 4 ? p##4 : (k) == 5 ? p##5 : p##6)
#define TLA__SELT_7(k, p) ((k) == 0 ? p##0 : (k) == 1 ? p##1 : (k) == 2 ? p##2 : (k) == 3 ? p##3 : (k) == 4 ? p##4 : (k) == 5 ? p##5 : (k) == 6 ? p##6 : p##7)
/* TLA__TK(j, c): how child c can reach the parent's slot j: Z (child 0: local index j),
 * S (its local index is at most j - c: TLA__SELT_<j-c>) or N (never: o_c >= c > j). */
/* (own paste macros: these run inside TLA__REP, which is itself a TLA__CAT expansion) */
#define TLA__TCAT4_(a, b, c, d) a##b##c##d
#define TLA__TCAT4(a, b, c, d) TLA__TCAT4_(a, b, c, d)
#define TLA__TCAT_(a, b) a##b
#define TLA__TCAT(a, b) TLA__TCAT_(a, b)
#define TLA__TK(j, c) TLA__TCAT4(TLA__TK_, j, _, c)
#define TLA__TK_0_0 Z
#define TLA__TK_0_1 N
#define TLA__TK_0_2 N
#define TLA__TK_0_3 N
#define TLA__TK_0_4 N
#define TLA__TK_0_5 N
#define TLA__TK_0_6 N
#define TLA__TK_0_7 N
#define TLA__TK_1_0 Z
#define TLA__TK_1_1 S0
#define TLA__TK_1_2 N
#define TLA__TK_1_3 N
#define TLA__TK_1_4 N
#define TLA__TK_1_5 N
#define TLA__TK_1_6 N
#define TLA__TK_1_7 N
#define TLA__TK_2_0 Z
#define TLA__TK_2_1 S1
#define TLA__TK_2_2 S0
#define TLA__TK_2_3 N
#define TLA__TK_2_4 N
#define TLA__TK_2_5 N
#define TLA__TK_2_6 N
#define TLA__TK_2_7 N
#define TLA__TK_3_0 Z
#define TLA__TK_3_1 S2
#define TLA__TK_3_2 S1
#define TLA__TK_3_3 S0
#define TLA__TK_3_4 N
#define TLA__TK_3_5 N
#define TLA__TK_3_6 N
#define TLA__TK_3_7 N
#define TLA__TK_4_0 Z
#define TLA__TK_4_1 S3
#define TLA__TK_4_2 S2
#define TLA__TK_4_3 S1
#define TLA__TK_4_4 S0
#define TLA__TK_4_5 N
#define TLA__TK_4_6 N
#define TLA__TK_4_7 N
#define TLA__TK_5_0 Z
#define TLA__TK_5_1 S4
#define TLA__TK_5_2 S3
#define TLA__TK_5_3 S2
#define TLA__TK_5_4 S1
#define TLA__TK_5_5 S0
#define TLA__TK_5_6 N
#define TLA__TK_5_7 N
#define TLA__TK_6_0 Z
#define TLA__TK_6_1 S5
#define TLA__TK_6_2 S4
#define TLA__TK_6_3 S3
#define TLA__TK_6_4 S2
#define TLA__TK_6_5 S1
#define TLA__TK_6_6 S0
#define TLA__TK_6_7 N
#define TLA__TK_7_0 Z
#define TLA__TK_7_1 S6
#define TLA__TK_7_2 S5
#define TLA__TK_7_3 S4
#define TLA__TK_7_4 S3
#define TLA__TK_7_5 S2
#define TLA__TK_7_6 S1
#define TLA__TK_7_7 S0

/* Does child c hold the parent's slot j?  Then which of its slots is that. */
#define TLA__T_COVERS(c, j) (tla__o##c <= (j) && (j) < tla__o##c + tla__n##c)
#define TLA__T_LOCAL(c, j) ((j) - tla__o##c)
/* The parent's slot j: value code tla__C<j> and path code tla__P<j> (the child's path
 * with the child's index in front). */
/* Child c's part of the parent's slot j: its value code, path code or run-time value.
 * K is CODE, PATH or VAL; child 0 starts at slot 0, so its local index is j itself. */
#define TLA__T_PART(j, c, K) TLA__TCAT(TLA__T_PART_, TLA__TK(j, c))(j, c, K)
#define TLA__T_PART_N(j, c, K)
#define TLA__T_PART_Z(j, c, K) + ((j) < tla__n0 ? TLA__T_Z##K(j) : 0)
#define TLA__T_ZCODE(j) TLA__SCODE(tla__t0, j)
#define TLA__T_ZPATH(j) 1 + 9 * ((int)TLA__SPATH(tla__t0, j) - 1)
#define TLA__T_ZVAL(j) tla__t0.fv[(j) % TLA__FVN(tla__t0)]
#define TLA__T_PART_S0(j, c, K) TLA__T_PART_S(j, c, K, 0)
#define TLA__T_PART_S1(j, c, K) TLA__T_PART_S(j, c, K, 1)
#define TLA__T_PART_S2(j, c, K) TLA__T_PART_S(j, c, K, 2)
#define TLA__T_PART_S3(j, c, K) TLA__T_PART_S(j, c, K, 3)
#define TLA__T_PART_S4(j, c, K) TLA__T_PART_S(j, c, K, 4)
#define TLA__T_PART_S5(j, c, K) TLA__T_PART_S(j, c, K, 5)
#define TLA__T_PART_S6(j, c, K) TLA__T_PART_S(j, c, K, 6)
#define TLA__T_PART_S(j, c, K, n) + (TLA__T_COVERS(c, j) ? TLA__T_S##K(j, c, n) : 0)
#define TLA__T_SCODE(j, c, n) TLA__SELT_##n(TLA__T_LOCAL(c, j), tla__c##c##_)
#define TLA__T_SPATH(j, c, n) (c) + 1 + 9 * (TLA__SELT_##n(TLA__T_LOCAL(c, j), tla__p##c##_) - 1)
#define TLA__T_SVAL(j, c, n) tla__t##c.fv[(TLA__T_LOCAL(c, j) + 8) % TLA__FVN(tla__t##c)]
#define TLA__T_CODE(j, c) TLA__T_PART(j, c, CODE)
#define TLA__T_PATH(j, c) TLA__T_PART(j, c, PATH)
#define TLA__T_SLOT(r, j) tla__C##j = (j) < tla__off ? 0 TLA__REP(r, TLA__T_CODE, j) : 4, \
        tla__P##j = (j) < tla__off ? 1 TLA__REP(r, TLA__T_PATH, j) : 1,
/* Slot j's static value (tla__S<j>, 1 when dynamic). */
#define TLA__T_STATV(a, j) tla__S##j = TLA__CODE_VAL(tla__C##j),
/* Static products (-1: not static), kept below 2^31 - 2. */
#define TLA__QV(q, v) (((q) | (v)) >= 0 && (q) * (v + 0LL) < 2147483645 ? (q) * (v) : -1)
/* The size: the product of the children's sizes (static when they all are). */
#define TLA__T_SIZE_C(a, c) TLA__CAT(tla__Z, TLA__INC_##c) = TLA__QV(tla__Z##c, tla__z##c),
#define TLA__T_INFO(a, j) char (*tla_c##j)[tla__C##j]; char (*tla_p##j)[tla__P##j];
/* Run-time value of the parent's slot j (static ones from their code). */
#define TLA__T_VAL(j, c) TLA__T_PART(j, c, VAL)
#define TLA__T_VALUE(r, j) __auto_type tla__v##j = tla__C##j >= 2 ? tla__S##j : 0 TLA__REP(r, TLA__T_VAL, j);
/* The run-time size, the product of all leaves (in unsigned arithmetic: a size past 2^63
 * wraps instead of being undefined). */
#define TLA__T_U(v) (long long)(v)
/* -1 when the product does not fit (tla__size8, node.h): the run-time answer of tla_size */
#define TLA__T_RSIZE tla__size8(TLA__T_U(tla__v0), TLA__T_U(tla__v1), TLA__T_U(tla__v2), TLA__T_U(tla__v3), \
        TLA__T_U(tla__v4), TLA__T_U(tla__v5), TLA__T_U(tla__v6), TLA__T_U(tla__v7))

/* The constructor for rank r. */
#define TLA__TUPLE_N(r, ...) TLA__STMT( \
    TLA__CAT(TLA__BIND_, r)(__VA_ARGS__) \
    TLA__REP(r, TLA__T_WRAP, ~) \
    enum { TLA__REP(r, TLA__T_FACTS, ~) tla__dmax = 0 }; \
    enum { TLA__REP(r, TLA__T_OFFSET, ~) tla__off = 0 TLA__CAT(TLA__LEAVES_BEFORE_, r), \
           tla__depth = 1 + (TLA__REP(r, TLA__T_MAXDEPTH, ~) 0) }; \
    _Static_assert(tla__off <= TLA_STATIC_LEAVES, \
        "tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple"); \
    _Static_assert(tla__depth <= TLA_STATIC_DEPTH, \
        "tla: a static or mixed IntTuple nests at most TLA_STATIC_DEPTH (4) levels; use the run-time tla_tuple"); \
    enum { TLA__SLOTS(TLA__T_SLOT, r) TLA__SLOTS(TLA__T_STATV, ~) tla__Z0 = 1, TLA__REP(r, TLA__T_SIZE_C, ~) \
           tla__Zr = TLA__CAT(tla__Z, r) }; \
    typedef struct { char (*n)[tla__off + 1]; char (*dp)[tla__depth + 1]; TLA__SLOTS(TLA__T_INFO, ~) \
                     char (*tla_q8)[tla__Zr + 2]; } tla__info; \
    TLA__SLOTS(TLA__T_VALUE, r) \
    (struct { \
        TLA__REP(r, TLA__T_MEMBER, ~) \
        __typeof__(0 + tla__v0 + tla__v1 + tla__v2 + tla__v3 + tla__v4 + tla__v5 + tla__v6 + tla__v7) \
            fv[TLA_STATIC_LEAVES]; \
        long long fq[TLA_STATIC_LEAVES + 1]; \
        union { char (*tla_k)[4 + r]; char (*tla_sv)[TLA__SV_BIAS]; int v; const tla__info *tla_f; \
                TLA__CAT(TLA__NILS_FROM_, r) TLA__NIL_PARTS }; \
    }){ TLA__REP(r, TLA__T_INIT, ~) .fv = { tla__v0, tla__v1, tla__v2, tla__v3, tla__v4, tla__v5, tla__v6, tla__v7 }, \
        .fq = { [TLA_STATIC_LEAVES] = TLA__T_RSIZE } }; )


/* ---- fast constructors for shapes the library builds itself ----
 * TLA__LEAVES2(a, b): the tuple (a, b) of two integers (C integers or static leaves), and
 * TLA__PAIRS(p, q): ((p0, p1), (q0, q1)) from two such pairs.  Same type layout as
 * tla_tuple's result, but every slot is known by position, so no slot is looked up: the
 * formats and tiles (rank 2, depth <= 2) cost a fraction of the general constructor. */
#define TLA__FAST_INFO(a, j) TLA__T_INFO(a, j)
#define TLA__FAST_TAIL2 \
    enum { TLA__SLOTS(TLA__T_STATV, ~) tla__Zr = TLA__QV(TLA__QV(1, tla__z0), tla__z1) }; \
    typedef struct { char (*n)[tla__off + 1]; char (*dp)[tla__depth + 1]; TLA__SLOTS(TLA__FAST_INFO, ~) \
                     char (*tla_q8)[tla__Zr + 2]; } tla__info; \
    (struct { __typeof__(tla__t0) e0[1]; __typeof__(tla__t1) e1[1]; \
        __typeof__(0 + tla__v0 + tla__v1 + tla__v2 + tla__v3) fv[TLA_STATIC_LEAVES]; \
        long long fq[TLA_STATIC_LEAVES + 1]; \
        union { char (*tla_k)[6]; char (*tla_sv)[TLA__SV_BIAS]; int v; const tla__info *tla_f; \
                TLA__NILS_FROM_2 TLA__NIL_PARTS }; \
    }){ .e0 = { tla__t0 }, .e1 = { tla__t1 }, .fv = { tla__v0, tla__v1, tla__v2, tla__v3, tla__v4, tla__v5, tla__v6, tla__v7 }, \
        .fq = { [TLA_STATIC_LEAVES] = TLA__T_RSIZE } }
#define TLA__UNUSED_SLOTS_FROM2 tla__C2 = 4, tla__P2 = 1, TLA__UNUSED_SLOTS_FROM4
#define TLA__UNUSED_SLOTS_FROM4 tla__C4 = 4, tla__P4 = 1, tla__C5 = 4, tla__P5 = 1, tla__C6 = 4, tla__P6 = 1, \
        tla__C7 = 4, tla__P7 = 1
#define TLA__LEAF_CODE(x) TLA__SCODE(x, 0)
#define TLA__LEAVES2(a, b) TLA__STMT(__auto_type tla__a0 = (a); __auto_type tla__a1 = (b); \
    TLA__NODE_BIND(tla__t0, tla__a0) TLA__NODE_BIND(tla__t1, tla__a1) \
    enum { tla__off = 2, tla__depth = 1, tla__C0 = TLA__LEAF_CODE(tla__t0), tla__P0 = 2, \
           tla__C1 = TLA__LEAF_CODE(tla__t1), tla__P1 = 3, tla__C3 = 4, tla__P3 = 1, TLA__UNUSED_SLOTS_FROM2, \
           tla__z0 = (int)TLA__QCODE(tla__t0, 8) - 2, tla__z1 = (int)TLA__QCODE(tla__t1, 8) - 2 }; \
    __auto_type tla__v0 = tla__C0 >= 2 ? TLA__CODE_VAL(tla__C0) : tla__t0.fv[0]; \
    __auto_type tla__v1 = tla__C1 >= 2 ? TLA__CODE_VAL(tla__C1) : tla__t1.fv[0]; \
    int tla__v2 = 1, tla__v3 = 1, tla__v4 = 1, tla__v5 = 1, tla__v6 = 1, tla__v7 = 1; \
    TLA__FAST_TAIL2; )
#define TLA__PAIRS(p, q) TLA__STMT(__auto_type tla__t0 = (p); __auto_type tla__t1 = (q); \
    enum { tla__off = 4, tla__depth = 2, tla__C0 = TLA__SCODE(tla__t0, 0), tla__C1 = TLA__SCODE(tla__t0, 1), \
           tla__C2 = TLA__SCODE(tla__t1, 0), tla__C3 = TLA__SCODE(tla__t1, 1), \
           tla__P0 = 1 + 1 + 9 * 1, tla__P1 = 1 + 1 + 9 * 2, tla__P2 = 1 + 2 + 9 * 1, tla__P3 = 1 + 2 + 9 * 2, \
           TLA__UNUSED_SLOTS_FROM4, tla__z0 = (int)TLA__QCODE(tla__t0, 8) - 2, tla__z1 = (int)TLA__QCODE(tla__t1, 8) - 2 }; \
    __auto_type tla__v0 = tla__t0.fv[0]; __auto_type tla__v1 = tla__t0.fv[1]; \
    __auto_type tla__v2 = tla__t1.fv[0]; __auto_type tla__v3 = tla__t1.fv[1]; \
    int tla__v4 = 1, tla__v5 = 1, tla__v6 = 1, tla__v7 = 1; \
    TLA__FAST_TAIL2; )

/* tla_make_tuple(e0, ..., e{r-1}) -> static or mixed IntTuple
 *   Elements: C integers (dynamic), static integers TLA_C(N), or tuples; rank 1..8, at most 8
 *   leaves and 4 levels in all.  Each argument is evaluated once.
 *   Misuse: "tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves ...",
 *   "tla: an IntTuple element must be an integer or an IntTuple, not a floating value".
 * Example:
 *   int n = 3;
 *   tla_auto t = tla_make_tuple(TLA_C(2), tla_make_tuple(n, TLA_C(4)));   // (_2,(n,_4))
 *   _Static_assert(tla_rank(t) == 2 && tla_depth(t) == 2, "");
 *   if (tla_size(t) != 24) return 1;
 */
#define tla_make_tuple(...) TLA__TUPLE_N(TLA__NARGS(__VA_ARGS__), __VA_ARGS__)

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

/* clang-format on */
#endif
