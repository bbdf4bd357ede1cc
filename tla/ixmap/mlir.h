/* tla/ixmap/mlir.h - MLIR's AffineExpr construction rules (simplifyAdd, simplifyMul, ... of
 * AffineExpr.cpp) and XLA's printer of indexing-map expressions.  XLA converts its own
 * expressions to MLIR's before printing (each node rebuilt with MLIR's operators), so the
 * printed form is MLIR's: `d0 * 8 + d1`, `-d1 + 16`, `(d1 - 3) floordiv 7`, `s0 * -2`.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_ix_ctx c;  char buf[64];  int e;
 *   tla_ix_ctx_init(&c);
 *   e = tla_ix_fdiv(&c, tla_ix_add(&c, tla_ix_dim(&c, 0), tla_ix_const(&c, -3)), tla_ix_const(&c, 7));
 *   tla_ix_snprint(&c, e, NULL, 0, NULL, buf, sizeof buf);
 *   if (strcmp(buf, "(d0 - 3) floordiv 7") != 0) return 1;
 *   e = tla_ix_m_add(&c, tla_ix_sym(&c, 0), tla_ix_m_mul(&c, tla_ix_const(&c, 2), tla_ix_dim(&c, 1)));
 *   tla_ix_snprint(&c, e, NULL, 0, NULL, buf, sizeof buf);
 *   if (strcmp(buf, "d1 * 2 + s0") != 0) return 1;    // MLIR puts dimensions first, constants last
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_IXMLIR_H
#define TLA_IXMLIR_H

#include "tla/ixmap/expr.h"
#include "tla/rt/print.h"

/* ---------------------------------------------------------------- MLIR's AffineExpr rules */

TLA_API int tla_ix_m_mul(tla_ix_ctx *c, int a, int b);
TLA_API int tla_ix_m_mod(tla_ix_ctx *c, int a, int b);
TLA_API int tla_ix_m_bin(tla_ix_ctx *c, int kind, int a, int b);

/* MLIR's AffineExpr operator+ (simplifyAdd). */
TLA_API int tla_ix_m_add(tla_ix_ctx *c, int a, int b);
TLA_FUNC int tla_ix_m_fdiv(tla_ix_ctx *c, int a, int b);
TLA_FUNC int tla_ix_m_cdiv(tla_ix_ctx *c, int a, int b);

/* e rebuilt bottom-up with MLIR's rules: what XLA's printer prints (memoized). */
TLA_API int tla_ix_to_mlir(tla_ix_ctx *c, int e);

/* ---------------------------------------------------------------- printing (XLA's printer) */

/* A growable string the caller owns (tla_ix_buf_free): rt/print.h's text buffer, all zero to
 * start (tla_ix_buf b = {0}); b.s is the text, b.len its length, b.failed set when memory ran out. */
typedef tla__out tla_ix_buf;

TLA_API void tla_ix_buf_free(tla_ix_buf *b);
TLA_API void tla_ix_buf_put(tla_ix_buf *b, const char *s);
TLA_API void tla_ix_buf_int(tla_ix_buf *b, int64_t v);

/* Names for printing: dimension i is dim_names[i] (or "d<i>"), symbol j is sym_names[j] (or
 * "s<j>" for j < nrange, "rt<j - nrange>" after); NULL entries take the default. */
typedef struct tla_ix_names {
    const char *const *dims;
    int ndims;
    const char *const *syms;
    int nsyms;
    int nrange;
} tla_ix_names;

/* Append e in XLA's printed form (converted to MLIR form first). */
TLA_API void tla_ix_print(tla_ix_ctx *c, int e, const tla_ix_names *nm, tla_ix_buf *b);

/* e printed into buf (truncated to n bytes) with default names (nrange range variables,
 * then runtime variables); the length it needed. */
TLA_API int tla_ix_snprint(tla_ix_ctx *c, int e, const tla_ix_names *nm, int nrange, void *unused, char *buf, size_t n);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- MLIR's AffineExpr rules */

