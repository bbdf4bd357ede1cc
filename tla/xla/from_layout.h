/* tla/xla/from_layout.h - TLA layouts to XLA shapes: tla_xla_from_layout finds the XLA layout
 * (minor_to_major, tiles) whose linear index is a TLA layout's crd2offset, when one exists.
 * The shape type, parser and printer are in tla/xla/shape.h, the tiled index in
 * tla/xla/tiling.h.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_xla_shape s;  tla_layout L;  tla_error err;  char buf[64];
 *   if (tla_layout_parse(&L, "(3,5):(1,3)", &err) != 0) return 1;
 *   if (tla_xla_from_layout(&s, &L, TLA_XLA_F32, &err) != 0) return 1;
 *   tla_xla_snprint(buf, sizeof buf, &s);
 *   if (strcmp(buf, "f32[3,5]{0,1}") != 0) return 1;     // column-major: dimension 0 is minor
 */
#ifndef TLA_XLA_FROM_LAYOUT_H
#define TLA_XLA_FROM_LAYOUT_H

#include "tla/xla/tiling.h"

/* ---------------------------------------------------------------- TLA to XLA */

/* The XLA layout of L (one mode per dimension; each an integer, or a (tile, grid) pair),
 * when it has one: minor_to_major from the grid strides, the tile from the in-tile
 * extents (a single-leaf mode may be untiled or one whole tile), each candidate verified
 * by converting it back.  Repeated tiles: two levels, the second over the first's
 * in-tile dimensions (like TPU's T(8,128)(2,1)). */
