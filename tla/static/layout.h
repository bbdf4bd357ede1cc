/* tla/static/layout.h - layouts: a shape and a stride of the same structure (Shape:Stride).
 *
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(2), 4), tla_make_tuple(TLA_C(12), TLA_C(1)));  // (_2,4):(_12,_1)
 *   tla_size(L) == 8, tla_cosize(L) == 16 (cosize = L(size-1) + 1)
 *   tla_auto c = tla_make_tuple(1, 5);
 *   tla_crd2offset(c, L)                 the offset of coordinate c
 *
 * An optional third argument is the originShape, the logically valid extent of each
 * top-level mode (default: the size of each mode); elements outside it are padding.
 *
 * crd2offset takes the coordinate forms of CuTe's crd2idx: one integer (split colexicographically
 * over all leaves, the last leaf keeps the remainder), a tuple congruent to the shape, or one
 * integer per top-level mode (split over that mode).  A coordinate mixing integers and
 * sub-tuples across modes is refused (it would cost every site; tla_layout_crd2offset takes it).
 *   tla_crd2offset(c, L)        any coordinate and layout expressions, bound once; plain
 *                               arithmetic (constant-folded where static), not an ICE;
 *   tla_crd2offset_const(c, L)  an integer constant expression; c and L must be all static;
 *   tla_crd2offset_auto(c, L)   an ICE when c and L are all static, else tla_crd2offset.
 * For a static layout and run-time coordinates both compile to plain arithmetic.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(2), 4), tla_make_tuple(TLA_C(12), TLA_C(1)));  // (_2,4):(_12,_1)
 *   if (tla_size(L) != 8 || tla_cosize(L) != 16) return 1;
 *   if (tla_crd2offset(tla_make_tuple(1, 3), L) != 15) return 1;    // 1*12 + 3*1
 *   tla_auto S = tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(1), TLA_C(4)));
 *   _Static_assert(tla_crd2offset_const(tla_make_tuple(TLA_C(3), TLA_C(2)), S) == 11, "an all-static offset");
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_LAYOUT_H
#define TLA_LAYOUT_H
/* Macros only: a system header, so gcc's notes on a misuse stop at the user's call (core_gen.h). */
#pragma GCC system_header

#include "tla/static/tuple.h"

/* ---- construction ---- */

/* tla_make_layout(shape, stride [, originShape]) -> static or mixed layout
 *   shape and stride congruent (same nesting); originShape one integer per top-level mode, the
 *   real extent of each (default: the mode sizes).  Each argument is evaluated once.
 *   Misuse: "tla: shape and stride are not congruent (they must have the same nesting)",
 *   "tla: originShape needs one integer per top-level mode of the shape".
 * Example:
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(4), 8), tla_make_tuple(TLA_C(1), TLA_C(4)));   // (_4,8):(_1,_4)
 *   if (tla_size(L) != 32 || tla_cosize(L) != 32) return 1;
 */
#define tla_make_layout(...) TLA__CAT(TLA__LAYOUT_, TLA__NARGS(__VA_ARGS__))(__VA_ARGS__)

/* TLA_CONST_LAYOUT(name, shape, stride);  -> declares `static const` layout `name`
 *   A constant layout, at file scope or in a block: shape and stride written with
 *   tla_make_tuple (or compat's MakeShape / MakeStride) of static integers, nested in place.
 *   It is the layout tla_make_layout(shape, stride) makes, so every query takes it (inside a
 *   function, where its static queries are integer constant expressions).  The name of the
 *   layout also names two types, tla__shape_t_<name> and tla__stride_t_<name>.
 *   Misuse: "tla: a constant layout (TLA_CONST_LAYOUT) takes static integers only (TLA_C(n), _n)",
 *   "tla: shape and stride are not congruent (they must have the same nesting)"; a shape that is
 *   not written as a constructor call fails with an error naming TLA__FS_ (a paste error, or an
 *   undeclared TLA__FS_<name>).  The formats have constant forms too (TLA_CONST_ZN, formats.h).
 * Example:
 *   TLA_CONST_LAYOUT(kZn, tla_make_tuple(tla_make_tuple(TLA_C(16), TLA_C(2)), tla_make_tuple(TLA_C(16), TLA_C(3))),
 *                    tla_make_tuple(tla_make_tuple(TLA_C(16), TLA_C(256)), tla_make_tuple(TLA_C(1), TLA_C(512))));
 *   _Static_assert(tla_cosize(kZn) == 1536, "a constant expression");
 *   if (tla_crd2offset(tla_make_tuple(17, 33), kZn) != 16 + 256 + 1 + 1024) return 1;
 */
