/* tla/hlo/index.h - the indexing maps of an HLO instruction, fusions included, as XLA's
 * ComputeOutputToInputIndexing / ComputeInputToOutputIndexing give them, and their printed
 * form ("operand id = K" blocks, runtime variables with the instruction behind them).
 *
 * A fusion's maps compose the maps of its instructions from the root to the parameters
 * (consumer first), simplifying each composed map and dropping unused symbols; equal maps
 * are kept once (XLA's sets).  Nested fusions are computed the same way.  With the physical
 * option the maps go between layout-ordered (major-to-minor) dimensions.
 *
 * The grouped analyses work on a fusion adaptor (tla_hlo_fusion: XLA's HloFusionAdaptor
 * ForInstruction / ForProducerConsumer / ForComputation): tla_hlo_grouped_output_to_input is
 * ComputeGroupedOutputToInputIndexing (maps keyed by instruction), tla_hlo_group_by_producers
 * GroupIndexingMapsByProducers, tla_hlo_epilogue_input_to_output
 * ComputeEpilogueInputToOutputIndexing (along HloFindUseChain: tla_hlo_use_chain).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   const char *hlo = "HloModule m\n f {\n p0 = f32[8,16] parameter(0)\n c = f32[128] reshape(p0)\n"
 *                     " ROOT e = f32[8,16] reshape(c)\n }\n ENTRY e {\n p0 = f32[8,16] parameter(0)\n"
 *                     " ROOT fusion = f32[8,16] fusion(p0), kind=kLoop, calls=f\n }\n";
 *   tla_hlo_module *m = NULL;  tla_error e;  tla_ix_ctx c;  tla_hlo_indexing ix;  tla_ix_buf out = {0};
 *   tla_ix_ctx_init(&c);
 *   if (tla_hlo_parse(&m, hlo, &e) != 0) return 1;
 *   if (tla_hlo_output_to_input(&ix, &c, tla_hlo_root(m), 0, &e) != 0) return 1;
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

TLA_API int tla_hlo_output_to_input(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_instr *in, int out_id,
                                    tla_error *err);
TLA_API int tla_hlo_input_to_output(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_instr *in, int in_id,
                                    tla_error *err);

/* ComposeOperandIndexing(first, second): first applied first.  The replica map is first's,
 * or second's composed after first's map; two collectives in a row give unknown indexing. */
TLA_API int tla_hlo_opidx_compose(tla_hlo_opidx *out, tla_ix_ctx *c, const tla_hlo_opidx *a, const tla_hlo_opidx *b,
                                  tla_error *err);

/* ------------------------------------------------------------ fusion adaptors */

/* XLA's HloFusionAdaptor, as far as the grouped and epilogue analyses use it: the instructions
 * of a fusion in post order (operands first; no parameters and no tuple root of a fused
 * computation, as XLA's adaptor leaves them out), and the fusion instructions whose bodies it
 * holds (up to two, for a producer and a consumer).  Operands resolve across the boundaries of
 * those bodies: a parameter to the fusion's operand, a fusion to its body's root.
 * tla_hlo_fusion_free releases it. */
typedef struct tla_hlo_fusion {
    int n;
    const tla_hlo_instr **post; /* n instructions in post order */
    int nf;
    const tla_hlo_instr *fusions[2]; /* fusion instructions whose bodies are in post */
    const tla_hlo_comp *comp; /* the computation of ForComputation (NULL otherwise) */
} tla_hlo_fusion;

TLA_API void tla_hlo_fusion_free(tla_hlo_fusion *f);

/* HloFusionAdaptor::ForComputation: every instruction of comp. */
TLA_API int tla_hlo_fusion_for_computation(tla_hlo_fusion *f, const tla_hlo_comp *comp, tla_error *err);

/* HloFusionAdaptor::ForInstruction: a fusion instruction's body, or the instruction alone. */
TLA_API int tla_hlo_fusion_for_instruction(tla_hlo_fusion *f, const tla_hlo_instr *x, tla_error *err);

/* HloFusionAdaptor::ForProducerConsumer: the producer's instructions, then the consumer's. */
TLA_API int tla_hlo_fusion_for_producer_consumer(tla_hlo_fusion *f, const tla_hlo_instr *producer,
                                                 const tla_hlo_instr *consumer, tla_error *err);

