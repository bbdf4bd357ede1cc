/* tests/vectors.h - reading CuTe's algebra vectors (tests/algebra.tsv) and running one
 * case through the C API; shared by tests/test_algebra.c and bench/algebra_speed.c.
 * A line is: op, its arguments, "=> expected", tab-separated. */
#ifndef TLA_TESTS_VECTORS_H
#define TLA_TESTS_VECTORS_H
#include <stdio.h>
#include <string.h>
#include "tla.h"

typedef struct arg {
    int kind; /* 'L' layout, 'T' tuple or integer, '[' tiler */
    tla_layout L;
    tla_tuple t;
    tla_tiler tiler;
} arg;

static int parse_layout_or_shape(const char *s, tla_layout *L) {
    tla_error e;
    if (strchr(s, ':')) return tla_layout_parse(L, s, &e);
    tla_tuple t;
    if (tla_tuple_parse(&t, s, &e) != 0) return -1;
    return tla_layout_make_compact(L, &t, &e);
}

static int parse_arg(char *s, arg *a) {
    tla_error e;
    if (s[0] == '[') {
        int depth = 0, n = 0;
        char *start = s + 1, *p;
        s[strlen(s) - 1] = ',';
        for (p = s + 1; *p; p++) {
            if (*p == '(')
                depth++;
            else if (*p == ')')
                depth--;
            else if (*p == ',' && depth == 0) {
                *p = 0;
                if (n == TLA_MAX_RANK || parse_layout_or_shape(start, &a->tiler.mode[n++]) != 0) return -1;
                start = p + 1;
            }
        }
        a->tiler.n = n;
        a->kind = '[';
        return 0;
    }
    if (strchr(s, ':')) {
        a->kind = 'L';
        return tla_layout_parse(&a->L, s, &e);
    }
    a->kind = 'T';
    if (tla_tuple_parse(&a->t, s, &e) != 0) return -1;
    return tla_layout_make_compact(&a->L, &a->t, &e);
}

/* Run op on the arguments; the result as text (a layout, an integer or a tuple). */
static int run(const char *op, arg *a, int n, char *out, size_t outn, tla_layout *res) {
    tla_error e;
    int64_t v = 0;
    tla_tuple t;
    int rc = -1;
    const tla_tiler *T = n > 1 && a[1].kind == '[' ? &a[1].tiler : NULL;
#define BIN(name) \
    if (!strcmp(op, #name)) rc = T ? tla_##name##_tiler(res, &a[0].L, T, &e) : tla_##name(res, &a[0].L, &a[1].L, &e)
    BIN(logical_divide);
    BIN(zipped_divide);
    BIN(tiled_divide);
    BIN(flat_divide);
    BIN(logical_product);
    BIN(zipped_product);
    BIN(tiled_product);
#undef BIN
    if (!strcmp(op, "composition"))
        rc = T ? tla_composition_tiler(res, &a[0].L, T, &e) : tla_composition(res, &a[0].L, &a[1].L, &e);
    if (!strcmp(op, "blocked_product")) rc = tla_blocked_product(res, &a[0].L, &a[1].L, &e);
    if (!strcmp(op, "raked_product")) rc = tla_raked_product(res, &a[0].L, &a[1].L, &e);
    if (!strcmp(op, "coalesce")) rc = tla_coalesce(res, &a[0].L, &e);
    if (!strcmp(op, "filter")) rc = tla_filter(res, &a[0].L, &e);
    if (!strcmp(op, "right_inverse")) rc = tla_right_inverse(res, &a[0].L, &e);
    if (!strcmp(op, "left_inverse")) rc = tla_left_inverse(res, &a[0].L, &e);
    if (!strcmp(op, "complement")) rc = tla_complement(res, &a[0].L, n > 1 ? a[1].t.val[0] : 0, &e);
    if (rc == 0) return tla_layout_snprint(out, outn, res), 'L';
    if (!strcmp(op, "size")) rc = tla_layout_size(&v, &a[0].L, &e);
    if (!strcmp(op, "cosize")) rc = tla_layout_cosize(&v, &a[0].L, &e);
    if (!strcmp(op, "crd2offset")) rc = tla_layout_crd2offset(&v, &a[1].L, &a[0].t, &e);
    if (rc == 0) return snprintf(out, outn, "%lld", (long long)v), 'I';
    if (!strcmp(op, "idx2crd")) rc = tla_tuple_idx2crd(&t, &a[1].t, a[0].t.val[0], &e);
    if (rc == 0) return tla_tuple_snprint(out, outn, &t), 'T';
    snprintf(out, outn, "error: %s", e.msg);
    return 0;
}

static void strip_static(char *s) {
    char *w = s;
    for (; *s; s++)
        if (*s != '_') *w++ = *s;
    *w = 0;
}

/* Spec 2's rule: the same text without `_`, or the same shape and the same offset at
 * every index. */
static int layouts_match(const tla_layout *got, const char *want_text) {
    tla_layout want;
    char a[512], b[512];
    int64_t n = 0, i, x = 0, y = 0;
    tla_error e;
    if (tla_layout_parse(&want, want_text, &e) != 0) return 0;
    tla_tuple_snprint(a, sizeof a, &got->shape);
    tla_tuple_snprint(b, sizeof b, &want.shape);
    strip_static(a);
    strip_static(b);
    if (strcmp(a, b) != 0 || tla_layout_size(&n, &want, &e) != 0) return 0;
    for (i = 0; i < n; i++) {
        tla_tuple c = tla_tuple_leaf(i, 0);
        if (tla_layout_crd2offset(&x, got, &c, &e) != 0 || tla_layout_crd2offset(&y, &want, &c, &e) != 0 || x != y)
            return 0;
    }
    return 1;
}

/* Compare one result text with the expected one (spec 2's rule). */
static int result_matches(const char *got_text, const char *want) {
    char exact[2048];
    tla_layout got;
    tla_error e;
    snprintf(exact, sizeof exact, "%s", got_text);
    strip_static(exact);
    if (!strcmp(exact, want)) return 1;
    return strchr(want, ':') && tla_layout_parse(&got, got_text, &e) == 0 && layouts_match(&got, want);
}

/* Split a vector line in place: fields[0] = op, then arguments; returns the number of
 * arguments and sets *want to the expected text, or -1 for a line that is not a case. */
static int split_case(char *line, char **field, int max, const char **want) {
    int nf = 0;
    char *p;
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0] || line[0] == '#') return -1;
    for (p = strtok(line, "\t"); p && nf < max; p = strtok(NULL, "\t")) field[nf++] = p;
    if (nf < 3 || strncmp(field[nf - 1], "=> ", 3) != 0) return -1;
    *want = field[nf - 1] + 3;
    return nf - 2;
}

#endif
