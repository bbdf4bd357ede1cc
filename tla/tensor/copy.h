/* tla/tensor/copy.h - tla_copy: every element of one tensor into another, whatever their layouts.
 *
 * The copy is planned once from the two layouts: each top-level mode is split into the common
 * refinement of both layouts' leaves (CuTe's max_common_vector idea), leaves that are
 * contiguous in both become one run (across modes too: a zN fractal is one 512-byte run to
 * zZ), and the other leaves become loops, innermost the one with the smallest stride (the
 * shorter loop on a tie: fractal by fractal).  Runs are moved with fixed-size copies; a square
 * block of single elements contiguous on crossing sides is a transpose with constant trip
 * counts, and two long crossing loops (RowMajor <-> ColumnMajor) are cut into 16x16 blocks.
 * The loops cover the largest box of the extent they cover exactly; the rest of a ragged
 * extent (a partial fractal row or column) is copied as tiles, planned the same way, so edges
 * move in runs too.  An element-wise loop is used only when the leaves of the two layouts do
 * not divide one another.  Tiles that start off a fractal boundary are first cut into pieces
 * over which both sides are translates of their layouts (tla__copy_pieces).  The planning is in
 * tla/tensor/copy_plan.h, the block loops in tla/tensor/copy_exec.h; this file checks the two tensors (extents,
 * overlap), copies the box the plan covers and then its edges.
 *
 * 4-bit elements (tla_tensor_make_bits(p, 4, ...): int4, fp4, two to a byte, the even offset
 * in the low nibble) take the same plan; a run moves as whole bytes where both sides start on
 * the same half of a byte, else 16 elements a 64-bit word; a transpose moves 16 x 16 blocks in
 * words; only the pieces of a tile that start inside a byte go element by element.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   static unsigned char a[16 * 64 / 2], b[16 * 64 / 2];
 *   tla_layout La, Lb;  tla_tensor A, B;  tla_error e;
 *   tla_layout_format_bits(&La, TLA_ROW_MAJOR, 4, 16, 64, &e);
 *   tla_layout_format_bits(&Lb, TLA_ZN, 4, 16, 64, &e);
 *   A = tla_tensor_make_bits(a, 4, &La, TLA_POS_GM), B = tla_tensor_make_bits(b, 4, &Lb, TLA_POS_L1);
 *   tla_tensor_set4_at2(&A, 3, 5, 9);
 *   if (tla_copy(&B, &A, &e) != 0 || tla_tensor_get4_at2(&B, 3, 5) != 9) return 1;
 */
#ifndef TLA_COPY_H
#define TLA_COPY_H

#include "tla/tensor/copy_exec.h"

/* A copy recorded instead of run (tla_copy_prepare): each box the copy plans, as its loops and
 * its two data pointers' offsets from the views' (a ragged extent's edges and a tile's pieces
 * are boxes of their own).  `full`: the copy needs more boxes or loops than this holds, or goes
 * element by element somewhere; a run then does all of tla_copy. */
#define TLA__REC_STEPS 8
#define TLA__REC_LOOPS 64
typedef struct tla__rec_step {
    int64_t doff, soff, run_len; /* bytes from the views' data pointers; the plan's run */
    int first, nouter; /* its outer loops: loop[first .. first + nouter) */
} tla__rec_step;
typedef struct tla__record {
    const TLA_GM char *base; /* both views' data pointer while recording (the plan's address) */
    int nstep, nloop, full;
    tla__rec_step step[TLA__REC_STEPS];
    tla__loop loop[TLA__REC_LOOPS];
} tla__record;

TLA_FUNC int tla__copy_pieces(const tla_tensor *dst, const tla_tensor *src, int r, tla_error *err, tla__record *rec);

