/* tla/tensor/tensor2.h - compact rank-2 run-time tensors: 120 bytes, passed by value in a loop.
 *
 * A tla_tensor holds any layout (up to 32 leaves, 8 modes, 4 levels), so it is 960 bytes; a
 * kernel's tensors are rank 2 with modes of one or two leaves: RowMajor, ColumnMajor, every
 * Ascend format (zN, nZ, zZ, nN, their tiles) and the sub-byte and MX formats.  tla_tensor2
 * keeps just that: the pointer, the element size and position, two leaves of shape and stride
 * per mode, the originShape and the tile coordinate (sizeof 120, against CATLASS's 32 for a
 * tensor whose layout is in its type: tla.h's static tensors, tensor/static.h, are 8).
 *
 *   tla_tensor2_from(&v, &t, &err)   a tla_tensor whose layout fits (rank 2, each mode an
 *                                    integer or a pair of integers) -> 0; otherwise -1 and err
 *                                    says why; v is untouched then
 *   tla_tensor2_to(&v)               -> the tla_tensor again (for tla_copy, printing, algebra)
 *   tla_tensor2_at(&v, r, c)         the element (r, c): pointer arithmetic only (for 4-bit
 *                                    elements the byte that holds it, as tla_tensor_at2)
 *   tla_tensor2_extent(&v, m)        the logical extent of mode m (originShape)
 *   tla_tensor2_tile(&out, &v, rows, cols, r, c, &err)
 *                                    GetTile: the tile of extent (rows, cols) at (r, c), as
 *                                    tla_tensor_tile makes it (element (i, j) of the tile is
 *                                    element (r + i, c + j) of v, at any offset); a few
 *                                    nanoseconds, no tuples.  Cases tla_tensor_tile treats
 *                                    specially (a tile larger than its mode, an origin outside
 *                                    the extent) go through tla_tensor_tile and give what it
 *                                    gives.
 *   tla_tensor2_copy(&dst, &src, &err)  tla_copy between two compact tensors (or tiles)
 *
 * Element access is unchecked, as in CuTe and CATLASS; with TLA_CHECKED defined before
 * including tla.h, tla_tensor2_at gives NULL outside the extent.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   static uint16_t m[32 * 48];
 *   tla_layout L = tla_to_layout(tla_zN(tla_half, TLA_C(32), TLA_C(48)));
 *   tla_tensor A = tla_tensor_make(m, sizeof m[0], &L, TLA_POS_L1);
 *   tla_tensor2 V, T;
 *   tla_error err;
 *   if (tla_tensor2_from(&V, &A, &err) != 0) return 1;
 *   if (tla_tensor2_tile(&T, &V, 16, 16, 0, 8, &err) != 0) return 1;     // off the fractals
 *   if (tla_tensor2_at(&T, 1, 9) != tla_tensor_at2(&A, 1, 17)) return 1;  // parent (0+1, 8+9)
 */
#ifndef TLA_TENSOR2_H
#define TLA_TENSOR2_H

#include "tla/tensor/tensor.h"
#include "tla/tensor/copy.h"

typedef struct tla_tensor2 {
    TLA_GM char *data; /* element 0 of the layout (of the parent's, for a tile) */
    int32_t elem_bytes; /* 0 for 4-bit elements */
    uint8_t pos; /* enum tla_position */
    uint8_t is4; /* 4-bit elements, two to a byte */
    uint8_t nleaf[2]; /* leaves of mode 0 and mode 1: 1 or 2 */
    uint8_t has_origin; /* as in tla_layout */
    uint8_t shape_stat, stride_stat; /* static leaves (bit i: leaf i), as in tla_tuple */
    int64_t shape[4], stride[4]; /* leaves in order: mode 0's, then mode 1's */
    int64_t origin[2]; /* originShape (when has_origin) */
    int64_t coord[2]; /* where the view starts inside its parent (tiles) */
} tla_tensor2;

TLA_FUNC int64_t tla_tensor2_extent(const tla_tensor2 *v, int m);
TLA_API int tla_tensor2_from(tla_tensor2 *out, const tla_tensor *t, tla_error *err);
TLA_API tla_tensor tla_tensor2_to(const tla_tensor2 *v);
TLA_FUNC TLA_GM void *tla_tensor2_at(const tla_tensor2 *v, int64_t r, int64_t c);
TLA_API int tla_tensor2_tile(tla_tensor2 *out, const tla_tensor2 *v, int64_t rows, int64_t cols, int64_t r, int64_t c,
                             tla_error *err);

