/* tla/hlo/index.h - the indexing maps of an HLO instruction, fusions included, as XLA's
 * ComputeOutputToInputIndexing / ComputeInputToOutputIndexing give them, and their printed
 * form ("operand id = K" blocks, runtime variables with the instruction behind them).
 *
 * A fusion's maps compose the maps of its instructions from the root to the parameters
 * (consumer first), simplifying each composed map and dropping unused symbols; equal maps
 * are kept once (XLA's sets).  Nested fusions are computed the same way.  With the physical
 * option the maps go between layout-ordered (major-to-minor) dimensions.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   const char *hlo = "HloModule m\n f {\n p0 = f32[8,16] parameter(0)\n c = f32[128] reshape(p0)\n"
 *                     " ROOT e = f32[8,16] reshape(c)\n }\n ENTRY e {\n p0 = f32[8,16] parameter(0)\n"
 *                     " ROOT fusion = f32[8,16] fusion(p0), kind=kLoop, calls=f\n }\n";
 *   tla_hlo_module *m = NULL;  tla_error e;  tla_ix_ctx c;  tla_hlo_indexing ix;  tla_ix_buf out = {0};
 *   tla_ix_ctx_init(&c);
 *   if (tla_hlo_read(hlo, &m, &e) != 0) return 1;
 *   if (tla_hlo_output_to_input(&c, tla_hlo_root(m), 0, &ix, &e) != 0) return 1;
 *   tla_ix_map_print_ex(&c, &ix.sets[0].v[0].map, 1, &out);
 *   if (strcmp(out.s, "(d0, d1) -> (d0, d1), domain: d0 in [0, 7], d1 in [0, 15]") != 0) return 1;
 *   tla_ix_buf_free(&out);
 *   tla_hlo_indexing_free(&ix);
 *   tla_hlo_free(m);
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_HLO_INDEX_H
#define TLA_HLO_INDEX_H

#include "tla/hlo/rules.h"

TLA_FUNC int tla_hlo_output_to_input(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                     tla_error *err);

/* ComposeOperandIndexing(first, second): first applied first.  The replica map is first's,
 * or second's composed after first's map; two collectives in a row give unknown indexing. */
TLA_FUNC int tla_hlo_opidx_compose(tla_ix_ctx *c, const tla_hlo_opidx *a, const tla_hlo_opidx *b, tla_hlo_opidx *out,
                                   tla_error *err) {
    int i;
    out->has_replica = 0;
    if (a->has_replica && b->has_replica) {
        memset(&out->map, 0, sizeof out->map);
        out->map.undefined = 1;
        out->nrt = 0;
        return 0;
    }
    if (a->has_replica) {
        out->has_replica = 1;
        out->replica = a->replica;
    } else if (b->has_replica) {
        out->has_replica = 1;
        if (tla_ix_compose(c, &a->map, &b->replica, &out->replica, err) != 0) return -1;
    }
    if (a->nrt + b->nrt > TLA_HLO_MAX_RT)
        return tla__fail(err, -1, "more than %d runtime variables in one map", TLA_HLO_MAX_RT);
    if (tla_ix_compose(c, &a->map, &b->map, &out->map, err) != 0) return -1;
    out->nrt = 0;
    for (i = 0; i < a->nrt; i++) out->rt[out->nrt++] = a->rt[i];
    for (i = 0; i < b->nrt; i++) {
        out->rt[out->nrt].hlo = b->rt[i].hlo;
        if (tla_ix_compose(c, &a->map, &b->rt[i].map, &out->rt[out->nrt++].map, err) != 0) return -1;
    }
    return 0;
}

TLA_FUNC int tla__hlo_index_of(const tla_hlo_comp *comp, const tla_hlo_instr *x) {
    int i;
    for (i = 0; i < comp->n; i++)
        if (comp->instr[i] == x) return i;
    return -1;
}

/* The maps from output out_id of a computation (a fusion body) to its parameters 0 .. nparams - 1
 * (ComputeGroupedOutputToInputIndexing from the root, keyed by parameter number).  `in` names
 * the instruction in errors (may be the root). */
