/* tla/hlo/rules.h - XLA's per-instruction indexing rules (indexing_analysis.cc and
 * indexing_analysis_utils.cc), one function per op, output-to-input and input-to-output.
 * Each fills a tla_hlo_indexing (the caller frees it) or fails with the line and the
 * instruction in *err.  tla_hlo_output_to_input / tla_hlo_input_to_output (hlo/index.h)
 * pick the rule.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_hlo_module *m = NULL;  tla_error e;  tla_ix_ctx c;  tla_hlo_indexing ix;  tla_ix_buf out = {0};
 *   tla_ix_ctx_init(&c);
 *   if (tla_hlo_parse(&m, "p0 = f32[4,8] parameter(0)\nr = f32[32] reshape(p0)", &e) != 0) return 1;
 *   if (tla__hlo_rule_reshape(&c, tla_hlo_root(m), 0, &ix, &e) != 0) return 1;
 *   tla_ix_map_print_ex(&c, &ix.sets[0].v[0].map, 1, &out);
 *   if (strcmp(out.s, "(d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]") != 0) return 1;
 *   tla_ix_buf_free(&out);
 *   tla_hlo_indexing_free(&ix);
 *   tla_hlo_free(m);
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_HLO_RULES_H
#define TLA_HLO_RULES_H

#include "tla/hlo/ops.h"

TLA_API int tla_hlo_is_elementwise(const char *op);

/* ---------------------------------------------------------------- output to input */

TLA_FUNC int tla__hlo_rule_elementwise(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                       tla_error *err);
TLA_FUNC int tla__hlo_rule_broadcast(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                     tla_error *err);
TLA_FUNC int tla__hlo_rule_concatenate(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                       tla_error *err);
TLA_FUNC int tla__hlo_rule_dot(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                               tla_error *err);

/* ComputeOutputToInputScaledDotOpIndexing: lhs and rhs as for dot, their scales (operands 2
 * and 3) through RescaleIndexingMap; four sets whatever the operand count. */
TLA_FUNC int tla__hlo_rule_scaled_dot(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                      tla_error *err);
TLA_FUNC int tla__hlo_rule_dynamic_slice(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                         tla_error *err);
TLA_FUNC int tla__hlo_rule_dynamic_update_slice(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id,
                                                tla_hlo_indexing *ix, tla_error *err);
TLA_FUNC int tla__hlo_rule_gather(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                  tla_error *err);
TLA_FUNC int tla__hlo_rule_pad(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                               tla_error *err);
TLA_FUNC int tla__hlo_rule_reduce(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                  tla_error *err);
TLA_FUNC int tla__hlo_rule_reduce_window(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                         tla_error *err);
TLA_FUNC int tla__hlo_rule_convolution(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                       tla_error *err);
TLA_FUNC int tla__hlo_rule_reshape(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                   tla_error *err);
TLA_FUNC int tla__hlo_rule_bitcast(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                   tla_error *err);
TLA_FUNC int tla__hlo_rule_reverse(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                   tla_error *err);
TLA_FUNC int tla__hlo_rule_slice(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                 tla_error *err);
TLA_FUNC int tla__hlo_rule_transpose(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                     tla_error *err);

/* ComputeOutputToInputScanOpIndexing: the first nops - num_carries operands (the inputs) map
 * by identity, the carries (inits) by a scalar map; for a scalar output every operand maps by
 * a scalar map. */
TLA_FUNC int tla__hlo_rule_scan(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                tla_error *err);

/* ComputeOutputToInputAllGatherOpIndexing: output element (.., d_k, ..) of the gathered
 * dimension k reads operand 0 at d_k mod n (n its size there) on replica d_k floordiv n.
 * A tuple shape (all-gather-start) indexes its element 1.  One set, whatever the operand count. */
TLA_FUNC int tla__hlo_rule_all_gather(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                      tla_error *err);
TLA_FUNC int tla__hlo_rule_get_tuple_element(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                             tla_error *err);

/* ---------------------------------------------------------------- internals */

#define TLA__HLO_OPS_ELEMENTWISE \
    " abs add and atan2 cbrt ceil clamp clz compare complex convert copy cos divide erf exp exponential " \
    "exponential-minus-one expm1 floor imag is-finite log log-plus-one log1p logistic maximum minimum multiply " \
    "negate not " \
    "or popcnt power real reduce-precision remainder round-nearest-afz round-nearest-even rsqrt select shift-left " \
    "shift-right-arithmetic shift-right-logical sign sin sqrt stochastic-convert subtract tan tanh xor map " \
    "all-reduce-start all-reduce-done "

/* HLO ops that exist but have no indexing in XLA (their maps are "unknown indexing"). */
#define TLA__HLO_OPS_UNKNOWN \
    " triangular-solve tuple sort custom-call while conditional call scatter select-and-scatter rng " \
    "rng-bit-generator " \
    "rng-get-and-update-state fft cholesky all-gather-done all-reduce all-to-all " \
    "collective-permute collective-permute-start collective-permute-done reduce-scatter infeed outfeed send " \
    "send-done " \
    "recv recv-done after-all partition-id replica-id domain optimization-barrier batch-norm-training " \
    "batch-norm-inference batch-norm-grad bitcast-convert dynamic-reshape set-dimension-size get-dimension-size " \
    "add-dependency copy-start copy-done async-start async-update async-done top-k ragged-all-to-all "

/* Ops XLA has indexing rules for that are not built here: asking for their maps fails with
 * "not implemented yet" (the tool exits 3), never a wrong answer.  None today. */
#define TLA__HLO_OPS_NOT_BUILT " "

