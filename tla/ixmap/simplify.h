/* tla/ixmap/simplify.h - XLA's range-aware simplifier for indexing maps (IndexingMap::Simplify).
 *
 * Uses the intervals of the variables (and constraints) to rewrite mod and floordiv: a mod
 * that cannot wrap becomes a sum, (c * a) mod ab becomes (c mod b) * a, summands that are
 * multiples of the divisor leave a floordiv, (x mod c) * d + (x floordiv c) * (c * d) is x * d,
 * and so on.  Constraints are simplified the same way, rewritten to bounds on their
 * sub-expression (`e + c`, `e * c`, `e floordiv c` in [lo, hi]), merged (mod constraints on
 * one expression) and dropped when they always hold; an infeasible domain is KNOWN EMPTY.
 * What XLA's simplifier leaves alone is left alone: the output is XLA's, term for term.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_ix_ctx c;  tla_ix_map m;  tla_error e;  tla_ix_buf out = {0};
 *   tla_ix_ctx_init(&c);
 *   if (tla_ix_map_parse(&m, &c,
 *                        "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]", &e) != 0) return 1;
 *   tla_ix_simplify(&c, &m, 0);
 *   tla_ix_map_print_ex(&c, &m, 1, &out);
 *   if (strcmp(out.s, "(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]") != 0) return 1;
 *   tla_ix_buf_free(&out);
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_IXSIMPLIFY_H
#define TLA_IXSIMPLIFY_H

#include "tla/ixmap/util.h"

/* ---------------------------------------------------------------- constraints */

/* One expression simplified over the map's domain (constraints used); preserve: keep
 * sub-expressions whose range is a single point. */
TLA_API int tla_ix_simplify_expr(tla_ix_ctx *c, tla_ix_map *m, int e, int preserve);

/* IndexingMap::Simplify: constraints first (until nothing changes), mod constraints merged,
 * then the results.  preserve = 1 is XLA's SimplifyPointDimensions::kPreserve (reshape and
 * bitcast use it).  1 if anything changed. */
TLA_API int tla_ix_simplify(tla_ix_ctx *c, tla_ix_map *m, int preserve);

/* ---------------------------------------------------------------- internals */

typedef struct tla__ix_simp {
    tla_ix_ctx *c;
    tla_ix_map *m;
    int use_cons; /* the range evaluator also uses constraints on an expression */
    int preserve; /* 1: keep expressions whose range is a point (SimplifyPointDimensions::kPreserve) */
    int budget; /* bounds the work on adversarial input */
} tla__ix_simp;

TLA_FUNC void tla__ix_rng(tla__ix_simp *S, int e, int64_t *lo, int64_t *hi) {
    tla_ix_range(S->c, S->m, e, S->use_cons, lo, hi);
}

/* GetConstantRhs: 1 and *v when e has kind `kind` and its right side's range is a point. */
TLA_FUNC int tla__ix_crhs(tla__ix_simp *S, int e, int kind, int64_t *v) {
    int64_t lo, hi;
    if (TLA_IX_KIND(S->c, e) != kind) return 0;
    tla__ix_rng(S, TLA_IX_R(S->c, e), &lo, &hi);
    if (lo != hi) return 0;
    *v = lo;
    return 1;
}

/* MapSummands with a callback. */
typedef int (*tla__ix_summand_fn)(tla__ix_simp *S, int e, void *data);
TLA_FUNC int tla__ix_map_summands(tla__ix_simp *S, int e, tla__ix_summand_fn fn, void *data) {
    if (TLA_IX_KIND(S->c, e) == TLA_IX_ADD) {
        int l0 = TLA_IX_L(S->c, e), r0 = TLA_IX_R(S->c, e);
        int l = tla__ix_map_summands(S, l0, fn, data), r = tla__ix_map_summands(S, r0, fn, data);
        if (l == l0 && r == r0) return e;
        return tla_ix_add(S->c, l, r);
    }
    return fn(S, e, data);
}

/* ---------------------------------------------------------------- SplitSumByGcd */

typedef struct tla__ix_split {
    int have;
    int64_t gcd;
    int no_mult;
} tla__ix_split;