TLA_FUNC int tla__hlo_comp_grouped(tla_ix_ctx *c, const tla_hlo_comp *comp, int nparams, const tla_hlo_instr *in,
                                   int out_id, tla_hlo_indexing *ix, tla_hlo_indexing *all, tla_error *err);
TLA_FUNC int tla_hlo_comp_output_to_input(tla_ix_ctx *c, const tla_hlo_comp *comp, int nparams, const tla_hlo_instr *in,
                                          int out_id, tla_hlo_indexing *ix, tla_error *err) {
    return tla__hlo_comp_grouped(c, comp, nparams, in, out_id, ix, NULL, err);
}

/* XLA's ComputeGroupedOutputToInputIndexing with the whole computation as the fusion: for
 * every instruction i of comp, all->sets[i] holds the maps from output out_id of the root to
 * instruction i (empty when the root does not read it).  all->n is comp->n. */
TLA_FUNC int tla_hlo_comp_grouped(tla_ix_ctx *c, const tla_hlo_comp *comp, int out_id, tla_hlo_indexing *all,
                                  tla_error *err) {
    memset(all, 0, sizeof *all);
    return tla__hlo_comp_grouped(c, comp, 0, comp->root, out_id, NULL, all, err);
}

/* XLA's GroupIndexingMapsByProducers: the sets of ix (one per operand of in) merged by the
 * instruction that produces the operand.  by->sets[k] belongs to in->ops[first[k]]; by->n
 * producers, in operand order of first use. */
TLA_FUNC int tla_hlo_group_by_producers(const tla_hlo_instr *in, const tla_hlo_indexing *ix, tla_hlo_indexing *by,
                                        int *first, tla_error *err) {
    int k, j, q, n = 0;
    memset(by, 0, sizeof *by);
    if (tla_hlo_indexing_init(by, ix->n < in->nops ? ix->n : in->nops, err) != 0) return -1;
    for (k = 0; k < ix->n && k < in->nops; k++) {
        for (j = 0; j < n; j++)
            if (in->ops[first[j]] == in->ops[k]) break;
        if (j == n) first[n++] = k;
        for (q = 0; q < ix->sets[k].n; q++)
            if (tla_hlo_set_insert(&by->sets[j], &ix->sets[k].v[q], err) != 0) return tla_hlo_indexing_free(by), -1;
    }
    by->n = n;
    return 0;
}

