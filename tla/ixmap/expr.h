/* tla/ixmap/expr.h - affine expressions of XLA's indexing maps: dimensions d0.., range variables
 * s0.., runtime variables rt0.., constants, + - *, floordiv, ceildiv, mod.
 *
 * Memory: every expression lives in a context the caller owns (tla_ix_ctx_init /
 * tla_ix_ctx_free); an expression is an int handle into it.  Nodes are unique (equal
 * structure, equal handle), so == compares expressions.  Nothing else is allocated and
 * there is no global state; a context is not shared between threads.
 *
 * Two families of constructors, both from XLA:
 *   tla_ix_add/mul/mod/fdiv/...  XLA's SymbolicExpr operators (light folding only),
 *   tla_ix_canon(c, e)           XLA's Canonicalize (flattens sums, sorts terms, folds),
 *   tla_ix_m_add/... (ixmap/mlir.h)  MLIR's AffineExpr construction rules, and XLA's printer.
 * A variable is a dimension or a symbol; symbols are the range variables then the runtime
 * variables of a map (the map says how many of each).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_ix_ctx c;  int e, f;  int64_t v = 0, d[1] = {13};
 *   tla_ix_ctx_init(&c);
 *   e = tla_ix_fdiv(&c, tla_ix_add(&c, tla_ix_dim(&c, 0), tla_ix_const(&c, -3)), tla_ix_const(&c, 7));
 *   if (tla_ix_eval(&c, e, d, NULL, &v) != 0 || v != 1) return 1;        // (13 - 3) floordiv 7
 *   f = tla_ix_canon(&c, tla_ix_add(&c, tla_ix_const(&c, -3), tla_ix_dim(&c, 0)));
 *   if (f != tla_ix_add(&c, tla_ix_dim(&c, 0), tla_ix_const(&c, -3))) return 1;   // unique nodes: == compares
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_IXEXPR_H
#define TLA_IXEXPR_H

#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <stdint.h>
#include "tla/base.h"
#include "tla/rt/types.h"
#include "tla/rt/error.h"

/* Node kinds, in the order XLA's SymbolicExpr compares them (sums first, constants last). */
enum { TLA_IX_ADD, TLA_IX_MUL, TLA_IX_MOD, TLA_IX_FDIV, TLA_IX_CDIV, TLA_IX_DIM, TLA_IX_SYM, TLA_IX_CONST };

#define TLA_IX_MAX_NODES (1 << 21)

typedef struct tla_ix_node {
    int kind;
    int32_t l, r; /* operands of a binary node */
    int64_t v; /* constant value, or variable index */
    int32_t canon; /* memo: tla_ix_canon of this node, -1 unknown */
    int32_t mlir; /* memo: tla_ix_to_mlir of this node, -1 unknown */
} tla_ix_node;

/* The owner of all expressions.  failed becomes non-zero when memory or the node limit ran
 * out (expressions built afterwards are the constant 0): check it after a batch of work.
 * fixed: n is an array of cap nodes the caller owns (nothing is allocated; a node is found by
 * a linear search): a sparse encoding keeps its maps' expressions so (tla/sparse/affine.h). */
typedef struct tla_ix_ctx {
    tla_ix_node *n;
    int len, cap;
    int32_t *hash;
    int hcap;
    int failed;
    int fixed;
} tla_ix_ctx;

TLA_FUNC void tla_ix_ctx_init(tla_ix_ctx *c);
TLA_API void tla_ix_ctx_free(tla_ix_ctx *c);

#define TLA_IX_KIND(c, e) ((c)->n[e].kind)
#define TLA_IX_L(c, e) ((c)->n[e].l)
#define TLA_IX_R(c, e) ((c)->n[e].r)
#define TLA_IX_V(c, e) ((c)->n[e].v)
#define TLA_IX_IS_BIN(c, e) ((c)->n[e].kind <= TLA_IX_CDIV)
#define TLA_IX_IS_CONST(c, e) ((c)->n[e].kind == TLA_IX_CONST)

/* The unique node (kind, l, r, v), built without any simplification.  The constant 0 on
 * failure (and c->failed set). */
TLA_API int tla_ix_raw(tla_ix_ctx *c, int kind, int32_t l, int32_t r, int64_t v);
TLA_API int tla_ix_const(tla_ix_ctx *c, int64_t v);
TLA_FUNC int tla_ix_dim(tla_ix_ctx *c, int i);
TLA_FUNC int tla_ix_sym(tla_ix_ctx *c, int i);

