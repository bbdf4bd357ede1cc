/* tla/sparse/encoding.h - MLIR sparse tensor encodings: parse, verify and print
 * `#sparse_tensor.encoding<{ map = ..., posWidth = ..., crdWidth = ..., explicitVal = ...,
 * implicitVal = ... }>` as MLIR's SparseTensorEncodingAttr does.
 *
 *   tla_sparse_encoding enc;  tla_error err;  char buf[512];
 *   tla_sparse_parse(&enc, "#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense,"
 *                    " j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>", &err);
 *   tla_sparse_snprint(buf, sizeof buf, &enc);   // MLIR's canonical one-line form
 *
 * Accepted: the implicit map `(i, j) -> (i : dense, j : compressed)`, symbols `[c](i, j) -> ...`,
 * level declarations with explicit inverses `{l0, l1} (d0 = l0, d1 = l1) -> (l0 = d0 : dense, ...)`,
 * dimension slices `i : #sparse_tensor<slice(0, 4, ?)>`, level formats dense, batch, compressed,
 * loose_compressed, singleton, structured[n, m] (and the old spelling block2_4 for structured[2, 4]),
 * properties (nonunique, nonordered, soa), `//` comments, a trailing comma, and an optional
 * `#NAME =` prefix.  Affine expressions are built and simplified as MLIR's AffineExpr does
 * (`4 + d0` is `d0 + 4`, `c * 3 * i` is `d0 * (s0 * 3)`, `d0 floordiv 1` is `d0`), then printed
 * by MLIR's affine printer.  Errors carry MLIR's messages ("unknown level format: strange",
 * "failed to infer lvlToDim from dimToLvl", ...) and a byte position; the verifier is
 * SparseTensorEncodingAttr::verify, plus "implicit value must be zero" (which MLIR checks when
 * the encoding meets a tensor type).  Expressions nest at most 64 parentheses deep.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_sparse_encoding enc;  tla_error err;  char buf[256];
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (j : compressed, i : compressed),"
 *                        " crdWidth = 8, posWidth = 32, }>", &err) != 0) return 1;
 *   tla_sparse_snprint(buf, sizeof buf, &enc);
 *   if (strcmp(buf, "#sparse_tensor.encoding<{ map = (d0, d1) -> (d1 : compressed, d0 : compressed),"
 *                   " posWidth = 32, crdWidth = 8 }>") != 0) return 1;
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (d0) -> (d0 : strange) }>", &err) == 0) return 1;
 *   if (strcmp(err.msg, "unknown level format: strange") != 0) return 1;
 */
#ifndef TLA_SPARSE_ENCODING_H
#define TLA_SPARSE_ENCODING_H

#include <ctype.h>
#include "tla/sparse/affine.h"
#include "tla/rt/parse.h"

/* ------------------------------------------------------------------ verification */

/* tla_sparse_verify(&enc, err) -> 0 or -1: SparseTensorEncodingAttr::verify (tla_sparse_parse calls
 * it), and fills lvl_dim / lvl_op / lvl_block.  For an encoding built or changed by hand.
 * Example:
 *   tla_sparse_encoding enc;  tla_error e;
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>", &e)) return 1;
 *   enc.lvl[0].format = TLA_LVL_SINGLETON;
 *   if (tla_sparse_verify(&enc, &e) == 0) return 1;   // expected compressed or loose_compressed level before singleton level
 */
TLA_API int tla_sparse_verify(tla_sparse_encoding *e, tla_error *err);

/* ------------------------------------------------------------------ parse and print */

/* tla_sparse_parse(&enc, text, err) -> 0, or -1 with MLIR's message and err->pos (enc untouched).
 * text is `#sparse_tensor.encoding<{...}>`, optionally after `#NAME =`.
 * Example:
 *   tla_sparse_encoding enc;  tla_error e;
 *   if (tla_sparse_parse(&enc, "#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>", &e)) return 1;
 *   if (enc.dim_rank != 2 || enc.lvl_rank != 2 || enc.lvl[1].format != TLA_LVL_COMPRESSED) return 1;
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d0 : compressed) }>", &e) == 0) return 1;
 *   if (strcmp(e.msg, "failed to infer lvlToDim from dimToLvl") != 0) return 1;
 */
TLA_API int tla_sparse_parse_ex(tla_sparse_encoding *out, const char *text, int check_implicit, tla_error *err);
TLA_API int tla_sparse_parse(tla_sparse_encoding *out, const char *text, tla_error *err);

/* tla_sparse_snprint(buf, n, &enc): MLIR's canonical one-line form; returns the full length
 * (snprintf semantics: the text fits when the result is less than n).
 * Example:
 *   tla_sparse_encoding enc;  tla_error e;  char buf[256];
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = [c](i, j) -> (c * 3 * i : dense, i : dense, j : compressed) }>", &e)) return 1;
 *   tla_sparse_snprint(buf, sizeof buf, &enc);
 *   if (strcmp(buf, "#sparse_tensor.encoding<{ map = [s0](d0, d1) -> (d0 * (s0 * 3) : dense, d0 : dense, d1 : compressed) }>")) return 1;
 */
TLA_API int tla_sparse_snprint(char *buf, size_t n, const tla_sparse_encoding *e);

/* tla_sparse_verify_type(&enc, "tensor<8x?xf32>", err) -> 0 or -1: MLIR's
 * SparseTensorEncodingAttr::verifyEncoding, the checks an encoding meets on a tensor type
 * (mlir-opt 22's messages): "expected non-scalar sparse tensor", "dimension-rank mismatch
 * between encoding and tensor shape: 2 != 1", "explicit value type mismatch between encoding
 * and tensor element type: 'f32' != 'f64'", the same for the implicit value, then "implicit
 * value must be zero" (parse with tla_sparse_parse_ex(..., 0) to get this order).  MLIR 22 checks
 * no block size against a static dimension (tensor<8x8xf32> with blocks of 3 is accepted), so
 * neither does this.  err->pos is a byte offset in the type text for a malformed type.
 * Example:
 *   tla_sparse_encoding enc;  tla_error e;
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed), explicitVal = 1.0 : f32 }>", &e)) return 1;
 *   if (tla_sparse_verify_type(&enc, "tensor<8x8xf32>", &e) != 0) return 1;
 *   if (tla_sparse_verify_type(&enc, "tensor<8x8xf64>", &e) == 0) return 1;   // ... 'f32' != 'f64'
 */
TLA_API int tla_sparse_verify_type(const tla_sparse_encoding *e, const char *type, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* ------------------------------------------------------------------ lexing */

enum { TLA__SP_SYM, TLA__SP_DIM, TLA__SP_LVL };

typedef struct tla__sp {
    const char *s;
    int p, depth, nnames, nlvl_decl;
    tla_error *err;
    tla_sparse_encoding *e;
    tla_ix_ctx c; /* over e's nodes */
    struct {
        char name[32];
        int kind, num;
    } names[3 * TLA_SPARSE_MAX_RANK];
} tla__sp;

TLA_FUNC void tla__sp_ws(tla__sp *x) {
    for (;;) {
        x->p = tla_skip_space(x->s, x->p);
        if (x->s[x->p] != '/' || x->s[x->p + 1] != '/') return;
        while (x->s[x->p] && x->s[x->p] != '\n') x->p++;
    }
}
TLA_FUNC int tla__sp_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
/* Length of the bare identifier at the next token (0 if none). */
TLA_FUNC int tla__sp_idlen(tla__sp *x) {
    int k = 0;
    tla__sp_ws(x);
    if (!tla__sp_alpha(x->s[x->p])) return 0;
    while (tla__sp_alpha(x->s[x->p + k]) || tla_is_digit(x->s[x->p + k]) || x->s[x->p + k] == '$'
           || x->s[x->p + k] == '.')
        k++;
    return k;
}
TLA_FUNC int tla__sp_kw(tla__sp *x, const char *kw) { /* consume the keyword kw if it is next */
    int k = tla__sp_idlen(x);
    if (k == 0 || (size_t)k != strlen(kw) || strncmp(x->s + x->p, kw, (size_t)k) != 0) return 0;
    x->p += k;
    return 1;
}
TLA_FUNC int tla__sp_punct(tla__sp *x, const char *t) { /* consume punctuation t if it is next */
    size_t k = strlen(t);
    tla__sp_ws(x);
    if (strncmp(x->s + x->p, t, k) != 0 || (t[0] == '-' && k == 1 && x->s[x->p + 1] == '>')) return 0;
    x->p += (int)k;
    return 1;
}
/* An error at the next token: MLIR's lexer first complains about a character no token starts with. */
TLA_FUNC int tla__sp_fail(tla__sp *x, const char *msg) {
    char c;
    tla__sp_ws(x);
    c = x->s[x->p];
    if (c && !tla__sp_alpha(c) && !tla_is_digit(c) && !strchr("()[]{}<>,=:-?#*+\"!^%@.", c))
        return tla__fail(x->err, x->p, "unexpected character");
    return tla__fail(x->err, x->p, "%s", msg);
}
TLA_FUNC int tla__sp_expect(tla__sp *x, const char *t, const char *msg) {
    return tla__sp_punct(x, t) ? 0 : tla__sp_fail(x, msg);
}

/* An integer literal ([-]digits or 0x hex): 1 read, 0 none here, -1 error (too large). */
TLA_FUNC int tla__sp_int(tla__sp *x, int64_t *v, int allow_neg) {
    int p, neg = 0, hex = 0;
    uint64_t m = 0, lim;
    tla__sp_ws(x);
    p = x->p;
    if (allow_neg && x->s[p] == '-' && tla_is_digit(x->s[tla_skip_space(x->s, p + 1)]))
        neg = 1, p = tla_skip_space(x->s, p + 1);
    if (!tla_is_digit(x->s[p])) return 0;
    if (x->s[p] == '0' && x->s[p + 1] == 'x' && isxdigit((unsigned char)x->s[p + 2])) hex = 1, p += 2;
    lim = neg ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
    for (; hex ? isxdigit((unsigned char)x->s[p]) : tla_is_digit(x->s[p]); p++) {
        unsigned d = (unsigned)(tla_is_digit(x->s[p]) ? x->s[p] - '0' : (x->s[p] | 32) - 'a' + 10);
        if (m > (lim - d) / (hex ? 16u : 10u)) return tla__fail(x->err, x->p, "integer constant too large");
        m = m * (hex ? 16u : 10u) + d;
    }
    *v = neg ? (m == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)m) : (int64_t)m;
    x->p = p;
    return 1;
}

