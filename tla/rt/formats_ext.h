/* tla/rt/formats_ext.h - run-time layouts CATLASS has beyond the matrix formats of rt/formats.h:
 * 4-bit elements, Weight4BitnZ, the MX scale layouts and the convolution feature map and filter.
 * Each transcribes include/tla/layout.hpp of CATLASS (shape, stride and originShape):
 *
 *   tla_layout_format_bits      MakeLayout<Element, Tag>(rows, cols) for elements of 4, 8, 16 or 32
 *                               bits: C0 = 256 / bits elements (64 for int4 / fp4), fractal 16 x C0;
 *                               TLA_STRIDE_EVEN rounds the RowMajor / ColumnMajor leading stride
 *                               up to even, as CATLASS does for fp4 (float4_e2m1x2_t)
 *   tla_layout_weight4bit_nZ    MakeLayout<Element, Weight4BitnZ>: nZ with C0 = 32 and fractal 512
 *                               whatever the element: ((_32,..),(_16,..)):((_1,roundup(cols,16)*32),(_32,_512))
 *   tla_layout_mx_scale         MakeMxScaleLayout<float8_e8m0_t, Tag, isMxScaleB>: C0 = 2, fractal 32
 *                               RowMajor A  (rows,(_2,ceil(cols/2))):(roundup(cols,2),(_1,_2))
 *                               RowMajor B  ((_2,ceil(rows/2)),cols):((_1,cols*2),_2)
 *                               ColumnMajor A (rows,(_2,ceil(cols/2))):(_2,(_1,rows*2))
 *                               ColumnMajor B ((_2,ceil(rows/2)),cols):((_1,_2),roundup(rows,2))
 *                               zZ, nN      the zZ / nN formulas with C0 = 2 and fractal 32
 *   tla_layout_fmap             MakeLayoutFmap<Element>(batch, cin1, h, w), NC1HWC0:
 *                               (batch,cin1,h,w,_C0):(cin1*h*w*C0,h*w*C0,w*C0,_C0,_1)
 *   tla_layout_conv_filter      MakeLayoutFilter<Element, Position>(cin1, kh, kw, cout), fractal-Z
 *                               (CI1KHKWCOCI0): (cin1,kh,kw,co,_C0):(kh*kw*co*C0,kw*co*C0,co*C0,_C0,_1),
 *                               co = cout, or cout rounded up to 16 in L1
 *
 * Counts and strides are static when the sizes they come from are (static_flags: bit i marks size
 * argument i static; TLA_ROWS_STATIC and TLA_COLS_STATIC are bits 0 and 1); C0, fractal sizes
 * and unit strides are always static.  Static forms: static/formats_ext.h.  Every function returns 0,
 * or -1 with *err saying what is wrong (negative sizes, a bad element size, int64 overflow);
 * *out is then untouched.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout L;  tla_error e;  char buf[96];
 *   if (tla_layout_format_bits(&L, TLA_ZN, tla_elem_bits("int4"), 32, 128, &e) != 0) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &L);
 *   if (strcmp(buf, "((_16,2),(_64,2)):((_64,_1024),(_1,2048))") != 0) return 1;   // C0 = 64
 *   if (tla_layout_fmap(&L, 2, 1, 2, 4, 4, 0, &e) != 0) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &L);
 *   if (strcmp(buf, "(1,2,4,4,_16):(512,256,64,_16,_1)") != 0) return 1;
 */
#ifndef TLA_RT_FORMATS_EXT_H
#define TLA_RT_FORMATS_EXT_H

#include "tla/rt/formats.h"

/* Flag of tla_layout_format_bits_ex: RowMajor / ColumnMajor leading stride rounded up to even
 * (CATLASS's RowMajor and ColumnMajor of fp4, float4_e2m1x2_t / float4_e1m2x2_t; int4 keeps it). */
enum { TLA_STRIDE_EVEN = 4 };

