/* tla/tensor.h - tensors (a pointer and a layout), coordinate loops and layout-generic copies.
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
 * tla_copy plans the copy once from the two layouts: each top-level mode is split into the
 * common refinement of both layouts' leaves (CuTe's max_common_vector idea), leaves that
 * are contiguous in both become one run (across modes too: a zN fractal is one 512-byte run
 * to zZ), and the other leaves become loops, innermost the one with the smallest stride (the
 * shorter loop on a tie: fractal by fractal).  Runs are moved with fixed-size copies; a
 * square block of single elements contiguous on crossing sides is a transpose with constant
 * trip counts, and two long crossing loops (RowMajor <-> ColumnMajor) are cut into 16x16
 * blocks.  The loops cover the largest box of the extent they cover exactly; the rest of a
 * ragged extent (a partial fractal row or column) is copied as tiles, planned the same way,
 * so edges move in runs too.  An element-wise loop is used only when the leaves of the two
 * layouts do not divide one another.  Tiles that start off a fractal boundary are first cut
 * into pieces over which both sides are translates of their layouts (tla__copy_pieces).
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

#include "rt_formats.h"
#include "algebra.h"

enum tla_position { TLA_POS_NONE, TLA_POS_GM, TLA_POS_L1, TLA_POS_L0A, TLA_POS_L0B, TLA_POS_L0C, TLA_POS_UB };

typedef struct tla_tensor {
    TLA_GM char *data; /* element 0 of the layout (for a tile: of its parent's) */
    int elem_bytes;
    enum tla_position pos;
    tla_layout layout; /* its originShape is the tensor's logical extent */
    int64_t coord[TLA_MAX_RANK]; /* where this view starts inside its parent (tiles); added to
                                  * every coordinate before the layout applies */
} tla_tensor;

TLA_FUNC tla_tensor tla_tensor_make(TLA_GM void *data, int elem_bytes, const tla_layout *L, enum tla_position pos) {
    tla_tensor t;
    memset(&t, 0, sizeof t);
    t.data = (TLA_GM char *)data;
    t.elem_bytes = elem_bytes;
    t.pos = pos;
    t.layout = *L;
    return t;
}

TLA_FUNC int tla_tensor_rank(const tla_tensor *t) { return tla_layout_rank(&t->layout); }
/* The logical extent of mode m (originShape, or the mode's size). */
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
            if (tla__elem(&L->shape, k, &se) != 0 || tla_tuple_size(&se, &sz, err) != 0) return -1;
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
            || tla_tuple_crd2offset(&ce, &compact.shape, &compact.stride, &x[k], err) != 0)
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
    if (!tla__tensor_has_coord(t)) return tla_layout_crd2offset(&t->layout, coord, off, err);
    if (tla__mode_coords(&t->layout, coord, x, err) != 0) return -1;
    for (k = 0; k < r; k++)
        if (tla__add64(x[k], t->coord[k], &x[k]) != 0) return tla__fail(err, -1, "crd2offset: coordinate overflows");
    if (tla_tuple_is_int(&t->layout.shape))
        c = tla_tuple_leaf(x[0], 0);
    else
        tla__flat_tuple(&c, r, x, 0);
    return tla_layout_crd2offset(&t->layout, &c, off, err);
}

/* Address of the element at a coordinate (any crd2offset form); NULL if it is invalid. */
/* Is coord inside the tensor's logical extent (originShape) in every mode? */
TLA_FUNC int tla_tensor_contains(const tla_tensor *t, const tla_tuple *coord) {
    int64_t x[TLA_MAX_RANK];
    int m, r = tla_tensor_rank(t);
    if (tla__mode_coords(&t->layout, coord, x, NULL) != 0) return 0;
    for (m = 0; m < r; m++)
        if (x[m] < 0 || x[m] >= tla_tensor_extent(t, m)) return 0;
    return 1;
}

/* With TLA_CHECKED defined before including tla.h, element access checks the coordinate
 * against the tensor's extent and gives NULL outside it (a pointer past the buffer
 * otherwise: coordinates are not range-checked, as in CuTe and CATLASS).  Without it the
 * check is not compiled, so it costs nothing. */
