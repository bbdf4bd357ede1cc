/* tla/query.h - one interface for every kind of value: print it, ask its rank, depth,
 * size and cosize, whether it is static, mixed or run-time.
 *
 * Generic printing (static, mixed and run-time tuples and layouts, integers):
 *   tla_print(x)              to stdout              tla_fprint(f, x)    to a FILE *
 *   tla_snprint(buf, n, x)    into buf, snprintf-style: never writes more than n bytes,
 *                             always terminates (n > 0), returns the full length
 *   tla_print_layout(L), tla_fprint_layout(f, L), tla_snprint_layout(buf, n, L)
 *                             a rank-2 layout as CuTe's print_layout grid
 * Generic queries: tla_rank, tla_depth, tla_size, tla_cosize accept a tla_layout or tla_tuple
 * as well (plain functions then; integer constant expressions on static values).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(2), 4), tla_make_tuple(TLA_C(12), TLA_C(1)));
 *   char buf[64];
 *   tla_snprint(buf, sizeof buf, L);
 *   if (strcmp(buf, "(_2,4):(_12,_1)") != 0) return 1;
 *   _Static_assert(tla_rank(L) == 2, "static rank");
 *   tla_layout R = tla_to_layout(L);
 *   if (tla_size(R) != 8 || tla_size(L) != 8 || tla_cosize(R) != 16) return 1;   // run-time and static alike
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_QUERY_H
#define TLA_QUERY_H

#include <stdio.h>
#include "convert.h"
#include "print.h"

/* ---- printing ---- */
TLA_FUNC int tla__snprint_any(char *buf, size_t n, int is_layout, tla_layout L, tla_tuple t) {
    return is_layout ? tla_layout_snprint(buf, n, &L) : tla_tuple_snprint(buf, n, &t);
}
TLA_FUNC int tla__fprint_any(FILE *f, int is_layout, tla_layout L, tla_tuple t) {
    return is_layout ? tla_layout_fprint(f, &L) : tla_tuple_fprint(f, &t);
}
/* The layout part and the tuple part of any value (the one not asked for is empty). */
#define TLA__LAYOUT_PART(x) TLA_IF(TLA__IS_LAYOUT_VALUE(x), TLA__TO_LAYOUT(x), (tla_layout){0})
#define TLA__TUPLE_PART(x) TLA_IF(TLA__IS_LAYOUT_VALUE(x), (tla_tuple){0}, TLA__TO_TUPLE(x))

/* tla_snprint(buf, n, x) -> int; tla_fprint(f, x), tla_print(x)
 *   Any value: integers, static, mixed and run-time tuples and layouts.  snprintf rules: at most
 *   n bytes written, terminated when n > 0, the full length returned.
 * Example:
 *   char buf[8];
 *   int len = tla_snprint(buf, sizeof buf, tla_make_tuple(TLA_C(16), 100000));
 *   if (len != 12 || strcmp(buf, "(_16,10") != 0) return 1;         // cut, terminated, full length
 */
#define tla_snprint(buf, n, x) TLA__STMT(__auto_type tla__px = (x); \
        tla__snprint_any(buf, n, TLA__IS_LAYOUT_VALUE(tla__px), TLA__LAYOUT_PART(tla__px), TLA__TUPLE_PART(tla__px)); )
#define tla_fprint(f, x) TLA__STMT(__auto_type tla__px = (x); \
        tla__fprint_any(f, TLA__IS_LAYOUT_VALUE(tla__px), TLA__LAYOUT_PART(tla__px), TLA__TUPLE_PART(tla__px)); )
#define tla_print(x) tla_fprint(stdout, x)

TLA_FUNC int tla__snprint_grid(char *buf, size_t n, tla_layout L) { return tla_layout_snprint_grid(buf, n, &L); }
TLA_FUNC int tla__fprint_grid(FILE *f, tla_layout L) { return tla_layout_fprint_grid(f, &L); }
#define tla_snprint_layout(buf, n, L) tla__snprint_grid(buf, n, tla_to_layout(L))
#define tla_fprint_layout(f, L) tla__fprint_grid(f, tla_to_layout(L))
#define tla_print_layout(L) tla_fprint_layout(stdout, L)

