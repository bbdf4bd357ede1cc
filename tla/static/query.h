/* tla/static/query.h - one interface for every kind of value: print it, ask its rank, depth,
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
/* A system header, like the rest of the static core's headers: gcc's notes on a misuse stop at
 * the user's call (an undeclared name in tla_size(x): 16 lines instead of 84). */
#pragma GCC system_header

#include <stdio.h>
#include "tla/static/convert.h"
#include "tla/rt/print.h"

/* ---- printing ---- */

/* tla_snprint(buf, n, x) -> int; tla_fprint(f, x), tla_print(x)
 *   Any value: integers, static, mixed and run-time tuples and layouts.  snprintf rules: at most
 *   n bytes written, terminated when n > 0, the full length returned.  A layout prints as
 *   Shape:Stride, then ` origin (r,c)` when its originShape differs from its modes' sizes (a
 *   padded format: tla_zN(tla_half, 20, 20) is 32 x 32 with origin (20,20)), then ` at (i,j)`
 *   for a tile of tla_tile_at (its coordinate in the parent).
 * Example:
 *   char buf[8];
 *   int len = tla_snprint(buf, sizeof buf, tla_make_tuple(TLA_C(16), 100000));
 *   if (len != 12 || strcmp(buf, "(_16,10") != 0) return 1;         // cut, terminated, full length
 *   char line[96];
 *   tla_auto Z = tla_zN(tla_half, TLA_C(20), TLA_C(20));
 *   tla_snprint(line, sizeof line, tla_tile_at(Z, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(16, 0)));
 *   if (strcmp(line, "((_16,_1),(_16,_1)):((_16,_256),(_1,_512)) origin (4,16) at (16,0)") != 0) return 1;
 */
#define tla_snprint(buf, n, x) TLA__PRINT_ANY(NULL, buf, n, 0, x)
#define tla_fprint(f, x) TLA__PRINT_ANY(f, NULL, 0, 0, x)
#define tla_print(x) tla_fprint(stdout, x)

/* (the grid of a layout: tla_to_layout says when L is not one) */
#define tla_snprint_layout(buf, n, L) TLA__PRINT_ANY(NULL, buf, n, 1, TLA__GRID_ARG(L))
#define tla_fprint_layout(f, L) TLA__PRINT_ANY(f, NULL, 0, 1, TLA__GRID_ARG(L))
#define tla_print_layout(L) tla_fprint_layout(stdout, L)

/* ---- queries on run-time values (the static forms live in layout.h) ---- */

/* tla_rank(x), tla_depth(x), tla_size(x) -> of a tuple, or of a layout's shape; tla_cosize(L)
 *   Integer constant expressions on static values (size: when every leaf is static); x any
 *   static, mixed or run-time value, evaluated once.  size is -1 when a run-time size does not
 *   fit in long long; a static size past 2^31 - 3 is a compile error ("static overflow"). */
#define tla_rank(x) TLA__QUERY(x, TLA__ALWAYS_RANK, TLA__RANK, TLA__Q_RANK, int)
#define tla_depth(x) TLA__QUERY(x, TLA__ALWAYS_DEPTH, TLA__DEPTH_OF, TLA__Q_DEPTH, int)
#define tla_cosize(L) TLA__QUERYC(L, TLA__COSIZE_IS_CONST, TLA__COSIZE_ANY, TLA__Q_COSIZE, long long, \
        _Static_assert(_Generic((tla__ex), struct tla_layout: 1, default: TLA__IS_LAYOUT(tla__en)), \
            "tla: cosize takes a layout (of a tuple, the number of coordinates is tla_size)");)
