/* examples/tla.c - the `tla` command-line tool.
 *
 *   tla eval 'crd2offset((1,5), ((4,2),(4,3)):((4,16),(1,32)))'     -> 37
 *   tla show '(2,3):(3,1)'                                           -> line + grid
 *   echo 'zN(half, 32, 48)' | tla eval                               -> one line per input line
 *
 * One file per part, all on the public API of tla.h: examples/tla_cli/expr.h (the expression
 * language and its table of functions), common.h, and one cmd_*.h per command (its usage and
 * its cli_cmd_* function).  The table of commands below drives both dispatch and help.
 * Define TLA_NO_MAIN to include this file elsewhere (tests/fuzz_parse.c does) without the
 * commands and main().
 */
#include "tla_cli/expr.h"

#ifndef TLA_NO_MAIN

#include "tla_cli/cmd_eval.h"
#include "tla_cli/cmd_show.h"
#include "tla_cli/cmd_xla.h"
#include "tla_cli/cmd_sparse.h"
#include "tla_cli/cmd_svg.h"
#include "tla_cli/cmd_map.h"
#include "tla_cli/cmd_hlo.h"

static const char cli_help_usage[] =
    "usage: tla help [COMMAND]\n"
    "       tla help --functions\n"
    "       tla COMMAND --help\n"
    "  the help of the tool, or of one command (also tla --help, tla -h, tla COMMAND -h);\n"
    "  --functions: the names of the expression functions, one a line\n";

static const char cli_version_usage[] = "usage: tla --version\n"
                                        "  the version of tla.h (also tla version)\n";

static int cli_cmd_help(int argc, char **argv);
static int cli_cmd_version(int argc, char **argv) {
    (void)argc, (void)argv;
    printf("tla %s\n", TLA_VERSION_STRING);
    return 0;
}

/* The commands: dispatch (name -> run), `tla help` (the synopsis lines at the top of each
 * usage, then its summary) and `tla help COMMAND` / `tla COMMAND --help` (its usage). */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv); /* the arguments after the command's name */
    const char *usage;
    const char *summary; /* one line for `tla help` */
} cli_command;

static const cli_command cli_commands[] = {
    {"eval", cli_cmd_eval, cli_eval_usage,
     "evaluate each expression (or each line of standard input), one result a line"},
    {"show", cli_cmd_show, cli_show_usage, "each layout on one line (its originShape too), then (rank 2) its grid"},
    {"xla", cli_cmd_xla, cli_xla_usage, "the TLA layout of an XLA shape; --offsets: every element's linear index"},
    {"sparse", cli_cmd_sparse, cli_sparse_usage,
     "an MLIR sparse tensor encoding in canonical form; with a dense matrix (JSON), its storage"},
    {"svg", cli_cmd_svg, cli_svg_usage,
     "an SVG picture (or TikZ) of a layout, a TV layout, a copy, sparse storage, a map"},
    {"map", cli_cmd_map, cli_map_usage, "a layout as an indexing map (--inverse: offset to coordinate)"},
    {"simplify", cli_cmd_simplify, cli_simplify_usage, "an indexing map from standard input, simplified"},
    {"compose", cli_cmd_compose, cli_compose_usage, "two maps from standard input ('---' between): their composition"},
    {"map-op", cli_cmd_map_op, cli_map_op_usage, "one of XLA's map utilities on a map from standard input"},
    {"hlo", cli_cmd_hlo, cli_hlo_usage, "the indexing maps of the root instruction of HLO text"},
    {"help", cli_cmd_help, cli_help_usage, "this help, or one command's"},
    {"version", cli_cmd_version, cli_version_usage, "the version of tla.h"},
};
#define CLI_NCOMMANDS (sizeof cli_commands / sizeof cli_commands[0])

