/* tla/ixmap/layout.h - a TLA layout as an indexing map: coordinate-to-offset (one dimension per
 * top-level mode, its domain the mode's size, or its originShape extent for padded and
 * XLA-tiled layouts) and offset-to-coordinate (one dimension: the offset in [0, cosize - 1]).
 *
 * A nested mode's coordinate is its 1-D index (the first leaf fastest, as in CuTe), so
 * ((4,2),8):((1,32),4) gives (d0, d1) -> ((d0 mod 4) + (d0 floordiv 4) * 32 + d1 * 4) before
 * simplification.  Both maps are simplified over their domains.  The inverse needs an
 * injective layout (no stride-0 or overlapping modes): each leaf's coordinate is the offset
 * taken mod every larger stride (largest first), floordiv its own stride; offsets the layout never produces (gaps of a
 * padded layout) are not excluded from its domain.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_ix_ctx c;  tla_ix_map m;  tla_layout L;  tla_error e;  tla_ix_buf out = {0};
 *   tla_ix_ctx_init(&c);
 *   if (tla_layout_parse(&L, "(4,8):(8,1)", &e) != 0 || tla_ix_from_layout_inverse(&m, &c, &L, &e) != 0) return 1;
 *   tla_ix_map_print_ex(&c, &m, 1, &out);
 *   if (strcmp(out.s, "(d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]") != 0) return 1;
 *   tla_ix_buf_free(&out);
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_IXLAYOUT_H
#define TLA_IXLAYOUT_H

#include "tla/ixmap/simplify.h"
#include "tla/rt/layout.h"

/* Coordinate-to-offset: (d0, ..., d_{r-1}) -> (offset), one dimension per top-level mode. */
TLA_API int tla_ix_from_layout(tla_ix_map *out, tla_ix_ctx *c, const tla_layout *L, tla_error *err);