TLA_FUNC int tla__hlo_in_list(const char *list, const char *op) {
    char key[48];
    if (strlen(op) > 40) return 0;
    snprintf(key, sizeof key, " %s ", op);
    return strstr(list, key) != NULL;
}
TLA_API int tla_hlo_is_elementwise(const char *op)
#if TLA__BODIES
{
    return tla__hlo_in_list(TLA__HLO_OPS_ELEMENTWISE, op);
}
#endif
TLA__DECL

TLA_FUNC int tla__hlo_unknown(tla_hlo_indexing *ix, int n, tla_error *err) {
    tla_ix_map u;
    int i;
    if (tla_hlo_indexing_init(ix, n, err) != 0) return -1;
    memset(&u, 0, sizeof u);
    u.undefined = 1;
    for (i = 0; i < n; i++)
        if (tla__hlo_put(ix, i, &u, err) != 0) return -1;
    return 0;
}

#define TLA__HLO_TRY(x) \
    do { \
        if ((x) != 0) return tla__hlo_bad(in, err, "indexing map over the size limits"); \
    } while (0)

TLA_FUNC int tla__hlo_need_ops(const tla_hlo_instr *in, int n, tla_error *err) {
    char msg[64];
    if (in->nops >= n) return 0;
    snprintf(msg, sizeof msg, "needs %d operand%s", n, n == 1 ? "" : "s");
    return tla__hlo_bad(in, err, msg);
}

/* ---------------------------------------------------------------- output to input */

TLA_FUNC int tla__hlo_rule_elementwise(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                       tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id);
    tla_ix_map m;
    int i;
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    for (i = 0; i < in->nops; i++) {
        if (in->ops[i]->shape.a[0].rank == 0 && o->rank != 0)
            TLA__HLO_TRY(tla__hlo_scalar(c, o, &m));
        else
            TLA__HLO_TRY(tla__hlo_identity(c, o, &m));
        if (tla__hlo_put(ix, i, &m, err) != 0) return -1;
    }
    return 0;
}

TLA_FUNC int tla__hlo_rule_broadcast(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                     tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id);
    int64_t dims[TLA_HLO_MAX_RANK];
    int n, i;
    tla_ix_map m;
    (void)out_id;
    if (tla__hlo_need_ops(in, 1, err) || (n = tla__hlo_attr_ints(in, "dimensions", dims, TLA_HLO_MAX_RANK, 1, err)) < 0)
        return -1;
    for (i = 0; i < n; i++)
        if (dims[i] < 0 || dims[i] >= o->rank) return tla__hlo_bad(in, err, "broadcast dimension out of range");
    if (tla_hlo_indexing_init(ix, 1, err) != 0) return -1;
    TLA__HLO_TRY(tla_ix_map_sizes(c, &m, o->rank, o->dims, 0, NULL, n));
    if (!m.empty)
        for (i = 0; i < n; i++) m.res[i] = tla_ix_dim(c, (int)dims[i]);
    return tla__hlo_put(ix, 0, &m, err);
}

TLA_FUNC int tla__hlo_rule_concatenate(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                       tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id);
    int64_t dim, off = 0;
    int i, k;
    if (tla__hlo_attr_ints(in, "dimensions", &dim, 1, 1, err) != 1 || dim < 0 || dim >= o->rank)
        return tla__hlo_bad(in, err, "concatenate needs dimensions={d} with d below the rank");
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    for (i = 0; i < in->nops; i++) {
        tla_ix_map m;
        int64_t sz = in->ops[i]->shape.a[0].rank > dim ? in->ops[i]->shape.a[0].dims[dim] : 0;
        TLA__HLO_TRY(tla_ix_map_init(c, &m, o->rank, 0, 0, o->rank));
        for (k = 0; k < o->rank; k++) {
            m.dim[k].hi = o->dims[k] - 1;
            m.res[k] = tla_ix_dim(c, k);
        }
        m.res[dim] = tla_ix_subc(c, tla_ix_dim(c, (int)dim), off);
        m.dim[dim].lo = off;
        m.dim[dim].hi = off + sz - 1;
        tla_ix_map_verify(c, &m);
        if (tla__hlo_put(ix, i, &m, err) != 0) return -1;
        off += sz;
    }
    return 0;
}

/* ComputeDotOperandsIndexing: the maps of a dot's lhs and rhs (batch dimensions first in the
 * output, then lhs and rhs free dimensions; one range variable per contracting pair). */