#define TLA_CONST_LAYOUT(name, shape, stride) \
    typedef __typeof__(TLA__FS_##shape) tla__shape_t_##name; \
    typedef __typeof__(TLA__FS_##stride) tla__stride_t_##name; \
    _Static_assert(TLA__CONG(*(tla__shape_t_##name *)0, *(tla__stride_t_##name *)0), \
        "tla: shape and stride are not congruent (they must have the same nesting)"); \
    static const TLA__LAYOUT_STRUCT(tla__shape_t_##name, tla__stride_t_##name, 30, 1) name TLA__MAYBE_UNUSED = { 0 }

/* ---- parts ---- */
/* tla_shape of anything but a layout (a tuple, an integer) is that value itself, as CuTe's
 * shape(); tla_stride takes a layout (one message, then the stride of a layout of nils: no
 * cascade).  Of a run-time tla_layout, its shape and stride (rt/types.h names them alike). */
#define tla_shape(L) __extension__ ({ TLA__LQ(L) __builtin_choose_expr(tla__lk, TLA__LSHAPE(TLA__LQP), tla__lq); })
#define tla_stride(L) __extension__ ({ TLA__LQ(L) _Static_assert(tla__lk || !sizeof tla__lq, "tla: stride takes a layout"); \
        TLA__LSTRIDE(TLA__LQP); })

/* ---- crd2offset ---- */

/* tla_crd2offset(coord, L) -> the offset, in the common type of the coordinate and the layout's
 *   stride values (static parts folded; a format's run-time strides are long long, CATLASS's int64_t)
 *   coord: one integer (over the whole layout, colexicographic), one integer per top-level mode,
 *   or a tuple congruent to the shape; for a tile (tla_tile_at) one integer per mode.  L: a
 *   static or mixed layout.  Each argument is evaluated once; coordinates are not range-checked.
 *   Misuse: "tla: crd2offset: the rank of the coordinate does not match the rank of the layout",
 *   "tla: tla_crd2offset takes a static or mixed layout; for a run-time tla_layout call tla_layout_crd2offset(...)".
 * Example:
 *   unsigned r = 17, c = 33;
 *   tla_auto L = tla_zN(tla_half, TLA_C(32), TLA_C(48));
 *   if (tla_crd2offset(tla_make_tuple(r, c), L) != 1 * 16 + 1 * 256 + 1 + 2 * 512) return 1;
 *   if (tla_crd2offset(r + 32 * c, L) != tla_crd2offset(tla_make_tuple(r, c), L)) return 1;
 */
#define tla_crd2offset(c, L) __extension__ ({ __auto_type tla__tc = (c); __auto_type tla__tL = (L); TLA__CRD_LAYOUT(tla__tL) \
        __auto_type _tS = TLA__LSHAPE(*_tL); __auto_type _tD = TLA__LSTRIDE(*_tL); __auto_type _tX = TLA__TILE_X(*_tL); \
        TLA__CRD_SUMS_TILE; })

/* tla_crd2offset_const(coord, L) -> long long, an integer constant expression
 *   coord and L all static (any expressions: they are not evaluated).
 *   Misuse: "tla: crd2offset_const needs a static coordinate and an all-static layout".
 * Example:
 *   tla_auto L = tla_make_layout(tla_make_tuple(tla_make_tuple(TLA_C(4), TLA_C(2)), tla_make_tuple(TLA_C(4), TLA_C(3))),
 *                                 tla_make_tuple(tla_make_tuple(TLA_C(4), TLA_C(16)), tla_make_tuple(TLA_C(1), TLA_C(32))));
 *   _Static_assert(tla_crd2offset_const(tla_make_tuple(TLA_C(1), TLA_C(5)), L) == 37, "the offset of CATLASS's layout documentation");
 */
#define tla_crd2offset_const(c, L) TLA__CRD_CONSTL(c, L)
/* tla_crd2offset_auto(coord, L) -> an integer constant expression (long long) when coord and L
 *   are all static, else tla_crd2offset(coord, L) (its value, in its type; each argument
 *   evaluated once).  L a static or mixed layout, or a tile.  Nothing is declared in the
 *   caller's block, so a macro may name it twice (CeilDiv(a, tla_crd2offset_auto(c, L))); the
 *   same for tla_crd2offset_const and tla_value.
 * Example:
 *   int i = 1;
 *   tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(1), TLA_C(4)));
 *   _Static_assert(tla_crd2offset_auto(tla_make_tuple(TLA_C(3), TLA_C(2)), L) == 11, "static");
 *   if (tla_crd2offset_auto(tla_make_tuple(i, 2), L) != 9) return 1;                // run time
 */
#define tla_crd2offset_auto(c, L) TLA__CRD_AUTOL(c, L)
/* The same with a shape and a stride (compat's crd2offset(coord, shape, stride)). */
#define tla_crd2offset3_auto(c, s, d) TLA__CRD_AUTO(c, s, d)

/* ---------------------------------------------------------------- internals */

/* ---- construction ---- */
/* kind is a literal 30, 31 or 32 (node.h); an originShape (31, 32) and a tile's coordinate (32)
 * are stored only when there, else they are nil pointers in the union (no storage).  check = 0
 * skips the structure checks (for sub-layouts, whose parts are known to fit). */
#define TLA__OSTRUCT_30(O)
#define TLA__OSTRUCT_31(O) O tla_o[1];
#define TLA__OSTRUCT_32(O) O tla_o[1]; __typeof__(_lx) tla_x[1];
#define TLA__OUNION_30 const struct tla__nil *tla_o, *tla_x;
#define TLA__OUNION_31 const struct tla__nil *tla_x;
#define TLA__OUNION_32
#define TLA__OINIT_30
#define TLA__OINIT_31 , .tla_o = { _lo }
#define TLA__OINIT_32 , .tla_o = { _lo }, .tla_x = { _lx }
#define TLA__OBIND_30(o, x, check)
#define TLA__OBIND_31(o, x, check) __auto_type _lo0 = (o); TLA__NODEB(_lo, _lo0) TLA__ORIGIN_CHECK(check)
#define TLA__OBIND_32(o, x, check) TLA__OBIND_31(o, x, check) __auto_type _lx = (x);
#define TLA__ORIGIN_CHECK(check) _Static_assert(!(check) || (TLA__IS_LEAF(_ls) ? TLA__IS_LEAF(_lo) : TLA__IS_TUPLE(_lo) && \
        TLA__TRANK(_lo) == TLA__TRANK(_ls) && TLA__DEPTH(_lo) == 1), \
        "tla: originShape needs one integer per top-level mode of the shape");
