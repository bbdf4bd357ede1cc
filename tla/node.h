/* tla/node.h - how static and dynamic integers, tuples and layouts are represented.
 *
 * Every IntTuple node is a C value whose *type* carries all static facts:
 *
 *   static integer  _4, TLA_C(4)   an anonymous union; its value is the extent of the
 *                                  array behind member `tla_sv` (char (*)[N + 2^30]), read
 *                                  back with sizeof, so it is an integer constant expression.
 *   dynamic integer 4, n           any C integer; inside tuples it is wrapped in a named
 *                                  union (tla_dyn_int, ...) that keeps its C type in `v`.
 *   tuple           (a, b, ...)    an anonymous struct: children e0..e{r-1}, plus a flat
 *                                  list of its leaves (see below), plus type facts.
 *   layout          S:D            an anonymous struct holding a shape and a stride tuple.
 *
 * The trick that makes macros work on all of them: every node type has the *same member
 * names* (tla_k, tla_sv, v, fv, tla_f, e0..e7, tla_s, tla_d, tla_o, tla_x).  The ones a kind does
 * not use are pointers in a union (no storage beyond one pointer), pointing to `tla_nil`,
 * which again has all the names.  So `x.e3[0].e1[0]` always type-checks, and a macro can
 * ask `sizeof(*x.tla_k)` of anything.
 *
 * Kinds (extent of tla_k):  1 dynamic leaf, 2 static leaf >= 0, 3 static leaf < 0,
 *                           4 + r tuple of rank r (tla_nil is the rank-0 tuple), 30 layout,
 *                           31 layout with an originShape, 32 a tile: a layout with an
 *                           originShape and its coordinate inside the parent (tla_x).
 *
 * The flat leaf list.  A tuple caches, in the type pointed to by `tla_f`, for each of up
 * to TLA_STATIC_LEAVES leaves ("slots", in order):
 *   tla_c<j>  value code: 1 dynamic, 2 + 2|v| + (v < 0) static
 *   tla_p<j>  path code + 1: the path (i1, i2, ...) from the tuple to the leaf, as
 *             (i1+1) + 9 (i2+1) + 81 (i3+1) ...  (0 for a leaf's own empty path)
 * and the size code tla_q8 (2 + size when static and below 2^31 - 2, else 1); the array
 * `fv` holds the run-time values of the leaves (static ones too) and fq[8] the run-time
 * size.  Queries (size, cosize, crd2offset, printing) walk these 8 slots, not a tree.
 *
 * Compile cost.  Every code is an int, so constructors bind the facts they read to enum
 * constants once and refer to them by short names; that keeps the preprocessed text of
 * a constructor a few KB (see README, "Compile cost").  Static values therefore lie in
 * [-TLA_STATIC_MAX, TLA_STATIC_MAX].
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto s = TLA_C(16);               // a static integer: its value is in its type
 *   _Static_assert(tla_value(s) == 16, "a constant expression");
 *   int n = 5;
 *   if (tla_value(tla_get(tla_make_tuple(s, n), 1)) != 5) return 1;   // a dynamic leaf keeps its value
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_NODE_H
#define TLA_NODE_H

#include "base.h"

/* Leaves of one static or mixed tuple: fixed, because the slot tables below are written out
 * for 8 (a different value is refused rather than silently ignored). */
#ifdef TLA_STATIC_LEAVES
#if TLA_STATIC_LEAVES != 8
#error "tla: TLA_STATIC_LEAVES is fixed at 8 (the slot tables of node.h and tuple.h are written out for 8)"
#endif
#else
#define TLA_STATIC_LEAVES 8
#endif
#define TLA_STATIC_DEPTH 4     /* nesting levels of one static or mixed tuple */
#define TLA_STATIC_MAX 1073741822 /* 2^30 - 2: the largest |N| of a static integer (its code fits in int) */

/* ---- slot iteration (PP loops; separate copies so they can nest) ---- */
#define TLA__SLOTS(M, a) M(a, 0) M(a, 1) M(a, 2) M(a, 3) M(a, 4) M(a, 5) M(a, 6) M(a, 7)
#define TLA__SLOTS_B(M, a) M(a, 0) M(a, 1) M(a, 2) M(a, 3) M(a, 4) M(a, 5) M(a, 6) M(a, 7)
#define TLA__MODES(M, a) M(a, 0) M(a, 1) M(a, 2) M(a, 3) M(a, 4) M(a, 5) M(a, 6) M(a, 7)
/* TLA__INC_<j>: the literal j + 1, for names of the next slot. */
#define TLA__INC_0 1
#define TLA__INC_1 2
#define TLA__INC_2 3
#define TLA__INC_3 4
#define TLA__INC_4 5
#define TLA__INC_5 6
#define TLA__INC_6 7
#define TLA__INC_7 8

