/* tla/copy.h - tla_copy: every element of one tensor into another, whatever their layouts.
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
 * over which both sides are translates of their layouts (tla__copy_pieces).
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

#include "tensor.h"

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
    int leaf = 0, n = 0, k;
    if (tla__elem_leaves(&L->shape, m, &leaf, &n) != 0 || n < 1) return -1;
    for (k = 0; k < n; k++) s[k] = L->shape.val[leaf + k], d[k] = L->stride.val[leaf + k];
    s[n - 1] = TLA__UNBOUNDED;
    return n;
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
 * in either layout keeps that side in cache), then, between loops whose steps are past a
 * cache line on both sides (`line`: the elements in 64 bytes), the destination's order, so
 * the writes stream (fractal by fractal between two fractal formats: on the bench's 40 cells
 * this changes, 1.07x (gcc) and 1.10x (clang) faster in geometric mean, up to 1.4x);
 * otherwise the shorter loop (a fractal's 16 rows before the row of fractals: the block a
 * hand-written loop copies), then by the larger stride. */
TLA_FUNC int64_t tla__abs64(int64_t v) { return v < 0 ? -v : v; }
TLA_FUNC int tla__loop_before(const tla__loop *a, const tla__loop *b, int64_t line) {
    int64_t as = tla__abs64(a->ss), ad = tla__abs64(a->ds), bs = tla__abs64(b->ss), bd = tla__abs64(b->ds);
    int64_t amin = as < ad ? as : ad, bmin = bs < bd ? bs : bd, amax = as < ad ? ad : as, bmax = bs < bd ? bd : bs;
    if (amin != bmin) return amin < bmin;
    if (amin > line && ad != bd) return ad < bd;
    return a->n < b->n || (a->n == b->n && amax < bmax);
}

/* Remove loop k of the plan's outer loops / insert l as loop k (the planner's reorderings). */
TLA_FUNC void tla__plan_remove(tla__plan *p, int k) {
    for (; k + 1 < p->nouter; k++) p->outer[k] = p->outer[k + 1];
    p->nouter--;
}
TLA_FUNC void tla__plan_insert(tla__plan *p, int k, tla__loop l) {
    int i;
    for (i = p->nouter - 1; i >= k; i--) p->outer[i + 1] = p->outer[i];
    p->nouter++;
    p->outer[k] = l;
}

/* Cache blocking of a transpose between two long loops (RowMajor <-> ColumnMajor: no leaf
 * is short): when the two innermost loops are long, each contiguous on one side only and
 * each its mode's outermost loop, split them into TLA__TILE x TLA__TILE blocks, so one block
 * reads and writes TLA__TILE lines on each side instead of a whole row or column (only for
 * runs shorter than a cache line: longer runs use their lines whole).  Each mode
 * keeps a multiple of TLA__TILE; the rest becomes the mode's tail (a tile of its own). */
#define TLA__TILE 16
/* Bytes move in 8 x 8 pieces (tla__transpose8x8), and 64 x 64 tiles of them use whole lines (an
 * edge too short for them, planned again, gets 16 x 16 tiles). */