/* tla_elem_bits(name) -> bits of an element type name, or -1 if unknown
 *   "int4", "s4", "fp4": 4; "fp8", "e8m0": 8; every name of tla_elem_bytes: 8 times its bytes.
 * Example:
 *   if (tla_elem_bits("fp4") != 4 || tla_elem_bits("half") != 16 || tla_elem_bits("e8m0") != 8) return 1;
 *   if (tla_elem_bits("int3") != -1) return 1;
 */
TLA_API int tla_elem_bits(const char *name);

/* tla_layout_format_bits(&L, format, elem_bits, rows, cols, err),
 * tla_layout_format_bits_ex(&L, format, elem_bits, rows, cols, flags, err) -> 0 or -1
 *   tla_layout_format(_ex) for elements of elem_bits bits (4, 8, 16 or 32): CATLASS's
 *   MakeLayout<Element, Tag>(rows, cols) with ELE_NUM_PER_C0 = 256 / bits (64 for int4 and fp4)
 *   and a fractal of 16 x C0 elements.  flags: TLA_ROWS_STATIC, TLA_COLS_STATIC as for
 *   tla_layout_format_ex, and TLA_STRIDE_EVEN (fp4): RowMajor's stride cols and ColumnMajor's
 *   stride rows are rounded up to even.  8, 16 and 32 bits give tla_layout_format's layouts.
 *   Errors: "format: element size must be 4, 8, 16 or 32 bits, not N" (fractal formats), those
 *   of tla_layout_format (negative sizes, overflow).
 * Example:
 *   tla_layout L;  tla_error e;  char buf[64];
 *   if (tla_layout_format_bits_ex(&L, TLA_ROW_MAJOR, 4, 3, 5, TLA_STRIDE_EVEN, &e) != 0) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &L);
 *   if (strcmp(buf, "(3,5):(6,_1)") != 0) return 1;                      // fp4: rows start on bytes
 *   if (tla_layout_format_bits(&L, TLA_NZ, 4, 128, 32, &e) != 0 || L.shape.val[0] != 64) return 1;
 *   if (tla_layout_format_bits(&L, TLA_ZN, 2, 32, 32, &e) == 0) return 1;   // 2-bit elements: an error
 */
TLA_API int tla_layout_format_bits_ex(tla_layout *out, enum tla_format f, int elem_bits, int64_t rows, int64_t cols,
                                      int static_flags, tla_error *err);
TLA_API int tla_layout_format_bits(tla_layout *out, enum tla_format f, int elem_bits, int64_t rows, int64_t cols,
                                   tla_error *err);

/* tla_layout_weight4bit_nZ(&L, rows, cols, static_flags, err) -> 0 or -1
 *   CATLASS's MakeLayout<Element, layout::Weight4BitnZ>(rows, cols): nZ with C0 = 32 and a
 *   fractal of 512 elements whatever the element type,
 *   ((_32,ceil(rows/32)),(_16,ceil(cols/16))):((_1,roundup(cols,16)*32),(_32,_512)), originShape
 *   (rows, cols).  (The layout tag Catlass::layout::Weight4BitnZ::MakeLayout uses C0 = 16; the
 *   TLA layout, this one, is what the a8w4 kernels copy with.)
 *   Errors: negative rows or cols, overflow.
 * Example:
 *   tla_layout L;  tla_error e;  char buf[64];
 *   if (tla_layout_weight4bit_nZ(&L, 64, 32, 0, &e) != 0) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &L);
 *   if (strcmp(buf, "((_32,2),(_16,2)):((_1,1024),(_32,_512))") != 0) return 1;
 */
TLA_API int tla_layout_weight4bit_nZ(tla_layout *out, int64_t rows, int64_t cols, int static_flags, tla_error *err);

