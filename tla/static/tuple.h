/* tla/static/tuple.h - IntTuples: construction and queries.
 *
 *   tla_auto s = tla_make_tuple(tla_make_tuple(TLA_C(16), 2), tla_make_tuple(TLA_C(16), n));   // ((_16,2),(_16,n))
 *   tla_rank(s) == 2, tla_depth(s) == 2, tla_size(s) == 512 * n
 *   tla_get(s, 1, 0)  is TLA_C(16), printed _16 (indices are literal 0..7, like get<1,0> in TLA)
 *
 * Elements are C integers (dynamic), static integers (_N / TLA_C(N)) or tuples written in
 * place, mixed freely; rank 1..8 per tuple, at most TLA_STATIC_LEAVES leaves and
 * TLA_STATIC_DEPTH levels in all (the run-time struct tla_tuple of rt/types.h holds more).  On
 * all-static tuples rank, depth and size are integer constant expressions.
 *
 * tla_make_tuple sees nested calls written in place through the preprocessor and builds ONE
 * flat value (node.h), which is what keeps a site cheap to compile.  The price:
 *   - a tuple *variable* is not an element: write the nesting in place, or use a macro that
 *     expands to the constructor (tla_make_tuple(s, 4) with `tla_auto s = ...` is refused with
 *     "tla: tuple elements are integers ...");
 *   - a constructor inside a larger element expression (tla_make_tuple(tla_size(tla_make_tuple(
 *     2, 4)), 4)) does not compile: bind the inner value to a variable first.
 * tla_make_tuple is an object-like macro (so it can tell nested calls from outer ones); it is
 * still written and used like a function.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   int n = 4;
 *   tla_auto s = tla_make_tuple(tla_make_tuple(TLA_C(16), 2), tla_make_tuple(TLA_C(16), n));   // ((_16,2),(_16,n))
 *   _Static_assert(tla_rank(s) == 2 && tla_depth(s) == 2, "rank and depth are constants");
 *   _Static_assert(tla_value(tla_get(s, 1, 0)) == 16, "get<1,0> is the static 16");
 *   if (tla_size(s) != 512 * n) return 1;
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_TUPLE_H
#define TLA_TUPLE_H
/* Macros only: a system header, so gcc's notes on a misuse stop at the user's call (core_gen.h). */
#pragma GCC system_header

#include "tla/static/node.h"

/* tla_make_tuple(e0, e1, ...) -> a static or mixed tuple (rank 1..8, at most 8 leaves, 4 levels)
 *   Each element is evaluated once.
 *   Misuse: "tla: tuple elements are integers ...", "tla: a static or mixed IntTuple holds at
 *   most TLA_STATIC_LEAVES (8) leaves ...", "... nests at most TLA_STATIC_DEPTH (4) levels ...". */
#define tla_make_tuple TLA__TUPLE

/* tla_value(leaf) -> its value: an integer constant expression when static (of a tuple, static,
 * mixed or a run-time tla_tuple: its first leaf's; of a layout, static or run-time: its shape's)
 * Example:
 *   int n = 5;
 *   _Static_assert(tla_value(TLA_C(-3)) == -3, "");
 *   if (tla_value(tla_get(tla_make_tuple(TLA_C(1), n), 1)) != 5) return 1;
 */
#define tla_value TLA__VALUE

/* ---- get ---- */
/* tla_get(x, i [, j, k, l]) -> node: element i of x, then element j of that, ...
 *   Of a layout: the sub-layout (shape and stride at that path).  Indices are literals 0..7 below
 *   the rank (like get<1,0> in TLA); x is evaluated once.  A leaf comes back as a static integer
 *   or as its run-time value; a sub-tuple is made on demand (node.h), in one step however many
 *   indices there are; a get written in another get's argument joins it (tla_get(tla_get(x, 1),
 *   0) is tla_get(x, 1, 0), one step: core_gen.h, "get's levels").
 *   Misuse: "tla: get index is past the end of the tuple", "tla: get of an integer: it has no
 *   elements", "tla: get takes literal indices 0..7, like get<1,0> in TLA", "tla: get needs an
 *   index", "tla: tla_get takes a static or mixed value; a run-time one: tla_tuple_get, ...".
 * Example:
 *   tla_auto L = tla_zN(float, TLA_C(32), TLA_C(32));       // ((_16,_2),(_8,_4)):((_8,_128),(_1,_256))
 *   _Static_assert(tla_size(tla_get(L, 1)) == 32, "the column mode");
 *   _Static_assert(tla_value(tla_get(tla_stride(L), 1, 1)) == 256, "");
 */
