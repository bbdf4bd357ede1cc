/* bench/copy_speed.c - tla_copy against the best hand-tiled loop and memcpy, over the full
 * matrix: every ordered pair of RowMajor, ColumnMajor, zN, nZ, zZ, nN (36, same-format pairs
 * included) x element sizes 1, 2, 4 bytes x an aligned size (2048x3072), a ragged one
 * (1000x3001), a power-of-two pitch (2048x2048) and 64 MiB; and against oneDNN's reorder.
 * Each cell times the three copies RUNS times, interleaved, in one process and reports the
 * medians; GB/s counts the logical matrix once (rows x cols x element size).
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
 * Prints every cell, lowest generic/hand first, a summary of both ratios' minima, one line
 * per size, and the cells below the goal (0.90) again, worst first, each marked "same format"
 * or "ragged" where it is and each measured again right after the table (RECHECK_RUNS runs,
 * and as its own control: tla_copy in the hand slots); the oneDNN table ends with its two
 * threads / one on copies of 16 MB and more (beside oneDNN's and memcpy's, the machine's
 * control) and its cells below 1.00 (one thread or two), likewise rechecked.  Besides 2048x3072 and 1000x3001: 2048x2048 (a power-of-two pitch) and 64 MiB.
 * The other tables, in the order they run: tla_copy against oneDNN's reorder (onednn_table,
 * built when bench/run.sh finds oneDNN and defines TLA_BENCH_ONEDNN), then this matrix
 * (hand_table), tiles cut from a matrix (tile_table), small whole copies (small_table) and 4-bit
 * elements (bench4: tla_copy against memcpy, checked element by element).
 * Environment: COPY_RUNS (default 7), COPY_RUNS_BIG (the 64 MiB cells' runs, default 3),
 * COPY_TABLES (which tables run, default "onednn hand tiles small 4bit"), COPY_FILTER (a
 * substring of "pair eb size" to run a subset, e.g. "RowMajor->nZ 4"), COPY_SELF=1 (time
 * tla_copy in the two hand slots too: a check of the bench itself, since a copy's time can
 * depend on the copies timed before it). */
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
    case 0: return i * g->pitch + j;
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
    if (dg->f == sg->f && dg->pitch == sg->pitch && dg->step_i == sg->step_i && dg->step_j == sg->step_j)
        memcpy(d, s, (size_t)(sg->storage * eb)); /* same format, whole matrices */
    else if (dg->kind == 0 && sg->kind == 0 && dg->tr == sg->tr) /* a tile: row by row */
        for (int64_t i = 0; i < dg->R; i++)
            memcpy(d + i * dg->pitch * eb, s + i * sg->pitch * eb, (size_t)(dg->C * eb));
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
/* the aligned and the ragged size (the 4-bit table and the oneDNN table use these two) */
static const int64_t sizes[2][2] = {{2048, 3072}, {1000, 3001}};
/* The hand table's sizes: those two, a pitch that is a power of two (2048x2048: every row of a
 * transpose's block falls in the same cache sets) next to 2048x3072's that is not, and 64 MiB
 * (4096x4096 of 4 bytes, 8192x4096 of 2, 8192x8192 of 1: far past the last-level cache). */
#define NSIZE 4
static void hand_size(int z, int eb, int64_t *rows, int64_t *cols) {
    static const int64_t more[2][2] = {{2048, 2048}, {8192, 8192}};
    const int64_t *rc = z < 2 ? sizes[z] : more[z - 2];
    *rows = rc[0], *cols = rc[1];
    if (z == 3) *rows /= eb == 4 ? 2 : 1, *cols /= eb == 1 ? 1 : 2;
}
#define BIG_BYTES ((size_t)64 << 20)
#define NCELL (NF * NF * 3 * NSIZE)

typedef struct cell {
    char name[48];
    double tg, th, tm, bytes;
    char order; /* the faster hand loop: blocks in d(estination) or s(ource) order */
    int z, eb, fs, fd; /* the hand table's cell: size, element bytes, formats (for the recheck) */
} cell;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
/* The recheck: a cell's runs in the table again, and more.  On this shared 2-core VM the same
 * code reads 0.6-1.5x between runs (bench/NOTES.md), so a cell below the goal once is measured
 * again right after the table, twice: with RECHECK_RUNS runs (its ratio is the better
 * estimate), and as its own control, tla_copy in the hand slots too (COPY_SELF), with the
 * table's runs: the ratio that identical code gets from the table's method (the faster of two
 * slots on each side), the method's spread for that cell. */
#define RECHECK_RUNS(runs) (2 * (runs) + 1)
/* A cell's times from its runs: the generic copy tg, the faster of the two hand-loop orders (th in
 * the destination's block order, th2 in the source's), the planned or other third column tm. */
static void cell_set(cell *cl, double *tg, double *tg2, double *th, double *th2, double *tm, int runs, double bytes) {
    double m0 = median(th, runs), m1 = median(th2, runs), g0 = median(tg, runs), g1 = tg2 ? median(tg2, runs) : g0;
    cl->th = m0 < m1 ? m0 : m1, cl->order = m0 < m1 ? 'd' : 's';
    cl->tg = g0 < g1 ? g0 : g1, cl->tm = median(tm, runs), cl->bytes = bytes;
}
/* The cells of a table with a planned column whose planned/hand is below 0.90, worst first
 * (the goal of the hand table, held to the per-tile runs too). */
static int cmp_planned(const void *a, const void *b) {
    const cell *x = *(const cell *const *)a, *y = *(const cell *const *)b;
    double rx = x->th / x->tm, ry = y->th / y->tm;
    return rx < ry ? -1 : rx > ry;
}
static void print_planned_below(const cell *cells, int ncell) {
    static const cell *low[NF * NF * 12];
    int n = 0;
    for (int k = 0; k < ncell && n < (int)(sizeof low / sizeof low[0]); k++)
        if (cells[k].th / cells[k].tm < 0.90) low[n++] = &cells[k];
    qsort(low, (size_t)n, sizeof low[0], cmp_planned);
    printf("copy planned below 0.90 [%s]: %d cells%s", CC_NAME, n, n ? ", worst first (planned/hand):" : "");
    for (int k = 0; k < n; k++) printf("%s %s %.2f", k ? "," : "", low[k]->name, low[k]->th / low[k]->tm);
    printf("\n");
}
/* The first `limit` rows of a table with a planned column (the small and tiles tables). */
static void print_planned_rows(const cell *cells, int ncell, int limit) {
    for (int k = 0; k < ncell && k < limit; k++)
        printf("%-32s %7.2f GB/s %7.2f GB/s %c %7.2f GB/s %12.2f %12.2f\n", cells[k].name,
               cells[k].bytes / cells[k].tg / 1e9, cells[k].bytes / cells[k].th / 1e9, cells[k].order,
               cells[k].bytes / cells[k].tm / 1e9, cells[k].th / cells[k].tg, cells[k].th / cells[k].tm);
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
                    cell_set(cl, tg, NULL, th, th2, tp, runs, (double)(rows * cols * eb * n));
                    ncell++;
                }
    qsort(cells, (size_t)ncell, sizeof cells[0], cmp_ratio);
    printf("copy small [%s]: %d cells (one copy per small matrix, hot cache), median of %d runs; worst "
           "generic/hand first; planned: a plan made once, run each time\n",
           CC_NAME, ncell, runs);
    printf("%-32s %12s %14s %12s %12s %12s\n", "pair elem-bytes size", "generic", "hand  ", "planned", "generic/hand",
           "planned/hand");
    print_planned_rows(cells, ncell, 8);
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