/* XLA's mod: the sign of the divisor (non-negative for a positive divisor). */
TLA_API int64_t tla_ix_modv(int64_t a, int64_t b);

/* ---------------------------------------------------------------- comparison (XLA's order) */

/* <0, 0, >0: XLA's SymbolicExpr::operator< (kind, then variable id / value, then operands). */
TLA_API int tla_ix_cmp(const tla_ix_ctx *c, int a, int b);

/* ---------------------------------------------------------------- XLA's operators */

TLA_API int tla_ix_mul(tla_ix_ctx *c, int a, int b);
TLA_API int tla_ix_add(tla_ix_ctx *c, int a, int b);
TLA_FUNC int tla_ix_addc(tla_ix_ctx *c, int a, int64_t v);
TLA_FUNC int tla_ix_mulc(tla_ix_ctx *c, int a, int64_t v);
TLA_API int tla_ix_canon(tla_ix_ctx *c, int e);
TLA_API int tla_ix_neg(tla_ix_ctx *c, int a);
TLA_FUNC int tla_ix_sub(tla_ix_ctx *c, int a, int b);
TLA_API int tla_ix_subc(tla_ix_ctx *c, int a, int64_t v);
TLA_API int tla_ix_mod(tla_ix_ctx *c, int a, int b);
TLA_FUNC int tla_ix_modc(tla_ix_ctx *c, int a, int64_t v);
TLA_API int tla_ix_fdiv(tla_ix_ctx *c, int a, int b);
TLA_FUNC int tla_ix_fdivc(tla_ix_ctx *c, int a, int64_t v);
TLA_API int tla_ix_cdiv(tla_ix_ctx *c, int a, int b);

/* ---------------------------------------------------------------- evaluation, substitution */

/* The value of e for dimension values dims[] and symbol values syms[]: 0, or -1 when it
 * divides by zero (or a variable has no value). */
TLA_API int tla_ix_eval(const tla_ix_ctx *c, int e, const int64_t *dims, const int64_t *syms, int64_t *out);

/* e with dimension i replaced by dims[i] and symbol j by syms[j] (ids; NULL keeps them),
 * rebuilt with XLA's raw constructor (as ReplaceVariables does). */
TLA_API int tla_ix_replace(tla_ix_ctx *c, int e, const int *dims, int ndims, const int *syms, int nsyms);

/* Replace the sub-expression `from` by `to` everywhere in e. */
TLA_API int tla_ix_replace_expr(tla_ix_ctx *c, int e, int from, int to);

/* Mark used dimensions (bit i of *dims) and symbols (bit j of *syms); up to 64 of each. */
TLA_API void tla_ix_used(const tla_ix_ctx *c, int e, uint64_t *dims, uint64_t *syms);

/* ---------------------------------------------------------------- internals */

TLA_FUNC void tla_ix_ctx_init(tla_ix_ctx *c) { memset(c, 0, sizeof *c); }
TLA_API void tla_ix_ctx_free(tla_ix_ctx *c)
#if TLA__BODIES
{
    free(c->n);
    free(c->hash);
    memset(c, 0, sizeof *c);
}
#endif
TLA__DECL

TLA_FUNC uint64_t tla__ix_hash(int kind, int32_t l, int32_t r, int64_t v) {
    uint64_t h = (uint64_t)kind * 0x9E3779B97F4A7C15u;
    h ^= (uint64_t)(uint32_t)l + 0x7F4A7C15u + (h << 6) + (h >> 2);
    h ^= (uint64_t)(uint32_t)r + 0x3C6EF372u + (h << 6) + (h >> 2);
    h ^= (uint64_t)v + 0xA54FF53Au + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdu;
}

TLA_FUNC int tla__ix_rehash(tla_ix_ctx *c, int hcap) {
    int32_t *h = (int32_t *)calloc((size_t)hcap, sizeof *h);
    int i;
    if (!h) return -1;
    for (i = 0; i < c->len; i++) {
        const tla_ix_node *x = &c->n[i];
        size_t k = (size_t)(tla__ix_hash(x->kind, x->l, x->r, x->v) & (uint64_t)(hcap - 1));
        while (h[k]) k = (k + 1) & (size_t)(hcap - 1);
        h[k] = i + 1;
    }
    free(c->hash);
    c->hash = h;
    c->hcap = hcap;
    return 0;
}

TLA_FUNC int tla__ix_is(const tla_ix_node *x, int kind, int32_t l, int32_t r, int64_t v) {
    return x->kind == kind && x->l == l && x->r == r && x->v == v;
}

