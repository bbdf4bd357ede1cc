/* tla/sparse/storage.h - the storage of a dense tensor under an MLIR sparse tensor encoding
 * (MLIR's StorageLayout): per level positions and coordinates at the declared bit widths, then values;
 * back to dense, iteration over stored entries, and MLIR's sparse_tensor.print form.
 *
 *   size_t bytes;  tla_sparse_storage st;
 *   tla_sparse_size(&bytes, &enc, 2, dims, dense, &err);       // sizes first
 *   void *mem = malloc(bytes);                                 // the caller's memory
 *   tla_sparse_pack(&st, mem, bytes, &enc, 2, dims, dense, &err);
 *   tla_sparse_fprint(stdout, &st);                             // ---- Sparse Tensor ---- ...
 *   tla_sparse_unpack(dense_again, &st, &err);                  // exactly the dense input
 *   free(mem);
 *
 * Levels: dense and batch store nothing; compressed stores pos (parents + 1 entries) and crd;
 * loose_compressed pos as (lo, hi) pairs; a compressed or loose_compressed level followed by
 * singletons is a COO segment: one entry per coordinate tuple of its levels that holds a
 * non-zero (per non-zero when it ends the levels), its coordinates interleaved in crd of the
 * first level (AoS) or one crd per level (soa); levels after the segment store under each entry
 * as under a compressed level's (`compressed(nonunique), singleton, dense`: one row of the dense
 * level per entry; MLIR 22's own codegen leaves such values out); structured[n, m] stores exactly n coordinates (offsets
 * inside each block of m, padded with explicit zeros) per block.  Positions and coordinates
 * are kept at posWidth / crdWidth bits (0: 64); one that does not fit is an error.  Leading
 * batch levels keep every buffer per batch, each batch's buffer padded to the longest (pos with
 * its last value, crd and values with 0); nse is the values per batch.  Level sizes follow
 * MLIR's translateShape (`d floordiv 2` of 5 rows is 3 blocks): entries of a partial block
 * past the tensor's end are explicit zeros.  All memory is the caller's: tla_sparse_pack
 * carves the buffers out of `mem` (8-byte aligned, tla_sparse_size bytes) and st points into
 * it; nothing is allocated.  On error nothing is written.  A map with symbols (ELL) or a
 * dimension without a level has no storage here; slices are ignored (the dense input is the
 * slice's own values).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_sparse_encoding enc;  tla_sparse_storage st;  tla_error e;  size_t bytes = 0;
 *   static double mem[64];
 *   double m[4][6] = {{1, 2, 0, 0, 4, 0}, {0, 3, 0, 0, 0, 5}, {0, 0, 6, 7, 0, 0}, {0, 0, 8, 0, 0, 0}}, back[24];
 *   int64_t dims[2] = {4, 6};
 *   if (tla_sparse_parse(&enc, "#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense,"
 *                        " j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense), posWidth = 32, crdWidth = 8 }>", &e)) return 1;
 *   if (tla_sparse_size(&bytes, &enc, 2, dims, &m[0][0], &e) || bytes > sizeof mem) return 1;
 *   if (tla_sparse_pack(&st, mem, sizeof mem, &enc, 2, dims, &m[0][0], &e)) return 1;
 *   if (st.nse != 12 || tla_sparse_get_pos(&st, 1, 0, 1) != 2 || tla_sparse_get_crd(&st, 1, 0, 2) != 1) return 1;   // pos[1] ( 0, 2, 3 ), crd[1] ( 0, 2, 1 )
 *   if (st.values[3] != 3 || tla_sparse_unpack(back, &st, &e) || memcmp(back, m, sizeof back)) return 1;
 */
#ifndef TLA_SPARSE_STORAGE_H
#define TLA_SPARSE_STORAGE_H

#include "tla/sparse/encoding.h"
#include "tla/rt/layout.h"
#include "tla/rt/print.h"

#define TLA_SPARSE_MAX_POINTS ((int64_t)1 << 28) /* level-space points one pack may visit */

typedef struct tla_sparse_storage {
    int dim_rank, lvl_rank;
    int nbatch_lvls, coo_start, coo_soa; /* the first COO segment starts at coo_start (lvl_rank if none) */
    int64_t dim_size[TLA_SPARSE_MAX_RANK], lvl_size[TLA_SPARSE_MAX_RANK];
    int64_t nbatch; /* product of the batch levels' sizes (1 without) */
    int pos_bytes, crd_bytes; /* 1, 2, 4 or 8 */
    int64_t pos_len[TLA_SPARSE_MAX_RANK], crd_len[TLA_SPARSE_MAX_RANK]; /* per batch; 0: none */
    void *pos[TLA_SPARSE_MAX_RANK], *crd[TLA_SPARSE_MAX_RANK]; /* batch-major */
    int64_t nse; /* values per batch */
    double *values; /* nbatch * nse */
    tla_lvl_type lvl[TLA_SPARSE_MAX_RANK];
    int lvl_dim[TLA_SPARSE_MAX_RANK], lvl_op[TLA_SPARSE_MAX_RANK];
    int64_t lvl_block[TLA_SPARSE_MAX_RANK];
} tla_sparse_storage;

/* tla_sparse_get_pos(&st, l, batch, i), tla_sparse_get_crd(&st, l, batch, i): element i of
 * level l's positions / coordinates in batch `batch` (AoS COO: crd[coo_start] interleaved).
 * Example:
 *   tla_sparse_encoding enc;  tla_sparse_storage st;  tla_error e;  static double mem[16];
 *   double v[5] = {0, 7, 0, 0, 9};  int64_t n = 5;
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>", &e)) return 1;
 *   if (tla_sparse_pack(&st, mem, sizeof mem, &enc, 1, &n, v, &e)) return 1;
 *   if (tla_sparse_get_pos(&st, 0, 0, 1) != 2 || tla_sparse_get_crd(&st, 0, 0, 1) != 4 || st.values[1] != 9) return 1;
 */
