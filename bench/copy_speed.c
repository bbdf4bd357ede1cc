/* bench/copy_speed.c - tla_copy against the best hand-tiled loop and memcpy, over the full
 * matrix: every ordered pair of RowMajor, ColumnMajor, zN, nZ, zZ, nN (36, same-format pairs
 * included) x element sizes 1, 2, 4 bytes x an aligned size (2048x3072) and a ragged one
 * (1000x3001).  Each cell times the three copies RUNS times, interleaved, in one process and
 * reports the medians; GB/s counts the logical matrix once (rows x cols x element size).
 *
 * The hand loops are what a person writes for a pair, generic over the pairs by index
 * arithmetic written per format (struct geo: every format is row-major, zN or zZ, possibly
 * transposed: ColumnMajor = RowMajor^T, nZ = zN^T, nN = zZ^T):
 *   - same format: one memcpy of the storage (padding is zero in the source, so it agrees);
 *   - same inner direction (both rows or both columns contiguous): fractal by fractal
 *     (16 x C0 in the row-inner view), one 512-byte memcpy when the fractal is contiguous on
 *     both sides, else 16 fixed 32-byte row memcpys, in the destination's memory order;
 *   - a transposing pair: square blocks (16x16 for 1- and 2-byte elements, 8x8 for 4-byte)
 *     with compile-time sizes and, where a side is a fractal, its compile-time pitch (C0),
 *     stepping whole super-blocks (S square: 64 for bytes, else 16) with constant offsets, in the
 *     destination's memory order; bytes move as 8x8 pieces in 64-bit words (transpose8), and
 *     gcc is asked to unroll the inner loop (UNROLL), as the library does.
 * Checks: the generic copy's output equals the hand loop's, and the hand loop's equals an
 * element-by-element reference, in every cell; a mismatch is printed and fails the run.
 * Prints every cell, lowest generic/hand first, and a summary of both ratios' minima; then a
 * 4-bit table (bench4: tla_copy against memcpy, checked element by element).
 * Environment: COPY_RUNS (default 7), COPY_FILTER (a substring of "pair eb size" to run a
 * subset, e.g. "RowMajor->nZ 4"), COPY_SELF=1 (time tla_copy in the two hand slots too: a check
 * of the bench itself, since a copy's time can depend on the copies timed before it). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tla.h"

#ifndef CC_NAME
#if defined(__clang__)
#define CC_NAME "clang"
#elif defined(__GNUC__)
#define CC_NAME "gcc"
#else
#define CC_NAME "cc"
#endif
#endif

/* The thread's CPU time: on this shared 2-core machine other jobs take the CPU away for
 * whole time slices, which wall-clock time would charge to whichever copy was running;
 * CPU time still counts the cycles a copy stalls on memory. */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int64_t roundup(int64_t a, int64_t b) { return (a + b - 1) / b * b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* ------------------------------------------------------------ formats, written by hand */

/* A format in its row-inner view: RowMajor (kind 0), zN (1) or zZ (2) over the canonical
 * extent R x C; tr: the format is the transpose of that (ColumnMajor, nZ, nN), so matrix
 * element (r, c) is canonical element (c, r). */
typedef struct geo {
    enum tla_format f;
    int tr, kind;
    int64_t R, C, c0, storage;
    int64_t pitch; /* canonical row pitch inside a fractal (RowMajor: a row) */
    int64_t step_i, step_j; /* offset of the next fractal down (16 rows) / across (C0 columns) */
} geo;

/* c0: elements in a fractal's 32-byte row (32 / element bytes; 64 for 4-bit elements) */
static geo geo_make_c0(enum tla_format f, int64_t c0, int64_t rows, int64_t cols) {
    geo g;
    int64_t fr = 16 * c0;
    g.f = f;
    g.c0 = c0;
    g.tr = f == TLA_COLUMN_MAJOR || f == TLA_NZ || f == TLA_NN;
    g.kind = f == TLA_ROW_MAJOR || f == TLA_COLUMN_MAJOR ? 0 : f == TLA_ZN || f == TLA_NZ ? 1 : 2;
    g.R = g.tr ? cols : rows;
    g.C = g.tr ? rows : cols;
    if (g.kind == 0) {
        g.pitch = g.C, g.step_i = 16 * g.C, g.step_j = c0, g.storage = g.R * g.C;
    } else {
        g.pitch = c0, g.storage = roundup(g.R, 16) * roundup(g.C, c0);
        if (g.kind == 1)
            g.step_i = fr, g.step_j = roundup(g.R, 16) * c0;
        else
            g.step_i = roundup(g.C, c0) * 16, g.step_j = fr;
    }
    return g;
}

static geo geo_make(enum tla_format f, int eb, int64_t rows, int64_t cols) {
    return geo_make_c0(f, 32 / eb, rows, cols);
}

/* Element offset of matrix element (r, c). */
static int64_t geo_off(const geo *g, int64_t r, int64_t c) {
    int64_t i = g->tr ? c : r, j = g->tr ? r : c, c0 = g->c0;
    switch (g->kind) {
    case 0: return i * g->C + j;
    case 1: return i * c0 + j % c0 + j / c0 * g->step_j;
    default: return i % 16 * c0 + i / 16 * g->step_i + j % c0 + j / c0 * 16 * c0;
    }
}

/* ------------------------------------------------------------ the hand-tiled loops */

/* Same inner direction: fractal by fractal in the canonical view (both sides have the same
 * tr, so the same canonical extent).  A fractal is 16 rows of 32 bytes on both sides. */
static void hand_parallel(char *d, const geo *dg, const char *s, const geo *sg, int eb, const geo *og) {
    int64_t R = dg->R, C = dg->C, c0 = dg->c0, nbi = (R + 15) / 16, nbj = (C + c0 - 1) / c0;
    int64_t dp = dg->pitch * eb, sp = sg->pitch * eb, outer, inner;
    int cols_outer = og->kind == 1; /* zN: a fractal column is contiguous, go down it */
    int both_frac = dg->pitch == c0 && sg->pitch == c0;
    for (outer = 0; outer < (cols_outer ? nbj : nbi); outer++)
        for (inner = 0; inner < (cols_outer ? nbi : nbj); inner++) {
            int64_t ib = cols_outer ? inner : outer, jb = cols_outer ? outer : inner, a;
            int64_t h = min64(16, R - ib * 16), w = min64(c0, C - jb * c0);
            char *db = d + (ib * dg->step_i + jb * dg->step_j) * eb;
            const char *sb = s + (ib * sg->step_i + jb * sg->step_j) * eb;
            if (h == 16 && w == c0) {
                if (both_frac)
                    memcpy(db, sb, 512);
                else
                    for (a = 0; a < 16; a++) memcpy(db + a * dp, sb + a * sp, 32);
            } else {
                for (a = 0; a < h; a++) memcpy(db + a * dp, sb + a * sp, (size_t)(w * eb));
            }
        }
}

/* An 8 x 8 transpose of bytes, as a person writes it for speed (written out here rather than
 * calling tla/tensor/copy.h's tla__transpose8x8, so the baseline owes nothing to the library): the eight source rows as
 * 64-bit words, three rounds of masked swaps (bytes, pairs, quads), eight stores.  Byte c of
 * destination row r is byte r of source row c.  Little-endian. */
static inline void transpose8(uint8_t *d, int64_t ds, const uint8_t *s, int64_t ss) {
    uint64_t x0, x1, x2, x3, x4, x5, x6, x7, t; /* eight scalars, so gcc keeps them in registers */
    memcpy(&x0, s, 8), memcpy(&x1, s + ss, 8), memcpy(&x2, s + 2 * ss, 8), memcpy(&x3, s + 3 * ss, 8);
    memcpy(&x4, s + 4 * ss, 8), memcpy(&x5, s + 5 * ss, 8), memcpy(&x6, s + 6 * ss, 8), memcpy(&x7, s + 7 * ss, 8);
#define SWAP(a, b, w, m) (t = ((a >> 8 * w) ^ b) & m, b ^= t, a ^= t << 8 * w)
    SWAP(x0, x1, 1, 0x00FF00FF00FF00FFull), SWAP(x2, x3, 1, 0x00FF00FF00FF00FFull);
    SWAP(x4, x5, 1, 0x00FF00FF00FF00FFull), SWAP(x6, x7, 1, 0x00FF00FF00FF00FFull);
    SWAP(x0, x2, 2, 0x0000FFFF0000FFFFull), SWAP(x1, x3, 2, 0x0000FFFF0000FFFFull);
    SWAP(x4, x6, 2, 0x0000FFFF0000FFFFull), SWAP(x5, x7, 2, 0x0000FFFF0000FFFFull);
    SWAP(x0, x4, 4, 0x00000000FFFFFFFFull), SWAP(x1, x5, 4, 0x00000000FFFFFFFFull);
    SWAP(x2, x6, 4, 0x00000000FFFFFFFFull), SWAP(x3, x7, 4, 0x00000000FFFFFFFFull);
#undef SWAP
    memcpy(d, &x0, 8), memcpy(d + ds, &x1, 8), memcpy(d + 2 * ds, &x2, 8), memcpy(d + 3 * ds, &x3, 8);
    memcpy(d + 4 * ds, &x4, 8), memcpy(d + 5 * ds, &x5, 8), memcpy(d + 6 * ds, &x6, 8), memcpy(d + 7 * ds, &x7, 8);
}

/* A transposing pair.  Blocks of B x B with compile-time B; each side's block is affine
 * (row-inner: base + x * pitch + y, column-inner: base + x + y * pitch).  Super-blocks of
 * S x S (S a multiple of 16 and C0) start on both sides' fractal grids, so they step by constant
 * offsets and their B x B blocks sit at constant offsets inside them.  The loop over a
 * block writes the destination contiguously (innermost) and reads the source with a stride.
 * SP / DP: the source / destination pitch, a constant where that side is a fractal. */
/* gcc -O2 does not unroll the 16-step inner loops by itself (clang does): asked to, it moves a
 * 2-byte transpose 1.6x faster, in the library's copy as here. */
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL _Pragma("GCC unroll 16")
#else
#define UNROLL
#endif
/* clang-format off */
#define TRANSPOSE_BLOCKS(T, B, SP, DP, SRC_ROWS)                                                           \
    for (outer = 0; outer < nouter; outer++)                                                                \
        for (inner = 0; inner < ninner; inner++) {                                                          \
            int64_t p = rows_outer ? outer : inner, q = rows_outer ? inner : outer, a, b, x, y;            \
            T *dsup = d + p * d_sr + q * d_sc;                                                              \
            const T *ssup = s + p * s_sr + q * s_sc;                                                        \
            for (a = 0; a < nsub; a++)                                                                      \
                for (b = 0; b < nsub; b++) {                                                                \
                    int64_t r0 = p * S + a * (B), k0 = q * S + b * (B), h, w;                               \
                    T *db;                                                                                  \
                    const T *sb;                                                                            \
                    if (r0 >= rows || k0 >= cols) continue;                                                 \
                    h = min64(B, rows - r0), w = min64(B, cols - k0);                                       \
                    db = dsup + d_sub[a][b], sb = ssup + s_sub[a][b];                                       \
                    if (SRC_ROWS) { /* source rows contiguous, destination columns */                       \
                        if (h == (B) && w == (B) && sizeof(T) == 1) /* bytes: 8 x 8 in words */             \
                            for (y = 0; y < (B); y += 8) for (x = 0; x < (B); x += 8)                       \
                                transpose8((uint8_t *)(db + x + y * (DP)), DP, (const uint8_t *)(sb + x * (SP) + y), SP); \
                        else if (h == (B) && w == (B))                                                      \
                            for (y = 0; y < (B); y++) UNROLL for (x = 0; x < (B); x++) db[x + y * (DP)] = sb[x * (SP) + y]; \
                        else                                                                                \
                            for (y = 0; y < w; y++) for (x = 0; x < h; x++) db[x + y * (DP)] = sb[x * (SP) + y]; \
                    } else {                                                                                \
                        if (h == (B) && w == (B) && sizeof(T) == 1)                                         \
                            for (x = 0; x < (B); x += 8) for (y = 0; y < (B); y += 8)                       \
                                transpose8((uint8_t *)(db + x * (DP) + y), DP, (const uint8_t *)(sb + x + y * (SP)), SP); \
                        else if (h == (B) && w == (B))                                                      \
                            for (x = 0; x < (B); x++) UNROLL for (y = 0; y < (B); y++) db[x * (DP) + y] = sb[x + y * (SP)]; \
                        else                                                                                \
                            for (x = 0; x < h; x++) for (y = 0; y < w; y++) db[x * (DP) + y] = sb[x + y * (SP)]; \
                    }                                                                                       \
                }                                                                                           \
        }

#define DEFINE_TRANSPOSE(T, B, C0, SUPER)                                                                   \
    static void hand_transpose_##T(T *d, const geo *dg, const T *s, const geo *sg, const geo *og) {        \
        int64_t rows = dg->tr ? dg->C : dg->R, cols = dg->tr ? dg->R : dg->C, S = SUPER;                   \
        int64_t nsub = (S) / (B), nr = (rows + (S) - 1) / (S), nc = (cols + (S) - 1) / (S), outer, inner, a, b; \
        int64_t d_sr = geo_off(dg, S, 0), d_sc = geo_off(dg, 0, S), s_sr = geo_off(sg, S, 0),             \
                s_sc = geo_off(sg, 0, S), d_sub[(SUPER) / (B)][(SUPER) / (B)], s_sub[(SUPER) / (B)][(SUPER) / (B)], sp = sg->pitch, dp = dg->pitch; \
        int rows_outer = og->tr ? og->kind == 1 : og->kind != 1, src_rows = !sg->tr;                       \
        int64_t nouter = rows_outer ? nr : nc, ninner = rows_outer ? nc : nr;                               \
        for (a = 0; a < nsub; a++)                                                                          \
            for (b = 0; b < nsub; b++) d_sub[a][b] = geo_off(dg, a * (B), b * (B)), s_sub[a][b] = geo_off(sg, a * (B), b * (B)); \
        if (src_rows) {                                                                                     \
            if (sg->kind && dg->kind) { TRANSPOSE_BLOCKS(T, B, C0, C0, 1) }                                 \
            else if (sg->kind) { TRANSPOSE_BLOCKS(T, B, C0, dp, 1) }                                        \
            else if (dg->kind) { TRANSPOSE_BLOCKS(T, B, sp, C0, 1) }                                        \
            else { TRANSPOSE_BLOCKS(T, B, sp, dp, 1) }                                                      \
        } else {                                                                                            \
            if (sg->kind && dg->kind) { TRANSPOSE_BLOCKS(T, B, C0, C0, 0) }                                 \
            else if (sg->kind) { TRANSPOSE_BLOCKS(T, B, C0, dp, 0) }                                        \
            else if (dg->kind) { TRANSPOSE_BLOCKS(T, B, sp, C0, 0) }                                        \
            else { TRANSPOSE_BLOCKS(T, B, sp, dp, 0) }                                                      \
        }                                                                                                   \
    }
