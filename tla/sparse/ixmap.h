/* tla/sparse/ixmap.h - an MLIR sparse encoding's dimension-to-level map as an XLA indexing map
 * (XLA's IndexingMap), so the two speak one language: evaluate it, compose it with an HLO op's map,
 * simplify it, print it.
 *
 *   tla_sparse_dim2lvl_map(&map, &ctx, &enc, dims, err)   (d0, ..., dn) -> (level expressions),
 *                                                          domain: di in [0, dims[i] - 1]
 *
 * The level expressions are the encoding's own (its nodes are the indexing maps' expressions,
 * tla/sparse/affine.h), copied into ctx (the caller's, see ixmap/map.h).  Errors: an encoding
 * with symbols (ELL: their range is unknown), a negative or zero size.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_sparse_encoding enc;  tla_ix_ctx c;  tla_ix_map m;  tla_error e;
 *   int64_t dims[2] = {4, 6}, at[2] = {3, 5}, lvl[4];
 *   tla_ix_ctx_init(&c);
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed,"
 *                        " i mod 2 : dense, j mod 2 : dense) }>", &e)) return 1;
 *   if (tla_sparse_dim2lvl_map(&m, &c, &enc, dims, &e) != 0) return 1;
 *   if (tla_ix_map_eval(&c, &m, at, NULL, lvl) != 0 || lvl[0] != 1 || lvl[1] != 2 || lvl[2] != 1 || lvl[3] != 1) return 1;
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_SPARSE_IXMAP_H
#define TLA_SPARSE_IXMAP_H

#include "tla/sparse/storage.h"
#include "tla/ixmap/map.h"

TLA_API int tla_sparse_dim2lvl_map(tla_ix_map *out, tla_ix_ctx *c, const tla_sparse_encoding *enc, const int64_t *dims,
                                   tla_error *err);

/* ---------------------------------------------------------------- internals */

TLA_API int tla_sparse_dim2lvl_map(tla_ix_map *out, tla_ix_ctx *c, const tla_sparse_encoding *enc, const int64_t *dims,
                                   tla_error *err)
#if TLA__BODIES
{
    tla_ix_ctx from = tla__sp_ctx(enc);
    tla_ix_map m;
    int d, l;
    if (enc->sym_rank > 0)
        return tla__fail(err, -1, "dim2lvl_map: the encoding has symbols, whose range an indexing map needs");
    for (d = 0; d < enc->dim_rank; d++)
        if (dims[d] <= 0) return tla__fail(err, -1, "dim2lvl_map: dimension %d has size %lld", d, (long long)dims[d]);
    if (tla_ix_map_sizes(c, &m, enc->dim_rank, dims, 0, NULL, enc->lvl_rank) != 0)
        return tla__fail(err, -1, "dim2lvl_map: more than %d dimensions", TLA_IX_MAX_VARS);
    for (l = 0; l < enc->lvl_rank; l++) m.res[l] = tla__ix_copy(c, &from, enc->lvl_expr[l]);
    if (c->failed) return tla__fail(err, -1, "out of memory");
    *out = m;
    return 0;
}
#endif
TLA__DECL

#endif
