/* examples/catlass_kernel.h - CATLASS's BasicMatmul TLA kernel with the CATLASS names over static
 * and mixed tensors (see examples/catlass_matmul.c, which runs it): DEFINE_BASIC_MATMUL(name, TM,
 * TN, TK, T0K) defines the kernel for one tile configuration. */
#ifndef CATLASS_KERNEL_H
#define CATLASS_KERNEL_H
#include "examples/catlass_addr.h"

/* The kernel is one macro, laid out by hand. */
/* clang-format off */

/* The kernel for one tile configuration: L1TileShape (TM, TN, TK), L0 K tile T0K (L0TileShape is
 * (TM, TN, T0K), as in CATLASS's BasicMatmul example).  TM, TN, TK, T0K: multiples of 16. */
#define DEFINE_BASIC_MATMUL(NAME, TM, TN, TK, T0K) \
    static half NAME##_l1A[2][TM * TK], NAME##_l1B[2][TK * TN], NAME##_l0A[TM * T0K], NAME##_l0B[T0K * TN]; \
    static float NAME##_l0C[TM * TN]; \
    static void NAME(uint32_t m, uint32_t n, uint32_t k, half *gmA, half *gmB, float *gmC) { \
        tla_auto tensorA = MakeTensor(gmA, MakeLayout(half, RowMajor, m, k), PositionGM); \
        tla_auto tensorB = MakeTensor(gmB, MakeLayout(half, RowMajor, k, n), PositionGM); \
        tla_auto tensorC = MakeTensor(gmC, MakeLayout(float, RowMajor, m, n), PositionGM); \
        uint32_t mBlocks = CeilDiv(m, TM), nBlocks = CeilDiv(n, TN), kTiles = CeilDiv(k, TK); \
        for (uint32_t block = 0; block < mBlocks * nBlocks; block++) { \
            uint32_t bm = block / nBlocks, bn = block % nBlocks; \
            tla_auto tileC = GetTile(tensorC, MakeCoord(bm * TM, bn * TN), MakeShape(Int(TM), Int(TN))); \
            uint32_t mActual = (uint32_t)originShape(tileC, 0), nActual = (uint32_t)originShape(tileC, 1); \
            tla_auto tensorL0C = MakeTensor(NAME##_l0C, MakeLayoutL0C(Int(TM), Int(TN)), PositionL0C); \
            /* BlockMmad: the K loop, each L1 tile in the L1 buffer after the last one's */ \
            for (uint32_t kt = 0; kt < kTiles; kt++) { \
                half *l1a = NAME##_l1A[kt % 2], *l1b = NAME##_l1B[kt % 2]; \
                tla_auto tileA = GetTile(tensorA, MakeCoord(bm * TM, kt * TK), MakeShape(Int(TM), Int(TK))); \
                tla_auto tileB = GetTile(tensorB, MakeCoord(kt * TK, bn * TN), MakeShape(Int(TK), Int(TN))); \
                tla_auto tensorL1A = MakeTensor(l1a, MakeLayout(half, zN, Int(TM), Int(TK)), PositionL1); \
                tla_auto tensorL1B = MakeTensor(l1b, MakeLayout(half, zN, Int(TK), Int(TN)), PositionL1); \
                uint32_t kActual = (uint32_t)originShape(tileA, 1); \
                copy_gm_to_l1(TM, TK, tla_tensor_elem(tensorL1A, r, c), tla_tensor_elem(tileA, r, c), mActual, kActual); \
                copy_gm_to_l1(TK, TN, tla_tensor_elem(tensorL1B, r, c), tla_tensor_elem(tileB, r, c), kActual, nActual); \
                /* the L0 loop over the L1 tile's K */ \
                for (uint32_t k0 = 0; k0 < kActual; k0 += T0K) { \
                    uint32_t k0Actual = kActual - k0 < T0K ? kActual - k0 : T0K; \
                    tla_auto tileL1A = GetTile(tensorL1A, MakeCoord(0u, k0), MakeShape(Int(TM), Int(T0K))); \
                    tla_auto tileL1B = GetTile(tensorL1B, MakeCoord(k0, 0u), MakeShape(Int(T0K), Int(TN))); \
                    tla_auto tensorL0A = MakeTensor(NAME##_l0A, MakeLayout(half, zZ, Int(TM), Int(T0K)), PositionL0A); \
                    tla_auto tensorL0B = MakeTensor(NAME##_l0B, MakeLayout(half, nZ, Int(T0K), Int(TN)), PositionL0B); \
                    copy_l1_to_l0(TM, T0K, tla_tensor_elem(tensorL0A, r, c), tla_tensor_elem(tileL1A, r, c)); \
                    copy_l1_to_l0(T0K, TN, tla_tensor_elem(tensorL0B, r, c), tla_tensor_elem(tileL1B, r, c)); \
                    /* TileMmad: L0C (+)= L0A x L0B over the real m, n, k (the first k tile initialises) */ \
                    int init = kt == 0 && k0 == 0; \
                    for (uint32_t r = 0; r < mActual; r++) \
                        for (uint32_t c = 0; c < nActual; c++) { \
                            float *pc = tla_tensor_elem(tensorL0C, r, c), acc = init ? 0.0f : *pc; \
                            for (uint32_t q = 0; q < k0Actual; q++) \
                                acc += (float)*tla_tensor_elem(tensorL0A, r, q) * (float)*tla_tensor_elem(tensorL0B, q, c); \
                            *pc = acc; \
                        } \
                } \
            } \
            /* copy L0C -> GM: the real extent of the C tile */ \
            for (uint32_t r = 0; r < mActual; r++) \
                for (uint32_t c = 0; c < nActual; c++) *tla_tensor_elem(tileC, r, c) = *tla_tensor_elem(tensorL0C, r, c); \
        } \
    }

/* TileCopyTla GM -> L1: the tile's real rows x cols, the rest of the fractal buffer zero (dst, src:
 * element expressions of r and c). */
#define copy_gm_to_l1(ROWS, COLS, dst, src, rows, cols) \
    for (uint32_t r = 0; r < (ROWS); r++) \
        for (uint32_t c = 0; c < (COLS); c++) *(dst) = r < (rows) && c < (cols) ? *(src) : 0
/* LoadData L1 -> L0A / L0B: the whole L0 tile (what the L1 tile does not have is its zeros) */
#define copy_l1_to_l0(ROWS, COLS, dst, src) \
    for (uint32_t r = 0; r < (ROWS); r++) \
        for (uint32_t c = 0; c < (COLS); c++) *(dst) = *(src)

/* clang-format on */
#endif