/* clang-format on */
DEFINE_TRANSPOSE(uint8_t, 16, 32, 64)
DEFINE_TRANSPOSE(uint16_t, 16, 16, 16)
DEFINE_TRANSPOSE(uint32_t, 8, 8, 16)

/* order 0: blocks in the destination's memory order; 1: in the source's */
static void hand_copy(char *d, const geo *dg, const char *s, const geo *sg, int eb, int order) {
    const geo *og = order ? sg : dg;
    if (dg->f == sg->f)
        memcpy(d, s, (size_t)(sg->storage * eb));
    else if (dg->tr == sg->tr)
        hand_parallel(d, dg, s, sg, eb, og);
    else if (eb == 1)
        hand_transpose_uint8_t((uint8_t *)d, dg, (const uint8_t *)s, sg, og);
    else if (eb == 2)
        hand_transpose_uint16_t((uint16_t *)d, dg, (const uint16_t *)s, sg, og);
    else
        hand_transpose_uint32_t((uint32_t *)d, dg, (const uint32_t *)s, sg, og);
}

/* ------------------------------------------------------------ the matrix */

#define NF 6
static const enum tla_format formats[NF] = {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_ZN, TLA_NZ, TLA_ZZ, TLA_NN};
static const char *const names[NF] = {"RowMajor", "ColumnMajor", "zN", "nZ", "zZ", "nN"};
static const int64_t sizes[2][2] = {{2048, 3072}, {1000, 3001}};
#define NCELL (NF * NF * 3 * 2)