/* ------------------------------------------------------------ tiles, as a tile atom copies them */

/* A kernel's tile loop: a 512x512 matrix in one format, hot in cache, cut into tiles at every
 * origin of the tile grid, each tile copied into one small buffer in another format (a tile
 * atom's local buffer).  Tiles of 16x16, 32x32 and 64x64 (1-byte: 32x32 and 64x64, since a 16-wide
 * tile of bytes is half a fractal row, which no tile atom cuts).  Three ways: tla_copy of a
 * tla_tensor_tile view made per tile (a loop that makes its view each time), a plan made once
 * (tla_copy_prepare on the first tile's tla_layout_get_tile view) and run per tile with that
 * tile's data pointer, and the hand loop on the tile (the parent's pitches, the tile's extent),
 * the faster of its two orders (and the planned run the faster of two slots).  Each timing
 * repeats the tile loop over about 2 MB; medians of `runs`.  Every tile of the three ways is
 * checked against the others and the reference.  Planned cells below 0.90 are measured again
 * right after the table with RECHECK_RUNS runs. */
#define TILE_N 512
static tla_tuple tup2(int64_t a, int64_t b) {
    tla_tuple p[2], t;
    p[0] = tla_tuple_leaf(a, 0), p[1] = tla_tuple_leaf(b, 0);
    tla_tuple_join(&t, 2, p, NULL);
    return t;
}
/* the geometry of a th x tw tile of the matrix big describes, relative to the tile's origin */
static geo geo_tile(const geo *big, int64_t th, int64_t tw) {
    geo t = *big;
    t.R = t.tr ? tw : th, t.C = t.tr ? th : tw;
    return t;
}
/* One cell of the tile table (cl->z, eb, fs, fd set): `runs` runs of the five copies (a fresh
 * view and tla_copy per tile; the two hand loops; the plan run per tile, in two slots), then
 * every tile checked each way.  Returns 0, 1 on a mismatch (printed), -1 on an error. */
static const int64_t tile_sizes[3] = {16, 32, 64};
static int tile_cell(cell *cl, int runs, char *src, char *g, char *h, char *h2, double *tg, double *th, double *th2,
                     double *tp, double *tp2) {
    static tla_copy_plan P;
    int eb = cl->eb, fs = cl->fs, fd = cl->fd, k;
    int64_t n = TILE_N, t = tile_sizes[cl->z], r, c, r0, c0, i, nrep, bad = 0, off;
    geo sg = geo_make(formats[fs], eb, n, n), dg = geo_make(formats[fd], eb, t, t), sgt = geo_tile(&sg, t, t);
    tla_layout Ls, Ld, Lt;
    tla_tensor S, D, T;
    tla_tuple tile = tup2(t, t), crd;
    tla_error e;
    size_t dbytes = (size_t)(dg.storage * eb);
    if (tla_layout_format(&Ls, formats[fs], eb, n, n, &e) != 0 || tla_layout_format(&Ld, formats[fd], eb, t, t, &e) != 0
        || tla_layout_get_tile(&Lt, &off, &Ls, &tile, (crd = tup2(0, 0), &crd), &e) != 0) {
        printf("%s: %s\n", cl->name, e.msg);
        return -1;
    }
    S = tla_tensor_make(src, eb, &Ls, TLA_POS_GM);
    D = tla_tensor_make(g, eb, &Ld, TLA_POS_L1);
    T = tla_tensor_make(src + off * eb, eb, &Lt, TLA_POS_GM);
    memset(src, 0, (size_t)(sg.storage * eb));
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) put(src + geo_off(&sg, r, c) * eb, eb, r, c);
    if (tla_copy_prepare(&P, &D, &T, &e) != 0) {
        printf("%s: tla_copy_prepare: %s\n", cl->name, e.msg);
        return -1;
    }
    nrep = 1 + ((int64_t)2 << 20) / (n * n * eb);
    /* the planned run in two slots, as the hand loop has two (the faster of each pair counts),
     * the five in turn from a different one each run */
    for (k = 0; k < runs; k++)
        for (int j = 0; j < 5; j++) {
            int op = (j + k) % 5;
            double t1 = now();
            for (i = 0; i < nrep; i++)
                for (r0 = 0; r0 < n; r0 += t)
                    for (c0 = 0; c0 < n; c0 += t) {
                        const char *sp = src + geo_off(&sg, r0, c0) * eb;
                        if (op == 0) {
                            crd = tup2(r0, c0);
                            if (tla_tensor_tile(&T, &S, &tile, &crd, &e) != 0 || tla_copy(&D, &T, &e) != 0) return -1;
                        } else if (op >= 3) {
                            if (tla_copy_run(&P, g, sp, &e) != 0) return -1;
                        } else
                            hand_copy(h, &dg, sp, &sgt, eb, op - 1);
                    }
            (op == 0 ? tg : op == 1 ? th : op == 2 ? th2 : op == 3 ? tp : tp2)[k] = now() - t1;
        }
    /* every tile, each way: the same bytes as the hand loop, which holds the reference */
    for (r0 = 0; r0 < n; r0 += t)
        for (c0 = 0; c0 < n; c0 += t) {
            const char *sp = src + geo_off(&sg, r0, c0) * eb;
            memset(g, 0, dbytes), memset(h, 0, dbytes), memset(h2, 0, dbytes);
            crd = tup2(r0, c0);
            D.data = g;
            if (tla_tensor_tile(&T, &S, &tile, &crd, &e) != 0 || tla_copy(&D, &T, &e) != 0
                || tla_copy_run(&P, h2, sp, &e) != 0)
                return -1;
            hand_copy(h, &dg, sp, &sgt, eb, 0);
            bad += memcmp(g, h, dbytes) != 0 || memcmp(h2, h, dbytes) != 0;
            for (r = 0; r < t; r++)
                for (c = 0; c < t; c++) {
                    char want[4];
                    put(want, eb, r0 + r, c0 + c);
                    bad += memcmp(h + geo_off(&dg, r, c) * eb, want, (size_t)eb) != 0;
                }
        }
    cell_set(cl, tg, NULL, th, th2, median(tp2, runs) < median(tp, runs) ? tp2 : tp, runs, (double)(n * n * eb * nrep));
    if (bad) {
        printf("MISMATCH %s [%s] (tiles): %lld tiles or elements differ\n", cl->name, CC_NAME, (long long)bad);
        return 1;
    }
    return 0;
}