/* The layout value of bound nodes _ls, _ld (and _lo, _lx).  eb: 1 + the element size in bytes
 * of a format made for an element type (tla_zN(float, ...)), 1 when unknown; a static tensor
 * checks its pointer against it (TLA__LEB). */
#define TLA__LAYOUT_VALUE(kind) TLA__LAYOUT_VALUE_EB(kind, 1)
#define TLA__LAYOUT_VALUE_EB(kind, eb) \
    (TLA__LAYOUT_STRUCT_X(__typeof__(_ls), __typeof__(_ld), __typeof__(_lo), kind, eb, _ls.)){ .tla_s = { _ls }, .tla_d = { _ld } TLA__OINIT_##kind }
/* The layout type of shape type S and stride type D (a layout shares its shape's v and tla_f);
 * O: the originShape's type (kinds 31, 32; the bound _lo when built in a function). */
#define TLA__LAYOUT_STRUCT(S, D, kind, eb) TLA__LAYOUT_STRUCT_O(S, D, __typeof__(_lo), kind, eb)
#define TLA__LAYOUT_STRUCT_O(S, D, O, kind, eb) TLA__LAYOUT_STRUCT_X(S, D, O, kind, eb, ((S *)0)->)
/* x: how a member of the shape's type is named (a value's name and a dot is shortest) */
#define TLA__LAYOUT_STRUCT_X(S, D, O, kind, eb, x) \
    struct { union { S tla_s[1]; struct { __typeof__(x v) v; }; }; D tla_d[1]; \
        TLA__OSTRUCT_##kind(O) union { __typeof__(x tla_f) tla_f; char (*tla_lk)[kind]; char (*tla_eb)[eb]; \
        TLA__OUNION_##kind }; }
#define TLA__LEB(L) sizeof(*(L).tla_eb)
/* (run-time tla_tuples are refused in one error: they become nil before anything reads them) */
#define TLA__LAYOUT_IMPLXE(s, d, o, x, kind, check, eb) __extension__ ({ \
    __auto_type tla__ls = (s); __auto_type tla__ld = (d); \
    _Static_assert(!_Generic((tla__ls), struct tla_tuple: 1, default: TLA__IS_RT_TUPLE(tla__ld)), \
        "tla: tla_make_layout takes static or mixed tuples (run-time: tla_layout_make)"); \
    __auto_type _ls0 = TLA__RT_NIL(tla__ls); __auto_type _ld0 = TLA__RT_NIL(tla__ld); TLA__NODEB(_ls, _ls0) TLA__NODEB(_ld, _ld0) \
    _Static_assert(!(check) || TLA__CONG(_ls, _ld), \
        "tla: shape and stride are not congruent (they must have the same nesting)"); \
    TLA__OBIND_##kind(o, x, check) TLA__LAYOUT_VALUE_EB(kind, eb); })
#define TLA__IS_RT_TUPLE(x) _Generic((x), struct tla_tuple: 1, default: 0)
#define TLA__RT_NIL(x) _Generic((x), struct tla_tuple: (struct tla__nil){ 0 }, default: (x))
/* A layout of tuples known to fit (the formats build them): no leaf wrappers, no checks. */
#define TLA__LAYOUT_TUPLES(s, d, o, kind, eb) __extension__ ({ __auto_type _ls = (s); __auto_type _ld = (d); \
        __auto_type _lo = (o); TLA__LAYOUT_VALUE_EB(kind, eb); })
