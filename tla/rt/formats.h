/* tla/rt/formats.h - run-time Ascend formats and tiles.
 *
 * The Ascend cube core keeps matrices in 16 x C0 fractals (512 bytes); this
 * file builds their layouts and cuts tiles out of them.
 *
 * A 32x48 half zN matrix is ((_16,2),(_16,3)):((_16,_256),(_1,512)) with originShape (32,48);
 * its (16,16) tile at (16,32) is ((_16,1),(_16,1)):((_16,_256),(_1,512)), originShape (16,16),
 * starting at offset L(16,32) = 1*256 + 2*512 = 1280 (the example below checks it).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout L, T;  tla_tuple tile, crd;  tla_error e;  int64_t off = 0;
 *   tla_layout_format(&L, TLA_ZN, 2, 32, 48, &e);          // ((_16,2),(_16,3)):((_16,_256),(_1,512))
 *   tla_tuple_parse(&tile, "(16,16)", &e);
 *   tla_tuple_parse(&crd, "(16,32)", &e);
 *   if (tla_layout_get_tile(&T, &off, &L, &tile, &crd, &e) != 0 || off != 1 * 256 + 2 * 512) return 1;
 */
#ifndef TLA_RT_FORMATS_H
#define TLA_RT_FORMATS_H

#include "tla/rt/layout.h"

enum tla_format { TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_ZN, TLA_ZZ, TLA_NZ, TLA_NN, TLA_L0C, TLA_VECTOR };

/* Flags for tla_layout_format_ex: which of rows / cols are static. */
enum { TLA_ROWS_STATIC = 1, TLA_COLS_STATIC = 2 };

/* tla_layout_format(&L, format, elem_bytes, rows, cols, err), tla_layout_format_ex(..., flags, err) -> 0 or -1;
 *   tla_format_from_name(name, &format), tla_elem_bytes(type name) -> bytes or -1
 *   Errors: "format: element size ... (1, 2 or 4 bytes)", negative rows or cols, overflow.
 * Example:
 *   tla_layout L;  tla_error e;  enum tla_format f;  char buf[64];
 *   if (tla_format_from_name("nZ", &f) != 0 || tla_elem_bytes("half") != 2) return 1;
 *   if (tla_layout_format(&L, f, 2, 32, 48, &e) != 0) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &L);
 *   if (strcmp(buf, "((_16,2),(_16,3)):((_1,768),(_16,_256))") != 0) return 1;
 *   if (tla_layout_format(&L, TLA_ZN, 3, 32, 48, &e) == 0) return 1;   // 3-byte elements: an error
 */
/* "row_major", "RowMajor", "column_major", "ColumnMajor", "zN", "zZ", "nZ",
 * "nN", "l0c", "L0C", "vector", "Vector".  0 on success, -1 if unknown. */
TLA_API int tla_format_from_name(const char *name, enum tla_format *out);

/* Bytes of an element type name (TLA and XLA spellings, e8m0 for MX scales), -1 if unknown
 * (4-bit names: tla_elem_bits, rt/formats_ext.h). */
TLA_API int tla_elem_bytes(const char *name);

/* The layout of a rows x cols matrix (or a vector of `rows` elements) in
 * format f, for elements of elem_bytes bytes (1, 2 or 4; only the fractal
 * formats zN zZ nZ nN use it).  Fractal sizes are static; counts and the big
 * strides are static only when the rows / cols they come from are (flags
 * TLA_ROWS_STATIC, TLA_COLS_STATIC).  originShape is set to (rows, cols).
 * 4-bit elements: tla_layout_format_bits (rt/formats_ext.h). */
TLA_FUNC int tla_layout_format_ex(tla_layout *out, enum tla_format f, int elem_bytes, int64_t rows, int64_t cols,
                                  int static_flags, tla_error *err);

/* tla_layout_format_ex with dynamic rows and cols. */
TLA_FUNC int tla_layout_format(tla_layout *out, enum tla_format f, int elem_bytes, int64_t rows, int64_t cols,
                               tla_error *err);

/* ---------------------------------------------------------------- tiles */

/* MakeLayoutTile: change the shape to cover a tile, keep the stride.  Mode by
 * mode: an integer mode becomes the tile extent t; a fractal mode (r0,n)
 * becomes (r0, ceil(t/r0)), r0 keeping its static marker, the count dynamic.
 * Covers the depth-1 layouts and the rank-2 fractal ((r0,_),(c0,_)) ones.
 * originShape becomes the tile shape when it differs from the mode sizes. */