static int tile_table(int runs, const char *filter, char *src, char *g, char *h, char *h2) {
    static cell cells[NF * NF * 8];
    int cap = RECHECK_RUNS(runs);
    double *tg = malloc(sizeof(double) * (size_t)cap), *th = malloc(sizeof(double) * (size_t)cap),
           *th2 = malloc(sizeof(double) * (size_t)cap), *tp = malloc(sizeof(double) * (size_t)cap),
           *tp2 = malloc(sizeof(double) * (size_t)cap), t0 = now();
    int ncell = 0, status = 0, k, st, ncell_below;
    if (!tg || !th || !th2 || !tp || !tp2) return 1;
    for (int z = 0; z < 3; z++)
        for (int eb = 1; eb <= 4; eb *= 2)
            for (int fs = 0; fs < NF; fs++)
                for (int fd = 0; fd < NF; fd++) {
                    cell *cl = &cells[ncell];
                    if (eb == 1 && tile_sizes[z] < 32) continue;
                    snprintf(cl->name, sizeof cl->name, "%s->%s %d tile %lldx%lld", names[fs], names[fd], eb,
                             (long long)tile_sizes[z], (long long)tile_sizes[z]);
                    if (filter && !strstr(cl->name, filter)) continue;
                    cl->z = z, cl->eb = eb, cl->fs = fs, cl->fd = fd;
                    if ((st = tile_cell(cl, runs, src, g, h, h2, tg, th, th2, tp, tp2)) < 0) return 1;
                    status |= st;
                    ncell++;
                }
    qsort(cells, (size_t)ncell, sizeof cells[0], cmp_ratio);
    printf("copy tiles [%s]: %d cells (every tile of a %dx%d matrix, hot, into one tile buffer), median of %d runs; "
           "worst generic/hand first; planned: one plan, run per tile\n",
           CC_NAME, ncell, TILE_N, TILE_N, runs);
    printf("%-32s %12s %14s %12s %12s %12s\n", "pair elem-bytes tile", "generic", "hand  ", "planned", "generic/hand",
           "planned/hand");
    print_planned_rows(cells, ncell, 10);
    if (ncell > 0) {
        static double all[NF * NF * 8], pl[NF * NF * 8];
        printf("copy tiles medians [%s]:", CC_NAME);
        for (int z = 0; z < 3; z++) {
            char key[32];
            int m = 0, below = 0;
            double lo = 1e30;
            snprintf(key, sizeof key, " tile %lldx%lld", (long long)tile_sizes[z], (long long)tile_sizes[z]);
            for (k = 0; k < ncell; k++)
                if (strstr(cells[k].name, key)) {
                    pl[m] = cells[k].th / cells[k].tm, all[m] = cells[k].th / cells[k].tg;
                    below += pl[m] < 0.90, lo = pl[m] < lo ? pl[m] : lo, m++;
                }
            if (m)
                printf(" %s generic %.2f, planned %.2f (min %.2f, %d below 0.90);", key + 6, median(all, m),
                       median(pl, m), lo, below);
        }
        for (k = 0; k < ncell; k++) all[k] = cells[k].th / cells[k].tg, pl[k] = cells[k].th / cells[k].tm;
        printf("\ncopy tiles summary [%s]: %d cells; generic/hand min %.2f (%s), median %.2f; planned/hand median "
               "%.2f; %s; %.0f s\n",
               CC_NAME, ncell, cells[0].th / cells[0].tg, cells[0].name, median(all, ncell), median(pl, ncell),
               status ? "RESULTS DIFFER" : "all results checked", now() - t0);
        print_planned_below(cells, ncell);
        /* each planned cell below the goal again, with more runs (hot tiles move between runs) */
        for (k = 0, st = 0; k < ncell; k++) {
            cell again = cells[k];
            double before = cells[k].th / cells[k].tm, after;
            if (before >= 0.90) continue;
            if (tile_cell(&again, cap, src, g, h, h2, tg, th, th2, tp, tp2) != 0) return 1;
            after = again.th / again.tm;
            st += after < 0.90;
            printf("    %-32s planned/hand %.2f  recheck %.2f%s\n", cells[k].name, before, after,
                   after < 0.90 ? "  below again" : "");
        }
        for (k = 0, ncell_below = 0; k < ncell; k++) ncell_below += cells[k].th / cells[k].tm < 0.90;
        printf("copy planned below 0.90 after recheck [%s]: %d of the %d cells below in the table\n", CC_NAME, st,
               ncell_below);
    }
    free(tg), free(th), free(th2), free(tp), free(tp2);
    return status;
}

/* ------------------------------------------------------------ against oneDNN's reorder */

/* oneDNN's reorder primitive (the C API of oneDNN 2.x, Debian's libdnnl-dev) on every conversion
 * both express: its 2-D tags for the Ascend formats are, with c0 = 32 / element bytes, zN =
 * BA16a<c0>b, nZ = AB16b<c0>a, zZ = AB16a<c0>b, RowMajor = ab, ColumnMajor = ba; oneDNN has these
 * for c0 = 16 and 32 (2- and 1-byte elements), not for c0 = 8 (4-byte: only ab and ba), and no
 * 2-D tag for nN (BA16b<c0>a).  Element types: s8, bf16 (finite normal values only, so a
 * reorder through f32 keeps every bit), s32.  At the aligned and the ragged size, ordered pairs
 * of different formats.  One thread: thread CPU time (as the tables above); two threads: wall
 * time (oneDNN's threads are OpenMP's, set with omp_set_num_threads before each call; run.sh
 * sets OMP_WAIT_POLICY=passive so an idle OpenMP thread does not spin beside the one-thread
 * copies).  Every element of both results is checked against the reference, the two results'
 * bytes against each other (padding: oneDNN writes zeros, tla_copy leaves the zeroed buffer),
 * and oneDNN's two-thread result against its one-thread result.  Worst tla/oneDNN first. */