/* size: the static product is bound to enum constants (_uz8: -1 when not static or too big). */
#define tla_size(x) ((long long)TLA__ONCE(TLA__BIND_EN(x) \
        enum { TLA__SSIZE_ENUMS(tla__en) tla__qs = !TLA__IS_RT_VALUE(tla__ex) && TLA__ALL_STATIC(tla__en), \
               tla__qc = tla__qs && _uz8 >= 0 }; \
        _Static_assert(!tla__qs || TLA__SNEG || _uz8 >= 0, \
            "tla: static overflow: the size of this all-static shape is past 2^31 - 3 (make a leaf dynamic)"); \
        TLA__ONCE_ANSWER(tla__qc, _uz8, TLA__IS_RT_VALUE(tla__ex) ? TLA__RT_QUERY(tla__ex, TLA__Q_SIZE) : TLA__RSIZE(tla__en))))

/* ---------------------------------------------------------------- internals */

/* ---- printing ---- */
/* Any value to f (when not NULL) or into buf: a tuple as itself, a layout as its line (grid: and
 * its grid, rt/print.h): Shape:Stride, its originShape when it differs from the modes' sizes,
 * and a tile's coordinate (is_tile: `at` holds it). */
TLA_FUNC int tla__print_any(FILE *f, char *buf, size_t n, int grid, int is_layout, tla_layout L, tla_tuple t, int is_tile,
                            tla_tuple at) {
    if (!is_layout) return f ? tla_tuple_fprint(f, &t) : tla_tuple_snprint(buf, n, &t);
    return tla__print_layout(f, buf, n, &L, grid, is_tile ? &at : NULL);
}
/* The layout part and the tuple part of any value (the one not asked for is empty). */
#define TLA__LAYOUT_PART(x) TLA_IF(TLA__IS_LAYOUT_VALUE(x), TLA__TO_LAYOUT(x), (tla_layout){0})
#define TLA__TUPLE_PART(x) TLA_IF(TLA__IS_LAYOUT_VALUE(x), (tla_tuple){0}, TLA__TO_TUPLE(x))
/* A tile's coordinate (tla_tile_at keeps it; tla_to_layout drops it): whether x is a static or
 * mixed tile, and the coordinate (empty for any other value). */
#define TLA__IS_TILE_VALUE(x) _Generic((x), tla_layout: 0, tla_tuple: 0, default: TLA__IS_TILE(TLA__AL(TLA__SNODE(x))))
#define TLA__TILE_PART(x) __extension__ ({ __auto_type tla__tn = TLA__AL(TLA__SNODE(x)); \
        __auto_type tla__tx = TLA__TILE_X(tla__tn); (void)tla__tx; TLA__NODE_TO_TUPLE(tla__tx); })
#define TLA__PRINT_ANY(f, buf, n, grid, x) __extension__ ({ __auto_type tla__px = (x); \
        tla__print_any(f, buf, n, grid, TLA__IS_LAYOUT_VALUE(tla__px), TLA__LAYOUT_PART(tla__px), TLA__TUPLE_PART(tla__px), \
            TLA__IS_TILE_VALUE(tla__px), TLA__TILE_PART(tla__px)); })
#define TLA__GRID_ARG(L) __extension__ ({ __auto_type tla__gx = (L); \
        _Static_assert(TLA__IS_LAYOUT_VALUE(tla__gx), "tla: tla_print_layout needs a layout"); tla__gx; })

/* ---- queries on run-time values (the static forms live in layout.h) ---- */
enum { TLA__Q_RANK, TLA__Q_DEPTH, TLA__Q_SIZE, TLA__Q_COSIZE };
/* Rank, depth, size or cosize (what, a TLA__Q_ constant) of the run-time value at p: a tla_layout
 * when is_layout, else a tla_tuple (whose cosize is that of the empty layout).  Taken by address,
 * so a query's text names the value once; size and cosize are -1 when they do not fit in int64. */
