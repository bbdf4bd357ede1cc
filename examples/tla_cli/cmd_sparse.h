/* examples/tla_cli/cmd_sparse.h - `tla sparse ENCODING [MATRIX]`: MLIR's sparse tensor encodings and their storage. */
#ifndef TLA_CLI_CMD_SPARSE_H
#define TLA_CLI_CMD_SPARSE_H

#include <stdlib.h>
#include "common.h"

#define CLI_SPARSE_MAX_ELEMS 1000000 /* dense elements of MATRIX */

static const char cli_sparse_usage[] =
    "usage: tla sparse ENCODING [--type TENSOR_TYPE] [MATRIX]\n"
    "  ENCODING  an MLIR sparse tensor encoding, '#sparse_tensor.encoding<{ map = ... }>'\n"
    "            (an '#NAME = ' prefix, comments and line breaks are fine)\n"
    "  without MATRIX: the encoding verified and printed in MLIR's canonical form\n"
    "  MATRIX    a dense tensor as a JSON nested list ([[1,2,0],[0,3,0]], any rank): its storage\n"
    "            under the encoding, printed as MLIR's sparse_tensor.print does\n"
    "  at most 1000000 elements; the level space (blocks included) at most 2^28 points\n"
    "  --type    a tensor type, 'tensor<8x?xf32>': the encoding checked against it as MLIR's\n"
    "            verifyEncoding does (rank, explicitVal / implicitVal element types)\n"
    "examples:\n"
    "  tla sparse '#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>'\n"
    "  tla sparse '#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense,\n"
    "      j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>' \\\n"
    "      '[[1,2,0,0,4,0],[0,3,0,0,0,5],[0,0,6,7,0,0],[0,0,8,0,0,0]]'\n"
    "exit status: 0; 2 for bad input\n";

typedef struct cli_tensor {
    int rank;
    int64_t dims[TLA_SPARSE_MAX_RANK];
    int64_t n, cap;
    double *v;
} cli_tensor;

/* A JSON nested list of numbers, rectangular, rank 1 to 8; values into t->v (grown with realloc). */
static int cli_json_tensor(const char *s, cli_tensor *t, tla_error *e) {
    int p = 0, depth = 0;
    int64_t count[TLA_SPARSE_MAX_RANK + 1] = {0};
    char cb[16];
    t->rank = -1, t->n = 0;
    for (;;) {
        p = tla_skip_space(s, p);
        if (s[p] == '[') {
            if (depth == TLA_SPARSE_MAX_RANK)
                return tla_error_set(e, p, "the matrix nests deeper than %d levels", TLA_SPARSE_MAX_RANK);
            if (t->rank >= 0 && depth >= t->rank)
                return tla_error_set(e, p, "expected a number at depth %d, found '['", depth);
            count[++depth] = 0, p++;
            p = tla_skip_space(s, p);
            if (s[p] == ']') return tla_error_set(e, p, "empty list (every dimension needs at least one element)");
            continue;
        }
        if (depth == 0)
            return tla_error_set(e, p, "expected '[' (a JSON nested list), found %s", tla_char_name(s, p, cb));
        if (t->rank < 0) t->rank = depth;
        if (depth != t->rank)
            return tla_error_set(e, p, "expected '[' at depth %d (the matrix is not rectangular)", depth);
        {
            char *end;
            double v;
            if (!(s[p] == '-' || tla_is_digit(s[p])))
                return tla_error_set(e, p, "expected a number or '[', found %s", tla_char_name(s, p, cb));
            v = strtod(s + p, &end);
            if (end == s + p || v != v || v - v != 0) return tla_error_set(e, p, "expected a finite number");
            if (t->n == CLI_SPARSE_MAX_ELEMS) return tla_error_set(e, p, "more than %d elements", CLI_SPARSE_MAX_ELEMS);
            if (t->n == t->cap) {
                double *nv = (double *)realloc(t->v, (size_t)(t->cap ? 2 * t->cap : 64) * sizeof *nv);
                if (!nv) return tla_error_set(e, p, "out of memory");
                t->v = nv, t->cap = t->cap ? 2 * t->cap : 64;
            }
            t->v[t->n++] = v;
            p = (int)(end - s);
        }
        for (;;) { /* after a value: ',' or close lists */
            count[depth]++;
            p = tla_skip_space(s, p);
            if (s[p] == ',') {
                p++;
                break;
            }
            if (s[p] != ']') return tla_error_set(e, p, "expected ',' or ']', found %s", tla_char_name(s, p, cb));
            p++;
            if (t->dims[depth - 1] == 0) t->dims[depth - 1] = count[depth];
            if (count[depth] != t->dims[depth - 1])
                return tla_error_set(
                    e, p - 1, "dimension %d has %lld elements here but %lld before (the matrix is not rectangular)",
                    depth - 1, (long long)count[depth], (long long)t->dims[depth - 1]);
            if (--depth == 0) {
                p = tla_skip_space(s, p);
                if (s[p]) return tla_error_set(e, p, "unexpected %s after the matrix", tla_char_name(s, p, cb));
                return 0;
            }
        }
    }
}

