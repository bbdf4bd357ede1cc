/* tla/rt/print.h - print tuples and layouts as text, and layouts as grids.
 *
 * Tuples print as `(4,(2,_3))` (static integers with `_`, a rank-1 tuple as
 * `(6)`, an integer as `6`), layouts as `Shape:Stride`, with no spaces.  A
 * rank-2 layout also prints as a grid exactly like CuTe's print_layout.
 * tla_layout_snprint and tla_layout_fprint print Shape:Stride alone, the text
 * tla_layout_parse reads back.  The grids (and tla_print / tla_snprint,
 * static/query.h) add ` origin (r,c)` to the line when the originShape differs
 * from the modes' sizes (a padded format, a tail tile, an XLA shape's logical
 * extent), and end each padding cell of the grid in '*' instead of a space.
 * The snprint functions work like snprintf: they return the full length,
 * write at most n bytes including the NUL, and accept buf == NULL when n == 0.
 * The text buffer they write through (tla__out) is the one tla.h's printers share: XLA
 * shapes, indexing maps (tla_ix_buf) and sparse encodings print through it too.
 *
 *   char buf[64];
 *   tla_layout_snprint(buf, sizeof buf, &L);     // "((4,2),(4,3)):((4,16),(1,32))"
 *   tla_layout_fprint_grid(stdout, &L);          // the line, then the table
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout L;  tla_error e;  char buf[64];
 *   tla_layout_parse(&L, "((4,2),(4,3)):((4,16),(1,32))", &e);
 *   tla_layout_snprint(buf, sizeof buf, &L);
 *   if (strcmp(buf, "((4,2),(4,3)):((4,16),(1,32))") != 0) return 1;
 *   tla_layout_fprint_grid(stdout, &L);                      // the line, then CuTe's print_layout table
 *   tla_layout_format(&L, TLA_ZN, 2, 20, 20, &e);            // 32 x 32 in fractals, 20 x 20 of data
 *   tla_layout_snprint_grid(buf, sizeof buf, &L);            // the grid's first line (cut to fit)
 *   if (strncmp(buf, "((_16,2),(_16,2)):((_16,_256),(_1,512)) origin (20,20)\n", 55) != 0) return 1;
 */
#ifndef TLA_PRINT_H
#define TLA_PRINT_H

#include <stdio.h>
#include <stdlib.h>
#include "tla/base.h"
#include "tla/rt/types.h"
#include "tla/rt/layout.h"

/* tla_tuple_snprint(buf, n, &t), tla_layout_snprint(buf, n, &L), tla_layout_snprint_grid(buf, n, &L) -> the full
 *   length (snprintf rules); tla_tuple_fprint, tla_layout_fprint, tla_layout_fprint_grid(FILE *, ...) -> 0, or -1 on
 *   a write error (the grid: also when an offset overflows int64)
 * Example:
 *   tla_layout L;  tla_error e;  char buf[8];
 *   tla_layout_parse(&L, "(2,3):(3,_1)", &e);
 *   if (tla_layout_snprint(buf, sizeof buf, &L) != 12 || strcmp(buf, "(2,3):(") != 0) return 1;   // cut, terminated
 *   tla_layout_fprint_grid(stdout, &L);
 */
TLA_FUNC int tla_tuple_snprint(char *buf, size_t n, const tla_tuple *t);
TLA_API int tla_layout_snprint(char *buf, size_t n, const tla_layout *L);

/* The layout line, then for rank-2 layouts the grid.  Returns the full
 * length, or -1 if an offset would not fit in int64 (then only the line is
 * written).  The grid has size(L) cells: mind huge layouts. */
TLA_API int tla_layout_snprint_grid(char *buf, size_t n, const tla_layout *L);
TLA_FUNC int tla_tuple_fprint(FILE *f, const tla_tuple *t);
TLA_API int tla_layout_fprint(FILE *f, const tla_layout *L);

/* tla_layout_snprint_grid to a FILE, streamed; 0 on success, -1 on error. */
TLA_API int tla_layout_fprint_grid(FILE *f, const tla_layout *L);

/* ---------------------------------------------------------------- internals */

/* The text buffer of tla.h's printers.  Three destinations:
 *   a caller's array (tla__out_array; snprintf rules: every byte is counted in len, those
 *     that fit are stored, always NUL-terminated when cap > 0; s may be NULL when cap is 0),
 *   a FILE (f set: bytes go there, len counts them),
 *   a growing malloc'ed string (all zero to start, as tla_ix_buf = {0}; free s when done;
 *     failed is set and nothing more is stored once memory runs out). */