#ifdef TLA_BENCH_ONEDNN
#include <oneapi/dnnl/dnnl.h>
#include <pthread.h>
#if DNNL_CPU_THREADING_RUNTIME == DNNL_RUNTIME_OMP
extern void omp_set_num_threads(int n);
#define ONEDNN_THREADS(n) omp_set_num_threads(n)
#define ONEDNN_RUNTIME "OpenMP"
#elif DNNL_CPU_THREADING_RUNTIME == DNNL_RUNTIME_SEQ
#define ONEDNN_THREADS(n) ((void)(n))
#define ONEDNN_RUNTIME "sequential (its two-thread column is one thread)"
#else
#error "bench/copy_speed.c: this oneDNN's threading runtime (TBB or threadpool) is not wired in"
#endif

/* tla_copy on two threads: tla_copy_parallel with a parallel_for of the bench's own, one worker
 * thread kept waiting (part 1) and the calling thread (part 0), and the library's own threshold
 * (min_bytes 0: copies under 4 MB stay on one thread). */
static struct {
    pthread_mutex_t m;
    pthread_cond_t go, done;
    void (*task)(void *, int);
    void *arg;
    int gen, fin, up;
    pthread_t t;
} wk = {.m = PTHREAD_MUTEX_INITIALIZER, .go = PTHREAD_COND_INITIALIZER, .done = PTHREAD_COND_INITIALIZER};
static void *worker(void *unused) {
    int seen = 0;
    (void)unused;
    pthread_mutex_lock(&wk.m);
    for (;;) {
        while (wk.gen == seen) pthread_cond_wait(&wk.go, &wk.m);
        seen = wk.gen;
        pthread_mutex_unlock(&wk.m);
        wk.task(wk.arg, 1);
        pthread_mutex_lock(&wk.m);
        wk.fin = seen;
        pthread_cond_signal(&wk.done);
    }
    return NULL;
}
static void two_threads(void *ctx, int parts, void (*task)(void *, int), void *arg) {
    int p;
    (void)ctx;
    if (!wk.up) wk.up = pthread_create(&wk.t, NULL, worker, NULL) == 0 ? 1 : -1;
    if (wk.up < 0) { /* no thread: every part here */
        for (p = 0; p < parts; p++) task(arg, p);
        return;
    }
    pthread_mutex_lock(&wk.m);
    wk.task = task, wk.arg = arg, wk.gen++;
    pthread_cond_signal(&wk.go);
    pthread_mutex_unlock(&wk.m);
    for (p = 0; p < parts; p++)
        if (p != 1) task(arg, p);
    pthread_mutex_lock(&wk.m);
    while (wk.fin != wk.gen) pthread_cond_wait(&wk.done, &wk.m);
    pthread_mutex_unlock(&wk.m);
}
static const tla_copy_threads two = {2, two_threads, NULL, 0};

