/* tests/test_tensor2.c - compact rank-2 tensors (tla/tensor/tensor2.h) against tla_tensor: the
 * round trip keeps every field, element addresses agree everywhere, tiles at every origin of a
 * ragged parent equal tla_tensor_tile's field by field (and so does a tile of a tile), the
 * special cases fall back to it, and layouts that do not fit are refused with v untouched.
 * tests/run.sh: its sanitizer build at -O1 (at -O0 its loops run 12 s under ASan; at -O1, 3 s). */
#include <stdlib.h>
#include <stdint.h>
#include "tla.h"
#include "check.h"
#include "tensor_eq.h"

/* Every element address of V equals A's, over the extent. */
static int same_addresses(const tla_tensor2 *V, const tla_tensor *A) {
    int bad = 0;
    for (int64_t i = 0; i < tla_tensor_extent(A, 0); i++)
        for (int64_t j = 0; j < tla_tensor_extent(A, 1); j++) bad += tla_tensor2_at(V, i, j) != tla_tensor_at2(A, i, j);
    return bad == 0 && tla_tensor2_extent(V, 0) == tla_tensor_extent(A, 0)
           && tla_tensor2_extent(V, 1) == tla_tensor_extent(A, 1);
}

static void size_and_example(void) {
    static uint16_t m[32 * 48];
    tla_layout L = tla_to_layout(tla_zN(tla_half, TLA_C(32), TLA_C(48)));
    tla_tensor A = tla_tensor_make(m, sizeof m[0], &L, TLA_POS_L1);
    tla_tensor2 V, T;
    tla_error err;
    CHECK(sizeof(tla_tensor2) <= 128);
    CHECK_EQ(tla_tensor2_from(&V, &A, &err), 0);
    CHECK_EQ(tla_tensor2_tile(&T, &V, 16, 16, 0, 8, &err), 0);
    /* the case: tile element (0,8) is parent (0,16), offset 512 */
    CHECK(tla_tensor2_at(&T, 0, 8) == (void *)(m + 512));
    CHECK(tla_tensor2_at(&T, 1, 9) == tla_tensor_at2(&A, 1, 17));
}

/* Every format x element size x ragged and aligned sizes: from, to, addresses; tiles of every
 * extent kind at every origin, and a tile of each tile. */
static void formats_and_tiles(void) {
    static const enum tla_format fmts[] = {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_ZN, TLA_ZZ, TLA_NZ, TLA_NN, TLA_L0C};
    static const int64_t sizes[][2] = {{17, 35}, {32, 48}, {1, 1}, {40, 16}};
    static const int64_t tiles[][2] = {{16, 16}, {7, 5}, {1, 33}, {40, 40}, {0, 3}};
    static const int bits[] = {8, 16, 32, 4};
    int bad_round = 0, bad_tile = 0, bad_sub = 0, cases = 0;
    tla_error e;
    for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++)
        for (size_t bi = 0; bi < 4; bi++)
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
                int64_t R = sizes[z][0], C = sizes[z][1];
                tla_layout L;
                tla_tensor A, T, TT;
                tla_tensor2 V, V2, VT, VTT;
                if (tla_layout_format_bits(&L, fmts[f], bits[bi], R, C, &e) != 0) continue; /* L0C: 4 bytes only */
                A = tla_tensor_make_bits((void *)(uintptr_t)4096, bits[bi], &L, TLA_POS_GM);
                if (tla_tensor2_from(&V, &A, &e) != 0) {
                    printf("  format %d %d-bit %lldx%lld refused: %s\n", (int)fmts[f], bits[bi], (long long)R,
                           (long long)C, e.msg);
                    bad_round++;
                    continue;
                }
                V2 = V;
                tla_tensor B = tla_tensor2_to(&V2);
                bad_round += !same_tensor(&A, &B) || !same_addresses(&V, &A);
                for (size_t ti = 0; ti < sizeof tiles / sizeof tiles[0]; ti++)
                    for (int64_t r0 = 0; r0 <= R; r0 += 1 + (R > 20))
                        for (int64_t c0 = 0; c0 <= C; c0 += 1 + (C > 20)) {
                            int64_t tv[2] = {tiles[ti][0], tiles[ti][1]}, cv[2] = {r0, c0}, t3[2] = {3, 5},
                                    c1[2] = {1, 2};
                            tla_tuple tile, crd, tile3, crd1;
                            int rc1, rc2;
                            tla__flat_tuple(&tile, 2, tv, 0);
                            tla__flat_tuple(&crd, 2, cv, 0);
                            tla__flat_tuple(&tile3, 2, t3, 0);
                            tla__flat_tuple(&crd1, 2, c1, 0);
                            cases++;
                            rc1 = tla_tensor_tile(&T, &A, &tile, &crd, &e);
                            rc2 = tla_tensor2_tile(&VT, &V, tv[0], tv[1], r0, c0, &e);
                            if (rc1 != rc2) {
                                if (bad_tile++ < 5)
                                    printf("  format %d %d-bit tile (%lld,%lld) at (%lld,%lld): rc %d against %d\n",
                                           (int)fmts[f], bits[bi], (long long)tv[0], (long long)tv[1], (long long)r0,
                                           (long long)c0, rc2, rc1);
                                continue;
                            }
                            if (rc1 != 0) continue;
                            B = tla_tensor2_to(&VT);
                            if (!same_tensor(&T, &B) || !same_addresses(&VT, &T)) {
                                if (bad_tile++ < 5)
                                    printf("  format %d %d-bit tile (%lld,%lld) at (%lld,%lld) differs\n", (int)fmts[f],
                                           bits[bi], (long long)tv[0], (long long)tv[1], (long long)r0, (long long)c0);
                                continue;
                            }
                            /* a tile of the tile, in place (out == v) */
                            rc1 = tla_tensor_tile(&TT, &T, &tile3, &crd1, &e);
                            VTT = VT;
                            rc2 = tla_tensor2_tile(&VTT, &VTT, 3, 5, 1, 2, &e);
                            if (rc1 != rc2) {
                                bad_sub++;
                                continue;
                            }
                            if (rc1 != 0) continue;
                            B = tla_tensor2_to(&VTT);
                            bad_sub += !same_tensor(&TT, &B) || !same_addresses(&VTT, &TT);
                        }
            }
    CHECK(cases > 10000);
    CHECK_EQ(bad_round, 0);
    CHECK_EQ(bad_tile, 0);
    CHECK_EQ(bad_sub, 0);
}