TLA_API int64_t tla_sparse_get_pos(const tla_sparse_storage *st, int l, int64_t b, int64_t i);
TLA_API int64_t tla_sparse_get_crd(const tla_sparse_storage *st, int l, int64_t b, int64_t i);

/* tla_sparse_size(&bytes, &enc, rank, dims, dense, err): the bytes tla_sparse_pack needs for this
 * tensor (dense: row-major, dims[0] * ... elements); checks everything pack checks.
 * Example:
 *   tla_sparse_encoding enc;  tla_error e;  size_t bytes = 0;
 *   double v[8] = {0, 0, 3, 0, 0, 0, 0, 5};  int64_t dims[2] = {2, 4};
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>", &e)) return 1;
 *   if (tla_sparse_size(&bytes, &enc, 2, dims, v, &e) || bytes != 2 * 8 + 3 * 8 + 2 * 8) return 1;   // values, pos, crd
 */
TLA_API int tla_sparse_size(size_t *bytes, const tla_sparse_encoding *e, int rank, const int64_t *dims,
                            const double *dense, tla_error *err);

/* tla_sparse_pack(&st, mem, bytes, &enc, rank, dims, dense, err) -> 0 or -1: the storage, its
 * buffers in mem (8-byte aligned, at least tla_sparse_size bytes); st points into mem.
 * Errors (nothing written): a coordinate or position past its width, more than n non-zeros in a
 * block of structured[n, m], two entries under a unique COO level, a map with symbols.
 * Example:
 *   tla_sparse_encoding enc;  tla_sparse_storage st;  tla_error e;  static double mem[16];
 *   double v[4] = {0, 300, 0, 0};  int64_t n = 4;
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>", &e)) return 1;
 *   if (tla_sparse_pack(&st, mem, sizeof mem, &enc, 1, &n, v, &e) || st.nse != 1 || st.values[0] != 300) return 1;
 */
TLA_API int tla_sparse_pack(tla_sparse_storage *out, void *mem, size_t bytes, const tla_sparse_encoding *e, int rank,
                            const int64_t *dims, const double *dense, tla_error *err);

/* ------------------------------------------------------------------ reading the storage */

typedef int (*tla_sparse_entry_fn)(void *ctx, const int64_t *lvl_crd, const int64_t *dim_crd, double value);

/* tla_sparse_foreach(&st, fn, ctx, err): fn(ctx, level coordinates, dimension coordinates, value)
 * for every stored entry in storage order (explicit zeros of dense levels included; padding
 * past the tensor's end not); fn returns non-zero to stop.  -1 if the buffers are inconsistent.
 * Example:
 *   tla_sparse_encoding enc;  tla_sparse_storage st;  tla_error e;  static double mem[32];
 *   double v[6] = {0, 5, 0, 7, 0, 0};  int64_t dims[2] = {2, 3};  double sum = 0;
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (j : compressed, i : compressed) }>", &e)) return 1;
 *   if (tla_sparse_pack(&st, mem, sizeof mem, &enc, 2, dims, v, &e)) return 1;
 *   if (tla_sparse_foreach(&st, tla_sparse_sum_entry, &sum, &e) || sum != 12) return 1;
 */
TLA_API int tla_sparse_foreach(const tla_sparse_storage *st, tla_sparse_entry_fn fn, void *ctx, tla_error *err);

/* An entry function for tla_sparse_foreach: adds the value to *(double *)ctx. */
TLA_API int tla_sparse_sum_entry(void *ctx, const int64_t *lvl_crd, const int64_t *dim_crd, double v);

/* tla_sparse_unpack(dense, &st, err): the dense tensor (row-major, dim_size[0] * ... elements,
 * overwritten) that st stores; duplicates of a nonunique level add up.
 * Example:
 *   tla_sparse_encoding enc;  tla_sparse_storage st;  tla_error e;  static double mem[32];
 *   double v[6] = {0, 5, 0, 7, 0, 0}, back[6];  int64_t dims[2] = {2, 3};
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton(soa)) }>", &e)) return 1;
 *   if (tla_sparse_pack(&st, mem, sizeof mem, &enc, 2, dims, v, &e) || tla_sparse_unpack(back, &st, &e)) return 1;
 *   if (memcmp(v, back, sizeof v) != 0) return 1;
 */
TLA_API int tla_sparse_unpack(double *dense, const tla_sparse_storage *st, tla_error *err);

/* tla_sparse_fprint(f, &st): the storage in MLIR's sparse_tensor.print form.
 * Example:
 *   tla_sparse_encoding enc;  tla_sparse_storage st;  tla_error e;  static double mem[32];
 *   double v[4] = {1, 0, 0, 2};  int64_t dims[2] = {2, 2};
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>", &e)) return 1;
 *   if (tla_sparse_pack(&st, mem, sizeof mem, &enc, 2, dims, v, &e)) return 1;
 *   tla_sparse_fprint(stdout, &st);   // nse = 2, dim = ( 2, 2 ), lvl = ( 2, 2 ), pos[1] : ( 0, 1, 2 ), ...
 */
TLA_API void tla_sparse_fprint(FILE *f, const tla_sparse_storage *st);

/* ------------------------------------------------------------------ TLA layouts */

/* tla_sparse_from_layout(&enc, dims, &L, formats, err): the dimension-to-level map of a blocked
 * layout, one dimension per mode: a mode (b, n):(s_in, s_out) gives levels `d floordiv b`
 * (stride s_out) and `d mod b` (stride s_in), a single leaf gives `d`; levels go from the
 * largest stride to the smallest.  formats[l] (TLA_LVL_*) per level, or NULL for the BSR
 * pattern: the first level dense, the other floordiv / plain levels compressed, the mod levels
 * dense.  dims (optional) receives each mode's size.
 * Example:
 *   tla_layout L;  tla_sparse_encoding enc;  tla_error e;  char buf[256];  int64_t dims[2];
 *   if (tla_layout_parse(&L, "((2,3),(2,4)):((2,32),(1,4))", &e)) return 1;   // 2x2 blocks, row-major
 *   if (tla_sparse_from_layout(&enc, dims, &L, NULL, &e) || dims[0] != 6 || dims[1] != 8) return 1;
 *   tla_sparse_snprint(buf, sizeof buf, &enc);
 *   if (strcmp(buf, "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 floordiv 2 : dense, d1 floordiv 2 : compressed,"
 *                   " d0 mod 2 : dense, d1 mod 2 : dense) }>") != 0) return 1;
 */
