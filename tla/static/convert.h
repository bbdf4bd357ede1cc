/* tla/static/convert.h - static and mixed values to the run-time types.
 *
 * Static and mixed tuples and layouts (tla_make_tuple(...), tla_make_layout(...)) keep their
 * static facts in their types; the run-time types tla_tuple / tla_layout (rt/types.h)
 * keep everything in data.  This header joins the two:
 *
 *   tla_tuple   t = tla_to_tuple(x);    x: C integer, _N, static/mixed tuple, or tla_tuple
 *   tla_layout  L = tla_to_layout(x);   x: static/mixed layout, or tla_layout
 *
 * Static leaves stay marked static (they print as `_N`).  Printing and queries on every
 * kind of value (tla_print, tla_size, ...) are in query.h.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(2), 4), tla_make_tuple(TLA_C(12), TLA_C(1)));
 *   tla_layout R = tla_to_layout(L);                        // a run-time copy, static markers kept
 *   int64_t n = 0;
 *   if (tla_layout_size(&n, &R, NULL) != 0 || n != 8 || !tla_tuple_is_static(&R.shape, 0)) return 1;
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_CONVERT_H
#define TLA_CONVERT_H

#include <stdio.h>
#include "tla/static/layout.h"
#include "tla/rt/layout.h"
#include "tla/rt/print.h"

/* ---- any value ---- */

/* tla_to_tuple(x) -> tla_tuple; tla_to_layout(x) -> tla_layout
 *   x: a C integer, a static or mixed tuple / layout, or already a run-time value.  Static
 *   leaves stay marked static.  Misuse: "tla: tla_to_layout needs a layout".
 * Example:
 *   tla_layout L = tla_to_layout(tla_zN(tla_half, TLA_C(32), TLA_C(48)));
 *   tla_tuple t = tla_to_tuple(tla_make_tuple(TLA_C(2), 3));
 *   if (L.origin[0] != 32 || t.nleaf != 2 || !tla_tuple_is_static(&t, 0)) return 1;
 */
#define tla_to_tuple(x) __extension__ ({ __auto_type tla__cx = (x); TLA__TO_TUPLE(tla__cx); })
#define tla_to_layout(x) __extension__ ({ __auto_type tla__cx = (x); \
        _Static_assert(TLA__IS_LAYOUT_VALUE(tla__cx), "tla: tla_to_layout needs a layout"); \
        TLA__TO_LAYOUT(tla__cx); })

/* ---------------------------------------------------------------- internals */

/* ---- static / mixed node to tla_tuple ---- */

/* Rebuild the nesting tokens of a tuple from the paths of its leaves.  No tuple is empty,
 * so the leaf paths determine the tree: between two leaves we close the sub-tuples the
 * previous leaf was in and the next is not, and open the new ones.  path[j] is the slot
 * path code + 1 (see node.h): digits (index + 1) in base 10, first index least significant. */
TLA_FUNC tla_tuple tla__tuple_from_slots(int is_leaf, int n, const int *path, const int64_t *val, unsigned stat) {
    tla_tuple t;
    int prev[TLA_STATIC_DEPTH + 1], prev_len = 0, j, k;
    memset(&t, 0, sizeof t);
    if (is_leaf) return tla_tuple_leaf(val[0], (int)(stat & 1u));
    t.tok[t.ntok++] = TLA_TOK_OPEN;
    for (j = 0; j < n && j < TLA_STATIC_LEAVES; j++) {
        int d[TLA_STATIC_DEPTH + 1], len = 0, common = 0, code = path[j] - 1;
        while (code > 0 && len < TLA_STATIC_DEPTH + 1) { d[len++] = code % 10 - 1; code /= 10; }
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
        TLA__NODE_TO_TUPLE(TLA__LSTRIDE(L)), TLA__HAS_ORIGIN(L), \
        TLA__NODE_TO_TUPLE(TLA_IF(TLA__HAS_ORIGIN(L), (L).tla_o[0], TLA__NIL)))

/* ---- any value ---- */
/* x as a node (run-time values become nil, so node-only code type-checks on them). */
/* x as a run-time value (placeholders for the other kinds, never used). */
#define TLA__AS_RT_TUPLE(x) _Generic((x), tla_tuple: (x), default: (tla_tuple){0})
#define TLA__AS_RT_LAYOUT(x) _Generic((x), tla_layout: (x), default: (tla_layout){0})
#define TLA__IS_LAYOUT_VALUE(x) _Generic((x), tla_layout: 1, tla_tuple: 0, default: TLA__IS_LAYOUT(TLA__SNODE(x)))
#define TLA__IS_RT_VALUE(x) _Generic((x), tla_layout: 1, tla_tuple: 1, default: 0)
/* x is a variable (the conversions name it many times).  TLA__TO_LAYOUT is unchecked: on
 * a non-layout it gives a meaningless value (for branches that are never chosen). */
#define TLA__TO_TUPLE(x) __extension__ ({ TLA__ANODEB(tla__cn, x) (void)tla__cn; \
        _Generic((x), tla_tuple: TLA__AS_RT_TUPLE(x), default: TLA__NODE_TO_TUPLE(tla__cn)); })
#define TLA__TO_LAYOUT(x) __extension__ ({ __auto_type tla__cn = TLA__AL(TLA__SNODE(x)); (void)tla__cn; \
        _Generic((x), tla_layout: TLA__AS_RT_LAYOUT(x), default: TLA__NODE_TO_LAYOUT(tla__cn)); })

/* clang-format on */
#endif
