/* tla/rt/tuple.h - run-time IntTuples (struct tla_tuple of rt/types.h): build, query,
 * compare, join, and idx2crd (a 1-D index to a coordinate of a shape).
 *
 * Conventions: every function is TLA_FUNC or TLA_API (static inline, unless tla.h's build
 * modes compile the TLA_API ones once) and uses no globals and no heap.  A function returning
 * int returns 0 on success and -1 on error; it then fills *err (when err is not NULL) with what
 * went wrong and where, and leaves its outputs untouched.  int64 overflow is an error.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_tuple t, c;  tla_error e;  int64_t n = 0;
 *   tla_tuple_parse(&t, "((4,2),3)", &e);
 *   if (tla_tuple_rank(&t) != 2 || tla_tuple_depth(&t) != 2) return 1;
 *   if (tla_tuple_size(&n, &t, &e) != 0 || n != 24) return 1;
 *   if (tla_tuple_idx2crd(&c, &t, 13, &e) != 0 || c.val[0] != 1 || c.val[1] != 1 || c.val[2] != 1) return 1;
 */
#ifndef TLA_RT_TUPLE_H
#define TLA_RT_TUPLE_H

#include "tla/rt/error.h"

/* ---------------------------------------------------------------- tuples */

/* The integer v as a tuple (one LEAF token); is_static makes it print `_v`. */
TLA_FUNC tla_tuple tla_tuple_leaf(int64_t v, int is_static);
TLA_FUNC int tla_tuple_is_int(const tla_tuple *t);
TLA_FUNC int tla_tuple_is_static(const tla_tuple *t, int leaf);

/* Are all leaves of t static?  (One bit a leaf in t->stat; TLA_MAX_LEAVES bits at most.) */
TLA_API int tla_tuple_all_static(const tla_tuple *t);

/* tla_tuple_rank(&t), tla_tuple_depth(&t) -> int; tla_tuple_size(&n, &t, err), tla_tuple_get(&out, &t, npath, path, err),
 *   tla_tuple_join(&out, n, parts, err) -> 0 or -1; tla_tuple_congruent(&a, &b), tla_tuple_equal(&a, &b),
 *   tla_tuple_is_int(&t), tla_tuple_is_static(&t, leaf), tla_tuple_all_static(&t) -> 0 / 1; tla_tuple_leaf(v, is_static)
 *   Errors (-1, *err filled, outputs untouched): "get: index i is out of range for rank r", "size overflows int64",
 *   "join: ... more than 8 elements / 32 leaves".
 * Example:
 *   tla_tuple t, g, parts[2], j;  tla_error e;  int64_t n = 0;  int path[2] = {1, 0};
 *   tla_tuple_parse(&t, "(2,(3,_4))", &e);
 *   if (tla_tuple_rank(&t) != 2 || tla_tuple_depth(&t) != 2) return 1;
 *   if (tla_tuple_size(&n, &t, &e) != 0 || n != 24) return 1;
 *   if (tla_tuple_get(&g, &t, 2, path, &e) != 0 || g.val[0] != 3) return 1;
 *   if (tla_tuple_get(&g, &t, 1, (int[]){5}, &e) == 0) return 1;      // out of range: an error
 *   parts[0] = tla_tuple_leaf(7, 0), parts[1] = t;
 *   if (tla_tuple_join(&j, 2, parts, &e) != 0 || tla_tuple_rank(&j) != 2 || tla_tuple_depth(&j) != 3) return 1;
 */
/* Rank: elements of a tuple; an integer has rank 1. */
TLA_FUNC int tla_tuple_rank(const tla_tuple *t);

/* Depth: nesting levels; an integer has depth 0, (2,3) depth 1. */
TLA_FUNC int tla_tuple_depth(const tla_tuple *t);

/* get(t, path[0], path[1], ...): the sub-tuple at that path of indices. */
TLA_FUNC int tla_tuple_get(tla_tuple *out, const tla_tuple *t, int npath, const int *path, tla_error *err);