/* tla_layout_mx_scale(&L, format, is_b, rows, cols, static_flags, err) -> 0 or -1
 *   CATLASS's MakeMxScaleLayout<float8_e8m0_t, Tag, isMxScaleB>(rows, cols) (one-byte e8m0
 *   scales, C0 = 2, fractal 32), for format TLA_ROW_MAJOR or TLA_COLUMN_MAJOR (is_b: the scales
 *   of B, else of A), TLA_ZZ or TLA_NN (is_b ignored); formulas at the top of this header.
 *   originShape (rows, cols).  Counts and strides are static when rows / cols are (flags).
 *   Errors: "mx_scale: the format must be RowMajor, ColumnMajor, zZ or nN", negative sizes, overflow.
 * Example:
 *   tla_layout L;  tla_error e;  char buf[64];
 *   if (tla_layout_mx_scale(&L, TLA_ROW_MAJOR, 0, 64, 3, 0, &e) != 0) return 1;   // A's scales, m x ceil(k/32)
 *   tla_layout_snprint(buf, sizeof buf, &L);
 *   if (strcmp(buf, "(64,(_2,2)):(4,(_1,_2))") != 0) return 1;
 *   if (tla_layout_mx_scale(&L, TLA_ZN, 0, 64, 4, 0, &e) == 0) return 1;      // no zN MX layout
 */
TLA_API int tla_layout_mx_scale(tla_layout *out, enum tla_format f, int is_b, int64_t rows, int64_t cols,
                                int static_flags, tla_error *err);

/* tla_layout_fmap(&L, elem_bytes, batch, cin1, h, w, static_flags, err) -> 0 or -1
 *   CATLASS's MakeLayoutFmap<Element>(batch, cin1, h, w): the NC1HWC0 feature map,
 *   (batch,cin1,h,w,_C0):(cin1*h*w*C0,h*w*C0,w*C0,_C0,_1), C0 = 32 / elem_bytes, originShape
 *   (batch, cin1, h, w, C0).  static_flags bit i (0..3) marks argument i static; a stride is
 *   static when every size it is made of is (CATLASS: all dynamic but C0).
 *   Errors: "fmap: element size must be 1, 2 or 4 bytes", negative sizes, overflow.
 * Example:
 *   tla_layout L;  tla_error e;  int64_t off = 0;  tla_tuple c;
 *   if (tla_layout_fmap(&L, 2, 2, 7, 33, 43, 0, &e) != 0) return 1;   // CATLASS example 56: half, cin 112
 *   tla_tuple_parse(&c, "(1,2,3,4,5)", &e);
 *   if (tla_layout_crd2offset(&off, &L, &c, &e) != 0 || off != ((((1 * 7 + 2) * 33 + 3) * 43 + 4) * 16 + 5)) return 1;
 */
TLA_API int tla_layout_fmap(tla_layout *out, int elem_bytes, int64_t batch, int64_t cin1, int64_t h, int64_t w,
                            int static_flags, tla_error *err);

/* tla_layout_conv_filter(&L, elem_bytes, cin1, kh, kw, cout, in_l1, static_flags, err) -> 0 or -1
 *   CATLASS's MakeLayoutFilter<Element, Position>(cin1, kh, kw, cout): the fractal-Z filter
 *   (CI1KHKWCOCI0), (cin1,kh,kw,co,_C0):(kh*kw*co*C0,kw*co*C0,co*C0,_C0,_1) with co = cout,
 *   or cout rounded up to 16 when in_l1 (Position = PositionL1); C0 = 32 / elem_bytes;
 *   originShape (cin1, kh, kw, co, C0).  static_flags bit i (0..3) marks argument i static.
 *   Errors: "conv_filter: element size must be 1, 2 or 4 bytes", negative sizes, overflow.
 * Example:
 *   tla_layout L;  tla_error e;  char buf[80];
 *   if (tla_layout_conv_filter(&L, 2, 2, 3, 3, 20, 1, 0, &e) != 0) return 1;   // in L1: cout 20 -> 32
 *   tla_layout_snprint(buf, sizeof buf, &L);
 *   if (strcmp(buf, "(2,3,3,32,_16):(4608,1536,512,_16,_1)") != 0) return 1;
 */
