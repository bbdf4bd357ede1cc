/* tests/test_tiles.c - static and mixed tiles (tla_tile_at) at every origin of a ragged
 * parent, for every format and element size, on fractal boundaries or not: tile element c
 * is parent element origin + c, and the tile is cropped to the parent's extent.  (The
 * run-time tiles and copies through them are tested in test_tensor.c.) */
#include <stdint.h>
#include "tla.h"
#include "check.h"
#include "tile_loops.h"

#define S(n) TLA_C(n)

static const int64_t tile_sizes[][2] = {{16, 16}, {7, 5}, {1, 33}, {32, 64}, {40, 40}};
enum { NTILES = sizeof tile_sizes / sizeof tile_sizes[0] };

/* One function per parent layout: every tile extent above (run-time values) at every origin. */
#define TILE_CHECK(name, PARENT) \
    static int name(void) { \
        tla_auto P = PARENT; \
        tla_layout PL = tla_to_layout(P); \
        int64_t R = tla_layout_origin(&PL, 0), C = tla_layout_origin(&PL, 1); \
        int bad = 0; \
        FOR_EACH_TILE(tile_sizes, NTILES, R, C) { \
            tla_auto T = tla_tile_at(P, tla_make_tuple(tr, tc), tla_make_tuple(r0, c0)); \
            tla_layout rt = tla_to_layout(T); \
            bad += tla_layout_origin(&rt, 0) != er || tla_layout_origin(&rt, 1) != ec; \
            for (int64_t i = 0; i < er; i++) \
                for (int64_t j = 0; j < ec; j++) \
                    bad += \
                        tla_crd2offset(tla_make_tuple(i, j), T) != tla_crd2offset(tla_make_tuple(r0 + i, c0 + j), P); \
        } \
        if (bad) printf("  %s: %d wrong\n", #PARENT, bad); \
        return bad; \
    }

TILE_CHECK(row_major, tla_row_major(S(17), S(35)))
TILE_CHECK(column_major, tla_column_major(S(17), S(35)))
TILE_CHECK(zN_1, tla_zN(uint8_t, S(17), S(35)))
TILE_CHECK(zN_2, tla_zN(tla_half, S(17), S(35)))
TILE_CHECK(zN_4, tla_zN(float, S(17), S(35)))
TILE_CHECK(zZ_1, tla_zZ(uint8_t, S(17), S(35)))
TILE_CHECK(zZ_2, tla_zZ(tla_half, S(17), S(35)))
TILE_CHECK(zZ_4, tla_zZ(float, S(17), S(35)))
TILE_CHECK(nZ_1, tla_nZ(uint8_t, S(17), S(35)))
TILE_CHECK(nZ_2, tla_nZ(tla_half, S(17), S(35)))
TILE_CHECK(nZ_4, tla_nZ(float, S(17), S(35)))
TILE_CHECK(nN_1, tla_nN(uint8_t, S(17), S(35)))
TILE_CHECK(nN_2, tla_nN(tla_half, S(17), S(35)))
TILE_CHECK(nN_4, tla_nN(float, S(17), S(35)))
TILE_CHECK(l0c, tla_l0c(S(17), S(35)))
/* mixed: run-time sizes, static fractals */
static int dyn_rows = 17, dyn_cols = 35;
TILE_CHECK(zN_2_dynamic, tla_zN(tla_half, dyn_rows, dyn_cols))
TILE_CHECK(nZ_1_dynamic, tla_nZ(uint8_t, dyn_rows, dyn_cols))

/* The reproducer, all static: tile element (0,8) of the (16,16) tile at (0,8) of a
 * 32x48 half zN is parent element (0,16), offset 512, as a constant expression; a tile of
 * a tile adds both coordinates. */
static void static_tiles_are_constant(void) {
    tla_auto Z = tla_zN(tla_half, S(32), S(48));
    tla_auto T = tla_tile_at(Z, tla_make_tuple(S(16), S(16)), tla_make_tuple(S(0), S(8)));
    _Static_assert(tla_crd2offset_const(tla_make_tuple(S(0), S(8)), T) == 512, "tile element (0,8) is parent (0,16)");
    _Static_assert(tla_crd2offset_const(tla_make_tuple(S(0), S(7)), T) == 15, "tile element (0,7) is parent (0,15)");
    tla_auto T2 = tla_tile_at(T, tla_make_tuple(S(8), S(8)), tla_make_tuple(S(3), S(5)));
    _Static_assert(tla_crd2offset_const(tla_make_tuple(S(1), S(2)), T2) == 4 * 16 + 15, "(3,8) + (1,2) + (0,5)");
    CHECK_EQ(tla_crd2offset(tla_make_tuple(1, 3), T2), tla_crd2offset(tla_make_tuple(4, 16), Z));
    /* a tile of a tile whose static coordinates sum past TLA_STATIC_MAX keeps the sum as a
     * run-time value (rows of a 2^30 - 8 x 1 row-major layout) */
    tla_auto Rm = tla_row_major(S(1073741816), S(1));
    tla_auto R1 = tla_tile_at(Rm, tla_make_tuple(S(16), S(1)), tla_make_tuple(S(600000000), S(0)));
    tla_auto R2 = tla_tile_at(R1, tla_make_tuple(S(8), S(1)), tla_make_tuple(S(500000000), S(0)));
    CHECK_EQ(tla_crd2offset(tla_make_tuple(3, 0), R2), 1100000003LL);
    /* zZ / nZ tiles at (8,0) and nN at (0,8), from the issue */
    tla_auto A = tla_zZ(tla_half, S(32), S(48));
    tla_auto TA = tla_tile_at(A, tla_make_tuple(S(16), S(16)), tla_make_tuple(S(8), S(0)));
    CHECK_EQ(tla_crd2offset(tla_make_tuple(8, 0), TA), tla_crd2offset(tla_make_tuple(16, 0), A));
    tla_auto B = tla_nZ(tla_half, S(32), S(48));
    tla_auto TB = tla_tile_at(B, tla_make_tuple(S(16), S(16)), tla_make_tuple(S(8), S(0)));
    CHECK_EQ(tla_crd2offset(tla_make_tuple(8, 0), TB), tla_crd2offset(tla_make_tuple(16, 0), B));
    tla_auto N = tla_nN(tla_half, S(32), S(48));
    tla_auto TN = tla_tile_at(N, tla_make_tuple(S(16), S(16)), tla_make_tuple(S(0), S(8)));
    CHECK_EQ(tla_crd2offset(tla_make_tuple(0, 8), TN), tla_crd2offset(tla_make_tuple(0, 16), N));
}

/* A tile past the parent's originShape is empty (extent 0), as in CATLASS, static and run-time. */
static void empty_tiles(void) {
    tla_auto Z = tla_zN(tla_half, TLA_C(32), TLA_C(48));
    tla_layout t = tla_to_layout(tla_tile_at(Z, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(40, 8)));
    CHECK_EQ(tla_layout_origin(&t, 0), 0);
    CHECK_EQ(tla_layout_origin(&t, 1), 16);
    static uint16_t mem[32 * 48], src[16 * 16];
    tla_layout L = tla_to_layout(Z), Ls;
    tla_error e;
    tla_tensor A = tla_tensor_make(mem, 2, &L, TLA_POS_L1), T, S;
    int64_t tv[2] = {16, 16}, cv[2] = {32, 0};
    tla_tuple tile, crd;
    tla__flat_tuple(&tile, 2, tv, 0);
    tla__flat_tuple(&crd, 2, cv, 0);
    CHECK_EQ(tla_tensor_tile(&T, &A, &tile, &crd, &e), 0); /* at the edge: empty */
    CHECK_EQ(tla_tensor_extent(&T, 0), 0);
    tla_layout_format(&Ls, TLA_ROW_MAJOR, 2, 0, 16, &e);
    S = tla_tensor_make(src, 2, &Ls, TLA_POS_GM);
    CHECK_EQ(tla_copy(&T, &S, &e), 0); /* copies nothing */
    cv[0] = 64;
    tla__flat_tuple(&crd, 2, cv, 0);
    CHECK_EQ(tla_tensor_tile(&T, &A, &tile, &crd, &e), 0); /* past it: empty too */
    CHECK_EQ(tla_tensor_extent(&T, 0), 0);
}

/* Coordinates, extents and parents of unsigned type (as kernel loops write them): the crop of
 * tile_at mixes them with static values, and must neither warn (-Wsign-compare) nor wrap. */
static void unsigned_tiles(void) {
    unsigned rows = 40, cols = 35;
    tla_auto Z = tla_zN(tla_half, rows, cols);
    for (unsigned r0 = 0; r0 < 48; r0 += 8)
        for (unsigned c0 = 0; c0 < 48; c0 += 8) {
            tla_layout t = tla_to_layout(tla_tile_at(Z, tla_make_tuple(16u, TLA_C(16)), tla_make_tuple(r0, c0)));
            CHECK_EQ(tla_layout_origin(&t, 0), r0 >= rows ? 0 : rows - r0 < 16 ? rows - r0 : 16);
            CHECK_EQ(tla_layout_origin(&t, 1), c0 >= cols ? 0 : cols - c0 < 16 ? cols - c0 : 16);
        }
}

int main(void) {
    empty_tiles();
    unsigned_tiles();
    int (*const checks[])(void) = {row_major, column_major, zN_1, zN_2, zN_4, zZ_1, zZ_2,         zZ_4,        nZ_1,
                                   nZ_2,      nZ_4,         nN_1, nN_2, nN_4, l0c,  zN_2_dynamic, nZ_1_dynamic};
    for (size_t k = 0; k < sizeof checks / sizeof checks[0]; k++) CHECK_EQ(checks[k](), 0);
    static_tiles_are_constant();
    CHECK_DONE();
}
