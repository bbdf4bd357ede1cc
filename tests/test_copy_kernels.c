/* tests/test_copy_kernels.c - tla_copy's SIMD kernels against the portable ones, and threaded
 * copies against one thread.
 *
 * 1. Every kernel of every level the machine has (tla_copy_simd_has: SSE2, AVX2, AVX-512 on
 *    x86-64, NEON on aarch64) on random blocks: counts of blocks, pitches (a fractal's 32 bytes
 *    too), byte offsets of both sides, rectangles of bytes; the destination starts with the
 *    same random bytes as the portable kernel's, so a byte written that should not be fails.
 *    The run loops under the kernels (tla__copy_4d and tla__copy_exact: runs of 1-512 bytes, 8 or
 *    16 of them or any count innermost, the 8-step loop and the tile short cuts included)
 *    against one memcpy per run.
 * 2. tla_copy at every level (and TLA_SIMD_PORTABLE) on random copies: tests/test_copy_random.c.
 * 3. tla_copy_parallel and tla_copy_run_parallel with 2, 3 and 4 parts (the parts run in
 *    reverse order on this thread, then on real threads) equal tla_copy byte for byte, and a
 *    copy too small to split still copies.
 * The generator is a fixed xorshift, so a failure repeats. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include "tla.h"
#include "check.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}
static int64_t below(int64_t n) { return (int64_t)(next() % (uint64_t)n); }
static void fill(unsigned char *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = (unsigned char)next();
}

static const char *level_name(int l) {
    static const char *const names[] = {"portable", "sse2", "avx2", "avx512", "neon"};
    return l >= 0 && l <= 4 ? names[l] : "?";
}

/* ---- 1. kernels against the portable ones */
#define BUF (1 << 16)
static unsigned char src[BUF], want[BUF], got[BUF];

/* The blocks kernel of N x N blocks of B bytes at one level. */
static tla__blocks_fn *blocks_of(const tla__copy_kernels *K, int N, int B) {
    return N == 16 ? (B == 2 ? K->blocks_16_2 : K->blocks_16_4) : B == 2 ? K->blocks_8_2 : K->blocks_8_4;
}

/* One call of a blocks kernel at level K and at the portable level P, into two copies of the
 * same random bytes: 1 when they wrote the same. */
static int blocks_agree(const tla__copy_kernels *K, const tla__copy_kernels *P, int N, int B, int64_t od, int64_t os,
                        int64_t n3, int64_t d3, int64_t s3, int64_t n2, int64_t d2, int64_t s2, int64_t dp,
                        int64_t sp) {
    fill(src, BUF), fill(want, BUF), memcpy(got, want, BUF);
    blocks_of(P, N, B)((char *)want + od, (const char *)src + os, n3, d3, s3, n2, d2, s2, dp, sp);
    blocks_of(K, N, B)((char *)got + od, (const char *)src + os, n3, d3, s3, n2, d2, s2, dp, sp);
    if (memcmp(got, want, BUF) != 0) {
        printf("  kernel %dx%d of %d bytes: n3 %lld n2 %lld d2 %lld s2 %lld dp %lld sp %lld differs\n", N, N, B,
               (long long)n3, (long long)n2, (long long)d2, (long long)s2, (long long)dp, (long long)sp);
        return 0;
    }
    return 1;
}