TLA_FUNC void tla__ix_gcd_visit(tla__ix_simp *S, int e, tla__ix_split *d) {
    int64_t k;
    if (TLA_IX_KIND(S->c, e) == TLA_IX_ADD) {
        tla__ix_gcd_visit(S, TLA_IX_L(S->c, e), d);
        tla__ix_gcd_visit(S, TLA_IX_R(S->c, e), d);
    } else if (tla__ix_crhs(S, e, TLA_IX_MUL, &k)) {
        d->gcd = d->have ? tla__ix_gcd(d->gcd, k) : k;
        d->have = 1;
    }
}
TLA_FUNC int tla__ix_split_fn(tla__ix_simp *S, int e, void *data) {
    tla__ix_split *d = (tla__ix_split *)data;
    int64_t k;
    if (tla__ix_crhs(S, e, TLA_IX_MUL, &k)) return tla_ix_mulc(S->c, TLA_IX_L(S->c, e), k / d->gcd);
    d->no_mult = tla_ix_add(S->c, d->no_mult, e);
    return tla_ix_const(S->c, 0);
}
/* sum = *multiplied * gcd + *not_multiplied; gcd 1 when nothing splits. */
TLA_FUNC int64_t tla__ix_split_sum(tla__ix_simp *S, int sum, int *multiplied, int *not_multiplied) {
    tla__ix_split d;
    d.have = 0;
    d.gcd = 1;
    d.no_mult = tla_ix_const(S->c, 0);
    tla__ix_gcd_visit(S, sum, &d);
    if (!d.have || d.gcd == 1 || d.gcd == 0) {
        *multiplied = tla_ix_const(S->c, 0);
        *not_multiplied = sum;
        return 1;
    }
    *multiplied = tla__ix_map_summands(S, sum, tla__ix_split_fn, &d);
    *not_multiplied = d.no_mult;
    return d.gcd;
}

TLA_FUNC int tla__ix_simplify_once(tla__ix_simp *S, int e);
TLA_FUNC int tla__ix_simplify_expr(tla__ix_simp *S, int e);

/* ---------------------------------------------------------------- mod */

typedef struct tla__ix_modx {
    int64_t m, extracted;
} tla__ix_modx;
TLA_FUNC int tla__ix_mod_fn(tla__ix_simp *S, int e, void *data) {
    tla__ix_modx *d = (tla__ix_modx *)data;
    int64_t k;
    if (TLA_IX_IS_CONST(S->c, e)) {
        d->extracted = tla__ix_wadd(d->extracted, TLA_IX_V(S->c, e));
        return tla_ix_const(S->c, 0);
    }
    if (tla__ix_crhs(S, e, TLA_IX_MUL, &k) && (d->m == -1 || k % d->m == 0)) return tla_ix_const(S->c, 0);
    return e;
}
TLA_FUNC int tla__ix_scale_fn(tla__ix_simp *S, int e, void *data) { return tla_ix_mulc(S->c, e, *(int64_t *)data); }

TLA_FUNC int tla__ix_rewrite_mod(tla__ix_simp *S, int mod) {
    tla_ix_ctx *c = S->c;
    int64_t rlo, rhi, m, llo, lhi, offset, k, g, count, rem;
    int ls, nl, mult, nm;
    tla__ix_modx d;
    tla__ix_rng(S, TLA_IX_R(c, mod), &rlo, &rhi);
    if (rlo != rhi) return mod;
    m = rlo;
    if (m == 0) return tla_ix_const(c, 0);
    ls = tla__ix_simplify_once(S, TLA_IX_L(c, mod));
    tla__ix_rng(S, ls, &llo, &lhi);
    offset = tla__ix_wmul(tla_floor_div(llo, m), tla__ix_wneg(m));
    if (tla__ix_sat(lhi, offset, 0) < m) return tla_ix_addc(c, ls, offset);
    if (tla__ix_crhs(S, ls, TLA_IX_MUL, &k) && k > 0 && m % k == 0)
        return tla_ix_mulc(c, tla_ix_modc(c, TLA_IX_L(c, ls), m / k), k);
    d.m = m;
    d.extracted = 0;
    nl = tla__ix_map_summands(S, ls, tla__ix_mod_fn, &d);
    count = tla_floor_div(d.extracted, m);
    rem = d.extracted - tla__ix_wmul(count, m);
    if (rem != 0) nl = tla_ix_addc(c, nl, rem);
    g = tla__ix_split_sum(S, nl, &mult, &nm);
    if (g != 1 && m % g == 0) {
        int64_t nlo, nhi;
        tla__ix_rng(S, nm, &nlo, &nhi);
        if (nlo == 0 && nhi == 0) {
            int64_t mg = tla__ix_gcd(g, m);
            if (mg == g)
                nl = mult;
            else if (mg > 1) {
                int64_t f = g / mg;
                nl = tla__ix_map_summands(S, mult, tla__ix_scale_fn, &f);
            }
            return tla_ix_mulc(c, tla_ix_modc(c, nl, m / mg), mg);
        }
        if (nlo >= 0 && nhi <= g - 1)
            return tla_ix_add(c, tla_ix_mod(c, tla_ix_mulc(c, mult, g), TLA_IX_R(c, mod)), nm);
    }
    return nl == TLA_IX_L(c, mod) ? mod : tla_ix_modc(c, nl, m);
}

