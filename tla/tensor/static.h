/* tla/tensor/static.h - static and mixed tensors: a typed pointer and a static or mixed layout.
 *
 * The run-time tla_tensor (tensor.h) holds a run-time layout and an element size.  A kernel
 * that knows its layout at compile time wants neither: here the element type comes from the
 * pointer (no elem_bytes to get wrong), the layout's static parts stay in the type, and an
 * element's address is the arithmetic you would write by hand.
 *
 *   tla_auto A = tla_make_static_tensor(p, L)         p any object pointer (float *, uint16_t *, ...),
 *                                              L a static or mixed layout (tla_make_layout,
 *                                              tla_zN, tla_tile_at, ...)
 *   tla_tensor_elem(A, i, j)                   pointer to element (i, j): the same coordinate
 *                                              forms as tla_crd2offset (one integer, one per
 *                                              mode, or a tuple congruent to the shape)
 *   tla_tensor_layout(A), tla_tensor_data(A)   the layout (a value) and the pointer
 *   tla_tensor_tile_at(A, tile, coord)         CATLASS's GetTile: the tile of extent `tile` at
 *                                              element coordinate `coord`, a tensor on the same
 *                                              pointer whose element c is A's coord + c (on a
 *                                              fractal boundary or not), cropped to A's extent
 *
 * Size: when every part of the layout is static the tensor is the pointer alone (the layout
 * lives in the type, and is rebuilt from it where it is used); otherwise it is the pointer and
 * the layout's run-time values in the common type of its values (a zN with int extents: 5
 * values, long long since a format's run-time stride is, 48 bytes; a 16x16 tile of a static zN at a run-time coordinate: its extent and
 * coordinate, long long, 40).
 *
 * With TLA_CHECKED defined before including tla.h, tla_tensor_elem checks the coordinate
 * (one integer per mode) against the tensor's extent (originShape) and gives NULL outside it;
 * without it nothing is checked and nothing is compiled for it.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   static uint16_t buf[32 * 48];
 *   tla_auto A = tla_make_static_tensor(buf, tla_zN(tla_half, TLA_C(32), TLA_C(48)));
 *   _Static_assert(sizeof A == sizeof(uint16_t *), "an all-static tensor is its pointer");
 *   int r = 17, c = 33;
 *   *tla_tensor_elem(A, r, c) = 7;                              // offset 16 + 256 + 1 + 1024
 *   if (buf[16 + 256 + 1 + 1024] != 7) return 1;
 *   tla_auto T = tla_tensor_tile_at(A, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(0, 8));
 *   if (tla_tensor_elem(T, 0, 8) != tla_tensor_elem(A, 0, 16)) return 1;   // off the fractal: still right
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_STATIC_TENSOR_H
#define TLA_STATIC_TENSOR_H
/* Macros only: a system header, so gcc's notes on a misuse stop at the user's call. */
#pragma GCC system_header

#include "tla/static/formats.h"
#include "tla/static/convert.h"
#include "tla/tensor/tensor.h"
#include "tla/tensor/tensor2.h"

/* tla_make_static_tensor(p, L) -> static or mixed tensor: pointer p (its element type is the
 *   tensor's), layout L; each evaluated once.  The pointer is member tla_p.
 *   A format made for an element type (tla_zN(tla_half, ...), zZ, nZ, nN, and their tiles)
 *   records its size, and p must point to elements of that size.
 *   Misuse: "tla: make_static_tensor takes an object pointer", "tla: make_static_tensor takes a
 *   static or mixed layout (for a run-time tla_layout: tla_tensor_make)", "tla:
 *   make_static_tensor: the element size of the pointer differs from the element type of the
 *   format". */