/* HloInstructionAdaptor::GetOperand: operand k of x, seen through the fusion's boundaries. */
TLA_API const tla_hlo_instr *tla_hlo_fusion_operand(const tla_hlo_fusion *f, const tla_hlo_instr *x, int k);

/* GroupedByOpIndexing: sets of maps keyed by instruction, in the order they were first made. */
typedef struct tla_hlo_grouped {
    int n, cap;
    const tla_hlo_instr **instr;
    tla_hlo_idxset *sets;
} tla_hlo_grouped;

TLA_API void tla_hlo_grouped_free(tla_hlo_grouped *g);

/* The set of x (made empty when absent), or NULL when out of memory. */
TLA_API tla_hlo_idxset *tla_hlo_grouped_at(tla_hlo_grouped *g, const tla_hlo_instr *x, int make);

/* XLA's ComputeGroupedOutputToInputIndexing(fusion, target): the maps from target's output to
 * every instruction it reads inside the fusion (target's own identity map first), the operands
 * just outside the fusion included; the maps are composed consumer first, each simplified and
 * without unused symbols.  A target parameter of a fused body gives the fusion's operand the
 * identity map.  out is tla_hlo_grouped_free'd by the caller (also on error). */
TLA_API int tla_hlo_grouped_output_to_input(tla_hlo_grouped *out, tla_ix_ctx *c, const tla_hlo_fusion *f,
                                            const tla_hlo_instr *target, tla_error *err);

/* XLA's GroupIndexingMapsByProducers: the sets of ix (one per operand of in) merged by the
 * instruction that produces the operand.  by->sets[k] belongs to in->ops[first[k]]; by->n
 * producers, in operand order of first use. */
TLA_API int tla_hlo_group_by_producers(tla_hlo_indexing *by, int *first, const tla_hlo_instr *in,
                                       const tla_hlo_indexing *ix, tla_error *err);

/* The instruction that computes output out_id of a computation (a fusion body): its root, or
 * operand out_id of a tuple root (HloFusionAdaptor::GetRoots); NULL and *err when the tuple has
 * no such operand (`in` names the instruction in the message). */
TLA_API const tla_hlo_instr *tla_hlo_comp_target(const tla_hlo_comp *comp, const tla_hlo_instr *in, int out_id,
                                                 tla_error *err);

/* The maps from output out_id of a computation (a fusion body) to its parameters 0 .. nparams - 1
 * (ComputeGroupedOutputToInputIndexing on HloFusionAdaptor::ForComputation, keyed by parameter
 * number).  `in` names the instruction in errors (may be the root). */
TLA_API int tla_hlo_comp_output_to_input(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_comp *comp, int nparams,
                                         const tla_hlo_instr *in, int out_id, tla_error *err);

/* ComputeOutputToInputFusionOpIndexing: the grouped maps of the fusion's body
 * (HloFusionAdaptor::ForInstruction), one set per operand; an instruction passed as two
 * operands gets the maps of both in each. */
TLA_API int tla_hlo_fusion_output_to_input(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_instr *in, int out_id,
                                           tla_error *err);

/* HloFindUseChain(parent, root): the instructions from parent to root, each a user of the one
 * before (users in the order of the computation, searched depth first, as XLA's users are in
 * the order they were added); 0 instructions when root is not reached. */
TLA_API int tla_hlo_use_chain(const tla_hlo_instr *parent, const tla_hlo_instr *root, const tla_hlo_instr **chain,
                              int max);

/* XLA's ComputeEpilogueInputToOutputIndexing(parent, root): the input-to-output maps along the
 * use chain from parent to root (HloFindUseChain), composed from parent's identity, each step
 * simplified and without unused symbols; an unknown step makes the map UNDEFINED.  parent and
 * root are in one computation; no chain is an error (XLA's CHECK). */
TLA_API int tla_hlo_epilogue_input_to_output(tla_ix_map *out, tla_ix_ctx *c, const tla_hlo_instr *parent,
                                             const tla_hlo_instr *root, tla_error *err);

/* The number of parameters of a computation (1 + the largest parameter number). */
TLA_API int tla_hlo_comp_nparams(const tla_hlo_comp *comp);

/* What `tla hlo` prints for a module: the root of an ENTRY computation gets its own maps
 * (XLA's ComputeOutputToInputIndexing, a fusion root the fused maps); a named computation
 * without ENTRY, or a bare list whose root reads more than parameters and constants, is a
 * fusion body (one set per parameter, maps composed through its instructions).  *fused says
 * which it was. */
