/* tests/test_tensor.c - tensors, tiles, coordinate loops and tla_copy between every pair of
 * formats, element by element, with the padding checked untouched. */
#include <stdlib.h>
#include <stdint.h>
#include "tla.h"
#include "check.h"
#include "tensor_eq.h"

static const enum tla_format formats[] = {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_ZN, TLA_ZZ, TLA_NZ, TLA_NN};
static const char *const fnames[] = {"RowMajor", "ColumnMajor", "zN", "zZ", "nZ", "nN", "L0C"};

/* The value stored for element (r, c): distinct for every element, never the canary. */
static uint32_t value_of(int64_t r, int64_t c) { return (uint32_t)(r * 7919 + c * 104729 + 1) & 0x7fffffffu; }
static uint32_t masked(uint32_t v, int bytes) { return bytes == 4 ? v : v & ((1u << (8 * bytes)) - 1u); }

static void copy_all_pairs(void) {
    /* 257x130 and 136x200: 1-byte transposes in 64x64 tiles, their edges in 16x16 and 8x8 ones */
    static const int64_t sizes[][2] = {{32, 48}, {16, 16}, {100, 70},  {1, 1},    {17, 33},
                                       {64, 64}, {5, 130}, {257, 130}, {136, 200}};
    static const int bytes[] = {1, 2, 4};
    int bad = 0, cases = 0, canary_bad = 0;
    tla_error e;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int b = 0; b < 3; b++) {
            int64_t R = sizes[z][0], C = sizes[z][1], cosize[6];
            tla_layout L[6];
            /* each element's byte offset in each format, from tla_tensor_at2 (once per format, not
             * once per pair: at -O0 under ASan, 36 pairs of lookups per element took 15 s) */
            int64_t *off = malloc((size_t)(6 * R * C) * sizeof *off);
            for (int f = 0; f < 6; f++) {
                tla_layout_format(&L[f], formats[f], bytes[b], R, C, &e);
                tla_layout_cosize(&cosize[f], &L[f], &e);
                unsigned char *m = malloc((size_t)(cosize[f] * bytes[b]));
                tla_tensor T = tla_tensor_make(m, bytes[b], &L[f], TLA_POS_GM);
                for (int64_t r = 0; r < R; r++)
                    for (int64_t c = 0; c < C; c++)
                        off[(f * R + r) * C + c] = (unsigned char *)tla_tensor_at2(&T, r, c) - m;
                free(m);
            }
            for (int fs = 0; fs < 6; fs++)
                for (int fd = 0; fd < 6; fd++) {
                    int64_t cs = cosize[fs], cd = cosize[fd];
                    const int64_t *os = off + fs * R * C, *od = off + fd * R * C;
                    unsigned char *ms = malloc((size_t)(cs * bytes[b])), *md = malloc((size_t)(cd * bytes[b]));
                    memset(ms, 0xA5, (size_t)(cs * bytes[b]));
                    memset(md, 0xA5, (size_t)(cd * bytes[b])); /* the canary */
                    tla_tensor S = tla_tensor_make(ms, bytes[b], &L[fs], TLA_POS_GM),
                               D = tla_tensor_make(md, bytes[b], &L[fd], TLA_POS_L1);
                    for (int64_t r = 0; r < R; r++)
                        for (int64_t c = 0; c < C; c++) {
                            uint32_t v = value_of(r, c);
                            memcpy(ms + os[r * C + c], &v, (size_t)bytes[b]);
                        }
                    if (tla_copy(&D, &S, &e) != 0) {
                        bad++;
                        printf("  copy failed: %s\n", e.msg);
                    }
                    int this_bad = 0;
                    for (int64_t r = 0; r < R; r++)
                        for (int64_t c = 0; c < C; c++) {
                            uint32_t v = 0;
                            memcpy(&v, md + od[r * C + c], (size_t)bytes[b]);
                            this_bad += v != masked(value_of(r, c), bytes[b]);
                        }
                    /* padding: every byte of dst that is no element must still be the canary */
                    int64_t elements = 0;
                    for (int64_t i = 0; i < cd * bytes[b]; i++) elements += md[i] != 0xA5;
                    for (int64_t i = 0; i < R * C; i++)
                        for (int k = 0; k < bytes[b]; k++) elements -= md[od[i] + k] != 0xA5;
                    canary_bad += elements != 0;
                    if (this_bad && bad < 10)
                        printf("  %s -> %s, %d bytes, %lldx%lld: %d wrong\n", fnames[fs], fnames[fd], bytes[b],
                               (long long)R, (long long)C, this_bad);
                    bad += this_bad != 0;
                    cases++;
                    free(ms);
                    free(md);
                }
            free(off);
        }
    printf("  %d copies checked\n", cases);
    CHECK_EQ(bad, 0);
    CHECK_EQ(canary_bad, 0);
}

