/* tla/tensor/copy_exec.h - how tla_copy moves what it planned (included by tla/tensor/copy.h): the block
 * loops.
 *
 * tla__copy_exact walks a plan's outer loops as an odometer and hands each row of blocks to
 * tla__copy_4d / tla__copy_3d: fixed-size runs, N x N transposes of 2- and 4-byte elements
 * with constant pitches, 8 x 8 byte pieces moved in 64-bit words; 4-bit elements have their
 * own runs and 16 x 16 word transposes (tla__copy_exact4).  The block loops are kept out of
 * line (TLA__OUT_OF_LINE, also used by tla/tensor/copy.h): inlined, their pointers were spilled.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   static unsigned char a[64], b[64];                     // one 8 x 8 block of bytes
 *   tla_layout La, Lb;  tla_tensor A, B;  tla_error e;  int i;
 *   tla_layout_format(&La, TLA_ROW_MAJOR, 1, 8, 8, &e);
 *   tla_layout_format(&Lb, TLA_COLUMN_MAJOR, 1, 8, 8, &e);
 *   A = tla_tensor_make(a, 1, &La, TLA_POS_GM), B = tla_tensor_make(b, 1, &Lb, TLA_POS_GM);
 *   for (i = 0; i < 64; i++) a[i] = (unsigned char)i;
 *   if (tla_copy(&B, &A, &e) != 0 || b[8 * 3 + 5] != a[8 * 5 + 3]) return 1;   // a transpose
 */
#ifndef TLA_COPY_EXEC_H
#define TLA_COPY_EXEC_H

#include "tla/tensor/copy_plan.h"
#include "tla/tensor/copy_kernels.h"

/* ---------------------------------------------------------------- internals */

/* n copies of `bytes` bytes, stepping dstep / sstep bytes: fixed sizes up to 256 bytes become
 * inline moves.  Larger runs (a whole fractal and more) go to the C library's memcpy with a
 * size the compiler does not know: a fixed memcpy of 512 bytes or more is `rep movsq` on gcc
 * (x86-64, generic tuning; 3.5x slower hot than the library, bench/NOTES.md round 17), and
 * the library moves a run in the machine's widest registers, where inline moves of a
 * default build are 16 bytes wide (round 23). */
TLA_FUNC void tla__copy_blocks(TLA_GM char *d, const TLA_GM char *s, int64_t n, int64_t dstep, int64_t sstep,
                               size_t bytes) {
    int64_t i;
/* clang-format off */
#define TLA__COPY_CASE(B) \
    case B: for (i = 0; i < n; i++) memcpy(d + i * dstep, s + i * sstep, B); return;
    switch (bytes) {
    TLA__COPY_CASE(1) TLA__COPY_CASE(2) TLA__COPY_CASE(4) TLA__COPY_CASE(8) TLA__COPY_CASE(16)
    TLA__COPY_CASE(32) TLA__COPY_CASE(64) TLA__COPY_CASE(128) TLA__COPY_CASE(256)
    default: for (i = 0; i < n; i++) memcpy(d + i * dstep, s + i * sstep, bytes);
    }
#undef TLA__COPY_CASE
    /* clang-format on */
}

/* Swap the roles of a block's two loops (extents and both sides' strides), so the transposes
 * below handle one orientation. */
TLA_FUNC void tla__swap_loops(int64_t *n1, int64_t *d1, int64_t *s1, int64_t *n0, int64_t *d0, int64_t *s0) {
    int64_t t;
    t = *n1, *n1 = *n0, *n0 = t;
    t = *d1, *d1 = *d0, *d0 = t;
    t = *s1, *s1 = *s0, *s0 = t;
}

/* Transposes of 1-byte elements (tla__copy_3d's arguments): an n1 x n0 block, both multiples of
 * 8, contiguous on one side along one loop and on the other side along the other, moves in
 * 8 x 8 pieces (tla__transpose8x8), the destination's lines in order; 0 when the shape is not
 * such a block.  Any such rectangle will do, so a 1-byte nZ fractal (32 x 16) is one block. */
