/* tests/test_sparse.c - MLIR sparse tensor encodings (MLIR's sparse tensor dialect): the BSR and 2:4 examples of its documentation,
 * parse/print round trips against MLIR's own roundtrip_encoding.mlir expectations, MLIR's
 * invalid_encoding.mlir messages, and storage round trips on random tensors of several
 * densities for every format, cross-checked against CSR / CSC / COO built directly here. */
#include <stdlib.h>
#define TLA_WITH_ALL /* indexing maps, HLO and sparse encodings (opt-in families) */
#include "tla.h"
#include "check.h"

#define ENC(m) "#sparse_tensor.encoding<{ " m " }>"

static char out[1024];
static double mem[1 << 16];

static const char *canon(const char *text) {
    tla_sparse_encoding e;
    tla_error err;
    if (tla_sparse_parse(&e, text, &err) != 0) {
        snprintf(out, sizeof out, "error: %s", err.msg);
        return out;
    }
    tla_sparse_snprint(out, sizeof out, &e);
    return out;
}

static int pack(const char *text, int rank, const int64_t *dims, const double *dense, tla_sparse_storage *st) {
    tla_sparse_encoding e;
    tla_error err;
    size_t bytes = 0;
    if (tla_sparse_parse(&e, text, &err) != 0 || tla_sparse_size(&bytes, &e, rank, dims, dense, &err) != 0
        || tla_sparse_pack(st, mem, sizeof mem, &e, rank, dims, dense, &err) != 0) {
        snprintf(out, sizeof out, "%s", err.msg);
        return -1;
    }
    return bytes <= sizeof mem ? 0 : -1;
}

static const char *printed(const tla_sparse_storage *st) {
    FILE *f = tmpfile();
    size_t n;
    if (!f) return "no tmpfile";
    tla_sparse_fprint(f, st);
    rewind(f);
    n = fread(out, 1, sizeof out - 1, f);
    out[n] = '\0';
    fclose(f);
    return out;
}

static void test_seed_bsr(void) {
    double m[24] = {1, 2, 0, 0, 4, 0, 0, 3, 0, 0, 0, 5, 0, 0, 6, 7, 0, 0, 0, 0, 8, 0, 0, 0};
    int64_t dims[2] = {4, 6};
    tla_sparse_storage st;
    CHECK(pack("#BSR = #sparse_tensor.encoding<{\n  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, "
               "i mod 2 : dense, j mod 2 : dense),\n"
               "  posWidth = 32, crdWidth = 8\n}>",
               2, dims, m, &st)
          == 0);
    CHECK_EQ(st.pos_bytes, 4);
    CHECK_EQ(st.crd_bytes, 1);
    CHECK_STR(printed(&st), "---- Sparse Tensor ----\nnse = 12\ndim = ( 4, 6 )\nlvl = ( 2, 3, 2, 2 )\npos[1] : ( 0, 2, "
                            "3 )\ncrd[1] : ( 0, 2, 1 )\n"
                            "values : ( 1, 2, 0, 3, 4, 0, 0, 5, 6, 7, 8, 0 )\n----\n");
    /* the CSR example of MLIR's sparse tensor documentation */
    {
        double c[32] = {0};
        int64_t d2[2] = {4, 8};
        c[0 * 8 + 0] = 1, c[0 * 8 + 2] = 2, c[3 * 8 + 2] = 3, c[3 * 8 + 3] = 4, c[3 * 8 + 5] = 5;
        CHECK(pack(ENC("map = (i, j) -> (i : dense, j : compressed)"), 2, d2, c, &st) == 0);
        CHECK_STR(printed(&st), "---- Sparse Tensor ----\nnse = 5\ndim = ( 4, 8 )\nlvl = ( 4, 8 )\npos[1] : ( 0, 2, 2, "
                                "2, 5 )\ncrd[1] : ( 0, 2, 2, 3, 5 )\n"
                                "values : ( 1, 2, 3, 4, 5 )\n----\n");
    }
}

/* The seed's 16x16 2:4 example: its coordinates and values listing, 8 per row. */
static const int nv24_crd[16][8] = {
    {0, 2, 0, 2, 0, 2, 0, 2}, {1, 3, 1, 3, 1, 3, 1, 3}, {0, 1, 2, 3, 0, 1, 2, 3}, {2, 3, 0, 1, 2, 3, 0, 1},
    {0, 1, 0, 1, 0, 1, 0, 1}, {0, 1, 0, 1, 0, 1, 0, 1}, {2, 3, 2, 3, 2, 3, 2, 3}, {2, 3, 2, 3, 2, 3, 2, 3},
    {0, 2, 0, 2, 0, 2, 0, 2}, {1, 3, 1, 3, 1, 3, 1, 3}, {0, 1, 2, 3, 0, 1, 2, 3}, {2, 3, 0, 1, 2, 3, 0, 1},
    {0, 1, 0, 1, 0, 1, 0, 1}, {0, 1, 0, 1, 0, 1, 0, 1}, {2, 3, 2, 3, 2, 3, 2, 3}, {2, 3, 2, 3, 2, 3, 2, 3}};

static void test_seed_24(void) {
    double dense[256] = {0};
    int64_t dims[2] = {16, 16}, r, k;
    tla_sparse_storage st;
    int ok = 1;
    for (r = 0; r < 16; r++) /* values row r: 4(r%8)+1 .. 4(r%8)+4, twice */
        for (k = 0; k < 8; k++) dense[r * 16 + (k / 2) * 4 + nv24_crd[r][k]] = (double)(4 * (r % 8) + 1 + k % 4);
    CHECK_STR(
        canon("#NV_24 = #sparse_tensor.encoding<{\n  map = ( i, j ) -> ( i            : dense,\n                      "
              "j floordiv 4 : dense,\n"
              "                      j mod 4      : block2_4),\n  crdWidth = 2  // 2-bits for each coordinate\n}>"),
        "error: unexpected coordinate bitwidth: 2"); /* as MLIR's verifier: widths are 0, 8, 16, 32, 64 */
    CHECK(pack("#NV_24 = #sparse_tensor.encoding<{ map = ( i, j ) -> ( i : dense, j floordiv 4 : dense, j mod 4 : "
               "block2_4), crdWidth = 8 }>",
               2, dims, dense, &st)
          == 0);
    CHECK_EQ(st.nse, 128);
    CHECK_EQ(st.crd_len[2], 128);
    for (r = 0; r < 16; r++)
        for (k = 0; k < 8; k++) {
            if (tla_sparse_get_crd(&st, 2, 0, r * 8 + k) != nv24_crd[r][k]) ok = 0;
            if (st.values[r * 8 + k] != (double)(4 * (r % 8) + 1 + k % 4)) ok = 0;
        }
    CHECK(ok);
    dense[3] = 9; /* row 0, block 0 now has 3 non-zeros */
    CHECK(pack(ENC("map = ( i, j ) -> ( i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])"), 2, dims, dense,
               &st)
          != 0);
    CHECK_STR(out, "block 0 of level 2 has 3 non-zeros, more than n = 2 of structured[2, 4]");
}

