/* tests/test_ixmap.c - XLA's indexing maps (issue 14): the examples of XLA's indexing-analysis
 * documentation (HLO text in, its maps out in XLA's current print form, compared ignoring
 * whitespace), cases from XLA's indexing_analysis_test.cc, the simplifier cases of that
 * documentation, composition, parsing and printing, layouts as maps; and property tests: a
 * simplified map equals the original at every point of its domain, compose(A, B) is B after
 * A, the printed form parses back to an equal map, a layout's map is crd2offset everywhere
 * and its inverse inverts it. */
#include <stdlib.h>
#define TLA_WITH_ALL /* indexing maps, HLO and sparse encodings (opt-in families) */
#include "tla.h"
#include "check.h"

static tla_ix_ctx C;

/* s without whitespace (into a static buffer of the caller). */
static void strip(const char *s, char *out, size_t n) {
    size_t k = 0;
    for (; *s && k + 1 < n; s++)
        if (*s != ' ' && *s != '\n' && *s != '\t' && *s != '\r') out[k++] = *s;
    out[k] = '\0';
}

static char got_s[65536], want_s[65536];

/* mode: 'o' output-to-input (what `tla hlo` prints), 'i' input-to-output of operand id,
 * 'p' physical output-to-input, 'q' physical input-to-output, 's' simplified output-to-input. */
static int hlo_case(const char *hlo, int mode, int id, const char *want, int line) {
    tla_hlo_module *m = NULL;
    tla_error e;
    tla_hlo_indexing ix;
    tla_ix_buf b = {0};
    int ok, rc;
    memset(&ix, 0, sizeof ix);
    if (tla_hlo_parse(&m, hlo, &e) != 0) {
        printf("FAIL line %d: read: %s\n", line, e.msg);
        check_failed++;
        return 0;
    }
    if (mode == 'i' || mode == 'q')
        rc = tla_hlo_input_to_output(&ix, &C, tla_hlo_root(m), id, &e);
    else
        rc = tla_hlo_module_output_to_input(&ix, NULL, &C, m, id, &e);
    if (rc == 0 && (mode == 'p' || mode == 'q'))
        rc = tla_hlo_indexing_physical(&ix, &C, tla_hlo_root(m), id, mode == 'q', &e);
    if (rc == 0 && mode == 's') tla_hlo_indexing_simplify(&C, &ix);
    if (rc != 0) {
        printf("FAIL line %d: %s\n", line, e.msg);
        check_failed++;
        tla_hlo_free(m);
        return 0;
    }
    tla_hlo_indexing_print(&C, &ix, &b);
    strip(b.s ? b.s : "", got_s, sizeof got_s);
    strip(want, want_s, sizeof want_s);
    ok = strcmp(got_s, want_s) == 0;
    if (!ok) printf("FAIL line %d:\n  got  %s\n  want %s\n", line, got_s, want_s);
    check_report(ok, __FILE__, line, "hlo case");
    tla_ix_buf_free(&b);
    tla_hlo_indexing_free(&ix);
    tla_hlo_free(m);
    return ok;
}
#define HLO(hlo, mode, id, want) hlo_case(hlo, mode, id, want, __LINE__)

/* simplify (or only parse: simp = 0) a map and compare its print, whitespace ignored */
static void map_case(const char *in, int simp, const char *want, int line) {
    tla_ix_map m;
    tla_error e;
    tla_ix_buf b = {0};
    int ok;
    if (tla_ix_map_parse(&m, &C, in, &e) != 0) {
        printf("FAIL line %d: parse: %s at %d\n", line, e.msg, e.pos);
        check_failed++;
        return;
    }
    if (simp) tla_ix_simplify(&C, &m, 0);
    tla_ix_map_print(&C, &m, &b);
    strip(b.s, got_s, sizeof got_s);
    strip(want, want_s, sizeof want_s);
    ok = strcmp(got_s, want_s) == 0;
    if (!ok) printf("FAIL line %d:\n  got  %s\n  want %s\n", line, got_s, want_s);
    check_report(ok, __FILE__, line, "map case");
    tla_ix_buf_free(&b);
}
#define MAP(in, simp, want) map_case(in, simp, want, __LINE__)

#include "ixmap_cases.h"
#include "ixmap_cases_ops.h"
#include "ixmap_props.h"

int main(void) {
    tla_ix_ctx_init(&C);
    seed_cases();
    xla_cases();
    op_cases();
    simplifier_cases();
    parser_cases();
    layout_cases();
    properties();
    CHECK(!C.failed);
    tla_ix_ctx_free(&C);
    CHECK_DONE();
}