/* A layout from a shape node and a stride node known to fit (sub-layouts): no checks. */
#define TLA__LAYOUT_OF_NODES(sn, dn) __extension__ ({ __auto_type _ls = (sn); __auto_type _ld = (dn); TLA__LAYOUT_VALUE(30); })
#define TLA__LAYOUT_2(s, d) TLA__LAYOUT_IMPLXE(s, d, ~, ~, 30, 1, 1)
#define TLA__LAYOUT_3(s, d, o) TLA__LAYOUT_IMPLXE(s, d, o, ~, 31, 1, 1)
/* The constructor names TLA_CONST_LAYOUT's arguments may start with (pasted onto TLA__FS_). */
#define TLA__FS_tla_make_tuple TLA__STATIC_TUPLE
/* A shape written as (8, 4) pastes to an invalid token, then reads as a call of TLA__FS_: declared
 * (never defined) as giving a nil node, so the paste error is followed by one message at most. */
struct tla__nil TLA__FS_(int, ...);

/* ---- parts ---- */
#define TLA__NIL_LAYOUT tla__nill0
#define TLA__LSHAPE(L) ((L).tla_s[0])
#define TLA__LSTRIDE(L) ((L).tla_d[0])
/* A layout answers like its shape (it shares the shape's v and tla_f), so most queries take
 * either.  Only layouts have parts: x when it is one, else a layout of nils (for code compiled
 * for any node, whose layout branch is chosen only for layouts). */