TLA_FUNC int tla__hlo_comp_grouped(tla_ix_ctx *c, const tla_hlo_comp *comp, int nparams, const tla_hlo_instr *in,
                                   int out_id, tla_hlo_indexing *ix, tla_hlo_indexing *all, tla_error *err) {
    const tla_hlo_instr *target;
    tla_hlo_idxset *grouped = NULL;
    int *order = NULL, *stack = NULL, *state = NULL, n, norder = 0, sp = 0, i, k, rc = -1;
    tla_hlo_opidx *init = NULL, *composed = NULL;
    tla_ix_map id;
    target = comp->root;
    if (!strcmp(target->opcode, "tuple")) {
        if (out_id < 0 || out_id >= target->nops) return tla__hlo_bad(in, err, "no such output of the fusion");
        target = target->ops[out_id];
    }
    n = comp->n;
    grouped = (tla_hlo_idxset *)calloc((size_t)n, sizeof *grouped);
    order = (int *)malloc((size_t)n * sizeof *order);
    stack = (int *)malloc((size_t)n * 2 * sizeof *stack);
    state = (int *)calloc((size_t)n, sizeof *state);
    init = (tla_hlo_opidx *)calloc(1, sizeof *init);
    composed = (tla_hlo_opidx *)calloc(1, sizeof *composed);
    if (!grouped || !order || !stack || !state || !init || !composed) {
        tla__fail(err, -1, "out of memory");
        goto done;
    }
    /* post order from the target (iterative DFS over operands) */
    stack[sp++] = tla__hlo_index_of(comp, target);
    while (sp) {
        int x = stack[sp - 1];
        if (state[x] == 0) {
            state[x] = 1;
            for (k = comp->instr[x]->nops - 1; k >= 0; k--) {
                int y = tla__hlo_index_of(comp, comp->instr[x]->ops[k]);
                if (y >= 0 && state[y] == 0 && sp < 2 * n) stack[sp++] = y;
            }
        } else {
            sp--;
            if (state[x] == 1) {
                state[x] = 2;
                order[norder++] = x;
            }
        }
    }
    if (tla__hlo_identity(c, &target->shape.a[0], &id) != 0) {
        tla__hlo_bad(in, err, "map over the size limits");
        goto done;
    }
    init->map = id;
    if (tla_hlo_set_insert(&grouped[order[norder - 1]], init, err) != 0) goto done;
    for (i = norder - 1; i >= 0; i--) {
        const tla_hlo_instr *x = comp->instr[order[i]];
        tla_hlo_indexing prod;
        tla_hlo_idxset cons;
        int j, q;
        if (grouped[order[i]].n == 0) continue;
        if (tla_hlo_output_to_input(c, x, 0, &prod, err) != 0) goto done;
        cons = grouped[order[i]];
        cons.v = (tla_hlo_opidx *)malloc((size_t)cons.n * sizeof *cons.v);
        if (!cons.v) {
            tla_hlo_indexing_free(&prod);
            tla__fail(err, -1, "out of memory");
            goto done;
        }
        memcpy(cons.v, grouped[order[i]].v, (size_t)cons.n * sizeof *cons.v);
        for (k = 0; k < prod.n && k < x->nops; k++) {
            int y = tla__hlo_index_of(comp, x->ops[k]);
            for (j = 0; j < prod.sets[k].n; j++)
                for (q = 0; q < cons.n; q++) {
                    if (tla_hlo_opidx_compose(c, &cons.v[q], &prod.sets[k].v[j], composed, err) != 0
                        || (tla_ix_simplify(c, &composed->map, 0), tla_hlo_opidx_remove_unused(c, composed), 0)
                        || tla_hlo_set_insert(&grouped[y], composed, err) != 0) {
                        free(cons.v);
                        tla_hlo_indexing_free(&prod);
                        goto done;
                    }
                }
        }
        free(cons.v);
        tla_hlo_indexing_free(&prod);
    }
    if (all) {
        if (tla_hlo_indexing_init(all, n, err) != 0) goto done;
        for (i = 0; i < n; i++) all->sets[i] = grouped[i], grouped[i].v = NULL;
        rc = 0;
        goto done;
    }
    if (tla_hlo_indexing_init(ix, nparams, err) != 0) goto done;
    for (i = 0; i < n; i++) {
        const tla_hlo_instr *x = comp->instr[i];
        if (!strcmp(x->opcode, "parameter") && x->param < nparams && ix->sets[x->param].n == 0) {
            ix->sets[x->param] = grouped[i];
            grouped[i].v = NULL;
        }
    }
    rc = 0;
done:
    if (grouped)
        for (i = 0; i < n; i++) free(grouped[i].v);
    free(grouped);
    free(order);
    free(stack);
    free(state);
    free(init);
    free(composed);
    return rc;
}

/* ComputeOutputToInputFusionOpIndexing: the fused computation's maps, one set per operand. */
TLA_FUNC int tla_hlo_fusion_output_to_input(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                            tla_error *err) {
    if (!in->called) return tla__hlo_bad(in, err, "fusion without calls=");
    if (in->called == in->parent) return tla__hlo_bad(in, err, "fusion calls its own computation");
    return tla_hlo_comp_output_to_input(c, in->called, in->nops, in, out_id, ix, err);
}

