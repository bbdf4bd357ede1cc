/* examples/tla_cli/cmd_hlo.h - `tla hlo FILE [--output K | --to-output K] [--physical]
 * [--simplify]`: the indexing maps of the root instruction of HLO text, as XLA's indexing
 * analysis prints them. */
#ifndef TLA_CLI_CMD_HLO_H
#define TLA_CLI_CMD_HLO_H

#include "cmd_map.h"

static const char *cli_hlo_usage =
    "usage: tla hlo FILE [--output K | --to-output K] [--physical] [--simplify] [--grouped | --by-producer]\n"
    "  the indexing maps of the root instruction of the HLO text in FILE ('-': standard input):\n"
    "  a whole module (HloModule, computations, ENTRY, ROOT) or a bare list of instructions\n"
    "  (the last one is the root).  By default output-to-input, one 'operand id = K' block per\n"
    "  operand, for output 0\n"
    "  --output K     output K of a tuple-shaped root (a variadic reduce, a multi-output fusion)\n"
    "  --to-output K  input-to-output: the maps from operand K to each output\n"
    "  --physical     maps between physical (layout-ordered, major first) dimensions\n"
    "  --simplify     simplify each map (and drop unused symbols) before printing\n"
    "  --grouped      XLA's ComputeGroupedOutputToInputIndexing, the root's computation as the\n"
    "                 fusion: an 'instruction = NAME' block per instruction the root reads, root first\n"
    "  --by-producer  XLA's GroupIndexingMapsByProducers of the root's maps: an 'instruction = NAME'\n"
    "                 block per operand instruction (an operand used twice: one block, both maps)\n"
    "  --epilogue     ComputeEpilogueInputToOutputIndexing: not built yet (exit 3)\n"
    "  the root of an ENTRY computation gets its own maps (XLA's ComputeOutputToInputIndexing),\n"
    "  a fusion root the fused maps; a computation without ENTRY ('f { ... }'), or a bare list\n"
    "  whose root reads other instructions than parameters and constants, is taken as a fusion\n"
    "  body: one block per parameter, the maps composed through the instructions\n"
    "  an all-gather's map is followed by its 'replica id:' map (which replica it reads)\n"
    "  exit 3 for an op whose maps are not built yet (none at the moment)\n"
    "  example: printf 'p0 = f32[4,8] parameter(0)\\nr = f32[32] reshape(p0)\\n' | tla hlo -\n";

static int cli_int_opt(const char *s, int *out) {
    int p = 0, st;
    int64_t v;
    if (tla_parse_int_at(s, &p, &v, &st, NULL) != 0 || s[p] || st || v < 0 || v > 1000000) return -1;
    *out = (int)v;
    return 0;
}

static int cli_cmd_hlo(int argc, char **argv) {
    const char *file = NULL;
    int out_id = 0, to_output = -1, physical = 0, simplify = 0, i, rc = 2, have_out = 0, grouped = 0, by_producer = 0;
    char *text;
    tla_error e;
    tla_hlo_module *m = NULL;
    tla_ix_ctx c;
    tla_hlo_indexing ix;
    tla_ix_buf b = {0};
    const tla_hlo_instr *root;
    for (i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) return fputs(cli_hlo_usage, stdout), 0;
        if (!strcmp(argv[i], "--epilogue"))
            return fprintf(stderr, "tla: --epilogue (XLA's ComputeEpilogueInputToOutputIndexing) is not built in this "
                                   "version\n"),
                   3;
        if (!strcmp(argv[i], "--grouped"))
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
    if (!(text = cli_read_all(file))) return 2;
    tla_ix_ctx_init(&c);
    memset(&ix, 0, sizeof ix);
    if (tla_hlo_read(text, &m, &e) != 0) {
        fprintf(stderr, "tla: error: %s\n", e.msg);
        goto done;
    }
    root = tla_hlo_root(m);
    if (grouped + by_producer + physical + (to_output >= 0) > 1) {
        fprintf(stderr, "tla: error: --grouped, --by-producer, --physical and --to-output exclude each other\n");
        goto done;
    }
    if (grouped || by_producer) { /* one 'instruction = NAME' block per instruction read */
        const tla_hlo_comp *comp = m->entry;
        int first[TLA_HLO_MAX_OPS], k, j;
        tla_hlo_indexing own;
        if (grouped) {
            if (tla_hlo_comp_grouped(&c, comp, out_id, &ix, &e) != 0) goto fail;
        } else {
            if (tla_hlo_output_to_input(&c, root, out_id, &own, &e) != 0) goto fail;
            k = tla_hlo_group_by_producers(root, &own, &ix, first, &e);
            tla_hlo_indexing_free(&own);
            if (k != 0) goto fail;
        }
        if (simplify) tla_hlo_indexing_simplify(&c, &ix);
        for (k = grouped ? ix.n - 1 : 0; grouped ? k >= 0 : k < ix.n; k += grouped ? -1 : 1) {
            if (grouped && ix.sets[k].n == 0) continue;
            tla_ix_buf_put(&b, "instruction = ");
            tla_ix_buf_put(&b, grouped ? comp->instr[k]->name : root->ops[first[k]]->name);
            tla_ix_buf_put(&b, "\n");
            for (j = 0; j < ix.sets[k].n; j++) {
                tla_hlo_opidx_print(&c, &ix.sets[k].v[j], &b);
                tla_ix_buf_put(&b, "\n");
            }
        }
        goto emit;
    }
    if (to_output >= 0) {
        if (tla_hlo_input_to_output(&c, root, to_output, &ix, &e) != 0) goto fail;
        if (physical && tla_hlo_indexing_physical(&c, root, to_output, 1, &ix, &e) != 0) goto fail;
    } else {
        int fused = 0;
        if (tla_hlo_module_output_to_input(&c, m, out_id, &ix, &fused, &e) != 0) goto fail;
        if (physical && fused) {
            fprintf(stderr, "tla: error: --physical needs an ENTRY computation (the layouts of the root's operands)\n");
            goto done;
        }
        if (physical && tla_hlo_indexing_physical(&c, root, out_id, 0, &ix, &e) != 0) goto fail;
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
