/* examples/tla_cli/cmd_svg.h - `tla svg EXPR [options]`: a picture of a layout on standard output. */
#ifndef TLA_CLI_CMD_SVG_H
#define TLA_CLI_CMD_SVG_H

#include <errno.h>
#include "common.h"
#include "cmd_sparse.h"

static const char cli_svg_usage[] =
    "usage: tla svg EXPR [--tile T@C] [--modes] [--no-padding] [--latex] [--caption TEXT]\n"
    "       tla svg EXPR --tv M,N [--caption TEXT]\n"
    "       tla svg DST --copy SRC [--caption TEXT]\n"
    "       tla svg ENCODING --sparse MATRIX [--caption TEXT]\n"
    "       tla svg MAP --map [--caption TEXT]\n"
    "  --tv M,N            a thread-value layout over an M x N tile (cells 'T<t> V<v>')\n"
    "  --copy SRC          a copy from SRC to DST, every element coloured by its copy run\n"
    "  --sparse MATRIX     the storage of a dense JSON matrix under an MLIR sparse encoding:\n"
    "                      the matrix, its blocks and its pos / crd / values buffers\n"
    "  --map               an indexing map (1 or 2 dimensions) over its domain\n"
    "  otherwise a rank-1 or rank-2 layout: one cell per coordinate with its offset, coloured\n"
    "  by offset, padding beyond originShape hatched; layouts over 16384 cells are drawn as\n"
    "  k x k blocks\n"
    "  --modes             one colour per outer block (a fractal, an XLA tile)\n"
    "  --no-padding        the cells beyond originShape left out\n"
    "  --tile T@C          outline a tile: --tile 16,16@8,0 is the tile of extent (16,16) at\n"
    "                      (8,0), one integer per mode, inside the layout (past it: an error)\n"
    "  --latex             a LaTeX/TikZ picture instead of SVG\n"
    "  --caption TEXT      TEXT written under the picture (SVG only)\n"
    "  the picture goes to standard output\n"
    "example: tla svg 'zN(half, 32, 32)' > zn.svg\n"
    "exit status: 0; 2 for bad input (nothing is written to standard output then)\n";

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

/* TEXT with the characters XML reserves escaped. */
static void cli_xml_text(const char *s, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) switch (s[i]) {
        case '&': fputs("&amp;", stdout); break;
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        default: putchar(s[i]);
        }
}

/* The caption under a picture w units wide whose height was h: each line (words wrapped at
 * 7.5 units a character, a 12-unit monospace font's width and a little more) a <text> 16
 * units below the last; returns the number of lines (written when `write`). */
static int cli_svg_caption(const char *caption, long long w, long long h, int write) {
    int per = (int)((w - 16) * 2 / 15 > 16 ? (w - 16) * 2 / 15 : 16), lines = 0;
    const char *p = caption;
    while (*p) { /* one line: as many words as fit in `per` characters (a longer word alone) */
        const char *e = p, *brk = NULL;
        while (*e && e - p < per) {
            if (*e == ' ') brk = e;
            e++;
        }
        if (*e && *e != ' ' && brk) e = brk;
        if (write) {
            printf("<text class=\"caption\" x=\"%lld\" y=\"%lld\" font-size=\"12\">", w / 2, h + 16 + 16LL * lines);
            cli_xml_text(p, (size_t)(e - p));
            fputs("</text>\n", stdout);
        }
        lines++;
        for (p = e; *p == ' '; p++) {
        }
    }
    return lines;
}

/* Copies a scratch file to standard output (pictures are written there first, so a failure
 * prints nothing but the error).  A caption goes under the picture, which grows to hold it
 * (wider too, up to 48 characters a line, for a narrow picture):
 * every picture of tla/svg starts `<svg xmlns=... width="W" height="H" viewBox="0 0 W H"`
 * (as tla/svg/svg.h writes its head) and ends "</svg>\n".  0, or the exit status after the error. */
