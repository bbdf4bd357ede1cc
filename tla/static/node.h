/* tla/static/node.h - how static and dynamic integers, tuples and layouts are represented.
 *
 * Every static fact lives in a *type*, so queries on static values are integer constant
 * expressions, and the representation is chosen so that the compiler does little work per use
 * (docs/cost.md):
 *
 *   static integer  _4, TLA_C(4)   a union whose member tla_sv points to char[N + 2^30]; the
 *                                  value is read back with sizeof.  Compat's _4 ... are shared
 *                                  typedefs, so a mention declares no new type.
 *   dynamic integer 4, n           any C integer, as it is.
 *   tuple           (a, (b, c))    ONE flat struct: the leaves' values in `v[n]` (static ones too),
 *                                  and `tla_f`, a pointer to a never-instantiated info type
 *                                  whose member extents are the facts (below).  Nested tuples
 *                                  are not stored; a sub-tuple is made by tla_get on demand.
 *   layout          S:D            a struct of shape `tla_s[1]` and stride `tla_d[1]` (and the
 *                                  originShape `tla_o[1]`, a tile's coordinate `tla_x[1]`), whose
 *                                  `v` and `tla_f` are the shape's: a layout answers like its shape.
 *
 * The info type of a node (read with TLA__F(x, member) = sizeof(*x.tla_f->member)):
 *   n   leaves + 1          dp  depth + 1          r   rank + 1        st  1 + all static
 *   c<j> value code of leaf j: N + 2^30 when static (always >= 2), 1 when dynamic
 *   p<j> path code of leaf j + 1: the path (i1, i2, ...) from the root as the decimal number
 *        whose digits are ... (i2+1) (i1+1), e.g. (0, 1) is 21 (so the top-level mode of leaf j
 *        is (p<j> - 1) % 10 - 1)
 *   pp  a function-pointer type listing the paths: two nodes are congruent when their pp types
 *       are the same (one __builtin_types_compatible_p).
 * `tla_lk` (in a union with tla_f, so it costs nothing) points to char[kind]:
 *   1 dynamic leaf, 2 static leaf >= 0, 3 static leaf < 0, 4 + r tuple of rank r,
 *   30 layout, 31 layout with an originShape, 32 a tile (originShape and coordinate).
 * Internal macros work on *nodes*: a leaf is first wrapped as a depth-0 tuple of one slot
 * (TLA__NODE), so the same slot queries serve leaves and tuples.
 *
 * GNU C used here (docs/static.md, "Compilers and GNU extensions"): __builtin_classify_type (is an element a C
 * integer, a static integer or a struct?), __builtin_choose_expr, __builtin_types_compatible_p,
 * and `, ## __VA_ARGS__` in the tuple constructor (clang's -Wpedantic warning on it is silenced
 * around tla.h's core only).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto s = TLA_C(16);               // a static integer: its value is in its type
 *   _Static_assert(tla_value(s) == 16, "a constant expression");
 *   int n = 5;
 *   if (tla_value(tla_get(tla_make_tuple(s, n), 1)) != 5) return 1;   // a dynamic leaf keeps its value
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_NODE_H
#define TLA_NODE_H
/* A system header, like the rest of the static core's headers: gcc's notes on a misuse stop at
 * the user's call (an undeclared name in tla_size(x): 16 lines instead of 84). */
#pragma GCC system_header

#include "tla/base.h"

/* Leaves of one static or mixed tuple: fixed, because tla/static/core_gen.h is generated for 8 (a
 * different value is refused rather than silently ignored). */
#ifdef TLA_STATIC_LEAVES
#if TLA_STATIC_LEAVES != 8
#error "tla: TLA_STATIC_LEAVES is fixed at 8 (tla/static/core_gen.h is generated for 8: tools/gen_core.py)"
#endif
#else
#define TLA_STATIC_LEAVES 8
#endif
#define TLA_STATIC_DEPTH 4        /* nesting levels of one static or mixed tuple */
#define TLA_STATIC_MAX 1073741822 /* 2^30 - 2: the largest |N| of a static integer */

/* ---- static integers ---- */
/* TLA_C(N): the static integer N (N an integer constant expression in
 * [-TLA_STATIC_MAX, TLA_STATIC_MAX], like CuTe's Int<N>). */
