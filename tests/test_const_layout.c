/* tests/test_const_layout.c - TLA_CONST_LAYOUT: constant layouts at file scope (and in a
 * block) are the layouts tla_make_layout makes: the same constant queries, the same offset at
 * every coordinate, the same printed form and run-time conversion, and they work where a layout
 * does (get, tiles, static tensors, the compat names).  The constant formats (TLA_CONST_ZN ...)
 * are the formats of static extents, originShape and element size included. */
#include <stdint.h>
#include "tla/compat.h"
#include "check.h"

#define S(n) TLA_C(n)

/* The Ascend zN half layout of 32 x 48, the seed's layouts (compat spelling), a deep one, rank 1. */
TLA_CONST_LAYOUT(kZn, tla_make_tuple(tla_make_tuple(S(16), S(2)), tla_make_tuple(S(16), S(3))),
                 tla_make_tuple(tla_make_tuple(S(16), S(256)), tla_make_tuple(S(1), S(512))));
TLA_CONST_LAYOUT(kW2xH4, MakeShape(_2, _4), MakeStride(_12, _1));
TLA_CONST_LAYOUT(kSeedZn, MakeShape(MakeShape(_4, _2), MakeShape(_4, _3)),
                 MakeStride(MakeStride(_4, _16), MakeStride(_1, _32)));
TLA_CONST_LAYOUT(kDeep, tla_make_tuple(tla_make_tuple(S(2), tla_make_tuple(S(2), S(3))), S(5)),
                 tla_make_tuple(tla_make_tuple(S(1), tla_make_tuple(S(2), S(4))), S(12)));
TLA_CONST_LAYOUT(kVec, tla_make_tuple(S(7)), tla_make_tuple(S(3)));
TLA_CONST_LAYOUT(kUnused, tla_make_tuple(S(1)), tla_make_tuple(S(1))); /* no warning when unused */

/* A constant layout C against the same layout made in the function, M: constant queries,
 * every offset (by (r, c) and by a single index), the printed form and the run-time layout. */
#define SAME_AS_MADE(C, SHAPE, STRIDE) \
    do { \
        tla_auto M = tla_make_layout(SHAPE, STRIDE); \
        _Static_assert(tla_size(C) == tla_size(M) && tla_cosize(C) == tla_cosize(M), "size, cosize"); \
        _Static_assert(tla_rank(C) == tla_rank(M) && tla_depth(C) == tla_depth(M), "rank, depth"); \
        char pc[128], pm[128]; \
        tla_snprint(pc, sizeof pc, C); \
        tla_snprint(pm, sizeof pm, M); \
        CHECK_STR(pc, pm); \
        tla_layout RC = tla_to_layout(C), RM = tla_to_layout(M); \
        CHECK(tla_layout_equal(&RC, &RM)); \
        int bad = 0; \
        for (int i = 0; i < (int)tla_size(M); i++) bad += tla_crd2offset(i, C) != tla_crd2offset(i, M); \
        CHECK_EQ(bad, 0); \
    } while (0)

static void same_as_made(void) {
    SAME_AS_MADE(kZn, tla_make_tuple(tla_make_tuple(S(16), S(2)), tla_make_tuple(S(16), S(3))),
                 tla_make_tuple(tla_make_tuple(S(16), S(256)), tla_make_tuple(S(1), S(512))));
    SAME_AS_MADE(kW2xH4, tla_make_tuple(S(2), S(4)), tla_make_tuple(S(12), S(1)));
    SAME_AS_MADE(kSeedZn, tla_make_tuple(tla_make_tuple(S(4), S(2)), tla_make_tuple(S(4), S(3))),
                 tla_make_tuple(tla_make_tuple(S(4), S(16)), tla_make_tuple(S(1), S(32))));
    SAME_AS_MADE(kDeep, tla_make_tuple(tla_make_tuple(S(2), tla_make_tuple(S(2), S(3))), S(5)),
                 tla_make_tuple(tla_make_tuple(S(1), tla_make_tuple(S(2), S(4))), S(12)));
    SAME_AS_MADE(kVec, tla_make_tuple(S(7)), tla_make_tuple(S(3)));
}

/* (r, c) coordinates against the hand-written zN offset; constant offsets; compat crd2offset. */
static void offsets(void) {
    int bad = 0;
    for (unsigned r = 0; r < 32; r++)
        for (unsigned c = 0; c < 48; c++)
            bad += tla_crd2offset(tla_make_tuple(r, c), kZn) != r % 16 * 16 + r / 16 * 256 + c % 16 + c / 16 * 512;
    CHECK_EQ(bad, 0);
    _Static_assert(tla_crd2offset_const(tla_make_tuple(S(17), S(33)), kZn) == 16 + 256 + 1 + 1024, "constant");
    CHECK_EQ(crd2offset(MakeCoord(1, 3), shape(kW2xH4), stride(kW2xH4)), 15);
    CHECK_EQ(tla_crd2offset(tla_make_tuple(5, 7), kSeedZn), 1 * 4 + 1 * 16 + 3 + 1 * 32);
}

