/* tests/test_copy_plan.c - the loop order tla_copy plans for a few format pairs, written out.
 * Speed is measured by `make bench`, never here; this only pins the structure each planner rule
 * produces (bench/NOTES.md, round 5, has what each bought), so a change that drops a rule fails
 * here instead of showing up as noise in a benchmark.  A plan is its run length and its outer
 * loops, innermost first, as (count, source stride, destination stride) in elements. */
#include <stdio.h>
#include <string.h>
#include "tla.h"
#include "check.h"

static const char *plan_of(enum tla_format fs, enum tla_format fd, int eb, int64_t rows, int64_t cols) {
    static char out[512];
    static char buf[1];
    tla_layout Ls, Ld;
    tla_error e;
    tla_tensor S, D;
    int64_t ext[TLA_MAX_RANK] = {0}; /* (tla__copy_lower copies TLA_MAX_RANK extents) */
    tla__plan p;
    tla__copy_desc c;
    size_t n;
    int k;
    ext[0] = rows, ext[1] = cols;
    if (tla_layout_format(&Ls, fs, eb, rows, cols, &e) != 0 || tla_layout_format(&Ld, fd, eb, rows, cols, &e) != 0)
        return "no layout";
    S = tla_tensor_make(buf, eb, &Ls, TLA_POS_GM);
    D = tla_tensor_make(buf, eb, &Ld, TLA_POS_L1);
    if (tla__copy_lower(&c, &D, &S, ext, NULL) != 0 || tla__make_plan(&c, ext, &p) != 0) return "no plan";
    n = (size_t)snprintf(out, sizeof out, "run %lld:", (long long)p.run_len);
    if (p.cov[0] != rows || p.cov[1] != cols) /* the box the loops cover, when the rest is an edge tile */
        n += (size_t)snprintf(out + n, sizeof out - n, " box %lldx%lld:", (long long)p.cov[0], (long long)p.cov[1]);
    for (k = 0; k < p.nouter && n < sizeof out; k++)
        n += (size_t)snprintf(out + n, sizeof out - n, " (%lld,%lld,%lld)", (long long)p.outer[k].n,
                              (long long)p.outer[k].ss, (long long)p.outer[k].ds);
    return out;
}

/* One case: a pair of formats, the element size, the extent, and the plan written out. */
struct plan_case {
    enum tla_format fs, fd;
    int eb;
    int64_t rows, cols;
    const char *plan;
};