TLA_FUNC int tla__hlo_dot_maps(tla_ix_ctx *c, const tla_hlo_instr *in, const tla_hlo_array *o, tla_ix_map *lm,
                               tla_ix_map *rm, tla_error *err) {
    const tla_hlo_array *l, *r;
    int64_t lb[TLA_HLO_MAX_RANK], rb[TLA_HLO_MAX_RANK], lc[TLA_HLO_MAX_RANK], rc[TLA_HLO_MAX_RANK],
        sizes[TLA_HLO_MAX_RANK];
    int nlb, nrb, nlc, nrc, i, od = 0;
    if (tla__hlo_need_ops(in, 2, err)) return -1;
    l = &in->ops[0]->shape.a[0];
    r = &in->ops[1]->shape.a[0];
    if ((nlb = tla__hlo_attr_ints(in, "lhs_batch_dims", lb, TLA_HLO_MAX_RANK, 0, err)) < 0
        || (nrb = tla__hlo_attr_ints(in, "rhs_batch_dims", rb, TLA_HLO_MAX_RANK, 0, err)) < 0
        || (nlc = tla__hlo_attr_ints(in, "lhs_contracting_dims", lc, TLA_HLO_MAX_RANK, 0, err)) < 0
        || (nrc = tla__hlo_attr_ints(in, "rhs_contracting_dims", rc, TLA_HLO_MAX_RANK, 0, err)) < 0)
        return -1;
    if (nlb != nrb || nlc != nrc) return tla__hlo_bad(in, err, "dot: batch and contracting dimensions must pair up");
    for (i = 0; i < nlb; i++)
        if (lb[i] < 0 || lb[i] >= l->rank || rb[i] < 0 || rb[i] >= r->rank)
            return tla__hlo_bad(in, err, "dot: dimension out of range");
    for (i = 0; i < nlc; i++)
        if (lc[i] < 0 || lc[i] >= l->rank || rc[i] < 0 || rc[i] >= r->rank)
            return tla__hlo_bad(in, err, "dot: dimension out of range");
    if (l->rank - nlb - nlc + r->rank - nrb - nrc + nlb != o->rank)
        return tla__hlo_bad(in, err, "dot: the output rank does not match");
    for (i = 0; i < nlc; i++) sizes[i] = l->dims[lc[i]];
    TLA__HLO_TRY(tla_ix_map_sizes(c, lm, o->rank, o->dims, nlc, sizes, l->rank));
    TLA__HLO_TRY(tla_ix_map_sizes(c, rm, o->rank, o->dims, nlc, sizes, r->rank));
    for (i = 0; i < nlb; i++, od++) lm->res[lb[i]] = rm->res[rb[i]] = tla_ix_dim(c, od);
    for (i = 0; i < l->rank; i++)
        if (!tla__hlo_contains(lb, nlb, i) && !tla__hlo_contains(lc, nlc, i)) lm->res[i] = tla_ix_dim(c, od++);
    for (i = 0; i < r->rank; i++)
        if (!tla__hlo_contains(rb, nrb, i) && !tla__hlo_contains(rc, nrc, i)) rm->res[i] = tla_ix_dim(c, od++);
    for (i = 0; i < nlc; i++) lm->res[lc[i]] = rm->res[rc[i]] = tla_ix_sym(c, i);
    if (lm->empty) tla_ix_map_reset_empty(c, lm), tla_ix_map_reset_empty(c, rm);
    return 0;
}

TLA_FUNC int tla__hlo_rule_dot(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                               tla_error *err) {
    tla_ix_map lm, rm;
    if (tla__hlo_dot_maps(c, in, tla__hlo_out(in, out_id), &lm, &rm, err) != 0) return -1;
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    if (tla__hlo_put(ix, 0, &lm, err) != 0 || tla__hlo_put(ix, 1, &rm, err) != 0) return -1;
    return 0;
}

/* RescaleIndexingMap: the map of an operand turned into the map of its scale (each result
 * floordiv operand_dim / scale_dim where the scale is coarser). */
TLA_FUNC int tla__hlo_rescale(tla_ix_ctx *c, const tla_hlo_instr *in, const tla_ix_map *m, const tla_hlo_array *op,
                              const tla_hlo_array *scale, tla_ix_map *out, tla_error *err) {
    int i;
    if (scale->rank != op->rank) return tla__hlo_bad(in, err, "scaled-dot: a scale must have its operand's rank");
    for (i = 0; i < op->rank; i++)
        if (scale->dims[i] <= 0 || op->dims[i] % scale->dims[i] != 0)
            return tla__hlo_bad(in, err, "scaled-dot: a scale dimension must divide the operand dimension");
    *out = *m;
    if (!m->empty)
        for (i = 0; i < op->rank; i++)
            if (scale->dims[i] != op->dims[i]) out->res[i] = tla_ix_fdivc(c, m->res[i], op->dims[i] / scale->dims[i]);
    return 0;
}

TLA_FUNC int tla__hlo_rule_scaled_dot(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                      tla_error *err) {
    tla_ix_map m[4];
    int i;
    if (tla__hlo_need_ops(in, 4, err) || tla__hlo_dot_maps(c, in, tla__hlo_out(in, out_id), &m[0], &m[1], err) != 0)
        return -1;
    for (i = 0; i < 2; i++)
        if (tla__hlo_rescale(c, in, &m[i], &in->ops[i]->shape.a[0], &in->ops[i + 2]->shape.a[0], &m[i + 2], err) != 0)
            return -1;
    if (tla_hlo_indexing_init(ix, 4, err) != 0) return -1;
    for (i = 0; i < 4; i++)
        if (tla__hlo_put(ix, i, &m[i], err) != 0) return -1;
    return 0;
}

/* OptimizeHloRTVar: a scalar integer constant in range, or an iota, replaces the variable.
 * -1 when it cannot. */
TLA_FUNC int tla__hlo_optimize_rt(tla_ix_ctx *c, const tla_hlo_instr *h, const tla_ix_map *rtmap, int64_t lo,
                                  int64_t hi) {
    if (!strcmp(h->opcode, "constant") && h->shape.a[0].rank == 0 && rtmap->nres == 0 && h->args) {
        int64_t v;
        int p = 0, st;
        if (tla_int_parse_at(&v, &st, h->args, &p, NULL) != 0 || st) return -1;
        p = tla_skip_space(h->args, p);
        if (h->args[p]) return -1;
        if (v < lo || v > hi) return -1;
        return tla_ix_const(c, v);
    }
    if (!strcmp(h->opcode, "iota")) {
        int64_t d;
        if (tla__hlo_attr_ints(h, "iota_dimension", &d, 1, 0, NULL) != 1 || d < 0 || d >= rtmap->nres) return -1;
        return rtmap->res[d];
    }
    return -1;
}

/* CreateOperandIndexingWithRTVars: m's runtime variables come from rt[]; those that fold
 * (constants, iotas) are replaced, the rest stay. */
