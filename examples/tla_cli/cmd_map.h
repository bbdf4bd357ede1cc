/* examples/tla_cli/cmd_map.h - indexing maps: `tla map EXPR [--inverse]`, `tla simplify
 * [--parse-only]` and `tla compose` (maps in XLA's text form on standard input). */
#ifndef TLA_CLI_CMD_MAP_H
#define TLA_CLI_CMD_MAP_H

#include <errno.h>
#include "common.h"

#define CLI_MAX_INPUT (1 << 20) /* bytes read from standard input or a file */

static const char cli_map_usage[] =
    "usage: tla map EXPR [--inverse]\n"
    "  the coordinate-to-offset indexing map of a layout (one dimension per top-level mode,\n"
    "  the domain its size, or its originShape extent); --inverse: offset-to-coordinate\n"
    "example: tla map '(4,8):(8,1)' --inverse    # (d0) -> (d0 floordiv 8, d0 mod 8), d0 in [0, 31]\n"
    "exit status: 0; 2 for bad input\n";

static const char cli_simplify_usage[] =
    "usage: tla simplify [--parse-only] < MAP\n"
    "  read an indexing map from standard input (XLA's form, or the older one without commas),\n"
    "  print it simplified with XLA's simplifier; --parse-only prints it as parsed\n"
    "example: echo '(d0) -> (d0 mod 16), domain: d0 in [0, 9]' | tla simplify   # (d0) -> (d0)\n"
    "exit status: 0; 2 for bad input\n";

static const char cli_compose_usage[] =
    "usage: tla compose [--simplify] < MAPS\n"
    "  read two maps from standard input separated by a line '---'; print their composition,\n"
    "  the first applied first (its results are the second's dimensions); --simplify: simplified\n"
    "example: printf '(d0) -> (d0 * 2), domain: d0 in [0, 7]\\n---\\n(d0) -> (d0 + 1), domain: d0 in [0, 15]\\n' \\\n"
    "           | tla compose      # (d0) -> (d0 * 2 + 1), domain: ...\n"
    "exit status: 0; 2 for bad input\n";

static const char cli_map_op_usage[] =
    "usage: tla map-op OP [ARGS] [--simplify] < MAP\n"
    "  one of XLA's map utilities on the map read from standard input; prints the map as XLA's\n"
    "  ToString does (--simplify: simplified afterwards, as XLA's tests do), then what it returns:\n"
    "    remove-unused-vars          RemoveUnusedVars; then the removed bit vector (dims, then symbols)\n"
    "    remove-unused-symbols       RemoveUnusedSymbols; then the removed bit vector of the symbols\n"
    "    rescale-symbols             RescaleSymbols; then true / false (changed)\n"
    "    simplify                    Simplify; then true / false (changed)\n"
    "    convert-symbols-to-dims     ConvertSymbolsToDimensions\n"
    "    convert-range-vars-to-dims I,J,...  ConvertRangeVariablesToDimensions of those range variables\n"
    "    constraints-satisfied DIMS SYMS     ConstraintsSatisfied at a point: true / false only\n"
    "    evaluate DIMS SYMS          Evaluate (the domain is not checked): the results only\n"
    "    range EXPR                  RangeEvaluator::ComputeExpressionRange: an interval only\n"
    "    nonnegative EXPR            RangeEvaluator::IsAlwaysPositiveOrZero: true / false only\n"
    "    nonpositive EXPR            RangeEvaluator::IsAlwaysNegativeOrZero: true / false only\n"
    "    result-ranges               ComputeResultRanges: one interval per result only\n"
    "  DIMS, SYMS: comma-separated integers ('' for none); EXPR over the map's variable names\n"
    "example: echo '(d0, d1)[s0, s1] -> (d1, d0, s1, s0), domain: d0 in [0, 3], d1 in [0, 3], s0 in [0, 1], "
    "s1 in [0, 1]' | tla map-op evaluate 1,2 3,4    # (2, 1, 4, 3)\n"
    "exit status: 0; 2 for bad input\n";