/* ------------------------------------------------------------------ the map */

TLA_FUNC int tla__sp_lookup(const tla__sp *x, const char *name, int len) {
    int i;
    for (i = 0; i < x->nnames; i++)
        if ((int)strlen(x->names[i].name) == len && strncmp(x->names[i].name, name, (size_t)len) == 0) return i;
    return -1;
}
/* Bind a new variable of kind k (symbol, dimension or declared level). */
TLA_FUNC int tla__sp_bind(tla__sp *x, int k, int *num) {
    int len = tla__sp_idlen(x), i, n = 0;
    if (len == 0) return tla__sp_fail(x, "expected bare identifier");
    if (len > 31) return tla__fail(x->err, x->p, "identifier longer than 31 characters");
    if (tla__sp_lookup(x, x->s + x->p, len) >= 0)
        return tla__fail(x->err, x->p, "redefinition of identifier '%.*s'", len, x->s + x->p);
    for (i = 0; i < x->nnames; i++) n += x->names[i].kind == k;
    if (n >= TLA_SPARSE_MAX_RANK || x->nnames >= 3 * TLA_SPARSE_MAX_RANK)
        return tla__fail(x->err, x->p, "more than %d %s", TLA_SPARSE_MAX_RANK,
                         k == TLA__SP_SYM   ? "symbols"
                         : k == TLA__SP_DIM ? "dimensions"
                                            : "levels");
    memcpy(x->names[x->nnames].name, x->s + x->p, (size_t)len);
    x->names[x->nnames].name[len] = '\0';
    x->names[x->nnames].kind = k, x->names[x->nnames++].num = n;
    x->p += len;
    *num = n;
    return 0;
}

TLA_FUNC int tla__sp_expr(tla__sp *x, int scope, int *out);
/* factor := '-' factor | '(' expr ')' | integer | identifier (scope: the kind of variable allowed besides symbols) */
TLA_FUNC int tla__sp_factor(tla__sp *x, int scope, int *out) {
    int64_t v;
    int r, len, at;
    tla__sp_ws(x);
    at = x->p;
    if (tla__sp_punct(x, "(")) {
        if (++x->depth > 64) return tla__fail(x->err, at, "expression nests more than 64 parentheses deep");
        if (tla__sp_expr(x, scope, out) != 0 || tla__sp_expect(x, ")", "expected ')'") != 0) return -1;
        x->depth--;
        return 0;
    }
    if ((r = tla__sp_int(x, &v, 0)) != 0) {
        if (r < 0) return -1;
        *out = tla_ix_const(&x->c, v);
    } else if (tla__sp_punct(x, "-")) {
        if (++x->depth > 64) return tla__fail(x->err, at, "expression nests more than 64 operators deep");
        if (tla__sp_factor(x, scope, out) != 0) return -1;
        x->depth--;
        *out = tla_ix_m_mul(&x->c, *out, tla_ix_const(&x->c, -1));
    } else if ((len = tla__sp_idlen(x)) > 0) {
        int i = tla__sp_lookup(x, x->s + x->p, len);
        if (i < 0 || (x->names[i].kind != TLA__SP_SYM && x->names[i].kind != scope))
            return tla__fail(x->err, x->p, "use of undeclared identifier '%.*s'", len > 40 ? 40 : len, x->s + x->p);
        *out =
            x->names[i].kind == TLA__SP_SYM ? tla_ix_sym(&x->c, x->names[i].num) : tla_ix_dim(&x->c, x->names[i].num);
        x->p += len;
    } else
        return tla__sp_fail(x, x->s[x->p] == '+' || x->s[x->p] == '*' ? "missing left operand of binary operator"
                                                                      : "expected affine expression");
    if (x->c.failed) return tla__fail(x->err, at, "expression too large (more than %d nodes)", TLA_SPARSE_MAX_NODES);
    return 0;
}
TLA_FUNC int tla__sp_term(tla__sp *x, int scope, int *out) {
    static const char *const ops[] = {"*", "floordiv", "ceildiv", "mod"};
    static const int kinds[] = {TLA_IX_MUL, TLA_IX_FDIV, TLA_IX_CDIV, TLA_IX_MOD};
    int k, rhs, at;
    if (tla__sp_factor(x, scope, out) != 0) return -1;
    for (;;) {
        tla__sp_ws(x);
        at = x->p;
        for (k = 0; k < 4; k++)
            if (k == 0 ? tla__sp_punct(x, "*") : tla__sp_kw(x, ops[k])) break;
        if (k == 4) return 0;
        if (tla__sp_factor(x, scope, &rhs) != 0) return -1;
        if (k == 0 && !tla__ix_symbolic(&x->c, *out) && !tla__ix_symbolic(&x->c, rhs))
            return tla__fail(
                x->err, at,
                "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic");
        if (k > 0 && !tla__ix_symbolic(&x->c, rhs))
            return tla__fail(x->err, at,
                             "non-affine expression: right operand of %s has to be either a constant or symbolic",
                             ops[k]);
        *out = tla_ix_m_bin(&x->c, kinds[k], *out, rhs);
        if (x->c.failed)
            return tla__fail(x->err, at, "expression too large (more than %d nodes)", TLA_SPARSE_MAX_NODES);
    }
}
TLA_FUNC int tla__sp_expr(tla__sp *x, int scope, int *out) {
    int rhs, neg, at;
    if (tla__sp_term(x, scope, out) != 0) return -1;
    for (;;) {
        tla__sp_ws(x);
        at = x->p;
        if (tla__sp_punct(x, "+"))
            neg = 0;
        else if (tla__sp_punct(x, "-"))
            neg = 1;
        else
            return 0;
        tla__sp_ws(x);
        if (x->s[x->p] == ':' || x->s[x->p] == ',' || x->s[x->p] == ')' || !x->s[x->p])
            return tla__fail(x->err, x->p, "missing right operand of binary operator");
        if (tla__sp_term(x, scope, &rhs) != 0) return -1;
        if (neg) rhs = tla_ix_m_mul(&x->c, rhs, tla_ix_const(&x->c, -1));
        *out = tla_ix_m_add(&x->c, *out, rhs);
        if (x->c.failed)
            return tla__fail(x->err, at, "expression too large (more than %d nodes)", TLA_SPARSE_MAX_NODES);
    }
}