TLA_API int tla_xla_from_layout(tla_xla_shape *out, const tla_layout *L, tla_xla_type type, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- TLA to XLA */

/* Mode m of L as digits (leaves, first fastest), read on 0..D-1: digits past D dropped, the
 * last one unbounded, radix-1 digits dropped, contiguous neighbours coalesced. */
TLA_FUNC int tla__xla_canon(const tla_layout *L, int m, int64_t D, tla__xdig *d) {
    tla_layout mode;
    int64_t P = 1;
    int i;
    memset(&mode, 0, sizeof mode);
    if (tla__mode(L, m, &mode) != 0) return -1;
    d->n = 0;
    for (i = 0; i < mode.shape.nleaf && P < D; i++) {
        int64_t r = mode.shape.val[i];
        if (r <= 0) return -1;
        d->r[d->n] = D / P + (D % P != 0), d->s[d->n] = mode.stride.val[i];
        if (r < d->r[d->n]) d->r[d->n] = r;
        d->n++;
        if (tla__mul64(P, r, &P) != 0) P = D;
    }
    if (!d->n) d->n = 1, d->r[0] = 1, d->s[0] = 0;
    tla__xla_coalesce(d);
    return 0;
}

/* f(c) of a digit list. */
TLA_FUNC uint64_t tla__xla_digit_eval(const tla__xdig *d, int64_t c) {
    uint64_t off = 0; /* wraps instead of overflowing: only compared */
    int i;
    for (i = 0; i < d->n; i++) {
        int64_t q = i + 1 < d->n ? c % d->r[i] : c;
        off += (uint64_t)q * (uint64_t)d->s[i], c /= d->r[i] ? d->r[i] : 1;
    }
    return off;
}

/* Does the XLA shape x describe the same function as L on L's originShape?  Per mode: the
 * same canonical digits, or (small modes only) the same offset at every coordinate. */
TLA_FUNC int tla__xla_same(const tla_xla_shape *x, const tla_layout *L) {
    tla_layout back;
    int r = tla_layout_rank(L), m, i;
    if (tla_layout_from_xla(&back, NULL, x, NULL) != 0 || tla_layout_rank(&back) != r) return 0;
    if (tla_layout_equal(&back, L)) return 1;
    for (m = 0; m < r; m++) {
        int64_t D = tla_layout_origin(L, m), c;
        tla__xdig a, b;
        if (D != tla_layout_origin(&back, m) || tla__xla_canon(L, m, D, &a) != 0
            || tla__xla_canon(&back, m, D, &b) != 0)
            return 0;
        if (a.n == b.n) {
            for (i = 0; i < a.n && a.r[i] == b.r[i] && a.s[i] == b.s[i]; i++) {
            }
            if (i == a.n) continue;
        }
        if (D > 4096) return 0;
        for (c = 0; c < D; c++)
            if (tla__xla_digit_eval(&a, c) != tla__xla_digit_eval(&b, c)) return 0;
    }
    return 1;
}

TLA_API int tla_xla_from_layout(tla_xla_shape *out, const tla_layout *L, tla_xla_type type, tla_error *err)
#if TLA__BODIES
{
    tla_xla_shape x;
    int r = tla_layout_rank(L), m, i, j, order[TLA_XLA_MAX_RANK], single[TLA_XLA_MAX_RANK], ns = 0, mask;
    int64_t key[TLA_XLA_MAX_RANK], tile[TLA_XLA_MAX_RANK], ext[TLA_XLA_MAX_RANK], sub[TLA_XLA_MAX_RANK];
    int repeated = 0;
    if (r > TLA_XLA_MAX_RANK) return tla__fail(err, -1, "to_xla: rank %d is more than XLA shapes here hold", r);
    memset(&x, 0, sizeof x);
    x.type = type, x.rank = r, x.has_layout = 1, x.dynamic_prefix = -1;
    for (m = 0; m < r; m++) {
        tla_layout mode;
        memset(&mode, 0, sizeof mode);
        if (tla__mode(L, m, &mode) != 0) return tla__fail(err, -1, "to_xla: no mode %d", m);
        x.dims[m] = tla_layout_origin(L, m);
        sub[m] = 1, ext[m] = 0;
        if (mode.shape.nleaf == 1)
            key[m] = mode.stride.val[0], tile[m] = 1, ext[m] = mode.shape.val[0], single[ns++] = m;
        else if (mode.shape.nleaf == 2 && tla_tuple_depth(&mode.shape) == 1)
            key[m] = mode.stride.val[1], tile[m] = mode.shape.val[0];
        else if (mode.shape.nleaf == 3 && tla_tuple_depth(&mode.shape) == 1
                 && tla__mul64(mode.shape.val[0], mode.shape.val[1], &tile[m]) == 0) /* (sub-tile, rest, grid) */
            key[m] = mode.stride.val[2], sub[m] = mode.shape.val[0], repeated = 1;
        else
            return tla__fail(err, -1,
                             "to_xla: mode %d is not an integer, a (tile, grid) pair or a (sub-tile, tile, "
                             "grid) triple: not representable",
                             m);
    }
    for (m = 0; m < r; m++) order[m] = m;
    for (i = 1; i < r; i++) /* most minor first: ascending grid stride (ties: the higher dimension) */
        for (j = i;
             j > 0
             && (key[order[j]] < key[order[j - 1]] || (key[order[j]] == key[order[j - 1]] && order[j] > order[j - 1]));
             j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (m = 0; m < r; m++) x.minor_to_major[m] = order[m];
    /* a two-leaf mode may also be one whole sub-tile of a repeated tiling: more choices */
    for (m = 0; m < r; m++)
        if (ext[m] == 0 && sub[m] == 1 && ns < TLA_XLA_MAX_RANK && tile[m] > 1) single[ns++] = m + TLA_XLA_MAX_RANK;
    for (mask = 0; mask < (1 << ns); mask++) {
        int64_t tv[TLA_XLA_MAX_RANK], sv[TLA_XLA_MAX_RANK];
        int any = 0, lead = 0, k;
        for (m = 0; m < r; m++) tv[m] = tile[m], sv[m] = sub[m];
        for (k = 0; k < ns; k++) {
            if (!(mask >> k & 1)) continue;
            if (single[k] < TLA_XLA_MAX_RANK)
                tv[single[k]] = ext[single[k]];
            else
                sv[single[k] - TLA_XLA_MAX_RANK] = tv[single[k] - TLA_XLA_MAX_RANK];
        }
        x.ntiles = 0;
        for (m = 0; m < r; m++) any = any || tv[m] != 1;
        if (any) {
            /* the tile in physical order (major first), without leading 1s */
            while (lead < r && tv[x.minor_to_major[r - 1 - lead]] == 1) lead++;
            x.ntiles = 1, x.tile_rank[0] = r - lead;
            for (m = lead; m < r; m++) x.tiles[0][m - lead] = tv[x.minor_to_major[r - 1 - m]];
            for (m = 0, repeated = 0; m < r; m++) repeated = repeated || sv[m] != 1;
            if (repeated) { /* the second tile: over the first tile's in-tile dimensions */
                x.ntiles = 2, x.tile_rank[1] = r - lead;
                for (m = lead; m < r; m++) x.tiles[1][m - lead] = sv[x.minor_to_major[r - 1 - m]];
            }
        }
        if (tla__xla_same(&x, L)) {
            *out = x;
            return 0;
        }
        if (!any && ns == 0) break;
    }
    return tla__fail(err, -1, "to_xla: the layout is not representable as an XLA layout");
}
#endif
TLA__DECL

#endif