TLA_FUNC int tla__hlo_with_rt(tla_ix_ctx *c, tla_ix_map *m, const tla_hlo_instr **hlo, const tla_ix_map *rtmaps,
                              tla_hlo_indexing *ix, int k, tla_error *err) {
    tla_hlo_opidx *o = (tla_hlo_opidx *)calloc(1, sizeof *o);
    int i, r;
    if (!o) return tla__fail(err, -1, "out of memory");
    for (i = 0; i < m->nt; i++) {
        int v = tla__hlo_optimize_rt(c, hlo[i], &rtmaps[i], m->sym[m->nr + i].lo, m->sym[m->nr + i].hi);
        int j;
        if (v < 0) continue;
        for (j = 0; j < m->nres; j++) m->res[j] = tla_ix_replace_expr(c, m->res[j], tla_ix_sym(c, m->nr + i), v);
    }
    o->map = *m;
    o->nrt = m->nt;
    for (i = 0; i < m->nt; i++) o->rt[i].hlo = hlo[i], o->rt[i].map = rtmaps[i];
    tla_hlo_opidx_remove_unused(c, o);
    r = tla_hlo_set_insert(&ix->sets[k], o, err);
    free(o);
    return r;
}

TLA_FUNC int tla__hlo_rule_dynamic_slice(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                         tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id), *src;
    int64_t sizes[TLA_HLO_MAX_RANK], feas[TLA_HLO_MAX_RANK];
    const tla_hlo_instr *hlo[TLA_HLO_MAX_RANK];
    tla_ix_map scalar, m, rtm[TLA_HLO_MAX_RANK];
    int n, i, nrt = 0, exprs[TLA_HLO_MAX_RANK];
    if (tla__hlo_need_ops(in, 1, err)) return -1;
    src = &in->ops[0]->shape.a[0];
    n = tla__hlo_attr_ints(in, "dynamic_slice_sizes", sizes, TLA_HLO_MAX_RANK, 1, err);
    if (n < 0) return -1;
    if (n != src->rank || n != o->rank || in->nops != 1 + n)
        return tla__hlo_bad(in, err, "dynamic-slice needs one scalar start index per dimension");
    for (i = 0; i < n; i++)
        if (in->ops[1 + i]->shape.a[0].rank != 0)
            return tla__hlo_bad(in, err, "dynamic-slice: the old form (a vector of start indices) is not supported");
    TLA__HLO_TRY(tla__hlo_scalar(c, o, &scalar));
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    for (i = 0; i < n; i++) {
        int v = tla__hlo_optimize_rt(c, in->ops[1 + i], &scalar, 0, src->dims[i] - sizes[i]);
        if (v >= 0)
            exprs[i] = tla_ix_add(c, tla_ix_dim(c, i), v);
        else {
            exprs[i] = tla_ix_add(c, tla_ix_dim(c, i), tla_ix_sym(c, nrt));
            hlo[nrt] = in->ops[1 + i];
            rtm[nrt] = scalar;
            feas[nrt] = src->dims[i] - sizes[i];
            nrt++;
        }
    }
    TLA__HLO_TRY(tla_ix_map_init(c, &m, o->rank, 0, nrt, o->rank));
    for (i = 0; i < o->rank; i++) m.dim[i] = scalar.dim[i], m.res[i] = exprs[i];
    for (i = 0; i < nrt; i++) m.sym[i].lo = 0, m.sym[i].hi = feas[i];
    tla_ix_map_verify(c, &m);
    if (tla__hlo_with_rt(c, &m, hlo, rtm, ix, 0, err) != 0) return -1;
    for (i = 1; i < in->nops; i++)
        if (tla__hlo_put(ix, i, &scalar, err) != 0) return -1;
    return 0;
}

TLA_FUNC int tla__hlo_rule_dynamic_update_slice(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id,
                                                tla_hlo_indexing *ix, tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id), *upd;
    const tla_hlo_instr *hlo[TLA_HLO_MAX_RANK];
    tla_ix_map scalar, ident, m, rtm[TLA_HLO_MAX_RANK];
    int i;
    if (tla__hlo_need_ops(in, 2, err)) return -1;
    upd = &in->ops[1]->shape.a[0];
    if (upd->rank != o->rank || in->nops != 2 + o->rank)
        return tla__hlo_bad(in, err, "dynamic-update-slice needs one scalar start index per dimension");
    TLA__HLO_TRY(tla__hlo_scalar(c, o, &scalar));
    TLA__HLO_TRY(tla__hlo_identity(c, o, &ident));
    TLA__HLO_TRY(tla_ix_map_init(c, &m, o->rank, 0, o->rank, o->rank));
    for (i = 0; i < o->rank; i++) {
        m.dim[i] = scalar.dim[i];
        m.res[i] = tla_ix_sub(c, tla_ix_dim(c, i), tla_ix_sym(c, i));
        m.sym[i].lo = 0;
        m.sym[i].hi = o->dims[i] - upd->dims[i];
        hlo[i] = in->ops[2 + i];
        rtm[i] = scalar;
    }
    tla_ix_map_verify(c, &m);
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    if (tla__hlo_put(ix, 0, &ident, err) != 0 || tla__hlo_with_rt(c, &m, hlo, rtm, ix, 1, err) != 0) return -1;
    for (i = 2; i < in->nops; i++)
        if (tla__hlo_put(ix, i, &scalar, err) != 0) return -1;
    return 0;
}