static dnnl_format_tag_t onednn_tag(enum tla_format f, int eb) {
    switch (f) {
    case TLA_ROW_MAJOR: return dnnl_ab;
    case TLA_COLUMN_MAJOR: return dnnl_ba;
    case TLA_ZN: return eb == 2 ? dnnl_BA16a16b : eb == 1 ? dnnl_BA16a32b : dnnl_format_tag_undef;
    case TLA_NZ: return eb == 2 ? dnnl_AB16b16a : eb == 1 ? dnnl_AB16b32a : dnnl_format_tag_undef;
    case TLA_ZZ: return eb == 2 ? dnnl_AB16a16b : eb == 1 ? dnnl_AB16a32b : dnnl_format_tag_undef;
    default: return dnnl_format_tag_undef;
    }
}
/* put(), made a finite normal bf16 for 2-byte elements (exponent neither 0 nor 255) */
static void put_dnnl(char *p, int eb, int64_t r, int64_t c) {
    put(p, eb, r, c);
    if (eb == 2) {
        uint16_t v;
        memcpy(&v, p, 2);
        v = (uint16_t)((v & 0xBFFFu) | 0x0080u);
        memcpy(p, &v, 2);
    }
}
static double wall(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
typedef struct dcell {
    char name[48], impl[2][32];
    /* tla one thread, oneDNN one thread, tla two threads, oneDNN two threads; for copies of
     * BIG_COPY bytes and more also memcpy of the same bytes on one thread and on two (in two
     * halves, on the same worker as tla_copy_parallel): the machine's two threads / one */
    double t[6];
    double bytes;
    int z, eb, fs, fd;
} dcell;
#define BIG_COPY ((double)(16 << 20))
/* memcpy in two halves, a part each (the control of the two-thread column) */
typedef struct halves {
    char *d;
    const char *s;
    size_t n;
} halves;
static void memcpy_half(void *arg, int part) {
    halves *x = arg;
    size_t lo = part ? x->n / 2 : 0, hi = part ? x->n : x->n / 2;
    memcpy_fn(x->d + lo, x->s + lo, hi - lo);
}
static int cmp_dcell(const void *a, const void *b) {
    const dcell *x = a, *y = b;
    double p = x->t[1] / x->t[0], q = y->t[1] / y->t[0];
    return p < q ? -1 : p > q;
}
#define DNNL_OK(call) \
    do { \
        dnnl_status_t st_ = (call); \
        if (st_ != dnnl_success) { \
            printf("%s: oneDNN: %s failed (status %d)\n", cl->name, #call, (int)st_); \
            return 1; \
        } \
    } while (0)
static int onednn_cell(dcell *cl, dnnl_engine_t eng, dnnl_stream_t strm, int runs, const uint64_t *fl, char *src,
                       char *g, char *h, double *tt) {
    int z = cl->z, eb = cl->eb, fs = cl->fs, fd = cl->fd;
    static const dnnl_data_type_t dt[5] = {dnnl_data_type_undef, dnnl_s8, dnnl_bf16, dnnl_data_type_undef, dnnl_s32};
    int64_t rows = sizes[z][0], cols = sizes[z][1], r, c, bad = 0;
    geo sg = geo_make(formats[fs], eb, rows, cols), dg = geo_make(formats[fd], eb, rows, cols);
    dnnl_dims_t dims = {rows, cols};
    dnnl_memory_desc_t smd, dmd;
    dnnl_primitive_desc_t pd[2];
    dnnl_primitive_t prim[2];
    dnnl_memory_t sm, dm;
    tla_layout Ls, Ld;
    tla_tensor S, D;
    tla_error e;
    size_t sbytes = (size_t)(sg.storage * eb), dbytes = (size_t)(dg.storage * eb);
    int k, nt, nop = (double)(rows * cols * eb) >= BIG_COPY ? 6 : 4;
    halves mc = {h, src, sbytes};
    DNNL_OK(dnnl_memory_desc_init_by_tag(&smd, 2, dims, dt[eb], onednn_tag(formats[fs], eb)));
    DNNL_OK(dnnl_memory_desc_init_by_tag(&dmd, 2, dims, dt[eb], onednn_tag(formats[fd], eb)));
    if (dnnl_memory_desc_get_size(&smd) != sbytes || dnnl_memory_desc_get_size(&dmd) != dbytes) {
        printf("%s: oneDNN's storage is not the format's (%zu, %zu bytes)\n", cl->name, dnnl_memory_desc_get_size(&smd),
               dnnl_memory_desc_get_size(&dmd));
        return 1;
    }
    if (tla_layout_format(&Ls, formats[fs], eb, rows, cols, &e) != 0
        || tla_layout_format(&Ld, formats[fd], eb, rows, cols, &e) != 0) {
        printf("%s: %s\n", cl->name, e.msg);
        return 1;
    }
    S = tla_tensor_make(src, eb, &Ls, TLA_POS_GM);
    D = tla_tensor_make(g, eb, &Ld, TLA_POS_L1);
    memset(src, 0, sbytes), memset(g, 0, dbytes), memset(h, 0, dbytes);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) put_dnnl(src + geo_off(&sg, r, c) * eb, eb, r, c);
    DNNL_OK(dnnl_memory_create(&sm, &smd, eng, src));
    DNNL_OK(dnnl_memory_create(&dm, &dmd, eng, h));
    for (nt = 0; nt < 2; nt++) { /* a primitive per thread count, made under that count */
        const char *impl = "?";
        ONEDNN_THREADS(nt + 1);
        DNNL_OK(dnnl_reorder_primitive_desc_create(&pd[nt], &smd, eng, &dmd, eng, NULL));
        DNNL_OK(dnnl_primitive_create(&prim[nt], pd[nt]));
        dnnl_primitive_desc_query(pd[nt], dnnl_query_impl_info_str, 0, &impl);
        snprintf(cl->impl[nt], sizeof cl->impl[nt], "%s", impl);
    }
    {
        dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, sm}, {DNNL_ARG_TO, dm}};
        for (k = 0; k < runs; k++)
            for (int i = 0; i < nop; i++) {
                int op = (i + k) % nop, one = op < 2 || op == 4;
                double t;
                ONEDNN_THREADS(op < 2 ? 1 : 2);
                flush(fl);
                t = one ? now() : wall();
                if (op == 4)
                    memcpy_fn(h, src, sbytes);
                else if (op == 5)
                    two_threads(NULL, 2, memcpy_half, &mc);
                else if (op == 0 || op == 2) {
                    if ((op == 0 ? tla_copy(&D, &S, &e) : tla_copy_parallel(&D, &S, &two, &e)) != 0) {
                        printf("%s: tla_copy: %s\n", cl->name, e.msg);
                        return 1;
                    }
                } else {
                    DNNL_OK(dnnl_primitive_execute(prim[op / 2], strm, 2, args));
                    DNNL_OK(dnnl_stream_wait(strm));
                }
                tt[op * runs + k] = (one ? now() : wall()) - t;
            }
        for (int op = 0; op < 6; op++) cl->t[op] = op < nop ? median(tt + op * runs, runs) : 0;
        /* the checks: both one-thread results element by element and byte by byte, then
         * oneDNN's two-thread result against them */
        memset(g, 0, dbytes), memset(h, 0, dbytes);
        ONEDNN_THREADS(1);
        if (tla_copy(&D, &S, &e) != 0) return 1;
        DNNL_OK(dnnl_primitive_execute(prim[0], strm, 2, args));
        DNNL_OK(dnnl_stream_wait(strm));
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                char want[4];
                int64_t o = geo_off(&dg, r, c) * eb;
                put_dnnl(want, eb, r, c);
                bad += memcmp(g + o, want, (size_t)eb) != 0 || memcmp(h + o, want, (size_t)eb) != 0;
            }
        bad += memcmp(g, h, dbytes) != 0;
        memset(h, 0, dbytes);
        ONEDNN_THREADS(2);
        DNNL_OK(dnnl_primitive_execute(prim[1], strm, 2, args));
        DNNL_OK(dnnl_stream_wait(strm));
        bad += memcmp(g, h, dbytes) != 0;
        memset(h, 0, dbytes), D.data = h; /* and tla_copy's on two threads */
        if (tla_copy_parallel(&D, &S, &two, &e) != 0) return 1;
        D.data = g;
        bad += memcmp(g, h, dbytes) != 0;
    }
    for (nt = 0; nt < 2; nt++) dnnl_primitive_destroy(prim[nt]), dnnl_primitive_desc_destroy(pd[nt]);
    dnnl_memory_destroy(sm), dnnl_memory_destroy(dm);
    cl->bytes = (double)(rows * cols * eb);
    if (bad) printf("MISMATCH %s [%s] (oneDNN): %lld elements or buffers differ\n", cl->name, CC_NAME, (long long)bad);
    return bad != 0;
}
/* The cells below the goal (tla/oneDNN 1.00, one thread or two), worst first by the lower of
 * the two ratios (the table is ordered by one thread's only), each measured again with
 * RECHECK_RUNS runs right after the table. */