#define TLA__TILE1 64
TLA_FUNC void tla__plan_tile(tla__plan *p, int elem_bytes) {
    tla__loop a = p->outer[0], b = p->outer[1];
    int64_t one = p->run_len, T = TLA__TILE;
    int k;
    if (elem_bytes == 1 && a.n >= 2 * TLA__TILE1 && b.n >= 2 * TLA__TILE1) T = TLA__TILE1;
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

/* A transpose of single elements whose two innermost loops are N and a multiple of N (a 1-byte
 * nZ fractal has 32 rows against 16 columns): split the longer one into N and the rest, so the
 * block is the N x N transpose tla__copy_4d moves with constant trip counts.  (Bytes need no split:
 * tla__transpose_bytes moves any block whose sides are multiples of 8.) */
TLA_FUNC void tla__plan_square(tla__plan *p, int elem_bytes) {
    tla__loop a, b;
    if (elem_bytes == 1 || p->run_len != 1 || p->nouter < 2 || p->nouter + 1 > TLA__MAX_LOOPS) return;
    a = p->outer[0], b = p->outer[1];
    if ((a.n != 16 && a.n != 8) || b.n <= a.n || b.n % a.n != 0
        || !((a.ss == 1 && b.ds == 1) || (a.ds == 1 && b.ss == 1)))
        return;
    p->outer[1].n = a.n;
    b.n /= a.n, b.ss *= a.n, b.ds *= a.n, b.w *= a.n;
    tla__plan_insert(p, 2, b);
}

/* Super-blocks: a transpose whose N x N blocks span less than a cache line along a side
 * (N * elem_bytes < 64: 2-byte 16 x 16 and 4-byte 8 x 8 blocks, 32 bytes) takes 2 x 2 blocks
 * before walking the grid, when the next loop of each block mode (weight N, an even count)
 * steps at most 512 bytes on some side (the other half of a line, the next fractal): each
 * super-block then reads and writes whole lines, or a fractal's neighbour, on both sides.
 * (When either mode's next step is far on both sides, pairing only adds jumps: 0.65-0.88x
 * for zN -> ColumnMajor.)  Each of those loops gives 2 steps right after the block; the rest
 * stays where it was.  Two rules are measured rather than derived (numbers: bench/NOTES.md,
 * round 6; both held at a size the bench does not have): an odd count of 4-byte blocks is
 * paired too, its last block left to the mode's edge tile (the loop must be its mode's
 * outermost, so [0, cov) stays a box), 1.02-1.28x, while 2-byte blocks lost that way; and
 * 4-byte blocks whose destination is contiguous in the inner loop (RowMajor -> nZ, ColumnMajor
 * -> zN) are paired across a far step, as the hand loop does, 1.08-1.14x, while their reverses
 * and 2-byte twins lost. */
TLA_FUNC int tla__plan_outermost(const tla__plan *p, int k) {
    int i;
    for (i = 0; i < p->nouter; i++)
        if (p->outer[i].mode == p->outer[k].mode && p->outer[i].w > p->outer[k].w) return 0;
    return 1;
}
TLA_FUNC int tla__plan_pair_loop(const tla__plan *p, int side, int elem_bytes) {
    int k;
    for (k = 2; k < p->nouter; k++) {
        const tla__loop *l = &p->outer[k];
        if (l->mode == p->outer[side].mode && l->w == p->outer[0].n) {
            int count_ok = l->n % 2 == 0 || (elem_bytes == 4 && l->n >= 3 && tla__plan_outermost(p, k));
            int near = tla__abs64(l->ss) * elem_bytes <= 512 || tla__abs64(l->ds) * elem_bytes <= 512
                       || (elem_bytes == 4 && p->outer[0].ds == 1);
            return count_ok && near ? k : -1;
        }
    }
    return -1;
}
TLA_FUNC int tla__plan_super(tla__plan *p, int elem_bytes) {
    int side, k[2];
    if (p->run_len != 1 || p->nouter < 4 || p->nouter + 2 > TLA__MAX_LOOPS) return 0;
    if (p->outer[1].n != p->outer[0].n || p->outer[1].mode == p->outer[0].mode || p->outer[0].n * elem_bytes >= 64)
        return 0;
    k[0] = tla__plan_pair_loop(p, 0, elem_bytes), k[1] = tla__plan_pair_loop(p, 1, elem_bytes);
    if (k[0] < 0 || k[1] < 0) return 0;
    if (p->outer[2].n == 2 && p->outer[3].n == 2) return 1; /* already pairs: keep their order */
    for (side = 0; side < 2; side++) /* an odd count: the last block joins the mode's edge */
        if (p->outer[k[side]].n % 2) p->outer[k[side]].n--, p->cov[p->outer[k[side]].mode] -= p->outer[k[side]].w;
    for (side = 0; side < 2; side++) {
        tla__loop two = p->outer[k[side]], *rest = &p->outer[k[side]];
        two.n = 2;
        if (rest->n == 2) { /* the whole loop moves */
            tla__plan_remove(p, k[side]);
            if (k[1 - side] > k[side]) k[1 - side]--;
        } else
            rest->n /= 2, rest->ss *= 2, rest->ds *= 2, rest->w *= 2;
        tla__plan_insert(p, 2 + side, two);
        if (k[1 - side] >= 2 + side) k[1 - side]++;
    }
    return 1;
}

/* A transpose left without super-blocks (an odd count of blocks, a far step): walking its grid
 * in the destination's order, so the writes stream, beats the source's reuse of half lines:
 * RowMajor -> nN and ColumnMajor -> zZ at 1000x3001 1.09-1.46x.  (With super-blocks the order
 * stays: there it lost 0.61-0.84x.)  Grid loops: those whose steps are half a line or more on
 * both sides; a quarter-line step (1-byte ColumnMajor -> zZ) keeps the source's order, which
 * reuses each line four times. */
TLA_FUNC void tla__plan_grid_order(tla__plan *p, int64_t line) {
    int i, j;
    for (i = 3; i < p->nouter; i++)
        for (j = i; j > 2; j--) {
            tla__loop *a = &p->outer[j], *b = &p->outer[j - 1], t;
            if (2 * tla__abs64(a->ss) < line || 2 * tla__abs64(a->ds) < line || 2 * tla__abs64(b->ss) < line
                || 2 * tla__abs64(b->ds) < line || tla__abs64(a->ds) >= tla__abs64(b->ds))
                break;
            t = *a, *a = *b, *b = t;
        }
}

/* A 1-byte transpose moves any rectangle of 8 x 8 pieces in one call (tla__transpose_bytes),
 * so a super-block's pair loop that continues the first loop on both sides (zN <-> nN / nZ:
 * the two 16-row blocks are the 32 rows of one nN / nZ fractal) joins it, and each call moves
 * twice as much: interleaved A/B on the 8 bench cells this changes, 1.10x (gcc) and 1.09x
 * (clang), zN -> nN from 0.81-0.90 of the hand loop to 0.94-1.03. */
TLA_FUNC void tla__plan_merge_bytes(tla__plan *p, int elem_bytes) {
    tla__loop *a = &p->outer[0], *b = &p->outer[2];
    if (elem_bytes != 1 || p->run_len != 1 || p->nouter < 3 || b->n != 2 || b->mode != a->mode || b->w != a->n * a->w
        || b->ss != a->n * a->ss || b->ds != a->n * a->ds)
        return;
    a->n *= b->n;
    tla__plan_remove(p, 2);
}

/* Plan the copy of the box [0, e) (e: one extent per mode, each >= 1). */
TLA_FUNC int tla__make_plan(const tla_tensor *dst, const tla_tensor *src, const int64_t *e, tla__plan *p) {
    tla__loop all[TLA__MAX_LOOPS];
    int64_t span[TLA_MAX_RANK]; /* the run's extent per mode */
    int n = 0, m, i, j, used[TLA__MAX_LOOPS];
    int64_t line = tla__is4(src) ? 128 : 64 / (src->elem_bytes > 0 ? src->elem_bytes : 1);
    p->nrun = p->nouter = 0; /* no memset: the loop arrays are large and filled as used */
    /* (gcc cannot tell that the refinements below read only loops filled in: 4 start defined) */
    for (i = 0; i < 4; i++) p->outer[i] = (tla__loop){1, 0, 0, 1, 0};
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
        for (j = i; j > 0 && tla__loop_before(&p->outer[j], &p->outer[j - 1], line); j--) {
            tla__loop t = p->outer[j];
            p->outer[j] = p->outer[j - 1];
            p->outer[j - 1] = t;
        }
    tla__plan_square(p, src->elem_bytes);
    if (!tla__is4(src) && !tla__plan_super(p, src->elem_bytes) && p->run_len == 1) tla__plan_grid_order(p, line);
    tla__plan_merge_bytes(p, src->elem_bytes);
    tla__plan_tile(p, src->elem_bytes > 0 ? src->elem_bytes : 1);
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

/* An 8 x 8 transpose of bytes: byte c of destination row r is byte r of source row c (rows
 * ds and ss bytes apart).  The rows are eight 64-bit words and three rounds of masked swaps
 * (single bytes, pairs, quads) transpose them: 16 loads and stores instead of 128, two to
 * four times faster than a byte loop (bench/NOTES.md).  The masks assume little-endian words;
 * elsewhere it is the byte loop. */
#if defined(__GNUC__)
#define TLA__ALWAYS_INLINE __attribute__((always_inline)) /* gcc would call it: 1.05-1.37x slower */
#else
#define TLA__ALWAYS_INLINE
#endif
TLA__ALWAYS_INLINE TLA_FUNC void tla__transpose8x8(TLA_GM char *d, int64_t ds, const TLA_GM char *s, int64_t ss) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x0, x1, x2, x3, x4, x5, x6, x7, t;
    /* clang-format off */
    memcpy(&x0, s, 8), memcpy(&x1, s + ss, 8), memcpy(&x2, s + 2 * ss, 8), memcpy(&x3, s + 3 * ss, 8);
    memcpy(&x4, s + 4 * ss, 8), memcpy(&x5, s + 5 * ss, 8), memcpy(&x6, s + 6 * ss, 8), memcpy(&x7, s + 7 * ss, 8);
/* swap the w-byte pieces at odd positions of a with those at even positions of b */
#define TLA__SWAP(a, b, w, m) (t = ((a >> 8 * w) ^ b) & m, b ^= t, a ^= t << 8 * w)
    TLA__SWAP(x0, x1, 1, 0x00FF00FF00FF00FFull), TLA__SWAP(x2, x3, 1, 0x00FF00FF00FF00FFull);
    TLA__SWAP(x4, x5, 1, 0x00FF00FF00FF00FFull), TLA__SWAP(x6, x7, 1, 0x00FF00FF00FF00FFull);
    TLA__SWAP(x0, x2, 2, 0x0000FFFF0000FFFFull), TLA__SWAP(x1, x3, 2, 0x0000FFFF0000FFFFull);
    TLA__SWAP(x4, x6, 2, 0x0000FFFF0000FFFFull), TLA__SWAP(x5, x7, 2, 0x0000FFFF0000FFFFull);
    TLA__SWAP(x0, x4, 4, 0x00000000FFFFFFFFull), TLA__SWAP(x1, x5, 4, 0x00000000FFFFFFFFull);
    TLA__SWAP(x2, x6, 4, 0x00000000FFFFFFFFull), TLA__SWAP(x3, x7, 4, 0x00000000FFFFFFFFull);
#undef TLA__SWAP
    memcpy(d, &x0, 8), memcpy(d + ds, &x1, 8), memcpy(d + 2 * ds, &x2, 8), memcpy(d + 3 * ds, &x3, 8);
    memcpy(d + 4 * ds, &x4, 8), memcpy(d + 5 * ds, &x5, 8), memcpy(d + 6 * ds, &x6, 8), memcpy(d + 7 * ds, &x7, 8);
    /* clang-format on */
#else
    int r, c;
    for (r = 0; r < 8; r++)
        for (c = 0; c < 8; c++) d[r * ds + c] = s[c * ss + r];
#endif
}

/* Swap the roles of a block's two loops (extents and both sides' strides), so the transposes
 * below handle one orientation. */
TLA_FUNC void tla__swap_loops(int64_t *n1, int64_t *d1, int64_t *s1, int64_t *n0, int64_t *d0, int64_t *s0) {
    int64_t t;
    t = *n1, *n1 = *n0, *n0 = t;
    t = *d1, *d1 = *d0, *d0 = t;
    t = *s1, *s1 = *s0, *s0 = t;
}

/* clang-format off */
/* Transposes of 1-byte elements (tla__copy_3d's arguments): an n1 x n0 block, both multiples of
 * 8, contiguous on one side along one loop and on the other side along the other, moves in
 * 8 x 8 pieces (tla__transpose8x8), the destination's lines in order; 0 when the shape is not
 * such a block.  Any such rectangle will do, so a 1-byte nZ fractal (32 x 16) is one block. */
TLA_FUNC int tla__transpose_bytes(TLA_GM char *d, const TLA_GM char *s, int64_t n2, int64_t d2, int64_t s2, int64_t n1,
                                  int64_t d1, int64_t s1, int64_t n0, int64_t d0, int64_t s0) {
    int64_t i, j, k;
    if (n0 % 8 != 0 || n1 % 8 != 0) return 0;
    if (s0 == 1 && d1 == 1) /* destination contiguous along i */
        tla__swap_loops(&n1, &d1, &s1, &n0, &d0, &s0);
    else if (d0 != 1 || s1 != 1)
        return 0;
    /* destination rows along i, source rows along j; a fractal's pitch (32 bytes) is a
     * constant the compiler folds into the eight loads or stores */
#define TLA__BYTE_BLOCKS(DP, SP) \
    for (k = 0; k < n2; k++, d += d2, s += s2) \
        for (i = 0; i < n1; i += 8) \
            for (j = 0; j < n0; j += 8) tla__transpose8x8(d + i * (DP) + j, DP, s + j * (SP) + i, SP); \
    return 1;
    if (d1 == 32 && s0 == 32) { TLA__BYTE_BLOCKS(32, 32) }
    if (d1 == 32) { TLA__BYTE_BLOCKS(32, s0) }
    if (s0 == 32) { TLA__BYTE_BLOCKS(d1, 32) }
    TLA__BYTE_BLOCKS(d1, s0)
#undef TLA__BYTE_BLOCKS
}
/* clang-format on */

/* The block loops: tla__copy_3d, tla__copy_4d and the transposes are functions the
 * compiler must not inline (TLA__OUT_OF_LINE, one call per row of blocks).  Inlined into the
 * copy's driver (gcc inlined tla__copy_3d into tla__copy_view; clang kept the transposes
 * inside tla__copy_3d), the loops' block pointers were spilled to the stack and reloaded after
 * every block's stores, and 2-byte fractal <-> fractal transposes ran at 0.75-0.83 of the hand
 * loop; out of line, 0.9-1.0 (interleaved A/B: 1.14x gcc, 1.16x clang; bench/NOTES.md).  gcc
 * warns about noinline next to TLA_FUNC's `inline`; the pragma keeps that warning off for
 * these definitions only. */
#if defined(__GNUC__)
#define TLA__OUT_OF_LINE __attribute__((noinline))
#else
#define TLA__OUT_OF_LINE
#endif
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
#endif

/* Transposes of N x N blocks of B-byte elements (N 16 or 8, B 2 or 4), the destination
 * written contiguously in the inner loop: n3 x n2 blocks (d3 / s3 and d2 / s2 bytes apart, the
 * first at d3b / s3b), dp / sp the pitches (a fractal's 32 bytes become a constant the compiler
 * folds into the moves).  With clang,
 * where one pitch is a fractal's, consecutive blocks that fill one 64-byte destination line
 * are moved together (GROUP: 2-byte fractal transposes ran 1.7x faster; with both pitches at
 * run time it lost).  gcc -O2 does not unroll the 16-step inner loop by itself (clang does):
 * asked to (TLA__UNROLL) it moves 2-byte transposes up to 1.6x faster, and then one block at a
 * time beats grouping by 1.2-1.4x (bench/NOTES.md). */
/* clang-format off */
#if defined(__GNUC__) && !defined(__clang__)
#define TLA__UNROLL _Pragma("GCC unroll 16")
#define TLA__GROUP 0
#else
#define TLA__UNROLL
#define TLA__GROUP 1
#endif
#define TLA__TRANSPOSE_BLOCK(N, B, DS, SS) TLA__TRANSPOSE_BLOCKG(N, B, DS, SS, TLA__GROUP)
#define TLA__TRANSPOSE_BLOCKG(N, B, DS, SS, GROUP) /* d[i][j] = s[j][i], the destination contiguous along j */ \
    for (l = 0; l < n3; l++) { \
        TLA_GM char *d = d3b + l * d3; \
        const TLA_GM char *s = s3b + l * s3; \
        k = 0; \
        if ((GROUP) && d2 == N * B) /* blocks that continue each other's destination lines: a line at a time */ \
            for (; k + lb <= n2; k += lb, d += lb * d2, s += lb * s2) \
                for (i = 0; i < N; i++) \
                    for (g = 0; g < lb; g++) \
                        TLA__UNROLL for (j = 0; j < N; j++) memcpy(d + g * d2 + i * (DS) + j * B, s + g * s2 + i * B + j * (SS), B); \
        for (; k < n2; k++, d += d2, s += s2) \
            for (i = 0; i < N; i++) TLA__UNROLL for (j = 0; j < N; j++) memcpy(d + i * (DS) + j * B, s + i * B + j * (SS), B); \
    } \
    return;
#define TLA__DEFINE_TRANSPOSE(N, B) \
TLA__OUT_OF_LINE TLA_FUNC void tla__transpose_##N##_##B(TLA_GM char *d3b, const TLA_GM char *s3b, int64_t n3, int64_t d3, \
        int64_t s3, int64_t n2, int64_t d2, int64_t s2, int64_t dp, int64_t sp) { \
    int64_t i, j, k, g, l; \
    enum { lb = 64 / ((N) * (B)) > 1 ? 64 / ((N) * (B)) : 1 }; \
    if (dp == 32 && sp == 32) { TLA__TRANSPOSE_BLOCK(N, B, 32, 32) } \
    if (dp == 32) { TLA__TRANSPOSE_BLOCK(N, B, 32, sp) } \
    if (sp == 32) { TLA__TRANSPOSE_BLOCK(N, B, dp, 32) } \
    TLA__TRANSPOSE_BLOCKG(N, B, dp, sp, 0) \
}
TLA__DEFINE_TRANSPOSE(16, 2) TLA__DEFINE_TRANSPOSE(8, 2) TLA__DEFINE_TRANSPOSE(16, 4) TLA__DEFINE_TRANSPOSE(8, 4)
#undef TLA__DEFINE_TRANSPOSE
#undef TLA__TRANSPOSE_BLOCK
#undef TLA__TRANSPOSE_BLOCKG
#undef TLA__UNROLL
#undef TLA__GROUP

