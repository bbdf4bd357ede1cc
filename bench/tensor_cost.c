/* bench/tensor_cost.c - what a tensor costs a kernel (issue 12, point 2): its size, and
 * the time to make a tile and to address an element, for the run-time tla_tensor, the compact
 * rank-2 tla_tensor2 (tla/tensor/tensor2.h), the static and mixed tensors of tla/tensor/static.h, and
 * a hand-written tile (a pointer and two
 * offsets) measured in the same run as the baseline.
 *
 * The tensor is a zN half matrix of 1000 x 3001 (ragged); each round makes tiles of 16 x 16
 * at TILES coordinates spread over it (off fractal boundaries too) and reads element (3, 5)
 * of each, so a tile's cost is its construction plus one access.  Times are the best of
 * ROUNDS rounds, in ns per tile; the ratio is against the hand tile.  A tile whose element
 * address differs from the hand tile's fails the run.  Sizes are sizeof, in bytes, next to
 * CATLASS's (its Tensor of a rank-2 layout: 32 bytes, the layout alone 24). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "tla.h"

#define ROWS 1000
#define COLS 3001
#define TILES 4096
#define ROUNDS 15

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint16_t *buf;
static int64_t tr[TILES], tc[TILES]; /* tile origins */
static uint16_t *want[TILES]; /* element (3, 5) of each tile, by hand */

/* The hand-written zN half offset of (r, c) in a ROWS x COLS matrix. */
static int64_t zn_offset(int64_t r, int64_t c) {
    int64_t r16 = (ROWS + 15) / 16 * 16;
    return r % 16 * 16 + r / 16 * 256 + c % 16 + c / 16 * (r16 * 16);
}

/* Each function makes every tile, reads element (3, 5) of each, and counts mismatches.
 * noinline keeps the compiler from hoisting work across the timed rounds. */
#if defined(__GNUC__)
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif

BENCH_NOINLINE static long run_hand(void) {
    long bad = 0;
    int i;
    for (i = 0; i < TILES; i++) {
        /* a hand tile: the parent's pointer and the origin */
        struct {
            uint16_t *p;
            int64_t r0, c0;
        } t = {buf, tr[i], tc[i]};
        bad += t.p + zn_offset(t.r0 + 3, t.c0 + 5) != want[i];
    }
    return bad;
}

BENCH_NOINLINE static long run_runtime(const tla_tensor *A) {
    long bad = 0;
    int i;
    tla_tuple tile, crd;
    int64_t ext[2] = {16, 16};
    tla__flat_tuple(&tile, 2, ext, 0);
    tla__flat_tuple(&crd, 2, ext, 0); /* built once; a loop sets its values */
    for (i = 0; i < TILES; i++) {
        tla_tensor T;
        crd.val[0] = tr[i], crd.val[1] = tc[i];
        if (tla_tensor_tile(&T, A, &tile, &crd, NULL) != 0) return TILES;
        bad += (uint16_t *)tla_tensor_at2(&T, 3, 5) != want[i];
    }
    return bad;
}

BENCH_NOINLINE static long run_compact(const tla_tensor2 *A) {
    long bad = 0;
    int i;
    for (i = 0; i < TILES; i++) {
        tla_tensor2 T;
        if (tla_tensor2_tile(&T, A, 16, 16, tr[i], tc[i], NULL) != 0) return TILES;
        bad += (uint16_t *)tla_tensor2_at(&T, 3, 5) != want[i];
    }
    return bad;
}

BENCH_NOINLINE static long run_static(void) {
    long bad = 0;
    int i;
    tla_auto A = tla_make_static_tensor(buf, tla_zN(tla_half, TLA_C(ROWS), TLA_C(COLS)));
    for (i = 0; i < TILES; i++) {
        tla_auto T = tla_tensor_tile_at(A, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(tr[i], tc[i]));
        bad += tla_tensor_elem(T, 3, 5) != want[i];
    }
    return bad;
}

BENCH_NOINLINE static long run_mixed(int64_t rows, int64_t cols) {
    long bad = 0;
    int i;
    tla_auto A = tla_make_static_tensor(buf, tla_zN(tla_half, rows, cols));
    for (i = 0; i < TILES; i++) {
        tla_auto T = tla_tensor_tile_at(A, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(tr[i], tc[i]));
        bad += tla_tensor_elem(T, 3, 5) != want[i];
    }
    return bad;
}

