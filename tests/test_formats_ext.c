/* tests/test_formats_ext.c - the layouts of rt/formats_ext.h / static/formats_ext.h: 4-bit elements,
 * Weight4BitnZ, the MX scale layouts, the convolution feature map and filter.  For each, the
 * shapes of CATLASS's examples (and ragged ones); every offset of the whole shape is checked
 * against a direct transcription of CATLASS's formula (include/tla/layout.hpp), the printed
 * form and originShape against CATLASS's types, copies against an element-by-element
 * reference, and the static forms against the run-time ones.
 * tests/run.sh: its sanitizer build at -O1 (at -O0 its offsets run 6 s under ASan; at -O1, 1.5 s). */
#include <stdint.h>
#include <stdlib.h>
#include "tla.h"
#include "check.h"

static char buf_a[512], buf_b[512];

/* ---------------------------------------------------------------- CATLASS's formulas */

static int64_t round_up(int64_t x, int64_t k) { return (x + k - 1) / k * k; }

/* p: rows, cols, bits (or C0 for the 5-D layouts), flags */
typedef int64_t (*ref2_fn)(const int64_t *p, int64_t r, int64_t c);

static int64_t c0_of(const int64_t *p) { return 256 / p[2]; } /* BytesToBits(32) / SizeOfBits<Element> */

static int64_t ref_zN(const int64_t *p, int64_t r, int64_t c) {
    int64_t C0 = c0_of(p), FR = 16 * C0;
    return (r % 16) * C0 + (r / 16) * FR + (c % C0) * 1 + (c / C0) * (round_up(p[0], 16) * C0);
}
static int64_t ref_zZ(const int64_t *p, int64_t r, int64_t c) {
    int64_t C0 = c0_of(p), FR = 16 * C0;
    return (r % 16) * C0 + (r / 16) * (round_up(p[1], C0) * 16) + (c % C0) * 1 + (c / C0) * FR;
}
static int64_t ref_nZ(const int64_t *p, int64_t r, int64_t c) {
    int64_t C0 = c0_of(p), FR = 16 * C0;
    return (r % C0) * 1 + (r / C0) * (round_up(p[1], 16) * C0) + (c % 16) * C0 + (c / 16) * FR;
}
/* nN is not in tla::MakeLayout; layout::nN of matrix.hpp */
static int64_t ref_nN(const int64_t *p, int64_t r, int64_t c) {
    int64_t C0 = c0_of(p), FR = 16 * C0;
    return (r % C0) * 1 + (r / C0) * FR + (c % 16) * C0 + (c / 16) * (round_up(p[0], C0) * 16);
}
/* RowMajor / ColumnMajor, fp4 (flag TLA_STRIDE_EVEN): (int64_t)RoundUp(cols, 2) */
static int64_t ref_row(const int64_t *p, int64_t r, int64_t c) {
    return r * ((p[3] & TLA_STRIDE_EVEN) ? round_up(p[1], 2) : p[1]) + c;
}
static int64_t ref_col(const int64_t *p, int64_t r, int64_t c) {
    return r + c * ((p[3] & TLA_STRIDE_EVEN) ? round_up(p[0], 2) : p[0]);
}
/* Weight4BitnZ: ELE_NUM_PER_C0 = 32, ELE_NUM_PER_FRACTAL = 512 */
static int64_t ref_w4(const int64_t *p, int64_t r, int64_t c) {
    return (r % 32) * 1 + (r / 32) * (round_up(p[1], 16) * 32) + (c % 16) * 32 + (c / 16) * 512;
}
/* MakeMxScaleLayout: ELE_NUM_PER_C0 = 2, ELE_NUM_PER_FRACTAL = 32 */
static int64_t ref_mx_row_a(const int64_t *p, int64_t r, int64_t c) {
    return r * round_up(p[1], 2) + (c % 2) * 1 + (c / 2) * 2;
}
static int64_t ref_mx_row_b(const int64_t *p, int64_t r, int64_t c) {
    return (r % 2) * 1 + (r / 2) * (p[1] * 2) + c * 2;
}
static int64_t ref_mx_col_a(const int64_t *p, int64_t r, int64_t c) {
    return r * 2 + (c % 2) * 1 + (c / 2) * (p[0] * 2);
}
static int64_t ref_mx_col_b(const int64_t *p, int64_t r, int64_t c) {
    return (r % 2) * 1 + (r / 2) * 2 + c * round_up(p[0], 2);
}
static int64_t ref_mx_zZ(const int64_t *p, int64_t r, int64_t c) {
    return (r % 16) * 2 + (r / 16) * (round_up(p[1], 2) * 16) + (c % 2) * 1 + (c / 2) * 32;
}
static int64_t ref_mx_nN(const int64_t *p, int64_t r, int64_t c) {
    return (r % 2) * 1 + (r / 2) * 32 + (c % 16) * 2 + (c / 16) * (round_up(p[0], 2) * 16);
}

/* ---------------------------------------------------------------- checkers */

static int64_t mode_size(const tla_layout *L, int k) {
    tla_layout m;
    tla_error e;
    int64_t n = -1;
    int path[1];
    path[0] = k;
    if (tla_layout_get(&m, L, 1, path, &e) != 0 || tla_layout_size(&n, &m, &e) != 0) return -1;
    return n;
}

static int64_t offset_of(const tla_layout *L, int n, const int64_t *crd) {
    tla_tuple parts[5], t;
    tla_error e;
    int64_t off = -1;
    int k;
    for (k = 0; k < n; k++) parts[k] = tla_tuple_leaf(crd[k], 0);
    if (tla_tuple_join(&t, n, parts, &e) != 0 || tla_layout_crd2offset(&off, L, &t, &e) != 0) return -1;
    return off;
}

