/* tla/rt/parse.h - read IntTuples and layouts from text.
 *
 * The text form is the printed one: integers `12`, `-3`, static integers `_4`
 * (also `_-1`), tuples `(4,(2,_3))`, layouts `Shape:Stride`.  Spaces are
 * allowed between tokens.  On error *err says what was expected, and
 * err->pos is the byte offset where it went wrong.  The parsers never read
 * past the terminating NUL, never recurse, and report int64 overflow.
 *
 *   tla_layout L;  tla_error e;
 *   if (tla_layout_parse(&L, "((4,2),(_4,3)):((4,16),(1,32))", &e) != 0)
 *       printf("column %d: %s\n", e.pos + 1, e.msg);
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout L;  tla_error e;
 *   if (tla_layout_parse(&L, "((4,2),(_4,3)):((4,16),(1,32))", &e) != 0) return 1;
 *   if (tla_layout_parse(&L, "((4,2):(1,4)", &e) == 0) return 1;   // fails, and says where
 *   printf("column %d: %s\n", e.pos + 1, e.msg);
 */
#ifndef TLA_PARSE_H
#define TLA_PARSE_H

#include "tla/base.h"
#include "tla/rt/types.h"
#include "tla/rt/layout.h"

TLA_FUNC int tla_is_digit(char c);

/* Helpers for tools that read the same text (the `tla` tool uses them): the index of the
 * first non-space at or after p, and a name for the character at s[p] in a message. */
TLA_API int tla_skip_space(const char *s, int p);

/* Describe the character at s[p] for error messages ("end of text", "'x'"). */
TLA_API const char *tla_char_name(const char *s, int p, char buf[16]);

/* One integer at *pos (after optional spaces): [-]digits, or _[-]digits for a
 * static one.  Advances *pos past it. */
TLA_API int tla_int_parse_at(int64_t *value, int *is_static, const char *s, int *pos, tla_error *err);

/* One IntTuple starting at *pos (after optional spaces); advances *pos just
 * past it.  Checks the limits of rt/types.h: at most 8 elements per tuple,
 * 32 integers, 4 levels of nesting, 128 tokens. */
TLA_API int tla_tuple_parse_at(tla_tuple *out, const char *s, int *pos, tla_error *err);

/* The whole string s is one IntTuple (spaces around it allowed). */
/* tla_tuple_parse(&t, text, err), tla_layout_parse(&L, text, err) -> 0 or -1 (output untouched on error);
 *   tla_tuple_parse_at / tla_layout_parse_at / tla_int_parse_at(text, &pos, ...) read a prefix and advance pos.
 *   Errors name what was expected and where (err->pos): "expected ',' or ')', found ...", int64 overflow.
 * Example:
 *   tla_tuple t;  tla_layout L;  tla_error e;
 *   if (tla_tuple_parse(&t, "(4,(2,_3))", &e) != 0 || t.nleaf != 3) return 1;
 *   if (tla_layout_parse(&L, "(4,8):(1,", &e) == 0 || e.pos != 9) return 1;   // the end of the text, column 10
 */
TLA_API int tla_tuple_parse(tla_tuple *out, const char *s, tla_error *err);

/* One layout Shape:Stride at *pos; advances *pos past it. */
TLA_API int tla_layout_parse_at(tla_layout *out, const char *s, int *pos, tla_error *err);

/* The whole string s is one layout. */
TLA_API int tla_layout_parse(tla_layout *out, const char *s, tla_error *err);

/* ---------------------------------------------------------------- internals */

TLA_FUNC int tla__is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
TLA_FUNC int tla_is_digit(char c) { return c >= '0' && c <= '9'; }

TLA_API int tla_skip_space(const char *s, int p)
#if TLA__BODIES
{
    while (tla__is_space(s[p])) p++;
    return p;
}
#endif
TLA__DECL

TLA_API const char *tla_char_name(const char *s, int p, char buf[16])
#if TLA__BODIES
{
    unsigned char c = (unsigned char)s[p];
    if (c == 0) return "the end of the text";
    if (c < 32 || c > 126)
        snprintf(buf, 16, "byte 0x%02x", c);
    else
        snprintf(buf, 16, "'%c'", c);
    return buf;
}
#endif
TLA__DECL