/* ---- the universal member set ---- */
/* tla_sv's extent is N + TLA__SV_BIAS for a static N, and TLA__SV_BIAS (value 0) otherwise. */
#define TLA__SV_BIAS (1LL << 30)
union tla_nil;
struct tla__noinfo;
#define TLA__NILS_E(i) union tla_nil *e##i;
#define TLA__NIL_CHILDREN union tla_nil *e0, *e1, *e2, *e3, *e4, *e5, *e6, *e7;
#define TLA__NIL_PARTS union tla_nil *tla_s, *tla_d, *tla_o, *tla_x;

/* Facts of a node (see the top of this file).  Leaves have them too, so slot queries
 * never need to ask "leaf or tuple?".  Unused slots read as the static 1. */
#define TLA__INFO_UNUSED(a, j) char (*tla_c##j)[4]; char (*tla_p##j)[1];
#define TLA__INFO_UNUSED_FROM1(q) char (*tla_c1)[4], (*tla_c2)[4], (*tla_c3)[4], (*tla_c4)[4], \
        (*tla_c5)[4], (*tla_c6)[4], (*tla_c7)[4]; char (*tla_p1)[1], (*tla_p2)[1], (*tla_p3)[1], \
        (*tla_p4)[1], (*tla_p5)[1], (*tla_p6)[1], (*tla_p7)[1]; char (*tla_q8)[q];
/* nil: no leaves, every prefix product 1. */
struct tla__noinfo { char (*n)[1]; char (*dp)[1]; TLA__SLOTS(TLA__INFO_UNUSED, ~) char (*tla_q8)[3]; };
/* A leaf: one slot of value code `code`, prefix products 1 then qcode. */
#define TLA__LEAF_INFO(code, qcode) { char (*n)[2]; char (*dp)[1]; char (*tla_c0)[code]; char (*tla_p0)[1]; \
        TLA__INFO_UNUSED_FROM1(qcode) }
struct tla__dyn_info TLA__LEAF_INFO(1, 1);

/* The "nothing here" node: a rank-0 tuple whose every member leads back to itself. */
typedef union tla_nil {
    char (*tla_k)[4];
    char (*tla_sv)[TLA__SV_BIAS];
    int v;
    int fv[1];
    long long *fq, *fm;
    const struct tla__noinfo *tla_f;
    TLA__NIL_CHILDREN
    TLA__NIL_PARTS
} tla_nil;
#define TLA__NIL ((tla_nil){0})

/* Dynamic leaves keep the C type they were given. */
#define TLA__DYN_UNION(T) union { T v; T fv[1]; long long *fq, *fm; char (*tla_k)[1]; char (*tla_sv)[TLA__SV_BIAS]; \
        const struct tla__dyn_info *tla_f; TLA__NIL_CHILDREN TLA__NIL_PARTS }
typedef TLA__DYN_UNION(int) tla_dyn_int;
typedef TLA__DYN_UNION(unsigned) tla_dyn_uint;
typedef TLA__DYN_UNION(long) tla_dyn_long;
typedef TLA__DYN_UNION(unsigned long) tla_dyn_ulong;
typedef TLA__DYN_UNION(long long) tla_dyn_llong;
typedef TLA__DYN_UNION(unsigned long long) tla_dyn_ullong;

/* ---- static integers ---- */
#define TLA__MAG(n) ((n) < 0 ? -(n) : (n))
/* TLA_C(N): the static integer N (N an integer constant expression that fits in int,
 * like CuTe's Int<N>). */
