/* tla/ixmap/util.h - more of XLA's indexing-map utilities: range variables to dimensions
 * (ConvertRangeVariablesToDimensions), merging mod constraints (MergeModConstraints) and
 * rescaling symbols by their mod constraints (RescaleSymbols).  Removing unused
 * dimensions and symbols, evaluation and the constraint check at a point are in ixmap/map.h;
 * expression ranges are tla_ix_range.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_ix_ctx c;  tla_ix_map m, r;  tla_error e;  int idx[1] = {0};  int64_t d[2] = {3, 1}, out[1];
 *   tla_ix_ctx_init(&c);
 *   if (tla_ix_map_parse(&m, &c, "(d0)[s0] -> (d0 * 2 + s0), domain: d0 in [0, 9], s0 in [0, 1]", &e) != 0) return 1;
 *   if (tla_ix_range_vars_to_dims(&r, &c, &m, idx, 1, &e) != 0 || r.nd != 2 || r.nr != 0) return 1;
 *   if (tla_ix_map_eval(&c, &r, d, NULL, out) != 0 || out[0] != 7) return 1;
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_IXUTIL_H
#define TLA_IXUTIL_H

#include "tla/ixmap/parse.h"

/* ---------------------------------------------------------------- more of XLA's utilities */

/* ConvertRangeVariablesToDimensions: range variables idx[0] < idx[1] < ... become new
 * dimensions (appended in that order). */
TLA_API int tla_ix_range_vars_to_dims(tla_ix_map *out, tla_ix_ctx *c, const tla_ix_map *m, const int *idx, int n,
                                      tla_error *err);

/* MergeModConstraints: `x mod a in [r, r]` and `x mod b in [r, r]` become `x mod lcm in
 * [r, r]`; a variable's bounds snap to the values with that remainder.  1 if it changed. */
TLA_API int tla_ix_merge_mod_constraints(tla_ix_ctx *c, tla_ix_map *m);

/* RescaleSymbols: a range variable s with `s mod k in [r, r]` is replaced by s * k + r
 * (its interval rescaled) and the constraint dropped.  1 if it changed. */
TLA_API int tla_ix_rescale_symbols(tla_ix_ctx *c, tla_ix_map *m);

/* ConvertSymbolsToDimensions: every range variable, then every runtime variable, becomes a
 * new dimension (appended in that order, names kept); constraints are added again. */