/* level-type := format ['[' n, m ']'] ['(' property, ... ')'] (MLIR's LvlTypeParser) */
TLA_FUNC int tla__sp_lvl_type(tla__sp *x, tla_lvl_type *t) {
    static const char *const fmts[] = {"dense",      "batch",   "compressed", "singleton", "loose_compressed",
                                       "structured", "block2_4"};
    static const char *const props[] = {"nonunique", "nonordered", "soa"};
    int len = tla__sp_idlen(x), at = x->p, f, k, nsz = 0;
    int64_t sz[2] = {0, 0}, v;
    if (len == 0) return tla__sp_fail(x, "expected valid level format (e.g. dense, compressed or singleton)");
    for (f = 0; f < 7; f++)
        if ((size_t)len == strlen(fmts[f]) && strncmp(x->s + x->p, fmts[f], (size_t)len) == 0) break;
    x->p += len;
    t->format = f + 1, t->props = 0, t->n = t->m = 0;
    if (f == 5 && tla__sp_punct(x, "[") && !tla__sp_punct(x, "]")) {
        for (;;) {
            int r = tla__sp_int(x, &v, 1), vat = x->p;
            if (r < 0) return -1;
            if (r == 0) return tla__sp_fail(x, "expected valid integer for structured size");
            if (v < 0) return tla__fail(x->err, vat, "expected structured size to be >= 0");
            if (nsz < 2) sz[nsz] = v;
            nsz++;
            if (tla__sp_punct(x, ",")) continue;
            if (tla__sp_punct(x, "]")) break;
            return tla__sp_fail(x, "expected ']' in structured n out of m");
        }
    }
    if (f == 5 && nsz != 2) return tla__fail(x->err, at, "expected exactly 2 structured sizes");
    if (f == 5 && sz[0] > sz[1]) return tla__fail(x->err, at, "expected n <= m in n_out_of_m");
    if (f == 5 && sz[1] > 255) return tla__fail(x->err, at, "structured sizes must be at most 255 (MLIR keeps 8 bits)");
    if (tla__sp_punct(x, "(") && !tla__sp_punct(x, ")")) {
        for (;;) {
            len = tla__sp_idlen(x);
            if (len == 0) return tla__sp_fail(x, "expected valid level property (e.g. nonordered, nonunique or high)");
            for (k = 0; k < 3; k++)
                if ((size_t)len == strlen(props[k]) && strncmp(x->s + x->p, props[k], (size_t)len) == 0) break;
            if (k == 3)
                return tla__fail(x->err, x->p, "unknown level property: %.*s", len > 40 ? 40 : len, x->s + x->p);
            t->props |= 1 << k;
            x->p += len;
            if (tla__sp_punct(x, ",")) continue;
            if (tla__sp_punct(x, ")")) break;
            return tla__sp_fail(x, "expected ')' in level property list");
        }
    }
    if (f == 7) return tla__fail(x->err, at, "unknown level format: %.*s", len > 40 ? 40 : len, x->s + at);
    if (f >= 5) t->format = TLA_LVL_STRUCTURED, t->n = f == 6 ? 2 : (int)sz[0], t->m = f == 6 ? 4 : (int)sz[1];
    if (t->props && (t->format == TLA_LVL_DENSE || t->format == TLA_LVL_BATCH || t->format == TLA_LVL_STRUCTURED))
        return tla__fail(x->err, at, "invalid level type: level format doesn't support the properties");
    return 0;
}

/* `#sparse_tensor<slice(offset, size, stride)>` after a dimension's ':' */
TLA_FUNC int tla__sp_slice(tla__sp *x, int64_t out[3]) {
    int i, r;
    if (!tla__sp_punct(x, "#")) return tla__sp_fail(x, "expected attribute value");
    if (!tla__sp_kw(x, "sparse_tensor") || !tla__sp_punct(x, "<") || !tla__sp_kw(x, "slice"))
        return tla__sp_fail(x, "expected SparseTensorDimSliceAttr");
    if (tla__sp_expect(x, "(", "expected '('") != 0) return -1;
    for (i = 0; i < 3; i++) {
        if (i && tla__sp_expect(x, ",", "expected ','") != 0) return -1;
        if ((r = tla__sp_int(x, &out[i], 1)) < 0) return -1;
        if (r && out[i] < 0) return tla__fail(x->err, x->p, "expect positive value or ? for slice offset/size/stride");
        if (!r && !tla__sp_punct(x, "?")) return tla__sp_fail(x, "expected '?'");
        if (!r) out[i] = TLA_SPARSE_DYNAMIC;
    }
    if (tla__sp_expect(x, ")", "expected ')'") != 0 || tla__sp_expect(x, ">", "expected '>'") != 0) return -1;
    if (out[1] == 0) return tla__fail(x->err, x->p, "expect positive value or ? for slice size");
    if (out[2] == 0) return tla__fail(x->err, x->p, "expect positive value or ? for slice stride");
    return 0;
}

TLA_FUNC const char *tla__nth(int n, char buf[16]) {
    snprintf(buf, 16, n == 1 ? "1st" : n == 2 ? "2nd" : "%dth", n);
    return buf;
}

/* map := ['[' syms ']'] ['{' lvls '}'] '(' dim-specs ')' '->' '(' lvl-specs ')' (DimLvlMapParser) */
TLA_FUNC int tla__sp_map(tla__sp *x) {
    tla_sparse_encoding *e = x->e;
    int num, at, nl = 0, d = 0, total_before = e->lvl_rank;
    x->nnames = 0, x->nlvl_decl = 0, e->dim_rank = 0, e->sym_rank = 0, e->has_lvl_to_dim = 0, e->has_slices = 0;
    if (tla__sp_punct(x, "[") && !tla__sp_punct(x, "]"))
        for (;;) {
            if (tla__sp_bind(x, TLA__SP_SYM, &num) != 0) return -1;
            e->sym_rank++;
            if (tla__sp_punct(x, ",")) continue;
            if (tla__sp_punct(x, "]")) break;
            return tla__sp_fail(x, "expected ']' in symbol binding list");
        }
    if (tla__sp_punct(x, "{") && !tla__sp_punct(x, "}"))
        for (;;) {
            if (tla__sp_bind(x, TLA__SP_LVL, &num) != 0) return -1;
            x->nlvl_decl++;
            if (tla__sp_punct(x, ",")) continue;
            if (tla__sp_punct(x, "}")) break;
            return tla__sp_fail(x, "expected '}' in level declaration list");
        }
    if (tla__sp_expect(x, "(", "expected '(' in dimension-specifier list") != 0) return -1;
    if (!tla__sp_punct(x, ")"))
        for (;;) {
            if (tla__sp_bind(x, TLA__SP_DIM, &d) != 0) return -1;
            e->dim_expr[d] = -1, e->slice[d][0] = 0, e->slice[d][1] = TLA_SPARSE_DYNAMIC, e->slice[d][2] = 1;
            e->dim_rank++;
            if (tla__sp_punct(x, "=")) {
                if (tla__sp_expr(x, TLA__SP_LVL, &e->dim_expr[d]) != 0) return -1;
                e->has_lvl_to_dim = 1;
            }
            if (tla__sp_punct(x, ":")) {
                if (tla__sp_slice(x, e->slice[d]) != 0) return -1;
                e->has_slices = 1;
            }
            if (tla__sp_punct(x, ",")) continue;
            if (tla__sp_punct(x, ")")) break;
            return tla__sp_fail(x, "expected ')' in dimension-specifier list");
        }
    if (tla__sp_expect(x, "->", "expected '->'") != 0) return -1;
    tla__sp_ws(x);
    at = x->p;
    if (tla__sp_expect(x, "(", "expected '(' in level-specifier list") != 0) return -1;
    if (!tla__sp_punct(x, ")"))
        for (;;) {
            char b1[16], b2[16];
            if (total_before + nl >= TLA_SPARSE_MAX_RANK)
                return tla__fail(x->err, x->p, "more than %d levels", TLA_SPARSE_MAX_RANK);
            if (x->nlvl_decl) {
                int len = tla__sp_idlen(x), i;
                if (len == 0) return tla__sp_fail(x, "expected bare identifier");
                i = tla__sp_lookup(x, x->s + x->p, len);
                if (i < 0 || x->names[i].kind != TLA__SP_LVL)
                    return tla__fail(x->err, x->p, "use of undeclared identifier '%.*s'", len > 40 ? 40 : len,
                                     x->s + x->p);
                if (x->names[i].num != nl)
                    return tla__fail(x->err, x->p,
                                     "Level-variable ordering mismatch. The variable '%s' was forward-declared as the "
                                     "%s level; but is bound by the %s specification.",
                                     x->names[i].name, tla__nth(x->names[i].num, b1), tla__nth(nl, b2));
                x->p += len;
                if (tla__sp_expect(x, "=", "expected '='") != 0) return -1;
            }
            if (tla__sp_expr(x, TLA__SP_DIM, &e->lvl_expr[total_before + nl]) != 0) return -1;
            if (tla__sp_expect(x, ":", "expected ':'") != 0) return -1;
            if (tla__sp_lvl_type(x, &e->lvl[total_before + nl]) != 0) return -1;
            nl++;
            if (tla__sp_punct(x, ",")) continue;
            if (tla__sp_punct(x, ")")) break;
            return tla__sp_fail(x, "expected ')' in level-specifier list");
        }
    if (x->nlvl_decl && nl != x->nlvl_decl)
        return tla__fail(x->err, at,
                         "Level-rank mismatch between forward-declarations and specifiers. Declared %d "
                         "level-variables; but got %d level-specifiers.",
                         x->nlvl_decl, nl);
    e->lvl_rank = total_before + nl; /* a second `map` appends levels, as MLIR's parser does */
    return nl;
}