TLA_API int tla_hlo_module_output_to_input(tla_hlo_indexing *ix, int *fused, tla_ix_ctx *c, const tla_hlo_module *m,
                                           int out_id, tla_error *err);

/* --physical: compose with the layout permutations (physical output -> logical output ->
 * logical operand -> physical operand; the other way for input-to-output). */
TLA_API int tla_hlo_indexing_physical(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_instr *in, int id,
                                      int input_to_output, tla_error *err);

/* HloInstructionIndexing::Simplify: every map simplified, unused symbols dropped, unknown
 * maps removed. */
TLA_API void tla_hlo_indexing_simplify(tla_ix_ctx *c, tla_hlo_indexing *ix);

/* One map, its runtime variables ("rtK: <instruction>; <map on one line>") and its replica
 * map ("replica id:" and the map). */
TLA_API void tla_hlo_opidx_print(tla_ix_ctx *c, const tla_hlo_opidx *o, tla_ix_buf *b);

/* XLA's HloInstructionIndexing::ToString: "operand id = K" and the maps of operand K. */
TLA_API void tla_hlo_indexing_print(tla_ix_ctx *c, const tla_hlo_indexing *ix, tla_ix_buf *b);

/* ---------------------------------------------------------------- internals */

TLA_API int tla_hlo_opidx_compose(tla_hlo_opidx *out, tla_ix_ctx *c, const tla_hlo_opidx *a, const tla_hlo_opidx *b,
                                  tla_error *err)
#if TLA__BODIES
{
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
        if (tla_ix_compose(&out->replica, c, &a->map, &b->replica, err) != 0) return -1;
    }
    if (a->nrt + b->nrt > TLA_HLO_MAX_RT)
        return tla__fail(err, -1, "more than %d runtime variables in one map", TLA_HLO_MAX_RT);
    if (tla_ix_compose(&out->map, c, &a->map, &b->map, err) != 0) return -1;
    out->nrt = 0;
    for (i = 0; i < a->nrt; i++) out->rt[out->nrt++] = a->rt[i];
    for (i = 0; i < b->nrt; i++) {
        out->rt[out->nrt].hlo = b->rt[i].hlo;
        if (tla_ix_compose(&out->rt[out->nrt++].map, c, &a->map, &b->rt[i].map, err) != 0) return -1;
    }
    return 0;
}
#endif
TLA__DECL

/* ------------------------------------------------------------ fusion adaptors */

TLA_API void tla_hlo_fusion_free(tla_hlo_fusion *f)
#if TLA__BODIES
{
    free((void *)f->post);
    memset(f, 0, sizeof *f);
}
#endif
TLA__DECL

TLA_FUNC int tla__hlo_in_post(const tla_hlo_fusion *f, const tla_hlo_instr *x) {
    int i;
    for (i = 0; i < f->n; i++)
        if (f->post[i] == x) return i;
    return -1;
}

/* Appends comp's instructions in post order (a depth-first walk from the root over operands,
 * then from the instructions the root does not reach), without parameters and the tuple root. */
TLA_FUNC int tla__hlo_add_post(tla_hlo_fusion *f, const tla_hlo_comp *comp, tla_error *err) {
    int *stack, *state, sp = 0, i, k, x, y, edges = 1;
    const tla_hlo_instr **post =
        (const tla_hlo_instr **)realloc((void *)f->post, (size_t)(f->n + comp->n + 1) * sizeof *post);
    if (post) f->post = post;
    for (i = 0; i < comp->n; i++) edges += comp->instr[i]->nops; /* each push is an edge (or a start) */
    stack = (int *)malloc((size_t)edges * sizeof *stack);
    state = (int *)calloc((size_t)comp->n + 1, sizeof *state);
    if (!post || !stack || !state) {
        free(stack), free(state);
        return tla__fail(err, -1, "out of memory");
    }
    for (i = -1; i < comp->n; i++) { /* from the root (i = -1), then from each instruction left */
        for (x = i, k = 0; x < 0 && k < comp->n; k++)
            if (comp->instr[k] == comp->root) x = k;
        if (x < 0 || state[x]) continue;
        stack[sp++] = x;
        while (sp) {
            const tla_hlo_instr *in = comp->instr[x = stack[sp - 1]];
            if (state[x] == 0) {
                state[x] = 1;
                for (k = in->nops - 1; k >= 0; k--) {
                    for (y = 0; y < comp->n && comp->instr[y] != in->ops[k]; y++) continue;
                    if (y < comp->n && state[y] == 0) stack[sp++] = y;
                }
                continue;
            }
            sp--;
            if (state[x] == 1 && strcmp(in->opcode, "parameter") && !(in == comp->root && !strcmp(in->opcode, "tuple")))
                f->post[f->n++] = in;
            state[x] = 2;
        }
    }
    free(stack), free(state);
    return 0;
}

