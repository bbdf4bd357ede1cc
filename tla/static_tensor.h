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
 *   tla_tensor_layout(A), tla_tensor_data(A)   the layout value and the pointer
 *   tla_tensor_tile_at(A, tile, coord)         CATLASS's GetTile: the tile of extent `tile` at
 *                                              element coordinate `coord`, a tensor on the same
 *                                              pointer whose element c is A's coord + c (on a
 *                                              fractal boundary or not), cropped to A's extent
 *
 * Size: when every part of the layout is static the tensor is the pointer alone (the layout
 * lives in the type, and is rebuilt from it where it is used); otherwise it is the pointer
 * and the layout value (the static core's flat layout: 8 leaf slots per part, static ones
 * included, so a mixed rank-2 tensor is the pointer plus about 64-128 bytes).
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

/* Every part of layout L (bound) is static: its value can be rebuilt from its type. */
#define TLA__LAYOUT_ALL_STATIC(L) (TLA__ALL_STATIC(TLA__LSHAPE(L)) && TLA__ALL_STATIC(TLA__LSTRIDE(L)) \
        && TLA__ALL_STATIC((L).tla_o[0]) && TLA__ALL_STATIC((L).tla_x[0]))

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
        __builtin_choose_expr(TLA__LAYOUT_ALL_STATIC(tla__mtl), \
            ((struct { union { __typeof__(tla__mtp) tla_p; const __typeof__(tla__mtl) *tla_lt, *tla_l; \
                               char (*tla_lk)[TLA__KIND_TENSOR]; }; }){ { .tla_p = tla__mtp } }), \
            ((struct { union { __typeof__(tla__mtp) tla_p; const __typeof__(tla__mtl) *tla_lt; \
                               char (*tla_lk)[TLA__KIND_TENSOR]; }; \
                      __typeof__(tla__mtl) tla_l; }){ { .tla_p = tla__mtp }, tla__mtl })); })

/* A tensor argument A of function fn, bound to p (a pointer to it): a static tensor is itself;
 * anything else (a run-time tla_tensor or tla_tensor2, a layout, an integer, a name that did not
 * compile) is one message and then an all-static tensor of a nil layout, so nothing after it
 * reports (its kind, TLA__KIND_TENSOR, is what marks a static tensor). */
#define TLA__TENSOR_ARG(p, A, fn) __auto_type p##0 = (A); \
        __auto_type p##1 = &TLA__SNODE_X(p##0, tla_tensor: TLA__NIL, tla_tensor2: TLA__NIL,); \
        enum { p##k = TLA__K(*p##1) == TLA__KIND_TENSOR }; \
        _Static_assert(p##k, "tla: " fn " takes a static tensor (tla_make_static_tensor)"); \
        __auto_type p = &TLA_IF(p##k, *p##1, (tla__nil_tensor){ { 0 } });
typedef struct { union { char *tla_p; const tla__nil_layout *tla_lt, *tla_l; char (*tla_lk)[TLA__KIND_TENSOR]; }; } tla__nil_tensor;

/* The layout of tensor T (bound): rebuilt from the type when all static (the static core
 * reads static values from types, so the zero values are never read), else the stored one. */
#define TLA__TENSOR_LAYOUT(T) __builtin_choose_expr(sizeof(T) == sizeof((T).tla_p), ((__typeof__(*(T).tla_lt)){ 0 }), (T).tla_l)
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
