/* tests/fuzz_ixmap.c - libFuzzer target for the indexing-map parser and the HLO reader
 * (issue 14): `make fuzz && ./build/fuzz_ixmap -max_total_time=300`.
 *
 * The first input byte picks the target: even - the map parser (then simplify, print,
 * parse back, compose with itself when the shapes allow); odd - the HLO reader (then the
 * output-to-input maps of the root, fused or not, simplified and printed, and the
 * input-to-output maps of operand 0).  Besides "no crash, no sanitizer report, no leak" it
 * checks: an error position lies inside the input; a parsed map prints to text that parses
 * back to a map printing the same; simplifying keeps every point of a small domain's
 * results. */
#include <stdint.h>
#include <stdlib.h>
#define TLA_WITH_ALL /* indexing maps, HLO and sparse encodings (opt-in families) */
#include "tla.h"

#define FUZZ_MAX 2048

static void fuzz_assert(int ok) {
    if (!ok) abort();
}

static void fuzz_map(const char *s) {
    tla_ix_ctx c;
    tla_ix_map m, r, s2;
    tla_error e;
    tla_ix_buf b1 = {0}, b2 = {0};
    tla_ix_ctx_init(&c);
    if (tla_ix_map_parse(&m, &c, s, &e) != 0) {
        fuzz_assert(e.pos >= -1 && (size_t)(e.pos < 0 ? 0 : e.pos) <= strlen(s));
        tla_ix_ctx_free(&c);
        return;
    }
    tla_ix_map_print(&c, &m, &b1);
    if (!b1.failed && !m.empty) {
        fuzz_assert(tla_ix_map_parse(&r, &c, b1.s, &e) == 0);
        tla_ix_map_print(&c, &r, &b2);
        fuzz_assert(b2.failed || strcmp(b1.s, b2.s) == 0);
    }
    s2 = m;
    tla_ix_simplify(&c, &s2, 0);
    { /* on a small domain, the simplified map agrees wherever the original is defined */
        int64_t n = 1, k, d[TLA_IX_MAX_VARS], sy[TLA_IX_MAX_VARS], v1[TLA_IX_MAX_RES], v2[TLA_IX_MAX_RES];
        int i, ok = !m.empty && !s2.empty;
        for (i = 0; i < m.nd && ok; i++)
            ok = m.dim[i].lo >= -50 && m.dim[i].hi <= 50 && (n *= m.dim[i].hi - m.dim[i].lo + 1) <= 4096;
        for (i = 0; i < m.nr + m.nt && ok; i++)
            ok = m.sym[i].lo >= -50 && m.sym[i].hi <= 50 && (n *= m.sym[i].hi - m.sym[i].lo + 1) <= 4096;
        for (k = 0; ok && k < n; k++) {
            int64_t t = k;
            for (i = 0; i < m.nd; i++)
                d[i] = m.dim[i].lo + t % (m.dim[i].hi - m.dim[i].lo + 1), t /= m.dim[i].hi - m.dim[i].lo + 1;
            for (i = 0; i < m.nr + m.nt; i++)
                sy[i] = m.sym[i].lo + t % (m.sym[i].hi - m.sym[i].lo + 1), t /= m.sym[i].hi - m.sym[i].lo + 1;
            if (!tla_ix_map_contains(&c, &m, d, sy) || tla_ix_map_eval(&c, &m, d, sy, v1) != 0) continue;
            for (i = 0; i < m.nres; i++)
                if (v1[i] > (int64_t)1 << 40 || v1[i] < -((int64_t)1 << 40))
                    ok = 0; /* leave wrapping arithmetic alone */
            if (!ok) break;
            fuzz_assert(tla_ix_map_contains(&c, &s2, d, sy));
            fuzz_assert(tla_ix_map_eval(&c, &s2, d, sy, v2) == 0);
            for (i = 0; i < m.nres; i++) fuzz_assert(v1[i] == v2[i]);
        }
    }
    if (m.nres == m.nd && m.nr + m.nt <= TLA_IX_MAX_VARS / 2) {
        tla_ix_map mm;
        if (tla_ix_compose(&mm, &c, &m, &m, &e) == 0) tla_ix_simplify(&c, &mm, 0);
    }
    tla_ix_buf_free(&b1);
    tla_ix_buf_free(&b2);
    tla_ix_ctx_free(&c);
}

static void fuzz_hlo(const char *s) {
    tla_hlo_module *m = NULL;
    tla_error e;
    tla_ix_ctx c;
    tla_hlo_indexing ix;
    tla_ix_buf b = {0};
    if (tla_hlo_parse(&m, s, &e) != 0) {
        fuzz_assert(e.pos >= -1 && (size_t)(e.pos < 0 ? 0 : e.pos) <= strlen(s));
        return;
    }
    tla_ix_ctx_init(&c);
    if (tla_hlo_module_output_to_input(&ix, NULL, &c, m, 0, &e) == 0) {
        tla_hlo_indexing_simplify(&c, &ix);
        tla_hlo_indexing_print(&c, &ix, &b);
        tla_hlo_indexing_free(&ix);
    }
    if (tla_hlo_root(m)->nops > 0 && tla_hlo_input_to_output(&ix, &c, tla_hlo_root(m), 0, &e) == 0) {
        tla_hlo_indexing_print(&c, &ix, &b);
        tla_hlo_indexing_free(&ix);
    }
    tla_ix_buf_free(&b);
    tla_ix_ctx_free(&c);
    tla_hlo_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char s[FUZZ_MAX + 1];
    if (size < 1 || size > FUZZ_MAX) return 0;
    memcpy(s, data + 1, size - 1);
    s[size - 1] = '\0';
    if (data[0] & 1)
        fuzz_hlo(s);
    else
        fuzz_map(s);
    return 0;
}
