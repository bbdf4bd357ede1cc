/* tla/rt/layout.h - run-time layouts (struct tla_layout of rt/types.h): make, query,
 * originShape, sub-layouts, and crd2offset in every coordinate form.
 *
 * Conventions: every function is TLA_FUNC or TLA_API (static inline, unless tla.h's build
 * modes compile the TLA_API ones once) and uses no globals and no heap.  A function returning
 * int returns 0 on success and -1 on error; it then fills *err (when err is not NULL) with what
 * went wrong and where, and leaves its outputs untouched.  int64 overflow is an error.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_tuple s, d, c;  tla_layout L;  int64_t off = 0;  tla_error e;
 *   tla_tuple_parse(&s, "((4,2),(4,3))", &e);
 *   tla_tuple_parse(&d, "((4,16),(1,32))", &e);
 *   tla_tuple_parse(&c, "(1,5)", &e);
 *   if (tla_layout_make(&L, &s, &d, &e) != 0 || tla_layout_crd2offset(&off, &L, &c, &e) != 0) return 1;
 *   if (off != 37) return 1;
 */
#ifndef TLA_RT_LAYOUT_H
#define TLA_RT_LAYOUT_H

#include "tla/rt/tuple.h"

/* ---------------------------------------------------------------- layouts */

/* tla_layout_make(&L, &shape, &stride, err), tla_layout_make_compact(&L, &shape, err), tla_layout_size(&n, &L, err),
 *   tla_layout_cosize(&n, &L, err), tla_layout_set_origin(&L, &origin, err), tla_layout_get(&out, &L, npath, path, err)
 *   -> 0 or -1; tla_layout_rank, tla_layout_depth, tla_layout_origin(&L, mode), tla_layout_equal
 *   Errors: "layout: shape and stride are not congruent ...", "layout: shape value v (integer i) is negative",
 *   "origin: element k (v) is larger than mode k (n)", "cosize: overflows int64".
 * Example:
 *   tla_tuple s, d, o;  tla_layout L;  tla_error e;  int64_t n = 0;
 *   tla_tuple_parse(&s, "(4,8)", &e);
 *   tla_tuple_parse(&d, "(8,1)", &e);
 *   if (tla_layout_make(&L, &s, &d, &e) != 0 || tla_layout_cosize(&n, &L, &e) != 0 || n != 32) return 1;
 *   tla_tuple_parse(&o, "(3,8)", &e);
 *   if (tla_layout_set_origin(&L, &o, &e) != 0 || tla_layout_origin(&L, 0) != 3) return 1;
 *   tla_tuple_parse(&o, "(5,8)", &e);
 *   if (tla_layout_set_origin(&L, &o, &e) == 0 || tla_layout_origin(&L, 0) != 3) return 1;   // refused, L unchanged
 */
/* A layout from congruent shape and stride; shape values must be >= 0 and
 * the size must fit in int64 (so later size and origin queries cannot fail). */
TLA_FUNC int tla_layout_make(tla_layout *out, const tla_tuple *shape, const tla_tuple *stride, tla_error *err);

/* CuTe's default layout of a shape: compact column-major, strides
 * _1, s0, s0*s1, ...  A stride is static when every shape value before it is. */
TLA_FUNC int tla_layout_make_compact(tla_layout *out, const tla_tuple *shape, tla_error *err);
TLA_FUNC int tla_layout_rank(const tla_layout *L);
TLA_FUNC int tla_layout_depth(const tla_layout *L);
TLA_FUNC int tla_layout_size(int64_t *out, const tla_layout *L, tla_error *err);

/* Same shape and stride (static markers and originShape ignored). */
TLA_API int tla_layout_equal(const tla_layout *a, const tla_layout *b);

/* The largest offset + 1 over all coordinates; 0 for an empty layout.  For
 * non-negative strides this is L(size-1) + 1.  Each leaf adds its largest
 * contribution max(0, (s-1)*d) independently, so no enumeration is needed. */
TLA_FUNC int tla_layout_cosize(int64_t *out, const tla_layout *L, tla_error *err);

/* The extent of top-level mode `mode` that holds real data: originShape if
 * set, else the size of the mode.  -1 if mode is out of range. */
TLA_FUNC int64_t tla_layout_origin(const tla_layout *L, int mode);

/* Set originShape: an integer (rank-1 layouts) or a tuple of one integer >= 0
 * per top-level mode. */
TLA_FUNC int tla_layout_set_origin(tla_layout *L, const tla_tuple *origin, tla_error *err);

