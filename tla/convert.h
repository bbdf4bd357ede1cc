/* tla/convert.h - one interface for every kind of value: static, mixed and run-time.
 *
 * Static and mixed tuples and layouts (tla_tuple(...), tla_make_layout(...)) keep their
 * static facts in their types; the run-time types tla_tuple / tla_layout (rt_types.h)
 * keep everything in data.  This header joins the two:
 *
 *   tla_tuple   t = tla_to_tuple(x);    x: C integer, _N, static/mixed tuple, or tla_tuple
 *   tla_layout  L = tla_to_layout(x);   x: static/mixed layout, or tla_layout
 *
 * Static leaves stay marked static (they print as `_N`), so
 *   tla_print(tla_make_layout(tla_tuple(TLA_C(2), 4), tla_tuple(TLA_C(12), TLA_C(1))))   prints (_2,4):(_12,_1)
 *
 * Generic printing (any value above; a run-time tla_layout / tla_tuple too):
 *   tla_print(x)              to stdout              tla_fprint(f, x)    to a FILE *
 *   tla_snprint(buf, n, x)    into buf, snprintf-style: never writes more than n bytes,
 *                             always terminates (n > 0), returns the full length
 *   tla_print_layout(L), tla_fprint_layout(f, L), tla_snprint_layout(buf, n, L)
 *                             a rank-2 layout as CuTe's print_layout grid
 * Generic queries on run-time values: tla_rank, tla_depth, tla_size, tla_cosize accept a
 * tla_layout or tla_tuple as well (plain functions then; ICEs stay ICEs on static values).
 */
#ifndef TLA_CONVERT_H
#define TLA_CONVERT_H

#include <stdio.h>
#include "layout.h"
#include "rt.h"
#include "print.h"

/* ---- static / mixed node to tla_tuple ---- */

/* Rebuild the nesting tokens of a tuple from the paths of its leaves.  No tuple is empty,
 * so the leaf paths determine the tree: between two leaves we close the sub-tuples the
 * previous leaf was in and the next is not, and open the new ones.  path[j] is the slot
 * path code + 1 (see node.h): digits (index + 1) in base 9, first index least significant. */
TLA_FUNC tla_tuple tla__tuple_from_slots(int is_leaf, int n, const int *path, const int64_t *val, unsigned stat) {
    tla_tuple t;
    int prev[TLA_STATIC_DEPTH + 1], prev_len = 0, j, k;
    memset(&t, 0, sizeof t);
    if (is_leaf) return tla_tuple_leaf(val[0], (int)(stat & 1u));
    t.tok[t.ntok++] = TLA_TOK_OPEN;
    for (j = 0; j < n && j < TLA_STATIC_LEAVES; j++) {
        int d[TLA_STATIC_DEPTH + 1], len = 0, common = 0, code = path[j] - 1;
        while (code > 0 && len < TLA_STATIC_DEPTH + 1) { d[len++] = code % 9 - 1; code /= 9; }
        /* enclosing sub-tuples (below the root) of this leaf: the prefixes d[0..k], k < len-1 */
        while (common < len - 1 && common < prev_len - 1 && d[common] == prev[common]) common++;
        for (k = common; k < prev_len - 1; k++) t.tok[t.ntok++] = TLA_TOK_CLOSE;
        for (k = common; k < len - 1; k++) t.tok[t.ntok++] = TLA_TOK_OPEN;
        t.tok[t.ntok++] = TLA_TOK_LEAF;
        t.val[t.nleaf] = val[j];
        if (stat >> j & 1u) t.stat |= 1u << t.nleaf;
        t.nleaf++;
        for (k = 0; k < len; k++) prev[k] = d[k];
        prev_len = len;
    }
    for (k = 0; k < prev_len - 1; k++) t.tok[t.ntok++] = TLA_TOK_CLOSE;
    t.tok[t.ntok++] = TLA_TOK_CLOSE;
    return t;
}

#define TLA__SLOT_PATH(x, j) (int)TLA__SPATH(x, j),
#define TLA__SLOT_VAL(x, j) (int64_t)TLA__SVALJ(x, j),
#define TLA__SLOT_STAT(x, j) | (TLA__SSTATIC(x, j) ? 1u << (j) : 0u)
#define TLA__NODE_TO_TUPLE(x) tla__tuple_from_slots(TLA__IS_LEAF(x), (int)TLA__NLEAF(x), \
        (const int[TLA_STATIC_LEAVES]){ TLA__SLOTS(TLA__SLOT_PATH, x) }, \
        (const int64_t[TLA_STATIC_LEAVES]){ TLA__SLOTS(TLA__SLOT_VAL, x) }, 0u TLA__SLOTS(TLA__SLOT_STAT, x))

