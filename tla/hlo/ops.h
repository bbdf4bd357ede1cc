/* tla/hlo/ops.h - the indexing maps of single HLO instructions, as XLA's indexing_analysis
 * computes them: output-to-input (one set of maps per operand) and input-to-output (one per
 * output), for elementwise ops (unary, binary, select, compare, convert, clamp, map, copy),
 * broadcast, constant, iota, parameter, dynamic-slice, dynamic-update-slice, gather
 * (simplified form), transpose, reverse, reduce (variadic), slice, reshape, bitcast,
 * concatenate, dot, scaled-dot, pad, reduce-window, convolution, scan, all-gather (and
 * all-gather-start; their maps carry a replica id map), get-tuple-element and tuple; ops XLA
 * has no indexing for (triangular-solve, sort, ...) give "unknown indexing" maps.
 * The rules are in hlo/rules.h, fusions and the entry points in hlo/index.h.
 *
 * Memory: a tla_hlo_indexing owns its arrays (tla_hlo_indexing_free); its maps' expressions
 * live in the tla_ix_ctx passed in; runtime variables point at instructions of the module.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_hlo_module *m = NULL;  tla_error e;  tla_ix_ctx c;  tla_hlo_indexing ix;  tla_ix_buf out = {0};
 *   tla_ix_ctx_init(&c);
 *   if (tla_hlo_parse(&m, "p0 = f32[20] parameter(0)\nbc = f32[10,20,30] broadcast(p0), dimensions={1}", &e) != 0) return 1;
 *   if (tla_hlo_output_to_input(&ix, &c, tla_hlo_root(m), 0, &e) != 0) return 1;
 *   tla_hlo_indexing_print(&c, &ix, &out);
 *   if (strncmp(out.s, "operand id = 0\n(d0, d1, d2) -> (d1),", 35) != 0) return 1;
 *   tla_ix_buf_free(&out);
 *   tla_hlo_indexing_free(&ix);
 *   tla_hlo_free(m);
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_HLO_OPS_H
#define TLA_HLO_OPS_H

#include "tla/ixmap/simplify.h"
#include "tla/hlo/hlo.h"

#define TLA_HLO_MAX_RT 8

typedef struct tla_hlo_rtvar {
    const tla_hlo_instr *hlo; /* the instruction whose value it is */
    tla_ix_map map; /* which element of it: from the map's dimensions */
} tla_hlo_rtvar;

/* One indexing map with the instructions behind its runtime variables (OperandIndexing), and
 * for collectives (all-gather) the map from the same dimensions to the replica the element
 * is read from (has_replica; never simplified, not part of equality, as in XLA). */
typedef struct tla_hlo_opidx {
    tla_ix_map map;
    int nrt;
    tla_hlo_rtvar rt[TLA_HLO_MAX_RT];
    int has_replica;
    tla_ix_map replica;
} tla_hlo_opidx;

typedef struct tla_hlo_idxset {
    int n, cap;
    tla_hlo_opidx *v;
} tla_hlo_idxset;

/* HloInstructionIndexing: n sets (one per operand, or one per output). */
typedef struct tla_hlo_indexing {
    int n;
    tla_hlo_idxset *sets;
} tla_hlo_indexing;

TLA_API void tla_hlo_indexing_free(tla_hlo_indexing *ix);
TLA_API int tla_hlo_indexing_init(tla_hlo_indexing *ix, int n, tla_error *err);

/* Structural equality of two maps (constraints in any order). */
TLA_API int tla_ix_map_equal(const tla_ix_map *a, const tla_ix_map *b);

/* XLA's operator==: the map and the runtime variables (the replica map does not count). */
TLA_API int tla_hlo_opidx_equal(const tla_hlo_opidx *a, const tla_hlo_opidx *b);

/* Add x to the set unless an equal one is there. */
TLA_API int tla_hlo_set_insert(tla_hlo_idxset *s, const tla_hlo_opidx *x, tla_error *err);