/* Symbols and constants only (MLIR's isSymbolicOrConstant). */
TLA_FUNC int tla__ix_symbolic(const tla_ix_ctx *c, int e) {
    const tla_ix_node *x = &c->n[e];
    if (x->kind == TLA_IX_SYM || x->kind == TLA_IX_CONST) return 1;
    if (x->kind == TLA_IX_DIM) return 0;
    return tla__ix_symbolic(c, x->l) && tla__ix_symbolic(c, x->r);
}

TLA_API int tla_ix_m_add(tla_ix_ctx *c, int a, int b)
#if TLA__BODIES
{
    const tla_ix_node *x, *y;
    int64_t k1 = 1, k2 = 1;
    int e1 = a, e2 = b;
    int64_t v;
    if (TLA_IX_IS_CONST(c, a) && TLA_IX_IS_CONST(c, b)) /* MLIR 22 keeps a sum that overflows */
        return tla__add64(TLA_IX_V(c, a), TLA_IX_V(c, b), &v) ? tla_ix_raw(c, TLA_IX_ADD, a, b, 0) : tla_ix_const(c, v);
    if (TLA_IX_IS_CONST(c, a) || (tla__ix_symbolic(c, a) && !tla__ix_symbolic(c, b))) return tla_ix_m_add(c, b, a);
    /* MLIR 22 orders the operands of a sum of two dimensions (or two symbols) by position:
     * d1 + d0 is d0 + d1, s1 + s0 is s0 + s1 (mlir-opt 22 prints (d1 + d0) * 9 as (d0 + d1) * 9) */
    if (TLA_IX_KIND(c, a) == TLA_IX_KIND(c, b) && (TLA_IX_KIND(c, a) == TLA_IX_DIM || TLA_IX_KIND(c, a) == TLA_IX_SYM)
        && TLA_IX_V(c, a) > TLA_IX_V(c, b))
        return tla_ix_m_add(c, b, a);
    if (TLA_IX_IS_CONST(c, b) && TLA_IX_V(c, b) == 0) return a;
    x = &c->n[a];
    if (x->kind == TLA_IX_ADD && TLA_IX_IS_CONST(c, b) && TLA_IX_IS_CONST(c, x->r))
        return tla_ix_m_add(c, x->l, tla_ix_const(c, tla__ix_wadd(TLA_IX_V(c, x->r), TLA_IX_V(c, b))));
    if (x->kind == TLA_IX_MUL && TLA_IX_IS_CONST(c, x->r)) {
        k1 = TLA_IX_V(c, x->r);
        e1 = x->l;
    }
    y = &c->n[b];
    if (y->kind == TLA_IX_MUL && TLA_IX_IS_CONST(c, y->r)) {
        k2 = TLA_IX_V(c, y->r);
        e2 = y->l;
    }
    if (e1 == e2) return tla_ix_m_mul(c, e1, tla_ix_const(c, tla__ix_wadd(k1, k2)));
    x = &c->n[a];
    if (x->kind == TLA_IX_ADD && TLA_IX_IS_CONST(c, x->r)) {
        int xl = x->l, xr = x->r;
        return tla_ix_m_add(c, tla_ix_m_add(c, xl, b), xr);
    }
    /* MLIR 22: (x + y) + (e floordiv q) * k is x + (y + (e floordiv q) * k) when y + ... simplifies
     * (mlir-opt 22: (d1 * 2 + d0) + (d0 floordiv 7) * -7 is d1 * 2 + d0 mod 7, and
     * (d2 + s0) + (d0 floordiv 7) * 5 is d2 + ((d0 floordiv 7) * 5 + s0)) */
    x = &c->n[a];
    y = &c->n[b];
    if (x->kind == TLA_IX_ADD && y->kind == TLA_IX_MUL && TLA_IX_KIND(c, y->l) == TLA_IX_FDIV) {
        int xl = x->l, xr = x->r, inner = tla_ix_m_add(c, xr, b);
        if (inner != tla_ix_raw(c, TLA_IX_ADD, xr, b, 0)) return tla_ix_m_add(c, xl, inner);
    }
    y = &c->n[b];
    if (y->kind == TLA_IX_MUL) { /* expr + (expr floordiv c) * -c  =>  expr mod c */
        int lr = y->l, rr = y->r;
        const tla_ix_node *ly = &c->n[lr];
        if (ly->kind == TLA_IX_FDIV && ly->l == a && TLA_IX_IS_CONST(c, ly->r) && TLA_IX_IS_CONST(c, rr)
            && TLA_IX_V(c, ly->r) > 0 && TLA_IX_V(c, rr) == -TLA_IX_V(c, ly->r))
            return tla_ix_m_mod(c, a, ly->r);
    }
    return tla_ix_raw(c, TLA_IX_ADD, a, b, 0);
}
#endif
TLA__DECL