/* ------------------------------------------------------------------ typed values */

/* Float attributes as MLIR holds them: an APFloat of the attribute's type (f16, bf16, f32, f64),
 * kept here as the double of the same value.  MLIR's parser reads a decimal literal as a double
 * and converts it to the type (round to nearest, ties to even: tla__sp_fround), and prints it
 * with printFloatValue: APFloat::toString with 6 significant digits when that reads back to the
 * same value, else APFloat's default form (enough digits for the type), else the bits in hex
 * (infinities, NaN, and integral values the default form prints without a '.'). */
typedef struct tla__sp_fsem {
    int prec, emax, width; /* significand bits (with the hidden one), largest exponent, bits */
} tla__sp_fsem;

TLA_FUNC tla__sp_fsem tla__sp_fsem_of(const char *type) {
    tla__sp_fsem s = {53, 1023, 64};
    if (!strcmp(type, "f16")) s.prec = 11, s.emax = 15, s.width = 16;
    if (!strcmp(type, "bf16")) s.prec = 8, s.emax = 127, s.width = 16;
    if (!strcmp(type, "f32")) s.prec = 24, s.emax = 127, s.width = 32;
    return s;
}

TLA_FUNC uint64_t tla__sp_dbits(double v) {
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}
TLA_FUNC double tla__sp_bitsd(uint64_t u) {
    double v;
    memcpy(&v, &u, sizeof v);
    return v;
}
/* n * 2^q as a double, n < 2^53 (exact for the types here), with the sign of neg. */
TLA_FUNC double tla__sp_ldexp(uint64_t n, int q, int neg) {
    double v = (double)n;
    while (q > 0) { /* in steps that stay in the normal range */
        int k = q > 1000 ? 1000 : q;
        v *= tla__sp_bitsd((uint64_t)(k + 1023) << 52), q -= k;
    }
    while (q < 0) {
        int k = q < -1000 ? 1000 : -q;
        v *= tla__sp_bitsd((uint64_t)(1023 - k) << 52), q += k;
    }
    return neg ? -v : v;
}
/* A finite non-zero double as n * 2^*e2 (n < 2^53). */
TLA_FUNC uint64_t tla__sp_split(double v, int *e2) {
    uint64_t u = tla__sp_dbits(v), be = u >> 52 & 0x7FF, m = u & (((uint64_t)1 << 52) - 1);
    *e2 = (int)(be ? be : 1) - 1075;
    return be ? m | (uint64_t)1 << 52 : m;
}
TLA_FUNC int tla__sp_bitlen(uint64_t n) {
    int b = 0;
    while (n) b++, n >>= 1;
    return b;
}

/* The bits of v (a value of the type) in the type's encoding; a NaN keeps its payload's top bits. */
TLA_FUNC uint64_t tla__sp_fbits(double v, tla__sp_fsem s) {
    uint64_t u = tla__sp_dbits(v), sign = (u >> 63) << (s.width - 1), n, ones = ((uint64_t)1 << (s.width - s.prec)) - 1;
    int e2, t, emin = 1 - s.emax, sh;
    if (s.width == 64) return u;
    if ((u >> 52 & 0x7FF) == 0x7FF) { /* inf, NaN */
        n = (u & (((uint64_t)1 << 52) - 1)) >> (53 - s.prec);
        if ((u & (((uint64_t)1 << 52) - 1)) && !n) n = (uint64_t)1 << (s.prec - 2);
        return sign | ones << (s.prec - 1) | n;
    }
    if (v == 0) return sign;
    n = tla__sp_split(v, &e2);
    t = e2 + tla__sp_bitlen(n) - 1;
    sh = (t < emin ? emin : t) - (s.prec - 1) - e2; /* n >> sh: the stored significand */
    n = sh >= 0 ? n >> sh : n << -sh;
    if (t < emin) return sign | n;
    return sign | (uint64_t)(t + s.emax) << (s.prec - 1) | (n & (((uint64_t)1 << (s.prec - 1)) - 1));
}
/* The value of bits in the type's encoding. */
TLA_FUNC double tla__sp_fvalue(uint64_t b, tla__sp_fsem s) {
    int neg = (int)(b >> (s.width - 1) & 1), be;
    uint64_t mant = b & (((uint64_t)1 << (s.prec - 1)) - 1), ones = ((uint64_t)1 << (s.width - s.prec)) - 1;
    if (s.width == 64) return tla__sp_bitsd(b);
    be = (int)(b >> (s.prec - 1) & ones);
    if ((uint64_t)be == ones) return tla__sp_bitsd((uint64_t)neg << 63 | (uint64_t)0x7FF << 52 | mant << (53 - s.prec));
    if (be == 0) return tla__sp_ldexp(mant, 1 - s.emax - (s.prec - 1), neg);
    return tla__sp_ldexp(mant | (uint64_t)1 << (s.prec - 1), be - s.emax - (s.prec - 1), neg);
}
/* v converted to the type: nearest, ties to even; past the largest value infinity. */
TLA_FUNC double tla__sp_fround(double v, tla__sp_fsem s) {
    uint64_t n, kept, rem, half;
    int e2, t, q, sh, neg = v < 0 || (v == 0 && tla__sp_dbits(v) >> 63);
    if (s.width == 64 || v == 0) return v;
    if (v != v) return tla__sp_fvalue(tla__sp_fbits(v, s), s);
    if (v - v != 0) return v;
    n = tla__sp_split(v, &e2);
    t = e2 + tla__sp_bitlen(n) - 1;
    q = (t < 1 - s.emax ? 1 - s.emax : t) - (s.prec - 1);
    sh = q - e2;
    if (sh <= 0) {
        kept = n << -sh; /* exact */
    } else if (sh > 54) {
        kept = 0;
    } else {
        kept = n >> sh, rem = n & (((uint64_t)1 << sh) - 1), half = (uint64_t)1 << (sh - 1);
        if (rem > half || (rem == half && (kept & 1))) kept++;
    }
    if (kept && q + tla__sp_bitlen(kept) - 1 > s.emax)
        return neg ? -tla__sp_bitsd((uint64_t)0x7FF << 52) : tla__sp_bitsd((uint64_t)0x7FF << 52);
    return tla__sp_ldexp(kept, q, neg);
}

/* An unsigned big integer, little-endian 32-bit limbs: N * 5^e of a double needs 2500 bits. */
#define TLA__SP_LIMBS 90
typedef struct tla__sp_big {
    int n;
    uint32_t d[TLA__SP_LIMBS];
} tla__sp_big;
TLA_FUNC void tla__sp_big_mul(tla__sp_big *a, uint32_t m) {
    uint64_t carry = 0;
    int i;
    for (i = 0; i < a->n; i++) carry += (uint64_t)a->d[i] * m, a->d[i] = (uint32_t)carry, carry >>= 32;
    if (carry && a->n < TLA__SP_LIMBS) a->d[a->n++] = (uint32_t)carry;
}
TLA_FUNC uint32_t tla__sp_big_div(tla__sp_big *a, uint32_t m) { /* a /= m, the remainder */
    uint64_t r = 0;
    int i;
    for (i = a->n - 1; i >= 0; i--) r = r << 32 | a->d[i], a->d[i] = (uint32_t)(r / m), r %= m;
    while (a->n && !a->d[a->n - 1]) a->n--;
    return (uint32_t)r;
}
TLA_FUNC int tla__sp_big_bits(const tla__sp_big *a) {
    return a->n ? 32 * (a->n - 1) + tla__sp_bitlen(a->d[a->n - 1]) : 0;
}

/* APFloat::toString(Str, FormatPrecision, FormatMaxPadding, TruncateZero) of a finite v of a
 * type with prec significand bits, into out (at least 64 bytes). */