TLA_FUNC int tla__transpose_bytes(TLA_GM char *d, const TLA_GM char *s, int64_t n2, int64_t d2, int64_t s2, int64_t n1,
                                  int64_t d1, int64_t s1, int64_t n0, int64_t d0, int64_t s0) {
    if (n0 % 8 != 0 || n1 % 8 != 0) return 0;
    if (s0 == 1 && d1 == 1) /* destination contiguous along i */
        tla__swap_loops(&n1, &d1, &s1, &n0, &d0, &s0);
    else if (d0 != 1 || s1 != 1)
        return 0;
    /* destination rows along i, source rows along j */
    tla__kernels()->bytes(d, s, n2, d2, s2, n1, n0, d1, s0);
    return 1;
}

/* A 1-byte 16 x 16 block at a fractal's 32-byte pitch on both sides (its loops n1, n0) with two
 * pair loops that continue it, one on the source's side and one on the destination's, each
 * into another fractal on the other side (nN <-> zZ: the 2 x 2 blocks are two fractals on
 * each side): one call of the level's 32 x 32 kernel (halves), when it has one; 0 otherwise. */
TLA_FUNC int tla__halves_bytes(TLA_GM char *d, const TLA_GM char *s, int64_t da, int64_t sa, int64_t db, int64_t sb,
                               int64_t n1, int64_t d1, int64_t s1, int64_t n0, int64_t d0, int64_t s0) {
    const tla__copy_kernels *k;
    int64_t t;
    if (n0 != 16 || n1 != 16) return 0;
    if (s0 == 1 && d1 == 1) /* destination contiguous along i */
        t = d0, d0 = d1, d1 = t, t = s0, s0 = s1, s1 = t;
    if (d0 != 1 || s1 != 1 || d1 != 32 || s0 != 32) return 0;
    if (sb == 16 && da == 16) /* the pair loop b continues the source's rows, a the destination's */
        t = da, da = db, db = t, t = sa, sa = sb, sb = t;
    if (sa != 16 || db != 16 || (k = tla__kernels())->halves == NULL) return 0;
    k->halves(d, s, da, sb);
    return 1;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
#endif

/* The 16- and 8-step loops (n0 == 16: a fractal's 16 lines; n0 == 8: the 8 fractals of
 * tla__plan_dest_lines), runs of 2-64 bytes (a power of two: tla__copy_4d sends no other
 * here), a constant trip count both compilers unroll.  Functions of their own, calling no
 * other: as a branch inside tla__copy_3d the 8-step loop changed clang's code for the 16-step
 * one (0.7-0.9x on RowMajor -> zN, bench/NOTES.md rounds 16 and 23), and inside that large
 * function clang reloads the source pointer from the stack before every load of the 16-step
 * loop; on its own, in one process, clang's nN -> ColumnMajor 1-byte and nZ -> ColumnMajor
 * 2-byte ran 1.06-1.09x, the other 16-row cells 0.93-1.11x, gcc's 0.90-1.13x (round 24). */
/* clang-format off */
#define TLA__DEFINE_COPY_3D_N(N) \
TLA__OUT_OF_LINE TLA_FUNC void tla__copy_3d_##N(TLA_GM char *d, const TLA_GM char *s, int64_t n2, int64_t d2, int64_t s2, \
                                                int64_t n1, int64_t d1, int64_t s1, int64_t d0, int64_t s0, size_t bytes) { \
    int64_t i, j, k; \
    switch (bytes) { \
    TLA__COPYN_CASE(N, 2) TLA__COPYN_CASE(N, 4) TLA__COPYN_CASE(N, 8) TLA__COPYN_CASE(N, 16) TLA__COPYN_CASE(N, 32) \
    TLA__COPYN_CASE(N, 64) \
    default: /* not sent here; correct all the same */ \
        for (k = 0; k < n2; k++, d += d2, s += s2) \
            for (i = 0; i < n1; i++) for (j = 0; j < (N); j++) memcpy(d + i * d1 + j * d0, s + i * s1 + j * s0, bytes); \
    } \
}
#define TLA__COPYN_CASE(N, B) \
    case B: \
        for (k = 0; k < n2; k++, d += d2, s += s2) \
            for (i = 0; i < n1; i++) TLA__UNROLL for (j = 0; j < (N); j++) memcpy(d + i * d1 + j * d0, s + i * s1 + j * s0, B); \
        return;
