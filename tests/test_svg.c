/* tests/test_svg.c - pictures (tla/svg/svg.h): every SVG is well-formed XML, the offsets written in
 * the cells read back equal crd2offset at every coordinate, TV cells sit where TV sends them,
 * copy runs are contiguous on both sides, big layouts stay bounded, and small pictures match
 * golden files byte for byte (tests/golden/svg_*.svg). */
#include <stdint.h>
#include <stdlib.h>
#define TLA_WITH_ALL /* indexing maps, HLO and sparse encodings (opt-in families) */
#include "../tla.h"
#include "check.h"

/* The picture as a string (malloc'ed), or NULL. */
static char *render(int kind, const tla_layout *L, const tla_layout *S, int64_t M, int64_t N, const tla_svg_options *o,
                    long *len) {
    FILE *f = tmpfile();
    char *buf;
    long n;
    tla_error e;
    int rc;
    if (!f) return NULL;
    rc = kind == 0   ? tla_svg_layout(f, L, o, &e)
         : kind == 1 ? tla_svg_tv(f, L, M, N, o, &e)
         : kind == 2 ? tla_svg_copy(f, L, S, o, &e)
                     : tla_latex_layout(f, L, o, &e);
    if (rc != 0) {
        printf("  render: %s\n", e.msg);
        fclose(f);
        return NULL;
    }
    n = ftell(f);
    rewind(f);
    buf = (char *)malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return NULL;
    }
    buf[n] = 0;
    fclose(f);
    if (len) *len = n;
    return buf;
}

/* The first needle in s, or NULL (strstr, by hand: these pictures are searched many times over,
 * and ASan's strstr measures the whole rest of the text at each call; 20 s of the sanitizer
 * run). */
static const char *find(const char *s, const char *needle) {
    size_t n = strlen(needle);
    for (; *s; s++)
        if (*s == *needle && !strncmp(s, needle, n)) return s;
    return NULL;
}
/* The first needle in [s, end), or NULL. */
static const char *find_before(const char *s, const char *end, const char *needle) {
    size_t n = strlen(needle);
    for (; s + n <= end; s++)
        if (!strncmp(s, needle, n)) return s;
    return NULL;
}

/* A small XML checker: elements nest and close in order, attributes are name="value" with no
 * '<' or '&' inside, text holds no '<' or '&', comments close. */
static int well_formed(const char *s) {
    char stack[64][32];
    int depth = 0, seen_root = 0;
    while (*s) {
        if (*s != '<') {
            if (*s == '&') return 0;
            s++;
            continue;
        }
        if (!strncmp(s, "<!--", 4)) {
            const char *end = find(s + 4, "-->");
            if (!end) return 0;
            s = end + 3;
            continue;
        }
        if (s[1] == '/') { /* closing tag */
            size_t n = strcspn(s + 2, ">");
            if (depth == 0 || s[2 + n] != '>' || n != strlen(stack[depth - 1]) || strncmp(s + 2, stack[depth - 1], n))
                return 0;
            depth--;
            s += 3 + n;
            continue;
        }
        {
            size_t n = strcspn(s + 1, " />");
            const char *p = s + 1 + n;
            if (n == 0 || n >= 32 || depth == 64 || (depth == 0 && seen_root)) return 0;
            memcpy(stack[depth], s + 1, n);
            stack[depth][n] = 0;
            while (*p == ' ') { /* attributes */
                p++;
                while (*p && *p != '=' && *p != ' ' && *p != '>' && *p != '/') p++;
                if (*p++ != '=' || *p++ != '"') return 0;
                while (*p && *p != '"') {
                    if (*p == '<' || *p == '&') return 0;
                    p++;
                }
                if (*p++ != '"') return 0;
            }
            if (p[0] == '/' && p[1] == '>') {
                s = p + 2;
                if (depth == 0) seen_root = 1;
                continue;
            }
            if (*p != '>') return 0;
            if (depth == 0) seen_root = 1;
            depth++;
            s = p + 1;
        }
    }
    return depth == 0 && seen_root;
}

