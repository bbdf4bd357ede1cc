/* tla/tensor/copy_plan.h - how tla_copy plans a copy (included by tla/tensor/copy.h): the loops.
 *
 * tla_copy first lowers both tensors into a flat description (tla__copy_desc: per mode, each
 * side's leaves as (shape, stride) pairs, its tile coordinate, the extent; tla__copy_lower), and
 * plans from that alone: no tuple token is read after it.  Each top-level mode of the box is
 * split into the common refinement of both sides' leaves (tla__refine_mode); loops contiguous
 * in both become the run, the rest are ordered innermost first by the smaller stride
 * (tla__loop_before), then reshaped by a few measured rules: square blocks for transposes,
 * 2 x 2 super-blocks, the grid in the destination's order, 16 x 16 tiles between two long
 * crossing loops (32 x 32 for 2-byte elements at a 4 KB pitch), 32 x 16 byte pieces, 32 x 32
 * byte blocks between two fractals (bench/NOTES.md has what each rule bought).  The plan
 * covers a box [0, cov) of the extent exactly; tla/tensor/copy.h copies the rest as tiles.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   static int16_t a[32 * 48], b[32 * 48];                 // zN to zZ: whole 512-byte fractals
 *   tla_layout La, Lb;  tla_tensor A, B;  tla_error e;
 *   tla_layout_format(&La, TLA_ZN, 2, 32, 48, &e);
 *   tla_layout_format(&Lb, TLA_ZZ, 2, 32, 48, &e);
 *   A = tla_tensor_make(a, 2, &La, TLA_POS_GM), B = tla_tensor_make(b, 2, &Lb, TLA_POS_L1);
 *   *(int16_t *)tla_tensor_at2(&A, 17, 40) = 9;
 *   if (tla_copy(&B, &A, &e) != 0 || *(int16_t *)tla_tensor_at2(&B, 17, 40) != 9) return 1;
 */
#ifndef TLA_COPY_PLAN_H
#define TLA_COPY_PLAN_H

#include "tla/tensor/tensor.h"

/* ---------------------------------------------------------------- internals */

/* One loop of the copy: n steps, strides in elements of src and dst, the logical weight w
 * (its step in the mode's coordinate) and the mode it walks. */
typedef struct tla__loop {
    int64_t n, ss, ds, w;
    int mode;
} tla__loop;

#define TLA__MAX_LOOPS (2 * TLA_MAX_LEAVES + TLA_MAX_RANK)

/* One side of a copy, flat: its data pointer, its tile coordinate, and each mode's leaves
 * (mode m: shape[first[m] .. first[m + 1]) and the strides beside them, in elements).  The
 * leaves are read in place from the tensor's layout (a mode's leaves are consecutive in its
 * tuples), which outlives the copy: the pieces and edges of a copy are sides that differ only
 * in data and coord, and a side of 128 bytes copies in a few moves where one holding its
 * 512 bytes of leaves cost a `rep movsq` each (gcc; 30% of tla__copy_pieces). */
typedef struct tla__copy_side {
    TLA_GM char *data;
    const int64_t *shape, *stride; /* the layout's leaf values */
    int first[TLA_MAX_RANK + 1];
    int64_t coord[TLA_MAX_RANK];
} tla__copy_side;
/* A copy, flat: the rank, the element size (eb bytes; 0: 4-bit elements), the extent of the
 * box to copy, and both sides. */
typedef struct tla__copy_desc {
    int rank, eb;
    int64_t e[TLA_MAX_RANK];
    tla__copy_side d, s;
} tla__copy_desc;

/* A copy program: each box the copy plans, as its loops and its two data pointers' offsets
 * from the views' (a ragged extent's edges and a tile's pieces are boxes of their own), what
 * tla_copy_prepare keeps and tla_copy_run runs.  `full`: the copy needs more boxes or loops
 * than this holds, or goes element by element somewhere; a run then does all of tla_copy. */
#define TLA__PROG_BOXES 16
#define TLA__PROG_LOOPS 96
typedef struct tla__prog_box {
    int64_t doff, soff, run_len; /* bytes from the views' data pointers; the plan's run */
    int first, nouter; /* its outer loops: loop[first .. first + nouter) */
    int with; /* a later box that runs inside this one's outermost loop (tla__prog_fuse), or -1; -2: it is such a box */
} tla__prog_box;
typedef struct tla__copy_prog {
    const TLA_GM char *base; /* both views' data pointer while recording (the plan's address) */
    int nbox, nloop, full;
    tla__prog_box box[TLA__PROG_BOXES];
    tla__loop loop[TLA__PROG_LOOPS];
} tla__copy_prog;