static void test_roundtrip_print(void) {
    static const char *const t[][2] = {
        /* MLIR's roundtrip_encoding.mlir and the seed's forms */
        {ENC("map = (d0) -> (d0 : compressed)"), ENC("map = (d0) -> (d0 : compressed)")},
        {"#CSR = #sparse_tensor.encoding<{\n  map = (d0, d1) -> (d0 : dense, d1 : compressed),\n  posWidth = 64,\n  "
         "crdWidth = 64\n}>",
         ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 64, crdWidth = 64")},
        {ENC("map = {l0, l1} (d0 = l0, d1 = l1) -> (l0 = d0 : dense, l1 = d1 : compressed)"),
         ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed)")},
        {ENC("map = (d0, d1) -> (d1 : dense, d0 : compressed), posWidth = 0, crdWidth = 0"),
         ENC("map = (d0, d1) -> (d1 : dense, d0 : compressed)")},
        {ENC("map = (d0, d1) -> (d1 : compressed, d0 : compressed), posWidth = 0, crdWidth = 64"),
         ENC("map = (d0, d1) -> (d1 : compressed, d0 : compressed), crdWidth = 64")},
        {ENC("map = (d0, d1) -> (d0 : compressed(nonunique, nonordered), d1 : singleton(nonordered))"),
         ENC("map = (d0, d1) -> (d0 : compressed(nonunique, nonordered), d1 : singleton(nonordered))")},
        {ENC("map = (d0, d1, d2) -> (d0 : dense, d1 : loose_compressed(nonunique), d2 : singleton)"),
         ENC("map = (d0, d1, d2) -> (d0 : dense, d1 : loose_compressed(nonunique), d2 : singleton)")},
        {ENC("map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa))"),
         ENC("map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa))")},
        {ENC("map = (d0, d1) -> (d0 : compressed(nonordered, nonunique), d1 : singleton(soa, nonordered))"),
         ENC("map = (d0, d1) -> (d0 : compressed(nonunique, nonordered), d1 : singleton(nonordered, soa))")},
        {"#BCSR = #sparse_tensor.encoding<{\n   map = ( i, j ) ->\n      ( i floordiv 2 : compressed,\n        j "
         "floordiv 3 : compressed,\n"
         "        i mod 2      : dense,\n        j mod 3      : dense\n      )\n}>",
         ENC("map = (d0, d1) -> (d0 floordiv 2 : compressed, d1 floordiv 3 : compressed, d0 mod 2 : dense, d1 mod 3 : "
             "dense)")},
        {ENC("map = [s0](d0, d1) -> (d0 * (s0 * 4) : dense, d0 : dense, d1 : compressed)"),
         ENC("map = [s0](d0, d1) -> (d0 * (s0 * 4) : dense, d0 : dense, d1 : compressed)")},
        {ENC("map = [c](i, j) -> (c * 3 * i : dense, i : dense, j : compressed)"),
         ENC("map = [s0](d0, d1) -> (d0 * (s0 * 3) : dense, d0 : dense, d1 : compressed)")},
        {ENC("map = (d0 : #sparse_tensor<slice(1, 4, 1)>, d1 : #sparse_tensor<slice(1, 4, 2)>) -> (d0 : dense, d1 : "
             "compressed)"),
         ENC("map = (d0 : #sparse_tensor<slice(1, 4, 1)>, d1 : #sparse_tensor<slice(1, 4, 2)>) -> (d0 : dense, d1 : "
             "compressed)")},
        {ENC("map = (i : #sparse_tensor<slice(0, 4, 1)>, j : #sparse_tensor<slice(0, 8, ?)>) -> (i : dense, j : "
             "compressed)"),
         ENC("map = (d0 : #sparse_tensor<slice(0, 4, 1)>, d1 : #sparse_tensor<slice(0, 8, ?)>) -> (d0 : dense, d1 : "
             "compressed)")},
        {ENC("map = (i : #sparse_tensor<slice(1, ?, 1)>, j) -> (i : dense, j : compressed)"),
         ENC("map = (d0 : #sparse_tensor<slice(1, ?, 1)>, d1 : #sparse_tensor<slice(0, ?, 1)>) -> (d0 : dense, d1 : "
             "compressed)")},
        {ENC("map = (d0, d1) -> (d0 : dense, d1 : block2_4)"),
         ENC("map = (d0, d1) -> (d0 : dense, d1 : structured[2, 4])")},
        {ENC("map = ( i, j ) -> ( i : dense, j floordiv 4 : dense, j mod 4 : structured[2,4])"),
         ENC("map = (d0, d1) -> (d0 : dense, d1 floordiv 4 : dense, d1 mod 4 : structured[2, 4])")},
        {ENC("map = {il, jl, ii, jj} ( i = il * 2 + ii, j = jl * 3 + jj) -> ( il = i floordiv 2 : compressed, jl = j "
             "floordiv 3 : compressed,"
             " ii = i mod 2 : dense, jj = j mod 3 : dense)"),
         ENC("map = (d0, d1) -> (d0 floordiv 2 : compressed, d1 floordiv 3 : compressed, d0 mod 2 : dense, d1 mod 3 : "
             "dense)")},
        {ENC("map = (d0, d1, d2) -> (d0 : batch, d1 : dense, d2 : compressed)"),
         ENC("map = (d0, d1, d2) -> (d0 : batch, d1 : dense, d2 : compressed)")},
        {ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 64, crdWidth = 64, explicitVal = 1.0 : f32, "
             "implicitVal = 0.0 : f32"),
         ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 64, crdWidth = 64, explicitVal = "
             "1.000000e+00 : f32, implicitVal = 0.000000e+00 : f32")},
        {ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1 : i32, implicitVal = 0 : i32"),
         ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1 : i32, implicitVal = 0 : i32")},
        {ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1, implicitVal = 0.0"),
         /* mlir-opt 22 prints the type of every value, i64 and f64 too (issue 37) */
         ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1 : i64, implicitVal = 0.000000e+00 : "
             "f64")},
        {ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = #complex.number<:f32 1.0, 0.0>, "
             "implicitVal = #complex.number<:f32 0.0, 0.0>"),
         ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = #complex.number<:f32 1.000000e+00, "
             "0.000000e+00> : complex<f32>, "
             "implicitVal = #complex.number<:f32 0.000000e+00, 0.000000e+00> : complex<f32>")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0.1 : f64, implicitVal = -0.0 : f16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.000000e-01 : f64, implicitVal = -0.000000e+00 : f16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0.123456789, implicitVal = false"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0.123456789 : f64, implicitVal = false")},
        /* MLIR 22's level rules (issue 37): dense and other levels after a run of singletons
         * (roundtrip_encoding.mlir's COO_DENSE, as the issue names it; checked against mlir-opt 22),
         * several singleton runs, each with its own memory layout */
        {ENC("map = (d0, d1, d2) -> (d0 : compressed(nonunique), d1 : singleton, d2 : dense)"),
         ENC("map = (d0, d1, d2) -> (d0 : compressed(nonunique), d1 : singleton, d2 : dense)")},
        {ENC("map = (d0, d1, d2, d3) -> (d0 : compressed(nonunique), d1 : singleton, d2 : compressed(nonunique), d3 : "
             "singleton(soa))"),
         ENC("map = (d0, d1, d2, d3) -> (d0 : compressed(nonunique), d1 : singleton, d2 : compressed(nonunique), d3 : "
             "singleton(soa))")},
        {ENC("map = (d0, d1, d2) -> (d0 : batch, d1 : batch, d2 : compressed)"),
         ENC("map = (d0, d1, d2) -> (d0 : batch, d1 : batch, d2 : compressed)")},
        /* affine simplification as MLIR's AffineExpr: constants folded and moved right */
        {ENC("map = (i, j) -> (i floordiv 1 : dense, j * 1 + 0 : compressed)"),
         ENC("map = (d0, d1) -> (d0 : dense, d1 : compressed)")},
        {ENC("map = [s](i, j) -> (4 + i : dense, 2 * i * 3 : dense, i - j : dense, -i : dense, i + s - 2 * j : dense, "
             "i - (j + s) : dense, j : compressed)"),
         ENC("map = [s0](d0, d1) -> (d0 + 4 : dense, d0 * 6 : dense, d0 - d1 : dense, -d0 : dense, d0 + s0 - d1 * 2 : "
             "dense, d0 - (d1 + s0) : dense, "
             "d1 : compressed)")},
        {ENC("map = [s0](i) -> ((i floordiv 4) mod s0 : dense, i ceildiv 2 : dense, i mod 4 mod 2 : dense, (i * 8) mod "
             "4 : dense, i : compressed)"),
         ENC("map = [s0](d0) -> ((d0 floordiv 4) mod s0 : dense, d0 ceildiv 2 : dense, d0 mod 2 : dense, 0 : dense, d0 "
             ": compressed)")},
        /* typed float values as mlir-opt 22 prints them (issue 37): the literal read as a double and
         * converted to the type (nearest, ties to even), then printFloatValue: APFloat::toString with
         * 6 significant digits when that reads back, else APFloat's default form, else the bits */
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0.1 : f16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 9.997550e-02 : f16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0.3333333333 : f16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 3.332520e-01 : f16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 65519.0 : f16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 6.550400e+04 : f16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 65520.0 : f16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x7C00 : f16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.0e-8 : f16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0.000000e+00 : f16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 5.9604645e-08 : f16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 5.960460e-08 : f16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0.1 : bf16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.000980e-01 : bf16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.0e20 : bf16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 9.972770e+19 : bf16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.5e300 : bf16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x7F80 : bf16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 9.9999995 : bf16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.000000e+01 : bf16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.234567 : f32"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.23456705 : f32")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 5.9604645e-08 : f32"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 5.96046448E-8 : f32")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 1234567.0 : f32"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x4996B438 : f32")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.0e39 : f32"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x7F800000 : f32")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0.3333333333 : f64"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0.33333333329999998 : f64")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.0e-7 : f64"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 9.9999999999999995E-8 : f64")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 123456.7 : f64"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 123456.7 : f64")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 12345678.0 : f64"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x41678C29C0000000 : f64")},
        /* hexadecimal literals are a float's bits */
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x7E01 : f16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x7E01 : f16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x3C00 : bf16"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 7.812500e-03 : bf16")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x1 : f32"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 1.401300e-45 : f32")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x7FF8000000000001 : f64"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = 0x7FF8000000000001 : f64")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = #complex.number<:f16 0.1, 0.2> : complex<f16>"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = #complex.number<:f16 9.997550e-02, 1.999510e-01> : "
             "complex<f16>")},
        {ENC("map = (d0) -> (d0 : compressed), explicitVal = 0xFFFFFFFFFFFFFFFF : i64"),
         ENC("map = (d0) -> (d0 : compressed), explicitVal = -1 : i64")},
        /* the rules of the indexing maps' expressions, which the encodings' maps are (one core), as
         * mlir-opt 22 prints them: d1 + d0 is d0 + d1, x - x is 0, x - (x floordiv 2) * 2 is x mod 2,
         * division by a negative constant folds, a sum of constants that overflows is kept */
        {ENC("map = [s](i, j) -> (j + i : dense, i - i : dense, i - (i floordiv 2) * 2 : dense, "
             "(i * 4 + j) floordiv -2 : dense, i : dense, j : compressed)"),
         ENC("map = [s0](d0, d1) -> (d0 + d1 : dense, 0 : dense, d0 mod 2 : dense, "
             "d0 * -2 + d1 floordiv -2 : dense, d0 : dense, d1 : compressed)")},
        {ENC("map = [s](i, j) -> ((i * 6) ceildiv -3 : dense, 7 ceildiv -2 : dense, "
             "9223372036854775807 + 3 : dense, s * 4611686018427387904 * 4 : dense, i : dense, j : compressed)"),
         ENC("map = [s0](d0, d1) -> (d0 * -2 : dense, -3 : dense, 9223372036854775807 + 3 : dense, 0 : dense, "
             "d0 : dense, d1 : compressed)")},
        /* comments, trailing commas, #NAME = */
        {"#X = #sparse_tensor.encoding<{ // a comment\n map = (i) -> (i : compressed), // another\n posWidth = 8, }>",
         ENC("map = (d0) -> (d0 : compressed), posWidth = 8")},
    };
    size_t i;
    for (i = 0; i < sizeof t / sizeof t[0]; i++) {
        char first[1024];
        CHECK_STR(canon(t[i][0]), t[i][1]);
        snprintf(first, sizeof first, "%s", out); /* the canonical form is a fixed point */
        CHECK_STR(canon(first), t[i][1]);
    }
}