TLA_FUNC int tla__hlo_rule_gather(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                  tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id), *op, *idx;
    int64_t offd[TLA_HLO_MAX_RANK], coll[TLA_HLO_MAX_RANK], sim[TLA_HLO_MAX_RANK], ss[TLA_HLO_MAX_RANK], ivd;
    int noff, ncoll, nsim, nss, i, j, nrt = 0;
    const tla_hlo_instr *hlo[TLA_HLO_MAX_RANK];
    tla_ix_map im, m, rtm[TLA_HLO_MAX_RANK];
    if (tla__hlo_need_ops(in, 2, err)) return -1;
    op = &in->ops[0]->shape.a[0];
    idx = &in->ops[1]->shape.a[0];
    if ((noff = tla__hlo_attr_ints(in, "offset_dims", offd, TLA_HLO_MAX_RANK, 1, err)) < 0
        || (ncoll = tla__hlo_attr_ints(in, "collapsed_slice_dims", coll, TLA_HLO_MAX_RANK, 0, err)) < 0
        || (nsim = tla__hlo_attr_ints(in, "start_index_map", sim, TLA_HLO_MAX_RANK, 1, err)) < 0
        || (nss = tla__hlo_attr_ints(in, "slice_sizes", ss, TLA_HLO_MAX_RANK, 1, err)) < 0
        || tla__hlo_attr_ints(in, "index_vector_dim", &ivd, 1, 1, err) != 1)
        return -1;
    if (ncoll != 0 || ivd != 1 || idx->rank != 2 || nss != op->rank || noff != op->rank || o->rank != op->rank + 1
        || nsim != idx->dims[1])
        return tla__hlo_bad(in, err, "only simplified gathers are supported (XLA's GatherSimplifier form)");
    for (i = 0; i < noff; i++)
        if (offd[i] != i + 1)
            return tla__hlo_bad(in, err, "only simplified gathers are supported (XLA's GatherSimplifier form)");
    for (i = 0; i < nsim; i++)
        if (sim[i] < 0 || sim[i] >= op->rank) return tla__hlo_bad(in, err, "gather: start_index_map out of range");
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    {
        int64_t one = idx->dims[1];
        TLA__HLO_TRY(tla_ix_map_sizes(c, &im, o->rank, o->dims, 1, &one, 2));
        if (!im.empty) im.res[0] = tla_ix_dim(c, 0), im.res[1] = tla_ix_sym(c, 0);
    }
    TLA__HLO_TRY(tla_ix_map_init(c, &m, o->rank, 0, nsim, op->rank));
    for (i = 0; i < o->rank; i++) m.dim[i].hi = o->dims[i] - 1;
    for (i = 0; i < op->rank; i++) {
        m.res[i] = tla_ix_dim(c, (int)offd[i]);
        for (j = 0; j < nsim; j++)
            if (sim[j] == i) break;
        if (j == nsim) continue;
        TLA__HLO_TRY(tla_ix_map_sizes(c, &rtm[nrt], o->rank, o->dims, 0, NULL, 2));
        if (!rtm[nrt].empty) rtm[nrt].res[0] = tla_ix_dim(c, 0), rtm[nrt].res[1] = tla_ix_const(c, j);
        hlo[nrt] = in->ops[1];
        m.sym[nrt].lo = 0;
        m.sym[nrt].hi = op->dims[i] - ss[i];
        m.res[i] = tla_ix_add(c, m.res[i], tla_ix_sym(c, nrt));
        nrt++;
    }
    m.nt = nrt;
    tla_ix_map_verify(c, &m);
    if (tla__hlo_with_rt(c, &m, hlo, rtm, ix, 0, err) != 0) return -1;
    return tla__hlo_put(ix, 1, &im, err);
}

TLA_FUNC int tla__hlo_padding(const tla_hlo_instr *in, int rank, int64_t *lo, int64_t *hi, int64_t *interior,
                              tla_error *err) {
    const char *p = tla_hlo_attr_get(in, "padding");
    int d = 0, k = 0, pos = 0, st;
    int64_t v[3];
    if (!p) return tla__hlo_bad(in, err, "missing attribute padding");
    for (;;) {
        if (tla_int_parse_at(&v[k], &st, p, &pos, NULL) != 0)
            return tla__hlo_bad(in, err, "bad padding (low_high[_interior]x...)");
        k++;
        if (p[pos] == '_' && k < 3) {
            pos++;
            continue;
        }
        if (k < 2 || d >= rank) return tla__hlo_bad(in, err, "bad padding (low_high[_interior]x...)");
        lo[d] = v[0], hi[d] = v[1], interior[d] = k == 3 ? v[2] : 0;
        if (interior[d] < 0) return tla__hlo_bad(in, err, "bad padding: negative interior padding");
        d++;
        k = 0;
        if (p[pos] == 'x') {
            pos++;
            continue;
        }
        break;
    }
    if (tla_skip_space(p, pos) != (int)strlen(p) || d != rank)
        return tla__hlo_bad(in, err, "bad padding: one low_high[_interior] per dimension");
    return 0;
}

TLA_FUNC int tla__hlo_rule_pad(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                               tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id);
    int64_t lo[TLA_HLO_MAX_RANK], hi[TLA_HLO_MAX_RANK], interior[TLA_HLO_MAX_RANK];
    tla_ix_map m, s;
    if (tla__hlo_need_ops(in, 2, err) || tla__hlo_padding(in, o->rank, lo, hi, interior, err) != 0) return -1;
    TLA__HLO_TRY(tla__hlo_pad_map(c, o->rank, o->dims, lo, hi, interior, &m));
    TLA__HLO_TRY(tla__hlo_scalar(c, o, &s));
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    if (tla__hlo_put(ix, 0, &m, err) != 0 || tla__hlo_put(ix, 1, &s, err) != 0) return -1;
    return 0;
}

TLA_FUNC int tla__hlo_rule_reduce(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                  tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id), *ia;
    int64_t dims[TLA_HLO_MAX_RANK], sizes[TLA_HLO_MAX_RANK];
    int n, i, od = 0, ns = 0, ninputs = in->nops / 2;
    tla_ix_map m, s;
    if (tla__hlo_need_ops(in, 2, err) || (n = tla__hlo_attr_ints(in, "dimensions", dims, TLA_HLO_MAX_RANK, 1, err)) < 0)
        return -1;
    ia = &in->ops[0]->shape.a[0];
    if (ia->rank - n != o->rank) return tla__hlo_bad(in, err, "reduce: the output rank does not match");
    for (i = 0; i < ia->rank; i++)
        if (tla__hlo_contains(dims, n, i)) sizes[ns++] = ia->dims[i];
    TLA__HLO_TRY(tla_ix_map_sizes(c, &m, o->rank, o->dims, ns, sizes, ia->rank));
    if (!m.empty)
        for (i = 0, ns = 0; i < ia->rank; i++)
            m.res[i] = tla__hlo_contains(dims, n, i) ? tla_ix_sym(c, ns++) : tla_ix_dim(c, od++);
    TLA__HLO_TRY(tla__hlo_scalar(c, o, &s));
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    for (i = 0; i < in->nops; i++)
        if (tla__hlo_put(ix, i, i < ninputs ? &m : &s, err) != 0) return -1;
    return 0;
}