/* Offset-to-coordinate of an injective layout: (d0) -> (coordinate of each top-level mode). */
TLA_API int tla_ix_from_layout_inverse(tla_ix_map *out, tla_ix_ctx *c, const tla_layout *L, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* The leaves of a layout grouped by top-level mode: mode[k] for leaf k. */
TLA_FUNC int tla__ix_layout_modes(const tla_layout *L, int *mode, int *nmodes) {
    const tla_tuple *s = &L->shape;
    int i, depth = 0, leaf = 0, m = -1;
    if (s->ntok == 1) { /* an integer: one mode */
        mode[0] = 0;
        *nmodes = 1;
        return 0;
    }
    for (i = 0; i < s->ntok; i++) {
        if (s->tok[i] == TLA_TOK_OPEN) {
            depth++;
            if (depth == 2) m++;
        } else if (s->tok[i] == TLA_TOK_CLOSE)
            depth--;
        else {
            if (depth == 1) m++;
            mode[leaf++] = m;
        }
    }
    *nmodes = m + 1;
    return leaf == s->nleaf ? 0 : -1;
}

TLA_API int tla_ix_from_layout(tla_ix_map *out, tla_ix_ctx *c, const tla_layout *L, tla_error *err)
#if TLA__BODIES
{
    int mode[TLA_MAX_LEAVES], nm, i, k, off;
    int64_t size[TLA_MAX_LEAVES], prefix[TLA_MAX_LEAVES];
    tla_ix_map m;
    if (tla__ix_layout_modes(L, mode, &nm) != 0 || nm > TLA_IX_MAX_VARS)
        return tla__fail(err, -1, "layout too large for an indexing map");
    for (i = 0; i < nm; i++) size[i] = 1, prefix[i] = 1;
    for (k = 0; k < L->shape.nleaf; k++) {
        if (L->shape.val[k] < 0) return tla__fail(err, -1, "negative shape");
        if (tla__mul64(size[mode[k]], L->shape.val[k], &size[mode[k]]) != 0)
            return tla__fail(err, -1, "layout size overflows int64");
    }
    if (tla_ix_map_sizes(c, &m, nm, size, 0, NULL, 1) != 0)
        return tla__fail(err, -1, "layout too large for an indexing map");
    if (L->has_origin)
        for (i = 0; i < nm && i < TLA_MAX_RANK; i++)
            if (L->origin[i] < size[i]) m.dim[i].hi = L->origin[i] - 1;
    tla_ix_map_verify(c, &m);
    off = tla_ix_const(c, 0);
    for (k = 0; k < L->shape.nleaf; k++) {
        int i0 = mode[k], last = 1, j, x = tla_ix_dim(c, i0);
        for (j = k + 1; j < L->shape.nleaf; j++)
            if (mode[j] == i0) last = 0;
        x = tla_ix_fdivc(c, x, prefix[i0]);
        if (!last) x = tla_ix_modc(c, x, L->shape.val[k]);
        off = tla_ix_add(c, off, tla_ix_mulc(c, x, L->stride.val[k]));
        prefix[i0] *= L->shape.val[k] ? L->shape.val[k] : 1;
    }
    if (!m.empty) m.res[0] = off;
    tla_ix_simplify(c, &m, 0);
    *out = m;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_ix_from_layout_inverse(tla_ix_map *out, tla_ix_ctx *c, const tla_layout *L, tla_error *err)
#if TLA__BODIES
{
    int mode[TLA_MAX_LEAVES], nm, i, k, j, ord[TLA_MAX_LEAVES], n = L->shape.nleaf;
    int64_t prefix[TLA_MAX_LEAVES], cosize = 1, need = 1;
    tla_ix_map m;
    if (tla__ix_layout_modes(L, mode, &nm) != 0 || nm > TLA_IX_MAX_RES)
        return tla__fail(err, -1, "layout too large for an indexing map");
    for (k = 0; k < n; k++) ord[k] = k;
    for (k = 1; k < n; k++) /* leaves by stride */
        for (j = k; j > 0 && L->stride.val[ord[j]] < L->stride.val[ord[j - 1]]; j--)
            i = ord[j], ord[j] = ord[j - 1], ord[j - 1] = i;
    for (k = 0; k < n; k++) {
        int64_t s = L->shape.val[ord[k]], d = L->stride.val[ord[k]], end;
        if (s == 1) continue;
        if (s <= 0 || d <= 0 || d < need)
            return tla__fail(err, -1, "the layout is not injective (stride-0 or overlapping modes): no inverse");
        if (tla__mul64(s - 1, d, &end) != 0 || tla__add64(end, need, &need) != 0)
            return tla__fail(err, -1, "layout cosize overflows int64");
        cosize = need;
    }
    if (tla_ix_map_sizes(c, &m, 1, &cosize, 0, NULL, nm) != 0)
        return tla__fail(err, -1, "layout too large for an indexing map");
    for (i = 0; i < nm; i++) prefix[i] = 1, m.res[i] = tla_ix_const(c, 0);
    for (k = 0; k < n; k++) {
        int64_t s = L->shape.val[k];
        if (s
            > 1) { /* the digit of this leaf: the offset mod each larger stride (largest first), floordiv its stride */
            int x = tla_ix_dim(c, 0), pos;
            for (pos = 0; ord[pos] != k; pos++) {
            }
            for (j = n - 1; j > pos; j--)
                if (L->shape.val[ord[j]] > 1) x = tla_ix_modc(c, x, L->stride.val[ord[j]]);
            x = tla_ix_fdivc(c, x, L->stride.val[k]);
            m.res[mode[k]] = tla_ix_add(c, m.res[mode[k]], tla_ix_mulc(c, x, prefix[mode[k]]));
        }
        prefix[mode[k]] *= s;
    }
    tla_ix_simplify(c, &m, 0);
    *out = m;
    return 0;
}
#endif
TLA__DECL

#endif