static void tiles_cover_once(void) {
    static uint16_t mem[112 * 112];
    static unsigned char seen[100][100];
    tla_layout L;
    tla_error e;
    int bad = 0;
    tla_layout_format(&L, TLA_ZN, 2, 100, 100, &e);
    tla_tensor A = tla_tensor_make(mem, 2, &L, TLA_POS_L1);
    int64_t tile_v[2] = {32, 48};
    tla_tuple tile;
    tla__flat_tuple(&tile, 2, tile_v, 0);
    for (int64_t i = 0; i * 32 < 100; i++)
        for (int64_t j = 0; j * 48 < 100; j++) {
            int64_t idx_v[2] = {i, j};
            tla_tuple idx;
            tla_tensor T;
            tla__flat_tuple(&idx, 2, idx_v, 0);
            if (tla_tensor_local_tile(&T, &A, &tile, &idx, &e) != 0) {
                bad++;
                continue;
            }
            TLA_FOR_EACH(c, &T) {
                int64_t r = T.coord[0] + c.x[0], col = T.coord[1] + c.x[1];
                seen[r][col]++;
                bad += tla_tensor_ptr(&T, &c.tuple) != tla_tensor_at2(&A, r, col);
            }
        }
    for (int r = 0; r < 100; r++)
        for (int c = 0; c < 100; c++) bad += seen[r][c] != 1;
    CHECK_EQ(bad, 0);
}

/* Tiles at every origin of a ragged parent, on fractal boundaries or not: tile element c is
 * parent element origin + c, and tla_copy into, out of and between tiles matches an
 * element-by-element copy, with every other byte of the parent untouched. */
