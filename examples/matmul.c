/* examples/matmul.c - an Ascend-style matmul: C = A x B with half inputs and float
 * accumulators, moving data through the cube's formats with tla_copy only.
 *
 *   GM  A  (M x K, RowMajor, half) --copy--> L1 zN --copy--> L0A zZ  \
 *                                                                     16x16x16 fractal MMA --> L0C (float)
 *   GM  B  (K x N, RowMajor, half) --copy--> L1 zN --copy--> L0B nZ  /
 *   L0C (M x N) --copy--> GM C (RowMajor, float)
 *
 * M, K, N = 100, 70, 90 are not multiples of 16, so every buffer has padding, the tail
 * tiles are partial, and the copies must leave the padding alone (it is zero, so the
 * fractal multiply can run over whole fractals).  The result is checked against a naive
 * matmul; the inputs are small integers, so the check is exact.
 */
#include <stdint.h>
#include <stdlib.h>
#include "tla.h"

typedef uint16_t half; /* IEEE binary16 bits, converted in software below */

static float half_to_float(half h) {
    uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 31u, man = h & 1023u, bits;
    float f;
    if (exp == 0 && man == 0)
        bits = sign;
    else if (exp == 0) { /* subnormal */
        int e = -1;
        do {
            man <<= 1;
            e++;
        } while (!(man & 1024u));
        bits = sign | (uint32_t)(127 - 15 - e) << 23 | (man & 1023u) << 13;
    } else if (exp == 31)
        bits = sign | 0x7f800000u | man << 13;
    else
        bits = sign | (exp - 15 + 127) << 23 | man << 13;
    memcpy(&f, &bits, sizeof f);
    return f;
}
static half float_to_half(float f) { /* exact for the small integers used here */
    uint32_t bits, sign, exp, man;
    memcpy(&bits, &f, sizeof bits);
    sign = bits >> 31, exp = (bits >> 23) & 255u, man = bits & 0x7fffffu;
    if (exp == 0) return (half)(sign << 15);
    return (half)(sign << 15 | (exp - 127 + 15) << 10 | man >> 13);
}

/* A zero-filled buffer for a layout (padding must read as 0 in the multiply). */
static tla_tensor buffer(enum tla_format f, int bytes, int64_t rows, int64_t cols, enum tla_position pos) {
    tla_layout L;
    tla_error e;
    int64_t n = 0;
    tla_layout_format(&L, f, bytes, rows, cols, &e);
    tla_layout_cosize(&n, &L, &e);
    return tla_tensor_make(calloc((size_t)n, (size_t)bytes), bytes, &L, pos);
}

static int copy(tla_tensor *dst, const tla_tensor *src) {
    tla_error e;
    if (tla_copy(dst, src, &e) == 0) return 0;
    printf("copy failed: %s\n", e.msg);
    return -1;
}

int main(void) {
    enum { M = 100, K = 70, N = 90 };
    tla_tensor gA = buffer(TLA_ROW_MAJOR, 2, M, K, TLA_POS_GM), gB = buffer(TLA_ROW_MAJOR, 2, K, N, TLA_POS_GM);
    tla_tensor l1A = buffer(TLA_ZN, 2, M, K, TLA_POS_L1), l0A = buffer(TLA_ZZ, 2, M, K, TLA_POS_L0A);
    tla_tensor l1B = buffer(TLA_ZN, 2, K, N, TLA_POS_L1), l0B = buffer(TLA_NZ, 2, K, N, TLA_POS_L0B);
    tla_tensor l0C = buffer(TLA_L0C, 4, M, N, TLA_POS_L0C), gC = buffer(TLA_ROW_MAJOR, 4, M, N, TLA_POS_GM);
    static float want[M][N];
    int64_t i, j, k, bi, bj, bk, wrong = 0, nonzero = 0;

    /* inputs in GM: small integers, stored as half */
    for (i = 0; i < M; i++)
        for (k = 0; k < K; k++) *(half *)tla_tensor_at2(&gA, i, k) = float_to_half((float)((i + 2 * k) % 5 - 1));
    for (k = 0; k < K; k++)
        for (j = 0; j < N; j++) *(half *)tla_tensor_at2(&gB, k, j) = float_to_half((float)((3 * k + j) % 4 - 1));

    /* GM -> L1 -> L0A / L0B: the only data movement, through layouts */
    if (copy(&l1A, &gA) || copy(&l0A, &l1A) || copy(&l1B, &gB) || copy(&l0B, &l1B)) return 1;

    /* the cube: for each 16x16 block of C, accumulate 16x16x16 fractal products.  Fractal
     * bases come from the layouts; inside a fractal, zZ is row-major (A[r][k] at r*16+k),
     * nZ column-major (B[k][c] at k+c*16), L0C row-major (C[r][c] at r*16+c). */
    for (bi = 0; bi < M; bi += 16)
        for (bj = 0; bj < N; bj += 16) {
            float *c = tla_tensor_at2(&l0C, bi, bj);
            for (bk = 0; bk < K; bk += 16) {
                const half *a = tla_tensor_at2(&l0A, bi, bk), *b = tla_tensor_at2(&l0B, bk, bj);
                for (int r = 0; r < 16; r++)
                    for (int col = 0; col < 16; col++) {
                        float s = 0;
                        for (int kk = 0; kk < 16; kk++)
                            s += half_to_float(a[r * 16 + kk]) * half_to_float(b[kk + col * 16]);
                        c[r * 16 + col] += s;
                    }
            }
        }

    /* L0C -> GM C (RowMajor float), only the real M x N elements */
    if (copy(&gC, &l0C)) return 1;

    /* check against the naive product */
    for (i = 0; i < M; i++)
        for (j = 0; j < N; j++) {
            float s = 0;
            for (k = 0; k < K; k++)
                s += half_to_float(*(half *)tla_tensor_at2(&gA, i, k))
                     * half_to_float(*(half *)tla_tensor_at2(&gB, k, j));
            want[i][j] = s;
            wrong += *(float *)tla_tensor_at2(&gC, i, j) != s;
            nonzero += s != 0;
        }
    printf("matmul %dx%dx%d through RowMajor -> zN -> zZ/nZ -> L0C -> RowMajor: ", M, K, N);
    if (wrong)
        printf("%lld elements differ\n", (long long)wrong);
    else
        printf("matches the naive matmul (%lld of %d results non-zero, C[1][2] = %.0f)\n", (long long)nonzero, M * N,
               (double)want[1][2]);
    free(gA.data), free(gB.data), free(l1A.data), free(l0A.data), free(l1B.data), free(l0B.data);
    free(l0C.data), free(gC.data);
    return wrong != 0;
}