typedef struct tla__out {
    char *s;
    size_t cap; /* bytes s holds, NUL included */
    size_t len; /* bytes produced so far */
    FILE *f;
    int fixed; /* s is the caller's array of cap bytes */
    int failed;
} tla__out;

TLA_FUNC tla__out tla__out_array(char *buf, size_t n) {
    tla__out o = {NULL, 0, 0, NULL, 1, 0};
    o.s = buf, o.cap = n;
    return o;
}
TLA_FUNC tla__out tla__out_file(FILE *f) {
    tla__out o = {NULL, 0, 0, NULL, 0, 0};
    o.f = f;
    return o;
}

TLA_FUNC void tla__put(tla__out *o, const char *s, size_t k) {
    size_t fit;
    if (o->f) {
        fwrite(s, 1, k, o->f);
        o->len += k;
        return;
    }
    if (!o->fixed && (o->failed || o->len + k + 1 > o->cap)) {
        size_t cap = o->cap ? o->cap : 256;
        char *p;
        if (o->failed) return;
        while (cap < o->len + k + 1) cap *= 2;
        if (!(p = (char *)realloc(o->s, cap))) {
            o->failed = 1;
            return;
        }
        o->s = p, o->cap = cap;
    }
    fit = o->len + 1 >= o->cap ? 0 : o->cap - 1 - o->len < k ? o->cap - 1 - o->len : k;
    if (fit) memcpy(o->s + o->len, s, fit);
    if (o->cap) o->s[o->len + fit < o->cap ? o->len + fit : o->cap - 1] = '\0';
    o->len += k;
}

TLA_FUNC void tla__puts(tla__out *o, const char *s) { tla__put(o, s, strlen(s)); }

/* printf into the buffer (sb: string buffer). */
TLA_FUNC TLA__PRINTF(2, 3) void tla__sb(tla__out *o, const char *fmt, ...) {
    char t[256], *p = t;
    va_list ap;
    int k;
    va_start(ap, fmt);
    k = vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    if ((size_t)k >= sizeof t) { /* rare: a long name */
        if (!(p = (char *)malloc((size_t)k + 1))) {
            o->failed = 1;
            return;
        }
        va_start(ap, fmt);
        vsnprintf(p, (size_t)k + 1, fmt, ap);
        va_end(ap);
    }
    tla__put(o, p, (size_t)k);
    if (p != t) free(p);
}

/* v in decimal, right-aligned in width columns. */
TLA_FUNC void tla__put_int(tla__out *o, long long v, int width) {
    char b[24];
    int k = snprintf(b, sizeof b, "%lld", v);
    for (; width > k; width--) tla__puts(o, " ");
    tla__put(o, b, (size_t)k);
}

/* An array's text is terminated (even when empty); the length it needed (snprintf's result). */
TLA_FUNC int tla__out_end(tla__out *o) {
    if (o->fixed && o->cap > 0) o->s[o->len < o->cap ? o->len : o->cap - 1] = '\0';
    return o->len > (size_t)INT_MAX ? INT_MAX : (int)o->len;
}

TLA_FUNC void tla__put_tuple(tla__out *o, const tla_tuple *t) {
    int i, leaf = 0, prev = -1;
    for (i = 0; i < t->ntok; i++) {
        int k = t->tok[i];
        /* A comma goes between two elements: before a value or '(' that follows one. */
        if (k != TLA_TOK_CLOSE && (prev == TLA_TOK_LEAF || prev == TLA_TOK_CLOSE)) tla__puts(o, ",");
        if (k == TLA_TOK_OPEN)
            tla__puts(o, "(");
        else if (k == TLA_TOK_CLOSE)
            tla__puts(o, ")");
        else {
            if (tla_tuple_is_static(t, leaf)) tla__puts(o, "_");
            tla__put_int(o, (long long)t->val[leaf], 0);
            leaf++;
        }
        prev = k;
    }
}

TLA_FUNC int tla_tuple_snprint(char *buf, size_t n, const tla_tuple *t) {
    tla__out o = tla__out_array(buf, n);
    tla__put_tuple(&o, t);
    return tla__out_end(&o);
}

