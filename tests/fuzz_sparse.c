/* tests/fuzz_sparse.c - libFuzzer target for the MLIR sparse encoding parser, printer and storage.
 *
 *   make fuzz && ./build/fuzz_sparse -max_total_time=300
 *
 * Besides "no crash, no sanitizer report" it checks: an error position lies inside the input;
 * an encoding that parses prints to text that parses again, and (without symbols, where every
 * level is d, d floordiv c or d mod c) prints the same: the canonical form is a fixed point; and, for small maps without symbols, a 4^rank tensor built from the input
 * bytes packs, unpacks to itself and iterates over its non-zeros exactly once. */
#include <stdint.h>
#include <stdlib.h>
#define TLA_WITH_ALL /* indexing maps, HLO and sparse encodings (opt-in families) */
#include "tla.h"

#define FUZZ_MAX 1024

static void fuzz_assert(int ok) {
    if (!ok) abort();
}

static int fuzz_count(void *ctx, const int64_t *lc, const int64_t *dc, double v) {
    (void)lc, (void)dc;
    if (v != 0) ++*(int64_t *)ctx;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char s[FUZZ_MAX + 1], p1[4096], p2[4096];
    static tla_sparse_encoding e, f;
    static double dense[4096], back[4096], mem[1 << 15];
    tla_sparse_storage st;
    tla_error err;
    int64_t dims[TLA_SPARSE_MAX_RANK], n = 1, i, nnz = 0, seen = 0;
    size_t bytes = 0;
    int d;
    if (size > FUZZ_MAX) return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    if (tla_sparse_parse(&e, s, &err) != 0) {
        fuzz_assert(err.pos >= -1 && err.pos <= (int)strlen(s));
        fuzz_assert(memchr(err.msg, '\0', sizeof err.msg) != NULL);
        return 0;
    }
    fuzz_assert(tla_sparse_snprint(p1, sizeof p1, &e) < (int)sizeof p1);
    fuzz_assert(tla_sparse_parse(&f, p1, &err) == 0);
    tla_sparse_snprint(p2, sizeof p2, &f);
    fuzz_assert(e.sym_rank || strcmp(p1, p2) == 0); /* with symbols, MLIR's simplifier is not idempotent either */
    if (e.sym_rank || e.dim_rank > 6) return 0;
    for (d = 0; d < e.dim_rank; d++) dims[d] = 4, n *= 4;
    for (i = 0; i < n; i++) dense[i] = (data[(size_t)i % size] & 3) == 0 ? (double)(data[(size_t)i % size] >> 2) : 0;
    if (tla_sparse_size(&bytes, &e, e.dim_rank, dims, dense, &err) != 0 || bytes > sizeof mem) return 0;
    fuzz_assert(tla_sparse_pack(&st, mem, sizeof mem, &e, e.dim_rank, dims, dense, &err) == 0);
    fuzz_assert(tla_sparse_unpack(back, &st, &err) == 0);
    for (i = 0; i < n; i++) fuzz_assert(back[i] == dense[i]), nnz += dense[i] != 0;
    fuzz_assert(tla_sparse_foreach(&st, fuzz_count, &seen, &err) == 0 && seen == nnz);
    return 0;
}

#ifdef FUZZ_MAIN
#include <stdio.h>
int main(int argc, char **argv) {
    static char buf[FUZZ_MAX + 1];
    int i;
    for (i = 1; i < argc; i++) {
        FILE *fp = fopen(argv[i], "rb");
        size_t n;
        if (!fp) continue;
        n = fread(buf, 1, FUZZ_MAX, fp);
        fclose(fp);
        LLVMFuzzerTestOneInput((const uint8_t *)buf, n);
    }
    return 0;
}
#endif
