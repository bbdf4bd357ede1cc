/* tla/catlass.h - the rest of CATLASS's TLA surface at run time: layout tags, tensors made
 * at a coordinate or like another tensor, slices that keep originShape, and a leading batch
 * mode.  (GetTile, TileView, GetTileLayout and MakeLayoutTile are tensor/tensor.h's and
 * rt/formats.h's tla_tensor_tile, tla_tensor_local_tile, tla_layout_get_tile and
 * tla_layout_make_tile; docs/catlass.md's table maps every name.)
 *
 *   tla_layout_tag          Catlass::layout::RowMajor / ColumnMajor / VectorLayout / zN / nZ /
 *                           zZ / nN / L0C: the shape, stride and originShape such a tag stores
 *   tla_layout_tag_make     Tag::MakeLayout<Element>(rows, cols)
 *   tla_layout_from_tag     tla::MakeLayoutFromTag(tag)
 *   tla_tensor_make_at      tla::MakeTensor(ptr, layout, coord, position)
 *   tla_tensor_make_like    tla::MakeTensorLike<LayoutTag, Element>(ptr, like, position)
 *   tla_tensor_make_like_base  ... (ptr, like, position, layoutBase)
 *   tla_tensor_slice        tensor(_, j): the modes marked TLA_UNDERSCORE, keeping originShape
 *   tla_layout_prepend_dim  tla::PrependDimLayout_t / MakeBatchedLayout_t, as a value
 *   tla_layout_origin_shape layout.originShape() as a tuple
 *
 * Everything returns 0, or -1 with *err saying what is wrong (the outputs are then untouched).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   static uint16_t a[100 * 70], l1[112 * 80];
 *   tla_layout_tag tag;  tla_layout La;  tla_tensor A, T, B;  tla_tuple tile, crd;  tla_error e;
 *   if (tla_layout_tag_make(&tag, TLA_ROW_MAJOR, 2, 100, 70, &e) != 0) return 1;  // layout::RowMajor{100, 70}
 *   if (tla_layout_from_tag(&La, &tag, &e) != 0) return 1;                        // (100,70):(70,_1)
 *   A = tla_tensor_make(a, 2, &La, TLA_POS_GM);
 *   tla_tuple_parse(&tile, "(64,48)", &e);
 *   tla_tuple_parse(&crd, "(64,48)", &e);
 *   if (tla_tensor_tile(&T, &A, &tile, &crd, &e) != 0) return 1;                 // a tail tile: 36 x 22
 *   if (tla_tensor_make_like(&B, l1, 2, TLA_ZN, &T, TLA_POS_L1, &e) != 0) return 1;   // zN, 36 x 22
 *   if (tla_tensor_extent(&B, 0) != 36 || tla_tensor_extent(&B, 1) != 22) return 1;
 */
#ifndef TLA_CATLASS_H
#define TLA_CATLASS_H

#include "tla/tensor/tensor.h"

/* ---------------------------------------------------------------- layout tags */

/* A CATLASS layout tag as data.  Rank-2 tags (RowMajor, ColumnMajor) use shape[0..1] and
 * stride[0..1]; VectorLayout shape[0] and stride[0]; the fractal tags (zN, nZ, zZ, nN, L0C)
 * shape[0..3] = (rows in a fractal, fractals down, cols in a fractal, fractals across),
 * stride[0..3] likewise, and org = (rows, cols), as Catlass::layout::zN stores them. */
typedef struct tla_layout_tag {
    enum tla_format format;
    int64_t shape[4];
    int64_t stride[4];
    int64_t org[2];
} tla_layout_tag;

/* tla_layout_tag_make(&tag, format, elem_bytes, rows, cols, err) -> 0 or -1
 *   The tag CATLASS's Tag::MakeLayout<Element>(rows, cols) returns (a vector: VectorLayout(cols)),
 *   read off tla_layout_format's layout, so both always agree.
 *   Errors: those of tla_layout_format (element size, negative or overflowing sizes).
 * Example:
 *   tla_layout_tag t;  tla_error e;
 *   if (tla_layout_tag_make(&t, TLA_ZN, 2, 40, 70, &e) != 0) return 1;
 *   if (t.shape[1] != 3 || t.shape[3] != 5 || t.stride[3] != 48 * 16 || t.org[1] != 70) return 1;
 */
TLA_API int tla_layout_tag_make(tla_layout_tag *out, enum tla_format f, int elem_bytes, int64_t rows, int64_t cols,
                                tla_error *err);