/* One pass over L's tokens: its rank, the size of each top-level mode, and the smallest and
 * largest offset over all of its coordinates (each leaf adds (n - 1) * stride to one side, by
 * sign).  What tla_copy checks, and a bound on the memory a view touches, without building
 * sub-layouts (those cost 10-30 times the copy of a 16 x 16 tile).  -1 when a size or an
 * offset overflows int64 or a mode is empty. */
TLA_FUNC int tla__layout_modes(const tla_layout *L, int *rank, int64_t *size, int64_t *lo, int64_t *hi) {
    const tla_tuple *S = &L->shape;
    int i, depth = 0, m = 0, leaf = 0, top = S->ntok > 0 && S->tok[0] == TLA_TOK_OPEN;
    *lo = *hi = 0, size[0] = 1;
    for (i = top; i < S->ntok; i++) {
        int64_t n = leaf < S->nleaf ? S->val[leaf] : 0, t = 0;
        if (S->tok[i] == TLA_TOK_OPEN) {
            depth++;
            continue;
        }
        if (S->tok[i] == TLA_TOK_CLOSE) {
            if (--depth == 0 && top && ++m < TLA_MAX_RANK) size[m] = 1;
            continue;
        }
        if (m >= TLA_MAX_RANK || n <= 0 || tla__mul64(size[m], n, &size[m]) != 0
            || tla__mul64(n - 1, L->stride.val[leaf], &t) != 0
            || tla__add64(t < 0 ? *lo : *hi, t, t < 0 ? lo : hi) != 0)
            return -1;
        leaf++;
        if (depth == 0 && top && ++m < TLA_MAX_RANK) size[m] = 1;
    }
    *rank = top ? m : 1;
    return *rank <= TLA_MAX_RANK ? 0 : -1;
}

/* tla_tensor_extent of mode k from the mode sizes: the originShape, else the mode's size. */
TLA_FUNC int64_t tla__extent_of(const tla_tensor *t, int k, const int64_t *size) {
    return t->layout.has_origin ? t->layout.origin[k] : size[k];
}

/* The extent of each of t's r top-level modes into e (its originShape, else the mode's size),
 * and from tla__layout_modes its sizes and the bytes it can touch, [*b0, *b1); 0, or -1 when
 * tla__layout_modes cannot tell (the caller then asks the general functions). */
TLA_FUNC int tla__tensor_box(const tla_tensor *t, int r, int64_t *e, int64_t *size, uintptr_t *b0, uintptr_t *b1) {
    int k, rank = 0;
    int64_t lo = 0, hi = 0;
    if (tla__layout_modes(&t->layout, &rank, size, &lo, &hi) != 0 || rank != r) return -1;
    for (k = 0; k < r; k++) e[k] = tla__extent_of(t, k, size);
    if (tla__is4(t))
        lo >>= 1, hi = (hi >> 1) + 1;
    else if (tla__mul64(lo, t->elem_bytes, &lo) != 0 || tla__mul64(hi, t->elem_bytes, &hi) != 0
             || tla__add64(hi, t->elem_bytes, &hi) != 0)
        return -1;
    *b0 = (uintptr_t)t->data + (uintptr_t)lo;
    *b1 = (uintptr_t)t->data + (uintptr_t)hi;
    return 0;
}

/* The extent of each of t's r top-level modes (tla_tensor_extent), from one pass over its tokens. */
TLA_FUNC void tla__tensor_extents(const tla_tensor *t, int r, int64_t *e) {
    int64_t size[TLA_MAX_RANK] = {0}, lo, hi; /* (zeroed: gcc -O3 cannot see it is read only when written) */
    int k, rank = 0;
    int known = t->layout.has_origin || (tla__layout_modes(&t->layout, &rank, size, &lo, &hi) == 0 && rank == r);
    for (k = 0; k < r && k < TLA_MAX_RANK; k++) e[k] = known ? tla__extent_of(t, k, size) : tla_tensor_extent(t, k);
}

/* Is every mode's box [coord, coord + e) of t inside the mode (so its elements lie within
 * tla__tensor_box's bytes)? */