TLA__DEFINE_COPY_3D_N(16)
TLA__DEFINE_COPY_3D_N(8)
#undef TLA__COPYN_CASE
#undef TLA__DEFINE_COPY_3D_N
/* clang-format on */

/* n2 x n1 x n0 copies of `bytes` bytes (three strides each side): one dispatch on the size
 * for a whole row of 2-D blocks (the third loop is the next outer loop of the plan), so small
 * elements move at loop speed and no block pays a call.  n0 == 16 (a fractal's side) gets its
 * own loop: a constant trip count the compiler unrolls (gcc when asked, TLA__UNROLL: 32-byte
 * runs of RowMajor -> zZ / ColumnMajor -> nN ran at 9 GB/s as gcc's loop and 13 as clang's
 * unrolled one, bench/NOTES.md round 16); runs of 2-64 bytes, a power of two, go to
 * tla__copy_3d_16 and tla__copy_3d_8 instead (tla__copy_4d), so the loop here is the one for
 * the other sizes.
 * Bytes that form a transpose move as 8 x 8 pieces (tla__transpose_bytes). */
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
            if (n0 == 16) for (i = 0; i < n1; i++) TLA__UNROLL for (j = 0; j < 16; j++) memcpy(d + i * d1 + j * d0, s + i * s1 + j * s0, B); \
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
/* The blocks kernel for a square block of 2- or 4-byte elements (loops n0 / n1, steps in bytes)
 * that is contiguous on one side along one loop and on the other side along the other, with
 * its two pitches in *dp / *sp; NULL when the block is not such a transpose. */
TLA_FUNC tla__blocks_fn *tla__transpose_kernel(int64_t n1, int64_t d1, int64_t s1, int64_t n0, int64_t d0, int64_t s0,
                                               size_t bytes, int64_t *dp, int64_t *sp) {
    const tla__copy_kernels *K;
    int64_t b = (int64_t)bytes;
    if ((bytes != 2 && bytes != 4) || n0 != n1 || (n0 != 16 && n0 != 8)) return NULL;
    if (d0 == b && s1 == b)
        *dp = d1, *sp = s0;
    else if (s0 == b && d1 == b)
        *dp = d0, *sp = s1;
    else
        return NULL;
    K = tla__kernels();
    return bytes == 2 ? (n0 == 16 ? K->blocks_16_2 : K->blocks_8_2) : (n0 == 16 ? K->blocks_16_4 : K->blocks_8_4);
}