TLA_FUNC int tla__hlo_rule_reduce_window(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                         tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id), *ia;
    int64_t size[TLA_HLO_MAX_RANK], stride[TLA_HLO_MAX_RANK], wd[TLA_HLO_MAX_RANK], bd[TLA_HLO_MAX_RANK],
        pl[TLA_HLO_MAX_RANK], ph[TLA_HLO_MAX_RANK];
    tla_ix_map m, s;
    int i, ninputs = in->nops / 2;
    if (tla__hlo_need_ops(in, 2, err)) return -1;
    ia = &in->ops[0]->shape.a[0];
    if (ia->rank != o->rank) return tla__hlo_bad(in, err, "reduce-window: the output rank does not match");
    if (tla__hlo_window(in, o->rank, size, stride, wd, bd, pl, ph, err) != 0) return -1;
    if (tla__hlo_window_map(c, o->rank, ia->dims, o->dims, size, stride, wd, bd, pl, ph, &m, err) != 0) return -1;
    TLA__HLO_TRY(tla__hlo_scalar(c, o, &s));
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    for (i = 0; i < in->nops; i++)
        if (tla__hlo_put(ix, i, i < ninputs ? &m : &s, err) != 0) return -1;
    return 0;
}

/* dim_labels=b01f_01io->b01f: batch, feature and spatial dimensions of input, kernel, output. */
TLA_FUNC int tla__hlo_labels(const char *s, int rank, char a, char b, int64_t *da, int64_t *db, int64_t *sp) {
    int i, n = 0;
    *da = *db = -1;
    for (i = 0; i < rank; i++) sp[i] = -1;
    for (i = 0; s[i] && s[i] != '_' && s[i] != '-'; i++, n++) {
        if (n >= rank) return -1;
        if (s[i] == a)
            *da = n;
        else if (s[i] == b)
            *db = n;
        else if (tla_is_digit(s[i]) && s[i] - '0' < rank - 2)
            sp[s[i] - '0'] = n;
        else
            return -1;
    }
    if (n != rank || *da < 0 || *db < 0) return -1;
    for (i = 0; i < rank - 2; i++)
        if (sp[i] < 0) return -1;
    return 0;
}

TLA_FUNC int tla__hlo_rule_convolution(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                       tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id), *ia, *ka;
    const char *lab = tla_hlo_attr_get(in, "dim_labels"), *k2, *o2;
    int64_t ib, iff, isp[TLA_HLO_MAX_RANK], ki, ko, ksp[TLA_HLO_MAX_RANK], ob, of, osp[TLA_HLO_MAX_RANK];
    int64_t isz[TLA_HLO_MAX_RANK], ksz[TLA_HLO_MAX_RANK], osz[TLA_HLO_MAX_RANK];
    int64_t size[TLA_HLO_MAX_RANK], stride[TLA_HLO_MAX_RANK], wd[TLA_HLO_MAX_RANK], bd[TLA_HLO_MAX_RANK],
        pl[TLA_HLO_MAX_RANK], ph[TLA_HLO_MAX_RANK];
    int64_t fgc = 1, bgc = 1, group;
    int rank = o->rank, sr = rank - 2, i, dsub[TLA_HLO_MAX_RANK];
    tla_ix_map w, im, km;
    if (tla__hlo_need_ops(in, 2, err)) return -1;
    ia = &in->ops[0]->shape.a[0];
    ka = &in->ops[1]->shape.a[0];
    if (!lab || rank < 2 || ia->rank != rank || ka->rank != rank)
        return tla__hlo_bad(in, err, "convolution needs dim_labels and operands of the output's rank");
    k2 = strchr(lab, '_');
    o2 = strstr(lab, "->");
    if (!k2 || !o2 || tla__hlo_labels(lab, rank, 'b', 'f', &ib, &iff, isp) != 0
        || tla__hlo_labels(k2 + 1, rank, 'i', 'o', &ki, &ko, ksp) != 0
        || tla__hlo_labels(o2 + 2, rank, 'b', 'f', &ob, &of, osp) != 0)
        return tla__hlo_bad(in, err, "bad dim_labels");
    if (tla__hlo_attr_ints(in, "feature_group_count", &fgc, 1, 0, err) < 0
        || tla__hlo_attr_ints(in, "batch_group_count", &bgc, 1, 0, err) < 0)
        return -1;
    if (fgc < 1 || bgc < 1) return tla__hlo_bad(in, err, "group counts must be positive");
    for (i = 0; i < sr; i++) isz[i] = ia->dims[isp[i]], ksz[i] = ka->dims[ksp[i]], osz[i] = o->dims[osp[i]];
    if (tla__hlo_window(in, sr, size, stride, wd, bd, pl, ph, err) != 0) return -1;
    if (tla__hlo_window_map(c, sr, isz, osz, size, stride, wd, bd, pl, ph, &w, err) != 0) return -1;
    for (i = 0; i < sr; i++) dsub[i] = tla_ix_dim(c, (int)osp[i]);
    group = ka->dims[ki];
    TLA__HLO_TRY(tla_ix_map_init(c, &im, rank, w.nr + 1 + (bgc > 1), 0, rank));
    for (i = 0; i < rank; i++) im.dim[i].lo = 0, im.dim[i].hi = o->dims[i] - 1;
    for (i = 0; i < w.nr; i++) im.sym[i] = w.sym[i];
    for (i = 0; i < sr; i++) im.res[isp[i]] = tla_ix_replace(c, w.res[i], dsub, sr, NULL, 0);
    im.sym[w.nr].lo = 0, im.sym[w.nr].hi = group - 1;
    im.res[iff] = tla_ix_sym(c, w.nr);
    if (fgc > 1)
        im.res[iff] = tla_ix_add(c, tla_ix_mulc(c, tla_ix_fdivc(c, tla_ix_dim(c, (int)of), o->dims[of] / fgc), group),
                                 im.res[iff]);
    if (bgc > 1) {
        im.sym[w.nr + 1].lo = 0, im.sym[w.nr + 1].hi = bgc - 1;
        im.res[ib] = tla_ix_add(c, tla_ix_mulc(c, tla_ix_sym(c, w.nr + 1), o->dims[ob]), tla_ix_dim(c, (int)ob));
    } else
        im.res[ib] = tla_ix_dim(c, (int)ob);
    tla_ix_map_verify(c, &im);
    if (!w.empty)
        for (i = 0; i < w.ncons; i++)
            tla_ix_add_cons(c, &im, tla_ix_replace(c, w.cons[i], dsub, sr, NULL, 0), w.clo[i], w.chi[i]);
    else
        tla_ix_map_reset_empty(c, &im);
    tla_ix_simplify(c, &im, 1); /* XLA's tests keep point dimensions (d0 in [0, 0]) of convolutions */
    tla_ix_remove_unused(c, &im, 0);
    TLA__HLO_TRY(tla_ix_map_init(c, &km, rank, sr + 1, 0, rank));
    for (i = 0; i < rank; i++) km.dim[i].lo = 0, km.dim[i].hi = o->dims[i] - 1;
    for (i = 0; i < sr; i++) km.sym[i].lo = 0, km.sym[i].hi = ksz[i] - 1, km.res[ksp[i]] = tla_ix_sym(c, i);
    km.res[ko] = tla_ix_dim(c, (int)of);
    km.sym[sr].lo = 0, km.sym[sr].hi = group - 1;
    km.res[ki] = tla_ix_sym(c, sr);
    tla_ix_map_verify(c, &km);
    tla_ix_simplify(c, &km, 1);
    tla_ix_remove_unused(c, &km, 0);
    if (tla_hlo_indexing_init(ix, 2, err) != 0) return -1;
    if (tla__hlo_put(ix, 0, &im, err) != 0 || tla__hlo_put(ix, 1, &km, err) != 0) return -1;
    return 0;
}