static const char cli_expressions[] =
    "expressions:\n"
    "  12  -3  _4 (static)  (4,(2,3))  (6) (rank 1)  Shape:Stride  [tiler,...]  \"string\"\n"
    "  a shape where a layout is expected is its compact column-major layout\n"
    "  size cosize rank depth shape stride get(x, i, ...)\n"
    "  crd2offset(coord, L)  crd2offset(coord, shape, stride)  idx2crd(i, shape)\n"
    "  make_layout_tile(L, shape)  row_major([T,] rows, cols)  column_major([T,] rows, cols)\n"
    "  zN(T, rows, cols) zZ nZ nN (T: half bf16 float int8 int32 f16 f32 s8 s32 e8m0,\n"
    "    and the 4-bit int4 fp4: C0 of 64; fp4 row_major / column_major pad the stride to even)\n"
    "  l0c(rows, cols)  vector(n)  weight4bit_nZ(rows, cols)\n"
    "  MX scales (e8m0, CATLASS's MakeMxScaleLayout): mx_scale_a_row mx_scale_a_col\n"
    "    mx_scale_b_row mx_scale_b_col mx_scale_zZ mx_scale_nN (rows, cols)\n"
    "  convolution: fmap(T, batch, cin1, h, w) (NC1HWC0), filter(T, cin1, kh, kw, cout)\n"
    "    (fractal-Z in GM), filter_l1(T, cin1, kh, kw, cout) (cout rounded up to 16)\n"
    "  flatten coalesce filter right_inverse left_inverse (L)  complement(L[, cosize])\n"
    "  composition logical_divide zipped_divide tiled_divide flat_divide logical_product\n"
    "  zipped_product tiled_product (A, B or [B0,B1,...])  blocked_product raked_product (A, B)\n"
    "  make_layout(L0, L1, ...)  append(L, M)  prepend(L, M)  group(L, begin, end)\n"
    "  select(L, i, ...)  slice((_,2), L) (prints the sub-layout and ' + offset' of its start)\n"
    "  crd2crd(coord, shape[, from_shape])\n"
    "  coordinates are not range-checked: as in CuTe, the last leaf of each mode takes\n"
    "  the rest, so crd2offset((9,9), (4,8):(1,4)) is 9 + 36 = 45\n"
    "  xla(\"f32[3,5]{1,0:T(2,2)}\")  xla_index(\"shape\", coord)  to_xla(L, \"f32\")\n"
    "\n"
    "examples:\n"
    "  tla eval 'crd2offset((1,5), ((4,2),(4,3)):((4,16),(1,32)))'    # 37\n"
    "  tla eval 'zN(half, 32, 48)'        # ((_16,2),(_16,3)):((_16,_256),(_1,512))\n"
    "  tla show '(2,3):(3,1)'\n"
    "  tla show 'zN(half, 20, 20)'        # ... origin (20,20): the padding cells end in '*'\n"
    "  tla eval 'zipped_divide(zN(half, 32, 48), [16:1, 16:1])'\n"
    "  printf 'size((4,8))\\ncosize(8:2)\\n' | tla eval\n"
    "\n"
    "exit status (every command):\n"
    "  0  success\n"
    "  2  bad input or bad usage: a message on standard error starting 'tla: error:' that says\n"
    "     what and where (eval evaluates the other expressions and exits 2 at the end)\n"
    "  3  a feature not built in this version, said on standard error: tla xla (and show) of a\n"
    "     tiling whose layout search stops short (--offsets still answers), tla hlo of an op\n"
    "     whose maps are not built (none at the moment)\n";

/* The top help: each command's synopsis (the "usage:" lines at the top of its usage), its
 * summary, then the expressions, examples and exit statuses. */
static void cli_help_all(FILE *f) {
    size_t i;
    fputs("usage: tla COMMAND [ARGS]      (tla help COMMAND: one command's help)\n\ncommands:\n", f);
    for (i = 0; i < CLI_NCOMMANDS; i++) {
        const char *p = cli_commands[i].usage;
        while (!strncmp(p, "usage: ", 7) || !strncmp(p, "       tla ", 11)) { /* its synopsis lines */
            const char *end = strchr(p, '\n');
            fprintf(f, "  %.*s\n", (int)(end - p - 7), p + 7);
            p = end + 1;
        }
        fprintf(f, "      %s\n", cli_commands[i].summary);
    }
    fputs("\n", f);
    fputs(cli_expressions, f);
}

static const cli_command *cli_find_command(const char *name) {
    size_t i;
    for (i = 0; i < CLI_NCOMMANDS; i++)
        if (!strcmp(name, cli_commands[i].name)) return &cli_commands[i];
    return NULL;
}

static int cli_unknown_command(const char *name) {
    char hint[96];
    cli_did_you_mean(hint, name, cli_commands, CLI_NCOMMANDS, sizeof cli_commands[0]);
    fprintf(stderr, "tla: error: unknown command '%.60s'%s (try 'tla help')\n", name, hint);
    return 2;
}

/* tla help [COMMAND | --functions] */
static int cli_cmd_help(int argc, char **argv) {
    const cli_command *c;
    size_t i;
    if (argc == 0) {
        cli_help_all(stdout);
        return 0;
    }
    if (!strcmp(argv[0], "--functions")) { /* the table, one name a line */
        for (i = 0; i < sizeof cli_functions / sizeof cli_functions[0]; i++) printf("%s\n", cli_functions[i].name);
        return 0;
    }
    if (cli_is_help(argv[0]))
        c = cli_find_command("help");
    else if (!(c = cli_find_command(argv[0])))
        return cli_unknown_command(argv[0]);
    fputs(c->usage, stdout);
    return 0;
}

int main(int argc, char **argv) {
    const cli_command *c;
    int i;
    if (argc < 2) { /* no command: the help, on standard error (a usage error) */
        cli_help_all(stderr);
        return 2;
    }
    if (cli_is_help(argv[1])) return cli_cmd_help(0, NULL);
    if (!strcmp(argv[1], "--version")) return cli_cmd_version(0, NULL);
    if (!(c = cli_find_command(argv[1]))) return cli_unknown_command(argv[1]);
    for (i = 2; i < argc && c->run != cli_cmd_help; i++) /* tla COMMAND ... --help: its usage */
        if (cli_is_help(argv[i])) return fputs(c->usage, stdout), 0;
    return c->run(argc - 2, argv + 2);
}

#endif