TLA_API int tla_ix_m_mul(tla_ix_ctx *c, int a, int b)
#if TLA__BODIES
{
    const tla_ix_node *x;
    int64_t v;
    if (TLA_IX_IS_CONST(c, a) && TLA_IX_IS_CONST(c, b)) /* MLIR 22 keeps a product that overflows */
        return tla__mul64(TLA_IX_V(c, a), TLA_IX_V(c, b), &v) ? tla_ix_raw(c, TLA_IX_MUL, a, b, 0) : tla_ix_const(c, v);
    if (!tla__ix_symbolic(c, a) && !tla__ix_symbolic(c, b)) return tla_ix_raw(c, TLA_IX_MUL, a, b, 0);
    if (!tla__ix_symbolic(c, b) || TLA_IX_IS_CONST(c, a)) return tla_ix_m_mul(c, b, a);
    /* MLIR 22 orders a product of two symbols by position, as a sum (mlir-opt 22: s1 * s0 is s0 * s1) */
    if (TLA_IX_KIND(c, a) == TLA_IX_SYM && TLA_IX_KIND(c, b) == TLA_IX_SYM && TLA_IX_V(c, a) > TLA_IX_V(c, b))
        return tla_ix_m_mul(c, b, a);
    if (TLA_IX_IS_CONST(c, b)) {
        if (TLA_IX_V(c, b) == 1) return a;
        if (TLA_IX_V(c, b) == 0) return b;
    }
    x = &c->n[a];
    if (x->kind == TLA_IX_MUL && TLA_IX_IS_CONST(c, b) && TLA_IX_IS_CONST(c, x->r))
        return tla_ix_m_mul(c, x->l, tla_ix_const(c, tla__ix_wmul(TLA_IX_V(c, x->r), TLA_IX_V(c, b))));
    if (x->kind == TLA_IX_MUL && TLA_IX_IS_CONST(c, x->r)) {
        int xl = x->l, xr = x->r;
        return tla_ix_m_mul(c, tla_ix_m_mul(c, xl, b), xr);
    }
    return tla_ix_raw(c, TLA_IX_MUL, a, b, 0);
}
#endif
TLA__DECL

/* MLIR's floordiv and ceildiv (simplifyFloorDiv, simplifyCeilDiv), by a non-zero constant d
 * (mlir-opt 22 folds by a negative one too): constants fold (not INT64_MIN by -1, which
 * overflows), x by 1 is x, (x * k) by d is x * (k / d) when d divides k, and a floordiv of a sum
 * splits when d divides one of its terms. */