/* Product of all leaves. */
TLA_FUNC int tla_tuple_size(int64_t *out, const tla_tuple *t, tla_error *err);

/* Same tree structure (values ignored). */
TLA_FUNC int tla_tuple_congruent(const tla_tuple *a, const tla_tuple *b);

/* Same structure and values; static markers are ignored. */
TLA_API int tla_tuple_equal(const tla_tuple *a, const tla_tuple *b);

/* out = (parts[0], ..., parts[n-1]), n in 1..8.  out may be one of the parts. */
TLA_FUNC int tla_tuple_join(tla_tuple *out, int n, const tla_tuple *parts, tla_error *err);

/* ---------------------------------------------------------------- idx2crd */

/* tla_tuple_idx2crd(&out, &shape, idx, err) -> 0 or -1 (a mode of size <= 0 that must split the index)
 * Example:
 *   tla_tuple s, c;  tla_error e;
 *   tla_tuple_parse(&s, "((4,2),3)", &e);
 *   if (tla_tuple_idx2crd(&c, &s, 13, &e) != 0 || c.val[0] != 1 || c.val[1] != 1 || c.val[2] != 1) return 1;
 */
/* The natural coordinate of 1-D index idx in shape: congruent to shape,
 * colexicographic (first mode fastest).  Every mode takes idx / prefix % size
 * except the last one (recursively), which keeps the remainder, so that
 * crd2offset(idx2crd(i, S), S, D) == crd2offset(i, S, D) for every i. */
