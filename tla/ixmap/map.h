/* tla/ixmap/map.h - XLA's indexing maps: results over dimensions, range variables and runtime
 * variables, a domain (an interval per variable and constraints `expr in [lo, hi]`),
 * evaluation, composition, XLA's map utilities, and the printed text form.
 *
 * A tla_ix_map is a plain value (copy it with =); its expressions live in the tla_ix_ctx
 * the caller passes to every call, which must outlive the map.  Symbols are numbered range
 * variables first, then runtime variables.  Limits: TLA_IX_MAX_VARS dimensions and as many
 * symbols, TLA_IX_MAX_RES results, TLA_IX_MAX_CONS constraints; going past one fails the
 * operation (tla_ix_map_error says so) rather than dropping anything.
 *
 *   compose(A, B)   A first, then B: A's dimensions; B's range variables, then A's; B's
 *                   runtime variables, then A's (XLA's ComposeIndexingMaps(A, B)).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_ix_ctx c;  tla_ix_map a, b, ab;  tla_ix_buf out = {0};  tla_error e;
 *   tla_ix_ctx_init(&c);
 *   if (tla_ix_map_parse(&a, &c, "(d0)[s0] -> (d0, s0), domain: d0 in [0, 3], s0 in [0, 3]", &e) != 0) return 1;
 *   if (tla_ix_map_parse(&b, &c, "(d0, d1)[s0, s1] -> (d1, d0, s1, s0), domain: d0 in [0, 3], d1 in [0, 3], "
 *                            "s0 in [0, 1], s1 in [0, 1]", &e) != 0) return 1;
 *   if (tla_ix_compose(&ab, &c, &a, &b, &e) != 0) return 1;
 *   tla_ix_map_print(&c, &ab, &out);   // (d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: ...
 *   if (strncmp(out.s, "(d0)[s0, s1, s2] -> (s2, d0, s1, s0)", 36) != 0) return 1;
 *   tla_ix_buf_free(&out);
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_IXMAP_H
#define TLA_IXMAP_H

#include "tla/ixmap/mlir.h"
#include "tla/rt/parse.h"

#define TLA_IX_MAX_VARS 32
#define TLA_IX_MAX_RES 32
#define TLA_IX_MAX_CONS 64
#define TLA_IX_NAME 24

typedef struct tla_ix_var {
    int64_t lo, hi;
    char name[TLA_IX_NAME]; /* "" = the default name (d3, s0, rt1) */
} tla_ix_var;

typedef struct tla_ix_map {
    int nd, nr, nt; /* dimensions, range variables, runtime variables */
    tla_ix_var dim[TLA_IX_MAX_VARS];
    tla_ix_var sym[TLA_IX_MAX_VARS]; /* range variables, then runtime variables */
    int nres;
    int res[TLA_IX_MAX_RES];
    int ncons;
    int cons[TLA_IX_MAX_CONS];
    int64_t clo[TLA_IX_MAX_CONS], chi[TLA_IX_MAX_CONS];
    int empty; /* KNOWN EMPTY */
    int undefined; /* unknown indexing */
    int overflow; /* a limit was hit: the map is not valid */
} tla_ix_map;

TLA_API void tla_ix_map_reset_empty(tla_ix_ctx *c, tla_ix_map *m);

/* A map with nd dimensions, nr range variables and nt runtime variables, every bound
 * [0, -1] until set, and nres results (all 0 until set).  -1 when over a limit. */
TLA_API int tla_ix_map_init(tla_ix_ctx *c, tla_ix_map *m, int nd, int nr, int nt, int nres);

/* IndexingMap::FromTensorSizes: dimension i in [0, dims[i] - 1], range variable j in
 * [0, syms[j] - 1]; results set by the caller.  A non-positive size gives KNOWN EMPTY. */
TLA_API int tla_ix_map_sizes(tla_ix_ctx *c, tla_ix_map *m, int nd, const int64_t *dims, int nr, const int64_t *syms,
                             int nres);
TLA_FUNC int tla_ix_map_nsym(const tla_ix_map *m);

/* ---------------------------------------------------------------- intervals */

/* The range of e over the map's domain (XLA's RangeEvaluator), intersected with a
 * constraint on e itself when use_cons. */