static const struct plan_case cases[] = {
    /* Same contiguous direction, whole 512-byte fractals on both sides: the fractal grid in the
     * source's order (its strides tie at 256 elements, past a line on both sides; runs of whole
     * fractals take the source's order), both ways. */
    {TLA_ZN, TLA_ZZ, 2, 2048, 3072, "run 256: (128,256,49152) (192,32768,256)"},
    {TLA_ZZ, TLA_ZN, 2, 2048, 3072, "run 256: (192,256,32768) (128,49152,256)"},
    /* A tie within a cache line keeps the old rule: a zN fractal's 16 rows of 32 bytes before
     * the row of fractals. */
    {TLA_ZN, TLA_ROW_MAJOR, 2, 2048, 3072, "run 16: (16,16,3072) (192,32768,16) (128,256,49152)"},
    /* A fractal transpose: 16x16 blocks, 2x2 super-blocks (both next steps within 512 bytes on
     * some side), then the grid in the destination's order. */
    {TLA_ZN, TLA_NZ, 2, 2048, 3072,
     "run 1: (16,16,1) (16,1,16) (2,256,49152) (2,32768,256) (96,65536,512) (64,512,98304)"},
    /* 4-byte: 8x8 blocks in 16x16 super-blocks, as the hand loop moves them. */
    {TLA_ROW_MAJOR, TLA_NN, 4, 2048, 3072,
     "run 1: (8,3072,1) (8,1,8) (2,24576,128) (2,8,64) (192,16,32768) (128,49152,256)"},
    /* No super-block when a mode's next step is far on both sides (the next zN fractal column
     * and the next 8 ColumnMajor columns): the walk down both sides stays sequential. */
    {TLA_ZN, TLA_COLUMN_MAJOR, 4, 2048, 3072, "run 1: (8,1,2048) (8,8,1) (2,64,8) (128,128,16) (384,16384,16384)"},
    /* An odd count of 2-byte blocks (2992 columns: 187 blocks, as in the bench's ragged
     * 1000x3001) is not paired (moving the last block to an edge tile lost there); without
     * super-blocks the grid goes in the destination's order (whole nN fractals). */
    {TLA_ROW_MAJOR, TLA_NN, 2, 992, 2992, "run 1: (16,1,16) (16,2992,1) (62,47872,256) (187,16,15872)"},
    /* 4-byte blocks are paired even so (1000 rows: 125 blocks of 8): the last row of blocks is
     * left to the edge tile, so the loops cover 992 x 2992 of the 1000 x 2992.  The pair inside
     * one fractal on both sides (2,8,64) goes inside the far one (tla__plan_pair_order). */
    {TLA_ROW_MAJOR, TLA_NN, 4, 1000, 2992,
     "run 1: box 992x2992: (8,2992,1) (8,1,8) (2,8,64) (2,23936,128) (187,16,16000) (62,47872,256)"},
    /* 4-byte, the destination contiguous in the inner loop: paired across the far step (the
     * next zN fractal column) as well; that step is 64 KB, a multiple of 4 KB, so the pairs stay
     * in the destination's order. */
    {TLA_COLUMN_MAJOR, TLA_ZN, 4, 2048, 3072,
     "run 1: (8,2048,1) (8,1,8) (2,16384,16384) (2,8,64) (128,16,128) (192,32768,32768)"},
    /* 4-byte nZ -> zZ: a zZ fractal (16 x 8) is half of two nZ fractals (8 x 16) a row of
     * fractals apart.  At a pitch of 3008 the far step is 94 KB: the two halves of one source
     * fractal (2,64,128) before the next row of them; at 3072 (96 KB) the destination's order. */
    {TLA_NZ, TLA_ZZ, 4, 1008, 3008, "run 1: (8,1,8) (8,8,1) (2,64,128) (2,24064,64) (188,128,256) (63,48128,48128)"},
    {TLA_NZ, TLA_ZZ, 4, 1008, 3072, "run 1: (8,1,8) (8,8,1) (2,24576,64) (2,64,128) (192,128,256) (63,49152,49152)"},
    /* 2-byte RowMajor <-> ColumnMajor with a source pitch of 4 KB: tiles of 2 x 2 blocks, the pair
     * that completes the 4 KB side's lines first (the destination's when both pitches are 4 KB),
     * the tiles in the destination's order; at a 6 KB source pitch, 16 x 16 tiles as before. */
    {TLA_COLUMN_MAJOR, TLA_ROW_MAJOR, 2, 2048, 2048,
     "run 1: (16,1,2048) (16,2048,1) (2,32768,16) (2,16,32768) (64,65536,32) (64,32,65536)"},
    {TLA_COLUMN_MAJOR, TLA_ROW_MAJOR, 2, 2048, 3072,
     "run 1: (16,1,3072) (16,2048,1) (2,16,49152) (2,32768,16) (96,65536,32) (64,32,98304)"},
    {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, 2, 2048, 3072, "run 1: (16,3072,1) (16,1,2048) (128,49152,16) (192,16,32768)"},
    /* 1-byte: the super-block's pair of 16-row blocks is one nN fractal's 32 rows, one loop;
     * a second pair level makes the super-block 64 bytes of each line (4 x 4 blocks). */
    {TLA_ZN, TLA_NN, 1, 2048, 3072,
     "run 1: (32,32,1) (16,1,32) (2,16,32768) (2,1024,512) (2,65536,65536) (32,2048,1024) (48,131072,131072)"},
    /* 1-byte zN <-> nZ: both sides' fractal rows are 32 bytes, so the 16 x 16 block's loops
     * continue into 32 x 32 blocks of 1 KB contiguous on each side, without super-blocks. */
    {TLA_ZN, TLA_NZ, 1, 2048, 3072, "run 1: (32,32,1) (32,1,32) (96,65536,1024) (64,1024,98304)"},
    {TLA_NZ, TLA_ZN, 1, 2048, 3072, "run 1: (32,1,32) (32,32,1) (64,98304,1024) (96,1024,65536)"},
    {TLA_ZZ, TLA_NN, 1, 2048, 3072,
     "run 1: (16,32,1) (16,1,32) (2,16,32768) (2,49152,16) (2,512,65536) (2,98304,512) (32,196608,1024) "
     "(48,1024,131072)"},
    /* 1-byte nN -> zZ: the super-block's 2 x 2 blocks of 16 x 16 (loops 2 and 3) are two fractals
     * on each side, one call of AVX-512's 32 x 32 halves kernel (tla__copy_4d). */
    {TLA_NN, TLA_ZZ, 1, 2048, 3072,
     "run 1: (16,1,32) (16,32,1) (2,32768,16) (2,16,49152) (2,65536,512) (2,512,98304) (48,131072,1024) "
     "(32,1024,196608)"},
    /* 1-byte nZ -> RowMajor, zN -> ColumnMajor: 4 fractals a block, 64 bytes of each destination
     * line (tla__plan_byte_lines); the ragged size's 187 fractals a row keep 16-byte blocks. */
    {TLA_NZ, TLA_ROW_MAJOR, 1, 2048, 3072, "run 1: (64,32,1) (32,1,3072) (48,2048,64) (64,98304,98304)"},
    {TLA_ZN, TLA_COLUMN_MAJOR, 1, 8192, 8192, "run 1: (64,32,1) (32,1,8192) (128,2048,64) (256,262144,262144)"},
    {TLA_NZ, TLA_ROW_MAJOR, 1, 1000, 3001, "run 1: box 992x2992: (16,32,1) (32,1,3001) (187,512,16) (31,96256,96032)"},
};