#define TLA_C(N) TLA__C_(N, TLA__CLAMP(N))
#define TLA__IN_RANGE(N) ((N) >= -TLA_STATIC_MAX && (N) <= TLA_STATIC_MAX)
#define TLA__CLAMP(N) (TLA__IN_RANGE(N) ? (N) : 0)
/* n is N clamped into the range, so a value out of range reports that once and nothing else. */
#define TLA__C_(N, n) ((union { char (*tla_k)[2 + ((n) < 0) + 0 * sizeof(struct { \
            _Static_assert((N) >= -TLA_STATIC_MAX && (N) <= TLA_STATIC_MAX, \
                "tla: a static integer must lie in [-TLA_STATIC_MAX, TLA_STATIC_MAX] (2^30 - 2)"); int tla__u; })]; \
        char (*tla_sv)[(n) + TLA__SV_BIAS]; int v; int fv[1]; long long *fq, *fm; \
        const struct TLA__LEAF_INFO(2 + ((n) < 0 ? 1 - 2 * (n) : 2 * (n)), (n) >= 0 ? (n) + 2 : 1) *tla_f; \
        TLA__NIL_CHILDREN TLA__NIL_PARTS }){0})

/* ---- turning user values into nodes ---- */
/* A C integer becomes a dynamic leaf of its own C type; a node stays what it is.  Floating
 * values become nil (TLA__CHECK_ELEMENT reports them).  x is named twice per arm-list, so
 * bind it to a short name first (text size matters: see README, "Compile cost"). */
#define TLA__INT_OR_0(x) _Generic((x), char: (x), signed char: (x), unsigned char: (x), short: (x), \
        unsigned short: (x), _Bool: (x), int: (x), unsigned: (x), long: (x), unsigned long: (x), \
        long long: (x), unsigned long long: (x), default: 0)
/* x as a node, given i = TLA__INT_OR_0(x) (bound once by the caller: TLA__NODE_BIND). */
#define TLA__NODE_I(x, i) _Generic((x), char: (tla_dyn_int){i}, signed char: (tla_dyn_int){i}, \
        unsigned char: (tla_dyn_int){i}, short: (tla_dyn_int){i}, unsigned short: (tla_dyn_int){i}, \
        _Bool: (tla_dyn_int){i}, int: (tla_dyn_int){i}, unsigned: (tla_dyn_uint){i}, long: (tla_dyn_long){i}, \
        unsigned long: (tla_dyn_ulong){i}, long long: (tla_dyn_llong){i}, unsigned long long: (tla_dyn_ullong){i}, \
        float: TLA__NIL, double: TLA__NIL, long double: TLA__NIL, default: (x))
#define TLA__NODE(x) TLA__NODE_I(x, TLA__INT_OR_0(x))
/* Declare `name` as x's node (x a short name: it is named twice). */
#define TLA__NODE_BIND(name, x) __auto_type name##_i = TLA__INT_OR_0(x); (void)name##_i; \
        __auto_type name = TLA__NODE_I(x, name##_i);
#define TLA__IS_FLOATING(x) _Generic((x), float: 1, double: 1, long double: 1, default: 0)
#define TLA__CHECK_ELEMENT(x) _Static_assert(!TLA__IS_FLOATING(x), \
        "tla: an IntTuple element must be an integer or an IntTuple, not a floating value");

/* ---- kind queries (all integer constant expressions) ---- */
#define TLA__K(x) sizeof(*(x).tla_k)
/* The kinds (the extent of tla_k).  Layout constructors paste the literal 30, 31 or 32
 * into member names (TLA__XSTRUCT_##kind), so those stay literal where they are passed. */
enum tla__kind {
    TLA__KIND_DYN = 1,           /* a dynamic leaf */
    TLA__KIND_STATIC = 2,        /* a static leaf >= 0 */
    TLA__KIND_STATIC_NEG = 3,    /* a static leaf < 0 */
    TLA__KIND_TUPLE = 4,         /* + rank: a tuple (tla_nil is the rank-0 tuple) */
    TLA__KIND_LAYOUT = 30,       /* a layout */
    TLA__KIND_LAYOUT_ORIGIN = 31, /* a layout with an originShape */
    TLA__KIND_TILE = 32          /* a tile: a layout with an originShape and a coordinate */
};
#define TLA__IS_LEAF(x) (TLA__K(x) <= TLA__KIND_STATIC_NEG)
#define TLA__IS_STATIC_LEAF(x) (TLA__K(x) - TLA__KIND_STATIC <= 1) /* kind 2 or 3, naming x once */
#define TLA__IS_TUPLE(x) (TLA__K(x) >= TLA__KIND_TUPLE && TLA__K(x) <= TLA__KIND_TUPLE + 8)
#define TLA__IS_LAYOUT(x) (TLA__K(x) >= TLA__KIND_LAYOUT)
#define TLA__HAS_ORIGIN(x) (TLA__K(x) >= TLA__KIND_LAYOUT_ORIGIN)
#define TLA__IS_TILE(x) (TLA__K(x) == TLA__KIND_TILE)

