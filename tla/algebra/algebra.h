/* tla/algebra/algebra.h - CuTe's layout algebra on run-time layouts (divides and products: divide.h).
 *
 * Every operation writes its result into the caller's tla_layout and returns 0, or
 * returns -1 with a message in *err (err may be NULL) and leaves the output untouched.
 * No heap, and a few KB of stack whatever the arguments (every operation runs on a 64 KB
 * thread stack: tests/test_robust.c).  Results that would not fit a tla_layout (32 leaves,
 * 8 elements in any tuple, depth 4, 128 tokens) are errors, never written past an array, and
 * so are operations whose preconditions fail and int64 overflow in any step.  Static and
 * mixed layouts convert with tla_to_layout().
 *
 *   tla_flatten(&R, &A, err)            ((4,2),3):((1,4),8)  ->  (4,2,3):(1,4,8)
 *   tla_coalesce(&R, &A, err)           (2,(1,6)):(1,(6,2))  ->  12:1   (same function on 1-D)
 *   tla_filter(&R, &A, err)             coalesce after dropping stride-0 modes
 *   tla_composition(&R, &A, &B, err)    CuTe's A o B, shaped like B (see "composition" below)
 *   tla_composition_checked             the same, or an error when R(c) != A(B(c)) for some c
 *   tla_complement(&R, &A, M, err)      fills the holes of A up to M (M <= 0: cosize(A))
 *   tla_right_inverse, tla_left_inverse A(R(i)) == i,  R(A(i)) == i
 *   divide.h: tla_logical_divide, zipped_, tiled_, flat_divide; tla_logical_product, zipped_,
 *   tiled_, blocked_, raked_product
 *
 * Tilers.  The divides, products and composition also accept a by-mode tiler [B0,B1,...]:
 * a tla_tiler holds n layouts, one per leading mode of A; the *_tiler variants take it.
 *
 * Structural helpers: tla_layout_make_of (modes to one layout), tla_append, tla_prepend,
 * tla_group, tla_select, tla_slice (a coordinate with TLA_UNDERSCORE leaves keeps those
 * modes; the rest give the offset), tla_crd2crd.
 *
 * Static markers survive where the result can know them: values copied unchanged keep
 * theirs (a stride _1 stays _1), and computed values (merged shapes, composed strides,
 * complement modes, inverse strides) are static when every value they come from was.
 * So an all-static argument gives an all-static result.  (The printed `_` is
 * informational: results compare equal without it.)
 *
 * Preconditions, as CuTe's reference implementation checks them (errors here):
 * composition needs, at each step, the remaining stride of B and the shape of A to divide
 * one another; complement needs the sorted strides of A to divide one another (an
 * injective, non-overlapping A); left_inverse needs an injective A.
 *
 * Composition.  Like CuTe, tla_composition distributes over B's modes down to its leaves:
 * R(c) = sum_k A(c_k e_k) for B's leaves (b_k, e_k).  That is A(B(c)) for every c exactly
 * when (1) each leaf splits evenly over A's modes ("shape divisibility": A = (3,2):(1,6),
 * B = 4:1 gives CuTe's 3-element result) and (2) adding the leaves' terms never carries
 * across a mode boundary of coalesce(A) (A = (6,2):(1,10), B = (2,3):(3,2): 3 + 4 crosses 6;
 * the exact rule is at tla_composition_checked).  Past size(A), A(x) means coalesce(A)
 * continued along its last mode.  tla_composition returns CuTe's result either way (the
 * tests' vectors expect it); tla_composition_checked returns it only when both hold, so
 * its result R satisfies R(c) == A(B(c)) for every coordinate c of B.
 *
 * Size-0 modes (a leaf of extent 0 makes a layout empty):
 *   flatten, coalesce, filter, make_of, append, prepend, group, select: carried along, the
 *     result is empty too (coalesce merges a size-0 leaf into its neighbour: (2,0,3):(1,2,4)
 *     -> (0,3):(1,4));
 *   composition: a size-0 leaf of B becomes 0:0 (that mode of R is empty); a size-0 mode of
 *     A is an error when a leaf of B has to step over it, else ignored;
 *   complement, left_inverse: an error ("complement: a mode of size 0");
 *   right_inverse: an empty result, 0:1;
 *   divides: a size-0 A gives an empty rest mode; a size-0 tile B is an error (its
 *     complement); products: a size-0 A is an error (its complement), a size-0 B gives an
 *     empty second mode;
 *   slice, crd2offset: an integer index split over a size-0 mode is an error.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout A, B, R;  tla_error e;  char buf[64];
 *   tla_layout_parse(&A, "((4,2),3):((1,4),8)", &e);
 *   if (tla_flatten(&R, &A, &e) != 0) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &R);
 *   if (strcmp(buf, "(4,2,3):(1,4,8)") != 0) return 1;
 *   tla_layout_parse(&B, "(2,3):(3,1)", &e);
 *   if (tla_composition(&R, &A, &B, &e) != 0) return 1;     // R(c) == A(B(c))
 */
#ifndef TLA_ALGEBRA_H
#define TLA_ALGEBRA_H

#include "tla/rt/layout.h"

/* The `_` of a slicing coordinate: a leaf with this value keeps its mode. */
#define TLA_UNDERSCORE INT64_MIN

typedef struct tla_tiler {
    int n; /* number of modes, 1..TLA_MAX_RANK */
    tla_layout mode[TLA_MAX_RANK];
} tla_tiler;

/* ---------------------------------------------------------------- modes */

