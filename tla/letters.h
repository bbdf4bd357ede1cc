/* tla/letters.h - one-letter macros of the including file set aside while tla.h is read.
 *
 * The headers' functions name their parameters and locals as the algebra does (L a layout,
 * M N K a matmul's extents, S D shape and stride), and a file that defines such a macro before
 * including tla.h (`#define K 64`, `-DN=128`: common in matmul code) would rewrite them.  tla.h
 * (and tla/compat.h) include this header first and last: the first time it saves and undefines
 * the macros A to Z (#pragma push_macro, which gcc and clang have), the second time it restores
 * them, so the including file's macros are back as they were after the include.  A header of
 * tla/ included on its own is not covered: include tla.h.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout L;  tla_error e;  int64_t n = 0;                 // (a K macro of the file: below)
 *   if (tla_layout_format(&L, TLA_ZN, 2, 32, 48, &e) != 0 || tla_layout_size(&n, &L, &e) != 0) return 1;
 *   if (n != 32 * 48) return 1;
 */
/* ---------------------------------------------------------------- internals */

/* No include guard: included in pairs, the first of a pair saves, the second restores. */
#ifndef TLA__LETTERS_SET_ASIDE
#define TLA__LETTERS_SET_ASIDE
#pragma push_macro("A")
#undef A
#pragma push_macro("B")
#undef B
#pragma push_macro("C")
#undef C
#pragma push_macro("D")
#undef D
#pragma push_macro("E")
#undef E
#pragma push_macro("F")
#undef F
#pragma push_macro("G")
#undef G
#pragma push_macro("H")
#undef H
#pragma push_macro("I")
#undef I
#pragma push_macro("J")
#undef J
#pragma push_macro("K")
#undef K
#pragma push_macro("L")
#undef L
#pragma push_macro("M")
#undef M
#pragma push_macro("N")
#undef N
#pragma push_macro("O")
#undef O
#pragma push_macro("P")
#undef P
#pragma push_macro("Q")
#undef Q
#pragma push_macro("R")
#undef R
#pragma push_macro("S")
#undef S
#pragma push_macro("T")
#undef T
#pragma push_macro("U")
#undef U
#pragma push_macro("V")
#undef V
#pragma push_macro("W")
#undef W
#pragma push_macro("X")
#undef X
#pragma push_macro("Y")
#undef Y
#pragma push_macro("Z")
#undef Z
#else
#undef TLA__LETTERS_SET_ASIDE
#pragma pop_macro("A")
#pragma pop_macro("B")
#pragma pop_macro("C")
#pragma pop_macro("D")
#pragma pop_macro("E")
#pragma pop_macro("F")
#pragma pop_macro("G")
#pragma pop_macro("H")
#pragma pop_macro("I")
#pragma pop_macro("J")
#pragma pop_macro("K")
#pragma pop_macro("L")
#pragma pop_macro("M")
#pragma pop_macro("N")
#pragma pop_macro("O")
#pragma pop_macro("P")
#pragma pop_macro("Q")
#pragma pop_macro("R")
#pragma pop_macro("S")
#pragma pop_macro("T")
#pragma pop_macro("U")
#pragma pop_macro("V")
#pragma pop_macro("W")
#pragma pop_macro("X")
#pragma pop_macro("Y")
#pragma pop_macro("Z")
#endif
