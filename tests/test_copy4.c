/* tests/test_copy4.c - 4-bit elements (int4, fp4: two to a byte, the even offset in the low
 * nibble): tla_tensor_make_bits, get4 / set4, and tla_copy between every ordered pair of
 * formats at aligned and ragged sizes, between tiles at many origins, against an element-by-
 * element reference that also proves nothing else in the destination changed (its padding and
 * the other half of every byte it shares). */
#include <stdint.h>
#include <stdlib.h>
#include "tla.h"
#include "check.h"

static const enum tla_format formats[] = {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_ZN, TLA_ZZ, TLA_NZ, TLA_NN};
static const char *const names[] = {"RowMajor", "ColumnMajor", "zN", "zZ", "nZ", "nN"};
enum { NF = sizeof formats / sizeof formats[0] };

static int value_of(int64_t r, int64_t c) { return (int)((r * 7 + c * 3 + r * c) % 16); }

/* A 4-bit tensor of format f over a fresh buffer filled with `fill`; *bytes its size. */
static tla_tensor make4(enum tla_format f, int64_t R, int64_t C, unsigned char fill, size_t *bytes) {
    tla_layout L;
    tla_error e;
    int64_t cs = 0;
    if (tla_layout_format_bits(&L, f, 4, R, C, &e) != 0 || tla_layout_cosize(&cs, &L, &e) != 0) abort();
    *bytes = (size_t)(cs + 1) / 2;
    unsigned char *p = malloc(*bytes);
    if (!p) abort();
    memset(p, fill, *bytes);
    return tla_tensor_make_bits(p, 4, &L, TLA_POS_GM);
}

/* get4 / set4 address the right nibble and leave the other one alone. */
static void nibbles(void) {
    size_t n;
    tla_tensor A = make4(TLA_ROW_MAJOR, 3, 5, 0xAB, &n);
    unsigned char *p = (unsigned char *)A.data;
    CHECK_EQ(tla_tensor_get4_at2(&A, 0, 0), 0xB); /* offset 0: low nibble */
    CHECK_EQ(tla_tensor_get4_at2(&A, 0, 1), 0xA); /* offset 1: high nibble */
    CHECK_EQ(tla_tensor_set4_at2(&A, 0, 3, 0x15), 0); /* offset 3: high nibble of byte 1, low 4 bits of v */
    CHECK_EQ(p[1], 0x5B);
    CHECK_EQ(tla_tensor_set4_at2(&A, 2, 4, 7), 0); /* offset 14: low nibble of byte 7 */
    CHECK_EQ(p[7], 0xA7);
    CHECK_EQ(tla_tensor_get4_at2(&A, 2, 4), 7);
    CHECK(tla_tensor_at2(&A, 2, 4) == A.data + 7); /* the byte that holds it */
    tla_tensor B = A;
    B.elem_bits = 8, B.elem_bytes = 1;
    CHECK_EQ(tla_tensor_get4_at2(&B, 0, 0), -1); /* not a 4-bit tensor */
    free(p);
}

/* Copy src (filled with value_of) into dst; compare every byte of dst with a reference made
 * element by element on a copy of dst's initial bytes. */
static int copy_and_check(tla_tensor *D, size_t dbytes, tla_tensor *S, int64_t R, int64_t C) {
    tla_error e;
    unsigned char *ref = malloc(dbytes);
    tla_tensor Dref = *D;
    int bad = 0;
    if (!ref) abort();
    memcpy(ref, D->data, dbytes);
    Dref.data = (char *)ref;
    for (int64_t r = 0; r < R; r++)
        for (int64_t c = 0; c < C; c++) bad += tla_tensor_set4_at2(&Dref, r, c, tla_tensor_get4_at2(S, r, c)) != 0;
    if (tla_copy(D, S, &e) != 0) {
        printf("  copy failed: %s\n", e.msg);
        bad++;
    }
    if (memcmp(D->data, ref, dbytes) != 0) bad++;
    free(ref);
    return bad;
}