static int dnn_recheck(const dcell *cells, int ncell, dnnl_engine_t eng, dnnl_stream_t strm, int runs,
                       const uint64_t *fl, char *src, char *g, char *h, double *tt) {
    int idx[NF * NF * 3 * 2], n = 0, i, j, still = 0, status = 0;
    double r1[NF * NF * 3 * 2], r2[NF * NF * 3 * 2];
    for (i = 0; i < ncell; i++) r1[i] = cells[i].t[1] / cells[i].t[0], r2[i] = cells[i].t[3] / cells[i].t[2];
    for (i = 0; i < ncell; i++)
        if (r1[i] < 1.0 || r2[i] < 1.0) idx[n++] = i;
    for (i = 1; i < n; i++) /* insertion sort: a handful of cells */
        for (j = i; j > 0; j--) {
            int a = idx[j], b = idx[j - 1], t;
            double lo_a = r1[a] < r2[a] ? r1[a] : r2[a], lo_b = r1[b] < r2[b] ? r1[b] : r2[b];
            if (lo_a >= lo_b) break;
            t = idx[j], idx[j] = idx[j - 1], idx[j - 1] = t;
        }
    printf("copy onednn below 1.00 [%s]: %d cells%s\n", CC_NAME, n,
           n ? ", worst first (tla/oneDNN, one thread and two; in the table, then on the recheck with more runs)" : "");
    for (i = 0; i < n; i++) {
        dcell again = cells[idx[i]];
        double a1, a2;
        status |= onednn_cell(&again, eng, strm, RECHECK_RUNS(runs), fl, src, g, h, tt);
        a1 = again.t[1] / again.t[0], a2 = again.t[3] / again.t[2];
        still += a1 < 1.0 || a2 < 1.0;
        printf("    %-28s 1T %.2f  2T %.2f   recheck 1T %.2f  2T %.2f%s\n", cells[idx[i]].name, r1[idx[i]], r2[idx[i]],
               a1, a2, a1 < 1.0 || a2 < 1.0 ? "  below again" : "");
    }
    printf("copy onednn below 1.00 after recheck [%s]: %d of the %d cells below in the table\n", CC_NAME, still, n);
    return status;
}
/* Two threads / one on the copies of BIG_COPY bytes and more (the goal is 1.7x), beside
 * oneDNN's and memcpy's in the same cells: memcpy's is what this machine's second core gives
 * a plain copy at that moment. */
static void print_two_threads(const dcell *cells, int ncell) {
    int n = 0;
    for (int k = 0; k < ncell; k++) {
        const dcell *cl = &cells[k];
        if (cl->bytes < BIG_COPY) continue;
        if (n++ == 0)
            printf("copy two threads / one [%s], copies of %.0f MB and more (goal 1.70):\n", CC_NAME,
                   BIG_COPY / 1048576);
        printf("    %-28s tla %.2f  oneDNN %.2f  memcpy %.2f\n", cl->name, cl->t[0] / cl->t[2], cl->t[1] / cl->t[3],
               cl->t[4] / cl->t[5]);
    }
}
static int onednn_table(int runs, const char *filter, const uint64_t *fl, char *src, char *g, char *h) {
    static dcell cells[NF * NF * 3 * 2];
    const dnnl_version_t *v = dnnl_version();
    double *tt = malloc(sizeof(double) * (size_t)RECHECK_RUNS(runs) * 6), t0 = now(), w0 = wall(), r1[NF * NF * 3 * 2],
           r2[NF * NF * 3 * 2], r3[NF * NF * 3 * 2];
    dnnl_engine_t eng;
    dnnl_stream_t strm;
    int ncell = 0, status = 0, below = 0, below2 = 0, lo2 = 0, k;
    if (!tt || dnnl_engine_create(&eng, dnnl_cpu, 0) != dnnl_success
        || dnnl_stream_create(&strm, eng, dnnl_stream_default_flags) != dnnl_success)
        return 1;
    for (int z = 0; z < 2; z++)
        for (int eb = 1; eb <= 4; eb *= 2)
            for (int fs = 0; fs < NF; fs++)
                for (int fd = 0; fd < NF; fd++) {
                    dcell *cl = &cells[ncell];
                    if (fs == fd || onednn_tag(formats[fs], eb) == dnnl_format_tag_undef
                        || onednn_tag(formats[fd], eb) == dnnl_format_tag_undef)
                        continue;
                    snprintf(cl->name, sizeof cl->name, "%s->%s %d %lldx%lld", names[fs], names[fd], eb,
                             (long long)sizes[z][0], (long long)sizes[z][1]);
                    if (filter && !strstr(cl->name, filter)) continue;
                    cl->z = z, cl->eb = eb, cl->fs = fs, cl->fd = fd;
                    status |= onednn_cell(cl, eng, strm, runs, fl, src, g, h, tt);
                    ncell++;
                }
    qsort(cells, (size_t)ncell, sizeof cells[0], cmp_dcell);
    printf("copy vs oneDNN [%s]: %d cells, oneDNN %d.%d.%d (%s), median of %d runs; GB/s of the logical matrix; "
           "worst tla/oneDNN (one thread) first\n",
           CC_NAME, ncell, v->major, v->minor, v->patch, ONEDNN_RUNTIME, runs);
    printf("%-28s %11s %11s %8s %11s %11s %8s  %s\n", "pair elem-bytes size", "tla 1T", "oneDNN 1T", "tla/dnn",
           "tla 2T", "oneDNN 2T", "tla/dnn", "oneDNN's kernel (1T)");
    for (k = 0; k < ncell; k++) {
        dcell *cl = &cells[k];
        printf("%-28s %6.2f GB/s %6.2f GB/s %8.2f %6.2f GB/s %6.2f GB/s %8.2f  %s\n", cl->name,
               cl->bytes / cl->t[0] / 1e9, cl->bytes / cl->t[1] / 1e9, cl->t[1] / cl->t[0], cl->bytes / cl->t[2] / 1e9,
               cl->bytes / cl->t[3] / 1e9, cl->t[3] / cl->t[2], cl->impl[0]);
        r1[k] = cl->t[1] / cl->t[0], r2[k] = cl->t[3] / cl->t[2], r3[k] = cl->t[1] / cl->t[3], below += r1[k] < 1.0;
        below2 += r2[k] < 1.0, lo2 = r2[k] < r2[lo2] ? k : lo2;
    }
    if (ncell > 0) {
        double w2 = r2[lo2], m1 = median(r1, ncell), m2, m3;
        char worst2[48];
        snprintf(worst2, sizeof worst2, "%s", cells[lo2].name);
        m2 = median(r2, ncell), m3 = median(r3, ncell);
        printf("copy onednn summary [%s]: %d cells; one thread: min tla/oneDNN %.2f (%s), median %.2f, %d below 1.00; "
               "two threads: min %.2f (%s), median %.2f, %d below 1.00; oneDNN two threads / one, median %.2f; %s; "
               "%.0f s\n",
               CC_NAME, ncell, r1[0], cells[0].name, m1, below, w2, worst2, m2, below2, m3,
               status ? "RESULTS DIFFER" : "all results checked", wall() - w0);
        print_two_threads(cells, ncell);
        status |= dnn_recheck(cells, ncell, eng, strm, runs, fl, src, g, h, tt);
    }
    (void)t0;
    dnnl_stream_destroy(strm), dnnl_engine_destroy(eng);
    free(tt);
    return status;
}
#else
static int onednn_table(int runs, const char *filter, const uint64_t *fl, char *src, char *g, char *h) {
    (void)runs, (void)filter, (void)fl, (void)src, (void)g, (void)h;
    printf("copy vs oneDNN [%s]: not built (bench/run.sh builds it with -DTLA_BENCH_ONEDNN when oneDNN is found)\n",
           CC_NAME);
    return 0;
}
#endif

