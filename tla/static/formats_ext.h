/* tla/static/formats_ext.h - static and mixed forms of rt/formats_ext.h's layouts: Weight4BitnZ, the MX
 * scale layouts, the convolution feature map and filter (CATLASS's include/tla/layout.hpp).
 *
 *   tla_row_major_fp4(rows, cols)          (rows,cols):(roundup(cols,2),_1)     (CATLASS's fp4 RowMajor)
 *   tla_column_major_fp4(rows, cols)       (rows,cols):(_1,roundup(rows,2))
 *   tla_weight4bit_nZ(rows, cols)          ((_32,ceil(rows/32)),(_16,ceil(cols/16))):((_1,roundup(cols,16)*32),(_32,_512))
 *   tla_mx_scale_a_row(rows, cols)         (rows,(_2,ceil(cols/2))):(roundup(cols,2),(_1,_2))
 *   tla_mx_scale_a_col(rows, cols)         (rows,(_2,ceil(cols/2))):(_2,(_1,rows*2))
 *   tla_mx_scale_b_row(rows, cols)         ((_2,ceil(rows/2)),cols):((_1,cols*2),_2)
 *   tla_mx_scale_b_col(rows, cols)         ((_2,ceil(rows/2)),cols):((_1,_2),roundup(rows,2))
 *   tla_mx_scale_zZ(rows, cols)            ((_16,..),(_2,..)):((_2,roundup(cols,2)*16),(_1,_32))
 *   tla_mx_scale_nN(rows, cols)            ((_2,..),(_16,..)):((_1,_32),(_2,roundup(rows,2)*16))
 *   tla_fmap(T, batch, cin1, h, w)         (batch,cin1,h,w,_C0):(cin1*h*w*C0,h*w*C0,w*C0,_C0,_1)
 *   tla_conv_filter(T, cin1, kh, kw, cout) (cin1,kh,kw,cout,_C0):(kh*kw*cout*C0,kw*cout*C0,cout*C0,_C0,_1)
 *   tla_conv_filter_l1(T, cin1, kh, kw, cout)  the same with cout rounded up to 16 (PositionL1)
 *
 * CATLASS's MakeMxScaleLayout<float8_e8m0_t, Tag, isMxScaleB> is tla_mx_scale_<a|b>_<row|col>
 * (Tag RowMajor / ColumnMajor) and tla_mx_scale_zZ / _nN; MakeLayoutFmap<T> is tla_fmap(T, ...),
 * MakeLayoutFilter<T, PositionGM> tla_conv_filter, <T, PositionL1> tla_conv_filter_l1;
 * MakeLayout<T, Weight4BitnZ> tla_weight4bit_nZ.  T (fmap, filter): 1, 2 or 4 bytes, C0 =
 * 32 / sizeof(T).  Sizes are C integers or static integers; C0, fractal sizes and unit strides
 * are static, and a count or stride is static when every size it is made of is (the run-time
 * functions with the matching static_flags give the same layout).  originShape: (rows, cols),
 * or the five extents of the shape.
 *
 * 4-bit elements take formats.h's formats with T = tla_int4 or tla_fp4 (C0 = 64, fractal 1024):
 * tla_zN(tla_int4, rows, cols) is CATLASS's MakeLayout<int4b_t, layout::zN>(rows, cols).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto Z = tla_zN(tla_int4, TLA_C(32), TLA_C(128));  // ((_16,_2),(_64,_2)):((_64,_1024),(_1,_2048))
 *   _Static_assert(tla_is_zN(tla_int4, Z) && tla_cosize(Z) == 32 * 128, "C0 = 64 for 4-bit elements");
 *   tla_auto W = tla_weight4bit_nZ(TLA_C(64), TLA_C(32));     // ((_32,_2),(_16,_2)):((_1,_1024),(_32,_512))
 *   _Static_assert(tla_cosize(W) == 64 * 32, "");
 *   int h = 33, w = 43;
 *   tla_auto F = tla_fmap(tla_half, 2, 7, h, w);               // (2,7,h,w,_16):(7*h*w*16,h*w*16,w*16,_16,_1)
 *   if (tla_crd2offset(tla_make_tuple(1, 2, 3, 4, 5), F) != (((1 * 7 + 2) * 33 + 3) * 43 + 4) * 16 + 5) return 1;
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_FORMATS_EXT_H
#define TLA_FORMATS_EXT_H
/* Macros only: a system header, so gcc's notes on a misuse stop at the user's call (core_gen.h). */
#pragma GCC system_header

