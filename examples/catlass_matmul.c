/* examples/catlass_matmul.c - CATLASS's BasicMatmul TLA kernel, written with the CATLASS names
 * over static and mixed tensors, on CPU stand-ins for the Ascend buffers and instructions.
 *
 * It follows CATLASS's (github.com/hicann/catlass):
 *   include/catlass/gemm/kernel/basic_matmul_tla.hpp  the kernel: blocks of L1TileShape over C, a
 *                                                      GetTile of A, B and C per block
 *   include/catlass/gemm/block/block_mmad_pingpong_tla.hpp  BlockMmad: the K loop over L1 tiles
 *                                                      (two L1 buffers, used in turn), the L0 loop
 *   include/catlass/gemm/tile/atlasa2/copy_gm_to_l1.hpp, copy_l1_to_l0a.hpp, copy_l1_to_l0b.hpp,
 *   copy_l0c_to_gm.hpp                                 TileCopyTla: GM RowMajor -> L1 zN, L1 zN ->
 *                                                      L0A zZ, L1 zN -> L0B nZ, L0C -> GM RowMajor
 *   include/catlass/gemm/tile/tile_mmad.hpp            TileMmadTla (AscendC::Mmad)
 * The tensors are what CATLASS's are, spelled in C: MakeTensor over a static layout (the L1 and
 * L0 buffers) is a static tensor, the pointer alone; over a layout with run-time extents (the
 * matrices in GM) a mixed one; GetTile of either keeps static strides and a static tile shape,
 * and its originShape (the tail tile's extent) is run-time only where it must be.  Every
 * element address is tla_tensor_elem of such a tensor: the fractal arithmetic a kernel author
 * writes by hand (examples/catlass_addr.h has the hot ones beside hand-written twins, checked
 * equal here and counted by make bench).
 *
 * The "instructions" are element loops on the host: DataCopy / LoadData / Fixpipe become
 * copies that walk a tile's originShape, and padding in the fractal buffers is written as zero
 * (as the Ascend copy pads a partial fractal).  Buffers start as NaN bits, so a result that read
 * an element no copy wrote would show.  Half values are stored as small integers (the host has
 * no half arithmetic; the products and sums stay exact), and C is checked against a naive
 * matmul bit for bit at ragged shapes and several tile shapes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "examples/catlass_kernel.h"

/* The example's configuration; tests/test_catlass_port.c runs two more (every configuration is a
 * few hundred KB of preprocessed text, and this file is held to a second of gcc -O2). */
DEFINE_BASIC_MATMUL(matmul_64_64_64_32, L1_M, L1_N, L1_K, L0_K)
#ifdef CATLASS_MORE_TILES
DEFINE_BASIC_MATMUL(matmul_32_48_64_16, 32, 48, 64, 16)
DEFINE_BASIC_MATMUL(matmul_128_64_32_32, 128, 64, 32, 32)
#endif

/* The hot addresses of the default configuration against their hand-written twins, at every
 * address the kernel forms. */
static long check_addresses(half *gmA, uint32_t m, uint32_t k) {
    static half l1a[L1_M * L1_K], l0a[L0_M * L0_K], l1b[L1_K * L1_N], l0b[L0_K * L0_N];
    static float l0c[L0_M * L0_N];
    long bad = 0;
    for (uint32_t k0 = 0; k0 < L1_K; k0 += L0_K)
        for (uint32_t r = 0; r < L0_M; r++)
            for (uint32_t c = 0; c < L0_K; c++) {
                bad += lib_l1a_elem(l1a, k0, r, c) != hand_l1a_elem(l1a, k0, r, c);
                bad += lib_l1b_elem(l1b, k0, c, r) != hand_l1b_elem(l1b, k0, c, r);
                bad += lib_l0a_elem(l0a, r, c) != hand_l0a_elem(l0a, r, c);
                bad += lib_l0b_elem(l0b, c, r) != hand_l0b_elem(l0b, c, r);
            }
    for (uint32_t r = 0; r < L0_M; r++)
        for (uint32_t c = 0; c < L0_N; c++) bad += lib_l0c_elem(l0c, r, c) != hand_l0c_elem(l0c, r, c);
    for (uint32_t m0 = 0; m0 < m; m0 += L1_M)
        for (uint32_t k0 = 0; k0 < k; k0 += L1_K)
            for (uint32_t r = 0; r < L1_M && m0 + r < m; r++)
                for (uint32_t c = 0; c < L1_K && k0 + c < k; c++)
                    bad += lib_gm_tile_elem(gmA, m, k, m0, k0, r, c) != hand_gm_tile_elem(gmA, m, k, m0, k0, r, c);
    return bad;
}

int main(void) {
    static const uint32_t shapes[][3] = {{100, 70, 90}, {257, 129, 513}, {1, 1, 1}, {33, 17, 1000}};
    typedef void (*kernel_fn)(uint32_t, uint32_t, uint32_t, half *, half *, float *);
#ifdef CATLASS_MORE_TILES
    static const kernel_fn kernels[] = {matmul_64_64_64_32, matmul_32_48_64_16, matmul_128_64_32_32};
    static const char *names[] = {"(64,64,64) L0 K 32", "(32,48,64) L0 K 16", "(128,64,32) L0 K 32"};
#else
    static const kernel_fn kernels[] = {matmul_64_64_64_32};
    static const char *names[] = {"(64,64,64) L0 K 32"};
#endif
    int failed = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        uint32_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
        half *A = malloc(sizeof(half) * m * k), *B = malloc(sizeof(half) * k * n);
        float *C = malloc(sizeof(float) * m * n), *ref = malloc(sizeof(float) * m * n);
        if (!A || !B || !C || !ref) return 2;
        for (uint32_t i = 0; i < m * k; i++) A[i] = (half)(i * 7 % 5);
        for (uint32_t i = 0; i < k * n; i++) B[i] = (half)(i * 3 % 4);
        for (uint32_t i = 0; i < m; i++)
            for (uint32_t j = 0; j < n; j++) {
                float acc = 0;
                for (uint32_t q = 0; q < k; q++) acc += (float)A[i * k + q] * (float)B[q * n + j];
                ref[i * n + j] = acc;
            }
        for (size_t t = 0; t < sizeof kernels / sizeof kernels[0]; t++) {
            for (uint32_t i = 0; i < m * n; i++) memcpy(&C[i], &(uint32_t){0x7fc00000u}, sizeof(float));
            kernels[t](m, n, k, A, B, C);
            int ok = memcmp(C, ref, sizeof(float) * m * n) == 0;
            printf("BasicMatmul %ux%ux%u, L1TileShape %s: %s\n", m, n, k, names[t],
                   ok ? "matches the naive matmul" : "WRONG");
            failed += !ok;
        }
        long bad = check_addresses(A, m, k);
        if (bad) printf("  %ld addresses differ from the hand-written ones\n", bad);
        failed += bad != 0;
        free(A), free(B), free(C), free(ref);
    }
    return failed ? 1 : 0;
}