/* tla_layout_make_of(&R, n, modes, err), tla_append(&R, &L, &M, err), tla_prepend, tla_group(&R, &L, begin, end, err),
 *   tla_select(&R, &L, n, idx, err), tla_flatten, tla_coalesce, tla_filter(&R, &L, err) -> 0 or -1
 *   Errors: results past the run-time capacity (rank 8, 32 leaves), indices out of range.
 * Example:
 *   tla_layout A, B, R;  tla_error e;  char buf[64];
 *   tla_layout_parse(&A, "(2,(1,6)):(1,(6,2))", &e);
 *   if (tla_coalesce(&R, &A, &e) != 0) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &R);
 *   if (strcmp(buf, "12:1") != 0) return 1;
 *   tla_layout_parse(&B, "4:8", &e);
 *   if (tla_append(&R, &A, &B, &e) != 0 || tla_layout_rank(&R) != 3) return 1;
 */
/* make_layout(M0, M1, ...): each layout becomes one mode of the result (always a tuple). */
TLA_API int tla_layout_make_of(tla_layout *out, int n, const tla_layout *modes, tla_error *err);
TLA_API int tla_append(tla_layout *out, const tla_layout *L, const tla_layout *M, tla_error *err);
TLA_API int tla_prepend(tla_layout *out, const tla_layout *L, const tla_layout *M, tla_error *err);

/* group(L, b, e): modes b..e-1 become one mode. */
TLA_API int tla_group(tla_layout *out, const tla_layout *L, int b, int e, tla_error *err);

/* select(L, idx[0..n-1]): the listed modes, in that order. */
TLA_API int tla_select(tla_layout *out, const tla_layout *L, int n, const int *idx, tla_error *err);

/* ---------------------------------------------------------------- flatten, coalesce, filter */

TLA_API int tla_flatten(tla_layout *out, const tla_layout *L, tla_error *err);
TLA_API int tla_coalesce(tla_layout *out, const tla_layout *L, tla_error *err);
TLA_API int tla_filter(tla_layout *out, const tla_layout *L, tla_error *err);

/* ---------------------------------------------------------------- composition */

/* tla_composition(&R, &A, &B, err), tla_composition_checked, tla_complement(&R, &A, cosize, err),
 *   tla_right_inverse(&R, &A, err), tla_left_inverse, tla_logical_divide / zipped_ / tiled_ / flat_divide(&R, &A, &B, err),
 *   tla_logical_product, zipped_, tiled_, blocked_, raked_product -> 0 or -1; the *_tiler forms take a by-mode tla_tiler.
 *   R(c) == A(B(c)) for every coordinate c of B exactly when tla_composition_checked succeeds (see below).
 *   Errors: "complement: ... not injective ...", "composition: ... stride does not divide ...", zero-size modes.
 * Example:
 *   tla_layout A, B, R;  tla_error e;  char buf[64];
 *   tla_layout_parse(&A, "(4,8):(8,1)", &e);
 *   tla_layout_parse(&B, "(2,2):(1,4)", &e);
 *   if (tla_composition(&R, &A, &B, &e) != 0) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &R);
 *   if (strcmp(buf, "(2,2):(8,1)") != 0) return 1;
 *   tla_layout_parse(&A, "(2,2):(1,4)", &e);
 *   if (tla_complement(&R, &A, 16, &e) != 0 || tla_layout_snprint(buf, sizeof buf, &R) < 0 || strcmp(buf, "(2,2):(2,8)") != 0) return 1;
 *   tla_layout_parse(&A, "(6,2):(1,10)", &e);
 *   tla_layout_parse(&B, "(2,3):(3,2)", &e);
 *   if (tla_composition(&R, &A, &B, &e) != 0 || tla_composition_checked(&R, &A, &B, &e) == 0) return 1;   // by mode only
 */
TLA_API int tla_composition(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);

/* When does R = A o B (by mode) satisfy R(c) == A(B(c)) for every coordinate c of B?  Write A
 * by its coalesced leaves (s_j, d_j), with P_j = s_0 ... s_(j-1) (the last leaf takes every
 * index past size(A)), and B by its leaves (b_k, e_k), so B(c) = sum_k c_k e_k.  R(c) = sum_k A(c_k e_k) (CuTe composes mode by mode, down to B's leaves).
 * A(x) = sum_j floor(x / P_j) g_j with g_0 = d_0 and g_j = d_j - s_(j-1) d_(j-1), which is
 * not 0 for a coalesced A.  So the two agree for every c exactly when adding the terms c_k e_k
 * never carries across a boundary P_j (j >= 1): when sum_k max_c ((c e_k) mod P_j) < P_j for
 * every j, and each leaf composes exactly (A o (b:e) has b elements: "shape divisibility",
 * which fails for A = (3,2):(1,6), B = 4:1).  (6,2):(1,10) o (2,3):(3,2) carries: 3 + 4 = 7
 * crosses P_1 = 6, so A(7) = 11 but R(1,2) = 7.  tla_composition_checked returns R only then. */
TLA_API int tla_composition_checked(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);
TLA_API int tla_composition_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err);

/* ---------------------------------------------------------------- complement, inverses */

TLA_API int tla_complement(tla_layout *out, const tla_layout *A, int64_t M, tla_error *err);
TLA_API int tla_right_inverse(tla_layout *out, const tla_layout *A, tla_error *err);
TLA_API int tla_left_inverse(tla_layout *out, const tla_layout *A, tla_error *err);

/* ---------------------------------------------------------------- slicing, crd2crd */

TLA_API int tla_slice(tla_layout *out, int64_t *offset, const tla_layout *L, const tla_tuple *coord, tla_error *err);