/* The number of parameters of a computation (1 + the largest parameter number). */
TLA_FUNC int tla_hlo_comp_nparams(const tla_hlo_comp *comp) {
    int i, n = 0;
    for (i = 0; i < comp->n; i++)
        if (!strcmp(comp->instr[i]->opcode, "parameter") && comp->instr[i]->param + 1 > n)
            n = (int)comp->instr[i]->param + 1;
    return n;
}

TLA_FUNC int tla__hlo_known(const char *op) {
    static const char *const ops[] = {"all-gather",
                                      "all-gather-start",
                                      "bitcast",
                                      "broadcast",
                                      "concatenate",
                                      "constant",
                                      "convolution",
                                      "dot",
                                      "dynamic-update-slice",
                                      "dynamic-slice",
                                      "fusion",
                                      "gather",
                                      "get-tuple-element",
                                      "iota",
                                      "pad",
                                      "parameter",
                                      "reduce",
                                      "reduce-window",
                                      "reshape",
                                      "reverse",
                                      "scaled-dot",
                                      "scan",
                                      "slice",
                                      "transpose"};
    size_t i;
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(ops[i], op)) return 1;
    return tla_hlo_is_elementwise(op) || tla__hlo_in_list(TLA__HLO_OPS_UNKNOWN, op);
}

TLA_FUNC int tla__hlo_check(const tla_hlo_instr *in, tla_error *err) {
    if (tla__hlo_in_list(TLA__HLO_OPS_NOT_BUILT, in->opcode)) {
        char msg[96];
        snprintf(msg, sizeof msg, "not implemented yet: the indexing maps of '%.40s'", in->opcode);
        return tla__hlo_bad(in, err, msg);
    }
    if (!tla__hlo_known(in->opcode)) {
        char msg[96];
        snprintf(msg, sizeof msg, "unknown opcode '%.40s'", in->opcode);
        return tla__hlo_bad(in, err, msg);
    }
    if (!in->has_shape) return tla__hlo_bad(in, err, "the instruction has no shape");
    return 0;
}

/* The output-to-input maps of `in` for its output out_id: one set per operand. */
TLA_FUNC int tla_hlo_output_to_input(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix,
                                     tla_error *err) {
    const char *op = in->opcode;
    memset(ix, 0, sizeof *ix);
    if (tla__hlo_check(in, err) != 0) return -1;
    if (out_id < 0 || out_id >= in->shape.n) return tla__hlo_bad(in, err, "no such output");
    if (tla_hlo_is_elementwise(op)) return tla_hlo_rule_elementwise(c, in, out_id, ix, err);
    if (!strcmp(op, "bitcast")) return tla_hlo_rule_bitcast(c, in, out_id, ix, err);
    if (!strcmp(op, "all-gather") || !strcmp(op, "all-gather-start"))
        return tla_hlo_rule_all_gather(c, in, out_id, ix, err);
    if (!strcmp(op, "broadcast")) return tla_hlo_rule_broadcast(c, in, out_id, ix, err);
    if (!strcmp(op, "concatenate")) return tla_hlo_rule_concatenate(c, in, out_id, ix, err);
    if (!strcmp(op, "constant") || !strcmp(op, "iota") || !strcmp(op, "parameter"))
        return tla_hlo_indexing_init(ix, 0, err);
    if (!strcmp(op, "convolution")) return tla_hlo_rule_convolution(c, in, out_id, ix, err);
    if (!strcmp(op, "dot")) return tla_hlo_rule_dot(c, in, out_id, ix, err);
    if (!strcmp(op, "dynamic-update-slice")) return tla_hlo_rule_dynamic_update_slice(c, in, out_id, ix, err);
    if (!strcmp(op, "dynamic-slice")) return tla_hlo_rule_dynamic_slice(c, in, out_id, ix, err);
    if (!strcmp(op, "fusion")) return tla_hlo_fusion_output_to_input(c, in, out_id, ix, err);
    if (!strcmp(op, "gather")) return tla_hlo_rule_gather(c, in, out_id, ix, err);
    if (!strcmp(op, "get-tuple-element")) return tla_hlo_rule_get_tuple_element(c, in, out_id, ix, err);
    if (!strcmp(op, "pad")) return tla_hlo_rule_pad(c, in, out_id, ix, err);
    if (!strcmp(op, "reduce")) return tla_hlo_rule_reduce(c, in, out_id, ix, err);
    if (!strcmp(op, "reduce-window")) return tla_hlo_rule_reduce_window(c, in, out_id, ix, err);
    if (!strcmp(op, "reshape")) return tla_hlo_rule_reshape(c, in, out_id, ix, err);
    if (!strcmp(op, "reverse")) return tla_hlo_rule_reverse(c, in, out_id, ix, err);
    if (!strcmp(op, "scaled-dot")) return tla_hlo_rule_scaled_dot(c, in, out_id, ix, err);
    if (!strcmp(op, "scan")) return tla_hlo_rule_scan(c, in, out_id, ix, err);
    if (!strcmp(op, "slice")) return tla_hlo_rule_slice(c, in, out_id, ix, err);
    if (!strcmp(op, "transpose")) return tla_hlo_rule_transpose(c, in, out_id, ix, err);
    return tla__hlo_unknown(ix, in->nops, err);
}

