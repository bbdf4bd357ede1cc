/* tla/svg/svg.h - pictures of layouts: SVG for screens, LaTeX/TikZ for papers.
 *
 *   tla_svg_layout(f, &L, &opt, err)          one cell per coordinate of a rank-1 or rank-2
 *                                            layout (any nesting), its offset written in it
 *   tla_latex_layout(f, &L, &opt, err)        the same picture as a TikZ picture
 *   tla_svg_tv(f, &TV, M, N, &opt, err)  a thread-value layout (thread, value) -> index of
 *                                            an M x N tile (column-major), cells "T<t> V<v>"
 *   tla_svg_copy(f, &dst, &src, &opt, err)  source and destination side by side, every
 *                                            element in the colour of the copy run that moves it
 *
 * What the pictures show.  Cells are coloured by offset (a hue that turns once over the
 * layout's cosize), so a contiguous run is a smooth band of hues; with opt.by_mode, by the
 * outer coordinates of each top-level mode instead (one colour per fractal of a zN layout,
 * per tile of an XLA tiling).  Either way the outer blocks (a nested mode's first leaf: the
 * 16 rows of a fractal, the columns of a C0 block) are outlined with thick lines.  Row indices run down the left, column
 * indices along the top.  opt.tile_extent/tile_coord outline a tile (any origin; a tail is
 * clipped at the layout's edge); cells beyond the originShape (padding) are grey and hatched
 * and carry their offset too.  Each offset sits in a `<text class="off" data-r=".." data-c="..">`
 * element, so tools and tests can read the picture back.
 *
 * Size.  At most TLA_SVG_MAX_CELLS cells are drawn one by one; a larger layout is drawn as
 * blocks of k x k cells (k the smallest that fits), each labelled with the offset of its
 * first cell and classed "block", so a 1024 x 1024 layout is a few MB and a fraction of a
 * second.  Errors: a rank above 2, a rank-2 TV layout whose codomain does not fit M x N, an
 * offset that overflows int64, a failed write.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout L;  tla_error e;  tla_svg_options o = tla_svg_defaults();
 *   FILE *f = tmpfile();
 *   if (!f) return 1;
 *   tla_layout_format(&L, TLA_ZN, 2, 32, 32, &e);
 *   o.by_mode = 1;                                         // one colour per 16 x 16 fractal
 *   if (tla_svg_layout(f, &L, &o, &e) != 0) return 1;
 *   fclose(f);
 */
#ifndef TLA_SVG_H
#define TLA_SVG_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "tla/rt/print.h"
#include "tla/tensor/tensor.h"

#define TLA_SVG_MAX_CELLS 16384 /* cells drawn one by one; beyond, k x k blocks */
#define TLA_SVG_CELL 28 /* cell size in SVG units (and 0.5 cm in TikZ) */

typedef struct tla_svg_options {
    int by_mode; /* colour by the outer coordinates of each top-level mode */
    int has_tile; /* outline the tile of tile_extent at tile_coord */
    int64_t tile_extent[2], tile_coord[2];
    int show_padding; /* draw the cells beyond originShape (default 1) */
} tla_svg_options;

TLA_API tla_svg_options tla_svg_defaults(void);

/* ---------------------------------------------------------------- SVG */

/* tla_svg_layout(f, &L, &opt, err) -> 0 or -1
 *   The picture described at the top of this file; opt may be NULL (tla_svg_defaults()).
 *   Errors: "svg: a picture takes a layout of rank 1 or 2, not R", offsets past int64, a
 *   failed write ("svg: writing failed").
 * Example:
 *   tla_layout L;  tla_error e;  tla_svg_options o = tla_svg_defaults();
 *   FILE *f = tmpfile();
 *   if (!f) return 1;
 *   tla_layout_format(&L, TLA_ZN, 2, 40, 40, &e);
 *   o.has_tile = 1, o.tile_extent[0] = o.tile_extent[1] = 16, o.tile_coord[0] = 8, o.tile_coord[1] = 8;
 *   if (tla_svg_layout(f, &L, &o, &e) != 0) return 1;   // the padding rows 40..47 hatched
 *   fclose(f);
 */