static void test_invalid(void) {
    static const char *const t[][2] = {
        /* MLIR's invalid_encoding.mlir, message by message */
        {"map = []", "expected '(' in dimension-specifier list"},
        {"map = ()", "expected '->'"},
        {"map = (d0 -> d0)", "expected ')' in dimension-specifier list"},
        {"map = d0 -> d0", "expected '(' in dimension-specifier list"},
        {"map = (d0) -> d0", "expected '(' in level-specifier list"},
        {"map = (d0) -> (d0)", "expected ':'"},
        {"map = (d0) -> (d0:)", "expected valid level format (e.g. dense, compressed or singleton)"},
        {"map = (d0) -> (d0 : (compressed))", "expected valid level format (e.g. dense, compressed or singleton)"},
        {"map = (d0, d1, d2) -> (d0 : batch, d1 : compressed, d2: batch)", "Batch lvlType can only be leading levels."},
        {"map = (d0) -> (d0 : dense, d1 : compressed)", "use of undeclared identifier 'd1'"},
        {"map = (d0, d1) -> (d0 : dense)", "failed to infer lvlToDim from dimToLvl"},
        {"map = (1)", "expected bare identifier"},
        {"nap = (d0) -> (d0 : dense)", "unexpected key: nap"},
        {"map =  -> (d0 : dense)", "expected '(' in dimension-specifier list"},
        {"map = (d0) -> (d0 : strange)", "unknown level format: strange"},
        {"map = (d0) -> (d0 : \"wrong\")", "expected valid level format (e.g. dense, compressed or singleton)"},
        {"map = (d0) -> (d0 : compressed(\"wrong\"))",
         "expected valid level property (e.g. nonordered, nonunique or high)"},
        {"map = (d0) -> (d0 : compressed[high])", "expected ')' in level-specifier list"},
        {"map = (d0) -> (d0 : compressed(wrong))", "unknown level property: wrong"},
        {"map = (i, j, k) -> (i : dense, j : compressed(nonunique, high), k : singleton)",
         "unknown level property: high"},
        {"map = (d0) -> (d0 : compressed, dense)", "use of undeclared identifier 'dense'"},
        {"map = (d0, d1) -> (d0 : dense, d0 : compressed)", "failed to infer lvlToDim from dimToLvl"},
        {"map = (d0, d1) -> (d0 : compressed; d1 : dense)", "unexpected character"},
        {"map = (d0: d1) -> (d0 : compressed, d1 : dense)", "expected attribute value"},
        {"map = (d0, d1) -> (d0 = compressed, d1 = dense)", "expected ':'"},
        {"map = (d0 : compressed, d1 : compressed)", "expected attribute value"},
        {"map = (d0 = compressed, d1 = compressed)", "use of undeclared identifier 'compressed'"},
        {"map = (d0 = l0, d1 = l1) {l0, l1} -> (l0 = d0 : dense, l1 = d1 : compressed)",
         "use of undeclared identifier 'l0'"},
        {"map = {l0, l1} (d0 = l0, d1 = l1) -> (l0 : d0 = dense, l1 : d1 = compressed)", "expected '='"},
        {"map = {l0, l1} (d0 = l0, d1 = l1) -> (d0 : l0 = dense, d1 : l1 = compressed)",
         "use of undeclared identifier 'd0'"},
        {"map = {l0, l1} (d0 = l0, d1 = l1) -> (l0 = dense, l1 = compressed)", "use of undeclared identifier 'dense'"},
        {"posWidth = \"x\"", "expected an integral position bitwidth"},
        {"posWidth = 42", "unexpected position bitwidth: 42"},
        {"crdWidth = \"not really\"", "expected an integral index bitwidth"},
        {"crdWidth = 128", "unexpected coordinate bitwidth: 128"},
        {"key = 1", "unexpected key: key"},
        {"map = (d0 : #sparse_tensor<slice(-1, ?, 1)>, d1 : #sparse_tensor<slice(?, 4, 2)>) -> (d0 : dense, d1 : "
         "compressed)",
         "expect positive value or ? for slice offset/size/stride"},
        {"map = (d0 : #sparse_tensor<slice(0, 0, 1)>) -> (d0 : dense)", "expect positive value or ? for slice size"},
        {"map = (d0 : #sparse_tensor<slice(0, 4, 0)>) -> (d0 : dense)", "expect positive value or ? for slice stride"},
        {"map = (i : #sparse_tensor<slice(0, 4, 1)>, j) -> (i floordiv 2 : dense, j : compressed, i mod 2 : dense)",
         "dimSlices expected dimension-rank to match level-rank: 2 != 3"},
        {"map = {l0, l1, l2} (d0, d1) -> (l0 = d0 : dense, l1 = d1 : compressed)",
         "Level-rank mismatch between forward-declarations and specifiers. Declared 3 level-variables; but got 2 "
         "level-specifiers."},
        {"map = (d0, d1, d2) -> (d0 : compressed(nonunique), d1 : singleton(soa, nonunique), d2 : singleton)",
         "expected all singleton lvlTypes stored in the same memory layout (SoA vs AoS)."},
        {"map = (d0, d1) -> (d0 : compressed(nonunique, soa), d1 : singleton(soa))",
         "SoA is only applicable to singleton lvlTypes."},
        {"map = {l0} (d0, d1) -> (l0 = d0 : dense, l1 = d1 : compressed)", "use of undeclared identifier 'l1'"},
        {"map = {l1, l0} (d0, d1) -> (l0 = d0 : dense, l1 = d1 : compressed)",
         "Level-variable ordering mismatch. The variable 'l0' was forward-declared as the 1st level; but is bound by "
         "the 0th specification."},
        {"map = ( i, j ) -> ( i floordiv 2 : dense, j floordiv 3 : compressed, i : dense, j mod 3 : dense)",
         "failed to infer lvlToDim from dimToLvl"},
        {"map = ( i, j ) -> ( i : dense, j floordiv 3 : compressed, i floordiv 3 : dense, j mod 3 : dense)",
         "failed to infer lvlToDim from dimToLvl"},
        {"map = ( i, j ) -> ( i floordiv -3 : dense, j floordiv -3 : compressed, i mod 3 : dense, j mod 3 : dense)",
         "failed to infer lvlToDim from dimToLvl"},
        {"map = ( i, j ) -> ( i mod 2 : dense, i floordiv 2 : dense, j : compressed)",
         "failed to infer lvlToDim from dimToLvl"},
        {"map = {il, jl, ii, jj} ( i = il * 3 + ii, j = jl * 2 + jj) -> ( il = i floordiv 2 : dense, jl = j floordiv 3 "
         ": compressed, ii = i mod 2 : dense,"
         " jj = j mod 3 : dense)",
         "expected lvlToDim to be an inverse of dimToLvl"},
        {"map = ( i, j, k ) -> ( i : dense, k floordiv 4 : dense, j : dense, k mod 4 : structured[-2, 4])",
         "expected structured size to be >= 0"},
        {"map = ( i, j, k ) -> ( i : dense, k floordiv 4 : dense, j : dense, k mod 4 : structured[5, 4])",
         "expected n <= m in n_out_of_m"},
        {"map = ( i, j, k ) -> ( i : dense, k floordiv 4 : compressed, j : dense, k mod 4 : structured[2, 4])",
         "expected all dense lvlTypes before a n_out_of_m level"},
        {"map = ( i, j, k ) -> ( i : dense, k floordiv 4 : structured[2, 4], j : dense, k mod 4 : compressed)",
         "expected n_out_of_m to be the last level type"},
        {"map = ( i, j, k ) -> ( i : dense, k floordiv 2 : dense, j : dense, k mod 4 : structured[2, 4])",
         "expected 1xm block structure for n_out_of_m level"},
        {"map = ( i, j, k ) -> ( i : dense, k floordiv 2 : dense, j : dense, k mod 2 : structured[2, 4])",
         "expected coeffiencts of Affine expressions to be equal to m of n_out_of_m level"},
        {"map = ( i, j, k ) -> ( i floordiv 2 : dense, i mod 2 : dense, j : dense, k floordiv 4 : dense, k mod 4 : "
         "structured[2, 4])",
         "expected only one blocked level with the same coefficients"},
        {"map = (d0) -> (d0 : structured)", "expected exactly 2 structured sizes"},
        {"map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = \"str\"",
         "expected a numeric value for explicitVal"},
        {"map = (d0, d1) -> (d0 : dense, d1 : compressed), implicitVal = \"str\"",
         "expected a numeric value for implicitVal"},
        {"map = (d0, d1) -> (d0 : dense, d1 : compressed), implicitVal = 1 : i32", "implicit value must be zero"},
        {"map = (d0, d1) -> (d0 : dense, d1 : compressed), implicitVal = 1.0 : f32", "implicit value must be zero"},
        {"map = (d0, d1) -> (d0 : dense, d1 : compressed), implicitVal = #complex.number<:f32 1.0, 0.0>",
         "implicit value must be zero"},
        /* mlir-opt 22's float literal rules (issue 37) */
        {"map = (d0) -> (d0 : compressed), explicitVal = 1 : f32",
         "unexpected decimal integer literal for a floating point value"},
        {"map = (d0) -> (d0 : compressed), explicitVal = #complex.number<:bf16 1, 2> : complex<bf16>",
         "unexpected decimal integer literal for a floating point value"},
        {"map = (d0) -> (d0 : compressed), explicitVal = -0x7C00 : f16",
         "hexadecimal float literal should not have a leading minus"},
        {"map = (d0) -> (d0 : compressed), explicitVal = 0x17C00 : f16",
         "hexadecimal float constant out of range for type"},
        {"map = (d0) -> (d0 : compressed), explicitVal = 0x10000000000000000 : f64",
         "hexadecimal float constant out of range for type"},
        {"map = (d0) -> (d0 : compressed), explicitVal = 0x1FFFFFFFFFFFFFFFF : i64",
         "integer constant out of range for attribute"},
        {"map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 300 : i8",
         "integer constant out of range for attribute"},
        {"map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1.5 : i32",
         "floating point value not valid for specified type"},
        /* the verifier's other rules */
        {"map = (d0) -> (d0 : singleton)", "expected compressed or loose_compressed level before singleton level"},
        /* MLIR 22 accepts any level after a run of singletons (the case that stood here is now a
         * round trip below); a singleton after a dense level is still refused (mlir-opt 22) */
        {"map = (d0, d1, d2, d3) -> (d0 : compressed(nonunique), d1 : singleton, d2 : dense, d3 : singleton)",
         "expected compressed or loose_compressed level before singleton level"},
        {"map = (d0, d1, d2, d3) -> (d0 : compressed(nonunique), d1 : singleton(soa), d2 : singleton, d3 : dense)",
         "expected all singleton lvlTypes stored in the same memory layout (SoA vs AoS)."},
        {"map = (d0) -> (d0 : dense(nonunique))", "invalid level type: level format doesn't support the properties"},
        {"map = (d0) -> (d0 : structured[2, 4](nonordered))",
         "invalid level type: level format doesn't support the properties"},
        {"map = (d0, d0) -> (d0 : dense)", "redefinition of identifier 'd0'"},
        {"map = (d0, d1) -> (d0 * d1 : dense, d1 : dense)",
         "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"},
        {"map = (d0, d1) -> (d0 floordiv d1 : dense, d1 : dense)",
         "non-affine expression: right operand of floordiv has to be either a constant or symbolic"},
        {"map = (d0) -> ()", "expected a non-empty array for lvlTypes"},
        {"posWidth = 8", "expected a non-empty array for lvlTypes"},
        {"map = (d0) -> (d0 : dense), map = (d0) -> (d0 : dense)",
         "level-rank mismatch between dimToLvl and lvlTypes: 1 != 2"},
    };
    char text[512];
    size_t i;
    for (i = 0; i < sizeof t / sizeof t[0]; i++) {
        tla_sparse_encoding e;
        tla_error err;
        snprintf(text, sizeof text, "#sparse_tensor.encoding<{%s}>", t[i][0]);
        e.dim_rank = -7;
        CHECK(tla_sparse_parse(&e, text, &err) != 0);
        CHECK_STR(err.msg, t[i][1]);
        CHECK(err.pos >= 0 && err.pos <= (int)strlen(text));
        CHECK_EQ(e.dim_rank, -7); /* the output is untouched */
    }
    CHECK_STR(canon("#sparse_tensor.encoding<{ map = (d0) -> (d0 : dense) }> extra"),
              "error: unexpected 'e' after the encoding");
    CHECK_STR(canon("sparse_tensor.encoding<{ map = (d0) -> (d0 : dense) }>"), ENC("map = (d0) -> (d0 : dense)"));
    CHECK_STR(canon("#foo.encoding<{}>"), "error: expected '=' after the encoding's name");
}

