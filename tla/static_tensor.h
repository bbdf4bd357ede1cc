/* tla/static_tensor.h - static and mixed tensors: a typed pointer and a static or mixed layout.
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
 * the layout's run-time values, a long long each (a zN with run-time extents: 5 values, 48
 * bytes; a 16x16 tile of a static zN at a run-time coordinate: its extent and coordinate, 40).
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

#include "formats.h"
#include "convert.h"
#include "tensor.h"
#include "tensor2.h"

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
                      long long tla_dv[tla__mmn + !tla__mmn]; } tla__mt = { { .tla_p = tla__mtp }, { 0 } }; \
                tla__dpack4(tla__mt.tla_dv, tla__mm0, tla__mm1, tla__mm2, tla__mm3, TLA__DPARTS(tla__mtl)); tla__mt; })); })

/* ---- a mixed tensor keeps the layout's run-time values only ----
 * Slot j of a part (shape, stride, originShape, tile coordinate) is a run-time value when it
 * exists (j < the part's slots) and its value code is not static: bit j of the part's mask.
 * make_static_tensor packs those values into tla_dv (long long each), part after part, slot
 * after slot.  The layout is rebuilt where it is used from its type (each part's codes, read
 * from the info types, _hf0.._hf3) and tla_dv: every slot is written, run-time ones from tla_dv
 * and static ones from their codes, and -O2 reads tla_dv directly (no copies left). */
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
/* A part's slot count + 1 and value codes (f: its info). */
#define TLA__DCODES(f) sizeof(*f->n), sizeof(*f->c0), sizeof(*f->c1), sizeof(*f->c2), sizeof(*f->c3), sizeof(*f->c4), \
        sizeof(*f->c5), sizeof(*f->c6), sizeof(*f->c7)
#define TLA__DUNPACK(T, L) tla__dunpack4((T).tla_dv, TLA__DPARTS(L), TLA__DCODES(_hf0), TLA__DCODES(_hf1), \
        TLA__DCODES(_hf2), TLA__DCODES(_hf3))
/* A slot of es bytes (a node's values are integers of 1, 2, 4 or 8 bytes) read as, and written
 * from, a long long: the round trip gives back the same bits. */
TLA__ALWAYS_INLINE TLA_FUNC long long tla__dget(const void *v, int j, size_t es) {
    const char *b = (const char *)v + (size_t)j * es;
    int8_t x1;
    int16_t x2;
    int32_t x4;
    int64_t x8;
    switch (es) {
    case 1: memcpy(&x1, b, 1); return x1;
    case 2: memcpy(&x2, b, 2); return x2;
    case 4: memcpy(&x4, b, 4); return x4;
    default: memcpy(&x8, b, 8); return x8;
    }
}
TLA__ALWAYS_INLINE TLA_FUNC void tla__dset(void *v, int j, size_t es, long long x) {
    char *b = (char *)v + (size_t)j * es;
    int8_t x1 = (int8_t)x;
    int16_t x2 = (int16_t)x;
    int32_t x4 = (int32_t)x;
    int64_t x8 = (int64_t)x;
    switch (es) {
    case 1: memcpy(b, &x1, 1); break;
    case 2: memcpy(b, &x2, 2); break;
    case 4: memcpy(b, &x4, 4); break;
    default: memcpy(b, &x8, 8); break;
    }
}
/* Slot j's place in the packed values: the run-time slots before it. */
#define TLA__DAT(m, j) __builtin_popcount((m) & ((1u << (j)) - 1))
#define TLA__DPK(j) if (m >> j & 1) dv[TLA__DAT(m, j)] = tla__dget(v, j, es);
#define TLA__DUP(j) tla__dset(v, j, es, m >> j & 1 ? dv[TLA__DAT(m, j)] : c##j >= 2 ? (long long)c##j - tla__B : 0);
/* A part's codes as parameters (n: its slots + 1) and its mask from them, as TLA__DMASK. */
#define TLA__DCP(p) size_t p##n, size_t p##0, size_t p##1, size_t p##2, size_t p##3, size_t p##4, size_t p##5, size_t p##6, \
        size_t p##7
