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
    int64_t ext[2] = {rows, cols};
    tla__plan p;
    size_t n;
    int k;
    if (tla_layout_format(&Ls, fs, eb, rows, cols, &e) != 0 || tla_layout_format(&Ld, fd, eb, rows, cols, &e) != 0)
        return "no layout";
    S = tla_tensor_make(buf, eb, &Ls, TLA_POS_GM);
    D = tla_tensor_make(buf, eb, &Ld, TLA_POS_L1);
    if (tla__make_plan(&D, &S, ext, &p) != 0) return "no plan";
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
     * destination's order (its strides tie at 256 elements, past a line on both sides). */
    {TLA_ZN, TLA_ZZ, 2, 2048, 3072, "run 256: (192,32768,256) (128,256,49152)"},
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
     * left to the edge tile, so the loops cover 992 x 2992 of the 1000 x 2992. */
    {TLA_ROW_MAJOR, TLA_NN, 4, 1000, 2992,
     "run 1: box 992x2992: (8,2992,1) (8,1,8) (2,23936,128) (2,8,64) (187,16,16000) (62,47872,256)"},
    /* 4-byte, the destination contiguous in the inner loop: paired across the far step (the
     * next zN fractal column) as well. */
    {TLA_COLUMN_MAJOR, TLA_ZN, 4, 2048, 3072,
     "run 1: (8,2048,1) (8,1,8) (2,16384,16384) (2,8,64) (128,16,128) (192,32768,32768)"},
    /* 1-byte: the super-block's pair of 16-row blocks is one nN fractal's 32 rows, one loop. */
    {TLA_ZN, TLA_NN, 1, 2048, 3072, "run 1: (32,32,1) (16,1,32) (2,16,32768) (64,1024,512) (96,65536,65536)"},
};

int main(void) {
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct plan_case *c = &cases[i];
        const char *got = plan_of(c->fs, c->fd, c->eb, c->rows, c->cols);
        if (strcmp(got, c->plan) != 0) printf("  case %d (formats %d -> %d, %d bytes):\n", (int)i, c->fs, c->fd, c->eb);
        CHECK_STR(got, c->plan);
    }
    CHECK_DONE();
}