/* Every "<text class="CLS" ... data-r="R" data-c="C" ...>V</text>": calls fn(R, C, V, run). */
typedef int (*cell_fn)(void *ctx, int64_t r, int64_t c, int64_t v, int64_t run, const char *text);
static int each_cell(const char *s, const char *cls, cell_fn fn, void *ctx) {
    char key[40];
    int n = 0;
    snprintf(key, sizeof key, "<text class=\"%s\"", cls);
    while ((s = find(s, key)) != NULL) {
        long long r = -1, c = -1, v = 0, run = -1;
        const char *gt = strchr(s, '>'), *close = gt ? strchr(gt + 1, '<') : NULL, *p, *q;
        size_t len = close ? (size_t)(close - s) : 0;
        char tag[512], *end;
        /* the element copied, up to its closing tag: sscanf measures the rest of its string */
        if (!close || len >= sizeof tag || (p = find_before(s, gt, "data-r=\"")) == NULL) return -1;
        memcpy(tag, s, len), tag[len] = 0;
        if (sscanf(tag + (p - s), "data-r=\"%lld\" data-c=\"%lld\"", &r, &c) != 2) return -1;
        if ((q = find_before(s, gt, "data-run=\"")) != NULL) sscanf(tag + (q - s), "data-run=\"%lld\"", &run);
        /* a sparse entry's index in the values, passed as its run */
        if ((q = find_before(s, gt, "data-k=\"")) != NULL) sscanf(tag + (q - s), "data-k=\"%lld\"", &run);
        v = strtoll(tag + (gt + 1 - s), &end, 10);
        if (end == tag + (gt + 1 - s) && gt[1] != 'T') return -1;
        if (!fn(ctx, r, c, v, run, gt + 1)) return -1;
        n++;
        s = gt;
    }
    return n;
}

typedef struct {
    const tla_layout *L;
    int rank;
    char *seen;
    int64_t cols;
} offs_ctx;
static int check_offset(void *vctx, int64_t r, int64_t c, int64_t v, int64_t run, const char *text) {
    offs_ctx *x = (offs_ctx *)vctx;
    tla_tuple p[2], crd;
    int64_t off = -1;
    (void)run, (void)text;
    if (x->rank == 2) {
        p[0] = tla_tuple_leaf(r, 0), p[1] = tla_tuple_leaf(c, 0);
        tla_tuple_join(&crd, 2, p, NULL);
    } else
        crd = tla_tuple_leaf(c, 0);
    if (tla_layout_crd2offset(&off, x->L, &crd, NULL) != 0 || off != v) {
        printf("  cell (%lld,%lld) shows %lld, crd2offset says %lld\n", (long long)r, (long long)c, (long long)v,
               (long long)off);
        return 0;
    }
    if (x->seen) {
        if (x->seen[r * x->cols + c]) return 0;
        x->seen[r * x->cols + c] = 1;
    }
    return 1;
}

/* A layout's picture: well-formed, every cell once, every offset right. */
static int picture_ok(const tla_layout *L, const tla_svg_options *o) {
    long n = 0;
    char *svg = render(0, L, NULL, 0, 0, o, &n);
    int64_t size = 0, rows = 1, cols;
    offs_ctx x;
    int cells, ok;
    if (!svg) return 0;
    x.L = L, x.rank = tla_layout_rank(L);
    tla_layout_size(&size, L, NULL);
    if (x.rank == 2) {
        tla_layout m;
        int path[1] = {0};
        if (tla_layout_get(&m, L, 1, path, NULL) != 0 || tla_layout_size(&rows, &m, NULL) != 0) return 0;
    }
    cols = rows ? size / rows : 0;
    x.cols = cols;
    x.seen = (char *)calloc((size_t)(size ? size : 1), 1);
    cells = each_cell(svg, "off", check_offset, &x);
    ok = well_formed(svg) && x.seen && cells == (o && !o->show_padding ? cells : size);
    if (!ok)
        printf("  picture of %lld cells: %d read back, well-formed %d\n", (long long)size, cells, well_formed(svg));
    free(x.seen);
    free(svg);
    return ok;
}