/* Every coordinate of the whole (padded) shape of the rank-2 L against ref; the printed form
 * and originShape (rows, cols). */
static void check2(const tla_layout *L, ref2_fn ref, int64_t rows, int64_t cols, int64_t bits, int flags,
                   const char *printed, const char *what) {
    int64_t p[4], R = mode_size(L, 0), C = mode_size(L, 1), r, c, crd[2], bad = 0;
    p[0] = rows, p[1] = cols, p[2] = bits, p[3] = flags;
    for (r = 0; r < R; r++)
        for (c = 0; c < C; c++) {
            crd[0] = r, crd[1] = c;
            if (offset_of(L, 2, crd) != ref(p, r, c) && bad++ == 0)
                printf("  %s (%lld x %lld): offset of (%lld,%lld) is %lld, CATLASS %lld\n", what, (long long)rows,
                       (long long)cols, (long long)r, (long long)c, (long long)offset_of(L, 2, crd),
                       (long long)ref(p, r, c));
        }
    CHECK(R >= rows && C >= cols && R > 0 && C > 0);
    CHECK_EQ(bad, 0);
    CHECK(L->has_origin && tla_layout_origin(L, 0) == rows && tla_layout_origin(L, 1) == cols);
    if (printed) {
        tla_layout_snprint(buf_a, sizeof buf_a, L);
        if (strcmp(buf_a, printed) != 0) printf("  %s: %s, expected %s\n", what, buf_a, printed);
        CHECK(strcmp(buf_a, printed) == 0);
    }
}

/* ---------------------------------------------------------------- 4-bit formats */

static void four_bit(void) {
    /* CATLASS examples: 38 w4a4 (int4 A RowMajor m x k, B zN k x n; 256 512 1024), 54 fp4 mx
     * (fp4 A RowMajor 256 x 1024, B ColumnMajor 1024 x 512), 32 w4a8 (int4 B RowMajor k x n,
     * 128^3), and ragged sizes.  (The two big example shapes are checked below, format by format.) */
    static const int64_t sizes[][2] = {{128, 128}, {32, 128}, {100, 70}, {3, 5}, {17, 129}};
    static const struct {
        enum tla_format f;
        ref2_fn ref;
    } fmts[] = {{TLA_ZN, ref_zN}, {TLA_ZZ, ref_zZ},         {TLA_NZ, ref_nZ},
                {TLA_NN, ref_nN}, {TLA_ROW_MAJOR, ref_row}, {TLA_COLUMN_MAJOR, ref_col}};
    static const int bits[] = {4, 8, 16, 32};
    size_t i, j, b;
    tla_layout L, K;
    tla_error e;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (j = 0; j < sizeof fmts / sizeof fmts[0]; j++)
            for (b = 0; b < 4; b++) {
                int even;
                if (bits[b] != 4 && sizes[i][0] * sizes[i][1] > 40000) continue; /* the byte formats: test_rt.c */
                for (even = 0; even <= (bits[b] == 4 ? TLA_STRIDE_EVEN : 0); even += TLA_STRIDE_EVEN) {
                    CHECK(tla_layout_format_bits_ex(&L, fmts[j].f, bits[b], sizes[i][0], sizes[i][1], even, &e) == 0);
                    check2(&L, fmts[j].ref, sizes[i][0], sizes[i][1], bits[b], even, NULL, "format_bits");
                }
                if (bits[b] >= 8) { /* 8, 16, 32 bits: tla_layout_format's layouts */
                    CHECK(tla_layout_format(&K, fmts[j].f, bits[b] / 8, sizes[i][0], sizes[i][1], &e) == 0);
                    tla_layout_snprint(buf_a, sizeof buf_a, &L);
                    tla_layout_snprint(buf_b, sizeof buf_b, &K);
                    CHECK_STR(buf_a, buf_b);
                }
            }
    /* printed forms: C0 = 64, fractal 1024 (TagToLayout<int4b_t, zN>: Int<16>, Int<64>, Int<1024> static) */
    CHECK(tla_layout_format_bits(&L, TLA_ZN, 4, 1024, 512, &e) == 0);
    check2(&L, ref_zN, 1024, 512, 4, 0, "((_16,64),(_64,8)):((_64,_1024),(_1,65536))", "zN int4 k x n, example 38");
    CHECK(tla_layout_format_bits(&L, TLA_NZ, 4, 1024, 512, &e) == 0);
    check2(&L, ref_nZ, 1024, 512, 4, 0, "((_64,16),(_16,32)):((_1,32768),(_64,_1024))", "nZ int4");
    CHECK(tla_layout_format_bits(&L, TLA_ZZ, 4, 100, 70, &e) == 0);
    check2(&L, ref_zZ, 100, 70, 4, 0, "((_16,7),(_64,2)):((_64,2048),(_1,_1024))", "zZ int4 ragged");
    CHECK(tla_layout_format_bits_ex(&L, TLA_ROW_MAJOR, 4, 256, 1024, TLA_STRIDE_EVEN, &e) == 0);
    check2(&L, ref_row, 256, 1024, 4, TLA_STRIDE_EVEN, "(256,1024):(1024,_1)", "RowMajor fp4, example 54");
    CHECK(tla_layout_format_bits_ex(&L, TLA_COLUMN_MAJOR, 4, 1023, 5, TLA_STRIDE_EVEN, &e) == 0);
    check2(&L, ref_col, 1023, 5, 4, TLA_STRIDE_EVEN, "(1023,5):(_1,1024)", "ColumnMajor fp4, odd rows");
    CHECK(tla_layout_format_bits(&L, TLA_COLUMN_MAJOR, 4, 1023, 5, &e) == 0);
    check2(&L, ref_col, 1023, 5, 4, 0, "(1023,5):(_1,1023)", "ColumnMajor int4, odd rows");
    /* static flags: as tla_layout_format_ex */
    CHECK(tla_layout_format_bits_ex(&L, TLA_ZN, 4, 32, 128, TLA_ROWS_STATIC | TLA_COLS_STATIC, &e) == 0);
    check2(&L, ref_zN, 32, 128, 4, 0, "((_16,_2),(_64,_2)):((_64,_1024),(_1,_2048))", "zN int4 static");
    CHECK(tla_layout_format_bits(&L, TLA_L0C, 4, 20, 20, &e) == 0); /* L0C and vectors ignore the bits */
    CHECK(tla_layout_format(&K, TLA_L0C, 4, 20, 20, &e) == 0 && tla_layout_equal(&L, &K));
    /* errors: the message, and the output untouched */
    K = L;
    CHECK(tla_layout_format_bits(&L, TLA_ZN, 2, 32, 32, &e) == -1);
    CHECK(strstr(e.msg, "4, 8, 16 or 32 bits") != NULL);
    CHECK(tla_layout_format_bits(&L, TLA_NZ, 4, -1, 32, &e) == -1 && strstr(e.msg, ">= 0") != NULL);
    CHECK(tla_layout_format_bits(&L, TLA_NN, 4, INT64_MAX, 64, &e) == -1 && strstr(e.msg, "overflow") != NULL);
    CHECK(tla_layout_format_bits_ex(&L, TLA_ROW_MAJOR, 4, 1, INT64_MAX, TLA_STRIDE_EVEN, &e) == -1);
    CHECK(tla_layout_equal(&L, &K));
    CHECK_EQ(tla_elem_bits("int4"), 4);
    CHECK_EQ(tla_elem_bits("fp4"), 4);
    CHECK_EQ(tla_elem_bits("e8m0"), 8);
    CHECK_EQ(tla_elem_bytes("e8m0"), 1);
    CHECK_EQ(tla_elem_bits("float"), 32);
    CHECK_EQ(tla_elem_bits("nope"), -1);
    CHECK_EQ(tla_elem_bits(NULL), -1);
}