typedef struct cell {
    char name[48];
    double tg, th, tm, bytes;
    char order; /* the faster hand loop: blocks in d(estination) or s(ource) order */
} cell;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
static int cmp_cell(const void *a, const void *b) {
    const cell *x = a, *y = b;
    double rx = x->th / x->tg, ry = y->th / y->tg;
    return rx < ry ? -1 : rx > ry;
}

/* Before each timed copy: read a buffer larger than the last-level cache, so every copy
 * starts from the same state (nothing of the matrices cached, no dirty lines of the
 * previous copy left to write back, which would otherwise be charged to the next copy). */
#define FLUSH_BYTES ((size_t)64 << 20)
static volatile uint64_t flush_sink;
static void flush(const uint64_t *p) {
    uint64_t acc = 0;
    for (size_t i = 0; i < FLUSH_BYTES / 8; i += 8) acc += p[i];
    flush_sink += acc;
}

/* memcpy through a volatile pointer: the copy into m is never read, and clang would drop it */
static void *(*volatile memcpy_fn)(void *, const void *, size_t) = memcpy;

/* the element at (r, c): fills eb bytes from a hash of the position */
static void put(char *p, int eb, int64_t r, int64_t c) {
    uint32_t v = (uint32_t)((uint64_t)(r * 7919 + c) * 2654435761u >> 5) | 1u;
    memcpy(p, &v, (size_t)eb);
}