static int cli_svg_emit(FILE *out, const char *caption) {
    static const char head[] = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%lld\" height=\"%lld\" "
                               "viewBox=\"0 0 %lld %lld\"";
    char *pic, *rest;
    long size;
    long long w = 0, h = 0, vw = 0, vh = 0, grow;
    if (fseek(out, 0, SEEK_END) != 0 || (size = ftell(out)) < 0 || fseek(out, 0, SEEK_SET) != 0
        || !(pic = (char *)malloc((size_t)size + 1))) {
        fprintf(stderr, "tla: error: svg cannot read its scratch file back\n");
        return 2;
    }
    if (fread(pic, 1, (size_t)size, out) != (size_t)size) size = 0;
    pic[size] = '\0';
    if (!caption) {
        fwrite(pic, 1, (size_t)size, stdout);
    } else if (sscanf(pic, head, &w, &h, &vw, &vh) != 4 || w != vw || h != vh || !(rest = strstr(pic, " font-family"))
               || size < 7 || strcmp(pic + size - 7, "</svg>\n") != 0) {
        free(pic);
        fprintf(stderr, "tla: error: --caption: the picture does not start and end as tla/svg's do\n");
        return 2;
    } else {
        size_t len = strlen(caption);
        if (w < 16 + (long long)(len < 48 ? len : 48) * 15 / 2) /* room for 48 characters a line */
            w = 16 + (long long)(len < 48 ? len : 48) * 15 / 2;
        grow = 8 + 16LL * cli_svg_caption(caption, w, h, 0);
        printf(head, w, h + grow, w, h + grow);
        fwrite(rest, 1, (size_t)(pic + size - 7 - rest), stdout);
        cli_svg_caption(caption, w, h, 1);
        fputs("</svg>\n", stdout);
    }
    free(pic);
    return 0;
}

/* tla svg ENCODING --sparse MATRIX into out */
static int cli_svg_sparse(FILE *out, const char *encoding, const char *matrix) {
    tla_sparse_encoding enc;
    tla_sparse_storage st;
    cli_tensor t;
    tla_error e;
    void *mem = NULL;
    int rc = 2;
    if (tla_sparse_parse(&enc, encoding, &e) != 0) {
        cli_report(encoding, &e);
        return 2;
    }
    if (cli_sparse_pack(&enc, matrix, &t, &mem, &st) == 0) {
        if (tla_svg_sparse(out, &enc, &st, &e) != 0)
            fprintf(stderr, "tla: error: %s\n", e.msg);
        else
            rc = 0;
    }
    free(mem);
    free(t.v);
    return rc;
}

/* tla svg MAP --map into out */
static int cli_svg_map(FILE *out, const char *text) {
    tla_ix_ctx c;
    tla_ix_map m;
    tla_error e;
    int rc = 2;
    tla_ix_ctx_init(&c);
    if (tla_ix_map_parse(&m, &c, text, &e) != 0)
        cli_report(text, &e);
    else if (tla_svg_map(out, &c, &m, &e) != 0)
        fprintf(stderr, "tla: error: %s\n", e.msg);
    else
        rc = 0;
    tla_ix_ctx_free(&c);
    return rc;
}

/* --tile EXTENT@COORD: one integer per mode of L, the tile inside L (its shape, padding
 * included: GetTile's tail tiles are cut at the originShape, never past the layout).  0, or 2
 * after the error, which names the mode and the extents. */
static int cli_svg_tile(const char *arg, const tla_layout *L, tla_svg_options *o) {
    static const char *const what[2][2] = {{"elements", ""}, {"rows", "columns"}};
    const char *at = strchr(arg, '@');
    char ext[64];
    int r = tla_layout_rank(L), k, ne, nc;
    if (!at || (size_t)(at - arg) >= sizeof ext) {
        fprintf(stderr, "tla: error: --tile takes EXTENT@COORD, e.g. --tile 16,16@8,0\n");
        return 2;
    }
    memcpy(ext, arg, (size_t)(at - arg));
    ext[at - arg] = 0;
    ne = cli_svg_ints(ext, o->tile_extent), nc = cli_svg_ints(at + 1, o->tile_coord);
    if (ne < 1 || ne != nc || (r <= 2 && ne != r)) {
        fprintf(stderr,
                "tla: error: --tile takes EXTENT@COORD with one integer >= 0 per mode (%d here), e.g. --tile "
                "16,16@8,0\n",
                r);
        return 2;
    }
    for (k = 0; k < r && r <= 2; k++) {
        tla_layout m;
        int64_t size = 0;
        if (tla_layout_get(&m, L, 1, &k, NULL) != 0 || tla_layout_size(&size, &m, NULL) != 0) return 2;
        if (o->tile_extent[k] > size - o->tile_coord[k]) {
            fprintf(stderr,
                    "tla: error: --tile %.40s reaches past the layout: %s %lld..%lld, but the layout has %lld %s "
                    "(mode %d)\n",
                    arg, what[r - 1][k], (long long)o->tile_coord[k],
                    (long long)(o->tile_coord[k] + o->tile_extent[k] - 1), (long long)size, what[r - 1][k], k);
            return 2;
        }
    }
    o->has_tile = 1;
    return 0;
}

