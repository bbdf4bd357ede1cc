/* tla/svg/sparse.h - a picture of sparse storage (tla/sparse/storage.h): the matrix with its
 * stored entries, the dense blocks of a blocked encoding outlined, and under it the buffers
 * (positions and coordinates of every level, then the values), each stored entry in the same
 * colour in the matrix and in the values.
 *
 *   tla_svg_sparse(f, &enc, &st, err)   a rank-2 tensor's storage (batch 0 if batched)
 *
 * Each stored entry is a `<text class="nz" data-r="i" data-c="j" data-k="k">` (k: its index in
 * the values), so the picture can be read back; buffers show at most 64 entries each, then
 * "...".  Errors: a tensor of rank other than 2, more than TLA_SVG_MAX_CELLS cells, a failed
 * write.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_sparse_encoding enc;  tla_sparse_storage st;  tla_error e;
 *   static double mem[64];
 *   double m[4][6] = {{1, 2, 0, 0, 4, 0}, {0, 3, 0, 0, 0, 5}, {0, 0, 6, 7, 0, 0}, {0, 0, 8, 0, 0, 0}};
 *   int64_t dims[2] = {4, 6};
 *   FILE *f = tmpfile();
 *   if (!f || tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2"
 *                              " : compressed, i mod 2 : dense, j mod 2 : dense) }>", &e)) return 1;
 *   if (tla_sparse_pack(&st, mem, sizeof mem, &enc, 2, dims, &m[0][0], &e)) return 1;
 *   if (tla_svg_sparse(f, &enc, &st, &e) != 0) return 1;   // BSR: three 2 x 2 blocks
 *   fclose(f);
 */
#ifndef TLA_SVG_SPARSE_H
#define TLA_SVG_SPARSE_H

#include "tla/svg/svg.h"
#include "tla/sparse/storage.h"

/* tla_svg_sparse(f, &enc, &st, err) -> 0 or -1: the picture described at the top.
 *   enc is the encoding st was packed with (for the dense blocks it outlines).
 * Example: see the top of this file.
 */
TLA_API int tla_svg_sparse(FILE *f, const tla_sparse_encoding *enc, const tla_sparse_storage *st, tla_error *err);

/* ---------------------------------------------------------------- internals */

#define TLA__SVSP_SHOWN 64 /* buffer entries drawn per buffer */

/* Where each stored entry sits: entry[r * cols + c] = its index in the values (-1: none). */
typedef struct tla__svsp {
    int64_t cols, k, *entry;
    double *val;
} tla__svsp;

TLA_FUNC int tla__svsp_entry(void *ctx, const int64_t *lvl_crd, const int64_t *dim_crd, double v) {
    tla__svsp *x = (tla__svsp *)ctx;
    (void)lvl_crd;
    x->entry[dim_crd[0] * x->cols + dim_crd[1]] = x->k;
    x->val[dim_crd[0] * x->cols + dim_crd[1]] = v;
    x->k++;
    return 0;
}

/* The colour of stored entry k of n: a hue per entry. */
TLA_FUNC void tla__svsp_colour(int64_t k, int64_t n, int rgb[3]) {
    tla__hsl_rgb(300.0 * (double)k / (double)(n > 1 ? n : 1), 0.7, 0.78, rgb);
}

/* One buffer as a row of boxes at y: label, then at most TLA__SVSP_SHOWN values. */
TLA_FUNC void tla__svsp_buffer(tla__svgw *w, long long y, const char *label, int l, const tla_sparse_storage *st,
                               int kind, int64_t len) {
    int cs = TLA_SVG_CELL;
    int64_t i;
    tla__svgf(w, "<text x=\"%d\" y=\"%lld\" text-anchor=\"end\">%s[%d]</text>", 2 * cs - 4, y + cs / 2 + 3, label, l);
    for (i = 0; i < len && i < TLA__SVSP_SHOWN; i++) {
        int64_t v = kind ? tla_sparse_get_crd(st, l, 0, i) : tla_sparse_get_pos(st, l, 0, i);
        tla__svgf(w,
                  "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\" stroke=\"#333\" "
                  "stroke-width=\"0.5\"/><text class=\"%s\" x=\"%lld\" y=\"%lld\">%lld</text>",
                  (long long)(2 + i) * cs, y, cs, cs, kind ? "crd" : "pos", (long long)(2 + i) * cs + cs / 2,
                  y + cs / 2 + 3, (long long)v);
    }
    if (len > TLA__SVSP_SHOWN)
        tla__svgf(w, "<text x=\"%lld\" y=\"%lld\">...</text>", (long long)(2 + i) * cs + cs / 2, y + cs / 2 + 3);
    tla__svgf(w, "\n");
}