TLA_FUNC int tla__box_inside(const tla_tensor *t, int r, const int64_t *e, const int64_t *size) {
    int k;
    for (k = 0; k < r; k++)
        if (t->coord[k] < 0 || e[k] < 0 || t->coord[k] > size[k] - e[k]) return 0;
    return 1;
}

/* Are src and dst the same dense layout, whole (no tile coordinate, extents the mode sizes),
 * so that the copy is one memcpy of the storage?  Dense: the leaves, by stride, step 1, n0,
 * n0 * n1, ... (a compact, one-to-one layout: no padding, no element twice).  A small copy
 * between two tensors of one format (GM zN to L1 zN) then skips planning, which costs more
 * than moving a fractal. */
TLA_FUNC int tla__same_dense(const tla_tensor *dst, const tla_tensor *src, int r, const int64_t *e, const int64_t *size,
                             int64_t *bytes) {
    const tla_tuple *S = &src->layout.shape, *D = &src->layout.stride;
    int64_t next = 1;
    int k, used[TLA_MAX_LEAVES] = {0};
    if (tla__is4(src) || tla__tensor_has_coord(src) || tla__tensor_has_coord(dst) || S->nleaf > TLA_MAX_LEAVES
        || !tla_layout_equal(&dst->layout, &src->layout))
        return 0;
    for (k = 0; k < r; k++)
        if (e[k] != size[k]) return 0;
    for (;;) { /* the leaf of stride `next` (unit leaves aside), until none is left */
        int i, found = -1;
        for (i = 0; i < S->nleaf && found < 0; i++)
            if (!used[i] && S->val[i] > 1 && D->val[i] == next) found = i;
        if (found < 0) break;
        used[found] = 1;
        if (tla__mul64(next, S->val[found], &next) != 0) return 0;
    }
    for (k = 0; k < S->nleaf; k++)
        if (!used[k] && S->val[k] > 1) return 0;
    return tla__mul64(next, src->elem_bytes, bytes) == 0;
}

/* Plan the box [0, e) and copy what the plan covers, [0, cov) (or record it, rec not NULL): 0,
 * or -1 when the leaves of the two layouts do not divide one another.  Out of line, so its plan
 * (about 3 KB of loops) is off the stack before tla__copy_view copies the edges, which plans
 * again (a copy must run on a 64 KB stack: tests/test_robust.c). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
#endif
TLA__OUT_OF_LINE TLA_FUNC int tla__copy_box(const tla_tensor *dst, const tla_tensor *src, const int64_t *e,
                                            int64_t *cov, tla__record *rec) {
    tla__plan plan;
    int m;
    if (tla__make_plan(dst, src, e, &plan) != 0) return -1;
    if (rec && (rec->nstep == TLA__REC_STEPS || rec->nloop + plan.nouter > TLA__REC_LOOPS))
        rec->full = 1;
    else if (rec) {
        tla__rec_step *t = &rec->step[rec->nstep++];
        t->doff = dst->data - rec->base, t->soff = src->data - rec->base, t->run_len = plan.run_len;
        t->first = rec->nloop, t->nouter = plan.nouter;
        for (m = 0; m < plan.nouter; m++) rec->loop[rec->nloop++] = plan.outer[m];
    } else if (tla__is4(src))
        tla__copy_exact4(plan.outer, plan.nouter, plan.run_len, dst->data, src->data);
    else
        tla__copy_exact(plan.outer, plan.nouter, plan.run_len, dst->data, src->data, (size_t)src->elem_bytes);
    for (m = 0; m < plan.rank; m++) cov[m] = plan.cov[m];
    return 0;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#undef TLA__OUT_OF_LINE

/* Copy between two views whose data pointers are element 0 (no tile coordinate): the plan
 * covers a box [0, cov) of the extent; each mode's rest (cov[m] <= x[m] < e[m], the modes
 * before it inside their box, the ones after it whole) is a tile, copied in pieces like any
 * tile and planned again, so a ragged edge moves in runs as well.  rec not NULL: record the
 * boxes instead (tla__record). */