/* ---- storage round trips ---- */

static uint64_t rng = 0x9e3779b97f4a7c15u;
static double rnd(void) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (double)(rng % 1000000u) / 1000000.0;
}

typedef struct visit {
    const tla_sparse_storage *st;
    const double *dense;
    double *seen; /* entries visited per element */
    int64_t entries, bad;
} visit;

static int visit_entry(void *ctx, const int64_t *lc, const int64_t *dc, double v) {
    visit *x = (visit *)ctx;
    int64_t idx = 0;
    int d;
    (void)lc;
    for (d = 0; d < x->st->dim_rank; d++) {
        if (dc[d] < 0 || dc[d] >= x->st->dim_size[d]) return x->bad++, 0;
        idx = idx * x->st->dim_size[d] + dc[d];
    }
    if (x->dense[idx] != v) x->bad++;
    x->seen[idx] += 1, x->entries++;
    return 0;
}

/* pack, unpack, iterate; every non-zero is stored exactly once with its value. */
static void roundtrip(const char *enc, int rank, const int64_t *dims, double density, int nm_n, int nm_m) {
    static double dense[4096], back[4096], seen[4096];
    int64_t n = 1, i, nnz = 0;
    tla_sparse_storage st;
    tla_error err;
    visit x;
    int d, ok = 1;
    for (d = 0; d < rank; d++) n *= dims[d];
    for (i = 0; i < n; i++) dense[i] = rnd() < density ? (double)(1 + (int)(rnd() * 9)) : 0;
    for (i = 0; nm_m && i < n; i += nm_m) { /* keep at most nm_n non-zeros per block of nm_m */
        int64_t k, c = 0;
        for (k = 0; k < nm_m; k++) dense[i + k] = rnd() < density && c < nm_n ? (c++, 1.0 + (double)k) : 0;
    }
    for (i = 0; i < n; i++) nnz += dense[i] != 0;
    if (pack(enc, rank, dims, dense, &st) != 0) {
        printf("  %s: %s\n", enc, out);
        CHECK(0);
        return;
    }
    CHECK(tla_sparse_unpack(back, &st, &err) == 0);
    for (i = 0; i < n; i++) ok &= back[i] == dense[i];
    CHECK(ok);
    memset(&x, 0, sizeof x);
    memset(seen, 0, sizeof seen);
    x.st = &st, x.dense = dense, x.seen = seen;
    CHECK(tla_sparse_foreach(&st, visit_entry, &x, &err) == 0);
    CHECK_EQ(x.bad, 0);
    for (i = 0, ok = 1; i < n; i++) ok &= dense[i] == 0 ? seen[i] <= 1 : seen[i] == 1;
    if (!ok) printf("  %s: an element stored twice or a non-zero missing\n", enc);
    CHECK(ok);
    CHECK(st.nse * st.nbatch >= nnz);
}