/* tla_layout_from_tag(&L, &tag, err) -> 0 or -1: tla::MakeLayoutFromTag
 *   RowMajor   (rows,cols):(ld,_1)            originShape (rows,cols)
 *   ColumnMajor (rows,cols):(_1,ld)           originShape (rows,cols)
 *   VectorLayout (n):(d)                      originShape (n)
 *   zN, nZ, zZ, nN, L0C ((s0,s1),(s2,s3)):((d0,d1),(d2,d3)), originShape org
 *   (CATLASS takes zN, nZ and L0C; zZ and nN are built the same way here.)
 *   Errors: a negative extent; a RowMajor tag whose column stride is not 1 (or a ColumnMajor
 *   one whose row stride is not 1: CATLASS would drop it silently); an originShape past the
 *   fractal shape; an unknown format.
 * Example:
 *   tla_layout_tag t = { TLA_ROW_MAJOR, {4, 6}, {8, 1}, {0, 0} };   // layout::RowMajor{4, 6, 8}
 *   tla_layout L;  tla_error e;  char s[64];
 *   if (tla_layout_from_tag(&L, &t, &e) != 0) return 1;
 *   tla_layout_snprint(s, sizeof s, &L);
 *   if (strcmp(s, "(4,6):(8,_1)") != 0) return 1;
 */
TLA_FUNC int tla_layout_from_tag(tla_layout *out, const tla_layout_tag *tag, tla_error *err);

/* ---------------------------------------------------------------- tensors */

/* tla_tensor_make_at(&t, ptr, elem_bytes, &L, &coord, position, err) -> 0 or -1
 *   tla::MakeTensor(ptr, layout, coord, position): element c is at ptr + L(coord + c), the way
 *   a tile keeps its parent's pointer.  coord: one integer >= 0 per top-level mode (NULL: 0).
 *   Errors: "make_tensor: the coordinate needs one integer per mode (rank R)", a negative
 *   element, elem_bytes not positive.
 * Example:
 *   static float m[32 * 32];
 *   tla_layout L;  tla_tuple c;  tla_tensor t;  tla_error e;
 *   tla_layout_format(&L, TLA_ROW_MAJOR, 4, 32, 32, &e);
 *   tla_tuple_parse(&c, "(2,3)", &e);
 *   if (tla_tensor_make_at(&t, m, 4, &L, &c, TLA_POS_GM, &e) != 0) return 1;
 *   if (tla_tensor_at2(&t, 1, 1) != (void *)&m[3 * 32 + 4]) return 1;
 */
TLA_FUNC int tla_tensor_make_at(tla_tensor *out, TLA_GM void *data, int elem_bytes, const tla_layout *L,
                                const tla_tuple *coord, enum tla_position pos, tla_error *err);

/* tla_tensor_make_like(&t, ptr, elem_bytes, format, &like, position, err) -> 0 or -1
 *   tla::MakeTensorLike<LayoutTag, Element>(ptr, like, position): a tensor over ptr in `format`
 *   for elem_bytes-byte elements, whose extent is like's originShape (a rank-1 like gives a
 *   vector; a fractal format pads the buffer to whole fractals).  The element size may
 *   differ from like's (L0C keeps float accumulators of a half C).
 *   Errors: like of rank other than 1 or 2; those of tla_layout_format.
 * Example: see the top of this file.
 */
TLA_FUNC int tla_tensor_make_like(tla_tensor *out, TLA_GM void *data, int elem_bytes, enum tla_format f,
                                  const tla_tensor *like, enum tla_position pos, tla_error *err);

/* tla_tensor_make_like_base(&t, ptr, elem_bytes, &like, &base, position, err) -> 0 or -1
 *   MakeTensorLike(ptr, like, position, layoutBase): base's shape and stride (a buffer laid out
 *   for the largest tile, say) with like's originShape (the tile actually there).
 *   Errors: base and like of different ranks; an extent of like past base's mode.
 * Example:
 *   static uint16_t l1[128 * 128], g[100 * 100];
 *   tla_layout Lb, Lg;  tla_tensor G, T, B;  tla_tuple tile, crd;  tla_error e;
 *   tla_layout_format(&Lb, TLA_ZN, 2, 128, 128, &e);
 *   tla_layout_format(&Lg, TLA_ROW_MAJOR, 2, 100, 100, &e);
 *   G = tla_tensor_make(g, 2, &Lg, TLA_POS_GM);
 *   tla_tuple_parse(&tile, "(128,128)", &e);  tla_tuple_parse(&crd, "(0,0)", &e);
 *   if (tla_tensor_tile(&T, &G, &tile, &crd, &e) != 0) return 1;                // 100 x 100 of a 128 x 128 tile
 *   if (tla_tensor_make_like_base(&B, l1, 2, &T, &Lb, TLA_POS_L1, &e) != 0) return 1;
 *   if (tla_tensor_extent(&B, 0) != 100 || !tla_tuple_equal(&B.layout.stride, &Lb.stride)) return 1;  // zN strides, 100 x 100
 */
