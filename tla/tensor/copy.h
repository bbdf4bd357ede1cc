/* tla/tensor/copy.h - tla_copy: every element of one tensor into another, whatever their layouts.
 *
 * A copy is a program: tla_copy checks the two tensors (element sizes, ranks, extents, overlap),
 * lowers both once into a flat description (tla__copy_desc: per mode, each side's leaves as
 * shape and stride, its tile coordinate, the extent; tla/tensor/copy_plan.h) and plans from that
 * alone, reading no tuple token again.  Each top-level mode is split into the common
 * refinement of both sides' leaves (CuTe's max_common_vector idea), leaves that are contiguous
 * in both become one run (across modes too: a zN fractal is one 512-byte run to zZ), and the
 * other leaves become loops, innermost the one with the smallest stride.  Runs are moved with
 * fixed-size copies; a square block of single elements contiguous on crossing sides is a
 * transpose, moved by a SIMD kernel chosen at run time (SSE2, AVX2, AVX-512 or NEON; the
 * portable C loops are the reference: tla/tensor/copy_kernels.h), and two long crossing loops
 * (RowMajor <-> ColumnMajor) are cut into 16x16 blocks.  The loops cover the largest box of the
 * extent they cover exactly; the rest of a ragged extent (a partial fractal row or column) is a
 * box of its own, planned the same way, so edges move in runs too (in a copy of 1 MB or more,
 * an edge that shares its box's outermost loop runs inside it, step by step, while its lines
 * are next in memory: tla__prog_fuse), and a tile that starts off a
 * fractal boundary is first cut into pieces over which both sides are translates of their
 * layouts.  An element-wise loop is used only when the leaves of the two layouts do not divide
 * one another.  tla_copy_prepare keeps the program (every box with its loops) and
 * tla_copy_run runs it at other pointers; tla_copy_parallel and tla_copy_run_parallel split a
 * large copy over threads the caller runs (tla_copy_threads).  tla_copy itself keeps no state:
 * each call checks, lowers and plans again (about 0.1-0.4 us for a small copy), so a tile loop
 * that copies many tiles of one shape prepares once and runs per tile.
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
TLA_API int tla_copy(tla_tensor *dst, const tla_tensor *src, tla_error *err);

/* tla_copy_prepare(&P, &dst, &src, err) -> 0 or -1; tla_copy_run(&P, dst_data, src_data, err) -> 0 or -1
 *   A copy planned once and run many times: tla_copy_run copies what tla_copy would between
 *   dst and src with their data pointers replaced by dst_data and src_data (same layouts,
 *   extents and tile coordinates).  For a kernel's tile loop: one plan per tile shape (and tile
 *   coordinate, for GetTile views), one run per tile (a ragged last tile has other extents: a
 *   plan of its own).  prepare makes tla_copy's checks and errors (not the overlap test: the
 *   pointers change) and keeps the copy's program: every box tla_copy would plan (the whole
 *   extent, a ragged extent's edges, the pieces of a tile that starts off a fractal boundary)
 *   with its loops; a run moves them with the recorded loops, or as one memcpy (one dense layout
 *   on both sides), and plans nothing.  A run tests overlap from the bytes each side can touch
 *   and, where they meet, leaves the verdict to tla_copy's exact test; a copy that needs more
 *   than 16 boxes, or goes element by element somewhere, runs all of tla_copy.  A plan holds
 *   both views and the program (about 6 KB): make it outside the loop.
 * Example:
 *   static int16_t a[64 * 64], b[32 * 32];
 *   tla_layout La, Lb;  tla_tensor A, B;  tla_copy_plan P;  tla_error e;  int i, j;
 *   tla_layout_parse(&La, "(32,32):(64,1)", &e);          // a 32 x 32 tile of a 64 x 64 row-major matrix
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
typedef struct tla_copy_plan {
    tla_tensor dst, src; /* the views; each run replaces their data pointers */
    int kind; /* TLA__RUN_...: nothing, one memcpy, the program's boxes, or tla_copy */
    int inside; /* info's byte spans bound the bytes both boxes touch */
    int64_t bytes; /* TLA__RUN_MEMCPY */
    tla__copy_info info; /* extents, sizes, byte spans (relative to data pointers 0) */
    tla__copy_prog prog; /* TLA__RUN_BOXES */
} tla_copy_plan;

TLA_API int tla_copy_prepare(tla_copy_plan *P, const tla_tensor *dst, const tla_tensor *src, tla_error *err);

TLA_API int tla_copy_run(const tla_copy_plan *P, TLA_GM void *dst_data, const TLA_GM void *src_data, tla_error *err);