/* OperandIndexing::RemoveUnusedSymbols: the runtime variables whose symbols went go too. */
TLA_API void tla_hlo_opidx_remove_unused(tla_ix_ctx *c, tla_hlo_opidx *o);

/* ---------------------------------------------------------------- building blocks */

/* Logical coordinates -> physical (layout-ordered, major first) coordinates of a shape. */
TLA_API int tla_hlo_logical_to_physical(tla_ix_ctx *c, const tla_hlo_array *a, tla_ix_map *m);

/* Physical coordinates -> logical ones. */
TLA_API int tla_hlo_physical_to_logical(tla_ix_ctx *c, const tla_hlo_array *a, tla_ix_map *m);

/* ---------------------------------------------------------------- internals */

TLA_API void tla_hlo_indexing_free(tla_hlo_indexing *ix)
#if TLA__BODIES
{
    int i;
    if (!ix->sets) return;
    for (i = 0; i < ix->n; i++) free(ix->sets[i].v);
    free(ix->sets);
    ix->sets = NULL;
    ix->n = 0;
}
#endif
TLA__DECL
TLA_API int tla_hlo_indexing_init(tla_hlo_indexing *ix, int n, tla_error *err)
#if TLA__BODIES
{
    ix->n = n;
    ix->sets = (tla_hlo_idxset *)calloc((size_t)(n ? n : 1), sizeof *ix->sets);
    return ix->sets ? 0 : tla__fail(err, -1, "out of memory");
}
#endif
TLA__DECL

TLA_API int tla_ix_map_equal(const tla_ix_map *a, const tla_ix_map *b)
#if TLA__BODIES
{
    int i, j;
    if (a->undefined || b->undefined) return a->undefined == b->undefined;
    if (a->empty != b->empty || a->nd != b->nd || a->nr != b->nr || a->nt != b->nt || a->nres != b->nres
        || a->ncons != b->ncons)
        return 0;
    for (i = 0; i < a->nd; i++)
        if (a->dim[i].lo != b->dim[i].lo || a->dim[i].hi != b->dim[i].hi) return 0;
    for (i = 0; i < a->nr + a->nt; i++)
        if (a->sym[i].lo != b->sym[i].lo || a->sym[i].hi != b->sym[i].hi) return 0;
    for (i = 0; i < a->nres; i++)
        if (a->res[i] != b->res[i]) return 0;
    for (i = 0; i < a->ncons; i++) {
        for (j = 0; j < b->ncons; j++)
            if (a->cons[i] == b->cons[j] && a->clo[i] == b->clo[j] && a->chi[i] == b->chi[j]) break;
        if (j == b->ncons) return 0;
    }
    return 1;
}
#endif
TLA__DECL

TLA_API int tla_hlo_opidx_equal(const tla_hlo_opidx *a, const tla_hlo_opidx *b)
#if TLA__BODIES
{
    int i;
    if (!tla_ix_map_equal(&a->map, &b->map) || a->nrt != b->nrt) return 0;
    for (i = 0; i < a->nrt; i++)
        if (a->rt[i].hlo != b->rt[i].hlo || !tla_ix_map_equal(&a->rt[i].map, &b->rt[i].map)) return 0;
    return 1;
}
#endif
TLA__DECL

TLA_API int tla_hlo_set_insert(tla_hlo_idxset *s, const tla_hlo_opidx *x, tla_error *err)
#if TLA__BODIES
{
    int i;
    for (i = 0; i < s->n; i++)
        if (tla_hlo_opidx_equal(&s->v[i], x)) return 0;
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 2;
        tla_hlo_opidx *v;
        if (cap > 4096) return tla__fail(err, -1, "more than 4096 indexing maps for one operand");
        v = (tla_hlo_opidx *)realloc(s->v, (size_t)cap * sizeof *v);
        if (!v) return tla__fail(err, -1, "out of memory");
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = *x;
    return 0;
}
#endif
TLA__DECL