#define tla_make_static_tensor(p, L) __extension__ ({ __auto_type tla__mtp = (p); __auto_type tla__mtl0 = (L); \
        _Static_assert(TLA__CLS(tla__mtp) == 5, "tla: make_static_tensor takes an object pointer"); \
        __auto_type tla__mtl1 = TLA__SNODE(tla__mtl0); \
        _Static_assert(TLA__IS_LAYOUT(tla__mtl1), \
            "tla: make_static_tensor takes a static or mixed layout (for a run-time tla_layout: tla_tensor_make)"); \
        __auto_type tla__mtl = TLA__AL(tla__mtl1); \
        _Static_assert(TLA__LEB(tla__mtl) == 1 || TLA__LEB(tla__mtl) - 1 == sizeof *tla__mtp, \
            "tla: make_static_tensor: the element size of the pointer differs from the element type of the format"); \
        TLA__DINFO(tla__mtl) \
        enum { tla__mm0 = TLA__DMASK(_hf0), tla__mm1 = TLA__DMASK(_hf1), tla__mm2 = TLA__DMASK(_hf2), \
               tla__mm3 = TLA__DMASK(_hf3), \
               tla__mmn = TLA__DN(tla__mm0) + TLA__DN(tla__mm1) + TLA__DN(tla__mm2) + TLA__DN(tla__mm3) }; \
        __builtin_choose_expr(tla__mmn == 0, \
            ((struct { union { __typeof__(tla__mtp) tla_p; __typeof__(tla__mtl) *tla_lt; \
                               char (*tla_lk)[TLA__KIND_TENSOR]; long long *tla_dv; }; }){ { .tla_p = tla__mtp } }), \
            __extension__ ({ struct { union { __typeof__(tla__mtp) tla_p; __typeof__(tla__mtl) *tla_lt; \
                               char (*tla_lk)[TLA__KIND_TENSOR]; }; \
                      TLA__DTYPE(tla__mtl) tla_dv[tla__mmn + !tla__mmn]; } tla__mt = { { .tla_p = tla__mtp }, { 0 } }; \
                tla__dpack4(tla__mt.tla_dv, tla__mmn + !tla__mmn, sizeof *tla__mt.tla_dv, tla__mm0, tla__mm1, tla__mm2, tla__mm3, \
                            TLA__DPARTS(tla__mtl)); tla__mt; })); })
#define tla_tensor_layout(A) __extension__ ({ TLA__TENSOR_ARG(tla__tlA, A, "tla_tensor_layout") TLA__TENSOR_LAYOUT(*tla__tlA); })
#define tla_tensor_data(A) __extension__ ({ TLA__TENSOR_ARG(tla__tdA, A, "tla_tensor_data") tla__tdA->tla_p; })

/* tla_tensor_elem(A, c...) -> pointer to the element: A's pointer + crd2offset(c, layout).
 *   One argument: any crd2offset coordinate; two or more: one integer per top-level mode. */
#define tla_tensor_elem(A, ...) __extension__ ({ TLA__TENSOR_ARG(tla__teA, A, "tla_tensor_elem") \
        __auto_type tla__teL = TLA__TENSOR_LAYOUT(*tla__teA); __auto_type tla__tec = TLA__TENSOR_CRD(__VA_ARGS__); \
        TLA__TENSOR_CHECKED(tla__teA->tla_p + tla_crd2offset(tla__tec, tla__teL)); })

/* tla_tensor_tile_at(A, tile, coord) -> the tile tensor (see the top of this file; the layout
 *   is tla_tile_at's, so static tile extents stay static and its coordinate is added to every
 *   element's). */
#define tla_tensor_tile_at(A, tile, coord) __extension__ ({ TLA__TENSOR_ARG(tla__ttA, A, "tla_tensor_tile_at") \
        __auto_type tla__ttL = TLA__TENSOR_LAYOUT(*tla__ttA); \
        tla_make_static_tensor(tla__ttA->tla_p, tla_tile_at(tla__ttL, tile, coord)); })

/* ---------------------------------------------------------------- internals */