/* ---- static / mixed layout to tla_layout ---- */
TLA_FUNC tla_layout tla__layout_from(tla_tuple shape, tla_tuple stride, int has_origin, tla_tuple origin) {
    tla_layout L;
    int k;
    memset(&L, 0, sizeof L);
    L.shape = shape;
    L.stride = stride;
    if (has_origin) {
        L.has_origin = 1;
        for (k = 0; k < origin.nleaf && k < TLA_MAX_RANK; k++) L.origin[k] = origin.val[k];
    }
    return L;
}
#define TLA__NODE_TO_LAYOUT(L) tla__layout_from(TLA__NODE_TO_TUPLE(TLA__LSHAPE(L)), \
        TLA__NODE_TO_TUPLE(TLA__LSTRIDE(L)), TLA__HAS_ORIGIN(L), TLA__NODE_TO_TUPLE((L).tla_o[0]))

/* ---- any value ---- */
/* x as a node (run-time values become nil, so node-only code type-checks on them). */
#define TLA__AS_NODE(x) _Generic((x), tla_tuple: TLA__NIL, tla_layout: TLA__NIL, default: TLA__NODE(x))
/* x as a run-time value (placeholders for the other kinds, never used). */
#define TLA__AS_RT_TUPLE(x) _Generic((x), tla_tuple: (x), default: (tla_tuple){0})
#define TLA__AS_RT_LAYOUT(x) _Generic((x), tla_layout: (x), default: (tla_layout){0})
#define TLA__IS_LAYOUT_VALUE(x) _Generic((x), tla_layout: 1, tla_tuple: 0, default: TLA__IS_LAYOUT(TLA__AS_NODE(x)))
#define TLA__IS_RT_VALUE(x) _Generic((x), tla_layout: 1, tla_tuple: 1, default: 0)

#define tla_to_tuple(x) TLA__STMT(__auto_type tla__cx = (x); TLA__TO_TUPLE(tla__cx); )
#define tla_to_layout(x) TLA__STMT(__auto_type tla__cx = (x); \
        _Static_assert(TLA__IS_LAYOUT_VALUE(tla__cx), "tla: tla_to_layout needs a layout"); \
        TLA__TO_LAYOUT(tla__cx); )
/* x is a variable (the conversions name it many times).  TLA__TO_LAYOUT is unchecked: on
 * a non-layout it gives a meaningless value (for branches that are never chosen). */
#define TLA__TO_TUPLE(x) TLA__STMT(__auto_type tla__cn = TLA__AS_NODE(x); (void)tla__cn; \
        _Generic((x), tla_tuple: TLA__AS_RT_TUPLE(x), default: TLA__NODE_TO_TUPLE(tla__cn)); )
#define TLA__TO_LAYOUT(x) TLA__STMT(__auto_type tla__cn = TLA__AS_NODE(x); (void)tla__cn; \
        _Generic((x), tla_layout: TLA__AS_RT_LAYOUT(x), default: TLA__NODE_TO_LAYOUT(tla__cn)); )

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

/* rank, depth, size (of a layout: of its shape) and cosize, for every kind of value;
 * integer constant expressions on static arguments (rank and depth on any node). */
#define tla_rank(x) TLA__QUERY(x, TLA__ALWAYS, TLA__RANK, TLA__RT_RANK)
#define tla_depth(x) TLA__QUERY(x, TLA__ALWAYS, TLA__DEPTH_OF, TLA__RT_DEPTH)
#define tla_size(x) TLA__QUERYC(x, TLA__SIZE_IS_CONST, TLA__SIZE, TLA__RT_SIZE, TLA__SIZE_CHECK)
/* An all-static shape whose size does not fit is a compile error, not a wrapped value. */
#define TLA__SIZE_CHECK(n) TLA_STATIC_CHECK(!TLA__ALL_STATIC_NN(TLA__SHAPE_OF(n)) || TLA__SIZE_IS_CONST(n), \
        "tla: static overflow: the size of this all-static shape is past 2^31 - 3 (make a leaf dynamic)")
#define tla_cosize(L) TLA__QUERY(L, TLA__COSIZE_IS_CONST, TLA__COSIZE, TLA__RT_COSIZE)

#endif