/* tla_copy_threads: how a copy may be split over threads the caller runs (tla_copy_parallel,
 *   tla_copy_run_parallel).  parallel_for(ctx, parts, task, arg) must call task(arg, p) once
 *   for each p in [0, parts), on any threads and in any order, and return when all have
 *   returned (an OpenMP loop, a thread pool's "parallel for", pthreads joined at the end).
 *   Each part moves a disjoint share of the destination's bytes, so the result is the one
 *   thread's, byte for byte.  A copy of fewer than min_bytes logical bytes (0: 4 MB), parts < 2,
 *   no parallel_for, 4-bit elements, or a copy tla_copy_run would hand to tla_copy (element by
 *   element somewhere, more than 16 boxes, bytes each side can touch that meet) run on the
 *   calling thread.  Two parts for two threads: each part is one even share of every box's
 *   outermost loop (of a memcpy's bytes). */
typedef struct tla_copy_threads {
    int parts;
    void (*parallel_for)(void *ctx, int parts, void (*task)(void *arg, int part), void *arg);
    void *ctx;
    int64_t min_bytes;
} tla_copy_threads;

/* tla_copy_run_parallel(&P, dst_data, src_data, &threads, err) -> 0 or -1
 *   tla_copy_run, split into threads->parts parts that threads->parallel_for runs (see
 *   tla_copy_threads); the same bytes as tla_copy_run, the same errors.  threads NULL: one
 *   thread.
 * Example:
 *   static int16_t a[64 * 64], b[64 * 64];
 *   tla_layout La, Lb;  tla_tensor A, B;  tla_copy_plan P;  tla_error e;
 *   tla_copy_threads T = {2, NULL, NULL, 0};                // no parallel_for: the calling thread
 *   tla_layout_format(&La, TLA_ROW_MAJOR, 2, 64, 64, &e);
 *   tla_layout_format(&Lb, TLA_NZ, 2, 64, 64, &e);
 *   A = tla_tensor_make(a, 2, &La, TLA_POS_GM), B = tla_tensor_make(b, 2, &Lb, TLA_POS_L1);
 *   a[9 * 64 + 40] = 7;
 *   if (tla_copy_prepare(&P, &B, &A, &e) != 0 || tla_copy_run_parallel(&P, b, a, &T, &e) != 0) return 1;
 *   if (*(int16_t *)tla_tensor_at2(&B, 9, 40) != 7) return 1;
 */
TLA_API int tla_copy_run_parallel(const tla_copy_plan *P, TLA_GM void *dst_data, const TLA_GM void *src_data,
                                  const tla_copy_threads *T, tla_error *err);

/* tla_copy_parallel(&dst, &src, &threads, err) -> 0 or -1
 *   tla_copy, split over threads (tla_copy_threads; NULL: one thread): the same checks, errors
 *   and bytes.  It plans the copy on the stack (a tla_copy_plan, about 6 KB) and runs it with
 *   tla_copy_run_parallel; for many copies of one shape, prepare once and run that instead.
 * Example:
 *   static int16_t a[64 * 64], b[64 * 64];
 *   tla_layout La, Lb;  tla_tensor A, B;  tla_error e;
 *   tla_layout_format(&La, TLA_ROW_MAJOR, 2, 64, 64, &e);
 *   tla_layout_format(&Lb, TLA_ZN, 2, 64, 64, &e);
 *   A = tla_tensor_make(a, 2, &La, TLA_POS_GM), B = tla_tensor_make(b, 2, &Lb, TLA_POS_L1);
 *   a[3 * 64 + 17] = 5;
 *   if (tla_copy_parallel(&B, &A, NULL, &e) != 0 || *(int16_t *)tla_tensor_at2(&B, 3, 17) != 5) return 1;
 */