static void test_layouts(void) {
    static const enum tla_format fmts[] = {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_ZN, TLA_ZZ, TLA_NZ, TLA_NN, TLA_L0C};
    static const char *exprs[] = {"(2,3):(3,1)",     "((2,2),(2,3)):((1,4),(2,16))",          "8:2",        "(8):(3)",
                                  "((4,2)):((2,1))", "(((2,2),2),(3,2)):(((1,2),12),(4,24))", "(3,4):(0,1)"};
    int f, b, s, ok = 1, n = 0;
    for (f = 0; f < 7; f++)
        for (b = 1; b <= 4; b *= 2)
            for (s = 0; s < 3; s++) {
                static const int64_t sz[3][2] = {{16, 16}, {17, 35}, {40, 9}};
                tla_layout L;
                tla_svg_options o = tla_svg_defaults();
                if (tla_layout_format(&L, fmts[f], b, sz[s][0], sz[s][1], NULL) != 0) continue;
                o.by_mode = s == 1;
                o.has_tile = 1, o.tile_extent[0] = 16, o.tile_extent[1] = 16, o.tile_coord[0] = 8, o.tile_coord[1] = 3;
                ok &= picture_ok(&L, &o);
                n++;
            }
    CHECK(ok && n == 63);
    for (s = 0; s < (int)(sizeof exprs / sizeof exprs[0]); s++) {
        tla_layout L;
        CHECK(tla_layout_parse(&L, exprs[s], NULL) == 0 && picture_ok(&L, NULL));
    }
    {
        /* rank 3 and overflow are errors, and nothing is written */
        tla_layout L;
        tla_error e;
        FILE *f2 = tmpfile();
        tla_layout_parse(&L, "(2,2,2):(1,2,4)", NULL);
        CHECK(f2 && tla_svg_layout(f2, &L, NULL, &e) == -1 && strstr(e.msg, "rank 1 or 2") && ftell(f2) == 0);
        tla_layout_parse(&L, "(4,2):(4611686018427387904,1)", NULL);
        CHECK(f2 && tla_svg_layout(f2, &L, NULL, &e) == -1);
        if (f2) fclose(f2);
    }
}

/* 1024 x 1024: drawn as blocks, bounded in size, still well-formed. */
static void test_large(void) {
    tla_layout L;
    long n = 0;
    char *svg;
    int blocks;
    tla_layout_format(&L, TLA_ZN, 2, 1024, 1024, NULL);
    svg = render(0, &L, NULL, 0, 0, NULL, &n);
    CHECK(svg != NULL && well_formed(svg));
    blocks = 0;
    if (svg) {
        const char *p = svg;
        while ((p = find(p, "class=\"block\"")) != NULL) blocks++, p++;
    }
    CHECK(blocks > 0 && blocks <= TLA_SVG_MAX_CELLS && n < 8L * 1024 * 1024);
    free(svg);
}

/* TV: the cell of TV(t, v) shows T<t> and sits at (i % M, i / M). */
typedef struct {
    const tla_layout *TV;
    int64_t M, nv;
    int bad;
} tv_ctx;
static int check_tv(void *vctx, int64_t r, int64_t c, int64_t v, int64_t run, const char *text) {
    tv_ctx *x = (tv_ctx *)vctx;
    long long t = -1, vid = -1;
    (void)v, (void)run;
    if (sscanf(text, "T%lld</text><text x=%*[^>]>V%lld", &t, &vid) != 2) return 0;
    {
        tla_tuple p[2], crd;
        int64_t i = -1;
        p[0] = tla_tuple_leaf(t, 0), p[1] = tla_tuple_leaf(vid, 0);
        tla_tuple_join(&crd, 2, p, NULL);
        tla_layout_crd2offset(&i, x->TV, &crd, NULL);
        return i % x->M == r && i / x->M == c;
    }
}
static void test_tv(void) {
    tla_layout TV;
    char *svg;
    tv_ctx x;
    tla_error e;
    FILE *f;
    tla_layout_parse(&TV, "((4,2),(2,2)):((2,16),(1,8))", NULL); /* 8 threads x 4 values over 8 x 4 */
    svg = render(1, &TV, NULL, 8, 4, NULL, NULL);
    x.TV = &TV, x.M = 8;
    CHECK(svg && well_formed(svg) && each_cell(svg, "tv", check_tv, &x) == 32);
    free(svg);
    f = tmpfile();
    CHECK(f && tla_svg_tv(f, &TV, 4, 4, NULL, &e) == -1 && strstr(e.msg, "outside the 4 x 4 tile"));
    if (f) fclose(f);
}