static void tiles_at_any_origin(void) {
    static const enum tla_format fmts[] = {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_ZN, TLA_ZZ, TLA_NZ, TLA_NN, TLA_L0C};
    static const int64_t tiles[][2] = {{16, 16}, {7, 5}, {1, 33}, {40, 40}};
    static const int bytes[] = {1, 2, 4};
    enum { NF = sizeof fmts / sizeof fmts[0] };
    const int64_t R = 17, C = 35;
    int bad_addr = 0, bad_copy = 0, cases = 0;
    tla_error e;
    for (int f = 0; f < NF; f++)
        for (int bi = 0; bi < 3; bi++)
            for (size_t ti = 0; ti < sizeof tiles / sizeof tiles[0]; ti++) {
                int b = bytes[bi];
                tla_layout L, L2, Ls;
                int64_t cs = 0, cs2 = 0;
                tla_layout_format(&L, fmts[f], b, R, C, &e);
                tla_layout_format(&L2, fmts[(f + 3) % NF], b, R, C, &e);
                tla_layout_cosize(&cs, &L, &e);
                tla_layout_cosize(&cs2, &L2, &e);
                unsigned char *pm = malloc((size_t)(cs * b)), *ref = malloc((size_t)(cs * b));
                unsigned char *pm2 = malloc((size_t)(cs2 * b)), *ref2 = malloc((size_t)(cs2 * b));
                unsigned char *sm = malloc((size_t)(R * C * 4)), *dm = malloc((size_t)(R * C * 4));
                tla_tensor P = tla_tensor_make(pm, b, &L, TLA_POS_GM), P2 = tla_tensor_make(pm2, b, &L2, TLA_POS_L1);
                /* each element's byte offset in L and L2, from tla_tensor_at2 once, for the
                 * references below (looked up again per tile, they took 9 s at -O0 under ASan) */
                int64_t *off = malloc((size_t)(R * C) * sizeof *off), *off2 = malloc((size_t)(R * C) * sizeof *off2);
                for (int64_t i = 0; i < R * C; i++) {
                    off[i] = (unsigned char *)tla_tensor_at2(&P, i / C, i % C) - pm;
                    off2[i] = (unsigned char *)tla_tensor_at2(&P2, i / C, i % C) - pm2;
                }
                for (int64_t r0 = 0; r0 < R; r0++)
                    for (int64_t c0 = 0; c0 < C; c0++) {
                        int64_t tv[2] = {tiles[ti][0], tiles[ti][1]}, cv[2] = {r0, c0};
                        int64_t er = tv[0] < R - r0 ? tv[0] : R - r0, ec = tv[1] < C - c0 ? tv[1] : C - c0;
                        int64_t r1 = (r0 * 5 + 3) % (R - er + 1), c1 = (c0 * 7 + 1) % (C - ec + 1);
                        int64_t ev[2] = {er, ec}, cv2[2] = {r1, c1};
                        tla_tuple tile, crd, ext, crd2;
                        tla_tensor T, T2, S, D;
                        tla__flat_tuple(&tile, 2, tv, 0);
                        tla__flat_tuple(&crd, 2, cv, 0);
                        tla__flat_tuple(&ext, 2, ev, 0);
                        tla__flat_tuple(&crd2, 2, cv2, 0);
                        cases++;
                        if (tla_tensor_tile(&T, &P, &tile, &crd, &e) != 0
                            || tla_tensor_tile(&T2, &P2, &ext, &crd2, &e) != 0) {
                            if (bad_addr++ < 5) printf("  tile failed: %s\n", e.msg);
                            continue;
                        }
                        { /* the fast path agrees with the general one, for a tile and a tile of it */
                            tla_tensor G, TT, TG;
                            int64_t v3[2] = {3, 5}, o1[2] = {1, 2};
                            tla_tuple t3, c1;
                            tla__flat_tuple(&t3, 2, v3, 1u);
                            tla__flat_tuple(&c1, 2, o1, 0);
                            int fast = tla__tensor_tile_general(&G, &P, &tile, &crd, &e) == 0 && same_tensor(&T, &G);
                            if (er > 1 && ec > 2)
                                fast = fast && tla_tensor_tile(&TT, &T, &t3, &c1, &e) == 0
                                       && tla__tensor_tile_general(&TG, &T, &t3, &c1, &e) == 0 && same_tensor(&TT, &TG);
                            if (!fast && bad_addr < 5)
                                printf("  %s %dB tile at (%lld,%lld): the fast path differs from the general one\n",
                                       fnames[f], b, (long long)r0, (long long)c0);
                            bad_addr += !fast;
                        }
                        int this_bad = tla_tensor_extent(&T, 0) != er || tla_tensor_extent(&T, 1) != ec;
                        for (int64_t i = 0; i < er; i++)
                            for (int64_t j = 0; j < ec; j++)
                                this_bad += tla_tensor_at2(&T, i, j) != pm + off[(r0 + i) * C + c0 + j]
                                            || tla_tensor_at2(&T2, i, j) != pm2 + off2[(r1 + i) * C + c1 + j];
                        if (this_bad && bad_addr < 5)
                            printf("  %s %dB tile (%lld,%lld) at (%lld,%lld): %d wrong addresses\n", fnames[f], b,
                                   (long long)tv[0], (long long)tv[1], (long long)r0, (long long)c0, this_bad);
                        bad_addr += this_bad != 0;
                        /* into the tile from a row-major buffer, then from the tile into a tile of
                         * another format at another origin, then out into a column-major buffer */
                        tla_layout_format(&Ls, TLA_ROW_MAJOR, b, er, ec, &e);
                        S = tla_tensor_make(sm, b, &Ls, TLA_POS_GM);
                        tla_layout_format(&Ls, TLA_COLUMN_MAJOR, b, er, ec, &e);
                        D = tla_tensor_make(dm, b, &Ls, TLA_POS_GM);
                        memset(pm, 0xA5, (size_t)(cs * b));
                        memset(ref, 0xA5, (size_t)(cs * b));
                        memset(pm2, 0x5A, (size_t)(cs2 * b));
                        memset(ref2, 0x5A, (size_t)(cs2 * b));
                        memset(dm, 0x3C, (size_t)(R * C * 4));
                        for (int64_t i = 0; i < er; i++)
                            for (int64_t j = 0; j < ec; j++) {
                                uint32_t v = value_of(i + r0, j + c0);
                                memcpy(sm + (i * ec + j) * b, &v, (size_t)b); /* S: row-major */
                                memcpy(ref + off[(r0 + i) * C + c0 + j], &v, (size_t)b);
                                memcpy(ref2 + off2[(r1 + i) * C + c1 + j], &v, (size_t)b);
                            }
                        this_bad =
                            tla_copy(&T, &S, &e) != 0 || tla_copy(&T2, &T, &e) != 0 || tla_copy(&D, &T2, &e) != 0;
                        this_bad += memcmp(pm, ref, (size_t)(cs * b)) != 0;
                        this_bad += memcmp(pm2, ref2, (size_t)(cs2 * b)) != 0;
                        for (int64_t i = 0; i < er; i++)
                            for (int64_t j = 0; j < ec; j++) /* D: column-major */
                                this_bad += memcmp(dm + (j * er + i) * b, sm + (i * ec + j) * b, (size_t)b) != 0;
                        if (this_bad && bad_copy < 5)
                            printf("  %s -> %s %dB tile (%lld,%lld) at (%lld,%lld): copies wrong\n", fnames[f],
                                   fnames[(f + 3) % NF], b, (long long)tv[0], (long long)tv[1], (long long)r0,
                                   (long long)c0);
                        bad_copy += this_bad != 0;
                    }
                free(pm), free(ref), free(pm2), free(ref2), free(sm), free(dm), free(off), free(off2);
            }
    printf("  %d tiles checked\n", cases);
    CHECK_EQ(bad_addr, 0);
    CHECK_EQ(bad_copy, 0);
}