TLA_API int tla_svg_sparse(FILE *f, const tla_sparse_encoding *enc, const tla_sparse_storage *st, tla_error *err)
#if TLA__BODIES
{
    tla__svgw w;
    tla__svsp x;
    tla_layout block;
    int64_t rows, cols, r, c, i, brows = 1, bcols = 1, nbuf = 0, wide;
    int cs = TLA_SVG_CELL, l, rgb[3];
    long long y;
    if (st->dim_rank != 2)
        return tla__fail(err, -1, "svg: a sparse picture takes a rank-2 tensor, not rank %d", st->dim_rank);
    rows = st->dim_size[0], cols = st->dim_size[1];
    if (rows < 0 || cols < 0 || (cols && rows > TLA_SVG_MAX_CELLS / cols))
        return tla__fail(err, -1, "svg: a sparse picture shows at most %d cells", TLA_SVG_MAX_CELLS);
    x.cols = cols, x.k = 0;
    x.entry = (int64_t *)malloc((size_t)(rows * cols + 1) * sizeof(int64_t));
    x.val = (double *)malloc((size_t)(rows * cols + 1) * sizeof(double));
    if (!x.entry || !x.val) {
        free(x.entry), free(x.val);
        return tla__fail(err, -1, "svg: out of memory");
    }
    for (i = 0; i < rows * cols; i++) x.entry[i] = -1;
    if (tla_sparse_foreach(st, tla__svsp_entry, &x, err) != 0) {
        free(x.entry), free(x.val);
        return -1;
    }
    if (tla_sparse_block_layout(&block, enc, NULL) == 0 && tla_layout_rank(&block) == 2) {
        brows = block.shape.val[0], bcols = block.shape.val[1];
    }
    wide = cols > st->nse ? cols : st->nse;
    for (l = 0; l < st->lvl_rank; l++) {
        nbuf += (st->pos_len[l] > 0) + (st->crd_len[l] > 0);
        wide = st->pos_len[l] > wide ? st->pos_len[l] : wide;
        wide = st->crd_len[l] > wide ? st->crd_len[l] : wide;
    }
    wide = wide > TLA__SVSP_SHOWN ? TLA__SVSP_SHOWN + 1 : wide;
    w.f = f, w.bad = 0;
    tla__svg_head(&w, (long long)(3 + (cols > wide ? cols : wide)) * cs, (long long)(rows + nbuf + 4) * cs,
                  "sparse storage");
    tla__svgf(&w, "<!-- %lld stored entries%s -->\n", (long long)x.k, st->nbatch > 1 ? " (batch 0 of several)" : "");
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            int64_t k = x.entry[r * cols + c];
            long long px = (long long)(2 + c) * cs, py = (long long)(1 + r) * cs;
            if (k < 0) {
                tla__svgf(&w,
                          "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"#fff\" stroke=\"#bbb\" "
                          "stroke-width=\"0.5\"/>\n",
                          px, py, cs, cs);
                continue;
            }
            tla__svsp_colour(k, x.k, rgb);
            tla__svgf(&w,
                      "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" stroke=\"#333\" "
                      "stroke-width=\"0.5\"/><text class=\"nz\" data-r=\"%lld\" data-c=\"%lld\" data-k=\"%lld\" "
                      "x=\"%lld\" y=\"%lld\">%g</text>\n",
                      px, py, cs, cs, rgb[0], rgb[1], rgb[2], (long long)r, (long long)c, (long long)k, px + cs / 2,
                      py + cs / 2 + 3, x.val[r * cols + c]);
        }
    if (brows > 1 || bcols > 1) { /* the dense blocks of a blocked encoding */
        tla__svgf(&w, "<g stroke=\"#000\" stroke-width=\"1.5\">");
        for (r = 0; r <= rows; r += brows)
            tla__svgf(&w, "<line x1=\"%d\" y1=\"%lld\" x2=\"%lld\" y2=\"%lld\"/>", 2 * cs, (long long)(1 + r) * cs,
                      (long long)(2 + cols) * cs, (long long)(1 + r) * cs);
        for (c = 0; c <= cols; c += bcols)
            tla__svgf(&w, "<line x1=\"%lld\" y1=\"%d\" x2=\"%lld\" y2=\"%lld\"/>", (long long)(2 + c) * cs, cs,
                      (long long)(2 + c) * cs, (long long)(1 + rows) * cs);
        tla__svgf(&w, "</g>\n");
    }
    y = (long long)(rows + 2) * cs;
    for (l = 0; l < st->lvl_rank; l++) {
        if (st->pos_len[l] > 0) tla__svsp_buffer(&w, y, "pos", l, st, 0, st->pos_len[l]), y += cs;
        if (st->crd_len[l] > 0) tla__svsp_buffer(&w, y, "crd", l, st, 1, st->crd_len[l]), y += cs;
    }
    tla__svgf(&w, "<text x=\"%d\" y=\"%lld\" text-anchor=\"end\">values</text>", 2 * cs - 4, y + cs / 2 + 3);
    for (i = 0; i < st->nse && i < TLA__SVSP_SHOWN; i++) {
        tla__svsp_colour(i, x.k, rgb);
        tla__svgf(&w,
                  "<rect x=\"%lld\" y=\"%lld\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" stroke=\"#333\" "
                  "stroke-width=\"0.5\"/><text class=\"val\" x=\"%lld\" y=\"%lld\">%g</text>",
                  (long long)(2 + i) * cs, y, cs, cs, rgb[0], rgb[1], rgb[2], (long long)(2 + i) * cs + cs / 2,
                  y + cs / 2 + 3, st->values[i]);
    }
    if (st->nse > TLA__SVSP_SHOWN)
        tla__svgf(&w, "<text x=\"%lld\" y=\"%lld\">...</text>", (long long)(2 + i) * cs + cs / 2, y + cs / 2 + 3);
    tla__svgf(&w, "\n</svg>\n");
    free(x.entry), free(x.val);
    return w.bad ? tla__fail(err, -1, "svg: writing failed") : 0;
}
#endif
TLA__DECL

#endif