/* Copy: both sides show their own offsets; a run is contiguous on both sides. */
typedef struct {
    const tla_layout *L;
    int64_t lo[4096], hi[4096], count[4096];
    int side_dst;
} run_ctx;
static int collect_run(void *vctx, int64_t r, int64_t c, int64_t v, int64_t run, const char *text) {
    run_ctx *x = (run_ctx *)vctx;
    offs_ctx o;
    (void)text;
    o.L = x->L, o.rank = 2, o.seen = NULL, o.cols = 0;
    if (!check_offset(&o, r, c, v, run, text) || run < 0 || run >= 4096) return 0;
    /* a run's offsets form one contiguous range on each side: count == hi - lo + 1 */
    if (x->count[run] == 0 || v < x->lo[run]) x->lo[run] = v;
    if (x->count[run] == 0 || v > x->hi[run]) x->hi[run] = v;
    x->count[run]++;
    return 1;
}
static void test_copy(void) {
    static const enum tla_format fmts[] = {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_ZN, TLA_ZZ, TLA_NZ, TLA_NN};
    int a, b, ok = 1;
    for (a = 0; a < 6; a++)
        for (b = 0; b < 6; b++) {
            tla_layout S, D;
            char *svg;
            static run_ctx xs, xd;
            int64_t i, runs = 0;
            tla_layout_format(&S, fmts[a], 2, 20, 24, NULL);
            tla_layout_format(&D, fmts[b], 2, 20, 24, NULL);
            svg = render(2, &D, &S, 0, 0, NULL, NULL);
            if (!svg || !well_formed(svg)) {
                ok = 0;
                free(svg);
                continue;
            }
            memset(&xs, 0, sizeof xs), memset(&xd, 0, sizeof xd);
            xs.L = &S, xd.L = &D;
            ok &= each_cell(svg, "src", collect_run, &xs) == 480 && each_cell(svg, "dst", collect_run, &xd) == 480;
            for (i = 0; i < 4096; i++) {
                ok &= xs.count[i] == xd.count[i];
                ok &=
                    !xs.count[i] || (xs.hi[i] - xs.lo[i] + 1 == xs.count[i] && xd.hi[i] - xd.lo[i] + 1 == xd.count[i]);
                runs += xs.count[i] > 0;
            }
            /* row- or column-major onto itself is one run; zN from row-major, rows of C0 */
            ok &= runs >= 1 && runs <= 480 && (a != b || a > 1 || runs == 1) && (a != 0 || b != 2 || runs == 40);
            free(svg);
        }
    CHECK(ok);
}

/* Byte-exact golden pictures (regenerate with build/tla svg EXPR > tests/golden/NAME.svg). */
static void test_golden(void) {
    static const char *cases[][2] = {{"(2,3):(3,1)", "tests/golden/svg_2x3.svg"},
                                     {"((2,2),(2,2)):((1,4),(2,8))", "tests/golden/svg_blocked.svg"}};
    int i;
    for (i = 0; i < 2; i++) {
        tla_layout L;
        char *svg, *gold;
        long n = 0, g;
        FILE *f = fopen(cases[i][1], "rb");
        tla_layout_parse(&L, cases[i][0], NULL);
        svg = render(0, &L, NULL, 0, 0, NULL, &n);
        if (!f || !svg) {
            CHECK(!"golden file or picture missing");
            free(svg);
            if (f) fclose(f);
            continue;
        }
        fseek(f, 0, SEEK_END);
        g = ftell(f);
        rewind(f);
        gold = (char *)malloc((size_t)g + 1);
        CHECK(gold && fread(gold, 1, (size_t)g, f) == (size_t)g && g == n && memcmp(gold, svg, (size_t)n) == 0);
        free(gold);
        free(svg);
        fclose(f);
    }
}

static void test_latex(void) {
    tla_layout L;
    char *tex;
    int nodes = 0;
    const char *p;
    tla_layout_parse(&L, "(4,8):(8,1)", NULL);
    tex = render(3, &L, NULL, 0, 0, NULL, NULL);
    CHECK(tex && strstr(tex, "\\begin{tikzpicture}") && strstr(tex, "\\end{document}"));
    for (p = tex; p && (p = find(p, "rectangle +(1,1) node[midway] {")) != NULL; p++) nodes++;
    CHECK(nodes == 32 && strstr(tex, "(7,3) rectangle +(1,1) node[midway] {31}") != NULL);
    free(tex);
}