TLA_FUNC int tla_layout_make_tile(tla_layout *out, const tla_layout *L, const tla_tuple *tile_shape, tla_error *err);

/* GetTile: the tile of shape tile_shape at element coordinate coord (one
 * integer per top-level mode).  Its layout is make_layout_tile's, its
 * originShape min(tile, origin - coord) per mode, and *offset is where it
 * starts: crd2offset(coord).  coord must lie in [0, origin] in every mode.
 * Tile element c is at L(coord + c) = out(coord + c) (the layouts agree on
 * every coordinate inside L).  That equals *offset + out(c) only when coord
 * starts on a boundary of every mode (a fractal, for the Ascend formats):
 * for a zN tile at (0,8) it does not.  tla_tensor_tile does the right thing. */
TLA_FUNC int tla_layout_get_tile(tla_layout *out, int64_t *offset, const tla_layout *L, const tla_tuple *tile_shape,
                                 const tla_tuple *coord, tla_error *err);

/* Is L the layout of format f for elements of elem_bytes (1, 2 or 4) bytes?  Run-time form of
 * tla_is_zN and friends (static/formats.h), by CATLASS's definitions (detail::iszN ...): the structure
 * and the fractal leaves, not the counts (so a zZ of one fractal column is also a zN, as in
 * CATLASS).  TLA_L0C is recognised as zN with C0 = 16; elem_bytes is ignored for the plain
 * formats.  tla_layout_is_format_bits takes the element size in bits (4 for int4 / fp4: C0 = 64). */
TLA_FUNC int tla_layout_is_format_bits(const tla_layout *L, enum tla_format f, int elem_bits);
TLA_API int tla_layout_is_format(const tla_layout *L, enum tla_format f, int elem_bytes);

/* tla_layout_is_zN_unalign(&L, elem_bytes) -> 1 or 0: CATLASS's iszNUnAlign at run time (a zN
 *   whose row mode ((m,1)) is not padded to fractals); static layouts: tla_is_zN_unalign.
 *   tla_layout_is_zN_unalign_bits takes the element size in bits.
 * Example:
 *   tla_layout L;  tla_error e;
 *   tla_layout_parse(&L, "((127,1),(16,16)):((16,2048),(1,2032))", &e);
 *   if (!tla_layout_is_zN_unalign(&L, 2) || tla_layout_is_format(&L, TLA_ZN, 2)) return 1;
 */
TLA_FUNC int tla_layout_is_zN_unalign_bits(const tla_layout *L, int elem_bits);
TLA_API int tla_layout_is_zN_unalign(const tla_layout *L, int elem_bytes);

/* ---------------------------------------------------------------- internals */

TLA_API int tla_format_from_name(const char *name, enum tla_format *out)
#if TLA__BODIES
{
    static const struct {
        const char *name;
        enum tla_format f;
    } names[] = {
        {"row_major", TLA_ROW_MAJOR},
        {"RowMajor", TLA_ROW_MAJOR},
        {"column_major", TLA_COLUMN_MAJOR},
        {"ColumnMajor", TLA_COLUMN_MAJOR},
        {"zN", TLA_ZN},
        {"zZ", TLA_ZZ},
        {"nZ", TLA_NZ},
        {"nN", TLA_NN},
        {"l0c", TLA_L0C},
        {"L0C", TLA_L0C},
        {"vector", TLA_VECTOR},
        {"Vector", TLA_VECTOR},
    };
    size_t i;
    for (i = 0; name && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) {
            *out = names[i].f;
            return 0;
        }
    return -1;
}
#endif
TLA__DECL

TLA_API int tla_elem_bytes(const char *name)
#if TLA__BODIES
{
    static const struct {
        const char *name;
        int bytes;
    } names[] = {
        {"half", 2}, {"bf16", 2}, {"float", 4}, {"int8", 1}, {"int32", 4},
        {"f16", 2},  {"f32", 4},  {"s8", 1},    {"s32", 4},  {"e8m0", 1},
    };
    size_t i;
    for (i = 0; name && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) return names[i].bytes;
    return -1;
}
#endif
TLA__DECL