/* What tla_copy learns of two tensors before it moves anything (tla__copy_check). */
typedef struct tla__copy_info {
    int r, fast; /* rank; fast: the one-pass summaries below are known */
    int64_t e[TLA_MAX_RANK], ns[TLA_MAX_RANK], nd[TLA_MAX_RANK]; /* extents; mode sizes */
    int fs[TLA_MAX_RANK + 1], fd[TLA_MAX_RANK + 1]; /* where each mode's leaves start (fast only) */
    uintptr_t s0, s1, d0, d1; /* the bytes each side can touch (fast only) */
} tla__copy_info;

/* One side's leaves from its layout's tuples (the one place the copy reads tokens): where
 * each mode's leaves start, pointing at the tuples' values (t must outlive the side).  first
 * (not NULL): where they start, from tla_copy's checks (tla__layout_modes), else
 * tla__elem_leaves finds them. */
TLA_FUNC int tla__copy_lower_side(tla__copy_side *c, const tla_tensor *t, int r, const int *first) {
    int m, leaf = 0, n = 0;
    c->data = t->data;
    c->shape = t->layout.shape.val, c->stride = t->layout.stride.val;
    c->first[0] = 0;
    for (m = 0; m < r; m++) {
        if (first)
            leaf = first[m], n = first[m + 1] - first[m];
        else if (tla__elem_leaves(&t->layout.shape, m, &leaf, &n, NULL) != 0)
            return -1;
        if (n < 1 || c->first[m] + n > TLA_MAX_LEAVES || leaf != c->first[m]) return -1;
        c->first[m + 1] = c->first[m] + n;
        c->coord[m] = t->coord[m];
    }
    return 0;
}
/* Lower a copy of the box [0, e) of src's view into dst's (same rank, element size).  e holds
 * TLA_MAX_RANK values, those past the rank unread: copied as a fixed 64 bytes (a loop of rank
 * became gcc's rep movsq, whose start-up costs more than the copy).  info (may be NULL): the
 * copy's checks, whose rank and leaves (when info->fast) save walking the tokens again. */
TLA_FUNC int tla__copy_lower(tla__copy_desc *c, const tla_tensor *dst, const tla_tensor *src,
                             const int64_t e[TLA_MAX_RANK], const tla__copy_info *info) {
    int fast = info && info->fast;
    c->rank = fast ? info->r : tla_tensor_rank(src);
    c->eb = tla__is4(src) ? 0 : src->elem_bytes;
    if (c->rank < 1 || c->rank > TLA_MAX_RANK) return -1;
    memcpy(c->e, e, sizeof c->e);
    return tla__copy_lower_side(&c->d, dst, c->rank, fast ? info->fd : NULL) != 0
                   || tla__copy_lower_side(&c->s, src, c->rank, fast ? info->fs : NULL) != 0
               ? -1
               : 0;
}

/* How far from position p of mode m the side stays a translate of itself:
 * L_m(p + x) == L_m(p) + L_m(x) for 0 <= x < the result (TLA__UNBOUNDED: for every x); the
 * flat twin of tla__translate_run (tla/tensor/tensor.h), which says why. */
TLA_FUNC int64_t tla__side_translate_run(const tla__copy_side *c, int m, int64_t p) {
    int64_t P = 1, next;
    int k;
    if (p < 0) return 1;
    if (p == 0) return TLA__UNBOUNDED;
    for (k = c->first[m]; k + 1 < c->first[m + 1]; k++) {
        if (c->shape[k] <= 0 || tla__mul64(P, c->shape[k], &next) != 0) return TLA__UNBOUNDED;
        if (p < next) return next - p; /* (p > 0: p % next is p, no division) */
        if (p % next != 0) return next - p % next;
        P = next;
    }
    return TLA__UNBOUNDED;
}

/* The offset (in elements) of coordinate x (one per mode, the tile coordinate not added) on
 * one side: each mode's digits over its leaves, colexicographically, the last leaf unbounded
 * (crd2offset's rule); -1 on an int64 overflow. */