/* What `tla hlo` prints for a module: the root of an ENTRY computation gets its own maps
 * (XLA's ComputeOutputToInputIndexing, a fusion root the fused maps); a named computation
 * without ENTRY, or a bare list whose root reads more than parameters and constants, is a
 * fusion body (one set per parameter, maps composed through its instructions).  *fused says
 * which it was. */
TLA_FUNC int tla_hlo_module_output_to_input(tla_ix_ctx *c, const tla_hlo_module *m, int out_id, tla_hlo_indexing *ix,
                                            int *fused, tla_error *err) {
    const tla_hlo_comp *comp = m->entry;
    int i, f = !comp->entry && !comp->bare;
    if (comp->bare)
        for (i = 0; i < comp->root->nops; i++)
            if (strcmp(comp->root->ops[i]->opcode, "parameter") && strcmp(comp->root->ops[i]->opcode, "constant"))
                f = 1;
    if (fused) *fused = f;
    if (f) return tla_hlo_comp_output_to_input(c, comp, tla_hlo_comp_nparams(comp), comp->root, out_id, ix, err);
    return tla_hlo_output_to_input(c, comp->root, out_id, ix, err);
}

/* The input-to-output maps of operand in_id of `in`: one set per output. */
TLA_FUNC int tla_hlo_input_to_output(tla_ix_ctx *c, const tla_hlo_instr *in, int in_id, tla_hlo_indexing *ix,
                                     tla_error *err) {
    const char *op = in->opcode;
    const tla_hlo_array *o = &in->shape.a[0], *ia;
    tla_ix_map m;
    int i, nres = in->shape.is_tuple ? in->shape.n : 1;
    memset(ix, 0, sizeof *ix);
    if (tla__hlo_check(in, err) != 0) return -1;
    if (in_id < 0 || in_id >= in->nops) return tla__hlo_bad(in, err, "no such operand");
    ia = &in->ops[in_id]->shape.a[0];
    if (tla_hlo_is_elementwise(op)) {
        TLA__HLO_TRY(tla__hlo_identity(c, o, &m));
    } else if (!strcmp(op, "bitcast")) {
        if (tla__hlo_bitcast_map(c, ia, o, &m, err) != 0) return -1;
    } else if (!strcmp(op, "broadcast")) {
        int64_t dims[TLA_HLO_MAX_RANK], added[TLA_HLO_MAX_RANK];
        int n = tla__hlo_attr_ints(in, "dimensions", dims, TLA_HLO_MAX_RANK, 1, err), na = 0, k;
        if (n < 0) return -1;
        if (n != ia->rank) return tla__hlo_bad(in, err, "broadcast dimensions must name every operand dimension");
        for (i = 0; i < o->rank; i++)
            if (!tla__hlo_contains(dims, n, i)) added[na++] = o->dims[i];
        TLA__HLO_TRY(tla_ix_map_sizes(c, &m, ia->rank, ia->dims, na, added, o->rank));
        if (!m.empty)
            for (i = 0, na = 0; i < o->rank; i++) {
                for (k = 0; k < n; k++)
                    if (dims[k] == i) break;
                m.res[i] = k < n ? tla_ix_dim(c, k) : tla_ix_sym(c, na++);
            }
    } else if (!strcmp(op, "concatenate")) {
        int64_t dim, off = 0;
        if (tla__hlo_attr_ints(in, "dimensions", &dim, 1, 1, err) != 1 || dim < 0 || dim >= ia->rank)
            return tla__hlo_bad(in, err, "bad concatenate dimension");
        for (i = 0; i < in_id; i++) off += in->ops[i]->shape.a[0].dims[dim];
        TLA__HLO_TRY(tla__hlo_identity(c, ia, &m));
        if (!m.empty) m.res[dim] = tla_ix_addc(c, tla_ix_dim(c, (int)dim), off);
    } else if (!strcmp(op, "reduce")) {
        int64_t dims[TLA_HLO_MAX_RANK];
        int n = tla__hlo_attr_ints(in, "dimensions", dims, TLA_HLO_MAX_RANK, 1, err), arity = in->nops / 2, k = 0;
        if (n < 0) return -1;
        if (tla_hlo_indexing_init(ix, arity, err) != 0) return -1;
        if (in_id >= arity) {
            TLA__HLO_TRY(tla_ix_map_sizes(c, &m, 0, NULL, o->rank, o->dims, o->rank));
            if (!m.empty)
                for (i = 0; i < o->rank; i++) m.res[i] = tla_ix_sym(c, i);
        } else {
            TLA__HLO_TRY(tla_ix_map_sizes(c, &m, ia->rank, ia->dims, 0, NULL, ia->rank - n));
            if (!m.empty)
                for (i = 0; i < ia->rank; i++)
                    if (!tla__hlo_contains(dims, n, i) && k < m.nres) m.res[k++] = tla_ix_dim(c, i);
        }
        for (i = 0; i < arity; i++)
            if (tla__hlo_put(ix, i, &m, err) != 0) return -1;
        return 0;
    } else if (!strcmp(op, "dot")
               && in->nops >= 2) { /* XLA has no rule; the seed's maps: free dims of the other side are symbols */
        int64_t bd[2][TLA_HLO_MAX_RANK], cd[2][TLA_HLO_MAX_RANK], sizes[TLA_HLO_MAX_RANK];
        int nb, nb2, nc, nc2, side, k, od = 0, ns = 0;
        if ((nb = tla__hlo_attr_ints(in, "lhs_batch_dims", bd[0], TLA_HLO_MAX_RANK, 0, err)) < 0
            || (nb2 = tla__hlo_attr_ints(in, "rhs_batch_dims", bd[1], TLA_HLO_MAX_RANK, 0, err)) < 0
            || (nc = tla__hlo_attr_ints(in, "lhs_contracting_dims", cd[0], TLA_HLO_MAX_RANK, 0, err)) < 0
            || (nc2 = tla__hlo_attr_ints(in, "rhs_contracting_dims", cd[1], TLA_HLO_MAX_RANK, 0, err)) < 0)
            return -1;
        if (nb != nb2 || nc != nc2 || in_id > 1)
            return tla__hlo_bad(in, err, "dot: batch and contracting dimensions must pair up");
        for (side = 0; side < 2; side++) {
            const tla_hlo_array *sa = &in->ops[side]->shape.a[0];
            for (k = 0; k < sa->rank; k++)
                if (!tla__hlo_contains(bd[side], nb, k) && !tla__hlo_contains(cd[side], nc, k) && side != in_id)
                    sizes[ns++] = sa->dims[k];
        }
        TLA__HLO_TRY(tla_ix_map_sizes(c, &m, ia->rank, ia->dims, ns, sizes, o->rank));
        if (!m.empty) {
            ns = 0;
            for (k = 0; k < nb && od < o->rank; k++) m.res[od++] = tla_ix_dim(c, (int)bd[in_id][k]);
            for (side = 0; side < 2; side++) {
                const tla_hlo_array *sa = &in->ops[side]->shape.a[0];
                for (k = 0; k < sa->rank && od < o->rank; k++)
                    if (!tla__hlo_contains(bd[side], nb, k) && !tla__hlo_contains(cd[side], nc, k))
                        m.res[od++] = side == in_id ? tla_ix_dim(c, k) : tla_ix_sym(c, ns++);
            }
            if (od != o->rank) return tla__hlo_bad(in, err, "dot: the output rank does not match");
        }
    } else if (!strcmp(op, "reshape")) {
        TLA__HLO_TRY(tla__hlo_reshape_map(c, o->dims, o->rank, ia->dims, ia->rank, 1, &m));
    } else if (!strcmp(op, "reverse")) {
        return tla_hlo_rule_reverse(c, in, 0, ix, err);
    } else if (!strcmp(op, "slice")) {
        int64_t start[TLA_HLO_MAX_RANK], stride[TLA_HLO_MAX_RANK];
        if (tla__hlo_slice(in, o->rank, start, stride, err) != 0) return -1;
        TLA__HLO_TRY(tla__hlo_identity(c, ia, &m));
        if (!m.empty) {
            for (i = 0; i < o->rank; i++)
                m.res[i] = tla_ix_fdivc(c, tla_ix_subc(c, tla_ix_dim(c, i), start[i]), stride[i]);
            for (i = 0; i < o->rank; i++) {
                int d = tla_ix_dim(c, i);
                tla_ix_add_cons(c, &m, d, start[i], (o->dims[i] - 1) * stride[i] + start[i]);
                tla_ix_add_cons(c, &m, tla_ix_modc(c, tla_ix_subc(c, d, start[i]), stride[i]), 0, 0);
            }
        }
    } else if (!strcmp(op, "transpose")) {
        int64_t perm[TLA_HLO_MAX_RANK];
        if (tla__hlo_perm(in, o->rank, perm, err) != 0) return -1;
        TLA__HLO_TRY(tla__hlo_transpose(c, perm, ia->rank, ia->dims, &m));
    } else if (!strcmp(op, "tuple")) {
        TLA__HLO_TRY(tla__hlo_identity(c, &in->shape.a[in_id < in->shape.n ? in_id : 0], &m));
    } else
        return tla__hlo_unknown(ix, nres, err);
    if (tla_hlo_indexing_init(ix, 1, err) != 0) return -1;
    return tla__hlo_put(ix, 0, &m, err);
}