TLA_FUNC int tla_tensor_make_like_base(tla_tensor *out, TLA_GM void *data, int elem_bytes, const tla_tensor *like,
                                       const tla_layout *base, enum tla_position pos, tla_error *err);

/* tla_tensor_slice(&s, &t, &coord, err) -> 0 or -1: tensor(i, _) in CATLASS
 *   coord has one integer per top-level mode of t; the modes given as TLA_UNDERSCORE (`_` in
 *   the parser) are kept, in order, with their originShape; the others are fixed there.
 *   A view: element c of the slice is element (c placed at the `_` modes, the fixed integers
 *   elsewhere) of t.  t may be a tile at any coordinate: its coordinate stays with the kept
 *   modes, so a slice of a fractal tile off a fractal boundary still addresses the right elements.
 *   Errors: a coordinate that is not one integer or `_` per mode; no `_`; a fixed integer
 *   outside the mode's originShape.
 * Example:
 *   static float m[32 * 48];
 *   tla_layout L;  tla_tuple c, p[2];  tla_tensor A, row;  tla_error e;
 *   tla_layout_format(&L, TLA_ZN, 4, 30, 48, &e);
 *   A = tla_tensor_make(m, 4, &L, TLA_POS_L1);
 *   p[0] = tla_tuple_leaf(5, 0), p[1] = tla_tuple_leaf(TLA_UNDERSCORE, 0);
 *   tla_tuple_join(&c, 2, p, &e);                                         // (5,_): row 5
 *   if (tla_tensor_slice(&row, &A, &c, &e) != 0 || tla_tensor_extent(&row, 0) != 48) return 1;
 *   tla_tuple i = tla_tuple_leaf(17, 0);
 *   if (tla_tensor_ptr(&row, &i) != tla_tensor_at2(&A, 5, 17)) return 1;
 */
TLA_FUNC int tla_tensor_slice(tla_tensor *out, const tla_tensor *t, const tla_tuple *coord, tla_error *err);

/* ---------------------------------------------------------------- layouts */

/* tla_layout_prepend_dim(&out, &L, extent, stride, err) -> 0 or -1
 *   PrependDimLayout_t / MakeBatchedLayout_t as a value: (extent, L's modes...) with stride
 *   (stride, L's strides...) and originShape (extent, L's originShape...).  A rank-8 L has
 *   no room (TLA_MAX_RANK) and is an error.
 * Example:
 *   tla_layout L, B;  tla_error e;
 *   tla_layout_format(&L, TLA_ZN, 2, 40, 70, &e);
 *   if (tla_layout_prepend_dim(&B, &L, 3, 48 * 80, &e) != 0 || tla_layout_rank(&B) != 3) return 1;
 *   if (tla_layout_origin(&B, 0) != 3 || tla_layout_origin(&B, 2) != 70) return 1;
 */
TLA_FUNC int tla_layout_prepend_dim(tla_layout *out, const tla_layout *L, int64_t extent, int64_t stride,
                                    tla_error *err);

/* tla_layout_origin_shape(&L) -> tla_tuple: layout.originShape(), one integer per top-level
 *   mode (an integer for a rank-1 integer layout).  tla_layout_origin(&L, m) gives one.
 * Example:
 *   tla_layout L;  tla_error e;
 *   tla_layout_format(&L, TLA_NZ, 2, 40, 70, &e);
 *   tla_tuple o = tla_layout_origin_shape(&L);
 *   if (tla_tuple_rank(&o) != 2 || o.val[0] != 40 || o.val[1] != 70) return 1;
 */
TLA_FUNC tla_tuple tla_layout_origin_shape(const tla_layout *L);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- layout tags */