/* One line per size of the hand table: its worst generic/hand and its cells below 0.90. */
static void print_by_size(const cell *cells, int ncell) {
    printf("copy by size [%s]:", CC_NAME);
    for (int z = 0; z < NSIZE; z++) {
        double lo = 1e30;
        int n = 0, below = 0;
        for (int k = 0; k < ncell; k++) {
            int64_t rows, cols;
            char key[48];
            const char *sp = strrchr(cells[k].name, ' ');
            int eb = sp ? cells[k].name[sp - cells[k].name - 1] - '0' : 0;
            hand_size(z, eb, &rows, &cols);
            snprintf(key, sizeof key, " %lldx%lld", (long long)rows, (long long)cols);
            if (!sp || strcmp(sp, key) != 0) continue;
            double rh = cells[k].th / cells[k].tg;
            n++, below += rh < 0.90;
            if (rh < lo) lo = rh;
        }
        if (n)
            printf(" %s %d cells, min %.2f, %d below 0.90;",
                   z == 0   ? "aligned"
                   : z == 1 ? "ragged"
                   : z == 2 ? "pitch 2^k"
                            : "64 MiB",
                   n, lo, below);
    }
    printf("\n");
}

/* The hand table's buffers and scratch: the source, four destinations (g, h, h2, h3: the two
 * tla_copy slots and the two hand loops take them in turn), memcpy's m, the flush buffer, one
 * time per run of each copy, and which source (size, element size, format) src holds. */
typedef struct hand_bufs {
    char *src, *g, *h, *h2, *h3, *m;
    const uint64_t *fl;
    double *tg, *tg2, *th, *th2, *tm;
    int filled;
} hand_bufs;

/* One cell of the hand table (cl->z, eb, fs, fd set): nrun runs of tla_copy (in two slots), the
 * two hand loops and memcpy, then the checks.  The hand column is the faster of its two slots
 * (the blocks in the destination's order or the source's), and so is the generic column: the
 * faster of two medians is biased fast by the spread alone, and with one tla_copy slot against
 * two, identical code read 0.85-1.05 ("self", bench/NOTES.md round 24).  self: tla_copy in the
 * hand slots too (COPY_SELF, and the recheck's control).  Returns 0, 1 on a mismatch (printed),
 * -1 on an error (printed). */
static int hand_cell(cell *cl, int nrun, int self, hand_bufs *b) {
    int64_t rows, cols, r, c;
    int eb = cl->eb, fs = cl->fs, fd = cl->fd, k, status = 0;
    geo sg, dg;
    tla_layout Ls, Ld;
    tla_tensor S, D;
    tla_error e;
    size_t lbytes;
    hand_size(cl->z, eb, &rows, &cols);
    sg = geo_make(formats[fs], eb, rows, cols), dg = geo_make(formats[fd], eb, rows, cols);
    lbytes = (size_t)(rows * cols * eb);
    if (tla_layout_format(&Ls, formats[fs], eb, rows, cols, &e) != 0
        || tla_layout_format(&Ld, formats[fd], eb, rows, cols, &e) != 0) {
        printf("%s: %s\n", cl->name, e.msg);
        return -1;
    }
    S = tla_tensor_make(b->src, eb, &Ls, TLA_POS_GM);
    D = tla_tensor_make(b->g, eb, &Ld, TLA_POS_L1);
    memset(b->g, 0, (size_t)(dg.storage * eb));
    if (b->filled != (cl->z * 8 + eb) * NF + fs) { /* the copies leave the source as it is */
        memset(b->src, 0, (size_t)(sg.storage * eb));
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) put(b->src + geo_off(&sg, r, c) * eb, eb, r, c);
        b->filled = (cl->z * 8 + eb) * NF + fs;
    }
    /* the copies in turn, starting with a different one each run, each into its own
     * destination, each after a flush of the cache; the four destinations rotate among the
     * four copies from run to run, so that no copy keeps a buffer whose placement favours it
     * (a transposing copy's speed moves with placement on this machine: bench/NOTES.md) */
    for (k = 0; k < nrun; k++)
        for (int i = 0; i < 5; i++) {
            int op = (i + k) % 5; /* 0, 4: tla_copy; 1, 2: the hand loops (or tla_copy: self); 3: memcpy */
            char *dst4[4] = {b->g, b->h, b->h2, b->h3}, *dh = dst4[(k + 1) % 4], *dh2 = dst4[(k + 2) % 4];
            double t;
            D.data = dst4[(k + (op == 4 ? 3 : 0)) % 4];
            flush(b->fl);
            t = now();
            if (op == 0 || op == 4) {
                if (tla_copy(&D, &S, &e) != 0) {
                    printf("%s: tla_copy: %s\n", cl->name, e.msg);
                    return -1;
                }
                (op == 0 ? b->tg : b->tg2)[k] = now() - t;
            } else if (op == 3) {
                memcpy_fn(b->m, b->src, lbytes);
                b->tm[k] = now() - t;
            } else {
                if (self) {
                    tla_tensor D2 = D;
                    D2.data = op == 1 ? dh : dh2;
                    if (tla_copy(&D2, &S, &e) != 0) return -1;
                } else
                    hand_copy(op == 1 ? dh : dh2, &dg, b->src, &sg, eb, op - 1);
                (op == 1 ? b->th : b->th2)[k] = now() - t;
            }
        }
    /* the generic copy equals each hand loop, which equals the reference */
    memset(b->g, 0, (size_t)(dg.storage * eb));
    D.data = b->g;
    tla_copy(&D, &S, &e);
    for (int order = 0; order < 2; order++) {
        memset(b->h, 0, (size_t)(dg.storage * eb));
        hand_copy(b->h, &dg, b->src, &sg, eb, order);
        if (memcmp(b->g, b->h, (size_t)(dg.storage * eb)) != 0) {
            printf("MISMATCH %s [%s]: tla_copy and the hand loop (order %d) differ\n", cl->name, CC_NAME, order);
            status = 1;
        }
        /* the reference once: the other order equals tla_copy, which equals this one */
        if (order == 0)
            for (r = 0; r < rows; r++)
                for (c = 0; c < cols; c++) {
                    char want[4];
                    put(want, eb, r, c);
                    if (memcmp(b->h + geo_off(&dg, r, c) * eb, want, (size_t)eb) != 0) {
                        printf("MISMATCH %s [%s]: the hand loop is wrong at (%lld,%lld)\n", cl->name, CC_NAME,
                               (long long)r, (long long)c);
                        status = 1;
                        r = rows;
                        break;
                    }
                }
    }
    cell_set(cl, b->tg, b->tg2, b->th, b->th2, b->tm, nrun, (double)lbytes);
    return status;
}