/* Fill t with the tokens of ((v0,v1),(v2,v3)); bit i of stat marks v_i static. */
TLA_FUNC void tla__fractal_tuple(tla_tuple *t, const int64_t v[4], unsigned stat) {
    static const signed char toks[10] = {TLA_TOK_OPEN, TLA_TOK_OPEN, TLA_TOK_LEAF, TLA_TOK_LEAF,  TLA_TOK_CLOSE,
                                         TLA_TOK_OPEN, TLA_TOK_LEAF, TLA_TOK_LEAF, TLA_TOK_CLOSE, TLA_TOK_CLOSE};
    int i;
    tla__tuple_clear(t);
    for (i = 0; i < 10; i++) t->tok[i] = toks[i];
    for (i = 0; i < 4; i++) t->val[i] = v[i];
    t->ntok = 10;
    t->nleaf = 4;
    t->stat = stat;
}

/* Fill t with (v0) when n == 1, or (v0,v1) when n == 2. */
TLA_FUNC void tla__flat_tuple(tla_tuple *t, int n, const int64_t *v, unsigned stat) {
    int i;
    tla__tuple_clear(t);
    t->tok[t->ntok++] = TLA_TOK_OPEN;
    for (i = 0; i < n; i++) {
        t->tok[t->ntok++] = TLA_TOK_LEAF;
        t->val[t->nleaf++] = v[i];
    }
    t->tok[t->ntok++] = TLA_TOK_CLOSE;
    t->stat = stat;
}

/* The body of tla_layout_format_ex for fractals of 16 x c0 (or c0 x 16) elements, frac =
 * 16 * c0 (elements of any width: rt/formats_ext.h uses it for 4-bit elements, Weight4BitnZ and
 * the MX scales).  L0C ignores c0 and frac. */
TLA_FUNC int tla__layout_format_c0(tla_layout *out, enum tla_format f, int64_t c0, int64_t frac, int64_t rows,
                                   int64_t cols, int static_flags, tla_error *err) {
    unsigned rs = (static_flags & TLA_ROWS_STATIC) ? 1u : 0u, cs = (static_flags & TLA_COLS_STATIC) ? 1u : 0u;
    int64_t big = 0, sv[4], dv[4];
    unsigned sst = 0, dst = 0;
    tla_tuple s, d;
    tla_layout r;
    if (rows < 0 || cols < 0)
        return tla__fail(err, -1, "format: rows and cols must be >= 0 (got %lld x %lld)", (long long)rows,
                         (long long)cols);
    if (f == TLA_L0C) c0 = TLA_L0C_C0, frac = TLA_L0C_FRACTAL;
    switch (f) {
    case TLA_ROW_MAJOR:
    case TLA_COLUMN_MAJOR:
        sv[0] = rows;
        sv[1] = cols;
        dv[0] = f == TLA_ROW_MAJOR ? cols : 1;
        dv[1] = f == TLA_ROW_MAJOR ? 1 : rows;
        tla__flat_tuple(&s, 2, sv, rs | cs << 1);
        tla__flat_tuple(&d, 2, dv, f == TLA_ROW_MAJOR ? (cs | 2u) : (1u | rs << 1));
        break;
    case TLA_VECTOR:
        sv[0] = rows;
        dv[0] = 1;
        tla__flat_tuple(&s, 1, sv, rs);
        tla__flat_tuple(&d, 1, dv, 1u);
        break;
    case TLA_ZN: /* ((16,r),(C0,c)) : ((C0,FRACTAL),(1,roundup(rows,16)*C0)) */
    case TLA_ZZ: /* ((16,r),(C0,c)) : ((C0,roundup(cols,C0)*16),(1,FRACTAL)) */
    case TLA_L0C: /* zN with C0 = 16 */
        sv[0] = TLA_FRACTAL_ROWS;
        sv[1] = tla_ceil_div(rows, TLA_FRACTAL_ROWS);
        sv[2] = c0;
        sv[3] = tla_ceil_div(cols, c0);
        sst = 1u | rs << 1 | 4u | cs << 3;
        if (f == TLA_ZZ) {
            if (tla__mul64(sv[3], c0 * TLA_FRACTAL_ROWS, &big) != 0) goto overflow;
            dv[0] = c0, dv[1] = big, dv[2] = 1, dv[3] = frac;
            dst = 1u | cs << 1 | 4u | 8u;
        } else {
            if (tla__mul64(sv[1], TLA_FRACTAL_ROWS * c0, &big) != 0) goto overflow;
            dv[0] = c0, dv[1] = frac, dv[2] = 1, dv[3] = big;
            dst = 1u | 2u | 4u | rs << 3;
        }
        tla__fractal_tuple(&s, sv, sst);
        tla__fractal_tuple(&d, dv, dst);
        break;
    case TLA_NZ: /* ((C0,r),(16,c)) : ((1,roundup(cols,16)*C0),(C0,FRACTAL)) */
    case TLA_NN: /* ((C0,r),(16,c)) : ((1,FRACTAL),(C0,roundup(rows,C0)*16)) */
        sv[0] = c0;
        sv[1] = tla_ceil_div(rows, c0);
        sv[2] = TLA_FRACTAL_ROWS;
        sv[3] = tla_ceil_div(cols, TLA_FRACTAL_ROWS);
        sst = 1u | rs << 1 | 4u | cs << 3;
        if (f == TLA_NZ) {
            if (tla__mul64(sv[3], TLA_FRACTAL_ROWS * c0, &big) != 0) goto overflow;
            dv[0] = 1, dv[1] = big, dv[2] = c0, dv[3] = frac;
            dst = 1u | cs << 1 | 4u | 8u;
        } else {
            if (tla__mul64(sv[1], c0 * TLA_FRACTAL_ROWS, &big) != 0) goto overflow;
            dv[0] = 1, dv[1] = frac, dv[2] = c0, dv[3] = big;
            dst = 1u | 2u | 4u | rs << 3;
        }
        tla__fractal_tuple(&s, sv, sst);
        tla__fractal_tuple(&d, dv, dst);
        break;
    default: return tla__fail(err, -1, "format: unknown format %d", (int)f);
    }
    if (tla_layout_make(&r, &s, &d, err) != 0) return -1;
    r.has_origin = 1;
    r.origin[0] = rows;
    r.origin[1] = f == TLA_VECTOR ? 0 : cols;
    *out = r;
    return 0;
overflow:
    return tla__fail(err, -1, "format: %lld x %lld is too large (a stride overflows int64)", (long long)rows,
                     (long long)cols);
}

