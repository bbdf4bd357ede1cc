/* examples/tla_cli/cmd_map.h - indexing maps: `tla map EXPR [--inverse]`, `tla simplify
 * [--parse-only]` and `tla compose` (maps in XLA's text form on standard input). */
#ifndef TLA_CLI_CMD_MAP_H
#define TLA_CLI_CMD_MAP_H

#include "common.h"

#define CLI_MAX_INPUT (1 << 20) /* bytes read from standard input or a file */

static const char *cli_map_usage =
    "usage: tla map EXPR [--inverse]\n"
    "  the coordinate-to-offset indexing map of a layout (one dimension per top-level mode,\n"
    "  the domain its size, or its originShape extent); --inverse: offset-to-coordinate\n"
    "  example: tla map '(4,8):(8,1)' --inverse    # (d0) -> (d0 floordiv 8, d0 mod 8), d0 in [0, 31]\n"
    "usage: tla simplify [--parse-only]\n"
    "  read an indexing map from standard input (XLA's form, or the older one without commas),\n"
    "  print it simplified with XLA's simplifier; --parse-only prints it as parsed\n"
    "  example: echo '(d0) -> (d0 mod 16), domain: d0 in [0, 9]' | tla simplify   # (d0) -> (d0)\n"
    "usage: tla compose [--simplify]\n"
    "  read two maps from standard input separated by a line '---'; print their composition,\n"
    "  the first applied first (its results are the second's dimensions)\n";

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
        if (cli_is_help(argv[i])) return fputs(cli_map_usage, stdout), 0;
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
    if ((inverse ? tla_ix_from_layout_inverse(&c, &L, &m, &e) : tla_ix_from_layout(&c, &L, &m, &e)) != 0) {
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
        if (cli_is_help(argv[i])) return fputs(cli_map_usage, stdout), 0;
        if (!strcmp(argv[i], "--parse-only"))
            parse_only = 1;
        else
            return fprintf(stderr, "tla: error: simplify reads the map from standard input (unexpected '%.60s')\n",
                           argv[i]),
                   2;
    }
    if (!(text = cli_read_all(NULL))) return 2;
    tla_ix_ctx_init(&c);
    if (tla_ix_map_parse(&c, text, &m, &e) != 0) {
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
        if (cli_is_help(argv[i])) return fputs(cli_map_usage, stdout), 0;
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
    if (tla_ix_map_parse(&c, text, &a, &e) != 0) {
        cli_report_text(text, &e);
        goto done;
    }
    pos = (int)(sep - text) + 3;
    while (text[pos] == '-') pos++;
    if (tla_ix_map_parse(&c, text + pos, &b, &e) != 0) {
        fprintf(stderr, "tla: error: in the second map: ");
        cli_report_text(text + pos, &e);
        goto done;
    }
    if (tla_ix_compose(&c, &a, &b, &r, &e) != 0) {
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

#endif
