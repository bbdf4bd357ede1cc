/* tla/rt/error.h - how run-time operations fail: tla_error, and checked int64 arithmetic.
 *
 * Conventions: every function is TLA_FUNC or TLA_API (static inline, unless tla.h's build
 * modes compile the TLA_API ones once) and uses no globals and no heap.  A function returning
 * int returns 0 on success and -1 on error; it then fills *err (when err is not NULL) with what
 * went wrong and where, and leaves its outputs untouched.  int64 overflow is an error.
 * tla_error_set(err, pos, fmt, ...) fills the error (printf-style; pos is a byte offset into
 * parsed text, or -1) and returns -1, for code built on tla.h that reports as it does.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_error e;
 *   if (tla_floor_div(-7, 2) != -4 || tla_ceil_div(-7, 2) != -3) return 1;   // rounding for any signs
 *   if (tla_error_set(&e, 7, "what went wrong: %d", 42) != -1 || e.pos != 7) return 1;
 *   if (strcmp(e.msg, "what went wrong: 42") != 0) return 1;
 */
#ifndef TLA_ERROR_H
#define TLA_ERROR_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "tla/base.h"
#include "tla/rt/types.h"

/* ---------------------------------------------------------------- errors */

/* (an attribute of tla_error_set's prototype, so it is defined before it) */
#if defined(__GNUC__) || defined(__clang__)
#define TLA__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TLA__PRINTF(f, a)
#endif

/* tla_error_set(err, pos, fmt, ...) -> -1
 *   Fill *err (if err is not NULL): pos, and the message printf-style (cut to fit msg), so a
 *   function can `return tla_error_set(err, p, "expected ...");`.
 * Example:
 *   tla_error e;
 *   if (tla_error_set(&e, -1, "%s: %d leaves", "tuple", 9) != -1 || e.pos != -1) return 1;
 *   if (tla_error_set(NULL, 0, "nowhere") != -1) return 1;   // no error to fill: still -1
 */
TLA_API TLA__PRINTF(3, 4) int tla_error_set(tla_error *err, int pos, const char *fmt, ...);
/* The one run-time division that rounds: floor and ceiling of a / b for any signs (MLIR's
 * floorDiv / ceilDiv, CATLASS's CeilDiv); b == -1 wraps as 0 - a does, b == 0 gives 0, so
 * neither ever overflows.  RoundUp / RoundDown on run-time values (round_up needs the result
 * within int64).  Each argument is evaluated once; TLA_CEIL_DIV etc. in base.h are the
 * constant forms (a >= 0, b > 0). */
TLA_FUNC int64_t tla_floor_div(int64_t a, int64_t b);
TLA_FUNC int64_t tla_ceil_div(int64_t a, int64_t b);
TLA_FUNC int64_t tla_round_up(int64_t a, int64_t b);
TLA_FUNC int64_t tla_round_down(int64_t a, int64_t b);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- errors */

TLA_API TLA__PRINTF(3, 4) int tla_error_set(tla_error *err, int pos, const char *fmt, ...)
#if TLA__BODIES
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->pos = pos;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}
#endif
TLA__DECL

/* (the library's own spelling) */
#define tla__fail tla_error_set

/* Checked int64 arithmetic: 0 and *r on success, -1 on overflow (r untouched; overflow is
 * reported, never wrapped). */
TLA_FUNC int tla__add64(int64_t a, int64_t b, int64_t *r) {
    if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return -1;
    *r = a + b;
    return 0;
}
TLA_FUNC int tla__mul64(int64_t a, int64_t b, int64_t *r) {
    /* both factors in [-2^31, 2^31): the product fits, no division needed (a 64-bit division
     * is 40-90 cycles, and a copy's planning multiplies extents and strides hundreds of times) */
    if ((((uint64_t)a + 0x80000000u) | ((uint64_t)b + 0x80000000u)) >> 32 == 0) {
        *r = a * b;
        return 0;
    }
    if (a > 0) {
        if (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a) return -1;
    } else if (a < 0) {
        if (b > 0 ? a < INT64_MIN / b : (b != 0 && a < INT64_MAX / b)) return -1;
    }
    *r = a * b;
    return 0;
}

/* A path of mode indices, kept only to say "where" in error messages. */
typedef struct tla__where {
    int n;
    int i[TLA_MAX_DEPTH + 2];
} tla__where;

/* "" at the top, else " at mode 1" or " at mode 1.0"; buf needs 64 bytes. */
TLA_FUNC const char *tla__where_str(const tla__where *w, char *buf) {
    int k, len;
    buf[0] = '\0';
    if (!w || w->n == 0) return buf;
    len = snprintf(buf, 64, " at mode ");
    for (k = 0; k < w->n && len < 50; k++) len += snprintf(buf + len, (size_t)(64 - len), k ? ".%d" : "%d", w->i[k]);
    return buf;
}
TLA_FUNC tla__where tla__where_push(const tla__where *w, int i) {
    tla__where r = *w;
    if (r.n < TLA_MAX_DEPTH + 2) r.i[r.n++] = i;
    return r;
}

TLA_FUNC int64_t tla__div_round(int64_t a, int64_t b, int up) {
    int64_t q;
    if (b == 0) return 0;
    if (b == -1) return (int64_t)(0 - (uint64_t)a);
    q = a / b;
    if (a % b != 0 && ((a < 0) == (b < 0)) == up) q += up ? 1 : -1;
    return q;
}

TLA_FUNC int64_t tla_floor_div(int64_t a, int64_t b) { return tla__div_round(a, b, 0); }

TLA_FUNC int64_t tla_ceil_div(int64_t a, int64_t b) { return tla__div_round(a, b, 1); }

TLA_FUNC int64_t tla_round_up(int64_t a, int64_t b) { return tla_ceil_div(a, b) * b; }

TLA_FUNC int64_t tla_round_down(int64_t a, int64_t b) { return a / b * b; }

#endif
