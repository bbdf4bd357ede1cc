/* tests/fuzz_parse.c - libFuzzer target for the parsers, the printers and the
 * `tla` expression evaluator.  Build and run:
 *
 *   make fuzz && ./build/fuzz_parse -max_total_time=60
 *
 * Each input is used as a NUL-terminated string.  Besides "no crash, no
 * sanitizer report", it checks that whatever parses prints back to text that
 * parses to the same value, and that error positions lie inside the input.
 * Without libFuzzer, build with -DFUZZ_MAIN to run the files named on the
 * command line (or stdin) through the same checks.
 */
#include <stdint.h>
#include <stdlib.h>
#define TLA_NO_MAIN
#include "examples/tla.c"

#define FUZZ_MAX 4096

static void fuzz_assert(int ok) {
    if (!ok) abort();
}

static void fuzz_tuple(const char *s, size_t len) {
    tla_tuple t, u;
    tla_error e;
    char out[1024];
    int pos = 0;
    if (tla_tuple_parse(&t, s, &e) == 0) {
        int64_t sz;
        fuzz_assert(tla_tuple_snprint(out, sizeof out, &t) < (int)sizeof out);
        fuzz_assert(tla_tuple_parse(&u, out, &e) == 0);
        fuzz_assert(tla_tuple_equal(&t, &u) && t.stat == u.stat);
        if (tla_tuple_size(&sz, &t, &e) == 0 && sz > 0) {
            tla_tuple c;
            int64_t i;
            for (i = 0; i < 4; i++)
                if (tla_tuple_idx2crd(&c, &t, i * 7919 % sz, &e) == 0) fuzz_assert(tla_tuple_congruent(&c, &t));
        }
    } else {
        fuzz_assert(e.pos >= 0 && (size_t)e.pos <= len);
        fuzz_assert(memchr(e.msg, '\0', sizeof e.msg) != NULL);
    }
    /* Walk the input tuple by tuple, the way a caller of parse_tuple_at does. */
    while ((size_t)pos < len && s[pos]) {
        if (tla_tuple_parse_at(&t, s, &pos, &e) != 0) pos++;
        fuzz_assert((size_t)pos <= len);
    }
}

static void fuzz_layout(const char *s, size_t len) {
    tla_layout L, M;
    tla_error e;
    char out[2048];
    static char grid[1 << 16];
    int64_t size, cosize, off;
    if (tla_layout_parse(&L, s, &e) != 0) {
        fuzz_assert(e.pos >= 0 && (size_t)e.pos <= len);
        return;
    }
    fuzz_assert(tla_layout_snprint(out, sizeof out, &L) < (int)sizeof out);
    fuzz_assert(tla_layout_parse(&M, out, &e) == 0 && tla_layout_equal(&L, &M));
    fuzz_assert(tla_layout_size(&size, &L, &e) == 0);
    if (tla_layout_cosize(&cosize, &L, &e) == 0 && size > 0 && size <= 2048) {
        tla_tuple i = tla_tuple_leaf(size - 1, 0);
        tla_layout_snprint_grid(grid, sizeof grid, &L);
        if (tla_layout_crd2offset(&off, &L, &i, &e) == 0) fuzz_assert(off < cosize);
    }
    if (tla_layout_rank(&L) <= 8) {
        tla_layout T;
        int64_t o;
        tla_tuple tile = L.shape;
        tla_layout_make_tile(&T, &L, &tile, &e);
        tla_layout_get_tile(&T, &o, &L, &tile, &tile, &e);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char s[FUZZ_MAX + 1], out[4096];
    tla_error e;
    size_t len = size < FUZZ_MAX ? size : FUZZ_MAX;
    memcpy(s, data, len);
    s[len] = '\0';
    len = strlen(s);
    fuzz_tuple(s, len);
    fuzz_layout(s, len);
    if (cli_eval_to_string(s, out, sizeof out, &e) < 0) fuzz_assert(e.pos >= 0 && (size_t)e.pos <= len);
    return 0;
}

#ifdef FUZZ_MAIN
/* A tiny driver for builds without libFuzzer: each argument is a file. */
int main(int argc, char **argv) {
    static uint8_t buf[FUZZ_MAX];
    int i;
    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        size_t n;
        if (!f) continue;
        n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
    }
    if (argc == 1) {
        size_t n = fread(buf, 1, sizeof buf, stdin);
        LLVMFuzzerTestOneInput(buf, n);
    }
    return 0;
}
#endif