TLA_API int tla_svg_layout(FILE *f, const tla_layout *L, const tla_svg_options *opt, tla_error *err);

/* tla_svg_tv(f, &TV, M, N, &opt, err) -> 0 or -1
 *   TV maps (thread, value) to an index of an M x N tile, column-major (CuTe's TV layouts):
 *   the cell (i % M, i / M) of TV(t, v) shows "T<t>" over "V<v>", coloured by thread (CuTe's
 *   eight TV colours).  Cells no (t, v) reaches stay white.
 *   Errors: TV not of rank 2; an index outside M x N; M x N past TLA_SVG_MAX_CELLS.
 * Example:
 *   tla_layout TV;  tla_error e;
 *   FILE *f = tmpfile();
 *   if (!f) return 1;
 *   tla_layout_parse(&TV, "((4,2),2):((2,8),1)", &e);   // 8 threads x 2 values over a 4 x 4 tile
 *   if (tla_svg_tv(f, &TV, 4, 4, NULL, &e) != 0) return 1;
 *   fclose(f);
 */
TLA_API int tla_svg_tv(FILE *f, const tla_layout *TV, int64_t M, int64_t N, const tla_svg_options *opt, tla_error *err);

/* ---------------------------------------------------------------- a copy */

/* tla_svg_copy(f, &dst, &src, &opt, err) -> 0 or -1
 *   The source (left) and destination (right) layouts of a copy over their common logical
 *   extent, each cell with its own offset, coloured by the run of the copy that moves it:
 *   one colour is one stretch contiguous on both sides (one memcpy).  Rank-2 layouts of the
 *   same extent, at most TLA_SVG_MAX_CELLS cells each.
 *   Errors: rank not 2; different originShapes; too many cells.
 * Example:
 *   tla_layout R, Z;  tla_error e;
 *   FILE *f = tmpfile();
 *   if (!f) return 1;
 *   tla_layout_format(&R, TLA_ROW_MAJOR, 2, 32, 32, &e);
 *   tla_layout_format(&Z, TLA_ZN, 2, 32, 32, &e);
 *   if (tla_svg_copy(f, &Z, &R, NULL, &e) != 0) return 1;   // 16-element rows of each fractal
 *   fclose(f);
 */
TLA_API int tla_svg_copy(FILE *f, const tla_layout *dst, const tla_layout *src, const tla_svg_options *opt,
                         tla_error *err);

/* ---------------------------------------------------------------- LaTeX / TikZ */

/* tla_latex_layout(f, &L, &opt, err) -> 0 or -1
 *   The picture of tla_svg_layout as a standalone LaTeX document with one TikZ picture (cells
 *   0.5 cm, offsets in \tiny, the same colours and tile outline).
 * Example:
 *   tla_layout L;  tla_error e;
 *   FILE *f = tmpfile();
 *   if (!f) return 1;
 *   tla_layout_parse(&L, "(4,8):(8,1)", &e);
 *   if (tla_latex_layout(f, &L, NULL, &e) != 0) return 1;
 *   fclose(f);
 */
TLA_API int tla_latex_layout(FILE *f, const tla_layout *L, const tla_svg_options *opt, tla_error *err);

/* ---------------------------------------------------------------- internals */