TLA_API int tla_ix_symbols_to_dims(tla_ix_map *out, tla_ix_ctx *c, const tla_ix_map *m, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- more of XLA's utilities */

TLA_API int tla_ix_range_vars_to_dims(tla_ix_map *out, tla_ix_ctx *c, const tla_ix_map *m, const int *idx, int n,
                                      tla_error *err)
#if TLA__BODIES
{
    tla_ix_map r;
    int ssub[TLA_IX_MAX_VARS], i, k = 0, nr = 0;
    if (m->nd + n > TLA_IX_MAX_VARS) return tla__fail(err, -1, "too many dimensions");
    r = *m;
    for (i = 0; i < m->nr; i++) {
        if (k < n && idx[k] == i) {
            r.dim[m->nd + k] = m->sym[i];
            ssub[i] = tla_ix_dim(c, m->nd + k++);
        } else {
            r.sym[nr] = m->sym[i];
            ssub[i] = tla_ix_sym(c, nr++);
        }
    }
    if (k != n) return tla__fail(err, -1, "range variable indices must be sorted and below %d", m->nr);
    for (i = 0; i < m->nt; i++) r.sym[nr + i] = m->sym[m->nr + i], ssub[m->nr + i] = tla_ix_sym(c, nr + i);
    r.nd = m->nd + n;
    r.nr = nr;
    for (i = 0; i < m->nres; i++) r.res[i] = tla_ix_replace(c, m->res[i], NULL, 0, ssub, m->nr + m->nt);
    r.ncons = 0;
    for (i = 0; i < m->ncons; i++)
        tla_ix_add_cons(c, &r, tla_ix_replace(c, m->cons[i], NULL, 0, ssub, m->nr + m->nt), m->clo[i], m->chi[i]);
    *out = r;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_ix_merge_mod_constraints(tla_ix_ctx *c, tla_ix_map *m)
#if TLA__BODIES
{
    int i, j, did = 0;
    for (i = 0; i < m->ncons; i++) {
        int lhs, ops[TLA_IX_MAX_CONS], nops = 0;
        int64_t res, div = 1;
        tla_ix_var *v = NULL;
        const tla_ix_node *x = &c->n[m->cons[i]];
        if (x->kind != TLA_IX_MOD || m->clo[i] != m->chi[i] || !TLA_IX_IS_CONST(c, x->r)) continue;
        lhs = x->l;
        res = m->clo[i];
        for (j = 0; j < m->ncons; j++) {
            const tla_ix_node *y = &c->n[m->cons[j]];
            if (j < i && y->kind == TLA_IX_MOD && y->l == lhs && m->clo[j] == m->chi[j] && m->clo[j] == res) break;
            if (y->kind == TLA_IX_MOD && y->l == lhs && m->clo[j] == m->chi[j] && m->clo[j] == res
                && TLA_IX_IS_CONST(c, y->r))
                ops[nops++] = m->cons[j];
        }
        if (j < i) continue; /* this group was handled at its first member */
        for (j = 0; j < nops; j++) {
            int64_t d = TLA_IX_V(c, TLA_IX_R(c, ops[j])), g = tla__ix_gcd(div, d);
            div = g ? div / g * d : div;
        }
        if (TLA_IX_KIND(c, lhs) == TLA_IX_DIM && TLA_IX_V(c, lhs) < m->nd) v = &m->dim[TLA_IX_V(c, lhs)];
        if (TLA_IX_KIND(c, lhs) == TLA_IX_SYM && TLA_IX_V(c, lhs) < m->nr + m->nt) v = &m->sym[TLA_IX_V(c, lhs)];
        if (nops > 1) {
            for (j = 0; j < nops; j++) tla_ix_erase_cons(m, ops[j]);
            tla_ix_add_cons(c, m, tla_ix_modc(c, lhs, div), res, res);
            did = 1;
            i = -1; /* the list changed: start again (each merge removes a constraint) */
        }
        if (v && div > 0) {
            int64_t olo = v->lo, ohi = v->hi, l = (v->lo / div) * div + res, h = (v->hi / div) * div + res;
            v->lo = l >= v->lo ? l : l + div;
            v->hi = h <= v->hi ? h : h - div;
            if (v->lo != olo || v->hi != ohi) did = 1;
        }
        if (m->empty) break;
    }
    return did;
}
#endif
TLA__DECL

TLA_API int tla_ix_rescale_symbols(tla_ix_ctx *c, tla_ix_map *m)
#if TLA__BODIES
{
    int i, done[TLA_IX_MAX_VARS] = {0}, did = 0;
    tla_ix_merge_mod_constraints(c, m);
    for (i = 0; i < m->ncons; i++) {
        const tla_ix_node *x = &c->n[m->cons[i]];
        int64_t k, r;
        int s, j, repl;
        if (m->clo[i] != m->chi[i] || x->kind != TLA_IX_MOD || !TLA_IX_IS_CONST(c, x->r) || TLA_IX_V(c, x->r) <= 0)
            continue;
        if (TLA_IX_KIND(c, x->l) != TLA_IX_SYM || TLA_IX_V(c, x->l) >= m->nr || done[TLA_IX_V(c, x->l)]) continue;
        s = x->l;
        k = TLA_IX_V(c, x->r);
        r = m->clo[i];
        done[TLA_IX_V(c, s)] = 1;
        repl = tla_ix_add(c, tla_ix_mul(c, x->r, s), tla_ix_const(c, r));
        tla_ix_erase_cons(m, m->cons[i]);
        for (j = 0; j < m->nres; j++) m->res[j] = tla_ix_replace_expr(c, m->res[j], s, repl);
        for (j = 0; j < m->ncons; j++) m->cons[j] = tla_ix_replace_expr(c, m->cons[j], s, repl);
        m->sym[TLA_IX_V(c, s)].lo = (m->sym[TLA_IX_V(c, s)].lo - r) / k;
        m->sym[TLA_IX_V(c, s)].hi = (m->sym[TLA_IX_V(c, s)].hi - r) / k;
        did = 1;
        i = -1;
    }
    return did;
}
#endif
TLA__DECL

TLA_API int tla_ix_symbols_to_dims(tla_ix_map *out, tla_ix_ctx *c, const tla_ix_map *m, tla_error *err)
#if TLA__BODIES
{
    tla_ix_map r;
    int ssub[TLA_IX_MAX_VARS], i, ns = m->nr + m->nt;
    if (m->nd + ns > TLA_IX_MAX_VARS) return tla__fail(err, -1, "more than %d dimensions", TLA_IX_MAX_VARS);
    r = *m;
    for (i = 0; i < ns; i++) {
        r.dim[m->nd + i] = m->sym[i];
        ssub[i] = tla_ix_dim(c, m->nd + i);
    }
    r.nd = m->nd + ns;
    r.nr = r.nt = 0;
    for (i = 0; i < m->nres; i++) r.res[i] = tla_ix_replace(c, m->res[i], NULL, 0, ssub, ns);
    r.ncons = 0;
    for (i = 0; i < m->ncons; i++)
        tla_ix_add_cons(c, &r, tla_ix_replace(c, m->cons[i], NULL, 0, ssub, ns), m->clo[i], m->chi[i]);
    *out = r;
    return 0;
}
#endif
TLA__DECL

#endif
