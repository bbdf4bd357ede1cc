/* tla/tensor/tensor.h - tensors (a pointer and a layout), coordinate loops and layout-generic copies.
 *
 * Build a tensor over memory you own (tla_tensor_make), address an element (tla_tensor_at2,
 * tla_tensor_ptr), walk every logical coordinate (TLA_FOR_EACH), cut tiles (tla_tensor_tile)
 * and copy between any two layouts (tla_copy); the example at the end of this comment does
 * each once.
 *
 * A tensor is a view: element pointer, element size, layout, the layout's originShape (the
 * real extent of each top-level mode: elements beyond it are padding and are never read or
 * written by tla_copy), the coordinate of the view inside its parent (for tiles), and a
 * memory position tag (GM, L1, L0A, L0B, L0C, UB; informational).  Tiles and compositions are
 * views into the same memory, never copies.  As in CATLASS, a tile keeps its parent's data
 * pointer and adds its coordinate: element c is at data + layout(coord + c).  (A fractal
 * tile that starts off a fractal boundary is no translate of the parent's layout, so a
 * moved pointer with a layout from there would address the wrong elements.)  The pointer carries the TLA_GM qualifier
 * (empty by default), so Ascend-style code can make it `__gm__`.
 *
 * tla_copy (copy.h) copies between any two layouts.  Elements are whole bytes (elem_bytes), or
 * 4 bits (tla_tensor_make_bits(p, 4, ...): int4, fp4, two to a byte, the element at an even
 * offset in the low nibble; read and write them with tla_tensor_get4 / tla_tensor_set4).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   static uint16_t a[32 * 48], b[32 * 48];
 *   tla_layout La = tla_to_layout(tla_zN(tla_half, TLA_C(32), TLA_C(48)));
 *   tla_layout Lb = tla_to_layout(tla_row_major(32, 48));
 *   tla_tensor A = tla_tensor_make(a, sizeof a[0], &La, TLA_POS_L1), B = tla_tensor_make(b, sizeof b[0], &Lb, TLA_POS_GM);
 *   tla_error err;
 *   *(uint16_t *)tla_tensor_at2(&A, 17, 33) = 7;            // element (17,33)
 *   TLA_FOR_EACH(c, &A) { (void)tla_tensor_ptr(&A, &c.tuple); }   // every logical coordinate
 *   if (tla_copy(&B, &A, &err) != 0 || b[17 * 48 + 33] != 7) return 1;   // any two layouts
 */
#ifndef TLA_TENSOR_H
#define TLA_TENSOR_H

#include "tla/rt/formats.h"
#include "tla/algebra/algebra.h"

enum tla_position { TLA_POS_NONE, TLA_POS_GM, TLA_POS_L1, TLA_POS_L0A, TLA_POS_L0B, TLA_POS_L0C, TLA_POS_UB };

typedef struct tla_tensor {
    TLA_GM char *data; /* element 0 of the layout (for a tile: of its parent's) */
    int elem_bytes; /* 0 for 4-bit elements */
    enum tla_position pos;
    int elem_bits; /* 4: two elements to a byte; otherwise 8 * elem_bytes (0 is read as that) */
    tla_layout layout; /* its originShape is the tensor's logical extent */
    int64_t coord[TLA_MAX_RANK]; /* where this view starts inside its parent (tiles); added to
                                  * every coordinate before the layout applies */
} tla_tensor;

TLA_FUNC tla_tensor tla_tensor_make(TLA_GM void *data, int elem_bytes, const tla_layout *L, enum tla_position pos);

/* tla_tensor_make_bits(ptr, bits, &L, position) -> tla_tensor: elements of `bits` bits, 4 (two
 *   to a byte: CATLASS's int4b_t, float4_e2m1x2_t; layouts from tla_layout_format_bits) or a
 *   multiple of 8 (then it is tla_tensor_make(ptr, bits / 8, ...)).  Other widths make a
 *   tensor tla_copy refuses. */
TLA_API tla_tensor tla_tensor_make_bits(TLA_GM void *data, int bits, const tla_layout *L, enum tla_position pos);
TLA_FUNC int tla_tensor_rank(const tla_tensor *t);