/* ---------------------------------------------------------------- floordiv */

typedef struct tla__ix_sumdiv {
    int64_t divisor;
    int extracted;
    int ninner;
    int64_t inner;
} tla__ix_sumdiv;
TLA_FUNC int tla__ix_sumdiv_fn(tla__ix_simp *S, int e, void *data) {
    tla__ix_sumdiv *d = (tla__ix_sumdiv *)data;
    tla_ix_ctx *c = S->c;
    int64_t k;
    if (tla__ix_crhs(S, e, TLA_IX_MUL, &k) && k % d->divisor == 0) {
        d->extracted = tla_ix_add(c, d->extracted, tla_ix_mulc(c, TLA_IX_L(c, e), k / d->divisor));
        return tla_ix_const(c, 0);
    }
    if (TLA_IX_IS_CONST(c, e)) {
        int64_t v = TLA_IX_V(c, e), cnt = tla_floor_div(v, d->divisor);
        if (cnt != 0) {
            d->extracted = tla_ix_add(c, d->extracted, tla_ix_const(c, cnt));
            return tla_ix_const(c, v - tla__ix_wmul(cnt, d->divisor));
        }
    }
    return e;
}
TLA_FUNC void tla__ix_inner_visit(tla__ix_simp *S, int e, tla__ix_sumdiv *d) {
    int64_t k;
    if (TLA_IX_KIND(S->c, e) == TLA_IX_ADD) {
        tla__ix_inner_visit(S, TLA_IX_L(S->c, e), d);
        tla__ix_inner_visit(S, TLA_IX_R(S->c, e), d);
    } else if (tla__ix_crhs(S, e, TLA_IX_FDIV, &k)) {
        d->inner = k;
        d->ninner++;
    }
}
TLA_FUNC int tla__ix_undiv_fn(tla__ix_simp *S, int e, void *data) {
    tla__ix_sumdiv *d = (tla__ix_sumdiv *)data;
    int64_t k;
    if (tla__ix_crhs(S, e, TLA_IX_FDIV, &k)) return TLA_IX_L(S->c, e);
    return tla_ix_mulc(S->c, e, d->inner);
}

TLA_FUNC int tla__ix_sum_div(tla__ix_simp *S, int dividend, int64_t divisor) {
    tla_ix_ctx *c = S->c;
    tla__ix_sumdiv d;
    int nd, mult, nm;
    int64_t g, mdg, nlo, nhi;
    d.divisor = divisor;
    d.extracted = tla_ix_const(c, 0);
    d.ninner = 0;
    d.inner = 1;
    nd = tla__ix_map_summands(S, dividend, tla__ix_sumdiv_fn, &d);
    g = tla__ix_split_sum(S, nd, &mult, &nm);
    mdg = tla__ix_gcd(divisor, g);
    tla__ix_rng(S, nm, &nlo, &nhi);
    if (mdg != 1 && nlo >= 0 && nhi <= mdg - 1) {
        nd = tla_ix_mulc(c, mult, g / mdg);
        divisor /= mdg;
    } else if (nlo == nhi && nlo != 0) {
        mdg = tla__ix_gcd(nlo, mdg);
        if (mdg != 1) {
            nd = tla_ix_add(c, tla_ix_mulc(c, mult, g / mdg), tla_ix_const(c, nlo / mdg));
            divisor /= mdg;
        }
    }
    tla__ix_inner_visit(S, nd, &d);
    if (d.ninner == 1) {
        nd = tla__ix_map_summands(S, nd, tla__ix_undiv_fn, &d);
        divisor = tla__ix_wmul(divisor, d.inner);
    }
    if (nd != dividend) return tla_ix_add(c, tla_ix_fdivc(c, nd, divisor), d.extracted);
    return -1;
}