#define TLA__AL(x) TLA_IF(TLA__IS_LAYOUT(x), (x), TLA__NIL_LAYOUT)
/* L bound to tla__lq; tla__lk: it is a layout, static, mixed or run-time; TLA__LQP: the layout,
 * or a layout of nils where it is not one (tla__nlo, declared and never defined: it is only in
 * branches that are not taken).  (The assert names tla__lq too: clang skips a condition that
 * names a declaration that did not compile, so an undeclared L reports once.) */
#define TLA__LQ(L) __auto_type tla__lq = (L); \
        enum { tla__lk = TLA__IS_RT_LAYOUT(tla__lq) || TLA__IS_LAYOUT(TLA__SNODE(tla__lq)) };
#define TLA__LQP (*__builtin_choose_expr(tla__lk, &tla__lq, &tla__nlo))
/* TLA__LAYOUT_SHAPE and _STRIDE take a layout only (compat's shape() and stride(), whose
 * crd2offset(c, shape(L), stride(L)) names each twice: 770 bytes less text a site).  The parts
 * themselves, not bound in a statement expression: 54 bytes less a mention, and an L that does
 * not compile leaves no void value behind (clang gave one, whose type the facts and the sum
 * then reported: crd2offset(c, shape(kTypo), stride(kTypo)) was 123 lines). */
#define TLA__LAYOUT_SHAPE(L) TLA__LSHAPE(L)
#define TLA__LAYOUT_STRIDE(L) TLA__LSTRIDE(L)

/* ---- crd2offset ---- */
/* A run-time tla_layout has its own function; say so in one message (and go on with nil, so
 * nothing else reports). */
#define TLA__IS_RT_LAYOUT(L) _Generic((L), struct tla_layout: 1, default: 0)
/* L (bound) as a static layout: the layout itself, else nil after one message.  _tLn and _tL
 * point to it (a generic selection of a variable or of a compound literal is an lvalue): a
 * pointer, not a copy of the layout, which the optimizer would have to take apart again (clang
 * spends half of -O2 on such copies, SROA). */
#define TLA__CRD_LAYOUT(L) _Static_assert(!TLA__IS_RT_LAYOUT(L), "tla: tla_crd2offset takes a static or mixed " \
        "layout; for a run-time tla_layout call tla_layout_crd2offset(&offset, &L, &coord, &err)"); \
    __auto_type _tLn = &TLA__IF(TLA__CLS(L) == 12, _Generic((L), struct tla_layout: TLA__NIL_LAYOUT, struct tla_tuple: TLA__NIL, \
        default: (L)), TLA__NIL); /* (a run-time layout, which has reported, reads as a layout of nils) */ \
    _Static_assert(TLA__IS_LAYOUT(*_tLn), "tla: crd2offset takes a layout (shape:stride)"); \
    __auto_type _tL = &TLA_IF(TLA__IS_LAYOUT(*_tLn), *_tLn, TLA__NIL_LAYOUT);