/* The sub-layout of the mode at path.  A one-step path to an integer mode keeps
 * that mode's originShape; any other sub-layout gets the default origin. */
TLA_FUNC int tla_layout_get(tla_layout *out, const tla_layout *L, int npath, const int *path, tla_error *err);

/* ---------------------------------------------------------------- crd2offset */

/* tla_layout_crd2offset(&off, &L, &coord, err), tla_tuple_crd2offset(&off, &coord, &shape, &stride, err) -> 0 or -1
 *   coord: one integer, one integer per top-level mode, a tuple congruent to the shape, or any mix per mode.
 *   Not range-checked (the last leaf of each mode takes the rest, as in CuTe).
 *   Errors: "crd2offset: coordinate has rank r but the shape has rank s", "... overflows int64".
 * Example:
 *   tla_layout L;  tla_tuple c;  tla_error e;  int64_t off = 0;
 *   tla_layout_parse(&L, "((4,2),(4,3)):((4,16),(1,32))", &e);
 *   tla_tuple_parse(&c, "((1,0),5)", &e);                       // a mix: congruent mode 0, integer mode 1
 *   if (tla_layout_crd2offset(&off, &L, &c, &e) != 0 || off != 4 + 1 + 32) return 1;
 */
/* The offset of coordinate coord under shape:stride (every coordinate form of crd2offset).
 * (Not named tla_crd2offset: that is the compile-time macro of static/layout.h.) */
TLA_FUNC int tla_tuple_crd2offset(int64_t *out, const tla_tuple *coord, const tla_tuple *shape, const tla_tuple *stride,
                                  tla_error *err);
TLA_FUNC int tla_layout_crd2offset(int64_t *out, const tla_layout *L, const tla_tuple *coord, tla_error *err);

/* ---------------------------------------------------------------- offset range */

/* tla_layout_offset_range(&min, &max, &L, lo, ext, err) -> 0 or -1
 *   The smallest and largest offset of L over the coordinates whose index in top-level mode m
 *   lies in [lo[m], lo[m] + ext[m]) (lo[m] >= 0, ext[m] >= 1; one entry for an integer layout),
 *   exact, without visiting them: tla_copy uses it to tell overlapping tensors.
 *   Errors: "offset_range: ..." for an empty or negative range, int64 overflow.
 * Example:
 *   tla_layout L;  tla_error e;  int64_t lo[2] = {16, 0}, ext[2] = {16, 48}, mn = 0, mx = 0;
 *   tla_layout_parse(&L, "((16,2),(16,3)):((16,256),(1,512))", &e);          // zN half 32x48
 *   if (tla_layout_offset_range(&mn, &mx, &L, lo, ext, &e) != 0 || mn != 256 || mx != 256 + 240 + 15 + 1024) return 1;
 */
TLA_API int tla_layout_offset_range(int64_t *min, int64_t *max, const tla_layout *L, const int64_t *lo,
                                    const int64_t *ext, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- layouts */

TLA_FUNC int tla_layout_make(tla_layout *out, const tla_tuple *shape, const tla_tuple *stride, tla_error *err) {
    int64_t sz = 0;
    int i;
    if (!tla_tuple_congruent(shape, stride))
        return tla__fail(err, -1, "layout: shape and stride are not congruent (they need the same nesting)");
    for (i = 0; i < shape->nleaf; i++)
        if (shape->val[i] < 0)
            return tla__fail(err, -1, "layout: shape value %lld (integer %d) is negative", (long long)shape->val[i],
                             i + 1);
    if (tla_tuple_size(&sz, shape, err) != 0) return -1;
    memset(out, 0, sizeof *out);
    out->shape = *shape;
    out->stride = *stride;
    return 0;
}

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

TLA_FUNC int tla_layout_size(int64_t *out, const tla_layout *L, tla_error *err) {
    return tla_tuple_size(out, &L->shape, err);
}

TLA_API int tla_layout_equal(const tla_layout *a, const tla_layout *b)
#if TLA__BODIES
{
    return tla_tuple_equal(&a->shape, &b->shape) && tla_tuple_equal(&a->stride, &b->stride);
}
#endif
TLA__DECL

TLA_FUNC int tla_layout_cosize(int64_t *out, const tla_layout *L, tla_error *err) {
    int64_t hi = 0, term;
    int i;
    for (i = 0; i < L->shape.nleaf; i++)
        if (L->shape.val[i] == 0) {
            *out = 0;
            return 0;
        }
    for (i = 0; i < L->shape.nleaf; i++) {
        if (L->shape.val[i] < 0) return tla__fail(err, -1, "cosize: negative shape value");
        if (tla__mul64(L->shape.val[i] - 1, L->stride.val[i], &term) != 0
            || (term > 0 && tla__add64(hi, term, &hi) != 0))
            return tla__fail(err, -1, "cosize: the largest offset overflows int64");
    }
    if (hi == INT64_MAX) return tla__fail(err, -1, "cosize: overflows int64");
    *out = hi + 1;
    return 0;
}

TLA_FUNC int64_t tla_layout_origin(const tla_layout *L, int mode) {
    tla_tuple m;
    int64_t sz = 0;
    if (mode < 0 || mode >= tla_layout_rank(L)) return -1;
    if (L->has_origin) return L->origin[mode];
    if (tla__elem(&L->shape, mode, &m) != 0) return -1;
    if (tla_tuple_size(&sz, &m, NULL) != 0) return -1;
    return sz;
}

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
            if (tla__elem(&L->shape, k, &m) == 0 && tla_tuple_size(&sz, &m, NULL) == 0 && e.val[0] > sz)
                return tla__fail(err, -1, "origin: element %d (%lld) is larger than mode %d (%lld)", k,
                                 (long long)e.val[0], k, (long long)sz);
        }
        v[k] = e.val[0];
    }
    for (k = 0; k < r; k++) L->origin[k] = v[k];
    L->has_origin = 1;
    return 0;
}

