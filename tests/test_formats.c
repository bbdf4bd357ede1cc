/* tests/test_formats.c - static and mixed Ascend formats, tiles, conversion to run-time
 * values and generic printing.  The run-time formats (rt/formats.h, tested in test_rt.c)
 * are the reference: each static format must convert to the same layout, with the same
 * static markers and originShape. */
#include <stdint.h>
#include "tla.h"
#include "check.h"

#define S(n) TLA_C(n)

static char buf_a[512], buf_b[512];

/* The static layout `stat` must equal the run-time format (f, bytes, rows, cols, flags). */
static void same_as_runtime(tla_layout got, enum tla_format f, int bytes, int64_t rows, int64_t cols, int flags,
                            const char *what) {
    tla_layout want = {0};
    tla_error err;
    int k, ok = tla_layout_format_ex(&want, f, bytes, rows, cols, flags, &err) == 0;
    tla_layout_snprint(buf_a, sizeof buf_a, &got);
    tla_layout_snprint(buf_b, sizeof buf_b, &want);
    if (strcmp(buf_a, buf_b) != 0) printf("  %s: %s, expected %s\n", what, buf_a, buf_b);
    CHECK(ok && strcmp(buf_a, buf_b) == 0);
    CHECK(got.has_origin);
    for (k = 0; k < tla_layout_rank(&got); k++) CHECK_EQ(tla_layout_origin(&got, k), tla_layout_origin(&want, k));
}

#define SAME(L, f, T, rows, cols, flags) same_as_runtime(tla_to_layout(L), f, (int)sizeof(T), rows, cols, flags, #L)

static void formats_match_runtime(void) {
    unsigned r = 100, c = 70;
    SAME(tla_zN(tla_half, S(32), S(48)), TLA_ZN, tla_half, 32, 48, 3);
    SAME(tla_zN(tla_half, 32, 48), TLA_ZN, tla_half, 32, 48, 0);
    SAME(tla_zN(float, r, S(70)), TLA_ZN, float, 100, 70, TLA_COLS_STATIC);
    SAME(tla_zN(int8_t, S(100), c), TLA_ZN, int8_t, 100, 70, TLA_ROWS_STATIC);
    SAME(tla_zZ(tla_half, S(100), S(70)), TLA_ZZ, tla_half, 100, 70, 3);
    SAME(tla_zZ(float, r, c), TLA_ZZ, float, 100, 70, 0);
    SAME(tla_nZ(int8_t, S(100), S(70)), TLA_NZ, int8_t, 100, 70, 3);
    SAME(tla_nZ(tla_bf16, r, S(48)), TLA_NZ, tla_bf16, 100, 48, TLA_COLS_STATIC);
    SAME(tla_nN(int32_t, S(33), S(17)), TLA_NN, int32_t, 33, 17, 3);
    SAME(tla_nN(tla_half, 32, c), TLA_NN, tla_half, 32, 70, 0);
    SAME(tla_l0c(S(100), S(70)), TLA_L0C, float, 100, 70, 3);
    SAME(tla_l0c(r, 48), TLA_L0C, float, 100, 48, 0);
    SAME(tla_row_major(S(2), S(3)), TLA_ROW_MAJOR, float, 2, 3, 3);
    SAME(tla_row_major(r, c), TLA_ROW_MAJOR, float, 100, 70, 0);
    SAME(tla_column_major(S(2), c), TLA_COLUMN_MAJOR, float, 2, 70, TLA_ROWS_STATIC);
    SAME(tla_vector(S(64)), TLA_VECTOR, float, 64, 0, 3);
}

static void static_formats_are_constant(void) {
    tla_auto A = tla_zN(tla_half, S(32), S(48));
    _Static_assert(tla_size(A) == 32 * 48 && tla_cosize(A) == 32 * 48, "zN 32x48 half");
    _Static_assert(tla_crd2offset_const(tla_make_tuple(S(17), S(33)), A) == 16 + 256 + 1 + 2 * 512, "zN offset");
    tla_auto B = tla_nZ(float, S(20), S(20)); /* ((_8,_3),(_16,_2)):((_1,_256),(_8,_128)) */
    _Static_assert(tla_cosize(B) == 7 + 2 * 256 + 15 * 8 + 128 + 1, "nZ cosize, padding included");
    float storage[tla_cosize(B)];
    CHECK_EQ(sizeof storage / sizeof storage[0], 7 + 2 * 256 + 15 * 8 + 128 + 1);
    /* every element of a mixed zN against CATLASS's zN formula */
    unsigned rows = 37, cols = 45;
    tla_auto Z = tla_zN(tla_half, rows, cols);
    int bad = 0;
    for (unsigned i = 0; i < rows; i++)
        for (unsigned j = 0; j < cols; j++)
            if ((unsigned long long)tla_crd2offset(tla_make_tuple(i, j), Z)
                != i % 16 * 16 + i / 16 * 256 + j % 16 + j / 16 * (rows + 15) / 16 * 16 * 16)
                bad++;
    CHECK_EQ(bad, 0);
}