/* ---- queries on run-time values (the static forms live in layout.h) ---- */
TLA_FUNC int tla__rt_rank(int is_layout, tla_layout L, tla_tuple t) {
    return is_layout ? tla_layout_rank(&L) : tla_tuple_rank(&t);
}
TLA_FUNC int tla__rt_depth(int is_layout, tla_layout L, tla_tuple t) {
    return is_layout ? tla_layout_depth(&L) : tla_tuple_depth(&t);
}
/* size and cosize of a run-time value; -1 if the result does not fit in int64. */
TLA_FUNC long long tla__rt_size(int is_layout, tla_layout L, tla_tuple t) {
    int64_t v = -1;
    if ((is_layout ? tla_layout_size(&L, &v, NULL) : tla_tuple_size(&t, &v, NULL)) != 0) return -1;
    return (long long)v;
}
TLA_FUNC long long tla__rt_cosize(tla_layout L) {
    int64_t v = -1;
    if (tla_layout_cosize(&L, &v, NULL) != 0) return -1;
    return (long long)v;
}
#define TLA__RT_ARGS(x) _Generic((x), tla_layout: 1, default: 0), TLA__AS_RT_LAYOUT(x), TLA__AS_RT_TUPLE(x)
#define TLA__RT_OR(x, rt, st) TLA__IF(TLA__IS_RT_VALUE(x), rt, st)

/* QUERY(x, ISCONST, Q, RT): Q of any value x.  An integer constant expression when x is a
 * static or mixed node and ISCONST(node) holds (read back through sizeof, see layout.h);
 * else evaluated at run time, RT(x) for run-time values.  x is expanded three times and
 * evaluated once; inside, its node is bound to tla__en so Q's text names it briefly. */
#define TLA__BIND_EN(x) __auto_type tla__ex = (x); \
        TLA__VNODEB(tla__en0, tla__ex) __auto_type tla__en = _Generic((tla__ex), struct tla_layout: TLA__NIL, \
            struct tla_tuple: TLA__NIL, default: tla__en0); (void)tla__en;
/* The facts of x, bound once at block scope inside sizeof(struct {...}), their names suffixed
 * with K_ (a __COUNTER__ value): x's type (_qT), its node's type (_qN), and whether the answer is
 * a constant (_qc_K).  x is named here (not evaluated) and once more in the run-time branch. */