TLA_API int tla_layout_conv_filter(tla_layout *out, int elem_bytes, int64_t cin1, int64_t kh, int64_t kw, int64_t cout,
                                   int in_l1, int static_flags, tla_error *err);

/* ---------------------------------------------------------------- internals */

TLA_API int tla_elem_bits(const char *name)
#if TLA__BODIES
{
    static const struct {
        const char *name;
        int bits;
    } names[] = {{"int4", 4}, {"s4", 4}, {"fp4", 4}, {"fp8", 8}};
    size_t i;
    int b;
    for (i = 0; name && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) return names[i].bits;
    b = tla_elem_bytes(name);
    return b < 0 ? -1 : 8 * b;
}
#endif
TLA__DECL

TLA_API int tla_layout_format_bits_ex(tla_layout *out, enum tla_format f, int elem_bits, int64_t rows, int64_t cols,
                                      int static_flags, tla_error *err)
#if TLA__BODIES
{
    int fractal = f == TLA_ZN || f == TLA_ZZ || f == TLA_NZ || f == TLA_NN, k;
    tla_layout r;
    if (fractal && elem_bits != 4 && elem_bits != 8 && elem_bits != 16 && elem_bits != 32)
        return tla__fail(err, -1, "format: element size must be 4, 8, 16 or 32 bits, not %d", elem_bits);
    if (!fractal) elem_bits = 8;
    if (tla__layout_format_c0(&r, f, TLA_C0_BYTES * 8 / elem_bits, TLA_FRACTAL_BYTES * 8 / elem_bits, rows, cols,
                              static_flags, err)
        != 0)
        return -1;
    if ((static_flags & TLA_STRIDE_EVEN) && (f == TLA_ROW_MAJOR || f == TLA_COLUMN_MAJOR)) {
        k = f == TLA_ROW_MAJOR ? 0 : 1;
        if (r.stride.val[k] % 2 != 0) {
            if (r.stride.val[k] == INT64_MAX)
                return tla__fail(err, -1, "format: %lld x %lld is too large (a stride overflows int64)",
                                 (long long)rows, (long long)cols);
            r.stride.val[k]++;
        }
    }
    *out = r;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_layout_format_bits(tla_layout *out, enum tla_format f, int elem_bits, int64_t rows, int64_t cols,
                                   tla_error *err)
#if TLA__BODIES
{
    return tla_layout_format_bits_ex(out, f, elem_bits, rows, cols, 0, err);
}
#endif
TLA__DECL

TLA_API int tla_layout_weight4bit_nZ(tla_layout *out, int64_t rows, int64_t cols, int static_flags, tla_error *err)
#if TLA__BODIES
{
    return tla__layout_format_c0(out, TLA_NZ, 32, 512, rows, cols, static_flags & 3, err);
}
#endif
TLA__DECL

/* (a,b) and ((a,b),c) / (a,(b,c)) style tuples from leaves. */
TLA_FUNC int tla__join2(tla_tuple *out, tla_tuple a, tla_tuple b, tla_error *err) {
    tla_tuple p[2];
    p[0] = a;
    p[1] = b;
    return tla_tuple_join(out, 2, p, err);
}

TLA_API int tla_layout_mx_scale(tla_layout *out, enum tla_format f, int is_b, int64_t rows, int64_t cols,
                                int static_flags, tla_error *err)
#if TLA__BODIES
{
    int rs = (static_flags & TLA_ROWS_STATIC) != 0, cs = (static_flags & TLA_COLS_STATIC) != 0;
    int64_t ru = 0, cu = 0;
    tla_tuple s, d, t;
    tla_layout r;
    if (f == TLA_ZZ || f == TLA_NN) return tla__layout_format_c0(out, f, 2, 32, rows, cols, static_flags & 3, err);
    if (f != TLA_ROW_MAJOR && f != TLA_COLUMN_MAJOR)
        return tla__fail(err, -1, "mx_scale: the format must be RowMajor, ColumnMajor, zZ or nN, not %d", (int)f);
    if (rows < 0 || cols < 0)
        return tla__fail(err, -1, "mx_scale: rows and cols must be >= 0 (got %lld x %lld)", (long long)rows,
                         (long long)cols);
    /* roundup(x, 2) and x * 2 are the same number (2 * ceil(x / 2)) or differ by x odd; both overflow together */
    if (rows > INT64_MAX / 2 || cols > INT64_MAX / 2)
        return tla__fail(err, -1, "mx_scale: %lld x %lld is too large (a stride overflows int64)", (long long)rows,
                         (long long)cols);
    ru = rows + rows % 2;
    cu = cols + cols % 2;
    if (!is_b) { /* (rows, (_2, ceil(cols/2))) */
        if (tla__join2(&t, tla_tuple_leaf(2, 1), tla_tuple_leaf(cu / 2, cs), err) != 0
            || tla__join2(&s, tla_tuple_leaf(rows, rs), t, err) != 0)
            return -1;
        if (f == TLA_ROW_MAJOR) { /* (roundup(cols,2), (_1,_2)) */
            if (tla__join2(&t, tla_tuple_leaf(1, 1), tla_tuple_leaf(2, 1), err) != 0
                || tla__join2(&d, tla_tuple_leaf(cu, cs), t, err) != 0)
                return -1;
        } else { /* (_2, (_1, rows*2)) */
            if (tla__join2(&t, tla_tuple_leaf(1, 1), tla_tuple_leaf(rows * 2, rs), err) != 0
                || tla__join2(&d, tla_tuple_leaf(2, 1), t, err) != 0)
                return -1;
        }
    } else { /* ((_2, ceil(rows/2)), cols) */
        if (tla__join2(&t, tla_tuple_leaf(2, 1), tla_tuple_leaf(ru / 2, rs), err) != 0
            || tla__join2(&s, t, tla_tuple_leaf(cols, cs), err) != 0)
            return -1;
        if (f == TLA_ROW_MAJOR) { /* ((_1, cols*2), _2) */
            if (tla__join2(&t, tla_tuple_leaf(1, 1), tla_tuple_leaf(cols * 2, cs), err) != 0
                || tla__join2(&d, t, tla_tuple_leaf(2, 1), err) != 0)
                return -1;
        } else { /* ((_1, _2), roundup(rows,2)) */
            if (tla__join2(&t, tla_tuple_leaf(1, 1), tla_tuple_leaf(2, 1), err) != 0
                || tla__join2(&d, t, tla_tuple_leaf(ru, rs), err) != 0)
                return -1;
        }
    }
    if (tla_layout_make(&r, &s, &d, err) != 0) return -1;
    r.has_origin = 1;
    r.origin[0] = rows;
    r.origin[1] = cols;
    *out = r;
    return 0;
}
#endif
TLA__DECL

/* Shape (v0..v3, _c0), stride (d0, d1, d2, _c0, _1), originShape (v0..v3, c0): the 5-D
 * convolution layouts.  stat: bits 0..3 for v, bits 4..6 for d0..d2. */
TLA_FUNC int tla__conv_layout(tla_layout *out, const int64_t v[4], const int64_t dd[3], int64_t c0, unsigned stat,
                              tla_error *err) {
    int64_t sv[5], dv[5];
    tla_tuple s, d;
    tla_layout r;
    int k;
    for (k = 0; k < 4; k++) sv[k] = v[k];
    sv[4] = c0;
    for (k = 0; k < 3; k++) dv[k] = dd[k];
    dv[3] = c0;
    dv[4] = 1;
    tla__flat_tuple(&s, 5, sv, (stat & 15u) | 16u);
    tla__flat_tuple(&d, 5, dv, (stat >> 4 & 7u) | 8u | 16u);
    if (tla_layout_make(&r, &s, &d, err) != 0) return -1;
    r.has_origin = 1;
    for (k = 0; k < 5; k++) r.origin[k] = sv[k];
    *out = r;
    return 0;
}

TLA_API int tla_layout_fmap(tla_layout *out, int elem_bytes, int64_t batch, int64_t cin1, int64_t h, int64_t w,
                            int static_flags, tla_error *err)
#if TLA__BODIES
{
    int64_t v[4], d[3], c0;
    unsigned st = (unsigned)static_flags & 15u, stat = st;
    v[0] = batch, v[1] = cin1, v[2] = h, v[3] = w;
    if (elem_bytes != 1 && elem_bytes != 2 && elem_bytes != 4)
        return tla__fail(err, -1, "fmap: element size must be 1, 2 or 4 bytes, not %d", elem_bytes);
    if (batch < 0 || cin1 < 0 || h < 0 || w < 0)
        return tla__fail(err, -1, "fmap: sizes must be >= 0 (got %lld, %lld, %lld, %lld)", (long long)batch,
                         (long long)cin1, (long long)h, (long long)w);
    c0 = TLA_C0_BYTES / elem_bytes;
    if (tla__mul64(w, c0, &d[2]) != 0 || tla__mul64(h, d[2], &d[1]) != 0 || tla__mul64(cin1, d[1], &d[0]) != 0)
        return tla__fail(err, -1, "fmap: %lld x %lld x %lld is too large (a stride overflows int64)", (long long)cin1,
                         (long long)h, (long long)w);
    if ((st & 8u) != 0) stat |= 64u; /* w * C0 */
    if ((st & 12u) == 12u) stat |= 32u; /* h * w * C0 */
    if ((st & 14u) == 14u) stat |= 16u; /* cin1 * h * w * C0 */
    return tla__conv_layout(out, v, d, c0, stat, err);
}
#endif
TLA__DECL

TLA_API int tla_layout_conv_filter(tla_layout *out, int elem_bytes, int64_t cin1, int64_t kh, int64_t kw, int64_t cout,
                                   int in_l1, int static_flags, tla_error *err)
#if TLA__BODIES
{
    int64_t v[4], d[3], c0, co = cout;
    unsigned st = (unsigned)static_flags & 15u, stat = st;
    if (elem_bytes != 1 && elem_bytes != 2 && elem_bytes != 4)
        return tla__fail(err, -1, "conv_filter: element size must be 1, 2 or 4 bytes, not %d", elem_bytes);
    if (cin1 < 0 || kh < 0 || kw < 0 || cout < 0)
        return tla__fail(err, -1, "conv_filter: sizes must be >= 0 (got %lld, %lld, %lld, %lld)", (long long)cin1,
                         (long long)kh, (long long)kw, (long long)cout);
    c0 = TLA_C0_BYTES / elem_bytes;
    if (in_l1 && cout <= INT64_MAX - TLA_FRACTAL_ROWS) co = tla_ceil_div(cout, TLA_FRACTAL_ROWS) * TLA_FRACTAL_ROWS;
    v[0] = cin1, v[1] = kh, v[2] = kw, v[3] = co;
    if ((in_l1 && cout > INT64_MAX - TLA_FRACTAL_ROWS) || tla__mul64(co, c0, &d[2]) != 0
        || tla__mul64(kw, d[2], &d[1]) != 0 || tla__mul64(kh, d[1], &d[0]) != 0)
        return tla__fail(err, -1, "conv_filter: %lld x %lld x %lld is too large (a stride overflows int64)",
                         (long long)kh, (long long)kw, (long long)cout);
    if ((st & 8u) != 0) stat |= 64u; /* co * C0 */
    if ((st & 12u) == 12u) stat |= 32u; /* kw * co * C0 */
    if ((st & 14u) == 14u) stat |= 16u; /* kh * kw * co * C0 */
    return tla__conv_layout(out, v, d, c0, stat, err);
}
#endif
TLA__DECL

#endif