/* The logical extent of mode m (originShape, or the mode's size). */
TLA_FUNC int64_t tla_tensor_extent(const tla_tensor *t, int m);

/* Is coord inside the tensor's logical extent (originShape) in every mode? */
TLA_FUNC int tla_tensor_contains(const tla_tensor *t, const tla_tuple *coord);

/* Address of the element at a coordinate (any crd2offset form); NULL if it is invalid. */
/* With TLA_CHECKED defined before including tla.h, element access checks the coordinate
 * against the tensor's extent and gives NULL outside it (a pointer past the buffer
 * otherwise: coordinates are not range-checked, as in CuTe and CATLASS).  Without it the
 * check is not compiled, so it costs nothing. */
TLA_FUNC TLA_GM void *tla_tensor_ptr(const tla_tensor *t, const tla_tuple *coord);

/* Rank-2 shortcut: element (r, c). */
TLA_FUNC TLA_GM void *tla_tensor_at2(const tla_tensor *t, int64_t r, int64_t c);
TLA_FUNC int tla_tensor_get4(const tla_tensor *t, const tla_tuple *coord);
TLA_FUNC int tla_tensor_set4(tla_tensor *t, const tla_tuple *coord, int v);
TLA_FUNC int tla_tensor_get4_at2(const tla_tensor *t, int64_t r, int64_t c);
TLA_FUNC int tla_tensor_set4_at2(tla_tensor *t, int64_t r, int64_t c, int val);

/* GetTile: the tile of extent `tile` (one integer per mode) at element coordinate `coord`,
 * cropped to the parent's originShape.  A view: no data moves.  Like CATLASS's GetTile the
 * tile keeps the parent's data pointer, takes MakeLayoutTile's layout and adds `coord` to
 * its own coordinate, so tile element c is parent element coord + c at any coord, on a
 * fractal boundary or not. */
TLA_FUNC int tla_tensor_tile(tla_tensor *out, const tla_tensor *t, const tla_tuple *tile, const tla_tuple *coord,
                             tla_error *err);

/* local_tile: tile number `index` (one integer per mode) of extent `tile`. */
TLA_FUNC int tla_tensor_local_tile(tla_tensor *out, const tla_tensor *t, const tla_tuple *tile, const tla_tuple *index,
                                   tla_error *err);

/* ---------------------------------------------------------------- tiles inside a parent */

/* A partition through the algebra: the view t o L (L maps the new coordinates to t's
 * 1-D index), e.g. one thread's elements.  Its extent is L's full shape. */
TLA_API int tla_tensor_compose(tla_tensor *out, const tla_tensor *t, const tla_layout *L, tla_error *err);

/* ---------------------------------------------------------------- coordinate loops */

/* A logical coordinate of a tensor, one integer per top-level mode, walked first mode
 * fastest over the tensor's extent (padding excluded). */
typedef struct tla_coord {
    int rank, valid;
    int64_t x[TLA_MAX_RANK], extent[TLA_MAX_RANK];
    tla_tuple tuple; /* the same coordinate as a tuple, for tla_tensor_ptr */
} tla_coord;

TLA_FUNC tla_coord tla_coord_begin(const tla_tensor *t);
TLA_FUNC void tla_coord_next(tla_coord *c);
/* TLA_FOR_EACH(c, &t) { ... c.x[0], c.x[1] ... tla_tensor_ptr(&t, &c.tuple) ... } */
#define TLA_FOR_EACH(c, tp) for (tla_coord c = tla_coord_begin(tp); c.valid; tla_coord_next(&c))

/* ---------------------------------------------------------------- internals */

TLA_FUNC tla_tensor tla_tensor_make(TLA_GM void *data, int elem_bytes, const tla_layout *L, enum tla_position pos) {
    tla_tensor t;
    memset(&t, 0, sizeof t);
    t.data = (TLA_GM char *)data;
    t.elem_bytes = elem_bytes;
    t.elem_bits = 8 * elem_bytes;
    t.pos = pos;
    t.layout = *L;
    return t;
}

