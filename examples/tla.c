/* examples/tla.c - the `tla` command-line tool.
 *
 *   tla eval 'crd2offset((1,5), ((4,2),(4,3)):((4,16),(1,32)))'     -> 37
 *   tla show '(2,3):(3,1)'                                           -> line + grid
 *   echo 'zN(half, 32, 48)' | tla eval                               -> one line per input line
 *
 * One file per part, all on the public API of tla.h: examples/tla_cli/expr.h (the expression
 * language and its table of functions), common.h, cmd_eval.h, cmd_show.h, cmd_xla.h, cmd_sparse.h, cmd_svg.h.
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

static const char *cli_usage =
    "usage: tla COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  tla eval EXPR...     evaluate each expression, print each result on its own line\n"
    "  tla eval [-]         read expressions from standard input, one a line\n"
    "  tla show EXPR...     each layout on one line, then (rank 2) its grid\n"
    "  tla xla SHAPE        the TLA layout of an XLA shape; --offsets: every element's index\n"
    "  tla sparse ENC [M]   an MLIR sparse tensor encoding in canonical form; with a dense\n"
    "                       matrix M (JSON), its storage as sparse_tensor.print shows it\n"
    "  tla svg EXPR         an SVG picture of a layout (--tile T@C, --modes, --tv M,N, --latex)\n"
    "  tla map EXPR         a layout as an indexing map (--inverse: offset to coordinate)\n"
    "  tla simplify         an indexing map from standard input, simplified (--parse-only)\n"
    "  tla compose          two maps from standard input ('---' between): the composition\n"
    "  tla map-op OP        one of XLA's map utilities on a map from standard input\n"
    "  tla hlo FILE         the indexing maps of HLO text's root instruction (--output K,\n"
    "                       --to-output K, --physical, --simplify)\n"
    "  tla help [COMMAND]   this help; also tla --help, tla COMMAND --help\n"
    "  tla help --functions the names of the expression functions, one a line\n"
    "  tla --version        the version of tla.h\n"
    "\n"
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
    "  tla eval 'zipped_divide(zN(half, 32, 48), [16:1, 16:1])'\n"
    "  printf 'size((4,8))\\ncosize(8:2)\\n' | tla eval\n"
    "\n"
    "exit status: 0 on success, 2 on bad input (message on standard error),\n"
    "3 for a command that is not built yet (none at the moment)\n";

int main(int argc, char **argv) {
    const char *cmd = argc > 1 ? argv[1] : "help";
    static const char *later[] = {NULL}; /* commands announced but not built yet */
    size_t i;
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("tla %s\n", TLA_VERSION_STRING);
        return 0;
    }
    if (!strcmp(cmd, "help") || cli_is_help(cmd)) {
        if (argc > 2 && !strcmp(argv[2], "eval"))
            fputs(cli_eval_usage, stdout);
        else if (argc > 2 && !strcmp(argv[2], "show"))
            fputs(cli_show_usage, stdout);
        else if (argc > 2 && !strcmp(argv[2], "xla"))
            fputs(cli_xla_usage, stdout);
        else if (argc > 2 && !strcmp(argv[2], "sparse"))
            fputs(cli_sparse_usage, stdout);
        else if (argc > 2 && !strcmp(argv[2], "svg"))
            fputs(cli_svg_usage, stdout);
        else if (argc > 2
                 && (!strcmp(argv[2], "map") || !strcmp(argv[2], "simplify") || !strcmp(argv[2], "compose")
                     || !strcmp(argv[2], "map-op")))
            fputs(cli_map_usage, stdout);
        else if (argc > 2 && !strcmp(argv[2], "hlo"))
            fputs(cli_hlo_usage, stdout);
        else if (argc > 2 && !strcmp(argv[2], "--functions")) { /* the table, one name a line */
            for (i = 0; i < sizeof cli_functions / sizeof cli_functions[0]; i++) printf("%s\n", cli_functions[i].name);
        } else if (argc > 2 && strcmp(argv[2], "help") != 0) {
            fprintf(stderr, "tla: error: unknown command '%.60s' (try 'tla help')\n", argv[2]);
            return 2;
        } else
            fputs(cli_usage, argc > 1 ? stdout : stderr);
        return argc > 1 ? 0 : 2;
    }
    if (!strcmp(cmd, "eval")) return cli_cmd_eval(argc - 2, argv + 2);
    if (!strcmp(cmd, "map")) return cli_cmd_map(argc - 2, argv + 2);
    if (!strcmp(cmd, "simplify")) return cli_cmd_simplify(argc - 2, argv + 2);
    if (!strcmp(cmd, "compose")) return cli_cmd_compose(argc - 2, argv + 2);
    if (!strcmp(cmd, "map-op")) return cli_cmd_map_op(argc - 2, argv + 2);
    if (!strcmp(cmd, "hlo")) return cli_cmd_hlo(argc - 2, argv + 2);
    if (!strcmp(cmd, "show")) return cli_cmd_show(argc - 2, argv + 2);
    if (!strcmp(cmd, "xla")) return cli_cmd_xla(argc - 2, argv + 2);
    if (!strcmp(cmd, "sparse")) return cli_cmd_sparse(argc - 2, argv + 2);
    if (!strcmp(cmd, "svg")) return cli_cmd_svg(argc - 2, argv + 2);
    for (i = 0; i < sizeof later / sizeof later[0]; i++)
        if (later[i] && !strcmp(cmd, later[i])) {
            fprintf(stderr, "tla: error: command '%s' is not implemented yet\n", cmd);
            return 3; /* not built yet: not bad input */
        }
    fprintf(stderr, "tla: error: unknown command '%.60s' (try 'tla help')\n", cmd);
    return 2;
}

#endif