TLA_FUNC int tla_layout_format_ex(tla_layout *out, enum tla_format f, int elem_bytes, int64_t rows, int64_t cols,
                                  int static_flags, tla_error *err) {
    int fractal = f == TLA_ZN || f == TLA_ZZ || f == TLA_NZ || f == TLA_NN;
    if (fractal && elem_bytes != 1 && elem_bytes != 2 && elem_bytes != 4)
        return tla__fail(err, -1, "format: element size must be 1, 2 or 4 bytes, not %d", elem_bytes);
    if (!fractal) elem_bytes = 1;
    return tla__layout_format_c0(out, f, TLA_C0_BYTES / elem_bytes, TLA_FRACTAL_BYTES / elem_bytes, rows, cols,
                                 static_flags, err);
}

TLA_FUNC int tla_layout_format(tla_layout *out, enum tla_format f, int elem_bytes, int64_t rows, int64_t cols,
                               tla_error *err) {
    return tla_layout_format_ex(out, f, elem_bytes, rows, cols, 0, err);
}

/* ---------------------------------------------------------------- tiles */

/* The integer elements of t, one per mode of a rank-r layout, into v. */
TLA_FUNC int tla__per_mode_ints(const tla_tuple *t, int r, int64_t *v, unsigned *stat, const char *what, const char *fn,
                                tla_error *err) {
    tla_tuple e;
    int k;
    if (tla_tuple_rank(t) != r)
        return tla__fail(err, -1, "%s: the %s has rank %d but the layout has rank %d", fn, what, tla_tuple_rank(t), r);
    *stat = 0;
    for (k = 0; k < r; k++) {
        if (tla__elem(t, k, &e) != 0 || !tla_tuple_is_int(&e))
            return tla__fail(err, -1, "%s: element %d of the %s must be an integer", fn, k, what);
        v[k] = e.val[0];
        if (e.stat & 1u) *stat |= 1u << k;
    }
    return 0;
}