/* CSR, CSC and COO written directly, to compare buffers with. */
static void crosscheck(int64_t rows, int64_t cols, double density) {
    static double a[1024];
    int64_t i, j, k = 0, pos[65], crd[1024], ok = 1;
    int64_t dims[2];
    tla_sparse_storage st;
    dims[0] = rows, dims[1] = cols;
    for (i = 0; i < rows * cols; i++) a[i] = rnd() < density ? 1 + (double)(int)(rnd() * 50) : 0;
    /* CSR */
    CHECK(pack(ENC("map = (i, j) -> (i : dense, j : compressed), posWidth = 16, crdWidth = 8"), 2, dims, a, &st) == 0);
    pos[0] = 0;
    for (i = 0, k = 0; i < rows; i++) {
        for (j = 0; j < cols; j++)
            if (a[i * cols + j] != 0)
                ok &= tla_sparse_get_crd(&st, 1, 0, k) == j && st.values[k] == a[i * cols + j], crd[k++] = j;
        ok &= tla_sparse_get_pos(&st, 1, 0, i + 1) == k;
    }
    CHECK(ok && st.nse == k && st.pos_len[1] == rows + 1 && st.crd_len[0] == 0);
    /* CSC */
    CHECK(pack(ENC("map = (i, j) -> (j : dense, i : compressed)"), 2, dims, a, &st) == 0);
    for (j = 0, k = 0, ok = 1; j < cols; j++) {
        for (i = 0; i < rows; i++)
            if (a[i * cols + j] != 0)
                ok &= tla_sparse_get_crd(&st, 1, 0, k) == i && st.values[k] == a[i * cols + j], k++;
        ok &= tla_sparse_get_pos(&st, 1, 0, j + 1) == k;
    }
    CHECK(ok && st.nse == k);
    /* sorted COO, AoS: crd[0] = (i0, j0, i1, j1, ...) */
    CHECK(pack(ENC("map = (i, j) -> (i : compressed(nonunique), j : singleton)"), 2, dims, a, &st) == 0);
    for (i = 0, k = 0, ok = 1; i < rows * cols; i++)
        if (a[i] != 0)
            ok &= tla_sparse_get_crd(&st, 0, 0, 2 * k) == i / cols
                  && tla_sparse_get_crd(&st, 0, 0, 2 * k + 1) == i % cols && st.values[k] == a[i],
                k++;
    CHECK(ok && st.nse == k && tla_sparse_get_pos(&st, 0, 0, 1) == k && st.crd_len[1] == 0);
    /* DCSR: only non-empty rows */
    CHECK(pack(ENC("map = (i, j) -> (i : compressed, j : compressed)"), 2, dims, a, &st) == 0);
    for (i = 0, k = 0, ok = 1; i < rows; i++) {
        for (j = 0; j < cols && a[i * cols + j] == 0;) j++;
        if (j < cols) ok &= tla_sparse_get_crd(&st, 0, 0, k++) == i;
    }
    CHECK(ok && st.crd_len[0] == k && st.pos_len[1] == k + 1);
    (void)crd, (void)pos;
}