TLA_FUNC long long tla__rt_query(const void *p, int is_layout, int what) {
    const tla_layout *L = is_layout ? (const tla_layout *)p : NULL;
    const tla_tuple *t = is_layout ? NULL : (const tla_tuple *)p;
    int64_t v = -1;
    int rc;
    if (what == TLA__Q_RANK) return L ? tla_layout_rank(L) : tla_tuple_rank(t);
    if (what == TLA__Q_DEPTH) return L ? tla_layout_depth(L) : tla_tuple_depth(t);
    if (what == TLA__Q_SIZE) {
        rc = L ? tla_layout_size(&v, L, NULL) : tla_tuple_size(&v, t, NULL);
    } else if (L) {
        rc = tla_layout_cosize(&v, L, NULL);
    } else {
        tla_layout empty = { 0 };
        rc = tla_layout_cosize(&v, &empty, NULL);
    }
    return rc != 0 ? -1 : (long long)v;
}
/* The query `what` of bound x when it is a run-time value (else never run: x is a node then). */
#define TLA__RT_QUERY(x, what) tla__rt_query(&(x), _Generic((x), tla_layout: 1, default: 0), what)
#define TLA__RT_OR(x, rt, st) __builtin_choose_expr(TLA__IS_RT_VALUE(x), rt, st)

/* Queries name their argument once.  The answer travels as the extent of an array type,
 * `char (*)[answer + 2]`, made at the end of a statement expression that binds the argument
 * once, and is read back with sizeof:
 *   - when the answer is static the extent is an integer constant expression, the type is not
 *     variably modified, so sizeof is an integer constant expression and the argument is not
 *     evaluated (as for any static query);
 *   - otherwise the extent is a run-time value, the type is variably modified, and C evaluates
 *     sizeof's operand: the statement expression runs once and the extent is the answer.
 * So a nested query (tla_size(tla_get(L, 1))) costs its argument's text once, not twice.  The
 * + 2 keeps the extent positive for the answer -1 (a run-time size that does not fit).  The
 * variably modified type is a pointer type (no array is ever made); -Wvla is silenced on its
 * one typedef only, so a user's own VLAs are still reported. */
#define TLA__ONCE(...) (sizeof(*__extension__ ({ __VA_ARGS__ })) - 2)
#define TLA__ONCE_ANSWER(ISCONST, CONST, RT) TLA__NOVLA_BEGIN typedef char (*tla__qt)[__builtin_choose_expr(ISCONST, \
        (unsigned long long)(CONST) + 2, (unsigned long long)(RT) + 2)]; TLA__NOVLA_END (tla__qt)0;
/* Bind x once: tla__ex, and its node tla__en (a static leaf stays static; a run-time value is
 * nil, whose facts say "not static"). */
#define TLA__BIND_EN(x) __auto_type tla__ex = (x); TLA__ANODEB(tla__en, tla__ex) (void)tla__en;
/* QUERY(x, ISCONST, Q, RT, T): Q of any value x, as type T (RT: the TLA__Q_ constant of Q).  An integer constant expression when
 * x is a static or mixed node and ISCONST(node) holds; else Q of the node at run time, or RT of a
 * run-time value.  x is expanded and evaluated once. */
#define TLA__QUERY(x, ISCONST, Q, RT, T) TLA__QUERYC(x, ISCONST, Q, RT, T, )
/* The same with a check (a declaration on tla__ex and tla__en) made once the argument is bound. */
#define TLA__QUERYC(x, ISCONST, Q, RT, T, CHECK) ((T)TLA__ONCE(TLA__BIND_EN(x) CHECK \
        enum { tla__qc = !TLA__IS_RT_VALUE(tla__ex) && ISCONST(tla__en) }; \
        TLA__ONCE_ANSWER(tla__qc, TLA_IF(ISCONST(tla__en), Q(tla__en), 0), TLA__IS_RT_VALUE(tla__ex) ? TLA__RT_QUERY(tla__ex, RT) : Q(tla__en))))
#define TLA__ALWAYS_RANK(n) 1
#define TLA__ALWAYS_DEPTH(n) 1
#define TLA__COSIZE_IS_CONST(n) (TLA__IS_LAYOUT(n) && TLA__ALL_STATIC(TLA__LSHAPE(TLA__AL(n))) && TLA__ALL_STATIC(TLA__LSTRIDE(TLA__AL(n))))
#define TLA__COSIZE_ANY(n) TLA__COSIZE(TLA__AL(n))

/* clang-format on */
#endif