TLA_API void tla_ix_range(const tla_ix_ctx *c, const tla_ix_map *m, int e, int use_cons, int64_t *lo, int64_t *hi);

/* ---------------------------------------------------------------- domain */

TLA_API void tla_ix_erase_cons(tla_ix_map *m, int e);

/* XLA's AddConstraint: a variable's interval is narrowed, a constant checked, anything else
 * recorded (intersected with an existing constraint on the same expression); an infeasible
 * range makes the map KNOWN EMPTY. */
TLA_API void tla_ix_add_cons(tla_ix_ctx *c, tla_ix_map *m, int e, int64_t lo, int64_t hi);

/* Every variable interval feasible (else the map becomes KNOWN EMPTY, as XLA's constructor does). */
TLA_API void tla_ix_map_verify(tla_ix_ctx *c, tla_ix_map *m);

/* 1 when the point (dims, syms) lies in the domain (intervals and constraints). */
TLA_API int tla_ix_map_contains(const tla_ix_ctx *c, const tla_ix_map *m, const int64_t *dims, const int64_t *syms);

/* The results at a point: 0, or -1 (a division by zero). */
TLA_API int tla_ix_map_eval(const tla_ix_ctx *c, const tla_ix_map *m, const int64_t *dims, const int64_t *syms,
                            int64_t *out);

/* ---------------------------------------------------------------- composition */

/* XLA's ComposeIndexingMaps(a, b): apply a, then b (b's dimensions are a's results). */
TLA_API int tla_ix_compose(tla_ix_map *out, tla_ix_ctx *c, const tla_ix_map *a, const tla_ix_map *b, tla_error *err);

/* ---------------------------------------------------------------- unused variables */

/* DetectUnusedVariables + CompressVars: XLA's RemoveUnusedSymbols (dims = 0) or
 * RemoveUnusedVars (dims = 1).  The removed dimensions and symbols as bit sets (bit i:
 * dimension i, bit j: symbol j); either pointer may be NULL. */
TLA_API void tla_ix_remove_unused_ex(tla_ix_ctx *c, tla_ix_map *m, int dims, uint64_t *removed_dims,
                                     uint64_t *removed_syms);

/* The same; returns the removed symbols as a bit set (bit j: symbol j). */
TLA_API uint64_t tla_ix_remove_unused(tla_ix_ctx *c, tla_ix_map *m, int dims);

/* XLA's ConstraintsSatisfied: 1 when every constraint holds at (dims, syms) (the variables'
 * intervals are not checked, as in XLA); 0 for KNOWN EMPTY, a failed constraint, or one
 * that divides by zero there. */
TLA_API int tla_ix_constraints_satisfied(const tla_ix_ctx *c, const tla_ix_map *m, const int64_t *dims,
                                         const int64_t *syms);

/* ---------------------------------------------------------------- printing */

/* XLA's ToString(IndexingMap), one item a line: "(d0)[s0]{rt0} -> (...),\ndomain:\nd0 in [0, 9],\n...";
 * "KNOWN EMPTY" and "UNDEFINED" for those maps.  oneline: items separated by ", " instead. */
TLA_API void tla_ix_map_print_ex(tla_ix_ctx *c, const tla_ix_map *m, int oneline, tla_ix_buf *b);
TLA_FUNC void tla_ix_map_print(tla_ix_ctx *c, const tla_ix_map *m, tla_ix_buf *b);

/* ---------------------------------------------------------------- internals */