TLA_FUNC int tla_layout_make_tile(tla_layout *out, const tla_layout *L, const tla_tuple *tile_shape, tla_error *err) {
    int r = tla_layout_rank(L), k, differs = 0;
    int64_t t[TLA_MAX_RANK], v[2], big = 0;
    unsigned tstat = 0;
    tla_tuple modes[TLA_MAX_RANK], se, shape;
    tla_layout res;
    tla__tuple_clear(&se);
    if (tla_tuple_is_int(&L->shape)) {
        /* A rank-1 integer layout n:d takes an integer tile (or a rank-1 tuple). */
        tla_tuple e = *tile_shape;
        if (!tla_tuple_is_int(&e)
            && (tla_tuple_rank(&e) != 1 || tla__elem(tile_shape, 0, &e) != 0 || !tla_tuple_is_int(&e)))
            return tla__fail(err, -1, "make_layout_tile: the tile of an integer layout must be an integer");
        if (e.val[0] < 0) return tla__fail(err, -1, "make_layout_tile: negative tile extent");
        return tla_layout_make(out, &e, &L->stride, err);
    }
    if (tla__per_mode_ints(tile_shape, r, t, &tstat, "tile shape", "make_layout_tile", err) != 0) return -1;
    for (k = 0; k < r; k++) {
        if (t[k] < 0) return tla__fail(err, -1, "make_layout_tile: tile extent %d is negative", k);
        tla__elem(&L->shape, k, &se);
        if (tla_tuple_is_int(&se)) {
            modes[k] = tla_tuple_leaf(t[k], (int)((tstat >> k) & 1u));
        } else if (tla_tuple_rank(&se) == 2 && tla_tuple_depth(&se) == 1) {
            if (se.val[0] <= 0)
                return tla__fail(err, -1, "make_layout_tile: mode %d has a fractal size of %lld", k,
                                 (long long)se.val[0]);
            v[0] = se.val[0];
            v[1] = tla_ceil_div(t[k], se.val[0]);
            tla__flat_tuple(&modes[k], 2, v, se.stat & 1u);
            differs |= tla__mul64(v[0], v[1], &big) != 0 || big != t[k]; /* overflow: size check below */
        } else {
            return tla__fail(err, -1,
                             "make_layout_tile: mode %d must be an integer or a pair (r0,n) of integers, "
                             "not rank %d depth %d",
                             k, tla_tuple_rank(&se), tla_tuple_depth(&se));
        }
    }
    if (tla_tuple_join(&shape, r, modes, err) != 0) return -1;
    if (tla_layout_make(&res, &shape, &L->stride, err) != 0) return -1;
    if (differs) {
        res.has_origin = 1;
        for (k = 0; k < r; k++) res.origin[k] = t[k];
    }
    *out = res;
    return 0;
}

TLA_FUNC int tla_layout_get_tile(tla_layout *out, int64_t *offset, const tla_layout *L, const tla_tuple *tile_shape,
                                 const tla_tuple *coord, tla_error *err) {
    int r = tla_layout_rank(L), k;
    int64_t t[TLA_MAX_RANK], c[TLA_MAX_RANK], off = 0, o = 0;
    unsigned st = 0;
    tla_layout res;
    if (tla_tuple_is_int(&L->shape)) {
        /* integer layouts: treat tile and coord as one-mode tuples */
        tla_tuple e;
        if (tla__elem(tile_shape, 0, &e) != 0 || tla_tuple_rank(tile_shape) != 1 || !tla_tuple_is_int(&e))
            return tla__fail(err, -1, "get_tile: the tile of an integer layout must be an integer");
        t[0] = e.val[0];
        if (tla__elem(coord, 0, &e) != 0 || tla_tuple_rank(coord) != 1 || !tla_tuple_is_int(&e))
            return tla__fail(err, -1, "get_tile: the coordinate of an integer layout must be an integer");
        c[0] = e.val[0];
    } else {
        if (tla__per_mode_ints(tile_shape, r, t, &st, "tile shape", "get_tile", err) != 0) return -1;
        if (tla__per_mode_ints(coord, r, c, &st, "coordinate", "get_tile", err) != 0) return -1;
    }
    if (tla_layout_make_tile(&res, L, tile_shape, err) != 0) return -1;
    if (tla_layout_crd2offset(&off, L, coord, err) != 0) return -1;
    for (k = 0; k < r; k++) {
        o = tla_layout_origin(L, k);
        if (c[k] < 0) return tla__fail(err, -1, "get_tile: coordinate %lld of mode %d is negative", (long long)c[k], k);
        o = c[k] < o ? o - c[k] : 0; /* past the originShape: an empty tile (extent 0), as in CATLASS */
        res.origin[k] = o < t[k] ? o : t[k];
    }
    res.has_origin = 1;
    *out = res;
    *offset = off;
    return 0;
}

