/* tla/xla/tiling.h - XLA's tiled linear index: evaluated directly from the definition, and
 * converted to a TLA layout with an originShape where one expresses it exactly.
 * Includes tla/xla/shape.h (the shape type, parser and printer are there).
 *
 * The definition (XLA's tiled layout, xla/layout.h's Tile, as the XLA documentation's "Tiled
 * layout" page states it): order the dimensions physically (major first); for each
 * tile in turn, a tile (t_n..t_1) applies to the n most minor working dimensions (a tile
 * longer than the working shape first adds leading dimensions of extent 1); a `*` entry
 * merges its dimension into the next more minor one (extent d_i * d_i-1, coordinate
 * e_i * d_i-1 + e_i-1); a -1 entry keeps the dimension whole (the tile's extent there is the
 * dimension's); every other entry t splits (d, e) into a grid dimension (ceil(d/t), e/t) and
 * an in-tile dimension (t, e mod t); the grids come first, then the in-tile dimensions,
 * each in order.  The linear index is the row-major index in the final working shape, whose
 * element count (rounded up to L(n)) is the padded size.
 *
 *   tla_xla_linear_index   the definition, directly: exact for every valid shape
 *   tla_xla_linear_indices the same for a run of elements in row-major order (one plan)
 *   tla_xla_multi_index    its inverse (the steps backwards; padding is an error)
 *   tla_xla_padded_size    the padded element count, or an error (overflow, invalid shape)
 *   tla_layout_from_xla      the TLA layout, or an error saying no TLA layout expresses it
 *
 * Conversion: each working dimension is a digit floor(x / t) or x mod t of its parent,
 * down from one logical dimension; a logical dimension's offset is then the sum of its
 * leaves' digits times their row-major strides, which is a TLA mode (a mixed-radix
 * shape:stride) exactly when every split's in-tile part closes at a multiple of its digit
 * boundaries.  `*` merges two untouched dimensions into one variable; when every merged
 * variable's mode splits back at the minor part's extent the layout is per logical
 * dimension, otherwise it is over the merged dimensions (info.merged).  When the digits do
 * not split, a layout may still express the offsets (a tile cuts a digit whose values are
 * too few to reach the cut, a `*` over digits that split again): a search over the offsets
 * themselves decides it exactly for shapes of up to TLA__XLA_SEARCH elements per class of
 * interacting dimensions (tla__xla_search, below).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_xla_shape s;  tla_error err;  int64_t idx[2] = {1, 5}, lin = 0, n = 0;  tla_layout L;
 *   if (tla_xla_parse(&s, "bf16[6,7]{1,0:T(2,3)(2)}", &err) != 0) return 1;
 *   if (tla_xla_linear_index(&lin, &s, idx, &err) != 0 || lin != 14) return 1;
 *   if (tla_xla_padded_size(&n, &s, &err) != 0 || n != 72) return 1;
 *   if (tla_xla_parse(&s, "f32[2,8]{1,0:T(4)(3,3)}", &err) != 0) return 1;
 *   if (tla_layout_from_xla(&L, NULL, &s, &err) == 0) return 1;       // no TLA layout: offsets only
 */
#ifndef TLA_XLA_TILING_H
#define TLA_XLA_TILING_H

#include <stdlib.h>
#include "tla/xla/shape.h"

/* ---------------------------------------------------------------- the definition */

/* Storage in elements: tile padding and L(n) tail padding included.  0, or -1 with err. */
TLA_API int tla_xla_padded_size(int64_t *out, const tla_xla_shape *x, tla_error *err);

/* Storage in bytes (padding included; sub-byte types round up).  0, or -1 with err. */
TLA_API int tla_xla_bytes(int64_t *out, const tla_xla_shape *x, tla_error *err);

/* The same, -1 on any error (kept for older code; tla_xla_bytes says why). */
TLA_API int64_t tla_xla_byte_size(const tla_xla_shape *x);

/* Multi-index (one per logical dimension) to XLA's linear index, by the definition. */
TLA_API int tla_xla_linear_index(int64_t *out, const tla_xla_shape *x, const int64_t *index, tla_error *err);

/* The linear indices of elements first .. first+count-1, logical coordinates in row-major
 * order (what `tla xla --offsets` prints), into out[0..count).  0, or -1 with err. */
TLA_API int tla_xla_linear_indices(int64_t *out, const tla_xla_shape *x, int64_t first, int64_t count, tla_error *err);

/* XLA linear index back to the multi-index: the steps backwards; padding is an error. */
TLA_API int tla_xla_multi_index(int64_t *index, const tla_xla_shape *x, int64_t linear, tla_error *err);

/* ---------------------------------------------------------------- the search: by the offsets */
/* In tla_layout_from_xla's message when the tiling was too large to search: a layout may exist,
 * this version does not find it (the CLI exits 3 for it: not built, rather than bad input). */
#define TLA_XLA_UNDECIDED "the search by offsets takes"

/* XLA shape to TLA layout (see the top of tla/xla/shape.h).  info may be NULL.  When no TLA layout
 * expresses the tiling the error says so; tla_xla_linear_index still gives every offset. */
TLA_API int tla_layout_from_xla(tla_layout *out, tla_xla_info *info, const tla_xla_shape *x, tla_error *err);

/* ---------------------------------------------------------------- internals */

#define TLA__XW 48 /* working dimensions: the rank plus every tile's rank */

/* ---------------------------------------------------------------- the definition */