TLA_API int tla_sparse_from_layout(tla_sparse_encoding *out, int64_t *dims, const tla_layout *L, const int *formats,
                                   tla_error *err);

/* tla_sparse_block_layout(&block, &enc, err): a block-sparse encoding's dense blocks as a TLA
 * layout over the values of one block: a mode per blocked dimension (in dimension order), with
 * the strides of its trailing dense `d mod b` levels.  Stored block k's values start at k *
 * size(block).
 * Example:
 *   tla_sparse_encoding enc;  tla_layout B;  tla_error e;  char buf[64];
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed,"
 *                        " i mod 2 : dense, j mod 3 : dense) }>", &e)) return 1;
 *   if (tla_sparse_block_layout(&B, &enc, &e)) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &B);
 *   if (strcmp(buf, "(2,3):(3,1)") != 0) return 1;
 */
TLA_API int tla_sparse_block_layout(tla_layout *out, const tla_sparse_encoding *e, tla_error *err);

/* ---------------------------------------------------------------- internals */

TLA_FUNC int64_t tla__sp_load(const void *buf, int bytes, int64_t i) {
    switch (bytes) {
    case 1: return ((const uint8_t *)buf)[i];
    case 2: return ((const uint16_t *)buf)[i];
    case 4: return ((const uint32_t *)buf)[i];
    default: return ((const int64_t *)buf)[i];
    }
}
TLA_FUNC void tla__sp_store(void *buf, int bytes, int64_t i, int64_t v) {
    switch (bytes) {
    case 1: ((uint8_t *)buf)[i] = (uint8_t)v; break;
    case 2: ((uint16_t *)buf)[i] = (uint16_t)v; break;
    case 4: ((uint32_t *)buf)[i] = (uint32_t)v; break;
    default: ((int64_t *)buf)[i] = v;
    }
}

TLA_API int64_t tla_sparse_get_pos(const tla_sparse_storage *st, int l, int64_t b, int64_t i)
#if TLA__BODIES
{
    return tla__sp_load(st->pos[l], st->pos_bytes, b * st->pos_len[l] + i);
}
#endif
TLA__DECL
TLA_API int64_t tla_sparse_get_crd(const tla_sparse_storage *st, int l, int64_t b, int64_t i)
#if TLA__BODIES
{
    return tla__sp_load(st->crd[l], st->crd_bytes, b * st->crd_len[l] + i);
}
#endif
TLA__DECL

/* The COO segment that holds level l (MLIR's getCOOSegments): a compressed or loose_compressed
 * level and the run of singletons after it.  Its first level, and *end one past its last; -1 when
 * l is in no segment.  An AoS segment keeps all its coordinates in the first level's crd. */
TLA_FUNC int tla__sp_segment(const tla_lvl_type *lvl, int rank, int l, int *end) {
    int h = l, e;
    while (h > 0 && lvl[h].format == TLA_LVL_SINGLETON) h--;
    if (lvl[h].format != TLA_LVL_COMPRESSED && lvl[h].format != TLA_LVL_LOOSE_COMPRESSED) return -1;
    for (e = h + 1; e < rank && lvl[e].format == TLA_LVL_SINGLETON; e++) continue;
    if (e - h < 2 || l >= e) return -1;
    *end = e;
    return h;
}

/* The walk that counts (fill 0) or writes (fill 1) the storage of one dense tensor. */
typedef struct tla__spw {
    tla_sparse_storage *st;
    const double *dense;
    int fill, dim_lf[TLA_SPARSE_MAX_RANK], dim_lm[TLA_SPARSE_MAX_RANK];
    int64_t dim_b[TLA_SPARSE_MAX_RANK], lc[TLA_SPARSE_MAX_RANK], prev[TLA_SPARSE_MAX_RANK], batch;
    int64_t npos[TLA_SPARSE_MAX_RANK], ncrd[TLA_SPARSE_MAX_RANK], nval, nent[TLA_SPARSE_MAX_RANK];
    int64_t maxpos[TLA_SPARSE_MAX_RANK], maxcrd[TLA_SPARSE_MAX_RANK], maxval;
    tla_error *err;
} tla__spw;