/* Sparse storage: every stored entry sits at its coordinate with its value and index. */
typedef struct {
    const tla_sparse_storage *st;
    const double *dense;
    int64_t cols;
} sp_ctx;
static int check_nz(void *vctx, int64_t r, int64_t c, int64_t v, int64_t run, const char *text) {
    sp_ctx *x = (sp_ctx *)vctx;
    double val = 0;
    (void)v;
    if (sscanf(text, "%lf", &val) != 1) return 0;
    return run >= 0 && run < x->st->nse && x->st->values[run] == val && x->dense[r * x->cols + c] == val;
}
static void test_sparse(void) {
    static const char bsr[] = "#sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : "
                              "compressed, i mod 2 : dense, j mod 2 : dense) }>";
    static const char *encs[] = {
        bsr, "#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>",
        "#sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>"};
    static const int64_t want[] = {12, 8, 8};
    double m[4][6] = {{1, 2, 0, 0, 4, 0}, {0, 3, 0, 0, 0, 5}, {0, 0, 6, 7, 0, 0}, {0, 0, 8, 0, 0, 0}};
    int64_t dims[2] = {4, 6};
    int i;
    for (i = 0; i < 3; i++) {
        static double mem[256];
        tla_sparse_encoding enc;
        tla_sparse_storage st;
        tla_error e;
        FILE *f = tmpfile();
        char *svg = NULL;
        long n;
        sp_ctx x;
        int ok = f && tla_sparse_parse(&enc, encs[i], &e) == 0
                 && tla_sparse_pack(&st, mem, sizeof mem, &enc, 2, dims, &m[0][0], &e) == 0
                 && tla_svg_sparse(f, &enc, &st, &e) == 0;
        if (ok) {
            n = ftell(f);
            rewind(f);
            svg = (char *)calloc((size_t)n + 1, 1);
            ok = svg && fread(svg, 1, (size_t)n, f) == (size_t)n;
        }
        x.st = &st, x.dense = &m[0][0], x.cols = 6;
        CHECK(ok && st.nse == want[i] && well_formed(svg) && each_cell(svg, "nz", check_nz, &x) == want[i]);
        free(svg);
        if (f) fclose(f);
    }
}

/* An indexing map: each cell inside the domain shows the results there; outside, none. */
typedef struct {
    const tla_ix_ctx *c;
    const tla_ix_map *m;
} map_ctx;
static int check_map(void *vctx, int64_t r, int64_t c, int64_t v, int64_t run, const char *text) {
    map_ctx *x = (map_ctx *)vctx;
    int64_t dims[2], syms[1] = {0}, out[4];
    long long a = 0, b = 0;
    (void)v, (void)run;
    dims[0] = r, dims[1] = c;
    if (!tla_ix_map_contains(x->c, x->m, dims, syms) || tla_ix_map_eval(x->c, x->m, dims, syms, out) != 0) return 0;
    return sscanf(text, "%lld,%lld", &a, &b) == 2 && a == out[0] && b == out[1];
}
static void test_map(void) {
    tla_ix_ctx c;
    tla_ix_map m;
    tla_error e;
    FILE *f = tmpfile();
    char *svg = NULL;
    long n = 0;
    map_ctx x;
    int ok;
    tla_ix_ctx_init(&c);
    ok = f
         && tla_ix_map_parse(&m, &c,
                             "(d0, d1) -> (d0 * 4 + d1 floordiv 2, d1 mod 2), domain: d0 in [0, 3], d1 in [0, 5], "
                             "d0 + d1 in [0, 6]",
                             &e)
                == 0
         && tla_svg_map(f, &c, &m, &e) == 0;
    if (ok) {
        n = ftell(f);
        rewind(f);
        svg = (char *)calloc((size_t)n + 1, 1);
        ok = svg && fread(svg, 1, (size_t)n, f) == (size_t)n;
    }
    x.c = &c, x.m = &m;
    /* 4 x 6 points, 3 of them outside d0 + d1 <= 6 */
    CHECK(ok && well_formed(svg) && each_cell(svg, "map", check_map, &x) == 24 - 3);
    free(svg);
    if (f) fclose(f);
    f = tmpfile();
    CHECK(f
          && tla_ix_map_parse(&m, &c, "(d0, d1, d2) -> (d0), domain: d0 in [0, 1], d1 in [0, 1], d2 in [0, 1]", &e) == 0
          && tla_svg_map(f, &c, &m, &e) == -1 && strstr(e.msg, "one or two dimensions"));
    if (f) fclose(f);
    tla_ix_ctx_free(&c);
}

int main(void) {
    test_layouts();
    test_large();
    test_tv();
    test_copy();
    test_golden();
    test_latex();
    test_sparse();
    test_map();
    CHECK_DONE();
}
