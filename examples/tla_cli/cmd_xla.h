/* examples/tla_cli/cmd_xla.h - `tla xla SHAPE [--offsets]`. */
#ifndef TLA_CLI_CMD_XLA_H
#define TLA_CLI_CMD_XLA_H

#include "common.h"

#define CLI_XLA_MAX_OFFSETS (1 << 20) /* --offsets prints at most this many values */

static const char cli_xla_usage[] =
    "usage: tla xla SHAPE [--offsets]\n"
    "  the TLA layout of an XLA shape string, e.g. tla xla 'f32[3,5]{1,0:T(2,2)}'\n"
    "  --offsets  XLA's linear index of every element (the tiling definition evaluated directly,\n"
    "             so also for tilings no TLA layout expresses), logical coordinates in row-major\n"
    "             order, space-separated, on one line; at most 1048576 (2^20) elements\n"
    "  a layout over merged dimensions (combined '*' tiles) is followed by a note on stderr\n"
    "exit status: 0; 2 for bad input; 3 when the search for a layout stops short (a tiling whose\n"
    "  digits do not split, over 2^20 elements: --offsets still answers)\n";

static int cli_cmd_xla(int argc, char **argv) {
    const char *shape = NULL;
    int offsets = 0, i;
    tla_xla_shape x;
    tla_xla_info info;
    tla_layout L;
    tla_error e;
    int64_t padded = 0;
    for (i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--offsets"))
            offsets = 1;
        else if (!shape)
            shape = argv[i];
        else
            return fprintf(stderr, "tla: error: xla takes one shape (got '%.60s' too)\n", argv[i]), 2;
    }
    if (!shape) return fprintf(stderr, "tla: error: xla needs a shape, e.g. tla xla 'f32[3,5]{1,0:T(2,2)}'\n"), 2;
    if (tla_xla_parse(&x, shape, &e) != 0 || tla_xla_padded_size(&padded, &x, &e) != 0) {
        cli_report(shape, &e);
        return 2;
    }
    if (!offsets) {
        if (tla_layout_from_xla(&L, &info, &x, &e) != 0) {
            cli_report(shape, &e);
            if (x.rank > 0) fputs("  (tla xla --offsets SHAPE prints its linear indices)\n", stderr);
            return strstr(e.msg, TLA_XLA_UNDECIDED) ? 3 : 2; /* 3: a layout may exist, the search stops short */
        }
        tla_layout_fprint(stdout, &L);
        printf("\n");
        if (info.merged) fprintf(stderr, "note: the layout is over the merged dimensions (%d of them)\n", info.rank);
        return 0;
    }
    {
        int64_t total = 1, k;
        for (i = 0; i < x.rank && total >= 0; i++) /* (total <= the cap before each product: no overflow) */
            total =
                x.dims[i] < 0 || (x.dims[i] > 0 && total > CLI_XLA_MAX_OFFSETS / x.dims[i]) ? -1 : total * x.dims[i];
        if (total < 0 || total > CLI_XLA_MAX_OFFSETS) {
            fprintf(
                stderr,
                "tla: error: xla --offsets: the shape has more than %d elements; --offsets prints at most that many\n",
                CLI_XLA_MAX_OFFSETS);
            return 2;
        }
        for (k = 0; k < total; k += 4096) {
            int64_t lins[4096], n = total - k < 4096 ? total - k : 4096, j;
            char text[4096 * 21], *q = text;
            if (tla_xla_linear_indices(lins, &x, k, n, &e) != 0) {
                cli_report(shape, &e);
                return 2;
            }
            for (j = 0; j < n; j++) { /* non-negative: digits backwards, then reversed */
                char d[24];
                int m = 0;
                uint64_t v = (uint64_t)lins[j];
                if (k + j) *q++ = ' ';
                do d[m++] = (char)('0' + v % 10), v /= 10;
                while (v);
                while (m) *q++ = d[--m];
            }
            fwrite(text, 1, (size_t)(q - text), stdout);
        }
        printf("\n");
    }
    return 0;
}

#endif
