/* tests/test_offsets64.c - offsets past 2^32 from 32-bit extents and coordinates.
 *
 * CATLASS passes uint32_t extents (GemmCoord::m()) and keeps a format's run-time strides in
 * int64_t, so crd2offset of a 70000 x 70000 zN at (69999, 69999) is 4899999999.  Every format
 * here is built from uint32_t and from int32_t extents (mixed), from static extents (TLA_C), as a
 * constant (TLA_CONST_*), and at run time (tla_layout_format...), and read at its last element
 * with uint32_t and int32_t coordinates; the run-time layout, whose arithmetic is int64_t
 * throughout, is the reference, and the main formats are also checked against their formula. */
#include "../tla.h"
#include "../tla/compat.h"
#include "check.h"
#include <stdint.h>

/* The run-time offset of (r, c) in L (a tla_layout). */
static long long rt_off2(tla_layout L, long long r, long long c) {
    tla_tuple t = tla_to_tuple(tla_make_tuple(r, c));
    int64_t off = -1;
    tla_error e;
    if (tla_layout_crd2offset(&off, &L, &t, &e) != 0) printf("  run-time crd2offset: %s\n", e.msg);
    return off;
}

/* Build F(args) from uint32_t, int32_t and static extents; read (r, c) with uint32_t and int32_t
 * coordinates; compare with want.  R, C: the extents as integer constants. */
#define CHECK_FMT2(want, F, R, C, r, c) \
    do { \
        uint32_t ur = (R), uc = (C), cr = (r), cc = (c); \
        int32_t ir = (R), ic = (C), jr = (r), jc = (c); \
        long long w_ = (want); \
        tla_auto Lu = F(ur, uc); \
        tla_auto Li = F(ir, ic); \
        tla_auto Ls = F(TLA_C(R), TLA_C(C)); \
        CHECK_EQ(tla_crd2offset(tla_make_tuple(cr, cc), Lu), w_); \
        CHECK_EQ(tla_crd2offset(tla_make_tuple(jr, jc), Lu), w_); \
        CHECK_EQ(tla_crd2offset(tla_make_tuple(cr, cc), Li), w_); \
        CHECK_EQ(tla_crd2offset(tla_make_tuple(jr, jc), Li), w_); \
        CHECK_EQ(tla_crd2offset(tla_make_tuple(cr, cc), Ls), w_); \
        CHECK_EQ(tla_crd2offset(tla_make_tuple(jr, jc), Ls), w_); \
        CHECK_EQ(crd2offset(MakeCoord(cr, cc), Lu), w_); /* compat's form (tla_crd2offset_auto) */ \
        CHECK_EQ(crd2offset(MakeCoord(jr, jc), Ls), w_); \
        CHECK_EQ(crd2offset(MakeCoord(cr, cc), shape(Li), stride(Li)), w_); \
        CHECK_EQ(rt_off2(tla_to_layout(Lu), (r), (c)), w_); /* converted: the same layout */ \
    } while (0)
/* The formats taking an element type. */
#define ZN_HALF(r, c) tla_zN(tla_half, r, c)
#define ZZ_HALF(r, c) tla_zZ(tla_half, r, c)
#define NZ_HALF(r, c) tla_nZ(tla_half, r, c)
#define NN_HALF(r, c) tla_nN(tla_half, r, c)
#define ZN_FLOAT(r, c) tla_zN(float, r, c)
#define ZZ_FLOAT(r, c) tla_zZ(float, r, c)
#define NZ_FLOAT(r, c) tla_nZ(float, r, c)
#define NN_FLOAT(r, c) tla_nN(float, r, c)
#define ZN_BYTE(r, c) tla_zN(uint8_t, r, c)
#define ZZ_BYTE(r, c) tla_zZ(uint8_t, r, c)
#define NZ_BYTE(r, c) tla_nZ(uint8_t, r, c)
#define NN_BYTE(r, c) tla_nN(uint8_t, r, c)
#define ZN_INT4(r, c) tla_zN(tla_int4, r, c)