TLA_FUNC int tla__side_offset(const tla__copy_side *c, int r, const int64_t *x, int64_t *off) {
    int m, k;
    *off = 0;
    for (m = 0; m < r; m++) {
        int64_t v = x[m], t = 0;
        for (k = c->first[m]; k < c->first[m + 1]; k++) {
            int64_t n = c->shape[k], digit = v;
            /* a digit to split off; v inside the leaf is its own digit, without the divisions */
            if (k + 1 < c->first[m + 1] && n > 0) {
                if (v >= 0 && v < n)
                    v = 0;
                else
                    digit = v % n, v /= n;
            }
            if (tla__mul64(digit, c->stride[k], &t) != 0 || tla__add64(*off, t, off) != 0) return -1;
        }
    }
    return 0;
}

/* A walk over the leaves of one mode of a side: leaf i (of first[m] .. end) with what is left
 * of it, n elements at stride d (the mode's last leaf unbounded: crd2offset gives it the
 * rest).  Only the current leaf changes, so the walk reads the side's leaves in place instead
 * of copying them (four copies a mode, each a memcpy call, were a fifth of a plan). */
typedef struct tla__leaf_walk {
    const tla__copy_side *c;
    int i, end;
    int64_t n, d;
} tla__leaf_walk;
TLA_FUNC void tla__leaf_load(tla__leaf_walk *a) {
    a->n = a->i + 1 < a->end ? a->c->shape[a->i] : TLA__UNBOUNDED;
    a->d = a->c->stride[a->i];
}
TLA_FUNC int tla__leaf_start(tla__leaf_walk *a, const tla__copy_side *c, int m) {
    a->c = c, a->i = c->first[m], a->end = c->first[m + 1];
    if (a->i >= a->end) return -1;
    tla__leaf_load(a);
    return 0;
}
TLA_FUNC void tla__leaf_next(tla__leaf_walk *a) {
    if (++a->i < a->end) tla__leaf_load(a);
}

/* Consume k elements of the current leaf (k divides it): a used-up leaf moves on to the next,
 * otherwise the rest of the leaf keeps going with a k-times larger stride. */
TLA_FUNC void tla__take_leaf(tla__leaf_walk *a, int64_t k) {
    if (a->n == k) {
        tla__leaf_next(a);
        return;
    }
    if (a->n != TLA__UNBOUNDED) a->n /= k;
    a->d *= k;
}

/* Split mode m of both layouts into common loops covering as much of the extent e as loops
 * cover exactly: the last loop is clipped to what the extent needs, and *cov gets the length
 * covered, a prefix [0, cov) of the mode (at least 1).  The rest of the mode is copied as a
 * tile (tla__copy_view), never element by element.  -1 if the leaves do not divide one
 * another (then the copy goes element by element). */
TLA_FUNC int tla__refine_mode(const tla__copy_side *S, const tla__copy_side *D, int m, int64_t e, tla__loop *out,
                              int *nout, int64_t *cov) {
    tla__leaf_walk a, b;
    int64_t w = 1;
    if (tla__leaf_start(&a, S, m) != 0 || tla__leaf_start(&b, D, m) != 0) return -1;
    while (w < e) {
        int64_t ra = a.n, rb = b.n, k, need = w == 1 ? e : e / w; /* (the first loop: no division) */
        int last = 0;
        if (ra == 1 && a.i + 1 < a.end) {
            tla__leaf_next(&a);
            continue;
        }
        if (rb == 1 && b.i + 1 < b.end) {
            tla__leaf_next(&b);
            continue;
        }
        if (ra == TLA__UNBOUNDED && rb == TLA__UNBOUNDED)
            k = need;
        else {
            k = ra < rb ? ra : rb;
            /* k is one of them: only the other one needs a division */
            if (k <= 0 || (ra != TLA__UNBOUNDED && ra != k && ra % k) || (rb != TLA__UNBOUNDED && rb != k && rb % k))
                return -1;
        }
        if (k >= need) k = need, last = 1; /* the extent ends inside this loop's range */
        if (*nout >= TLA__MAX_LOOPS) return -1;
        out[*nout].n = k, out[*nout].ss = a.d, out[*nout].ds = b.d, out[*nout].w = w, out[*nout].mode = m;
        (*nout)++;
        w *= k; /* <= e: no overflow */
        if (last) break;
        tla__take_leaf(&a, k);
        tla__take_leaf(&b, k);
    }
    *cov = w;
    return 0;
}