/* 1 for the formats whose tags are fractal (4-D shape + originShape). */
TLA_FUNC int tla__tag_is_fractal(enum tla_format f) {
    return f == TLA_ZN || f == TLA_ZZ || f == TLA_NZ || f == TLA_NN || f == TLA_L0C;
}

TLA_API int tla_layout_tag_make(tla_layout_tag *out, enum tla_format f, int elem_bytes, int64_t rows, int64_t cols,
                                tla_error *err)
#if TLA__BODIES
{
    tla_layout L;
    tla_layout_tag t;
    int k;
    if (tla_layout_format(&L, f, elem_bytes, rows, cols, err) != 0) return -1;
    memset(&t, 0, sizeof t);
    t.format = f;
    for (k = 0; k < L.shape.nleaf && k < 4; k++) {
        t.shape[k] = L.shape.val[k];
        t.stride[k] = L.stride.val[k];
    }
    t.org[0] = f == TLA_VECTOR ? cols : rows;
    t.org[1] = f == TLA_VECTOR ? 0 : cols;
    *out = t;
    return 0;
}
#endif
TLA__DECL

TLA_FUNC int tla_layout_from_tag(tla_layout *out, const tla_layout_tag *tag, tla_error *err) {
    tla_tuple sh, st;
    tla_layout L;
    int k, nshape = tag->format == TLA_VECTOR ? 1 : tla__tag_is_fractal(tag->format) ? 4 : 2;
    if (tag->format < TLA_ROW_MAJOR || tag->format > TLA_VECTOR)
        return tla__fail(err, -1, "from_tag: unknown layout tag format %d", (int)tag->format);
    for (k = 0; k < nshape; k++)
        if (tag->shape[k] < 0)
            return tla__fail(err, -1, "from_tag: shape[%d] is negative (%lld)", k, (long long)tag->shape[k]);
    if (tag->format == TLA_ROW_MAJOR && tag->stride[1] != 1)
        return tla__fail(err, -1, "from_tag: a RowMajor tag has column stride 1, not %lld", (long long)tag->stride[1]);
    if (tag->format == TLA_COLUMN_MAJOR && tag->stride[0] != 1)
        return tla__fail(err, -1, "from_tag: a ColumnMajor tag has row stride 1, not %lld", (long long)tag->stride[0]);
    if (tag->format == TLA_VECTOR) {
        sh = tla_tuple_leaf(tag->shape[0], 0);
        st = tla_tuple_leaf(tag->stride[0], 0);
    } else if (nshape == 2) {
        tla__flat_tuple(&sh, 2, tag->shape, 0);
        tla__flat_tuple(&st, 2, tag->stride, tag->format == TLA_ROW_MAJOR ? 2u : 1u); /* the _1 is static */
    } else {
        for (k = 0; k < 2; k++) {
            int64_t m = 0;
            if (tag->org[k] < 0) return tla__fail(err, -1, "from_tag: org[%d] is negative", k);
            if (tla__mul64(tag->shape[2 * k], tag->shape[2 * k + 1], &m) != 0)
                return tla__fail(err, -1, "from_tag: mode %d's size overflows int64", k);
            if (tag->org[k] > m)
                return tla__fail(err, -1, "from_tag: org[%d] = %lld is past the fractal shape (%lld)", k,
                                 (long long)tag->org[k], (long long)m);
        }
        tla__fractal_tuple(&sh, tag->shape, 0);
        tla__fractal_tuple(&st, tag->stride, 0);
    }
    if (tla_layout_make(&L, &sh, &st, err) != 0) return -1;
    L.has_origin = 1;
    if (tag->format == TLA_VECTOR)
        L.origin[0] = tag->shape[0];
    else
        for (k = 0; k < 2; k++) L.origin[k] = nshape == 2 ? tag->shape[k] : tag->org[k];
    *out = L;
    return 0;
}

/* ---------------------------------------------------------------- tensors */