/* crd2crd(coord, dst_shape, src_shape): the same point in dst_shape's coordinates
 * (through the 1-D index when the structures differ). */
TLA_API int tla_crd2crd(tla_tuple *out, const tla_tuple *coord, const tla_tuple *dst, const tla_tuple *src,
                        tla_error *err);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- flat lists */

/* The leaves of a layout as parallel lists (values and static markers). */
typedef struct tla__flat {
    int n;
    int64_t s[TLA_MAX_LEAVES], d[TLA_MAX_LEAVES];
    unsigned char s_static[TLA_MAX_LEAVES], d_static[TLA_MAX_LEAVES]; /* leaf i of shape / stride is static */
} tla__flat;

TLA_FUNC void tla__flat_of(const tla_layout *L, tla__flat *f) {
    int i;
    memset(f, 0, sizeof *f);
    f->n = L->shape.nleaf;
    for (i = 0; i < f->n; i++) {
        f->s[i] = L->shape.val[i];
        f->d[i] = L->stride.val[i];
        f->s_static[i] = (unsigned char)tla_tuple_is_static(&L->shape, i);
        f->d_static[i] = (unsigned char)tla_tuple_is_static(&L->stride, i);
    }
}

TLA_FUNC int tla__flat_push(tla__flat *f, int64_t s, int s_static, int64_t d, int d_static, tla_error *err) {
    if (f->n >= TLA_MAX_LEAVES) return tla__fail(err, -1, "the result has more than %d leaves", TLA_MAX_LEAVES);
    f->s[f->n] = s;
    f->d[f->n] = d;
    f->s_static[f->n] = (unsigned char)!!s_static;
    f->d_static[f->n] = (unsigned char)!!d_static;
    f->n++;
    return 0;
}

/* A flat list as a layout: one leaf gives the integral layout s:d (CuTe's convention for
 * coalesce and friends); n leaves give (s0,...):(d0,...); none gives 1:0. */
TLA_FUNC void tla__flat_layout(const tla__flat *f, tla_layout *out) {
    int i;
    memset(out, 0, sizeof *out);
    if (f->n <= 1) {
        out->shape = tla_tuple_leaf(f->n ? f->s[0] : 1, f->n ? f->s_static[0] : 1);
        out->stride = tla_tuple_leaf(f->n ? f->d[0] : 0, f->n ? f->d_static[0] : 1);
        return;
    }
    out->shape.tok[out->shape.ntok++] = TLA_TOK_OPEN;
    for (i = 0; i < f->n; i++) {
        out->shape.tok[out->shape.ntok++] = TLA_TOK_LEAF;
        out->shape.val[i] = f->s[i];
        out->stride.val[i] = f->d[i];
        if (f->s_static[i]) out->shape.stat |= 1u << i;
        if (f->d_static[i]) out->stride.stat |= 1u << i;
    }
    out->shape.tok[out->shape.ntok++] = TLA_TOK_CLOSE;
    out->shape.nleaf = out->stride.nleaf = f->n;
    memcpy(out->stride.tok, out->shape.tok, (size_t)out->shape.ntok);
    out->stride.ntok = out->shape.ntok;
}

/* tla__flat_layout for a result: more than TLA_MAX_RANK leaves do not fit one tuple. */
TLA_FUNC int tla__flat_result(const tla__flat *f, tla_layout *out, const char *op, tla_error *err) {
    int64_t n = 1;
    int i;
    if (f->n > TLA_MAX_RANK)
        return tla__fail(err, -1, "%s: the result has %d modes, more than %d", op, f->n, TLA_MAX_RANK);
    for (i = 0; i < f->n; i++) /* a layout's size fits in int64 (tla_layout_make) */
        if (tla__mul64(n, f->s[i], &n) != 0)
            return tla__fail(err, -1, "%s: the size of the result overflows int64", op);
    tla__flat_layout(f, out);
    return 0;
}

/* ---------------------------------------------------------------- building results */

/* A result assembled token by token (no arrays of modes on the stack, so deep operations
 * stay within a small stack): tla__build_begin, then tla__build_tok / tla__build_leaf /
 * tla__build_mode, then tla__build_end.  The capacity of rt/types.h is checked as it grows:
 * depth, leaves, tokens, and at most TLA_MAX_RANK elements in every tuple. */
typedef struct tla__build {
    tla_layout L;
    int depth, rank[TLA_MAX_DEPTH + 1]; /* open tuples; elements of each so far */
} tla__build;

TLA_FUNC void tla__build_begin(tla__build *b) { memset(b, 0, sizeof *b); }

TLA_FUNC int tla__build_tok(tla__build *b, int tok, tla_error *err) {
    tla_tuple *s = &b->L.shape, *d = &b->L.stride;
    if (s->ntok >= TLA_MAX_TOKENS)
        return tla__fail(err, -1, "the result is too complex (more than %d tokens)", TLA_MAX_TOKENS);
    if (tok != TLA_TOK_CLOSE && b->depth > 0 && ++b->rank[b->depth] > TLA_MAX_RANK)
        return tla__fail(err, -1, "the result has a tuple of more than %d elements", TLA_MAX_RANK);
    if (tok == TLA_TOK_OPEN) {
        if (b->depth >= TLA_MAX_DEPTH)
            return tla__fail(err, -1, "the result would nest deeper than %d levels", TLA_MAX_DEPTH);
        b->rank[++b->depth] = 0;
    } else if (tok == TLA_TOK_CLOSE) {
        b->depth--;
    }
    s->tok[s->ntok++] = d->tok[d->ntok++] = (signed char)tok;
    return 0;
}