TLA_API tla_tensor tla_tensor_make_bits(TLA_GM void *data, int bits, const tla_layout *L, enum tla_position pos)
#if TLA__BODIES
{
    tla_tensor t = tla_tensor_make(data, bits > 0 && bits % 8 == 0 ? bits / 8 : 0, L, pos);
    t.elem_bits = bits;
    return t;
}
#endif
TLA__DECL
/* Are the elements 4 bits wide? */
TLA_FUNC int tla__is4(const tla_tensor *t) { return t->elem_bits == 4 && t->elem_bytes == 0; }
/* The address of the element at offset off (in elements) from data: for 4-bit elements the
 * byte that holds it (off / 2, rounded down). */
TLA_FUNC TLA_GM char *tla__elem_addr(const tla_tensor *t, int64_t off) {
    return tla__is4(t) ? t->data + (off >> 1) : t->data + off * t->elem_bytes;
}

TLA_FUNC int tla_tensor_rank(const tla_tensor *t) { return tla_layout_rank(&t->layout); }
TLA_FUNC int64_t tla_tensor_extent(const tla_tensor *t, int m) { return tla_layout_origin(&t->layout, m); }

/* Does the view start inside its parent (a tile)?  Then element c is at layout(coord + c). */
TLA_FUNC int tla__tensor_has_coord(const tla_tensor *t) {
    int k, r = tla_tensor_rank(t);
    for (k = 0; k < r && k < TLA_MAX_RANK; k++)
        if (t->coord[k] != 0) return 1;
    return 0;
}

/* The position of `coord` (any crd2offset form) along each top-level mode of L: x[m] is
 * the index inside mode m (colexicographic over the mode's leaves); an integer coordinate
 * is split over the modes, the last mode keeping the rest, as crd2offset splits it. */
TLA_FUNC int tla__mode_coords(const tla_layout *L, const tla_tuple *coord, int64_t *x, tla_error *err) {
    int r = tla_layout_rank(L), k;
    tla_tuple ce, se;
    if (tla_tuple_is_int(&L->shape)) {
        ce = *coord;
        if (!tla_tuple_is_int(&ce)
            && (tla_tuple_rank(coord) != 1 || tla__elem(coord, 0, &ce) != 0 || !tla_tuple_is_int(&ce)))
            return tla__fail(err, -1, "crd2offset: the coordinate of a rank-1 integer layout must be an integer");
        x[0] = ce.val[0];
        return 0;
    }
    if (tla_tuple_is_int(coord)) {
        int64_t i = coord->val[0], sz = 0;
        for (k = 0; k < r; k++) {
            if (k == r - 1) {
                x[k] = i;
                break;
            }
            if (tla__elem(&L->shape, k, &se) != 0 || tla_tuple_size(&sz, &se, err) != 0) return -1;
            if (sz <= 0) return tla__fail(err, -1, "crd2offset: cannot split an index over mode %d of size 0", k);
            x[k] = i % sz;
            i /= sz;
        }
        return 0;
    }
    if (coord->nleaf == r && coord->ntok == r + 2) { /* (x0, x1, ...): the common case */
        for (k = 0; k < r; k++) x[k] = coord->val[k];
        return 0;
    }
    if (tla_tuple_rank(coord) != r)
        return tla__fail(err, -1, "crd2offset: coordinate has rank %d but the tensor has rank %d",
                         tla_tuple_rank(coord), r);
    for (k = 0; k < r; k++) {
        tla_layout compact;
        if (tla__elem(coord, k, &ce) != 0 || tla__elem(&L->shape, k, &se) != 0) return -1;
        if (tla_tuple_is_int(&ce)) {
            x[k] = ce.val[0];
            continue;
        }
        /* a coordinate congruent to the mode: its index under the compact strides */
        if (tla_layout_make_compact(&compact, &se, err) != 0
            || tla_tuple_crd2offset(&x[k], &ce, &compact.shape, &compact.stride, err) != 0)
            return -1;
    }
    return 0;
}

/* Offset (in elements, from t->data) of the element at a coordinate.  A tile keeps its
 * parent's data pointer and adds its coordinate inside the parent, as CATLASS's GetTile
 * does: a fractal tile that does not start on a fractal boundary is no translate of the
 * parent's layout, so moving the pointer would address the wrong elements. */