TLA_FUNC int tla_tensor_make_at(tla_tensor *out, TLA_GM void *data, int elem_bytes, const tla_layout *L,
                                const tla_tuple *coord, enum tla_position pos, tla_error *err) {
    tla_tensor t;
    int r = tla_layout_rank(L), k;
    tla_tuple e;
    if (elem_bytes <= 0) return tla__fail(err, -1, "make_tensor: elem_bytes must be positive, not %d", elem_bytes);
    t = tla_tensor_make(data, elem_bytes, L, pos);
    if (coord) {
        if (tla_tuple_is_int(coord) ? r != 1 : tla_tuple_rank(coord) != r || tla_tuple_depth(coord) != 1)
            return tla__fail(err, -1, "make_tensor: the coordinate needs one integer per mode (rank %d)", r);
        for (k = 0; k < r; k++) {
            if (tla_tuple_is_int(coord))
                e = *coord;
            else
                tla__elem(coord, k, &e);
            if (e.val[0] < 0)
                return tla__fail(err, -1, "make_tensor: coordinate %lld of mode %d is negative", (long long)e.val[0],
                                 k);
            t.coord[k] = e.val[0];
        }
    }
    *out = t;
    return 0;
}

/* The (rows, cols) extent of a rank-1 or rank-2 tensor (a vector: (0, len)). */
TLA_FUNC int tla__like_extent(const tla_tensor *like, int64_t *rows, int64_t *cols, const char *fn, tla_error *err) {
    int r = tla_tensor_rank(like);
    if (r != 1 && r != 2) return tla__fail(err, -1, "%s: the like tensor has rank %d; it must be 1 or 2", fn, r);
    *rows = r == 2 ? tla_tensor_extent(like, 0) : 0;
    *cols = tla_tensor_extent(like, r - 1);
    return 0;
}

TLA_FUNC int tla_tensor_make_like(tla_tensor *out, TLA_GM void *data, int elem_bytes, enum tla_format f,
                                  const tla_tensor *like, enum tla_position pos, tla_error *err) {
    tla_layout L;
    int64_t rows = 0, cols = 0;
    memset(&L, 0, sizeof L); /* (gcc -O1 cannot see that tla_layout_format writes it when it returns 0) */
    if (tla__like_extent(like, &rows, &cols, "make_tensor_like", err) != 0) return -1;
    if (tla_tensor_rank(like) == 1) f = TLA_VECTOR;
    if (tla_layout_format(&L, f, elem_bytes, rows, cols, err) != 0) return -1;
    *out = tla_tensor_make(data, elem_bytes, &L, pos);
    return 0;
}

TLA_FUNC int tla_tensor_make_like_base(tla_tensor *out, TLA_GM void *data, int elem_bytes, const tla_tensor *like,
                                       const tla_layout *base, enum tla_position pos, tla_error *err) {
    tla_layout L = *base;
    int r = tla_layout_rank(base), k;
    int64_t o[TLA_MAX_RANK];
    tla_tuple origin;
    if (tla_tensor_rank(like) != r)
        return tla__fail(err, -1, "make_tensor_like: the like tensor has rank %d but the base layout %d",
                         tla_tensor_rank(like), r);
    for (k = 0; k < r; k++) o[k] = tla_tensor_extent(like, k);
    tla__flat_tuple(&origin, r, o, 0);
    if (r == 1) origin = tla_tuple_leaf(o[0], 0);
    if (tla_layout_set_origin(&L, &origin, err) != 0) return -1;
    if (elem_bytes <= 0) return tla__fail(err, -1, "make_tensor_like: elem_bytes must be positive, not %d", elem_bytes);
    *out = tla_tensor_make(data, elem_bytes, &L, pos);
    return 0;
}