static void test_storage(void) {
    static const char *const enc2[] = {
        ENC("map = (i, j) -> (i : dense, j : compressed)"), /* CSR */
        ENC("map = (i, j) -> (j : dense, i : compressed)"), /* CSC */
        ENC("map = (i, j) -> (i : compressed, j : compressed), posWidth = 8, crdWidth = 8"), /* DCSR */
        ENC("map = (i, j) -> (j : compressed, i : compressed), posWidth = 32, crdWidth = 8"), /* DCSC */
        ENC("map = (i, j) -> (i : compressed(nonunique), j : singleton)"), /* sorted COO */
        ENC("map = (i, j) -> (i : compressed(nonunique, nonordered), j : singleton(nonordered))"), /* COO */
        ENC("map = (i, j) -> (i : compressed(nonunique), j : singleton(soa))"), /* SoA COO */
        ENC("map = (i, j) -> (i : loose_compressed(nonunique), j : singleton)"), /* loose COO */
        ENC("map = (i, j) -> (i : dense, j : loose_compressed)"), /* loose CSR */
        ENC("map = (i, j) -> (i : batch, j : compressed)"), /* batched sparse vectors */
        ENC("map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : "
            "dense)"), /* BSR 2x2 */
        ENC("map = (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed, i mod 2 : dense, j mod 3 : "
            "dense)"), /* BSR 2x3 */
        ENC("map = (i, j) -> (j floordiv 2 : dense, i floordiv 2 : compressed, j mod 2 : dense, i mod 2 : "
            "dense)"), /* BSC */
        ENC("map = (i, j) -> (i floordiv 2 : compressed, j floordiv 3 : compressed, i mod 2 : dense, j mod 3 : "
            "dense)"), /* DBSR */
        ENC("map = (i, j) -> (i : dense, j : dense)"),
        ENC("map = {l0, l1} (i = l1, j = l0) -> (l0 = j : dense, l1 = i : compressed), crdWidth = 16"),
        ENC("map = (i : #sparse_tensor<slice(0, ?, 1)>, j : #sparse_tensor<slice(?, ?, ?)>) -> (i : dense, j : "
            "compressed)"),
    };
    static const char *const enc3[] = {
        ENC("map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)"), /* CSF */
        ENC("map = (i, j, k) -> (i : batch, j : compressed(nonunique), k : singleton)"), /* batched COO */
        ENC("map = (i, j, k) -> (i : dense, j : loose_compressed(nonunique), k : singleton)"), /* MLIR's BCOO */
        ENC("map = (i, j, k) -> (i : compressed(nonunique), j : singleton(nonunique), k : singleton)"),
        ENC("map = (i, j, k) -> (i : compressed(nonunique), j : singleton(nonunique, soa), k : singleton(soa))"),
        ENC("map = (i, j, k) -> (k : dense, i : compressed, j : compressed)"),
        ENC("map = (i, j, k) -> (i : batch, j : dense, k : compressed)"),
        ENC("map = (i, j, k) -> (i : dense, j floordiv 2 : compressed, k : dense, j mod 2 : dense)"),
        /* MLIR 22's levels after a COO segment (issue 37): COO_DENSE of roundtrip_encoding.mlir, SoA,
         * a compressed level, a second segment */
        ENC("map = (i, j, k) -> (i : compressed(nonunique), j : singleton, k : dense)"),
        ENC("map = (i, j, k) -> (i : compressed(nonunique), j : singleton(soa), k : dense)"),
        ENC("map = (i, j, k) -> (i : loose_compressed(nonunique), j : singleton, k : compressed)"),
        ENC("map = (i, j, k) -> (i : compressed(nonunique), j : singleton, k : compressed(nonunique))"),
        ENC("map = (i, j, k) -> (i : dense, j : compressed(nonunique), k : singleton)"),
    };
    static const char *const enc4[] = {
        ENC("map = (i, j, k, l) -> (i : compressed(nonunique), j : singleton, k : compressed(nonunique), l : "
            "singleton(soa))"),
        ENC("map = (i, j, k, l) -> (i : batch, j : compressed(nonunique), k : singleton, l : dense)"),
    };
    int64_t d4[4] = {3, 2, 4, 3};
    static const double dens[] = {0, 0.05, 0.2, 0.5, 0.9, 1};
    static const int64_t shapes2[][2] = {{1, 1}, {4, 6}, {5, 7}, {8, 8}, {12, 5}, {3, 16}};
    int64_t v[1], d3[3] = {3, 4, 5}, d2[2];
    size_t e, s, k;
    for (e = 0; e < sizeof enc2 / sizeof enc2[0]; e++)
        for (s = 0; s < sizeof shapes2 / sizeof shapes2[0]; s++)
            for (k = 0; k < sizeof dens / sizeof dens[0]; k++) roundtrip(enc2[e], 2, shapes2[s], dens[k], 0, 0);
    for (e = 0; e < sizeof enc3 / sizeof enc3[0]; e++)
        for (k = 0; k < sizeof dens / sizeof dens[0]; k++) roundtrip(enc3[e], 3, d3, dens[k], 0, 0);
    for (e = 0; e < sizeof enc4 / sizeof enc4[0]; e++)
        for (k = 0; k < sizeof dens / sizeof dens[0]; k++) roundtrip(enc4[e], 4, d4, dens[k], 0, 0);
    for (k = 0; k < sizeof dens / sizeof dens[0]; k++) { /* sparse vector; 2:4 */
        v[0] = 37, roundtrip(ENC("map = (i) -> (i : compressed)"), 1, v, dens[k], 0, 0);
        d2[0] = 6, d2[1] = 16,
        roundtrip(ENC("map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])"), 2, d2, dens[k],
                  2, 4);
        roundtrip(ENC("map = (i, j) -> (i : dense, j : block2_4)"), 2, d2, dens[k], 2, 4);
        d2[1] = 12,
        roundtrip(ENC("map = (i, j) -> (i : dense, j floordiv 3 : dense, j mod 3 : structured[1, 3]), crdWidth = 8"), 2,
                  d2, dens[k], 1, 3);
    }
    for (k = 0; k < 20; k++) crosscheck(1 + (int64_t)(rnd() * 12), 1 + (int64_t)(rnd() * 30), rnd());
}