/* One random call of a blocks kernel (N x N blocks of B bytes) or of the bytes kernel (B 1). */
static int kernel_case(const tla__copy_kernels *K, const tla__copy_kernels *P, int N, int B) {
    int64_t n3 = 1 + below(3), n2 = 1 + below(3), rows = B == 1 ? 8 * (1 + below(12)) : N,
            cols = B == 1 ? 8 * (1 + below(12)) : N;
    /* pitches: a fractal's 32 bytes where a row fits, else at least a row, random */
    int64_t dp = cols * (B == 1 ? 1 : B) <= 32 && below(2) ? 32 : cols * (B == 1 ? 1 : B) + below(3) * 8 + below(3),
            sp = rows * (B == 1 ? 1 : B) <= 32 && below(2) ? 32 : rows * (B == 1 ? 1 : B) + below(3) * 8 + below(3);
    int64_t dblock = (B == 1 ? rows : N) * dp, sblock = (B == 1 ? cols : N) * sp;
    int64_t d2 = dblock + below(40), s2 = sblock + below(40), d3 = n2 * d2 + below(40), s3 = n2 * s2 + below(40);
    int64_t od = below(64), os = below(64);
    if (od + n3 * d3 > BUF || os + n3 * s3 > BUF) return 1; /* too large: skip */
    if (B != 1) return blocks_agree(K, P, N, B, od, os, n3, d3, s3, n2, d2, s2, dp, sp);
    /* n2 rectangles (the bytes kernel has no third loop) */
    fill(src, BUF), fill(want, BUF), memcpy(got, want, BUF);
    P->bytes((char *)want + od, (const char *)src + os, n2, d2, s2, rows, cols, dp, sp);
    K->bytes((char *)got + od, (const char *)src + os, n2, d2, s2, rows, cols, dp, sp);
    if (memcmp(got, want, BUF) != 0) {
        printf("  bytes kernel: n2 %lld rows %lld cols %lld dp %lld sp %lld differs\n", (long long)n2, (long long)rows,
               (long long)cols, (long long)dp, (long long)sp);
        return 0;
    }
    return 1;
}

/* One random call of a blocks kernel whose blocks sit side by side along one side's lines (that
 * side's pair step is a block's row, 32 bytes: two blocks are whole 64-byte lines) at a pitch
 * that is a multiple of 2 KB, where AVX-512's 2-byte kernel moves two blocks at once; an odd
 * count of blocks, or the step one byte off, takes the one-block path. */
static int pair_case(const tla__copy_kernels *K, const tla__copy_kernels *P, int N, int B) {
    int dside = (int)below(2);
    int64_t row = N * B, n3 = 1 + below(2), n2 = 1 + below(4);
    int64_t line = 2048, other = row <= 32 && below(2) ? 32 : N * B + below(3) * 8 + below(3);
    int64_t dp = dside ? line : other, sp = dside ? other : line;
    int64_t step = row + (below(8) == 0); /* one byte off now and then: no pairs */
    int64_t d2 = dside ? step : N * dp + below(40), s2 = dside ? N * sp + below(40) : step;
    int64_t d3 = n2 * d2 + below(dside ? 64 : 40), s3 = n2 * s2 + below(dside ? 40 : 64);
    int64_t od = below(64), os = below(64);
    /* the last block's last row ends before the buffer does */
    if (od + (n3 - 1) * d3 + (n2 - 1) * d2 + (N - 1) * dp + row > BUF
        || os + (n3 - 1) * s3 + (n2 - 1) * s2 + (N - 1) * sp + row > BUF)
        return 1;
    return blocks_agree(K, P, N, B, od, os, n3, d3, s3, n2, d2, s2, dp, sp);
}

/* One random call of the bytes kernel between two fractals (both pitches 32 bytes: AVX-512 has
 * a 32 x 32 kernel for them), its n2 rectangles continuing one another along the destination's
 * rows or columns, as a zN <-> nZ copy's 32 x 32 blocks do. */
static int fractal_bytes_case(const tla__copy_kernels *K, const tla__copy_kernels *P) {
    int64_t n2 = 1 + below(4), rows = 8 * (1 + below(4)), cols = 8 * (1 + below(4)), d2, s2;
    int64_t od = below(64), os = below(64);
    if (below(2)) { /* along the destination's columns: the next source rows */
        while (n2 * cols > 32) n2--;
        d2 = cols, s2 = cols * 32;
    } else { /* along the destination's rows: the next source columns */
        while (n2 * rows > 32) n2--;
        d2 = rows * 32, s2 = rows;
    }
    fill(src, BUF), fill(want, BUF), memcpy(got, want, BUF);
    P->bytes((char *)want + od, (const char *)src + os, n2, d2, s2, rows, cols, 32, 32);
    K->bytes((char *)got + od, (const char *)src + os, n2, d2, s2, rows, cols, 32, 32);
    if (memcmp(got, want, BUF) != 0) {
        printf("  fractal bytes: n2 %lld d2 %lld s2 %lld rows %lld cols %lld differs\n", (long long)n2, (long long)d2,
               (long long)s2, (long long)rows, (long long)cols);
        return 0;
    }
    return 1;
}

/* One random call of a level's 32 x 32 halves kernel (rows 16-31 of each side dh / sh bytes
 * past rows 0-15, either way, as nN <-> zZ's two fractals a side) against four 16 x 16
 * rectangles of the portable bytes kernel. */