TLA_API int tla_ix_map_init(tla_ix_ctx *c, tla_ix_map *m, int nd, int nr, int nt, int nres)
#if TLA__BODIES
{
    int i;
    memset(m, 0, sizeof *m);
    if (nd < 0 || nr < 0 || nt < 0 || nres < 0 || nd > TLA_IX_MAX_VARS || nr + nt > TLA_IX_MAX_VARS
        || nres > TLA_IX_MAX_RES) {
        m->overflow = 1;
        return -1;
    }
    m->nd = nd;
    m->nr = nr;
    m->nt = nt;
    m->nres = nres;
    for (i = 0; i < nd; i++) m->dim[i].hi = -1;
    for (i = 0; i < nr + nt; i++) m->sym[i].hi = -1;
    for (i = 0; i < nres; i++) m->res[i] = tla_ix_const(c, 0);
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_ix_map_sizes(tla_ix_ctx *c, tla_ix_map *m, int nd, const int64_t *dims, int nr, const int64_t *syms,
                             int nres)
#if TLA__BODIES
{
    int i, bad = 0;
    if (tla_ix_map_init(c, m, nd, nr, 0, nres) != 0) return -1;
    for (i = 0; i < nd; i++) m->dim[i].hi = dims[i] - 1, bad |= dims[i] <= 0;
    for (i = 0; i < nr; i++) m->sym[i].hi = syms[i] - 1, bad |= syms[i] <= 0;
    if (bad) tla_ix_map_reset_empty(c, m);
    return 0;
}
#endif
TLA__DECL

TLA_FUNC int tla_ix_map_nsym(const tla_ix_map *m) { return m->nr + m->nt; }

/* ---------------------------------------------------------------- intervals */

TLA_FUNC int64_t tla__ix_sat(int64_t a, int64_t b, int mul) {
    int64_t r;
    if (mul ? tla__mul64(a, b, &r) == 0 : tla__add64(a, b, &r) == 0) return r;
    if (mul) return ((a < 0) != (b < 0)) ? INT64_MIN : INT64_MAX;
    return a > 0 ? INT64_MAX : INT64_MIN;
}

TLA_API void tla_ix_range(const tla_ix_ctx *c, const tla_ix_map *m, int e, int use_cons, int64_t *lo, int64_t *hi)
#if TLA__BODIES
{
    const tla_ix_node *x = &c->n[e];
    int64_t a0, a1, b0, b1;
    int i;
    switch (x->kind) {
    case TLA_IX_CONST: *lo = *hi = x->v; return;
    case TLA_IX_DIM:
        if (x->v < m->nd) {
            *lo = m->dim[x->v].lo;
            *hi = m->dim[x->v].hi;
        } else
            *lo = INT64_MIN, *hi = INT64_MAX;
        return;
    case TLA_IX_SYM:
        if (x->v < m->nr + m->nt) {
            *lo = m->sym[x->v].lo;
            *hi = m->sym[x->v].hi;
        } else
            *lo = INT64_MIN, *hi = INT64_MAX;
        return;
    default: break;
    }
    tla_ix_range(c, m, x->l, use_cons, &a0, &a1);
    tla_ix_range(c, m, x->r, use_cons, &b0, &b1);
    switch (x->kind) {
    case TLA_IX_ADD:
        *lo = tla__ix_sat(a0, b0, 0);
        *hi = tla__ix_sat(a1, b1, 0);
        break;
    case TLA_IX_MUL: {
        int64_t p[4];
        int k;
        p[0] = tla__ix_sat(a0, b0, 1), p[1] = tla__ix_sat(a0, b1, 1), p[2] = tla__ix_sat(a1, b0, 1),
        p[3] = tla__ix_sat(a1, b1, 1);
        *lo = *hi = p[0];
        for (k = 1; k < 4; k++) {
            if (p[k] < *lo) *lo = p[k];
            if (p[k] > *hi) *hi = p[k];
        }
        break;
    }
    case TLA_IX_MOD:
        if (b0 != b1 || b0 <= 0) {
            *lo = INT64_MIN, *hi = INT64_MAX;
        } else if (a0 >= 0 && a1 < b0) {
            *lo = a0, *hi = a1;
        } else
            *lo = 0, *hi = b0 - 1;
        break;
    default: {
        int64_t p, q;
        if (b0 != b1 || b0 == 0) {
            *lo = INT64_MIN, *hi = INT64_MAX;
            break;
        }
        p = x->kind == TLA_IX_FDIV ? tla_floor_div(a0, b0) : tla_ceil_div(a0, b0);
        q = x->kind == TLA_IX_FDIV ? tla_floor_div(a1, b0) : tla_ceil_div(a1, b0);
        *lo = p < q ? p : q;
        *hi = p < q ? q : p;
    }
    }
    if (use_cons)
        for (i = 0; i < m->ncons; i++)
            if (m->cons[i] == e) {
                if (m->clo[i] > *lo) *lo = m->clo[i];
                if (m->chi[i] < *hi) *hi = m->chi[i];
            }
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- domain */

TLA_API void tla_ix_map_reset_empty(tla_ix_ctx *c, tla_ix_map *m)
#if TLA__BODIES
{
    int i;
    for (i = 0; i < m->nres; i++) m->res[i] = tla_ix_const(c, 0);
    for (i = 0; i < m->nd; i++) m->dim[i].lo = 0, m->dim[i].hi = -1;
    for (i = 0; i < m->nr; i++) m->sym[i].lo = 0, m->sym[i].hi = -1;
    m->ncons = 0;
    m->empty = 1;
}
#endif
TLA__DECL

TLA_FUNC int tla__ix_find_cons(const tla_ix_map *m, int e) {
    int i;
    for (i = 0; i < m->ncons; i++)
        if (m->cons[i] == e) return i;
    return -1;
}
TLA_API void tla_ix_erase_cons(tla_ix_map *m, int e)
#if TLA__BODIES
{
    int i = tla__ix_find_cons(m, e);
    if (i < 0) return;
    for (; i + 1 < m->ncons; i++) m->cons[i] = m->cons[i + 1], m->clo[i] = m->clo[i + 1], m->chi[i] = m->chi[i + 1];
    m->ncons--;
}
#endif
TLA__DECL

TLA_API void tla_ix_add_cons(tla_ix_ctx *c, tla_ix_map *m, int e, int64_t lo, int64_t hi)
#if TLA__BODIES
{
    const tla_ix_node *x = &c->n[e];
    tla_ix_var *v = NULL;
    int i;
    if (m->empty || m->undefined) return;
    if (lo > hi) {
        tla_ix_map_reset_empty(c, m);
        return;
    }
    if (x->kind == TLA_IX_DIM && x->v < m->nd) v = &m->dim[x->v];
    if (x->kind == TLA_IX_SYM && x->v < m->nr + m->nt) v = &m->sym[x->v];
    if (v) {
        if (lo > v->lo) v->lo = lo;
        if (hi < v->hi) v->hi = hi;
        if (v->lo > v->hi) tla_ix_map_reset_empty(c, m);
        return;
    }
    if (x->kind == TLA_IX_CONST) {
        if (x->v < lo || x->v > hi) tla_ix_map_reset_empty(c, m);
        return;
    }
    if ((i = tla__ix_find_cons(m, e)) >= 0) {
        if (lo > m->clo[i]) m->clo[i] = lo;
        if (hi < m->chi[i]) m->chi[i] = hi;
        if (m->clo[i] > m->chi[i]) tla_ix_map_reset_empty(c, m);
        return;
    }
    if (m->ncons == TLA_IX_MAX_CONS) {
        m->overflow = 1;
        return;
    }
    m->cons[m->ncons] = e;
    m->clo[m->ncons] = lo;
    m->chi[m->ncons++] = hi;
}
#endif
TLA__DECL

TLA_API void tla_ix_map_verify(tla_ix_ctx *c, tla_ix_map *m)
#if TLA__BODIES
{
    int i;
    if (m->empty) return;
    for (i = 0; i < m->nd; i++)
        if (m->dim[i].lo > m->dim[i].hi) goto empty;
    for (i = 0; i < m->nr + m->nt; i++)
        if (m->sym[i].lo > m->sym[i].hi) goto empty;
    for (i = 0; i < m->ncons; i++)
        if (m->clo[i] > m->chi[i]) goto empty;
    return;
empty:
    tla_ix_map_reset_empty(c, m);
}
#endif
TLA__DECL

TLA_API int tla_ix_map_contains(const tla_ix_ctx *c, const tla_ix_map *m, const int64_t *dims, const int64_t *syms)
#if TLA__BODIES
{
    int i;
    int64_t v;
    if (m->empty || m->undefined) return 0;
    for (i = 0; i < m->nd; i++)
        if (dims[i] < m->dim[i].lo || dims[i] > m->dim[i].hi) return 0;
    for (i = 0; i < m->nr + m->nt; i++)
        if (syms[i] < m->sym[i].lo || syms[i] > m->sym[i].hi) return 0;
    for (i = 0; i < m->ncons; i++)
        if (tla_ix_eval(c, m->cons[i], dims, syms, &v) != 0 || v < m->clo[i] || v > m->chi[i]) return 0;
    return 1;
}
#endif
TLA__DECL

TLA_API int tla_ix_map_eval(const tla_ix_ctx *c, const tla_ix_map *m, const int64_t *dims, const int64_t *syms,
                            int64_t *out)
#if TLA__BODIES
{
    int i;
    for (i = 0; i < m->nres; i++)
        if (tla_ix_eval(c, m->res[i], dims, syms, &out[i]) != 0) return -1;
    return 0;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- composition */

TLA_API int tla_ix_compose(tla_ix_map *out, tla_ix_ctx *c, const tla_ix_map *a, const tla_ix_map *b, tla_error *err)
#if TLA__BODIES
{
    tla_ix_map r;
    int dsub[TLA_IX_MAX_VARS], ssub[TLA_IX_MAX_VARS], asub[TLA_IX_MAX_VARS];
    int i, nr, nt, ns;
    if (a->undefined || b->undefined) {
        memset(out, 0, sizeof *out);
        out->undefined = 1;
        return 0;
    }
    if (a->nres != b->nd)
        return tla__fail(err, -1, "compose: the first map has %d results, the second %d dimensions", a->nres, b->nd);
    nr = a->nr + b->nr;
    nt = a->nt + b->nt;
    if (nr + nt > TLA_IX_MAX_VARS || b->nres > TLA_IX_MAX_RES)
        return tla__fail(err, -1, "compose: more than %d symbols", TLA_IX_MAX_VARS);
    if (tla_ix_map_init(c, &r, a->nd, nr, nt, b->nres) != 0) return tla__fail(err, -1, "compose: map too large");
    for (i = 0; i < a->nd; i++) r.dim[i] = a->dim[i];
    /* symbols of the result: [b range | a range | b rt | a rt] */
    ns = 0;
    for (i = 0; i < b->nr; i++) r.sym[ns] = b->sym[i], ssub[i] = tla_ix_sym(c, ns++);
    for (i = 0; i < a->nr; i++) r.sym[ns] = a->sym[i], asub[i] = tla_ix_sym(c, ns++);
    for (i = 0; i < b->nt; i++) r.sym[ns] = b->sym[b->nr + i], ssub[b->nr + i] = tla_ix_sym(c, ns++);
    for (i = 0; i < a->nt; i++) r.sym[ns] = a->sym[a->nr + i], asub[a->nr + i] = tla_ix_sym(c, ns++);
    /* a's results with a's symbols renumbered stand for b's dimensions */
    for (i = 0; i < a->nres; i++) dsub[i] = tla_ix_replace(c, a->res[i], NULL, 0, asub, a->nr + a->nt);
    for (i = 0; i < b->nres; i++) r.res[i] = tla_ix_replace(c, b->res[i], dsub, b->nd, ssub, b->nr + b->nt);
    if (a->empty || b->empty) {
        tla_ix_map_reset_empty(c, &r);
        *out = r;
        return 0;
    }
    tla_ix_map_verify(c, &r);
    for (i = 0; i < b->ncons; i++)
        tla_ix_add_cons(c, &r, tla_ix_replace(c, b->cons[i], dsub, b->nd, ssub, b->nr + b->nt), b->clo[i], b->chi[i]);
    for (i = 0; i < a->ncons; i++)
        tla_ix_add_cons(c, &r, tla_ix_replace(c, a->cons[i], NULL, 0, asub, a->nr + a->nt), a->clo[i], a->chi[i]);
    for (i = 0; i < a->nres; i++) tla_ix_add_cons(c, &r, dsub[i], b->dim[i].lo, b->dim[i].hi);
    if (r.overflow) return tla__fail(err, -1, "compose: more than %d constraints", TLA_IX_MAX_CONS);
    *out = r;
    return 0;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- unused variables */

/* CompressVars: drop the dimensions in unused_d and the symbols in unused_s (bit sets). */
TLA_FUNC void tla__ix_compress(tla_ix_ctx *c, tla_ix_map *m, uint64_t unused_d, uint64_t unused_s) {
    int dsub[TLA_IX_MAX_VARS], ssub[TLA_IX_MAX_VARS], i, k, nr = 0, nt = 0;
    tla_ix_map r = *m;
    int oldcons[TLA_IX_MAX_CONS], n = m->ncons;
    int64_t lo[TLA_IX_MAX_CONS], hi[TLA_IX_MAX_CONS];
    for (i = 0, k = 0; i < m->nd; i++) {
        if (unused_d >> i & 1)
            dsub[i] = tla_ix_const(c, 0);
        else
            r.dim[k] = m->dim[i], dsub[i] = tla_ix_dim(c, k++);
    }
    r.nd = k;
    for (i = 0, k = 0; i < m->nr + m->nt; i++) {
        if (unused_s >> i & 1)
            ssub[i] = tla_ix_const(c, 0);
        else {
            r.sym[k] = m->sym[i], ssub[i] = tla_ix_sym(c, k++);
            if (i < m->nr)
                nr++;
            else
                nt++;
        }
    }
    r.nr = nr;
    r.nt = nt;
    for (i = 0; i < m->nres; i++) r.res[i] = tla_ix_replace(c, m->res[i], dsub, m->nd, ssub, m->nr + m->nt);
    memcpy(oldcons, m->cons, sizeof oldcons);
    memcpy(lo, m->clo, sizeof lo);
    memcpy(hi, m->chi, sizeof hi);
    r.ncons = 0;
    for (i = 0; i < n; i++) { /* unchanged constraints keep their place, changed ones are re-added */
        int e = tla_ix_replace(c, oldcons[i], dsub, m->nd, ssub, m->nr + m->nt);
        if (e == oldcons[i]) r.cons[r.ncons] = e, r.clo[r.ncons] = lo[i], r.chi[r.ncons++] = hi[i];
    }
    for (i = 0; i < n; i++) {
        int e = tla_ix_replace(c, oldcons[i], dsub, m->nd, ssub, m->nr + m->nt);
        if (e != oldcons[i]) tla_ix_add_cons(c, &r, e, lo[i], hi[i]);
    }
    *m = r;
}

TLA_API void tla_ix_remove_unused_ex(tla_ix_ctx *c, tla_ix_map *m, int dims, uint64_t *removed_dims,
                                     uint64_t *removed_syms)
#if TLA__BODIES
{
    uint64_t ud = 0, us = 0, used_d = 0, used_s = 0, cand_d[TLA_IX_MAX_CONS], cand_s[TLA_IX_MAX_CONS];
    uint64_t alld = m->nd >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << m->nd) - 1);
    uint64_t alls = (m->nr + m->nt) >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << (m->nr + m->nt)) - 1);
    int i, cand[TLA_IX_MAX_CONS], nc = 0;
    if (removed_dims) *removed_dims = 0;
    if (removed_syms) *removed_syms = 0;
    if (m->undefined || (!dims && m->nr + m->nt == 0)) return;
    for (i = 0; i < m->nres; i++) tla_ix_used(c, m->res[i], &used_d, &used_s);
    ud = alld & ~used_d;
    us = alls & ~used_s;
    for (i = 0; i < m->ncons; i++) {
        uint64_t d = 0, s = 0;
        tla_ix_used(c, m->cons[i], &d, &s);
        if ((d == 0 || dims) && (d & ~ud) == 0 && (s & ~us) == 0) {
            cand[nc] = m->cons[i];
            cand_d[nc] = d;
            cand_s[nc++] = s;
            continue;
        }
        ud &= ~d;
        us &= ~s;
    }
    for (i = 0; i < nc; i++)
        if ((cand_d[i] & ~ud) == 0 && (cand_s[i] & ~us) == 0) tla_ix_erase_cons(m, cand[i]);
    if (!dims) ud = 0;
    if (removed_dims) *removed_dims = ud;
    if (removed_syms) *removed_syms = us;
    if (ud == 0 && us == 0) return;
    tla__ix_compress(c, m, ud, us);
}
#endif
TLA__DECL