#define TLA__DCA(p) p##n, p##0, p##1, p##2, p##3, p##4, p##5, p##6, p##7
TLA__ALWAYS_INLINE TLA_FUNC unsigned tla__dmask(TLA__DCP(c)) {
    return ((cn > 1 && c0 < 2) | (cn > 2 && c1 < 2) << 1 | (cn > 3 && c2 < 2) << 2 | (cn > 4 && c3 < 2) << 3
            | (cn > 5 && c4 < 2) << 4 | (cn > 6 && c5 < 2) << 5 | (cn > 7 && c6 < 2) << 6 | (cn > 8 && c7 < 2) << 7);
}
TLA__ALWAYS_INLINE TLA_FUNC void tla__dpack(long long *dv, const void *v, size_t es, unsigned m) {
    TLA__DPK(0) TLA__DPK(1) TLA__DPK(2) TLA__DPK(3) TLA__DPK(4) TLA__DPK(5) TLA__DPK(6) TLA__DPK(7)
}
/* Part v (a null pointer: the layout has no such part) from its packed values and codes;
 * gives the number of packed values it read. */
TLA__ALWAYS_INLINE TLA_FUNC int tla__dunpack(const long long *dv, void *v, size_t es, TLA__DCP(c)) {
    unsigned m = tla__dmask(TLA__DCA(c));
    if (!v) return 0;
    TLA__DUP(0) TLA__DUP(1) TLA__DUP(2) TLA__DUP(3) TLA__DUP(4) TLA__DUP(5) TLA__DUP(6) TLA__DUP(7)
    return __builtin_popcount(m);
}
/* The four parts, one after the other in dv (m0..m3: their masks). */
TLA__ALWAYS_INLINE TLA_FUNC void tla__dpack4(long long *dv, unsigned m0, unsigned m1, unsigned m2, unsigned m3,
                                             const void *s, size_t ess, const void *d, size_t esd,
                                             const void *o, size_t eso, const void *x, size_t esx) {
    tla__dpack(dv, s, ess, m0);
    dv += __builtin_popcount(m0);
    tla__dpack(dv, d, esd, m1);
    dv += __builtin_popcount(m1);
    tla__dpack(dv, o, eso, m2);
    dv += __builtin_popcount(m2);
    tla__dpack(dv, x, esx, m3);
}
TLA__ALWAYS_INLINE TLA_FUNC void tla__dunpack4(const long long *dv, void *s, size_t ess, void *d, size_t esd, void *o,
                                               size_t eso, void *x, size_t esx, TLA__DCP(a), TLA__DCP(b), TLA__DCP(c),
                                               TLA__DCP(e)) {
    dv += tla__dunpack(dv, s, ess, TLA__DCA(a));
    dv += tla__dunpack(dv, d, esd, TLA__DCA(b));
    dv += tla__dunpack(dv, o, eso, TLA__DCA(c));
    tla__dunpack(dv, x, esx, TLA__DCA(e));
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

/* The layout of tensor T (bound), rebuilt from its type and its packed run-time values (none
 * when all static): every slot is written, static ones from their codes, since run-time
 * arithmetic over a mixed layout (a prefix product, a size) reads every slot. */
#define TLA__TENSOR_LAYOUT(T) __extension__ ({ __typeof__(*(T).tla_lt) tla__rl; TLA__DINFO(tla__rl) TLA__DUNPACK(T, tla__rl); \
        tla__rl; })
#define tla_tensor_layout(A) __extension__ ({ TLA__TENSOR_ARG(tla__tlA, A, "tla_tensor_layout") TLA__TENSOR_LAYOUT(*tla__tlA); })
#define tla_tensor_data(A) __extension__ ({ TLA__TENSOR_ARG(tla__tdA, A, "tla_tensor_data") tla__tdA->tla_p; })

/* tla_tensor_elem(A, c...) -> pointer to the element: A's pointer + crd2offset(c, layout).
 *   One argument: any crd2offset coordinate; two or more: one integer per top-level mode. */
#define tla_tensor_elem(A, ...) __extension__ ({ TLA__TENSOR_ARG(tla__teA, A, "tla_tensor_elem") \
        __auto_type tla__teL = TLA__TENSOR_LAYOUT(*tla__teA); __auto_type tla__tec = TLA__TENSOR_CRD(__VA_ARGS__); \
        TLA__TENSOR_CHECKED(tla__teA->tla_p + tla_crd2offset(tla__tec, tla__teL)); })
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

/* tla_tensor_tile_at(A, tile, coord) -> the tile tensor (see the top of this file; the layout
 *   is tla_tile_at's, so static tile extents stay static and its coordinate is added to every
 *   element's). */
#define tla_tensor_tile_at(A, tile, coord) __extension__ ({ TLA__TENSOR_ARG(tla__ttA, A, "tla_tensor_tile_at") \
        __auto_type tla__ttL = TLA__TENSOR_LAYOUT(*tla__ttA); \
        tla_make_static_tensor(tla__ttA->tla_p, tla_tile_at(tla__ttL, tile, coord)); })

/* clang-format on */
#endif