/* Layouts that do not fit are refused, and v is left as it was. */
static void refusals(void) {
    static float m[64];
    const char *const bad[] = {"(4,4,4):(16,4,1)", "((2,2,2),4):((1,2,4),8)", "(((2,2),2),4):(((1,2),4),8)", "64:1",
                               "((0,4),4):((1,0),4)"};
    tla_error e;
    tla_tensor2 V, keep;
    memset(&V, 0x5C, sizeof V);
    keep = V;
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        tla_layout L;
        tla_tensor A;
        CHECK_EQ(tla_layout_parse(&L, bad[k], &e), 0);
        A = tla_tensor_make(m, 4, &L, TLA_POS_GM);
        CHECK_EQ(tla_tensor2_from(&V, &A, &e), -1);
        CHECK(strstr(e.msg, "tensor2:") != NULL);
        CHECK(memcmp(&V, &keep, sizeof V) == 0);
    }
    { /* elements that are neither whole bytes nor 4 bits */
        tla_layout L;
        tla_tensor A;
        CHECK_EQ(tla_layout_parse(&L, "(4,4):(4,1)", &e), 0);
        A = tla_tensor_make_bits(m, 3, &L, TLA_POS_GM);
        CHECK_EQ(tla_tensor2_from(&V, &A, &e), -1);
        CHECK(memcmp(&V, &keep, sizeof V) == 0);
    }
}

/* 4-bit elements: the byte that holds the element, as tla_tensor_at2 gives it. */
static void four_bit(void) {
    static unsigned char m[64 * 64 / 2];
    tla_layout L;
    tla_tensor A;
    tla_tensor2 V;
    tla_error e;
    CHECK_EQ(tla_layout_format_bits(&L, TLA_ZN, 4, 64, 64, &e), 0);
    A = tla_tensor_make_bits(m, 4, &L, TLA_POS_L1);
    CHECK_EQ(tla_tensor2_from(&V, &A, &e), 0);
    CHECK(same_addresses(&V, &A));
    CHECK(tla_tensor2_to(&V).elem_bits == 4);
}

/* tla_tensor2_copy between tiles of two formats equals tla_copy between the same tiles of
 * tla_tensor, byte for byte (padding included). */
static void copies(void) {
    enum { R = 37, C = 70 };
    static uint16_t a[64 * 80], b1[64 * 80], b2[64 * 80];
    tla_layout La, Lb;
    tla_tensor A, B1, TA, TB;
    tla_tensor2 VA, VB, TVA, TVB;
    tla_error e;
    int64_t tv[2] = {20, 33}, ca[2] = {5, 9}, cb[2] = {11, 30};
    tla_tuple tile, crda, crdb;
    for (int k = 0; k < 64 * 80; k++) a[k] = (uint16_t)(k * 7 + 1), b1[k] = b2[k] = 0xBEEF;
    tla_layout_format(&La, TLA_ZN, 2, R, C, &e);
    tla_layout_format(&Lb, TLA_NZ, 2, R, C, &e);
    A = tla_tensor_make(a, 2, &La, TLA_POS_GM);
    B1 = tla_tensor_make(b1, 2, &Lb, TLA_POS_L1);
    tla__flat_tuple(&tile, 2, tv, 0);
    tla__flat_tuple(&crda, 2, ca, 0);
    tla__flat_tuple(&crdb, 2, cb, 0);
    CHECK_EQ(tla_tensor_tile(&TA, &A, &tile, &crda, &e), 0);
    CHECK_EQ(tla_tensor_tile(&TB, &B1, &tile, &crdb, &e), 0);
    CHECK_EQ(tla_copy(&TB, &TA, &e), 0);
    CHECK_EQ(tla_tensor2_from(&VA, &A, &e), 0);
    B1.data = (char *)b2;
    CHECK_EQ(tla_tensor2_from(&VB, &B1, &e), 0);
    CHECK_EQ(tla_tensor2_tile(&TVA, &VA, 20, 33, 5, 9, &e), 0);
    CHECK_EQ(tla_tensor2_tile(&TVB, &VB, 20, 33, 11, 30, &e), 0);
    CHECK_EQ(tla_tensor2_copy(&TVB, &TVA, &e), 0);
    CHECK(memcmp(b1, b2, sizeof b1) == 0);
    CHECK(*(uint16_t *)tla_tensor2_at(&TVB, 19, 32) == *(uint16_t *)tla_tensor2_at(&TVA, 19, 32));
}

int main(void) {
    copies();
    size_and_example();
    formats_and_tiles();
    refusals();
    four_bit();
    CHECK_DONE();
}