/* The node (kind, l, r, v) if c holds it, else -1 and *slot: its place in the hash table. */
TLA_FUNC int tla__ix_find(const tla_ix_ctx *c, int kind, int32_t l, int32_t r, int64_t v, size_t *slot) {
    size_t k;
    int i;
    if (c->fixed) {
        for (i = 0; i < c->len; i++)
            if (tla__ix_is(&c->n[i], kind, l, r, v)) return i;
        return -1;
    }
    k = (size_t)(tla__ix_hash(kind, l, r, v) & (uint64_t)(c->hcap - 1));
    for (; c->hash[k]; k = (k + 1) & (size_t)(c->hcap - 1))
        if (tla__ix_is(&c->n[c->hash[k] - 1], kind, l, r, v)) return c->hash[k] - 1;
    *slot = k;
    return -1;
}

TLA_API int tla_ix_raw(tla_ix_ctx *c, int kind, int32_t l, int32_t r, int64_t v)
#if TLA__BODIES
{
    size_t k = 0;
    int i;
    tla_ix_node *x;
    if (kind <= TLA_IX_CDIV)
        v = 0;
    else
        l = r = -1;
    if (!c->fixed && c->len * 2 >= c->hcap
        && (c->len >= TLA_IX_MAX_NODES || tla__ix_rehash(c, c->hcap ? c->hcap * 2 : 1024) != 0)) {
        c->failed = 1;
        return c->len ? 0 : -1;
    }
    if ((i = tla__ix_find(c, kind, l, r, v, &k)) >= 0) return i;
    if (c->len == c->cap) {
        int cap = c->cap ? c->cap * 2 : 512;
        tla_ix_node *n = c->fixed ? NULL : (tla_ix_node *)realloc(c->n, (size_t)cap * sizeof *n);
        if (!n) {
            c->failed = 1;
            return c->len ? 0 : -1;
        }
        c->n = n;
        c->cap = cap;
    }
    x = &c->n[c->len];
    x->kind = kind, x->l = l, x->r = r, x->v = v, x->canon = -1, x->mlir = -1;
    if (!c->fixed) c->hash[k] = c->len + 1;
    return c->len++;
}
#endif
TLA__DECL

TLA_API int tla_ix_const(tla_ix_ctx *c, int64_t v)
#if TLA__BODIES
{
    int e = tla_ix_raw(c, TLA_IX_CONST, -1, -1, v);
    return e < 0 ? 0 : e;
}
#endif
TLA__DECL
TLA_FUNC int tla_ix_dim(tla_ix_ctx *c, int i) { return tla_ix_raw(c, TLA_IX_DIM, -1, -1, i); }
TLA_FUNC int tla_ix_sym(tla_ix_ctx *c, int i) { return tla_ix_raw(c, TLA_IX_SYM, -1, -1, i); }

/* Wrapping int64 arithmetic (XLA does not check; we never invoke undefined behaviour). */
TLA_FUNC int64_t tla__ix_wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
TLA_FUNC int64_t tla__ix_wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
TLA_FUNC int64_t tla__ix_wneg(int64_t a) { return (int64_t)(0 - (uint64_t)a); }
TLA_API int64_t tla_ix_modv(int64_t a, int64_t b)
#if TLA__BODIES
{
    int64_t m;
    if (b == 0 || b == -1) return 0;
    m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    return m;
}
#endif
TLA__DECL
TLA_FUNC int64_t tla__ix_gcd(int64_t a, int64_t b) {
    uint64_t x = a < 0 ? 0 - (uint64_t)a : (uint64_t)a, y = b < 0 ? 0 - (uint64_t)b : (uint64_t)b;
    while (y) {
        uint64_t t = x % y;
        x = y;
        y = t;
    }
    return (int64_t)x;
}

/* ---------------------------------------------------------------- comparison (XLA's order) */

TLA_FUNC int tla__ix_rank(int kind) { return kind == TLA_IX_SYM ? TLA_IX_DIM : kind; }