TLA_API uint64_t tla_ix_remove_unused(tla_ix_ctx *c, tla_ix_map *m, int dims)
#if TLA__BODIES
{
    uint64_t us = 0;
    tla_ix_remove_unused_ex(c, m, dims, NULL, &us);
    return us;
}
#endif
TLA__DECL

TLA_API int tla_ix_constraints_satisfied(const tla_ix_ctx *c, const tla_ix_map *m, const int64_t *dims,
                                         const int64_t *syms)
#if TLA__BODIES
{
    int i;
    int64_t v;
    if (m->empty || m->undefined) return 0;
    for (i = 0; i < m->ncons; i++)
        if (tla_ix_eval(c, m->cons[i], dims, syms, &v) != 0 || v < m->clo[i] || v > m->chi[i]) return 0;
    return 1;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- printing */

TLA_FUNC void tla__ix_names(const tla_ix_map *m, const char **dn, const char **sn, tla_ix_names *nm) {
    int i;
    for (i = 0; i < m->nd; i++) dn[i] = m->dim[i].name;
    for (i = 0; i < m->nr + m->nt; i++) sn[i] = m->sym[i].name;
    nm->dims = dn;
    nm->ndims = m->nd;
    nm->syms = sn;
    nm->nsyms = m->nr + m->nt;
    nm->nrange = m->nr;
}

TLA_FUNC int tla__ix_strcmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

TLA_API void tla_ix_map_print_ex(tla_ix_ctx *c, const tla_ix_map *m, int oneline, tla_ix_buf *b)
#if TLA__BODIES
{
    const char *dn[TLA_IX_MAX_VARS], *sn[TLA_IX_MAX_VARS];
    tla_ix_names nm;
    char *cs[TLA_IX_MAX_CONS];
    const char *sep = oneline ? ", " : ",\n";
    int i, nitems;
    if (m->undefined) {
        tla_ix_buf_put(b, "UNDEFINED");
        return;
    }
    if (m->empty) {
        tla_ix_buf_put(b, "KNOWN EMPTY");
        return;
    }
    tla__ix_names(m, dn, sn, &nm);
    tla_ix_buf_put(b, "(");
    for (i = 0; i < m->nd; i++) {
        if (i) tla_ix_buf_put(b, ", ");
        tla__ix_var_name(b, &nm, 0, i);
    }
    tla_ix_buf_put(b, ")");
    if (m->nr) {
        tla_ix_buf_put(b, "[");
        for (i = 0; i < m->nr; i++) {
            if (i) tla_ix_buf_put(b, ", ");
            tla__ix_var_name(b, &nm, 1, i);
        }
        tla_ix_buf_put(b, "]");
    }
    if (m->nt) {
        tla_ix_buf_put(b, "{");
        for (i = 0; i < m->nt; i++) {
            if (i) tla_ix_buf_put(b, ", ");
            tla__ix_var_name(b, &nm, 1, m->nr + i);
        }
        tla_ix_buf_put(b, "}");
    }
    tla_ix_buf_put(b, " -> (");
    for (i = 0; i < m->nres; i++) {
        if (i) tla_ix_buf_put(b, ", ");
        tla_ix_print(c, m->res[i], &nm, b);
    }
    tla_ix_buf_put(b, ")");
    nitems = m->nd + m->nr + m->nt;
    if (nitems == 0) return;
    tla_ix_buf_put(b, oneline ? ", domain: " : ",\ndomain:\n");
    for (i = 0; i < nitems; i++) {
        const tla_ix_var *v = i < m->nd ? &m->dim[i] : &m->sym[i - m->nd];
        if (i) tla_ix_buf_put(b, sep);
        tla__ix_var_name(b, &nm, i >= m->nd, i < m->nd ? i : i - m->nd);
        tla_ix_buf_put(b, " in [");
        tla_ix_buf_int(b, v->lo);
        tla_ix_buf_put(b, ", ");
        tla_ix_buf_int(b, v->hi);
        tla_ix_buf_put(b, "]");
    }
    for (i = 0; i < m->ncons; i++) { /* constraints sorted by their printed text */
        tla_ix_buf t;
        memset(&t, 0, sizeof t);
        tla_ix_print(c, m->cons[i], &nm, &t);
        tla_ix_buf_put(&t, " in [");
        tla_ix_buf_int(&t, m->clo[i]);
        tla_ix_buf_put(&t, ", ");
        tla_ix_buf_int(&t, m->chi[i]);
        tla_ix_buf_put(&t, "]");
        if (t.failed || !t.s) b->failed = 1;
        cs[i] = t.s;
    }
    qsort(cs, (size_t)m->ncons, sizeof cs[0], tla__ix_strcmp);
    for (i = 0; i < m->ncons; i++) {
        tla_ix_buf_put(b, sep);
        if (cs[i]) tla_ix_buf_put(b, cs[i]);
        free(cs[i]);
    }
}
#endif
TLA__DECL
TLA_FUNC void tla_ix_map_print(tla_ix_ctx *c, const tla_ix_map *m, tla_ix_buf *b) { tla_ix_map_print_ex(c, m, 0, b); }

#endif
