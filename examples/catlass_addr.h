/* examples/catlass_addr.h - the hot addresses of the CATLASS port (examples/catlass_matmul.c),
 * written with the CATLASS names over static and mixed tensors (lib_) and by hand (hand_).
 *
 * make bench compiles this file alone (bench/run.sh, "catlass port") and counts the
 * instructions of each pair with gcc and clang -O2; the port checks lib_ == hand_ at every
 * address it uses.  The tile shapes are the port's: an L1 tile of L1_M x L1_K halves (zN),
 * L0 tiles of L0_M x L0_K (zZ for A, nZ for B), L0C fractals of 16 x 16 floats.
 *
 *   lib_l1a_elem     element (r, c) of the L0-sized tile at column k0 of the static L1 zN tile
 *                    of A (GetTile of a static tensor at a run-time coordinate): the source
 *                    address of the L1 -> L0A copy
 *   lib_l0a_elem     element (r, c) of the static L0A zZ tensor: the destination of that copy
 *   lib_l1b_elem     element (r, c) of the L0-sized tile at row k0 of the static L1 zN tile of B
 *   lib_l0b_elem     element (r, c) of the static L0B nZ tensor
 *   lib_gm_tile_elem element (r, c) of the L1 tile at (m0, k0) of the mixed RowMajor A in global
 *                    memory (run-time extents, int64_t strides): the GM -> L1 copy's source
 *   lib_l0c_elem     element (r, c) of the static L0C tensor (zN of 16 x 16 float fractals)
 */
#ifndef CATLASS_ADDR_H
#define CATLASS_ADDR_H
#include <stdint.h>
#include "tla/compat.h"

/* make bench defines CATLASS_ADDR_FN empty, to count each function's own instructions */
#ifndef CATLASS_ADDR_FN
#define CATLASS_ADDR_FN static inline
#endif
enum { L1_M = 64, L1_N = 64, L1_K = 64, L0_M = 64, L0_N = 64, L0_K = 32 };
typedef uint16_t half;

/* ---- with the CATLASS names: what a port writes ---- */
CATLASS_ADDR_FN half *lib_l1a_elem(half *l1a, uint32_t k0, uint32_t r, uint32_t c) {
    tla_auto tensorL1A = MakeTensor(l1a, MakeLayout(half, zN, Int(L1_M), Int(L1_K)), PositionL1);
    tla_auto tileL1A = GetTile(tensorL1A, MakeCoord(0u, k0), MakeShape(Int(L0_M), Int(L0_K)));
    return tla_tensor_elem(tileL1A, r, c);
}
CATLASS_ADDR_FN half *lib_l0a_elem(half *l0a, uint32_t r, uint32_t c) {
    tla_auto tensorL0A = MakeTensor(l0a, MakeLayout(half, zZ, Int(L0_M), Int(L0_K)), PositionL0A);
    return tla_tensor_elem(tensorL0A, r, c);
}
CATLASS_ADDR_FN half *lib_l1b_elem(half *l1b, uint32_t k0, uint32_t r, uint32_t c) {
    tla_auto tensorL1B = MakeTensor(l1b, MakeLayout(half, zN, Int(L1_K), Int(L1_N)), PositionL1);
    tla_auto tileL1B = GetTile(tensorL1B, MakeCoord(k0, 0u), MakeShape(Int(L0_K), Int(L0_N)));
    return tla_tensor_elem(tileL1B, r, c);
}
CATLASS_ADDR_FN half *lib_l0b_elem(half *l0b, uint32_t r, uint32_t c) {
    tla_auto tensorL0B = MakeTensor(l0b, MakeLayout(half, nZ, Int(L0_K), Int(L0_N)), PositionL0B);
    return tla_tensor_elem(tensorL0B, r, c);
}
CATLASS_ADDR_FN half *lib_gm_tile_elem(half *a, uint32_t m, uint32_t k, uint32_t m0, uint32_t k0, uint32_t r,
                                       uint32_t c) {
    tla_auto tensorA = MakeTensor(a, MakeLayout(half, RowMajor, m, k), PositionGM);
    tla_auto tileA = GetTile(tensorA, MakeCoord(m0, k0), MakeShape(Int(L1_M), Int(L1_K)));
    return tla_tensor_elem(tileA, r, c);
}
CATLASS_ADDR_FN float *lib_l0c_elem(float *l0c, uint32_t r, uint32_t c) {
    tla_auto tensorL0C = MakeTensor(l0c, MakeLayoutL0C(Int(L0_M), Int(L0_N)), PositionL0C);
    return tla_tensor_elem(tensorL0C, r, c);
}

/* ---- by hand: the fractal arithmetic a kernel author writes (C0 = 16 halves) ---- */
CATLASS_ADDR_FN half *hand_l1a_elem(half *l1a, uint32_t k0, uint32_t r, uint32_t c) {
    uint32_t cc = k0 + c; /* zN: 16 x 16 fractals, column-major fractals of L1_M rows */
    return l1a + r % 16 * 16 + r / 16 * 256 + cc % 16 + cc / 16 * (L1_M * 16);
}
CATLASS_ADDR_FN half *hand_l0a_elem(half *l0a, uint32_t r, uint32_t c) {
    return l0a + r % 16 * 16 + r / 16 * (L0_K * 16) + c % 16 + c / 16 * 256; /* zZ */
}
CATLASS_ADDR_FN half *hand_l1b_elem(half *l1b, uint32_t k0, uint32_t r, uint32_t c) {
    uint32_t rr = k0 + r;
    return l1b + rr % 16 * 16 + rr / 16 * 256 + c % 16 + c / 16 * (L1_K * 16);
}
CATLASS_ADDR_FN half *hand_l0b_elem(half *l0b, uint32_t r, uint32_t c) {
    return l0b + r % 16 + r / 16 * (L0_N * 16) + c % 16 * 16 + c / 16 * 256; /* nZ */
}
CATLASS_ADDR_FN half *hand_gm_tile_elem(half *a, uint32_t m, uint32_t k, uint32_t m0, uint32_t k0, uint32_t r,
                                        uint32_t c) {
    (void)m;
    return a + (int64_t)(m0 + r) * k + (k0 + c);
}
CATLASS_ADDR_FN float *hand_l0c_elem(float *l0c, uint32_t r, uint32_t c) {
    return l0c + r % 16 * 16 + r / 16 * 256 + c % 16 + c / 16 * (L0_M * 16);
}
#endif
