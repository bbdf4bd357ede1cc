/* tla/rt.h - run-time operations on tla_tuple and tla_layout.
 *
 * Everything here works on the plain structs of rt_types.h, with values known
 * only at run time: build tuples, ask their rank/depth/size, make layouts, map
 * coordinates to offsets (crd2offset) and indices to coordinates (idx2crd).
 * The Ascend formats (zN, nZ, ...) and tiles are in rt_formats.h, included at
 * the end of this file.
 *
 * Conventions: every function is TLA_FUNC (static inline by default) and uses
 * no globals and no heap.  A function returning int returns 0 on success and
 * -1 on error; it then fills *err (when err is not NULL) with what went wrong
 * and where, and leaves its outputs untouched.  int64 overflow is an error.
 *
 *   tla_tuple s, d;  tla_layout L;  int64_t off;  tla_error e;
 *   tla_parse_tuple("((4,2),(4,3))", &s, &e);          // parse.h
 *   tla_parse_tuple("((4,16),(1,32))", &d, &e);
 *   tla_layout_make(&L, &s, &d, &e);
 *   tla_tuple c = ...;                                  // (1,5)
 *   tla_layout_crd2offset(&L, &c, &off, &e);            // off == 37
 */
#ifndef TLA_RT_H
#define TLA_RT_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "base.h"
#include "rt_types.h"

/* ---------------------------------------------------------------- errors */

#if defined(__GNUC__) || defined(__clang__)
#define TLA__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TLA__PRINTF(f, a)
#endif