/* ------------------------------------------------------------ small copies */

/* Small copies, as a kernel makes them (one copy per tile): every ordered pair x 1-, 2- and
 * 4-byte elements x four small extents (16x32, 64x64, 128x128 and a ragged 40x72), the data hot
 * in cache.  Each timing repeats the copy over about 2 MB of data; the median of `runs`
 * timings; the hand loop is the faster of its two orders, as above.  Two ways to copy: tla_copy
 * each time, and a plan made once and run each time (tla_copy_prepare / tla_copy_run, what a
 * tile loop does).  What this adds to the table above is the fixed cost per call next to the
 * data a small copy moves.  Prints the worst cells (by tla_copy), each extent's medians and a
 * summary. */
static const int64_t small_sizes[4][2] = {{16, 32}, {64, 64}, {128, 128}, {40, 72}};
static int cmp_ratio(const void *a, const void *b) {
    const cell *x = a, *y = b;
    double p = x->th / x->tg, q = y->th / y->tg;
    return p < q ? -1 : p > q;
}
static int small_table(int runs, const char *filter, char *src, char *g, char *h) {
    static cell cells[NF * NF * 3 * 4];
    static tla_copy_plan P;
    double *tg = malloc(sizeof(double) * (size_t)runs), *th = malloc(sizeof(double) * (size_t)runs),
           *th2 = malloc(sizeof(double) * (size_t)runs), *tp = malloc(sizeof(double) * (size_t)runs), t0 = now();
    int ncell = 0, status = 0, k;
    if (!tg || !th || !th2 || !tp) return 1;
    for (int z = 0; z < 4; z++)
        for (int eb = 1; eb <= 4; eb *= 2)
            for (int fs = 0; fs < NF; fs++)
                for (int fd = 0; fd < NF; fd++) {
                    int64_t rows = small_sizes[z][0], cols = small_sizes[z][1], r, c, n, i;
                    geo sg = geo_make(formats[fs], eb, rows, cols), dg = geo_make(formats[fd], eb, rows, cols);
                    tla_layout Ls, Ld;
                    tla_tensor S, D;
                    tla_error e;
                    cell *cl = &cells[ncell];
                    snprintf(cl->name, sizeof cl->name, "%s->%s %d %lldx%lld", names[fs], names[fd], eb,
                             (long long)rows, (long long)cols);
                    if (filter && !strstr(cl->name, filter)) continue;
                    if (tla_layout_format(&Ls, formats[fs], eb, rows, cols, &e) != 0
                        || tla_layout_format(&Ld, formats[fd], eb, rows, cols, &e) != 0)
                        return 1;
                    S = tla_tensor_make(src, eb, &Ls, TLA_POS_GM);
                    D = tla_tensor_make(g, eb, &Ld, TLA_POS_L1);
                    memset(src, 0, (size_t)(sg.storage * eb));
                    memset(g, 0, (size_t)(dg.storage * eb));
                    memset(h, 0, (size_t)(dg.storage * eb));
                    for (r = 0; r < rows; r++)
                        for (c = 0; c < cols; c++) put(src + geo_off(&sg, r, c) * eb, eb, r, c);
                    n = 1 + ((int64_t)2 << 20) / (rows * cols * eb);
                    if (tla_copy_prepare(&P, &D, &S, &e) != 0) return 1;
                    for (k = 0; k < runs; k++) {
                        double t = now();
                        for (i = 0; i < n; i++)
                            if (tla_copy(&D, &S, &e) != 0) return 1;
                        tg[k] = now() - t;
                        t = now();
                        for (i = 0; i < n; i++) hand_copy(h, &dg, src, &sg, eb, 0);
                        th[k] = now() - t;
                        t = now();
                        for (i = 0; i < n; i++) hand_copy(h, &dg, src, &sg, eb, 1);
                        th2[k] = now() - t;
                        t = now();
                        for (i = 0; i < n; i++)
                            if (tla_copy_run(&P, g, src, &e) != 0) return 1;
                        tp[k] = now() - t;
                    }
                    if (memcmp(g, h, (size_t)(dg.storage * eb)) != 0) {
                        printf("MISMATCH %s [%s] (small): tla_copy and the hand loop differ\n", cl->name, CC_NAME);
                        status = 1;
                    }
                    {
                        double m0 = median(th, runs), m1 = median(th2, runs);
                        cl->th = m0 < m1 ? m0 : m1, cl->order = m0 < m1 ? 'd' : 's';
                    }
                    cl->tg = median(tg, runs), cl->tm = median(tp, runs), cl->bytes = (double)(rows * cols * eb * n);
                    ncell++;
                }
    qsort(cells, (size_t)ncell, sizeof cells[0], cmp_ratio);
    printf("copy small [%s]: %d cells (one copy per small matrix, hot cache), median of %d runs; worst "
           "generic/hand first; planned: a plan made once, run each time\n",
           CC_NAME, ncell, runs);
    printf("%-32s %12s %14s %12s %12s %12s\n", "pair elem-bytes size", "generic", "hand  ", "planned", "generic/hand",
           "planned/hand");
    for (k = 0; k < ncell && k < 8; k++)
        printf("%-32s %7.2f GB/s %7.2f GB/s %c %7.2f GB/s %12.2f %12.2f\n", cells[k].name,
               cells[k].bytes / cells[k].tg / 1e9, cells[k].bytes / cells[k].th / 1e9, cells[k].order,
               cells[k].bytes / cells[k].tm / 1e9, cells[k].th / cells[k].tg, cells[k].th / cells[k].tm);
    if (ncell > 0) {
        double all[NF * NF * 3 * 4];
        int below = 0;
        printf("copy small medians [%s]:", CC_NAME);
        for (int z = 0; z < 4; z++) {
            char key[32];
            int m = 0;
            snprintf(key, sizeof key, " %lldx%lld", (long long)small_sizes[z][0], (long long)small_sizes[z][1]);
            double pl[NF * NF * 3];
            for (k = 0; k < ncell; k++)
                if (strstr(cells[k].name, key)) pl[m] = cells[k].th / cells[k].tm, all[m++] = cells[k].th / cells[k].tg;
            if (m) printf(" %s %.2f (planned %.2f);", key + 1, median(all, m), median(pl, m));
        }
        double planned[NF * NF * 3 * 4];
        for (k = 0; k < ncell; k++)
            all[k] = cells[k].th / cells[k].tg, below += all[k] < 0.90, planned[k] = cells[k].th / cells[k].tm;
        printf("\ncopy small summary [%s]: %d cells; min generic/hand %.2f (%s), median %.2f, %d below 0.90; "
               "planned/hand median %.2f; %s; %.0f s\n",
               CC_NAME, ncell, cells[0].th / cells[0].tg, cells[0].name, median(all, ncell), below,
               median(planned, ncell), status ? "RESULTS DIFFER" : "all results checked", now() - t0);
    }
    free(tg), free(th), free(th2), free(tp);
    return status;
}