TLA_API int tla_hlo_fusion_for_computation(tla_hlo_fusion *f, const tla_hlo_comp *comp, tla_error *err)
#if TLA__BODIES
{
    memset(f, 0, sizeof *f);
    f->comp = comp;
    return tla__hlo_add_post(f, comp, err) != 0 ? (tla_hlo_fusion_free(f), -1) : 0;
}
#endif
TLA__DECL

TLA_FUNC int tla__hlo_fusion_add(const tla_hlo_instr *x, tla_hlo_fusion *f, tla_error *err) {
    const tla_hlo_instr **post;
    if (!strcmp(x->opcode, "fusion") && x->called && x->called != x->parent) {
        f->fusions[f->nf++] = x;
        return tla__hlo_add_post(f, x->called, err);
    }
    if (!(post = (const tla_hlo_instr **)realloc((void *)f->post, (size_t)(f->n + 1) * sizeof *post)))
        return tla__fail(err, -1, "out of memory");
    f->post = post;
    f->post[f->n++] = x;
    return 0;
}

TLA_API int tla_hlo_fusion_for_instruction(tla_hlo_fusion *f, const tla_hlo_instr *x, tla_error *err)
#if TLA__BODIES
{
    memset(f, 0, sizeof *f);
    return tla__hlo_fusion_add(x, f, err) != 0 ? (tla_hlo_fusion_free(f), -1) : 0;
}
#endif
TLA__DECL

TLA_API int tla_hlo_fusion_for_producer_consumer(tla_hlo_fusion *f, const tla_hlo_instr *producer,
                                                 const tla_hlo_instr *consumer, tla_error *err)
#if TLA__BODIES
{
    memset(f, 0, sizeof *f);
    if (tla__hlo_fusion_add(producer, f, err) != 0 || tla__hlo_fusion_add(consumer, f, err) != 0)
        return tla_hlo_fusion_free(f), -1;
    return 0;
}
#endif
TLA__DECL

/* The fusion instruction whose body holds parameter p, or NULL. */
TLA_FUNC const tla_hlo_instr *tla__hlo_param_fusion(const tla_hlo_fusion *f, const tla_hlo_instr *p) {
    int i;
    if (strcmp(p->opcode, "parameter")) return NULL;
    for (i = 0; i < f->nf; i++)
        if (f->fusions[i]->called == p->parent && p->param >= 0 && p->param < f->fusions[i]->nops) return f->fusions[i];
    return NULL;
}

TLA_API const tla_hlo_instr *tla_hlo_fusion_operand(const tla_hlo_fusion *f, const tla_hlo_instr *x, int k)
#if TLA__BODIES
{
    const tla_hlo_instr *y = x->ops[k], *g;
    int i, guard;
    for (guard = 0; guard < 2 * TLA_HLO_MAX_OPS; guard++) {
        if ((g = tla__hlo_param_fusion(f, y)) != NULL) {
            y = g->ops[y->param];
            continue;
        }
        for (i = 0; i < f->nf && f->fusions[i] != y; i++) continue;
        if (i == f->nf || !strcmp(y->called->root->opcode, "tuple")) break; /* a multi-output body stays one */
        y = y->called->root;
    }
    return y;
}
#endif
TLA__DECL

TLA_API void tla_hlo_grouped_free(tla_hlo_grouped *g)
#if TLA__BODIES
{
    int i;
    for (i = 0; i < g->n; i++) free(g->sets[i].v);
    free((void *)g->instr), free(g->sets);
    memset(g, 0, sizeof *g);
}
#endif
TLA__DECL

