/* tla/sparse/ixmap.h - an MLIR sparse encoding's dimension-to-level map as an XLA indexing map
 * (spec 4), so the two speak one language: evaluate it, compose it with an HLO op's map,
 * simplify it, print it.
 *
 *   tla_sparse_dim2lvl_map(&enc, dims, &ctx, &map, err)   (d0, ..., dn) -> (level expressions),
 *                                                          domain: di in [0, dims[i] - 1]
 *
 * The level expressions are the encoding's (`i floordiv 2` becomes `d0 floordiv 2`).  Errors: an
 * encoding with symbols (ELL: their range is unknown), a negative or zero size, a map the
 * indexing-map parser refuses.  The map's expressions live in ctx (the caller's, see ixmap/map.h).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_sparse_encoding enc;  tla_ix_ctx c;  tla_ix_map m;  tla_error e;
 *   int64_t dims[2] = {4, 6}, at[2] = {3, 5}, lvl[4];
 *   tla_ix_ctx_init(&c);
 *   if (tla_sparse_parse("#sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed,"
 *                        " i mod 2 : dense, j mod 2 : dense) }>", &enc, &e)) return 1;
 *   if (tla_sparse_dim2lvl_map(&enc, dims, &c, &m, &e) != 0) return 1;
 *   if (tla_ix_map_eval(&c, &m, at, NULL, lvl) != 0 || lvl[0] != 1 || lvl[1] != 2 || lvl[2] != 1 || lvl[3] != 1) return 1;
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_SPARSE_IXMAP_H
#define TLA_SPARSE_IXMAP_H

#include "tla/sparse/storage.h"
#include "tla/ixmap/parse.h"

TLA_API int tla_sparse_dim2lvl_map(const tla_sparse_encoding *enc, const int64_t *dims, tla_ix_ctx *c, tla_ix_map *out,
                                   tla_error *err)
#if TLA__BODIES
{
    char text[4096];
    tla__sbuf s;
    int d, l;
    if (enc->sym_rank > 0)
        return tla__fail(err, -1, "dim2lvl_map: the encoding has symbols, whose range an indexing map needs");
    for (d = 0; d < enc->dim_rank; d++)
        if (dims[d] <= 0) return tla__fail(err, -1, "dim2lvl_map: dimension %d has size %lld", d, (long long)dims[d]);
    s.b = text, s.n = sizeof text, s.len = 0;
    tla__sb(&s, "(");
    for (d = 0; d < enc->dim_rank; d++) tla__sb(&s, "%sd%d", d ? ", " : "", d);
    tla__sb(&s, ") -> (");
    for (l = 0; l < enc->lvl_rank; l++) {
        if (l) tla__sb(&s, ", ");
        tla__aff_print(&s, enc, enc->lvl_expr[l], 0);
    }
    tla__sb(&s, "), domain: ");
    for (d = 0; d < enc->dim_rank; d++) tla__sb(&s, "%sd%d in [0, %lld]", d ? ", " : "", d, (long long)(dims[d] - 1));
    if (s.len >= s.n) return tla__fail(err, -1, "dim2lvl_map: the map is longer than %d characters", (int)sizeof text);
    return tla_ix_map_parse(c, text, out, err);
}
#endif
TLA__DECL

#endif
