/* tla/formats_ext.h - static and mixed forms of rt_formats_ext.h's layouts: Weight4BitnZ, the MX
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

#include "formats.h"

/* ---- fast constructors (the pattern of tuple.h's TLA__LEAVES2 / TLA__PAIRS) ---- */
/* (a, (p0, p1)) and ((p0, p1), a) from an integer a and a pair p (TLA__LEAVES2). */
#define TLA__FX_LEAF(c, n) TLA__NODE_BIND(tla__t##c, tla__a##c) \
    __auto_type tla__v##n = TLA__LEAF_CODE(tla__t##c) >= 2 ? TLA__CODE_VAL(TLA__LEAF_CODE(tla__t##c)) : tla__t##c.fv[0];
#define TLA__LEAF_PAIR(a, p) TLA__STMT(__auto_type tla__a0 = (a); __auto_type tla__t1 = (p); TLA__FX_LEAF(0, 0) \
    enum { tla__off = 3, tla__depth = 2, tla__C0 = TLA__LEAF_CODE(tla__t0), tla__P0 = 2, \
           tla__C1 = TLA__SCODE(tla__t1, 0), tla__P1 = 12, tla__C2 = TLA__SCODE(tla__t1, 1), tla__P2 = 21, \
           tla__C3 = 4, tla__P3 = 1, TLA__UNUSED_SLOTS_FROM4, \
           tla__z0 = (int)TLA__QCODE(tla__t0, 8) - 2, tla__z1 = (int)TLA__QCODE(tla__t1, 8) - 2 }; \
    __auto_type tla__v1 = tla__t1.fv[0]; __auto_type tla__v2 = tla__t1.fv[1]; \
    int tla__v3 = 1, tla__v4 = 1, tla__v5 = 1, tla__v6 = 1, tla__v7 = 1; \
    TLA__FAST_TAIL2; )
#define TLA__PAIR_LEAF(p, a) TLA__STMT(__auto_type tla__t0 = (p); __auto_type tla__a1 = (a); TLA__FX_LEAF(1, 2) \
    enum { tla__off = 3, tla__depth = 2, tla__C0 = TLA__SCODE(tla__t0, 0), tla__P0 = 11, \
           tla__C1 = TLA__SCODE(tla__t0, 1), tla__P1 = 20, tla__C2 = TLA__LEAF_CODE(tla__t1), tla__P2 = 3, \
           tla__C3 = 4, tla__P3 = 1, TLA__UNUSED_SLOTS_FROM4, \
           tla__z0 = (int)TLA__QCODE(tla__t0, 8) - 2, tla__z1 = (int)TLA__QCODE(tla__t1, 8) - 2 }; \
    __auto_type tla__v0 = tla__t0.fv[0]; __auto_type tla__v1 = tla__t0.fv[1]; \
    int tla__v3 = 1, tla__v4 = 1, tla__v5 = 1, tla__v6 = 1, tla__v7 = 1; \
    TLA__FAST_TAIL2; )
/* (a, b, c, d, e) of five integers. */
#define TLA__FX_FACTS(c) tla__C##c = TLA__LEAF_CODE(tla__t##c), tla__P##c = (c) + 2, \
    tla__z##c = (int)TLA__QCODE(tla__t##c, 8) - 2,
#define TLA__LEAVES5(a, b, c, d, e) TLA__STMT(__auto_type tla__a0 = (a); __auto_type tla__a1 = (b); \
    __auto_type tla__a2 = (c); __auto_type tla__a3 = (d); __auto_type tla__a4 = (e); \
    TLA__FX_LEAF(0, 0) TLA__FX_LEAF(1, 1) TLA__FX_LEAF(2, 2) TLA__FX_LEAF(3, 3) TLA__FX_LEAF(4, 4) \
    enum { tla__off = 5, tla__depth = 1, TLA__FX_FACTS(0) TLA__FX_FACTS(1) TLA__FX_FACTS(2) TLA__FX_FACTS(3) \
           TLA__FX_FACTS(4) tla__C5 = 4, tla__P5 = 1, tla__C6 = 4, tla__P6 = 1, tla__C7 = 4, tla__P7 = 1 }; \
    int tla__v5 = 1, tla__v6 = 1, tla__v7 = 1; \
    enum { TLA__SLOTS(TLA__T_STATV, ~) tla__Q1 = TLA__QV(1, tla__z0), tla__Q2 = TLA__QV(tla__Q1, tla__z1), \
           tla__Q3 = TLA__QV(tla__Q2, tla__z2), tla__Q4 = TLA__QV(tla__Q3, tla__z3), tla__Zr = TLA__QV(tla__Q4, tla__z4) }; \
    typedef struct { char (*n)[tla__off + 1]; char (*dp)[tla__depth + 1]; TLA__SLOTS(TLA__FAST_INFO, ~) \
                     char (*tla_q8)[tla__Zr + 2]; } tla__info; \
    (struct { __typeof__(tla__t0) e0[1]; __typeof__(tla__t1) e1[1]; __typeof__(tla__t2) e2[1]; \
        __typeof__(tla__t3) e3[1]; __typeof__(tla__t4) e4[1]; \
        __typeof__(0 + tla__v0 + tla__v1 + tla__v2 + tla__v3 + tla__v4) fv[TLA_STATIC_LEAVES]; \
        long long fq[TLA_STATIC_LEAVES + 1]; \
        union { char (*tla_k)[9]; char (*tla_sv)[TLA__SV_BIAS]; int v; const tla__info *tla_f; \
                TLA__NILS_FROM_5 TLA__NIL_PARTS }; \
    }){ .e0 = { tla__t0 }, .e1 = { tla__t1 }, .e2 = { tla__t2 }, .e3 = { tla__t3 }, .e4 = { tla__t4 }, \
        .fv = { tla__v0, tla__v1, tla__v2, tla__v3, tla__v4, tla__v5, tla__v6, tla__v7 }, \
        .fq = { [TLA_STATIC_LEAVES] = TLA__T_RSIZE } }; )