/* n2 x n1 x n0 copies of `bytes` bytes (three strides each side): one dispatch on the size
 * for a whole row of 2-D blocks (the third loop is the next outer loop of the plan), so small
 * elements move at loop speed and no block pays a call.  n0 == 16 (a fractal's side) gets its
 * own loop: a constant trip count the compiler unrolls.  Bytes that form a transpose move as
 * 8 x 8 pieces (tla__transpose_bytes). */
TLA__OUT_OF_LINE TLA_FUNC void tla__copy_3d(TLA_GM char *d, const TLA_GM char *s, int64_t n2, int64_t d2, int64_t s2,
                                            int64_t n1, int64_t d1, int64_t s1, int64_t n0, int64_t d0, int64_t s0,
                                            size_t bytes) {
    int64_t i, j, k;
/* clang-format off */
#define TLA__COPY2_CASE(B) \
    case B: \
        TLA__COPY2_LOOPS(B)
#define TLA__COPY2_LOOPS(B) \
        for (k = 0; k < n2; k++, d += d2, s += s2) \
            if (n0 == 16) for (i = 0; i < n1; i++) for (j = 0; j < 16; j++) memcpy(d + i * d1 + j * d0, s + i * s1 + j * s0, B); \
            else for (i = 0; i < n1; i++) for (j = 0; j < n0; j++) memcpy(d + i * d1 + j * d0, s + i * s1 + j * s0, B); \
        return;
    switch (bytes) {
    case 1:
        if (tla__transpose_bytes(d, s, n2, d2, s2, n1, d1, s1, n0, d0, s0)) return;
        TLA__COPY2_LOOPS(1)
    TLA__COPY2_CASE(2) TLA__COPY2_CASE(4) TLA__COPY2_CASE(8) TLA__COPY2_CASE(16)
    TLA__COPY2_CASE(32) TLA__COPY2_CASE(64)
    default:
        for (k = 0; k < n2; k++, d += d2, s += s2)
            for (i = 0; i < n1; i++) tla__copy_blocks(d + i * d1, s + i * s1, n0, d0, s0, bytes);
    }
#undef TLA__COPY2_CASE
#undef TLA__COPY2_LOOPS
    /* clang-format on */
}