#include "tla/static/formats.h"

/* ---- shapes with their paths written out, from leaves given as "code, value" (formats.h) ---- */

/* tla_weight4bit_nZ(rows, cols), tla_mx_scale_a_row(rows, cols), tla_mx_scale_a_col,
 * tla_mx_scale_b_row, tla_mx_scale_b_col, tla_mx_scale_zZ, tla_mx_scale_nN -> layout with
 *   originShape (rows, cols).  CATLASS's MakeLayout<T, Weight4BitnZ> (C0 32, fractal 512) and
 *   MakeMxScaleLayout<float8_e8m0_t, Tag, isMxScaleB> (C0 2, fractal 32); formulas at the top
 *   of this header.  rows, cols: C integers or static integers (then everything is static).
 *   Misuse: "tla: rows and cols of a format must be integers", "tla: a static integer exceeds TLA_STATIC_MAX in magnitude".
 * Example:
 *   int m = 256;
 *   tla_auto A = tla_mx_scale_a_row(m, TLA_C(32));       // (m,(_2,_16)):(_32,(_1,_2)), example 53's scales of A
 *   tla_auto B = tla_mx_scale_b_col(TLA_C(32), 512);     // ((_2,_16),512):((_1,_2),_32)
 *   if (tla_crd2offset(tla_make_tuple(3, 5), A) != 3 * 32 + 5) return 1;
 *   if (tla_crd2offset(tla_make_tuple(5, 3), B) != 5 + 3 * 32) return 1;
 *   _Static_assert(tla_cosize(tla_mx_scale_zZ(TLA_C(256), TLA_C(32))) == 256 * 32, "");
 */
#define tla_weight4bit_nZ(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__N_BIND(32) \
        TLA__CEILB(_zs, _fc, TLA_FRACTAL_ROWS, TLA_FRACTAL_ROWS * 32) \
        TLA__FMT_LAYOUT(TLA__N_SHAPE(32), TLA__KVPAIRS(TLA__KVC(1), TLA__KVL(_zs), TLA__KVC(32), TLA__KVC(512)), \
            TLA__FMT_ORIGIN); })
#define tla_mx_scale_zZ(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__Z_BIND(2) \
        TLA__CEILB(_zs, _fc, 2, TLA_FRACTAL_ROWS * 2) \
        TLA__FMT_LAYOUT(TLA__Z_SHAPE(2), TLA__KVPAIRS(TLA__KVC(2), TLA__KVL(_zs), TLA__KVC(1), TLA__KVC(32)), \
            TLA__FMT_ORIGIN); })
#define tla_mx_scale_nN(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__N_BIND(2) \
        TLA__CEILB(_zs, _fr, 2, TLA_FRACTAL_ROWS * 2) \
        TLA__FMT_LAYOUT(TLA__N_SHAPE(2), TLA__KVPAIRS(TLA__KVC(1), TLA__KVC(32), TLA__KVC(2), TLA__KVL(_zs)), \
            TLA__FMT_ORIGIN); })
#define tla_mx_scale_a_row(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__CEILB1(tla__mc, _fc, 2) \
        TLA__CEILB(tla__ms, _fc, 2, 2) TLA__FMT_LAYOUT(TLA__MX_A_SHAPE, \
        TLA__KV_LEAF_PAIR(TLA__KVL(tla__ms), TLA__KVC(1), TLA__KVC(2)), TLA__FMT_ORIGIN); })
#define tla_mx_scale_a_col(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__CEILB1(tla__mc, _fc, 2) \
        TLA__CEILB(tla__ms, _fr, 1, 2) TLA__FMT_LAYOUT(TLA__MX_A_SHAPE, \
        TLA__KV_LEAF_PAIR(TLA__KVC(2), TLA__KVC(1), TLA__KVL(tla__ms)), TLA__FMT_ORIGIN); })
#define tla_mx_scale_b_row(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__CEILB1(tla__mc, _fr, 2) \
        TLA__CEILB(tla__ms, _fc, 1, 2) TLA__FMT_LAYOUT(TLA__MX_B_SHAPE, \
        TLA__KV_PAIR_LEAF(TLA__KVC(1), TLA__KVL(tla__ms), TLA__KVC(2)), TLA__FMT_ORIGIN); })