TLA_FUNC int tla__build_leaf(tla__build *b, int64_t sv, int ss, int64_t dv, int ds, tla_error *err) {
    tla_tuple *s = &b->L.shape, *d = &b->L.stride;
    if (s->nleaf >= TLA_MAX_LEAVES) return tla__fail(err, -1, "the result has more than %d leaves", TLA_MAX_LEAVES);
    if (tla__build_tok(b, TLA_TOK_LEAF, err) != 0) return -1;
    if (ss) s->stat |= 1u << s->nleaf;
    if (ds) d->stat |= 1u << d->nleaf;
    s->val[s->nleaf++] = sv;
    d->val[d->nleaf++] = dv;
    return 0;
}

/* Add a whole layout (its structure, values and static markers) as the next element. */
TLA_FUNC int tla__build_mode(tla__build *b, const tla_layout *m, tla_error *err) {
    int i, leaf = 0;
    for (i = 0; i < m->shape.ntok; i++) {
        int t = m->shape.tok[i];
        if (t != TLA_TOK_LEAF ? tla__build_tok(b, t, err)
                              : tla__build_leaf(b, m->shape.val[leaf], tla_tuple_is_static(&m->shape, leaf),
                                                m->stride.val[leaf], tla_tuple_is_static(&m->stride, leaf), err))
            return -1;
        leaf += t == TLA_TOK_LEAF;
    }
    return 0;
}

/* Close the outer tuple (opened by the caller) and write the result. */
TLA_FUNC int tla__build_end(tla__build *b, tla_layout *out, tla_error *err) {
    int64_t n = 0;
    if (b->depth != 0 && tla__build_tok(b, TLA_TOK_CLOSE, err) != 0) return -1;
    if (tla_tuple_size(&n, &b->L.shape, NULL) != 0) /* a layout's size fits in int64 (tla_layout_make) */
        return tla__fail(err, -1, "the size of the result overflows int64");
    *out = b->L;
    return 0;
}

/* ---------------------------------------------------------------- modes */

TLA_FUNC int tla__is_int_layout(const tla_layout *L) { return tla_tuple_is_int(&L->shape); }

/* Number of modes: an integral layout has one (itself). */
TLA_FUNC int tla__nmodes(const tla_layout *L) { return tla_layout_rank(L); }

/* Mode i as a layout (of an integral layout, mode 0 is the layout). */
TLA_FUNC int tla__mode(const tla_layout *L, int i, tla_layout *out) {
    tla_layout r;
    int rc;
    memset(&r, 0, sizeof r);
    rc = tla__elem(&L->shape, i, &r.shape) != 0 || tla__elem(&L->stride, i, &r.stride) != 0 ? -1 : 0;
    if (rc != 0) memset(&r, 0, sizeof r); /* always written: callers may read it */
    *out = r;
    return rc;
}

TLA_API int tla_layout_make_of(tla_layout *out, int n, const tla_layout *modes, tla_error *err)
#if TLA__BODIES
{
    tla__build b;
    int i;
    if (n < 1 || n > TLA_MAX_RANK)
        return tla__fail(err, -1, "make_layout: %d modes (1 to %d allowed)", n, TLA_MAX_RANK);
    tla__build_begin(&b);
    if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0) return -1;
    for (i = 0; i < n; i++)
        if (tla__build_mode(&b, &modes[i], err) != 0) return -1;
    return tla__build_end(&b, out, err);
}
#endif
TLA__DECL

/* Add modes [b, e) of L to a result being built. */
TLA_FUNC int tla__build_modes(tla__build *bd, const tla_layout *L, int b, int e, tla_error *err) {
    tla_layout m;
    for (; b < e; b++)
        if (tla__mode(L, b, &m) != 0 || tla__build_mode(bd, &m, err) != 0) return -1;
    return 0;
}

/* append(L, M): M becomes the last mode.  prepend: the first. */
TLA_FUNC int tla__append(tla_layout *out, const tla_layout *L, const tla_layout *M, int first, tla_error *err) {
    tla__build b;
    int n = tla__nmodes(L);
    if (n >= TLA_MAX_RANK)
        return tla__fail(err, -1, "%s: the result would have more than %d modes", first ? "prepend" : "append",
                         TLA_MAX_RANK);
    tla__build_begin(&b);
    if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0 || (first && tla__build_mode(&b, M, err) != 0)
        || tla__build_modes(&b, L, 0, n, err) != 0 || (!first && tla__build_mode(&b, M, err) != 0))
        return -1;
    return tla__build_end(&b, out, err);
}
TLA_API int tla_append(tla_layout *out, const tla_layout *L, const tla_layout *M, tla_error *err)
#if TLA__BODIES
{
    return tla__append(out, L, M, 0, err);
}
#endif
TLA__DECL
TLA_API int tla_prepend(tla_layout *out, const tla_layout *L, const tla_layout *M, tla_error *err)
#if TLA__BODIES
{
    return tla__append(out, L, M, 1, err);
}
#endif
TLA__DECL

TLA_API int tla_group(tla_layout *out, const tla_layout *L, int b, int e, tla_error *err)
#if TLA__BODIES
{
    tla__build bd;
    int n = tla__nmodes(L);
    if (b < 0 || e > n || b >= e)
        return tla__fail(err, -1, "group: [%d,%d) is not a range of modes of a rank-%d layout", b, e, n);
    tla__build_begin(&bd);
    if (tla__build_tok(&bd, TLA_TOK_OPEN, err) != 0 || tla__build_modes(&bd, L, 0, b, err) != 0
        || tla__build_tok(&bd, TLA_TOK_OPEN, err) != 0 || tla__build_modes(&bd, L, b, e, err) != 0
        || tla__build_tok(&bd, TLA_TOK_CLOSE, err) != 0 || tla__build_modes(&bd, L, e, n, err) != 0)
        return -1;
    return tla__build_end(&bd, out, err);
}
#endif
TLA__DECL

