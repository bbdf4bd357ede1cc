/* examples/tla_cli/cmd_hlo.h - `tla hlo FILE [--output K | --to-output K] [--physical]
 * [--simplify]`: the indexing maps of the root instruction of HLO text, as XLA's indexing
 * analysis prints them. */
#ifndef TLA_CLI_CMD_HLO_H
#define TLA_CLI_CMD_HLO_H

#include "cmd_map.h"

static const char cli_hlo_usage[] =
    "usage: tla hlo FILE [--output K | --to-output K] [--physical] [--simplify]\n"
    "       tla hlo FILE --grouped [--fusion A[,B]] [--from NAME] [--output K] [--in COMP] [--simplify]\n"
    "       tla hlo FILE --by-producer [--output K] [--simplify]\n"
    "       tla hlo FILE --epilogue PARENT [--root NAME] [--in COMP]\n"
    "  the indexing maps of the root instruction of the HLO text in FILE ('-': standard input):\n"
    "  a whole module (HloModule, computations, ENTRY, ROOT) or a bare list of instructions\n"
    "  (the last one is the root).  By default output-to-input, one 'operand id = K' block per\n"
    "  operand, for output 0\n"
    "  --output K     output K of a tuple-shaped root (a variadic reduce, a multi-output fusion)\n"
    "  --to-output K  input-to-output: the maps from operand K to each output\n"
    "  --physical     maps between physical (layout-ordered, major first) dimensions\n"
    "  --simplify     simplify each map (and drop unused symbols) before printing\n"
    "  --grouped      XLA's ComputeGroupedOutputToInputIndexing: an 'instruction = NAME' block per\n"
    "                 instruction the target reads (the target first), the operands just outside the\n"
    "                 fusion included.  The fusion (HloFusionAdaptor): --fusion A is A's body when A\n"
    "                 is a fusion, else A alone (ForInstruction); --fusion A,B is producer A and\n"
    "                 consumer B (ForProducerConsumer); without --fusion, the root's body when the\n"
    "                 root is a fusion, else the root's whole computation (ForComputation)\n"
    "  --from NAME    the target instruction (default: the fusion's root for output K)\n"
    "  --by-producer  XLA's GroupIndexingMapsByProducers of the root's maps: an 'instruction = NAME'\n"
    "                 block per operand instruction (an operand used twice: one block, both maps)\n"
    "  --epilogue P   XLA's ComputeEpilogueInputToOutputIndexing: the map from P's output to the\n"
    "                 output of --root NAME (default: the root of P's computation), composed along\n"
    "                 the use chain between them (HloFindUseChain)\n"
    "  --in COMP      look the names up in computation COMP (when several computations have them)\n"
    "  the root of an ENTRY computation gets its own maps (XLA's ComputeOutputToInputIndexing),\n"
    "  a fusion root the fused maps; a computation without ENTRY ('f { ... }'), or a bare list\n"
    "  whose root reads other instructions than parameters and constants, is taken as a fusion\n"
    "  body: one block per parameter, the maps composed through the instructions\n"
    "  an all-gather's map is followed by its 'replica id:' map (which replica it reads)\n"
    "  example: printf 'p0 = f32[4,8] parameter(0)\\nr = f32[32] reshape(p0)\\n' | tla hlo -\n"
    "exit status: 0; 2 for bad input; 3 for an op whose maps are not built yet (none at the moment)\n";

static int cli_int_opt(const char *s, int *out) {
    int p = 0, st;
    int64_t v;
    if (tla_int_parse_at(&v, &st, s, &p, NULL) != 0 || s[p] || st || v < 0 || v > 1000000) return -1;
    *out = (int)v;
    return 0;
}