TLA_API tla_hlo_idxset *tla_hlo_grouped_at(tla_hlo_grouped *g, const tla_hlo_instr *x, int make)
#if TLA__BODIES
{
    int i;
    for (i = 0; i < g->n; i++)
        if (g->instr[i] == x) return &g->sets[i];
    if (!make) return NULL;
    if (g->n == g->cap) {
        int cap = g->cap ? 2 * g->cap : 8;
        const tla_hlo_instr **in = (const tla_hlo_instr **)realloc((void *)g->instr, (size_t)cap * sizeof *in);
        tla_hlo_idxset *s;
        if (in) g->instr = in;
        if (!in || !(s = (tla_hlo_idxset *)realloc(g->sets, (size_t)cap * sizeof *s))) return NULL;
        g->sets = s, g->cap = cap;
    }
    memset(&g->sets[g->n], 0, sizeof g->sets[g->n]);
    g->instr[g->n] = x;
    return &g->sets[g->n++];
}
#endif
TLA__DECL

TLA_API int tla_hlo_grouped_output_to_input(tla_hlo_grouped *out, tla_ix_ctx *c, const tla_hlo_fusion *f,
                                            const tla_hlo_instr *target, tla_error *err)
#if TLA__BODIES
{
    const tla_hlo_instr *g = tla__hlo_param_fusion(f, target);
    tla_hlo_opidx *init = (tla_hlo_opidx *)calloc(1, sizeof *init),
                  *composed = (tla_hlo_opidx *)calloc(1, sizeof *init);
    tla_hlo_idxset *s;
    int i, rc = -1;
    memset(out, 0, sizeof *out);
    if (!init || !composed) {
        tla__fail(err, -1, "out of memory");
        goto done;
    }
    if (tla__hlo_identity(c, &target->shape.a[0], &init->map) != 0) {
        tla__hlo_bad(target, err, "map over the size limits");
        goto done;
    }
    if (!(s = tla_hlo_grouped_at(out, g ? g->ops[target->param] : target, 1)) || tla_hlo_set_insert(s, init, err) != 0)
        goto oom;
    for (i = g ? -1 : tla__hlo_in_post(f, target); i >= 0; i--) { /* use before def */
        const tla_hlo_instr *x = f->post[i];
        tla_hlo_indexing prod;
        tla_hlo_idxset cons;
        int k, j, q;
        if (!(s = tla_hlo_grouped_at(out, x, 0)) || s->n == 0) continue;
        if (tla_hlo_output_to_input(&prod, c, x, 0, err) != 0) goto done;
        cons = *s; /* a copy: inserting may move the sets */
        if (!(cons.v = (tla_hlo_opidx *)malloc((size_t)cons.n * sizeof *cons.v))) {
            tla_hlo_indexing_free(&prod);
            goto oom;
        }
        memcpy(cons.v, s->v, (size_t)cons.n * sizeof *cons.v);
        for (k = 0; k < prod.n && k < x->nops; k++)
            for (j = 0; j < prod.sets[k].n; j++)
                for (q = 0; q < cons.n; q++) {
                    if (tla_hlo_opidx_compose(composed, c, &cons.v[q], &prod.sets[k].v[j], err) != 0) {
                        free(cons.v), tla_hlo_indexing_free(&prod);
                        goto done;
                    }
                    tla_ix_simplify(c, &composed->map, 0);
                    tla_hlo_opidx_remove_unused(c, composed);
                    if (!(s = tla_hlo_grouped_at(out, tla_hlo_fusion_operand(f, x, k), 1))
                        || tla_hlo_set_insert(s, composed, err) != 0) {
                        free(cons.v), tla_hlo_indexing_free(&prod);
                        goto oom;
                    }
                }
        free(cons.v);
        tla_hlo_indexing_free(&prod);
    }
    rc = 0;
    goto done;
oom:
    tla__fail(err, -1, "out of memory");
done:
    free(init), free(composed);
    return rc;
}
#endif
TLA__DECL

TLA_API int tla_hlo_group_by_producers(tla_hlo_indexing *by, int *first, const tla_hlo_instr *in,
                                       const tla_hlo_indexing *ix, tla_error *err)