TLA_FUNC void tla__sp_ftostr(double v, int prec, unsigned fprec, unsigned maxpad, int trunc0, char *out) {
    tla__sp_big big;
    char buf[64]; /* digits, least significant first */
    int e2, exp, nd = 0, i, first, sci, neg = (int)(tla__sp_dbits(v) >> 63);
    uint64_t n;
    unsigned req, tens;
    char *o = out;
    if (neg) *o++ = '-';
    if (v == 0) {
        if (!maxpad) {
            strcpy(o, trunc0 ? "0.0E+0" : "0.0");
            if (!trunc0) {
                for (o += 3, i = 1; i < (int)fprec; i++) *o++ = '0';
                strcpy(o, "e+00");
            }
        } else
            strcpy(o, "0");
        return;
    }
    if (!fprec) fprec = 2 + (unsigned)prec * 59 / 196;
    n = tla__sp_split(v, &e2);
    while (!(n & 1)) n >>= 1, e2++; /* drop trailing binary zeros */
    big.n = 2, big.d[0] = (uint32_t)n, big.d[1] = (uint32_t)(n >> 32);
    if (!big.d[1]) big.n = 1;
    exp = 0;
    if (e2 > 0)
        for (i = 0; i < e2; i++) tla__sp_big_mul(&big, 2);
    else
        for (i = 0; i < -e2; i++) tla__sp_big_mul(&big, 5); /* N 2^-e == N 5^e 10^-e */
    exp = e2 < 0 ? e2 : 0;
    req = (fprec * 196 + 58) / 59; /* AdjustToPrecision on the integer: truncate whole tens */
    if ((unsigned)tla__sp_big_bits(&big) > req && (tens = ((unsigned)tla__sp_big_bits(&big) - req) * 59 / 196) > 0) {
        exp += (int)tens;
        for (; tens >= 9; tens -= 9) tla__sp_big_div(&big, 1000000000u);
        for (; tens > 0; tens--) tla__sp_big_div(&big, 10);
    }
    for (first = 1; big.n && nd < (int)sizeof buf;) { /* digits, dropping trailing zeros */
        uint32_t d = tla__sp_big_div(&big, 10);
        if (first && !d)
            exp++;
        else
            buf[nd++] = (char)('0' + d), first = 0;
    }
    if (nd > (int)fprec) { /* AdjustToPrecision on the digits: round half up */
        int fs = nd - (int)fprec;
        if (buf[fs - 1] < '5') {
            while (fs < nd && buf[fs] == '0') fs++;
        } else {
            for (i = fs; i < nd; i++) {
                if (buf[i] != '9') {
                    buf[i]++;
                    break;
                }
                fs++;
            }
        }
        if (fs == nd) {
            exp += fs, nd = 1, buf[0] = '1';
        } else {
            exp += fs, nd -= fs;
            memmove(buf, buf + fs, (size_t)nd);
        }
    }
    if (!maxpad)
        sci = 1;
    else if (exp >= 0)
        sci = (unsigned)exp > maxpad || (unsigned)(nd + exp) > fprec;
    else
        sci = exp + nd - 1 < 0 && (unsigned)(-(exp + nd - 1)) > maxpad;
    if (sci) {
        char eb[8];
        int ne = 0;
        exp += nd - 1;
        *o++ = buf[nd - 1], *o++ = '.';
        if (nd == 1 && trunc0)
            *o++ = '0';
        else
            for (i = 1; i < nd; i++) *o++ = buf[nd - 1 - i];
        if (!trunc0 && (int)fprec > nd - 1)
            for (i = 0; i < (int)fprec - nd + 1; i++) *o++ = '0';
        *o++ = trunc0 ? 'E' : 'e', *o++ = exp >= 0 ? '+' : '-';
        if (exp < 0) exp = -exp;
        do eb[ne++] = (char)('0' + exp % 10), exp /= 10;
        while (exp);
        if (!trunc0 && ne < 2) eb[ne++] = '0';
        while (ne) *o++ = eb[--ne];
    } else if (exp >= 0) {
        for (i = 0; i < nd; i++) *o++ = buf[nd - 1 - i];
        for (i = 0; i < exp; i++) *o++ = '0';
    } else if (exp + nd > 0) {
        for (i = 0; i < exp + nd; i++) *o++ = buf[nd - 1 - i];
        *o++ = '.';
        for (; i < nd; i++) *o++ = buf[nd - 1 - i];
    } else {
        *o++ = '0', *o++ = '.';
        for (i = 0; i < -(exp + nd); i++) *o++ = '0';
        for (i = 0; i < nd; i++) *o++ = buf[nd - 1 - i];
    }
    *o = '\0';
}

/* MLIR's printFloatValue of a value of the type.  The read-back goes through strtod and the
 * type's rounding (APFloat reads the decimal straight into the type; the two differ only for a
 * decimal within 2^-53 of a halfway point of the type). */
TLA_FUNC void tla__sp_print_float(tla__out *s, double v, const char *type) {
    tla__sp_fsem fs = tla__sp_fsem_of(type);
    char b[64];
    if (v == v && v - v == 0) {
        tla__sp_ftostr(v, fs.prec, 6, 0, 0, b);
        if (tla__sp_dbits(tla__sp_fround(strtod(b, NULL), fs)) == tla__sp_dbits(v)) {
            tla__sb(s, "%s", b);
            return;
        }
        tla__sp_ftostr(v, fs.prec, 0, 3, 1, b);
        if (strchr(b, '.')) {
            tla__sb(s, "%s", b);
            return;
        }
    }
    tla__sb(s, "0x%llX", (unsigned long long)tla__sp_fbits(v, fs));
}

TLA_FUNC void tla__sp_print_value(tla__out *s, const tla_sparse_value *v) {
    if (v->kind == TLA_SPV_COMPLEX) {
        tla__sb(s, "#complex.number<:%s ", v->type);
        tla__sp_print_float(s, v->re, v->type);
        tla__sb(s, ", ");
        tla__sp_print_float(s, v->im, v->type);
        tla__sb(s, "> : complex<%s>", v->type);
    } else if (v->kind == TLA_SPV_FLOAT) {
        /* MLIR prints the type of every float and integer attribute here, f64 and i64 too
         * (mlir-opt 22: `explicitVal = 1.000000e+00 : f64`, `implicitVal = 0 : i64`) */
        tla__sp_print_float(s, v->re, v->type);
        tla__sb(s, " : %s", v->type);
    } else if (!strcmp(v->type, "i1")) {
        tla__sb(s, v->i ? "true" : "false");
    } else {
        tla__sb(s, v->type[0] == 'u' ? "%llu" : "%lld", (long long)v->i);
        tla__sb(s, " : %s", v->type);
    }
}

/* A numeric type name at the next token: 1 integer (bits; 0 = index; sign: 0 signless,
 * 1 si, 2 ui), 2 float (bits), 0 none. */
TLA_FUNC int tla__sp_type(tla__sp *x, char name[16], int *bits, int *sign) {
    static const char *const fl[] = {"f16", "bf16", "f32", "f64"};
    int len = tla__sp_idlen(x), k = 0, b = 0;
    const char *t = x->s + x->p;
    if (len == 0 || len > 15) return 0;
    *sign = 0;
    for (k = 0; k < 4; k++)
        if ((size_t)len == strlen(fl[k]) && !strncmp(t, fl[k], (size_t)len)) {
            memcpy(name, t, (size_t)len), name[len] = '\0', *bits = 16 << (k > 1 ? k - 1 : 0), x->p += len;
            return 2;
        }
    k = 0;
    if (!(len == 5 && !strncmp(t, "index", 5))) {
        if (t[0] == 's' || t[0] == 'u') *sign = t[0] == 's' ? 1 : 2, k = 1;
        if (t[k] != 'i' || k + 1 >= len) return 0;
        for (k++; k < len; k++) {
            if (!tla_is_digit(t[k]) || b > 1000) return 0;
            b = b * 10 + t[k] - '0';
        }
        if (b < 1 || b > 64) return 0;
    }
    memcpy(name, t, (size_t)len), name[len] = '\0', *bits = b, x->p += len;
    return 1;
}

/* A float literal digits '.' [digits] [e[+-]digits]: 1 read, 0 none. */
TLA_FUNC int tla__sp_float(tla__sp *x, double *v) {
    int p, q;
    tla__sp_ws(x);
    p = x->p;
    if (x->s[p] == '-') p = tla_skip_space(x->s, p + 1);
    q = p;
    while (tla_is_digit(x->s[q])) q++;
    if (q == p || x->s[q] != '.') return 0;
    for (q++; tla_is_digit(x->s[q]);) q++;
    if ((x->s[q] | 32) == 'e') {
        int r = q + 1 + (x->s[q + 1] == '+' || x->s[q + 1] == '-');
        if (tla_is_digit(x->s[r]))
            for (q = r; tla_is_digit(x->s[q]);) q++;
    }
    {
        char buf[64];
        int n = q - p < 63 ? q - p : 63;
        memcpy(buf, x->s + p, (size_t)n), buf[n] = '\0';
        *v = strtod(buf, NULL);
        if (x->s[x->p] == '-') *v = -*v;
    }
    x->p = q;
    return 1;
}