/* Add map m (with replica map rep unless NULL) to set k. */
TLA_FUNC int tla__hlo_put_rep(tla_hlo_indexing *ix, int k, const tla_ix_map *m, const tla_ix_map *rep, tla_error *err) {
    tla_hlo_opidx *o = (tla_hlo_opidx *)calloc(1, sizeof *o);
    int r;
    if (!o) return tla__fail(err, -1, "out of memory");
    o->map = *m;
    if (rep) o->has_replica = 1, o->replica = *rep;
    r = tla_hlo_set_insert(&ix->sets[k], o, err);
    free(o);
    return r;
}
TLA_FUNC int tla__hlo_put(tla_hlo_indexing *ix, int k, const tla_ix_map *m, tla_error *err) {
    return tla__hlo_put_rep(ix, k, m, NULL, err);
}

TLA_API void tla_hlo_opidx_remove_unused(tla_ix_ctx *c, tla_hlo_opidx *o)
#if TLA__BODIES
{
    int nr = o->map.nr, i, k = 0;
    uint64_t removed = tla_ix_remove_unused(c, &o->map, 0);
    for (i = 0; i < o->nrt; i++)
        if (!((nr + i) < 64 && (removed >> (nr + i) & 1))) o->rt[k++] = o->rt[i];
    o->nrt = k;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- attributes */

TLA_FUNC int tla__hlo_attr_ints(const tla_hlo_instr *in, const char *key, int64_t *v, int max, int required,
                                tla_error *err) {
    const char *s = tla_hlo_attr_get(in, key);
    int n;
    if (!s)
        return required
                   ? tla__fail(err, -1, "line %d: instruction '%.40s': missing attribute %s", in->line, in->name, key)
                   : 0;
    n = tla__hlo_ints(s, v, max);
    if (n < 0)
        return tla__fail(err, -1, "line %d: instruction '%.40s': bad attribute %s=%.40s", in->line, in->name, key, s);
    return n;
}

TLA_FUNC int tla__hlo_bad(const tla_hlo_instr *in, tla_error *err, const char *why) {
    return tla__fail(err, -1, "line %d: instruction '%.40s': %s", in->line, in->name, why);
}

TLA_FUNC const tla_hlo_array *tla__hlo_out(const tla_hlo_instr *in, int k) {
    return &in->shape.a[k < in->shape.n ? k : 0];
}

/* ---------------------------------------------------------------- building blocks */

TLA_FUNC int tla__hlo_identity(tla_ix_ctx *c, const tla_hlo_array *a, tla_ix_map *m) {
    int i;
    if (tla_ix_map_sizes(c, m, a->rank, a->dims, 0, NULL, a->rank) != 0) return -1;
    if (!m->empty)
        for (i = 0; i < a->rank; i++) m->res[i] = tla_ix_dim(c, i);
    return 0;
}
TLA_FUNC int tla__hlo_scalar(tla_ix_ctx *c, const tla_hlo_array *a, tla_ix_map *m) {
    return tla_ix_map_sizes(c, m, a->rank, a->dims, 0, NULL, 0);
}
/* exprs d_perm[i] over the given domain sizes. */
TLA_FUNC int tla__hlo_transpose(tla_ix_ctx *c, const int64_t *perm, int rank, const int64_t *dims, tla_ix_map *m) {
    int i;
    if (tla_ix_map_sizes(c, m, rank, dims, 0, NULL, rank) != 0) return -1;
    if (!m->empty)
        for (i = 0; i < rank; i++) m->res[i] = tla_ix_dim(c, (int)perm[i]);
    return 0;
}

/* LinearizeShape: sum of exprs[k] * stride_k (row-major strides of dims). */
TLA_FUNC int tla__hlo_linearize(tla_ix_ctx *c, const int64_t *dims, int n, const int *exprs) {
    int64_t strides[TLA_HLO_MAX_RANK], st = 1;
    int k, lin = tla_ix_const(c, 0);
    for (k = n - 1; k >= 0; k--) strides[k] = st, st *= dims[k];
    for (k = 0; k < n; k++) lin = tla_ix_add(c, lin, tla_ix_mulc(c, exprs[k], strides[k]));
    return lin;
}
/* DelinearizeIndex: lin floordiv stride_k, then the remainder. */
TLA_FUNC void tla__hlo_delinearize(tla_ix_ctx *c, const int64_t *dims, int n, int lin, int *out) {
    int64_t strides[TLA_HLO_MAX_RANK], st = 1;
    int k;
    for (k = n - 1; k >= 0; k--) strides[k] = st, st *= dims[k];
    for (k = 0; k < n; k++) {
        out[k] = tla_ix_fdivc(c, lin, strides[k]);
        lin = tla_ix_modc(c, lin, strides[k]);
    }
}

/* ComputeReshapeIndexingMap: results over the output dims giving input coordinates. */
TLA_FUNC int tla__hlo_reshape_exprs(tla_ix_ctx *c, const int64_t *in, int nin, const int64_t *out, int nout, int *res) {
    int i = 0, o = 0, n = 0, k, si = 0, so = 0, nsi = 0, nso = 0, oex[TLA_HLO_MAX_RANK];
    int64_t ein = 1, eout = 1, total = 1;
    for (k = 0; k < nin; k++) total *= in[k];
    if (total == 0) {
        for (k = 0; k < nin; k++) res[k] = tla_ix_const(c, 0);
        return 0;
    }
    while (i < nin || o < nout || nsi) {
        if (i < nin && (nsi == 0 || ein < eout)) {
            if (!nsi) si = i;
            ein *= in[i++];
            nsi++;
            continue;
        }
        if (o < nout && (nso == 0 || eout < ein)) {
            if (!nso) so = o;
            oex[nso] = tla_ix_dim(c, o);
            eout *= out[o++];
            nso++;
            continue;
        }
        if (n + nsi > nin) return -1;
        if (nsi == 1 && nso == 1)
            res[n++] = oex[0];
        else if (nsi == 1)
            res[n++] = tla__hlo_linearize(c, out + so, nso, oex);
        else if (nso == 1) {
            tla__hlo_delinearize(c, in + si, nsi, oex[0], res + n);
            n += nsi;
        } else {
            tla__hlo_delinearize(c, in + si, nsi, tla__hlo_linearize(c, out + so, nso, oex), res + n);
            n += nsi;
        }
        ein = eout = 1;
        nsi = nso = 0;
    }
    return n == nin ? 0 : -1;
}

/* A map from the `out` dims to the `in` dims of a reshape (simplified, point dims kept). */
TLA_FUNC int tla__hlo_reshape_map(tla_ix_ctx *c, const int64_t *in, int nin, const int64_t *out, int nout, int simplify,
                                  tla_ix_map *m) {
    if (tla_ix_map_sizes(c, m, nout, out, 0, NULL, nin) != 0) return -1;
    if (m->empty) return 0;
    if (tla__hlo_reshape_exprs(c, in, nin, out, nout, m->res) != 0) return -1;
    if (simplify) tla_ix_simplify(c, m, 1);
    return 0;
}

TLA_FUNC void tla__hlo_phys_dims(const tla_hlo_array *a, int64_t *perm, int64_t *pd) {
    int i;
    for (i = 0; i < a->rank; i++) perm[i] = a->m2m[a->rank - 1 - i], pd[i] = a->dims[perm[i]];
}
TLA_API int tla_hlo_logical_to_physical(tla_ix_ctx *c, const tla_hlo_array *a, tla_ix_map *m)
#if TLA__BODIES
{
    int64_t perm[TLA_HLO_MAX_RANK], pd[TLA_HLO_MAX_RANK];
    tla__hlo_phys_dims(a, perm, pd);
    return tla__hlo_transpose(c, perm, a->rank, a->dims, m);
}
#endif
TLA__DECL
TLA_API int tla_hlo_physical_to_logical(tla_ix_ctx *c, const tla_hlo_array *a, tla_ix_map *m)
#if TLA__BODIES
{
    int64_t perm[TLA_HLO_MAX_RANK], pd[TLA_HLO_MAX_RANK], inv[TLA_HLO_MAX_RANK];
    int i;
    tla__hlo_phys_dims(a, perm, pd);
    for (i = 0; i < a->rank; i++) inv[perm[i]] = i;
    return tla__hlo_transpose(c, inv, a->rank, pd, m);
}
#endif
TLA__DECL

/* GetBitcastMap(from, to): from's logical coordinates -> to's, through the physical order. */
TLA_FUNC int tla__hlo_bitcast_map(tla_ix_ctx *c, const tla_hlo_array *from, const tla_hlo_array *to, tla_ix_map *out,
                                  tla_error *err) {
    tla_ix_map a, b, d, ab;
    int64_t pf[TLA_HLO_MAX_RANK], pt[TLA_HLO_MAX_RANK], perm[TLA_HLO_MAX_RANK];
    int64_t nf = 1, nt = 1;
    int i;
    for (i = 0; i < from->rank; i++) nf *= from->dims[i];
    for (i = 0; i < to->rank; i++) nt *= to->dims[i];
    if (nf != nt) {
        memset(out, 0, sizeof *out);
        out->undefined = 1;
        return 0;
    }
    tla__hlo_phys_dims(from, perm, pf);
    tla__hlo_phys_dims(to, perm, pt);
    if (tla_hlo_logical_to_physical(c, from, &a) != 0
        || tla__hlo_reshape_map(c, pt, to->rank, pf, from->rank, 0, &b) != 0
        || tla_hlo_physical_to_logical(c, to, &d) != 0)
        return tla__fail(err, -1, "bitcast: map too large");
    if (tla_ix_compose(&ab, c, &a, &b, err) != 0 || tla_ix_compose(out, c, &ab, &d, err) != 0) return -1;
    tla_ix_simplify(c, out, 1);
    tla_ix_remove_unused(c, out, 0);
    return 0;
}

/* ComputePadIndexingMap. */
TLA_FUNC int tla__hlo_pad_map(tla_ix_ctx *c, int rank, const int64_t *out, const int64_t *lo, const int64_t *hi,
                              const int64_t *in, tla_ix_map *m) {
    int i, cons[TLA_HLO_MAX_RANK], nc = 0;
    int64_t cl[TLA_HLO_MAX_RANK];
    if (tla_ix_map_init(c, m, rank, 0, 0, rank) != 0) return -1;
    for (i = 0; i < rank; i++) {
        int d = tla_ix_dim(c, i);
        m->dim[i].lo = lo[i] > 0 ? lo[i] : 0;
        m->dim[i].hi = out[i] - 1 < out[i] - 1 - hi[i] ? out[i] - 1 : out[i] - 1 - hi[i];
        if (in[i] == 0)
            m->res[i] = tla_ix_subc(c, d, lo[i]);
        else {
            m->res[i] = tla_ix_fdivc(c, tla_ix_subc(c, d, lo[i]), in[i] + 1);
            cons[nc] = tla_ix_modc(c, tla_ix_subc(c, d, lo[i]), in[i] + 1);
            cl[nc++] = 0;
        }
    }
    tla_ix_map_verify(c, m);
    for (i = 0; i < nc; i++) tla_ix_add_cons(c, m, cons[i], cl[i], cl[i]);
    return 0;
}

/* ComposeWindowIndexingMap (reduce-window and convolution spatial dims). */
TLA_FUNC int tla__hlo_window_map(tla_ix_ctx *c, int rank, const int64_t *in, const int64_t *out, const int64_t *size,
                                 const int64_t *stride, const int64_t *wdil, const int64_t *bdil, const int64_t *plo,
                                 const int64_t *phi, tla_ix_map *res, tla_error *err) {
    tla_ix_map w, pad;
    int64_t padded[TLA_HLO_MAX_RANK], interior[TLA_HLO_MAX_RANK];
    int i;
    if (tla_ix_map_init(c, &w, rank, rank, 0, rank) != 0) return tla__fail(err, -1, "window: rank too large");
    for (i = 0; i < rank; i++) {
        interior[i] = bdil[i] - 1;
        padded[i] = in[i] + plo[i] + phi[i] + (in[i] - 1) * (bdil[i] - 1);
        w.res[i] = tla_ix_add(c, tla_ix_mulc(c, tla_ix_sym(c, i), wdil[i]),
                              tla_ix_mul(c, tla_ix_const(c, stride[i]), tla_ix_dim(c, i)));
        w.dim[i].lo = 0, w.dim[i].hi = out[i] - 1;
        w.sym[i].lo = 0, w.sym[i].hi = size[i] - 1;
    }
    tla_ix_map_verify(c, &w);
    if (tla__hlo_pad_map(c, rank, padded, plo, phi, interior, &pad) != 0)
        return tla__fail(err, -1, "window: rank too large");
    if (tla_ix_compose(res, c, &w, &pad, err) != 0) return -1;
    tla_ix_simplify(c, res, 0);
    tla_ix_remove_unused(c, res, 0);
    return 0;
}

/* window={size=AxB stride=.. pad=l_hxl_h lhs_dilate=.. rhs_dilate=..} */
TLA_FUNC int tla__hlo_window(const tla_hlo_instr *in, int rank, int64_t *size, int64_t *stride, int64_t *wdil,
                             int64_t *bdil, int64_t *plo, int64_t *phi, tla_error *err) {
    const char *w = tla_hlo_attr_get(in, "window");
    int i;
    for (i = 0; i < rank; i++) size[i] = stride[i] = wdil[i] = bdil[i] = 1, plo[i] = phi[i] = 0;
    if (!w) return rank == 0 ? 0 : tla__hlo_bad(in, err, "missing attribute window");
    while (*w) {
        char key[32];
        int k = 0, n;
        int64_t v[2 * TLA_HLO_MAX_RANK];
        char val[256];
        while (*w == ' ' || *w == '{' || *w == '}') w++;
        if (!*w) break;
        while (*w && *w != '=' && k < 31) key[k++] = *w++;
        key[k] = '\0';
        if (*w != '=') return tla__hlo_bad(in, err, "bad window attribute");
        w++;
        k = 0;
        while (*w && *w != ' ' && *w != '}' && k < 255) val[k++] = *w++;
        val[k] = '\0';
        n = tla__hlo_ints(val, v, 2 * TLA_HLO_MAX_RANK);
        if (!strcmp(key, "pad")) {
            if (n != 2 * rank) return tla__hlo_bad(in, err, "window pad= needs low_high for every dimension");
            for (i = 0; i < rank; i++) plo[i] = v[2 * i], phi[i] = v[2 * i + 1];
            continue;
        }
        if (n != rank) return tla__hlo_bad(in, err, "a window field does not have one value per dimension");
        for (i = 0; i < rank; i++) {
            if (!strcmp(key, "size"))
                size[i] = v[i];
            else if (!strcmp(key, "stride"))
                stride[i] = v[i];
            else if (!strcmp(key, "lhs_dilate"))
                bdil[i] = v[i];
            else if (!strcmp(key, "rhs_dilate"))
                wdil[i] = v[i];
        }
    }
    for (i = 0; i < rank; i++)
        if (size[i] < 1 || stride[i] < 1 || wdil[i] < 1 || bdil[i] < 1)
            return tla__hlo_bad(in, err, "window sizes, strides and dilations must be positive");
    return 0;
}

TLA_FUNC int tla__hlo_contains(const int64_t *v, int n, int64_t x) {
    int i;
    for (i = 0; i < n; i++)
        if (v[i] == x) return 1;
    return 0;
}

#endif