/* a * b for two nodes (bound names): static when both are, else a long long. */
#define TLA__MUL_NODES(a, b) TLA_IF(TLA__IS_STATIC_LEAF(a) && TLA__IS_STATIC_LEAF(b), \
        TLA_C(TLA__SVAL(a) * (long long)TLA__SVAL(b)), (long long)TLA__VAL(a) * TLA__VAL(b))

/* tla_weight4bit_nZ(rows, cols), tla_mx_scale_a_row(rows, cols), tla_mx_scale_a_col,
 * tla_mx_scale_b_row, tla_mx_scale_b_col, tla_mx_scale_zZ, tla_mx_scale_nN -> layout with
 *   originShape (rows, cols).  CATLASS's MakeLayout<T, Weight4BitnZ> (C0 32, fractal 512) and
 *   MakeMxScaleLayout<float8_e8m0_t, Tag, isMxScaleB> (C0 2, fractal 32); formulas at the top
 *   of this header.  rows, cols: C integers or static integers (then everything is static).
 *   Misuse: "tla: rows and cols of a format must be integers", "tla: a static integer must lie in [...]".
 * Example:
 *   int m = 256;
 *   tla_auto A = tla_mx_scale_a_row(m, TLA_C(32));       // (m,(_2,_16)):(_32,(_1,_2)), example 53's scales of A
 *   tla_auto B = tla_mx_scale_b_col(TLA_C(32), 512);     // ((_2,_16),512):((_1,_2),_32)
 *   if (tla_crd2offset(tla_make_tuple(3, 5), A) != 3 * 32 + 5) return 1;
 *   if (tla_crd2offset(tla_make_tuple(5, 3), B) != 5 + 3 * 32) return 1;
 *   _Static_assert(tla_cosize(tla_mx_scale_zZ(TLA_C(256), TLA_C(32))) == 256 * 32, "");
 */
#define tla_weight4bit_nZ(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) \
        tla_make_layout(TLA__N_SHAPE(32), TLA__FMT_PAIRS(TLA_C(1), \
            TLA__CEIL_MUL(tla__fc, TLA_FRACTAL_ROWS, TLA_FRACTAL_ROWS * 32), TLA_C(32), TLA_C(512)), TLA__FMT_ORIGIN); )
#define tla_mx_scale_zZ(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) \
        tla_make_layout(TLA__Z_SHAPE(2), TLA__FMT_PAIRS(TLA_C(2), \
            TLA__CEIL_MUL(tla__fc, 2, TLA_FRACTAL_ROWS * 2), TLA_C(1), TLA_C(32)), TLA__FMT_ORIGIN); )
#define tla_mx_scale_nN(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) \
        tla_make_layout(TLA__N_SHAPE(2), TLA__FMT_PAIRS(TLA_C(1), TLA_C(32), \
            TLA_C(2), TLA__CEIL_MUL(tla__fr, 2, TLA_FRACTAL_ROWS * 2)), TLA__FMT_ORIGIN); )
/* A's scales (rows, (_2, ceil(cols/2))), B's ((_2, ceil(rows/2)), cols) */
#define TLA__MX_A_SHAPE TLA__LEAF_PAIR(tla__fr, TLA__LEAVES2(TLA_C(2), TLA__CEIL(tla__fc, 2)))
#define TLA__MX_B_SHAPE TLA__PAIR_LEAF(TLA__LEAVES2(TLA_C(2), TLA__CEIL(tla__fr, 2)), tla__fc)
#define tla_mx_scale_a_row(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) tla_make_layout(TLA__MX_A_SHAPE, \
        TLA__LEAF_PAIR(TLA__CEIL_MUL(tla__fc, 2, 2), TLA__LEAVES2(TLA_C(1), TLA_C(2))), TLA__FMT_ORIGIN); )
#define tla_mx_scale_a_col(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) tla_make_layout(TLA__MX_A_SHAPE, \
        TLA__LEAF_PAIR(TLA_C(2), TLA__LEAVES2(TLA_C(1), TLA__CEIL_MUL(tla__fr, 1, 2))), TLA__FMT_ORIGIN); )