/* explicitVal / implicitVal: an integer, float, true/false or #complex.number attribute. */
TLA_FUNC int tla__sp_value(tla__sp *x, tla_sparse_value *out, const char *key) {
    tla_sparse_value v;
    int at, r, bits = 64, sign = 0, isf = 0, tok, hex = 0, neg = 0, wide = 0;
    uint64_t hv = 0;
    memset(&v, 0, sizeof v);
    tla__sp_ws(x);
    at = x->p;
    if (x->s[x->p] == '"') { /* a string attribute: parsed, then not numeric */
        for (x->p++; x->s[x->p] && x->s[x->p] != '"'; x->p++)
            if (x->s[x->p] == '\\' && x->s[x->p + 1]) x->p++;
        if (!x->s[x->p]) return tla__fail(x->err, at, "expected '\"' in string literal");
        x->p++;
        return tla__fail(x->err, at, "expected a numeric value for %s", key);
    }
    if (tla__sp_punct(x, "#")) {
        double part[2];
        int i;
        if (!tla__sp_kw(x, "complex.number")) return tla__fail(x->err, at, "expected a numeric value for %s", key);
        if (tla__sp_expect(x, "<", "expected '<'") || tla__sp_expect(x, ":", "expected ':'")) return -1;
        if (tla__sp_type(x, v.type, &bits, &sign) != 2)
            return tla__sp_fail(x, "expected a float type (f16, bf16, f32, f64)");
        for (i = 0; i < 2; i++) {
            int64_t iv;
            if (i && tla__sp_expect(x, ",", "expected ','")) return -1;
            if (tla__sp_float(x, &part[i])) continue;
            tla__sp_ws(x), tok = x->p;
            if ((r = tla__sp_int(x, &iv, 1)) < 0) return -1;
            if (!r) return tla__sp_fail(x, "expected a floating point value");
            if (x->s[tok] != '0' || x->s[tok + 1] != 'x')
                return tla__fail(x->err, tok, "unexpected decimal integer literal for a floating point value");
            part[i] = tla__sp_fvalue((uint64_t)iv, tla__sp_fsem_of(v.type)); /* the part's bits */
        }
        if (tla__sp_expect(x, ">", "expected '>'")) return -1;
        v.kind = TLA_SPV_COMPLEX, v.re = tla__sp_fround(part[0], tla__sp_fsem_of(v.type)),
        v.im = tla__sp_fround(part[1], tla__sp_fsem_of(v.type));
        if (tla__sp_punct(x, ":")) { /* optional `: complex<T>` */
            char t2[16];
            int b2, s2;
            if (!tla__sp_kw(x, "complex") || !tla__sp_punct(x, "<") || tla__sp_type(x, t2, &b2, &s2) != 2
                || strcmp(t2, v.type) != 0 || !tla__sp_punct(x, ">"))
                return tla__sp_fail(x, "expected complex<T> with the number's element type");
        }
        *out = v;
        return 0;
    }
    if (tla__sp_kw(x, "true") || tla__sp_kw(x, "false")) {
        v.kind = TLA_SPV_INT, v.i = x->s[at] == 't', strcpy(v.type, "i1");
        *out = v;
        return 0;
    }
    tok = x->s[at] == '-' ? tla_skip_space(x->s, at + 1) : at; /* the literal after a minus */
    if (tla__sp_float(x, &v.re)) {
        isf = 1;
    } else if (x->s[tok] == '0' && x->s[tok + 1] == 'x' && isxdigit((unsigned char)x->s[tok + 2])) {
        /* a hexadecimal literal: an integer, or a float's bits (which may pass INT64_MAX) */
        for (x->p = tok + 2, hex = 1; isxdigit((unsigned char)x->s[x->p]); x->p++) {
            wide |= (int)(hv >> 60 != 0); /* past 64 bits */
            hv = hv << 4 | (unsigned)(tla_is_digit(x->s[x->p]) ? x->s[x->p] - '0' : (x->s[x->p] | 32) - 'a' + 10);
        }
        v.i = (int64_t)hv, neg = x->s[at] == '-';
        if (neg) v.i = (int64_t)(0u - hv);
    } else if ((r = tla__sp_int(x, &v.i, 1)) <= 0)
        return r < 0 ? -1 : tla__sp_fail(x, "expected attribute value");
    strcpy(v.type, isf ? "f64" : "i64");
    v.kind = isf ? TLA_SPV_FLOAT : TLA_SPV_INT;
    if (tla__sp_punct(x, ":")) {
        int tat = (tla__sp_ws(x), x->p), kind = tla__sp_type(x, v.type, &bits, &sign);
        tla__sp_fsem fs = tla__sp_fsem_of(v.type);
        if (kind == 0) return tla__sp_fail(x, "expected a numeric type (i32, index, f32, ...)");
        if (kind == 1 && isf) return tla__fail(x->err, tat, "floating point value not valid for specified type");
        if (kind == 2 && isf) v.re = tla__sp_fround(v.re, fs); /* the double read, converted to the type */
        if (kind == 2 && !isf) { /* MLIR: a float from an integer literal only as its bits, in hex */
            if (!hex) return tla__fail(x->err, tok, "unexpected decimal integer literal for a floating point value");
            if (neg) return tla__fail(x->err, tok, "hexadecimal float literal should not have a leading minus");
            if (wide || tla__sp_bitlen(hv) > fs.width)
                return tla__fail(x->err, tok, "hexadecimal float constant out of range for type");
            v.kind = TLA_SPV_FLOAT, v.re = tla__sp_fvalue(hv, fs);
        }
        if (kind == 1 && bits && bits < 64) {
            int64_t lo = sign == 2 ? 0 : -((int64_t)1 << (bits - 1)),
                    hi = sign == 1 ? ((int64_t)1 << (bits - 1)) - 1 : (int64_t)(((uint64_t)1 << bits) - 1);
            if (v.i < lo || v.i > hi) return tla__fail(x->err, at, "integer constant out of range for attribute");
            if (sign == 0 && v.i >= (int64_t)1 << (bits - 1) && bits > 1)
                v.i -= (int64_t)1 << bits; /* signless prints signed */
        } else if (kind == 1 && sign == 2 && v.i < 0)
            return tla__fail(x->err, at, "integer constant out of range for attribute");
    }
    if (hex && v.kind == TLA_SPV_INT && (wide || (neg && hv > (uint64_t)INT64_MAX + 1u)))
        return tla__fail(x->err, tok,
                         "integer constant out of range for attribute"); /* 0xFFFFFFFFFFFFFFFF is -1 : i64, as MLIR */
    *out = v;
    return 0;
}

/* ------------------------------------------------------------------ verification */

/* Level l's expression as `d`, `d floordiv c` or `d mod c` (c > 0): op 0, 1, 2; -1 otherwise. */
TLA_FUNC int tla__sp_lvl_shape(const tla_sparse_encoding *e, int l, int *d, int64_t *c) {
    const tla_ix_node *n = &e->node[e->lvl_expr[l]];
    *c = 1, *d = -1;
    if (n->kind == TLA_IX_DIM) return *d = (int)n->v, 0;
    if ((n->kind != TLA_IX_FDIV && n->kind != TLA_IX_MOD) || e->node[n->l].kind != TLA_IX_DIM
        || e->node[n->r].kind != TLA_IX_CONST || (*c = e->node[n->r].v) <= 0)
        return -1;
    *d = (int)e->node[n->l].v;
    return n->kind == TLA_IX_FDIV ? 1 : 2;
}

/* MLIR's isBlockSparsity (and, with perm, isPermutation). */
TLA_FUNC int tla__sp_is_block(const tla_sparse_encoding *e, int *perm) {
    int64_t coef[TLA_SPARSE_MAX_RANK], c;
    int seen[TLA_SPARSE_MAX_RANK] = {0}, l, d, op, block = 0, plain = 1;
    for (l = 0; l < e->lvl_rank; l++) {
        if ((op = tla__sp_lvl_shape(e, l, &d, &c)) < 0 || d >= e->dim_rank) return *perm = 0, 0;
        if (op) plain = 0;
        if (op == 2) {
            if (seen[d] != 1 || coef[d] != c) return *perm = 0, 0;
            seen[d] = 3, block = 1; /* floordiv then mod: done */
        } else {
            if (seen[d]) return *perm = 0, 0;
            seen[d] = op ? 1 : 2, coef[d] = c;
        }
    }
    *perm = plain && e->lvl_rank == e->dim_rank;
    for (d = 0; d < e->dim_rank; d++)
        if (seen[d] == 1) return 0; /* a floordiv without its mod: MLIR cannot invert it either */
    return block;
}