/* ---------------------------------------------------------------- Weight4BitnZ */

static void weight4bit(void) {
    /* example 59 a8w4: MakeLayout<ElementOut, Weight4BitnZ>(k, n), 128 128 128; ragged */
    static const int64_t sizes[][2] = {{128, 128}, {1024, 512}, {64, 32}, {100, 70}, {1, 1}, {33, 17}};
    size_t i;
    tla_layout L, K;
    tla_error e;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        CHECK(tla_layout_weight4bit_nZ(&L, sizes[i][0], sizes[i][1], 0, &e) == 0);
        check2(&L, ref_w4, sizes[i][0], sizes[i][1], 8, 0, NULL, "weight4bit_nZ");
        /* the same as nZ of a byte element (C0 32, fractal 512) */
        CHECK(tla_layout_format(&K, TLA_NZ, 1, sizes[i][0], sizes[i][1], &e) == 0 && tla_layout_equal(&L, &K));
    }
    CHECK(tla_layout_weight4bit_nZ(&L, 128, 128, 0, &e) == 0);
    check2(&L, ref_w4, 128, 128, 8, 0, "((_32,4),(_16,8)):((_1,4096),(_32,_512))", "Weight4BitnZ, example 59");
    CHECK(tla_layout_weight4bit_nZ(&L, 100, 70, TLA_ROWS_STATIC | TLA_COLS_STATIC, &e) == 0);
    check2(&L, ref_w4, 100, 70, 8, 0, "((_32,_4),(_16,_5)):((_1,_2560),(_32,_512))", "Weight4BitnZ static");
    K = L;
    CHECK(tla_layout_weight4bit_nZ(&L, -3, 70, 0, &e) == -1 && strstr(e.msg, ">= 0") != NULL);
    CHECK(tla_layout_weight4bit_nZ(&L, 64, INT64_MAX, 0, &e) == -1 && strstr(e.msg, "overflow") != NULL);
    CHECK(tla_layout_equal(&L, &K));
}

/* ---------------------------------------------------------------- MX scales */