TLA_FUNC int tla__hlo_rule_reshape(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                   tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id), *ia;
    tla_ix_map m;
    int64_t ni = 1, no = 1;
    int i;
    if (tla__hlo_need_ops(in, 1, err)) return -1;
    ia = &in->ops[0]->shape.a[0];
    for (i = 0; i < ia->rank; i++) ni *= ia->dims[i];
    for (i = 0; i < o->rank; i++) no *= o->dims[i];
    if (ni != no) return tla__hlo_bad(in, err, "reshape changes the number of elements");
    TLA__HLO_TRY(tla__hlo_reshape_map(c, ia->dims, ia->rank, o->dims, o->rank, 1, &m));
    if (tla_hlo_indexing_init(ix, 1, err) != 0) return -1;
    return tla__hlo_put(ix, 0, &m, err);
}

TLA_FUNC int tla__hlo_rule_bitcast(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                   tla_error *err) {
    tla_ix_map m;
    if (tla__hlo_need_ops(in, 1, err)) return -1;
    if (tla__hlo_bitcast_map(c, tla__hlo_out(in, out_id), &in->ops[0]->shape.a[0], &m, err) != 0) return -1;
    if (tla_hlo_indexing_init(ix, 1, err) != 0) return -1;
    return tla__hlo_put(ix, 0, &m, err);
}

TLA_FUNC int tla__hlo_rule_reverse(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                   tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id);
    int64_t dims[TLA_HLO_MAX_RANK];
    int n, i;
    tla_ix_map m;
    if ((n = tla__hlo_attr_ints(in, "dimensions", dims, TLA_HLO_MAX_RANK, 1, err)) < 0) return -1;
    TLA__HLO_TRY(tla__hlo_identity(c, o, &m));
    if (!m.empty)
        for (i = 0; i < o->rank; i++)
            if (tla__hlo_contains(dims, n, i))
                m.res[i] = tla_ix_addc(c, tla_ix_addc(c, tla_ix_neg(c, tla_ix_dim(c, i)), o->dims[i]), -1);
    if (tla_hlo_indexing_init(ix, 1, err) != 0) return -1;
    return tla__hlo_put(ix, 0, &m, err);
}

/* slice={[start:limit:stride], ...} */
TLA_FUNC int tla__hlo_slice(const tla_hlo_instr *in, int rank, int64_t *start, int64_t *stride, tla_error *err) {
    const char *s = tla_hlo_attr_get(in, "slice");
    int d = 0, p = 0, st;
    int64_t lim;
    if (!s) return tla__hlo_bad(in, err, "missing attribute slice");
    p = tla_skip_space(s, p);
    if (s[p] == '{') p++;
    for (;;) {
        p = tla_skip_space(s, p);
        if (s[p] == '}' || !s[p]) break;
        if (d >= rank || s[p] != '[')
            return tla__hlo_bad(in, err, "bad slice (expected [start:limit:stride] per dimension)");
        p++;
        stride[d] = 1;
        if (tla_int_parse_at(&start[d], &st, s, &p, NULL) != 0 || s[tla_skip_space(s, p)] != ':')
            return tla__hlo_bad(in, err, "bad slice");
        p = tla_skip_space(s, p) + 1;
        if (tla_int_parse_at(&lim, &st, s, &p, NULL) != 0) return tla__hlo_bad(in, err, "bad slice");
        p = tla_skip_space(s, p);
        if (s[p] == ':') {
            p++;
            if (tla_int_parse_at(&stride[d], &st, s, &p, NULL) != 0 || stride[d] < 1)
                return tla__hlo_bad(in, err, "bad slice stride");
        }
        p = tla_skip_space(s, p);
        if (s[p] != ']') return tla__hlo_bad(in, err, "bad slice");
        p = tla_skip_space(s, p + 1);
        if (s[p] == ',') p++;
        d++;
    }
    if (d != rank) return tla__hlo_bad(in, err, "slice needs one [start:limit:stride] per dimension");
    return 0;
}