static void copy_errors(void) {
    uint16_t a[64], b[64];
    tla_layout L1, L2;
    tla_error e;
    tla_layout_format(&L1, TLA_ROW_MAJOR, 2, 8, 8, &e);
    tla_layout_format(&L2, TLA_ROW_MAJOR, 2, 4, 16, &e);
    tla_tensor A = tla_tensor_make(a, 2, &L1, TLA_POS_GM), B = tla_tensor_make(b, 2, &L2, TLA_POS_GM);
    CHECK(tla_copy(&B, &A, &e) != 0 && strstr(e.msg, "extent"));
    B = tla_tensor_make(b, 4, &L1, TLA_POS_GM);
    CHECK(tla_copy(&B, &A, &e) != 0 && strstr(e.msg, "element sizes"));
    /* an originShape beyond the layout would write past the memory: refused */
    tla_tuple big;
    int64_t v[2] = {9, 8};
    tla__flat_tuple(&big, 2, v, 0);
    CHECK(tla_layout_set_origin(&L1, &big, &e) != 0 && strstr(e.msg, "larger than mode 0"));
    /* and a hand-made struct with one is refused by the copy */
    tla_layout_format(&L2, TLA_ROW_MAJOR, 2, 8, 8, &e);
    L1.origin[0] = 9, L2.origin[0] = 9;
    B = tla_tensor_make(b, 2, &L2, TLA_POS_GM);
    A = tla_tensor_make(a, 2, &L1, TLA_POS_GM);
    CHECK(tla_copy(&B, &A, &e) != 0 && strstr(e.msg, "larger than the mode"));
}

/* Rank 1 and 3, a composed view, and tla_copy through a view. */
static void other_ranks_and_views(void) {
    static int32_t a[64], b[64], c3[2 * 3 * 4], d3[4 * 3 * 2];
    tla_layout L, L3s, L3d, T;
    tla_error e;
    int bad = 0, count = 0;
    tla_layout_parse(&L, "64:1", &e);
    tla_layout_parse(&T, "(8,8):(8,1)", &e); /* the transpose of a column-major 8x8 */
    tla_tensor A = tla_tensor_make(a, 4, &L, TLA_POS_UB), B = tla_tensor_make(b, 4, &L, TLA_POS_UB);
    TLA_FOR_EACH(i, &A) {
        *(int32_t *)tla_tensor_ptr(&A, &i.tuple) = (int32_t)i.x[0];
        count++;
    }
    CHECK_EQ(count, 64);
    CHECK(tla_copy(&B, &A, &e) == 0);
    for (int i = 0; i < 64; i++) bad += b[i] != i;
    /* a view through the algebra: B o (8,8):(8,1) reads b transposed */
    tla_tensor Bt;
    CHECK(tla_tensor_compose(&Bt, &B, &T, &e) == 0);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) bad += *(int32_t *)tla_tensor_at2(&Bt, r, c) != r * 8 + c;
    /* rank 3: (2,3,4) column-major to row-major */
    tla_layout_parse(&L3s, "(2,3,4):(1,2,6)", &e);
    tla_layout_parse(&L3d, "(2,3,4):(12,4,1)", &e);
    for (int i = 0; i < 24; i++) c3[i] = i;
    tla_tensor S3 = tla_tensor_make(c3, 4, &L3s, TLA_POS_GM), D3 = tla_tensor_make(d3, 4, &L3d, TLA_POS_GM);
    CHECK(tla_copy(&D3, &S3, &e) == 0);
    TLA_FOR_EACH(x, &S3) bad += *(int32_t *)tla_tensor_ptr(&D3, &x.tuple) != *(int32_t *)tla_tensor_ptr(&S3, &x.tuple);
    CHECK_EQ(bad, 0);
}

int main(void) {
    other_ranks_and_views();
    copy_all_pairs();
    tiles_cover_once();
    tiles_at_any_origin();
    copy_errors();
    CHECK_DONE();
}