/* Dimension coordinates of the level coordinates lc; 0 if the point lies past the tensor. */
TLA_FUNC int tla__sp_dims_of(const tla_sparse_storage *st, const int *lf, const int *lm, const int64_t *bl,
                             const int64_t *lc, int64_t *dc) {
    int d, in = 1;
    for (d = 0; d < st->dim_rank; d++) {
        dc[d] = lm[d] >= 0 ? lc[lf[d]] * bl[d] + lc[lm[d]] : lc[lf[d]];
        if (dc[d] >= st->dim_size[d]) in = 0;
    }
    return in;
}
TLA_FUNC double tla__sp_val(const tla__spw *w) {
    int64_t dc[TLA_SPARSE_MAX_RANK], idx = 0;
    int d;
    if (!tla__sp_dims_of(w->st, w->dim_lf, w->dim_lm, w->dim_b, w->lc, dc)) return 0;
    for (d = 0; d < w->st->dim_rank; d++) idx = idx * w->st->dim_size[d] + dc[d];
    return w->dense[idx];
}
/* Does any point under the prefix lc[0..l) hold a non-zero?  (Walks levels l.. as an odometer.) */
TLA_FUNC int tla__sp_any(tla__spw *w, int l) {
    int k, R = w->st->lvl_rank, found = 0;
    for (k = l; k < R; k++)
        if (w->st->lvl_size[k] == 0) return 0;
    for (k = l; k < R; k++) w->lc[k] = 0;
    for (;;) {
        if (tla__sp_val(w) != 0) found = 1;
        for (k = R - 1; k >= l && ++w->lc[k] == w->st->lvl_size[k]; k--) w->lc[k] = 0;
        if (k < l || found) break;
    }
    return found;
}
TLA_FUNC int tla__sp_push_pos(tla__spw *w, int l, int64_t v) {
    tla_sparse_storage *st = w->st;
    if (st->pos_bytes < 8 && (uint64_t)v >> (st->pos_bytes * 8))
        return tla__fail(w->err, -1, "position %lld of level %d does not fit posWidth = %d", (long long)v, l,
                         st->pos_bytes * 8);
    if (w->fill) tla__sp_store(st->pos[l], st->pos_bytes, w->batch * st->pos_len[l] + w->npos[l], v);
    w->npos[l]++;
    return 0;
}
TLA_FUNC int tla__sp_push_crd(tla__spw *w, int l, int64_t v) {
    tla_sparse_storage *st = w->st;
    if (st->crd_bytes < 8 && (uint64_t)v >> (st->crd_bytes * 8))
        return tla__fail(w->err, -1, "coordinate %lld of level %d does not fit crdWidth = %d", (long long)v, l,
                         st->crd_bytes * 8);
    if (w->fill) tla__sp_store(st->crd[l], st->crd_bytes, w->batch * st->crd_len[l] + w->ncrd[l], v);
    w->ncrd[l]++;
    return 0;
}
TLA_FUNC void tla__sp_push_val(tla__spw *w, double v) {
    if (w->fill) w->st->values[w->batch * w->st->nse + w->nval] = v;
    w->nval++;
}

TLA_FUNC int tla__sp_walk(tla__spw *w, int l, int64_t parent);

/* The COO segment l..e-1 under the prefix lc[0..l): one entry per coordinate tuple of its levels
 * that holds a non-zero (every non-zero when the segment ends the levels), its coordinates, then
 * the levels after the segment under it, their parent position the entry's. */
TLA_FUNC int tla__sp_coo(tla__spw *w, int l, int e) {
    tla_sparse_storage *st = w->st;
    int k, soa = (st->lvl[l + 1].props & TLA_LVL_SOA) != 0;
    for (k = l; k < e; k++)
        if (st->lvl_size[k] == 0) return 0;
    for (k = l; k < e; k++) w->lc[k] = 0;
    for (;;) {
        if (tla__sp_any(w, e)) {
            int64_t entry = w->nent[l];
            if (entry > 0) /* a unique level (not the segment's last) may not repeat its coordinate prefix */
                for (k = l; k < e - 1 && w->prev[k] == w->lc[k]; k++)
                    if (!(st->lvl[k].props & TLA_LVL_NONUNIQUE))
                        return tla__fail(
                            w->err, -1,
                            "level %d is unique, but two stored entries share its coordinate %lld (make it nonunique)",
                            k, (long long)w->lc[k]);
            for (k = l; k < e; k++) {
                if (tla__sp_push_crd(w, soa ? k : l, w->lc[k]) != 0) return -1;
                w->prev[k] = w->lc[k], w->nent[k]++;
            }
            if (tla__sp_walk(w, e, entry) != 0) return -1;
        }
        for (k = e - 1; k >= l && ++w->lc[k] == st->lvl_size[k]; k--) w->lc[k] = 0;
        if (k < l) return 0;
    }
}

TLA_FUNC int tla__sp_walk(tla__spw *w, int l, int64_t parent) {
    tla_sparse_storage *st = w->st;
    const tla_lvl_type *t = &st->lvl[l];
    int64_t c, size = l < st->lvl_rank ? st->lvl_size[l] : 0, lo;
    if (l == st->lvl_rank) {
        tla__sp_push_val(w, tla__sp_val(w));
        return 0;
    }
    if (t->format == TLA_LVL_DENSE) {
        for (c = 0; c < size; c++)
            if ((w->lc[l] = c, tla__sp_walk(w, l + 1, parent * size + c)) != 0) return -1;
    } else if (t->format == TLA_LVL_STRUCTURED) {
        int64_t nblk = tla_ceil_div(size, t->m), blk, o;
        for (blk = 0; blk < nblk; blk++) {
            int64_t nz = 0, used[256] = {0};
            for (o = 0; o < t->m && blk * t->m + o < size; o++)
                if (w->lc[l] = blk * t->m + o, tla__sp_val(w) != 0) used[o] = 1, nz++;
            if (nz > t->n)
                return tla__fail(w->err, -1,
                                 "block %lld of level %d has %lld non-zeros, more than n = %d of structured[%d, %d]",
                                 (long long)blk, l, (long long)nz, t->n, t->n, t->m);
            for (o = 0; o < t->m && nz < t->n; o++)
                if (!used[o]) used[o] = 2, nz++; /* pad with explicit zeros */
            for (o = 0; o < t->m; o++)
                if (used[o]) {
                    if (tla__sp_push_crd(w, l, o) != 0) return -1;
                    w->lc[l] = blk * t->m + o;
                    tla__sp_push_val(w, used[o] == 1 ? tla__sp_val(w) : 0);
                }
        }
    } else { /* compressed, loose_compressed: a COO chain, or one coordinate per non-empty child */
        lo = w->nent[l];
        int e = 0;
        if (tla__sp_segment(st->lvl, st->lvl_rank, l, &e) == l) {
            if (tla__sp_coo(w, l, e) != 0) return -1;
        } else
            for (c = 0; c < size; c++) {
                w->lc[l] = c;
                if (!tla__sp_any(w, l + 1)) continue;
                w->lc[l] = c;
                if (tla__sp_push_crd(w, l, c) != 0 || tla__sp_walk(w, l + 1, w->nent[l]++) != 0) return -1;
            }
        if (t->format == TLA_LVL_LOOSE_COMPRESSED && tla__sp_push_pos(w, l, lo) != 0) return -1;
        if (tla__sp_push_pos(w, l, w->nent[l]) != 0) return -1;
    }
    (void)parent;
    return 0;
}

