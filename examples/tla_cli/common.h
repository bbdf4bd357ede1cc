/* examples/tla_cli/common.h - what the commands share: error reports, --help, and "did you
 * mean" for a misspelt name. */
#ifndef TLA_CLI_COMMON_H
#define TLA_CLI_COMMON_H

#include "expr.h"

#define CLI_MAX_LINE 65536
#define CLI_MAX_CELLS 1000000 /* show: grids with more rows, columns or cells are refused */

/* "tla: error: MSG (column N)", then the expression and a caret. */
static void cli_report(const char *expr, const tla_error *e) {
    int i;
    if (e->pos < 0) { /* no place in the text: the input as a whole */
        fprintf(stderr, "tla: error: %s\n", e->msg);
        return;
    }
    fprintf(stderr, "tla: error: %s (column %d)\n", e->msg, e->pos + 1);
    if (strlen(expr) > 200) return;
    fprintf(stderr, "  %s\n  ", expr);
    for (i = 0; i < e->pos && expr[i]; i++) fputc(expr[i] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

static int cli_is_help(const char *a) { return !strcmp(a, "--help") || !strcmp(a, "-h"); }

#endif