TLA_FUNC int tla__tensor_offset(const tla_tensor *t, const tla_tuple *coord, int64_t *off, tla_error *err) {
    int64_t x[TLA_MAX_RANK];
    tla_tuple c;
    int k, r = coord->nleaf;
    if (coord->ntok == r + 2 && r <= TLA_MAX_RANK) { /* (x0, x1, ...): no tuples to build */
        for (k = 0; k < r && tla__add64(coord->val[k], t->coord[k], &x[k]) == 0; k++) {
        }
        if (k == r && tla__crd_modes(x, r, &t->layout.shape, &t->layout.stride, off) == 0) return 0;
    }
    r = tla_tensor_rank(t);
    if (!tla__tensor_has_coord(t)) return tla_layout_crd2offset(off, &t->layout, coord, err);
    if (tla__mode_coords(&t->layout, coord, x, err) != 0) return -1;
    for (k = 0; k < r; k++)
        if (tla__add64(x[k], t->coord[k], &x[k]) != 0) return tla__fail(err, -1, "crd2offset: coordinate overflows");
    if (tla_tuple_is_int(&t->layout.shape))
        c = tla_tuple_leaf(x[0], 0);
    else
        tla__flat_tuple(&c, r, x, 0);
    return tla_layout_crd2offset(off, &t->layout, &c, err);
}

TLA_FUNC int tla_tensor_contains(const tla_tensor *t, const tla_tuple *coord) {
    int64_t x[TLA_MAX_RANK];
    int m, r = tla_tensor_rank(t);
    if (tla__mode_coords(&t->layout, coord, x, NULL) != 0) return 0;
    for (m = 0; m < r; m++)
        if (x[m] < 0 || x[m] >= tla_tensor_extent(t, m)) return 0;
    return 1;
}

TLA_FUNC TLA_GM void *tla_tensor_ptr(const tla_tensor *t, const tla_tuple *coord) {
    int64_t off = 0;
#ifdef TLA_CHECKED
    if (!tla_tensor_contains(t, coord)) return NULL;
#endif
    if (tla__tensor_offset(t, coord, &off, NULL) != 0) return NULL;
    return tla__elem_addr(t, off);
}
TLA_FUNC TLA_GM void *tla_tensor_at2(const tla_tensor *t, int64_t r, int64_t c) {
    tla_tuple crd;
    int64_t v[2];
#ifndef TLA_CHECKED
    int64_t off;
    /* the common case, without building a coordinate tuple */
    if (tla__add64(r, t->coord[0], &v[0]) == 0 && tla__add64(c, t->coord[1], &v[1]) == 0
        && tla__crd_modes(v, 2, &t->layout.shape, &t->layout.stride, &off) == 0)
        return tla__elem_addr(t, off);
#endif
    v[0] = r, v[1] = c;
    tla__flat_tuple(&crd, 2, v, 0);
    return tla_tensor_ptr(t, &crd);
}

/* 4-bit element off of p (off may be odd: the high nibble), and its store. */
TLA_FUNC int tla__nib_get(const TLA_GM char *p, int64_t off) {
    return ((const TLA_GM unsigned char *)p)[off >> 1] >> (4 * (off & 1)) & 15;
}
TLA_FUNC void tla__nib_put(TLA_GM char *p, int64_t off, int v) {
    TLA_GM unsigned char *b = (TLA_GM unsigned char *)p + (off >> 1);
    int sh = 4 * (int)(off & 1);
    *b = (unsigned char)((*b & ~(15 << sh)) | (v & 15) << sh);
}

/* tla_tensor_get4(&t, &coord), tla_tensor_get4_at2(&t, r, c) -> the 4-bit element, 0..15; -1 for
 *   an invalid coordinate (outside the extent, with TLA_CHECKED) or a tensor whose elements are
 *   not 4 bits.  tla_tensor_set4(&t, &coord, v), tla_tensor_set4_at2(&t, r, c, v) -> 0 or -1:
 *   stores the low 4 bits of v and leaves the other element of the byte alone. */