/* ---- a mixed tensor keeps the layout's run-time values only ----
 * Slot j of a part (shape, stride, originShape, tile coordinate) is a run-time value when it
 * exists (j < the part's slots) and its value code is not static: bit j of the part's mask.
 * make_static_tensor packs those values into tla_dv, part after part, slot after slot, each
 * as the common type of the parts' values (TLA__DTYPE: int for a format with int extents,
 * long long for a tile, whose cropped extent is).  The layout is rebuilt where it is used
 * from its type (each part's codes, read from the info types, _hf0.._hf3) and tla_dv: every
 * slot is written, run-time ones from tla_dv and static ones from their codes, and -O2 reads
 * tla_dv directly (no copies left). */
#define TLA__DBIT(f, j) (sizeof(*f->c##j) < 2) << j
#define TLA__DMASK(f) ((TLA__DBIT(f, 0) | TLA__DBIT(f, 1) | TLA__DBIT(f, 2) | TLA__DBIT(f, 3) | TLA__DBIT(f, 4) \
        | TLA__DBIT(f, 5) | TLA__DBIT(f, 6) | TLA__DBIT(f, 7)) & ((1 << (sizeof(*f->n) - 1)) - 1))
#define TLA__DN(m) __builtin_popcount(m)
/* The info of L's four parts (for their codes; not evaluated). */
#define TLA__DINFO(L) __typeof__((L).tla_s[0].tla_f) _hf0; __typeof__((L).tla_d[0].tla_f) _hf1; \
        __typeof__((L).tla_o[0].tla_f) _hf2; __typeof__((L).tla_x[0].tla_f) _hf3;
/* Part P's values and their size, or a null pointer where the layout has no such part. */
#define TLA__DPART(L, has, P) __builtin_choose_expr(has, (L).P[0].v, (void *)0), sizeof (L).P[0].v[0]
#define TLA__DPARTS(L) (L).tla_s[0].v, sizeof (L).tla_s[0].v[0], (L).tla_d[0].v, sizeof (L).tla_d[0].v[0], \
        TLA__DPART(L, TLA__HAS_ORIGIN(L), tla_o), TLA__DPART(L, TLA__IS_TILE(L), tla_x)
/* The type a mixed tensor keeps its run-time values in: the common type of L's parts' values
 * (a part L does not have reads as a nil's, int). */
#define TLA__DTYPE(L) __typeof__(0 + (L).tla_s[0].v[0] + (L).tla_d[0].v[0] + (L).tla_o[0].v[0] + (L).tla_x[0].v[0])
/* A part's slot count + 1 and value codes (f: its info). */
#define TLA__DCODES(f) sizeof(*f->n), sizeof(*f->c0), sizeof(*f->c1), sizeof(*f->c2), sizeof(*f->c3), sizeof(*f->c4), \
        sizeof(*f->c5), sizeof(*f->c6), sizeof(*f->c7)
#define TLA__DUNPACK(T, L) tla__dunpack4((T).tla_dv, (int)(sizeof(T) - sizeof((T).tla_p)) / (int)sizeof *(T).tla_dv, \
        sizeof *(T).tla_dv, TLA__DPARTS(L), TLA__DCODES(_hf0), TLA__DCODES(_hf1), \
        TLA__DCODES(_hf2), TLA__DCODES(_hf3))
/* A slot's value is an integer of es bytes (1, 2, 4 or 8), a packed value one of ed >= es: a
 * value moves as its es low-order bytes, the same bits (the place of those bytes in a wider
 * integer depends on the byte order). */
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define TLA__DLOW(ed, es) ((ed) - (es))
#else
#define TLA__DLOW(ed, es) 0
#endif
/* Slot j's place in the packed values: the run-time slots before it (modulo nv, the number
 * of packed values left from dv on: so a slot that is not packed names a place inside them,
 * where gcc -O0, which keeps the untaken branch, looks). */