/* --physical: compose with the layout permutations (physical output -> logical output ->
 * logical operand -> physical operand; the other way for input-to-output). */
TLA_FUNC int tla_hlo_indexing_physical(tla_ix_ctx *c, const tla_hlo_instr *in, int id, int input_to_output,
                                       tla_hlo_indexing *ix, tla_error *err) {
    int k, j, r;
    tla_hlo_opidx *t = (tla_hlo_opidx *)calloc(1, sizeof *t);
    tla_ix_map pre, post, tmp;
    if (!t) return tla__fail(err, -1, "out of memory");
    for (k = 0; k < ix->n; k++) {
        const tla_hlo_array *pa = input_to_output ? &in->ops[id]->shape.a[0] : &in->shape.a[id < in->shape.n ? id : 0];
        const tla_hlo_array *qa = input_to_output ? &in->shape.a[k < in->shape.n ? k : 0] : &in->ops[k]->shape.a[0];
        tla_hlo_idxset old = ix->sets[k];
        if (tla_hlo_physical_to_logical(c, pa, &pre) != 0 || tla_hlo_logical_to_physical(c, qa, &post) != 0) goto fail;
        ix->sets[k].n = ix->sets[k].cap = 0;
        ix->sets[k].v = NULL;
        for (j = 0; j < old.n; j++) {
            *t = old.v[j];
            if (!t->map.undefined) {
                if (tla_ix_compose(c, &pre, &old.v[j].map, &tmp, err) != 0
                    || tla_ix_compose(c, &tmp, &post, &t->map, err) != 0) {
                    free(old.v);
                    goto fail;
                }
                for (r = 0; r < t->nrt; r++)
                    if (tla_ix_compose(c, &pre, &old.v[j].rt[r].map, &t->rt[r].map, err) != 0) {
                        free(old.v);
                        goto fail;
                    }
                if (t->has_replica && tla_ix_compose(c, &pre, &old.v[j].replica, &t->replica, err) != 0) {
                    free(old.v);
                    goto fail;
                }
                tla_ix_simplify(c, &t->map, 0);
                tla_hlo_opidx_remove_unused(c, t);
            }
            if (tla_hlo_set_insert(&ix->sets[k], t, err) != 0) {
                free(old.v);
                goto fail;
            }
        }
        free(old.v);
    }
    free(t);
    return 0;
fail:
    free(t);
    return -1;
}