TLA_API int tla_ix_cmp(const tla_ix_ctx *c, int a, int b)
#if TLA__BODIES
{
    while (a != b) {
        const tla_ix_node *x = &c->n[a], *y = &c->n[b];
        int ra = tla__ix_rank(x->kind), rb = tla__ix_rank(y->kind);
        if (ra != rb) return ra < rb ? -1 : 1;
        if (x->kind == TLA_IX_DIM || x->kind == TLA_IX_SYM) {
            if (x->kind != y->kind) return x->kind == TLA_IX_DIM ? -1 : 1;
            return x->v < y->v ? -1 : 1;
        }
        if (x->kind == TLA_IX_CONST) return x->v < y->v ? -1 : 1;
        if (x->l != y->l) {
            a = x->l;
            b = y->l;
        } else {
            a = x->r;
            b = y->r;
        }
    }
    return 0;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- XLA's operators */

TLA_API int tla_ix_add(tla_ix_ctx *c, int a, int b)
#if TLA__BODIES
{
    if (TLA_IX_IS_CONST(c, b) && TLA_IX_V(c, b) == 0) return a;
    if (TLA_IX_IS_CONST(c, a) && TLA_IX_V(c, a) == 0) return b;
    if (TLA_IX_IS_CONST(c, a)) return tla_ix_raw(c, TLA_IX_ADD, b, a, 0);
    return tla_ix_raw(c, TLA_IX_ADD, a, b, 0);
}
#endif
TLA__DECL
TLA_FUNC int tla_ix_addc(tla_ix_ctx *c, int a, int64_t v) { return tla_ix_add(c, a, tla_ix_const(c, v)); }

/* TrySimplifyMulByConstantRHS: -1 when it does not apply. */
TLA_FUNC int tla__ix_mul_const_rhs(tla_ix_ctx *c, int a, int b) {
    int64_t k = TLA_IX_V(c, b);
    if (k == 0) return b;
    if (k == 1) return a;
    if (TLA_IX_KIND(c, a) == TLA_IX_MUL && TLA_IX_IS_CONST(c, TLA_IX_R(c, a)))
        return tla_ix_raw(c, TLA_IX_MUL, TLA_IX_L(c, a), tla_ix_const(c, tla__ix_wmul(TLA_IX_V(c, TLA_IX_R(c, a)), k)),
                          0);
    return -1;
}

TLA_API int tla_ix_mul(tla_ix_ctx *c, int a, int b)
#if TLA__BODIES
{
    int s;
    if (TLA_IX_IS_CONST(c, b)) {
        if ((s = tla__ix_mul_const_rhs(c, a, b)) >= 0) return s;
    } else if (TLA_IX_IS_CONST(c, a)) {
        if ((s = tla__ix_mul_const_rhs(c, b, a)) >= 0) return s;
        return tla_ix_raw(c, TLA_IX_MUL, b, a, 0);
    }
    return tla_ix_raw(c, TLA_IX_MUL, a, b, 0);
}
#endif
TLA__DECL
TLA_FUNC int tla_ix_mulc(tla_ix_ctx *c, int a, int64_t v) { return tla_ix_mul(c, a, tla_ix_const(c, v)); }

TLA_API int tla_ix_neg(tla_ix_ctx *c, int a)
#if TLA__BODIES
{
    return tla_ix_canon(c, tla_ix_raw(c, TLA_IX_MUL, a, tla_ix_const(c, -1), 0));
}
#endif
TLA__DECL
TLA_FUNC int tla_ix_sub(tla_ix_ctx *c, int a, int b) { return tla_ix_add(c, a, tla_ix_neg(c, b)); }
TLA_API int tla_ix_subc(tla_ix_ctx *c, int a, int64_t v)
#if TLA__BODIES
{
    return tla_ix_addc(c, a, tla__ix_wmul(v, -1));
}
#endif
TLA__DECL

TLA_API int tla_ix_mod(tla_ix_ctx *c, int a, int b)
#if TLA__BODIES
{
    if (TLA_IX_IS_CONST(c, b) && (TLA_IX_V(c, b) == 1 || TLA_IX_V(c, b) == -1)) return tla_ix_const(c, 0);
    return tla_ix_raw(c, TLA_IX_MOD, a, b, 0);
}
#endif
TLA__DECL
TLA_FUNC int tla_ix_modc(tla_ix_ctx *c, int a, int64_t v) { return tla_ix_mod(c, a, tla_ix_const(c, v)); }
/* XLA's floordiv and ceildiv operators: by 1, the dividend. */
TLA_FUNC int tla__ix_div(tla_ix_ctx *c, int kind, int a, int b) {
    if (TLA_IX_IS_CONST(c, b) && TLA_IX_V(c, b) == 1) return a;
    return tla_ix_raw(c, kind, a, b, 0);
}
TLA_API int tla_ix_fdiv(tla_ix_ctx *c, int a, int b)
#if TLA__BODIES
{
    return tla__ix_div(c, TLA_IX_FDIV, a, b);
}
#endif
TLA__DECL
TLA_FUNC int tla_ix_fdivc(tla_ix_ctx *c, int a, int64_t v) { return tla_ix_fdiv(c, a, tla_ix_const(c, v)); }
TLA_API int tla_ix_cdiv(tla_ix_ctx *c, int a, int b)
#if TLA__BODIES
{
    return tla__ix_div(c, TLA_IX_CDIV, a, b);
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- XLA's Canonicalize */

TLA_FUNC uint64_t tla__ix_divisor(const tla_ix_ctx *c, int e) {
    const tla_ix_node *x = &c->n[e];
    uint64_t l, r;
    switch (x->kind) {
    case TLA_IX_CONST: return x->v < 0 ? 0 - (uint64_t)x->v : (uint64_t)x->v;
    case TLA_IX_DIM:
    case TLA_IX_SYM: return 1;
    default: break;
    }
    l = tla__ix_divisor(c, x->l);
    r = tla__ix_divisor(c, x->r);
    switch (x->kind) {
    case TLA_IX_ADD:
    case TLA_IX_MOD: return (uint64_t)tla__ix_gcd((int64_t)l, (int64_t)r);
    case TLA_IX_MUL: return l * r;
    default: {
        int64_t d = c->n[x->r].kind == TLA_IX_CONST ? c->n[x->r].v : 0;
        uint64_t ad = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
        if (ad != 0 && l % ad == 0) return l / ad;
        return 1;
    }
    }
}
TLA_FUNC int tla__ix_multiple_of(const tla_ix_ctx *c, int e, int64_t d) {
    uint64_t ad = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
    return ad != 0 && tla__ix_divisor(c, e) % ad == 0;
}

typedef struct tla__ix_term {
    int base;
    int64_t coeff;
} tla__ix_term;

TLA_FUNC void tla__ix_base_coeff(const tla_ix_ctx *c, int e, int *base, int64_t *coeff) {
    int64_t k = 1;
    while (TLA_IX_KIND(c, e) == TLA_IX_MUL && TLA_IX_IS_CONST(c, TLA_IX_R(c, e))) {
        k = tla__ix_wmul(k, TLA_IX_V(c, TLA_IX_R(c, e)));
        e = TLA_IX_L(c, e);
    }
    *base = e;
    *coeff = k;
}

/* Collect the summands of a (nested) sum; returns the new count or -1 when full. */
TLA_FUNC int tla__ix_terms(const tla_ix_ctx *c, int e, tla__ix_term *t, int n, int cap) {
    if (n < 0) return n;
    if (TLA_IX_KIND(c, e) == TLA_IX_ADD) {
        n = tla__ix_terms(c, TLA_IX_L(c, e), t, n, cap);
        return tla__ix_terms(c, TLA_IX_R(c, e), t, n, cap);
    }
    if (n >= cap) return -1;
    tla__ix_base_coeff(c, e, &t[n].base, &t[n].coeff);
    return n + 1;
}

#define TLA__IX_MAX_TERMS 256

TLA_FUNC void tla__ix_sort_terms(const tla_ix_ctx *c, tla__ix_term *t, int n) {
    int i, j;
    for (i = 1; i < n; i++) { /* stable insertion sort by base */
        tla__ix_term x = t[i];
        for (j = i; j > 0 && tla_ix_cmp(c, x.base, t[j - 1].base) < 0; j--) t[j] = t[j - 1];
        t[j] = x;
    }
}
TLA_FUNC void tla__ix_sort_ids(const tla_ix_ctx *c, int *t, int n) {
    int i, j;
    for (i = 1; i < n; i++) {
        int x = t[i];
        for (j = i; j > 0 && tla_ix_cmp(c, x, t[j - 1]) < 0; j--) t[j] = t[j - 1];
        t[j] = x;
    }
}

TLA_FUNC int tla__ix_canon_add(tla_ix_ctx *c, int lhs, int rhs) {
    tla__ix_term t[TLA__IX_MAX_TERMS], m[TLA__IX_MAX_TERMS];
    int ex[TLA__IX_MAX_TERMS + 2];
    int n, i, k = 0, ne = 0, changed = 0, result;
    int64_t cv = 0;
    n = tla__ix_terms(c, lhs, t, 0, TLA__IX_MAX_TERMS);
    n = tla__ix_terms(c, rhs, t, n, TLA__IX_MAX_TERMS);
    if (n < 0) return tla_ix_raw(c, TLA_IX_ADD, lhs, rhs, 0); /* too many terms: leave alone */
    tla__ix_sort_terms(c, t, n);
    for (i = 0; i < n; i++) {
        int base = t[i].base;
        int64_t co = t[i].coeff;
        while (i + 1 < n && t[i + 1].base == base) co = tla__ix_wadd(co, t[++i].coeff);
        if (co == 0) continue;
        if (TLA_IX_IS_CONST(c, base))
            cv = tla__ix_wadd(cv, tla__ix_wmul(TLA_IX_V(c, base), co));
        else {
            m[k].base = base;
            m[k++].coeff = co;
        }
    }
    /* (X floordiv C) * (C * Y) + (X mod C) * Y => X * Y */
    for (i = 0; i < k; i++) {
        int base = m[i].base, j, modx;
        int64_t C;
        if (m[i].coeff == 0 || TLA_IX_KIND(c, base) != TLA_IX_FDIV || !TLA_IX_IS_CONST(c, TLA_IX_R(c, base))) continue;
        C = TLA_IX_V(c, TLA_IX_R(c, base));
        if (C <= 0 || m[i].coeff % C != 0) continue;
        modx = tla_ix_canon(c, tla_ix_mod(c, TLA_IX_L(c, base), TLA_IX_R(c, base)));
        for (j = 0; j < k; j++)
            if (m[j].base == modx && m[j].coeff != 0) {
                if (m[j].coeff == m[i].coeff / C) {
                    ex[ne++] = tla_ix_canon(c, tla_ix_mulc(c, TLA_IX_L(c, base), m[i].coeff / C));
                    m[i].coeff = 0;
                    m[j].coeff = 0;
                    changed = 1;
                }
                break;
            }
    }
    for (i = 0; i < k; i++)
        if (m[i].coeff != 0) ex[ne++] = tla_ix_canon(c, tla_ix_mulc(c, m[i].base, m[i].coeff));
    if (cv != 0) ex[ne++] = tla_ix_const(c, cv);
    if (ne == 0) return tla_ix_const(c, 0);
    tla__ix_sort_ids(c, ex, ne);
    result = ex[0];
    for (i = 1; i < ne; i++) result = tla_ix_raw(c, TLA_IX_ADD, result, ex[i], 0);
    return changed ? tla_ix_canon(c, result) : result;
}

TLA_FUNC int tla__ix_canon_mul(tla_ix_ctx *c, int lhs, int rhs) {
    if (TLA_IX_IS_CONST(c, rhs)) {
        int s = tla__ix_mul_const_rhs(c, lhs, rhs);
        if (s >= 0) return (TLA_IX_IS_CONST(c, s) || s == lhs) ? s : tla_ix_canon(c, s);
    }
    if (TLA_IX_KIND(c, lhs) == TLA_IX_ADD)
        return tla_ix_canon(c,
                            tla_ix_add(c, tla_ix_mul(c, TLA_IX_L(c, lhs), rhs), tla_ix_mul(c, TLA_IX_R(c, lhs), rhs)));
    if (TLA_IX_KIND(c, rhs) == TLA_IX_ADD)
        return tla_ix_canon(c,
                            tla_ix_add(c, tla_ix_mul(c, lhs, TLA_IX_L(c, rhs)), tla_ix_mul(c, lhs, TLA_IX_R(c, rhs))));
    return tla_ix_raw(c, TLA_IX_MUL, lhs, rhs, 0);
}

/* TrySimplifyDivModByGCD: -1 when it does not apply. */
TLA_FUNC int tla__ix_gcd_divmod(tla_ix_ctx *c, int kind, int lhs, int64_t d) {
    int64_t k, g;
    int nl;
    if (TLA_IX_KIND(c, lhs) != TLA_IX_MUL || !TLA_IX_IS_CONST(c, TLA_IX_R(c, lhs))) return -1;
    k = TLA_IX_V(c, TLA_IX_R(c, lhs));
    g = tla__ix_gcd(k, d);
    if (g <= 1) return -1;
    nl = tla_ix_mulc(c, TLA_IX_L(c, lhs), k / g);
    if (kind == TLA_IX_FDIV) return tla_ix_canon(c, tla_ix_fdivc(c, nl, d / g));
    if (kind == TLA_IX_CDIV) return tla_ix_canon(c, tla_ix_cdiv(c, nl, tla_ix_const(c, d / g)));
    return tla_ix_canon(c, tla_ix_mulc(c, tla_ix_modc(c, nl, d / g), g));
}

TLA_FUNC int tla__ix_fdiv_add_operand(tla_ix_ctx *c, int a, int b, int64_t d) {
    int64_t ac;
    int rem;
    if (TLA_IX_KIND(c, a) == TLA_IX_MUL && TLA_IX_IS_CONST(c, TLA_IX_R(c, a))) {
        ac = TLA_IX_V(c, TLA_IX_R(c, a));
        rem = TLA_IX_L(c, a);
    } else if (TLA_IX_IS_CONST(c, a)) {
        ac = TLA_IX_V(c, a);
        rem = tla_ix_const(c, 1);
    } else
        return -1;
    if (ac % d != 0) return -1;
    return tla_ix_canon(c, tla_ix_add(c, tla_ix_mulc(c, rem, ac / d), tla_ix_fdivc(c, b, d)));
}

TLA_FUNC int tla__ix_canon_bin(tla_ix_ctx *c, int kind, int lhs, int rhs) {
    int64_t d;
    int s;
    if (kind == TLA_IX_ADD) return tla__ix_canon_add(c, lhs, rhs);
    if (kind == TLA_IX_MUL) return tla__ix_canon_mul(c, lhs, rhs);
    if (TLA_IX_IS_CONST(c, lhs) && TLA_IX_V(c, lhs) == 0) return lhs;
    if (kind == TLA_IX_MOD && lhs == rhs) return tla_ix_const(c, 0);
    if (!TLA_IX_IS_CONST(c, rhs) || TLA_IX_V(c, rhs) == 0) return tla_ix_raw(c, kind, lhs, rhs, 0);
    d = TLA_IX_V(c, rhs);
    if (kind == TLA_IX_MOD) {
        if (d == 1 || d == -1 || tla__ix_multiple_of(c, lhs, d)) return tla_ix_const(c, 0);
        if ((s = tla__ix_gcd_divmod(c, kind, lhs, d)) >= 0) return s;
        if (TLA_IX_KIND(c, lhs) == TLA_IX_MOD && TLA_IX_IS_CONST(c, TLA_IX_R(c, lhs))
            && TLA_IX_V(c, TLA_IX_R(c, lhs)) % d == 0)
            return tla_ix_canon(c, tla_ix_modc(c, TLA_IX_L(c, lhs), d));
        if (TLA_IX_KIND(c, lhs) == TLA_IX_ADD) {
            if (tla__ix_multiple_of(c, TLA_IX_L(c, lhs), d))
                return tla_ix_canon(c, tla_ix_modc(c, TLA_IX_R(c, lhs), d));
            if (tla__ix_multiple_of(c, TLA_IX_R(c, lhs), d))
                return tla_ix_canon(c, tla_ix_modc(c, TLA_IX_L(c, lhs), d));
        }
        return tla_ix_raw(c, kind, lhs, rhs, 0);
    }
    if (d == 1) return lhs;
    if (d == -1) return tla_ix_neg(c, lhs);
    if ((s = tla__ix_gcd_divmod(c, kind, lhs, d)) >= 0) return s;
    if (kind == TLA_IX_CDIV) {
        if (d > 0) return tla_ix_canon(c, tla_ix_fdiv(c, tla_ix_canon(c, tla_ix_addc(c, lhs, d - 1)), rhs));
        return tla_ix_canon(c, tla_ix_neg(c, tla_ix_fdivc(c, lhs, tla__ix_wneg(d))));
    }
    if (TLA_IX_KIND(c, lhs) == TLA_IX_ADD) {
        if ((s = tla__ix_fdiv_add_operand(c, TLA_IX_L(c, lhs), TLA_IX_R(c, lhs), d)) >= 0) return s;
        if ((s = tla__ix_fdiv_add_operand(c, TLA_IX_R(c, lhs), TLA_IX_L(c, lhs), d)) >= 0) return s;
    }
    return tla_ix_raw(c, kind, lhs, rhs, 0);
}

TLA_FUNC int64_t tla__ix_fold(int kind, int64_t a, int64_t b) {
    switch (kind) {
    case TLA_IX_ADD: return tla__ix_wadd(a, b);
    case TLA_IX_MUL: return tla__ix_wmul(a, b);
    case TLA_IX_FDIV: return tla_floor_div(a, b);
    case TLA_IX_CDIV: return tla_ceil_div(a, b);
    default: return tla_ix_modv(a, b);
    }
}

TLA_API int tla_ix_canon(tla_ix_ctx *c, int e)
#if TLA__BODIES
{
    int kind, lhs, rhs, r;
    if (!TLA_IX_IS_BIN(c, e)) return e;
    if (c->n[e].canon >= 0) return c->n[e].canon;
    kind = TLA_IX_KIND(c, e);
    lhs = tla_ix_canon(c, TLA_IX_L(c, e));
    rhs = tla_ix_canon(c, TLA_IX_R(c, e));
    if (TLA_IX_IS_CONST(c, lhs) && TLA_IX_IS_CONST(c, rhs) && (kind <= TLA_IX_MUL || TLA_IX_V(c, rhs) != 0))
        r = tla_ix_const(c, tla__ix_fold(kind, TLA_IX_V(c, lhs), TLA_IX_V(c, rhs)));
    else {
        if ((kind == TLA_IX_ADD || kind == TLA_IX_MUL) && tla_ix_cmp(c, rhs, lhs) < 0) {
            int t = lhs;
            lhs = rhs;
            rhs = t;
        }
        r = tla__ix_canon_bin(c, kind, lhs, rhs);
    }
    if (!c->failed) c->n[e].canon = r;
    return r;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- evaluation, substitution */

TLA_API int tla_ix_eval(const tla_ix_ctx *c, int e, const int64_t *dims, const int64_t *syms, int64_t *out)
#if TLA__BODIES
{
    const tla_ix_node *x = &c->n[e];
    int64_t a, b;
    switch (x->kind) {
    case TLA_IX_CONST: *out = x->v; return 0;
    case TLA_IX_DIM:
        if (!dims) return -1;
        *out = dims[x->v];
        return 0;
    case TLA_IX_SYM:
        if (!syms) return -1;
        *out = syms[x->v];
        return 0;
    default: break;
    }
    if (tla_ix_eval(c, x->l, dims, syms, &a) != 0 || tla_ix_eval(c, x->r, dims, syms, &b) != 0) return -1;
    if (x->kind >= TLA_IX_MOD && b == 0) return -1;
    *out = tla__ix_fold(x->kind, a, b);
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_ix_replace(tla_ix_ctx *c, int e, const int *dims, int ndims, const int *syms, int nsyms)
#if TLA__BODIES
{
    tla_ix_node x = c->n[e];
    int l, r;
    if (x.kind == TLA_IX_DIM) return dims && x.v < ndims && dims[x.v] >= 0 ? dims[x.v] : e;
    if (x.kind == TLA_IX_SYM) return syms && x.v < nsyms && syms[x.v] >= 0 ? syms[x.v] : e;
    if (x.kind == TLA_IX_CONST) return e;
    l = tla_ix_replace(c, x.l, dims, ndims, syms, nsyms);
    r = tla_ix_replace(c, x.r, dims, ndims, syms, nsyms);
    if (l == x.l && r == x.r) return e;
    return tla_ix_raw(c, x.kind, l, r, 0);
}
#endif
TLA__DECL

/* e of context `from` rebuilt, node for node, in context c (a sparse encoding's map into a
 * caller's context). */
TLA_FUNC int tla__ix_copy(tla_ix_ctx *c, const tla_ix_ctx *from, int e) {
    const tla_ix_node *x = &from->n[e];
    if (x->kind > TLA_IX_CDIV) return tla_ix_raw(c, x->kind, -1, -1, x->v);
    return tla_ix_raw(c, x->kind, tla__ix_copy(c, from, x->l), tla__ix_copy(c, from, x->r), 0);
}

TLA_API int tla_ix_replace_expr(tla_ix_ctx *c, int e, int from, int to)
#if TLA__BODIES
{
    tla_ix_node x = c->n[e];
    int l, r;
    if (e == from) return to;
    if (x.kind > TLA_IX_CDIV) return e;
    l = tla_ix_replace_expr(c, x.l, from, to);
    r = tla_ix_replace_expr(c, x.r, from, to);
    if (l == x.l && r == x.r) return e;
    return tla_ix_raw(c, x.kind, l, r, 0);
}
#endif
TLA__DECL

TLA_API void tla_ix_used(const tla_ix_ctx *c, int e, uint64_t *dims, uint64_t *syms)
#if TLA__BODIES
{
    const tla_ix_node *x = &c->n[e];
    if (x->kind == TLA_IX_DIM) {
        if (x->v < 64) *dims |= (uint64_t)1 << x->v;
    } else if (x->kind == TLA_IX_SYM) {
        if (x->v < 64) *syms |= (uint64_t)1 << x->v;
    } else if (x->kind <= TLA_IX_CDIV) {
        tla_ix_used(c, x->l, dims, syms);
        tla_ix_used(c, x->r, dims, syms);
    }
}
#endif
TLA__DECL

#endif