TLA_FUNC int tla__ix_rewrite_fdiv(tla__ix_simp *S, int div) {
    tla_ix_ctx *c = S->c;
    int64_t rlo, rhi, dv, k;
    int ls, r;
    tla__ix_rng(S, TLA_IX_R(c, div), &rlo, &rhi);
    ls = tla__ix_simplify_once(S, TLA_IX_L(c, div));
    if (rlo != rhi) return tla_ix_fdiv(c, ls, tla__ix_simplify_once(S, TLA_IX_R(c, div)));
    dv = rlo;
    if (dv > 1) {
        if (tla__ix_crhs(S, ls, TLA_IX_MOD, &k) && k % dv == 0)
            return tla_ix_modc(c, tla_ix_fdivc(c, TLA_IX_L(c, ls), dv), k / dv);
        if (tla__ix_crhs(S, ls, TLA_IX_FDIV, &k)) return tla_ix_fdivc(c, TLA_IX_L(c, ls), tla__ix_wmul(dv, k));
        if ((r = tla__ix_sum_div(S, ls, dv)) >= 0) return r;
    }
    return ls != TLA_IX_L(c, div) ? tla_ix_fdivc(c, ls, dv) : div;
}

/* ---------------------------------------------------------------- mul and sums */

TLA_FUNC int tla__ix_rewrite_mul(tla__ix_simp *S, int mul) {
    tla_ix_ctx *c = S->c;
    int64_t lo, hi;
    int l;
    tla__ix_rng(S, TLA_IX_R(c, mul), &lo, &hi);
    if (lo != hi) return mul;
    l = tla__ix_simplify_once(S, TLA_IX_L(c, mul));
    if (TLA_IX_KIND(c, l) == TLA_IX_ADD) return tla__ix_map_summands(S, l, tla__ix_scale_fn, &lo);
    if (lo == 1) return l;
    if (l == TLA_IX_L(c, mul)) return mul;
    return tla_ix_mulc(c, l, lo);
}

#define TLA__IX_MAX_SUMMANDS 128

typedef struct tla__ix_sum {
    int expr[TLA__IX_MAX_SUMMANDS];
    int64_t mul[TLA__IX_MAX_SUMMANDS];
    int n;
} tla__ix_sum;

TLA_FUNC void tla__ix_sum_add(tla__ix_sum *s, int e, int64_t k) {
    int i;
    for (i = 0; i < s->n; i++)
        if (s->expr[i] == e) {
            s->mul[i] = tla__ix_wadd(s->mul[i], k);
            return;
        }
    if (s->n < TLA__IX_MAX_SUMMANDS) s->expr[s->n] = e, s->mul[s->n++] = k;
}

typedef struct tla__ix_rsum {
    tla__ix_sum summands, mods, divs;
    int overflow;
} tla__ix_rsum;

TLA_FUNC void tla__ix_sum_visit(tla__ix_simp *S, int e, tla__ix_rsum *R) {
    tla_ix_ctx *c = S->c;
    int s, lhs;
    int64_t k;
    if (TLA_IX_KIND(c, e) == TLA_IX_ADD) {
        tla__ix_sum_visit(S, TLA_IX_L(c, e), R);
        tla__ix_sum_visit(S, TLA_IX_R(c, e), R);
        return;
    }
    s = tla__ix_simplify_once(S, e);
    if (tla__ix_crhs(S, s, TLA_IX_MUL, &k))
        lhs = TLA_IX_L(c, s);
    else
        lhs = s, k = 1;
    if (R->summands.n >= TLA__IX_MAX_SUMMANDS - 1 || R->mods.n >= TLA__IX_MAX_SUMMANDS - 1
        || R->divs.n >= TLA__IX_MAX_SUMMANDS - 1)
        R->overflow = 1;
    if (TLA_IX_KIND(c, lhs) == TLA_IX_MOD)
        R->mods.expr[R->mods.n] = lhs, R->mods.mul[R->mods.n++] = k;
    else if (TLA_IX_KIND(c, lhs) == TLA_IX_FDIV)
        R->divs.expr[R->divs.n] = lhs, R->divs.mul[R->divs.n++] = k;
    else
        tla__ix_sum_add(&R->summands, lhs, k);
}