/* MATRIX (JSON) packed under enc into *st: t->v and *mem are the caller's to free (also on
 * error, when they may be NULL); prints the error and returns -1. */
static int cli_sparse_pack(const tla_sparse_encoding *enc, const char *matrix, cli_tensor *t, void **mem,
                           tla_sparse_storage *st) {
    tla_error e;
    size_t bytes = 0;
    memset(t, 0, sizeof *t);
    *mem = NULL;
    if (cli_json_tensor(matrix, t, &e) != 0) {
        fprintf(stderr, "tla: error: matrix: %s (column %d)\n", e.msg, e.pos + 1);
    } else if (t->rank != enc->dim_rank) {
        fprintf(stderr, "tla: error: the encoding has %d dimensions but the matrix has rank %d\n", enc->dim_rank,
                t->rank);
    } else if (tla_sparse_size(&bytes, enc, t->rank, t->dims, t->v, &e) != 0 || !(*mem = malloc(bytes ? bytes : 8))
               || tla_sparse_pack(st, *mem, bytes, enc, t->rank, t->dims, t->v, &e) != 0) {
        fprintf(stderr, "tla: error: %s\n", *mem || bytes == 0 ? e.msg : "out of memory");
    } else
        return 0;
    return -1;
}

static int cli_cmd_sparse(int argc, char **argv) {
    const char *args[2] = {NULL, NULL};
    int n = 0, i, rc = 2;
    tla_sparse_encoding enc;
    tla_sparse_storage st;
    cli_tensor t;
    tla_error e;
    void *mem = NULL;
    const char *type = NULL;
    for (i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--type")) {
            if (i + 1 == argc)
                return fprintf(stderr, "tla: error: --type needs a tensor type, e.g. 'tensor<8x8xf32>'\n"), 2;
            type = argv[++i];
            continue;
        }
        if (n == 2)
            return fprintf(stderr, "tla: error: sparse takes an encoding and a matrix (got '%.60s' too)\n", argv[i]), 2;
        args[n++] = argv[i];
    }
    if (n == 0)
        return fprintf(stderr, "tla: error: sparse needs an encoding, e.g. tla sparse '#sparse_tensor.encoding<{ map = "
                               "(i) -> (i : compressed) }>'\n"),
               2;
    if (tla_sparse_parse_ex(&enc, args[0], !type, &e) != 0) {
        cli_report(args[0], &e);
        return 2;
    }
    if (type && tla_sparse_verify_type(&enc, type, &e) != 0) {
        if (e.pos >= 0)
            fprintf(stderr, "tla: error: --type: %s (column %d)\n", e.msg, e.pos + 1);
        else
            fprintf(stderr, "tla: error: %s\n", e.msg);
        return 2;
    }
    if (n == 1) {
        char buf[4096];
        if (tla_sparse_snprint(buf, sizeof buf, &enc) >= (int)sizeof buf)
            return fprintf(stderr, "tla: error: the encoding prints longer than %d bytes\n", (int)sizeof buf), 2;
        printf("%s\n", buf);
        return 0;
    }
    if (cli_sparse_pack(&enc, args[1], &t, &mem, &st) == 0) {
        for (i = 0; i < t.rank && enc.has_slices; i++)
            if (enc.slice[i][1] != TLA_SPARSE_DYNAMIC && enc.slice[i][1] != t.dims[i]) {
                fprintf(stderr, "tla: error: dimension %d of the matrix has %lld elements, its slice %lld\n", i,
                        (long long)t.dims[i], (long long)enc.slice[i][1]);
                break;
            }
        if (i == t.rank || !enc.has_slices) tla_sparse_fprint(stdout, &st), rc = 0;
    }
    free(mem);
    free(t.v);
    return rc;
}

#endif