TLA__OUT_OF_LINE TLA_FUNC void tla__copy_4d(TLA_GM char *d, const TLA_GM char *s, int64_t n3, int64_t d3, int64_t s3,
                                            int64_t n2, int64_t d2, int64_t s2, int64_t n1, int64_t d1, int64_t s1,
                                            int64_t n0, int64_t d0, int64_t s0, size_t bytes) {
    int64_t l, dp, sp;
    tla__blocks_fn *blocks = tla__transpose_kernel(n1, d1, s1, n0, d0, s0, bytes, &dp, &sp);
    if (blocks) {
        blocks(d, s, n3, d3, s3, n2, d2, s2, dp, sp);
        return;
    }
    if (bytes == 1 && n3 == 2 && n2 == 2 && tla__halves_bytes(d, s, d3, s3, d2, s2, n1, d1, s1, n0, d0, s0)) return;
    if ((n0 == 16 || n0 == 8) && bytes >= 2 && bytes <= 64 && (bytes & (bytes - 1)) == 0)
        for (l = 0; l < n3; l++)
            (n0 == 16 ? tla__copy_3d_16 : tla__copy_3d_8)(d + l * d3, s + l * s3, n2, d2, s2, n1, d1, s1, d0, s0,
                                                          bytes);
    else
        for (l = 0; l < n3; l++) tla__copy_3d(d + l * d3, s + l * s3, n2, d2, s2, n1, d1, s1, n0, d0, s0, bytes);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* One step of the odometer over the outer loops from..nouter-1 (the first fastest): advance
 * the source and destination offsets (and the logical coordinate x, when given); 0 when it
 * has wrapped around, i.e. every combination has been visited. */
TLA_FUNC int tla__odometer_next(const tla__loop *outer, int nouter, int from, int64_t *digit, int64_t *so, int64_t *dof,
                                int64_t *x) {
    int k;
    for (k = from; k < nouter; k++) {
        const tla__loop *l = &outer[k];
        *so += l->ss, *dof += l->ds;
        if (x) x[l->mode] += l->w;
        if (++digit[k] < l->n) return 1;
        *so -= l->n * l->ss, *dof -= l->n * l->ds;
        if (x) x[l->mode] -= l->n * l->w;
        digit[k] = 0;
    }
    return 0;
}

/* No clipping anywhere: four loops of blocks (tla__copy_4d), then an odometer over the rest.
 * A plan's outer loops (nouter of them), its run of run_len elements. */
TLA_FUNC void tla__copy_odometer(const tla__loop *outer, int nouter, int64_t run_len, TLA_GM char *dst,
                                 const TLA_GM char *src, size_t eb) {
    static const tla__loop one = {1, 0, 0, 1, 0};
    const tla__loop *l0 = nouter > 0 ? &outer[0] : &one, *l1 = nouter > 1 ? &outer[1] : &one,
                    *l2 = nouter > 2 ? &outer[2] : &one, *l3 = nouter > 3 ? &outer[3] : &one,
                    *l4 = nouter > 4 ? &outer[4] : &one;
    int64_t digit[TLA__MAX_LOOPS], so = 0, dof = 0, e = (int64_t)eb, dp = 0, sp = 0, i;
    size_t run_bytes = (size_t)run_len * eb;
    int k;
    /* a transpose: its blocks kernel straight from a loop over the fifth loop (tla__copy_4d's
     * choice made once, not once per step: nN -> zN 4-byte, 4 blocks a call, 1.1x) */
    tla__blocks_fn *blocks =
        run_len == 1 ? tla__transpose_kernel(l1->n, l1->ds * e, l1->ss * e, l0->n, l0->ds * e, l0->ss * e, eb, &dp, &sp)
                     : NULL;
    for (k = 4; k < nouter; k++) digit[k] = 0; /* the odometer's digits (a small copy has none) */
    if (blocks) {
        for (;;) {
            for (i = 0; i < l4->n; i++)
                blocks(dst + (dof + i * l4->ds) * e, src + (so + i * l4->ss) * e, l3->n, l3->ds * e, l3->ss * e, l2->n,
                       l2->ds * e, l2->ss * e, dp, sp);
            if (!tla__odometer_next(outer, nouter, 5, digit, &so, &dof, NULL)) return;
        }
    }
    for (;;) {
        tla__copy_4d(dst + dof * e, src + so * e, l3->n, l3->ds * e, l3->ss * e, l2->n, l2->ds * e, l2->ss * e, l1->n,
                     l1->ds * e, l1->ss * e, l0->n, l0->ds * e, l0->ss * e, run_bytes);
        if (!tla__odometer_next(outer, nouter, 4, digit, &so, &dof, NULL)) return;
    }
}

/* A plan's loops and run, as tla__copy_odometer, with a tile's usual shapes straight to their
 * moves: a single run (the C library's memcpy); at most 16 KB (a tile up to 64 x 64 of 4-byte
 * elements) as runs of 256 bytes and more in at most two loops (whole fractals on both sides)
 * or runs of 32 bytes in at most three (a fractal's lines: 16 x 16 and 32 x 32 tiles of 2- or
 * 4-byte elements, 32 x 32 of bytes, to or from a matrix); and a fractal's 16 lines of 32
 * bytes in at most two loops, which is tla__copy_3d's own loop for those.  Through
 * tla__copy_4d and tla__copy_3d such a tile took 22-77 ns where its moves take 5-20
 * (bench/NOTES.md, round 23); a larger copy keeps tla__copy_3d's moves. */
TLA_FUNC void tla__copy_exact(const tla__loop *outer, int nouter, int64_t run_len, TLA_GM char *dst,
                              const TLA_GM char *src, size_t eb) {
    static const tla__loop one = {1, 0, 0, 1, 0};
    const tla__loop *l0 = nouter > 0 ? &outer[0] : &one, *l1 = nouter > 1 ? &outer[1] : &one,
                    *l2 = nouter > 2 ? &outer[2] : &one;
    int64_t e = (int64_t)eb, i, j, h;
    size_t run_bytes = (size_t)run_len * eb;
    int tile = nouter <= 3 && l0->n * l1->n * l2->n * (int64_t)run_bytes <= ((int64_t)16 << 10);
    if (nouter == 0 || (tile && nouter <= 2 && run_bytes >= 256)) {
        for (i = 0; i < l1->n; i++)
            for (j = 0; j < l0->n; j++)
                memcpy(dst + (i * l1->ds + j * l0->ds) * e, src + (i * l1->ss + j * l0->ss) * e, run_bytes);
    } else if (nouter <= 2 && run_bytes == 32 && l0->n == 16) {
        int64_t d0 = l0->ds * e, s0 = l0->ss * e, d1 = l1->ds * e, s1 = l1->ss * e;
        for (i = 0; i < l1->n; i++)
            TLA__UNROLL for (j = 0; j < 16; j++) memcpy(dst + i * d1 + j * d0, src + i * s1 + j * s0, 32);
    } else if (tile && run_bytes == 32) {
        int64_t d0 = l0->ds * e, s0 = l0->ss * e, d1 = l1->ds * e, s1 = l1->ss * e;
        for (h = 0; h < l2->n; h++, dst += l2->ds * e, src += l2->ss * e)
            for (i = 0; i < l1->n; i++)
                for (j = 0; j < l0->n; j++) memcpy(dst + i * d1 + j * d0, src + i * s1 + j * s0, 32);
    } else
        tla__copy_odometer(outer, nouter, run_len, dst, src, eb);
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
TLA_FUNC void tla__copy_exact4(const tla__loop *outer, int nouter, int64_t run_len, TLA_GM char *dst,
                               const TLA_GM char *src) {
    static const tla__loop one = {1, 0, 0, 1, 0};
    const tla__loop *l0 = nouter > 0 ? &outer[0] : &one, *l1 = nouter > 1 ? &outer[1] : &one;
    const int64_t n0 = l0->n, d0 = l0->ds, s0 = l0->ss, n1 = l1->n, d1 = l1->ds, s1 = l1->ss, run = run_len;
    int64_t digit[TLA__MAX_LOOPS], so = 0, dof = 0, i, j;
    int k;
    for (k = 0; k < nouter; k++) digit[k] = 0;
    do { /* the two innermost loops as a block */
        if (run == 1)
            tla__transpose4(dst, dof, d1, d0, src, so, s1, s0, n1, n0);
        else
            for (i = 0; i < n1; i++)
                for (j = 0; j < n0; j++) tla__copy_run4(dst, dof + i * d1 + j * d0, src, so + i * s1 + j * s0, run);
    } while (tla__odometer_next(outer, nouter, 2, digit, &so, &dof, NULL));
}
/* Element by element, at any coordinates (the leaves of the two sides do not divide one
 * another; 4-bit pieces that start inside a byte): an odometer over the extent, each element's
 * offsets from the sides' leaves (tla__side_offset). */
TLA_FUNC int tla__copy_elements(const tla__copy_desc *c, tla_error *err) {
    int64_t x[TLA_MAX_RANK], xs[TLA_MAX_RANK], xd[TLA_MAX_RANK], so = 0, dof = 0;
    int k, r = c->rank;
    for (k = 0; k < r; k++) {
        if (c->e[k] <= 0) return 0;
        x[k] = 0;
    }
    for (;;) {
        for (k = 0; k < r; k++)
            if (tla__add64(c->s.coord[k], x[k], &xs[k]) != 0 || tla__add64(c->d.coord[k], x[k], &xd[k]) != 0)
                return tla__fail(err, -1, "copy: coordinate overflows");
        if (tla__side_offset(&c->s, r, xs, &so) != 0 || tla__side_offset(&c->d, r, xd, &dof) != 0)
            return tla__fail(err, -1, "copy: an element's offset overflows int64");
        if (c->eb == 0)
            tla__nib_put(c->d.data, dof, tla__nib_get(c->s.data, so));
        else
            memcpy(c->d.data + dof * c->eb, c->s.data + so * c->eb, (size_t)c->eb);
        for (k = 0; k < r && ++x[k] == c->e[k]; k++) x[k] = 0;
        if (k == r) return 0;
    }
}

#endif