/* (N is taken modulo 2^30 - 1, which leaves every value in range as it is: out of range, N + 2^30
 * would overflow before the message, and 1 << 30 reads as 1, not as a 0 to divide by.  N is
 * named twice, and the range check once, |N| < 2^30 - 1: clang reports an undeclared N at each
 * mention.) */
#define TLA_C(N) ((union { char (*tla_sv)[(N) % tla__M1 + TLA__B + TLA__RANGE_CHECK(N)]; int tla_v; }){ 0 })

/* ---------------------------------------------------------------- internals */

/* ---- static integers ---- */
/* The bias of a value code, 2^30; tla__M bounds a static value (tla__M1 = tla__M + 1), tla__P a
 * static product, tla__I is INT_MAX.  Enum constants, so each of their many mentions in a site's
 * text is one short token (tla__B: 42 in the compat reference site). */
enum { tla__B = 1 << 30, tla__M = TLA_STATIC_MAX, tla__M1 = TLA_STATIC_MAX + 1, tla__P = 2147483644, tla__I = 2147483647 };
#define TLA__B tla__B
#define TLA__IN_RANGE(N) ((N) / tla__M1 == 0)
#define TLA__RANGE_CHECK(N) 0 * sizeof(struct { _Static_assert(TLA__IN_RANGE(N), \
        "tla: a static integer exceeds TLA_STATIC_MAX in magnitude"); char u; })
/* "Not static": value code 1. */
typedef union { char (*tla_sv)[1]; int tla_v; } tla__p1;
static const tla__p1 tla__p1o; /* (one read in sizeof where an element is not a static integer) */

/* ---- classifying an element ---- */
/* __builtin_classify_type: 1..4 C integers (int, char, enum, bool), 12 a struct (a node),
 * 13 a union (a static integer); anything else is not an IntTuple element. */
#define TLA__CLS(x) __builtin_classify_type(x)
/* Bit 0 too: an element that did not compile (an undeclared name) leaves its class enumerator
 * without a value, which reads 0 (each element has its own enum); its error is reported
 * already, and the tuple is still built (a dynamic leaf), so nothing later reports again. */
#define TLA__ELEM_CLASSES 0x201F /* bits 0..4 and 13 */
#define TLA__ELEM_OK(k) (TLA__ELEM_CLASSES >> (k) & 1)
#define TLA__ELEM_MSG "tla: tuple elements are integers or tuples written in place"
/* Value code of leaf x of class k: N + 2^30 for a static N, 1 otherwise. */
#define TLA__LCODE_K(x, k) sizeof(*__builtin_choose_expr((k) == 13, (x), tla__p1o).tla_sv)
#define TLA__LCODE(x) TLA__LCODE_K(x, TLA__CLS(x))
/* Value of leaf x (class k, code c): x when a C integer, else its static value (else garbage,
 * after the element check has failed; class 0, an element that did not compile, reads its code
 * so that the binding still compiles). */
#define TLA__LVAL_K(x, k, c) __builtin_choose_expr((k) - 1u < 4u, (x), TLA__CV(c))
#define TLA__DV(x) __builtin_choose_expr(TLA__CLS(x) < 5, (x), 0)
#define TLA__CV(c) ((int)(c) - TLA__B)
#define TLA__IF(c, a, b) __builtin_choose_expr(c, a, b)
/* Product of two static values named by enum constants q, w (q >= 0 or -1; any negative w is
 * "not static"): -1 when not static, negative, or past 2^31 - 4. */
#define TLA__QW(q, w) ((q | w) < 0 || q * (w + 0LL) > tla__P ? -1 : q * w)

/* ---- nodes ---- */
#define TLA__F(x, m) sizeof(*(x).tla_f->m)
#define TLA__VN(x) (sizeof (x).v / sizeof (x).v[0])
/* The parts of a layout (tla_s, tla_d, tla_o, tla_x) exist only on layouts; code that may meet
 * another node names them through TLA__AL (layout.h). */