/* ------------------------------------------------------------ 4-bit elements */

/* 4-bit cells: every ordered pair at both sizes, tla_copy against memcpy of the same bytes (no
 * hand loop: the matrix above is the hand-loop comparison, for 1-, 2- and 4-byte elements),
 * each result checked element by element against the hand-written format offsets (geo_off with
 * 64 elements to a fractal row).  Worst generic/memcpy first. */
static int nib(const char *p, int64_t off) { return ((const unsigned char *)p)[off >> 1] >> (4 * (off & 1)) & 15; }
static int nibv(int64_t r, int64_t c) { return (int)((uint64_t)(r * 7919 + c) * 2654435761u >> 7 & 15); }
static int bench4(int runs, const char *filter, const uint64_t *fl, char *src, char *dst, char *m) {
    static cell cells[NF * NF * 2];
    double *tg = malloc(sizeof(double) * (size_t)runs), *tm = malloc(sizeof(double) * (size_t)runs), t0 = now();
    int ncell = 0, status = 0, k;
    if (!tg || !tm) return 1;
    for (int z = 0; z < 2; z++)
        for (int fs = 0; fs < NF; fs++)
            for (int fd = 0; fd < NF; fd++) {
                int64_t rows = sizes[z][0], cols = sizes[z][1], r, c, bad = 0;
                geo sg = geo_make_c0(formats[fs], 64, rows, cols), dg = geo_make_c0(formats[fd], 64, rows, cols);
                tla_layout Ls, Ld;
                tla_tensor S, D;
                tla_error e;
                cell *cl = &cells[ncell];
                size_t lbytes = (size_t)(rows * cols / 2);
                snprintf(cl->name, sizeof cl->name, "%s->%s 4-bit %lldx%lld", names[fs], names[fd], (long long)rows,
                         (long long)cols);
                if (filter && !strstr(cl->name, filter)) continue;
                if (tla_layout_format_bits(&Ls, formats[fs], 4, rows, cols, &e) != 0
                    || tla_layout_format_bits(&Ld, formats[fd], 4, rows, cols, &e) != 0) {
                    printf("%s: %s\n", cl->name, e.msg);
                    return 1;
                }
                S = tla_tensor_make_bits(src, 4, &Ls, TLA_POS_GM);
                D = tla_tensor_make_bits(dst, 4, &Ld, TLA_POS_L1);
                memset(src, 0, (size_t)(sg.storage / 2 + 1));
                memset(dst, 0, (size_t)(dg.storage / 2 + 1));
                for (r = 0; r < rows; r++)
                    for (c = 0; c < cols; c++) {
                        int64_t o = geo_off(&sg, r, c);
                        src[o >> 1] = (char)(src[o >> 1] | nibv(r, c) << (4 * (o & 1)));
                    }
                for (k = 0; k < runs; k++)
                    for (int i = 0; i < 2; i++) {
                        double t;
                        flush(fl);
                        t = now();
                        if ((i + k) % 2 == 0) {
                            if (tla_copy(&D, &S, &e) != 0) {
                                printf("%s: tla_copy: %s\n", cl->name, e.msg);
                                return 1;
                            }
                            tg[k] = now() - t;
                        } else {
                            memcpy_fn(m, src, lbytes);
                            tm[k] = now() - t;
                        }
                    }
                for (r = 0; r < rows; r++)
                    for (c = 0; c < cols; c++) bad += nib(dst, geo_off(&dg, r, c)) != nibv(r, c);
                if (bad) printf("MISMATCH %s: %lld elements differ from the reference\n", cl->name, (long long)bad);
                status |= bad != 0;
                cl->tg = median(tg, runs), cl->tm = median(tm, runs), cl->th = cl->tm, cl->order = '-';
                cl->bytes = (double)lbytes;
                ncell++;
            }
    for (int i = 1; i < ncell; i++) /* worst generic/memcpy first */
        for (int j = i; j > 0 && cells[j].tm / cells[j].tg < cells[j - 1].tm / cells[j - 1].tg; j--) {
            cell t = cells[j];
            cells[j] = cells[j - 1], cells[j - 1] = t;
        }
    printf("copy 4-bit [%s]: %d cells, median of %d runs; GB/s of the logical matrix (two elements a byte); "
           "worst generic/memcpy first\n",
           CC_NAME, ncell, runs);
    printf("%-36s %12s %12s %14s\n", "pair size", "generic", "memcpy", "generic/memcpy");
    for (k = 0; k < ncell; k++)
        printf("%-36s %7.2f GB/s %7.2f GB/s %14.2f\n", cells[k].name, cells[k].bytes / cells[k].tg / 1e9,
               cells[k].bytes / cells[k].tm / 1e9, cells[k].tm / cells[k].tg);
    if (ncell > 0)
        printf("copy 4-bit summary [%s]: %d cells; min generic/memcpy %.2f (%s), median %.2f; %s; %.0f s\n", CC_NAME,
               ncell, cells[0].tm / cells[0].tg, cells[0].name, cells[ncell / 2].tm / cells[ncell / 2].tg,
               status ? "RESULTS DIFFER" : "all results checked", now() - t0);
    free(tg), free(tm);
    return status;
}

