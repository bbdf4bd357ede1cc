/* tests/test_compat.c - the seed's snippets (seeds/004, CATLASS TLA) in the opt-in TLA
 * spelling of tla/compat.h, nearly verbatim: Int<2>{} becomes Int(2), `Layout x =` and
 * `auto x =` become `tla_auto x =`, template indices become arguments. */
#include "tla/compat.h"
#include "check.h"

static char out[1024];
#define PRINTED(x) (tla_snprint(out, sizeof out, x), out)

/* Layout w2xh4 = MakeLayout(MakeShape(Int<2>{}, 4), MakeStride(Int<12>{}, Int<1>{})); */
static void seed_layouts(void) {
    tla_auto w2xh4 = MakeLayout(MakeShape(Int(2), 4), MakeStride(Int(12), Int(1)));
    tla_auto w32xh48 =
        MakeLayout(MakeShape(MakeShape(16, 2), MakeShape(16, 3)), MakeStride(MakeStride(16, 256), MakeStride(1, 512)));
    CHECK_STR(PRINTED(w2xh4), "(_2,4):(_12,_1)");
    CHECK_STR(PRINTED(w32xh48), "((16,2),(16,3)):((16,256),(1,512))");
    _Static_assert(rank(w2xh4) == 2 && depth(w2xh4) == 1, "rank and depth are static");
    CHECK_EQ(size(w2xh4), 8);
    CHECK_EQ(cosize(w2xh4), 16);
    CHECK_EQ(rank(w32xh48, 1), 2);
    CHECK_EQ(depth(w32xh48, 1), 1);
    CHECK_STR(PRINTED(shape(w32xh48, 1)), "(16,3)");
    CHECK_STR(PRINTED(stride(w32xh48, 1, 1)), "512");
    CHECK_STR(PRINTED(get(w32xh48, 0)), "(16,2):(16,256)");
    CHECK_STR(PRINTED(MakeShape(2, Int(3))), "(2,_3)");
}

/* The 2x3 matrices and the 4x4-fractal zN of the seed, with their grids. */
static void seed_grids(void) {
    tla_auto row = MakeLayout(MakeShape(2, 3), MakeStride(3, 1));
    tla_auto col = MakeLayout(MakeShape(2, 3), MakeStride(1, 2));
    tla_snprint_layout(out, sizeof out, row);
    CHECK_STR(out, "(2,3):(3,1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n"
                   "    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n");
    tla_snprint_layout(out, sizeof out, col);
    CHECK_STR(out, "(2,3):(1,2)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 2 | 4 |\n"
                   "    +---+---+---+\n 1  | 1 | 3 | 5 |\n    +---+---+---+\n");
}

/* auto shape = Shape<Shape<_4,_2>,Shape<_4,_3>>{};
 * auto stride = Stride<Stride<_4,_16>,Stride<_1,_32>>{};
 * print(crd2offset(tla::MakeCoord(1, 5), shape, stride)); // 37 */
static void seed_crd2offset(void) {
    tla_auto shape = MakeShape(MakeShape(_4, _2), MakeShape(_4, _3));
    tla_auto stride = MakeStride(MakeStride(_4, _16), MakeStride(_1, _32));
    _Static_assert(crd2offset(MakeCoord(_1, _5), shape, stride) == 37, "the seed's offset, at compile time");
    CHECK_EQ(crd2offset(MakeCoord(1, 5), shape, stride), 37);
    tla_auto a = MakeLayout(shape, stride);
    _Static_assert(size(a) == 96, "size");
    _Static_assert(cosize(a) == 96, "cosize");
    _Static_assert(crd2offset(MakeCoord(_1, _5), a) == 37, "crd2offset(coord, layout)");
    _Static_assert(crd2offset(Int(41), a) == 37, "one integer coordinate: 41 = 1 + 8 * 5 is (1, 5)");
    float buf[cosize(a)]; /* a real array, not a VLA: the suite builds with -Werror=vla */
    CHECK_EQ(sizeof buf, 96 * sizeof(float));
    int row = 1, col = 5;
    CHECK_EQ(crd2offset(MakeCoord(row, col), a), 37);
    /* One run-time integer coordinate (clang once refused it: the facts made a compound literal
     * of the coordinate's value where clang wants a constant), on a static and a mixed layout. */
    int idx = 41;
    CHECK_EQ(crd2offset(idx, a), 37);
    tla_auto m = MakeLayout(MakeShape(_4, col), MakeStride(_1, _4));
    CHECK_EQ(crd2offset(idx, m), 41);
    CHECK_EQ(crd2offset(idx - 40, m), 1);
}

/* Layout a0 = MakeLayoutTile(a, MakeShape(4, 4)); // ((4,1),(4,1)):((4,16),(1,32)) */
static void seed_tile(void) {
    tla_auto a =
        MakeLayout(MakeShape(MakeShape(4, 2), MakeShape(4, 3)), MakeStride(MakeStride(4, 16), MakeStride(1, 32)));
    tla_auto a0 = MakeLayoutTile(a, MakeShape(4, 4));
    CHECK_STR(PRINTED(a0), "((4,1),(4,1)):((4,16),(1,32))");
}

static void constants(void) {
    _Static_assert(tla_value(_0) == 0 && tla_value(_32) == 32 && tla_value(_1024) == 1024, "constants");
    _Static_assert(tla_value(Int(-3)) == -3 && tla_value(Int(100000)) == 100000, "Int(N)");
    CHECK_STR(PRINTED(MakeShape(_16, _256, Int(7))), "(_16,_256,_7)");
}

/* CATLASS's helpers and constants: constant expressions, and the run-time forms agree */
static void catlass_helpers(void) {
    _Static_assert(CeilDiv(100, 16) == 7 && RoundUp(100, 16) == 112 && RoundDown(100, 16) == 96, "");
    _Static_assert(BYTE_PER_C0 == 32 && C0_NUM_PER_FRACTAL == 16 && BYTE_PER_FRACTAL == 512, "");
    _Static_assert(ELE_NUM_PER_C0(tla_half) == 16 && ELE_NUM_PER_C0(float) == 8 && ELE_NUM_PER_C0(int8_t) == 32, "");
    _Static_assert(ELE_NUM_PER_FRACTAL(tla_half) == 256, "");
    _Static_assert(isRowMajor(MakeLayout(MakeShape(_4, _8), MakeStride(_8, _1))), "");
    _Static_assert(isColumnMajor(MakeLayout(MakeShape(_4, _8), MakeStride(_1, _4))), "");
    _Static_assert(iszN(tla_half, MakeLayout(MakeShape(MakeShape(_16, _2), MakeShape(_16, _3)),
                                             MakeStride(MakeStride(_16, _256), MakeStride(_1, _512)))),
                   "the seed's zN");
    int bad = 0;
    for (int64_t a = 0; a < 200; a++)
        for (int64_t b = 1; b < 20; b++)
            bad += tla_ceil_div(a, b) != CeilDiv(a, b) || tla_round_up(a, b) != RoundUp(a, b)
                   || tla_round_down(a, b) != RoundDown(a, b) || tla_round_up(a, b) < a || tla_round_down(a, b) > a;
    CHECK_EQ(bad, 0);
}

int main(void) {
    catlass_helpers();
    seed_layouts();
    seed_grids();
    seed_crd2offset();
    seed_tile();
    constants();
    CHECK_DONE();
}