#define TLA__QM(K_) (((struct _qT##K_ *)0)->m)
#define TLA__QN(K_) (((struct _qN##K_ *)0)->n)
#define TLA__QFACTS(K_, x, MORE) sizeof(struct { struct _qT##K_ { __typeof__(x) m; } a; \
        enum { _qk_##K_ = TLA__LCODE(TLA__QM(K_)) } b; \
        struct _qN##K_ { __typeof__(_Generic(TLA__QM(K_), struct tla_layout: TLA__NIL, struct tla_tuple: TLA__NIL, \
                                             default: TLA__NODE_TYPE_K(TLA__QM(K_), _qk_##K_))) n; } c; MORE(K_) })
/* QUERY(x, ISCONST, Q, RT): Q of any value x.  An integer constant expression when x is a
 * static or mixed node and ISCONST(node) holds; else Q of the node, or RT of a run-time value. */
#define TLA__QUERY(x, ISCONST, Q, RT) TLA__QUERY_(__COUNTER__, x, ISCONST, Q, RT)
#define TLA__QUERY_(K_, x, ISCONST, Q, RT) TLA__QUERYK(K_, x, ISCONST, Q, RT)
#define TLA__QUERYK(K_, x, ISCONST, Q, RT) TLA__IF(TLA__QFACTS(K_, x, TLA__QMORE_##ISCONST) && _qc_##K_, \
        TLA__CODE_VALUE(sizeof(*((struct _qS##K_ *)0)->v)), \
        TLA__STMT(TLA__BIND_EN(x) TLA__RT_OR(tla__ex, RT(tla__ex), Q(tla__en)); ))
/* The answer as the extent of member v of struct _qS<K>, and "is it constant" (per query). */
#define TLA__QMORE(K_, ISCONST, Q) struct _qS##K_ { char (*v)[TLA__CODE_OF(TLA_IF(ISCONST(TLA__QN(K_)), Q(TLA__QN(K_)), 0))]; } d; \
        enum { _qc_##K_ = !TLA__IS_RT_VALUE(TLA__QM(K_)) && ISCONST(TLA__QN(K_)) } e;
#define TLA__QMORE_TLA__ALWAYS_RANK(K_) TLA__QMORE(K_, TLA__ALWAYS_RANK, TLA__RANK)
#define TLA__QMORE_TLA__ALWAYS_DEPTH(K_) TLA__QMORE(K_, TLA__ALWAYS_DEPTH, TLA__DEPTH_OF)
#define TLA__QMORE_TLA__COSIZE_IS_CONST(K_) TLA__QMORE(K_, TLA__COSIZE_IS_CONST, TLA__COSIZE_ANY)
#define TLA__ALWAYS_RANK(n) 1
#define TLA__ALWAYS_DEPTH(n) 1
#define TLA__COSIZE_IS_CONST(n) (TLA__IS_LAYOUT(n) && TLA__ALL_STATIC(TLA__LSHAPE(TLA__AL(n))) && TLA__ALL_STATIC(TLA__LSTRIDE(TLA__AL(n))))
#define TLA__COSIZE_ANY(n) TLA__COSIZE(TLA__AL(n))
#define TLA__RT_RANK(x) tla__rt_rank(TLA__RT_ARGS(x))
#define TLA__RT_DEPTH(x) tla__rt_depth(TLA__RT_ARGS(x))
#define TLA__RT_SIZE(x) tla__rt_size(TLA__RT_ARGS(x))
#define TLA__RT_COSIZE(x) tla__rt_cosize(TLA__AS_RT_LAYOUT(x))

/* tla_rank(x), tla_depth(x), tla_size(x) -> of a tuple, or of a layout's shape; tla_cosize(L)
 *   Integer constant expressions on static values (size: when every leaf is static); x any
 *   static, mixed or run-time value, evaluated once.  size is -1 when a run-time size does not
 *   fit in long long; a static size past 2^31 - 3 is a compile error ("static overflow"). */
#define tla_rank(x) TLA__QUERY(x, TLA__ALWAYS_RANK, TLA__RANK, TLA__RT_RANK)
#define tla_depth(x) TLA__QUERY(x, TLA__ALWAYS_DEPTH, TLA__DEPTH_OF, TLA__RT_DEPTH)
#define tla_cosize(L) TLA__QUERY(L, TLA__COSIZE_IS_CONST, TLA__COSIZE_ANY, TLA__RT_COSIZE)
/* size: the static product is bound to enum constants (_uz8_K: -1 when not static or too big). */
#define TLA__SIZE_MORE(K_) enum { TLA__SSIZE_ENUMS(TLA__QN(K_), K_) \
        _qc_##K_ = !TLA__IS_RT_VALUE(TLA__QM(K_)) && TLA__ALL_STATIC(TLA__QN(K_)) && _uz8_##K_ >= 0 } e; \
    _Static_assert(TLA__IS_RT_VALUE(TLA__QM(K_)) || !TLA__ALL_STATIC(TLA__QN(K_)) || TLA__SNEG(K_) || _uz8_##K_ >= 0, \
        "tla: static overflow: the size of this all-static shape is past 2^31 - 3 (make a leaf dynamic)");
#define tla_size(x) TLA__SIZE_(__COUNTER__, x)
#define TLA__SIZE_(K_, x) TLA__SIZEK(K_, x)
#define TLA__SIZEK(K_, x) TLA__IF(TLA__QFACTS(K_, x, TLA__SIZE_MORE) && _qc_##K_, (long long)_uz8_##K_, \
        TLA__STMT(TLA__BIND_EN(x) TLA__RT_OR(tla__ex, TLA__RT_SIZE(tla__ex), TLA__RSIZE(tla__en)); ))

/* clang-format on */
#endif
