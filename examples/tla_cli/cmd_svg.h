/* examples/tla_cli/cmd_svg.h - `tla svg EXPR [options]`: a picture of a layout on standard output. */
#ifndef TLA_CLI_CMD_SVG_H
#define TLA_CLI_CMD_SVG_H

#include <errno.h>
#include "common.h"
#include "cmd_sparse.h"

static const char *cli_svg_usage =
    "usage: tla svg EXPR [--tile T@C] [--modes] [--no-padding] [--latex]\n"
    "       tla svg EXPR --tv M,N          a thread-value layout over an M x N tile\n"
    "       tla svg DST --copy SRC         a copy from SRC to DST, coloured by run\n"
    "       tla svg ENCODING --sparse MATRIX  sparse storage: the matrix, its blocks and buffers\n"
    "       tla svg MAP --map                 an indexing map (1 or 2 dims) over its domain\n"
    "  an SVG picture (LaTeX/TikZ with --latex) of a rank-1 or rank-2 layout on standard output:\n"
    "  one cell per coordinate with its offset, coloured by offset (--modes: one colour per\n"
    "  outer block, e.g. per fractal or XLA tile), padding beyond originShape hatched,\n"
    "  --tile 16,16@8,0 outlines the tile of extent (16,16) at (8,0).\n"
    "  Layouts over 16384 cells are drawn as k x k blocks.\n"
    "example: tla svg 'zN(half, 32, 32)' > zn.svg\n";

/* "a,b" or "(a,b)" or "a": up to 2 integers >= 0; returns how many, -1 on error. */
static int cli_svg_ints(const char *s, int64_t v[2]) {
    int n = 0;
    if (*s == '(') s++;
    while (*s && *s != ')') {
        char *end;
        long long x;
        if (n == 2 || !tla_is_digit(*s)) return -1;
        errno = 0;
        x = strtoll(s, &end, 10);
        if (errno || x > (long long)1 << 40) return -1;
        v[n++] = x, s = end;
        if (*s == ',') s++;
    }
    if (*s == ')') s++;
    return *s ? -1 : n;
}

static int cli_svg_layout(const char *expr, tla_layout *L) {
    cli_value v;
    tla_error e;
    if (cli_eval(expr, &v, &e) != 0) {
        cli_report(expr, &e);
        return -1;
    }
    if (v.kind == CLI_LAYOUT) {
        *L = v.L;
        return 0;
    }
    if (v.kind == CLI_TUPLE && tla_layout_make_compact(L, &v.L.shape, &e) == 0) return 0;
    fprintf(stderr, "tla: error: svg needs a layout or a shape, not %s\n", cli_kind_name(&v));
    return -1;
}

/* Copies a scratch file to standard output (pictures are written there first, so a failure
 * prints nothing but the error). */
static void cli_svg_emit(FILE *out) {
    char buf[4096];
    size_t n;
    rewind(out);
    while ((n = fread(buf, 1, sizeof buf, out)) > 0) fwrite(buf, 1, n, stdout);
}

/* tla svg ENCODING --sparse MATRIX */
static int cli_svg_sparse(const char *encoding, const char *matrix) {
    tla_sparse_encoding enc;
    tla_sparse_storage st;
    cli_tensor t;
    tla_error e;
    void *mem = NULL;
    FILE *out = NULL;
    int rc = 2;
    if (tla_sparse_parse(encoding, &enc, &e) != 0) {
        cli_report(encoding, &e);
        return 2;
    }
    if (cli_sparse_pack(&enc, matrix, &t, &mem, &st) == 0) {
        if (!(out = tmpfile()))
            fprintf(stderr, "tla: error: svg cannot open a scratch file\n");
        else if (tla_print_svg_sparse(out, &enc, &st, &e) != 0)
            fprintf(stderr, "tla: error: %s\n", e.msg);
        else
            cli_svg_emit(out), rc = 0;
    }
    if (out) fclose(out);
    free(mem);
    free(t.v);
    return rc;
}