#define tla_get TLA__GET

/* ---------------------------------------------------------------- internals */
/* x is named three times, each in a statement expression of its own: in the condition and in
 * the constant (inside sizeof, so not evaluated: x's type gives its value code, which leaves as
 * the extent of an array type, through an enum: clang drops a last expression that names a
 * binding that did not compile) and in the run-time value.  So nothing is declared in the
 * caller's block, and the expression can be expanded twice in one block (a macro that names its
 * argument twice: CeilDiv(m, tla_value(...))).  The run-time value is an evaluated operand (of
 * __builtin_choose_expr), so clang counts what x names as used.  (Its `0;` is what the statement
 * expression gives when x did not compile: clang drops a last expression that names a failed
 * binding, and the value would be void, one more error.) */
#define TLA__VALUE_NOW(x) __builtin_choose_expr(sizeof(*__extension__ ({ __auto_type tla__vx = (x); \
        enum { _vc = TLA__VCODE(tla__vx) }; (char (*)[_vc])0; })) >= 2, TLA__CV(sizeof(*__extension__ ({ __auto_type tla__vx = (x); \
        enum { _vc = TLA__VCODE(tla__vx) }; (char (*)[_vc])0; }))), \
        __extension__ ({ __auto_type tla__vx = (x); 0; __builtin_choose_expr(TLA__CLS(tla__vx) == 12, TLA__VSLOTS(tla__vx).v[0], TLA__DV(tla__vx)); }))
/* A leaf node (the shape or stride of a sub-layout that is a leaf, e.g. tla_shape(tla_get(L, 1, 1)))
 * is an integer too: its slot 0 (a tuple or run-time value gives nil, whose code says dynamic).
 * The run-time value is slot 0 of a node, and leaf 0 of a run-time tla_tuple too (its values are
 * also named v, rt/types.h), as tla_value of a static tuple gives its first leaf's; of a layout,
 * static or run-time (whose shape's values are named v too), its shape's first leaf. */
#define TLA__VSLOTS(x) __builtin_choose_expr(TLA__CLS(x) == 12, (x), TLA__NIL)
#define TLA__VNODE(x) __builtin_choose_expr(TLA__CLS(x) == 12, _Generic((x), struct tla_layout: TLA__NIL, struct tla_tuple: TLA__NIL, \
        default: (x)), TLA__NIL)
/* (a layout whose shape is one leaf, a get of a leaf mode, answers like that leaf: statically
 * where it is static, as the get written in place does) */
#define TLA__VCODE(x) __builtin_choose_expr(TLA__CLS(x) == 12, TLA__IS_LEAF(TLA__VNODE(x)) || (TLA__IS_LAYOUT(TLA__VNODE(x)) \
        && TLA__DEPTH(TLA__VNODE(x)) == 0) ? TLA__F(TLA__VNODE(x), c0) : 1, TLA__LCODE(x))

/* tla_value(tla_get(t, i...)) (core_gen.h finds the get written in place): the leaf's code is
 * read from t's type with the facts a get step computes (TLA__VGET_ENUMS, the same formulas with
 * names of their own), and its value from t's slot; so t is named, not the get (a get made for
 * its type and for its value was 19.6 KB of text in a zN site), and a misuse of the get is
 * reported once.  As in TLA__VALUE_NOW, t is named three times, each in a statement expression
 * of its own: the condition derives every fact and makes the checks, the constant only the
 * leaf's code (TLA__VGET_CODE), the run-time value only the element's first slot
 * (TLA__VGET_SLOT).  Static: an integer constant expression (of a layout's leaf too); else the
 * slot's run-time value (a sub-tuple: its first leaf's, as tla_value of a tuple gives). */