/* Shape:Stride, the text tla_layout_parse reads back. */
TLA_FUNC void tla__put_layout(tla__out *o, const tla_layout *L) {
    tla__put_tuple(o, &L->shape);
    tla__puts(o, ":");
    tla__put_tuple(o, &L->stride);
}

TLA_API int tla_layout_snprint(char *buf, size_t n, const tla_layout *L)
#if TLA__BODIES
{
    tla__out o = tla__out_array(buf, n);
    tla__put_layout(&o, L);
    return tla__out_end(&o);
}
#endif
TLA__DECL

/* Decimal digits of v (with '-' for negatives), as num_digits in CuTe. */
TLA_FUNC int tla__num_width(int64_t v) {
    int w = v < 0 ? 2 : 1;
    while (v >= 10 || v <= -10) {
        v /= 10;
        w++;
    }
    return w;
}

/* Does L's originShape differ from the sizes of its top-level modes (a padded format, a tail
 * tile, an XLA shape's logical extent)?  Only then do the printers below show it. */
TLA_FUNC int tla__origin_differs(const tla_layout *L) {
    int k, r = tla_layout_rank(L);
    tla_tuple m;
    int64_t sz = 0;
    if (!L->has_origin) return 0;
    for (k = 0; k < r; k++)
        if (tla__elem(&L->shape, k, &m) != 0 || tla_tuple_size(&sz, &m, NULL) != 0 || sz != L->origin[k]) return 1;
    return 0;
}

/* The layout's line: Shape:Stride, then " origin (r,c)" when the originShape differs from the
 * modes' sizes (an integer for an integer layout, as its shape), then " at (i,j)" for a tile's
 * coordinate inside its parent (at: NULL for none). */
TLA_FUNC void tla__put_layout_line(tla__out *o, const tla_layout *L, const tla_tuple *at) {
    int k, r = tla_layout_rank(L);
    tla__put_layout(o, L);
    if (tla__origin_differs(L)) {
        int is_int = tla_tuple_is_int(&L->shape);
        tla__puts(o, is_int ? " origin " : " origin (");
        for (k = 0; k < r; k++) {
            if (k) tla__puts(o, ",");
            tla__put_int(o, (long long)L->origin[k], 0);
        }
        if (!is_int) tla__puts(o, ")");
    }
    if (at) {
        tla__puts(o, " at ");
        tla__put_tuple(o, at);
    }
}

/* Offset of cell (m, n) of a rank-2 layout, the cell shifted by a tile's coordinate at (or
 * NULL): a tile keeps its parent's strides, so L(at + c) is the parent's offset, as the static
 * tile's crd2offset gives. */
TLA_FUNC int tla__cell_offset(const tla_layout *L, const tla_tuple *at, int64_t m, int64_t n, int64_t *off,
                              tla_error *err) {
    tla_tuple c, parts[2];
    if (at && (tla__add64(m, at->val[0], &m) != 0 || tla__add64(n, at->val[1], &n) != 0))
        return tla__fail(err, -1, "crd2offset: the tile's coordinate overflows int64");
    parts[0] = tla_tuple_leaf(m, 0);
    parts[1] = tla_tuple_leaf(n, 0);
    if (tla_tuple_join(&c, 2, parts, err) != 0) return -1;
    return tla_layout_crd2offset(off, L, &c, err);
}

/* The grid of a rank-2 layout, as CuTe's print_layout: cell width is the
 * digits of cosize (widened for negative offsets) plus 2, row m / column n
 * holds L(m, n) with m, n the 1-D indices of each (possibly nested) mode.
 * A cell beyond the originShape (padding) ends in '*' instead of a space, and
 * a line under the grid says so: without padding the grid is CuTe's exactly.
 * A tile's cells (at: its coordinate) hold the parent's offsets, L(at + c).
 * Checks first that no offset can overflow, so it fails before writing. */