/* A valid shape for the tiling code: 0 or -1 with err (pos -1: the shape is a value). */
TLA_FUNC int tla__xla_check(const tla_xla_shape *x, tla_error *err) {
    int i, j, t;
    if (x->rank < 0 || x->rank > TLA_XLA_MAX_RANK || x->ntiles < 0 || x->ntiles > TLA_XLA_MAX_TILES)
        return tla__fail(err, -1, "xla: a shape of rank %d with %d tiles is out of range", x->rank, x->ntiles);
    for (i = 0; i < x->rank; i++) {
        if (x->dims[i] < 0) return tla__fail(err, -1, "xla: dimension %d is negative", i);
        if (x->minor_to_major[i] < 0 || x->minor_to_major[i] >= x->rank)
            return tla__fail(err, -1, "xla: minor_to_major is not a permutation");
        for (j = 0; j < i; j++)
            if (x->minor_to_major[j] == x->minor_to_major[i])
                return tla__fail(err, -1, "xla: minor_to_major is not a permutation");
    }
    for (t = 0; t < x->ntiles; t++) {
        int k = x->tile_rank[t];
        if (k < 1 || k > TLA_XLA_MAX_RANK) return tla__fail(err, -1, "xla: tile %d has rank %d", t, k);
        for (i = 0; i < k; i++) {
            int64_t v = x->tiles[t][i];
            if (v < 1 && v != TLA_XLA_COMBINED && v != TLA_XLA_KEEP)
                return tla__fail(err, -1, "xla: a tile dimension must be at least 1 (or * or -1)");
        }
        if (x->tiles[t][k - 1] == TLA_XLA_COMBINED)
            return tla__fail(err, -1, "xla: '*' on the most minor dimension of a tile (nothing to merge into)");
    }
    if (x->tail_padding < 0) return tla__fail(err, -1, "xla: L(n) is negative");
    return 0;
}

/* One tile on working dims (n, ext, crd): the next working dims.  crd/ocrd may be NULL. */
TLA_FUNC int tla__xla_step(int n, const int64_t *ext, const int64_t *crd, const int64_t *tile, int trank, int *on,
                           int64_t *oext, int64_t *ocrd, tla_error *err) {
    int64_t e[TLA__XW], c[TLA__XW], ge[TLA_XLA_MAX_RANK], gc[TLA_XLA_MAX_RANK], ie[TLA_XLA_MAX_RANK],
        ic[TLA_XLA_MAX_RANK], me = 1, mc = 0, total = 1;
    int i, k = 0, ng = 0, pre = trank > n ? trank - n : 0, first, merging = 0;
    if (n + pre + trank > TLA__XW) return tla__fail(err, -1, "xla: more than %d working dimensions", TLA__XW);
    for (i = 0; i < pre; i++) e[i] = 1, c[i] = 0;
    for (i = 0; i < n; i++) e[pre + i] = ext[i], c[pre + i] = crd ? crd[i] : 0;
    n += pre, first = n - trank;
    for (i = first; i < n; i++) {
        int64_t t = tile[i - first], E = e[i], C = c[i];
        if (merging) {
            if (tla__mul64(me, e[i], &E) != 0) return tla__fail(err, -1, "xla: the padded size overflows int64");
            C = mc * e[i] + c[i], merging = 0; /* < me * e[i] */
        }
        if (t == TLA_XLA_COMBINED) {
            me = E, mc = C, merging = 1;
            continue;
        }
        if (t == TLA_XLA_KEEP) t = E > 0 ? E : 1;
        ge[ng] = tla_ceil_div(E, t), gc[ng] = C / t, ie[ng] = t, ic[ng] = C % t, ng++;
    }
    for (i = 0; i < first; i++) oext[k] = e[i], ocrd ? ocrd[k] = c[i] : 0, k++;
    for (i = 0; i < ng; i++) oext[k] = ge[i], ocrd ? ocrd[k] = gc[i] : 0, k++;
    for (i = 0; i < ng; i++) oext[k] = ie[i], ocrd ? ocrd[k] = ic[i] : 0, k++;
    for (i = 0; i < k; i++)
        if (tla__mul64(total, oext[i], &total) != 0) return tla__fail(err, -1, "xla: the padded size overflows int64");
    *on = k;
    return 0;
}

/* The working extents before each tile and after the last (level ntiles). */
typedef struct tla__xplan {
    int n[TLA_XLA_MAX_TILES + 1];
    int64_t ext[TLA_XLA_MAX_TILES + 1][TLA__XW];
    int64_t padded; /* tail padding included */
} tla__xplan;

TLA_FUNC int tla__xla_plan(const tla_xla_shape *x, tla__xplan *p, tla_error *err) {
    int i, t;
    int64_t total = 1;
    if (tla__xla_check(x, err) != 0) return -1;
    p->n[0] = x->rank;
    for (i = 0; i < x->rank; i++) p->ext[0][i] = x->dims[x->minor_to_major[x->rank - 1 - i]];
    for (t = 0; t < x->ntiles; t++)
        if (tla__xla_step(p->n[t], p->ext[t], NULL, x->tiles[t], x->tile_rank[t], &p->n[t + 1], p->ext[t + 1], NULL,
                          err)
            != 0)
            return -1;
    for (i = 0; i < p->n[x->ntiles]; i++)
        if (tla__mul64(total, p->ext[x->ntiles][i], &total) != 0)
            return tla__fail(err, -1, "xla: the padded size overflows int64");
    if (x->tail_padding > 1 && total % x->tail_padding
        && tla__mul64(total / x->tail_padding + 1, x->tail_padding, &total) != 0)
        return tla__fail(err, -1, "xla: the padded size overflows int64");
    p->padded = total;
    return 0;
}