TLA_FUNC int tla__tensor_offset4(const tla_tensor *t, const tla_tuple *coord, int64_t *off) {
    if (!tla__is4(t)) return -1;
#ifdef TLA_CHECKED
    if (!tla_tensor_contains(t, coord)) return -1;
#endif
    return tla__tensor_offset(t, coord, off, NULL);
}
TLA_FUNC int tla_tensor_get4(const tla_tensor *t, const tla_tuple *coord) {
    int64_t off = 0;
    return tla__tensor_offset4(t, coord, &off) != 0 ? -1 : tla__nib_get(t->data, off);
}
TLA_FUNC int tla_tensor_set4(tla_tensor *t, const tla_tuple *coord, int v) {
    int64_t off = 0;
    if (tla__tensor_offset4(t, coord, &off) != 0) return -1;
    tla__nib_put(t->data, off, v);
    return 0;
}
TLA_FUNC int tla_tensor_get4_at2(const tla_tensor *t, int64_t r, int64_t c) {
    tla_tuple crd;
    int64_t v[2];
    v[0] = r, v[1] = c;
    tla__flat_tuple(&crd, 2, v, 0);
    return tla_tensor_get4(t, &crd);
}
TLA_FUNC int tla_tensor_set4_at2(tla_tensor *t, int64_t r, int64_t c, int val) {
    tla_tuple crd;
    int64_t v[2];
    v[0] = r, v[1] = c;
    tla__flat_tuple(&crd, 2, v, 0);
    return tla_tensor_set4(t, &crd, val);
}

/* tla_tensor_make(ptr, elem_bytes, &L, position) -> tla_tensor; tla_tensor_ptr(&t, &coord), tla_tensor_at2(&t, r, c)
 *   -> element address (NULL for an invalid coordinate); tla_tensor_tile(&T, &t, &tile, &coord, err),
 *   tla_tensor_local_tile(&T, &t, &tile, &index, err), tla_tensor_compose(&T, &t, &L, err) -> 0 or -1
 *   A tile keeps its parent's data and adds its coordinate; at or past the originShape it is empty.
 *   Errors: "get_tile: coordinate c of mode m is negative", "compose: the tensor is a tile that does not start ...".
 * Example:
 *   static float m[32 * 48];
 *   tla_layout L;  tla_tuple tile, crd;  tla_tensor A, T;  tla_error e;
 *   tla_layout_format(&L, TLA_ZN, 4, 32, 48, &e);
 *   A = tla_tensor_make(m, sizeof m[0], &L, TLA_POS_L1);
 *   tla_tuple_parse(&tile, "(16,16)", &e);
 *   tla_tuple_parse(&crd, "(0,4)", &e);                        // off the 8-wide fractals of float
 *   if (tla_tensor_tile(&T, &A, &tile, &crd, &e) != 0) return 1;
 *   if (tla_tensor_at2(&T, 1, 5) != tla_tensor_at2(&A, 1, 9)) return 1;
 */
/* Whether shape S is a tuple of exactly r modes, each an integer or a pair of integers (the
 * structure of every format): nleaf[k] is then 1 or 2, the leaves of mode k. */
TLA_FUNC int tla__modes_of_pairs(const tla_tuple *S, int r, int *nleaf) {
    int k, i = 1;
    if (S->ntok < 2 || S->tok[0] != TLA_TOK_OPEN) return 0;
    for (k = 0; k < r; k++) {
        if (i < S->ntok && S->tok[i] == TLA_TOK_LEAF)
            nleaf[k] = 1, i += 1;
        else if (i + 3 < S->ntok && S->tok[i] == TLA_TOK_OPEN && S->tok[i + 1] == TLA_TOK_LEAF
                 && S->tok[i + 2] == TLA_TOK_LEAF && S->tok[i + 3] == TLA_TOK_CLOSE)
            nleaf[k] = 2, i += 4;
        else
            return 0;
    }
    return i == S->ntok - 1 && S->tok[i] == TLA_TOK_CLOSE;
}

/* The common case in one pass, without building tuples: flat tile and coordinate of one
 * integer per mode, a shape whose modes are integers or pairs (r0, n) (every format), the
 * coordinate inside the extent and the tile no larger than the mode.  It writes what the
 * general path below computes (tests/test_tensor.c compares the two); 1 when it did, 0 when
 * the general path must (it has the checks and the messages). */