/* The formula of each fractal format at (r, c), C0 elements per row of a fractal, in int64_t. */
static long long up(long long x, long long k) { return (x + k - 1) / k * k; }
static long long zN_at(long long R, long long C, long long c0, long long r, long long c) {
    (void)C;
    return r % 16 * c0 + r / 16 * 16 * c0 + c % c0 + c / c0 * up(R, 16) * c0;
}
static long long zZ_at(long long R, long long C, long long c0, long long r, long long c) {
    (void)R;
    return r % 16 * c0 + r / 16 * up(C, c0) * 16 + c % c0 + c / c0 * 16 * c0;
}
static long long nZ_at(long long R, long long C, long long c0, long long r, long long c) {
    (void)R;
    return r % c0 + r / c0 * up(C, 16) * c0 + c % 16 * c0 + c / 16 * 16 * c0;
}
static long long nN_at(long long R, long long C, long long c0, long long r, long long c) {
    (void)C;
    return r % c0 + r / c0 * 16 * c0 + c % 16 * c0 + c / 16 * up(R, c0) * 16;
}
/* the run-time format's offset at (r, c) */
static long long rt_fmt(enum tla_format f, int elem_bits, long long R, long long C, long long r, long long c) {
    tla_layout L;
    tla_error e;
    if (tla_layout_format_bits(&L, f, elem_bits, R, C, &e) != 0) {
        printf("  run-time format: %s\n", e.msg);
        return -1;
    }
    return rt_off2(L, r, c);
}

/* The constant forms (file scope). */
TLA_CONST_ZN(kZn, tla_half, 70000, 70000);
TLA_CONST_ZZ(kZz, float, 70000, 70000);
TLA_CONST_NZ(kNz, uint8_t, 70000, 70000);
TLA_CONST_NN(kNn, tla_half, 70000, 70000);
TLA_CONST_ROW_MAJOR(kRm, 100000, 100000);
TLA_CONST_COLUMN_MAJOR(kCm, 100000, 100000);
TLA_CONST_ZN(kSmall, tla_half, 32, 48);

