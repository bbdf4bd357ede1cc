/* examples/tla_cli/cmd_show.h - `tla show EXPR...`: a layout on one line, then its grid. */
#ifndef TLA_CLI_CMD_SHOW_H
#define TLA_CLI_CMD_SHOW_H

#include "common.h"

static const char *cli_show_usage =
    "usage: tla show EXPR...   each layout on one line, then (rank-2 layouts) its grid,\n"
    "                          the same as CuTe's print_layout\n"
    "example: tla show '((4,2),(4,3)):((4,16),(1,32))'\n";

static int cli_cmd_show(int argc, char **argv) {
    int i;
    for (i = 0; i < argc; i++)
        if (cli_is_help(argv[i])) return fputs(cli_show_usage, stdout), 0;
    if (argc == 0) {
        fprintf(stderr, "tla: error: show needs a layout, e.g. tla show '(2,3):(3,1)'\n");
        return 2;
    }
    for (i = 0; i < argc; i++) {
        cli_value v;
        tla_layout L;
        tla_error e;
        int64_t size = 0;
        if (cli_eval(argv[i], &v, &e) != 0) {
            cli_report(argv[i], &e);
            return 2;
        }
        if (v.kind == CLI_LAYOUT)
            L = v.L;
        else if (v.kind != CLI_TUPLE || tla_layout_make_compact(&L, &v.L.shape, &e) != 0) {
            fprintf(stderr, "tla: error: show needs a layout or a shape, not %s (argument %d)\n", cli_kind_name(&v),
                    i + 1);
            return 2;
        }
        if (tla_layout_rank(&L) == 2 && !tla_tuple_is_int(&L.shape)) { /* rows + cols + cells: all bounded */
            tla_layout m0, m1;
            int64_t rows = 0, cols = 0;
            int path[2] = {0, 1};
            if (tla_layout_get(&L, 1, path, &m0, NULL) != 0 || tla_layout_get(&L, 1, path + 1, &m1, NULL) != 0
                || tla_layout_size(&m0, &rows, NULL) != 0 || tla_layout_size(&m1, &cols, NULL) != 0
                || tla_layout_size(&L, &size, NULL) != 0 || rows > CLI_MAX_CELLS || cols > CLI_MAX_CELLS
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