/* All of standard input (or the file) as a string the caller frees; NULL and a message on error. */
static char *cli_read_all(const char *path) {
    FILE *f = (!path || !strcmp(path, "-")) ? stdin : fopen(path, "rb");
    char *buf;
    size_t n = 0, r;
    if (!f) {
        fprintf(stderr, "tla: error: cannot open '%.200s'\n", path);
        return NULL;
    }
    buf = (char *)malloc(CLI_MAX_INPUT + 1);
    if (!buf) {
        fprintf(stderr, "tla: error: out of memory\n");
        if (f != stdin) fclose(f);
        return NULL;
    }
    while ((r = fread(buf + n, 1, CLI_MAX_INPUT - n, f)) > 0) n += r;
    if (f != stdin) fclose(f);
    if (n == CLI_MAX_INPUT) {
        free(buf);
        fprintf(stderr, "tla: error: input longer than %d bytes\n", CLI_MAX_INPUT);
        return NULL;
    }
    if (memchr(buf, '\0', n)) {
        free(buf);
        fprintf(stderr, "tla: error: a NUL byte in the input\n");
        return NULL;
    }
    buf[n] = '\0';
    return buf;
}

/* "tla: error: MSG (line L, column C)". */
static void cli_report_text(const char *text, const tla_error *e) {
    int line = 1, col = 1, i;
    if (e->pos < 0) {
        fprintf(stderr, "tla: error: %s\n", e->msg);
        return;
    }
    for (i = 0; i < e->pos && text[i]; i++) {
        if (text[i] == '\n')
            line++, col = 1;
        else
            col++;
    }
    fprintf(stderr, "tla: error: %s (line %d, column %d)\n", e->msg, line, col);
}

static int cli_print_map(tla_ix_ctx *c, const tla_ix_map *m) {
    tla_ix_buf b = {0};
    tla_ix_map_print(c, m, &b);
    if (b.failed || c->failed) {
        tla_ix_buf_free(&b);
        fprintf(stderr, "tla: error: out of memory\n");
        return 2;
    }
    printf("%s\n", b.s);
    tla_ix_buf_free(&b);
    return 0;
}

static int cli_cmd_map(int argc, char **argv) {
    const char *expr = NULL;
    int inverse = 0, i, rc;
    cli_value v;
    tla_layout L;
    tla_error e;
    tla_ix_ctx c;
    tla_ix_map m;
    for (i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--inverse"))
            inverse = 1;
        else if (!expr)
            expr = argv[i];
        else
            return fprintf(stderr, "tla: error: map takes one layout (got '%.60s' too)\n", argv[i]), 2;
    }
    if (!expr) return fprintf(stderr, "tla: error: map needs a layout, e.g. tla map '(4,8):(8,1)'\n"), 2;
    if (cli_eval(expr, &v, &e) != 0) {
        cli_report(expr, &e);
        return 2;
    }
    if (v.kind == CLI_LAYOUT)
        L = v.L;
    else if (v.kind != CLI_TUPLE || tla_layout_make_compact(&L, &v.L.shape, &e) != 0)
        return fprintf(stderr, "tla: error: map needs a layout or a shape, not %s\n", cli_kind_name(&v)), 2;
    tla_ix_ctx_init(&c);
    if ((inverse ? tla_ix_from_layout_inverse(&m, &c, &L, &e) : tla_ix_from_layout(&m, &c, &L, &e)) != 0) {
        fprintf(stderr, "tla: error: %s\n", e.msg);
        tla_ix_ctx_free(&c);
        return 2;
    }
    rc = cli_print_map(&c, &m);
    tla_ix_ctx_free(&c);
    return rc;
}

static int cli_cmd_simplify(int argc, char **argv) {
    int parse_only = 0, i, rc;
    char *text;
    tla_error e;
    tla_ix_ctx c;
    tla_ix_map m;
    for (i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--parse-only"))
            parse_only = 1;
        else
            return fprintf(stderr, "tla: error: simplify reads the map from standard input (unexpected '%.60s')\n",
                           argv[i]),
                   2;
    }
    if (!(text = cli_read_all(NULL))) return 2;
    tla_ix_ctx_init(&c);
    if (tla_ix_map_parse(&m, &c, text, &e) != 0) {
        cli_report_text(text, &e);
        free(text);
        tla_ix_ctx_free(&c);
        return 2;
    }
    if (!parse_only) tla_ix_simplify(&c, &m, 0);
    rc = cli_print_map(&c, &m);
    free(text);
    tla_ix_ctx_free(&c);
    return rc;
}