struct tla__nil;
#define TLA__NILPARTS const struct tla__nil *tla_s, *tla_d, *tla_o, *tla_x;
/* The rank-0 tuple: what a missing part (a layout's originShape, a tile coordinate) is. */
struct tla__nilinfo {
    char (*n)[1], (*dp)[1], (*r)[1], (*st)[2], (*c0)[1], (*c1)[1], (*c2)[1], (*c3)[1], (*c4)[1], (*c5)[1], (*c6)[1],
        (*c7)[1], (*p0)[1], (*p1)[1], (*p2)[1], (*p3)[1], (*p4)[1], (*p5)[1], (*p6)[1], (*p7)[1];
    void (*pp)(char (*)[2], char (*)[1], char (*)[1], char (*)[1], char (*)[1], char (*)[1], char (*)[1], char (*)[1]);
};
/* The path list of a leaf (its one empty path): see pp above. */
/* An unused slot's member in an info type (value code 1, path code 1). */
typedef char (*tla__u1)[1];
typedef void (*tla__pp0)(char (*)[1], char (*)[1], char (*)[1], char (*)[1], char (*)[1], char (*)[1], char (*)[1],
                         char (*)[1]);
struct tla__nil { int v[8]; union { const struct tla__nilinfo *tla_f; char (*tla_lk)[4]; TLA__NILPARTS }; };
/* The nil node is one constant object (its name is the shortest text a nil can have: it stands
 * in many branches of every site).  A header's unused static const draws no warning. */
static const struct tla__nil tla__nil0 = { .v = { 0 } };
#define TLA__NIL tla__nil0
/* A stand-in for a leaf where a tuple was needed (kind 1): the caller's assert names the misuse. */
struct tla__nilleaf { int v[8]; union { const struct tla__nilinfo *tla_f; char (*tla_lk)[1]; TLA__NILPARTS }; };
#define TLA__NIL_LEAF ((struct tla__nilleaf){ { 0 }, { 0 } })
/* A layout of nils: what a misused layout argument becomes after its one message. */
typedef struct {
    union { struct tla__nil tla_s[1]; struct { int v[8]; }; };
    struct tla__nil tla_d[1];
    union { const struct tla__nilinfo *tla_f; char (*tla_lk)[30]; const struct tla__nil *tla_o, *tla_x; char (*tla_eb)[1]; };
} tla__nil_layout;
static const tla__nil_layout tla__nill0 = { .v = { 0 } }; /* (the nil layout: one constant, as tla__nil0) */
/* x (bound: named several times) as a node: a struct stays itself, a leaf becomes a depth-0
 * tuple of one slot (k its value code). */
#define TLA__NODE_K(x, k) _Generic((char (*)[1 + TLA__CLS(x)])0, char (*)[13]: (x), \
        default: TLA__LEAFT(k, TLA__LVAL_K(x, TLA__CLS(x), k)))
#define TLA__NODE(x) TLA__NODE_K(x, TLA__LCODE(x))
/* The same where only the node's type matters (inside __typeof__; x need not be a value). */
#define TLA__NODE_TYPE_K(x, k) _Generic((char (*)[1 + TLA__CLS(x)])0, char (*)[13]: (x), \
        default: TLA__LEAFTI(k, TLA__LVAL_K(x, TLA__CLS(x), k), 0))