/* Whether a hand-table cell is the same format on both sides (the hand loop is one memcpy of
 * the storage, padding included, which tla_copy must not write). */
static int same_format(const cell *cl) { return cl->fs == cl->fd; }

/* The hand table's cells below 0.90 (cells[] is ordered worst first), each rechecked, with
 * what the cell is, as the analysis groups them: "same format", "ragged" (1000x3001: edge
 * tiles).  Returns 1 on a mismatch in the recheck, -1 on an error. */
static int hand_recheck(const cell *cells, int ncell, int runs, int runs_big, hand_bufs *b) {
    int n = 0, still = 0, k, status = 0;
    for (k = 0; k < ncell; k++) n += cells[k].th / cells[k].tg < 0.90;
    printf("copy below 0.90 [%s]: %d cells%s\n", CC_NAME, n,
           n ? ", worst first: generic/hand in the table, on the recheck (more runs) and as its own control "
               "(tla_copy in the hand slots: the method's spread)"
             : "");
    for (k = 0; k < ncell; k++) {
        cell again = cells[k], self = cells[k];
        int nrun = again.z == 3 ? (runs_big < runs ? runs_big : runs) : runs, st;
        if (cells[k].th / cells[k].tg >= 0.90) continue;
        st = hand_cell(&again, RECHECK_RUNS(nrun), 0, b);
        if (st >= 0) st |= hand_cell(&self, nrun, 1, b);
        if (st < 0) return -1;
        status |= st;
        still += again.th / again.tg < 0.90;
        printf("    %-32s %.2f  recheck %.2f  self %.2f%s%s%s\n", cells[k].name, cells[k].th / cells[k].tg,
               again.th / again.tg, self.th / self.tg, again.th / again.tg < 0.90 ? "  below again" : "",
               same_format(&cells[k]) ? "  same format" : "", cells[k].z == 1 ? "  ragged" : "");
    }
    printf("copy below 0.90 after recheck [%s]: %d of the %d cells below in the table\n", CC_NAME, still, n);
    return status;
}

/* The hand table: every pair x 1/2/4-byte x the NSIZE sizes, tla_copy against the hand loops
 * and memcpy (the 64 MiB cells take runs_big runs). */
static int hand_table(int runs, int runs_big, int self, const char *filter, const uint64_t *fl, char *src, char *g,
                      char *h, char *h2, char *h3, char *m) {
    static cell cells[NCELL];
    int ncell = 0, status = 0, k, cap = RECHECK_RUNS(runs);
    hand_bufs b = {src,
                   g,
                   h,
                   h2,
                   h3,
                   m,
                   fl,
                   malloc(sizeof(double) * (size_t)cap),
                   malloc(sizeof(double) * (size_t)cap),
                   malloc(sizeof(double) * (size_t)cap),
                   malloc(sizeof(double) * (size_t)cap),
                   malloc(sizeof(double) * (size_t)cap),
                   -1};
    double t0 = now();
    if (!b.tg || !b.tg2 || !b.th || !b.tm || !b.th2) return 1;
    for (int z = 0; z < NSIZE; z++)
        for (int eb = 1; eb <= 4; eb *= 2)
            for (int fs = 0; fs < NF; fs++)
                for (int fd = 0; fd < NF; fd++) {
                    int64_t rows, cols;
                    cell *cl = &cells[ncell];
                    int st;
                    hand_size(z, eb, &rows, &cols);
                    snprintf(cl->name, sizeof cl->name, "%s->%s %d %lldx%lld", names[fs], names[fd], eb,
                             (long long)rows, (long long)cols);
                    if (filter && !strstr(cl->name, filter)) continue;
                    cl->z = z, cl->eb = eb, cl->fs = fs, cl->fd = fd;
                    st = hand_cell(cl, z == 3 ? (runs_big < runs ? runs_big : runs) : runs, self, &b);
                    if (st < 0) return 1;
                    status |= st;
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
    print_by_size(cells, ncell);
    k = hand_recheck(cells, ncell, runs, runs_big, &b);
    free(b.tg), free(b.tg2), free(b.th), free(b.tm), free(b.th2);
    return k < 0 ? 1 : status | k;
}

int main(void) {
    const char *filter = getenv("COPY_FILTER"), *e_runs = getenv("COPY_RUNS"), *e_self = getenv("COPY_SELF");
    const char *e_big = getenv("COPY_RUNS_BIG"), *e_tables = getenv("COPY_TABLES");
    const char *tables = e_tables ? e_tables : "onednn hand tiles small 4bit";
    int self = e_self && atoi(e_self) > 0, status = 0;
    int runs = e_runs && atoi(e_runs) > 0 ? atoi(e_runs) : 7, runs_big = e_big && atoi(e_big) > 0 ? atoi(e_big) : 3;
    size_t cap = BIG_BYTES + 4096;
    char *src = malloc(cap), *g = malloc(cap), *h = malloc(cap), *m = malloc(cap), *h2 = malloc(cap), *h3 = malloc(cap);
    uint64_t *fl = malloc(FLUSH_BYTES);
    if (!fl || !src || !g || !h || !h2 || !h3 || !m) return 1;
    memset(m, 0, cap), memset(h2, 0, cap), memset(h3, 0, cap), memset(h, 0, cap), memset(g, 0, cap),
        memset(src, 0, cap);
    memset(fl, 1, FLUSH_BYTES);
    if (strstr(tables, "onednn")) status |= onednn_table(runs, filter, fl, src, g, h);
    if (strstr(tables, "hand")) status |= hand_table(runs, runs_big, self, filter, fl, src, g, h, h2, h3, m);
    if (strstr(tables, "tiles")) status |= tile_table(runs, filter, src, g, h, h2);
    if (strstr(tables, "small")) status |= small_table(runs, filter, src, g, h);
    if (strstr(tables, "4bit")) status |= bench4(runs, filter, fl, src, g, m);
    free(src), free(g), free(h), free(h2), free(h3), free(m), free(fl);
    return status;
}