static int cli_cmd_compose(int argc, char **argv) {
    int simplify = 0, i, rc = 2, pos = 0;
    char *text, *sep;
    tla_error e;
    tla_ix_ctx c;
    tla_ix_map a, b, r;
    for (i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--simplify"))
            simplify = 1;
        else
            return fprintf(stderr, "tla: error: compose reads two maps from standard input (unexpected '%.60s')\n",
                           argv[i]),
                   2;
    }
    if (!(text = cli_read_all(NULL))) return 2;
    tla_ix_ctx_init(&c);
    for (sep = text; (sep = strstr(sep, "---")) != NULL; sep++)
        if ((sep == text || sep[-1] == '\n')) break;
    if (!sep) {
        fprintf(stderr, "tla: error: compose needs two maps separated by a line '---'\n");
        goto done;
    }
    *sep = '\0';
    if (tla_ix_map_parse(&a, &c, text, &e) != 0) {
        cli_report_text(text, &e);
        goto done;
    }
    pos = (int)(sep - text) + 3;
    while (text[pos] == '-') pos++;
    if (tla_ix_map_parse(&b, &c, text + pos, &e) != 0) {
        fprintf(stderr, "tla: error: in the second map: ");
        cli_report_text(text + pos, &e);
        goto done;
    }
    if (tla_ix_compose(&r, &c, &a, &b, &e) != 0) {
        fprintf(stderr, "tla: error: %s\n", e.msg);
        goto done;
    }
    if (simplify) tla_ix_simplify(&c, &r, 0);
    rc = cli_print_map(&c, &r);
done:
    free(text);
    tla_ix_ctx_free(&c);
    return rc;
}

/* "1, 2,3" into v (at most cap values); the count, or -1 with a message. */
static int cli_int_list(const char *s, int64_t *v, int cap, const char *what) {
    int n = 0;
    const char *p = s;
    while (*p == ' ') p++;
    if (!*p) return 0;
    for (;;) {
        char *end;
        long long x;
        while (*p == ' ') p++;
        if (!(*p == '-' || (*p >= '0' && *p <= '9'))) break;
        errno = 0;
        x = strtoll(p, &end, 10);
        if (errno || end == p || n == cap) break;
        v[n++] = (int64_t)x;
        p = end;
        while (*p == ' ') p++;
        if (!*p) return n;
        if (*p != ',') break;
        p++;
    }
    fprintf(stderr, "tla: error: %s: expected at most %d comma-separated integers, found '%.60s'\n", what, cap, s);
    return -1;
}

static void cli_print_bits(uint64_t bits, int n) {
    int i;
    printf("{");
    for (i = 0; i < n; i++) printf("%s%s", i ? ", " : "", bits >> i & 1 ? "true" : "false");
    printf("}\n");
}