/* tla_copy of two compact tensors: planned as tla_copy plans any two layouts. */
TLA_API int tla_tensor2_copy(const tla_tensor2 *dst, const tla_tensor2 *src, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* The first leaf of mode m. */
TLA_FUNC int tla__t2_leaf(const tla_tensor2 *v, int m) { return m == 0 ? 0 : v->nleaf[0]; }

/* Offset of index x along mode m: one leaf x * d, two leaves (x mod s0) * d0 + (x / s0) * d1
 * (colexicographic, the last leaf takes the rest, as crd2offset).  Unsigned, so a coordinate
 * out of range wraps instead of being undefined. */
TLA_FUNC int64_t tla__t2_mode(const tla_tensor2 *v, int m, int64_t x) {
    int l = tla__t2_leaf(v, m);
    if (v->nleaf[m] == 1) return (int64_t)((uint64_t)x * (uint64_t)v->stride[l]);
    return (int64_t)((uint64_t)(x % v->shape[l]) * (uint64_t)v->stride[l]
                     + (uint64_t)(x / v->shape[l]) * (uint64_t)v->stride[l + 1]);
}

/* The size of mode m (product of its leaves), or -1 when it overflows. */
TLA_FUNC int64_t tla__t2_mode_size(const tla_tensor2 *v, int m) {
    int l = tla__t2_leaf(v, m);
    int64_t n = v->shape[l];
    if (v->nleaf[m] == 2 && tla__mul64(n, v->shape[l + 1], &n) != 0) return -1;
    return n;
}

TLA_FUNC int64_t tla_tensor2_extent(const tla_tensor2 *v, int m) {
    if (m < 0 || m > 1) return -1;
    return v->has_origin ? v->origin[m] : tla__t2_mode_size(v, m);
}

TLA_API int tla_tensor2_from(tla_tensor2 *out, const tla_tensor *t, tla_error *err)
#if TLA__BODIES
{
    const tla_tuple *S = &t->layout.shape, *D = &t->layout.stride;
    tla_tensor2 v;
    int i, m, leaf = 0, nl[2];
    memset(&v, 0, sizeof v);
    if (S->ntok != D->ntok || S->nleaf > 4 || memcmp(S->tok, D->tok, (size_t)S->ntok) != 0
        || !tla__modes_of_pairs(S, 2, nl))
        return tla__fail(err, -1, "tensor2: the layout must be rank 2 with modes of one or two leaves");
    for (m = 0; m < 2; m++) v.nleaf[m] = (uint8_t)nl[m], leaf += nl[m];
    if (v.nleaf[0] == 2 && t->layout.shape.val[0] <= 0)
        return tla__fail(err, -1, "tensor2: the first leaf of mode 0 must be positive (it divides the index)");
    if (v.nleaf[1] == 2 && t->layout.shape.val[v.nleaf[0]] <= 0)
        return tla__fail(err, -1, "tensor2: the first leaf of mode 1 must be positive (it divides the index)");
    if (t->elem_bytes <= 0 && !tla__is4(t))
        return tla__fail(err, -1, "tensor2: elements must be whole bytes or 4 bits (elem_bytes %d, elem_bits %d)",
                         t->elem_bytes, t->elem_bits);
    for (i = 0; i < leaf; i++) v.shape[i] = S->val[i], v.stride[i] = D->val[i];
    v.shape_stat = (uint8_t)(S->stat & 15u), v.stride_stat = (uint8_t)(D->stat & 15u);
    v.data = t->data;
    v.elem_bytes = t->elem_bytes;
    v.is4 = (uint8_t)tla__is4(t);
    v.pos = (uint8_t)t->pos;
    v.has_origin = (uint8_t)(t->layout.has_origin != 0);
    for (m = 0; m < 2; m++) v.origin[m] = t->layout.has_origin ? t->layout.origin[m] : 0, v.coord[m] = t->coord[m];
    *out = v;
    return 0;
}
#endif
TLA__DECL

/* The tuple of v's shape (or stride) leaves with its structure: (a, b), ((a, b), c), ... */
TLA_FUNC void tla__t2_tuple(tla_tuple *t, const tla_tensor2 *v, const int64_t *val, unsigned stat) {
    int m, l = 0;
    memset(t, 0, sizeof *t);
    t->tok[t->ntok++] = TLA_TOK_OPEN;
    for (m = 0; m < 2; m++) {
        if (v->nleaf[m] == 2) t->tok[t->ntok++] = TLA_TOK_OPEN;
        t->tok[t->ntok++] = TLA_TOK_LEAF, t->val[l] = val[l], l++;
        if (v->nleaf[m] == 2)
            t->tok[t->ntok++] = TLA_TOK_LEAF, t->val[l] = val[l], l++, t->tok[t->ntok++] = TLA_TOK_CLOSE;
    }
    t->tok[t->ntok++] = TLA_TOK_CLOSE;
    t->nleaf = l;
    t->stat = stat;
}

TLA_API tla_tensor tla_tensor2_to(const tla_tensor2 *v)
#if TLA__BODIES
{
    tla_tensor t;
    int m;
    memset(&t, 0, sizeof t);
    t.data = v->data;
    t.elem_bytes = v->elem_bytes;
    t.elem_bits = v->is4 ? 4 : 8 * v->elem_bytes;
    t.pos = (enum tla_position)v->pos;
    tla__t2_tuple(&t.layout.shape, v, v->shape, v->shape_stat);
    tla__t2_tuple(&t.layout.stride, v, v->stride, v->stride_stat);
    t.layout.has_origin = v->has_origin;
    for (m = 0; m < 2; m++) t.layout.origin[m] = v->has_origin ? v->origin[m] : 0, t.coord[m] = v->coord[m];
    return t;
}
#endif
TLA__DECL

TLA_FUNC TLA_GM void *tla_tensor2_at(const tla_tensor2 *v, int64_t r, int64_t c) {
    int64_t off;
#ifdef TLA_CHECKED
    if (r < 0 || c < 0 || r >= tla_tensor2_extent(v, 0) || c >= tla_tensor2_extent(v, 1)) return NULL;
#endif
    off = (int64_t)((uint64_t)tla__t2_mode(v, 0, (int64_t)((uint64_t)r + (uint64_t)v->coord[0]))
                    + (uint64_t)tla__t2_mode(v, 1, (int64_t)((uint64_t)c + (uint64_t)v->coord[1])));
    return v->is4 ? v->data + (off >> 1) : v->data + off * v->elem_bytes;
}

/* The general case: through tla_tensor_tile, which has every rule and message. */
TLA_FUNC int tla__t2_tile_general(tla_tensor2 *out, const tla_tensor2 *v, const int64_t *n, const int64_t *x,
                                  tla_error *err) {
    tla_tensor t = tla_tensor2_to(v), r;
    tla_tuple tile, crd;
    tla__flat_tuple(&tile, 2, n, 0);
    tla__flat_tuple(&crd, 2, x, 0);
    if (tla_tensor_tile(&r, &t, &tile, &crd, err) != 0) return -1;
    return tla_tensor2_from(out, &r, err);
}

TLA_API int tla_tensor2_tile(tla_tensor2 *out, const tla_tensor2 *v, int64_t rows, int64_t cols, int64_t r, int64_t c,
                             tla_error *err)
#if TLA__BODIES
{
    int64_t n[2], x[2], ext[2], crd[2], o;
    int m;
    n[0] = rows, n[1] = cols, x[0] = r, x[1] = c;
    for (m = 0; m < 2; m++) { /* the rules of tla__tensor_tile_fast, for two modes */
        int l = tla__t2_leaf(v, m);
        if (n[m] < 0 || (v->nleaf[m] == 1 ? n[m] > v->shape[l] : tla_ceil_div(n[m], v->shape[l]) > v->shape[l + 1]))
            return tla__t2_tile_general(out, v, n, x, err);
        o = tla_tensor2_extent(v, m);
        if (o < 0 || x[m] < 0 || x[m] >= o || tla__add64(v->coord[m], x[m], &crd[m]) != 0)
            return tla__t2_tile_general(out, v, n, x, err);
        ext[m] = o - x[m] < n[m] ? o - x[m] : n[m]; /* cropped to the parent's extent */
    }
    if (out != v) *out = *v;
    for (m = 0; m < 2; m++) {
        int l = tla__t2_leaf(out, m);
        if (out->nleaf[m] == 1) { /* an integer mode becomes the tile's extent, a run-time value */
            out->shape[l] = n[m];
            out->shape_stat &= (uint8_t) ~(1u << l);
        } else { /* a pair (r0, k) becomes (r0, ceil(n / r0)), the count run-time */
            out->shape[l + 1] = tla_ceil_div(n[m], out->shape[l]);
            out->shape_stat &= (uint8_t) ~(1u << (l + 1));
        }
        out->origin[m] = ext[m];
        out->coord[m] = crd[m];
    }
    out->has_origin = 1;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_tensor2_copy(const tla_tensor2 *dst, const tla_tensor2 *src, tla_error *err)
#if TLA__BODIES
{
    tla_tensor d = tla_tensor2_to(dst), s = tla_tensor2_to(src);
    return tla_copy(&d, &s, err);
}
#endif
TLA__DECL

#endif