TLA_FUNC int tla_layout_get(tla_layout *out, const tla_layout *L, int npath, const int *path, tla_error *err) {
    tla_layout r;
    memset(&r, 0, sizeof r);
    if (tla_tuple_get(&r.shape, &L->shape, npath, path, err) != 0) return -1;
    if (tla_tuple_get(&r.stride, &L->stride, npath, path, err) != 0) return -1;
    if (npath == 0)
        r = *L;
    else if (npath == 1 && L->has_origin && tla_tuple_is_int(&r.shape)) {
        r.has_origin = 1;
        r.origin[0] = L->origin[path[0]];
    }
    *out = r;
    return 0;
}

/* ---------------------------------------------------------------- crd2offset */

/* A sum of int64 terms whose partial sums may leave int64 while the total does not (leaves in
 * any order: 7 + (2^63 - 3) - 20): kept modulo 2^64 with a count of wraps, so the total is
 * exact when it fits and an overflow only when it does not. */
typedef struct tla__acc {
    uint64_t u; /* the sum modulo 2^64 */
    int wraps; /* times it passed INT64_MAX (+1) or INT64_MIN (-1) */
} tla__acc;

TLA_FUNC int64_t tla__acc_signed(uint64_t u) { return u <= (uint64_t)INT64_MAX ? (int64_t)u : -(int64_t)~u - 1; }

TLA_FUNC void tla__acc_add(tla__acc *a, int64_t t) {
    int64_t s = tla__acc_signed(a->u);
    if (t > 0 && s > INT64_MAX - t) a->wraps++;
    if (t < 0 && s < INT64_MIN - t) a->wraps--;
    a->u += (uint64_t)t;
}

/* The total, or -1 when it does not fit in int64. */
TLA_FUNC int tla__acc_get(const tla__acc *a, int64_t *out) {
    if (a->wraps != 0) return -1;
    *out = tla__acc_signed(a->u);
    return 0;
}

/* Add the offset of coordinate c under s:d to *acc (every term fits, or an error). */
TLA_FUNC int tla__crd2off(const tla_tuple *c, const tla_tuple *s, const tla_tuple *d, tla__acc *acc, tla_error *err,
                          const tla__where *w) {
    tla_tuple ce, se, de;
    int64_t x, sz = 0, term = 0;
    int r, k;
    char wb[64];
    if (tla_tuple_is_int(s)) {
        if (!tla_tuple_is_int(c)) {
            /* (c) on an integer mode means c: accept rank-1 wrapping. */
            if (tla_tuple_rank(c) == 1 && tla__elem(c, 0, &ce) == 0) return tla__crd2off(&ce, s, d, acc, err, w);
            return tla__fail(err, -1, "crd2offset: coordinate of rank %d for an integer mode%s", tla_tuple_rank(c),
                             tla__where_str(w, wb));
        }
        if (tla__mul64(c->val[0], d->val[0], &term) != 0)
            return tla__fail(err, -1, "crd2offset: coordinate * stride overflows int64%s", tla__where_str(w, wb));
        tla__acc_add(acc, term);
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
            if (tla__crd2off(&ce, &se, &de, acc, err, &wk) != 0) return -1;
        }
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
            if (tla_tuple_size(&sz, &se, err) != 0) return -1;
            if (sz <= 0)
                return tla__fail(err, -1, "crd2offset: cannot split an index over a mode of size %lld%s", (long long)sz,
                                 tla__where_str(&wk, wb));
            ce = tla_tuple_leaf(x % sz, 0);
            x /= sz;
        }
        if (tla__crd2off(&ce, &se, &de, acc, err, &wk) != 0) return -1;
    }
    return 0;
}