static void mx_scale(void) {
    /* examples 53 / 54 (256 512 1024: mxScaleK = CeilDiv<32>(1024) = 32) and 59 (128^3: 4):
     * A's scales m x mxScaleK RowMajor, B's mxScaleK x n ColumnMajor; and odd mxScaleK (k = 96). */
    static const int64_t sizes[][2] = {{256, 32}, {32, 512}, {128, 4}, {4, 128}, {64, 3}, {3, 64}, {17, 5}, {1, 1}};
    static const struct {
        enum tla_format f;
        int is_b;
        ref2_fn ref;
    } kinds[] = {{TLA_ROW_MAJOR, 0, ref_mx_row_a},
                 {TLA_ROW_MAJOR, 1, ref_mx_row_b},
                 {TLA_COLUMN_MAJOR, 0, ref_mx_col_a},
                 {TLA_COLUMN_MAJOR, 1, ref_mx_col_b},
                 {TLA_ZZ, 0, ref_mx_zZ},
                 {TLA_ZZ, 1, ref_mx_zZ},
                 {TLA_NN, 0, ref_mx_nN},
                 {TLA_NN, 1, ref_mx_nN}};
    size_t i, j;
    tla_layout L, K;
    tla_error e;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (j = 0; j < sizeof kinds / sizeof kinds[0]; j++) {
            CHECK(tla_layout_mx_scale(&L, kinds[j].f, kinds[j].is_b, sizes[i][0], sizes[i][1], 0, &e) == 0);
            check2(&L, kinds[j].ref, sizes[i][0], sizes[i][1], 8, 0, NULL, "mx_scale");
        }
    /* printed: the types of MakeMxScaleLayout with uint32_t rows / cols */
    CHECK(tla_layout_mx_scale(&L, TLA_ROW_MAJOR, 0, 256, 32, 0, &e) == 0);
    check2(&L, ref_mx_row_a, 256, 32, 8, 0, "(256,(_2,16)):(32,(_1,_2))", "MX A RowMajor, example 53");
    CHECK(tla_layout_mx_scale(&L, TLA_COLUMN_MAJOR, 1, 32, 512, 0, &e) == 0);
    check2(&L, ref_mx_col_b, 32, 512, 8, 0, "((_2,16),512):((_1,_2),32)", "MX B ColumnMajor, example 53");
    CHECK(tla_layout_mx_scale(&L, TLA_ROW_MAJOR, 1, 3, 64, 0, &e) == 0);
    check2(&L, ref_mx_row_b, 3, 64, 8, 0, "((_2,2),64):((_1,128),_2)", "MX B RowMajor");
    CHECK(tla_layout_mx_scale(&L, TLA_COLUMN_MAJOR, 0, 64, 3, 0, &e) == 0);
    check2(&L, ref_mx_col_a, 64, 3, 8, 0, "(64,(_2,2)):(_2,(_1,128))", "MX A ColumnMajor");
    CHECK(tla_layout_mx_scale(&L, TLA_ZZ, 0, 256, 32, 0, &e) == 0);
    check2(&L, ref_mx_zZ, 256, 32, 8, 0, "((_16,16),(_2,16)):((_2,512),(_1,_32))", "MX zZ");
    CHECK(tla_layout_mx_scale(&L, TLA_NN, 1, 32, 512, 0, &e) == 0);
    check2(&L, ref_mx_nN, 32, 512, 8, 0, "((_2,16),(_16,32)):((_1,_32),(_2,512))", "MX nN");
    CHECK(tla_layout_mx_scale(&L, TLA_ROW_MAJOR, 0, 64, 3, TLA_ROWS_STATIC | TLA_COLS_STATIC, &e) == 0);
    check2(&L, ref_mx_row_a, 64, 3, 8, 0, "(_64,(_2,_2)):(_4,(_1,_2))", "MX A RowMajor static");
    CHECK(tla_layout_mx_scale(&L, TLA_ROW_MAJOR, 1, 64, 3, TLA_COLS_STATIC, &e) == 0);
    check2(&L, ref_mx_row_b, 64, 3, 8, 0, "((_2,32),_3):((_1,_6),_2)", "MX B RowMajor, static cols");
    K = L;
    CHECK(tla_layout_mx_scale(&L, TLA_ZN, 0, 64, 4, 0, &e) == -1 && strstr(e.msg, "RowMajor, ColumnMajor") != NULL);
    CHECK(tla_layout_mx_scale(&L, TLA_ROW_MAJOR, 0, -1, 4, 0, &e) == -1 && strstr(e.msg, ">= 0") != NULL);
    CHECK(tla_layout_mx_scale(&L, TLA_COLUMN_MAJOR, 0, INT64_MAX, 4, 0, &e) == -1);
    CHECK(strstr(e.msg, "overflow") != NULL);
    CHECK(tla_layout_mx_scale(&L, TLA_NN, 0, INT64_MAX, 4, 0, &e) == -1);
    CHECK(tla_layout_equal(&L, &K));
}

/* ---------------------------------------------------------------- conv fmap and filter */

/* Every coordinate of a 5-D layout against CATLASS's strides: offset = sum crd[k] * s[k]. */
static void check5(const tla_layout *L, const int64_t ext[5], const int64_t s[5], const char *printed,
                   const char *what) {
    int64_t c[5], bad = 0, want, k;
    for (c[0] = 0; c[0] < ext[0]; c[0]++)
        for (c[1] = 0; c[1] < ext[1]; c[1]++)
            for (c[2] = 0; c[2] < ext[2]; c[2]++)
                for (c[3] = 0; c[3] < ext[3]; c[3]++)
                    for (c[4] = 0; c[4] < ext[4]; c[4]++) {
                        want = c[0] * s[0] + c[1] * s[1] + c[2] * s[2] + c[3] * s[3] + c[4] * s[4];
                        if (offset_of(L, 5, c) != want && bad++ == 0)
                            printf("  %s: offset of (%lld,%lld,%lld,%lld,%lld) is %lld, CATLASS %lld\n", what,
                                   (long long)c[0], (long long)c[1], (long long)c[2], (long long)c[3], (long long)c[4],
                                   (long long)offset_of(L, 5, c), (long long)want);
                    }
    CHECK_EQ(bad, 0);
    CHECK(L->has_origin);
    for (k = 0; k < 5; k++) {
        CHECK_EQ(tla_layout_origin(L, (int)k), ext[k]);
        CHECK_EQ(mode_size(L, (int)k), ext[k]);
    }
    if (printed) {
        tla_layout_snprint(buf_a, sizeof buf_a, L);
        if (strcmp(buf_a, printed) != 0) printf("  %s: %s, expected %s\n", what, buf_a, printed);
        CHECK(strcmp(buf_a, printed) == 0);
    }
}