TLA_API int tla_select(tla_layout *out, const tla_layout *L, int n, const int *idx, tla_error *err)
#if TLA__BODIES
{
    tla__build b;
    int r = tla__nmodes(L), i;
    if (n < 1 || n > TLA_MAX_RANK) return tla__fail(err, -1, "select: %d modes (1 to %d allowed)", n, TLA_MAX_RANK);
    tla__build_begin(&b);
    if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0) return -1;
    for (i = 0; i < n; i++) {
        if (idx[i] < 0 || idx[i] >= r) return tla__fail(err, -1, "select: mode %d of a rank-%d layout", idx[i], r);
        if (tla__build_modes(&b, L, idx[i], idx[i] + 1, err) != 0) return -1;
    }
    return tla__build_end(&b, out, err);
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- flatten, coalesce, filter */

TLA_API int tla_flatten(tla_layout *out, const tla_layout *L, tla_error *err)
#if TLA__BODIES
{
    tla__flat f;
    (void)err;
    if (tla__is_int_layout(L)) {
        *out = *L;
        out->has_origin = 0;
        return 0;
    }
    tla__flat_of(L, &f);
    if (f.n == 1) { /* keep a rank-1 tuple a tuple: ((4)) -> (4) */
        tla_layout r;
        tla__flat_layout(&f, &r);
        return tla_layout_make_of(out, 1, &r, err);
    }
    return tla__flat_result(&f, out, "flatten", err);
}
#endif
TLA__DECL

/* Coalesce a flat list: skip size-1 leaves, merge s0:d0, s1:d1 when d1 == s0*d0. */
TLA_FUNC int tla__coalesce_flat(const tla__flat *in, tla__flat *out, tla_error *err) {
    int i;
    out->n = 1;
    out->s[0] = 1, out->d[0] = 0, out->s_static[0] = 1, out->d_static[0] = 1;
    for (i = 0; i < in->n; i++) {
        int last = out->n - 1;
        int64_t span;
        if (in->s[i] == 1) continue;
        if (out->s[last] == 1) {
            out->s[last] = in->s[i], out->d[last] = in->d[i];
            out->s_static[last] = in->s_static[i], out->d_static[last] = in->d_static[i];
        } else if (tla__mul64(out->s[last], out->d[last], &span) == 0 && span == in->d[i]) {
            if (tla__mul64(out->s[last], in->s[i], &out->s[last]) != 0)
                return tla__fail(err, -1, "coalesce: a merged shape overflows int64");
            out->s_static[last] = (unsigned char)(out->s_static[last] && in->s_static[i]);
        } else if (tla__flat_push(out, in->s[i], in->s_static[i], in->d[i], in->d_static[i], err) != 0) {
            return -1;
        }
    }
    return 0;
}

TLA_API int tla_coalesce(tla_layout *out, const tla_layout *L, tla_error *err)
#if TLA__BODIES
{
    tla__flat f, c;
    tla__flat_of(L, &f);
    if (tla__coalesce_flat(&f, &c, err) != 0) return -1;
    return tla__flat_result(&c, out, "coalesce", err);
}
#endif
TLA__DECL