TLA_FUNC int tla_tensor_slice(tla_tensor *out, const tla_tensor *t, const tla_tuple *coord, tla_error *err) {
    int r = tla_tensor_rank(t), k, nk = 0;
    tla_tuple e, ks[TLA_MAX_RANK], kd[TLA_MAX_RANK], fixed;
    tla_layout one, L;
    tla_tensor s;
    int64_t off = 0, part = 0, korigin[TLA_MAX_RANK], kcoord[TLA_MAX_RANK];
    if (tla_tuple_is_int(coord) || tla_tuple_rank(coord) != r || tla_tuple_depth(coord) != 1)
        return tla__fail(err, -1, "slice: the coordinate needs one integer or _ per mode (rank %d)", r);
    for (k = 0; k < r; k++) {
        int path[1];
        path[0] = k;
        if (tla__elem(coord, k, &e) != 0 || tla_layout_get(&one, &t->layout, 1, path, err) != 0)
            return tla__fail(err, -1, "slice: the tensor has no mode %d", k);
        if (e.val[0] == TLA_UNDERSCORE) {
            ks[nk] = one.shape, kd[nk] = one.stride;
            korigin[nk] = tla_tensor_extent(t, k), kcoord[nk] = t->coord[k];
            nk++;
            continue;
        }
        if (e.val[0] < 0 || e.val[0] >= tla_tensor_extent(t, k))
            return tla__fail(err, -1, "slice: %lld is outside mode %d (extent %lld)", (long long)e.val[0], k,
                             (long long)tla_tensor_extent(t, k));
        /* the fixed mode's offset, at the tensor's own coordinate plus this one */
        if (tla__add64(t->coord[k], e.val[0], &part) != 0) return tla__fail(err, -1, "slice: coordinate overflows");
        fixed = tla_tuple_leaf(part, 0);
        one.has_origin = 0;
        if (tla_layout_crd2offset(&part, &one, &fixed, err) != 0 || tla__add64(off, part, &off) != 0)
            return tla__fail(err, -1, "slice: the offset of mode %d overflows", k);
    }
    if (nk == 0) return tla__fail(err, -1, "slice: no mode is kept (mark the kept modes with _)");
    memset(&L, 0, sizeof L);
    if (nk == 1) {
        L.shape = ks[0], L.stride = kd[0];
        /* a kept fractal mode (r0,n) stays a tuple: give the slice one mode around it */
        if (!tla_tuple_is_int(&ks[0])
            && (tla_tuple_join(&L.shape, 1, ks, err) != 0 || tla_tuple_join(&L.stride, 1, kd, err) != 0))
            return -1;
    } else if (tla_tuple_join(&L.shape, nk, ks, err) != 0 || tla_tuple_join(&L.stride, nk, kd, err) != 0) {
        return -1;
    }
    L.has_origin = 1;
    for (k = 0; k < nk; k++) L.origin[k] = korigin[k];
    s = *t;
    s.layout = L;
    memset(s.coord, 0, sizeof s.coord);
    for (k = 0; k < nk; k++) s.coord[k] = kcoord[k];
    {
        int64_t bytes = 0;
        if (tla__is4(t) && off % 2 != 0)
            return tla__fail(err, -1, "slice: a slice of 4-bit elements must start on a byte (offset %lld)",
                             (long long)off);
        if (tla__is4(t))
            bytes = off / 2;
        else if (tla__mul64(off, t->elem_bytes, &bytes) != 0)
            return tla__fail(err, -1, "slice: the offset overflows");
        s.data = t->data + bytes;
    }
    *out = s;
    return 0;
}

/* ---------------------------------------------------------------- layouts */

TLA_FUNC int tla_layout_prepend_dim(tla_layout *out, const tla_layout *L, int64_t extent, int64_t stride,
                                    tla_error *err) {
    int r = tla_layout_rank(L), k;
    tla_tuple sh[TLA_MAX_RANK], st[TLA_MAX_RANK];
    tla_layout R;
    if (extent < 0) return tla__fail(err, -1, "prepend_dim: the extent is negative (%lld)", (long long)extent);
    if (r + 1 > TLA_MAX_RANK) return tla__fail(err, -1, "prepend_dim: rank %d is full (at most %d)", r, TLA_MAX_RANK);
    sh[0] = tla_tuple_leaf(extent, 0), st[0] = tla_tuple_leaf(stride, 0);
    if (tla_tuple_is_int(&L->shape)) {
        sh[1] = L->shape, st[1] = L->stride;
    } else {
        for (k = 0; k < r; k++) {
            tla__elem(&L->shape, k, &sh[k + 1]);
            tla__elem(&L->stride, k, &st[k + 1]);
        }
    }
    memset(&R, 0, sizeof R);
    if (tla_tuple_join(&R.shape, r + 1, sh, err) != 0 || tla_tuple_join(&R.stride, r + 1, st, err) != 0) return -1;
    R.has_origin = 1;
    R.origin[0] = extent;
    for (k = 0; k < r; k++) R.origin[k + 1] = tla_layout_origin(L, k);
    *out = R;
    return 0;
}

TLA_FUNC tla_tuple tla_layout_origin_shape(const tla_layout *L) {
    int r = tla_layout_rank(L), k;
    int64_t v[TLA_MAX_RANK];
    tla_tuple t;
    if (tla_tuple_is_int(&L->shape)) return tla_tuple_leaf(tla_layout_origin(L, 0), 0);
    for (k = 0; k < r; k++) v[k] = tla_layout_origin(L, k);
    tla__flat_tuple(&t, r, v, 0);
    return t;
}

#endif