TLA_FUNC int tla__ix_rewrite_sum(tla__ix_simp *S, int sum) {
    tla_ix_ctx *c = S->c;
    tla__ix_rsum *R = (tla__ix_rsum *)calloc(1, sizeof *R);
    int i, j, ex[TLA__IX_MAX_SUMMANDS], ne = 0, result;
    if (!R) {
        c->failed = 1;
        return sum;
    }
    tla__ix_sum_visit(S, sum, R);
    if (R->overflow) {
        free(R);
        return sum;
    }
    if (R->divs.n) {
        for (i = 0; i < R->mods.n; i++) {
            int mod = R->mods.expr[i], sdiv;
            int64_t mod_mul = R->mods.mul[i], mc;
            if (!tla__ix_crhs(S, mod, TLA_IX_MOD, &mc)) continue;
            sdiv = tla__ix_simplify_expr(S, tla_ix_fdivc(c, TLA_IX_L(c, mod), mc));
            for (j = 0; j < R->divs.n; j++) {
                int64_t div_mul = R->divs.mul[j];
                if (R->divs.expr[j] < 0 || sdiv != R->divs.expr[j] || mod_mul == 0) continue;
                if (mod_mul == -1 ? tla__ix_wneg(div_mul) != mc : ((div_mul % mod_mul) || (div_mul / mod_mul) != mc))
                    continue;
                tla__ix_sum_add(&R->summands, TLA_IX_L(c, mod), mod_mul);
                R->divs.expr[j] = -1;
                R->mods.expr[i] = -1;
                break;
            }
        }
        for (j = 0; j < R->divs.n; j++) { /* (x - (x floordiv c) * c) * b = (x mod c) * b */
            int div = R->divs.expr[j], x;
            int64_t div_mul = R->divs.mul[j], dc, b;
            int n0, n1;
            tla__ix_term t[TLA__IX_MAX_SUMMANDS];
            if (div < 0 || div_mul > 0) continue;
            if (!tla__ix_crhs(S, div, TLA_IX_FDIV, &dc) || dc <= 0 || (div_mul % dc)) continue;
            b = div_mul / dc;
            x = TLA_IX_L(c, div);
            n0 = 0;
            { /* VisitSummands(x): the raw summands */
                int stack[TLA__IX_MAX_SUMMANDS], sp = 0, k;
                stack[sp++] = x;
                while (sp && n0 < TLA__IX_MAX_SUMMANDS) {
                    k = stack[--sp];
                    if (TLA_IX_KIND(c, k) == TLA_IX_ADD && sp + 2 <= TLA__IX_MAX_SUMMANDS) {
                        stack[sp++] = TLA_IX_R(c, k);
                        stack[sp++] = TLA_IX_L(c, k);
                    } else
                        t[n0++].base = k;
                }
            }
            for (n1 = 0; n1 < n0; n1++) tla__ix_sum_add(&R->summands, t[n1].base, b);
            if (R->mods.n < TLA__IX_MAX_SUMMANDS)
                R->mods.expr[R->mods.n] = tla_ix_modc(c, x, dc), R->mods.mul[R->mods.n++] = -b;
            R->divs.expr[j] = -1;
        }
    }
    for (i = 0; i < R->mods.n; i++)
        if (R->mods.expr[i] >= 0) tla__ix_sum_add(&R->summands, R->mods.expr[i], R->mods.mul[i]);
    for (i = 0; i < R->divs.n; i++)
        if (R->divs.expr[i] >= 0) tla__ix_sum_add(&R->summands, R->divs.expr[i], R->divs.mul[i]);
    for (i = 0; i < R->summands.n; i++) ex[ne++] = tla_ix_mulc(c, R->summands.expr[i], R->summands.mul[i]);
    free(R);
    tla__ix_sort_ids(c, ex, ne);
    result = tla_ix_const(c, 0);
    for (i = 0; i < ne; i++) result = tla_ix_add(c, result, ex[i]);
    return result;
}

