/* examples/tla_cli/cmd_show.h - `tla show EXPR...`: a layout on one line, then its grid. */
#ifndef TLA_CLI_CMD_SHOW_H
#define TLA_CLI_CMD_SHOW_H

#include "common.h"

static const char cli_show_usage[] =
    "usage: tla show EXPR...\n"
    "  each layout (or shape, or XLA shape string such as 'f32[3,5]{1,0:T(2,2)}') on one line,\n"
    "  then (rank-2 layouts) its grid, the same as CuTe's print_layout.  Where the originShape\n"
    "  differs from the modes' sizes (a padded format, an XLA shape's logical extent) the line\n"
    "  ends in ' origin (ROWS,COLS)' and each padding cell of the grid in '*'\n"
    "examples: tla show '((4,2),(4,3)):((4,16),(1,32))'\n"
    "          tla show 'zN(half, 20, 20)'                # ... origin (20,20), rows and columns 20..31 padding\n"
    "          tla show 'f32[3,5]{1,0:T(2,2)}'            # ((2,2),(2,3)):((2,12),(1,4)) origin (3,5)\n"
    "exit status: 0; 2 for bad input; 3 for an XLA tiling whose layout the search cannot decide\n";

/* An argument that is not an expression may be an XLA shape string: its layout, with the
 * logical dimensions as originShape.  0, or the exit status after the error. */
static int cli_show_layout(const char *arg, int argno, tla_layout *L) {
    cli_value v;
    tla_error e, xe;
    tla_xla_shape x;
    if (cli_eval(arg, &v, &e) != 0) {
        if (tla_xla_parse(&x, arg, &xe) != 0) { /* neither: the expression's error */
            cli_report(arg, &e);
            return 2;
        }
        if (tla_layout_from_xla(L, NULL, &x, &xe) != 0) {
            cli_report(arg, &xe);
            return strstr(xe.msg, TLA_XLA_UNDECIDED) ? 3 : 2; /* as tla xla */
        }
        return 0;
    }
    if (v.kind == CLI_LAYOUT) {
        *L = v.L;
        return 0;
    }
    if (v.kind == CLI_TUPLE && tla_layout_make_compact(L, &v.L.shape, &e) == 0) return 0;
    fprintf(stderr, "tla: error: show needs a layout or a shape, not %s (argument %d)\n", cli_kind_name(&v), argno);
    return 2;
}

static int cli_cmd_show(int argc, char **argv) {
    int i, rc;
    if (argc == 0) {
        fprintf(stderr, "tla: error: show needs a layout, e.g. tla show '(2,3):(3,1)'\n");
        return 2;
    }
    for (i = 0; i < argc; i++) {
        tla_layout L;
        int64_t size = 0;
        if ((rc = cli_show_layout(argv[i], i + 1, &L)) != 0) return rc;
        if (tla_layout_rank(&L) == 2 && !tla_tuple_is_int(&L.shape)) { /* rows + cols + cells: all bounded */
            tla_layout m0, m1;
            int64_t rows = 0, cols = 0;
            int path[2] = {0, 1};
            if (tla_layout_get(&m0, &L, 1, path, NULL) != 0 || tla_layout_get(&m1, &L, 1, path + 1, NULL) != 0
                || tla_layout_size(&rows, &m0, NULL) != 0 || tla_layout_size(&cols, &m1, NULL) != 0
                || tla_layout_size(&size, &L, NULL) != 0 || rows > CLI_MAX_CELLS || cols > CLI_MAX_CELLS
                || size > CLI_MAX_CELLS) {
                fprintf(stderr,
                        "tla: error: layout too large to show as a grid (more than %d rows, columns or cells)\n",
                        CLI_MAX_CELLS);
                return 2;
            }
        }
        if (tla_layout_fprint_grid(stdout, &L) != 0) {
            fprintf(stderr, "tla: error: an offset of the layout overflows int64\n");
            return 2;
        }
    }
    return 0;
}

#endif