static int halves_case(const tla__copy_kernels *K, const tla__copy_kernels *P) {
    int64_t dh = (512 + below(8192)) * (below(2) ? 1 : -1), sh = below(8192) * (below(2) ? 1 : -1);
    int64_t od = 8704 + below(64), os = 8704 + below(64);
    fill(src, BUF), fill(want, BUF), memcpy(got, want, BUF);
    /* destination rows 0-15 from source columns 0-15, rows 16-31 (at dh) from columns 16-31;
     * destination columns 16-31 from source rows 16-31 (at sh) */
    P->bytes((char *)want + od, (const char *)src + os, 2, dh, 16, 16, 16, 32, 32);
    P->bytes((char *)want + od + 16, (const char *)src + os + sh, 2, dh, 16, 16, 16, 32, 32);
    K->halves((char *)got + od, (const char *)src + os, dh, sh);
    if (memcmp(got, want, BUF) != 0) {
        printf("  halves: dh %lld sh %lld differs\n", (long long)dh, (long long)sh);
        return 0;
    }
    return 1;
}

/* n3 x n2 x n1 x n0 runs of `bytes` bytes, one memcpy each: the reference for the run loops. */
static void runs_ref(unsigned char *d, const unsigned char *s, const int64_t n[4], const int64_t ds[4],
                     const int64_t ss[4], size_t bytes) {
    int64_t i, j, k, l;
    for (l = 0; l < n[3]; l++)
        for (k = 0; k < n[2]; k++)
            for (j = 0; j < n[1]; j++)
                for (i = 0; i < n[0]; i++)
                    memcpy(d + l * ds[3] + k * ds[2] + j * ds[1] + i * ds[0],
                           s + l * ss[3] + k * ss[2] + j * ss[1] + i * ss[0], bytes);
}

/* One random nest of runs, the strides far enough apart that no two runs overlap (each loop's
 * step past the span of the loops inside it), through tla__copy_4d's run loops and through
 * tla__copy_exact as a plan's loops (strides in bytes: elements of one byte; its short cuts
 * take a single run, runs of 256 bytes and more, and runs of 32 bytes), each against
 * runs_ref. */
static int runs_case(void) {
    static const size_t sizes[] = {1, 2, 3, 4, 8, 12, 16, 24, 32, 64, 256, 512};
    static const int64_t counts[] = {8, 16, 1, 3, 8, 16};
    size_t bytes = sizes[below(12)];
    int64_t n[4], ds[4], ss[4];
    int k, nouter = 4;
    tla__loop loops[4];
    n[0] = counts[below(6)], n[1] = 1 + below(4), n[2] = 1 + below(3), n[3] = 1 + below(2);
    if (below(4) == 0) n[0] = 16, bytes = 32; /* a fractal's 16 lines */
    ds[0] = (int64_t)bytes + below(3) * 8, ss[0] = (int64_t)bytes + below(3) * 8;
    for (k = 1; k < 4; k++) ds[k] = n[k - 1] * ds[k - 1] + below(16), ss[k] = n[k - 1] * ss[k - 1] + below(16);
    if (below(4) == 0) n[1] = n[2] = n[3] = 1; /* a plan of one loop, or none (n0 == 1) */
    if (n[3] * ds[3] > BUF - 64 || n[3] * ss[3] > BUF - 64) return 1; /* too large: skip */
    fill(src, BUF), fill(want, BUF), memcpy(got, want, BUF);
    runs_ref(want, src, n, ds, ss, bytes);
    tla__copy_4d((char *)got, (const char *)src, n[3], ds[3], ss[3], n[2], ds[2], ss[2], n[1], ds[1], ss[1], n[0],
                 ds[0], ss[0], bytes);
    for (k = 0; k < 4; k++)
        loops[k].n = n[k], loops[k].ss = ss[k], loops[k].ds = ds[k], loops[k].w = 1, loops[k].mode = 0;
    while (nouter > 0 && n[nouter - 1] == 1) nouter--;
    if (memcmp(got, want, BUF) == 0) { /* the same nest from the same background, as a plan */
        fill(got, BUF), memcpy(want, got, BUF);
        runs_ref(want, src, n, ds, ss, bytes);
        tla__copy_exact(loops, nouter, (int64_t)bytes, (char *)got, (const char *)src, 1);
        if (memcmp(got, want, BUF) == 0) return 1;
    }
    printf("  runs: %lld x %lld x %lld x %lld of %zu bytes differ\n", (long long)n[3], (long long)n[2], (long long)n[1],
           (long long)n[0], bytes);
    return 0;
}