/* tla_copy_prepare records every box tla_copy plans, so a run plans nothing: a ragged extent
 * (the box and its edges), a tile that starts off a fractal boundary (its pieces), and a copy
 * that goes element by element somewhere (not recorded: the run is all of tla_copy).  Each run,
 * at other pointers, gives tla_copy's bytes; padding stays as it was. */
static unsigned char rs[64 * 96 * 2], rd[64 * 96 * 2], rd2[64 * 96 * 2];
static int run_equals_copy(tla_tensor *D, tla_tensor *S, size_t bytes, int want_kind, int min_steps) {
    static tla_copy_plan P;
    static unsigned char s2[sizeof rs], d2[sizeof rd];
    tla_error e;
    size_t i;
    int ok;
    for (i = 0; i < bytes; i++) rs[i] = (unsigned char)(i * 7 + 3), rd[i] = rd2[i] = (unsigned char)(i * 5);
    if (tla_copy_prepare(&P, D, S, &e) != 0) return 0;
    ok = P.kind == want_kind && (want_kind != TLA__RUN_BOXES || P.prog.nbox >= min_steps);
    memcpy(s2, rs, bytes), memcpy(d2, rd2, bytes);
    ok = ok && tla_copy(D, S, &e) == 0; /* into rd */
    ok = ok && tla_copy_run(&P, d2 + (D->data - (char *)rd), s2 + (S->data - (char *)rs), &e) == 0;
    return ok && memcmp(d2, rd, bytes) == 0;
}

static void recorded_runs(void) {
    tla_layout Ls, Ld;
    tla_tensor S, D;
    tla_error e;
    /* 40 x 72 nN -> zN, 2-byte: the box and the edges of both modes */
    CHECK(tla_layout_format(&Ls, TLA_NN, 2, 40, 72, &e) == 0 && tla_layout_format(&Ld, TLA_ZN, 2, 40, 72, &e) == 0);
    S = tla_tensor_make(rs, 2, &Ls, TLA_POS_GM), D = tla_tensor_make(rd, 2, &Ld, TLA_POS_L1);
    CHECK(run_equals_copy(&D, &S, sizeof rs, TLA__RUN_BOXES, 3));
    /* a 16 x 16 tile at (8, 8) of a 64 x 96 zN matrix into a row-major 16 x 16 buffer: the
     * tile's four pieces (rows 8..15 and 16..23, columns likewise) */
    CHECK(tla_layout_format(&Ls, TLA_ZN, 2, 64, 96, &e) == 0
          && tla_layout_format(&Ld, TLA_ROW_MAJOR, 2, 16, 16, &e) == 0);
    S = tla_tensor_make(rs, 2, &Ls, TLA_POS_GM), D = tla_tensor_make(rd, 2, &Ld, TLA_POS_L1);
    {
        int64_t tv[2] = {16, 16}, cv[2] = {8, 8};
        tla_tuple tile, crd;
        tla_tensor T;
        tla__flat_tuple(&tile, 2, tv, 0), tla__flat_tuple(&crd, 2, cv, 0);
        CHECK(tla_tensor_tile(&T, &S, &tile, &crd, &e) == 0);
        CHECK(run_equals_copy(&D, &T, sizeof rs, TLA__RUN_BOXES, 4));
    }
    /* leaves that do not divide one another ((2,3):(1,2) against (3,2):(1,3)): element by
     * element, so not recorded */
    CHECK(tla_layout_parse(&Ls, "((2,3)):((1,2))", &e) == 0 && tla_layout_parse(&Ld, "((3,2)):((1,3))", &e) == 0);
    S = tla_tensor_make(rs, 2, &Ls, TLA_POS_GM), D = tla_tensor_make(rd, 2, &Ld, TLA_POS_L1);
    CHECK(run_equals_copy(&D, &S, 64, TLA__RUN_ALL, 0));
}