/* SimplifyOnce: one rewrite of the top node (its operands are simplified once inside). */
TLA_FUNC int tla__ix_simplify_once(tla__ix_simp *S, int e) {
    tla_ix_ctx *c = S->c;
    if (TLA_IX_IS_CONST(c, e) || c->failed) return e;
    if (S->budget-- <= 0) return e;
    if (!S->preserve) {
        int64_t lo, hi;
        tla__ix_rng(S, e, &lo, &hi);
        if (lo == hi) return tla_ix_const(c, lo);
    }
    switch (TLA_IX_KIND(c, e)) {
    case TLA_IX_MUL: return tla__ix_rewrite_mul(S, e);
    case TLA_IX_ADD: return tla__ix_rewrite_sum(S, e);
    case TLA_IX_MOD: return tla__ix_rewrite_mod(S, e);
    case TLA_IX_FDIV: return tla__ix_rewrite_fdiv(S, e);
    default: return e;
    }
}

/* Simplify: canonicalize and rewrite until nothing changes. */
TLA_FUNC int tla__ix_simplify_expr(tla__ix_simp *S, int e) {
    int k;
    for (k = 0; k < 64; k++) {
        int canonical = tla_ix_canon(S->c, e), s = tla__ix_simplify_once(S, canonical);
        if (s == canonical || S->c->failed) return canonical;
        e = s;
    }
    return tla_ix_canon(S->c, e);
}

/* ---------------------------------------------------------------- constraints */

TLA_FUNC int tla__ix_add_constraint_range(tla__ix_simp *S, int *e, int64_t *lo, int64_t *hi) {
    int64_t rlo, rhi, g, nlo, nhi, a, b;
    int mult, nm;
    tla__ix_rng(S, TLA_IX_R(S->c, *e), &rlo, &rhi);
    if (rlo == rhi) {
        *e = TLA_IX_L(S->c, *e);
        *lo = tla__ix_sat(*lo, tla__ix_wneg(rlo), 0);
        *hi = tla__ix_sat(*hi, tla__ix_wneg(rlo), 0);
        return 1;
    }
    if (*lo != 0) return 0;
    g = tla__ix_split_sum(S, *e, &mult, &nm);
    if (g == 1) return 0;
    tla__ix_rng(S, nm, &nlo, &nhi);
    a = tla_floor_div(tla__ix_sat(*hi, tla__ix_wneg(nhi), 0), g);
    b = tla_floor_div(tla__ix_sat(*hi, tla__ix_wneg(nlo), 0), g);
    if (a != b) return 0;
    *e = tla_ix_mulc(S->c, mult, g);
    return 1;
}

TLA_FUNC int tla__ix_constraint_range_once(tla__ix_simp *S, int *e, int64_t *lo, int64_t *hi) {
    tla_ix_ctx *c = S->c;
    int64_t rlo, rhi, f, t;
    int kind = TLA_IX_KIND(c, *e);
    if (kind == TLA_IX_ADD) return tla__ix_add_constraint_range(S, e, lo, hi);
    if (kind != TLA_IX_MUL && kind != TLA_IX_FDIV) return 0;
    tla__ix_rng(S, TLA_IX_R(c, *e), &rlo, &rhi);
    if (rlo != rhi || rlo == 0 || rlo == INT64_MIN) return 0;
    f = rlo;
    if (f < 0) {
        f = -f;
        t = *lo;
        *lo = tla__ix_sat(*hi, -1, 1);
        *hi = tla__ix_sat(t, -1, 1);
    }
    if (kind == TLA_IX_MUL) {
        *lo = tla_ceil_div(*lo, f);
        *hi = tla_floor_div(*hi, f);
    } else {
        *lo = tla__ix_sat(*lo, f, 1);
        *hi = tla__ix_sat(tla__ix_sat(tla__ix_sat(*hi, 1, 0), f, 1), -1, 0);
    }
    *e = TLA_IX_L(c, *e);
    return 1;
}

