/* tla/rt/types.h - the run-time value types of tla.h.
 *
 * A `tla_tuple` holds any IntTuple (an integer or a nested tuple) as a flat
 * list of leaf values plus a token string that records the nesting.  A
 * `tla_layout` is a shape and a stride tuple of the same structure, plus an
 * optional originShape (the logically valid extent of each top-level mode).
 * These are plain C structs: put them in your own structs, pass them to
 * functions, fill them from the parser.  Every static or mixed layout
 * converts to them (tla_to_layout / tla_to_tuple).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_tuple t;  tla_error e;
 *   if (tla_tuple_parse(&t, "(2,(3,_4))", &e) != 0) return 1;
 *   if (t.nleaf != 3 || t.val[2] != 4 || !(t.stat & 4u)) return 1;   // leaves in order; leaf 2 static
 */
#ifndef TLA_RT_TYPES_H
#define TLA_RT_TYPES_H

#include <stdint.h>
#include <stddef.h>

#define TLA_MAX_LEAVES 32 /* leaves in one tuple */
#define TLA_MAX_RANK 8 /* elements in one (sub)tuple */
#define TLA_MAX_DEPTH 4 /* nesting levels */
#define TLA_MAX_TOKENS 128 /* structure tokens: '(' leaf ')' */

/* Structure tokens.  The integer 5 is {LEAF}; (2,(3,4)) is
 * {OPEN, LEAF, OPEN, LEAF, LEAF, CLOSE, CLOSE}. */
enum { TLA_TOK_LEAF = 0, TLA_TOK_OPEN = 1, TLA_TOK_CLOSE = 2 };

typedef struct tla_tuple {
    int nleaf; /* leaves in use */
    int ntok; /* tokens in use */
    signed char tok[TLA_MAX_TOKENS]; /* nesting, see above */
    union {
        int64_t val[TLA_MAX_LEAVES]; /* leaf values, in order */
        /* the names the static core reads (see tla__rtinfo below) */
        int64_t v[TLA_MAX_LEAVES];
        const struct tla__rtinfo *tla_f;
    };
    uint32_t stat; /* bit i: leaf i is static (prints as _N) */
} tla_tuple;

typedef struct tla_layout {
    /* tla_s / tla_d name the same tuples as the static core names a layout's parts, so
     * tla_shape(L) and tla_stride(L) give a run-time layout's shape and stride too */
    union {
        tla_tuple shape;
        tla_tuple tla_s[1];
        /* the shape's leaf values under the name the static core reads (tla_value of a layout
         * is its shape's first leaf, as for a static layout): tla_tuple's members up to them */
        struct {
            int tla__nleaf, tla__ntok;
            signed char tla__tok[TLA_MAX_TOKENS];
            int64_t v[TLA_MAX_LEAVES];
        };
    };
    union {
        tla_tuple stride;
        tla_tuple tla_d[1];
    }; /* (the stride has the same tokens as the shape) */
    int has_origin; /* 0: originShape is the default */
    int64_t origin[TLA_MAX_RANK]; /* one extent per top-level mode */
} tla_layout;

/* Where and why a run-time operation failed.  pos is a byte offset into
 * parsed text, or -1 when there is no text. */
typedef struct tla_error {
    int pos;
    char msg[192]; /* long enough for MLIR's longest sparse-encoding messages */
} tla_error;

/* ---------------------------------------------------------------- internals */

/* What the static core reads when a run-time tuple reaches one of its queries by mistake
 * (compat's crd2offset(c, shape(L), stride(L)) with a run-time L, a tla_tuple coordinate): a
 * type only, never stored.  Its slot count `n` and form `dp` point to an incomplete struct, so
 * the query's first error is reading one, and the struct's name says what to do instead; the
 * other facts are plain sizes, so nothing else reports. */
struct tla_run_time_tla_tuple_in_a_static_query__use_tla_layout_crd2offset_or_tla_tuple_get;
struct tla__rtinfo {
    struct tla_run_time_tla_tuple_in_a_static_query__use_tla_layout_crd2offset_or_tla_tuple_get *n, *dp;
    char (*r)[1], (*st)[1], (*c0)[1], (*c1)[1], (*c2)[1], (*c3)[1], (*c4)[1], (*c5)[1], (*c6)[1], (*c7)[1], (*p0)[1],
        (*p1)[1], (*p2)[1], (*p3)[1], (*p4)[1], (*p5)[1], (*p6)[1], (*p7)[1];
    void (*pp)(void);
};

#endif