/* Declare y as x's node (x a bound name). */
#define TLA__NODEB(y, x) enum { y##k = TLA__LCODE(x) }; __auto_type y##d = TLA__LVAL_K(x, TLA__CLS(x), y##k); \
    __auto_type y = _Generic((char (*)[1 + TLA__CLS(x)])0, char (*)[13]: (x), default: TLA__LEAFT(y##k, y##d));
/* A cheaper node for code that reads a leaf's value but not its static-ness (run-time sums and
 * queries): a tuple stays itself, a leaf becomes a depth-0 node of one dynamic slot. */
struct tla__leafinfo {
    char (*n)[2], (*dp)[1], (*r)[1], (*st)[1], (*c0)[1], (*c1)[1], (*c2)[1], (*c3)[1], (*c4)[1], (*c5)[1], (*c6)[1],
        (*c7)[1], (*p0)[1], (*p1)[1], (*p2)[1], (*p3)[1], (*p4)[1], (*p5)[1], (*p6)[1], (*p7)[1];
    tla__pp0 pp;
};
#define TLA__VNODEB(y, x) enum { y##k = TLA__CLS(x) }; __auto_type y##v = TLA__LVAL_K(x, y##k, TLA__LCODE_K(x, y##k)); (void)y##v; \
    __auto_type y = TLA__IF(y##k == 12, (x), (struct { __typeof__(0 + y##v) v[8]; \
        union { const struct tla__leafinfo *tla_f; char (*tla_lk)[1]; }; }){ .v = { y##v } });
/* The same for its type only (inside __typeof__; x need not be bound, k its value code): the
 * initializer is a constant, since clang checks a compound literal inside a struct member's
 * type as if it stood at file scope (a run-time leaf there would not compile). */
#define TLA__CNODE(x, k) _Generic((char (*)[1 + TLA__CLS(x)])0, char (*)[13]: (x), default: (struct { \
        __typeof__(0 + TLA__LVAL_K(x, TLA__CLS(x), k)) v[8]; union { const struct tla__leafinfo *tla_f; char (*tla_lk)[1]; }; }){ \
        .v = { 0 } })
/* x as a node, and run-time values (tla_tuple, tla_layout) as nil (x bound). */
#define TLA__ANODE(x) _Generic((x), struct tla_layout: TLA__NIL, struct tla_tuple: TLA__NIL, default: TLA__NODE(x))
/* The same as a declaration of y (cheaper: the value code is bound once). */
#define TLA__ANODEB(y, x) enum { y##k = TLA__LCODE(x) }; \
    __auto_type y = _Generic((x), struct tla_layout: TLA__NIL, struct tla_tuple: TLA__NIL, default: TLA__NODE_K(x, y##k));
/* x (bound) when it is a static or mixed tuple or layout, else nil: for arguments that must be
 * one (the caller's assert says what is wrong). */
#define TLA__SNODE(x) TLA__SNODE_X(x, )
/* The same with more types that read as nil ("T: TLA__NIL," each; tensor/static.h adds the
 * run-time tensors). */
#define TLA__SNODE_X(x, ...) TLA__IF(TLA__CLS(x) == 12, _Generic((x), \
        struct tla_layout: TLA__NIL, struct tla_tuple: TLA__NIL, __VA_ARGS__ default: (x)), TLA__NIL)

/* Fallbacks for the names macros bind their arguments to.  When an argument does not compile
 * (an undeclared name), gcc drops the declaration that binds it, and every later use of the
 * binding would report "undeclared" again (tla_tile_at: 15 errors).  With a file-scope name of
 * the same spelling, later uses read this int: the macro's own check on its argument then
 * reports once ("tla: crd2offset takes a layout").  The bindings shadow these names; the headers
 * are system headers, so -Wshadow stays quiet. */
enum { tla__tc, tla__tL, tla__al0, tla__aca, tla__tta, tla__tl0, tla__pl1, tla__mtp, tla__mtl0, tla__tlA0, tla__teA0, tla__ttA0, tla__tdA0, tla__tec,
       tla__ls, tla__ld, tla__vx, tla__vg, tla__ug, tla__px, tla__ex };
/* tla_shape and tla_stride bind their layout to tla__lq; its fallback is a layout of nils, so
 * tla_shape(kTypo) reports the undeclared name and nothing else (the nil's shape has no slots,
 * which every check skips).  Declared, never defined: only a source that does not compile
 * refers to it. */
extern const tla__nil_layout tla__lq;
extern const tla__nil_layout tla__nlo;
/* compat's crd2offset(c, s, d) binds its shape and stride to _tS and _tD: nils, so an undeclared
 * s or d reports once on gcc, not once more as "_tS undeclared". */
extern const struct tla__nil _tS, _tD;