static void kernels(void) {
    const tla__copy_kernels *P = tla__kernels_of(TLA_SIMD_PORTABLE);
    int level, k, bad, levels = 0;
    for (level = 1; level <= TLA_SIMD_NEON; level++) {
        const tla__copy_kernels *K;
        int bad = 0;
        if (!tla_copy_simd_has(level)) continue;
        levels++;
        K = tla__kernels_of(level);
        CHECK(K != P);
        for (k = 0; k < 300; k++)
            bad += !kernel_case(K, P, 16, 2) + !kernel_case(K, P, 8, 2) + !kernel_case(K, P, 16, 4)
                   + !kernel_case(K, P, 8, 4) + !kernel_case(K, P, 0, 1) + !fractal_bytes_case(K, P)
                   + (K->halves != NULL && !halves_case(K, P)) + !pair_case(K, P, 16, 2) + !pair_case(K, P, 8, 4)
                   + !pair_case(K, P, 8, 2);
        printf("  kernels at %s: %d cases differ\n", level_name(level), bad);
        CHECK_EQ(bad, 0);
    }
#if defined(__x86_64__) && !defined(TLA_COPY_PORTABLE) && defined(__GNUC__)
    CHECK(levels >= 1); /* SSE2 at least */
#endif
    printf("  %d SIMD levels on this machine (best: %s)\n", levels, level_name(tla_copy_simd()));
    for (k = 0, bad = 0; k < 2000; k++) bad += !runs_case();
    printf("  run loops: %d cases differ\n", bad);
    CHECK_EQ(bad, 0);
}

/* ---- 2. (tla_copy at each level: tests/test_copy_random.c) */
static tla_tensor make(void *p, int eb, const tla_layout *L) {
    return eb ? tla_tensor_make(p, eb, L, TLA_POS_GM) : tla_tensor_make_bits(p, 4, L, TLA_POS_GM);
}
static int layouts(int eb, int fs, int fd, int64_t R, int64_t C, tla_layout *Ls, tla_layout *Ld, size_t *bs,
                   size_t *bd) {
    int64_t cs = 0, cd = 0;
    tla_error e;
    if ((eb ? tla_layout_format(Ls, (enum tla_format)fs, eb, R, C, &e)
            : tla_layout_format_bits(Ls, (enum tla_format)fs, 4, R, C, &e))
            != 0
        || (eb ? tla_layout_format(Ld, (enum tla_format)fd, eb, R, C, &e)
               : tla_layout_format_bits(Ld, (enum tla_format)fd, 4, R, C, &e))
               != 0
        || tla_layout_cosize(&cs, Ls, &e) != 0 || tla_layout_cosize(&cd, Ld, &e) != 0)
        return -1;
    *bs = eb ? (size_t)(cs * eb) : (size_t)(cs / 2 + 1), *bd = eb ? (size_t)(cd * eb) : (size_t)(cd / 2 + 1);
    return 0;
}
/* ---- 3. threads */
/* the parts in reverse order on this thread: a part must not rely on another having run */
static int serial_calls;
static void serial_for(void *ctx, int parts, void (*task)(void *, int), void *arg) {
    int p;
    (void)ctx;
    serial_calls++;
    for (p = parts - 1; p >= 0; p--) task(arg, p);
}
/* each part on a thread of its own */
struct part_arg {
    void (*task)(void *, int);
    void *arg;
    int part;
};
static void *part_main(void *p) {
    struct part_arg *a = p;
    a->task(a->arg, a->part);
    return NULL;
}
static int thread_calls;
static void threads_for(void *ctx, int parts, void (*task)(void *, int), void *arg) {
    pthread_t th[8];
    struct part_arg a[8];
    int p;
    (void)ctx;
    thread_calls++;
    for (p = 0; p < parts && p < 8; p++) {
        a[p].task = task, a[p].arg = arg, a[p].part = p;
        if (pthread_create(&th[p], NULL, part_main, &a[p]) != 0) part_main(&a[p]), th[p] = pthread_self();
    }
    for (p = 0; p < parts && p < 8; p++)
        if (!pthread_equal(th[p], pthread_self())) pthread_join(th[p], NULL);
}