TLA_FUNC int tla_tuple_crd2offset(int64_t *out, const tla_tuple *coord, const tla_tuple *shape, const tla_tuple *stride,
                                  tla_error *err) {
    tla__where w = {0, {0}};
    tla__acc acc = {0, 0};
    if (!tla_tuple_congruent(shape, stride))
        return tla__fail(err, -1, "crd2offset: shape and stride are not congruent");
    if (tla__crd2off(coord, shape, stride, &acc, err, &w) != 0) return -1;
    if (tla__acc_get(&acc, out) != 0) return tla__fail(err, -1, "crd2offset: the offset overflows int64");
    return 0;
}

/* The fast path of crd2offset: a non-negative integer x split over leaves [lo, hi) (first
 * fastest, the last takes the rest), added to *sum.  -1 when the general path must decide (a
 * shape <= 0, a term past int64). */
TLA_FUNC int tla__crd_leaves(int64_t x, const tla_tuple *s, const tla_tuple *d, int lo, int hi, tla__acc *sum) {
    int j;
    for (j = lo; j < hi; j++) {
        int64_t sj = s->val[j], part;
        int64_t c = j + 1 < hi ? x % (sj > 0 ? sj : 1) : x;
        if (j + 1 < hi && sj <= 0) return -1;
        if (tla__mul64(c, d->val[j], &part) != 0) return -1;
        tla__acc_add(sum, part);
        if (j + 1 < hi) x /= sj;
    }
    return 0;
}

/* One non-negative coordinate per top-level mode of s, x[0..r), straight over the leaves (no
 * tuples, no copies); 0 and *out, or -1 when it does not apply or overflows (the general path
 * then explains). */
TLA_FUNC int tla__crd_modes(const int64_t *x, int r, const tla_tuple *s, const tla_tuple *d, int64_t *out) {
    tla__acc sum = {0, 0};
    int i, k = 0, depth = 0, start = 0, leaf = 0;
    if (tla_tuple_is_int(s)) return -1;
    for (i = 1; i < s->ntok - 1; i++) { /* the top-level modes of s, by tokens */
        int t = s->tok[i];
        if (t == TLA_TOK_OPEN && depth++ == 0) start = leaf;
        if (t == TLA_TOK_CLOSE) depth--;
        if (t == TLA_TOK_LEAF) {
            if (depth == 0) start = leaf;
            leaf++;
        }
        if (depth == 0 && t != TLA_TOK_OPEN) {
            if (k >= r || x[k] < 0 || tla__crd_leaves(x[k], s, d, start, leaf, &sum) != 0) return -1;
            k++;
        }
    }
    if (k != r) return -1;
    return tla__acc_get(&sum, out);
}

/* Integer and (row, col, ...) coordinates with non-negative values go straight over the
 * leaves (no copies); everything else takes the general path, which also explains errors. */
TLA_FUNC int tla__crd_fast(const tla_tuple *c, const tla_tuple *s, const tla_tuple *d, int64_t *out) {
    tla__acc sum = {0, 0};
    if (tla_tuple_is_int(c)) {
        if (c->val[0] < 0 || tla__crd_leaves(c->val[0], s, d, 0, s->nleaf, &sum) != 0) return -1;
        return tla__acc_get(&sum, out);
    }
    if (c->ntok != c->nleaf + 2) return -1; /* not (x0, x1, ...) */
    return tla__crd_modes(c->val, c->nleaf, s, d, out);
}

TLA_FUNC int tla_layout_crd2offset(int64_t *out, const tla_layout *L, const tla_tuple *coord, tla_error *err) {
    if (tla__crd_fast(coord, &L->shape, &L->stride, out) == 0) return 0;
    return tla_tuple_crd2offset(out, coord, &L->shape, &L->stride, err);
}

