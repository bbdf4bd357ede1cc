/* tests/fuzz_xla.c - libFuzzer target for the XLA shape parser, printer and converter.
 *
 *   make fuzz && ./build/fuzz_xla -max_total_time=300
 *
 * Besides "no crash, no sanitizer report" it checks: an error position lies inside the
 * input; a parsed shape prints to text that parses to a shape printing the same (the
 * canonical spelling is a fixed point); the linear index of every element lies in the padded
 * size and multi_index inverts it; when the conversion succeeds, the layout's offset of every
 * element is that linear index; when it fails, the error says why (no TLA layout, overflow). */
#include <stdint.h>
#include <stdlib.h>
#include "tla.h"

#define FUZZ_MAX 512

static void fuzz_assert(int ok) {
    if (!ok) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char s[FUZZ_MAX + 1], p1[1024], p2[1024];
    tla_xla_shape x, y;
    tla_xla_info info;
    tla_layout L;
    tla_error e;
    int64_t total = 1;
    int i;
    if (size > FUZZ_MAX) return 0;
    memcpy(s, data, size);
    s[size] = '\0';
    if (tla_xla_parse(&x, s, &e) != 0) {
        fuzz_assert(e.pos >= 0 && (size_t)e.pos <= strlen(s));
        return 0;
    }
    fuzz_assert(tla_xla_snprint(p1, sizeof p1, &x) < (int)sizeof p1);
    fuzz_assert(tla_xla_parse(&y, p1, &e) == 0);
    tla_xla_snprint(p2, sizeof p2, &y);
    fuzz_assert(strcmp(p1, p2) == 0);
    for (i = 0; i < x.rank; i++) {
        if (x.dims[i] > 64) return 0; /* keep the element walk small */
        total *= x.dims[i];
    }
    if (total > 4096) return 0;
    {
        int64_t n = 0, padded = 0, idx[TLA_XLA_MAX_RANK] = {0}, back[TLA_XLA_MAX_RANK], crd[TLA_XLA_MAX_RANK], lin = 0,
                off = 0, k;
        int conv = tla_layout_from_xla(&L, &info, &x, &e) == 0;
        if (tla_xla_padded_size(&padded, &x, &e) != 0) {
            fuzz_assert(!conv && e.pos == -1);
            return 0;
        }
        fuzz_assert(conv || x.rank == 0 || strstr(e.msg, "no TLA layout") || strstr(e.msg, "levels"));
        if (conv) fuzz_assert(tla_layout_size(&n, &L, NULL) == 0 && info.padded_elements == padded);
        for (k = 0; k < total; k++) {
            int64_t rem = k;
            for (i = x.rank - 1; i >= 0; i--) idx[i] = rem % x.dims[i], rem /= x.dims[i];
            fuzz_assert(tla_xla_linear_index(&lin, &x, idx, &e) == 0);
            fuzz_assert(lin >= 0 && lin < padded);
            fuzz_assert(tla_xla_multi_index(back, &x, lin, &e) == 0);
            for (i = 0; i < x.rank; i++) fuzz_assert(back[i] == idx[i]);
            if (!conv) continue;
            for (i = 0; i < info.rank; i++) crd[i] = 0;
            for (i = 0; i < x.rank; i++) crd[info.var[i]] += idx[i] * info.scale[i];
            {
                tla_tuple c;
                if (info.rank == 1)
                    c = tla_tuple_leaf(crd[0], 0);
                else
                    tla__flat_tuple(&c, info.rank, crd, 0);
                fuzz_assert(tla_layout_crd2offset(&off, &L, &c, NULL) == 0 && off == lin);
            }
        }
    }
    return 0;
}

#ifdef FUZZ_MAIN
#include <stdio.h>
int main(int argc, char **argv) {
    char buf[FUZZ_MAX + 1];
    int i;
    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        size_t n;
        if (!f) continue;
        n = fread(buf, 1, FUZZ_MAX, f);
        fclose(f);
        LLVMFuzzerTestOneInput((const uint8_t *)buf, n);
    }
    return 0;
}
#endif