TLA_FUNC int tla__tensor_tile_fast(tla_tensor *out, const tla_tensor *t, const tla_tuple *tile,
                                   const tla_tuple *coord) {
    const tla_tuple *S = &t->layout.shape;
    int64_t ext[TLA_MAX_RANK], sv[TLA_MAX_LEAVES], x[TLA_MAX_RANK], o, n, c;
    unsigned stat = S->stat;
    int r = tile->nleaf, k, leaf = 0, nl[TLA_MAX_RANK];
    if (r < 1 || r > TLA_MAX_RANK || tile->ntok != r + 2 || coord->nleaf != r || coord->ntok != r + 2
        || !tla__modes_of_pairs(S, r, nl))
        return 0;
    for (k = 0; k < r; k++) {
        n = tile->val[k], c = coord->val[k];
        if (n < 0) return 0;
        if (nl[k] == 1) { /* an integer mode: becomes the tile extent */
            if (n > S->val[leaf]) return 0;
            o = S->val[leaf];
            sv[leaf] = n;
            stat = (stat & ~(1u << leaf)) | ((tile->stat >> k) & 1u) << leaf;
            leaf += 1;
        } else { /* a pair (r0, m): becomes (r0, ceil(n / r0)), the count dynamic */
            if (S->val[leaf] <= 0 || tla_ceil_div(n, S->val[leaf]) > S->val[leaf + 1]
                || tla__mul64(S->val[leaf], S->val[leaf + 1], &o) != 0)
                return 0;
            sv[leaf] = S->val[leaf];
            sv[leaf + 1] = tla_ceil_div(n, S->val[leaf]);
            stat &= ~(1u << (leaf + 1));
            leaf += 2;
        }
        if (t->layout.has_origin) o = t->layout.origin[k];
        if (c < 0 || c >= o || tla__add64(t->coord[k], c, &x[k]) != 0) return 0;
        ext[k] = o - c < n ? o - c : n; /* cropped to the parent's extent */
    }
    if (leaf != S->nleaf) return 0;
    if (out != t) *out = *t;
    for (k = 0; k < leaf; k++) out->layout.shape.val[k] = sv[k];
    out->layout.shape.stat = stat;
    out->layout.has_origin = 1;
    for (k = 0; k < TLA_MAX_RANK; k++) {
        out->layout.origin[k] = k < r ? ext[k] : 0;
        if (k < r) out->coord[k] = x[k];
    }
    return 1;
}

/* The general path: any tile the layout's tile rules allow, with the errors. */
TLA_FUNC int tla__tensor_tile_general(tla_tensor *out, const tla_tensor *t, const tla_tuple *tile,
                                      const tla_tuple *coord, tla_error *err) {
    tla_tensor r = *t;
    int64_t off = 0, x[TLA_MAX_RANK];
    int k;
    if (tla_layout_get_tile(&r.layout, &off, &t->layout, tile, coord, err) != 0) return -1;
    if (tla__mode_coords(&t->layout, coord, x, err) != 0) return -1;
    for (k = 0; k < tla_layout_rank(&r.layout); k++)
        if (tla__add64(t->coord[k], x[k], &r.coord[k]) != 0)
            return tla__fail(err, -1, "get_tile: coordinate overflows");
    *out = r;
    return 0;
}

TLA_FUNC int tla_tensor_tile(tla_tensor *out, const tla_tensor *t, const tla_tuple *tile, const tla_tuple *coord,
                             tla_error *err) {
    if (tla__tensor_tile_fast(out, t, tile, coord)) return 0;
    return tla__tensor_tile_general(out, t, tile, coord, err);
}

TLA_FUNC int tla_tensor_local_tile(tla_tensor *out, const tla_tensor *t, const tla_tuple *tile, const tla_tuple *index,
                                   tla_error *err) {
    tla_tuple crd = *index;
    int k;
    if (tile->nleaf != index->nleaf || tla_tuple_depth(tile) > 1)
        return tla__fail(err, -1, "local_tile: the tile and the tile index need one integer per mode");
    for (k = 0; k < crd.nleaf; k++)
        if (tla__mul64(index->val[k], tile->val[k], &crd.val[k]) != 0)
            return tla__fail(err, -1, "local_tile: overflow");
    crd.stat = 0;
    return tla_tensor_tile(out, t, tile, &crd, err);
}

/* ---------------------------------------------------------------- tiles inside a parent */

