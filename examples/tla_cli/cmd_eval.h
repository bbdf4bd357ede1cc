/* examples/tla_cli/cmd_eval.h - `tla eval EXPR...` and `tla eval -` (standard input). */
#ifndef TLA_CLI_CMD_EVAL_H
#define TLA_CLI_CMD_EVAL_H

#include "common.h"

static const char *cli_eval_usage =
    "usage: tla eval EXPR...   evaluate each expression, print each result on its own line\n"
    "       tla eval [-]       read expressions from standard input, one a line; print one\n"
    "                          line per input line, 'error: ...' for a line that fails\n"
    "example: tla eval 'size((4,(2,3)))' 'make_layout_tile(zN(half,32,48), (16,16))'\n"
    "run 'tla help' for the expression syntax and functions\n";

/* Standard input, one expression a line; a failing line prints "error: ...". */
static int cli_eval_stdin(void) {
    static char line[CLI_MAX_LINE];
    char out[4096];
    int status = 0;
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strlen(line);
        tla_error e;
        int too_long = len == sizeof line - 1 && line[len - 1] != '\n';
        if (too_long) {
            int ch;
            while ((ch = getchar()) != EOF && ch != '\n') {
            }
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        if (too_long) {
            printf("error: line longer than %d bytes\n", CLI_MAX_LINE - 2);
            status = 2;
        } else if (line[tla_skip_space(line, 0)] == '\0') {
            printf("\n");
        } else if (cli_eval_to_string(line, out, sizeof out, &e) < 0) {
            printf("error: %s (column %d)\n", e.msg, e.pos + 1);
            status = 2;
        } else {
            printf("%s\n", out);
        }
        fflush(stdout);
    }
    return status;
}

static int cli_cmd_eval(int argc, char **argv) {
    char out[4096];
    int i, status = 0;
    for (i = 0; i < argc; i++)
        if (cli_is_help(argv[i])) return fputs(cli_eval_usage, stdout), 0;
    if (argc == 0 || (argc == 1 && !strcmp(argv[0], "-"))) return cli_eval_stdin();
    for (i = 0; i < argc; i++) { /* like 'eval -': report a failing expression and go on */
        tla_error e;
        if (cli_eval_to_string(argv[i], out, sizeof out, &e) < 0) {
            fflush(stdout);
            cli_report(argv[i], &e);
            status = 2;
            continue;
        }
        printf("%s\n", out);
    }
    return status;
}

#endif