/* --grouped: the fusion adaptor and target the options name, the grouped maps into b. */
static int cli_hlo_grouped(tla_ix_ctx *c, const tla_hlo_module *m, const char *fusion, const char *from, const char *in,
                           int out_id, int simplify, tla_ix_buf *b, tla_error *e) {
    const tla_hlo_instr *root = tla_hlo_root(m), *a = NULL, *z = NULL, *target = NULL;
    tla_hlo_fusion f;
    tla_hlo_grouped g;
    tla_hlo_indexing view;
    char name[2 * TLA_HLO_NAME], *comma;
    int k, j, rc = -1;
    memset(&f, 0, sizeof f), memset(&g, 0, sizeof g);
    if (fusion) { /* A or A,B */
        snprintf(name, sizeof name, "%s", fusion);
        if ((comma = strchr(name, ',')) != NULL) *comma = '\0';
        if (tla_hlo_find(&a, m, in, name, e) != 0 || (comma && tla_hlo_find(&z, m, in, comma + 1, e) != 0)) return -1;
        if ((z ? tla_hlo_fusion_for_producer_consumer(&f, a, z, e) : tla_hlo_fusion_for_instruction(&f, a, e)) != 0)
            return -1;
    } else if (!strcmp(root->opcode, "fusion") && root->called && root->called != root->parent) {
        a = root;
        if (tla_hlo_fusion_for_instruction(&f, root, e) != 0) return -1;
    } else if (tla_hlo_fusion_for_computation(&f, m->entry, e) != 0)
        return -1;
    if (from) { /* among the fusion's instructions first, then anywhere */
        const char *nm = from[0] == '%' ? from + 1 : from;
        for (k = 0; k < f.n && !target; k++)
            if (!strcmp(f.post[k]->name, nm)) target = f.post[k];
        if (!target && tla_hlo_find(&target, m, in, from, e) != 0) goto done;
    } else if (f.n == 0) {
        tla_error_set(e, -1, "the fusion has no instructions");
        goto done;
    } else { /* HloFusionAdaptor::GetRoots()[K]: the consumer's (or the only) root */
        const tla_hlo_instr *last = z ? z : a;
        if (last && !strcmp(last->opcode, "fusion") && last->called && last->called != last->parent) {
            if (!(target = tla_hlo_comp_target(last->called, last, out_id, e))) goto done;
        } else if (last) {
            target = last;
        } else if (!(target = tla_hlo_comp_target(m->entry, root, out_id, e)))
            goto done;
    }
    if (tla_hlo_grouped_output_to_input(&g, c, &f, target, e) != 0) goto done;
    view.n = g.n, view.sets = g.sets;
    if (simplify) tla_hlo_indexing_simplify(c, &view);
    for (k = 0; k < g.n; k++) {
        tla_ix_buf_put(b, "instruction = ");
        tla_ix_buf_put(b, g.instr[k]->name);
        tla_ix_buf_put(b, "\n");
        for (j = 0; j < g.sets[k].n; j++) {
            tla_hlo_opidx_print(c, &g.sets[k].v[j], b);
            tla_ix_buf_put(b, "\n");
        }
    }
    rc = 0;
done:
    tla_hlo_grouped_free(&g);
    tla_hlo_fusion_free(&f);
    return rc;
}

/* --epilogue: ComputeEpilogueInputToOutputIndexing(parent, root) into b. */
static int cli_hlo_epilogue(tla_ix_ctx *c, const tla_hlo_module *m, const char *parent, const char *root_name,
                            const char *in, tla_ix_buf *b, tla_error *e) {
    const tla_hlo_instr *p, *r;
    tla_ix_map map;
    if (tla_hlo_find(&p, m, in, parent, e) != 0) return -1;
    if (root_name) {
        if (tla_hlo_find(&r, m, p->parent->name, root_name, e) != 0) return -1;
    } else
        r = p->parent->root;
    if (tla_hlo_epilogue_input_to_output(&map, c, p, r, e) != 0) return -1;
    tla_ix_map_print(c, &map, b);
    tla_ix_buf_put(b, "\n");
    return 0;
}