/* n3 rows of tla__copy_3d's blocks (the plan's fourth loop).  A square block of 2- or 4-byte
 * elements that is contiguous on one side along one loop and on the other side along the
 * other loop is a transpose: N x N (16, or 8 for the 8-element side of a 4-byte fractal), as a
 * hand-written transpose does (above), and one call moves all n3 x n2 of them.  A super-block's
 * 2 x 2 blocks are then one call instead of two, a whole super-block between the odometer's
 * steps: interleaved A/B over the 24 2- and 4-byte transpose cells 1.02x (gcc) and 1.03x
 * (clang) in geometric mean, 4-byte ragged cells up to 1.13x (bench/NOTES.md, round 7). */
TLA__OUT_OF_LINE TLA_FUNC void tla__copy_4d(TLA_GM char *d, const TLA_GM char *s, int64_t n3, int64_t d3, int64_t s3,
                                            int64_t n2, int64_t d2, int64_t s2, int64_t n1, int64_t d1, int64_t s1,
                                            int64_t n0, int64_t d0, int64_t s0, size_t bytes) {
    int64_t l;
/* clang-format off */
#define TLA__TRANSPOSE_CASE(N, B) \
    if (n0 == N && n1 == N && d0 == B && s1 == B) { tla__transpose_##N##_##B(d, s, n3, d3, s3, n2, d2, s2, d1, s0); return; } \
    if (n0 == N && n1 == N && s0 == B && d1 == B) { tla__transpose_##N##_##B(d, s, n3, d3, s3, n2, d2, s2, d0, s1); return; }
    if (bytes == 2) { TLA__TRANSPOSE_CASE(16, 2) TLA__TRANSPOSE_CASE(8, 2) }
    if (bytes == 4) { TLA__TRANSPOSE_CASE(16, 4) TLA__TRANSPOSE_CASE(8, 4) }
#undef TLA__TRANSPOSE_CASE
    /* clang-format on */
    for (l = 0; l < n3; l++) tla__copy_3d(d + l * d3, s + l * s3, n2, d2, s2, n1, d1, s1, n0, d0, s0, bytes);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

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
    const tla__loop *l0 = p->nouter > 0 ? &p->outer[0] : &one, *l1 = p->nouter > 1 ? &p->outer[1] : &one,
                    *l2 = p->nouter > 2 ? &p->outer[2] : &one, *l3 = p->nouter > 3 ? &p->outer[3] : &one;
    int64_t digit[TLA__MAX_LOOPS], so = 0, dof = 0, e = (int64_t)eb;
    size_t run_bytes = (size_t)p->run_len * eb;
    int k;
    for (k = 0; k < p->nouter; k++) digit[k] = 0;
    for (;;) {
        tla__copy_4d(dst + dof * e, src + so * e, l3->n, l3->ds * e, l3->ss * e, l2->n, l2->ds * e, l2->ss * e, l1->n,
                     l1->ds * e, l1->ss * e, l0->n, l0->ds * e, l0->ss * e, run_bytes);
        if (!tla__odometer_next(p, 4, digit, &so, &dof, NULL)) return;
    }
}

/* 16 4-bit elements from element offset off as a 64-bit word, element c in bits 4c, and the
 * store back (which keeps the other halves of a first and a last byte it shares).  On a
 * little-endian machine an even off is the word as it is in memory, an odd one is shifted into
 * place and takes the last element from a ninth byte; elsewhere nibble by nibble. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
TLA_FUNC uint64_t tla__load16_4(const TLA_GM char *p, int64_t off) {
    uint64_t x;
    memcpy(&x, p + (off >> 1), 8);
    if (off & 1) x = x >> 4 | (uint64_t)((const TLA_GM unsigned char *)p)[(off >> 1) + 8] << 60;
    return x;
}
TLA_FUNC void tla__store16_4(TLA_GM char *p, int64_t off, uint64_t x) {
    TLA_GM unsigned char *b = (TLA_GM unsigned char *)p + (off >> 1);
    uint64_t y = x >> 4;
    if (!(off & 1)) {
        memcpy(b, &x, 8);
        return;
    }
    b[0] = (unsigned char)((b[0] & 0x0F) | (x & 15) << 4);
    memcpy(b + 1, &y, 7);
    b[8] = (unsigned char)((b[8] & 0xF0) | x >> 60);
}
#else
TLA_FUNC uint64_t tla__load16_4(const TLA_GM char *p, int64_t off) {
    uint64_t x = 0;
    int c;
    for (c = 0; c < 16; c++) x |= (uint64_t)tla__nib_get(p, off + c) << 4 * c;
    return x;
}
TLA_FUNC void tla__store16_4(TLA_GM char *p, int64_t off, uint64_t x) {
    int c;
    for (c = 0; c < 16; c++) tla__nib_put(p, off + c, (int)(x >> 4 * c & 15));
}
#endif
/* A 16 x 16 transpose of 4-bit elements: element c of destination row r is element r of source
 * row c (rows of 16 elements from element offsets doff + r*dp and soff + r*sp).  As
 * tla__transpose8x8, in 64-bit words: four rounds of masked swaps (nibbles, bytes, pairs,
 * quads). */
TLA_FUNC void tla__transpose16x16_4(TLA_GM char *d, int64_t doff, int64_t dp, const TLA_GM char *s, int64_t soff,
                                    int64_t sp) {
    static const uint64_t mask[4] = {0x0F0F0F0F0F0F0F0Full, 0x00FF00FF00FF00FFull, 0x0000FFFF0000FFFFull,
                                     0x00000000FFFFFFFFull};
    uint64_t x[16], t;
    int r, k, w;
    for (r = 0; r < 16; r++) x[r] = tla__load16_4(s, soff + r * sp);
    /* r + w < 16 when bit w of r is clear; the mask says so to gcc -O3's bounds check */
    for (k = 0, w = 1; k < 4; k++, w *= 2)
        for (r = 0; r < 16; r++)
            if (!(r & w)) t = ((x[r] >> 4 * w) ^ x[(r + w) & 15]) & mask[k], x[(r + w) & 15] ^= t, x[r] ^= t << 4 * w;
    for (r = 0; r < 16; r++) tla__store16_4(d, doff + r * dp, x[r]);
}

/* 4-bit elements: a run of n from offset so to offset dof (in elements), as whole bytes where
 * both sides start on the same half of a byte, else 16 at a time in words (shifted by half a
 * byte), the rest nibble by nibble. */
TLA_FUNC void tla__copy_run4(TLA_GM char *d, int64_t dof, const TLA_GM char *s, int64_t so, int64_t n) {
    int64_t i = 0, bytes;
    if ((so & 1) == (dof & 1)) {
        if (so & 1) tla__nib_put(d, dof, tla__nib_get(s, so)), i = 1;
        bytes = (n - i) / 2;
        memcpy(d + ((dof + i) >> 1), s + ((so + i) >> 1), (size_t)bytes);
        i += 2 * bytes;
    } else
        for (; i + 16 <= n; i += 16) tla__store16_4(d, dof + i, tla__load16_4(s, so + i));
    for (; i < n; i++) tla__nib_put(d, dof + i, tla__nib_get(s, so + i));
}
/* 4-bit elements, an n1 x n0 block of single elements (a transpose): element (i, j) from
 * source offset so + i*s1 + j*s0 to destination offset dof + i*d1 + j*d0 (in elements).  Where
 * both sides are contiguous (crosswise) and the sides are multiples of 16, 16 x 16 blocks in
 * words; otherwise line by line, two elements to a whole byte where a destination line starts on
 * a byte, the rest nibble by nibble.  Strides are locals, so the stores (through char
 * pointers, which may alias anything) do not reload them. */
TLA_FUNC void tla__transpose4(TLA_GM char *d, int64_t dof, int64_t d1, int64_t d0, const TLA_GM char *s, int64_t so,
                              int64_t s1, int64_t s0, int64_t n1, int64_t n0) {
    int64_t i, j;
    if (d1 == 1) tla__swap_loops(&n1, &d1, &s1, &n0, &d0, &s0); /* destination contiguous along i */
    if (d0 == 1 && s1 == 1 && n0 % 16 == 0 && n1 % 16 == 0) {
        /* destination rows along i, source rows along j */
        for (i = 0; i < n1; i += 16)
            for (j = 0; j < n0; j += 16) tla__transpose16x16_4(d, dof + i * d1 + j, d1, s, so + j * s0 + i, s0);
        return;
    }
    for (i = 0; i < n1; i++) {
        int64_t dl = dof + i * d1, sl = so + i * s1;
        j = 0;
        if (d0 == 1 && (dl & 1) == 0)
            for (; j + 1 < n0; j += 2)
                ((TLA_GM unsigned char *)d)[(dl + j) >> 1] =
                    (unsigned char)(tla__nib_get(s, sl + j * s0) | tla__nib_get(s, sl + (j + 1) * s0) << 4);
        for (; j < n0; j++) tla__nib_put(d, dl + j * d0, tla__nib_get(s, sl + j * s0));
    }
}
TLA_FUNC void tla__copy_exact4(const tla__plan *p, TLA_GM char *dst, const TLA_GM char *src) {
    static const tla__loop one = {1, 0, 0, 1, 0};
    const tla__loop *l0 = p->nouter > 0 ? &p->outer[0] : &one, *l1 = p->nouter > 1 ? &p->outer[1] : &one;
    const int64_t n0 = l0->n, d0 = l0->ds, s0 = l0->ss, n1 = l1->n, d1 = l1->ds, s1 = l1->ss, run = p->run_len;
    int64_t digit[TLA__MAX_LOOPS], so = 0, dof = 0, i, j;
    int k;
    for (k = 0; k < p->nouter; k++) digit[k] = 0;
    do { /* the two innermost loops as a block */
        if (run == 1)
            tla__transpose4(dst, dof, d1, d0, src, so, s1, s0, n1, n0);
        else
            for (i = 0; i < n1; i++)
                for (j = 0; j < n0; j++) tla__copy_run4(dst, dof + i * d1 + j * d0, src, so + i * s1 + j * s0, run);
    } while (tla__odometer_next(p, 2, digit, &so, &dof, NULL));
}
/* 4-bit elements one by one, at any coordinates (tiles, ragged edges, leaves that do not divide). */
TLA_FUNC int tla__copy_elements4(const tla_tensor *dst, const tla_tensor *src, tla_error *err) {
    TLA_FOR_EACH(c, src) {
        int64_t so = 0, dof = 0;
        if (tla__tensor_offset(src, &c.tuple, &so, NULL) != 0 || tla__tensor_offset(dst, &c.tuple, &dof, NULL) != 0)
            return tla__fail(err, -1, "copy: an element's offset overflows int64");
        tla__nib_put(dst->data, dof, tla__nib_get(src->data, so));
    }
    return 0;
}

TLA_FUNC int tla__copy_pieces(const tla_tensor *dst, const tla_tensor *src, int r, tla_error *err);

/* Copy between two views whose data pointers are element 0 (no tile coordinate): the plan
 * covers a box [0, cov) of the extent; each mode's rest (cov[m] <= x[m] < e[m], the modes
 * before it inside their box, the ones after it whole) is a tile, copied in pieces like any
 * tile and planned again, so a ragged edge moves in runs as well. */
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

/* The extent of each of t's r top-level modes into e (its originShape, else the mode's size),
 * and from tla__layout_modes its sizes and the bytes it can touch, [*b0, *b1); 0, or -1 when
 * tla__layout_modes cannot tell (the caller then asks the general functions). */
TLA_FUNC int tla__tensor_box(const tla_tensor *t, int r, int64_t *e, int64_t *size, uintptr_t *b0, uintptr_t *b1) {
    int k, rank = 0;
    int64_t lo = 0, hi = 0;
    if (tla__layout_modes(&t->layout, &rank, size, &lo, &hi) != 0 || rank != r) return -1;
    for (k = 0; k < r; k++) e[k] = t->layout.has_origin ? t->layout.origin[k] : size[k];
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
    int64_t size[TLA_MAX_RANK], lo, hi;
    int k, rank = 0;
    int known = t->layout.has_origin || (tla__layout_modes(&t->layout, &rank, size, &lo, &hi) == 0 && rank == r);
    for (k = 0; k < r && k < TLA_MAX_RANK; k++)
        e[k] = !known ? tla_tensor_extent(t, k) : t->layout.has_origin ? t->layout.origin[k] : size[k];
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

/* Plan the box [0, e) and copy what the plan covers, [0, cov): 0, or -1 when the leaves of the
 * two layouts do not divide one another.  Out of line, so its plan (about 9 KB of loops) is off
 * the stack before tla__copy_view copies the edges, which plans again (a copy must run on a
 * 64 KB stack: tests/test_robust.c). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
#endif
TLA__OUT_OF_LINE TLA_FUNC int tla__copy_box(const tla_tensor *dst, const tla_tensor *src, const int64_t *e,
                                            int64_t *cov) {
    tla__plan plan;
    int m;
    if (tla__make_plan(dst, src, e, &plan) != 0) return -1;
    if (tla__is4(src))
        tla__copy_exact4(&plan, dst->data, src->data);
    else
        tla__copy_exact(&plan, dst->data, src->data, (size_t)src->elem_bytes);
    for (m = 0; m < plan.rank; m++) cov[m] = plan.cov[m];
    return 0;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#undef TLA__OUT_OF_LINE

TLA_FUNC int tla__copy_view(const tla_tensor *dst, const tla_tensor *src, tla_error *err) {
    int64_t e[TLA_MAX_RANK] = {0}, cov[TLA_MAX_RANK] = {0};
    int m, k, r = tla_tensor_rank(src);
    tla__tensor_extents(src, r, e);
    for (m = 0; m < r; m++)
        if (e[m] <= 0) return 0;
    if (tla__copy_box(dst, src, e, cov) == 0) {
        for (m = 0; m < r; m++) {
            tla_tensor ts = *src, td = *dst;
            if (cov[m] >= e[m]) continue;
            ts.layout.has_origin = td.layout.has_origin = 1;
            for (k = 0; k < r; k++) {
                ts.coord[k] = td.coord[k] = k == m ? cov[m] : 0;
                ts.layout.origin[k] = td.layout.origin[k] = k < m ? cov[k] : k == m ? e[m] - cov[m] : e[k];
            }
            if (tla__copy_pieces(&td, &ts, r, err) != 0) return -1;
        }
        return 0;
    }
    /* element by element: the leaves of the two layouts do not divide one another */
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
        int vs = tla__piece_view(&ps, src, t, len, r, err),
            vd = vs < 0 ? -1 : tla__piece_view(&pd, dst, t, len, r, err);
        if (vs < 0 || vd < 0) return -1;
        if (vs || vd) { /* 4-bit, a side starts inside a byte: this piece element by element, as a tile */
            tla_tensor es = *src, ed = *dst;
            es.layout.has_origin = ed.layout.has_origin = 1;
            for (k = 0; k < r; k++) {
                es.coord[k] += t[k], ed.coord[k] += t[k];
                es.layout.origin[k] = ed.layout.origin[k] = len[k];
            }
            if (tla__copy_elements4(&ed, &es, err) != 0) return -1;
        } else if (tla__copy_view(&pd, &ps, err) != 0)
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
TLA_FUNC int tla_copy(tla_tensor *dst, const tla_tensor *src, tla_error *err) {
    int m, r = tla_tensor_rank(src), fast;
    int64_t es[TLA_MAX_RANK], ed[TLA_MAX_RANK], ns[TLA_MAX_RANK], nd[TLA_MAX_RANK], bytes = 0;
    uintptr_t s0 = 0, s1 = 0, d0 = 0, d1 = 0;
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
    /* the extents, sizes and byte spans in one pass over each layout; the general functions
     * when that pass cannot tell (an empty mode, an overflow) */
    fast = tla__tensor_box(src, r, es, ns, &s0, &s1) == 0 && tla__tensor_box(dst, r, ed, nd, &d0, &d1) == 0;
    for (m = 0; m < r && !fast; m++) {
        tla_layout ms, md;
        memset(&ms, 0, sizeof ms);
        memset(&md, 0, sizeof md);
        tla__mode(&src->layout, m, &ms);
        tla__mode(&dst->layout, m, &md);
        es[m] = tla_tensor_extent(src, m), ed[m] = tla_tensor_extent(dst, m);
        if (tla_layout_size(&ms, &ns[m], NULL) != 0 || tla_layout_size(&md, &nd[m], NULL) != 0) ns[m] = nd[m] = -1;
    }
    for (m = 0; m < r; m++)
        if (ns[m] < 0 || nd[m] < 0 || es[m] > ns[m] || ed[m] > nd[m])
            return tla__fail(err, -1, "copy: the originShape of mode %d is larger than the mode", m);
    for (m = 0; m < r; m++)
        if (ed[m] != es[m])
            return tla__fail(err, -1, "copy: mode %d has extent %lld in the destination and %lld in the source", m,
                             (long long)ed[m], (long long)es[m]);
    for (m = 0; m < r; m++)
        if (es[m] <= 0) return 0; /* nothing to copy */
    /* overlap: apart when the bytes each side can touch are apart; else the exact test */
    if (!(fast && tla__box_inside(src, r, es, ns) && tla__box_inside(dst, r, ed, nd) && (s1 <= d0 || d1 <= s0))
        && (m = tla__copy_overlap(dst, src, r, err)) != 0)
        return m < 0 ? -1 : 0;
    if (fast && tla__same_dense(dst, src, r, es, ns, &bytes)) {
        memcpy(dst->data, src->data, (size_t)bytes);
        return 0;
    }
    if (!tla__tensor_has_coord(src) && !tla__tensor_has_coord(dst)) return tla__copy_view(dst, src, err);
    return tla__copy_pieces(dst, src, r, err);
}

#endif