typedef struct timing {
    const char *name;
    double ns;
    size_t tensor, tile;
    long bad;
} timing;

int main(void) {
    volatile int64_t rows = ROWS, cols = COLS; /* run-time extents for the mixed tensor */
    tla_layout L;
    tla_tensor A;
    tla_tensor2 A2;
    tla_error e;
    timing t[5];
    int order[5], i, j, k, round, status = 0;
    double best;
    buf = calloc((size_t)zn_offset(ROWS - 1, COLS - 1) + 1, sizeof *buf);
    if (!buf || tla_layout_format(&L, TLA_ZN, 2, ROWS, COLS, &e) != 0) return printf("tensor cost: setup failed\n"), 1;
    A = tla_tensor_make(buf, 2, &L, TLA_POS_GM);
    if (tla_tensor2_from(&A2, &A, &e) != 0) return printf("tensor cost: setup failed\n"), 1;
    srand(12);
    for (i = 0; i < TILES; i++) {
        tr[i] = rand() % (ROWS - 16), tc[i] = rand() % (COLS - 16);
        want[i] = buf + zn_offset(tr[i] + 3, tc[i] + 5);
    }
    {
        tla_auto S = tla_make_static_tensor(buf, tla_zN(tla_half, TLA_C(ROWS), TLA_C(COLS)));
        tla_auto M = tla_make_static_tensor(buf, tla_zN(tla_half, (int64_t)rows, (int64_t)cols));
        tla_auto ST = tla_tensor_tile_at(S, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(tr[0], tc[0]));
        tla_auto MT = tla_tensor_tile_at(M, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(tr[0], tc[0]));
        t[0] = (timing){"hand tile (pointer + origin)", 0, sizeof(uint16_t *), sizeof(uint16_t *) + 16, 0};
        t[1] = (timing){"static tensor (tla_make_static_tensor)", 0, sizeof S, sizeof ST, 0};
        t[2] = (timing){"mixed tensor (run-time extents)", 0, sizeof M, sizeof MT, 0};
        t[3] = (timing){"run-time tla_tensor (tla_tensor_tile)", 0, sizeof A, sizeof A, 0};
        t[4] = (timing){"compact tla_tensor2 (tla_tensor2_tile)", 0, sizeof A2, sizeof A2, 0};
    }
    for (k = 0; k < 5; k++) {
        best = 1e30;
        for (round = 0; round < ROUNDS; round++) {
            double t0 = now();
            long bad = k == 0   ? run_hand()
                       : k == 1 ? run_static()
                       : k == 2 ? run_mixed(rows, cols)
                       : k == 3 ? run_runtime(&A)
                                : run_compact(&A2);
            t0 = now() - t0;
            if (t0 < best) best = t0;
            t[k].bad += bad;
        }
        t[k].ns = 1e9 * best / TILES;
    }
    printf("tensors: zN half %dx%d, %d tiles of 16x16 made and read once (best of %d); sizes in bytes "
           "(CATLASS rank 2: tensor 32, layout 24; tla_layout: %zu)\n",
           ROWS, COLS, TILES, ROUNDS, sizeof(tla_layout));
    printf("%-40s %8s %8s %10s %8s  %s\n", "tensor", "sizeof", "tile", "ns/tile", "/hand", "check");
    /* worst (slowest) first */
    for (k = 0; k < 5; k++) order[k] = k;
    for (k = 0; k < 5; k++)
        for (j = k + 1; j < 5; j++)
            if (t[order[j]].ns > t[order[k]].ns) i = order[k], order[k] = order[j], order[j] = i;
    for (j = 0; j < 5; j++) {
        k = order[j];
        printf("%-40s %8zu %8zu %10.1f %8.2f  %s\n", t[k].name, t[k].tensor, t[k].tile, t[k].ns, t[k].ns / t[0].ns,
               t[k].bad ? "WRONG" : "ok");
        if (t[k].bad) status = 1;
    }
    free(buf);
    return status;
}