static int cli_cmd_hlo(int argc, char **argv) {
    const char *file = NULL, *fusion = NULL, *from = NULL, *epilogue = NULL, *root_name = NULL, *in = NULL;
    int out_id = 0, to_output = -1, physical = 0, simplify = 0, i, rc = 2, have_out = 0, grouped = 0, by_producer = 0;
    char *text;
    tla_error e;
    tla_hlo_module *m = NULL;
    tla_ix_ctx c;
    tla_hlo_indexing ix;
    tla_ix_buf b = {0};
    const tla_hlo_instr *root;
    for (i = 0; i < argc; i++) {
        const char **name_opt = !strcmp(argv[i], "--fusion")     ? &fusion
                                : !strcmp(argv[i], "--from")     ? &from
                                : !strcmp(argv[i], "--epilogue") ? &epilogue
                                : !strcmp(argv[i], "--root")     ? &root_name
                                : !strcmp(argv[i], "--in")       ? &in
                                                                 : NULL;
        if (name_opt) {
            if (i + 1 >= argc || !argv[i + 1][0])
                return fprintf(stderr, "tla: error: %s needs an instruction name\n", argv[i]), 2;
            *name_opt = argv[++i];
        } else if (!strcmp(argv[i], "--grouped"))
            grouped = 1;
        else if (!strcmp(argv[i], "--by-producer"))
            by_producer = 1;
        else if (!strcmp(argv[i], "--physical"))
            physical = 1;
        else if (!strcmp(argv[i], "--simplify"))
            simplify = 1;
        else if (!strcmp(argv[i], "--output") || !strcmp(argv[i], "--to-output")) {
            int *dst = argv[i][2] == 'o' ? &out_id : &to_output;
            if (i + 1 >= argc || cli_int_opt(argv[i + 1], dst) != 0)
                return fprintf(stderr, "tla: error: %s needs a number K >= 0\n", argv[i]), 2;
            if (dst == &out_id) have_out = 1;
            i++;
        } else if (!file)
            file = argv[i];
        else
            return fprintf(stderr, "tla: error: hlo takes one file (got '%.60s' too)\n", argv[i]), 2;
    }
    if (!file) return fprintf(stderr, "tla: error: hlo needs a file ('-' for standard input)\n"), 2;
    if (have_out && to_output >= 0)
        return fprintf(stderr, "tla: error: --output and --to-output exclude each other\n"), 2;
    if (grouped + by_producer + physical + (to_output >= 0) + (epilogue != NULL) > 1)
        return fprintf(stderr, "tla: error: --grouped, --by-producer, --epilogue, --physical and --to-output exclude "
                               "each other\n"),
               2;
    if ((fusion || from) && !grouped) return fprintf(stderr, "tla: error: --fusion and --from go with --grouped\n"), 2;
    if (root_name && !epilogue) return fprintf(stderr, "tla: error: --root goes with --epilogue\n"), 2;
    if (!(text = cli_read_all(file))) return 2;
    tla_ix_ctx_init(&c);
    memset(&ix, 0, sizeof ix);
    if (tla_hlo_parse(&m, text, &e) != 0) {
        fprintf(stderr, "tla: error: %s\n", e.msg);
        goto done;
    }
    root = tla_hlo_root(m);
    if (grouped) {
        if (cli_hlo_grouped(&c, m, fusion, from, in, out_id, simplify, &b, &e) != 0) goto fail;
        goto emit;
    }
    if (epilogue) {
        if (cli_hlo_epilogue(&c, m, epilogue, root_name, in, &b, &e) != 0) goto fail;
        goto emit;
    }
    if (by_producer) { /* one 'instruction = NAME' block per operand instruction */
        int first[TLA_HLO_MAX_OPS], k, j;
        tla_hlo_indexing own;
        if (tla_hlo_output_to_input(&own, &c, root, out_id, &e) != 0) goto fail;
        k = tla_hlo_group_by_producers(&ix, first, root, &own, &e);
        tla_hlo_indexing_free(&own);
        if (k != 0) goto fail;
        if (simplify) tla_hlo_indexing_simplify(&c, &ix);
        for (k = 0; k < ix.n; k++) {
            tla_ix_buf_put(&b, "instruction = ");
            tla_ix_buf_put(&b, root->ops[first[k]]->name);
            tla_ix_buf_put(&b, "\n");
            for (j = 0; j < ix.sets[k].n; j++) {
                tla_hlo_opidx_print(&c, &ix.sets[k].v[j], &b);
                tla_ix_buf_put(&b, "\n");
            }
        }
        goto emit;
    }
    if (to_output >= 0) {
        if (tla_hlo_input_to_output(&ix, &c, root, to_output, &e) != 0) goto fail;
        if (physical && tla_hlo_indexing_physical(&ix, &c, root, to_output, 1, &e) != 0) goto fail;
    } else {
        int fused = 0;
        if (tla_hlo_module_output_to_input(&ix, &fused, &c, m, out_id, &e) != 0) goto fail;
        if (physical && fused) {
            fprintf(stderr, "tla: error: --physical needs an ENTRY computation (the layouts of the root's operands)\n");
            goto done;
        }
        if (physical && tla_hlo_indexing_physical(&ix, &c, root, out_id, 0, &e) != 0) goto fail;
    }
    if (simplify) tla_hlo_indexing_simplify(&c, &ix);
    tla_hlo_indexing_print(&c, &ix, &b);
emit: /* the buffer to standard output */
    if (b.failed || c.failed) {
        fprintf(stderr, "tla: error: out of memory\n");
        goto done;
    }
    if (b.s) fputs(b.s, stdout);
    rc = 0;
    goto done;
fail:
    fprintf(stderr, "tla: error: %s\n", e.msg);
    if (strstr(e.msg, "not implemented yet")) rc = 3; /* not built yet: not bad input */
done:
    tla_ix_buf_free(&b);
    tla_hlo_indexing_free(&ix);
    tla_hlo_free(m);
    tla_ix_ctx_free(&c);
    free(text);
    return rc;
}

#endif
