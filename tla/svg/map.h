/* tla/svg/map.h - a picture of an XLA indexing map (tla/ixmap/map.h) over its domain.
 *
 *   tla_svg_map(f, &ctx, &m, err)   a map of one or two dimensions: one cell per point of
 *                                         the dimensions' intervals, showing the results there
 *
 * Cells outside the domain (a constraint fails) are grey and hatched; the others are coloured
 * by the first result (a hue over its range on the grid) and show every result, comma
 * separated, in a `<text class="map" data-r="d0" data-c="d1">`.  Range and runtime variables
 * are taken at their lower bounds (the picture says so).  Errors: no or more than two
 * dimensions, an unbounded or empty interval, more than TLA_SVG_MAX_CELLS points, a
 * division by zero, a failed write.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_ix_ctx c;  tla_ix_map m;  tla_error e;
 *   FILE *f = tmpfile();
 *   tla_ix_ctx_init(&c);
 *   if (!f || tla_ix_map_parse(&m, &c, "(d0, d1) -> (d0 * 4 + d1 floordiv 2, d1 mod 2), domain: d0 in [0, 3], "
 *                                  "d1 in [0, 5], d0 + d1 in [0, 6]", &e) != 0) return 1;
 *   if (tla_svg_map(f, &c, &m, &e) != 0) return 1;
 *   fclose(f);
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_SVG_MAP_H
#define TLA_SVG_MAP_H

#include "tla/svg/svg.h"
#include "tla/ixmap/map.h"

/* tla_svg_map(f, &ctx, &m, err) -> 0 or -1: the picture described at the top.
 * Example: see the top of this file.
 */
TLA_API int tla_svg_map(FILE *f, const tla_ix_ctx *c, const tla_ix_map *m, tla_error *err);

/* ---------------------------------------------------------------- internals */

TLA_API int tla_svg_map(FILE *f, const tla_ix_ctx *c, const tla_ix_map *m, tla_error *err)
#if TLA__BODIES
{
    tla__svgw w;
    int64_t dims[TLA_IX_MAX_VARS] = {0}, syms[TLA_IX_MAX_VARS] = {0}, out[TLA_IX_MAX_RES];
    int64_t r, col, rows, cols, lo0 = 0, lo1 = 0, vmin = 0, vmax = 0;
    int cs = TLA_SVG_CELL, k, pass, seen = 0;
    if (m->nd < 1 || m->nd > 2)
        return tla__fail(err, -1, "svg: a map picture takes one or two dimensions, not %d", m->nd);
    if (m->empty || m->undefined) return tla__fail(err, -1, "svg: the map's domain is empty or unknown");
    for (k = 0; k < m->nd; k++)
        if (m->dim[k].hi < m->dim[k].lo || m->dim[k].hi - m->dim[k].lo >= TLA_SVG_MAX_CELLS)
            return tla__fail(err, -1, "svg: dimension %d's interval [%lld, %lld] is empty or too large", k,
                             (long long)m->dim[k].lo, (long long)m->dim[k].hi);
    for (k = 0; k < m->nr + m->nt; k++) syms[k] = m->sym[k].lo;
    rows = m->nd == 2 ? m->dim[0].hi - m->dim[0].lo + 1 : 1;
    cols = m->dim[m->nd - 1].hi - m->dim[m->nd - 1].lo + 1;
    lo0 = m->nd == 2 ? m->dim[0].lo : 0, lo1 = m->dim[m->nd - 1].lo;
    if (rows > TLA_SVG_MAX_CELLS / cols)
        return tla__fail(err, -1, "svg: a map picture shows at most %d points", TLA_SVG_MAX_CELLS);
    w.f = f, w.bad = 0;
    /* pass 0: the range of the first result for the colours; pass 1: draw */
    for (pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            tla__svg_head(&w, (long long)(cols + 2) * cs, (long long)(rows + 2) * cs, "indexing map");
            if (m->nr + m->nt) tla__svgf(&w, "<!-- symbols at their lower bounds -->\n");
            for (r = 0; r < rows && m->nd == 2; r++)
                tla__svgf(&w, "<text class=\"idx\" x=\"%d\" y=\"%lld\">%lld</text>", cs / 2,
                          (long long)(r + 1) * cs + cs / 2 + 3, (long long)(lo0 + r));
            for (col = 0; col < cols; col++)
                tla__svgf(&w, "<text class=\"idx\" x=\"%lld\" y=\"%d\">%lld</text>", (long long)(col + 1) * cs + cs / 2,
                          cs - cs / 3, (long long)(lo1 + col));
            tla__svgf(&w, "\n");
        }
        for (r = 0; r < rows; r++)
            for (col = 0; col < cols; col++) {
                long long x = (long long)(col + 1) * cs, y = (long long)(r + 1) * cs;
                int rgb[3];
                if (m->nd == 2) dims[0] = lo0 + r;
                dims[m->nd - 1] = lo1 + col;
                if (!tla_ix_map_contains(c, m, dims, syms)) {
                    if (pass == 1)
                        tla__svgf(&w,
                                  "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"rgb(215,215,215)\"/>"
                                  "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"url(#tla-hatch)\"/>\n",
                                  x, y, cs, cs, x, y, cs, cs);
                    continue;
                }
                if (tla_ix_map_eval(c, m, dims, syms, out) != 0)
                    return tla__fail(err, -1, "svg: the map divides by zero at (%lld%s%lld)", (long long)dims[0],
                                     m->nd == 2 ? ", " : "", m->nd == 2 ? (long long)dims[1] : 0LL);
                if (pass == 0) {
                    if (m->nres && (!seen || out[0] < vmin)) vmin = out[0];
                    if (m->nres && (!seen || out[0] > vmax)) vmax = out[0];
                    seen = 1;
                    continue;
                }
                tla__hsl_rgb(m->nres && vmax > vmin ? 300.0 * (double)(out[0] - vmin) / (double)(vmax - vmin) : 0.0,
                             0.7, 0.8, rgb);
                tla__svgf(
                    &w,
                    "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" stroke=\"#333\" "
                    "stroke-width=\"0.5\"/><text class=\"map\" data-r=\"%lld\" data-c=\"%lld\" x=\"%lld\" y=\"%lld\">",
                    x, y, cs, cs, rgb[0], rgb[1], rgb[2], (long long)(m->nd == 2 ? dims[0] : 0),
                    (long long)dims[m->nd - 1], x + cs / 2, y + cs / 2 + 3);
                for (k = 0; k < m->nres; k++) tla__svgf(&w, "%s%lld", k ? "," : "", (long long)out[k]);
                tla__svgf(&w, "</text>\n");
            }
    }
    tla__svgf(&w, "</svg>\n");
    return w.bad ? tla__fail(err, -1, "svg: writing failed") : 0;
}
#endif
TLA__DECL

#endif