/* The plan: a run of run_len elements (nrun loops contiguous in both, merged), then the outer
 * loops in nesting order (see tla__loop_before).  The loops cover the box [0, cov) exactly. */
typedef struct tla__plan {
    int nrun, nouter, rank;
    tla__loop outer[TLA__MAX_LOOPS];
    int64_t run_len, cov[TLA_MAX_RANK];
} tla__plan;

/* Loop order, innermost first: by the smaller of the two strides (a loop that is short
 * in either layout keeps that side in cache), then, between loops whose steps are past a
 * cache line on both sides (`line`: the elements in 64 bytes), the destination's order, so
 * the writes stream (between two fractal formats: on the bench's 40 cells this changes, 1.07x
 * (gcc) and 1.10x (clang) faster in geometric mean, up to 1.4x), or the source's when
 * src_order (runs of whole fractals: there the reads' stream wins);
 * otherwise the shorter loop (a fractal's 16 rows before the row of fractals: the block a
 * hand-written loop copies), then by the larger stride. */
TLA_FUNC int64_t tla__abs64(int64_t v) { return v < 0 ? -v : v; }
TLA_FUNC int tla__loop_before(const tla__loop *a, const tla__loop *b, int64_t line, int src_order) {
    int64_t as = tla__abs64(a->ss), ad = tla__abs64(a->ds), bs = tla__abs64(b->ss), bd = tla__abs64(b->ds);
    int64_t amin = as < ad ? as : ad, bmin = bs < bd ? bs : bd, amax = as < ad ? ad : as, bmax = bs < bd ? bd : bs;
    if (amin != bmin) return amin < bmin;
    if (amin > line && src_order && as != bs) return as < bs;
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
/* l with count n, each step f of its old ones. */
TLA_FUNC tla__loop tla__loop_steps(tla__loop l, int64_t n, int64_t f) {
    l.n = n, l.ss *= f, l.ds *= f, l.w *= f;
    return l;
}
/* 2-byte tiles where the source's pitch is a multiple of 4 KB (ColumnMajor <-> RowMajor at 2048
 * x 2048, 2048 x 3072, 64 MiB): a 16 x 16 block reads 32 bytes of 16 lines that all sit in one
 * L1 set (12 ways here), so a line's other half, read by the next block of the grid, is gone by
 * then (a tile was 0.72 of the hand loop there; the hand loop's scalar loads and stores suffer
 * less).  Tiles of 2 x 2 blocks (32 x 32, one kernel call) use their lines whole inside the
 * call: the pair of blocks that completes the lines of a side whose pitch is a multiple of 4 KB
 * moves first (the destination's when both are: a half-written line that is evicted is written
 * back and fetched again), and the tiles walk the destination's order.  Each measured against
 * its alternatives by interleaved A/B (bench/NOTES.md, round 18): ColumnMajor -> RowMajor 2048 x
 * 2048 2.9 -> 4.3 GB/s; the source's pair first there, or the source's tile order at 2048 x
 * 3072, kept it at 3.2-3.6. */
TLA_FUNC void tla__plan_tile_pairs(tla__plan *p, tla__loop a, tla__loop b, int dest_first) {
    const int64_t T = TLA__TILE;
    tla__loop pa, pb, ga, gb, t;
    int k;
    a.n -= a.n % (2 * T), b.n -= b.n % (2 * T);
    p->cov[a.mode] = a.w * a.n, p->cov[b.mode] = b.w * b.n;
    pa = tla__loop_steps(a, 2, T), pb = tla__loop_steps(b, 2, T);
    ga = tla__loop_steps(a, a.n / (2 * T), 2 * T), gb = tla__loop_steps(b, b.n / (2 * T), 2 * T);
    if (dest_first ? tla__abs64(pb.ds) < tla__abs64(pa.ds) : tla__abs64(pb.ss) < tla__abs64(pa.ss))
        t = pa, pa = pb, pb = t;
    if (tla__abs64(gb.ds) < tla__abs64(ga.ds)) t = ga, ga = gb, gb = t;
    for (k = p->nouter - 1; k >= 2; k--) p->outer[k + 4] = p->outer[k];
    p->nouter += 4;
    p->outer[0] = tla__loop_steps(a, T, 1), p->outer[1] = tla__loop_steps(b, T, 1);
    p->outer[2] = pa, p->outer[3] = pb, p->outer[4] = ga, p->outer[5] = gb;
}
TLA_FUNC void tla__plan_tile(tla__plan *p, int elem_bytes) {
    tla__loop a = p->outer[0], b = p->outer[1];
    int64_t one = p->run_len, T = TLA__TILE, sp, dp;
    int k;
    if (elem_bytes == 1 && a.n >= 2 * TLA__TILE1 && b.n >= 2 * TLA__TILE1) T = TLA__TILE1;
    if (p->nouter < 2 || p->nouter + 2 > TLA__MAX_LOOPS || one * elem_bytes >= 64 || a.mode == b.mode || a.n < 2 * T
        || b.n < 2 * T || a.w * a.n != p->cov[a.mode] || b.w * b.n != p->cov[b.mode]
        || !((a.ss == one && b.ds == one) || (a.ds == one && b.ss == one)))
        return;
    /* the pitches in bytes: each side's step along the loop it is not contiguous in */
    sp = tla__abs64(a.ss == one ? b.ss : a.ss) * elem_bytes, dp = tla__abs64(a.ds == one ? b.ds : a.ds) * elem_bytes;
    if (elem_bytes == 2 && one == 1 && sp % 4096 == 0 && a.n >= 4 * T && b.n >= 4 * T
        && p->nouter + 4 <= TLA__MAX_LOOPS) {
        tla__plan_tile_pairs(p, a, b, dp % 4096 == 0);
        return;
    }
    a.n -= a.n % T, b.n -= b.n % T;
    p->cov[a.mode] = a.w * a.n, p->cov[b.mode] = b.w * b.n;
    for (k = p->nouter - 1; k >= 2; k--) p->outer[k + 2] = p->outer[k];
    p->nouter += 2;
    p->outer[0] = a, p->outer[0].n = T;
    p->outer[1] = b, p->outer[1].n = T;
    /* 4-byte tiles walk their grid in the destination's order: ColumnMajor -> RowMajor (1000x3001
     * to 4096x4096) 1.0-1.5x, RowMajor -> ColumnMajor already did; 1-byte tiles lost 0.7-0.85x,
     * 2-byte ones won and lost by size (bench/NOTES.md, round 16) */
    if (elem_bytes == 4 && tla__abs64(b.ds) < tla__abs64(a.ds)) {
        tla__loop t = a;
        a = b, b = t;
    }
    p->outer[2] = tla__loop_steps(a, a.n / T, T), p->outer[3] = tla__loop_steps(b, b.n / T, T);
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
/* The order of a 4-byte super-block's two pair loops.  One pair steps inside a fractal on both
 * sides (512 bytes or less), the other jumps to the next row of fractals on one side or both
 * (24-96 KB at the bench's sizes); tla__loop_before ordered them by the destination's step,
 * so the reads alternated between two rows of source fractals every 256 bytes.  The near pair
 * goes inside instead, unless the far step is a multiple of 4 KB.  Interleaved A/B in one
 * process (bench/NOTES.md round 24), on the 8 pairs this can change: at pitches 3008 and 3001
 * 1.0-1.35x (nZ -> zZ 1.16-1.28x), at 2048, 3072 and 4096 on gcc 0.87-1.01x (clang 0.97-1.04x),
 * hence the exception; near pair or far one, the mechanism is not known (no performance
 * counters on the machine measured). */
TLA_FUNC int64_t tla__loop_max_step(const tla__loop *l) {
    return tla__abs64(l->ss) > tla__abs64(l->ds) ? tla__abs64(l->ss) : tla__abs64(l->ds);
}
TLA_FUNC void tla__plan_pair_order(tla__plan *p, int elem_bytes) {
    tla__loop *a = &p->outer[2], *b = &p->outer[3], t;
    int64_t near = tla__loop_max_step(b) * elem_bytes, far = tla__loop_max_step(a) * elem_bytes;
    if (near <= 512 && far > 4096 && far % 4096 != 0) t = *a, *a = *b, *b = t;
}
TLA_FUNC int tla__plan_super(tla__plan *p, int elem_bytes) {
    int side, k[2];
    if (p->run_len != 1 || p->nouter < 4 || p->nouter + 2 > TLA__MAX_LOOPS) return 0;
    if (p->outer[1].n != p->outer[0].n || p->outer[1].mode == p->outer[0].mode || p->outer[0].n * elem_bytes >= 64)
        return 0;
    k[0] = tla__plan_pair_loop(p, 0, elem_bytes), k[1] = tla__plan_pair_loop(p, 1, elem_bytes);
    if (k[0] < 0 || k[1] < 0) return 0;
    if (p->outer[2].n != 2 || p->outer[3].n != 2) { /* (4-byte blocks can be pairs already) */
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
    }
    if (elem_bytes == 4) tla__plan_pair_order(p, elem_bytes);
    return 1;
}

/* A super-block of 1-byte 16 x 16 blocks is 32 bytes of each line on each side, half a cache
 * line: a second pair level (the next loop of each block mode, when its count is even: 4 x 4
 * blocks) makes it whole lines, as the 2 x 2 level does for 2- and 4-byte blocks (32 bytes) and
 * as the hand loop's 64 x 64 super-blocks do.  Interleaved A/B over the 16 fractal 1-byte
 * transposes (bench/NOTES.md, round 9): zZ <-> nN 2048x3072 1.13-1.18x, at 1536x2560 (a size the
 * bench does not have) 1.02-1.24x, the others within this machine's +-5%; geomean 1.03 / 1.03
 * (gcc / clang) at the bench's sizes, 1.03 / 1.00 at the other pair of sizes. */
TLA_FUNC int tla__plan_mode_loop(const tla__plan *p, int from, int mode) {
    int i;
    for (i = from; i < p->nouter; i++)
        if (p->outer[i].mode == mode) return i;
    return -1;
}
TLA_FUNC void tla__plan_super_lines(tla__plan *p, int elem_bytes) {
    int side, k;
    if (p->outer[0].n * elem_bytes * 2 >= 64 || p->outer[2].n != 2 || p->outer[3].n != 2
        || p->nouter + 2 > TLA__MAX_LOOPS)
        return;
    for (side = 0; side < 2; side++) {
        k = tla__plan_mode_loop(p, 4, p->outer[2 + side].mode);
        if (k < 0 || p->outer[k].n % 2 || p->outer[k].w != 2 * p->outer[2 + side].w) return;
    }
    for (side = 0; side < 2; side++) { /* (side 0's pair sits at 4 then: side 1's loop is past it) */
        tla__loop two, *rest;
        k = tla__plan_mode_loop(p, 4 + side, p->outer[2 + side].mode);
        two = p->outer[k], rest = &p->outer[k];
        two.n = 2;
        if (rest->n == 2)
            tla__plan_remove(p, k);
        else
            rest->n /= 2, rest->ss *= 2, rest->ds *= 2, rest->w *= 2;
        tla__plan_insert(p, 4 + side, two);
    }
}

/* A 1-byte transpose between two fractals of the same shape crosswise (zN <-> nZ: 32 bytes a
 * fractal row on both sides) is 32 x 32 blocks of 1 KB contiguous on each side: its 16 x 16
 * block's loops continue, on both sides, into a pair each; joined, the block is whole lines
 * and super-blocks add only jumps, and one kernel call moves a row of blocks.  With the
 * AVX-512 32 x 32 kernel, A/B against the 64 x 64 super-blocks: clang 1.2-1.5x, gcc 0.9-1.1x;
 * the levels without that kernel lost 0.86-0.97x on nZ -> zN (bench/NOTES.md, round 19).
 * 1 when the block is that 32 x 32 (then no tiles either). */
TLA_FUNC int tla__plan_fractal_bytes(tla__plan *p, int elem_bytes) {
    int side, k[2];
    if (elem_bytes != 1 || p->run_len != 1 || p->nouter < 4) return 0;
    for (side = 0; side < 2; side++) {
        const tla__loop *a = &p->outer[side];
        int64_t as = tla__abs64(a->ss), ad = tla__abs64(a->ds);
        if (a->n != 16 || !((as == 1 && ad == 32) || (as == 32 && ad == 1))) return 0;
        for (k[side] = 2; k[side] < p->nouter; k[side]++) {
            const tla__loop *b = &p->outer[k[side]];
            if (b->mode == a->mode && b->n == 2 && b->w == 16 * a->w && b->ss == 16 * a->ss && b->ds == 16 * a->ds)
                break;
        }
        if (k[side] == p->nouter) return 0;
    }
    p->outer[0].n = p->outer[1].n = 32;
    tla__plan_remove(p, k[0] > k[1] ? k[0] : k[1]);
    tla__plan_remove(p, k[0] > k[1] ? k[1] : k[0]);
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

/* The grid of a fractal <-> fractal transpose's super-blocks (two loops of different modes after
 * them, each stepping whole fractals, 512 bytes or more, on both sides), by two measured rules
 * (the tie of tla__loop_before took the destination's order; interleaved A/B with caches
 * cooled, zN <-> nZ and zZ <-> nN at 2048x3072, 2048x2048, 1000x3001 and 64 MiB,
 * bench/NOTES.md round 16): 4-byte blocks walk it in the source's order, 1.05-2.0x; 2-byte
 * blocks along the mode of the super-block's outer pair loop (strips of two blocks), 1.1-1.8x
 * where that changes the order, while the source's order lost 0.67-0.74x on zN -> nZ.  1-byte
 * blocks (super-blocks of 4 x 4) moved within +-10% either way; the pairs with RowMajor /
 * ColumnMajor lost 0.25-0.9x in the other order. */
TLA_FUNC void tla__plan_fractal_grid(tla__plan *p, int elem_bytes) {
    tla__loop *a = &p->outer[4], *b = &p->outer[5], t;
    int k, swap;
    if ((elem_bytes != 2 && elem_bytes != 4) || p->nouter < 6 || a->mode == b->mode) return;
    for (k = 4; k < 6; k++)
        if (tla__abs64(p->outer[k].ss) * elem_bytes < 512 || tla__abs64(p->outer[k].ds) * elem_bytes < 512) return;
    swap = elem_bytes == 4 ? tla__abs64(b->ss) < tla__abs64(a->ss) : b->mode == p->outer[3].mode;
    if (swap) t = *a, *a = *b, *b = t;
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

/* A 1-byte transpose onto RowMajor / ColumnMajor lines from nZ / zN fractals (nZ -> RowMajor,
 * zN -> ColumnMajor): the 16-byte block's loop along the destination's lines continues on both
 * sides (the next fractal's rows follow at the same 32-byte pitch), so 4 steps of it join the
 * block, which then writes 64 bytes, a whole line, of each destination row: AVX-512's 16 x 64
 * kernel, AVX2 two 16 x 32.  16 bytes of 32 lines apart (8 KB: one L1 set) were each line
 * fetched four times: 8192x8192 at every level 2.0-2.6 -> 3.3-5.8 GB/s; 2048x2048 and
 * 2048x3072 AVX-512 / AVX2 1.1-1.8x, SSE2 0.95-1.2x, the portable loops 0.85-1.4x
 * (bench/NOTES.md, round 21). */
TLA_FUNC void tla__plan_byte_lines(tla__plan *p, int elem_bytes) {
    tla__loop *a = &p->outer[0];
    int k;
    if (elem_bytes != 1 || p->run_len != 1 || p->nouter < 3 || a->n != 16 || tla__abs64(a->ds) != 1) return;
    for (k = 2; k < p->nouter; k++) {
        const tla__loop *b = &p->outer[k];
        if (b->mode == a->mode && b->w == 16 * a->w && b->ss == 16 * a->ss && b->ds == 16 * a->ds) break;
    }
    if (k == p->nouter || p->outer[k].n % 4 != 0) return;
    a->n = 64;
    if (p->outer[k].n == 4)
        tla__plan_remove(p, k);
    else
        p->outer[k].n /= 4, p->outer[k].ss *= 4, p->outer[k].ds *= 4, p->outer[k].w *= 4;
}

/* Runs of half a line (32 bytes: a fractal's row) whose destination lines lie a multiple of
 * 4 KB apart (nZ / nN -> ColumnMajor, zN / zZ -> RowMajor of 2- and 4-byte elements at a
 * power-of-two pitch): the 16 runs of a fractal go to 16 destination lines in one L1 set, each
 * written in two halves, and the set holds fewer lines, so each line is fetched twice.  Taking
 * 8 steps of the loop that continues the destination's runs first (8 fractals, 256 bytes of
 * each destination line) writes whole lines: interleaved A/B with caches cooled, 1.02-1.5x on
 * all 20 such cells at 2048x2048, 2048x3072 and 64 MiB, while at pitches that are not a multiple
 * of 4 KB it lost up to 0.75x (zN -> RowMajor 2-byte 2048x3072, 6 KB), and 1-byte runs moved
 * 0.89-1.45x (bench/NOTES.md, round 16). */
TLA_FUNC void tla__plan_dest_lines(tla__plan *p, int elem_bytes) {
    int k;
    tla__loop g;
    if ((elem_bytes != 2 && elem_bytes != 4) || p->run_len * elem_bytes != 32 || p->nouter < 2
        || p->nouter + 1 > TLA__MAX_LOOPS || (tla__abs64(p->outer[0].ds) * elem_bytes) % 4096 != 0)
        return;
    for (k = 1; k < p->nouter; k++)
        if (tla__abs64(p->outer[k].ds) == p->run_len) break;
    if (k == p->nouter || p->outer[k].n % 8 != 0 || p->outer[k].n == 8) return;
    g = p->outer[k], g.n = 8;
    p->outer[k].n /= 8, p->outer[k].ss *= 8, p->outer[k].ds *= 8, p->outer[k].w *= 8;
    tla__plan_insert(p, 0, g);
}

/* The elements in a 64-byte cache line, without a division for the usual sizes (an idiv
 * showed as 4% of a small copy's planning). */
TLA_FUNC int64_t tla__line_elems(int eb) {
    switch (eb) {
    case 1: return 64;
    case 2: return 32;
    case 4: return 16;
    case 8: return 8;
    default: return 64 / eb;
    }
}

/* Plan the copy of the box [0, e) of c (e: one extent per mode, each >= 1; the sides' data
 * pointers at element 0). */
TLA_FUNC int tla__make_plan(const tla__copy_desc *c, const int64_t *e, tla__plan *p) {
    tla__loop all[TLA__MAX_LOOPS];
    int64_t span[TLA_MAX_RANK]; /* the run's extent per mode */
    int n = 0, m, i, j, src_order, whole;
    int eb = c->eb > 0 ? c->eb : 1, is4 = c->eb == 0;
    int64_t line = is4 ? 128 : tla__line_elems(eb);
    p->nrun = p->nouter = 0; /* no memset: the loop array is large and filled as used */
    /* (gcc cannot tell that the refinements below read only loops filled in: 4 start defined) */
    for (i = 0; i < 4; i++) p->outer[i] = (tla__loop){1, 0, 0, 1, 0};
    p->rank = c->rank;
    for (m = 0; m < p->rank; m++) {
        span[m] = 1;
        if (tla__refine_mode(&c->s, &c->d, m, e[m], all, &n, &p->cov[m]) != 0) return -1;
    }
    /* grow the run: a loop contiguous in both after what the run holds, which is the next
     * loop of its mode (its weight is the mode's span so far); a loop taken is spent (its
     * count becomes 1, which the searches below skip: no array of flags to clear) */
    p->run_len = 1;
    for (;;) {
        int found = -1;
        for (i = 0; i < n && found < 0; i++)
            if (all[i].ss == p->run_len && all[i].ds == p->run_len && all[i].w == span[all[i].mode] && all[i].n > 1)
                found = i;
        if (found < 0) break;
        p->nrun++;
        p->run_len *= all[found].n;
        span[all[found].mode] *= all[found].n;
        all[found].n = 1;
    }
    /* the rest, innermost first; runs of whole fractals (512 bytes or more) walk their grid in
     * the source's order, streaming the reads (the destination's order, which suits shorter
     * runs, was 0.66-0.91 of the hand loop on zN <-> zZ, nZ <-> nN: bench/NOTES.md round 15) */
    src_order = (is4 ? p->run_len / 2 : p->run_len * eb) >= 512;
    for (i = 0; i < n; i++)
        if (all[i].n > 1) p->outer[p->nouter++] = all[i];
    for (i = 1; i < p->nouter; i++)
        for (j = i; j > 0 && tla__loop_before(&p->outer[j], &p->outer[j - 1], line, src_order); j--) {
            tla__loop t = p->outer[j];
            p->outer[j] = p->outer[j - 1];
            p->outer[j - 1] = t;
        }
    tla__plan_square(p, c->eb);
    whole = !is4 && tla__plan_fractal_bytes(p, c->eb); /* whole lines already: no super-blocks, tiles */
    if (!whole && !is4 && tla__plan_super(p, eb)) {
        tla__plan_super_lines(p, eb);
        tla__plan_fractal_grid(p, eb);
    } else if (!whole && !is4 && p->run_len == 1)
        tla__plan_grid_order(p, line);
    tla__plan_merge_bytes(p, c->eb);
    tla__plan_byte_lines(p, c->eb);
    if (!whole) tla__plan_tile(p, eb);
    tla__plan_dest_lines(p, c->eb);
    return 0;
}

#endif