TLA_API int tla_int_parse_at(int64_t *value, int *is_static, const char *s, int *pos, tla_error *err)
#if TLA__BODIES
{
    int p = tla_skip_space(s, *pos), start, neg = 0, st = 0;
    uint64_t mag = 0, limit;
    char cb[16];
    start = p;
    if (s[p] == '_') {
        st = 1;
        p++;
    }
    if (s[p] == '-') {
        neg = 1;
        p++;
    }
    if (!tla_is_digit(s[p]))
        return tla__fail(err, p, "expected %s, found %s", st || neg ? "digits" : "an integer", tla_char_name(s, p, cb));
    limit = neg ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
    while (tla_is_digit(s[p])) {
        unsigned d = (unsigned)(s[p] - '0');
        if (mag > (limit - d) / 10u) return tla__fail(err, start, "integer does not fit in int64");
        mag = mag * 10u + d;
        p++;
    }
    /* -mag is computed in unsigned arithmetic so INT64_MIN does not overflow. */
    *value = neg ? (mag == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)mag) : (int64_t)mag;
    *is_static = st;
    *pos = p;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_tuple_parse_at(tla_tuple *out, const char *s, int *pos, tla_error *err)
#if TLA__BODIES
{
    tla_tuple t;
    int p = *pos, level = 0, rank[TLA_MAX_DEPTH];
    char cb[16];
    tla__tuple_clear(&t);
    for (;;) {
        /* Expecting a value: '(' or an integer. */
        p = tla_skip_space(s, p);
        if (level > 0 && ++rank[level - 1] > TLA_MAX_RANK)
            return tla__fail(err, p, "more than %d elements in one tuple", TLA_MAX_RANK);
        /* Room for this token, its ')' if it opens a tuple, and the open ones' ')'. */
        if (t.ntok + 1 + level + (s[p] == '(') > TLA_MAX_TOKENS)
            return tla__fail(err, p, "tuple too complex (more than %d tokens)", TLA_MAX_TOKENS);
        if (s[p] == '(') {
            if (level == TLA_MAX_DEPTH) return tla__fail(err, p, "tuples nest deeper than %d levels", TLA_MAX_DEPTH);
            rank[level++] = 0;
            t.tok[t.ntok++] = TLA_TOK_OPEN;
            p++;
            continue;
        }
        if (s[p] != '_' && s[p] != '-' && !tla_is_digit(s[p]))
            return tla__fail(err, p, "expected an integer or '(', found %s", tla_char_name(s, p, cb));
        if (t.nleaf == TLA_MAX_LEAVES) return tla__fail(err, p, "more than %d integers in one tuple", TLA_MAX_LEAVES);
        {
            int64_t v = 0;
            int st = 0;
            if (tla_int_parse_at(&v, &st, s, &p, err) != 0) return -1;
            if (st) t.stat |= 1u << t.nleaf;
            t.val[t.nleaf++] = v;
            t.tok[t.ntok++] = TLA_TOK_LEAF;
        }
        /* After a value: close tuples, then ',' for the next value or stop. */
        for (;;) {
            if (level == 0) {
                *out = t;
                *pos = p;
                return 0;
            }
            p = tla_skip_space(s, p);
            if (s[p] == ')') {
                t.tok[t.ntok++] = TLA_TOK_CLOSE;
                level--;
                p++;
                continue;
            }
            if (s[p] == ',') {
                p++;
                break;
            }
            return tla__fail(err, p, "expected ',' or ')', found %s", tla_char_name(s, p, cb));
        }
    }
}
#endif
TLA__DECL

TLA_API int tla_tuple_parse(tla_tuple *out, const char *s, tla_error *err)
#if TLA__BODIES
{
    tla_tuple t;
    int p = 0;
    char cb[16];
    if (tla_tuple_parse_at(&t, s, &p, err) != 0) return -1;
    p = tla_skip_space(s, p);
    if (s[p] != '\0') return tla__fail(err, p, "unexpected %s after the tuple", tla_char_name(s, p, cb));
    *out = t;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_layout_parse_at(tla_layout *out, const char *s, int *pos, tla_error *err)
#if TLA__BODIES
{
    tla_tuple shape, stride;
    tla_layout L;
    int p = *pos, sp;
    char cb[16];
    if (tla_tuple_parse_at(&shape, s, &p, err) != 0) return -1;
    p = tla_skip_space(s, p);
    if (s[p] != ':')
        return tla__fail(err, p, "expected ':' and a stride after the shape, found %s", tla_char_name(s, p, cb));
    sp = tla_skip_space(s, p + 1);
    p = sp;
    if (tla_tuple_parse_at(&stride, s, &p, err) != 0) return -1;
    if (tla_layout_make(&L, &shape, &stride, err) != 0) {
        if (err) err->pos = sp;
        return -1;
    }
    *out = L;
    *pos = p;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_layout_parse(tla_layout *out, const char *s, tla_error *err)
#if TLA__BODIES
{
    tla_layout L;
    int p = 0;
    char cb[16];
    if (tla_layout_parse_at(&L, s, &p, err) != 0) return -1;
    p = tla_skip_space(s, p);
    if (s[p] != '\0') return tla__fail(err, p, "unexpected %s after the layout", tla_char_name(s, p, cb));
    *out = L;
    return 0;
}
#endif
TLA__DECL

#endif