#define TLA__UNBOUNDED INT64_MAX

/* How far from position p of mode m of L the mode stays a translate of itself:
 * L_m(p + x) == L_m(p) + L_m(x) for 0 <= x < the result (TLA__UNBOUNDED: for every x).
 * Why: let P_k be the product of the mode's first k leaves and k the largest with p a
 * multiple of P_k.  Then the first k digits of p + x are those of x, and digit k is
 * p's plus x's while p + x stays in p's block of P_{k+1}; the last leaf has no bound. */
TLA_FUNC int64_t tla__translate_run(const tla_layout *L, int m, int64_t p) {
    int64_t P = 1, next;
    int k, leaf = 0, n = 0;
    if (p < 0) return 1; /* never made by a tile; element by element is always right */
    if (p == 0 || tla__elem_leaves(&L->shape, m, &leaf, &n, NULL) != 0) return TLA__UNBOUNDED;
    for (k = 0; k + 1 < n; k++) {
        int64_t v = L->shape.val[leaf + k];
        if (v <= 0 || tla__mul64(P, v, &next) != 0) return TLA__UNBOUNDED;
        if (p % next != 0) return next - p % next;
        P = next;
    }
    return TLA__UNBOUNDED;
}

/* Move a tile's coordinate into its data pointer when that is exact (every mode starts
 * on a boundary its layout repeats at: a fractal, a whole row...); -1 if it is not. */
TLA_FUNC int tla__tensor_absorb_coord(tla_tensor *t) {
    int64_t off = 0;
    tla_tuple c;
    int k, r = tla_tensor_rank(t);
    if (!tla__tensor_has_coord(t)) return 0;
    for (k = 0; k < r; k++)
        if (t->coord[k] < 0 || tla__translate_run(&t->layout, k, t->coord[k]) != TLA__UNBOUNDED) return -1;
    if (tla_tuple_is_int(&t->layout.shape))
        c = tla_tuple_leaf(t->coord[0], 0);
    else
        tla__flat_tuple(&c, r, t->coord, 0);
    if (tla_layout_crd2offset(&off, &t->layout, &c, NULL) != 0 || (tla__is4(t) && off % 2 != 0)) return -1;
    t->data = tla__elem_addr(t, off);
    memset(t->coord, 0, sizeof t->coord);
    return 0;
}

TLA_API int tla_tensor_compose(tla_tensor *out, const tla_tensor *t, const tla_layout *L, tla_error *err)
#if TLA__BODIES
{
    tla_tensor r = *t;
    tla_layout A;
    if (tla__tensor_absorb_coord(&r) != 0)
        return tla__fail(err, -1,
                         "compose: the tensor is a tile that does not start on a boundary of its "
                         "layout's modes (a fractal); copy it to its own tensor first");
    A = r.layout;
    if (tla_composition(&r.layout, &A, L, err) != 0) return -1;
    r.layout.has_origin = 0;
    memset(r.coord, 0, sizeof r.coord);
    *out = r;
    return 0;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- coordinate loops */

TLA_FUNC void tla__coord_sync(tla_coord *c) {
    int k;
    for (k = 0; k < c->rank; k++) c->tuple.val[k] = c->x[k];
}
TLA_FUNC tla_coord tla_coord_begin(const tla_tensor *t) {
    tla_coord c;
    int k;
    memset(&c, 0, sizeof c);
    c.rank = tla_tensor_rank(t);
    c.valid = 1;
    for (k = 0; k < c.rank; k++) {
        c.extent[k] = tla_tensor_extent(t, k);
        if (c.extent[k] <= 0) c.valid = 0;
    }
    tla__flat_tuple(&c.tuple, c.rank, c.x, 0);
    if (c.rank == 1 && tla_tuple_is_int(&t->layout.shape)) c.tuple = tla_tuple_leaf(0, 0);
    return c;
}
TLA_FUNC void tla_coord_next(tla_coord *c) {
    int k;
    for (k = 0; k < c->rank; k++) {
        if (++c->x[k] < c->extent[k]) {
            tla__coord_sync(c);
            return;
        }
        c->x[k] = 0;
    }
    c->valid = 0;
}

/* tla_copy and its planner: copy.h (included by tla.h after this header). */

#endif