/* A tile loop of tla_tensor_tile views (tla_copy's overlap from the tiles' box bounds): every
 * origin on an 8 x 8 grid (on the fractal grid and off it: pieces), each tile copied into one
 * 16 x 16 buffer of another format, with a copy of another shape between tiles now and then;
 * every element of every tile checked against the source. */
static void tile_loop(void) {
    static uint16_t a[64 * 96], b[16 * 16], c2[48 * 80]; /* nN pads 40 x 72 to 48 x 80 */
    tla_layout La, Lb, Lc;
    tla_tensor A, B, C, T;
    tla_error e;
    int64_t i0, j0, i, j, tv[2] = {16, 16}, cv[2];
    int bad = 0;
    tla_tuple tile, crd;
    CHECK(tla_layout_format(&La, TLA_ZN, 2, 64, 96, &e) == 0 && tla_layout_format(&Lb, TLA_NZ, 2, 16, 16, &e) == 0
          && tla_layout_format(&Lc, TLA_NN, 2, 40, 72, &e) == 0);
    A = tla_tensor_make(a, 2, &La, TLA_POS_GM), B = tla_tensor_make(b, 2, &Lb, TLA_POS_L1);
    C = tla_tensor_make(c2, 2, &Lc, TLA_POS_L1);
    for (i = 0; i < 64; i++)
        for (j = 0; j < 96; j++) *(uint16_t *)tla_tensor_at2(&A, i, j) = (uint16_t)(i * 96 + j);
    for (i0 = 0; i0 + 16 <= 64; i0 += 8)
        for (j0 = 0; j0 + 16 <= 96; j0 += 8) {
            cv[0] = i0, cv[1] = j0;
            tla__flat_tuple(&tile, 2, tv, 0), tla__flat_tuple(&crd, 2, cv, 0);
            if ((i0 + j0) % 24 == 8) { /* another copy between */
                tla_tensor V;
                int64_t w[2] = {40, 72}, z[2] = {0, 0};
                tla_tuple tw, tz;
                tla__flat_tuple(&tw, 2, w, 0), tla__flat_tuple(&tz, 2, z, 0);
                bad += tla_tensor_tile(&V, &A, &tw, &tz, &e) != 0 || tla_copy(&C, &V, &e) != 0;
            }
            memset(b, 0xff, sizeof b);
            if (tla_tensor_tile(&T, &A, &tile, &crd, &e) != 0 || tla_copy(&B, &T, &e) != 0) {
                bad++;
                continue;
            }
            for (i = 0; i < 16; i++)
                for (j = 0; j < 16; j++)
                    bad += *(uint16_t *)tla_tensor_at2(&B, i, j) != (uint16_t)((i0 + i) * 96 + j0 + j);
        }
    CHECK(bad == 0);
}

int main(void) {
    size_t i;
    recorded_runs();
    tile_loop();
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct plan_case *c = &cases[i];
        const char *got = plan_of(c->fs, c->fd, c->eb, c->rows, c->cols);
        if (strcmp(got, c->plan) != 0) printf("  case %d (formats %d -> %d, %d bytes):\n", (int)i, c->fs, c->fd, c->eb);
        CHECK_STR(got, c->plan);
    }
    CHECK_DONE();
}