TLA_FUNC TLA_GM void *tla_tensor_ptr(const tla_tensor *t, const tla_tuple *coord) {
    int64_t off = 0;
#ifdef TLA_CHECKED
    if (!tla_tensor_contains(t, coord)) return NULL;
#endif
    if (tla__tensor_offset(t, coord, &off, NULL) != 0) return NULL;
    return t->data + off * t->elem_bytes;
}
/* Rank-2 shortcut: element (r, c). */
TLA_FUNC TLA_GM void *tla_tensor_at2(const tla_tensor *t, int64_t r, int64_t c) {
    tla_tuple crd;
    int64_t v[2];
#ifndef TLA_CHECKED
    int64_t off;
    /* the common case, without building a coordinate tuple */
    if (tla__add64(r, t->coord[0], &v[0]) == 0 && tla__add64(c, t->coord[1], &v[1]) == 0
        && tla__crd_modes(v, 2, &t->layout.shape, &t->layout.stride, &off) == 0)
        return t->data + off * t->elem_bytes;
#endif
    v[0] = r, v[1] = c;
    tla__flat_tuple(&crd, 2, v, 0);
    return tla_tensor_ptr(t, &crd);
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
 *   tla_parse_tuple("(16,16)", &tile, &e);
 *   tla_parse_tuple("(0,4)", &crd, &e);                        // off the 8-wide fractals of float
 *   if (tla_tensor_tile(&T, &A, &tile, &crd, &e) != 0) return 1;
 *   if (tla_tensor_at2(&T, 1, 5) != tla_tensor_at2(&A, 1, 9)) return 1;
 */
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
    int r = tile->nleaf, k, i = 1, leaf = 0;
    if (r < 1 || r > TLA_MAX_RANK || tile->ntok != r + 2 || coord->nleaf != r || coord->ntok != r + 2
        || S->tok[0] != TLA_TOK_OPEN)
        return 0;
    for (k = 0; k < r; k++) {
        n = tile->val[k], c = coord->val[k];
        if (i >= S->ntok || n < 0) return 0;
        if (S->tok[i] == TLA_TOK_LEAF) { /* an integer mode: becomes the tile extent */
            if (n > S->val[leaf]) return 0;
            o = S->val[leaf];
            sv[leaf] = n;
            stat = (stat & ~(1u << leaf)) | ((tile->stat >> k) & 1u) << leaf;
            i += 1, leaf += 1;
        } else if (i + 3 < S->ntok && S->tok[i] == TLA_TOK_OPEN && S->tok[i + 1] == TLA_TOK_LEAF
                   && S->tok[i + 2] == TLA_TOK_LEAF && S->tok[i + 3] == TLA_TOK_CLOSE) {
            /* a pair (r0, m): becomes (r0, ceil(n / r0)), the count dynamic */
            if (S->val[leaf] <= 0 || tla__ceil_div(n, S->val[leaf]) > S->val[leaf + 1]
                || tla__mul64(S->val[leaf], S->val[leaf + 1], &o) != 0)
                return 0;
            sv[leaf] = S->val[leaf];
            sv[leaf + 1] = tla__ceil_div(n, S->val[leaf]);
            stat &= ~(1u << (leaf + 1));
            i += 4, leaf += 2;
        } else {
            return 0;
        }
        if (t->layout.has_origin) o = t->layout.origin[k];
        if (c < 0 || c >= o || tla__add64(t->coord[k], c, &x[k]) != 0) return 0;
        ext[k] = o - c < n ? o - c : n; /* cropped to the parent's extent */
    }
    if (i != S->ntok - 1 || S->tok[i] != TLA_TOK_CLOSE || leaf != S->nleaf) return 0;
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

/* GetTile: the tile of extent `tile` (one integer per mode) at element coordinate `coord`,
 * cropped to the parent's originShape.  A view: no data moves.  Like CATLASS's GetTile the
 * tile keeps the parent's data pointer, takes MakeLayoutTile's layout and adds `coord` to
 * its own coordinate, so tile element c is parent element coord + c at any coord, on a
 * fractal boundary or not. */
TLA_FUNC int tla_tensor_tile(tla_tensor *out, const tla_tensor *t, const tla_tuple *tile, const tla_tuple *coord,
                             tla_error *err) {
    if (tla__tensor_tile_fast(out, t, tile, coord)) return 0;
    return tla__tensor_tile_general(out, t, tile, coord, err);
}

/* local_tile: tile number `index` (one integer per mode) of extent `tile`. */
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
    tla_tuple se;
    int64_t P = 1, next;
    int k;
    if (p < 0) return 1; /* never made by a tile; element by element is always right */
    if (p == 0 || tla__elem(&L->shape, m, &se) != 0) return TLA__UNBOUNDED;
    for (k = 0; k + 1 < se.nleaf; k++) {
        if (se.val[k] <= 0 || tla__mul64(P, se.val[k], &next) != 0) return TLA__UNBOUNDED;
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
    if (tla_layout_crd2offset(&t->layout, &c, &off, NULL) != 0) return -1;
    t->data += off * t->elem_bytes;
    memset(t->coord, 0, sizeof t->coord);
    return 0;
}

/* A partition through the algebra: the view t o L (L maps the new coordinates to t's
 * 1-D index), e.g. one thread's elements.  Its extent is L's full shape. */
TLA_FUNC int tla_tensor_compose(tla_tensor *out, const tla_tensor *t, const tla_layout *L, tla_error *err) {
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

/* ---------------------------------------------------------------- coordinate loops */

/* A logical coordinate of a tensor, one integer per top-level mode, walked first mode
 * fastest over the tensor's extent (padding excluded). */
typedef struct tla_coord {
    int rank, valid;
    int64_t x[TLA_MAX_RANK], extent[TLA_MAX_RANK];
    tla_tuple tuple; /* the same coordinate as a tuple, for tla_tensor_ptr */
} tla_coord;

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
/* TLA_FOR_EACH(c, &t) { ... c.x[0], c.x[1] ... tla_tensor_ptr(&t, &c.tuple) ... } */
#define TLA_FOR_EACH(c, tp) for (tla_coord c = tla_coord_begin(tp); c.valid; tla_coord_next(&c))

/* ---------------------------------------------------------------- copy planning */

/* One loop of the copy: n steps, strides in elements of src and dst, the logical weight w
 * (its step in the mode's coordinate) and the mode it walks. */
typedef struct tla__loop {
    int64_t n, ss, ds, w;
    int mode;
} tla__loop;

#define TLA__MAX_LOOPS (2 * TLA_MAX_LEAVES + TLA_MAX_RANK)

/* The leaves of mode m of L (the last one unbounded: crd2offset gives it the rest). */
TLA_FUNC int tla__mode_leaves(const tla_layout *L, int m, int64_t *s, int64_t *d) {
    tla_tuple ms, md;
    int i;
    if (tla__elem(&L->shape, m, &ms) != 0 || tla__elem(&L->stride, m, &md) != 0 || ms.nleaf < 1) return -1;
    for (i = 0; i < ms.nleaf; i++) s[i] = ms.val[i], d[i] = md.val[i];
    s[ms.nleaf - 1] = TLA__UNBOUNDED;
    return ms.nleaf;
}

/* Consume k elements of leaf *i (k divides it): a used-up leaf moves on to the next,
 * otherwise the rest of the leaf keeps going with a k-times larger stride. */
TLA_FUNC void tla__take_leaf(int64_t *s, int64_t *d, int *i, int64_t k) {
    if (s[*i] == k) {
        (*i)++;
        return;
    }
    if (s[*i] != TLA__UNBOUNDED) s[*i] /= k;
    d[*i] *= k;
}

/* Split mode m of both layouts into common loops covering as much of the extent e as loops
 * cover exactly: the last loop is clipped to what the extent needs, and *cov gets the length
 * covered, a prefix [0, cov) of the mode (at least 1).  The rest of the mode is copied as a
 * tile (tla__copy_view), never element by element.  -1 if the leaves do not divide one
 * another (then the copy goes element by element). */
TLA_FUNC int tla__refine_mode(const tla_layout *S, const tla_layout *D, int m, int64_t e, tla__loop *out, int *nout,
                              int64_t *cov) {
    int64_t as[TLA_MAX_LEAVES], ad[TLA_MAX_LEAVES], bs[TLA_MAX_LEAVES], bd[TLA_MAX_LEAVES];
    int na = tla__mode_leaves(S, m, as, ad), nb = tla__mode_leaves(D, m, bs, bd), ia = 0, ib = 0;
    int64_t w = 1;
    if (na < 1 || nb < 1) return -1;
    while (w < e) {
        int64_t ra = as[ia], rb = bs[ib], k, need = e / w;
        int last = 0;
        if (ra == 1 && ia + 1 < na) {
            ia++;
            continue;
        }
        if (rb == 1 && ib + 1 < nb) {
            ib++;
            continue;
        }
        if (ra == TLA__UNBOUNDED && rb == TLA__UNBOUNDED)
            k = need;
        else {
            k = ra < rb ? ra : rb;
            if (k <= 0 || (ra != TLA__UNBOUNDED && ra % k) || (rb != TLA__UNBOUNDED && rb % k)) return -1;
        }
        if (k >= need) k = need, last = 1; /* the extent ends inside this loop's range */
        if (*nout >= TLA__MAX_LOOPS) return -1;
        out[*nout].n = k, out[*nout].ss = ad[ia], out[*nout].ds = bd[ib], out[*nout].w = w, out[*nout].mode = m;
        (*nout)++;
        w *= k; /* <= e: no overflow */
        if (last) break;
        tla__take_leaf(as, ad, &ia, k);
        tla__take_leaf(bs, bd, &ib, k);
    }
    *cov = w;
    return 0;
}

/* The plan: run loops (contiguous in both, innermost first), then the outer loops in
 * nesting order (see tla__loop_before).  The loops cover the box [0, cov) exactly. */
typedef struct tla__plan {
    int nrun, nouter, rank;
    tla__loop run[TLA__MAX_LOOPS], outer[TLA__MAX_LOOPS];
    int64_t run_len, cov[TLA_MAX_RANK];
} tla__plan;

/* Loop order, innermost first: by the smaller of the two strides (a loop that is short
 * in either layout keeps that side in cache), then the shorter loop (a fractal's 16 rows
 * before the row of fractals: the block a hand-written loop copies), then by the larger
 * stride. */
TLA_FUNC int64_t tla__abs64(int64_t v) { return v < 0 ? -v : v; }
TLA_FUNC int tla__loop_before(const tla__loop *a, const tla__loop *b) {
    int64_t as = tla__abs64(a->ss), ad = tla__abs64(a->ds), bs = tla__abs64(b->ss), bd = tla__abs64(b->ds);
    int64_t amin = as < ad ? as : ad, bmin = bs < bd ? bs : bd, amax = as < ad ? ad : as, bmax = bs < bd ? bd : bs;
    return amin < bmin || (amin == bmin && (a->n < b->n || (a->n == b->n && amax < bmax)));
}

/* Cache blocking of a transpose between two long loops (RowMajor <-> ColumnMajor: no leaf
 * is short): when the two innermost loops are long, each contiguous on one side only and
 * each its mode's outermost loop, split them into TLA__TILE x TLA__TILE blocks, so one block
 * reads and writes TLA__TILE lines on each side instead of a whole row or column (only for
 * runs shorter than a cache line: longer runs use their lines whole).  Each mode
 * keeps a multiple of TLA__TILE; the rest becomes the mode's tail (a tile of its own). */
#define TLA__TILE 16
TLA_FUNC void tla__plan_tile(tla__plan *p, int elem_bytes) {
    tla__loop a = p->outer[0], b = p->outer[1];
    int64_t one = p->run_len, T = TLA__TILE;
    int k;
    if (p->nouter < 2 || p->nouter + 2 > TLA__MAX_LOOPS || one * elem_bytes >= 64 || a.mode == b.mode || a.n < 2 * T
        || b.n < 2 * T || a.w * a.n != p->cov[a.mode] || b.w * b.n != p->cov[b.mode]
        || !((a.ss == one && b.ds == one) || (a.ds == one && b.ss == one)))
        return;
    a.n -= a.n % T, b.n -= b.n % T;
    p->cov[a.mode] = a.w * a.n, p->cov[b.mode] = b.w * b.n;
    for (k = p->nouter - 1; k >= 2; k--) p->outer[k + 2] = p->outer[k];
    p->nouter += 2;
    p->outer[0] = a, p->outer[0].n = T;
    p->outer[1] = b, p->outer[1].n = T;
    p->outer[2] = a, p->outer[2].n = a.n / T, p->outer[2].ss *= T, p->outer[2].ds *= T, p->outer[2].w *= T;
    p->outer[3] = b, p->outer[3].n = b.n / T, p->outer[3].ss *= T, p->outer[3].ds *= T, p->outer[3].w *= T;
}

/* Plan the copy of the box [0, e) (e: one extent per mode, each >= 1). */
TLA_FUNC int tla__make_plan(const tla_tensor *dst, const tla_tensor *src, const int64_t *e, tla__plan *p) {
    tla__loop all[TLA__MAX_LOOPS];
    int64_t span[TLA_MAX_RANK]; /* the run's extent per mode */
    int n = 0, m, i, j, used[TLA__MAX_LOOPS];
    p->nrun = p->nouter = 0; /* no memset: the loop arrays are large and filled as used */
    p->rank = tla_tensor_rank(src);
    for (m = 0; m < p->rank; m++) {
        span[m] = 1;
        if (tla__refine_mode(&src->layout, &dst->layout, m, e[m], all, &n, &p->cov[m]) != 0) return -1;
    }
    for (i = 0; i < n; i++) used[i] = 0;
    /* grow the run: a loop contiguous in both after what the run holds, which is the next
     * loop of its mode (its weight is the mode's span so far) */
    p->run_len = 1;
    for (;;) {
        int found = -1;
        for (i = 0; i < n && found < 0; i++)
            if (!used[i] && all[i].ss == p->run_len && all[i].ds == p->run_len && all[i].w == span[all[i].mode]
                && all[i].n > 1)
                found = i;
        if (found < 0) break;
        used[found] = 1;
        p->run[p->nrun++] = all[found];
        p->run_len *= all[found].n;
        span[all[found].mode] *= all[found].n;
    }
    /* the rest, innermost first */
    for (i = 0; i < n; i++)
        if (!used[i] && all[i].n > 1) p->outer[p->nouter++] = all[i];
    for (i = 1; i < p->nouter; i++)
        for (j = i; j > 0 && tla__loop_before(&p->outer[j], &p->outer[j - 1]); j--) {
            tla__loop t = p->outer[j];
            p->outer[j] = p->outer[j - 1];
            p->outer[j - 1] = t;
        }
    tla__plan_tile(p, src->elem_bytes);
    return 0;
}

/* ---------------------------------------------------------------- copy execution */

/* n copies of `bytes` bytes, stepping dstep / sstep bytes: fixed sizes become inline moves. */
TLA_FUNC void tla__copy_blocks(TLA_GM char *d, const TLA_GM char *s, int64_t n, int64_t dstep, int64_t sstep,
                               size_t bytes) {
    int64_t i;
/* clang-format off */
#define TLA__COPY_CASE(B) \
    case B: for (i = 0; i < n; i++) memcpy(d + i * dstep, s + i * sstep, B); return;
    switch (bytes) {
    TLA__COPY_CASE(1) TLA__COPY_CASE(2) TLA__COPY_CASE(4) TLA__COPY_CASE(8) TLA__COPY_CASE(16)
    TLA__COPY_CASE(32) TLA__COPY_CASE(64) TLA__COPY_CASE(128) TLA__COPY_CASE(256) TLA__COPY_CASE(512)
    TLA__COPY_CASE(1024) TLA__COPY_CASE(2048)
    default: for (i = 0; i < n; i++) memcpy(d + i * dstep, s + i * sstep, bytes);
    }
#undef TLA__COPY_CASE
    /* clang-format on */
}

/* n1 x n0 copies of `bytes` bytes (two strides each side): one dispatch on the size for
 * the whole 2-D block, so small elements (a transpose) move at loop speed. */
TLA_FUNC void tla__copy_2d(TLA_GM char *d, const TLA_GM char *s, int64_t n1, int64_t d1, int64_t s1, int64_t n0,
                           int64_t d0, int64_t s0, size_t bytes) {
    int64_t i, j;
/* n0 == 16 (a fractal's side) gets its own loop: a constant trip count the compiler unrolls.
 * A square block of single elements that is contiguous on one side along one loop and on
 * the other side along the other loop is a transpose: N x N (16, or 8 for the 8-element
 * side of a 4-byte fractal) with constant trip counts and the destination written
 * contiguously in the inner loop, as a hand-written transpose does. */
/* clang-format off */
#define TLA__TRANSPOSE_BLOCK(N, B, DS, SS) /* d[i][j] = s[j][i], the destination contiguous along j */ \
    for (i = 0; i < N; i++) for (j = 0; j < N; j++) memcpy(d + i * (DS) + j * B, s + i * B + j * (SS), B); \
    return;
/* a fractal's pitch is 32 bytes on either side: a constant the compiler folds into the moves */
#define TLA__TRANSPOSE_CASE(N, B) \
        if (n0 == N && n1 == N && d0 == B && s1 == B) { \
            if (d1 == 32 && s0 == 32) { TLA__TRANSPOSE_BLOCK(N, B, 32, 32) } \
            if (d1 == 32) { TLA__TRANSPOSE_BLOCK(N, B, 32, s0) } \
            if (s0 == 32) { TLA__TRANSPOSE_BLOCK(N, B, d1, 32) } \
            TLA__TRANSPOSE_BLOCK(N, B, d1, s0) \
        } \
        if (n0 == N && n1 == N && s0 == B && d1 == B) { \
            if (d0 == 32 && s1 == 32) { TLA__TRANSPOSE_BLOCK(N, B, 32, 32) } \
            if (d0 == 32) { TLA__TRANSPOSE_BLOCK(N, B, 32, s1) } \
            if (s1 == 32) { TLA__TRANSPOSE_BLOCK(N, B, d0, 32) } \
            TLA__TRANSPOSE_BLOCK(N, B, d0, s1) \
        }
#define TLA__COPY2_CASE(B) \
    case B: \
        if (B <= 4) { TLA__TRANSPOSE_CASE(16, B) TLA__TRANSPOSE_CASE(8, B) } \
        if (n0 == 16) for (i = 0; i < n1; i++) for (j = 0; j < 16; j++) memcpy(d + i * d1 + j * d0, s + i * s1 + j * s0, B); \
        else for (i = 0; i < n1; i++) for (j = 0; j < n0; j++) memcpy(d + i * d1 + j * d0, s + i * s1 + j * s0, B); \
        return;
    switch (bytes) {
    TLA__COPY2_CASE(1) TLA__COPY2_CASE(2) TLA__COPY2_CASE(4) TLA__COPY2_CASE(8) TLA__COPY2_CASE(16)
    TLA__COPY2_CASE(32) TLA__COPY2_CASE(64)
    default: for (i = 0; i < n1; i++) tla__copy_blocks(d + i * d1, s + i * s1, n0, d0, s0, bytes);
    }
#undef TLA__COPY2_CASE
#undef TLA__TRANSPOSE_CASE
#undef TLA__TRANSPOSE_BLOCK
    /* clang-format on */
}

/* One step of the odometer over the outer loops from..nouter-1 (the first fastest): advance
 * the source and destination offsets (and the logical coordinate x, when given); 0 when it
 * has wrapped around, i.e. every combination has been visited. */
TLA_FUNC int tla__odometer_next(const tla__plan *p, int from, int64_t *digit, int64_t *so, int64_t *dof, int64_t *x) {
    int k;
    for (k = from; k < p->nouter; k++) {
        const tla__loop *l = &p->outer[k];
        *so += l->ss, *dof += l->ds;
        if (x) x[l->mode] += l->w;
        if (++digit[k] < l->n) return 1;
        *so -= l->n * l->ss, *dof -= l->n * l->ds;
        if (x) x[l->mode] -= l->n * l->w;
        digit[k] = 0;
    }
    return 0;
}

/* No clipping anywhere: two loops of blocks, then an odometer over the rest. */
TLA_FUNC void tla__copy_exact(const tla__plan *p, TLA_GM char *dst, const TLA_GM char *src, size_t eb) {
    static const tla__loop one = {1, 0, 0, 1, 0};
    const tla__loop *l0 = p->nouter > 0 ? &p->outer[0] : &one, *l1 = p->nouter > 1 ? &p->outer[1] : &one;
    int64_t digit[TLA__MAX_LOOPS], so = 0, dof = 0, e = (int64_t)eb;
    size_t run_bytes = (size_t)p->run_len * eb;
    int k;
    for (k = 0; k < p->nouter; k++) digit[k] = 0;
    for (;;) {
        tla__copy_2d(dst + dof * e, src + so * e, l1->n, l1->ds * e, l1->ss * e, l0->n, l0->ds * e, l0->ss * e,
                     run_bytes);
        if (!tla__odometer_next(p, 2, digit, &so, &dof, NULL)) return;
    }
}

TLA_FUNC int tla__copy_pieces(const tla_tensor *dst, const tla_tensor *src, int r, tla_error *err);

/* Copy between two views whose data pointers are element 0 (no tile coordinate): the plan
 * covers a box [0, cov) of the extent; each mode's rest (cov[m] <= x[m] < e[m], the modes
 * before it inside their box, the ones after it whole) is a tile, copied in pieces like any
 * tile and planned again, so a ragged edge moves in runs as well. */
TLA_FUNC int tla__copy_view(const tla_tensor *dst, const tla_tensor *src, tla_error *err) {
    tla__plan plan;
    int64_t e[TLA_MAX_RANK];
    int m, k, r = tla_tensor_rank(src);
    for (m = 0; m < r; m++)
        if ((e[m] = tla_tensor_extent(src, m)) <= 0) return 0;
    if (tla__make_plan(dst, src, e, &plan) == 0) {
        tla__copy_exact(&plan, dst->data, src->data, (size_t)src->elem_bytes);
        for (m = 0; m < r; m++) {
            tla_tensor ts = *src, td = *dst;
            if (plan.cov[m] >= e[m]) continue;
            ts.layout.has_origin = td.layout.has_origin = 1;
            for (k = 0; k < r; k++) {
                ts.coord[k] = td.coord[k] = k == m ? plan.cov[m] : 0;
                ts.layout.origin[k] = td.layout.origin[k] = k < m ? plan.cov[k] : k == m ? e[m] - plan.cov[m] : e[k];
            }
            if (tla__copy_pieces(&td, &ts, r, err) != 0) return -1;
        }
        return 0;
    }
    /* element by element: the leaves of the two layouts do not divide one another */
    TLA_FOR_EACH(c, src) {
        TLA_GM void *d = tla_tensor_ptr(dst, &c.tuple), *s = tla_tensor_ptr(src, &c.tuple);
        if (!d || !s) return tla__fail(err, -1, "copy: an element's offset overflows int64");
        memcpy(d, s, (size_t)src->elem_bytes);
    }
    return 0;
}

/* The length of the piece of mode m that starts at t (of extent e): both sides stay
 * translates of their layouts over it. */
TLA_FUNC int64_t tla__piece_len(const tla_tensor *dst, const tla_tensor *src, int m, int64_t t, int64_t e) {
    int64_t n = e - t, a = tla__translate_run(&src->layout, m, src->coord[m] + t),
            b = tla__translate_run(&dst->layout, m, dst->coord[m] + t);
    return a < n && a < b ? a : b < n ? b : n;
}

/* The view of X's piece at t (per mode) of extent len: its own data pointer, no coordinate. */
TLA_FUNC int tla__piece_view(tla_tensor *out, const tla_tensor *X, const int64_t *t, const int64_t *len, int r,
                             tla_error *err) {
    int64_t x[TLA_MAX_RANK], off = 0;
    tla_tuple c;
    int k;
    *out = *X;
    for (k = 0; k < r; k++)
        if (tla__add64(X->coord[k], t[k], &x[k]) != 0) return tla__fail(err, -1, "copy: coordinate overflows");
    if (tla_tuple_is_int(&X->layout.shape))
        c = tla_tuple_leaf(x[0], 0);
    else
        tla__flat_tuple(&c, r, x, 0);
    if (tla_layout_crd2offset(&X->layout, &c, &off, err) != 0) return -1;
    out->data += off * X->elem_bytes;
    memset(out->coord, 0, sizeof out->coord);
    out->layout.has_origin = 1;
    for (k = 0; k < r; k++) out->layout.origin[k] = len[k];
    return 0;
}

/* Tiles that start off their layout's boundaries (a fractal tile at row 8): cut the
 * extent, mode by mode, into pieces over which both sides are translates of their
 * layouts, and copy each piece as an ordinary view.  A tile on a boundary is one piece. */
TLA_FUNC int tla__copy_pieces(const tla_tensor *dst, const tla_tensor *src, int r, tla_error *err) {
    int64_t t[TLA_MAX_RANK], len[TLA_MAX_RANK], e[TLA_MAX_RANK];
    tla_tensor ps, pd;
    int k;
    for (k = 0; k < r; k++) {
        e[k] = tla_tensor_extent(src, k);
        if (e[k] <= 0) return 0;
        t[k] = 0;
        len[k] = tla__piece_len(dst, src, k, 0, e[k]);
    }
    for (;;) {
        if (tla__piece_view(&ps, src, t, len, r, err) != 0 || tla__piece_view(&pd, dst, t, len, r, err) != 0
            || tla__copy_view(&pd, &ps, err) != 0)
            return -1;
        for (k = 0; k < r; k++) {
            t[k] += len[k];
            if (t[k] < e[k]) {
                len[k] = tla__piece_len(dst, src, k, t[k], e[k]);
                break;
            }
            t[k] = 0;
            len[k] = tla__piece_len(dst, src, k, 0, e[k]);
        }
        if (k == r) return 0;
    }
}

/* The bytes [*lo, *hi) that a tensor's elements occupy (over its extent, from its coordinate),
 * exactly (tla_layout_offset_range); -1 when that is not known. */
TLA_FUNC int tla__tensor_span(const tla_tensor *t, int r, uintptr_t *lo, uintptr_t *hi) {
    int64_t a[TLA_MAX_RANK], e[TLA_MAX_RANK], mn = 0, mx = 0;
    int k;
    for (k = 0; k < r && k < TLA_MAX_RANK; k++) a[k] = t->coord[k], e[k] = tla_tensor_extent(t, k);
    if (r > TLA_MAX_RANK || tla_layout_offset_range(&t->layout, a, e, &mn, &mx, NULL) != 0
        || tla__mul64(mn, t->elem_bytes, &mn) != 0 || tla__mul64(mx, t->elem_bytes, &mx) != 0
        || tla__add64(mx, t->elem_bytes, &mx) != 0)
        return -1;
    *lo = (uintptr_t)t->data + (uintptr_t)mn;
    *hi = (uintptr_t)t->data + (uintptr_t)mx;
    return 0;
}

/* Do dst and src share memory?  0: no (their byte spans are apart, or they are disjoint boxes
 * of one injective layout over one pointer: two tiles of a matrix); 1: they are the same
 * elements (nothing to move); -1 and an error: they may overlap. */
TLA_FUNC int tla__copy_overlap(const tla_tensor *dst, const tla_tensor *src, int r, tla_error *err) {
    uintptr_t a0 = 0, a1 = 0, b0 = 0, b1 = 0;
    int k, apart = 0, equal = 1, inside = 1;
    tla_layout c;
    if (tla__tensor_span(src, r, &a0, &a1) == 0 && tla__tensor_span(dst, r, &b0, &b1) == 0 && (a1 <= b0 || b1 <= a0))
        return 0;
    if (dst->data == src->data && tla_layout_equal(&dst->layout, &src->layout)) {
        for (k = 0; k < r && k < TLA_MAX_RANK; k++) {
            int64_t e = tla_tensor_extent(src, k), n = 0, x = src->coord[k], y = dst->coord[k];
            inside &= tla__mode(&src->layout, k, &c) == 0 && tla_layout_size(&c, &n, NULL) == 0 && x >= 0 && y >= 0
                      && x <= n - e && y <= n - e;
            apart |= x + e <= y || y + e <= x;
            equal &= x == y;
        }
        if (equal) return 1;
        for (k = 0; k < src->layout.shape.nleaf; k++)
            inside &= src->layout.shape.val[k] <= 1 || src->layout.stride.val[k] != 0;
        if (apart && inside && tla_complement(&c, &src->layout, 1, NULL) == 0) return 0; /* injective */
    }
    return tla__fail(err, -1,
                     "copy: the source and destination overlap in memory (a copy between them would read what it "
                     "writes); copy through a separate buffer");
}

/* tla_copy(&dst, &src, err) -> 0 or -1
 *   Same rank, extents and element size; any two layouts; padding of dst is never written.
 *   Overlap: dst and src must not share memory (checked exactly from both layouts, -1 if they
 *   may), except disjoint tiles of one injective layout over one pointer; the same view as both
 *   is a copy onto itself (0, nothing moves).
 *   Errors: "copy: element size ...", "copy: ranks differ", "copy: mode m has extent a in the destination and b ...",
 *   "copy: the source and destination overlap in memory ...".
 * Example:
 *   static int16_t a[30 * 20], b[32 * 32];
 *   tla_layout La, Lb;  tla_tensor A, B;  tla_error e;
 *   tla_layout_format(&La, TLA_ROW_MAJOR, 2, 30, 20, &e);
 *   tla_layout_format(&Lb, TLA_NZ, 2, 30, 20, &e);
 *   A = tla_tensor_make(a, 2, &La, TLA_POS_GM), B = tla_tensor_make(b, 2, &Lb, TLA_POS_L1);
 *   a[7 * 20 + 3] = 42;
 *   if (tla_copy(&B, &A, &e) != 0 || *(int16_t *)tla_tensor_at2(&B, 7, 3) != 42) return 1;
 */
/* copy(dst, src): every element inside the (common) logical extent, whatever the two
 * layouts; padding of dst is left untouched.  Needs the same rank, the same extent in every
 * mode and the same element size. */
TLA_FUNC int tla_copy(tla_tensor *dst, const tla_tensor *src, tla_error *err) {
    int m, r = tla_tensor_rank(src);
    if (dst->elem_bytes <= 0 || src->elem_bytes <= 0)
        return tla__fail(err, -1, "copy: an element size must be at least 1 byte (destination %d, source %d)",
                         dst->elem_bytes, src->elem_bytes);
    if (dst->elem_bytes != src->elem_bytes)
        return tla__fail(err, -1, "copy: element sizes differ (%d and %d bytes)", dst->elem_bytes, src->elem_bytes);
    if (tla_tensor_rank(dst) != r) return tla__fail(err, -1, "copy: ranks differ (%d and %d)", tla_tensor_rank(dst), r);
    for (m = 0; m < r; m++) {
        tla_layout ms, md;
        int64_t ns = 0, nd = 0;
        memset(&ms, 0, sizeof ms);
        memset(&md, 0, sizeof md);
        tla__mode(&src->layout, m, &ms);
        tla__mode(&dst->layout, m, &md);
        if (tla_layout_size(&ms, &ns, NULL) != 0 || tla_layout_size(&md, &nd, NULL) != 0
            || tla_tensor_extent(src, m) > ns || tla_tensor_extent(dst, m) > nd)
            return tla__fail(err, -1, "copy: the originShape of mode %d is larger than the mode", m);
    }
    for (m = 0; m < r; m++)
        if (tla_tensor_extent(dst, m) != tla_tensor_extent(src, m))
            return tla__fail(err, -1, "copy: mode %d has extent %lld in the destination and %lld in the source", m,
                             (long long)tla_tensor_extent(dst, m), (long long)tla_tensor_extent(src, m));
    for (m = 0; m < r; m++)
        if (tla_tensor_extent(src, m) <= 0) return 0; /* nothing to copy */
    if ((m = tla__copy_overlap(dst, src, r, err)) != 0) return m < 0 ? -1 : 0;
    if (!tla__tensor_has_coord(src) && !tla__tensor_has_coord(dst)) return tla__copy_view(dst, src, err);
    return tla__copy_pieces(dst, src, r, err);
}

#endif