TLA_FUNC int tla__ix_simplify_constraint_exprs(tla__ix_simp *S) {
    tla_ix_map *m = S->m;
    int rem[TLA_IX_MAX_CONS], add[TLA_IX_MAX_CONS], nrem = 0, nadd = 0, i, n = m->ncons;
    int old[TLA_IX_MAX_CONS];
    int64_t alo[TLA_IX_MAX_CONS], ahi[TLA_IX_MAX_CONS], lo[TLA_IX_MAX_CONS], hi[TLA_IX_MAX_CONS];
    memcpy(old, m->cons, sizeof old);
    memcpy(lo, m->clo, sizeof lo);
    memcpy(hi, m->chi, sizeof hi);
    for (i = 0; i < n; i++) {
        int s = tla__ix_simplify_expr(S, old[i]);
        int64_t elo, ehi;
        tla__ix_rng(S, s, &elo, &ehi);
        if (ehi <= hi[i] && elo >= lo[i]) {
            rem[nrem++] = old[i];
            continue;
        }
        if (s == old[i]) continue;
        add[nadd] = s, alo[nadd] = lo[i], ahi[nadd++] = hi[i];
        rem[nrem++] = old[i];
    }
    for (i = 0; i < nrem; i++) tla_ix_erase_cons(m, rem[i]);
    for (i = 0; i < nadd; i++) tla_ix_add_cons(S->c, m, add[i], alo[i], ahi[i]);
    return nadd > 0;
}

TLA_FUNC int tla__ix_simplify_constraint_ranges(tla__ix_simp *S) {
    tla_ix_map *m = S->m;
    int rem[TLA_IX_MAX_CONS], add[TLA_IX_MAX_CONS], nadd = 0, i, n = m->ncons, k;
    int64_t alo[TLA_IX_MAX_CONS], ahi[TLA_IX_MAX_CONS];
    for (i = 0; i < n; i++) {
        int e = m->cons[i], changed = 0;
        int64_t lo = m->clo[i], hi = m->chi[i];
        for (k = 0; k < 64 && tla__ix_constraint_range_once(S, &e, &lo, &hi); k++) changed = 1;
        if (changed) rem[nadd] = m->cons[i], add[nadd] = e, alo[nadd] = lo, ahi[nadd++] = hi;
    }
    for (i = 0; i < nadd; i++) tla_ix_erase_cons(m, rem[i]);
    for (i = 0; i < nadd; i++) tla_ix_add_cons(S->c, m, add[i], alo[i], ahi[i]);
    return nadd > 0;
}

TLA_API int tla_ix_simplify_expr(tla_ix_ctx *c, tla_ix_map *m, int e, int preserve)
#if TLA__BODIES
{
    tla__ix_simp S;
    S.c = c;
    S.m = m;
    S.use_cons = 1;
    S.preserve = preserve;
    S.budget = 200000;
    return tla__ix_simplify_expr(&S, e);
}
#endif
TLA__DECL

TLA_API int tla_ix_simplify(tla_ix_ctx *c, tla_ix_map *m, int preserve)
#if TLA__BODIES
{
    tla__ix_simp S;
    int i, k, changed = 0, r;
    if (m->undefined || m->empty) return 0;
    S.c = c;
    S.m = m;
    S.use_cons = 0;
    S.preserve = 0;
    S.budget = 200000;
    for (k = 0; k < 32; k++) {
        int did = tla__ix_simplify_constraint_exprs(&S);
        if (m->empty) return 1;
        did |= tla__ix_simplify_constraint_ranges(&S);
        if (m->empty) return 1;
        if (!did) break;
        changed = 1;
    }
    changed |= tla_ix_merge_mod_constraints(c, m);
    if (m->empty) return 1;
    S.use_cons = 1;
    S.preserve = preserve;
    for (i = 0; i < m->nres; i++) {
        r = tla__ix_simplify_expr(&S, m->res[i]);
        if (r != m->res[i]) changed = 1;
        m->res[i] = r;
    }
    return changed;
}
#endif
TLA__DECL

#endif