#define tla_mx_scale_b_col(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__CEILB1(tla__mc, _fr, 2) \
        TLA__CEILB(tla__ms, _fr, 2, 2) TLA__FMT_LAYOUT(TLA__MX_B_SHAPE, \
        TLA__KV_PAIR_LEAF(TLA__KVC(1), TLA__KVC(2), TLA__KVL(tla__ms)), TLA__FMT_ORIGIN); })

/* tla_row_major_fp4(rows, cols), tla_column_major_fp4(rows, cols) -> layout with originShape (rows, cols)
 *   CATLASS's RowMajor / ColumnMajor of fp4 (float4_e2m1x2_t): (rows,cols):(roundup(cols,2),_1) and
 *   (rows,cols):(_1,roundup(rows,2)), so every row (column) starts on a byte.  int4 keeps
 *   tla_row_major / tla_column_major.  Run time: tla_layout_format_bits_ex with TLA_STRIDE_EVEN.
 * Example:
 *   tla_auto A = tla_row_major_fp4(3, TLA_C(5));          // (3,_5):(_6,_1)
 *   _Static_assert(tla_value(tla_get(tla_stride(A), 0)) == 6, "");
 *   if (tla_crd2offset(tla_make_tuple(2, 4), tla_column_major_fp4(7, 3)) != 2 + 4 * 8) return 1;
 */
#define tla_row_major_fp4(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__CEILB(tla__ms, _fc, 2, 2) \
        TLA__FMT_LAYOUT(TLA__FMT_ORIGIN, TLA__KVPAIR(TLA__KVL(tla__ms), TLA__KVC(1)), TLA__FMT_ORIGIN); })
#define tla_column_major_fp4(rows, cols) __extension__ ({ TLA__FMT_ARGS(rows, cols) TLA__CEILB(tla__ms, _fr, 2, 2) \
        TLA__FMT_LAYOUT(TLA__FMT_ORIGIN, TLA__KVPAIR(TLA__KVC(1), TLA__KVL(tla__ms)), TLA__FMT_ORIGIN); })
#define tla_fmap(T, batch, cin1, h, w) __extension__ ({ TLA__CHECK_ELEM_TYPE(T) TLA__CONV_ARGS(batch, cin1, h, w) \
        TLA__CONV_LAYOUT(T, tla__c3) })
#define tla_conv_filter(T, cin1, kh, kw, cout) __extension__ ({ TLA__CHECK_ELEM_TYPE(T) TLA__CONV_ARGS(cin1, kh, kw, cout) \
        TLA__CONV_LAYOUT(T, tla__c3) })
#define tla_conv_filter_l1(T, cin1, kh, kw, cout) __extension__ ({ TLA__CHECK_ELEM_TYPE(T) TLA__CONV_ARGS(cin1, kh, kw, cout) \
        TLA__CEILB(tla__cr, tla__c3, TLA_FRACTAL_ROWS, TLA_FRACTAL_ROWS) TLA__CONV_LAYOUT(T, tla__cr) })

/* ---------------------------------------------------------------- internals */

/* ---- shapes with their paths written out, from leaves given as "code, value" (formats.h) ---- */
/* (a, (p0, p1)), ((p0, p1), a) and (a, b, c, d, e). */
#define TLA__KV_LEAF_PAIR(a, p0, p1) TLA__NODEKV(3, 2, 3, (1, a), (12, p0), (22, p1))
#define TLA__KV_PAIR_LEAF(p0, p1, a) TLA__NODEKV(3, 2, 3, (11, p0), (21, p1), (2, a))
#define TLA__KV_LEAVES5(a, b, c, d, e) TLA__NODEKV(5, 5, 2, (1, a), (2, b), (3, c), (4, d), (5, e))

/* a * b for two bound leaves (prefixes a, b), bound as a leaf of prefix p: static when both are
 * (after a check that it fits), else a long long. */