/* The tile's coordinate (a nil of value 0 for other layouts). */
#define TLA__TILE_X(L) TLA_IF(TLA__IS_TILE(L), (L).tla_x[0], TLA__NIL)
#define TLA__CRD_RANK_MSG "tla: crd2offset: the rank of the coordinate does not match the rank of the layout"
#define TLA__CRD_FORM_MSG "tla: crd2offset: the coordinate does not fit the layout (an integer, one integer per mode, or congruent to the shape)"
#define TLA__CRD_TILE_CHECK _Static_assert(!TLA__IS_TILE(*_tL) || _tcf || _tcl && TLA__F(*_tL, r) == 2, \
        "tla: crd2offset of a tile takes one integer per mode");
/* The sum's type.  An all-static coordinate (a static integer, or a tuple of them) sums in long
 * long: its leaves are int, and 65535 * 65536 would wrap.  Any other coordinate sums in the
 * common type of its own and the stride's values, from the first division on, as hand-written
 * code would: a format keeps run-time strides in long long (CATLASS's int64_t), and so does a
 * static one whose offsets pass INT_MAX (static/formats.h, _fw), so a uint32_t coordinate into a
 * 70000 x 70000 zN sums in 64 bits, while a small static layout keeps int arithmetic. */
#define TLA__CRD_WIDE __auto_type _tW = __builtin_choose_expr(_tCk == 13 || TLA__F(_tC, st) == 2, 0LL, _tD.v[0] * 0);
#define TLA__CRD_SUMS_TILE TLA__VNODEB(_tC, tla__tc) TLA__CRD_WIDE TLA__CRD_ENUMS TLA__CRD_CHECKS(_tC, _tS) TLA__CRD_TILE_CHECK \
    TLA__CRD_RQ TLA__CRD_SUM

/* The constant and auto forms: one statement expression inside sizeof derives tla_crd2offset's
 * facts once from its arguments' types (core_gen.h, TLA__CRD_ENUMSP, TLA__CRD_CX: null pointers
 * to the coordinate, the shape, the stride, read only inside sizeof), and only a size leaves it,
 * so nothing is declared in the caller's block: the expression can be expanded twice in one
 * block (a macro that names its argument twice).  The size is the offset + 2^60 (TLA__BIAS):
 * the constant sum (TLA__CRD_CSUM) when everything is static, an integer constant expression,
 * so the type is not variably modified and sizeof is a constant expression whose operand is not
 * evaluated; else the run-time sum, a statement expression in the array's extent that binds the
 * arguments (once: nothing else in the operand reads them) and sums as tla_crd2offset does
 * (TLA__CRD_SUM over the same facts); then the type is variably modified and C evaluates it once
 * (as tla_size does, query.h).  A size has no type of its own: the auto forms cast it to the
 * type the sum has (TLA__CRD_TYPE, from the arguments' types once more: long long when all is
 * static), the constant form to long long; -Wvla is silenced on the one typedef.  (So the
 * arguments are named three times: in the type, in the facts and in the run-time sum, where
 * clang counts what they name as used; a binding elsewhere in the operand would leave clang
 * reporting a static function named only there as "not needed".) */
#define TLA__CONST_MSG "tla: crd2offset_const needs a static coordinate and an all-static layout"
/* After _tcp and the parts' pointers: the facts and the checks (then TLA__CRD_CX or CX0). */
#define TLA__CRD_PFACTS enum { _tCk = TLA__CLS(*_tcp) }; __typeof__(TLA__CNODE(*_tcp, 1)) *_tCp = 0; \
    __typeof__(_tCp->tla_f) _tCf = 0; __typeof__(_tSp->tla_f) _tSf = 0; __typeof__(_tDp->tla_f) _tDf = 0; \
    TLA__CRD_ENUMSP TLA__CRD_CHECKS(*_tCp, *_tSp)
/* The sum's type, after _tcp and the parts' pointers (X: + a tile coordinate's value): the common
 * type of the coordinate's values (a node's, or the integer's), the stride's and, where they are
 * read, the shape's (when not all static) and long long's (for a static coordinate: class 13, or
 * 12 with every leaf static; a non-node reads as nil, whose st is 2), as TLA__CRD_SUM's terms
 * have it.  (Through a typedef: a last expression that names a binding that did not compile is
 * dropped by clang, and the type would be void, one more error.) */