TLA_FUNC int tla__ix_m_div(tla_ix_ctx *c, int kind, int a, int b) {
    int64_t d, k;
    const tla_ix_node *x = &c->n[a];
    if (!TLA_IX_IS_CONST(c, b) || (d = TLA_IX_V(c, b)) == 0) return tla_ix_raw(c, kind, a, b, 0);
    if (TLA_IX_IS_CONST(c, a) && (TLA_IX_V(c, a) != INT64_MIN || d != -1))
        return tla_ix_const(c, tla__div_round(TLA_IX_V(c, a), d, kind == TLA_IX_CDIV));
    if (d == 1) return a;
    if (x->kind == TLA_IX_MUL && TLA_IX_IS_CONST(c, x->r) && ((k = TLA_IX_V(c, x->r)) != INT64_MIN || d != -1)
        && k % d == 0) {
        int xl = x->l; /* read before a new node may move c->n */
        return tla_ix_m_mul(c, xl, tla_ix_const(c, k / d));
    }
    if (kind == TLA_IX_FDIV && x->kind == TLA_IX_ADD) {
        int xl = x->l, xr = x->r;
        uint64_t ad = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
        if (tla__ix_divisor(c, xl) % ad == 0 || tla__ix_divisor(c, xr) % ad == 0)
            return tla_ix_m_add(c, tla__ix_m_div(c, kind, xl, b), tla__ix_m_div(c, kind, xr, b));
    }
    return tla_ix_raw(c, kind, a, b, 0);
}
TLA_FUNC int tla_ix_m_fdiv(tla_ix_ctx *c, int a, int b) { return tla_ix_m_bin(c, TLA_IX_FDIV, a, b); }
TLA_FUNC int tla_ix_m_cdiv(tla_ix_ctx *c, int a, int b) { return tla_ix_m_bin(c, TLA_IX_CDIV, a, b); }
TLA_API int tla_ix_m_mod(tla_ix_ctx *c, int a, int b)
#if TLA__BODIES
{
    int64_t d;
    const tla_ix_node *x;
    if (!TLA_IX_IS_CONST(c, b) || TLA_IX_V(c, b) < 1) return tla_ix_raw(c, TLA_IX_MOD, a, b, 0);
    d = TLA_IX_V(c, b);
    if (TLA_IX_IS_CONST(c, a)) return tla_ix_const(c, tla_ix_modv(TLA_IX_V(c, a), d));
    if (tla__ix_divisor(c, a) % (uint64_t)d == 0) return tla_ix_const(c, 0);
    x = &c->n[a];
    if (x->kind == TLA_IX_ADD) {
        int xl = x->l, xr = x->r;
        if (tla__ix_divisor(c, xl) % (uint64_t)d == 0) return tla_ix_m_mod(c, xr, b);
        if (tla__ix_divisor(c, xr) % (uint64_t)d == 0) return tla_ix_m_mod(c, xl, b);
    }
    x = &c->n[a];
    if (x->kind == TLA_IX_MOD && TLA_IX_IS_CONST(c, x->r) && TLA_IX_V(c, x->r) >= 1 && TLA_IX_V(c, x->r) % d == 0)
        return tla_ix_m_mod(c, x->l, b);
    return tla_ix_raw(c, TLA_IX_MOD, a, b, 0);
}
#endif
TLA__DECL
TLA_API int tla_ix_m_bin(tla_ix_ctx *c, int kind, int a, int b)
#if TLA__BODIES
{
    switch (kind) {
    case TLA_IX_ADD: return tla_ix_m_add(c, a, b);
    case TLA_IX_MUL: return tla_ix_m_mul(c, a, b);
    case TLA_IX_FDIV:
    case TLA_IX_CDIV: return tla__ix_m_div(c, kind, a, b);
    default: return tla_ix_m_mod(c, a, b);
    }
}
#endif
TLA__DECL