TLA_FUNC int tla__copy_view(const tla_tensor *dst, const tla_tensor *src, tla_error *err, tla__record *rec) {
    int64_t e[TLA_MAX_RANK] = {0}, cov[TLA_MAX_RANK] = {0};
    int m, k, r = tla_tensor_rank(src);
    tla__tensor_extents(src, r, e);
    for (m = 0; m < r; m++)
        if (e[m] <= 0) return 0;
    if (tla__copy_box(dst, src, e, cov, rec) == 0) {
        for (m = 0; m < r; m++) {
            tla_tensor ts = *src, td = *dst;
            if (cov[m] >= e[m]) continue;
            ts.layout.has_origin = td.layout.has_origin = 1;
            for (k = 0; k < r; k++) {
                ts.coord[k] = td.coord[k] = k == m ? cov[m] : 0;
                ts.layout.origin[k] = td.layout.origin[k] = k < m ? cov[k] : k == m ? e[m] - cov[m] : e[k];
            }
            if (tla__copy_pieces(&td, &ts, r, err, rec) != 0) return -1;
        }
        return 0;
    }
    /* element by element: the leaves of the two layouts do not divide one another */
    if (rec) return rec->full = 1, 0;
    if (tla__is4(src)) return tla__copy_elements4(dst, src, err);
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

/* The view of X's piece at t (per mode) of extent len: its own data pointer, no coordinate
 * (1, no view: X has 4-bit elements and the piece starts inside a byte). */
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
    if (tla__is4(X) && (off & 1)) return 1; /* 4-bit: the piece starts inside a byte */
    out->data += tla__is4(X) ? off >> 1 : off * X->elem_bytes;
    memset(out->coord, 0, sizeof out->coord);
    out->layout.has_origin = 1;
    for (k = 0; k < r; k++) out->layout.origin[k] = len[k];
    return 0;
}

/* Tiles that start off their layout's boundaries (a fractal tile at row 8): cut the
 * extent, mode by mode, into pieces over which both sides are translates of their
 * layouts, and copy each piece as an ordinary view.  A tile on a boundary is one piece. */