/* The storage of levels after a COO segment (MLIR 22 accepts `compressed(nonunique), singleton,
 * dense`, roundtrip_encoding.mlir's COO_DENSE): one entry per (i, j) that holds a non-zero, a row
 * of k under each; MLIR's layout (StorageLayout::foreachField: AoS coordinates in crd[0], the
 * dense level storing nothing).  mlir-opt 22's own codegen leaves the values out (nse = 0), so
 * these buffers are this library's, checked by the round trip. */
static void test_storage_after_singleton(void) {
    static const double a[12] = {0, 1, 0, 0, 2, 5, 0, 3, 0, 0, 0, 0},
                        b[16] = {0, 1, 0, 0, 2, 5, 0, 3, 0, 0, 0, 0, 0, 0, 7, 0};
    double back[16];
    int64_t d3[3] = {3, 2, 2}, d4[4] = {2, 2, 2, 2};
    tla_sparse_storage st;
    tla_error e;
    CHECK(pack(ENC("map = (d0, d1, d2) -> (d0 : compressed(nonunique), d1 : singleton, d2 : dense)"), 3, d3, a, &st)
          == 0);
    CHECK(!strcmp(printed(&st),
                  "---- Sparse Tensor ----\nnse = 6\ndim = ( 3, 2, 2 )\nlvl = ( 3, 2, 2 )\n"
                  "pos[0] : ( 0, 3 )\ncrd[0] : ( 0, 0, 1, 0, 1, 1 )\nvalues : ( 0, 1, 2, 5, 0, 3 )\n----\n"));
    CHECK(tla_sparse_unpack(back, &st, &e) == 0 && !memcmp(back, a, sizeof a));
    CHECK(
        pack(ENC("map = (d0, d1, d2) -> (d0 : compressed(nonunique), d1 : singleton(soa), d2 : dense)"), 3, d3, a, &st)
        == 0);
    CHECK(!strcmp(printed(&st), "---- Sparse Tensor ----\nnse = 6\ndim = ( 3, 2, 2 )\nlvl = ( 3, 2, 2 )\n"
                                "pos[0] : ( 0, 3 )\ncrd[0] : ( 0, 1, 1 )\ncrd[1] : ( 0, 0, 1 )\n"
                                "values : ( 0, 1, 2, 5, 0, 3 )\n----\n"));
    /* two segments, the first AoS, the second SoA: pos[2] per entry of the first */
    CHECK(pack(ENC("map = (d0, d1, d2, d3) -> (d0 : compressed(nonunique), d1 : singleton, d2 : compressed(nonunique), "
                   "d3 : singleton(soa))"),
               4, d4, b, &st)
          == 0);
    CHECK(!strcmp(printed(&st),
                  "---- Sparse Tensor ----\nnse = 5\ndim = ( 2, 2, 2, 2 )\nlvl = ( 2, 2, 2, 2 )\n"
                  "pos[0] : ( 0, 3 )\ncrd[0] : ( 0, 0, 0, 1, 1, 1 )\npos[2] : ( 0, 1, 4, 5 )\n"
                  "crd[2] : ( 0, 0, 0, 1, 1 )\ncrd[3] : ( 1, 0, 1, 1, 0 )\nvalues : ( 1, 2, 5, 3, 7 )\n----\n"));
    CHECK(tla_sparse_unpack(back, &st, &e) == 0 && !memcmp(back, b, sizeof b));
    /* a unique head may not repeat its coordinate across entries */
    CHECK(pack(ENC("map = (d0, d1, d2) -> (d0 : compressed, d1 : singleton, d2 : dense)"), 3, d3, a, &st) != 0);
}