/* ---- facts of a node (integer constant expressions) ---- */
#define TLA__K(x) sizeof(*(x).tla_lk)
enum tla__kind {
    TLA__KIND_DYN = 1,            /* a dynamic leaf */
    TLA__KIND_STATIC = 2,         /* a static leaf >= 0 */
    TLA__KIND_STATIC_NEG = 3,     /* a static leaf < 0 */
    TLA__KIND_TUPLE = 4,          /* + rank: a tuple (nil is the rank-0 tuple) */
    TLA__KIND_TENSOR = 29,        /* a static or mixed tensor (tensor/static.h) */
    TLA__KIND_LAYOUT = 30,        /* a layout */
    TLA__KIND_LAYOUT_ORIGIN = 31, /* a layout with an originShape */
    TLA__KIND_TILE = 32           /* a tile: a layout with an originShape and a coordinate */
};
/* (the kinds' values written out: these tests stand many times in every site; TLA__K is a size_t,
 * so K - 4 <= 8 is 4 <= K <= 12) */
_Static_assert(TLA__KIND_STATIC_NEG == 3 && TLA__KIND_TUPLE == 4 && TLA__KIND_LAYOUT == 30 &&
                   TLA__KIND_LAYOUT_ORIGIN == 31 && TLA__KIND_TILE == 32,
               "tla: the kind tests below use these values");
#define TLA__IS_LEAF(x) (TLA__K(x) <= 3)
#define TLA__IS_TUPLE(x) (TLA__K(x) - 4 <= 8)
#define TLA__IS_LAYOUT(x) (TLA__K(x) >= 30)
#define TLA__HAS_ORIGIN(x) (TLA__K(x) >= 31)
#define TLA__IS_TILE(x) (TLA__K(x) == 32)
#define TLA__NLEAF(x) (TLA__F(x, n) - 1)
#define TLA__DEPTH(x) (TLA__F(x, dp) - 1)
#define TLA__TRANK(x) ((int)TLA__F(x, r) - 1)
#define TLA__ALL_STATIC(x) (TLA__F(x, st) == 2)
/* Slot j (a literal 0..7): value code, path code + 1, static?, value (ICE when static). */
#define TLA__SCODE(x, j) TLA__F(x, c##j)
#define TLA__SPATH(x, j) TLA__F(x, p##j)
#define TLA__SSTATIC(x, j) (TLA__SCODE(x, j) >= 2)
#define TLA__SVALJ(x, j) TLA_IF(TLA__SSTATIC(x, j), TLA__CV(TLA__SCODE(x, j)), (x).v[j])
/* The same where a run-time value will do (shorter): static values come from the type, as
 * everywhere, so a layout rebuilt from its type alone (tensor/static.h) answers right. */
#define TLA__SVALR(x, j) (TLA__SCODE(x, j) > 1 ? TLA__CV(TLA__SCODE(x, j)) : (x).v[j])
/* Same nesting (same leaf paths). */
#define TLA__CONG(a, b) __builtin_types_compatible_p(__typeof__((a).tla_f->pp), __typeof__((b).tla_f->pp))

/* The run-time size of a node's first n leaves (-1 when it does not fit in long long, as
 * tla_size answers for run-time values). */
TLA_FUNC long long tla__size8(int n, long long a, long long b, long long c, long long d, long long e, long long f,
                              long long g, long long h) {
    long long v[8], p = 1, m;
    int i;
    v[0] = a, v[1] = b, v[2] = c, v[3] = d, v[4] = e, v[5] = f, v[6] = g, v[7] = h;
    for (i = 0; i < n; i++)
        if (v[i] == 0) return 0;
    for (i = 0; i < n; i++) {
        if (v[i] == LLONG_MIN || p == LLONG_MIN) return -1;
        m = v[i] < 0 ? -v[i] : v[i];
        if ((p < 0 ? -p : p) > LLONG_MAX / m) return -1;
        p *= v[i];
    }
    return p;
}

/* A value as the extent of an array type, and back: sizeof of a non-VLA type is an integer
 * constant expression whatever its operand, so a statement expression (which binds its
 * arguments once) can still give a constant. */
#define TLA__BIAS (1LL << 60)
#define TLA__CODE_OF(v) (TLA__BIAS + (v))
#define TLA__CODE_VALUE(code) ((long long)(code) - TLA__BIAS)
/* The 8 slots, for loops written with the preprocessor (convert.h). */
#define TLA__SLOTS(M, a) M(a, 0) M(a, 1) M(a, 2) M(a, 3) M(a, 4) M(a, 5) M(a, 6) M(a, 7)

#include "tla/static/core_gen.h"

/* clang-format on */
#endif