/* Static values are ints, so arithmetic with an unsigned coordinate stays unsigned (as a
 * hand-written expression would). */
#define TLA__AS_INT(m) ((int)(m))
/* Value of a static leaf (ICE). */
#define TLA__SVAL(x) TLA__AS_INT((long long)sizeof(*(x).tla_sv) - TLA__SV_BIAS)
/* Value of any leaf: an ICE when static, the stored C value otherwise. */
#define TLA__VAL(x) TLA_IF(TLA__IS_STATIC_LEAF(x), TLA__SVAL(x), (x).v)

/* ---- flat slot queries ---- */
#define TLA__INFO(x, f) sizeof(*(x).tla_f->f)
/* Number of leaves (slots) and depth. */
#define TLA__NLEAF(x) (TLA__INFO(x, n) - 1)
#define TLA__DEPTH(x) (TLA__INFO(x, dp) - 1)
/* Value code of slot j (literal j): 1 dynamic, else 2 + 2|v| + (v < 0); unused slots
 * * read as the static 1, so queries over all slots stay constant expressions. */
#define TLA__SCODE(x, j) TLA__INFO(x, tla_c##j)
/* Path code + 1 of slot j; 1 for a leaf's own empty path or an unused slot. */
#define TLA__SPATH(x, j) TLA__INFO(x, tla_p##j)
#define TLA__SSTATIC(x, j) (TLA__SCODE(x, j) >= 2)
#define TLA__CODE_VAL(c) ((int)((c) % 2 ? (3 - (long long)(c)) / 2 : ((long long)(c) - 2) / 2))
/* Value of slot j: ICE when static, else the run-time value. */
#define TLA__SVALJ(x, j) TLA_IF(TLA__SSTATIC(x, j), TLA__CODE_VAL(TLA__SCODE(x, j)), (x).fv[(j) % TLA__FVN(x)])
/* Elements of x's fv array: 8 for tuples, 1 for leaves (where fv[0] is v). */
#define TLA__FVN(x) (sizeof (x).fv / sizeof (x).fv[0])
/* Prefix products use their own code: 2 + q for a static q >= 0, else 1 (run time).
 * Products are kept static while both factors are below 2^30, so they never overflow. */
#define TLA__QSMALL(c) ((c) >= 2 && (c) < (1ULL << 31))
#define TLA__QMUL(a, b) (TLA__QSMALL(a) && TLA__QSMALL(b) && ((a) - 2) * ((b) - 2) <= INT_MAX \
        ? ((a) - 2) * ((b) - 2) + 2 : 1)
/* Prefix product of x before slot j (j = 0..8): its code, and its value (ICE when static). */
#define TLA__QCODE(x, j) TLA__INFO(x, tla_q##j)
#define TLA__QVAL(x, j) TLA_IF(TLA__QCODE(x, j) >= 2, TLA__AS_INT((long long)TLA__QCODE(x, j) - 2), \
        TLA_IF(TLA__IS_LEAF(x), (long long)TLA__VAL(x), (x).fq[j]))

/* clang-format on */

/* The run-time size of a mixed tuple (fq[8], what tla_size answers for it): the product of its
 * leaf values, or -1 when that does not fit in long long, as tla_size answers for run-time
 * values (a static overflow is a compile error; this is its run-time counterpart). */
TLA_FUNC long long tla__size8(long long a, long long b, long long c, long long d, long long e, long long f, long long g,
                              long long h) {
    long long v[8], p = 1, m;
    int i;
    v[0] = a, v[1] = b, v[2] = c, v[3] = d, v[4] = e, v[5] = f, v[6] = g, v[7] = h;
    for (i = 0; i < 8; i++)
        if (v[i] == 0) return 0;
    for (i = 0; i < 8; i++) {
        if (v[i] == LLONG_MIN || p == LLONG_MIN) return -1;
        m = v[i] < 0 ? -v[i] : v[i];
        if ((p < 0 ? -p : p) > LLONG_MAX / m) return -1;
        p *= v[i];
    }
    return p;
}

#endif