static void tiles(void) {
    /* the seed: MakeLayoutTile(((4,2),(4,3)):((4,16),(1,32)), (4,4)) = ((4,1),(4,1)):((4,16),(1,32)) */
    tla_auto a = tla_make_layout(tla_make_tuple(tla_make_tuple(4, 2), tla_make_tuple(4, 3)),
                                 tla_make_tuple(tla_make_tuple(4, 16), tla_make_tuple(1, 32)));
    tla_snprint(buf_a, sizeof buf_a, tla_make_tile(a, tla_make_tuple(4, 4)));
    CHECK_STR(buf_a, "((4,1),(4,1)):((4,16),(1,32))");
    tla_auto s = tla_make_layout(tla_make_tuple(tla_make_tuple(S(4), S(2)), tla_make_tuple(S(4), S(3))),
                                 tla_make_tuple(tla_make_tuple(S(4), S(16)), tla_make_tuple(S(1), S(32))));
    tla_auto st = tla_make_tile(s, tla_make_tuple(S(8), S(5)));
    _Static_assert(tla_size(st) == 8 * 8, "static tile: (4,2)x(4,2)");
    tla_snprint(buf_a, sizeof buf_a, st);
    CHECK_STR(buf_a, "((_4,_2),(_4,_2)):((_4,_16),(_1,_32)) origin (8,5)"); /* 8 x 8 cells, 8 x 5 of data */
    CHECK_EQ(tla_to_layout(st).origin[1], 5);
    tla_snprint(buf_a, sizeof buf_a, tla_make_tile(tla_row_major(S(8), S(8)), tla_make_tuple(S(2), 3)));
    CHECK_STR(buf_a, "(_2,3):(_8,_1)");
    /* the same as the run-time MakeLayoutTile */
    {
        tla_layout rt = tla_to_layout(a), want;
        tla_tuple tile = tla_to_tuple(tla_make_tuple(6, 9));
        tla_error err;
        CHECK(tla_layout_make_tile(&want, &rt, &tile, &err) == 0);
        tla_layout got = tla_to_layout(tla_make_tile(a, tla_make_tuple(6, 9)));
        CHECK(tla_layout_equal(&want, &got));
    }
    /* GetTile: tiles of a 100x100 zN, tail tiles cropped; the tiles cover every element once */
    tla_auto Z = tla_zN(tla_half, 100, 100);
    static unsigned char seen[100][100];
    int bad = 0;
    for (int i = 0; i < 100; i += 32)
        for (int j = 0; j < 100; j += 48) {
            tla_auto T = tla_tile_at(Z, tla_make_tuple(S(32), S(48)), tla_make_tuple(i, j));
            tla_layout t = tla_to_layout(T);
            CHECK_EQ(t.origin[0], i + 32 <= 100 ? 32 : 100 - i);
            CHECK_EQ(t.origin[1], j + 48 <= 100 ? 48 : 100 - j);
            for (int x = 0; x < t.origin[0]; x++)
                for (int y = 0; y < t.origin[1]; y++) {
                    seen[i + x][j + y]++;
                    if (tla_crd2offset(tla_make_tuple(x, y), T) != tla_crd2offset(tla_make_tuple(i + x, j + y), Z))
                        bad++;
                }
        }
    for (int i = 0; i < 100; i++)
        for (int j = 0; j < 100; j++) bad += seen[i][j] != 1;
    CHECK_EQ(bad, 0);
}

/* CATLASS's predicates: each format is itself and none of the others, as constants for static
 * layouts (mixed too: only the fractal leaves must be static), and the run-time form agrees. */
#define PREDS(T, L) \
    (tla_is_row_major(L) | tla_is_column_major(L) << 1 | tla_is_vector(L) << 2 | tla_is_zN(T, L) << 3 \
     | tla_is_zZ(T, L) << 4 | tla_is_nZ(T, L) << 5 | tla_is_nN(T, L) << 6)