int main(void) {
    const long long N = 70000, M = 100000;

    /* row- and column-major: the issue's own line, then every form */
    {
        uint32_t rows = 100000, cols = 100000, r = 70000, c = 70000;
        CHECK_EQ(crd2offset(MakeCoord(r, c), MakeLayout(tla_half, RowMajor, rows, cols)), 7000070000LL);
        CHECK_EQ(crd2offset(MakeCoord(r, c), MakeLayout(tla_half, ColumnMajor, rows, cols)), 7000070000LL);
        uint32_t n = 70000, i = 69999;
        CHECK_EQ(crd2offset(MakeCoord(i, i), MakeLayout(tla_half, zN, n, n)), 4899999999LL);
    }
    CHECK_FMT2(99999LL * M + 99999, tla_row_major, 100000, 100000, 99999, 99999);
    CHECK_FMT2(99999LL * M + 99999, tla_column_major, 100000, 100000, 99999, 99999);
    CHECK_EQ(rt_fmt(TLA_ROW_MAJOR, 16, M, M, M - 1, M - 1), 99999LL * M + 99999);

    /* the fractal formats, 1-, 2- and 4-byte elements, at the last element and at a ragged one */
#define FRACTALS(R, C, r, c) \
    CHECK_FMT2(zN_at(R, C, 16, r, c), ZN_HALF, R, C, r, c); \
    CHECK_FMT2(zZ_at(R, C, 16, r, c), ZZ_HALF, R, C, r, c); \
    CHECK_FMT2(nZ_at(R, C, 16, r, c), NZ_HALF, R, C, r, c); \
    CHECK_FMT2(nN_at(R, C, 16, r, c), NN_HALF, R, C, r, c); \
    CHECK_FMT2(zN_at(R, C, 8, r, c), ZN_FLOAT, R, C, r, c); \
    CHECK_FMT2(zZ_at(R, C, 8, r, c), ZZ_FLOAT, R, C, r, c); \
    CHECK_FMT2(nZ_at(R, C, 8, r, c), NZ_FLOAT, R, C, r, c); \
    CHECK_FMT2(nN_at(R, C, 8, r, c), NN_FLOAT, R, C, r, c); \
    CHECK_FMT2(zN_at(R, C, 32, r, c), ZN_BYTE, R, C, r, c); \
    CHECK_FMT2(zZ_at(R, C, 32, r, c), ZZ_BYTE, R, C, r, c); \
    CHECK_FMT2(nZ_at(R, C, 32, r, c), NZ_BYTE, R, C, r, c); \
    CHECK_FMT2(nN_at(R, C, 32, r, c), NN_BYTE, R, C, r, c); \
    CHECK_FMT2(zN_at(R, C, 64, r, c), ZN_INT4, R, C, r, c); \
    CHECK_FMT2(zN_at(R, C, 16, r, c), tla_l0c, R, C, r, c)
    FRACTALS(70000, 70000, 69999, 69999);
    FRACTALS(70001, 69999, 70000, 69998);
    CHECK_EQ(zN_at(N, N, 16, N - 1, N - 1), 4899999999LL);
    CHECK_EQ(rt_fmt(TLA_ZN, 16, N, N, N - 1, N - 1), 4899999999LL);
    CHECK_EQ(rt_fmt(TLA_ZZ, 32, N, N, N - 1, N - 1), zZ_at(N, N, 8, N - 1, N - 1));
    CHECK_EQ(rt_fmt(TLA_NZ, 8, N, N, N - 1, N - 1), nZ_at(N, N, 32, N - 1, N - 1));
    CHECK_EQ(rt_fmt(TLA_NN, 4, N, N, N - 1, N - 1), nN_at(N, N, 64, N - 1, N - 1));

    /* the other formats against the run-time layout of the same extents */
#define RT2(mk) rt_off2(tla_to_layout(mk), 69999, 69998)
    CHECK_FMT2(RT2(tla_weight4bit_nZ(TLA_C(70000), TLA_C(70000))), tla_weight4bit_nZ, 70000, 70000, 69999, 69998);
    CHECK_FMT2(RT2(tla_mx_scale_a_row(TLA_C(70000), TLA_C(70000))), tla_mx_scale_a_row, 70000, 70000, 69999, 69998);
    CHECK_FMT2(RT2(tla_mx_scale_b_col(TLA_C(70000), TLA_C(70000))), tla_mx_scale_b_col, 70000, 70000, 69999, 69998);
    CHECK_FMT2(RT2(tla_mx_scale_zZ(TLA_C(70000), TLA_C(70000))), tla_mx_scale_zZ, 70000, 70000, 69999, 69998);
    CHECK_FMT2(RT2(tla_mx_scale_nN(TLA_C(70000), TLA_C(70000))), tla_mx_scale_nN, 70000, 70000, 69999, 69998);
    CHECK_FMT2(RT2(tla_row_major_fp4(TLA_C(70000), TLA_C(70000))), tla_row_major_fp4, 70000, 70000, 69999, 69998);
    CHECK_FMT2(RT2(tla_column_major_fp4(TLA_C(70000), TLA_C(70000))), tla_column_major_fp4, 70000, 70000, 69999, 69998);
    CHECK(RT2(tla_weight4bit_nZ(TLA_C(70000), TLA_C(70000))) > 4294967296LL);
    {
        /* the static formula of a format equals its run-time layout's (so RT2 is a reference) */
        tla_layout W;
        tla_error e;
        CHECK(tla_layout_weight4bit_nZ(&W, N, N, 0, &e) == 0
              && rt_off2(W, 69999, 69998) == RT2(tla_weight4bit_nZ(TLA_C(70000), TLA_C(70000))));
        CHECK(tla_layout_mx_scale(&W, TLA_ZZ, 0, N, N, 0, &e) == 0
              && rt_off2(W, 69999, 69998) == RT2(tla_mx_scale_zZ(TLA_C(70000), TLA_C(70000))));
    }
    /* convolution layouts: rank 5 */
    {
        uint32_t b = 1000, c1 = 64, h = 300, w = 300;
        int32_t ib = 1000, ic1 = 64, ih = 300, iw = 300;
        long long want = 999LL * 64 * 300 * 300 * 16 + 63LL * 300 * 300 * 16 + 299LL * 300 * 16 + 299 * 16 + 15;
        tla_auto Fu = tla_fmap(tla_half, b, c1, h, w);
        tla_auto Fi = tla_fmap(tla_half, ib, ic1, ih, iw);
        tla_auto Fs = tla_fmap(tla_half, TLA_C(1000), TLA_C(64), TLA_C(300), TLA_C(300));
        uint32_t x0 = 999, x1 = 63, x2 = 299, x3 = 299, x4 = 15;
        CHECK_EQ(tla_crd2offset(tla_make_tuple(x0, x1, x2, x3, x4), Fu), want);
        CHECK_EQ(tla_crd2offset(tla_make_tuple(x0, x1, x2, x3, x4), Fi), want);
        CHECK_EQ(tla_crd2offset(tla_make_tuple(x0, x1, x2, x3, x4), Fs), want);
        /* filters (cin1, kh, kw, cout, C0): 64 x 200 x 200 x 1000 (L1: cout rounded up to 1008) */
        uint32_t k = 200, y1 = 199, y2 = 198;
        tla_auto Gu = tla_conv_filter(tla_half, c1, k, k, b);
        tla_auto Gs = tla_conv_filter_l1(tla_half, TLA_C(64), TLA_C(200), TLA_C(200), TLA_C(1000));
        long long wantg = 63LL * 200 * 200 * 1000 * 16 + 199LL * 200 * 1000 * 16 + 198LL * 1000 * 16 + 999 * 16 + 15;
        long long wantl = 63LL * 200 * 200 * 1008 * 16 + 199LL * 200 * 1008 * 16 + 198LL * 1008 * 16 + 999 * 16 + 15;
        CHECK_EQ(tla_crd2offset(tla_make_tuple(x1, y1, y2, x0, x4), Gu), wantg);
        CHECK_EQ(tla_crd2offset(tla_make_tuple(x1, y1, y2, x0, x4), Gs), wantl);
        tla_layout R;
        tla_error e;
        CHECK(tla_layout_fmap(&R, 2, 1000, 64, 300, 300, 0, &e) == 0);
        tla_tuple t = tla_to_tuple(tla_make_tuple(999, 63, 299, 299, 15));
        int64_t off = 0;
        CHECK(tla_layout_crd2offset(&off, &R, &t, &e) == 0 && off == want);
    }

    /* the constant forms */
    {
        uint32_t i = 69999, r = 99999;
        int j = 69999;
        CHECK_EQ(tla_crd2offset(tla_make_tuple(i, i), kZn), zN_at(N, N, 16, N - 1, N - 1));
        CHECK_EQ(tla_crd2offset(tla_make_tuple(j, j), kZz), zZ_at(N, N, 8, N - 1, N - 1));
        CHECK_EQ(tla_crd2offset(tla_make_tuple(i, i), kNz), nZ_at(N, N, 32, N - 1, N - 1));
        CHECK_EQ(tla_crd2offset(tla_make_tuple(j, j), kNn), nN_at(N, N, 16, N - 1, N - 1));
        CHECK_EQ(tla_crd2offset(tla_make_tuple(r, r), kRm), 99999LL * M + 99999);
        CHECK_EQ(tla_crd2offset(tla_make_tuple(r, r), kCm), 99999LL * M + 99999);
        /* a small static layout keeps the coordinate's own arithmetic (what a person writes) */
        _Static_assert(__builtin_types_compatible_p(__typeof__(tla_crd2offset(tla_make_tuple(i, i), kSmall)), uint32_t),
                       "unsigned in, unsigned out");
        _Static_assert(
            __builtin_types_compatible_p(
                __typeof__(tla_crd2offset(tla_make_tuple(j, j), tla_zN(tla_half, TLA_C(32), TLA_C(48)))), int),
            "int in, int out");
    }

    /* tiles of a large mixed format keep the 64-bit strides */
    {
        uint32_t n = 70000, o = 69984, i = 15;
        tla_auto Z = tla_zN(tla_half, n, n);
        tla_auto T = tla_tile_at(Z, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(o, o));
        CHECK_EQ(tla_crd2offset(tla_make_tuple(i, i), T), 4899999999LL);
        tla_auto U = tla_make_tile(Z, tla_make_tuple(TLA_C(64), TLA_C(64)));
        CHECK_EQ(tla_crd2offset(tla_make_tuple(i, i), U), tla_crd2offset(tla_make_tuple(i, i), Z));
    }
    CHECK_DONE();
}