TLA_FUNC int tla__sparse_verify(tla_sparse_encoding *e, tla_error *err, int check_implicit);
TLA_API int tla_sparse_verify(tla_sparse_encoding *e, tla_error *err)
#if TLA__BODIES
{
    return tla__sparse_verify(e, err, 1);
}
#endif
TLA__DECL
TLA_FUNC int tla__sparse_implicit_nonzero(const tla_sparse_encoding *e) {
    return e->implicit_val.kind
           && (e->implicit_val.kind == TLA_SPV_INT ? e->implicit_val.i != 0
                                                   : e->implicit_val.re != 0 || e->implicit_val.im != 0);
}
TLA_FUNC int tla__sparse_verify(tla_sparse_encoding *e, tla_error *err, int check_implicit) {
    int pos = -1, l, first = -1, perm = 0, block;
    const tla_lvl_type *t = e->lvl;
    if (e->pos_width != 0 && e->pos_width != 8 && e->pos_width != 16 && e->pos_width != 32 && e->pos_width != 64)
        return tla__fail(err, pos, "unexpected position bitwidth: %d", e->pos_width);
    if (e->crd_width != 0 && e->crd_width != 8 && e->crd_width != 16 && e->crd_width != 32 && e->crd_width != 64)
        return tla__fail(err, pos, "unexpected coordinate bitwidth: %d", e->crd_width);
    /* MLIR 22: each run of singleton levels follows a compressed or loose_compressed level and
     * keeps one memory layout (SoA or AoS); any level may follow the run (mlir-opt 22 accepts
     * `compressed(nonunique), singleton, dense`, the COO_DENSE case of roundtrip_encoding.mlir) */
    for (l = 0; l < e->lvl_rank; l++) {
        if (t[l].format != TLA_LVL_SINGLETON) {
            first = -1;
            continue;
        }
        if (first < 0) {
            first = l;
            if (l == 0 || (t[l - 1].format != TLA_LVL_COMPRESSED && t[l - 1].format != TLA_LVL_LOOSE_COMPRESSED))
                return tla__fail(err, pos, "expected compressed or loose_compressed level before singleton level");
        }
        if ((t[l].props & TLA_LVL_SOA) != (t[first].props & TLA_LVL_SOA))
            return tla__fail(err, pos,
                             "expected all singleton lvlTypes stored in the same memory layout (SoA vs AoS).");
    }
    for (l = 1; l < e->lvl_rank; l++)
        if (t[l].format == TLA_LVL_BATCH && t[l - 1].format != TLA_LVL_BATCH)
            return tla__fail(err, pos, "Batch lvlType can only be leading levels.");
    for (l = 0; l < e->lvl_rank; l++)
        if ((t[l].props & TLA_LVL_SOA) && t[l].format != TLA_LVL_SINGLETON)
            return tla__fail(err, pos, "SoA is only applicable to singleton lvlTypes.");
    for (l = 0; l < e->lvl_rank; l++)
        if (t[l].format == TLA_LVL_STRUCTURED) {
            int k, d;
            int64_t c, coef = 0;
            if (l != e->lvl_rank - 1) return tla__fail(err, pos, "expected n_out_of_m to be the last level type");
            for (k = 0; k < l; k++)
                if (t[k].format != TLA_LVL_DENSE)
                    return tla__fail(err, pos, "expected all dense lvlTypes before a n_out_of_m level");
            if (e->dim_rank != e->lvl_rank) {
                if (!tla__sp_is_block(e, &perm))
                    return tla__fail(err, pos, "expected 1xm block structure for n_out_of_m level");
                for (k = 0; k < e->lvl_rank; k++) {
                    int op = tla__sp_lvl_shape(e, k, &d, &c);
                    if (op == 1 || (op == 0 && (c = 0) != 0)) continue;
                    if (c && coef && c != coef)
                        return tla__fail(err, pos, "expected only one blocked level with the same coefficients");
                    if (c) coef = c;
                }
                if (coef != t[l].m)
                    return tla__fail(err, pos,
                                     "expected coeffiencts of Affine expressions to be equal to m of n_out_of_m level");
            }
        }
    if (e->lvl_rank == 0) return tla__fail(err, pos, "expected a non-empty array for lvlTypes");
    block = tla__sp_is_block(e, &perm);
    if (e->sym_rank == 0 && !perm && !block) return tla__fail(err, pos, "failed to infer lvlToDim from dimToLvl");
    if (e->has_lvl_to_dim) { /* the given inverse must be the one MLIR infers (inferLvlToDim) */
        int inf[TLA_SPARSE_MAX_RANK], ninf = 0, d, k, ok = e->sym_rank == 0;
        int64_t c;
        tla_ix_ctx x = tla__sp_ctx(e); /* levels are its dimensions here */
        for (l = 0; ok && l < e->lvl_rank; l++) /* plain levels, in level order */
            if (tla__sp_lvl_shape(e, l, &d, &c) == 0) inf[ninf++] = perm ? -1 : tla_ix_dim(&x, l);
        if (ok && perm)
            for (ninf = 0, d = 0; d < e->dim_rank; d++)
                for (l = 0; l < e->lvl_rank; l++)
                    if (e->node[e->lvl_expr[l]].v == d) inf[ninf++] = tla_ix_dim(&x, l);
        for (d = 0; ok && !perm && d < e->dim_rank; d++) { /* then l_floor * c + l_mod, by dimension */
            int lf = -1, lm = -1, dd;
            for (l = 0; l < e->lvl_rank; l++) {
                k = tla__sp_lvl_shape(e, l, &dd, &c);
                if (dd == d && k == 1) lf = l;
                if (dd == d && k == 2) lm = l;
            }
            if (lf >= 0 && lm >= 0) {
                tla__sp_lvl_shape(e, lf, &dd, &c);
                inf[ninf++] =
                    tla_ix_raw(&x, TLA_IX_ADD, tla_ix_raw(&x, TLA_IX_MUL, tla_ix_dim(&x, lf), tla_ix_const(&x, c), 0),
                               tla_ix_dim(&x, lm), 0);
            }
        }
        for (d = 0, k = 0; ok && d < e->dim_rank; d++)
            if (e->dim_expr[d] >= 0) {
                if (k >= ninf || inf[k] < 0 || x.failed || e->dim_expr[d] != inf[k]) ok = 0; /* unique nodes */
                k++;
            }
        e->nnodes = x.len;
        if (!ok || k != ninf) return tla__fail(err, pos, "expected lvlToDim to be an inverse of dimToLvl");
    }
    if (e->dim_rank > e->lvl_rank)
        return tla__fail(err, pos, "unexpected dimToLvl mapping from %d to %d", e->dim_rank, e->lvl_rank);
    if (e->has_slices && e->dim_rank != e->lvl_rank)
        return tla__fail(err, pos, "dimSlices expected dimension-rank to match level-rank: %d != %d", e->dim_rank,
                         e->lvl_rank);
    if (check_implicit && tla__sparse_implicit_nonzero(e)) return tla__fail(err, pos, "implicit value must be zero");
    for (l = 0; l < e->lvl_rank; l++) {
        e->lvl_dim[l] = -1, e->lvl_op[l] = 0, e->lvl_block[l] = 1;
        if (e->sym_rank == 0) e->lvl_op[l] = tla__sp_lvl_shape(e, l, &e->lvl_dim[l], &e->lvl_block[l]);
    }
    return 0;
}

/* ------------------------------------------------------------------ parse and print */