TLA_FUNC int tla__put_grid(tla__out *o, const tla_layout *L, const tla_tuple *at) {
    tla_tuple s0, s1;
    int64_t rows = 0, cols = 0, cos = 0, lo = 0, m, n, off = 0, term = 0, orows, ocols;
    int i, w, k, padded = 0;
    if (tla__elem(&L->shape, 0, &s0) != 0 || tla__elem(&L->shape, 1, &s1) != 0) return -1;
    if (tla_tuple_size(&rows, &s0, NULL) != 0 || tla_tuple_size(&cols, &s1, NULL) != 0) return -1;
    if (tla_layout_cosize(&cos, L, NULL) != 0) return -1;
    orows = L->has_origin ? L->origin[0] : rows, ocols = L->has_origin ? L->origin[1] : cols;
    /* The smallest offset, to make room for a '-' sign.  With it and cosize
     * in range, every partial sum of every offset is in range too. */
    for (i = 0; i < L->shape.nleaf && rows > 0 && cols > 0; i++)
        if (tla__mul64(L->shape.val[i] - 1, L->stride.val[i], &term) != 0
            || (term < 0 && tla__add64(lo, term, &lo) != 0))
            return -1;
    if (at) { /* a tile: its parent's offsets, each computed (and checked) before writing */
        cos = 0;
        for (m = 0; m < rows; m++)
            for (n = 0; n < cols; n++) {
                if (tla__cell_offset(L, at, m, n, &off, NULL) != 0 || off == INT64_MAX) return -1;
                cos = off + 1 > cos ? off + 1 : cos, lo = off < lo ? off : lo;
            }
    }
    w = tla__num_width(cos);
    if (tla__num_width(lo) > w) w = tla__num_width(lo);
    tla__puts(o, "    ");
    for (n = 0; n < cols; n++) {
        tla__puts(o, "  ");
        tla__put_int(o, n, w);
        tla__puts(o, " ");
    }
    tla__puts(o, "\n");
    for (m = 0; m <= rows; m++) {
        tla__puts(o, "    ");
        for (n = 0; n < cols; n++) {
            tla__puts(o, "+");
            for (k = 0; k < w + 2; k++) tla__puts(o, "-");
        }
        tla__puts(o, "+\n");
        if (m == rows) break;
        tla__put_int(o, m, 2);
        tla__puts(o, "  ");
        for (n = 0; n < cols; n++) {
            int pad = m >= orows || n >= ocols;
            if (tla__cell_offset(L, at, m, n, &off, NULL) != 0) return -1;
            tla__puts(o, "| ");
            tla__put_int(o, off, w);
            tla__puts(o, pad ? "*" : " ");
            padded |= pad;
        }
        tla__puts(o, "|\n");
    }
    if (padded) tla__puts(o, "    (* padding: beyond the originShape)\n");
    return 0;
}

/* The layout line; then, for rank-2 layouts, the grid. */
TLA_FUNC int tla__put_layout_grid(tla__out *o, const tla_layout *L, const tla_tuple *at) {
    tla__put_layout_line(o, L, at);
    tla__puts(o, "\n");
    if (tla_layout_rank(L) == 2 && !tla_tuple_is_int(&L->shape)) return tla__put_grid(o, L, at);
    return 0;
}

/* A layout to f (when not NULL) or into buf, snprintf-style: its line (grid: and its grid) with
 * the tile coordinate at (or NULL).  f: 0 or -1; buf: the full length, or -1 when an offset of
 * the grid overflows. */
TLA_FUNC int tla__print_layout(FILE *f, char *buf, size_t n, const tla_layout *L, int grid, const tla_tuple *at) {
    tla__out o = f ? tla__out_file(f) : tla__out_array(buf, n);
    int rc = 0, len;
    if (grid)
        rc = tla__put_layout_grid(&o, L, at);
    else
        tla__put_layout_line(&o, L, at);
    if (f) return rc != 0 || ferror(f) ? -1 : 0;
    len = tla__out_end(&o);
    return rc != 0 ? -1 : len;
}

TLA_API int tla_layout_snprint_grid(char *buf, size_t n, const tla_layout *L)
#if TLA__BODIES
{
    return tla__print_layout(NULL, buf, n, L, 1, NULL);
}
#endif
TLA__DECL

TLA_FUNC int tla_tuple_fprint(FILE *f, const tla_tuple *t) {
    tla__out o = tla__out_file(f);
    tla__put_tuple(&o, t);
    return ferror(f) ? -1 : 0;
}

TLA_API int tla_layout_fprint(FILE *f, const tla_layout *L)
#if TLA__BODIES
{
    tla__out o = tla__out_file(f);
    tla__put_layout(&o, L);
    return ferror(f) ? -1 : 0;
}
#endif
TLA__DECL

TLA_API int tla_layout_fprint_grid(FILE *f, const tla_layout *L)
#if TLA__BODIES
{
    return tla__print_layout(f, NULL, 0, L, 1, NULL);
}
#endif
TLA__DECL

#endif