/* MakeLayoutFmap<Element>(batch, cin1, h, w), transcribed */
static void check_fmap(int eb, int64_t batch, int64_t cin1, int64_t h, int64_t w, const char *printed) {
    int64_t C0 = 32 / eb, strideH = w * C0, strideCin1 = h * strideH, strideBatch = cin1 * strideCin1;
    int64_t ext[5], s[5];
    tla_layout L;
    tla_error e;
    ext[0] = batch, ext[1] = cin1, ext[2] = h, ext[3] = w, ext[4] = C0;
    s[0] = strideBatch, s[1] = strideCin1, s[2] = strideH, s[3] = C0, s[4] = 1;
    CHECK(tla_layout_fmap(&L, eb, batch, cin1, h, w, 0, &e) == 0);
    check5(&L, ext, s, printed, "fmap");
}

/* MakeLayoutFilter<Element, Position>(cin1, kh, kw, cout), transcribed */
static void check_filter(int eb, int64_t cin1, int64_t kh, int64_t kw, int64_t cout, int in_l1, const char *printed) {
    int64_t C0 = 32 / eb, coutRound = in_l1 ? round_up(cout, 16) : cout;
    int64_t strideKw = coutRound * C0, strideKh = kw * strideKw, strideCin1 = kh * strideKh, ext[5], s[5];
    tla_layout L;
    tla_error e;
    ext[0] = cin1, ext[1] = kh, ext[2] = kw, ext[3] = coutRound, ext[4] = C0;
    s[0] = strideCin1, s[1] = strideKh, s[2] = strideKw, s[3] = C0, s[4] = 1;
    CHECK(tla_layout_conv_filter(&L, eb, cin1, kh, kw, cout, in_l1, 0, &e) == 0);
    check5(&L, ext, s, printed, "conv_filter");
}

static void conv(void) {
    tla_layout L, K;
    tla_error e;
    /* example 56 (basic_conv2d_tla, half): batch 2, hi 33, wi 43, cin 112 (cin1 7), cout 80,
     * 3x3, pads 2, strides 2: output ho 18, wo 23, cout1 5; L1 tiles Cin1 8, hi 17 x wi 25
     * (hoBlock 8, woBlock 12), coutBlock 96 and the tail 80 */
    check_fmap(2, 2, 7, 33, 43, "(2,7,33,43,_16):(158928,22704,688,_16,_1)");
    check_fmap(2, 2, 5, 18, 23, "(2,5,18,23,_16):(33120,6624,368,_16,_1)");
    check_fmap(2, 1, 8, 17, 25, "(1,8,17,25,_16):(54400,6800,400,_16,_1)");
    check_fmap(1, 1, 2, 4, 4, "(1,2,4,4,_32):(1024,512,128,_32,_1)");
    check_fmap(4, 3, 1, 5, 7, "(3,1,5,7,_8):(280,280,56,_8,_1)");
    check_filter(2, 7, 3, 3, 80, 0, "(7,3,3,80,_16):(11520,3840,1280,_16,_1)");
    check_filter(2, 8, 3, 3, 96, 1, "(8,3,3,96,_16):(13824,4608,1536,_16,_1)");
    check_filter(2, 8, 3, 3, 80, 1, "(8,3,3,80,_16):(11520,3840,1280,_16,_1)");
    check_filter(2, 2, 3, 3, 20, 1, "(2,3,3,32,_16):(4608,1536,512,_16,_1)");
    check_filter(2, 2, 3, 3, 20, 0, "(2,3,3,20,_16):(2880,960,320,_16,_1)");
    check_filter(1, 2, 1, 1, 17, 1, "(2,1,1,32,_32):(1024,1024,1024,_32,_1)");
    check_filter(4, 1, 5, 5, 3, 1, "(1,5,5,16,_8):(3200,640,128,_8,_1)");
    /* static flags */
    CHECK(tla_layout_fmap(&L, 2, 1, 2, 4, 4, 15, &e) == 0);
    tla_layout_snprint(buf_a, sizeof buf_a, &L);
    CHECK_STR(buf_a, "(_1,_2,_4,_4,_16):(_512,_256,_64,_16,_1)");
    CHECK(tla_layout_fmap(&L, 2, 1, 2, 4, 4, 8, &e) == 0);
    tla_layout_snprint(buf_a, sizeof buf_a, &L);
    CHECK_STR(buf_a, "(1,2,4,_4,_16):(512,256,_64,_16,_1)");
    CHECK(tla_layout_conv_filter(&L, 2, 2, 3, 3, 20, 1, 8 | 4, &e) == 0);
    tla_layout_snprint(buf_a, sizeof buf_a, &L);
    CHECK_STR(buf_a, "(2,3,_3,_32,_16):(4608,_1536,_512,_16,_1)");
    /* errors, output untouched */
    K = L;
    CHECK(tla_layout_fmap(&L, 3, 1, 2, 4, 4, 0, &e) == -1 && strstr(e.msg, "1, 2 or 4 bytes") != NULL);
    CHECK(tla_layout_fmap(&L, 2, 1, -2, 4, 4, 0, &e) == -1 && strstr(e.msg, ">= 0") != NULL);
    CHECK(tla_layout_fmap(&L, 2, 1, 2, INT64_MAX / 2, 4, 0, &e) == -1 && strstr(e.msg, "overflow") != NULL);
    CHECK(tla_layout_conv_filter(&L, 8, 1, 2, 4, 4, 0, 0, &e) == -1 && strstr(e.msg, "1, 2 or 4 bytes") != NULL);
    CHECK(tla_layout_conv_filter(&L, 2, 1, 2, 4, -4, 1, 0, &e) == -1 && strstr(e.msg, ">= 0") != NULL);
    CHECK(tla_layout_conv_filter(&L, 2, 1, 2, 4, INT64_MAX - 3, 1, 0, &e) == -1);
    CHECK(strstr(e.msg, "overflow") != NULL);
    CHECK(tla_layout_conv_filter(&L, 2, 1, 2, 4, INT64_MAX / 16, 0, 0, &e) == -1);
    CHECK(tla_layout_equal(&L, &K));
}