TLA_FUNC int tla_layout_is_format_bits(const tla_layout *L, enum tla_format f, int elem_bits) {
    static const signed char fractal[10] = {TLA_TOK_OPEN, TLA_TOK_OPEN, TLA_TOK_LEAF, TLA_TOK_LEAF,  TLA_TOK_CLOSE,
                                            TLA_TOK_OPEN, TLA_TOK_LEAF, TLA_TOK_LEAF, TLA_TOK_CLOSE, TLA_TOK_CLOSE};
    const int64_t *s = L->shape.val, *d = L->stride.val;
    int64_t c0, frac;
    if (f == TLA_ROW_MAJOR || f == TLA_COLUMN_MAJOR)
        return tla_tuple_rank(&L->shape) == 2 && tla_tuple_depth(&L->shape) == 1 && d[f == TLA_ROW_MAJOR ? 1 : 0] == 1;
    if (f == TLA_VECTOR) return tla_tuple_rank(&L->shape) == 1 && tla_tuple_depth(&L->shape) <= 1 && d[0] == 1;
    if (L->shape.ntok != 10 || memcmp(L->shape.tok, fractal, 10) != 0) return 0;
    if (f == TLA_L0C)
        c0 = TLA_L0C_C0, frac = TLA_L0C_FRACTAL;
    else if (elem_bits == 4 || elem_bits == 8 || elem_bits == 16 || elem_bits == 32)
        c0 = TLA_C0_BYTES * 8 / elem_bits, frac = TLA_FRACTAL_BYTES * 8 / elem_bits;
    else
        return 0;
    switch (f) {
    case TLA_ZN:
    case TLA_L0C: return s[0] == TLA_FRACTAL_ROWS && s[2] == c0 && d[2] == 1 && d[1] == frac;
    case TLA_ZZ: return s[0] == TLA_FRACTAL_ROWS && s[2] == c0 && d[2] == 1 && d[3] == frac;
    case TLA_NZ: return s[0] == c0 && s[2] == TLA_FRACTAL_ROWS && d[0] == 1 && d[3] == frac;
    case TLA_NN: return s[0] == c0 && s[2] == TLA_FRACTAL_ROWS && d[0] == 1 && d[1] == frac;
    default: return 0;
    }
}
TLA_API int tla_layout_is_format(const tla_layout *L, enum tla_format f, int elem_bytes)
#if TLA__BODIES
{
    return elem_bytes == 1 || elem_bytes == 2 || elem_bytes == 4      ? tla_layout_is_format_bits(L, f, 8 * elem_bytes)
           : f <= TLA_COLUMN_MAJOR || f == TLA_VECTOR || f == TLA_L0C ? tla_layout_is_format_bits(L, f, 0)
                                                                      : 0;
}
#endif
TLA__DECL

TLA_FUNC int tla_layout_is_zN_unalign_bits(const tla_layout *L, int elem_bits) {
    const int64_t *s = L->shape.val, *d = L->stride.val;
    int64_t c0;
    if (elem_bits != 4 && elem_bits != 8 && elem_bits != 16 && elem_bits != 32) return 0;
    c0 = TLA_C0_BYTES * 8 / elem_bits;
    if (tla_tuple_rank(&L->shape) != 2 || tla_tuple_depth(&L->shape) != 2 || L->shape.nleaf != 4 || L->shape.ntok != 10)
        return 0;
    return L->shape.tok[1] == TLA_TOK_OPEN && L->shape.tok[4] == TLA_TOK_CLOSE && s[1] == 1 && s[2] == c0 && d[0] == c0
           && d[2] == 1;
}
/* CATLASS's predicates (detail::isRowMajor<Layout>, iszN<Element, Layout>, ...) read the leaves
 * of a default-constructed Layout{}: a static leaf (Int<N>) is N, a run-time one 0.  Of a run-time
 * layout they are answered the same way, on a copy whose run-time leaves (stat bit clear) read
 * 0, so a static, a mixed and a run-time layout of the same structure and static-ness get the
 * same answer (tla_is_zN and friends, formats.h).  f < 0: iszNUnAlign. */
TLA_FUNC int tla__catlass_pred(const tla_layout *L, int f, int elem_bits) {
    tla_layout z = *L;
    int i;
    for (i = 0; i < z.shape.nleaf && i < TLA_MAX_LEAVES; i++) {
        if (!(z.shape.stat >> i & 1)) z.shape.val[i] = 0;
        if (!(z.stride.stat >> i & 1)) z.stride.val[i] = 0;
    }
    return f < 0 ? tla_layout_is_zN_unalign_bits(&z, elem_bits)
                 : tla_layout_is_format_bits(&z, (enum tla_format)f, elem_bits);
}
TLA_API int tla_layout_is_zN_unalign(const tla_layout *L, int elem_bytes)
#if TLA__BODIES
{
    return elem_bytes == 1 || elem_bytes == 2 || elem_bytes == 4 ? tla_layout_is_zN_unalign_bits(L, 8 * elem_bytes) : 0;
}
#endif
TLA__DECL

#endif