static int cli_cmd_svg(int argc, char **argv) {
    static const char *const options[] = {"--tile", "--modes", "--no-padding", "--latex", "--caption",
                                          "--tv",   "--copy",  "--sparse",     "--map"};
    tla_svg_options o = tla_svg_defaults();
    const char *expr = NULL, *copy = NULL, *sparse = NULL, *caption = NULL, *tile = NULL, *tv = NULL,
               *plain_only = NULL;
    int latex = 0, map = 0, i, rc;
    int64_t tvshape[2] = {0, 0};
    tla_layout L, S;
    tla_error e;
    FILE *out;
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--latex"))
            latex = 1, plain_only = a;
        else if (!strcmp(a, "--map"))
            map = 1;
        else if (!strcmp(a, "--modes"))
            o.by_mode = 1, plain_only = a;
        else if (!strcmp(a, "--no-padding"))
            o.show_padding = 0, plain_only = a;
        else if (!strcmp(a, "--tile") || !strcmp(a, "--tv") || !strcmp(a, "--copy") || !strcmp(a, "--sparse")
                 || !strcmp(a, "--caption")) {
            const char **value = !strcmp(a, "--tile")     ? &tile
                                 : !strcmp(a, "--tv")     ? &tv
                                 : !strcmp(a, "--copy")   ? &copy
                                 : !strcmp(a, "--sparse") ? &sparse
                                                          : &caption;
            if (i + 1 >= argc) {
                fprintf(stderr, "tla: error: %s needs a value (see tla svg --help)\n", a);
                return 2;
            }
            *value = argv[++i];
            if (value == &tile) plain_only = a;
        } else if (a[0] == '-' && a[1] == '-') {
            char hint[96];
            cli_did_you_mean(hint, a, options, sizeof options / sizeof options[0], sizeof options[0]);
            fprintf(stderr, "tla: error: unknown option '%.40s'%s (see tla svg --help)\n", a, hint);
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
    if (!!tv + !!copy + !!sparse + map > 1) {
        fprintf(stderr, "tla: error: --tv, --copy, --sparse and --map exclude each other (one picture at a time)\n");
        return 2;
    }
    if (plain_only && (tv || copy || sparse || map)) {
        fprintf(stderr, "tla: error: %s is for the picture of a layout, not with %s\n", plain_only,
                tv       ? "--tv"
                : copy   ? "--copy"
                : sparse ? "--sparse"
                         : "--map");
        return 2;
    }
    if (caption && latex) {
        fprintf(stderr, "tla: error: --caption is for SVG pictures, not --latex\n");
        return 2;
    }
    if (tv && cli_svg_ints(tv, tvshape) != 2) {
        fprintf(stderr, "tla: error: --tv takes the tile M,N, e.g. --tv 8,8\n");
        return 2;
    }
    /* into a scratch file first, so a failure prints nothing but the error */
    if (!(out = tmpfile())) {
        fprintf(stderr, "tla: error: svg cannot open a scratch file\n");
        return 2;
    }
    if (sparse)
        rc = cli_svg_sparse(out, expr, sparse);
    else if (map)
        rc = cli_svg_map(out, expr);
    else if (cli_svg_layout(expr, &L) != 0 || (copy && cli_svg_layout(copy, &S) != 0)
             || (tile && cli_svg_tile(tile, &L, &o) != 0))
        rc = 2;
    else {
        if (copy)
            rc = tla_svg_copy(out, &L, &S, &o, &e);
        else if (tv)
            rc = tla_svg_tv(out, &L, tvshape[0], tvshape[1], &o, &e);
        else
            rc = latex ? tla_latex_layout(out, &L, &o, &e) : tla_svg_layout(out, &L, &o, &e);
        if (rc != 0) fprintf(stderr, "tla: error: %s\n", e.msg), rc = 2;
    }
    if (rc == 0) rc = cli_svg_emit(out, caption);
    fclose(out);
    return rc;
}

#endif