/* Parts, tiles and static tensors of a constant layout; one declared in a block. */
static void uses(void) {
    static uint16_t buf[1536];
    _Static_assert(tla_size(tla_get(kZn, 1)) == 48, "get of a constant layout");
    _Static_assert(tla_value(tla_get(tla_stride(kZn), 1, 1)) == 512, "a constant stride");
    tla_auto A = tla_make_static_tensor(buf, kZn);
    _Static_assert(sizeof A == sizeof(uint16_t *), "an all-static tensor is its pointer");
    CHECK(tla_tensor_elem(A, 17, 33) == buf + 16 + 256 + 1 + 1024);
    tla_auto T = tla_tensor_tile_at(A, tla_make_tuple(S(16), S(16)), tla_make_tuple(0, 8));
    CHECK(tla_tensor_elem(T, 0, 8) == tla_tensor_elem(A, 0, 16));
    TLA_CONST_LAYOUT(kLocal, tla_make_tuple(S(8), S(4)), tla_make_tuple(S(4), S(1)));
    _Static_assert(tla_cosize(kLocal) == 32, "a block-scope constant layout");
    CHECK_EQ(tla_crd2offset(tla_make_tuple(3, 2), kLocal), 14);
}

/* Every constant format against the format made of static extents, for element types of 1, 2,
 * 4 bytes and 4 bits, at aligned and ragged extents. */
/* clang-format off */
#define FORMAT_CASES(X) \
    X(ZN, zN, uint8_t, 37, 70) X(ZN, zN, tla_half, 100, 48) X(ZN, zN, float, 16, 8) X(ZN, zN, tla_int4, 20, 130) \
    X(ZZ, zZ, uint8_t, 37, 70) X(ZZ, zZ, tla_half, 100, 48) X(ZZ, zZ, float, 33, 9) \
    X(NZ, nZ, uint8_t, 37, 70) X(NZ, nZ, tla_half, 100, 48) X(NZ, nZ, float, 33, 9) \
    X(NN, nN, uint8_t, 37, 70) X(NN, nN, tla_half, 100, 48) X(NN, nN, float, 64, 64)
/* clang-format on */
#define DECLARE_FORMAT(F, f, T, R, C) TLA_CONST_##F(k_##f##_##R##_##C##_##T, T, R, C);
FORMAT_CASES(DECLARE_FORMAT)
TLA_CONST_ROW_MAJOR(kRow, 5, 7);
TLA_CONST_COLUMN_MAJOR(kCol, 37, 3);

/* C (constant) against M (made in the function): constant queries, the run-time form (shape,
 * stride, originShape), the printed form, every offset of the extent, the element size a
 * static tensor checks, and a tile off the fractal boundaries. */
#define SAME_FORMAT(C, M, R, Cc) \
    do { \
        _Static_assert(tla_size(C) == tla_size(M) && tla_cosize(C) == tla_cosize(M), "size, cosize"); \
        _Static_assert(TLA__LEB(C) == TLA__LEB(M), "the recorded element size"); \
        char pc[128], pm[128]; \
        tla_snprint(pc, sizeof pc, C); \
        tla_snprint(pm, sizeof pm, M); \
        CHECK_STR(pc, pm); \
        tla_layout RC = tla_to_layout(C), RM = tla_to_layout(M); \
        CHECK(tla_layout_equal(&RC, &RM) && RC.has_origin && RC.origin[0] == (R) && RC.origin[1] == (Cc)); \
        int bad = 0; \
        for (int r = 0; r < (R); r++) \
            for (int c = 0; c < (Cc); c++) \
                bad += tla_crd2offset(tla_make_tuple(r, c), C) != tla_crd2offset(tla_make_tuple(r, c), M); \
        tla_auto TC = tla_tile_at(C, tla_make_tuple(TLA_C(5), TLA_C(3)), tla_make_tuple(3, 1)); \
        tla_auto TM = tla_tile_at(M, tla_make_tuple(TLA_C(5), TLA_C(3)), tla_make_tuple(3, 1)); \
        bad += tla_crd2offset(tla_make_tuple(4, 2), TC) != tla_crd2offset(tla_make_tuple(4, 2), TM); \
        CHECK_EQ(bad, 0); \
    } while (0)
#define CHECK_FORMAT(F, f, T, R, C) \
    { \
        tla_auto M = tla_##f(T, TLA_C(R), TLA_C(C)); \
        SAME_FORMAT(k_##f##_##R##_##C##_##T, M, R, C); \
    }

static void formats(void) {
    static uint16_t buf[112 * 48];
    FORMAT_CASES(CHECK_FORMAT)
    SAME_FORMAT(kRow, tla_row_major(TLA_C(5), TLA_C(7)), 5, 7);
    SAME_FORMAT(kCol, tla_column_major(TLA_C(37), TLA_C(3)), 37, 3);
    /* a static tensor of a constant format: its pointer alone, element (17,33) of zN half */
    tla_auto A = tla_make_static_tensor(buf, k_zN_100_48_tla_half);
    _Static_assert(sizeof A == sizeof(uint16_t *), "the pointer alone");
    _Static_assert(tla_cosize(k_zN_100_48_tla_half) == 112 * 48, "padded rows");
    CHECK(tla_tensor_elem(A, 17, 33) == buf + 16 + 256 + 1 + 2 * 1792);
    TLA_CONST_NZ(kLocal, float, 8, 16); /* in a block */
    CHECK_EQ(tla_crd2offset(tla_make_tuple(1, 0), kLocal), 1);
}

int main(void) {
    formats();
    same_as_made();
    offsets();
    uses();
    CHECK_DONE();
}