#define TLA__CRD_TYPE(X) typedef __typeof__(TLA__VSLOTS(*_tcp).v[0] + TLA__DV(*_tcp) + _tDp->v[0] X \
        + TLA__IF(TLA__F(TLA__VSLOTS(*_tcp), st) + TLA__CLS(*_tcp) - 14u <= 1u, 0LL, 0) \
        + TLA__IF(TLA__F(*_tSp, st) == 2, 0, _tSp->v[0])) _tR; (_tR *)0;
/* The answer's extent: the constant sum, or the run-time sum's statement expression that follows
 * (written out in each form, not passed to a macro: docs/cost.md). */
#define TLA__CRD_ANSWER TLA__NOVLA_BEGIN typedef char (*_tQ)[__builtin_choose_expr(_tst, \
        (unsigned long long)TLA__CRD_CSUM + TLA__BIAS, (unsigned long long)__extension__
#define TLA__CRD_ANSWER_END + TLA__BIAS)]; TLA__NOVLA_END (_tQ)0;
/* The run-time sum after the bindings tla__tc, _tS, _tD, _tX (as TLA__CRD_SUMS_TILE, reading the
 * facts' enums; the coordinate's node has the type the facts read, *_tCp). */
#define TLA__CRD_RTSUM __auto_type _tC = TLA__IF(TLA__CLS(tla__tc) == 12, tla__tc, (__typeof__(*_tCp)){ \
        .v = { TLA__LVAL_K(tla__tc, _tCk, TLA__LCODE_K(tla__tc, _tCk)) } }); TLA__CRD_WIDE TLA__CRD_RQ
/* The 3-argument form takes shape and stride apart, so it checks them (a layout was checked when
 * it was made): their path lists must be the same type.  A shape or stride that is not a node
 * reads as nil in the facts (its own error has been reported). */
#define TLA__CRD_SDP __typeof__(&TLA_IF(TLA__CLS(*_tSq) == 12, *_tSq, TLA__NIL)) _tSp = 0; \
        __typeof__(&TLA_IF(TLA__CLS(*_tDq) == 12, *_tDq, TLA__NIL)) _tDp = 0;
#define TLA__CRD_AUTO(c, s, d) TLA__CRD_AUTO_H(c, s, d, TLA__CRD_SUM, )
/* (SUM: the run-time sum's last expression, after TLA__CRD_RTSUM's bindings; X: + a term of the
 * sum's type.  compat.h's crd2offset sums over run-time layouts and tuples there.) */
#define TLA__CRD_AUTO_H(c, s, d, SUM, X) ((__typeof__(*__extension__ ({ __typeof__(c) *_tcp = 0; __typeof__(s) *_tSq = 0; \
        __typeof__(d) *_tDq = 0; TLA__CRD_SDP TLA__CRD_TYPE(X) })))(long long)(sizeof(*__extension__ ({ \
        __typeof__(c) *_tcp = 0; __typeof__(s) *_tSq = 0; __typeof__(d) *_tDq = 0; TLA__CRD_SDP TLA__CRD_PFACTS TLA__CRD_CX0 \
        _Static_assert(_tn == 0 || TLA__CONG(*_tSp, *_tDp), "tla: crd2offset: shape and stride are not congruent"); \
        TLA__CRD_ANSWER ({ __auto_type tla__tc = (c); __auto_type _tS = (s); __auto_type _tD = (d); __auto_type _tX = TLA__NIL; \
            TLA__CRD_RTSUM SUM; }) TLA__CRD_ANSWER_END })) - (unsigned long long)TLA__BIAS))
