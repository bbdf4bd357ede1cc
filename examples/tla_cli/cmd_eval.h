/* examples/tla_cli/cmd_eval.h - `tla eval EXPR...` and `tla eval -` (standard input). */
#ifndef TLA_CLI_CMD_EVAL_H
#define TLA_CLI_CMD_EVAL_H

#include "common.h"

static const char cli_eval_usage[] =
    "usage: tla eval EXPR...\n"
    "       tla eval [-]\n"
    "  evaluate each expression, print each result on its own line; without expressions (or\n"
    "  with '-') read them from standard input, one a line, and print one line per input line,\n"
    "  'error: ...' for a line that fails\n"
    "example: tla eval 'size((4,(2,3)))' 'make_layout_tile(zN(half,32,48), (16,16))'\n"
    "run 'tla help' for the expression syntax and functions\n"
    "exit status: 0; 2 when an expression fails (the others are still evaluated and printed)\n";

/* Standard input, one expression a line; a failing line prints "error: ...".  Exactly one
 * output line per input line, whatever the bytes: a line longer than CLI_MAX_LINE - 2 bytes or
 * holding a NUL byte is one error line (the NUL would otherwise cut the line in two). */
static int cli_eval_stdin(void) {
    static char line[CLI_MAX_LINE];
    char out[4096];
    int status = 0, ch = 0;
    while (ch != EOF) {
        size_t len = 0;
        int nul = 0, too_long = 0, any = 0;
        tla_error e;
        while ((ch = getchar()) != EOF && ch != '\n') {
            any = 1;
            nul |= ch == '\0';
            if (len < sizeof line - 2)
                line[len++] = (char)ch;
            else
                too_long = 1;
        }
        if (!any && ch == EOF) break; /* the end, after a final newline (or an empty input) */
        line[len] = '\0';
        while (len > 0 && line[len - 1] == '\r') line[--len] = '\0';
        if (too_long || nul) {
            if (too_long)
                printf("error: line longer than %d bytes\n", CLI_MAX_LINE - 2);
            else
                printf("error: a NUL byte in the line\n");
            status = 2;
        } else if (line[tla_skip_space(line, 0)] == '\0') {
            printf("\n");
        } else if (cli_eval_to_string(line, out, sizeof out, &e) < 0) {
            if (e.pos < 0)
                printf("error: %s\n", e.msg);
            else
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