/* Both passes: count (fill 0: lengths into st) or write into the buffers st points to. */
TLA_FUNC int tla__sp_run(tla__spw *w) {
    tla_sparse_storage *st = w->st;
    int l, k, nb = st->nbatch_lvls;
    for (w->batch = 0; w->batch < st->nbatch; w->batch++) {
        int64_t rem = w->batch;
        for (k = nb - 1; k >= 0; k--) w->lc[k] = rem % st->lvl_size[k], rem /= st->lvl_size[k];
        for (l = 0; l < st->lvl_rank; l++) {
            w->npos[l] = w->ncrd[l] = w->nent[l] = 0;
            if (st->lvl[l].format == TLA_LVL_COMPRESSED && tla__sp_push_pos(w, l, 0) != 0) return -1;
        }
        w->nval = 0;
        if (tla__sp_walk(w, nb, 0) != 0) return -1;
        for (l = 0; l < st->lvl_rank; l++) {
            if (w->npos[l] > w->maxpos[l]) w->maxpos[l] = w->npos[l];
            if (w->ncrd[l] > w->maxcrd[l]) w->maxcrd[l] = w->ncrd[l];
            if (!w->fill) continue; /* pad this batch to the common length */
            for (; w->npos[l] < st->pos_len[l]; w->npos[l]++) {
                int64_t at = w->batch * st->pos_len[l] + w->npos[l];
                tla__sp_store(st->pos[l], st->pos_bytes, at,
                              w->npos[l] ? tla__sp_load(st->pos[l], st->pos_bytes, at - 1) : 0);
            }
            while (w->ncrd[l] < st->crd_len[l])
                tla__sp_store(st->crd[l], st->crd_bytes, w->batch * st->crd_len[l] + w->ncrd[l]++, 0);
        }
        if (w->nval > w->maxval) w->maxval = w->nval;
        while (w->fill && w->nval < st->nse) st->values[w->batch * st->nse + w->nval++] = 0;
    }
    return 0;
}

/* Shapes and level facts of the storage (no buffers yet), and the walk's dimension table. */
TLA_FUNC int tla__sp_setup(const tla_sparse_encoding *e, int rank, const int64_t *dims, tla_sparse_storage *st,
                           tla__spw *w, tla_error *err) {
    int l, d;
    int64_t pts = 1;
    memset(st, 0, sizeof *st);
    memset(w, 0, sizeof *w);
    w->st = st, w->err = err;
    if (rank != e->dim_rank)
        return tla__fail(err, -1, "the encoding has %d dimensions, the tensor %d", e->dim_rank, rank);
    if (e->sym_rank)
        return tla__fail(err, -1, "a map with symbols (like ELL's [s0]) has no storage without the symbols' values");
    st->dim_rank = rank, st->lvl_rank = e->lvl_rank, st->nbatch = 1, st->coo_start = e->lvl_rank;
    st->pos_bytes = e->pos_width ? e->pos_width / 8 : 8, st->crd_bytes = e->crd_width ? e->crd_width / 8 : 8;
    for (d = 0; d < rank; d++) {
        if (dims[d] < 0) return tla__fail(err, -1, "dimension %d has a negative size", d);
        st->dim_size[d] = dims[d], w->dim_lf[d] = w->dim_lm[d] = -1, w->dim_b[d] = 1;
    }
    for (l = 0; l < e->lvl_rank; l++) {
        d = e->lvl_dim[l];
        st->lvl[l] = e->lvl[l], st->lvl_dim[l] = d, st->lvl_op[l] = e->lvl_op[l], st->lvl_block[l] = e->lvl_block[l];
        st->lvl_size[l] = e->lvl_op[l] == 0   ? dims[d]
                          : e->lvl_op[l] == 1 ? tla_ceil_div(dims[d], e->lvl_block[l])
                                              : e->lvl_block[l];
        if (e->lvl_op[l] == 2)
            w->dim_lm[d] = l, w->dim_b[d] = e->lvl_block[l];
        else
            w->dim_lf[d] = l;
        if (e->lvl[l].format == TLA_LVL_BATCH) st->nbatch_lvls = l + 1, st->nbatch *= st->lvl_size[l];
        if (e->lvl[l].format == TLA_LVL_SINGLETON && st->coo_start == e->lvl_rank)
            st->coo_start = l - 1, st->coo_soa = (e->lvl[l].props & TLA_LVL_SOA) != 0;
        if (e->lvl[l].format == TLA_LVL_STRUCTURED && e->lvl[l].m == 0)
            return tla__fail(err, -1, "structured[%d, 0] has no blocks", e->lvl[l].n);
        if (tla__mul64(pts, st->lvl_size[l] ? st->lvl_size[l] : 1, &pts) || pts > TLA_SPARSE_MAX_POINTS)
            return tla__fail(err, -1, "the level space has more than %lld points", (long long)TLA_SPARSE_MAX_POINTS);
    }
    for (d = 0; d < rank; d++)
        if (w->dim_lf[d] < 0) return tla__fail(err, -1, "dimension d%d has no level in the map", d);
    return 0;
}

/* Count pass: buffer lengths into st and the bytes they need (values, then pos, then crd,
 * each rounded up to 8 bytes). */
TLA_FUNC int tla__sp_plan(const tla_sparse_encoding *e, int rank, const int64_t *dims, const double *dense,
                          tla_sparse_storage *st, tla__spw *w, size_t *bytes, tla_error *err) {
    int l;
    uint64_t total;
    if (tla__sp_setup(e, rank, dims, st, w, err) != 0) return -1;
    w->dense = dense;
    if (tla__sp_run(w) != 0) return -1;
    st->nse = w->maxval;
    total = (uint64_t)st->nbatch * (uint64_t)st->nse * 8u;
    for (l = 0; l < st->lvl_rank; l++) {
        st->pos_len[l] = w->maxpos[l], st->crd_len[l] = w->maxcrd[l];
        total += ((uint64_t)st->nbatch * (uint64_t)st->pos_len[l] * (uint64_t)st->pos_bytes + 7u) / 8u * 8u;
        total += ((uint64_t)st->nbatch * (uint64_t)st->crd_len[l] * (uint64_t)st->crd_bytes + 7u) / 8u * 8u;
    }
    *bytes = (size_t)total;
    return 0;
}

