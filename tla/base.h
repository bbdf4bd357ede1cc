/* tla/base.h - configuration and the few compile-time tools everything else uses.
 *
 *   TLA_FUNC     qualifiers of every library function (default `static inline`);
 *                define it before including tla.h to add your own, e.g.
 *                `#define TLA_FUNC static inline __aicore__`.
 *   TLA_API      qualifiers of the run-time functions (the ones written TLA_API): TLA_FUNC
 *                when header-only; nothing (external linkage) under TLA_IMPLEMENTATION and
 *                TLA_DECLARATIONS_ONLY, the build modes tla.h describes.  Define it to add
 *                your own there, e.g. `__aicore__` or a visibility attribute.
 *   TLA_GM       qualifier for tensor element pointers (default empty), e.g. `__gm__`.
 *   tla_auto     declare a variable from an initializer: `tla_auto L = tla_make_layout(...);`
 *   TLA_IF(c, a, b)   compile-time choice: a when the integer constant c is non-zero,
 *                else b.  Both must be valid expressions; only the chosen one is used,
 *                and the result keeps its own type (an ICE stays an ICE).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   _Static_assert(TLA_IF(1, 10, 20) == 10, "TLA_IF picks a branch at compile time");
 *   tla_auto x = TLA_IF(0, 1.5, 7);   // the chosen branch keeps its type: int here
 *   if (x != 7 || TLA_VERSION_MAJOR < 0) return 1;
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_BASE_H
#define TLA_BASE_H
/* Macros only: a system header, so gcc's notes on a misuse stop at the user's call (static/core_gen.h). */
#pragma GCC system_header

#include <stdint.h>
#include <stddef.h>
#include <limits.h>

/* The version of tla.h (tla.pc says the same; `tla --version` prints it). */
#define TLA_VERSION_MAJOR 0
#define TLA_VERSION_MINOR 2
#define TLA_VERSION_PATCH 0
#define TLA_VERSION_STRING "0.2.0"

/* The Ascend cube core's fractals (shared by the static and the run-time formats): 16 rows of
 * C0 = 32 bytes (512 bytes in all); L0C keeps float accumulators in 16 x 16 fractals. */
#define TLA_FRACTAL_ROWS 16
#define TLA_C0_BYTES 32
#define TLA_FRACTAL_BYTES (TLA_FRACTAL_ROWS * TLA_C0_BYTES)
#define TLA_L0C_C0 16
#define TLA_L0C_FRACTAL (TLA_FRACTAL_ROWS * TLA_L0C_C0)
/* Elements of type T in one C0 block and in one fractal (T of 1, 2 or 4 bytes). */
#define TLA_C0_ELEMS(T) (TLA_C0_BYTES / (int)sizeof(T))
#define TLA_FRACTAL_ELEMS(T) (TLA_FRACTAL_BYTES / (int)sizeof(T))

/* Rounding helpers, CATLASS's CeilDiv / RoundUp / RoundDown.  The macros are integer constant
 * expressions on constants and name each argument twice (like Linux's DIV_ROUND_UP); the
 * functions take int64_t and evaluate each argument once.  b > 0. */
#define TLA_CEIL_DIV(a, b) (((a) + (b) - 1) / (b))
#define TLA_ROUND_UP(a, b) (TLA_CEIL_DIV(a, b) * (b))
#define TLA_ROUND_DOWN(a, b) ((a) / (b) * (b))

#ifndef TLA_FUNC
#define TLA_FUNC static inline
#endif
/* Build modes (tla.h): a run-time function is written
 *     TLA_API int f(...)
 *     #if TLA__BODIES
 *     { ... }
 *     #endif
 *     TLA__DECL
 * so that TLA_DECLARATIONS_ONLY leaves `int f(...);` and the other modes the definition
 * (tools/impl_mode.py chooses which functions are written so).  TLA_IMPLEMENTATION wins over
 * TLA_DECLARATIONS_ONLY: a build may pass -DTLA_DECLARATIONS_ONLY to every file. */
#if defined(TLA_IMPLEMENTATION)
#define TLA__BODIES 1
#define TLA__LINKED 1
#elif defined(TLA_DECLARATIONS_ONLY)
#define TLA__BODIES 0
#define TLA__LINKED 1
#else
#define TLA__BODIES 1
#define TLA__LINKED 0
#endif
#ifndef TLA_API
#if TLA__LINKED
#define TLA_API
#else
#define TLA_API TLA_FUNC
#endif
#endif
#ifndef TLA_GM
#define TLA_GM
#endif

/* GNU extensions used by tla.h, each wrapped so -Wpedantic stays quiet:
 *   __typeof__ and __auto_type   (tla_auto; building tuples from their elements)
 *   statement expressions ({ })  (constructors bind each argument once)
 *   __attribute__((unused))      (TLA_CONST_LAYOUT: a constant a file may leave unused)
 * C23 compilers could use `auto` and `typeof`; gcc and clang accept the GNU
 * spellings in every -std mode. */
#define tla_auto __extension__ __auto_type

#define TLA_IF(c, a, b) __builtin_choose_expr(c, a, b)

/* A compile-time check usable inside an expression; evaluates to 0. */
#define TLA_STATIC_CHECK(cond, msg) ((int)(0 * sizeof(struct { _Static_assert(cond, msg); int tla__unused; })))

/* ---------------------------------------------------------------- internals */

/* What ends a run-time function's text (the build modes above): nothing after its body, `;`
 * after its declaration alone. */
#if TLA__BODIES
#define TLA__DECL
#else
#define TLA__DECL ;
#endif
/* The implementation file defines each run-time function with no declaration before it: the
 * warning some builds turn on for that (-Wmissing-prototypes) would name each one. */
#if defined(TLA_IMPLEMENTATION) && defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-prototypes"
#endif
/* A statement expression (GNU C, as tla_auto above). */
#define TLA__STMT(...) __extension__ ({ __VA_ARGS__ })
/* Around one typedef of a variably modified pointer type inside a statement expression (the
 * queries' answers, static/query.h): -Wvla stays quiet there and only there. */
#define TLA__NOVLA_BEGIN _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wvla\"")
#define TLA__NOVLA_END _Pragma("GCC diagnostic pop")
/* A constant a translation unit may leave unused (TLA_CONST_LAYOUT in a shared header). */
#if defined(__GNUC__)
#define TLA__MAYBE_UNUSED __attribute__((__unused__))
/* A small function that must fold into its caller (gcc's estimate would keep some calls). */
#define TLA__ALWAYS_INLINE __attribute__((always_inline))
#else
#define TLA__ALWAYS_INLINE
#define TLA__MAYBE_UNUSED
#endif

#define TLA__CAT_(a, b) a##b
#define TLA__CAT(a, b) TLA__CAT_(a, b)

/* Count variadic arguments, 1..8. */
#define TLA__NARGS(...) TLA__NARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define TLA__NARGS_(_1, _2, _3, _4, _5, _6, _7, _8, N, ...) N

/* clang-format on */
#endif