int main(void) {
    static cell cells[NCELL];
    const char *filter = getenv("COPY_FILTER"), *e_runs = getenv("COPY_RUNS"), *e_self = getenv("COPY_SELF");
    int self = e_self && atoi(e_self) > 0;
    int runs = e_runs && atoi(e_runs) > 0 ? atoi(e_runs) : 7, ncell = 0, status = 0, k;
    size_t cap = (size_t)2048 * 3072 * 4 + 4096;
    char *src = malloc(cap), *g = malloc(cap), *h = malloc(cap), *m = malloc(cap), *h2 = malloc(cap);
    double *tg = malloc(sizeof(double) * (size_t)runs), *th = malloc(sizeof(double) * (size_t)runs),
           *tm = malloc(sizeof(double) * (size_t)runs), *th2 = malloc(sizeof(double) * (size_t)runs), t0 = now();
    uint64_t *fl = malloc(FLUSH_BYTES);
    if (!fl || !src || !g || !h || !h2 || !m || !tg || !th || !th2 || !tm) return 1;
    memset(m, 0, cap);
    memset(h2, 0, cap);
    memset(fl, 1, FLUSH_BYTES);
    for (int z = 0; z < 2; z++)
        for (int eb = 1; eb <= 4; eb *= 2)
            for (int fs = 0; fs < NF; fs++)
                for (int fd = 0; fd < NF; fd++) {
                    int64_t rows = sizes[z][0], cols = sizes[z][1], r, c;
                    geo sg = geo_make(formats[fs], eb, rows, cols), dg = geo_make(formats[fd], eb, rows, cols);
                    tla_layout Ls, Ld;
                    tla_tensor S, D;
                    tla_error e;
                    cell *cl = &cells[ncell];
                    size_t lbytes = (size_t)(rows * cols * eb);
                    snprintf(cl->name, sizeof cl->name, "%s->%s %d %lldx%lld", names[fs], names[fd], eb,
                             (long long)rows, (long long)cols);
                    if (filter && !strstr(cl->name, filter)) continue;
                    if (tla_layout_format(&Ls, formats[fs], eb, rows, cols, &e) != 0
                        || tla_layout_format(&Ld, formats[fd], eb, rows, cols, &e) != 0) {
                        printf("%s: %s\n", cl->name, e.msg);
                        return 1;
                    }
                    S = tla_tensor_make(src, eb, &Ls, TLA_POS_GM);
                    D = tla_tensor_make(g, eb, &Ld, TLA_POS_L1);
                    memset(src, 0, cap);
                    memset(g, 0, cap);
                    memset(h, 0, cap);
                    for (r = 0; r < rows; r++)
                        for (c = 0; c < cols; c++) put(src + geo_off(&sg, r, c) * eb, eb, r, c);
                    /* the copies in turn, starting with a different one each run, each into
                     * its own destination, each after a flush of the cache; the three
                     * destinations rotate among the three copies from run to run, so that
                     * no copy keeps a buffer whose placement favours it (a transposing copy's
                     * speed moves with placement on this machine: bench/NOTES.md) */
                    for (k = 0; k < runs; k++)
                        for (int i = 0; i < 4; i++) {
                            int op = (i + k) % 4;
                            char *dst3[3] = {g, h, h2}, *dg_buf = dst3[k % 3], *dh = dst3[(k + 1) % 3],
                                 *dh2 = dst3[(k + 2) % 3];
                            double t;
                            D.data = dg_buf;
                            flush(fl);
                            t = now();
                            if (op == 0) {
                                if (tla_copy(&D, &S, &e) != 0) {
                                    printf("%s: tla_copy: %s\n", cl->name, e.msg);
                                    return 1;
                                }
                                tg[k] = now() - t;
                            } else if (op == 3) {
                                memcpy_fn(m, src, lbytes);
                                tm[k] = now() - t;
                            } else {
                                if (self) { /* COPY_SELF: tla_copy in this slot as well */
                                    tla_tensor D2 = D;
                                    D2.data = op == 1 ? dh : dh2;
                                    if (tla_copy(&D2, &S, &e) != 0) return 1;
                                } else
                                    hand_copy(op == 1 ? dh : dh2, &dg, src, &sg, eb, op - 1);
                                (op == 1 ? th : th2)[k] = now() - t;
                            }
                        }
                    /* the generic copy equals each hand loop, which equals the reference */
                    memset(g, 0, cap);
                    D.data = g;
                    tla_copy(&D, &S, &e);
                    for (int order = 0; order < 2; order++) {
                        memset(h, 0, cap);
                        hand_copy(h, &dg, src, &sg, eb, order);
                        if (memcmp(g, h, (size_t)(dg.storage * eb)) != 0) {
                            printf("MISMATCH %s [%s]: tla_copy and the hand loop (order %d) differ\n", cl->name,
                                   CC_NAME, order);
                            status = 1;
                        }
                        for (r = 0; r < rows; r++)
                            for (c = 0; c < cols; c++) {
                                char want[4];
                                put(want, eb, r, c);
                                if (memcmp(h + geo_off(&dg, r, c) * eb, want, (size_t)eb) != 0) {
                                    printf("MISMATCH %s [%s]: the hand loop is wrong at (%lld,%lld)\n", cl->name,
                                           CC_NAME, (long long)r, (long long)c);
                                    status = 1;
                                    r = rows;
                                    break;
                                }
                            }
                    }
                    {
                        double m0 = median(th, runs), m1 = median(th2, runs);
                        cl->th = m0 < m1 ? m0 : m1, cl->order = m0 < m1 ? 'd' : 's';
                    }
                    cl->tg = median(tg, runs), cl->tm = median(tm, runs);
                    cl->bytes = (double)lbytes;
                    ncell++;
                }
    qsort(cells, (size_t)ncell, sizeof cells[0], cmp_cell);
    printf("copy [%s]: %d cells, median of %d runs; GB/s of the logical matrix; worst generic/hand first\n", CC_NAME,
           ncell, runs);
    printf("%-32s %12s %14s %12s %12s %14s\n", "pair elem-bytes size", "generic", "hand  ", "memcpy", "generic/hand",
           "generic/memcpy");
    {
        double min_h = 1e30, min_m = 1e30;
        int below_h = 0, below_m = 0, wh = 0, wm = 0;
        for (k = 0; k < ncell; k++) {
            cell *cl = &cells[k];
            double rh = cl->th / cl->tg, rm = cl->tm / cl->tg;
            printf("%-32s %7.2f GB/s %7.2f GB/s %c %7.2f GB/s %12.2f %14.2f\n", cl->name, cl->bytes / cl->tg / 1e9,
                   cl->bytes / cl->th / 1e9, cl->order, cl->bytes / cl->tm / 1e9, rh, rm);
            if (rh < min_h) min_h = rh, wh = k;
            if (rm < min_m) min_m = rm, wm = k;
            below_h += rh < 0.90;
            below_m += rm < 0.5;
        }
        if (ncell > 0)
            printf("copy summary [%s]: %d cells; min generic/hand %.2f (%s), %d below 0.90; min generic/memcpy "
                   "%.2f (%s), %d below 0.50; %s; %.0f s\n",
                   CC_NAME, ncell, min_h, cells[wh].name, below_h, min_m, cells[wm].name, below_m,
                   status ? "RESULTS DIFFER" : "all results checked", now() - t0);
    }
    status |= small_table(runs, filter, src, g, h);
    status |= bench4(runs, filter, fl, src, g, m);
    free(src), free(g), free(h), free(h2), free(m), free(tg), free(th), free(tm), free(th2), free(fl);
    return status;
}