/* ---------------------------------------------------------------- copies */

/* Copy src (layout Ls) into dst (layout Ld), elements of eb bytes, with tla_copy; check every
 * element of the logical extent against the reference dst[Ld(c)] = src[Ls(c)] and that
 * nothing else of dst is written. */
static void copy_case(const tla_layout *Ld, const tla_layout *Ls, int eb, const char *what) {
    int64_t nd = 0, ns = 0, i, n, crd[5], ext[5], bad = 0, written = 0, want = 1;
    unsigned char *src, *dst, *ref;
    tla_tensor D, S;
    tla_error e;
    int r = tla_layout_rank(Ls), k;
    CHECK(tla_layout_cosize(&nd, Ld, &e) == 0 && tla_layout_cosize(&ns, Ls, &e) == 0);
    src = malloc((size_t)(ns * eb));
    dst = malloc((size_t)(nd * eb));
    ref = malloc((size_t)(nd * eb));
    if (!src || !dst || !ref) {
        CHECK(!"out of memory");
        free(src), free(dst), free(ref);
        return;
    }
    for (i = 0; i < ns * eb; i++) src[i] = (unsigned char)(1 + i % 251);
    memset(dst, 0, (size_t)(nd * eb));
    memset(ref, 0, (size_t)(nd * eb));
    for (k = 0; k < r; k++) {
        ext[k] = tla_layout_origin(Ls, k);
        CHECK_EQ(ext[k], tla_layout_origin(Ld, k));
        want *= ext[k];
    }
    for (n = 0; n < want; n++) { /* the reference, coordinate by coordinate */
        int64_t q = n, od, os;
        for (k = 0; k < r; k++) crd[k] = q % ext[k], q /= ext[k];
        od = offset_of(Ld, r, crd), os = offset_of(Ls, r, crd);
        memcpy(ref + od * eb, src + os * eb, (size_t)eb);
    }
    D = tla_tensor_make(dst, eb, Ld, TLA_POS_L1);
    S = tla_tensor_make(src, eb, Ls, TLA_POS_GM);
    CHECK(tla_copy(&D, &S, &e) == 0);
    for (i = 0; i < nd * eb; i++) {
        written += dst[i] != 0;
        if (dst[i] != ref[i] && bad++ == 0) printf("  copy %s: byte %lld differs\n", what, (long long)i);
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(written, want * eb);
    free(src), free(dst), free(ref);
}

static void copies(void) {
    tla_layout A, B;
    tla_tuple s;
    tla_error e;
    /* the fmap of example 56 (half) to and from a compact column-major 5-D layout */
    CHECK(tla_layout_fmap(&A, 2, 2, 7, 33, 43, 0, &e) == 0);
    CHECK(tla_tuple_join(&s, 5,
                         (tla_tuple[5]){tla_tuple_leaf(2, 0), tla_tuple_leaf(7, 0), tla_tuple_leaf(33, 0),
                                        tla_tuple_leaf(43, 0), tla_tuple_leaf(16, 0)},
                         &e)
          == 0);
    CHECK(tla_layout_make_compact(&B, &s, &e) == 0);
    copy_case(&B, &A, 2, "fmap -> compact");
    copy_case(&A, &B, 2, "compact -> fmap");
    /* filters: int8 (C0 32) in L1 (cout 20 -> 32) to GM-style compact, half GM filter to L1 */
    CHECK(tla_layout_conv_filter(&A, 1, 2, 3, 3, 20, 1, 0, &e) == 0);
    CHECK(tla_tuple_join(&s, 5,
                         (tla_tuple[5]){tla_tuple_leaf(2, 0), tla_tuple_leaf(3, 0), tla_tuple_leaf(3, 0),
                                        tla_tuple_leaf(32, 0), tla_tuple_leaf(32, 0)},
                         &e)
          == 0);
    CHECK(tla_layout_make_compact(&B, &s, &e) == 0);
    copy_case(&B, &A, 1, "filter L1 -> compact");
    CHECK(tla_layout_conv_filter(&A, 2, 7, 3, 3, 80, 0, 0, &e) == 0);
    CHECK(tla_layout_conv_filter(&B, 2, 7, 3, 3, 80, 1, 0, &e) == 0);
    copy_case(&B, &A, 2, "filter GM -> L1");
    /* MX scales (e8m0, 1 byte): GM RowMajor / ColumnMajor to the L1 zZ / nN, examples 53 and 59 */
    CHECK(tla_layout_mx_scale(&A, TLA_ROW_MAJOR, 0, 256, 32, 0, &e) == 0);
    CHECK(tla_layout_mx_scale(&B, TLA_ZZ, 0, 256, 32, 0, &e) == 0);
    copy_case(&B, &A, 1, "MX A RowMajor -> zZ");
    CHECK(tla_layout_mx_scale(&A, TLA_COLUMN_MAJOR, 1, 32, 512, 0, &e) == 0);
    CHECK(tla_layout_mx_scale(&B, TLA_NN, 1, 32, 512, 0, &e) == 0);
    copy_case(&B, &A, 1, "MX B ColumnMajor -> nN");
    CHECK(tla_layout_mx_scale(&A, TLA_ROW_MAJOR, 0, 100, 3, 0, &e) == 0);
    CHECK(tla_layout_mx_scale(&B, TLA_ZZ, 0, 100, 3, 0, &e) == 0);
    copy_case(&B, &A, 1, "MX A RowMajor -> zZ, ragged");
    CHECK(tla_layout_mx_scale(&A, TLA_ROW_MAJOR, 1, 3, 70, 0, &e) == 0);
    CHECK(tla_layout_mx_scale(&B, TLA_NN, 1, 3, 70, 0, &e) == 0);
    copy_case(&B, &A, 1, "MX B RowMajor -> nN, ragged");
    CHECK(tla_layout_mx_scale(&A, TLA_COLUMN_MAJOR, 0, 64, 4, 0, &e) == 0);
    CHECK(tla_layout_mx_scale(&B, TLA_ROW_MAJOR, 0, 64, 4, 0, &e) == 0);
    copy_case(&B, &A, 1, "MX A ColumnMajor -> RowMajor");
    /* Weight4BitnZ holding bytes (an 8-bit view of the packed weights) */
    CHECK(tla_layout_format(&A, TLA_ROW_MAJOR, 1, 100, 70, &e) == 0);
    CHECK(tla_layout_weight4bit_nZ(&B, 100, 70, 0, &e) == 0);
    copy_case(&B, &A, 1, "RowMajor -> Weight4BitnZ");
}

/* ---------------------------------------------------------------- static forms */

/* The static layout `got` must print as the run-time `want` (static markers included), with
 * the same originShape, and agree with it on every coordinate. */
static void same_layout(tla_layout got, int rc, const tla_layout *want, const char *what) {
    int k, r = tla_layout_rank(want);
    int64_t n = 0, i, crd[5], ext[5], bad = 0;
    CHECK(rc == 0);
    tla_layout_snprint(buf_a, sizeof buf_a, &got);
    tla_layout_snprint(buf_b, sizeof buf_b, want);
    if (strcmp(buf_a, buf_b) != 0) printf("  %s: %s, expected %s\n", what, buf_a, buf_b);
    CHECK(strcmp(buf_a, buf_b) == 0);
    CHECK(got.has_origin && tla_layout_rank(&got) == r);
    for (k = 0; k < r; k++) CHECK_EQ(tla_layout_origin(&got, k), tla_layout_origin(want, k));
    CHECK(tla_layout_size(&n, want, NULL) == 0);
    for (k = 0; k < r; k++) ext[k] = mode_size(want, k);
    for (i = 0; i < n && i < 5000; i++) {
        int64_t q = i;
        for (k = 0; k < r; k++) crd[k] = q % ext[k], q /= ext[k];
        bad += offset_of(&got, r, crd) != offset_of(want, r, crd);
    }
    CHECK_EQ(bad, 0);
}

#define S(n) TLA_C(n)
#define RS (TLA_ROWS_STATIC | TLA_COLS_STATIC)
#define SAME(L, rc) same_layout(tla_to_layout(L), rc, &R, #L)

static void static_forms(void) {
    tla_layout R;
    tla_error e;
    int m = 256, k = 32, n = 512, a = 100, b = 70, h = 33, w = 43, c20 = 20;
    /* 4-bit elements through static/formats.h: T = tla_int4 / tla_fp4 */
    SAME(tla_zN(tla_int4, S(32), S(128)), tla_layout_format_bits_ex(&R, TLA_ZN, 4, 32, 128, RS, &e));
    SAME(tla_zN(tla_int4, 1024, n), tla_layout_format_bits_ex(&R, TLA_ZN, 4, 1024, 512, 0, &e));
    SAME(tla_zZ(tla_fp4, a, S(70)), tla_layout_format_bits_ex(&R, TLA_ZZ, 4, 100, 70, TLA_COLS_STATIC, &e));
    SAME(tla_nZ(tla_int4, S(100), b), tla_layout_format_bits_ex(&R, TLA_NZ, 4, 100, 70, TLA_ROWS_STATIC, &e));
    SAME(tla_nN(tla_fp4, a, b), tla_layout_format_bits_ex(&R, TLA_NN, 4, 100, 70, 0, &e));
    _Static_assert(tla_is_zN(tla_int4, tla_zN(tla_int4, 64, 64)) && !tla_is_zN(int8_t, tla_zN(tla_int4, 64, 64)), "");
    _Static_assert(tla_is_nZ(tla_fp4, tla_nZ(tla_fp4, 64, 64)) && TLA_ELEM_BITS(tla_fp4) == 4, "");
    _Static_assert(TLA_ELEM_BITS(tla_half) == 16 && TLA_ELEM_BITS(float) == 32, "");
    _Static_assert(tla_cosize(tla_zN(tla_int4, S(32), S(128))) == 32 * 128, "all static");
    SAME(tla_row_major_fp4(S(3), S(5)),
         tla_layout_format_bits_ex(&R, TLA_ROW_MAJOR, 4, 3, 5, RS | TLA_STRIDE_EVEN, &e));
    SAME(tla_row_major_fp4(m, a), tla_layout_format_bits_ex(&R, TLA_ROW_MAJOR, 4, 256, 100, TLA_STRIDE_EVEN, &e));
    SAME(tla_column_major_fp4(S(1023), b),
         tla_layout_format_bits_ex(&R, TLA_COLUMN_MAJOR, 4, 1023, 70, TLA_ROWS_STATIC | TLA_STRIDE_EVEN, &e));
    SAME(tla_column_major_fp4(1024, S(512)),
         tla_layout_format_bits_ex(&R, TLA_COLUMN_MAJOR, 4, 1024, 512, TLA_COLS_STATIC | TLA_STRIDE_EVEN, &e));
    /* Weight4BitnZ */
    SAME(tla_weight4bit_nZ(S(128), S(128)), tla_layout_weight4bit_nZ(&R, 128, 128, RS, &e));
    SAME(tla_weight4bit_nZ(a, b), tla_layout_weight4bit_nZ(&R, 100, 70, 0, &e));
    SAME(tla_weight4bit_nZ(S(33), b), tla_layout_weight4bit_nZ(&R, 33, 70, TLA_ROWS_STATIC, &e));
    /* MX scales: examples 53 (256 512 1024: mxScaleK 32) and 59 (128^3: 4), odd sizes */
    SAME(tla_mx_scale_a_row(m, k), tla_layout_mx_scale(&R, TLA_ROW_MAJOR, 0, 256, 32, 0, &e));
    SAME(tla_mx_scale_a_row(S(64), S(3)), tla_layout_mx_scale(&R, TLA_ROW_MAJOR, 0, 64, 3, RS, &e));
    SAME(tla_mx_scale_a_col(m, S(3)), tla_layout_mx_scale(&R, TLA_COLUMN_MAJOR, 0, 256, 3, TLA_COLS_STATIC, &e));
    SAME(tla_mx_scale_a_col(S(17), S(5)), tla_layout_mx_scale(&R, TLA_COLUMN_MAJOR, 0, 17, 5, RS, &e));
    SAME(tla_mx_scale_b_row(S(3), n), tla_layout_mx_scale(&R, TLA_ROW_MAJOR, 1, 3, 512, TLA_ROWS_STATIC, &e));
    SAME(tla_mx_scale_b_row(S(4), S(128)), tla_layout_mx_scale(&R, TLA_ROW_MAJOR, 1, 4, 128, RS, &e));
    SAME(tla_mx_scale_b_col(k, n), tla_layout_mx_scale(&R, TLA_COLUMN_MAJOR, 1, 32, 512, 0, &e));
    SAME(tla_mx_scale_b_col(S(5), S(17)), tla_layout_mx_scale(&R, TLA_COLUMN_MAJOR, 1, 5, 17, RS, &e));
    SAME(tla_mx_scale_zZ(m, k), tla_layout_mx_scale(&R, TLA_ZZ, 0, 256, 32, 0, &e));
    SAME(tla_mx_scale_zZ(S(100), S(3)), tla_layout_mx_scale(&R, TLA_ZZ, 0, 100, 3, RS, &e));
    SAME(tla_mx_scale_nN(k, S(512)), tla_layout_mx_scale(&R, TLA_NN, 1, 32, 512, TLA_COLS_STATIC, &e));
    SAME(tla_mx_scale_nN(S(3), S(70)), tla_layout_mx_scale(&R, TLA_NN, 1, 3, 70, RS, &e));
    _Static_assert(tla_cosize(tla_mx_scale_b_col(S(32), S(512))) == 32 * 512, "");
    /* conv: example 56 (half; cin1 7, 33 x 43; output 5 x 18 x 23; L1 8 x 17 x 25, cout 96 / 80) */
    SAME(tla_fmap(tla_half, 2, 7, h, w), tla_layout_fmap(&R, 2, 2, 7, 33, 43, 0, &e));
    SAME(tla_fmap(tla_half, 2, S(5), S(18), S(23)), tla_layout_fmap(&R, 2, 2, 5, 18, 23, 14, &e));
    SAME(tla_fmap(int8_t, S(1), S(2), S(4), S(4)), tla_layout_fmap(&R, 1, 1, 2, 4, 4, 15, &e));
    SAME(tla_fmap(float, 1, 8, S(17), 25), tla_layout_fmap(&R, 4, 1, 8, 17, 25, 4, &e));
    SAME(tla_conv_filter(tla_half, 7, 3, 3, 80), tla_layout_conv_filter(&R, 2, 7, 3, 3, 80, 0, 0, &e));
    SAME(tla_conv_filter(tla_half, 2, S(3), S(3), c20), tla_layout_conv_filter(&R, 2, 2, 3, 3, 20, 0, 6, &e));
    SAME(tla_conv_filter_l1(tla_half, S(8), 3, 3, S(96)), tla_layout_conv_filter(&R, 2, 8, 3, 3, 96, 1, 9, &e));
    SAME(tla_conv_filter_l1(tla_half, 2, S(3), S(3), S(20)), tla_layout_conv_filter(&R, 2, 2, 3, 3, 20, 1, 14, &e));
    SAME(tla_conv_filter_l1(int8_t, 2, 1, 1, c20), tla_layout_conv_filter(&R, 1, 2, 1, 1, 20, 1, 0, &e));
    _Static_assert(tla_cosize(tla_fmap(tla_half, S(1), S(2), S(4), S(4))) == 2 * 4 * 4 * 16, "");
    _Static_assert(tla_size(tla_conv_filter_l1(float, S(1), S(5), S(5), S(3))) == 5 * 5 * 16 * 8, "");
}

int main(void) {
    four_bit();
    weight4bit();
    mx_scale();
    conv();
    copies();
    static_forms();
    CHECK_DONE();
}