TLA_API int tla_sparse_size(size_t *bytes, const tla_sparse_encoding *e, int rank, const int64_t *dims,
                            const double *dense, tla_error *err)
#if TLA__BODIES
{
    tla_sparse_storage st;
    tla__spw w;
    return tla__sp_plan(e, rank, dims, dense, &st, &w, bytes, err);
}
#endif
TLA__DECL

TLA_API int tla_sparse_pack(tla_sparse_storage *out, void *mem, size_t bytes, const tla_sparse_encoding *e, int rank,
                            const int64_t *dims, const double *dense, tla_error *err)
#if TLA__BODIES
{
    tla_sparse_storage st;
    tla__spw w;
    size_t need = 0;
    char *p = (char *)mem;
    int l;
    if (tla__sp_plan(e, rank, dims, dense, &st, &w, &need, err) != 0) return -1;
    if (bytes < need || (need && !mem)) return tla__fail(err, -1, "the storage needs %zu bytes, got %zu", need, bytes);
    if (((uintptr_t)mem & 7u) != 0) return tla__fail(err, -1, "the storage memory is not 8-byte aligned");
    st.values = (double *)(void *)p, p += st.nbatch * st.nse * 8;
    for (l = 0; l < st.lvl_rank; l++) {
        st.pos[l] = st.pos_len[l] ? (void *)p : NULL,
        p += ((size_t)(st.nbatch * st.pos_len[l] * st.pos_bytes) + 7u) / 8u * 8u;
        st.crd[l] = st.crd_len[l] ? (void *)p : NULL,
        p += ((size_t)(st.nbatch * st.crd_len[l] * st.crd_bytes) + 7u) / 8u * 8u;
    }
    memset(w.maxpos, 0, sizeof w.maxpos), memset(w.maxcrd, 0, sizeof w.maxcrd), w.maxval = 0;
    w.fill = 1, w.st = &st;
    if (tla__sp_run(&w) != 0) return -1; /* cannot fail: the count pass checked the same things */
    *out = st;
    return 0;
}
#endif
TLA__DECL

/* ------------------------------------------------------------------ reading the storage */

typedef struct tla__spr {
    const tla_sparse_storage *st;
    int dim_lf[TLA_SPARSE_MAX_RANK], dim_lm[TLA_SPARSE_MAX_RANK];
    int64_t dim_b[TLA_SPARSE_MAX_RANK], lc[TLA_SPARSE_MAX_RANK], batch;
    tla_sparse_entry_fn fn;
    void *ctx;
    tla_error *err;
} tla__spr;

TLA_FUNC int tla__sp_bad(tla__spr *r, int l) {
    return tla__fail(r->err, -1, "the storage of level %d is inconsistent", l);
}

TLA_FUNC int tla__sp_read(tla__spr *r, int l, int64_t p) {
    const tla_sparse_storage *st = r->st;
    const tla_lvl_type *t = &st->lvl[l];
    int64_t c, lo, hi, k, size = l < st->lvl_rank ? st->lvl_size[l] : 0;
    int e = 0, h = l < st->lvl_rank ? tla__sp_segment(st->lvl, st->lvl_rank, l, &e) : -1,
        aos = h >= 0 && !(st->lvl[h + 1].props & TLA_LVL_SOA), cl = aos ? h : l, stride = aos ? e - h : 1;
    if (l == st->lvl_rank) {
        int64_t dc[TLA_SPARSE_MAX_RANK];
        if (p < 0 || p >= st->nse) return tla__sp_bad(r, l);
        if (!tla__sp_dims_of(st, r->dim_lf, r->dim_lm, r->dim_b, r->lc, dc)) return 0; /* padding of a partial block */
        return r->fn(r->ctx, r->lc, dc, st->values[r->batch * st->nse + p]) ? 1 : 0;
    }
    if (t->format == TLA_LVL_DENSE) {
        for (c = 0; c < size; c++)
            if ((r->lc[l] = c, k = tla__sp_read(r, l + 1, p * size + c)) != 0) return (int)k;
        return 0;
    }
    if (t->format == TLA_LVL_STRUCTURED) {
        int64_t nblk = tla_ceil_div(size, t->m), blk, j;
        for (blk = 0; blk < nblk; blk++)
            for (j = 0; j < t->n; j++) {
                int64_t e = (p * nblk + blk) * t->n + j;
                if (e >= st->crd_len[l] || (c = tla_sparse_get_crd(st, l, r->batch, e)) >= t->m)
                    return tla__sp_bad(r, l);
                r->lc[l] = blk * t->m + c;
                if ((k = tla__sp_read(r, l + 1, e)) != 0) return (int)k;
            }
        return 0;
    }
    if (t->format == TLA_LVL_SINGLETON)
        lo = p, hi = p + 1;
    else if (t->format == TLA_LVL_LOOSE_COMPRESSED) {
        if (2 * p + 1 >= st->pos_len[l]) return tla__sp_bad(r, l);
        lo = tla_sparse_get_pos(st, l, r->batch, 2 * p), hi = tla_sparse_get_pos(st, l, r->batch, 2 * p + 1);
    } else {
        if (p + 1 >= st->pos_len[l]) return tla__sp_bad(r, l);
        lo = tla_sparse_get_pos(st, l, r->batch, p), hi = tla_sparse_get_pos(st, l, r->batch, p + 1);
    }
    if (lo < 0 || hi < lo || hi * stride > st->crd_len[cl]) return tla__sp_bad(r, l);
    for (k = lo; k < hi; k++) {
        int s;
        if ((c = tla_sparse_get_crd(st, cl, r->batch, k * stride + (l - cl))) >= size) return tla__sp_bad(r, l);
        r->lc[l] = c;
        if ((s = tla__sp_read(r, l + 1, k)) != 0) return s;
    }
    return 0;
}