/* tla svg MAP --map */
static int cli_svg_map(const char *text) {
    tla_ix_ctx c;
    tla_ix_map m;
    tla_error e;
    FILE *out = NULL;
    int rc = 2;
    tla_ix_ctx_init(&c);
    if (tla_ix_map_parse(&c, text, &m, &e) != 0)
        cli_report(text, &e);
    else if (!(out = tmpfile()))
        fprintf(stderr, "tla: error: svg cannot open a scratch file\n");
    else if (tla_print_svg_map(out, &c, &m, &e) != 0)
        fprintf(stderr, "tla: error: %s\n", e.msg);
    else
        cli_svg_emit(out), rc = 0;
    if (out) fclose(out);
    tla_ix_ctx_free(&c);
    return rc;
}

static int cli_cmd_svg(int argc, char **argv) {
    tla_svg_options o = tla_svg_defaults();
    const char *expr = NULL, *copy = NULL, *sparse = NULL;
    int latex = 0, tv = 0, map = 0, i, rc;
    int64_t tvshape[2] = {0, 0};
    tla_layout L, S;
    tla_error e;
    FILE *out;
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) return fputs(cli_svg_usage, stdout), 0;
        if (!strcmp(a, "--latex"))
            latex = 1;
        else if (!strcmp(a, "--map"))
            map = 1;
        else if (!strcmp(a, "--modes"))
            o.by_mode = 1;
        else if (!strcmp(a, "--no-padding"))
            o.show_padding = 0;
        else if (!strcmp(a, "--tile") || !strcmp(a, "--tv") || !strcmp(a, "--copy") || !strcmp(a, "--sparse")) {
            const char *at;
            char ext[64];
            if (i + 1 >= argc) {
                fprintf(stderr, "tla: error: %s needs a value (see tla svg --help)\n", a);
                return 2;
            }
            if (!strcmp(a, "--copy")) {
                copy = argv[++i];
                continue;
            }
            if (!strcmp(a, "--sparse")) {
                sparse = argv[++i];
                continue;
            }
            if (!strcmp(a, "--tv")) {
                tv = 1;
                if (cli_svg_ints(argv[++i], tvshape) != 2) {
                    fprintf(stderr, "tla: error: --tv takes the tile M,N, e.g. --tv 8,8\n");
                    return 2;
                }
                continue;
            }
            at = strchr(argv[++i], '@');
            if (!at || (size_t)(at - argv[i]) >= sizeof ext) {
                fprintf(stderr, "tla: error: --tile takes EXTENT@COORD, e.g. --tile 16,16@8,0\n");
                return 2;
            }
            memcpy(ext, argv[i], (size_t)(at - argv[i]));
            ext[at - argv[i]] = 0;
            {
                int ne = cli_svg_ints(ext, o.tile_extent), nc = cli_svg_ints(at + 1, o.tile_coord);
                if (ne < 1 || ne != nc) {
                    fprintf(stderr, "tla: error: --tile takes EXTENT@COORD with one integer >= 0 per mode, e.g. "
                                    "--tile 16,16@8,0\n");
                    return 2;
                }
            }
            o.has_tile = 1;
        } else if (a[0] == '-' && a[1] == '-') {
            fprintf(stderr, "tla: error: unknown option '%.40s' (see tla svg --help)\n", a);
            return 2;
        } else if (expr) {
            fprintf(stderr, "tla: error: svg draws one layout; quote the expression\n");
            return 2;
        } else
            expr = a;
    }
    if (!expr) {
        fprintf(stderr, "tla: error: svg needs a layout, e.g. tla svg 'zN(half, 32, 32)'\n");
        return 2;
    }
    if (sparse) return cli_svg_sparse(expr, sparse);
    if (map) return cli_svg_map(expr);
    if (cli_svg_layout(expr, &L) != 0 || (copy && cli_svg_layout(copy, &S) != 0)) return 2;
    /* into a scratch file first, so a failure prints nothing but the error */
    out = tmpfile();
    if (!out) {
        fprintf(stderr, "tla: error: svg cannot open a scratch file\n");
        return 2;
    }
    if (copy)
        rc = tla_print_svg_copy(out, &L, &S, &o, &e);
    else if (tv)
        rc = tla_print_svg_tv(out, &L, tvshape[0], tvshape[1], &o, &e);
    else
        rc = latex ? tla_print_latex(out, &L, &o, &e) : tla_print_svg(out, &L, &o, &e);
    if (rc == 0)
        cli_svg_emit(out);
    else
        fprintf(stderr, "tla: error: %s\n", e.msg);
    fclose(out);
    return rc == 0 ? 0 : 2;
}

#endif
