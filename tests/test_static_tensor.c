/* tests/test_static_tensor.c - static and mixed tensors (tla/tensor/static.h): the element
 * type comes from the pointer, an all-static tensor is its pointer alone, element access is
 * the parent's crd2offset, and a tile at every origin of a ragged parent (every format and
 * element size, on fractal boundaries or not) addresses parent element origin + c. */
#include <stdint.h>
#include "tla.h"
#include "check.h"
#include "tile_loops.h"

#define S(n) TLA_C(n)

static const int64_t tile_sizes[][2] = {{16, 16}, {7, 5}, {1, 33}, {32, 64}};
enum { NTILES = sizeof tile_sizes / sizeof tile_sizes[0] };

/* One function per parent: element access against crd2offset, and every tile extent above at
 * every origin: tile element (i, j) is parent element (r0 + i, c0 + j); the tile's extent is
 * cropped to the parent's. */
#define TENSOR_CHECK(name, T, PARENT) \
    static int name(void) { \
        static T buf[64 * 64]; \
        tla_auto L = PARENT; \
        tla_auto A = tla_make_static_tensor(buf, L); \
        tla_layout PL = tla_to_layout(L); \
        int64_t R = tla_layout_origin(&PL, 0), C = tla_layout_origin(&PL, 1); \
        int bad = 0; \
        _Static_assert(_Generic(tla_tensor_data(A), T * : 1, default : 0), "the element type is the pointer's"); \
        for (int64_t r = 0; r < R; r++) \
            for (int64_t c = 0; c < C; c++) \
                bad += tla_tensor_elem(A, r, c) != buf + tla_crd2offset(tla_make_tuple(r, c), L); \
        FOR_EACH_TILE(tile_sizes, NTILES, R, C) { \
            tla_auto TT = tla_tensor_tile_at(A, tla_make_tuple(tr, tc), tla_make_tuple(r0, c0)); \
            tla_layout rt = tla_to_layout(tla_tensor_layout(TT)); \
            bad += tla_layout_origin(&rt, 0) != er || tla_layout_origin(&rt, 1) != ec; \
            for (int64_t i = 0; i < er; i++) \
                for (int64_t j = 0; j < ec; j++) \
                    bad += tla_tensor_elem(TT, i, j) != tla_tensor_elem(A, r0 + i, c0 + j); \
        } \
        if (bad) printf("  %s: %d wrong\n", #PARENT, bad); \
        return bad; \
    }

TENSOR_CHECK(row_major, float, tla_row_major(S(17), S(35)))
TENSOR_CHECK(column_major, uint8_t, tla_column_major(S(17), S(35)))
TENSOR_CHECK(zN_1, uint8_t, tla_zN(uint8_t, S(17), S(35)))
TENSOR_CHECK(zN_2, uint16_t, tla_zN(tla_half, S(17), S(35)))
TENSOR_CHECK(zN_4, float, tla_zN(float, S(17), S(35)))
TENSOR_CHECK(zZ_1, uint8_t, tla_zZ(uint8_t, S(17), S(35)))
TENSOR_CHECK(zZ_2, uint16_t, tla_zZ(tla_half, S(17), S(35)))
TENSOR_CHECK(zZ_4, float, tla_zZ(float, S(17), S(35)))
TENSOR_CHECK(nZ_1, uint8_t, tla_nZ(uint8_t, S(17), S(35)))
TENSOR_CHECK(nZ_2, uint16_t, tla_nZ(tla_half, S(17), S(35)))
TENSOR_CHECK(nZ_4, float, tla_nZ(float, S(17), S(35)))
TENSOR_CHECK(nN_1, uint8_t, tla_nN(uint8_t, S(17), S(35)))
TENSOR_CHECK(nN_2, uint16_t, tla_nN(tla_half, S(17), S(35)))
TENSOR_CHECK(nN_4, float, tla_nN(float, S(17), S(35)))
TENSOR_CHECK(l0c, float, tla_l0c(S(17), S(35)))
/* mixed: run-time sizes, static fractals */
static int dyn_rows = 17, dyn_cols = 35;
TENSOR_CHECK(zN_2_dynamic, uint16_t, tla_zN(tla_half, dyn_rows, dyn_cols))
TENSOR_CHECK(nZ_1_dynamic, uint8_t, tla_nZ(uint8_t, dyn_rows, dyn_cols))

/* Sizes: all static is the pointer; mixed is the pointer and the layout's run-time values, in
 * the common type of the layout's values (int for int extents; a tile's cropped extent is a
 * long long). */
#define PACKED(P, T, n) \
    sizeof(struct { \
        P p; \
        T v[n]; \
    })
static void sizes(void) {
    static float f[100 * 70];
    int n = 70;
    tla_auto A = tla_make_static_tensor(f, tla_zN(float, S(96), S(64)));
    tla_auto B = tla_make_static_tensor(f, tla_make_layout(tla_make_tuple(100, n), tla_make_tuple(n, S(1))));
    CHECK_EQ(sizeof A, sizeof(float *));
    CHECK_EQ(sizeof B, PACKED(float *, int, 3)); /* shape (100, n), stride n */
    CHECK(tla_tensor_elem(B, 3, 4) == f + 3 * 70 + 4);
    CHECK(tla_tensor_elem(B, tla_make_tuple(3, 4)) == f + 3 * 70 + 4); /* a tuple coordinate */
    CHECK(tla_tensor_elem(B, 7) == f + 7 * 70); /* one integer: colexicographic */
    /* the reproducer: (16,16) tile at (0,8) of a 32x48 half zN, element (0,8) */
    static uint16_t h[32 * 48];
    tla_auto Z = tla_make_static_tensor(h, tla_zN(tla_half, S(32), S(48)));
    tla_auto T = tla_tensor_tile_at(Z, tla_make_tuple(S(16), S(16)), tla_make_tuple(S(0), S(8)));
    CHECK(tla_tensor_elem(T, 0, 8) == h + 512);
    tla_auto T2 = tla_tensor_tile_at(T, tla_make_tuple(S(8), S(8)), tla_make_tuple(3, 5)); /* a tile of a tile */
    CHECK(tla_tensor_elem(T2, 1, 2) == tla_tensor_elem(Z, 4, 15));
    /* a tile at a static coordinate of a static tensor is all static (its cropped extent too);
     * else its cropped extent (2 values) and its coordinate when it is not static (2) */
    CHECK_EQ(sizeof T, sizeof(uint16_t *));
    _Static_assert(tla_value(tla_get(tla_tensor_layout(T).tla_o[0], 1)) == 16, "a static originShape");
    CHECK_EQ(sizeof T2, PACKED(uint16_t *, long long, 4));
    /* run-time extents: the fractal counts (2), the stride past the first column of fractals
     * (1) and the extent (2), in the common type of the layout's values (the stride is long long,
     * as CATLASS's int64_t strides are) */
    tla_auto M = tla_make_static_tensor(h, tla_zN(tla_half, dyn_rows, dyn_cols));
    CHECK_EQ(sizeof M, PACKED(uint16_t *, long long, 5));
    CHECK(tla_tensor_elem(M, 16, 17) == h + 16 * 16 + 1 + 16 * 32);
    /* the rebuilt layout is whole: static slots hold their values too (a run-time size reads them) */
    tla_auto ML = tla_tensor_layout(M);
    CHECK_EQ(ML.tla_s[0].v[0], 16);
    CHECK_EQ(ML.tla_s[0].v[1], 2);
    CHECK_EQ(ML.tla_d[0].v[3], 512);
    CHECK_EQ(tla_size(ML), 32 * 48);
    _Static_assert(tla_value(tla_get(tla_stride(tla_tensor_layout(Z)), 0, 1)) == 256, "all static: from the type");
    CHECK_EQ(tla_tensor_layout(T).tla_x[0].v[1], 8); /* a static tile coordinate */
    tla_auto MT = tla_tensor_tile_at(M, tla_make_tuple(S(16), S(16)), tla_make_tuple(dyn_rows - 10, 3));
    CHECK(tla_tensor_elem(MT, 9, 5) == tla_tensor_elem(M, dyn_rows - 1, 8));
}

/* Mixed layouts of every shape of dynamic slots (shape only, stride only, both, nested, rank 1
 * and 3): a tensor's element (one integer, colexicographic) is the layout's crd2offset, and its
 * size is the pointer and one int per run-time slot. */
#define MIXED_CHECK(L, NDYN) MIXED_CHECK_T(L, int, NDYN)
#define MIXED_CHECK_T(L, T, NDYN) \
    do { \
        tla_auto ML = (L); \
        tla_auto MA = tla_make_static_tensor(mbuf, ML); \
        long long mn = tla_size(ML); \
        CHECK_EQ(sizeof MA, PACKED(float *, T, NDYN)); \
        for (long long q = 0; q < mn; q++) mbad += tla_tensor_elem(MA, q) != mbuf + tla_crd2offset(q, ML); \
    } while (0)
static float mbuf[4096];
static void mixed(int a, int b, int c) {
    long mbad = 0;
    MIXED_CHECK(tla_make_layout(tla_make_tuple(a, S(4)), tla_make_tuple(S(1), a)), 2);
    MIXED_CHECK(tla_make_layout(tla_make_tuple(S(3), S(4)), tla_make_tuple(b, S(1))), 1);
    MIXED_CHECK(tla_make_layout(tla_make_tuple(tla_make_tuple(S(2), a), tla_make_tuple(b, S(3))),
                                tla_make_tuple(tla_make_tuple(S(1), S(2)), tla_make_tuple(c, S(200)))),
                3);
    MIXED_CHECK(tla_make_layout(tla_make_tuple(c), tla_make_tuple(S(2))), 1);
    MIXED_CHECK(tla_make_layout(tla_make_tuple(a, S(2), b), tla_make_tuple(S(1), a, c)), 4);
    MIXED_CHECK(tla_make_layout(tla_make_tuple(a, b, c), tla_make_tuple(S(1), a, a * b)), 5);
    /* a format with run-time extents: the fractal counts, a stride and the extent (long long:
     * a format's run-time stride is) */
    MIXED_CHECK_T(tla_nN(float, a + 13, b + 20), long long, 5);
    CHECK_EQ(mbad, 0);
}

int main(void) {
    int bad = row_major() + column_major() + zN_1() + zN_2() + zN_4() + zZ_1() + zZ_2() + zZ_4() + nZ_1() + nZ_2()
              + nZ_4() + nN_1() + nN_2() + nN_4() + l0c() + zN_2_dynamic() + nZ_1_dynamic();
    CHECK_EQ(bad, 0);
    sizes();
    mixed(3, 5, 7);
    CHECK_DONE();
}