#define TLA__DAT(m, j) __builtin_popcount((m) & ((1u << (j)) - 1))
#define TLA__DPK(j) if (m >> j & 1) memcpy((char *)dv + TLA__DAT(m, j) % nv * ed + TLA__DLOW(ed, es), (const char *)v + j * es, es);
#define TLA__DUP(j) if (m >> j & 1) memcpy((char *)v + j * es, (const char *)dv + TLA__DAT(m, j) % nv * ed + TLA__DLOW(ed, es), es); \
    else { long long x = c##j >= 2 ? (long long)c##j - tla__B : 0; memcpy((char *)v + j * es, (char *)&x + TLA__DLOW(8, es), es); }
/* A part's codes as parameters (n: its slots + 1) and its mask from them, as TLA__DMASK. */
#define TLA__DCP(p) size_t p##n, size_t p##0, size_t p##1, size_t p##2, size_t p##3, size_t p##4, size_t p##5, size_t p##6, \
        size_t p##7
#define TLA__DCA(p) p##n, p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7
TLA__ALWAYS_INLINE TLA_FUNC unsigned tla__dmask(TLA__DCP(c)) {
    return ((cn > 1 && c0 < 2) | (cn > 2 && c1 < 2) << 1 | (cn > 3 && c2 < 2) << 2 | (cn > 4 && c3 < 2) << 3
            | (cn > 5 && c4 < 2) << 4 | (cn > 6 && c5 < 2) << 5 | (cn > 7 && c6 < 2) << 6 | (cn > 8 && c7 < 2) << 7);
}
TLA__ALWAYS_INLINE TLA_FUNC void tla__dpack(void *dv, int nv, size_t ed, const void *v, size_t es, unsigned m) {
    TLA__DPK(0) TLA__DPK(1) TLA__DPK(2) TLA__DPK(3) TLA__DPK(4) TLA__DPK(5) TLA__DPK(6) TLA__DPK(7)
}
/* Part v (a null pointer: the layout has no such part) from its packed values and codes;
 * gives the number of packed values it read. */
TLA__ALWAYS_INLINE TLA_FUNC int tla__dunpack(const void *dv, int nv, size_t ed, void *v, size_t es, TLA__DCP(c)) {
    unsigned m = tla__dmask(TLA__DCA(c));
    if (!v) return 0;
    TLA__DUP(0) TLA__DUP(1) TLA__DUP(2) TLA__DUP(3) TLA__DUP(4) TLA__DUP(5) TLA__DUP(6) TLA__DUP(7)
    return __builtin_popcount(m);
}
/* The four parts, one after the other in dv (nv >= 1 values of ed bytes; m0..m3: their masks).
 * Each part's values start at its offset k, taken modulo nv as the places are (a part with no
 * values may start past the end). */
TLA__ALWAYS_INLINE TLA_FUNC void tla__dpack4(void *dv, int nv, size_t ed, unsigned m0, unsigned m1, unsigned m2,
                                             unsigned m3, const void *s, size_t ess, const void *d, size_t esd,
                                             const void *o, size_t eso, const void *x, size_t esx) {
    char *p = (char *)dv;
    int k0 = __builtin_popcount(m0), k1 = k0 + __builtin_popcount(m1), k2 = k1 + __builtin_popcount(m2);
    tla__dpack(p, nv, ed, s, ess, m0);
    tla__dpack(p + (size_t)(k0 % nv) * ed, nv - k0 % nv, ed, d, esd, m1);
    tla__dpack(p + (size_t)(k1 % nv) * ed, nv - k1 % nv, ed, o, eso, m2);
    tla__dpack(p + (size_t)(k2 % nv) * ed, nv - k2 % nv, ed, x, esx, m3);
}
TLA__ALWAYS_INLINE TLA_FUNC void tla__dunpack4(const void *dv, int nv, size_t ed, void *s, size_t ess, void *d, size_t esd,
                                               void *o, size_t eso, void *x, size_t esx, TLA__DCP(a), TLA__DCP(b),
                                               TLA__DCP(c), TLA__DCP(e)) {
    const char *p = (const char *)dv;
    int k = tla__dunpack(p, nv, ed, s, ess, TLA__DCA(a));
    k += tla__dunpack(p + (size_t)(k % nv) * ed, nv - k % nv, ed, d, esd, TLA__DCA(b));
    k += tla__dunpack(p + (size_t)(k % nv) * ed, nv - k % nv, ed, o, eso, TLA__DCA(c));
    tla__dunpack(p + (size_t)(k % nv) * ed, nv - k % nv, ed, x, esx, TLA__DCA(e));
}

/* A tensor argument A of function fn, bound to p (a pointer to it): a static tensor is itself;
 * anything else (a run-time tla_tensor or tla_tensor2, a layout, an integer, a name that did not
 * compile) is one message and then an all-static tensor of a nil layout, so nothing after it
 * reports (its kind, TLA__KIND_TENSOR, is what marks a static tensor). */
#define TLA__TENSOR_ARG(p, A, fn) __auto_type p##0 = (A); \
        __auto_type p##1 = &TLA__SNODE_X(p##0, tla_tensor: TLA__NIL, tla_tensor2: TLA__NIL,); \
        enum { p##k = TLA__K(*p##1) == TLA__KIND_TENSOR }; \
        _Static_assert(p##k, "tla: " fn " takes a static tensor (tla_make_static_tensor)"); \
        __auto_type p = &TLA_IF(p##k, *p##1, (tla__nil_tensor){ { 0 } });
typedef struct { union { char *tla_p; tla__nil_layout *tla_lt; char (*tla_lk)[TLA__KIND_TENSOR]; long long *tla_dv; }; } tla__nil_tensor;

/* The layout of tensor T (bound), rebuilt from its type: when all static, a value of that type
 * (its slots are never read: every reader of an all-static layout takes static values from
 * the type); when mixed, from the packed run-time values too, every slot written, static ones
 * from their codes (run-time arithmetic over a mixed layout, a prefix product or a size, reads
 * static slots as well). */
#define TLA__TENSOR_LAYOUT(T) __builtin_choose_expr(sizeof(T) == sizeof((T).tla_p), TLA__STATIC_LAYOUT(T), \
        __extension__ ({ __typeof__(*(T).tla_lt) tla__rl; TLA__DINFO(tla__rl) TLA__DUNPACK(T, tla__rl); tla__rl; }))
/* (all static: a tile's coordinate is written from its codes, since crd2offset adds the
 * coordinate's stored values; a tile at a static coordinate of a static parent is all static) */
#define TLA__STATIC_LAYOUT(T) __extension__ ({ __typeof__(*(T).tla_lt) tla__sl = { 0 }; struct tla__nil tla__sx = { .v = { 0 } }; \
        __auto_type tla__sp = &TLA__IF(TLA__IS_TILE(tla__sl), tla__sl.tla_x[0], tla__sx); \
        tla__sp->v[0] = TLA__SVALR(*tla__sp, 0), tla__sp->v[1] = TLA__SVALR(*tla__sp, 1); tla__sl; })
#define TLA__TENSOR_CRD(...) TLA__CAT(TLA__TENSOR_CRD_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)
#define TLA__TENSOR_CRD_1(c) (c)
#define TLA__TENSOR_CRD_2(a, b) tla_make_tuple(a, b)
#define TLA__TENSOR_CRD_3(a, b, c) tla_make_tuple(a, b, c)
#define TLA__TENSOR_CRD_4(a, b, c, d) tla_make_tuple(a, b, c, d)
#ifdef TLA_CHECKED
/* The address, or NULL when the coordinate lies outside the extent (checked at run time on
 * the run-time forms of layout and coordinate: a checked build trades speed for the check). */
#define TLA__TENSOR_CHECKED(ptr) (tla__static_contains(tla_to_layout(tla__teL), tla_to_tuple(tla__tec)) ? (ptr) : NULL)
TLA_FUNC int tla__static_contains(tla_layout L, tla_tuple c) {
    tla_tensor t;
    memset(&t, 0, sizeof t);
    t.layout = L;
    return tla_tensor_contains(&t, &c);
}
#else
#define TLA__TENSOR_CHECKED(ptr) (ptr)
#endif

/* clang-format on */
#endif