/* L's parts: a static or mixed layout's, else a layout of nils' (x: L, bound or named). */
#define TLA__CRD_LNODE(x) TLA__IF(TLA__CLS(x) == 12, _Generic((x), struct tla_layout: TLA__NIL_LAYOUT, struct tla_tuple: TLA__NIL, \
        default: (x)), TLA__NIL)
#define TLA__CRD_LPTR __typeof__(&TLA_IF(TLA__IS_LAYOUT(*_tLn), *_tLn, TLA__NIL_LAYOUT)) _tL = 0; \
        __typeof__(&TLA__LSHAPE(*_tL)) _tSp = 0; __typeof__(&TLA__LSTRIDE(*_tL)) _tDp = 0; __typeof__(&TLA__TILE_X(*_tL)) _tXp = 0;
/* The same on a layout L (a run-time tla_layout reports once, as in tla_crd2offset); a tile's
 * coordinate is added. */
#define TLA__CRD_AUTOL(c, L) TLA__CRD_AUTOL_H(c, L, TLA__CRD_SUM, )
#define TLA__CRD_AUTOL_H(c, L, SUM, X) ((__typeof__(*__extension__ ({ __typeof__(c) *_tcp = 0; __typeof__(L) *_tLq = 0; \
        __typeof__(&TLA__CRD_LNODE(*_tLq)) _tLn = 0; TLA__CRD_LPTR TLA__CRD_TYPE(+ _tXp->v[0] X) }))) \
        (long long)(sizeof(*__extension__ ({ \
        __typeof__(c) *_tcp = 0; __typeof__(L) *_tLq = 0; \
        _Static_assert(!TLA__IS_RT_LAYOUT(*_tLq), "tla: tla_crd2offset takes a static or mixed " \
            "layout; for a run-time tla_layout call tla_layout_crd2offset(&offset, &L, &coord, &err)"); \
        __typeof__(&TLA__CRD_LNODE(*_tLq)) _tLn = 0; \
        _Static_assert(TLA__IS_LAYOUT(*_tLn), "tla: crd2offset takes a layout (shape:stride)"); \
        TLA__CRD_LPTR TLA__CRD_PFACTS __typeof__(_tXp->tla_f) _tXf = 0; TLA__CRD_CX TLA__CRD_TILE_CHECK \
        TLA__CRD_ANSWER ({ __auto_type tla__tc = (c); __auto_type tla__tL = (L); __auto_type _tLn = &TLA__CRD_LNODE(tla__tL); \
            __auto_type _tL = &TLA_IF(TLA__IS_LAYOUT(*_tLn), *_tLn, TLA__NIL_LAYOUT); __auto_type _tS = TLA__LSHAPE(*_tL); \
            __auto_type _tD = TLA__LSTRIDE(*_tL); __auto_type _tX = TLA__TILE_X(*_tL); TLA__CRD_RTSUM SUM; }) TLA__CRD_ANSWER_END \
        })) - (unsigned long long)TLA__BIAS))
/* The constant form: anything but a static or mixed layout reads as a nil layout, whose shape has
 * no slots, so the one message is the constant form's own. */
#define TLA__CRD_CONSTL(c, L) ((long long)(sizeof(*__extension__ ({ __typeof__(c) *_tcp = 0; __typeof__(L) *_tLq = 0; \
        __typeof__(&TLA__SNODE(*_tLq)) _tLn = 0; TLA__CRD_LPTR TLA__CRD_PFACTS __typeof__(_tXp->tla_f) _tXf = 0; TLA__CRD_CX \
        _Static_assert(_tst || !_tcd, TLA__CONST_MSG); \
        (char (*)[(unsigned long long)TLA__CRD_CSUM + TLA__BIAS])0; })) - (unsigned long long)TLA__BIAS))

/* ---- public queries on tuples, integers and layouts (query.h adds run-time values) ---- */
#define TLA__RANK(x) TLA__TRANK(x)
#define TLA__DEPTH_OF(x) TLA__DEPTH(x)

/* clang-format on */
#endif