TLA_API tla_svg_options tla_svg_defaults(void)
#if TLA__BODIES
{
    tla_svg_options o;
    memset(&o, 0, sizeof o);
    o.show_padding = 1;
    return o;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- the grid of a layout */

/* What a picture needs of a layout: rows x cols cells (a rank-1 layout is one row), the
 * logical extent (originShape), the cosize for the colours and, for by_mode, the size of each
 * mode's first leaf (the inner block: a fractal's rows and columns). */
typedef struct tla__grid {
    const tla_layout *L;
    int rank;
    int64_t rows, cols, orows, ocols, cosize, inner[2], block; /* block: k of k x k merging */
} tla__grid;

TLA_FUNC int tla__grid_make(tla__grid *g, const tla_layout *L, tla_error *err) {
    int k;
    int64_t n = 0;
    memset(g, 0, sizeof *g);
    g->L = L;
    g->rank = tla_layout_rank(L);
    if (g->rank > 2) return tla__fail(err, -1, "svg: a picture takes a layout of rank 1 or 2, not %d", g->rank);
    if (tla_layout_size(&n, L, err) != 0 || tla_layout_cosize(&g->cosize, L, err) != 0) return -1;
    for (k = 0; k < g->rank; k++) {
        tla_layout m;
        int path[1];
        path[0] = k;
        g->inner[k] = 1;
        if (g->rank == 2 && tla_layout_get(&m, L, 1, path, err) == 0 && !tla_tuple_is_int(&m.shape))
            g->inner[k] = m.shape.val[0] > 0 ? m.shape.val[0] : 1;
    }
    if (g->rank == 2) {
        tla_layout m;
        int path[1] = {0};
        if (tla_layout_get(&m, L, 1, path, err) != 0 || tla_layout_size(&g->rows, &m, err) != 0) return -1;
        g->cols = g->rows ? n / g->rows : 0;
        g->orows = tla_layout_origin(L, 0), g->ocols = tla_layout_origin(L, 1);
    } else {
        g->rows = 1, g->cols = n;
        g->orows = 1, g->ocols = tla_tuple_is_int(&L->shape) ? tla_layout_origin(L, 0) : n;
        if (tla_tuple_rank(&L->shape) == 1 && !tla_tuple_is_int(&L->shape)) g->inner[0] = L->shape.val[0];
    }
    for (g->block = 1; tla_ceil_div(g->rows, g->block) * tla_ceil_div(g->cols, g->block) > TLA_SVG_MAX_CELLS;)
        g->block++;
    return 0;
}

/* The offset of cell (r, c). */
TLA_FUNC int tla__grid_offset(const tla__grid *g, int64_t r, int64_t c, int64_t *off, tla_error *err) {
    tla_tuple crd;
    if (g->rank == 2) return tla__cell_offset(g->L, NULL, r, c, off, err);
    crd = tla_tuple_leaf(c, 0);
    return tla_layout_crd2offset(off, g->L, &crd, err);
}

/* Colours: a hue per offset, or one of 12 per outer block (by_mode), or grey for padding. */
TLA_FUNC void tla__hsl_rgb(double h, double s, double l, int rgb[3]) {
    /* the usual sector formula: chroma c, second component x, lightness offset m */
    static const int sector[6][3] = {{0, 1, 2}, {1, 0, 2}, {1, 2, 0}, {2, 1, 0}, {2, 0, 1}, {0, 2, 1}};
    double c = (1 - (2 * l - 1 < 0 ? 1 - 2 * l : 2 * l - 1)) * s, hp = h / 60, f, x, m = l - c / 2, v[3];
    int i = (int)hp % 6;
    f = hp - 2 * (double)(int)(hp / 2) - 1; /* (h / 60 mod 2) - 1 */
    x = c * (1 - (f < 0 ? -f : f));
    v[0] = c, v[1] = x, v[2] = 0; /* (c, x, 0) placed by the sector */
    rgb[sector[i][0]] = (int)((v[0] + m) * 255 + 0.5);
    rgb[sector[i][1]] = (int)((v[1] + m) * 255 + 0.5);
    rgb[sector[i][2]] = (int)((v[2] + m) * 255 + 0.5);
}
TLA_FUNC void tla__cell_colour(const tla__grid *g, const tla_svg_options *o, int64_t r, int64_t c, int64_t off,
                               int rgb[3]) {
    if (r >= g->orows || c >= g->ocols) {
        rgb[0] = rgb[1] = rgb[2] = 215;
    } else if (o && o->by_mode) {
        int64_t b = r / g->inner[0] + 7 * (c / g->inner[g->rank - 1]);
        tla__hsl_rgb((double)(b % 12) * 30.0 + (double)(b / 12 % 2) * 15.0, 0.65, 0.78, rgb);
    } else {
        double span = g->cosize > 1 ? (double)g->cosize : 1.0;
        tla__hsl_rgb(300.0 * (double)off / span, 0.7, 0.8, rgb);
    }
}

/* ---------------------------------------------------------------- SVG */

/* Everything goes through one writer that remembers a failed write. */
typedef struct tla__svgw {
    FILE *f;
    int bad;
} tla__svgw;
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
TLA_FUNC void
tla__svgf(tla__svgw *w, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (vfprintf(w->f, fmt, ap) < 0) w->bad = 1;
    va_end(ap);
}

/* Writes the cells of g at (x0, y0) (SVG units): rect + offset text per cell or block. */
TLA_FUNC int tla__svg_cells(tla__svgw *w, const tla__grid *g, const tla_svg_options *o, int x0, int y0,
                            tla_error *err) {
    int64_t r, c, k = g->block;
    int cs = TLA_SVG_CELL;
    for (r = 0; r < g->rows; r += k)
        for (c = 0; c < g->cols; c += k) {
            int64_t off = 0;
            int rgb[3];
            long long x = x0 + c / k * cs, y = y0 + r / k * cs;
            int pad = r >= g->orows || c >= g->ocols;
            if (pad && o && !o->show_padding) continue;
            if (tla__grid_offset(g, r, c, &off, err) != 0) return -1;
            tla__cell_colour(g, o, r, c, off, rgb);
            tla__svgf(w, "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\"%s/>", x, y, cs,
                      cs, rgb[0], rgb[1], rgb[2], pad ? " fill-opacity=\"0.6\" class=\"pad\"" : "");
            if (pad)
                tla__svgf(w, "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"url(#tla-hatch)\"/>", x, y,
                          cs, cs);
            tla__svgf(w, "<text class=\"%s\" data-r=\"%lld\" data-c=\"%lld\" x=\"%lld\" y=\"%lld\">%lld</text>\n",
                      k > 1 ? "block" : "off", (long long)r, (long long)c, x + cs / 2, y + cs / 2 + 3, (long long)off);
        }
    return 0;
}

/* Row and column indices, grid lines, and the tile outline. */
TLA_FUNC void tla__svg_frame(tla__svgw *w, const tla__grid *g, const tla_svg_options *o, int x0, int y0) {
    long long r, c, k = g->block, nr = tla_ceil_div(g->rows, k), nc = tla_ceil_div(g->cols, k);
    int cs = TLA_SVG_CELL;
    for (r = 0; r < nr; r++)
        tla__svgf(w, "<text class=\"idx\" x=\"%d\" y=\"%lld\">%lld</text>", x0 - cs / 2, y0 + r * cs + cs / 2 + 3,
                  (long long)(r * k));
    for (c = 0; c < nc; c++)
        tla__svgf(w, "<text class=\"idx\" x=\"%lld\" y=\"%d\">%lld</text>", x0 + c * cs + cs / 2, y0 - cs / 3,
                  (long long)(c * k));
    tla__svgf(w, "\n<g stroke=\"#333\" stroke-width=\"0.5\">");
    for (r = 0; r <= nr; r++)
        tla__svgf(w, "<line x1=\"%d\" y1=\"%lld\" x2=\"%lld\" y2=\"%lld\"/>", x0, y0 + r * cs, x0 + nc * cs,
                  y0 + r * cs);
    for (c = 0; c <= nc; c++)
        tla__svgf(w, "<line x1=\"%lld\" y1=\"%d\" x2=\"%lld\" y2=\"%lld\"/>", x0 + c * cs, y0, x0 + c * cs,
                  y0 + nr * cs);
    tla__svgf(w, "</g>\n");
    if (k == 1 && (g->inner[0] > 1 || g->inner[g->rank - 1] > 1)) { /* outer blocks (fractals, XLA tiles) */
        tla__svgf(w, "<g stroke=\"#000\" stroke-width=\"1.5\">");
        for (r = 0; g->inner[0] > 1 && g->rank == 2 && r <= nr; r += g->inner[0])
            tla__svgf(w, "<line x1=\"%d\" y1=\"%lld\" x2=\"%lld\" y2=\"%lld\"/>", x0, y0 + r * cs, x0 + nc * cs,
                      y0 + r * cs);
        for (c = 0; g->inner[g->rank - 1] > 1 && c <= nc; c += g->inner[g->rank - 1])
            tla__svgf(w, "<line x1=\"%lld\" y1=\"%d\" x2=\"%lld\" y2=\"%lld\"/>", x0 + c * cs, y0, x0 + c * cs,
                      y0 + nr * cs);
        tla__svgf(w, "</g>\n");
    }
    if (o && o->has_tile) {
        long long r0 = o->tile_coord[0], c0 = o->tile_coord[1];
        long long r1 = r0 + o->tile_extent[0], c1 = c0 + o->tile_extent[1];
        if (g->rank == 1) r0 = 0, r1 = 1, c0 = o->tile_coord[0], c1 = c0 + o->tile_extent[0];
        r1 = r1 < g->rows ? r1 : g->rows, c1 = c1 < g->cols ? c1 : g->cols; /* a tail: clipped */
        if (r0 < r1 && c0 < c1)
            tla__svgf(w,
                      "<rect class=\"tile\" x=\"%lld\" y=\"%lld\" width=\"%lld\" height=\"%lld\" fill=\"none\" "
                      "stroke=\"#d00\" stroke-width=\"3\"/>\n",
                      x0 + c0 * cs / k, y0 + r0 * cs / k, (c1 - c0) * cs / k, (r1 - r0) * cs / k);
    }
}

TLA_FUNC void tla__svg_head(tla__svgw *w, long long width, long long height, const char *title) {
    tla__svgf(w,
              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%lld\" height=\"%lld\" viewBox=\"0 0 %lld %lld\" "
              "font-family=\"monospace\" font-size=\"9\" text-anchor=\"middle\">\n",
              width, height, width, height);
    tla__svgf(w, "<title>%s</title>\n", title);
    tla__svgf(w, "<defs><pattern id=\"tla-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
                 "<path d=\"M0,6 L6,0\" stroke=\"#888\" stroke-width=\"1\"/></pattern></defs>\n");
}

/* The layout printed into buf, with characters that XML reserves left out of the title. */
TLA_FUNC void tla__svg_title(char *buf, size_t n, const tla_layout *L) { tla_layout_snprint(buf, n, L); }

TLA_API int tla_svg_layout(FILE *f, const tla_layout *L, const tla_svg_options *opt, tla_error *err)
#if TLA__BODIES
{
    tla__grid g;
    tla__svgw w;
    char title[512];
    int cs = TLA_SVG_CELL;
    long long nr, nc;
    if (tla__grid_make(&g, L, err) != 0) return -1;
    nr = tla_ceil_div(g.rows, g.block), nc = tla_ceil_div(g.cols, g.block);
    w.f = f, w.bad = 0;
    tla__svg_title(title, sizeof title, L);
    tla__svg_head(&w, (nc + 2) * cs, (nr + 2) * cs, title);
    if (g.block > 1)
        tla__svgf(&w, "<!-- %lld x %lld cells drawn as blocks of %lld x %lld (TLA_SVG_MAX_CELLS) -->\n",
                  (long long)g.rows, (long long)g.cols, (long long)g.block, (long long)g.block);
    if (tla__svg_cells(&w, &g, opt, cs, cs, err) != 0) return -1;
    tla__svg_frame(&w, &g, opt, cs, cs);
    tla__svgf(&w, "</svg>\n");
    return w.bad ? tla__fail(err, -1, "svg: writing failed") : 0;
}
#endif
TLA__DECL

TLA_API int tla_svg_tv(FILE *f, const tla_layout *TV, int64_t M, int64_t N, const tla_svg_options *opt, tla_error *err)
#if TLA__BODIES
{
    static const char *colours[8] = {"175,175,255", "175,255,175", "255,255,175", "255,175,175",
                                     "210,210,255", "210,255,210", "255,255,210", "255,210,210"};
    tla__svgw w;
    tla_layout mt, mv;
    int64_t nt = 0, nv = 0, t, v;
    int cs = TLA_SVG_CELL, path[1];
    char title[512];
    (void)opt;
    if (tla_layout_rank(TV) != 2) return tla__fail(err, -1, "svg: a TV layout has rank 2 (thread, value)");
    if (M <= 0 || N <= 0 || M > TLA_SVG_MAX_CELLS / N)
        return tla__fail(err, -1, "svg: the TV tile must be positive and at most %d cells", TLA_SVG_MAX_CELLS);
    path[0] = 0;
    if (tla_layout_get(&mt, TV, 1, path, err) != 0 || tla_layout_size(&nt, &mt, err) != 0) return -1;
    path[0] = 1;
    if (tla_layout_get(&mv, TV, 1, path, err) != 0 || tla_layout_size(&nv, &mv, err) != 0) return -1;
    w.f = f, w.bad = 0;
    tla__svg_title(title, sizeof title, TV);
    tla__svg_head(&w, (long long)(N + 2) * cs, (long long)(M + 2) * cs, title);
    for (t = 0; t < M; t++)
        tla__svgf(&w, "<text class=\"idx\" x=\"%d\" y=\"%lld\">%lld</text>", cs / 2,
                  (long long)((t + 1) * cs + cs / 2 + 3), (long long)t);
    for (t = 0; t < N; t++)
        tla__svgf(&w, "<text class=\"idx\" x=\"%lld\" y=\"%d\">%lld</text>", (long long)((t + 1) * cs + cs / 2),
                  cs - cs / 3, (long long)t);
    tla__svgf(&w, "\n");
    for (t = 0; t < nt; t++)
        for (v = 0; v < nv; v++) {
            tla_tuple p[2], crd;
            int64_t i = 0;
            long long x, y;
            p[0] = tla_tuple_leaf(t, 0), p[1] = tla_tuple_leaf(v, 0);
            if (tla_tuple_join(&crd, 2, p, err) != 0 || tla_layout_crd2offset(&i, TV, &crd, err) != 0) return -1;
            if (i < 0 || i >= M * N)
                return tla__fail(err, -1, "svg: TV(%lld,%lld) = %lld is outside the %lld x %lld tile", (long long)t,
                                 (long long)v, (long long)i, (long long)M, (long long)N);
            x = (long long)((i / M + 1) * cs), y = (long long)((i % M + 1) * cs);
            tla__svgf(&w,
                      "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"rgb(%s)\" stroke=\"#333\" "
                      "stroke-width=\"0.5\"/><text class=\"tv\" data-r=\"%lld\" data-c=\"%lld\" x=\"%lld\" "
                      "y=\"%lld\">T%lld</text><text x=\"%lld\" y=\"%lld\">V%lld</text>\n",
                      x, y, cs, cs, colours[t % 8], (long long)(i % M), (long long)(i / M), x + cs / 2, y + cs / 2 - 2,
                      (long long)t, x + cs / 2, y + cs - 4, (long long)v);
        }
    tla__svgf(&w, "</svg>\n");
    return w.bad ? tla__fail(err, -1, "svg: writing failed") : 0;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- a copy */

/* Run ids of a copy: elements whose source and destination offsets both continue the
 * previous element's (in destination order) belong to the same run, the way tla_copy moves
 * a contiguous stretch with one memcpy.  ids[r * cols + c]; returns the number of runs. */
TLA_FUNC int64_t tla__copy_runs(const tla__grid *gd, const tla__grid *gs, int64_t *ids, int64_t *dofs, tla_error *err) {
    int64_t n = gd->orows * gd->ocols, i, j, runs = 0, *order, *sofs;
    order = (int64_t *)malloc((size_t)(n ? n : 1) * 2 * sizeof(int64_t));
    if (!order) return tla__fail(err, -1, "svg: out of memory");
    sofs = order + n;
    for (i = 0; i < n; i++) {
        int64_t r = i / gd->ocols, c = i % gd->ocols;
        if (tla__grid_offset(gd, r, c, &dofs[i], err) != 0 || tla__grid_offset(gs, r, c, &sofs[i], err) != 0) {
            free(order);
            return -1;
        }
        order[i] = i;
    }
    /* insertion sort by destination offset (pictures are at most TLA_SVG_MAX_CELLS cells) */
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && dofs[order[j]] < dofs[order[j - 1]]; j--) {
            int64_t t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (i = 0; i < n; i++) {
        int64_t a = order[i], b = i ? order[i - 1] : -1;
        if (i == 0 || dofs[a] != dofs[b] + 1 || sofs[a] != sofs[b] + 1) runs++;
        ids[a] = runs - 1;
    }
    free(order);
    return runs;
}

TLA_API int tla_svg_copy(FILE *f, const tla_layout *dst, const tla_layout *src, const tla_svg_options *opt,
                         tla_error *err)
#if TLA__BODIES
{
    tla__grid gd, gs;
    tla__svgw w;
    int64_t *ids, *dofs, runs, r, c, n;
    int cs = TLA_SVG_CELL, side;
    long long xs;
    (void)opt;
    if (tla__grid_make(&gd, dst, err) != 0 || tla__grid_make(&gs, src, err) != 0) return -1;
    if (gd.rank != 2 || gs.rank != 2) return tla__fail(err, -1, "svg: a copy picture takes two rank-2 layouts");
    if (gd.orows != gs.orows || gd.ocols != gs.ocols)
        return tla__fail(err, -1, "svg: the two layouts hold %lld x %lld and %lld x %lld elements", (long long)gs.orows,
                         (long long)gs.ocols, (long long)gd.orows, (long long)gd.ocols);
    n = gd.orows * gd.ocols;
    if (n > TLA_SVG_MAX_CELLS)
        return tla__fail(err, -1, "svg: a copy picture shows at most %d cells", TLA_SVG_MAX_CELLS);
    ids = (int64_t *)malloc((size_t)(n ? n : 1) * 2 * sizeof(int64_t));
    if (!ids) return tla__fail(err, -1, "svg: out of memory");
    dofs = ids + n;
    runs = tla__copy_runs(&gd, &gs, ids, dofs, err);
    if (runs < 0) {
        free(ids);
        return -1;
    }
    w.f = f, w.bad = 0;
    xs = (gs.ocols + 2) * cs;
    tla__svg_head(&w, xs + (gd.ocols + 1) * cs, (gd.orows + 2) * cs, "copy");
    tla__svgf(&w, "<!-- %lld runs -->\n", (long long)runs);
    for (side = 0; side < 2; side++) {
        const tla__grid *g = side ? &gd : &gs;
        long long x0 = side ? xs : cs;
        tla__svgf(&w, "<text x=\"%lld\" y=\"10\">%s</text>\n", x0 + g->ocols * cs / 2, side ? "destination" : "source");
        for (r = 0; r < g->orows; r++)
            for (c = 0; c < g->ocols; c++) {
                int64_t off = 0, id = ids[r * g->ocols + c];
                int rgb[3];
                if (tla__grid_offset(g, r, c, &off, err) != 0) {
                    free(ids);
                    return -1;
                }
                tla__hsl_rgb((double)(id * 47 % 360), 0.65, 0.78, rgb);
                tla__svgf(
                    &w,
                    "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" stroke=\"#333\" "
                    "stroke-width=\"0.5\"/><text class=\"%s\" data-run=\"%lld\" data-r=\"%lld\" data-c=\"%lld\" "
                    "x=\"%lld\" y=\"%lld\">%lld</text>\n",
                    x0 + c * cs, (long long)((r + 1) * cs), cs, cs, rgb[0], rgb[1], rgb[2], side ? "dst" : "src",
                    (long long)id, (long long)r, (long long)c, x0 + c * cs + cs / 2,
                    (long long)((r + 1) * cs + cs / 2 + 3), (long long)off);
            }
    }
    free(ids);
    tla__svgf(&w, "</svg>\n");
    return w.bad ? tla__fail(err, -1, "svg: writing failed") : 0;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- LaTeX / TikZ */

TLA_API int tla_latex_layout(FILE *f, const tla_layout *L, const tla_svg_options *opt, tla_error *err)
#if TLA__BODIES
{
    tla__grid g;
    tla__svgw w;
    char title[512];
    int64_t r, c, k;
    if (tla__grid_make(&g, L, err) != 0) return -1;
    k = g.block;
    w.f = f, w.bad = 0;
    tla__svg_title(title, sizeof title, L);
    tla__svgf(&w,
              "\\documentclass[tikz]{standalone}\n\\begin{document}\n%% %s\n"
              "\\begin{tikzpicture}[x=0.5cm,y=-0.5cm,every node/.style={font=\\tiny}]\n",
              title);
    for (r = 0; r < g.rows; r += k)
        for (c = 0; c < g.cols; c += k) {
            int64_t off = 0;
            int rgb[3];
            if ((r >= g.orows || c >= g.ocols) && opt && !opt->show_padding) continue;
            if (tla__grid_offset(&g, r, c, &off, err) != 0) return -1;
            tla__cell_colour(&g, opt, r, c, off, rgb);
            tla__svgf(&w,
                      "\\definecolor{c}{RGB}{%d,%d,%d}\\filldraw[fill=c,draw=black!60] (%lld,%lld) rectangle +(1,1) "
                      "node[midway] {%lld};\n",
                      rgb[0], rgb[1], rgb[2], (long long)(c / k), (long long)(r / k), (long long)off);
        }
    for (r = 0; r < g.rows; r += k)
        tla__svgf(&w, "\\node at (-0.5,%lld.5) {%lld};\n", (long long)(r / k), (long long)r);
    for (c = 0; c < g.cols; c += k)
        tla__svgf(&w, "\\node at (%lld.5,-0.5) {%lld};\n", (long long)(c / k), (long long)c);
    if (opt && opt->has_tile && g.rank == 2) {
        int64_t r1 = opt->tile_coord[0] + opt->tile_extent[0], c1 = opt->tile_coord[1] + opt->tile_extent[1];
        r1 = r1 < g.rows ? r1 : g.rows, c1 = c1 < g.cols ? c1 : g.cols;
        if (opt->tile_coord[0] < r1 && opt->tile_coord[1] < c1)
            tla__svgf(&w, "\\draw[red,very thick] (%g,%g) rectangle (%g,%g);\n", (double)opt->tile_coord[1] / (double)k,
                      (double)opt->tile_coord[0] / (double)k, (double)c1 / (double)k, (double)r1 / (double)k);
    }
    tla__svgf(&w, "\\end{tikzpicture}\n\\end{document}\n");
    return w.bad ? tla__fail(err, -1, "latex: writing failed") : 0;
}
#endif
TLA__DECL

#endif