TLA_API int tla_sparse_foreach(const tla_sparse_storage *st, tla_sparse_entry_fn fn, void *ctx, tla_error *err)
#if TLA__BODIES
{
    tla__spr r;
    int l, k;
    memset(&r, 0, sizeof r);
    r.st = st, r.fn = fn, r.ctx = ctx, r.err = err;
    for (l = 0; l < st->dim_rank; l++) r.dim_lf[l] = r.dim_lm[l] = -1, r.dim_b[l] = 1;
    for (l = 0; l < st->lvl_rank; l++) {
        int d = st->lvl_dim[l];
        if (d < 0 || d >= st->dim_rank) return tla__fail(err, -1, "level %d has no dimension", l);
        if (st->lvl_op[l] == 2)
            r.dim_lm[d] = l, r.dim_b[d] = st->lvl_block[l];
        else
            r.dim_lf[d] = l;
    }
    for (r.batch = 0; r.batch < st->nbatch; r.batch++) {
        int64_t rem = r.batch;
        for (k = st->nbatch_lvls - 1; k >= 0; k--) r.lc[k] = rem % st->lvl_size[k], rem /= st->lvl_size[k];
        if ((k = tla__sp_read(&r, st->nbatch_lvls, 0)) < 0) return -1;
        if (k > 0) break;
    }
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_sparse_sum_entry(void *ctx, const int64_t *lvl_crd, const int64_t *dim_crd, double v)
#if TLA__BODIES
{
    (void)lvl_crd, (void)dim_crd;
    *(double *)ctx += v;
    return 0;
}
#endif
TLA__DECL

typedef struct tla__spu {
    const tla_sparse_storage *st;
    double *dense;
} tla__spu;
TLA_FUNC int tla__sp_unpack_entry(void *ctx, const int64_t *lc, const int64_t *dc, double v) {
    const tla__spu *u = (const tla__spu *)ctx;
    int64_t idx = 0;
    int d;
    (void)lc;
    for (d = 0; d < u->st->dim_rank; d++) idx = idx * u->st->dim_size[d] + dc[d];
    u->dense[idx] += v;
    return 0;
}

TLA_API int tla_sparse_unpack(double *dense, const tla_sparse_storage *st, tla_error *err)
#if TLA__BODIES
{
    tla__spu u;
    int64_t n = 1, i;
    int d;
    for (d = 0; d < st->dim_rank; d++) n *= st->dim_size[d];
    u.st = st, u.dense = dense;
    for (i = 0; i < n; i++) dense[i] = 0;
    return tla_sparse_foreach(st, tla__sp_unpack_entry, &u, err);
}
#endif
TLA__DECL

/* One buffer as sparse_tensor.print shows it: ( a, b ) per batch, nested per batch level. */
TLA_FUNC void tla__sp_fprint_buf(FILE *f, const tla_sparse_storage *st, int l, int kind, int bl, int64_t b) {
    int64_t i, len = kind == 0 ? st->pos_len[l] : kind == 1 ? st->crd_len[l] : st->nse;
    if (bl < st->nbatch_lvls) {
        fputs("( ", f);
        for (i = 0; i < st->lvl_size[bl]; i++) tla__sp_fprint_buf(f, st, l, kind, bl + 1, b * st->lvl_size[bl] + i);
        fputs(" )", f);
        return;
    }
    fputs(len ? "( " : "( )", f);
    for (i = 0; i < len; i++) {
        if (kind == 2)
            fprintf(f, i ? ", %g" : "%g", st->values[b * st->nse + i]);
        else
            fprintf(f, i ? ", %lld" : "%lld",
                    (long long)(kind == 0 ? tla_sparse_get_pos(st, l, b, i) : tla_sparse_get_crd(st, l, b, i)));
    }
    if (len) fputs(" )", f);
}

TLA_API void tla_sparse_fprint(FILE *f, const tla_sparse_storage *st)
#if TLA__BODIES
{
    int l;
    fprintf(f, "---- Sparse Tensor ----\nnse = %lld\ndim = ( ", (long long)st->nse);
    for (l = 0; l < st->dim_rank; l++) fprintf(f, l ? ", %lld" : "%lld", (long long)st->dim_size[l]);
    fputs(" )\nlvl = ( ", f);
    for (l = 0; l < st->lvl_rank; l++) fprintf(f, l ? ", %lld" : "%lld", (long long)st->lvl_size[l]);
    fputs(" )\n", f);
    for (l = 0; l < st->lvl_rank;) { /* MLIR's foreachField: an AoS COO segment is one crd */
        int fmt = st->lvl[l].format, e = 0, h = tla__sp_segment(st->lvl, st->lvl_rank, l, &e);
        if (fmt == TLA_LVL_COMPRESSED || fmt == TLA_LVL_LOOSE_COMPRESSED) {
            fprintf(f, "pos[%d] : ", l);
            tla__sp_fprint_buf(f, st, l, 0, 0, 0);
            fputs("\n", f);
        }
        if (fmt != TLA_LVL_DENSE && fmt != TLA_LVL_BATCH) {
            fprintf(f, "crd[%d] : ", l);
            tla__sp_fprint_buf(f, st, l, 1, 0, 0);
            fputs("\n", f);
        }
        l = h == l && !(st->lvl[l + 1].props & TLA_LVL_SOA) ? e : l + 1;
    }
    fputs("values : ", f);
    tla__sp_fprint_buf(f, st, 0, 2, 0, 0);
    fputs("\n----\n", f);
}
#endif
TLA__DECL

/* ------------------------------------------------------------------ TLA layouts */

TLA_API int tla_sparse_from_layout(tla_sparse_encoding *out, int64_t *dims, const tla_layout *L, const int *formats,
                                   tla_error *err)
#if TLA__BODIES
{
    static const char *const names[] = {"", "dense", "batch", "compressed", "singleton", "loose_compressed"};
    int R = tla_layout_rank(L), d, n = 0, i, j, dimof[2 * TLA_SPARSE_MAX_RANK], op[2 * TLA_SPARSE_MAX_RANK];
    int64_t stride[2 * TLA_SPARSE_MAX_RANK], blk[2 * TLA_SPARSE_MAX_RANK], size[TLA_SPARSE_MAX_RANK];
    char text[1024];
    tla__out sb;
    if (R > TLA_SPARSE_MAX_RANK)
        return tla__fail(err, -1, "a layout of rank %d (at most %d dimensions)", R, TLA_SPARSE_MAX_RANK);
    for (d = 0; d < R; d++) {
        tla_layout m;
        if (tla_layout_get(&m, L, 1, &d, err) != 0) return -1;
        if (tla_tuple_is_int(&m.shape)) {
            size[d] = m.shape.val[0], dimof[n] = d, op[n] = 0, blk[n] = 1, stride[n++] = m.stride.val[0];
            continue;
        }
        if (m.shape.nleaf != 2 || tla_tuple_depth(&m.shape) != 1)
            return tla__fail(err, -1, "mode %d must be a size or (block, count), not %d leaves", d, m.shape.nleaf);
        size[d] = m.shape.val[0] * m.shape.val[1];
        if (m.shape.val[0] == 1 || m.shape.val[1] == 1) { /* no real block: the other leaf is the dimension */
            i = m.shape.val[0] == 1;
            dimof[n] = d, op[n] = 0, blk[n] = 1, stride[n++] = m.stride.val[i];
            continue;
        }
        if (m.stride.val[0] > m.stride.val[1])
            return tla__fail(err, -1, "mode %d: the block is more major than its grid (MLIR maps floordiv before mod)",
                             d);
        dimof[n] = d, op[n] = 1, blk[n] = m.shape.val[0], stride[n++] = m.stride.val[1];
        dimof[n] = d, op[n] = 2, blk[n] = m.shape.val[0], stride[n++] = m.stride.val[0];
    }
    if (n > TLA_SPARSE_MAX_RANK) return tla__fail(err, -1, "%d levels (at most %d)", n, TLA_SPARSE_MAX_RANK);
    for (i = 1; i < n; i++) /* stable: by stride, largest first */
        for (j = i; j > 0 && stride[j] > stride[j - 1]; j--) {
            int t = dimof[j];
            int64_t u = stride[j];
            dimof[j] = dimof[j - 1], dimof[j - 1] = t, t = op[j], op[j] = op[j - 1], op[j - 1] = t;
            stride[j] = stride[j - 1], stride[j - 1] = u, u = blk[j], blk[j] = blk[j - 1], blk[j - 1] = u;
        }
    sb = tla__out_array(text, sizeof text);
    tla__sb(&sb, "#sparse_tensor.encoding<{ map = (");
    for (d = 0; d < R; d++) tla__sb(&sb, "%sd%d", d ? ", " : "", d);
    tla__sb(&sb, ") -> (");
    for (i = 0; i < n; i++) {
        int f = formats ? formats[i] : op[i] == 2 || i == 0 ? TLA_LVL_DENSE : TLA_LVL_COMPRESSED;
        if (f < TLA_LVL_DENSE || f > TLA_LVL_LOOSE_COMPRESSED)
            return tla__fail(err, -1, "level %d: format %d is not one this can name", i, f);
        tla__sb(&sb, "%sd%d", i ? ", " : "", dimof[i]);
        if (op[i]) tla__sb(&sb, op[i] == 1 ? " floordiv %lld" : " mod %lld", (long long)blk[i]);
        tla__sb(&sb, " : %s", names[f]);
    }
    tla__sb(&sb, ") }>");
    if (sb.len >= sizeof text || tla_sparse_parse(out, text, err) != 0) return -1;
    if (dims)
        for (d = 0; d < R; d++) dims[d] = size[d];
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_sparse_block_layout(tla_layout *out, const tla_sparse_encoding *e, tla_error *err)
#if TLA__BODIES
{
    int l, first = e->lvl_rank, d, k = 0;
    int64_t st = 1, ext[TLA_SPARSE_MAX_RANK], str[TLA_SPARSE_MAX_RANK];
    tla_tuple shape, stride;
    while (first > 0 && e->lvl_op[first - 1] == 2 && e->lvl[first - 1].format == TLA_LVL_DENSE && e->sym_rank == 0)
        first--;
    if (first == e->lvl_rank)
        return tla__fail(err, -1, "the encoding has no dense blocks (its last levels are not dense `d mod b` levels)");
    for (d = 0; d < e->dim_rank; d++) ext[d] = 0;
    for (l = e->lvl_rank - 1; l >= first; l--)
        ext[e->lvl_dim[l]] = e->lvl_block[l], str[e->lvl_dim[l]] = st, st *= e->lvl_block[l];
    tla__tuple_clear(&shape), tla__tuple_clear(&stride);
    shape.tok[shape.ntok++] = TLA_TOK_OPEN, stride.tok[stride.ntok++] = TLA_TOK_OPEN;
    for (d = 0; d < e->dim_rank; d++)
        if (ext[d]) {
            shape.val[k] = ext[d], stride.val[k++] = str[d];
            shape.tok[shape.ntok++] = TLA_TOK_LEAF, stride.tok[stride.ntok++] = TLA_TOK_LEAF;
        }
    shape.nleaf = stride.nleaf = k;
    if (k == 1)
        shape.ntok = stride.ntok = 0, shape.tok[shape.ntok++] = TLA_TOK_LEAF, stride.tok[stride.ntok++] = TLA_TOK_LEAF;
    else
        shape.tok[shape.ntok++] = TLA_TOK_CLOSE, stride.tok[stride.ntok++] = TLA_TOK_CLOSE;
    return tla_layout_make(out, &shape, &stride, err);
}
#endif
TLA__DECL

#endif