/* tla map-op OP [ARGS] [--simplify]: one of XLA's map utilities on the map on standard input. */
static int cli_cmd_map_op(int argc, char **argv) {
    const char *op = NULL, *args[2] = {NULL, NULL};
    int nargs = 0, simplify = 0, i, rc = 2, want;
    char *text;
    tla_error e;
    tla_ix_ctx c;
    tla_ix_map m, r;
    static const char *const ops[] = {"remove-unused-vars",
                                      "remove-unused-symbols",
                                      "rescale-symbols",
                                      "simplify",
                                      "convert-symbols-to-dims",
                                      "convert-range-vars-to-dims",
                                      "constraints-satisfied",
                                      "evaluate",
                                      "range",
                                      "nonnegative",
                                      "result-ranges",
                                      "nonpositive"};
    static const int nargs_of[] = {0, 0, 0, 0, 0, 1, 2, 2, 1, 1, 0, 1};
    int k = -1;
    for (i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--simplify"))
            simplify = 1;
        else if (!op)
            op = argv[i];
        else if (nargs < 2)
            args[nargs++] = argv[i];
        else
            return fprintf(stderr, "tla: error: map-op: unexpected '%.60s'\n", argv[i]), 2;
    }
    if (!op) return fprintf(stderr, "tla: error: map-op needs an operation (try 'tla map-op --help')\n"), 2;
    for (i = 0; i < (int)(sizeof ops / sizeof ops[0]); i++)
        if (!strcmp(op, ops[i])) k = i;
    if (k < 0) {
        char hint[96];
        cli_did_you_mean(hint, op, ops, sizeof ops / sizeof ops[0], sizeof ops[0]);
        return fprintf(stderr, "tla: error: map-op: unknown operation '%.60s'%s (try 'tla map-op --help')\n", op, hint),
               2;
    }
    want = nargs_of[k];
    if (nargs != want)
        return fprintf(stderr, "tla: error: map-op %s takes %d argument%s, got %d\n", op, want, want == 1 ? "" : "s",
                       nargs),
               2;
    if (!(text = cli_read_all(NULL))) return 2;
    tla_ix_ctx_init(&c);
    if (tla_ix_map_parse(&m, &c, text, &e) != 0) {
        cli_report_text(text, &e);
        goto done;
    }
    if (m.undefined && k != 3) {
        fprintf(stderr, "tla: error: map-op %s: the map is UNDEFINED\n", op);
        goto done;
    }
    if (k <= 5) { /* the operations that change the map: print it, then what they return */
        uint64_t ud = 0, us = 0;
        int changed = 0, nd = m.nd, ns = m.nr + m.nt;
        if (k == 0)
            tla_ix_remove_unused_ex(&c, &m, 1, &ud, &us);
        else if (k == 1)
            tla_ix_remove_unused_ex(&c, &m, 0, NULL, &us);
        else if (k == 2)
            changed = tla_ix_rescale_symbols(&c, &m);
        else if (k == 3)
            changed = tla_ix_simplify(&c, &m, 0);
        else if (k == 4) {
            if (tla_ix_symbols_to_dims(&r, &c, &m, &e) != 0) goto fail;
            m = r;
        } else {
            int64_t v[TLA_IX_MAX_VARS];
            int idx[TLA_IX_MAX_VARS], n = cli_int_list(args[0], v, TLA_IX_MAX_VARS, "range variables"), j;
            if (n < 0) goto done;
            for (j = 0; j < n; j++) {
                if (v[j] < 0 || v[j] >= m.nr || (j && v[j] <= v[j - 1])) {
                    fprintf(stderr, "tla: error: map-op %s: range variable indices must be increasing and below %d\n",
                            op, m.nr);
                    goto done;
                }
                idx[j] = (int)v[j];
            }
            if (tla_ix_range_vars_to_dims(&r, &c, &m, idx, n, &e) != 0) goto fail;
            m = r;
        }
        if (simplify) tla_ix_simplify(&c, &m, 0);
        if ((rc = cli_print_map(&c, &m)) != 0) goto done;
        if (k == 0) cli_print_bits(ud | us << nd, nd + ns);
        if (k == 1) cli_print_bits(us, ns);
        if (k == 2 || k == 3) printf("%s\n", changed ? "true" : "false");
        goto done;
    }
    if (simplify) tla_ix_simplify(&c, &m, 0);
    if (k == 6 || k == 7) {
        int64_t d[TLA_IX_MAX_VARS], sy[TLA_IX_MAX_VARS], out[TLA_IX_MAX_RES];
        int nd = cli_int_list(args[0], d, TLA_IX_MAX_VARS, "dimension values"), ns;
        if (nd < 0) goto done;
        if ((ns = cli_int_list(args[1], sy, TLA_IX_MAX_VARS, "symbol values")) < 0) goto done;
        if (nd != m.nd || ns != m.nr + m.nt) {
            fprintf(stderr, "tla: error: map-op %s: the map has %d dimensions and %d symbols, got %d and %d values\n",
                    op, m.nd, m.nr + m.nt, nd, ns);
            goto done;
        }
        if (k == 6)
            printf("%s\n", tla_ix_constraints_satisfied(&c, &m, d, sy) ? "true" : "false");
        else {
            if (tla_ix_map_eval(&c, &m, d, sy, out) != 0) {
                fprintf(stderr, "tla: error: map-op evaluate: a division by zero at that point\n");
                goto done;
            }
            printf("(");
            for (i = 0; i < m.nres; i++) printf("%s%lld", i ? ", " : "", (long long)out[i]);
            printf(")\n");
        }
        rc = 0;
    } else if (k == 8 || k == 9 || k == 11) {
        int x;
        int64_t lo, hi;
        if (tla_ix_expr_parse(&x, &c, &m, args[0], &e) != 0) {
            cli_report(args[0], &e);
            goto done;
        }
        tla_ix_range(&c, &m, x, 1, &lo, &hi);
        if (k == 8)
            printf("[%lld, %lld]\n", (long long)lo, (long long)hi);
        else
            printf("%s\n", (k == 9 ? lo >= 0 : hi <= 0) ? "true" : "false");
        rc = 0;
    } else {
        printf("(");
        for (i = 0; i < m.nres; i++) {
            int64_t lo, hi;
            tla_ix_range(&c, &m, m.res[i], 1, &lo, &hi);
            printf("%s[%lld, %lld]", i ? ", " : "", (long long)lo, (long long)hi);
        }
        printf(")\n");
        rc = 0;
    }
    goto done;
fail:
    fprintf(stderr, "tla: error: map-op %s: %s\n", op, e.msg);
done:
    free(text);
    tla_ix_ctx_free(&c);
    return rc;
}

#endif