TLA_API int tla_xla_padded_size(int64_t *out, const tla_xla_shape *x, tla_error *err)
#if TLA__BODIES
{
    tla__xplan p;
    if (tla__xla_plan(x, &p, err) != 0) return -1;
    *out = p.padded;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_xla_bytes(int64_t *out, const tla_xla_shape *x, tla_error *err)
#if TLA__BODIES
{
    int64_t n = 0, bits = x->element_bits ? x->element_bits : tla_xla_type_bits(x->type), b = 0;
    if (tla_xla_padded_size(&n, x, err) != 0) return -1;
    if (bits < 0 || tla__mul64(n, bits, &b) != 0 || b > INT64_MAX - 7)
        return tla__fail(err, -1, "xla: the byte size overflows int64");
    *out = (b + 7) / 8;
    return 0;
}
#endif
TLA__DECL

TLA_API int64_t tla_xla_byte_size(const tla_xla_shape *x)
#if TLA__BODIES
{
    int64_t n = -1;
    return tla_xla_bytes(&n, x, NULL) == 0 ? n : -1;
}
#endif
TLA__DECL

/* Coordinates c (physical order) through tile t, on the plan's extents (checked there). */
TLA_FUNC void tla__xla_crd_step(const tla_xla_shape *x, const tla__xplan *p, int t, int64_t *c) {
    const int64_t *tile = x->tiles[t], *ext = p->ext[t];
    int64_t g[TLA_XLA_MAX_RANK], in[TLA_XLA_MAX_RANK], E = 1, C = 0;
    int k = x->tile_rank[t], n = p->n[t], pre = k > n ? k - n : 0, first, ng = 0, i;
    for (i = n - 1; i >= 0; i--) c[i + pre] = c[i];
    for (i = 0; i < pre; i++) c[i] = 0;
    first = n + pre - k;
    for (i = first; i < n + pre; i++) {
        int64_t tv = tile[i - first], e = i < pre ? 1 : ext[i - pre];
        C = C * e + c[i], E *= e; /* a merged extent: within the padded size */
        if (tv == TLA_XLA_COMBINED) continue;
        if (tv == TLA_XLA_KEEP) tv = E > 0 ? E : 1;
        g[ng] = C / tv, in[ng++] = C % tv, E = 1, C = 0;
    }
    for (i = 0; i < ng; i++) c[first + i] = g[i], c[first + ng + i] = in[i];
}

/* The linear index of c (physical order, inside the shape) on a plan. */
TLA_FUNC int64_t tla__xla_index(const tla_xla_shape *x, const tla__xplan *p, int64_t *c) {
    int64_t lin = 0;
    int t, i;
    for (t = 0; t < x->ntiles; t++) tla__xla_crd_step(x, p, t, c);
    for (i = 0; i < p->n[x->ntiles]; i++) lin = lin * p->ext[x->ntiles][i] + c[i]; /* < the padded size */
    return lin;
}

TLA_API int tla_xla_linear_index(int64_t *out, const tla_xla_shape *x, const int64_t *index, tla_error *err)
#if TLA__BODIES
{
    tla__xplan p;
    int64_t c[TLA__XW];
    int i;
    if (tla__xla_plan(x, &p, err) != 0) return -1;
    for (i = 0; i < x->rank; i++)
        if (index[i] < 0 || index[i] >= x->dims[i])
            return tla__fail(err, -1, "xla: index %lld is outside dimension %d (size %lld)", (long long)index[i], i,
                             (long long)x->dims[i]);
    for (i = 0; i < x->rank; i++) c[i] = index[x->minor_to_major[x->rank - 1 - i]];
    *out = tla__xla_index(x, &p, c);
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_xla_linear_indices(int64_t *out, const tla_xla_shape *x, int64_t first, int64_t count, tla_error *err)
#if TLA__BODIES
{
    tla__xplan p;
    int64_t idx[TLA_XLA_MAX_RANK], c[TLA__XW], total = 1, k;
    int i;
    if (tla__xla_plan(x, &p, err) != 0) return -1;
    for (i = 0; i < x->rank; i++)
        if (tla__mul64(total, x->dims[i], &total) != 0) return tla__fail(err, -1, "xla: the element count overflows");
    if (first < 0 || count < 0 || first > total || count > total - first)
        return tla__fail(err, -1, "xla: elements %lld..+%lld are outside 0..%lld", (long long)first, (long long)count,
                         (long long)total);
    if (count == 0) return 0;
    for (k = first, i = x->rank - 1; i >= 0; i--) idx[i] = k % x->dims[i], k /= x->dims[i];
    for (k = 0; k < count; k++) {
        for (i = 0; i < x->rank; i++) c[i] = idx[x->minor_to_major[x->rank - 1 - i]];
        out[k] = tla__xla_index(x, &p, c);
        for (i = x->rank - 1; i >= 0 && ++idx[i] == x->dims[i]; i--) idx[i] = 0;
    }
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_xla_multi_index(int64_t *index, const tla_xla_shape *x, int64_t linear, tla_error *err)
#if TLA__BODIES
{
    tla__xplan p;
    int64_t c[TLA__XW], o[TLA__XW], rem;
    int i, t, n;
    if (tla__xla_plan(x, &p, err) != 0) return -1;
    if (linear < 0 || linear >= p.padded)
        return tla__fail(err, -1, "xla: linear index %lld is outside 0..%lld", (long long)linear,
                         (long long)p.padded - 1);
    n = p.n[x->ntiles], rem = linear;
    for (i = n - 1; i >= 0; i--) {
        int64_t e = p.ext[x->ntiles][i];
        c[i] = e ? rem % e : 0, rem = e ? rem / e : rem;
    }
    if (rem != 0) return tla__fail(err, -1, "xla: linear index %lld is padding", (long long)linear);
    for (t = x->ntiles - 1; t >= 0; t--) {
        const int64_t *tile = x->tiles[t], *ext = p.ext[t];
        int k = x->tile_rank[t], n0 = p.n[t], pre = k > n0 ? k - n0 : 0, first = n0 + pre - k, ng = 0, g, j0;
        int64_t e[TLA__XW];
        for (i = 0; i < pre; i++) e[i] = 1;
        for (i = 0; i < n0; i++) e[pre + i] = ext[i];
        for (i = 0; i < k; i++) ng += tile[i] != TLA_XLA_COMBINED;
        for (i = 0; i < first; i++) o[i] = c[i];
        for (g = 0, j0 = first, i = first; i < first + k; i++) {
            int64_t E = 1, C, tv = tile[i - first];
            int j;
            if (tv == TLA_XLA_COMBINED) continue;
            for (j = j0; j <= i; j++) E *= e[j]; /* a merged extent: it was checked forward */
            if (tv == TLA_XLA_KEEP) tv = E > 0 ? E : 1;
            C = c[first + g] * tv + c[first + ng + g]; /* < the padded size */
            if (C >= E) return tla__fail(err, -1, "xla: linear index %lld is padding", (long long)linear);
            for (j = i; j >= j0; j--) o[j] = e[j] ? C % e[j] : 0, C = e[j] ? C / e[j] : C;
            g++, j0 = i + 1;
        }
        for (i = 0; i < pre; i++)
            if (o[i] != 0) return tla__fail(err, -1, "xla: linear index %lld is padding", (long long)linear);
        for (i = 0; i < n0; i++) c[i] = o[pre + i];
    }
    for (i = 0; i < x->rank; i++) index[x->minor_to_major[x->rank - 1 - i]] = c[i];
    return 0;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- conversion */

/* A node: a variable (a logical dimension, or two merged ones), or a digit of its parent
 * (grid: floor(p / t), else p mod t).  Every value in 0..R-1 occurs; E is the extent. */
typedef struct tla__xnode {
    int var, parent, kid[2]; /* var -1: the constant 0, -2: a merge (into * E + minor); kid: grid, in-tile */
    int into, major; /* merged by `*` into node `into` (as its major part when `major`), else -1 */
    int64_t t, E, R, stride; /* stride: row-major stride once a final working dimension */
} tla__xnode;
typedef struct tla__xconv {
    int nn, nv, fail;
    tla__xnode nd[TLA__XW * 4];
    int root[2 * TLA_XLA_MAX_RANK], major[2 * TLA_XLA_MAX_RANK], minor[2 * TLA_XLA_MAX_RANK];
    int64_t size[2 * TLA_XLA_MAX_RANK];
} tla__xconv;
typedef struct tla__xdig {
    int n;
    int64_t r[TLA__XW], s[TLA__XW];
} tla__xdig;

TLA_FUNC int tla__xla_node(tla__xconv *v, int var, int parent, int64_t E, int64_t R) {
    tla__xnode *d = &v->nd[v->nn];
    d->var = var, d->parent = parent, d->kid[0] = d->kid[1] = -1, d->into = -1, d->major = 0;
    d->t = 1, d->E = E, d->R = R, d->stride = 0;
    return v->nn++;
}

/* Coalesce (r1,s)(r2,s*r1) into (r1*r2,s) and drop radix-1 digits. */
TLA_FUNC void tla__xla_coalesce(tla__xdig *d) {
    int i, k = 0;
    for (i = 0; i < d->n; i++) {
        if (d->r[i] == 1 && d->n > 1) continue;
        if (k > 0 && d->r[k - 1] != 0 && d->s[i] / d->r[k - 1] == d->s[k - 1] && d->s[i] % d->r[k - 1] == 0
            && d->r[k - 1] <= INT64_MAX / (d->r[i] ? d->r[i] : 1))
            d->r[k - 1] *= d->r[i];
        else
            d->r[k] = d->r[i], d->s[k] = d->s[i], k++;
    }
    d->n = k ? k : 1;
    if (!k) d->r[0] = 1, d->s[0] = 0;
}

/* Split the digits of a merged variable (major * m + minor) at the minor part's size m. */
TLA_FUNC int tla__xla_unmerge(const tla__xdig *d, int64_t m, tla__xdig *lo, tla__xdig *hi) {
    int64_t P = 1, a;
    int i;
    lo->n = hi->n = 0;
    if (m <= 0) return -1;
    for (i = 0; i < d->n; i++) {
        int last = i + 1 == d->n;
        int64_t r = d->r[i];
        if (P >= m) { /* all major: the first such digit starts at m exactly */
            if (P % m) return -1;
            hi->r[hi->n] = r, hi->s[hi->n++] = d->s[i];
        } else if (r <= m / P && (last || m % (P * r) == 0)) { /* all minor */
            lo->r[lo->n] = r, lo->s[lo->n++] = d->s[i];
        } else { /* it crosses m: it splits there, or no layout */
            if (m % P) return -1;
            a = m / P;
            if (!last && r % a) return -1;
            lo->r[lo->n] = a, lo->s[lo->n] = d->s[i];
            if (tla__mul64(d->s[i], a, &hi->s[hi->n]) != 0) return -1;
            hi->r[hi->n++] = last ? tla_ceil_div(r, a) : r / a;
            lo->n++;
        }
        if (!last && tla__mul64(P, r, &P) != 0) return -1;
    }
    if (!lo->n) lo->n = 1, lo->r[0] = 1, lo->s[0] = 0;
    if (!hi->n) hi->n = 1, hi->r[0] = 1, hi->s[0] = 0;
    return 0;
}

/* The mode of a node on 0..R-1 (the last digit is unbounded there); v->fail when none. */
TLA_FUNC void tla__xla_rep(tla__xconv *v, int id, tla__xdig *out) {
    const tla__xnode *d = &v->nd[id];
    tla__xdig g;
    int64_t P = 1, t = d->t;
    int i;
    out->n = 0;
    if (d->into >= 0) { /* merged: its part of the merge's digits */
        tla__xdig c, lo;
        tla__xla_rep(v, d->into, &c);
        if (v->fail) return;
        if (tla__xla_unmerge(&c, d->t, &lo, out) != 0) { /* t: the minor part's extent */
            tla__xla_coalesce(&c);
            if (tla__xla_unmerge(&c, d->t, &lo, out) != 0) v->fail = 1;
        }
        if (!d->major) *out = lo;
        return;
    }
    if (d->kid[0] < 0) { /* a final working dimension */
        out->n = 1, out->r[0] = d->R, out->s[0] = d->stride;
        return;
    }
    tla__xla_rep(v, d->kid[1], out); /* in-tile, on 0..t-1: close it at t */
    if (!v->fail) tla__xla_rep(v, d->kid[0], &g); /* grid, on 0..ceil(R/t)-1 */
    if (v->fail) return;
    for (i = 0; i + 1 < out->n; i++) /* <= t when it closes */
        if (tla__mul64(P, out->r[i], &P) != 0) P = 0;
    if (P == 0 || t % P != 0) { /* contiguous digits may still close at t */
        tla__xla_coalesce(out);
        for (i = 0, P = 1; i + 1 < out->n; i++)
            if (tla__mul64(P, out->r[i], &P) != 0) P = 0;
    }
    if (P == 0 || t % P != 0 || out->n + g.n > TLA__XW) {
        v->fail = 1;
        return;
    }
    out->r[out->n - 1] = t / P; /* in-tile digits first, then the grid's */
    for (i = 0; i < g.n; i++) out->r[out->n] = g.r[i], out->s[out->n++] = g.s[i];
}

/* Apply one tile to the working nodes w[0..n).  v->fail: no TLA layout (a `*` over a split). */
TLA_FUNC int tla__xla_nstep(tla__xconv *v, int *w, int *n, const int64_t *tile, int trank, tla_error *err) {
    int out[TLA__XW], g[TLA_XLA_MAX_RANK], in[TLA_XLA_MAX_RANK], ng = 0, k = 0, i, pre = trank > *n ? trank - *n : 0,
                                                                 first, acc = -1;
    if (*n + pre + trank > TLA__XW) return tla__fail(err, -1, "xla: more than %d working dimensions", TLA__XW);
    for (i = *n - 1; i >= 0; i--) w[i + pre] = w[i];
    for (i = 0; i < pre; i++) w[i] = tla__xla_node(v, -1, -1, 1, 1);
    *n += pre, first = *n - trank;
    for (i = 0; i < first; i++) out[k++] = w[i];
    for (i = first; i < *n; i++) {
        int64_t t = tile[i - first];
        int id = w[i];
        tla__xnode *d;
        if (acc >= 0) { /* merge acc (major) into w[i] */
            tla__xnode *A = &v->nd[acc], *B = &v->nd[id];
            int64_t E = 0;
            if (tla__mul64(A->E, B->E, &E) != 0) return tla__fail(err, -1, "xla: the padded size overflows int64");
            if (A->var == -1)
                B->E = E;
            else if (B->var == -1 && B->E == 1)
                id = acc, A->E = E;
            else if (A->parent >= 0 && A->parent == B->parent && v->nd[A->parent].kid[0] == acc
                     && v->nd[A->parent].kid[1] == id && A->kid[0] < 0 && B->kid[0] < 0 && B->E == v->nd[A->parent].t)
                id = A->parent, v->nd[id].kid[0] = v->nd[id].kid[1] = -1, v->nd[id].E = E; /* grid * in-tile */
            else if (A->var >= 0 && B->var >= 0 && A->parent < 0 && B->parent < 0 && A->kid[0] < 0 && B->kid[0] < 0
                     && A->R == A->E && B->R == B->E && v->nv < 2 * TLA_XLA_MAX_RANK) {
                int V = v->nv++;
                v->major[V] = A->var, v->minor[V] = B->var, v->size[V] = E;
                id = v->root[V] = tla__xla_node(v, V, -1, E, E);
            } else { /* a merge of digits: its digits split back at B's extent, or no layout */
                int64_t R = A->R && B->R ? (A->R - 1) * B->E + B->R : 0;
                int C = tla__xla_node(v, -2, -1, E, R);
                v->nd[acc].into = v->nd[id].into = C, v->nd[acc].major = 1;
                v->nd[acc].t = v->nd[id].t = v->nd[id].E;
                id = C;
            }
            acc = -1;
        }
        if (t == TLA_XLA_COMBINED) {
            acc = id;
            continue;
        }
        d = &v->nd[id];
        if (t == TLA_XLA_KEEP) t = d->E > 0 ? d->E : 1;
        if (d->R <= t) { /* the grid is always 0 */
            g[ng] = tla__xla_node(v, -1, -1, tla_ceil_div(v->nd[id].E, t), 1), in[ng++] = id;
            v->nd[id].E = t;
        } else if (t == 1) {
            g[ng] = id, in[ng++] = tla__xla_node(v, -1, -1, 1, 1);
        } else {
            int a = tla__xla_node(v, d->var, id, tla_ceil_div(d->E, t), tla_ceil_div(d->R, t));
            int b = tla__xla_node(v, v->nd[id].var, id, t, t);
            v->nd[id].kid[0] = a, v->nd[id].kid[1] = b, v->nd[id].t = t;
            g[ng] = a, in[ng++] = b;
        }
    }
    for (i = 0; i < ng; i++) out[k++] = g[i];
    for (i = 0; i < ng; i++) out[k++] = in[i];
    for (i = 0; i < k; i++) w[i] = out[i];
    *n = k;
    return 0;
}

/* The digits of each logical dimension (or merged variable): 0, 1 (no TLA layout), -1. */
TLA_FUNC int tla__xla_digits(const tla_xla_shape *x, const tla__xplan *p, tla__xconv *v, tla__xdig *dig,
                             tla_error *err) {
    int w[TLA__XW], n = x->rank, i, t;
    int64_t s = 1;
    memset(v, 0, sizeof *v);
    v->nv = x->rank;
    for (i = 0; i < x->rank; i++) {
        int d = x->minor_to_major[x->rank - 1 - i];
        v->major[d] = v->minor[d] = -1, v->size[d] = x->dims[d];
        w[i] = v->root[d] = tla__xla_node(v, d, -1, x->dims[d], x->dims[d]);
    }
    for (t = 0; t < x->ntiles && !v->fail; t++)
        if (tla__xla_nstep(v, w, &n, x->tiles[t], x->tile_rank[t], err) != 0) return -1;
    if (v->fail) return 1;
    for (i = n - 1; i >= 0; i--) { /* their product is the padded size, which fits (the plan checked) */
        v->nd[w[i]].stride = s;
        /* so a partial product overflows only when a later extent is 0: no element uses the
         * strides from here on (u4[0]{0:T(2,797001,99999999998,62)}, found by fuzz_xla) */
        if (tla__mul64(s, p->ext[x->ntiles][i], &s) != 0) s = 0;
    }
    for (i = 0; i < v->nv; i++) tla__xla_rep(v, v->root[i], &dig[i]);
    return v->fail;
}

/* The variable's logical dimensions, most major first, each with its weight in it. */
TLA_FUNC void tla__xla_parts(const tla__xconv *v, int V, int64_t w, int *dims, int64_t *wt, int *n) {
    if (v->major[V] < 0) {
        dims[*n] = V, wt[(*n)++] = w;
        return;
    }
    tla__xla_parts(v, v->major[V], w * v->size[v->minor[V]], dims, wt, n);
    tla__xla_parts(v, v->minor[V], w, dims, wt, n);
}

/* Split every merged variable back into its logical dimensions: 0, or -1 when one does not. */
TLA_FUNC int tla__xla_split_back(tla__xconv *v, tla__xdig *dig, int V) {
    int a = v->major[V], b = v->minor[V];
    if (a < 0) return 0;
    if (v->size[V] == 0) { /* no elements: any strides */
        dig[a].n = dig[b].n = 1, dig[a].r[0] = v->size[a], dig[b].r[0] = v->size[b], dig[a].s[0] = dig[b].s[0] = 0;
    } else if (tla__xla_unmerge(&dig[V], v->size[b], &dig[b], &dig[a]) != 0) {
        tla__xla_coalesce(&dig[V]);
        if (tla__xla_unmerge(&dig[V], v->size[b], &dig[b], &dig[a]) != 0) return -1;
    }
    return tla__xla_split_back(v, dig, v->major[V]) || tla__xla_split_back(v, dig, v->minor[V]) ? -1 : 0;
}

TLA_FUNC int tla__xla_mode(const tla__xdig *d, tla_tuple *shp, tla_tuple *std) {
    if (d->n > TLA_MAX_RANK) return -1;
    if (d->n == 1)
        *shp = tla_tuple_leaf(d->r[0], 0), *std = tla_tuple_leaf(d->s[0], 0);
    else
        tla__flat_tuple(shp, d->n, d->r, 0), tla__flat_tuple(std, d->n, d->s, 0);
    return 0;
}

/* ---------------------------------------------------------------- the search: by the offsets */

/* When the digits above find no layout, a layout may still express the offsets (a tile that
 * cuts a digit whose range is small enough, a `*` over digits that re-split).  The search
 * decides it from the offsets themselves: the dimensions that share a final working
 * dimension form a class; over a class the offsets are tabulated (TLA__XLA_SEARCH elements
 * in all at most) and every grouping of its dimensions into merged variables is tried, per
 * dimension first.  A grouping expresses the offsets when they add up over its groups and,
 * along each group, x -> offset(x) is mixed radix: with radix-1 leaves dropped and
 * contiguous leaves coalesced that form is unique (s0 is the first x where the offset is not
 * x * offset(1)), so the greedy below finds it whenever one exists. */
/* The limits keep the search under a second (the CLI's rule for any input under 1 KB): 2^20
 * elements tabulate in about 0.1 s and 16 MB (f32[1048576]{0:T(3,1)(3,*,2,1)(1,-1)}: 0.11 s),
 * and the grouping tests stop after TLA__XLA_WORK element steps (about 0.05 s). */
#define TLA__XLA_SEARCH (1 << 20)
#define TLA__XLA_WORK (64 << 16)

/* x -> T[x * m] on 0..n-1 as mixed-radix digits (the last leaf covers the rest): 0, or -1. */
TLA_FUNC int tla__xla_radix(const int64_t *T, int64_t n, tla__xdig *d) {
    int64_t m = 1, cnt = n, s, k;
    d->n = 0;
    if (T[0] != 0) return -1;
    for (; cnt > 1; m *= s, cnt = tla_ceil_div(n, m)) {
        if (d->n == TLA__XW) return -1;
        for (s = 2; s < cnt && T[s * m] - T[(s - 1) * m] == T[m]; s++) {
        }
        d->r[d->n] = s, d->s[d->n++] = T[m];
        if (s == cnt) return 0;
        for (k = s; k < cnt; k++)
            if (T[k * m] - T[k / s * s * m] != T[k % s * m]) return -1;
    }
    if (!d->n) d->n = 1, d->r[0] = n, d->s[0] = 0;
    return 0;
}

/* The class of each dimension: the most major (physically) of the dimensions it shares final
 * working dimensions with, transitively; dimensions of extent 1 are alone. */
TLA_FUNC void tla__xla_classes(const tla_xla_shape *x, const tla__xplan *p, int *cls) {
    unsigned m[TLA__XW], g[TLA_XLA_MAX_RANK], in[TLA_XLA_MAX_RANK], acc;
    int t, i, d, pos[TLA_XLA_MAX_RANK];
    for (i = 0; i < x->rank; i++) d = x->minor_to_major[x->rank - 1 - i], m[i] = x->dims[d] > 1 ? 1u << d : 0;
    for (t = 0; t < x->ntiles; t++) {
        int k = x->tile_rank[t], n = p->n[t], pre = k > n ? k - n : 0, first = n + pre - k, ng = 0;
        for (i = n - 1; i >= 0; i--) m[i + pre] = m[i];
        for (i = 0; i < pre; i++) m[i] = 0;
        for (acc = 0, i = first; i < n + pre; i++)
            if (acc |= m[i], x->tiles[t][i - first] != TLA_XLA_COMBINED) g[ng] = in[ng] = acc, ng++, acc = 0;
        for (i = 0; i < ng; i++) m[first + i] = g[i], m[first + ng + i] = in[i];
        for (i = 0; i < p->n[t + 1]; i++) m[i] = p->ext[t + 1][i] > 1 ? m[i] : 0; /* always 0 there */
    }
    for (i = 0; i < x->rank; i++) cls[i] = i, pos[x->minor_to_major[x->rank - 1 - i]] = i;
    for (i = 0; i < p->n[x->ntiles]; i++) { /* join the classes of the dimensions in m[i] */
        unsigned hit = 0;
        int best = -1;
        for (d = 0; d < x->rank; d++) hit |= (m[i] >> d & 1u) << cls[d];
        for (d = 0; d < x->rank; d++)
            if (hit >> d & 1 && (best < 0 || pos[d] < pos[best])) best = d;
        for (d = 0; d < x->rank; d++)
            if (hit >> cls[d] & 1) cls[d] = best;
    }
}

/* One grouping of a class: its m dimensions (c: extents ext, table T in row-major order of
 * c), group grp[j] of each, order[] the dimensions group by group (major first).  Digits of
 * each group into d[0..ng), 0; 1 when it does not express T; *work counts the cost. */
TLA_FUNC int tla__xla_group(const int64_t *T, int64_t total, int m, const int64_t *ext, const int *grp, int ng,
                            const int *order, int64_t *tmp, tla__xdig *d, int64_t *work) {
    int64_t sub[TLA_XLA_MAX_RANK], k, x;
    int j, G;
    for (sub[m - 1] = 1, j = m - 2; j >= 0; j--) sub[j] = sub[j + 1] * ext[j + 1];
    *work += total;
    for (k = 0; ng > 1 && k < total; k++) { /* additive over the groups */
        int64_t rem = T[k], at[TLA_XLA_MAX_RANK] = {0};
        for (j = 0; j < m; j++) at[grp[j]] += k / sub[j] % ext[j] * sub[j];
        for (G = 0; G < ng && rem >= 0; G++) rem -= T[at[G]];
        if (rem != 0) return 1;
    }
    for (G = 0, j = 0; G < ng; G++) { /* each group mixed radix, its dimensions in order */
        int64_t n = 1, st[TLA_XLA_MAX_RANK];
        int a = j, b;
        while (j < m && grp[order[j]] == G) j++;
        for (b = j - 1; b >= a; b--) st[b] = n, n *= ext[order[b]];
        for (x = 0; x < n; x++) {
            int64_t at = 0;
            for (b = a; b < j; b++) at += x / st[b] % ext[order[b]] * sub[order[b]];
            tmp[x] = T[at];
        }
        if (tla__xla_radix(tmp, n, &d[G]) != 0) return 1;
    }
    return 0;
}

/* The search: 0 with the modes (md, sizes, in->var, in->scale, *ntop, *merged), 1 when no
 * layout expresses the offsets, 2 when it stopped at its limits (a class of more than
 * TLA__XLA_SEARCH elements or 5 dimensions), -1 on error. */
TLA_FUNC int tla__xla_search(const tla_xla_shape *x, const tla__xplan *p, tla__xdig *md, int64_t *sizes,
                             tla_xla_info *in, int *ntop, int *merged, tla_error *err) {
    static const int fact[6] = {1, 1, 2, 6, 24, 120};
    int cls[TLA_XLA_MAX_RANK], pos[TLA_XLA_MAX_RANK], key[TLA_XLA_MAX_RANK], r, i, j, n = 0, found = 1, past = 0;
    int64_t all = 0, most = 1, work = 0, *T;
    tla__xdig *d = md;
    tla__xla_classes(x, p, cls);
    for (i = 0; i < x->rank; i++) pos[x->minor_to_major[x->rank - 1 - i]] = i;
    for (r = 0; r < x->rank; r++) { /* every class within the limits */
        int64_t N = 1;
        for (i = 0; i < x->rank; i++)
            if (cls[i] == r && (N *= x->dims[i]) > TLA__XLA_SEARCH) return 2;
        if ((all += N) > TLA__XLA_SEARCH) return 2;
        most = N > most ? N : most;
    }
    if (!(T = (int64_t *)malloc(sizeof *T * 2 * (size_t)most))) return tla__fail(err, -1, "xla: out of memory");
    *merged = 0;
    for (r = 0; r < x->rank && found; r++) {
        int c[TLA_XLA_MAX_RANK], m = 0, nb, a[TLA_XLA_MAX_RANK], order[TLA_XLA_MAX_RANK], cnt[TLA_XLA_MAX_RANK];
        int64_t ext[TLA_XLA_MAX_RANK], N = 1, k, code, codes = 1, idx, orders;
        for (i = 0; i < x->rank; i++) { /* the class, in physical order */
            int dd = x->minor_to_major[x->rank - 1 - i];
            if (cls[dd] == r) c[m] = dd, ext[m] = x->dims[dd], N *= ext[m++];
        }
        if (m == 0) continue;
        for (k = 0; k < N; k++) { /* the offsets over the class, the other dimensions at 0 */
            int64_t crd[TLA__XW] = {0}, q = k;
            for (j = m - 1; j >= 0; j--) crd[pos[c[j]]] = q % ext[j], q /= ext[j];
            T[k] = tla__xla_index(x, p, crd);
        }
        found = 0, past = m > 5;
        for (j = 0; j < m; j++) codes *= m;
        for (nb = m; nb >= 1 && !found && m <= 5; nb--) /* per dimension first, then fewer groups */
            for (code = 0; code < codes && !found; code++) {
                int top = -1, ok = 1;
                for (k = code, j = 0; j < m; j++, k /= m) /* a set partition: a restricted growth string */
                    a[j] = (int)(k % m), ok = ok && a[j] <= top + 1, top = a[j] > top ? a[j] : top;
                if (!ok || top + 1 != nb) continue;
                for (j = 0; j < nb; j++) cnt[j] = 0;
                for (j = 0; j < m; j++) cnt[a[j]]++;
                for (orders = 1, j = 0; j < nb; j++) orders *= fact[cnt[j]];
                for (idx = 0; idx < orders && !found && work <= TLA__XLA_WORK; idx++) {
                    int G, at = 0;
                    for (k = idx, G = 0; G < nb; G++) { /* each group's order: a Lehmer code */
                        int pool[TLA_XLA_MAX_RANK], np = 0, q = (int)(k % fact[cnt[G]]), u;
                        for (k /= fact[cnt[G]], j = 0; j < m; j++)
                            if (a[j] == G) pool[np++] = j;
                        for (; np > 0; np--) {
                            int f = fact[np - 1], pick = q / f;
                            q %= f, order[at++] = pool[pick];
                            for (u = pick; u + 1 < np; u++) pool[u] = pool[u + 1];
                        }
                    }
                    found = !tla__xla_group(T, N, m, ext, a, nb, order, T + most, d + n, &work);
                    if (!found) continue;
                    for (at = 0, G = 0; G < nb; G++, n++) { /* the modes */
                        int64_t w = 1;
                        int b = at;
                        while (at < m && a[order[at]] == G) at++;
                        *merged |= at - b > 1, key[n] = pos[c[order[b]]], sizes[n] = 1;
                        for (j = at - 1; j >= b; j--)
                            in->var[c[order[j]]] = n, in->scale[c[order[j]]] = w, w *= ext[order[j]];
                        sizes[n] = w;
                    }
                }
            }
    }
    free(T);
    if (!found) return past || work > TLA__XLA_WORK ? 2 : 1;
    {
        tla__xdig tmp[TLA_XLA_MAX_RANK];
        int64_t sz[TLA_XLA_MAX_RANK];
        int rank[TLA_XLA_MAX_RANK]; /* the new place of mode i: its dimension, or physical order when merged */
        for (i = 0; i < n; i++) {
            for (rank[i] = 0, j = 0; j < n && *merged; j++) rank[i] += key[j] < key[i];
            tmp[i] = md[i], sz[i] = sizes[i];
        }
        for (i = 0; i < x->rank && !*merged; i++) rank[in->var[i]] = i;
        for (i = 0; i < n; i++) md[rank[i]] = tmp[i], sizes[rank[i]] = sz[i];
        for (i = 0; i < x->rank; i++) in->var[i] = rank[in->var[i]];
    }
    *ntop = n;
    return 0;
}

TLA_API int tla_layout_from_xla(tla_layout *out, tla_xla_info *info, const tla_xla_shape *x, tla_error *err)
#if TLA__BODIES
{
    tla__xplan p;
    tla__xconv v;
    tla__xdig dig[2 * TLA_XLA_MAX_RANK], md[2 * TLA_XLA_MAX_RANK];
    tla_tuple shp[TLA_MAX_RANK], std[TLA_MAX_RANK], origin;
    tla_layout L;
    tla_xla_info in;
    int64_t sizes[2 * TLA_XLA_MAX_RANK];
    int top[2 * TLA_XLA_MAX_RANK], key[2 * TLA_XLA_MAX_RANK], ntop = 0, merged = 0, i, j, rc, pos[TLA_XLA_MAX_RANK];
    if (tla__xla_plan(x, &p, err) != 0) return -1;
    if (x->rank == 0) return tla__fail(err, -1, "xla: a rank-0 shape has no modes");
    rc = tla__xla_digits(x, &p, &v, dig, err);
    if (rc < 0) return -1;
    for (i = 0; i < x->rank && x->dims[i] > 0; i++) {
    }
    if (i < x->rank) { /* no elements: every mode dims[d]:0 */
        v.nv = x->rank, rc = 0;
        for (i = 0; i < x->rank; i++) dig[i].n = 1, dig[i].r[0] = x->dims[i], dig[i].s[0] = 0, v.major[i] = -1;
    }
    memset(&in, 0, sizeof in);
    if (rc > 0) { /* the digits find none: search the offsets */
        rc = tla__xla_search(x, &p, md, sizes, &in, &ntop, &merged, err);
        if (rc < 0) return -1;
        if (rc == 2)
            return tla__fail(err, -1,
                             "xla: no TLA layout found for this tiling (its digits do not split, and it has more "
                             "elements than " TLA_XLA_UNDECIDED "); offsets only");
        if (rc > 0)
            return tla__fail(err, -1,
                             "xla: no TLA layout expresses this tiling (a tile cuts across digits); offsets only");
    } else {
        for (i = 0; i < x->rank; i++) pos[x->minor_to_major[x->rank - 1 - i]] = i; /* physical position */
        for (i = x->rank; i < v.nv; i++) {
            int used = 0;
            for (j = i + 1; j < v.nv; j++) used |= v.major[j] == i || v.minor[j] == i;
            if (!used && tla__xla_split_back(&v, dig, i) != 0) merged = 1;
        }
        for (i = 0; i < v.nv && merged; i++) { /* the variables nothing merged, in physical order */
            int used = 0, dd[TLA_XLA_MAX_RANK], nd = 0;
            int64_t wt[TLA_XLA_MAX_RANK];
            for (j = i + 1; j < v.nv; j++) used |= v.major[j] == i || v.minor[j] == i;
            if (used) continue;
            tla__xla_parts(&v, i, 1, dd, wt, &nd);
            for (j = ntop; j > 0 && key[j - 1] > pos[dd[0]]; j--) top[j] = top[j - 1], key[j] = key[j - 1];
            top[j] = i, key[j] = pos[dd[0]], ntop++;
        }
        if (!merged)
            for (i = 0; i < x->rank; i++) top[ntop++] = i;
        for (i = 0; i < ntop; i++) {
            int dd[TLA_XLA_MAX_RANK], nd = 0, k;
            int64_t wt[TLA_XLA_MAX_RANK];
            md[i] = dig[top[i]], sizes[i] = v.size[top[i]];
            tla__xla_parts(&v, top[i], 1, dd, wt, &nd);
            for (k = 0; k < nd; k++) in.var[dd[k]] = i, in.scale[dd[k]] = wt[k];
        }
    }
    for (i = 0; i < ntop; i++)
        if (tla__xla_mode(&md[i], &shp[i], &std[i]) != 0)
            return tla__fail(err, -1, "xla: the layout would need more than %d levels in a mode", TLA_MAX_RANK);
    memset(&L, 0, sizeof L);
    if (ntop == 1 && tla_tuple_is_int(&shp[0])) {
        L.shape = shp[0], L.stride = std[0];
        origin = tla_tuple_leaf(sizes[0], 0);
    } else {
        if (tla_tuple_join(&L.shape, ntop, shp, err) != 0 || tla_tuple_join(&L.stride, ntop, std, err) != 0) return -1;
        tla__flat_tuple(&origin, ntop, sizes, 0);
    }
    if (tla_layout_set_origin(&L, &origin, err) != 0) return -1;
    in.merged = merged, in.rank = ntop, in.padded_elements = p.padded;
    for (i = 0; i < ntop; i++) in.dims[i] = sizes[i];
    *out = L;
    if (info) *info = in;
    return 0;
}
#endif
TLA__DECL

#endif