TLA_API int tla_copy_parallel(tla_tensor *dst, const tla_tensor *src, const tla_copy_threads *T, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* What a tla_copy_plan's run does (its kind). */
enum { TLA__RUN_NONE, TLA__RUN_MEMCPY, TLA__RUN_BOXES, TLA__RUN_ALL };

/* One pass over L's tokens: its rank, the size of each top-level mode, the smallest and
 * largest offset over all of its coordinates (each leaf adds (n - 1) * stride to one side, by
 * sign), and, when first is not NULL, where each mode's leaves start (mode m: leaves
 * first[m] .. first[m + 1], as tla__elem_leaves says; the copy lowers from them instead of
 * walking the tokens again for each mode).  What tla_copy checks, and a bound on the memory a
 * view touches, without building sub-layouts (those cost 10-30 times the copy of a 16 x 16
 * tile).  -1 when a size or an offset overflows int64 or a mode is empty. */
TLA_FUNC int tla__layout_modes(const tla_layout *L, int *rank, int64_t *size, int64_t *lo, int64_t *hi, int *first) {
    const tla_tuple *S = &L->shape;
    int i, depth = 0, m = 0, leaf = 0, top = S->ntok > 0 && S->tok[0] == TLA_TOK_OPEN;
    *lo = *hi = 0, size[0] = 1;
    if (first) first[0] = 0;
    for (i = top; i < S->ntok; i++) {
        int64_t n = leaf < S->nleaf ? S->val[leaf] : 0, t = 0;
        if (S->tok[i] == TLA_TOK_OPEN) {
            depth++;
            continue;
        }
        if (S->tok[i] == TLA_TOK_CLOSE) {
            if (--depth == 0 && top && ++m < TLA_MAX_RANK) size[m] = 1;
            if (depth == 0 && top && first && m <= TLA_MAX_RANK) first[m] = leaf;
            continue;
        }
        if (m >= TLA_MAX_RANK || n <= 0 || tla__mul64(size[m], n, &size[m]) != 0
            || tla__mul64(n - 1, L->stride.val[leaf], &t) != 0
            || tla__add64(t < 0 ? *lo : *hi, t, t < 0 ? lo : hi) != 0)
            return -1;
        leaf++;
        if (depth == 0 && top && ++m < TLA_MAX_RANK) size[m] = 1;
        if (depth == 0 && top && first && m <= TLA_MAX_RANK) first[m] = leaf;
    }
    *rank = top ? m : 1;
    if (!top && first) first[1] = leaf;
    return *rank <= TLA_MAX_RANK ? 0 : -1;
}

/* tla_tensor_extent of mode k from the mode sizes: the originShape, else the mode's size. */
TLA_FUNC int64_t tla__extent_of(const tla_tensor *t, int k, const int64_t *size) {
    return t->layout.has_origin ? t->layout.origin[k] : size[k];
}

/* The extent of each of t's r top-level modes into e (its originShape, else the mode's size),
 * and from tla__layout_modes its sizes, where its modes' leaves start and the bytes it can
 * touch, [*b0, *b1); 0, or -1 when tla__layout_modes cannot tell (the caller then asks the
 * general functions). */
TLA_FUNC int tla__tensor_box(const tla_tensor *t, int r, int64_t *e, int64_t *size, int *first, uintptr_t *b0,
                             uintptr_t *b1) {
    int k, rank = 0;
    int64_t lo = 0, hi = 0;
    if (tla__layout_modes(&t->layout, &rank, size, &lo, &hi, first) != 0 || rank != r) return -1;
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
    uint32_t used = 0; /* bit i: leaf i is taken (a bit per leaf, as tla_tuple's stat: zeroing an
                        * array of flags cost a rep stos on every copy, dense or not) */
    int k;
    if (tla__is4(src) || S->nleaf > TLA_MAX_LEAVES) return 0;
    for (k = 0; k < r; k++) /* (tla__tensor_has_coord, without walking the tokens for the rank) */
        if (e[k] != size[k] || src->coord[k] != 0 || dst->coord[k] != 0) return 0;
    if (!tla_layout_equal(&dst->layout, &src->layout)) return 0;
    for (;;) { /* the leaf of stride `next` (unit leaves aside), until none is left */
        int i, found = -1;
        for (i = 0; i < S->nleaf && found < 0; i++)
            if (!(used >> i & 1u) && S->val[i] > 1 && D->val[i] == next) found = i;
        if (found < 0) break;
        used |= (uint32_t)1 << found;
        if (tla__mul64(next, S->val[found], &next) != 0) return 0;
    }
    for (k = 0; k < S->nleaf; k++)
        if (!(used >> k & 1u) && S->val[k] > 1) return 0;
    return tla__mul64(next, src->elem_bytes, bytes) == 0;
}

/* The bytes [*lo, *hi) that a tensor's elements occupy (over its extent, from its coordinate),
 * exactly (tla_layout_offset_range); -1 when that is not known. */
TLA_FUNC int tla__tensor_span(const tla_tensor *t, int r, uintptr_t *lo, uintptr_t *hi) {
    int64_t a[TLA_MAX_RANK], e[TLA_MAX_RANK], mn = 0, mx = 0;
    int k;
    for (k = 0; k < r && k < TLA_MAX_RANK; k++) a[k] = t->coord[k], e[k] = tla_tensor_extent(t, k);
    if (r > TLA_MAX_RANK || tla_layout_offset_range(&mn, &mx, &t->layout, a, e, NULL) != 0) return -1;
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
            inside &= tla__mode(&src->layout, k, &c) == 0 && tla_layout_size(&n, &c, NULL) == 0 && x >= 0 && y >= 0
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
    c->fast = tla__tensor_box(src, r, c->e, c->ns, c->fs, &c->s0, &c->s1) == 0
              && tla__tensor_box(dst, r, ed, c->nd, c->fd, &c->d0, &c->d1) == 0;
    for (m = 0; m < r && !c->fast; m++) {
        tla_layout ms, md;
        memset(&ms, 0, sizeof ms);
        memset(&md, 0, sizeof md);
        tla__mode(&src->layout, m, &ms);
        tla__mode(&dst->layout, m, &md);
        c->e[m] = tla_tensor_extent(src, m), ed[m] = tla_tensor_extent(dst, m);
        if (tla_layout_size(&c->ns[m], &ms, NULL) != 0 || tla_layout_size(&c->nd[m], &md, NULL) != 0)
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

/* a / P (a >= 0, P >= 1) without a division where it is not needed (a mode of one leaf has
 * P = 1; a tile near the origin is inside the first leaves). */
TLA_FUNC int64_t tla__quot(int64_t a, int64_t P) { return P == 1 ? a : a < P ? 0 : a / P; }
/* Bytes [*b0, *b1) that hold every element of a lowered side's box [coord, coord + e) (eb:
 * element bytes, 0 for 4 bits), and maybe more: in each mode the leaves but the last take all
 * their digits, the last the digits the box's coordinates reach (crd2offset gives it the
 * quotient by the others' product).  For a tile of tla_tensor_tile, whose coordinate is past
 * its cut layout's modes, where tla__tensor_box's bytes (the layout's, from coordinate 0) say
 * nothing; a few leaves' arithmetic, not the exact test's 0.5 us.  -1 when not known (an
 * overflow, a negative coordinate). */
TLA_FUNC int tla__side_bounds(const tla__copy_side *X, int r, int eb, const int64_t *e, uintptr_t *b0, uintptr_t *b1) {
    int64_t lo = 0, hi = 0, a, b;
    int m, k;
    for (m = 0; m < r; m++) {
        int64_t P = 1;
        if (X->coord[m] < 0 || e[m] <= 0 || tla__add64(X->coord[m], e[m] - 1, &b) != 0) return -1;
        for (k = X->first[m]; k < X->first[m + 1]; k++) {
            int last = k + 1 == X->first[m + 1];
            if (!last
                && (X->shape[k] <= 0 || tla__mul64(X->shape[k] - 1, X->stride[k], &a) != 0
                    || tla__add64(a < 0 ? lo : hi, a, a < 0 ? &lo : &hi) != 0 || tla__mul64(P, X->shape[k], &P) != 0))
                return -1;
            if (last
                && (tla__mul64(tla__quot(X->coord[m], P), X->stride[k], &a) != 0
                    || tla__mul64(tla__quot(b, P), X->stride[k], &b) != 0 || tla__add64(lo, a < b ? a : b, &lo) != 0
                    || tla__add64(hi, a < b ? b : a, &hi) != 0))
                return -1;
        }
    }
    if (eb == 0)
        lo >>= 1, hi = (hi >> 1) + 1;
    else if (tla__mul64(lo, eb, &lo) != 0 || tla__mul64(hi, eb, &hi) != 0 || tla__add64(hi, eb, &hi) != 0)
        return -1;
    *b0 = (uintptr_t)X->data + (uintptr_t)lo;
    *b1 = (uintptr_t)X->data + (uintptr_t)hi;
    return 0;
}

/* tla_copy's overlap verdict, lowering the copy into d on the way when the layouts' bytes do
 * not settle it (*low: 1 lowered, 0 it cannot be, -1 not tried): 1 to copy, 0 nothing to
 * move (the same elements), -1 and an error when they may overlap.  Apart: the layouts' bytes
 * when both boxes are inside their modes, else the boxes' bounds (tla__side_bounds), else the
 * exact test. */
TLA_FUNC int tla__copy_prologue(const tla_tensor *dst, const tla_tensor *src, const tla__copy_info *c,
                                tla__copy_desc *d, int *low, tla_error *err) {
    uintptr_t s0 = 0, s1 = 0, d0 = 0, d1 = 0;
    int k;
    *low = -1;
    if (c->fast && tla__box_inside(src, c->r, c->e, c->ns) && tla__box_inside(dst, c->r, c->e, c->nd)
        && (c->s1 <= c->d0 || c->d1 <= c->s0))
        return 1;
    *low = tla__copy_lower(d, dst, src, c->e, c) == 0;
    if (*low && tla__side_bounds(&d->s, d->rank, d->eb, d->e, &s0, &s1) == 0
        && tla__side_bounds(&d->d, d->rank, d->eb, d->e, &d0, &d1) == 0 && (s1 <= d0 || d1 <= s0))
        return 1;
    k = tla__copy_overlap(dst, src, c->r, err);
    return k == 0 ? 1 : k > 0 ? 0 : -1;
}

/* Plan the box [0, c->e) and copy what the plan covers, [0, cov) (or record it in g, not
 * NULL): 0, or -1 when the leaves of the two sides do not divide one another.  Out of line, so
 * its plan (about 3 KB of loops) is off the stack before tla__copy_view copies the edges, which
 * plans again (a copy must run on a 64 KB stack: tests/test_robust.c). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
#endif
TLA__OUT_OF_LINE TLA_FUNC int tla__copy_box(const tla__copy_desc *c, int64_t *cov, tla__copy_prog *g) {
    tla__plan plan;
    int m;
    if (tla__make_plan(c, c->e, &plan) != 0) return -1;
    if (g && (g->nbox == TLA__PROG_BOXES || g->nloop + plan.nouter > TLA__PROG_LOOPS))
        g->full = 1;
    else if (g) {
        tla__prog_box *t = &g->box[g->nbox++];
        t->doff = c->d.data - g->base, t->soff = c->s.data - g->base, t->run_len = plan.run_len;
        t->first = g->nloop, t->nouter = plan.nouter, t->with = -1;
        for (m = 0; m < plan.nouter; m++) g->loop[g->nloop++] = plan.outer[m];
    } else if (c->eb == 0)
        tla__copy_exact4(plan.outer, plan.nouter, plan.run_len, c->d.data, c->s.data);
    else
        tla__copy_exact(plan.outer, plan.nouter, plan.run_len, c->d.data, c->s.data, (size_t)c->eb);
    /* the whole array, a fixed size: a loop of plan.rank became gcc's `rep movsq` (10% of a small copy) */
    memcpy(cov, plan.cov, sizeof plan.cov);
    return 0;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#undef TLA__OUT_OF_LINE

TLA_FUNC int tla__copy_pieces(const tla__copy_desc *c, tla_error *err, tla__copy_prog *g);

/* Copy a box whose sides' data pointers are element 0 (no tile coordinate): the plan covers a
 * box [0, cov) of the extent; each mode's rest (cov[m] <= x[m] < e[m], the modes before it
 * inside their box, the ones after it whole) is a tile, copied in pieces like any tile and
 * planned again, so a ragged edge moves in runs as well.  g not NULL: record the boxes
 * instead (tla__copy_prog). */
TLA_FUNC int tla__copy_view(const tla__copy_desc *c, tla_error *err, tla__copy_prog *g) {
    int64_t cov[TLA_MAX_RANK] = {0};
    int m, k, r = c->rank;
    for (m = 0; m < r; m++)
        if (c->e[m] <= 0) return 0;
    if (tla__copy_box(c, cov, g) != 0) { /* the leaves of the two sides do not divide one another */
        if (g) return g->full = 1, 0;
        return tla__copy_elements(c, err);
    }
    for (m = 0; m < r; m++) {
        tla__copy_desc t;
        if (cov[m] >= c->e[m]) continue;
        t.rank = r, t.eb = c->eb, t.s = c->s, t.d = c->d; /* (not t = *c: past 256 bytes gcc copies with rep movsq) */
        for (k = 0; k < r; k++) {
            t.s.coord[k] = t.d.coord[k] = k == m ? cov[m] : 0;
            t.e[k] = k < m ? cov[k] : k == m ? c->e[m] - cov[m] : c->e[k];
        }
        if (tla__copy_pieces(&t, err, g) != 0) return -1;
    }
    return 0;
}

/* The length of the piece of mode m that starts at t: both sides stay translates of their
 * layouts over it. */
TLA_FUNC int64_t tla__piece_len(const tla__copy_desc *c, int m, int64_t t) {
    int64_t n = c->e[m] - t, a = tla__side_translate_run(&c->s, m, c->s.coord[m] + t),
            b = tla__side_translate_run(&c->d, m, c->d.coord[m] + t);
    return a < n && a < b ? a : b < n ? b : n;
}

/* One side of the piece at t (per mode): its own data pointer, no coordinate (1, no piece: the
 * elements are 4 bits and the piece starts inside a byte). */
TLA_FUNC int tla__piece_side(tla__copy_side *out, const tla__copy_side *X, int r, int eb, const int64_t *t,
                             tla_error *err) {
    int64_t x[TLA_MAX_RANK], off = 0;
    int k;
    for (k = 0; k < r; k++)
        if (tla__add64(X->coord[k], t[k], &x[k]) != 0) return tla__fail(err, -1, "copy: coordinate overflows");
    if (tla__side_offset(X, r, x, &off) != 0) return tla__fail(err, -1, "copy: an element's offset overflows int64");
    if (eb == 0 && (off & 1)) return 1;
    *out = *X;
    out->data += eb == 0 ? off >> 1 : off * eb;
    memset(out->coord, 0, sizeof out->coord); /* (fixed-size: a loop of r was a memset call) */
    return 0;
}

/* Tiles that start off their layout's boundaries (a fractal tile at row 8): cut the extent,
 * mode by mode, into pieces over which both sides are translates of their layouts, and copy
 * each piece as a box of its own.  A tile on a boundary is one piece. */
TLA_FUNC int tla__copy_pieces(const tla__copy_desc *c, tla_error *err, tla__copy_prog *g) {
    int64_t t[TLA_MAX_RANK] = {0}, len[TLA_MAX_RANK] = {0}; /* (whole: p.e copies len as a fixed size) */
    tla__copy_desc p;
    int k, r = c->rank;
    for (k = 0; k < r; k++) {
        if (c->e[k] <= 0) return 0;
        len[k] = tla__piece_len(c, k, 0);
    }
    for (;;) {
        int vs = tla__piece_side(&p.s, &c->s, r, c->eb, t, err),
            vd = vs < 0 ? -1 : tla__piece_side(&p.d, &c->d, r, c->eb, t, err);
        if (vs < 0 || vd < 0) return -1;
        p.rank = r, p.eb = c->eb;
        memcpy(p.e, len, sizeof p.e);
        if ((vs || vd) && g) /* (element by element: not recorded) */
            g->full = 1;
        else if (vs || vd) { /* 4-bit, a side starts inside a byte: this piece element by element */
            p.s = c->s, p.d = c->d;
            for (k = 0; k < r; k++) p.s.coord[k] += t[k], p.d.coord[k] += t[k];
            if (tla__copy_elements(&p, err) != 0) return -1;
        } else if (tla__copy_view(&p, err, g) != 0)
            return -1;
        for (k = 0; k < r; k++) {
            t[k] += len[k];
            if (t[k] < c->e[k]) {
                len[k] = tla__piece_len(c, k, t[k]);
                break;
            }
            t[k] = 0;
            len[k] = tla__piece_len(c, k, 0);
        }
        if (k == r) return 0;
    }
}

/* Copy a lowered copy (tla__copy_lower), or record its program in g. */
TLA_FUNC int tla__copy_start(const tla__copy_desc *d, tla_error *err, tla__copy_prog *g) {
    int k, coord = 0;
    for (k = 0; k < d->rank; k++) coord |= d->s.coord[k] != 0 || d->d.coord[k] != 0;
    return coord ? tla__copy_pieces(d, err, g) : tla__copy_view(d, err, g);
}

/* The bytes a copy moves (elem_bytes > 0), INT64_MAX past int64. */
TLA_FUNC int64_t tla__copy_total(const tla__copy_info *c, int64_t elem_bytes) {
    int64_t bytes = elem_bytes;
    int k;
    for (k = 0; k < c->r; k++)
        if (tla__mul64(bytes, c->e[k], &bytes) != 0) return INT64_MAX;
    return bytes;
}

/* A box that is one run a step of its loop, and a later box with the same loop (the same count
 * and steps), run together, one step at a time: a ragged edge of a copy between two fractal
 * layouts of one shape is the last rows or columns of each fractal row or column (the 8 rows
 * of a 1000-row nN copy after each column's 31 whole fractals), so the edge is copied while its
 * lines are next in memory, not in a second pass over the whole tensor.  In process, old /
 * new, same-format 1000 x 3001 copies (bench/NOTES.md round 24): 0.98-1.14x, nN 1-byte
 * 1.14x.  Transposes' boxes fused with their edges moved 0.83-1.45x, no rule: not fused.  Only
 * copies of TLA__FUSE_BYTES and more: a smaller one stays in L2, where the edges' second pass
 * finds its lines. */
#define TLA__FUSE_BYTES ((int64_t)1 << 20)
TLA_FUNC void tla__prog_fuse(tla__copy_prog *g) {
    int k, j;
    for (k = 0; k < g->nbox; k++) {
        const tla__prog_box *b = &g->box[k];
        const tla__loop *o = &g->loop[b->first + b->nouter - 1];
        if (b->with != -1 || b->nouter != 1) continue; /* a run a step: a transpose's box lost up to 0.83x */
        for (j = k + 1; j < g->nbox; j++) {
            tla__prog_box *c = &g->box[j];
            const tla__loop *q = &g->loop[c->first + c->nouter - 1];
            if (c->with == -1 && c->nouter > 0 && q->n == o->n && q->ss == o->ss && q->ds == o->ds) {
                g->box[k].with = j, c->with = -2;
                break;
            }
        }
    }
}

/* Steps [lo, hi) of box b's outermost loop at data pointers db and sb, with box c (not NULL:
 * b's `with`) at dc and sc inside each step. */
TLA_FUNC void tla__prog_steps(const tla__copy_prog *g, const tla__prog_box *b, const tla__prog_box *c, size_t eb,
                              TLA_GM char *db, const TLA_GM char *sb, TLA_GM char *dc, const TLA_GM char *sc,
                              int64_t lo, int64_t hi) {
    const tla__loop *o = &g->loop[b->first + b->nouter - 1];
    int64_t i, ds = o->ds * (int64_t)eb, ss = o->ss * (int64_t)eb;
    for (i = lo; i < hi; i++) {
        tla__copy_exact(g->loop + b->first, b->nouter - 1, b->run_len, db + i * ds, sb + i * ss, eb);
        tla__copy_exact(g->loop + c->first, c->nouter - 1, c->run_len, dc + i * ds, sc + i * ss, eb);
    }
}

/* Run part `part` of `parts` of a program (eb: element bytes, 0 for 4-bit) at data pointers d
 * and s: of each box, an even share of its outermost loop (of a lone run's elements); 4-bit
 * programs are not split (two parts could share a byte), part 0 runs them whole. */
TLA_FUNC void tla__prog_run(const tla__copy_prog *g, int eb, TLA_GM char *d, const TLA_GM char *s, int part,
                            int parts) {
    int k;
    if (eb == 0 && part != 0) return;
    if (eb == 0) parts = 1;
    for (k = 0; k < g->nbox; k++) {
        const tla__prog_box *b = &g->box[k];
        TLA_GM char *db = d + b->doff;
        const TLA_GM char *sb = s + b->soff;
        tla__loop l[TLA__MAX_LOOPS];
        int64_t n, lo, hi;
        int i;
        if (b->with == -2 && eb != 0) continue; /* run with its box (4-bit: no fusing) */
        if (b->with >= 0 && eb != 0) {
            const tla__prog_box *c = &g->box[b->with];
            n = g->loop[b->first + b->nouter - 1].n, lo = n * part / parts, hi = n * (part + 1) / parts;
            tla__prog_steps(g, b, c, (size_t)eb, db, sb, d + c->doff, s + c->soff, lo, hi);
            continue;
        }
        if (parts == 1) {
            if (eb == 0)
                tla__copy_exact4(g->loop + b->first, b->nouter, b->run_len, db, sb);
            else
                tla__copy_exact(g->loop + b->first, b->nouter, b->run_len, db, sb, (size_t)eb);
            continue;
        }
        if (b->nouter == 0) { /* one run: a share of its elements */
            n = b->run_len, lo = n * part / parts, hi = n * (part + 1) / parts;
            if (hi > lo) memcpy(db + lo * eb, sb + lo * eb, (size_t)((hi - lo) * eb));
            continue;
        }
        for (i = 0; i < b->nouter; i++) l[i] = g->loop[b->first + i];
        n = l[b->nouter - 1].n, lo = n * part / parts, hi = n * (part + 1) / parts;
        if (hi <= lo) continue;
        db += lo * l[b->nouter - 1].ds * eb, sb += lo * l[b->nouter - 1].ss * eb;
        l[b->nouter - 1].n = hi - lo;
        tla__copy_exact(l, b->nouter, b->run_len, db, sb, (size_t)eb);
    }
}

/* What each part of a threaded run reads (tla__copy_part). */
typedef struct tla__copy_job {
    const tla_copy_plan *P;
    TLA_GM char *d;
    const TLA_GM char *s;
    int parts;
} tla__copy_job;

/* Should a run of P go over T's threads?  (tla_copy_threads says when not.) */
TLA_FUNC int tla__copy_split(const tla_copy_plan *P, const tla_copy_threads *T) {
    int64_t min = T->min_bytes > 0 ? T->min_bytes : (int64_t)4 << 20;
    if (T->parts < 2 || !T->parallel_for || P->src.elem_bytes <= 0
        || (P->kind != TLA__RUN_BOXES && P->kind != TLA__RUN_MEMCPY))
        return 0;
    return tla__copy_total(&P->info, P->src.elem_bytes) >= min;
}

/* One part of a threaded run (tla_copy_run_parallel's task). */
TLA_FUNC void tla__copy_part(void *arg, int part) {
    const tla__copy_job *j = (const tla__copy_job *)arg;
    const tla_copy_plan *P = j->P;
    if (P->kind == TLA__RUN_MEMCPY) {
        int64_t lo = P->bytes * part / j->parts, hi = P->bytes * (part + 1) / j->parts;
        if (hi > lo) memcpy(j->d + lo, j->s + lo, (size_t)(hi - lo));
    } else
        tla__prog_run(&P->prog, P->src.elem_bytes, j->d, j->s, part, j->parts);
}

TLA_API int tla_copy(tla_tensor *dst, const tla_tensor *src, tla_error *err)
#if TLA__BODIES
{
    tla__copy_info c;
    tla__copy_desc d;
    int64_t bytes = 0;
    int low = -1, k = tla__copy_check(dst, src, &c, err);
    if (k <= 0) return k;
    if ((k = tla__copy_prologue(dst, src, &c, &d, &low, err)) <= 0) return k;
    if (c.fast && tla__same_dense(dst, src, c.r, c.e, c.ns, &bytes)) {
        memcpy(dst->data, src->data, (size_t)bytes);
        return 0;
    }
    if (low < 0) low = tla__copy_lower(&d, dst, src, c.e, &c) == 0;
    if (!low) return tla__fail(err, -1, "copy: a mode has no leaves");
    if (src->elem_bytes > 0 && tla__copy_total(&c, src->elem_bytes) >= TLA__FUSE_BYTES) {
        /* record the boxes (as tla_copy_prepare does) to run the edges with their box */
        tla__copy_prog g;
        tla__copy_desc r = d;
        tla_error e2;
        r.d.data = r.s.data = (TLA_GM char *)(void *)&g;
        g.base = r.d.data, g.nbox = g.nloop = g.full = 0;
        if (tla__copy_start(&r, &e2, &g) == 0 && !g.full) {
            tla__prog_fuse(&g);
            tla__prog_run(&g, src->elem_bytes, (TLA_GM char *)dst->data, (const TLA_GM char *)src->data, 0, 1);
            return 0;
        }
    }
    return tla__copy_start(&d, err, NULL);
}
#endif
TLA__DECL

TLA_API int tla_copy_prepare(tla_copy_plan *P, const tla_tensor *dst, const tla_tensor *src, tla_error *err)
#if TLA__BODIES
{
    int k, low;
    tla_copy_plan p;
    tla__copy_desc d;
    tla_error e2;
    p.dst = *dst, p.src = *src, p.bytes = 0;
    p.dst.data = p.src.data = NULL; /* spans relative to data 0 */
    k = tla__copy_check(&p.dst, &p.src, &p.info, err);
    if (k < 0) return -1;
    p.kind = k == 0 ? TLA__RUN_NONE : TLA__RUN_ALL;
    p.inside = k > 0 && p.info.fast && tla__box_inside(&p.src, p.info.r, p.info.e, p.info.ns)
               && tla__box_inside(&p.dst, p.info.r, p.info.e, p.info.nd);
    low = k > 0 && tla__copy_lower(&d, &p.dst, &p.src, p.info.e, &p.info) == 0;
    if (low && !p.inside) /* a tla_tensor_tile view: its box's bounds instead */
        p.inside = tla__side_bounds(&d.s, d.rank, d.eb, d.e, &p.info.s0, &p.info.s1) == 0
                   && tla__side_bounds(&d.d, d.rank, d.eb, d.e, &p.info.d0, &p.info.d1) == 0;
    if (k > 0 && p.info.fast && tla__same_dense(&p.dst, &p.src, p.info.r, p.info.e, p.info.ns, &p.bytes))
        p.kind = TLA__RUN_MEMCPY;
    else if (low) {
        /* record tla_copy's boxes on views whose data pointers are a real address (this plan's),
         * so that the offsets a piece adds are plain pointer arithmetic; an error here (an
         * overflow) is tla_copy's to report at run time */
        tla__copy_prog *g = &p.prog;
        d.d.data = d.s.data = (TLA_GM char *)(void *)P;
        g->base = d.d.data, g->nbox = g->nloop = g->full = 0;
        if (tla__copy_start(&d, &e2, g) == 0 && !g->full) {
            p.kind = TLA__RUN_BOXES;
            if (p.src.elem_bytes > 0 && tla__copy_total(&p.info, p.src.elem_bytes) >= TLA__FUSE_BYTES)
                tla__prog_fuse(g);
        }
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
    uintptr_t s0 = c->s0 + (uintptr_t)src_data, s1 = c->s1 + (uintptr_t)src_data, d0 = c->d0 + (uintptr_t)dst_data,
              d1 = c->d1 + (uintptr_t)dst_data;
    if (P->kind == TLA__RUN_NONE) return 0;
    if (P->kind == TLA__RUN_ALL || !P->inside || !(s1 <= d0 || d1 <= s0)) { /* all of tla_copy */
        tla_tensor dt = P->dst, st = P->src;
        dt.data = (TLA_GM char *)dst_data, st.data = (TLA_GM char *)(uintptr_t)src_data;
        return tla_copy(&dt, &st, err);
    }
    if (P->kind == TLA__RUN_MEMCPY)
        memcpy(dst_data, src_data, (size_t)P->bytes);
    else
        tla__prog_run(&P->prog, P->src.elem_bytes, (TLA_GM char *)dst_data, (const TLA_GM char *)src_data, 0, 1);
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_copy_run_parallel(const tla_copy_plan *P, TLA_GM void *dst_data, const TLA_GM void *src_data,
                                  const tla_copy_threads *T, tla_error *err)
#if TLA__BODIES
{
    const tla__copy_info *c = &P->info;
    uintptr_t s0 = c->s0 + (uintptr_t)src_data, s1 = c->s1 + (uintptr_t)src_data, d0 = c->d0 + (uintptr_t)dst_data,
              d1 = c->d1 + (uintptr_t)dst_data;
    tla__copy_job job;
    if (!T || !tla__copy_split(P, T) || !P->inside || !(s1 <= d0 || d1 <= s0))
        return tla_copy_run(P, dst_data, src_data, err);
    job.P = P, job.d = (TLA_GM char *)dst_data, job.s = (const TLA_GM char *)src_data, job.parts = T->parts;
    T->parallel_for(T->ctx, T->parts, tla__copy_part, &job);
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_copy_parallel(tla_tensor *dst, const tla_tensor *src, const tla_copy_threads *T, tla_error *err)
#if TLA__BODIES
{
    tla__copy_info c;
    tla__copy_desc d;
    tla_copy_plan P;
    int k, low;
    if (!T || T->parts < 2 || !T->parallel_for) return tla_copy(dst, src, err);
    k = tla__copy_check(dst, src, &c, err);
    if (k <= 0) return k;
    if ((k = tla__copy_prologue(dst, src, &c, &d, &low, err)) <= 0) return k;
    if (tla_copy_prepare(&P, dst, src, err) != 0) return -1;
    return tla_copy_run_parallel(&P, dst->data, src->data, T, err);
}
#endif
TLA__DECL

#endif