#define TLA__VALUE_GET(t, ...) __builtin_choose_expr(sizeof(*__extension__ ({ __auto_type tla__vg = (t); \
        __typeof__(TLA__GET_ARG(tla__vg)) *_vgn = 0; __typeof__(_vgn->tla_f) _vgf = 0; \
        _Static_assert(TLA__CAT(TLA__GET_LITERALS_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__), \
            "tla: get takes literal indices 0..7, like get<1,0> in TLA"); \
        TLA__VGE(TLA__CAT(TLA__GET_PD_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)) \
        _Static_assert(!TLA__IS_LEAF(*_vgn) && _vgw == 0, "tla: get of an integer: it has no elements"); \
        enum { _vgrt = TLA__IS_RT_VALUE(tla__vg) }; _Static_assert(!_vgrt, TLA__GET_RT_MSG); \
        _Static_assert(_vgrt || TLA__IS_LEAF(*_vgn) || _vgw > 0 || _vgm > 0, \
            "tla: get index is past the end of the tuple"); (char (*)[_vgc])0; })) >= 2, \
        TLA__CV(sizeof(*__extension__ ({ __auto_type tla__vg = (t); __typeof__(TLA__GET_ARG(tla__vg).tla_f) _vgf = 0; \
            TLA__VGET_CODE(TLA__CAT(TLA__GET_PREFIX_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)) (char (*)[_vgc])0; }))), \
        __extension__ ({ __auto_type tla__vg = (t); __auto_type _vgn = &TLA__GET_ARG(tla__vg); __typeof__(_vgn->tla_f) _vgf = 0; \
            TLA__VGS(TLA__CAT(TLA__GET_PD_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)) 0; _vgn->v[_vgo]; }))
#define TLA__VGE(...) TLA__VGET_ENUMS(__VA_ARGS__)
#define TLA__VGS(...) TLA__VGET_SLOT(__VA_ARGS__)
#define TLA__GET_PD_1(i) TLA__GET_PREFIX_1(i), 10
#define TLA__GET_PD_2(i, j) TLA__GET_PREFIX_2(i, j), 100
#define TLA__GET_PD_3(i, j, k) TLA__GET_PREFIX_3(i, j, k), 1000
#define TLA__GET_PD_4(i, j, k, l) TLA__GET_PREFIX_4(i, j, k, l), 10000

/* ---- get ---- */
/* One get step (core_gen.h finds the level of a call and joins the indices of nested gets). */
#define TLA__GET_NOW(x, ...) __extension__ ({ __auto_type tla__ug = (x); __auto_type _ux = TLA__GET_ARG(tla__ug); \
        _Static_assert(TLA__CAT(TLA__GET_LITERALS_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__), \
            "tla: get takes literal indices 0..7, like get<1,0> in TLA"); \
        enum { _urt = TLA__IS_RT_VALUE(tla__ug) }; _Static_assert(!_urt, TLA__GET_RT_MSG); \
        TLA__GET_STEP(TLA__CAT(TLA__GET_ENUMS_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)) })
#define TLA__GET_RT_MSG "tla: tla_get takes a static or mixed value; a run-time one: tla_tuple_get, tla_layout_get"
/* The argument as a node: a static or mixed tuple or layout stays itself, a leaf becomes a nil
 * leaf (so the step's assert says "get of an integer"), a run-time value a nil tuple. */
#define TLA__GET_ARG(x) _Generic((char (*)[1 + TLA__CLS(x)])0, char (*)[13]: _Generic((x), struct tla_layout: TLA__NIL, \
        struct tla_tuple: TLA__NIL, default: (x)), default: TLA__NIL_LEAF)
