/* bench/copy_speed.c - tla_copy between Ascend formats against a hand-written tiled loop for
 * the same conversion and memcpy of the same bytes: a 4096x4096 half matrix, best of RUNS,
 * all in one process.  GB/s counts the bytes of the matrix once (32 MiB). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include "tla.h"

#define N 4096
#define RUNS 15
typedef uint16_t half;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Offsets of the formats for N x N half (C0 = 16, a fractal is 16x16 = 256 elements). */
static size_t zn(size_t i, size_t j) { return i % 16 * 16 + i / 16 * 256 + j / 16 * (N * 16) + j % 16; }
static size_t zz(size_t i, size_t j) { return i % 16 * 16 + i / 16 * (N * 16) + j / 16 * 256 + j % 16; }
static size_t nz(size_t i, size_t j) { return i % 16 + i / 16 * (N * 16) + j % 16 * 16 + j / 16 * 256; }

/* The hand-written loops: fractal by fractal, as a person tiles these conversions. */
static void hand_rm_to_zn(half *d, const half *s) {
    for (size_t bi = 0; bi < N; bi += 16)
        for (size_t bj = 0; bj < N; bj += 16)
            for (size_t r = 0; r < 16; r++) memcpy(d + zn(bi + r, bj), s + (bi + r) * N + bj, 32);
}
static void hand_zn_to_rm(half *d, const half *s) {
    for (size_t bi = 0; bi < N; bi += 16)
        for (size_t bj = 0; bj < N; bj += 16)
            for (size_t r = 0; r < 16; r++) memcpy(d + (bi + r) * N + bj, s + zn(bi + r, bj), 32);
}
static void hand_zn_to_zz(half *d, const half *s) {
    for (size_t bi = 0; bi < N; bi += 16)
        for (size_t bj = 0; bj < N; bj += 16) memcpy(d + zz(bi, bj), s + zn(bi, bj), 512);
}
static void hand_nz_to_rm(half *d, const half *s) {
    for (size_t bi = 0; bi < N; bi += 16)
        for (size_t bj = 0; bj < N; bj += 16) {
            const half *f = s + nz(bi, bj);
            for (size_t r = 0; r < 16; r++)
                for (size_t c = 0; c < 16; c++) d[(bi + r) * N + bj + c] = f[r + c * 16];
        }
}

typedef void (*hand_fn)(half *, const half *);

int main(void) {
    static const struct {
        enum tla_format from, to;
        const char *name;
        hand_fn hand;
    } conv[] = {
        {TLA_ROW_MAJOR, TLA_ZN, "RowMajor -> zN", hand_rm_to_zn},
        {TLA_ZN, TLA_ROW_MAJOR, "zN -> RowMajor", hand_zn_to_rm},
        {TLA_ZN, TLA_ZZ, "zN -> zZ", hand_zn_to_zz},
        {TLA_NZ, TLA_ROW_MAJOR, "nZ -> RowMajor", hand_nz_to_rm},
    };
    size_t bytes = (size_t)N * N * sizeof(half);
    half *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    int status = 0;
    if (!a || !b || !c) return 1;
    for (size_t i = 0; i < (size_t)N * N; i++) a[i] = (half)(i * 2654435761u >> 7);
    memset(b, 0, bytes);
    memset(c, 0, bytes);
    printf("%-16s %9s %9s %9s %12s %14s\n", "conversion", "generic", "hand", "memcpy", "generic/hand",
           "generic/memcpy");
    for (size_t k = 0; k < sizeof conv / sizeof conv[0]; k++) {
        tla_layout Ls, Ld;
        tla_error e;
        double tg = 1e30, th = 1e30, tm = 1e30, t;
        tla_layout_format(&Ls, conv[k].from, 2, N, N, &e);
        tla_layout_format(&Ld, conv[k].to, 2, N, N, &e);
        tla_tensor S = tla_tensor_make(a, 2, &Ls, TLA_POS_GM), D = tla_tensor_make(b, 2, &Ld, TLA_POS_L1);
        for (int r = 0; r < RUNS; r++) {
            t = now();
            tla_copy(&D, &S, &e);
            t = now() - t;
            if (t < tg) tg = t;
            t = now();
            conv[k].hand(c, a);
            t = now() - t;
            if (t < th) th = t;
            t = now();
            memcpy(c, a, bytes);
            t = now() - t;
            if (t < tm) tm = t;
        }
        conv[k].hand(c, a); /* the two results must agree */
        if (memcmp(b, c, bytes) != 0) {
            printf("%-16s generic and hand results differ\n", conv[k].name);
            status = 1;
        }
        printf("%-16s %7.2f GB/s %5.2f GB/s %5.2f GB/s %9.2f %14.2f\n", conv[k].name, bytes / tg / 1e9,
               bytes / th / 1e9, bytes / tm / 1e9, th / tg, tm / tg);
    }
    free(a);
    free(b);
    free(c);
    return status;
}