TLA_FUNC int tla__copy_pieces(const tla_tensor *dst, const tla_tensor *src, int r, tla_error *err, tla__record *rec) {
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
        int vs = tla__piece_view(&ps, src, t, len, r, err),
            vd = vs < 0 ? -1 : tla__piece_view(&pd, dst, t, len, r, err);
        if (vs < 0 || vd < 0) return -1;
        if ((vs || vd) && rec) /* (element by element: not recorded) */
            rec->full = 1;
        else if (vs || vd) { /* 4-bit, a side starts inside a byte: this piece element by element, as a tile */
            tla_tensor es = *src, ed = *dst;
            es.layout.has_origin = ed.layout.has_origin = 1;
            for (k = 0; k < r; k++) {
                es.coord[k] += t[k], ed.coord[k] += t[k];
                es.layout.origin[k] = ed.layout.origin[k] = len[k];
            }
            if (tla__copy_elements4(&ed, &es, err) != 0) return -1;
        } else if (tla__copy_view(&pd, &ps, err, rec) != 0)
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
    if (r > TLA_MAX_RANK || tla_layout_offset_range(&t->layout, a, e, &mn, &mx, NULL) != 0) return -1;
    if (tla__is4(t)) /* the bytes that hold the first and the last element */
        mn >>= 1, mx = (mx >> 1) + 1;
    else if (tla__mul64(mn, t->elem_bytes, &mn) != 0 || tla__mul64(mx, t->elem_bytes, &mx) != 0
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

/* What tla_copy learns of two tensors before it moves anything (tla__copy_check). */
typedef struct tla__copy_info {
    int r, fast; /* rank; fast: the one-pass summaries below are known */
    int64_t e[TLA_MAX_RANK], ns[TLA_MAX_RANK], nd[TLA_MAX_RANK]; /* extents; mode sizes */
    uintptr_t s0, s1, d0, d1; /* the bytes each side can touch (fast only) */
} tla__copy_info;

/* tla_copy's checks (element sizes, ranks, extents against the modes and each other): -1 and
 * an error, 0 when there is nothing to copy (an extent is 0), 1 to go on.  The extents, sizes
 * and byte spans come from one pass over each layout; the general functions answer when that
 * pass cannot tell (an empty mode, an overflow). */
TLA_FUNC int tla__copy_check(const tla_tensor *dst, const tla_tensor *src, tla__copy_info *c, tla_error *err) {
    int m, r = tla_tensor_rank(src);
    int64_t ed[TLA_MAX_RANK];
    if ((dst->elem_bytes <= 0 && !tla__is4(dst)) || (src->elem_bytes <= 0 && !tla__is4(src)))
        return tla__fail(err, -1,
                         "copy: an element is 4 bits or at least 1 byte (destination %d bytes / %d bits, "
                         "source %d bytes / %d bits)",
                         dst->elem_bytes, dst->elem_bits, src->elem_bytes, src->elem_bits);
    if (dst->elem_bytes != src->elem_bytes || tla__is4(dst) != tla__is4(src))
        return tla__fail(err, -1, "copy: element sizes differ (%d and %d bits)",
                         tla__is4(dst) ? 4 : 8 * dst->elem_bytes, tla__is4(src) ? 4 : 8 * src->elem_bytes);
    if (tla_tensor_rank(dst) != r) return tla__fail(err, -1, "copy: ranks differ (%d and %d)", tla_tensor_rank(dst), r);
    if (r > TLA_MAX_RANK) return tla__fail(err, -1, "copy: rank %d is past %d", r, TLA_MAX_RANK);
    c->r = r;
    c->fast = tla__tensor_box(src, r, c->e, c->ns, &c->s0, &c->s1) == 0
              && tla__tensor_box(dst, r, ed, c->nd, &c->d0, &c->d1) == 0;
    for (m = 0; m < r && !c->fast; m++) {
        tla_layout ms, md;
        memset(&ms, 0, sizeof ms);
        memset(&md, 0, sizeof md);
        tla__mode(&src->layout, m, &ms);
        tla__mode(&dst->layout, m, &md);
        c->e[m] = tla_tensor_extent(src, m), ed[m] = tla_tensor_extent(dst, m);
        if (tla_layout_size(&ms, &c->ns[m], NULL) != 0 || tla_layout_size(&md, &c->nd[m], NULL) != 0)
            c->ns[m] = c->nd[m] = -1;
    }
    for (m = 0; m < r; m++)
        if (c->ns[m] < 0 || c->nd[m] < 0 || c->e[m] > c->ns[m] || ed[m] > c->nd[m])
            return tla__fail(err, -1, "copy: the originShape of mode %d is larger than the mode", m);
    for (m = 0; m < r; m++)
        if (ed[m] != c->e[m])
            return tla__fail(err, -1, "copy: mode %d has extent %lld in the destination and %lld in the source", m,
                             (long long)ed[m], (long long)c->e[m]);
    for (m = 0; m < r; m++)
        if (c->e[m] <= 0) return 0;
    return 1;
}

/* Are the bytes each side can touch apart (so they cannot overlap)?  Only when known. */
TLA_FUNC int tla__copy_apart(const tla_tensor *dst, const tla_tensor *src, const tla__copy_info *c) {
    return c->fast && tla__box_inside(src, c->r, c->e, c->ns) && tla__box_inside(dst, c->r, c->e, c->nd)
           && (c->s1 <= c->d0 || c->d1 <= c->s0);
}

/* tla_copy(&dst, &src, err) -> 0 or -1
 *   Same rank, extents and element size (bytes, or 4 bits); any two layouts; padding of dst is
 *   never written (nor, for 4-bit elements, the other half of a byte it shares with padding).
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
TLA_API int tla_copy(tla_tensor *dst, const tla_tensor *src, tla_error *err)
#if TLA__BODIES
{
    tla__copy_info c;
    int64_t bytes = 0;
    int k = tla__copy_check(dst, src, &c, err);
    if (k <= 0) return k;
    /* overlap: apart when the bytes each side can touch are apart; else the exact test */
    if (!tla__copy_apart(dst, src, &c) && (k = tla__copy_overlap(dst, src, c.r, err)) != 0) return k < 0 ? -1 : 0;
    if (c.fast && tla__same_dense(dst, src, c.r, c.e, c.ns, &bytes)) {
        memcpy(dst->data, src->data, (size_t)bytes);
        return 0;
    }
    if (!tla__tensor_has_coord(src) && !tla__tensor_has_coord(dst)) return tla__copy_view(dst, src, err, NULL);
    return tla__copy_pieces(dst, src, c.r, err, NULL);
}
#endif
TLA__DECL

/* tla_copy_prepare(&P, &dst, &src, err) -> 0 or -1; tla_copy_run(&P, dst_data, src_data, err) -> 0 or -1
 *   A copy planned once and run many times: tla_copy_run copies what tla_copy would between
 *   dst and src with their data pointers replaced by dst_data and src_data (same layouts,
 *   extents and tile coordinates).  For a kernel's tile loop: one plan per tile shape (and tile
 *   coordinate, for GetTile views), one run per tile (a ragged last tile has other extents: a
 *   plan of its own).  prepare makes tla_copy's checks and errors (not the overlap test: the
 *   pointers change) and records every box tla_copy would plan: the whole extent, a ragged
 *   extent's edges, the pieces of a tile that starts off a fractal boundary; a run moves them
 *   with the recorded loops, or as one memcpy (one dense layout on both sides), and plans
 *   nothing.  A run tests overlap from the bytes each side can touch and, where they meet,
 *   leaves the verdict to tla_copy's exact test; a copy that needs more than 8 boxes, or goes
 *   element by element somewhere, runs all of tla_copy.  A plan holds both views and the
 *   loops (about 5 KB): make it outside the loop.
 * Example:
 *   static int16_t a[64 * 64], b[32 * 32];
 *   tla_layout La, Lb;  tla_tensor A, B;  tla_copy_plan P;  tla_error e;  int i, j;
 *   tla_parse_layout("(32,32):(64,1)", &La, &e);          // a 32 x 32 tile of a 64 x 64 row-major matrix
 *   tla_layout_format(&Lb, TLA_ZN, 2, 32, 32, &e);        // a 32 x 32 zN buffer
 *   A = tla_tensor_make(a, 2, &La, TLA_POS_GM), B = tla_tensor_make(b, 2, &Lb, TLA_POS_L1);
 *   for (i = 0; i < 64 * 64; i++) a[i] = (int16_t)i;
 *   if (tla_copy_prepare(&P, &B, &A, &e) != 0) return 1;
 *   for (i = 0; i < 2; i++)
 *       for (j = 0; j < 2; j++) {                           // the four tiles, one plan
 *           if (tla_copy_run(&P, b, a + 32 * i * 64 + 32 * j, &e) != 0) return 1;
 *           if (*(int16_t *)tla_tensor_at2(&B, 5, 7) != (32 * i + 5) * 64 + 32 * j + 7) return 1;
 *       }
 */
enum { TLA__RUN_NONE, TLA__RUN_MEMCPY, TLA__RUN_BOXES, TLA__RUN_ALL };
typedef struct tla_copy_plan {
    tla_tensor dst, src; /* the views; each run replaces their data pointers */
    int kind; /* TLA__RUN_...: nothing, one memcpy, the recorded boxes, or tla_copy */
    int inside; /* both boxes inside their layouts' modes: info's byte spans bound them */
    int64_t bytes; /* TLA__RUN_MEMCPY */
    tla__copy_info info; /* extents, sizes, byte spans (relative to data pointers 0) */
    tla__record rec; /* TLA__RUN_BOXES */
} tla_copy_plan;

TLA_API int tla_copy_prepare(tla_copy_plan *P, const tla_tensor *dst, const tla_tensor *src, tla_error *err)
#if TLA__BODIES
{
    int k;
    tla_copy_plan p;
    tla_error e2;
    p.dst = *dst, p.src = *src, p.bytes = 0;
    p.dst.data = p.src.data = NULL; /* spans relative to data 0 */
    k = tla__copy_check(&p.dst, &p.src, &p.info, err);
    if (k < 0) return -1;
    p.kind = k == 0 ? TLA__RUN_NONE : TLA__RUN_ALL;
    p.inside = k > 0 && p.info.fast && tla__box_inside(&p.src, p.info.r, p.info.e, p.info.ns)
               && tla__box_inside(&p.dst, p.info.r, p.info.e, p.info.nd);
    if (k > 0 && p.info.fast && tla__same_dense(&p.dst, &p.src, p.info.r, p.info.e, p.info.ns, &p.bytes))
        p.kind = TLA__RUN_MEMCPY;
    else if (k > 0) {
        /* record tla_copy's boxes on views whose data pointers are a real address (this plan's),
         * so that the offsets a piece adds are plain pointer arithmetic; an error here (an
         * overflow) is tla_copy's to report at run time */
        tla_tensor vd = p.dst, vs = p.src;
        tla__record *rec = &p.rec;
        vd.data = vs.data = (TLA_GM char *)(void *)P;
        rec->base = vd.data, rec->nstep = rec->nloop = rec->full = 0;
        k = !tla__tensor_has_coord(&vs) && !tla__tensor_has_coord(&vd) ? tla__copy_view(&vd, &vs, &e2, rec)
                                                                       : tla__copy_pieces(&vd, &vs, p.info.r, &e2, rec);
        if (k == 0 && !rec->full) p.kind = TLA__RUN_BOXES;
    }
    *P = p;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_copy_run(const tla_copy_plan *P, TLA_GM void *dst_data, const TLA_GM void *src_data, tla_error *err)
#if TLA__BODIES
{
    const tla__copy_info *c = &P->info;
    const tla__record *rec = &P->rec;
    uintptr_t s0 = c->s0 + (uintptr_t)src_data, s1 = c->s1 + (uintptr_t)src_data, d0 = c->d0 + (uintptr_t)dst_data,
              d1 = c->d1 + (uintptr_t)dst_data;
    TLA_GM char *d = (TLA_GM char *)dst_data;
    const TLA_GM char *s = (const TLA_GM char *)src_data;
    int k;
    if (P->kind == TLA__RUN_NONE) return 0;
    if (P->kind == TLA__RUN_ALL || !P->inside || !(s1 <= d0 || d1 <= s0)) { /* all of tla_copy */
        tla_tensor dt = P->dst, st = P->src;
        dt.data = d, st.data = (TLA_GM char *)(uintptr_t)s;
        return tla_copy(&dt, &st, err);
    }
    if (P->kind == TLA__RUN_MEMCPY) {
        memcpy(d, s, (size_t)P->bytes);
        return 0;
    }
    for (k = 0; k < rec->nstep; k++) {
        const tla__rec_step *t = &rec->step[k];
        if (tla__is4(&P->src))
            tla__copy_exact4(rec->loop + t->first, t->nouter, t->run_len, d + t->doff, s + t->soff);
        else
            tla__copy_exact(rec->loop + t->first, t->nouter, t->run_len, d + t->doff, s + t->soff,
                            (size_t)P->src.elem_bytes);
    }
    return 0;
}
#endif
TLA__DECL

#endif