static void predicates(void) {
    int rows = 100, cols = 70;
    _Static_assert(PREDS(tla_half, tla_row_major(S(32), S(48))) == 1, "row-major");
    _Static_assert(PREDS(tla_half, tla_column_major(S(32), S(48))) == 2, "column-major");
    _Static_assert(PREDS(tla_half, tla_vector(S(32))) == 4, "vector");
    _Static_assert(PREDS(tla_half, tla_zN(tla_half, S(32), S(48))) == 8, "zN");
    _Static_assert(PREDS(float, tla_zZ(float, S(32), S(48))) == 16, "zZ");
    _Static_assert(PREDS(uint8_t, tla_nZ(uint8_t, S(32), S(64))) == 32, "nZ");
    _Static_assert(PREDS(float, tla_nN(float, S(32), S(48))) == 64, "nN");
    _Static_assert(tla_is_zN(tla_half, tla_l0c(S(32), S(48))) && !tla_is_zN(float, tla_l0c(S(32), S(48))), "L0C");
    _Static_assert(!tla_is_zN(float, tla_zN(tla_half, S(32), S(48))), "the element type matters");
    CHECK(tla_is_row_major(tla_row_major(rows, cols)) && !tla_is_column_major(tla_row_major(rows, cols)));
    CHECK(tla_is_zN(tla_half, tla_zN(tla_half, rows, cols)) && !tla_is_nN(tla_half, tla_zN(tla_half, rows, cols)));
    CHECK(!tla_is_row_major(tla_make_layout(tla_make_tuple(4, 4), tla_make_tuple(4, 1)))); /* stride 1 not static */
    /* run time: every format and element size is itself and nothing else */
    static const enum tla_format fs[] = {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_VECTOR, TLA_ZN, TLA_ZZ, TLA_NZ, TLA_NN};
    static const int bytes[] = {1, 2, 4};
    int bad = 0;
    for (int b = 0; b < 3; b++)
        for (int i = 0; i < 7; i++) {
            tla_layout L;
            tla_error e;
            tla_layout_format(&L, fs[i], bytes[b], 100, 70, &e);
            for (int j = 0; j < 7; j++) bad += tla_layout_is_format(&L, fs[j], bytes[b]) != (i == j);
            for (int ob = 0; ob < 3; ob++)
                if (i >= 3 && ob != b) bad += tla_layout_is_format(&L, fs[i], bytes[ob]); /* the wrong element size */
        }
    tla_layout Z = tla_to_layout(tla_zN(tla_half, rows, cols));
    bad += !tla_layout_is_format(&Z, TLA_ZN, 2);
    CHECK_EQ(bad, 0);
}

static void conversion_and_printing(void) {
    tla_auto t = tla_make_tuple(S(2), tla_make_tuple(3, tla_make_tuple(S(4), tla_make_tuple(5))), -7,
                                tla_make_tuple(tla_make_tuple(S(-1)), 8));
    tla_tuple rt = tla_to_tuple(t), parsed;
    tla_error err;
    tla_snprint(buf_a, sizeof buf_a, t);
    CHECK_STR(buf_a, "(_2,(3,(_4,(5))),-7,((_-1),8))");
    CHECK(tla_tuple_parse(&parsed, buf_a, &err) == 0);
    CHECK(tla_tuple_equal(&rt, &parsed) && rt.stat == parsed.stat && rt.ntok == parsed.ntok);
    CHECK_EQ(tla_rank(rt), 4);
    CHECK_EQ(tla_depth(rt), 4);
    CHECK_EQ(tla_size(rt), tla_size(t));
    /* integers */
    tla_snprint(buf_a, sizeof buf_a, 42);
    CHECK_STR(buf_a, "42");
    tla_snprint(buf_a, sizeof buf_a, S(42));
    CHECK_STR(buf_a, "_42");
    /* run-time values print through the same macro */
    tla_layout L;
    CHECK(tla_layout_parse(&L, "((4,2),(_4,3)):((4,16),(1,32))", &err) == 0);
    tla_snprint(buf_a, sizeof buf_a, L);
    CHECK_STR(buf_a, "((4,2),(_4,3)):((4,16),(1,32))");
    CHECK_EQ(tla_size(L), 96);
    CHECK_EQ(tla_cosize(L), 96);
    CHECK_EQ(tla_rank(L), 2);
    /* snprintf rules: truncation, termination, full length returned */
    char small[6];
    memset(small, 'x', sizeof small);
    int n = tla_snprint(small, sizeof small, tla_make_layout(tla_make_tuple(S(2), 4), tla_make_tuple(S(12), S(1))));
    CHECK_EQ(n, 15);
    CHECK_STR(small, "(_2,4");
    CHECK_EQ(tla_snprint(NULL, 0, t), (long long)strlen("(_2,(3,(_4,(5))),-7,((_-1),8))"));
    /* the grid of a static layout, byte for byte as the golden file's (2,3):(3,1) */
    tla_snprint_layout(buf_a, sizeof buf_a, tla_row_major(S(2), S(3)));
    CHECK_STR(buf_a, "(_2,_3):(_3,_1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n"
                     "    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n");
}