static int thread_case(int eb, int fs, int fd, int64_t R, int64_t C, int parts, int real) {
    static tla_copy_plan P;
    tla_layout Ls, Ld;
    tla_tensor S, D1, D2;
    tla_error e;
    size_t bs, bd;
    unsigned char *ms, *m1, *m2, *m3;
    tla_copy_threads T;
    int ok;
    if (layouts(eb, fs, fd, R, C, &Ls, &Ld, &bs, &bd) != 0) return 0;
    ms = malloc(bs), m1 = malloc(bd), m2 = malloc(bd), m3 = malloc(bd);
    if (!ms || !m1 || !m2 || !m3) return 0;
    fill(ms, bs), fill(m1, bd), memcpy(m2, m1, bd), memcpy(m3, m1, bd);
    S = make(ms, eb, &Ls), D1 = make(m1, eb, &Ld), D2 = make(m2, eb, &Ld);
    T.parts = parts, T.parallel_for = real ? threads_for : serial_for, T.ctx = NULL, T.min_bytes = 1;
    ok = tla_copy(&D1, &S, &e) == 0 && tla_copy_parallel(&D2, &S, &T, &e) == 0 && memcmp(m1, m2, bd) == 0;
    ok = ok && tla_copy_prepare(&P, &D1, &S, &e) == 0 && tla_copy_run_parallel(&P, m3, ms, &T, &e) == 0
         && memcmp(m1, m3, bd) == 0;
    if (!ok)
        printf("  threads: %d parts, %d-byte %d -> %d, %lldx%lld differ\n", parts, eb, fs, fd, (long long)R,
               (long long)C);
    free(ms), free(m1), free(m2), free(m3);
    return ok;
}

static void threads(void) {
    int k, bad = 0, n = 0;
    int64_t s0 = serial_calls;
    for (k = 0; k < 60; k++) {
        static const int sizes[] = {1, 2, 4, 0};
        int eb = sizes[below(4)];
        bad += !thread_case(eb, (int)below(6), (int)below(6), 1 + below(300), 1 + below(300), 2 + (int)below(3),
                            k % 4 == 0);
        n++;
    }
    /* the same dense layout on both sides: one memcpy, split too */
    bad += !thread_case(2, TLA_ZN, TLA_ZN, 64, 96, 3, 0) + !thread_case(1, TLA_ROW_MAJOR, TLA_ROW_MAJOR, 33, 77, 2, 1);
    printf("  threads: %d of %d copies differ from one thread; %d serial and %d threaded runs split\n", bad, n + 2,
           serial_calls - (int)s0, thread_calls);
    CHECK_EQ(bad, 0);
    CHECK(serial_calls > 5 && thread_calls > 2); /* the copies did split */
    { /* below min_bytes, no callback or one part: the calling thread, same bytes */
        static int16_t a[64 * 64], b[64 * 64];
        tla_layout La, Lb;
        tla_tensor A, B;
        tla_error e;
        tla_copy_threads T = {2, serial_for, NULL, 0};
        int before = serial_calls;
        tla_layout_format(&La, TLA_ROW_MAJOR, 2, 64, 64, &e);
        tla_layout_format(&Lb, TLA_NZ, 2, 64, 64, &e);
        A = tla_tensor_make(a, 2, &La, TLA_POS_GM), B = tla_tensor_make(b, 2, &Lb, TLA_POS_L1);
        a[5 * 64 + 9] = 11;
        CHECK(tla_copy_parallel(&B, &A, &T, &e) == 0 && *(int16_t *)tla_tensor_at2(&B, 5, 9) == 11);
        CHECK_EQ(serial_calls, before); /* 8 KB: under the default 4 MB */
        CHECK(tla_copy_parallel(&B, &B, &T, &e) == 0); /* onto itself */
        B.data = (char *)(a + 8);
        CHECK(tla_copy_parallel(&B, &A, &T, &e) != 0 && strstr(e.msg, "overlap")); /* tla_copy's errors */
    }
}

int main(void) {
    kernels();
    CHECK(tla_copy_set_simd(99) != 0);
    CHECK(tla_copy_set_simd(TLA_SIMD_AUTO) == 0);
    threads();
    CHECK_DONE();
}