/* Fill *err (if any) and return -1, so callers can `return tla__fail(...)`. */
TLA_FUNC TLA__PRINTF(3, 4) int tla__fail(tla_error *err, int pos, const char *fmt, ...) {
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->pos = pos;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Checked int64 arithmetic: 0 and *r on success, -1 on overflow (r untouched). */
TLA_FUNC int tla__add64(int64_t a, int64_t b, int64_t *r) {
    if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return -1;
    *r = a + b;
    return 0;
}

TLA_FUNC int tla__mul64(int64_t a, int64_t b, int64_t *r) {
    if (a > 0) {
        if (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a) return -1;
    } else if (a < 0) {
        if (b > 0 ? a < INT64_MIN / b : (b != 0 && a < INT64_MAX / b)) return -1;
    }
    *r = a * b;
    return 0;
}

/* A path of mode indices, kept only to say "where" in error messages. */
typedef struct tla__where {
    int n;
    int i[TLA_MAX_DEPTH + 2];
} tla__where;

/* "" at the top, else " at mode 1" or " at mode 1.0"; buf needs 64 bytes. */
TLA_FUNC const char *tla__where_str(const tla__where *w, char *buf) {
    int k, len;
    buf[0] = '\0';
    if (!w || w->n == 0) return buf;
    len = snprintf(buf, 64, " at mode ");
    for (k = 0; k < w->n && len < 50; k++)
        len += snprintf(buf + len, (size_t)(64 - len), k ? ".%d" : "%d", w->i[k]);
    return buf;
}

TLA_FUNC tla__where tla__where_push(const tla__where *w, int i) {
    tla__where r = *w;
    if (r.n < TLA_MAX_DEPTH + 2) r.i[r.n++] = i;
    return r;
}

/* ---------------------------------------------------------------- tuples */

TLA_FUNC void tla__tuple_clear(tla_tuple *t) { memset(t, 0, sizeof *t); }

/* The integer v as a tuple (one LEAF token); is_static makes it print `_v`. */
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

/* Token index just past the element that starts at token i. */
TLA_FUNC int tla__tok_end(const tla_tuple *t, int i) {
    int d = 0;
    do {
        if (t->tok[i] == TLA_TOK_OPEN) d++;
        else if (t->tok[i] == TLA_TOK_CLOSE) d--;
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

/* Rank: elements of a tuple; an integer has rank 1. */
TLA_FUNC int tla_tuple_rank(const tla_tuple *t) {
    int i = 1, r = 0;
    if (tla_tuple_is_int(t)) return 1;
    while (i < t->ntok && t->tok[i] != TLA_TOK_CLOSE) {
        i = tla__tok_end(t, i);
        r++;
    }
    return r;
}

/* Depth: nesting levels; an integer has depth 0, (2,3) depth 1. */
TLA_FUNC int tla_tuple_depth(const tla_tuple *t) {
    int i, d = 0, best = 0;
    for (i = 0; i < t->ntok; i++) {
        if (t->tok[i] == TLA_TOK_OPEN && ++d > best) best = d;
        else if (t->tok[i] == TLA_TOK_CLOSE) d--;
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

/* Element k of t (an integer is its own element 0).  No error message:
 * returns -1 when k is out of range. */
TLA_FUNC int tla__elem(const tla_tuple *t, int k, tla_tuple *out) {
    int i = 1, leaf = 0, j = 0;
    if (tla_tuple_is_int(t)) {
        if (k != 0) return -1;
        *out = *t;
        return 0;
    }
    if (k < 0) return -1;
    while (i < t->ntok && t->tok[i] != TLA_TOK_CLOSE) {
        int end = tla__tok_end(t, i);
        if (j == k) {
            tla__slice(t, i, leaf, out);
            return 0;
        }
        leaf += tla__tok_leaves(t, i, end);
        i = end;
        j++;
    }
    return -1;
}

/* get(t, path[0], path[1], ...): the sub-tuple at that path of indices. */
TLA_FUNC int tla_tuple_get(const tla_tuple *t, int npath, const int *path, tla_tuple *out, tla_error *err) {
    tla_tuple cur = *t, next;
    tla__where w = {0, {0}};
    char wb[64];
    int k;
    for (k = 0; k < npath; k++) {
        if (tla__elem(&cur, path[k], &next) != 0)
            return tla__fail(err, -1, "get: index %d is out of range for rank %d%s", path[k],
                             tla_tuple_rank(&cur), tla__where_str(&w, wb));
        w = tla__where_push(&w, path[k]);
        cur = next;
    }
    *out = cur;
    return 0;
}

/* Product of all leaves. */
TLA_FUNC int tla_tuple_size(const tla_tuple *t, int64_t *out, tla_error *err) {
    int64_t p = 1;
    int i;
    for (i = 0; i < t->nleaf; i++)
        if (tla__mul64(p, t->val[i], &p) != 0) return tla__fail(err, -1, "size: the product of the shape overflows int64");
    *out = p;
    return 0;
}

/* Same tree structure (values ignored). */
TLA_FUNC int tla_tuple_congruent(const tla_tuple *a, const tla_tuple *b) {
    return a->ntok == b->ntok && memcmp(a->tok, b->tok, (size_t)a->ntok) == 0;
}

/* Same structure and values; static markers are ignored. */
TLA_FUNC int tla_tuple_equal(const tla_tuple *a, const tla_tuple *b) {
    int i;
    if (!tla_tuple_congruent(a, b) || a->nleaf != b->nleaf) return 0;
    for (i = 0; i < a->nleaf; i++)
        if (a->val[i] != b->val[i]) return 0;
    return 1;
}

/* out = (parts[0], ..., parts[n-1]), n in 1..8.  out may be one of the parts. */
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

/* ---------------------------------------------------------------- layouts */

/* A layout from congruent shape and stride; shape values must be >= 0 and
 * the size must fit in int64 (so later size and origin queries cannot fail). */
TLA_FUNC int tla_layout_make(tla_layout *out, const tla_tuple *shape, const tla_tuple *stride, tla_error *err) {
    int64_t sz = 0;
    int i;
    if (!tla_tuple_congruent(shape, stride))
        return tla__fail(err, -1, "layout: shape and stride are not congruent (they need the same nesting)");
    for (i = 0; i < shape->nleaf; i++)
        if (shape->val[i] < 0)
            return tla__fail(err, -1, "layout: shape value %lld (integer %d) is negative", (long long)shape->val[i],
                             i + 1);
    if (tla_tuple_size(shape, &sz, err) != 0) return -1;
    memset(out, 0, sizeof *out);
    out->shape = *shape;
    out->stride = *stride;
    return 0;
}

/* CuTe's default layout of a shape: compact column-major, strides
 * _1, s0, s0*s1, ...  A stride is static when every shape value before it is. */
TLA_FUNC int tla_layout_make_compact(tla_layout *out, const tla_tuple *shape, tla_error *err) {
    tla_tuple d = *shape;
    int64_t cur = 1;
    int i, all_static = 1;
    d.stat = 0;
    for (i = 0; i < shape->nleaf; i++) {
        d.val[i] = cur;
        if (all_static) d.stat |= 1u << i;
        if (tla__mul64(cur, shape->val[i], &cur) != 0)
            return tla__fail(err, -1, "layout: the size of the shape overflows int64");
        all_static = all_static && tla_tuple_is_static(shape, i);
    }
    return tla_layout_make(out, shape, &d, err);
}

TLA_FUNC int tla_layout_rank(const tla_layout *L) { return tla_tuple_rank(&L->shape); }
TLA_FUNC int tla_layout_depth(const tla_layout *L) { return tla_tuple_depth(&L->shape); }

TLA_FUNC int tla_layout_size(const tla_layout *L, int64_t *out, tla_error *err) {
    return tla_tuple_size(&L->shape, out, err);
}

/* Same shape and stride (static markers and originShape ignored). */
TLA_FUNC int tla_layout_equal(const tla_layout *a, const tla_layout *b) {
    return tla_tuple_equal(&a->shape, &b->shape) && tla_tuple_equal(&a->stride, &b->stride);
}

/* The largest offset + 1 over all coordinates; 0 for an empty layout.  For
 * non-negative strides this is L(size-1) + 1.  Each leaf adds its largest
 * contribution max(0, (s-1)*d) independently, so no enumeration is needed. */
TLA_FUNC int tla_layout_cosize(const tla_layout *L, int64_t *out, tla_error *err) {
    int64_t hi = 0, term;
    int i;
    for (i = 0; i < L->shape.nleaf; i++)
        if (L->shape.val[i] == 0) {
            *out = 0;
            return 0;
        }
    for (i = 0; i < L->shape.nleaf; i++) {
        if (L->shape.val[i] < 0) return tla__fail(err, -1, "cosize: negative shape value");
        if (tla__mul64(L->shape.val[i] - 1, L->stride.val[i], &term) != 0 ||
            (term > 0 && tla__add64(hi, term, &hi) != 0))
            return tla__fail(err, -1, "cosize: the largest offset overflows int64");
    }
    if (hi == INT64_MAX) return tla__fail(err, -1, "cosize: overflows int64");
    *out = hi + 1;
    return 0;
}

/* The extent of top-level mode `mode` that holds real data: originShape if
 * set, else the size of the mode.  -1 if mode is out of range. */
TLA_FUNC int64_t tla_layout_origin(const tla_layout *L, int mode) {
    tla_tuple m;
    int64_t sz = 0;
    if (mode < 0 || mode >= tla_layout_rank(L) || tla__elem(&L->shape, mode, &m) != 0) return -1;
    if (L->has_origin) return L->origin[mode];
    if (tla_tuple_size(&m, &sz, NULL) != 0) return -1;
    return sz;
}

/* Set originShape: an integer (rank-1 layouts) or a tuple of one integer >= 0
 * per top-level mode. */
TLA_FUNC int tla_layout_set_origin(tla_layout *L, const tla_tuple *origin, tla_error *err) {
    int r = tla_layout_rank(L), k;
    int64_t v[TLA_MAX_RANK];
    tla_tuple e;
    if (tla_tuple_rank(origin) != r)
        return tla__fail(err, -1, "origin: has rank %d but the layout has rank %d", tla_tuple_rank(origin), r);
    for (k = 0; k < r; k++) {
        if (tla__elem(origin, k, &e) != 0 || !tla_tuple_is_int(&e))
            return tla__fail(err, -1, "origin: element %d must be an integer", k);
        if (e.val[0] < 0) return tla__fail(err, -1, "origin: element %d is negative", k);
        {
            tla_tuple m;
            int64_t sz = 0;
            if (tla__elem(&L->shape, k, &m) == 0 && tla_tuple_size(&m, &sz, NULL) == 0 && e.val[0] > sz)
                return tla__fail(err, -1, "origin: element %d (%lld) is larger than mode %d (%lld)", k,
                                 (long long)e.val[0], k, (long long)sz);
        }
        v[k] = e.val[0];
    }
    for (k = 0; k < r; k++) L->origin[k] = v[k];
    L->has_origin = 1;
    return 0;
}

/* The sub-layout of the mode at path.  A one-step path to an integer mode keeps
 * that mode's originShape; any other sub-layout gets the default origin. */
TLA_FUNC int tla_layout_get(const tla_layout *L, int npath, const int *path, tla_layout *out, tla_error *err) {
    tla_layout r;
    memset(&r, 0, sizeof r);
    if (tla_tuple_get(&L->shape, npath, path, &r.shape, err) != 0) return -1;
    if (tla_tuple_get(&L->stride, npath, path, &r.stride, err) != 0) return -1;
    if (npath == 0) r = *L;
    else if (npath == 1 && L->has_origin && tla_tuple_is_int(&r.shape)) {
        r.has_origin = 1;
        r.origin[0] = L->origin[path[0]];
    }
    *out = r;
    return 0;
}

/* ---------------------------------------------------------------- crd2offset */

TLA_FUNC int tla__crd2off(const tla_tuple *c, const tla_tuple *s, const tla_tuple *d, int64_t *out, tla_error *err,
                          const tla__where *w) {
    tla_tuple ce, se, de;
    int64_t sum = 0, part = 0, x, sz = 0;
    int r, k;
    char wb[64];
    if (tla_tuple_is_int(s)) {
        if (!tla_tuple_is_int(c)) {
            /* (c) on an integer mode means c: accept rank-1 wrapping. */
            if (tla_tuple_rank(c) == 1 && tla__elem(c, 0, &ce) == 0) return tla__crd2off(&ce, s, d, out, err, w);
            return tla__fail(err, -1, "crd2offset: coordinate of rank %d for an integer mode%s", tla_tuple_rank(c),
                             tla__where_str(w, wb));
        }
        if (tla__mul64(c->val[0], d->val[0], out) != 0)
            return tla__fail(err, -1, "crd2offset: coordinate * stride overflows int64%s", tla__where_str(w, wb));
        return 0;
    }
    r = tla_tuple_rank(s);
    if (!tla_tuple_is_int(c)) {
        /* A tuple coordinate: one coordinate per mode, summed. */
        if (tla_tuple_rank(c) != r)
            return tla__fail(err, -1, "crd2offset: coordinate has rank %d but the shape has rank %d%s",
                             tla_tuple_rank(c), r, tla__where_str(w, wb));
        for (k = 0; k < r; k++) {
            tla__where wk = tla__where_push(w, k);
            tla__elem(c, k, &ce);
            tla__elem(s, k, &se);
            tla__elem(d, k, &de);
            if (tla__crd2off(&ce, &se, &de, &part, err, &wk) != 0) return -1;
            if (tla__add64(sum, part, &sum) != 0)
                return tla__fail(err, -1, "crd2offset: the offset overflows int64%s", tla__where_str(w, wb));
        }
        *out = sum;
        return 0;
    }
    /* An integer over a tuple: split colexicographically (first mode fastest);
     * the last mode takes what is left, without a modulo. */
    x = c->val[0];
    for (k = 0; k < r; k++) {
        tla__where wk = tla__where_push(w, k);
        tla__elem(s, k, &se);
        tla__elem(d, k, &de);
        if (k == r - 1) {
            ce = tla_tuple_leaf(x, 0);
        } else {
            if (tla_tuple_size(&se, &sz, err) != 0) return -1;
            if (sz <= 0)
                return tla__fail(err, -1, "crd2offset: cannot split an index over a mode of size %lld%s",
                                 (long long)sz, tla__where_str(&wk, wb));
            ce = tla_tuple_leaf(x % sz, 0);
            x /= sz;
        }
        if (tla__crd2off(&ce, &se, &de, &part, err, &wk) != 0) return -1;
        if (tla__add64(sum, part, &sum) != 0)
            return tla__fail(err, -1, "crd2offset: the offset overflows int64%s", tla__where_str(w, wb));
    }
    *out = sum;
    return 0;
}

/* The offset of coordinate coord under shape:stride (every coordinate form of crd2offset).
 * (Not named tla_crd2offset: that is the compile-time macro of layout.h.) */
TLA_FUNC int tla_tuple_crd2offset(const tla_tuple *coord, const tla_tuple *shape, const tla_tuple *stride,
                                  int64_t *out, tla_error *err) {
    tla__where w = {0, {0}};
    int64_t r = 0;
    if (!tla_tuple_congruent(shape, stride))
        return tla__fail(err, -1, "crd2offset: shape and stride are not congruent");
    if (tla__crd2off(coord, shape, stride, &r, err, &w) != 0) return -1;
    *out = r;
    return 0;
}

/* The fast path of crd2offset: a non-negative integer x split over leaves [lo, hi) (first
 * fastest, the last takes the rest).  0 and *sum += offset, or -1 when the general path
 * must decide (a shape <= 0, overflow). */
TLA_FUNC int tla__crd_leaves(int64_t x, const tla_tuple *s, const tla_tuple *d, int lo, int hi, int64_t *sum) {
    int j;
    for (j = lo; j < hi; j++) {
        int64_t sj = s->val[j], part;
        int64_t c = j + 1 < hi ? x % (sj > 0 ? sj : 1) : x;
        if (j + 1 < hi && sj <= 0) return -1;
        if (tla__mul64(c, d->val[j], &part) != 0 || tla__add64(*sum, part, sum) != 0) return -1;
        if (j + 1 < hi) x /= sj;
    }
    return 0;
}

/* Integer and (row, col, ...) coordinates with non-negative values go straight over the
 * leaves (no copies); everything else takes the general path, which also explains errors. */
TLA_FUNC int tla__crd_fast(const tla_tuple *c, const tla_tuple *s, const tla_tuple *d, int64_t *out) {
    int64_t sum = 0;
    int i, k = 0, depth = 0, start = 0, leaf = 0;
    if (tla_tuple_is_int(c)) {
        if (c->val[0] < 0 || tla__crd_leaves(c->val[0], s, d, 0, s->nleaf, &sum) != 0) return -1;
        *out = sum;
        return 0;
    }
    if (tla_tuple_is_int(s) || tla_tuple_depth(c) != 1 || c->nleaf != tla_tuple_rank(s)) return -1;
    for (i = 1; i < s->ntok - 1; i++) { /* the top-level modes of s, by tokens */
        int t = s->tok[i];
        if (t == TLA_TOK_OPEN && depth++ == 0) start = leaf;
        if (t == TLA_TOK_CLOSE) depth--;
        if (t == TLA_TOK_LEAF) {
            if (depth == 0) start = leaf;
            leaf++;
        }
        if (depth == 0 && t != TLA_TOK_OPEN) {
            if (c->val[k] < 0 || tla__crd_leaves(c->val[k], s, d, start, leaf, &sum) != 0) return -1;
            k++;
        }
    }
    *out = sum;
    return 0;
}

TLA_FUNC int tla_layout_crd2offset(const tla_layout *L, const tla_tuple *coord, int64_t *out, tla_error *err) {
    if (tla__crd_fast(coord, &L->shape, &L->stride, out) == 0) return 0;
    return tla_tuple_crd2offset(coord, &L->shape, &L->stride, out, err);
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
        if (tla_tuple_size(&se, &sz, err) != 0) return -1;
        if (!is_last && sz <= 0)
            return tla__fail(err, -1, "idx2crd: cannot split an index over a mode of size %lld%s", (long long)sz,
                             tla__where_str(&wk, wb));
        if (tla__idx2crd(is_last ? idx : idx % sz, &se, is_last, out, leaf, err, &wk) != 0) return -1;
        if (!is_last) idx /= sz;
    }
    return 0;
}

/* The natural coordinate of 1-D index idx in shape: congruent to shape,
 * colexicographic (first mode fastest).  Every mode takes idx / prefix % size
 * except the last one (recursively), which keeps the remainder, so that
 * crd2offset(idx2crd(i, S), S, D) == crd2offset(i, S, D) for every i. */
TLA_FUNC int tla_idx2crd(int64_t idx, const tla_tuple *shape, tla_tuple *out, tla_error *err) {
    tla_tuple r = *shape;
    tla__where w = {0, {0}};
    int leaf = 0;
    r.stat = 0;
    if (tla__idx2crd(idx, shape, 1, &r, &leaf, err, &w) != 0) return -1;
    *out = r;
    return 0;
}

#include "rt_formats.h"

#endif