#define tla_mx_scale_b_row(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) tla_make_layout(TLA__MX_B_SHAPE, \
        TLA__PAIR_LEAF(TLA__LEAVES2(TLA_C(1), TLA__CEIL_MUL(tla__fc, 1, 2)), TLA_C(2)), TLA__FMT_ORIGIN); )
#define tla_mx_scale_b_col(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) tla_make_layout(TLA__MX_B_SHAPE, \
        TLA__PAIR_LEAF(TLA__LEAVES2(TLA_C(1), TLA_C(2)), TLA__CEIL_MUL(tla__fr, 2, 2)), TLA__FMT_ORIGIN); )

/* tla_row_major_fp4(rows, cols), tla_column_major_fp4(rows, cols) -> layout with originShape (rows, cols)
 *   CATLASS's RowMajor / ColumnMajor of fp4 (float4_e2m1x2_t): (rows,cols):(roundup(cols,2),_1) and
 *   (rows,cols):(_1,roundup(rows,2)), so every row (column) starts on a byte.  int4 keeps
 *   tla_row_major / tla_column_major.  Run time: tla_layout_format_bits_ex with TLA_STRIDE_EVEN.
 * Example:
 *   tla_auto A = tla_row_major_fp4(3, TLA_C(5));          // (3,_5):(_6,_1)
 *   _Static_assert(tla_value(tla_get(tla_stride(A), 0)) == 6, "");
 *   if (tla_crd2offset(tla_make_tuple(2, 4), tla_column_major_fp4(7, 3)) != 2 + 4 * 8) return 1;
 */
#define tla_row_major_fp4(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) tla_make_layout(TLA__LEAVES2(tla__fr, tla__fc), \
        TLA__LEAVES2(TLA__CEIL_MUL(tla__fc, 2, 2), TLA_C(1)), TLA__FMT_ORIGIN); )
#define tla_column_major_fp4(rows, cols) TLA__STMT(TLA__FMT_ARGS(rows, cols) tla_make_layout(TLA__LEAVES2(tla__fr, tla__fc), \
        TLA__LEAVES2(TLA_C(1), TLA__CEIL_MUL(tla__fr, 2, 2)), TLA__FMT_ORIGIN); )

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
#define TLA__CONV_ARGS(a, b, c, d) __auto_type tla__c0a = (a); __auto_type tla__c1a = (b); \
        __auto_type tla__c2a = (c); __auto_type tla__c3a = (d); \
        TLA__NODE_BIND(tla__c0, tla__c0a) TLA__NODE_BIND(tla__c1, tla__c1a) \
        TLA__NODE_BIND(tla__c2, tla__c2a) TLA__NODE_BIND(tla__c3, tla__c3a) \
        _Static_assert(TLA__IS_LEAF(tla__c0) && TLA__IS_LEAF(tla__c1) && TLA__IS_LEAF(tla__c2) && \
            TLA__IS_LEAF(tla__c3), "tla: the sizes of a convolution layout must be integers");
/* CATLASS's BYTE_PER_C0 / sizeof(Element) (not bits: a 4-bit tla_int4 counts as a byte here) */
#define TLA__CONV_C0(T) (TLA_C0_BYTES / (int)sizeof(T))
/* strides (c1*c2*c3*C0, c2*c3*C0, c3*C0, _C0, _1) of sizes c0..c3 (c3 the bound node tla__c3n) */
#define TLA__CONV_LAYOUT(T, last) \
        __auto_type tla__s2a = TLA__CEIL_MUL(last, 1, TLA__CONV_C0(T)); TLA__NODE_BIND(tla__s2, tla__s2a) \
        __auto_type tla__s1a = TLA__MUL_NODES(tla__c2, tla__s2); TLA__NODE_BIND(tla__s1, tla__s1a) \
        __auto_type tla__s0 = TLA__MUL_NODES(tla__c1, tla__s1); \
        __auto_type tla__csh = TLA__LEAVES5(tla__c0, tla__c1, tla__c2, last, TLA_C(TLA__CONV_C0(T))); \
        tla_make_layout(tla__csh, TLA__LEAVES5(tla__s0, tla__s1, tla__s2, TLA_C(TLA__CONV_C0(T)), TLA_C(1)), tla__csh);
#define tla_fmap(T, batch, cin1, h, w) TLA__STMT(TLA__CHECK_ELEM_TYPE(T) TLA__CONV_ARGS(batch, cin1, h, w) \
        TLA__CONV_LAYOUT(T, tla__c3) )
#define tla_conv_filter(T, cin1, kh, kw, cout) TLA__STMT(TLA__CHECK_ELEM_TYPE(T) TLA__CONV_ARGS(cin1, kh, kw, cout) \
        TLA__CONV_LAYOUT(T, tla__c3) )
#define tla_conv_filter_l1(T, cin1, kh, kw, cout) TLA__STMT(TLA__CHECK_ELEM_TYPE(T) TLA__CONV_ARGS(cin1, kh, kw, cout) \
        __auto_type tla__cra = TLA__CEIL_MUL(tla__c3, TLA_FRACTAL_ROWS, TLA_FRACTAL_ROWS); TLA__NODE_BIND(tla__cr, tla__cra) \
        TLA__CONV_LAYOUT(T, tla__cr) )

/* clang-format on */
#endif