TLA_API int tla_filter(tla_layout *out, const tla_layout *L, tla_error *err)
#if TLA__BODIES
{
    tla__flat f, k, c;
    int i;
    tla__flat_of(L, &f);
    k.n = 0;
    for (i = 0; i < f.n; i++)
        if (f.s[i] != 1 && f.d[i] != 0) tla__flat_push(&k, f.s[i], f.s_static[i], f.d[i], f.d_static[i], NULL);
    if (tla__coalesce_flat(&k, &c, err) != 0) return -1;
    return tla__flat_result(&c, out, "filter", err);
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- composition */

/* A o (s:d) for an integral right-hand side, A given by its coalesced leaves ca: divide the
 * stride d out of them, then take s elements.  The result's leaves go to *r. */
TLA_FUNC int tla__compose_leaf(tla__flat *r, const tla__flat *ca, int64_t s, int s_static, int64_t d, int d_static,
                               tla_error *err) {
    int64_t rest_s = s, rest_d = d, prod;
    int rest_ss = s_static, rest_ds = d_static, i, last = ca->n - 1;
    r->n = 0;
    if (d == 0) return tla__flat_push(r, s, s_static, 0, 1, err); /* s copies of A(0) = 0 */
    if (d < 0) return tla__fail(err, -1, "composition: negative stride %lld on the right", (long long)d);
    if (s <= 0) return tla__flat_push(r, s, s_static, 0, 1, err); /* an empty right-hand side: empty */
    for (i = 0; i < last; i++) {
        int64_t cs = ca->s[i], new_s;
        if (cs <= 0) return tla__fail(err, -1, "composition: the left layout has a mode of size %lld", (long long)cs);
        if (cs % rest_d != 0 && rest_d % cs != 0)
            return tla__fail(err, -1,
                             "composition: stride divisibility fails: stride %lld and shape %lld of the left layout "
                             "do not divide one another",
                             (long long)rest_d, (long long)cs);
        new_s = cs / rest_d;
        if (new_s < 1) new_s = 1;
        if (new_s > rest_s) new_s = rest_s;
        if (new_s != 1) {
            if (tla__mul64(rest_d, ca->d[i], &prod) != 0)
                return tla__fail(err, -1, "composition: a stride overflows int64");
            if (tla__flat_push(r, new_s, rest_ss && ca->s_static[i] && rest_ds, prod, rest_ds && ca->d_static[i], err))
                return -1;
        }
        rest_s /= new_s;
        rest_d = rest_d / cs + (rest_d % cs != 0); /* ceil, without overflowing */
        rest_ds = rest_ds && ca->s_static[i];
        rest_ss = rest_ss && (new_s == 1 || ca->s_static[i]);
    }
    if (rest_s != 1 || r->n == 0) {
        if (tla__mul64(rest_d, ca->d[last], &prod) != 0)
            return tla__fail(err, -1, "composition: a stride overflows int64");
        if (tla__flat_push(r, rest_s, rest_ss, prod, rest_ds && ca->d_static[last], err) != 0) return -1;
    }
    return 0;
}

/* A o B, shaped like B: B's structure is kept and each leaf b:e of B becomes A o (b:e), one
 * leaf or a tuple of its leaves (CuTe's by-mode composition, down to B's leaves).  Written
 * token by token, so any B costs a few hundred bytes of stack. */
TLA_FUNC int tla__compose(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err) {
    tla__flat ca, f;
    tla__build b;
    int i, j, leaf = 0;
    tla__flat_of(A, &f);
    if (tla__coalesce_flat(&f, &ca, err) != 0) return -1;
    tla__build_begin(&b);
    for (i = 0; i < B->shape.ntok; i++) {
        int t = B->shape.tok[i];
        if (t != TLA_TOK_LEAF) {
            if (tla__build_tok(&b, t, err) != 0) return -1;
            continue;
        }
        if (tla__compose_leaf(&f, &ca, B->shape.val[leaf], tla_tuple_is_static(&B->shape, leaf), B->stride.val[leaf],
                              tla_tuple_is_static(&B->stride, leaf), err)
            != 0)
            return -1;
        leaf++;
        if (f.n > 1 && tla__build_tok(&b, TLA_TOK_OPEN, err) != 0) return -1;
        for (j = 0; j < f.n; j++)
            if (tla__build_leaf(&b, f.s[j], f.s_static[j], f.d[j], f.d_static[j], err) != 0) return -1;
        if (f.n > 1 && tla__build_tok(&b, TLA_TOK_CLOSE, err) != 0) return -1;
    }
    return tla__build_end(&b, out, err);
}

TLA_API int tla_composition(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err)
#if TLA__BODIES
{
    tla_layout r;
    if (tla__compose(&r, A, B, err) != 0) return -1;
    *out = r;
    return 0;
}
#endif
TLA__DECL

/* The largest (c * e) mod P over 0 <= c < b (b >= 1, e > 0, P > 0), when e and P divide one
 * another (which composition's stride divisibility ensures); else P, "anything". */
TLA_FUNC int64_t tla__max_mod(int64_t b, int64_t e, int64_t P) {
    if (e % P == 0) return 0;
    if (P % e != 0) return P;
    return e * ((b < P / e ? b : P / e) - 1);
}

TLA_API int tla_composition_checked(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err)
#if TLA__BODIES
{
    tla_layout r;
    tla__flat fa, ca;
    int64_t nr = 0, nb = 0, P = 1, sum;
    int j, k;
    if (tla__compose(&r, A, B, err) != 0 || tla_layout_size(&nr, &r, err) != 0 || tla_layout_size(&nb, B, err) != 0)
        return -1;
    if (nr != nb)
        return tla__fail(err, -1,
                         "composition: shape divisibility fails: the %lld elements of the right layout do "
                         "not split evenly over the modes of the left one",
                         (long long)nb);
    tla__flat_of(A, &fa);
    if (nb > 0 && tla__coalesce_flat(&fa, &ca, err) == 0)
        for (j = 1; j < ca.n; j++) {
            if (tla__mul64(P, ca.s[j - 1], &P) != 0 || P <= 0) break; /* past int64: no index reaches it */
            for (sum = 0, k = 0; k < B->shape.nleaf; k++) {
                int64_t b = B->shape.val[k], e = B->stride.val[k];
                if (b > 1 && e > 0 && tla__add64(sum, tla__max_mod(b, e, P), &sum) != 0) sum = P;
                if (sum >= P)
                    return tla__fail(err, -1,
                                     "composition: not a function composition: the modes of the right layout add "
                                     "up across a mode of the left one (at index %lld), so R(c) != A(B(c))",
                                     (long long)P);
            }
        }
    *out = r;
    return 0;
}
#endif
TLA__DECL

/* Apply op to the leading modes of A with the modes of a tiler; later modes of A stay. */
typedef int (*tla__binop)(tla_layout *, const tla_layout *, const tla_layout *, tla_error *);
TLA_FUNC int tla__by_mode(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla__binop op, const char *name,
                          tla_error *err) {
    tla_layout am, rm;
    tla__build b;
    int n = tla__nmodes(A), i;
    if (T->n < 1 || T->n > n)
        return tla__fail(err, -1, "%s: a tiler of %d modes for a layout of rank %d", name, T->n, n);
    tla__build_begin(&b);
    if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0) return -1;
    for (i = 0; i < T->n; i++)
        if (tla__mode(A, i, &am) != 0 || op(&rm, &am, &T->mode[i], err) != 0 || tla__build_mode(&b, &rm, err) != 0)
            return -1;
    if (tla__build_modes(&b, A, T->n, n, err) != 0) return -1;
    return tla__build_end(&b, out, err);
}