/* Every ordered pair of formats, at aligned and ragged sizes. */
static void all_pairs(void) {
    static const int64_t sizes[][2] = {{64, 128}, {17, 35}, {33, 70}, {1, 1}, {100, 3}};
    int bad = 0, cases = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int f = 0; f < NF; f++)
            for (int g = 0; g < NF; g++) {
                int64_t R = sizes[z][0], C = sizes[z][1];
                size_t sb, db;
                tla_tensor S = make4(formats[f], R, C, 0x00, &sb), D = make4(formats[g], R, C, 0x5A, &db);
                for (int64_t r = 0; r < R; r++)
                    for (int64_t c = 0; c < C; c++) tla_tensor_set4_at2(&S, r, c, value_of(r, c));
                int b = copy_and_check(&D, db, &S, R, C);
                if (b && bad < 5)
                    printf("  %s -> %s %lldx%lld: wrong\n", names[f], names[g], (long long)R, (long long)C);
                bad += b != 0;
                cases++;
                free(S.data);
                free(D.data);
            }
    CHECK_EQ(bad, 0);
    printf("  %d format pairs x sizes copied\n", cases);
}

/* Tiles of one format into tiles of another, at many origins (odd ones too, which start inside
 * a byte). */
static void tiles(void) {
    const int64_t R = 21, C = 37;
    int bad = 0, cases = 0;
    tla_error e;
    for (int f = 0; f < NF; f++) {
        int g = (f + 2) % NF;
        size_t sb, db;
        tla_tensor S = make4(formats[f], R, C, 0x00, &sb), D = make4(formats[g], R, C, 0xC3, &db);
        for (int64_t r = 0; r < R; r++)
            for (int64_t c = 0; c < C; c++) tla_tensor_set4_at2(&S, r, c, value_of(r, c));
        for (int64_t r0 = 0; r0 < R; r0 += 3)
            for (int64_t c0 = 0; c0 < C; c0 += 5) {
                int64_t tv[2] = {9, 17}, sv[2] = {r0, c0}, dv[2] = {(r0 * 7 + 1) % (R - 8), (c0 * 3 + 2) % (C - 16)};
                tla_tuple tile, sc, dc;
                tla_tensor TS, TD;
                tla__flat_tuple(&tile, 2, tv, 0);
                tla__flat_tuple(&sc, 2, sv, 0);
                tla__flat_tuple(&dc, 2, dv, 0);
                if (tla_tensor_tile(&TS, &S, &tile, &sc, &e) != 0 || tla_tensor_tile(&TD, &D, &tile, &dc, &e) != 0) {
                    bad++;
                    continue;
                }
                /* the tiles' extents differ at the source's edge: copy the common part */
                int64_t er = tla_tensor_extent(&TS, 0), ec = tla_tensor_extent(&TS, 1);
                int64_t ev[2] = {er, ec};
                tla_tuple ext;
                tla__flat_tuple(&ext, 2, ev, 0);
                if (tla_tensor_tile(&TD, &D, &ext, &dc, &e) != 0) {
                    bad++;
                    continue;
                }
                bad += copy_and_check(&TD, db, &TS, er, ec) != 0;
                cases++;
            }
        free(S.data);
        free(D.data);
    }
    CHECK_EQ(bad, 0);
    printf("  %d 4-bit tiles copied\n", cases);
}

/* Mismatched element sizes and a width that is neither 4 bits nor whole bytes are errors. */
static void errors(void) {
    size_t n4, n8;
    tla_error e;
    tla_tensor A = make4(TLA_ROW_MAJOR, 4, 8, 0, &n4), B = make4(TLA_ROW_MAJOR, 4, 8, 0, &n8);
    tla_tensor B8 = B, B3 = B;
    B8.elem_bits = 8, B8.elem_bytes = 1;
    B3.elem_bits = 3;
    CHECK(tla_copy(&B8, &A, &e) != 0 && strstr(e.msg, "element sizes differ (8 and 4 bits)"));
    CHECK(tla_copy(&B3, &A, &e) != 0 && strstr(e.msg, "4 bits or at least 1 byte"));
    CHECK(tla_copy(&A, &A, &e) == 0); /* the same view: nothing moves */
    free(A.data);
    free(B.data);
}

int main(void) {
    nibbles();
    all_pairs();
    tiles();
    errors();
    CHECK_DONE();
}