TLA_FUNC int tla__hlo_rule_slice(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                 tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id);
    int64_t start[TLA_HLO_MAX_RANK], stride[TLA_HLO_MAX_RANK];
    int i;
    tla_ix_map m;
    if (tla__hlo_slice(in, o->rank, start, stride, err) != 0) return -1;
    TLA__HLO_TRY(tla__hlo_identity(c, o, &m));
    if (!m.empty)
        for (i = 0; i < o->rank; i++) m.res[i] = tla_ix_addc(c, tla_ix_mulc(c, tla_ix_dim(c, i), stride[i]), start[i]);
    if (tla_hlo_indexing_init(ix, 1, err) != 0) return -1;
    return tla__hlo_put(ix, 0, &m, err);
}

TLA_FUNC int tla__hlo_perm(const tla_hlo_instr *in, int rank, int64_t *perm, tla_error *err) {
    int n = tla__hlo_attr_ints(in, "dimensions", perm, TLA_HLO_MAX_RANK, 1, err), i;
    uint32_t seen = 0;
    if (n < 0) return -1;
    if (n != rank) return tla__hlo_bad(in, err, "transpose dimensions must be a permutation");
    for (i = 0; i < n; i++) {
        if (perm[i] < 0 || perm[i] >= rank || (seen >> perm[i] & 1))
            return tla__hlo_bad(in, err, "transpose dimensions must be a permutation");
        seen |= 1u << perm[i];
    }
    return 0;
}

TLA_FUNC int tla__hlo_rule_transpose(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                     tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id);
    int64_t perm[TLA_HLO_MAX_RANK], inv[TLA_HLO_MAX_RANK];
    int i;
    tla_ix_map m;
    if (tla__hlo_perm(in, o->rank, perm, err) != 0) return -1;
    for (i = 0; i < o->rank; i++) inv[perm[i]] = i;
    TLA__HLO_TRY(tla__hlo_transpose(c, inv, o->rank, o->dims, &m));
    if (tla_hlo_indexing_init(ix, 1, err) != 0) return -1;
    return tla__hlo_put(ix, 0, &m, err);
}

TLA_FUNC int tla__hlo_rule_scan(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                tla_error *err) {
    const tla_hlo_array *o = tla__hlo_out(in, out_id);
    int64_t ncarry;
    tla_ix_map id, sc;
    int i;
    if (tla__hlo_attr_ints(in, "num_carries", &ncarry, 1, 1, err) != 1 || ncarry < 0 || ncarry > in->nops)
        return tla__hlo_bad(in, err, "scan needs num_carries=n with n at most the operand count");
    TLA__HLO_TRY(tla__hlo_identity(c, o, &id));
    TLA__HLO_TRY(tla__hlo_scalar(c, o, &sc));
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    for (i = 0; i < in->nops; i++)
        if (tla__hlo_put(ix, i, o->rank && i < in->nops - ncarry ? &id : &sc, err) != 0) return -1;
    return 0;
}

TLA_FUNC int tla__hlo_rule_all_gather(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                      tla_error *err) {
    const tla_hlo_array *o, *a;
    int64_t k, n;
    tla_ix_map m, rep;
    (void)out_id;
    if (tla__hlo_need_ops(in, 1, err)) return -1;
    if (in->shape.is_tuple && in->shape.n < 2)
        return tla__hlo_bad(in, err, "all-gather: a tuple shape needs 2 elements");
    o = &in->shape.a[in->shape.is_tuple ? 1 : 0];
    a = &in->ops[0]->shape.a[0];
    if (tla__hlo_attr_ints(in, "dimensions", &k, 1, 1, err) != 1 || k < 0 || k >= o->rank || k >= a->rank)
        return tla__hlo_bad(in, err, "all-gather needs dimensions={d} with d below the rank");
    if ((n = a->dims[k]) <= 0) return tla__hlo_bad(in, err, "all-gather: the operand's gathered dimension is empty");
    TLA__HLO_TRY(tla__hlo_identity(c, o, &m));
    TLA__HLO_TRY(tla_ix_map_sizes(c, &rep, o->rank, o->dims, 0, NULL, 1));
    if (!m.empty) {
        m.res[k] = tla_ix_modc(c, tla_ix_dim(c, (int)k), n);
        rep.res[0] = tla_ix_fdivc(c, tla_ix_dim(c, (int)k), n);
    }
    if (tla_hlo_indexing_init(ix, 1, err) != 0) return -1;
    return tla__hlo_put_rep(ix, 0, &m, &rep, err);
}

TLA_FUNC int tla__hlo_rule_get_tuple_element(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                             tla_error *err) {
    tla_ix_map m;
    TLA__HLO_TRY(tla__hlo_identity(c, tla__hlo_out(in, out_id), &m));
    if (tla_hlo_indexing_init(ix, in->nops, err) != 0) return -1;
    return in->nops ? tla__hlo_put(ix, 0, &m, err) : 0;
}

#endif