#if TLA__BODIES
{
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
#endif
TLA__DECL

TLA_API const tla_hlo_instr *tla_hlo_comp_target(const tla_hlo_comp *comp, const tla_hlo_instr *in, int out_id,
                                                 tla_error *err)
#if TLA__BODIES
{
    const tla_hlo_instr *t = comp->root;
    if (!strcmp(t->opcode, "tuple")) {
        if (out_id < 0 || out_id >= t->nops) return tla__hlo_bad(in, err, "no such output of the fusion"), NULL;
        t = t->ops[out_id];
    }
    return t;
}
#endif
TLA__DECL

TLA_API int tla_hlo_comp_output_to_input(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_comp *comp, int nparams,
                                         const tla_hlo_instr *in, int out_id, tla_error *err)
#if TLA__BODIES
{
    tla_hlo_fusion f;
    tla_hlo_grouped g;
    const tla_hlo_instr *t = tla_hlo_comp_target(comp, in, out_id, err);
    int i, rc;
    memset(ix, 0, sizeof *ix);
    if (!t || tla_hlo_fusion_for_computation(&f, comp, err) != 0) return -1;
    rc = tla_hlo_grouped_output_to_input(&g, c, &f, t, err);
    if (rc == 0) rc = tla_hlo_indexing_init(ix, nparams, err);
    for (i = 0; rc == 0 && i < g.n; i++)
        if (!strcmp(g.instr[i]->opcode, "parameter") && g.instr[i]->parent == comp && g.instr[i]->param < nparams
            && ix->sets[g.instr[i]->param].n == 0) {
            ix->sets[g.instr[i]->param] = g.sets[i];
            g.sets[i].v = NULL, g.sets[i].n = g.sets[i].cap = 0;
        }
    tla_hlo_grouped_free(&g);
    tla_hlo_fusion_free(&f);
    return rc;
}
#endif
TLA__DECL

TLA_API int tla_hlo_fusion_output_to_input(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_instr *in, int out_id,
                                           tla_error *err)
#if TLA__BODIES
{
    tla_hlo_fusion f;
    tla_hlo_grouped g;
    const tla_hlo_instr *t;
    int k, j, rc;
    memset(ix, 0, sizeof *ix);
    if (!in->called) return tla__hlo_bad(in, err, "fusion without calls=");
    if (in->called == in->parent) return tla__hlo_bad(in, err, "fusion calls its own computation");
    if (!(t = tla_hlo_comp_target(in->called, in, out_id, err)) || tla_hlo_fusion_for_instruction(&f, in, err) != 0)
        return -1;
    rc = tla_hlo_grouped_output_to_input(&g, c, &f, t, err);
    if (rc == 0) rc = tla_hlo_indexing_init(ix, in->nops, err);
    for (k = 0; rc == 0 && k < in->nops; k++) {
        tla_hlo_idxset *s = tla_hlo_grouped_at(&g, in->ops[k], 0);
        for (j = 0; s && rc == 0 && j < s->n; j++) rc = tla_hlo_set_insert(&ix->sets[k], &s->v[j], err);
    }
    if (rc != 0) tla_hlo_indexing_free(ix);
    tla_hlo_grouped_free(&g);
    tla_hlo_fusion_free(&f);
    return rc;
}
#endif
TLA__DECL

TLA_API int tla_hlo_use_chain(const tla_hlo_instr *parent, const tla_hlo_instr *root, const tla_hlo_instr **chain,
                              int max)
#if TLA__BODIES
{
    const tla_hlo_comp *comp = parent->parent;
    int *seen, *next, sp = 0, k;
    if (!comp || root->parent != comp || max < 1) return 0;
    seen = (int *)calloc((size_t)comp->n + 1, sizeof *seen);
    next = (int *)calloc((size_t)comp->n + 1, sizeof *next);
    if (!seen || !next) return free(seen), free(next), -1;
    chain[sp++] = parent;
    while (sp > 0 && chain[sp - 1] != root) {
        const tla_hlo_instr *x = chain[sp - 1];
        int u;
        for (u = next[sp - 1]; u < comp->n; u++) { /* the next unseen user of x */
            for (k = 0; k < comp->instr[u]->nops && comp->instr[u]->ops[k] != x; k++) continue;
            if (k < comp->instr[u]->nops && !seen[u]) break;
        }
        next[sp - 1] = u + 1;
        if (u >= comp->n) {
            sp--;
            continue;
        }
        seen[u] = 1;
        if (sp == max || sp > comp->n) break;
        next[sp] = 0;
        chain[sp++] = comp->instr[u];
    }
    k = sp > 0 && chain[sp - 1] == root ? sp : 0;
    free(seen), free(next);
    return k;
}
#endif
TLA__DECL

TLA_API int tla_hlo_epilogue_input_to_output(tla_ix_map *out, tla_ix_ctx *c, const tla_hlo_instr *parent,
                                             const tla_hlo_instr *root, tla_error *err)
#if TLA__BODIES
{
    const tla_hlo_instr **chain;
    tla_hlo_opidx *acc = (tla_hlo_opidx *)calloc(1, sizeof *acc), *next = (tla_hlo_opidx *)calloc(1, sizeof *acc);
    int n = parent->parent ? parent->parent->n + 1 : 1, len, i, k, rc = -1;
    chain = (const tla_hlo_instr **)malloc((size_t)n * sizeof *chain);
    if (!chain || !acc || !next) {
        tla__fail(err, -1, "out of memory");
        goto done;
    }
    if ((len = tla_hlo_use_chain(parent, root, chain, n)) <= 0) {
        if (len < 0)
            tla__fail(err, -1, "out of memory");
        else
            tla__fail(err, -1, "there is no use chain from '%.40s' to '%.40s'", parent->name, root->name);
        goto done;
    }
    if (tla__hlo_identity(c, &parent->shape.a[0], &acc->map) != 0) {
        tla__hlo_bad(parent, err, "map over the size limits");
        goto done;
    }
    for (i = 1; i < len; i++) {
        tla_hlo_indexing ix;
        for (k = 0; chain[i]->ops[k] != chain[i - 1]; k++) continue; /* user.operand_index(producer) */
        if (tla_hlo_input_to_output(&ix, c, chain[i], k, err) != 0) goto done;
        rc = ix.n > 0 && ix.sets[0].n > 0 ? tla_hlo_opidx_compose(next, c, acc, &ix.sets[0].v[0], err) : -2;
        tla_hlo_indexing_free(&ix);
        if (rc == -2) rc = tla__hlo_bad(chain[i], err, "no input-to-output map");
        if (rc != 0) goto done;
        rc = -1;
        tla_ix_simplify(c, &next->map, 0);
        tla_hlo_opidx_remove_unused(c, next);
        *acc = *next;
    }
    *out = acc->map;
    rc = 0;
done:
    free((void *)chain), free(acc), free(next);
    return rc;
}
#endif
TLA__DECL

TLA_API int tla_hlo_comp_nparams(const tla_hlo_comp *comp)
#if TLA__BODIES
{
    int i, n = 0;
    for (i = 0; i < comp->n; i++)
        if (!strcmp(comp->instr[i]->opcode, "parameter") && comp->instr[i]->param + 1 > n)
            n = (int)comp->instr[i]->param + 1;
    return n;
}
#endif
TLA__DECL

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

TLA_API int tla_hlo_output_to_input(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_instr *in, int out_id,
                                    tla_error *err)
#if TLA__BODIES
{
    const char *op = in->opcode;
    memset(ix, 0, sizeof *ix);
    if (tla__hlo_check(in, err) != 0) return -1;
    if (out_id < 0 || out_id >= in->shape.n) return tla__hlo_bad(in, err, "no such output");
    if (tla_hlo_is_elementwise(op)) return tla__hlo_rule_elementwise(c, in, out_id, ix, err);
    if (!strcmp(op, "bitcast")) return tla__hlo_rule_bitcast(c, in, out_id, ix, err);
    if (!strcmp(op, "all-gather") || !strcmp(op, "all-gather-start"))
        return tla__hlo_rule_all_gather(c, in, out_id, ix, err);
    if (!strcmp(op, "broadcast")) return tla__hlo_rule_broadcast(c, in, out_id, ix, err);
    if (!strcmp(op, "concatenate")) return tla__hlo_rule_concatenate(c, in, out_id, ix, err);
    if (!strcmp(op, "constant") || !strcmp(op, "iota") || !strcmp(op, "parameter"))
        return tla_hlo_indexing_init(ix, 0, err);
    if (!strcmp(op, "convolution")) return tla__hlo_rule_convolution(c, in, out_id, ix, err);
    if (!strcmp(op, "dot")) return tla__hlo_rule_dot(c, in, out_id, ix, err);
    if (!strcmp(op, "dynamic-update-slice")) return tla__hlo_rule_dynamic_update_slice(c, in, out_id, ix, err);
    if (!strcmp(op, "dynamic-slice")) return tla__hlo_rule_dynamic_slice(c, in, out_id, ix, err);
    if (!strcmp(op, "fusion")) return tla_hlo_fusion_output_to_input(ix, c, in, out_id, err);
    if (!strcmp(op, "gather")) return tla__hlo_rule_gather(c, in, out_id, ix, err);
    if (!strcmp(op, "get-tuple-element")) return tla__hlo_rule_get_tuple_element(c, in, out_id, ix, err);
    if (!strcmp(op, "pad")) return tla__hlo_rule_pad(c, in, out_id, ix, err);
    if (!strcmp(op, "reduce")) return tla__hlo_rule_reduce(c, in, out_id, ix, err);
    if (!strcmp(op, "reduce-window")) return tla__hlo_rule_reduce_window(c, in, out_id, ix, err);
    if (!strcmp(op, "reshape")) return tla__hlo_rule_reshape(c, in, out_id, ix, err);
    if (!strcmp(op, "reverse")) return tla__hlo_rule_reverse(c, in, out_id, ix, err);
    if (!strcmp(op, "scaled-dot")) return tla__hlo_rule_scaled_dot(c, in, out_id, ix, err);
    if (!strcmp(op, "scan")) return tla__hlo_rule_scan(c, in, out_id, ix, err);
    if (!strcmp(op, "slice")) return tla__hlo_rule_slice(c, in, out_id, ix, err);
    if (!strcmp(op, "transpose")) return tla__hlo_rule_transpose(c, in, out_id, ix, err);
    return tla__hlo_unknown(ix, in->nops, err);
}
#endif
TLA__DECL

TLA_API int tla_hlo_module_output_to_input(tla_hlo_indexing *ix, int *fused, tla_ix_ctx *c, const tla_hlo_module *m,
                                           int out_id, tla_error *err)
#if TLA__BODIES
{
    const tla_hlo_comp *comp = m->entry;
    int i, f = !comp->entry && !comp->bare;
    if (comp->bare)
        for (i = 0; i < comp->root->nops; i++)
            if (strcmp(comp->root->ops[i]->opcode, "parameter") && strcmp(comp->root->ops[i]->opcode, "constant"))
                f = 1;
    if (fused) *fused = f;
    if (f) return tla_hlo_comp_output_to_input(ix, c, comp, tla_hlo_comp_nparams(comp), comp->root, out_id, err);
    return tla_hlo_output_to_input(ix, c, comp->root, out_id, err);
}
#endif
TLA__DECL

TLA_API int tla_hlo_input_to_output(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_instr *in, int in_id,
                                    tla_error *err)
#if TLA__BODIES
{
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
    } else if (!strcmp(op, "dot") && in->nops >= 2) {
        /* XLA has no rule; as the maps of XLA's indexing-analysis documentation: the free dims of
         * the other side are symbols */
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
        return tla__hlo_rule_reverse(c, in, 0, ix, err);
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
#endif
TLA__DECL

TLA_API int tla_hlo_indexing_physical(tla_hlo_indexing *ix, tla_ix_ctx *c, const tla_hlo_instr *in, int id,
                                      int input_to_output, tla_error *err)
#if TLA__BODIES
{
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
                if (tla_ix_compose(&tmp, c, &pre, &old.v[j].map, err) != 0
                    || tla_ix_compose(&t->map, c, &tmp, &post, err) != 0) {
                    free(old.v);
                    goto fail;
                }
                for (r = 0; r < t->nrt; r++)
                    if (tla_ix_compose(&t->rt[r].map, c, &pre, &old.v[j].rt[r].map, err) != 0) {
                        free(old.v);
                        goto fail;
                    }
                if (t->has_replica && tla_ix_compose(&t->replica, c, &pre, &old.v[j].replica, err) != 0) {
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
#endif
TLA__DECL

TLA_API void tla_hlo_indexing_simplify(tla_ix_ctx *c, tla_hlo_indexing *ix)
#if TLA__BODIES
{
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
#endif
TLA__DECL

TLA_API void tla_hlo_opidx_print(tla_ix_ctx *c, const tla_hlo_opidx *o, tla_ix_buf *b)
#if TLA__BODIES
{
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
#endif
TLA__DECL

TLA_API void tla_hlo_indexing_print(tla_ix_ctx *c, const tla_hlo_indexing *ix, tla_ix_buf *b)
#if TLA__BODIES
{
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
TLA__DECL

#endif
