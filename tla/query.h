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
#define TLA__RT_OR(x, rt, st) _Generic((x), tla_layout: (rt), tla_tuple: (rt), default: (st))

/* QUERY(x, ISCONST, Q, RT): Q of any value x.  An integer constant expression when x is a
 * static or mixed node and ISCONST(node) holds (read back through sizeof, see layout.h);
 * else evaluated at run time, RT(x) for run-time values.  x is expanded three times and
 * evaluated once; inside, its node is bound to tla__en so Q's text names it briefly. */
#define TLA__BIND_EN(x) __auto_type tla__ex = (x); __auto_type tla__en_i = TLA__INT_OR_0(tla__ex); \
        __auto_type tla__en = _Generic((tla__ex), tla_tuple: TLA__NIL, tla_layout: TLA__NIL, \
                                       default: TLA__NODE_I(tla__ex, tla__en_i)); (void)tla__en_i; (void)tla__en;
#define TLA__SIZEOF_STMT(x, extent) sizeof(*TLA__STMT(TLA__BIND_EN(x) (char (*)[extent])0; ))
#define TLA__QUERY(x, ISCONST, Q, RT) TLA__QUERYC(x, ISCONST, Q, RT, TLA__NOCHECK)
#define TLA__NOCHECK(n) 0
/* CHECK(node) is 0 or fails to compile; it is expanded once, so a failure reports once. */
#define TLA__QUERYC(x, ISCONST, Q, RT, CHECK) TLA_IF( \
        TLA__SIZEOF_STMT(x, 1 + !!(!TLA__IS_RT_VALUE(tla__ex) && ISCONST(tla__en)) + CHECK(tla__en)) == 2, \
        TLA__CODE_VALUE(TLA__SIZEOF_STMT(x, TLA__CODE_OF(TLA_IF(ISCONST(tla__en), Q(tla__en), 0)))), \
        TLA__STMT(TLA__BIND_EN(x) TLA__RT_OR(tla__ex, RT(tla__ex), Q(tla__en)); ))
#define TLA__ALWAYS(n) 1
#define TLA__SIZE_IS_CONST(n) (TLA__QCODE(TLA__SHAPE_OF(n), 8) >= 2)
#define TLA__COSIZE_IS_CONST(n) (TLA__ALL_STATIC(TLA__LSHAPE(n)) && TLA__ALL_STATIC(TLA__LSTRIDE(n)))
#define TLA__RT_RANK(x) tla__rt_rank(TLA__RT_ARGS(x))
#define TLA__RT_DEPTH(x) tla__rt_depth(TLA__RT_ARGS(x))
#define TLA__RT_SIZE(x) tla__rt_size(TLA__RT_ARGS(x))
#define TLA__RT_COSIZE(x) tla__rt_cosize(TLA__AS_RT_LAYOUT(x))

/* tla_rank(x), tla_depth(x), tla_size(x) -> of a tuple, or of a layout's shape; tla_cosize(L)
 *   Integer constant expressions on static values (rank and depth on any node); run-time values
 *   (tla_tuple, tla_layout) are accepted too.  x is evaluated once.  A size past int64 is a
 *   compile error when static and -1 at run time (mixed and run-time values alike); cosize and
 *   crd2offset of mixed values are plain arithmetic, as written by hand (tla_to_layout, then
 *   tla_layout_cosize / tla_layout_crd2offset, report overflow).
 *   Misuse: "tla: static overflow: the size of this all-static shape is past 2^31 - 3 ...".
 * Example:
 *   tla_auto L = tla_zN(tla_half, TLA_C(32), TLA_C(48));
 *   _Static_assert(tla_rank(L) == 2 && tla_depth(L) == 2 && tla_size(L) == 1536 && tla_cosize(L) == 1536, "");
 *   tla_layout R = tla_to_layout(L);
 *   if (tla_size(R) != 1536 || tla_rank(R) != 2) return 1;
 */
#define tla_rank(x) TLA__QUERY(x, TLA__ALWAYS, TLA__RANK, TLA__RT_RANK)
#define tla_depth(x) TLA__QUERY(x, TLA__ALWAYS, TLA__DEPTH_OF, TLA__RT_DEPTH)
#define tla_size(x) TLA__QUERYC(x, TLA__SIZE_IS_CONST, TLA__SIZE, TLA__RT_SIZE, TLA__SIZE_CHECK)
/* An all-static shape whose size does not fit is a compile error, not a wrapped value. */
#define TLA__SIZE_CHECK(n) TLA_STATIC_CHECK(!TLA__ALL_STATIC_NN(TLA__SHAPE_OF(n)) || TLA__SIZE_IS_CONST(n), \
        "tla: static overflow: the size of this all-static shape is past 2^31 - 3 (make a leaf dynamic)")
#define tla_cosize(L) TLA__QUERY(L, TLA__COSIZE_IS_CONST, TLA__COSIZE, TLA__RT_COSIZE)

/* clang-format on */
#endif