TLA_API int tla_sparse_parse(tla_sparse_encoding *out, const char *text, tla_error *err)
#if TLA__BODIES
{
    return tla_sparse_parse_ex(out, text, 1, err);
}
#endif
TLA__DECL
TLA_API int tla_sparse_parse_ex(tla_sparse_encoding *out, const char *text, int check_implicit, tla_error *err)
#if TLA__BODIES
{
    static const char *const keys[] = {"map", "posWidth", "crdWidth", "explicitVal", "implicitVal"};
    tla__sp x;
    tla_sparse_encoding enc, *e = &enc;
    int len, k, start, maps = 0, last_nl = 0, map_at = 0, pw_at = 0, cw_at = 0, iv_at = 0;
    memset(e, 0, sizeof *e);
    memset(&x, 0, sizeof x);
    x.s = text, x.err = err, x.e = e, x.c = tla__sp_ctx(e);
    if (tla__sp_punct(&x, "#") && (len = tla__sp_idlen(&x)) > 0
        && strncmp(x.s + x.p, "sparse_tensor.encoding", (size_t)len) != 0) {
        x.p += len; /* #NAME = */
        if (tla__sp_expect(&x, "=", "expected '=' after the encoding's name")
            || tla__sp_expect(&x, "#", "expected '#sparse_tensor.encoding'"))
            goto fail;
    } else
        x.p = 0, tla__sp_punct(&x, "#");
    if (!tla__sp_kw(&x, "sparse_tensor.encoding")) {
        tla__sp_fail(&x, "expected '#sparse_tensor.encoding<{...}>'");
        goto fail;
    }
    if (tla__sp_expect(&x, "<", "expected '<'") || tla__sp_expect(&x, "{", "expected '{'")) goto fail;
    while ((len = tla__sp_idlen(&x)) > 0) {
        start = x.p;
        for (k = 0; k < 5; k++)
            if ((size_t)len == strlen(keys[k]) && !strncmp(x.s + x.p, keys[k], (size_t)len)) break;
        if (k == 5) {
            tla__fail(err, x.p, "unexpected key: %.*s", len > 40 ? 40 : len, x.s + x.p);
            goto fail;
        }
        x.p += len;
        if (tla__sp_expect(&x, "=", "expected '='")) goto fail;
        if (k == 0) {
            map_at = start, maps++;
            if ((last_nl = tla__sp_map(&x)) < 0) goto fail;
        } else if (k <= 2) {
            tla_sparse_value v = {TLA_SPV_INT, "i64", 0, 0, 0};
            if (tla__sp_value(&x, &v, keys[k]) != 0 || v.kind != TLA_SPV_INT || !strcmp(v.type, "i1")) {
                if (err && (strstr(err->msg, "numeric value") || v.kind != TLA_SPV_INT || !strcmp(v.type, "i1")))
                    tla__fail(err, start, "expected an integral %s bitwidth", k == 1 ? "position" : "index");
                goto fail;
            }
            *(k == 1 ? &e->pos_width : &e->crd_width) = (int)(uint32_t)v.i;
            *(k == 1 ? &pw_at : &cw_at) = start;
        } else if (tla__sp_value(&x, k == 3 ? &e->explicit_val : &e->implicit_val, keys[k]) != 0)
            goto fail;
        if (k == 4) iv_at = start;
        if (!tla__sp_punct(&x, ",")) break;
    }
    if (tla__sp_expect(&x, "}", "expected '}'") || tla__sp_expect(&x, ">", "expected '>'")) goto fail;
    tla__sp_ws(&x);
    if (x.s[x.p]) {
        char cb[16];
        tla__fail(err, x.p, "unexpected %s after the encoding", tla_char_name(x.s, x.p, cb));
        goto fail;
    }
    if (maps > 1 && last_nl != e->lvl_rank) {
        tla__fail(err, map_at, "level-rank mismatch between dimToLvl and lvlTypes: %d != %d", last_nl, e->lvl_rank);
        goto fail;
    }
    e->nnodes = x.c.len;
    if (tla__sparse_verify(e, err, check_implicit) != 0) {
        if (err)
            err->pos = !strncmp(err->msg, "unexpected position", 19) ? pw_at
                       : !strncmp(err->msg, "unexpected coord", 16)  ? cw_at
                       : !strncmp(err->msg, "implicit", 8)           ? iv_at
                                                                     : map_at;
        goto fail;
    }
    *out = *e;
    return 0;
fail:
    return -1;
}
#endif
TLA__DECL

/* The level type as MLIR prints it: `compressed(nonunique, nonordered)`, `structured[2, 4]`. */
TLA_FUNC void tla__sp_print_lvl(tla__out *s, const tla_lvl_type *t) {
    static const char *const fmts[] = {"",          "dense", "batch", "compressed", "singleton", "loose_compressed",
                                       "structured"};
    static const char *const props[] = {"nonunique", "nonordered", "soa"};
    int k, n = 0;
    tla__sb(s, "%s", fmts[t->format]);
    if (t->format == TLA_LVL_STRUCTURED) tla__sb(s, "[%d, %d]", t->n, t->m);
    for (k = 0; k < 3; k++)
        if (t->props & (1 << k)) tla__sb(s, "%s%s", n++ ? ", " : "(", props[k]);
    if (n) tla__sb(s, ")");
}

TLA_API int tla_sparse_snprint(char *buf, size_t n, const tla_sparse_encoding *e)
#if TLA__BODIES
{
    tla__out s = tla__out_array(buf, n);
    int i, k;
    tla__sb(&s, "#sparse_tensor.encoding<{ map = ");
    for (i = 0; i < e->sym_rank; i++) tla__sb(&s, "%ss%d%s", i ? ", " : "[", i, i == e->sym_rank - 1 ? "]" : "");
    tla__sb(&s, "(");
    for (i = 0; i < e->dim_rank; i++) {
        tla__sb(&s, "%sd%d", i ? ", " : "", i);
        if (!e->has_slices) continue;
        tla__sb(&s, " : #sparse_tensor<slice(");
        for (k = 0; k < 3; k++)
            if (e->slice[i][k] == TLA_SPARSE_DYNAMIC)
                tla__sb(&s, "%s?", k ? ", " : "");
            else
                tla__sb(&s, "%s%lld", k ? ", " : "", (long long)e->slice[i][k]);
        tla__sb(&s, ")>");
    }
    tla__sb(&s, ") -> (");
    for (i = 0; i < e->lvl_rank; i++) {
        if (i) tla__sb(&s, ", ");
        tla__sp_print_expr(&s, e, e->lvl_expr[i]);
        tla__sb(&s, " : ");
        tla__sp_print_lvl(&s, &e->lvl[i]);
    }
    tla__sb(&s, ")");
    if (e->pos_width) tla__sb(&s, ", posWidth = %u", (unsigned)e->pos_width);
    if (e->crd_width) tla__sb(&s, ", crdWidth = %u", (unsigned)e->crd_width);
    if (e->explicit_val.kind) tla__sb(&s, ", explicitVal = "), tla__sp_print_value(&s, &e->explicit_val);
    if (e->implicit_val.kind) tla__sb(&s, ", implicitVal = "), tla__sp_print_value(&s, &e->implicit_val);
    tla__sb(&s, " }>");
    return tla__out_end(&s);
}
#endif
TLA__DECL

TLA_API int tla_sparse_verify_type(const tla_sparse_encoding *e, const char *type, tla_error *err)
#if TLA__BODIES
{
    int p = 0, rank = 0, k, q;
    char elem[40], vt[40];
    const tla_sparse_value *vals[2];
    p = tla_skip_space(type, p);
    if (strncmp(type + p, "tensor<", 7) != 0) return tla__fail(err, p, "expected a tensor type, tensor<8x?xf32>");
    p += 7;
    for (;;) { /* dimensions: digits or ?, each followed by x */
        q = p;
        if (type[q] == '?')
            q++;
        else
            while (tla_is_digit(type[q])) q++;
        if (q == p || type[q] != 'x') break;
        if (++rank > TLA_SPARSE_MAX_RANK) return tla__fail(err, p, "more than %d dimensions", TLA_SPARSE_MAX_RANK);
        p = q + 1;
    }
    for (k = 0; type[p + k] && type[p + k] != '>' && type[p + k] != ',' && k < 30; k++) {
        if (type[p + k] == '<') { /* complex<f32> */
            while (type[p + k] && type[p + k] != '>' && k < 30) k++;
            if (type[p + k] != '>') break;
        }
    }
    if (k == 0 || k >= 30 || !tla__sp_alpha(type[p]))
        return tla__fail(err, p, "expected an element type (f32, i64, index, complex<f32>, ...)");
    memcpy(elem, type + p, (size_t)k), elem[k] = '\0';
    p += k;
    if (type[p] == ',') return tla__fail(err, p, "give the tensor type without an encoding");
    if (type[p] != '>') return tla__fail(err, p, "expected '>' to close the tensor type");
    p = tla_skip_space(type, p + 1);
    if (type[p]) return tla__fail(err, p, "unexpected text after the tensor type");
    if (rank == 0) return tla__fail(err, -1, "expected non-scalar sparse tensor");
    if (e->dim_rank != rank)
        return tla__fail(err, -1, "dimension-rank mismatch between encoding and tensor shape: %d != %d", e->dim_rank,
                         rank);
    vals[0] = &e->explicit_val, vals[1] = &e->implicit_val;
    for (k = 0; k < 2; k++) {
        const tla_sparse_value *v = vals[k];
        if (!v->kind) continue;
        if (v->kind == TLA_SPV_COMPLEX)
            snprintf(vt, sizeof vt, "complex<%s>", v->type);
        else
            snprintf(vt, sizeof vt, "%s", v->type);
        if (strcmp(vt, elem) != 0)
            return tla__fail(err, -1, "%s value type mismatch between encoding and tensor element type: '%s' != '%s'",
                             k ? "implicit" : "explicit", vt, elem);
    }
    if (tla__sparse_implicit_nonzero(e)) return tla__fail(err, -1, "implicit value must be zero");
    return 0;
}
#endif
TLA__DECL

#endif