/* HloInstructionIndexing::Simplify: every map simplified, unused symbols dropped, unknown
 * maps removed. */
TLA_FUNC void tla_hlo_indexing_simplify(tla_ix_ctx *c, tla_hlo_indexing *ix) {
    int k, j, n;
    for (k = 0; k < ix->n; k++) {
        tla_hlo_idxset *s = &ix->sets[k];
        for (j = 0, n = 0; j < s->n; j++) {
            if (s->v[j].map.undefined) continue;
            if (tla_ix_simplify(c, &s->v[j].map, 0)) tla_hlo_opidx_remove_unused(c, &s->v[j]);
            s->v[n++] = s->v[j];
        }
        s->n = n;
        for (j = 0; j < s->n; j++) { /* maps that became equal are kept once */
            int i;
            for (i = 0; i < j; i++)
                if (tla_hlo_opidx_equal(&s->v[i], &s->v[j])) break;
            if (i < j) {
                memmove(&s->v[j], &s->v[j + 1], (size_t)(s->n - j - 1) * sizeof *s->v);
                s->n--;
                j--;
            }
        }
    }
}

/* One map, its runtime variables ("rtK: <instruction>; <map on one line>") and its replica
 * map ("replica id:" and the map). */
TLA_FUNC void tla_hlo_opidx_print(tla_ix_ctx *c, const tla_hlo_opidx *o, tla_ix_buf *b) {
    char line[4096];
    int i;
    if (o->map.undefined) {
        tla_ix_buf_put(b, "unknown indexing");
        return;
    }
    tla_ix_map_print(c, &o->map, b);
    if (o->nrt) tla_ix_buf_put(b, "\nruntime variables:");
    for (i = 0; i < o->nrt; i++) {
        snprintf(line, sizeof line, "\nrt%d: ", i);
        tla_ix_buf_put(b, line);
        tla_hlo_instr_print(o->rt[i].hlo, line, sizeof line);
        tla_ix_buf_put(b, line);
        tla_ix_buf_put(b, "; ");
        tla_ix_map_print_ex(c, &o->rt[i].map, 1, b);
    }
    if (o->has_replica) {
        tla_ix_buf_put(b, "\nreplica id:\n");
        tla_ix_map_print(c, &o->replica, b);
    }
}

/* XLA's HloInstructionIndexing::ToString: "operand id = K" and the maps of operand K. */
TLA_FUNC void tla_hlo_indexing_print(tla_ix_ctx *c, const tla_hlo_indexing *ix, tla_ix_buf *b) {
    int k, j;
    char head[48];
    for (k = 0; k < ix->n; k++) {
        snprintf(head, sizeof head, "operand id = %d\n", k);
        tla_ix_buf_put(b, head);
        for (j = 0; j < ix->sets[k].n; j++) {
            tla_hlo_opidx_print(c, &ix->sets[k].v[j], b);
            tla_ix_buf_put(b, "\n");
        }
    }
}

#endif