TLA_API int tla_tuple_idx2crd(tla_tuple *out, const tla_tuple *shape, int64_t idx, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- tuples */

TLA_FUNC void tla__tuple_clear(tla_tuple *t) { memset(t, 0, sizeof *t); }

TLA_FUNC tla_tuple tla_tuple_leaf(int64_t v, int is_static) {
    tla_tuple t;
    tla__tuple_clear(&t);
    t.nleaf = 1;
    t.ntok = 1;
    t.tok[0] = TLA_TOK_LEAF;
    t.val[0] = v;
    t.stat = is_static ? 1u : 0u;
    return t;
}

TLA_FUNC int tla_tuple_is_int(const tla_tuple *t) { return t->ntok == 1 && t->tok[0] == TLA_TOK_LEAF; }

TLA_FUNC int tla_tuple_is_static(const tla_tuple *t, int leaf) { return (int)((t->stat >> leaf) & 1u); }

TLA_API int tla_tuple_all_static(const tla_tuple *t)
#if TLA__BODIES
{
    return t->nleaf >= TLA_MAX_LEAVES ? t->stat == 0xffffffffu : t->stat == (1u << t->nleaf) - 1u;
}
#endif
TLA__DECL

/* Token index just past the element that starts at token i. */
TLA_FUNC int tla__tok_end(const tla_tuple *t, int i) {
    int d = 0;
    do {
        if (t->tok[i] == TLA_TOK_OPEN)
            d++;
        else if (t->tok[i] == TLA_TOK_CLOSE)
            d--;
        i++;
    } while (d > 0 && i < t->ntok);
    return i;
}

/* Number of LEAF tokens in [i, j). */
TLA_FUNC int tla__tok_leaves(const tla_tuple *t, int i, int j) {
    int n = 0;
    for (; i < j; i++) n += t->tok[i] == TLA_TOK_LEAF;
    return n;
}

TLA_FUNC int tla_tuple_rank(const tla_tuple *t) {
    int i = 1, r = 0;
    if (tla_tuple_is_int(t)) return 1;
    while (i < t->ntok && t->tok[i] != TLA_TOK_CLOSE) {
        i = tla__tok_end(t, i);
        r++;
    }
    return r;
}

TLA_FUNC int tla_tuple_depth(const tla_tuple *t) {
    int i, d = 0, best = 0;
    for (i = 0; i < t->ntok; i++) {
        if (t->tok[i] == TLA_TOK_OPEN && ++d > best)
            best = d;
        else if (t->tok[i] == TLA_TOK_CLOSE)
            d--;
    }
    return best;
}

/* Copy the element that starts at token tok0 (its first leaf is leaf0). */
TLA_FUNC void tla__slice(const tla_tuple *t, int tok0, int leaf0, tla_tuple *out) {
    int end = tla__tok_end(t, tok0), i, l = leaf0;
    tla_tuple r;
    tla__tuple_clear(&r);
    for (i = tok0; i < end; i++) {
        r.tok[r.ntok++] = t->tok[i];
        if (t->tok[i] != TLA_TOK_LEAF) continue;
        r.val[r.nleaf] = t->val[l];
        if (tla_tuple_is_static(t, l)) r.stat |= 1u << r.nleaf;
        r.nleaf++;
        l++;
    }
    *out = r;
}

/* Where element k of t is: its first token (*tok0, may be NULL), its first leaf and its
 * number of leaves (an integer is its own element 0, one leaf); -1 when k is out of range.
 * The hot paths (copies, tiles) that need only leaf values read them in place from here;
 * tla__elem slices the element out. */
TLA_FUNC int tla__elem_leaves(const tla_tuple *t, int k, int *leaf0, int *n, int *tok0) {
    int i = 1, j = 0, leaf = 0;
    if (tla_tuple_is_int(t)) {
        *leaf0 = 0, *n = 1;
        if (tok0) *tok0 = 0;
        return k == 0 ? 0 : -1;
    }
    for (; k >= 0 && i < t->ntok && t->tok[i] != TLA_TOK_CLOSE; j++) {
        int end = tla__tok_end(t, i), c = tla__tok_leaves(t, i, end);
        if (j == k) {
            *leaf0 = leaf, *n = c;
            if (tok0) *tok0 = i;
            return leaf + c <= t->nleaf ? 0 : -1;
        }
        leaf += c, i = end;
    }
    return -1;
}

/* Element k of t (an integer is its own element 0).  No error message:
 * returns -1 when k is out of range. */
TLA_FUNC int tla__elem(const tla_tuple *t, int k, tla_tuple *out) {
    int tok0 = 0, leaf = 0, n = 0;
    if (tla__elem_leaves(t, k, &leaf, &n, &tok0) != 0) return -1;
    if (tla_tuple_is_int(t))
        *out = *t;
    else
        tla__slice(t, tok0, leaf, out);
    return 0;
}

TLA_FUNC int tla_tuple_get(tla_tuple *out, const tla_tuple *t, int npath, const int *path, tla_error *err) {
    tla_tuple cur = *t, next;
    tla__where w = {0, {0}};
    char wb[64];
    int k;
    for (k = 0; k < npath; k++) {
        if (tla__elem(&cur, path[k], &next) != 0)
            return tla__fail(err, -1, "get: index %d is out of range for rank %d%s", path[k], tla_tuple_rank(&cur),
                             tla__where_str(&w, wb));
        w = tla__where_push(&w, path[k]);
        cur = next;
    }
    *out = cur;
    return 0;
}

TLA_FUNC int tla_tuple_size(int64_t *out, const tla_tuple *t, tla_error *err) {
    int64_t p = 1;
    int i;
    for (i = 0; i < t->nleaf; i++)
        if (tla__mul64(p, t->val[i], &p) != 0)
            return tla__fail(err, -1, "size: the product of the shape overflows int64");
    *out = p;
    return 0;
}

TLA_FUNC int tla_tuple_congruent(const tla_tuple *a, const tla_tuple *b) {
    return a->ntok == b->ntok && memcmp(a->tok, b->tok, (size_t)a->ntok) == 0;
}

TLA_API int tla_tuple_equal(const tla_tuple *a, const tla_tuple *b)
#if TLA__BODIES
{
    int i;
    if (!tla_tuple_congruent(a, b) || a->nleaf != b->nleaf) return 0;
    for (i = 0; i < a->nleaf; i++)
        if (a->val[i] != b->val[i]) return 0;
    return 1;
}
#endif
TLA__DECL

TLA_FUNC int tla_tuple_join(tla_tuple *out, int n, const tla_tuple *parts, tla_error *err) {
    tla_tuple r;
    int k, i;
    if (n < 1 || n > TLA_MAX_RANK)
        return tla__fail(err, -1, "join: a tuple has 1 to %d elements, not %d", TLA_MAX_RANK, n);
    tla__tuple_clear(&r);
    r.tok[r.ntok++] = TLA_TOK_OPEN;
    for (k = 0; k < n; k++) {
        const tla_tuple *p = &parts[k];
        if (tla_tuple_depth(p) + 1 > TLA_MAX_DEPTH)
            return tla__fail(err, -1, "join: element %d would nest deeper than %d levels", k, TLA_MAX_DEPTH);
        if (r.nleaf + p->nleaf > TLA_MAX_LEAVES)
            return tla__fail(err, -1, "join: more than %d integers in one tuple", TLA_MAX_LEAVES);
        if (r.ntok + p->ntok + 1 > TLA_MAX_TOKENS)
            return tla__fail(err, -1, "join: tuple too complex (more than %d tokens)", TLA_MAX_TOKENS);
        for (i = 0; i < p->ntok; i++) r.tok[r.ntok++] = p->tok[i];
        for (i = 0; i < p->nleaf; i++) {
            if (tla_tuple_is_static(p, i)) r.stat |= 1u << r.nleaf;
            r.val[r.nleaf++] = p->val[i];
        }
    }
    r.tok[r.ntok++] = TLA_TOK_CLOSE;
    *out = r;
    return 0;
}

/* ---------------------------------------------------------------- idx2crd */

/* Split idx over shape s into out (same tokens as s); `last` says s is the
 * last mode along its path, which keeps the remainder without a modulo. */
TLA_FUNC int tla__idx2crd(int64_t idx, const tla_tuple *s, int last, tla_tuple *out, int *leaf, tla_error *err,
                          const tla__where *w) {
    tla_tuple se;
    int r, k;
    int64_t sz = 0;
    char wb[64];
    if (tla_tuple_is_int(s)) {
        if (!last) {
            if (s->val[0] <= 0)
                return tla__fail(err, -1, "idx2crd: cannot split an index over a mode of size %lld%s",
                                 (long long)s->val[0], tla__where_str(w, wb));
            idx %= s->val[0];
        }
        out->val[(*leaf)++] = idx;
        return 0;
    }
    r = tla_tuple_rank(s);
    for (k = 0; k < r; k++) {
        tla__where wk = tla__where_push(w, k);
        int is_last = last && k == r - 1;
        tla__elem(s, k, &se);
        if (tla_tuple_size(&sz, &se, err) != 0) return -1;
        if (!is_last && sz <= 0)
            return tla__fail(err, -1, "idx2crd: cannot split an index over a mode of size %lld%s", (long long)sz,
                             tla__where_str(&wk, wb));
        if (tla__idx2crd(is_last ? idx : idx % sz, &se, is_last, out, leaf, err, &wk) != 0) return -1;
        if (!is_last) idx /= sz;
    }
    return 0;
}

TLA_API int tla_tuple_idx2crd(tla_tuple *out, const tla_tuple *shape, int64_t idx, tla_error *err)
#if TLA__BODIES
{
    tla_tuple r = *shape;
    tla__where w = {0, {0}};
    int leaf = 0;
    r.stat = 0;
    if (tla__idx2crd(idx, shape, 1, &r, &leaf, err, &w) != 0) return -1;
    *out = r;
    return 0;
}
#endif
TLA__DECL

#endif
