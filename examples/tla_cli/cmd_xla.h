/* examples/tla_cli/cmd_xla.h - `tla xla SHAPE [--offsets]`. */
#ifndef TLA_CLI_CMD_XLA_H
#define TLA_CLI_CMD_XLA_H

#include "common.h"

static const char *cli_xla_usage =
    "usage: tla xla SHAPE [--offsets]\n"
    "  the TLA layout of an XLA shape string, e.g. tla xla 'f32[3,5]{1,0:T(2,2)}'\n"
    "  --offsets  crd2offset (XLA's linear index) of every element, logical coordinates in\n"
    "             row-major order, space-separated, on one line\n"
    "  a layout over merged dimensions (combined '*' tiles) is followed by a note on stderr\n";

static int cli_cmd_xla(int argc, char **argv) {
    const char *shape = NULL;
    int offsets = 0, i;
    tla_xla_shape x;
    tla_xla_info info;
    tla_layout L;
    tla_error e;
    for (i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) return fputs(cli_xla_usage, stdout), 0;
        if (!strcmp(argv[i], "--offsets"))
            offsets = 1;
        else if (!shape)
            shape = argv[i];
        else
            return fprintf(stderr, "tla: error: xla takes one shape (got '%.60s' too)\n", argv[i]), 2;
    }
    if (!shape) return fprintf(stderr, "tla: error: xla needs a shape, e.g. tla xla 'f32[3,5]{1,0:T(2,2)}'\n"), 2;
    if (tla_xla_parse(shape, &x, &e) != 0 || tla_xla_to_layout(&x, &L, &info, &e) != 0) {
        cli_report(shape, &e);
        return 2;
    }
    if (!offsets) {
        tla_layout_fprint(stdout, &L);
        printf("\n");
        if (info.merged) fprintf(stderr, "note: the layout is over the merged dimensions (%d of them)\n", info.rank);
        return 0;
    }
    {
        int64_t idx[TLA_XLA_MAX_RANK] = {0}, total = 1, k, lin = 0;
        for (i = 0; i < x.rank; i++) total *= x.dims[i];
        for (k = 0; k < total; k++) {
            int64_t rem = k;
            for (i = x.rank - 1; i >= 0; i--) idx[i] = rem % x.dims[i], rem /= x.dims[i];
            if (tla_xla_linear_index(&x, idx, &lin, &e) != 0) {
                cli_report(shape, &e);
                return 2;
            }
            printf(k ? " %lld" : "%lld", (long long)lin);
        }
        printf("\n");
    }
    return 0;
}

#endif