/* The path as a prefix code (core_gen.h: digits index + 1, the first index last) over 10^levels. */
#define TLA__GET_PREFIX_1(i) (TLA__GET_INDEX(i) + 1)
#define TLA__GET_PREFIX_2(i, j) (TLA__GET_PREFIX_1(i) + 10 * (TLA__GET_INDEX(j) + 1))
#define TLA__GET_PREFIX_3(i, j, k) (TLA__GET_PREFIX_2(i, j) + 100 * (TLA__GET_INDEX(k) + 1))
#define TLA__GET_PREFIX_4(i, j, k, l) (TLA__GET_PREFIX_3(i, j, k) + 1000 * (TLA__GET_INDEX(l) + 1))
#define TLA__GET_ENUMS_1(i) TLA__GET_ENUMS1(TLA__GET_PREFIX_1(i))
#define TLA__GET_ENUMS_2(i, j) TLA__GET_ENUMS(TLA__GET_PREFIX_2(i, j), 100)
#define TLA__GET_ENUMS_3(i, j, k) TLA__GET_ENUMS(TLA__GET_PREFIX_3(i, j, k), 1000)
#define TLA__GET_ENUMS_4(i, j, k, l) TLA__GET_ENUMS(TLA__GET_PREFIX_4(i, j, k, l), 10000)
#define TLA__GET_LITERALS_1(i) TLA__GET_LITERAL(i)
#define TLA__GET_LITERALS_2(i, j) (TLA__GET_LITERAL(i) && TLA__GET_LITERAL(j))
#define TLA__GET_LITERALS_3(i, j, k) (TLA__GET_LITERALS_2(i, j) && TLA__GET_LITERAL(k))
#define TLA__GET_LITERALS_4(i, j, k, l) (TLA__GET_LITERALS_3(i, j, k) && TLA__GET_LITERAL(l))
/* The one step: select the element's slots of the shape part and of the stride part (a tuple is
 * its own stride part), and wrap them as a layout when _ux is one. */
#define TLA__GET_STEP(ENUMS) __auto_type _uy = TLA_IF(TLA__IS_LAYOUT(_ux), TLA__LSTRIDE(TLA__AL(_ux)), _ux); \
        ENUMS \
        _Static_assert(!TLA__IS_LEAF(_ux) && _uw == 0, "tla: get of an integer: it has no elements"); \
        _Static_assert(_urt || TLA__IS_LEAF(_ux) || _uw > 0 || _um > 0, "tla: get index is past the end of the tuple"); \
        TLA__GET_PATHS TLA__GET_SUB(_ux, s) TLA__GET_SUB(_uy, d) TLA__GET_LEAFC TLA__GET_RESULT;
#define TLA__GET_RESULT TLA_IF(TLA__IS_LAYOUT(_ux), TLA__LAYOUT_OF_NODES(TLA__GET_NODE(_uss), TLA__GET_NODE(_uds)), \
        TLA__GET_LEAFV(_uss))
/* A selected sub-node; when the element is a leaf it already is a leaf node (depth 0, rank 0,
 * empty path, kind 1..3). */
#define TLA__GET_NODE(s) s
/* A selected element as a value: a static integer, a run-time integer or a sub-tuple. */
#define TLA__GET_LEAFV(s) TLA_IF(_uleaf, TLA__GET_LEAF, s)
/* 1 when i is one of the literals 0..7 (other tokens give 0; a parenthesised index cannot
 * be pasted, so write indices as plain literals). */
#define TLA__GET_LITERAL(i) TLA__PROBE_2ND(TLA__CAT(TLA__GETIDX_, i), 0, 0, ~)
#define TLA__PROBE_2ND(...) TLA__PROBE_2ND_(__VA_ARGS__)
#define TLA__PROBE_2ND_(a, b, c, ...) b
#define TLA__GET_INDEX(i) TLA__PROBE_3RD(TLA__CAT(TLA__GETIDX_, i), 0, 0, ~)
#define TLA__PROBE_3RD(...) TLA__PROBE_3RD_(__VA_ARGS__)
#define TLA__PROBE_3RD_(a, b, c, ...) c
#define TLA__GETIDX_0 ~, 1, 0
#define TLA__GETIDX_1 ~, 1, 1
#define TLA__GETIDX_2 ~, 1, 2
#define TLA__GETIDX_3 ~, 1, 3
#define TLA__GETIDX_4 ~, 1, 4
#define TLA__GETIDX_5 ~, 1, 5
#define TLA__GETIDX_6 ~, 1, 6
#define TLA__GETIDX_7 ~, 1, 7

/* clang-format on */
#endif