/* ---------------------------------------------------------------- offset range */

/* The smallest (want_max 0) or largest (1) offset of one mode's leaves s[0..n) : d[0..n) (first
 * fastest, the last leaf takes every index past the mode's size) over the indices [a, b], a >= 0:
 * a digit-by-digit search from the last leaf, keeping whether the digits so far equal a's / b's
 * (then the next digit is bounded by a's / b's); a digit's best choice is an end of its range
 * or next to a / b.  0 and *out, or -1 on int64 overflow. */
TLA_FUNC int tla__mode_extreme(const int64_t *s, const int64_t *d, int n, int64_t a, int64_t b, int want_max,
                               int64_t *out) {
    int64_t da[TLA_MAX_LEAVES], db[TLA_MAX_LEAVES], best[4] = {0, 0, 0, 0}, next[4] = {0, 0, 0, 0}, x, v, cand[4];
    int j, st, k, ok[4] = {1, 1, 1, 1}, nok[4];
    for (j = 0; j < n; j++) { /* the digits of a and b */
        if (j + 1 < n && s[j] <= 0) return -1;
        da[j] = j + 1 < n ? a % s[j] : a, db[j] = j + 1 < n ? b % s[j] : b;
        if (j + 1 < n) a /= s[j], b /= s[j];
    }
    for (j = 0; j < n; j++) { /* best[st]: the best sum of digits 0..j-1, st = 2*(tight on a) + (tight on b) */
        for (st = 0; st < 4; st++) {
            int64_t lo = st & 2 ? da[j] : 0, hi = st & 1 ? db[j] : j + 1 < n ? s[j] - 1 : INT64_MAX;
            nok[st] = 0;
            if (j + 1 == n && st != 3) continue; /* the last leaf is unbounded: only reached tight on both */
            cand[0] = lo, cand[1] = lo + (lo < hi), cand[2] = hi - (hi > lo), cand[3] = hi;
            for (k = 0; k < 4 && lo <= hi; k++) {
                int nst = ((st & 2) && cand[k] == da[j] ? 2 : 0) | ((st & 1) && cand[k] == db[j] ? 1 : 0);
                x = cand[k];
                if (!ok[nst] || tla__mul64(x, d[j], &v) != 0 || tla__add64(v, best[nst], &v) != 0) {
                    if (ok[nst]) return -1;
                    continue;
                }
                if (!nok[st] || (want_max ? v > next[st] : v < next[st])) next[st] = v, nok[st] = 1;
            }
        }
        for (st = 0; st < 4; st++) best[st] = next[st], ok[st] = nok[st];
    }
    if (!ok[3]) return -1;
    *out = best[3];
    return 0;
}

TLA_API int tla_layout_offset_range(int64_t *min, int64_t *max, const tla_layout *L, const int64_t *lo,
                                    const int64_t *ext, tla_error *err)
#if TLA__BODIES
{
    int r = tla_tuple_is_int(&L->shape) ? 1 : tla_layout_rank(L), m, i, depth = 0, leaf = 0, start = 0;
    int64_t sum[2] = {0, 0}, v, b;
    for (m = 0; m < r; m++)
        if (lo[m] < 0 || ext[m] < 1 || tla__add64(lo[m], ext[m] - 1, &b) != 0)
            return tla__fail(err, -1, "offset_range: mode %d: the index range starts at %lld, extent %lld", m,
                             (long long)lo[m], (long long)ext[m]);
    for (m = 0, i = r == 1 && tla_tuple_is_int(&L->shape) ? 0 : 1; m < r; i++) { /* each top-level mode's leaves */
        int t = L->shape.tok[i], k;
        if (t == TLA_TOK_OPEN && depth++ == 0) start = leaf;
        if (t == TLA_TOK_CLOSE) depth--;
        if (t == TLA_TOK_LEAF && depth == 0) start = leaf;
        leaf += t == TLA_TOK_LEAF;
        if (depth != 0 || t == TLA_TOK_OPEN) continue;
        for (k = 0; k < 2; k++)
            if (tla__mode_extreme(L->shape.val + start, L->stride.val + start, leaf - start, lo[m], lo[m] + ext[m] - 1,
                                  k, &v)
                    != 0
                || tla__add64(sum[k], v, &sum[k]) != 0)
                return tla__fail(err, -1, "offset_range: an offset overflows int64 (or a mode has size 0)");
        m++;
    }
    *min = sum[0];
    *max = sum[1];
    return 0;
}
#endif
TLA__DECL

#endif