TLA_API int tla_composition_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err)
#if TLA__BODIES
{
    return tla__by_mode(out, A, T, tla__compose, "composition", err);
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- complement, inverses */

/* Sort leaf indices by (stride, shape[, prefix product]) like CuTe: insertion sort. */
TLA_FUNC void tla__sort_leaves(const tla__flat *f, const int64_t *third, int *idx) {
    int i, j;
    for (i = 0; i < f->n; i++) idx[i] = i;
    for (i = 1; i < f->n; i++) {
        int k = idx[i];
        for (j = i - 1; j >= 0; j--) {
            int m = idx[j], less = f->d[k] < f->d[m]
                                   || (f->d[k] == f->d[m]
                                       && (f->s[k] < f->s[m] || (f->s[k] == f->s[m] && third && third[k] < third[m])));
            if (!less) break;
            idx[j + 1] = m;
        }
        idx[j + 1] = k;
    }
}

/* complement up to M >= 0 exactly (0: an empty last mode; divides pass size(A), which may be
 * 0); M_static: is M known statically (then so is the last mode's size). */
TLA_FUNC int tla__complement(tla_layout *out, const tla_layout *A, int64_t M, int M_static, tla_error *err);
TLA_API int tla_complement(tla_layout *out, const tla_layout *A, int64_t M, tla_error *err)
#if TLA__BODIES
{
    int st = M > 0 ? 0 : tla_tuple_all_static(&A->shape) && tla_tuple_all_static(&A->stride);
    if (M <= 0 && tla_layout_cosize(&M, A, err) != 0) return -1;
    return tla__complement(out, A, M, st, err);
}
#endif
TLA__DECL
TLA_FUNC int tla__complement(tla_layout *out, const tla_layout *A, int64_t M, int M_static, tla_error *err) {
    tla__flat f, r, c;
    int idx[TLA_MAX_LEAVES], i, cur_s = 1;
    int64_t cur = 1;
    tla__flat_of(A, &f);
    if (M < 0) M = 0;
    tla__sort_leaves(&f, NULL, idx);
    r.n = 0;
    for (i = 0; i < f.n; i++) {
        int k = idx[i];
        int64_t span;
        if (f.d[k] == 0 || f.s[k] == 1) continue;
        if (f.d[k] < 0) return tla__fail(err, -1, "complement: negative stride %lld", (long long)f.d[k]);
        if (f.s[k] <= 0) return tla__fail(err, -1, "complement: a mode of size %lld", (long long)f.s[k]);
        if (tla__mul64(f.s[k], f.d[k], &span) != 0) return tla__fail(err, -1, "complement: overflow");
        if (f.d[k] % cur != 0 || cur > span)
            return tla__fail(err, -1,
                             "complement: the layout is not injective or its strides do not divide one another "
                             "(stride %lld after span %lld)",
                             (long long)f.d[k], (long long)cur);
        if (tla__flat_push(&r, f.d[k] / cur, cur_s && f.d_static[k], cur, cur_s, err) != 0) return -1;
        cur = span;
        cur_s = cur_s && f.s_static[k] && f.d_static[k];
    }
    if (tla__flat_push(&r, M / cur + (M % cur != 0), M_static && cur_s, cur, cur_s, err) != 0) return -1;
    if (tla__coalesce_flat(&r, &c, err) != 0) return -1;
    return tla__flat_result(&c, out, "complement", err);
}

TLA_API int tla_right_inverse(tla_layout *out, const tla_layout *A, tla_error *err)
#if TLA__BODIES
{
    tla__flat f, r, c;
    int64_t pre[TLA_MAX_LEAVES], cur = 1, p = 1;
    int idx[TLA_MAX_LEAVES], i, pst[TLA_MAX_LEAVES], ps = 1;
    tla__flat_of(A, &f);
    for (i = 0; i < f.n; i++)
        if (f.s[i] == 0) { /* an empty A: only an empty inverse keeps A(R(i)) == i */
            r.n = 0;
            tla__flat_push(&r, 0, f.s_static[i], 1, 1, NULL);
            return tla__flat_result(&r, out, "right_inverse", err);
        }
    for (i = 0; i < f.n; i++) {
        pre[i] = p;
        pst[i] = ps;
        ps = ps && f.s_static[i];
        if (tla__mul64(p, f.s[i], &p) != 0) return tla__fail(err, -1, "right_inverse: the size overflows int64");
    }
    tla__sort_leaves(&f, pre, idx);
    r.n = 0;
    for (i = 0; i < f.n; i++) {
        int k = idx[i];
        if (f.s[k] == 1) continue;
        if (f.d[k] != cur) break;
        if (tla__flat_push(&r, f.s[k], f.s_static[k], pre[k], pst[k], err) != 0) return -1;
        if (tla__mul64(f.s[k], f.d[k], &cur) != 0) return tla__fail(err, -1, "right_inverse: overflow");
    }
    if (tla__coalesce_flat(&r, &c, err) != 0) return -1;
    return tla__flat_result(&c, out, "right_inverse", err);
}
#endif
TLA__DECL

/* (A, M) as a two-mode layout (A's originShape dropped), built into *out. */
TLA_FUNC int tla__pair(tla_layout *out, const tla_layout *A, const tla_layout *M, tla_error *err) {
    tla__build b;
    tla__build_begin(&b);
    if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0 || tla__build_mode(&b, A, err) != 0
        || tla__build_mode(&b, M, err) != 0)
        return -1;
    return tla__build_end(&b, out, err);
}