TLA_API int tla_ix_to_mlir(tla_ix_ctx *c, int e)
#if TLA__BODIES
{
    int r, l, rr;
    if (!TLA_IX_IS_BIN(c, e)) return e;
    if (c->n[e].mlir >= 0) return c->n[e].mlir;
    l = tla_ix_to_mlir(c, TLA_IX_L(c, e));
    rr = tla_ix_to_mlir(c, TLA_IX_R(c, e));
    r = tla_ix_m_bin(c, TLA_IX_KIND(c, e), l, rr);
    if (!c->failed) c->n[e].mlir = r;
    return r;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- printing (XLA's printer) */

TLA_API void tla_ix_buf_free(tla_ix_buf *b)
#if TLA__BODIES
{
    free(b->s);
    memset(b, 0, sizeof *b);
}
#endif
TLA__DECL
TLA_API void tla_ix_buf_put(tla_ix_buf *b, const char *s)
#if TLA__BODIES
{
    tla__puts(b, s);
}
#endif
TLA__DECL
TLA_API void tla_ix_buf_int(tla_ix_buf *b, int64_t v)
#if TLA__BODIES
{
    tla__put_int(b, v, 0);
}
#endif
TLA__DECL

TLA_FUNC void tla__ix_var_name(tla_ix_buf *b, const tla_ix_names *nm, int sym, int64_t i) {
    char t[40];
    const char *s = NULL;
    if (nm && !sym && i < nm->ndims && nm->dims) s = nm->dims[i];
    if (nm && sym && i < nm->nsyms && nm->syms) s = nm->syms[i];
    if (s && s[0]) {
        tla_ix_buf_put(b, s);
        return;
    }
    if (!sym)
        snprintf(t, sizeof t, "d%lld", (long long)i);
    else if (nm && i >= nm->nrange)
        snprintf(t, sizeof t, "rt%lld", (long long)(i - nm->nrange));
    else
        snprintf(t, sizeof t, "s%lld", (long long)i);
    tla_ix_buf_put(b, t);
}

/* PrintAffineExprImpl of indexing_map_serialization.cc, on an MLIR-form expression. */
TLA_FUNC void tla__ix_print(const tla_ix_ctx *c, int e, const tla_ix_names *nm, int paren, tla_ix_buf *b) {
    const tla_ix_node *x = &c->n[e];
    const char *op = " + ";
    switch (x->kind) {
    case TLA_IX_CONST: tla_ix_buf_int(b, x->v); return;
    case TLA_IX_DIM: tla__ix_var_name(b, nm, 0, x->v); return;
    case TLA_IX_SYM: tla__ix_var_name(b, nm, 1, x->v); return;
    case TLA_IX_MUL: op = " * "; break;
    case TLA_IX_FDIV: op = " floordiv "; break;
    case TLA_IX_CDIV: op = " ceildiv "; break;
    case TLA_IX_MOD: op = " mod "; break;
    default: break;
    }
    if (x->kind != TLA_IX_ADD) {
        if (paren) tla_ix_buf_put(b, "(");
        if (x->kind == TLA_IX_MUL && TLA_IX_IS_CONST(c, x->r) && TLA_IX_V(c, x->r) == -1) {
            tla_ix_buf_put(b, "-");
            tla__ix_print(c, x->l, nm, 1, b);
        } else {
            tla__ix_print(c, x->l, nm, 1, b);
            tla_ix_buf_put(b, op);
            tla__ix_print(c, x->r, nm, 1, b);
        }
        if (paren) tla_ix_buf_put(b, ")");
        return;
    }
    if (paren) tla_ix_buf_put(b, "(");
    {
        const tla_ix_node *y = &c->n[x->r];
        if (y->kind == TLA_IX_MUL && TLA_IX_IS_CONST(c, y->r) && TLA_IX_V(c, y->r) <= -1) {
            tla__ix_print(c, x->l, nm, 0, b);
            tla_ix_buf_put(b, " - ");
            if (TLA_IX_V(c, y->r) == -1)
                tla__ix_print(c, y->l, nm, TLA_IX_KIND(c, y->l) == TLA_IX_ADD, b);
            else {
                tla__ix_print(c, y->l, nm, 1, b);
                tla_ix_buf_put(b, " * ");
                tla_ix_buf_int(b, (int64_t)(0 - (uint64_t)TLA_IX_V(c, y->r)));
            }
        } else if (y->kind == TLA_IX_CONST && y->v < 0) {
            tla__ix_print(c, x->l, nm, 0, b);
            tla_ix_buf_put(b, " - ");
            tla_ix_buf_int(b, (int64_t)(0 - (uint64_t)y->v));
        } else {
            tla__ix_print(c, x->l, nm, 0, b);
            tla_ix_buf_put(b, " + ");
            tla__ix_print(c, x->r, nm, 0, b);
        }
    }
    if (paren) tla_ix_buf_put(b, ")");
}

TLA_API void tla_ix_print(tla_ix_ctx *c, int e, const tla_ix_names *nm, tla_ix_buf *b)
#if TLA__BODIES
{
    tla__ix_print(c, tla_ix_to_mlir(c, e), nm, 0, b);
}
#endif
TLA__DECL

TLA_API int tla_ix_snprint(tla_ix_ctx *c, int e, const tla_ix_names *nm, int nrange, void *unused, char *buf, size_t n)
#if TLA__BODIES
{
    tla__out b = tla__out_array(buf, n);
    tla_ix_names dn;
    (void)unused;
    if (!nm) {
        memset(&dn, 0, sizeof dn);
        dn.nrange = nrange ? nrange : 1 << 30;
        nm = &dn;
    }
    tla_ix_print(c, e, nm, &b);
    return tla__out_end(&b);
}
#endif
TLA__DECL

#endif