#define TLA__MULB(p, a, b) enum { p##k = (a##k) >= 2 && (b##k) >= 2 && \
        TLA__CV(a##k) * (long long)TLA__CV(b##k) <= tla__M ? TLA__CV(a##k) * (long long)TLA__CV(b##k) + TLA__B : 1 }; \
    _Static_assert((a##k) < 2 || (b##k) < 2 || p##k >= 2, TLA__RANGE_MSG); \
    __auto_type p##v = __builtin_choose_expr(p##k >= 2, TLA__CV(p##k) + _fw, (long long)a##v * b##v); (void)p##v;
/* A's scales (rows, (_2, ceil(cols/2))), B's ((_2, ceil(rows/2)), cols); tla__ms the stride's ceiling */
#define TLA__MX_A_SHAPE TLA__KV_LEAF_PAIR(TLA__KVL(_fr), TLA__KVC(2), TLA__KVL(tla__mc))
#define TLA__MX_B_SHAPE TLA__KV_PAIR_LEAF(TLA__KVC(2), TLA__KVL(tla__mc), TLA__KVL(_fc))

/* tla_fmap(T, batch, cin1, h, w), tla_conv_filter(T, cin1, kh, kw, cout),
 * tla_conv_filter_l1(T, cin1, kh, kw, cout) -> rank-5 layout, originShape its five extents
 *   CATLASS's MakeLayoutFmap<T> (NC1HWC0) and MakeLayoutFilter<T, PositionGM / PositionL1>
 *   (fractal-Z; in L1 cout is rounded up to 16), C0 = 32 / sizeof(T).  Sizes: C integers or
 *   static integers; a stride is static when every size it is made of is.
 *   Misuse: "tla: the Ascend formats take element types of 1, 2 or 4 bytes", "tla: the sizes of
 *   a convolution layout must be integers".
 * Example:
 *   tla_auto K = tla_conv_filter_l1(tla_half, 2, TLA_C(3), TLA_C(3), TLA_C(20));   // (2,_3,_3,_32,_16):(4608,_1536,_512,_16,_1)
 *   _Static_assert(tla_value(tla_get(tla_stride(K), 1)) == 3 * 32 * 16, "kw * roundup(cout, 16) * C0");
 *   if (tla_crd2offset(tla_make_tuple(1, 0, 0, 0, 0), K) != 4608) return 1;
 */
#define TLA__CONV_ARGS(a, b, c, d) TLA__LEAFB(tla__c0, a, TLA__CONV_MSG) TLA__LEAFB(tla__c1, b, TLA__CONV_MSG) \
        TLA__LEAFB(tla__c2, c, TLA__CONV_MSG) TLA__LEAFB(tla__c3, d, TLA__CONV_MSG) \
        TLA__FMT_WIDE(tla__c0k - tla__B + 0ULL <= tla__I / 64 / (tla__c1k - tla__B + 1ULL) / (tla__c2k - tla__B + 1ULL) / \
            (tla__c3k - tla__B + 16ULL))
/* (int offsets when the four sizes are static and their product with C0, padded, fits in int;
 * a run-time size's code, 1, reads as a huge unsigned value, so the test fails: formats.h) */
#define TLA__CONV_MSG "tla: the sizes of a convolution layout must be integers"
/* CATLASS's BYTE_PER_C0 / sizeof(Element) (not bits: a 4-bit tla_int4 counts as a byte here) */
#define TLA__CONV_C0(T) (TLA_C0_BYTES / (int)sizeof(T))
/* strides (c1*c2*c3*C0, c2*c3*C0, c3*C0, _C0, _1) of sizes c0..c3 (c3: the bound leaf `last`) */
#define TLA__CONV_LAYOUT(T, last) TLA__CEILB(tla__s2, last, 1, TLA__CONV_C0(T)) TLA__MULB(tla__s1, tla__c2, tla__s2) \
        TLA__MULB(tla__s0, tla__c1, tla__s1) \
        __auto_type tla__csh = TLA__KV_LEAVES5(TLA__KVL(tla__c0), TLA__KVL(tla__c1), TLA__KVL(tla__c2), TLA__KVL(last), \
                                                TLA__KVC(TLA__CONV_C0(T))); \
        TLA__FMT_LAYOUT(tla__csh, TLA__KV_LEAVES5(TLA__KVL(tla__s0), TLA__KVL(tla__s1), TLA__KVL(tla__s2), \
                                                  TLA__KVC(TLA__CONV_C0(T)), TLA__KVC(1)), tla__csh);

/* clang-format on */
#endif