TLA_API int tla_left_inverse(tla_layout *out, const tla_layout *A, tla_error *err)
#if TLA__BODIES
{
    tla_layout comp, whole;
    tla__flat f;
    int i;
    tla__flat_of(A, &f);
    for (i = 0; i < f.n; i++)
        if (f.d[i] == 0 && f.s[i] > 1)
            return tla__fail(err, -1, "left_inverse: the layout is not injective (mode %d has stride 0)", i);
    {
        tla_error ce;
        if (tla_complement(&comp, A, 1, &ce) != 0) /* say which operation failed */
            return tla__fail(err, -1, "left_inverse: %s", strncmp(ce.msg, "complement: ", 12) ? ce.msg : ce.msg + 12);
    }
    if (tla__pair(&whole, A, &comp, err) != 0) return -1;
    return tla_right_inverse(out, &whole, err);
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- slicing, crd2crd */

/* slice(coord, L): coord is congruent to (a prefix-structure of) the shape; leaves equal to
 * TLA_UNDERSCORE keep their modes, the others are fixed.  *offset = L(coord with _ = 0). */
TLA_FUNC int tla__slice_rec(const tla_tuple *c, const tla_tuple *s, const tla_tuple *d, tla_tuple *ks, tla_tuple *kd,
                            int *nk, int64_t *off, tla_error *err) {
    int i, n;
    tla_tuple ce, se, de;
    if (tla_tuple_is_int(c)) {
        if (c->val[0] == TLA_UNDERSCORE) {
            if (*nk >= TLA_MAX_RANK) return tla__fail(err, -1, "slice: more than %d kept modes", TLA_MAX_RANK);
            ks[*nk] = *s;
            kd[*nk] = *d;
            (*nk)++;
            return 0;
        } else {
            int64_t o = 0;
            if (tla_tuple_crd2offset(&o, c, s, d, err) != 0) return -1;
            return tla__add64(*off, o, off) ? tla__fail(err, -1, "slice: the offset overflows int64") : 0;
        }
    }
    if (tla_tuple_is_int(s) || tla_tuple_rank(c) != tla_tuple_rank(s))
        return tla__fail(err, -1, "slice: the coordinate does not match the shape");
    n = tla_tuple_rank(c);
    for (i = 0; i < n; i++) {
        tla__elem(c, i, &ce);
        tla__elem(s, i, &se);
        tla__elem(d, i, &de);
        if (tla__slice_rec(&ce, &se, &de, ks, kd, nk, off, err) != 0) return -1;
    }
    return 0;
}

/* Slicing keeps originShape (as CATLASS's slice_and_offset does): when every kept mode is a
 * whole top-level mode of L (coord has `_` at top level) and each stays a top-level mode of
 * the result, the result's originShape is theirs. */
TLA_FUNC void tla__slice_keep_origin(tla_layout *r, const tla_layout *L, const tla_tuple *coord, int nk) {
    int k, n = 0;
    int64_t o[TLA_MAX_RANK];
    tla_tuple e;
    if (!L->has_origin || tla_tuple_is_int(coord) || tla_tuple_rank(coord) != tla_layout_rank(L)) return;
    for (k = 0; k < tla_layout_rank(L); k++) {
        tla__elem(coord, k, &e);
        if (tla_tuple_is_int(&e) && e.val[0] == TLA_UNDERSCORE)
            o[n++] = L->origin[k];
        else if (!tla_tuple_is_int(&e))
            return; /* a nested coordinate: kept leaves, no origin */
    }
    if (n != nk || (nk == 1 && !tla_tuple_is_int(&r->shape))) return;
    r->has_origin = 1;
    for (k = 0; k < n; k++) r->origin[k] = o[k];
}

TLA_API int tla_slice(tla_layout *out, int64_t *offset, const tla_layout *L, const tla_tuple *coord, tla_error *err)
#if TLA__BODIES
{
    tla_tuple ks[TLA_MAX_RANK], kd[TLA_MAX_RANK];
    tla_layout r;
    int nk = 0;
    int64_t off = 0;
    if (tla__slice_rec(coord, &L->shape, &L->stride, ks, kd, &nk, &off, err) != 0) return -1;
    memset(&r, 0, sizeof r);
    if (nk == 0) {
        r.shape = tla_tuple_leaf(1, 1);
        r.stride = tla_tuple_leaf(0, 1);
    } else if (nk == 1 && tla_tuple_is_int(coord)) {
        r.shape = ks[0], r.stride = kd[0];
    } else if (tla_tuple_join(&r.shape, nk, ks, err) != 0 || tla_tuple_join(&r.stride, nk, kd, err) != 0) {
        return -1;
    }
    tla__slice_keep_origin(&r, L, coord, nk);
    *out = r;
    *offset = off;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_crd2crd(tla_tuple *out, const tla_tuple *coord, const tla_tuple *dst, const tla_tuple *src,
                        tla_error *err)
#if TLA__BODIES
{
    tla_layout compact;
    int64_t idx = 0;
    if (tla_tuple_is_int(coord)) return tla_tuple_idx2crd(out, dst, coord->val[0], err);
    if (tla_tuple_congruent(coord, dst)) { /* already in the target's form */
        *out = *coord;
        return 0;
    }
    if (!src)
        return tla__fail(err, -1, "crd2crd: the coordinate does not match the target shape; give the source shape");
    if (tla_layout_make_compact(&compact, src, err) != 0 || tla_layout_crd2offset(&idx, &compact, coord, err) != 0)
        return -1;
    return tla_tuple_idx2crd(out, dst, idx, err);
}
#endif
TLA__DECL

#endif