static void test_storage_errors(void) {
    static double a[600];
    int64_t n = 300, d2[2] = {2, 3};
    tla_sparse_storage st;
    a[299] = 1;
    CHECK(pack(ENC("map = (i) -> (i : compressed), crdWidth = 8"), 1, &n, a, &st) != 0);
    CHECK_STR(out, "coordinate 299 of level 0 does not fit crdWidth = 8");
    memset(a, 0, sizeof a);
    for (n = 0; n < 300; n++) a[n] = 1;
    CHECK(pack(ENC("map = (i) -> (i : compressed), posWidth = 8"), 1, &n, a, &st) != 0);
    CHECK_STR(out, "position 300 of level 0 does not fit posWidth = 8");
    CHECK(pack(ENC("map = (i) -> (i : compressed), posWidth = 16"), 1, &n, a, &st) == 0 && st.pos_bytes == 2
          && tla_sparse_get_pos(&st, 0, 0, 1) == 300);
    CHECK(pack(ENC("map = (i, j) -> (i : compressed, j : singleton)"), 2, d2, a, &st) != 0);
    CHECK_STR(out, "level 0 is unique, but two stored entries share its coordinate 0 (make it nonunique)");
    CHECK(pack(ENC("map = [c](i, j) -> (c * 3 * i : dense, i : dense, j : compressed)"), 2, d2, a, &st) != 0);
    CHECK_STR(out, "a map with symbols (like ELL's [s0]) has no storage without the symbols' values");
    CHECK(pack(ENC("map = (i, j) -> (i floordiv 2 : dense, i mod 2 : dense)"), 2, d2, a, &st) != 0);
    CHECK_STR(out, "dimension d1 has no level in the map");
    CHECK(pack(ENC("map = (i) -> (i : compressed)"), 2, d2, a, &st) != 0);
    CHECK_STR(out, "the encoding has 1 dimensions, the tensor 2");
    { /* too little memory: an error, nothing written */
        tla_sparse_encoding e;
        tla_error err;
        double small[2] = {-1, -1};
        CHECK(tla_sparse_parse(&e, ENC("map = (i, j) -> (i : dense, j : compressed)"), &err) == 0);
        CHECK(tla_sparse_pack(&st, small, sizeof small, &e, 2, d2, a, &err) != 0 && small[0] == -1);
    }
    { /* a batched print: nested per batch */
        double b[6] = {1, 0, 2, 0, 0, 3};
        CHECK(pack(ENC("map = (i, j) -> (i : batch, j : compressed)"), 2, d2, b, &st) == 0);
        CHECK_STR(printed(&st), "---- Sparse Tensor ----\nnse = 2\ndim = ( 2, 3 )\nlvl = ( 2, 3 )\npos[1] : ( ( 0, 2 "
                                ")( 0, 1 ) )\ncrd[1] : ( ( 0, 2 )( 2, 0 ) )\n"
                                "values : ( ( 1, 2 )( 3, 0 ) )\n----\n");
        CHECK(pack(ENC("map = (i, j) -> (i : compressed(nonunique), j : singleton(soa))"), 2, d2, b, &st) == 0);
        CHECK_STR(printed(&st), "---- Sparse Tensor ----\nnse = 3\ndim = ( 2, 3 )\nlvl = ( 2, 3 )\npos[0] : ( 0, 3 "
                                ")\ncrd[0] : ( 0, 0, 1 )\ncrd[1] : ( 0, 2, 2 )\n"
                                "values : ( 1, 2, 3 )\n----\n");
        CHECK(pack(ENC("map = (i, j) -> (i : dense, j : loose_compressed)"), 2, d2, b, &st) == 0);
        CHECK_STR(printed(&st), "---- Sparse Tensor ----\nnse = 3\ndim = ( 2, 3 )\nlvl = ( 2, 3 )\npos[1] : ( 0, 2, 2, "
                                "3 )\ncrd[1] : ( 0, 2, 2 )\n"
                                "values : ( 1, 2, 3 )\n----\n");
        memset(b, 0, sizeof b);
        CHECK(pack(ENC("map = (i) -> (i : compressed)"), 1, d2, b, &st) == 0);
        CHECK_STR(printed(&st), "---- Sparse Tensor ----\nnse = 0\ndim = ( 2 )\nlvl = ( 2 )\npos[0] : ( 0, 0 )\ncrd[0] "
                                ": ( )\nvalues : ( )\n----\n");
    }
}

static void test_bridge(void) {
    tla_layout L, B;
    tla_sparse_encoding e;
    tla_error err;
    int64_t dims[2];
    char buf[256];
    int csr[2] = {TLA_LVL_DENSE, TLA_LVL_COMPRESSED};
    CHECK(tla_layout_parse(&L, "((2,2),(2,3)):((2,24),(1,4))", &err) == 0);
    CHECK(tla_sparse_from_layout(&e, dims, &L, NULL, &err) == 0);
    tla_sparse_snprint(buf, sizeof buf, &e);
    CHECK_STR(buf, ENC("map = (d0, d1) -> (d0 floordiv 2 : dense, d1 floordiv 2 : compressed, d0 mod 2 : dense, d1 mod "
                       "2 : dense)"));
    CHECK(dims[0] == 4 && dims[1] == 6);
    CHECK(tla_sparse_block_layout(&B, &e, &err) == 0);
    tla_layout_snprint(buf, sizeof buf, &B);
    CHECK_STR(buf, "(2,2):(2,1)");
    { /* the seed's BSR values, read through the block layout: block k holds element (r, c) at k * 4 + B(r, c) */
        double m[24] = {1, 2, 0, 0, 4, 0, 0, 3, 0, 0, 0, 5, 0, 0, 6, 7, 0, 0, 0, 0, 8, 0, 0, 0};
        tla_sparse_storage st;
        int64_t off = 0;
        tla_tuple c;
        CHECK(pack(ENC("map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : "
                       "dense)"),
                   2, dims, m, &st)
              == 0);
        tla_tuple_parse(&c, "(1,1)", &err);
        CHECK(tla_layout_crd2offset(&off, &B, &c, &err) == 0
              && st.values[1 * 4 + off] == 5); /* block 1 = block column 2 of row 0 */
    }
    CHECK(tla_layout_parse(&L, "((2,2),(3,2)):((3,12),(1,6))", &err) == 0); /* 2x3 blocks */
    CHECK(tla_sparse_from_layout(&e, dims, &L, NULL, &err) == 0 && tla_sparse_block_layout(&B, &e, &err) == 0);
    tla_layout_snprint(buf, sizeof buf, &B);
    CHECK_STR(buf, "(2,3):(3,1)");
    CHECK(tla_layout_parse(&L, "(4,8):(1,4)", &err) == 0); /* column-major: CSC */
    CHECK(tla_sparse_from_layout(&e, dims, &L, csr, &err) == 0);
    tla_sparse_snprint(buf, sizeof buf, &e);
    CHECK_STR(buf, ENC("map = (d0, d1) -> (d1 : dense, d0 : compressed)"));
    CHECK(tla_sparse_block_layout(&B, &e, &err) != 0);
    CHECK(tla_layout_parse(&L, "((2,2),(2,3)):((8,1),(4,2))", &err) == 0);
    CHECK(tla_sparse_from_layout(&e, dims, &L, NULL, &err) != 0);
}

int main(void) {
    test_seed_bsr();
    test_seed_24();
    test_roundtrip_print();
    test_invalid();
    test_storage();
    test_storage_errors();
    test_storage_after_singleton();
    test_bridge();
    CHECK_DONE();
}