/* originShape and a tile's coordinate in print: shown when the originShape differs from the
 * modes' sizes, padding cells of a grid end in '*'; tla_layout_snprint stays Shape:Stride. */
static void printing_origin_and_tiles(void) {
    tla_auto Z = tla_zN(tla_half, S(20), S(20));
    tla_layout L = tla_to_layout(Z), P;
    tla_tuple o;
    tla_error err;
    tla_snprint(buf_a, sizeof buf_a, Z);
    CHECK_STR(buf_a, "((_16,_2),(_16,_2)):((_16,_256),(_1,_512)) origin (20,20)");
    tla_snprint(buf_a, sizeof buf_a, L); /* the run-time layout: the same line */
    CHECK_STR(buf_a, "((_16,_2),(_16,_2)):((_16,_256),(_1,_512)) origin (20,20)");
    tla_layout_snprint(buf_a, sizeof buf_a, &L); /* the parseable text alone */
    CHECK_STR(buf_a, "((_16,_2),(_16,_2)):((_16,_256),(_1,_512))");
    tla_snprint(buf_a, sizeof buf_a, tla_zN(tla_half, S(32), S(32))); /* origin = sizes: not shown */
    CHECK_STR(buf_a, "((_16,_2),(_16,_2)):((_16,_256),(_1,_512))");
    tla_snprint(buf_a, sizeof buf_a, tla_vector(5)); /* an integer mode's origin = its size */
    CHECK_STR(buf_a, "(5):(_1)");
    /* a tail tile: its cropped originShape and its coordinate; a tile of a tile adds both */
    tla_auto B = tla_zN(tla_half, 100, 100);
    tla_auto T = tla_tile_at(B, tla_make_tuple(S(32), S(32)), tla_make_tuple(96, 64));
    tla_snprint(buf_a, sizeof buf_a, T);
    CHECK_STR(buf_a, "((_16,_2),(_16,_2)):((_16,_256),(_1,1792)) origin (4,32) at (96,64)");
    tla_snprint(buf_a, sizeof buf_a, tla_tile_at(T, tla_make_tuple(S(16), S(16)), tla_make_tuple(0, 16)));
    CHECK_STR(buf_a, "((_16,_1),(_16,_1)):((_16,_256),(_1,1792)) origin (4,16) at (96,80)");
    tla_snprint(buf_a, sizeof buf_a, tla_to_layout(T)); /* tla_to_layout drops the coordinate */
    CHECK_STR(buf_a, "((_16,_2),(_16,_2)):((_16,_256),(_1,1792)) origin (4,32)");
    /* the grid: padding marked, a note under it; the tile's coordinate on the first line */
    CHECK(tla_layout_parse(&P, "(2,3):(3,1)", &err) == 0 && tla_tuple_parse(&o, "(1,2)", &err) == 0);
    CHECK(tla_layout_set_origin(&P, &o, &err) == 0);
    tla_layout_snprint_grid(buf_a, sizeof buf_a, &P);
    CHECK_STR(buf_a,
              "(2,3):(3,1) origin (1,2)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2*|\n"
              "    +---+---+---+\n 1  | 3*| 4*| 5*|\n    +---+---+---+\n    (* padding: beyond the originShape)\n");
    tla_snprint_layout(buf_a, sizeof buf_a,
                       tla_tile_at(tla_row_major(S(4), S(4)), tla_make_tuple(S(2), S(2)), tla_make_tuple(2, 3)));
    CHECK_STR(buf_a, "(_2,_2):(_4,_1) origin (2,1) at (2,3)\n       0    1 \n    +----+----+\n 0  | 11 | 12*|\n"
                     "    +----+----+\n 1  | 15 | 16*|\n    +----+----+\n    (* padding: beyond the originShape)\n");
}

int main(void) {
    predicates();
    formats_match_runtime();
    static_formats_are_constant();
    tiles();
    conversion_and_printing();
    printing_origin_and_tiles();
    CHECK_DONE();
}
