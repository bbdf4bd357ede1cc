/* examples/tla_cli/expr.h - the expression language of `tla eval` and `tla show`: values,
 * the table of functions (cli_functions), and (expr_parse.h, included at the end) a small
 * recursive-descent parser that evaluates as it goes (cli_eval).  Uses only the public API of
 * tla.h. */
#ifndef TLA_CLI_EXPR_H
#define TLA_CLI_EXPR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define TLA_WITH_ALL /* indexing maps, HLO and sparse encodings (opt-in families) */
#include "tla.h"

/* ------------------------------------------------------------------ values */

enum cli_kind { CLI_TUPLE, CLI_LAYOUT, CLI_TILER, CLI_STRING, CLI_NAME };

/* One evaluated expression.  Integers are rank-0 tuples (tla_tuple_is_int).
 * A tiler keeps its printed form in text (it is parsed again where it is used: a
 * tla_tiler is too big for every value on the parser stack). */
typedef struct cli_value {
    enum cli_kind kind;
    tla_layout L; /* CLI_LAYOUT; CLI_TUPLE uses L.shape */
    int64_t offset; /* CLI_LAYOUT from slice: where the sub-layout starts (printed " + offset") */
    char text[256]; /* CLI_TILER (printed), CLI_STRING, CLI_NAME */
    int under; /* a CLI_TUPLE holding a bare `_` (INT64_MIN inside): only slice's coordinate takes it */
} cli_value;

#define CLI_MAX_NEST 32 /* calls/tuples inside one another */
#define CLI_MAX_ARGS 8

typedef struct cli_parser {
    const char *s;
    int p;
    int nest;
    tla_error err;
} cli_parser;

static int cli_fail(cli_parser *P, int pos, const char *msg) {
    P->err.pos = pos;
    snprintf(P->err.msg, sizeof P->err.msg, "%s", msg);
    return -1;
}

/* After a list element: 1 if a ',' follows (consumed), 0 at the closing bracket (not
 * consumed), -1 with an error naming the list otherwise. */
static int cli_list_next(cli_parser *P, char close, const char *what) {
    char m[80];
    P->p = tla_skip_space(P->s, P->p);
    if (P->s[P->p] == ',') {
        P->p++;
        return 1;
    }
    if (P->s[P->p] == close) return 0;
    snprintf(m, sizeof m, "expected ',' or '%c' in %s", close, what);
    return cli_fail(P, P->p, m);
}

/* An error from the library: keep its message, point at pos. */
static int cli_fail_lib(cli_parser *P, int pos, const tla_error *e) {
    P->err = *e;
    P->err.pos = pos;
    return -1;
}

/* ------------------------------------------------------------------ did you mean */

/* The edit distance of a and b: insertions, deletions, substitutions, and swaps of two
 * neighbours ("sise" is 1 from "size", "szie" too); names past 63 bytes are far from all. */
static int cli_distance(const char *a, const char *b) {
    int d[64][64], i, j, n = (int)strlen(a), m = (int)strlen(b);
    if (n > 63 || m > 63) return 64;
    for (i = 0; i <= n; i++) d[i][0] = i;
    for (j = 0; j <= m; j++) d[0][j] = j;
    for (i = 1; i <= n; i++)
        for (j = 1; j <= m; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

/* The name nearest to `name` in a table of n rows, `stride` bytes apart, each starting with its
 * name (a `const char *`), if it is near enough to be a slip: 1 edit for names up to 4 bytes,
 * 2 beyond; NULL otherwise. */
static const char *cli_nearest(const char *name, const void *rows, size_t n, size_t stride) {
    const char *best = NULL;
    int best_d = strlen(name) <= 4 ? 2 : 3;
    size_t i;
    for (i = 0; i < n; i++) {
        const char *cand = *(const char *const *)(const void *)((const char *)rows + i * stride);
        int d = cli_distance(name, cand);
        if (d < best_d) best = cand, best_d = d;
    }
    return best;
}

/* " (did you mean 'X'?)" for the nearest name, or "" (buf: 96 bytes). */
static const char *cli_did_you_mean(char *buf, const char *name, const void *rows, size_t n, size_t stride) {
    const char *near = cli_nearest(name, rows, n, stride);
    buf[0] = '\0';
    if (near) snprintf(buf, 96, " (did you mean '%.60s'?)", near);
    return buf;
}

static int cli_is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int cli_is_alnum(char c) { return cli_is_alpha(c) || tla_is_digit(c); }

static int cli_expr(cli_parser *P, cli_value *out);

/* ------------------------------------------------------------------ helpers for the functions */

static const char *cli_kind_name(const cli_value *v) {
    switch (v->kind) {
    case CLI_TUPLE: return tla_tuple_is_int(&v->L.shape) ? "an integer" : "a tuple";
    case CLI_LAYOUT: return "a layout";
    case CLI_TILER: return "a tiler";
    case CLI_STRING: return "a string";
    default: return "a name";
    }
}

/* Set v to the integer x, static when st. */
static void cli_set_int(cli_value *v, int64_t x, int st) {
    memset(&v->L, 0, sizeof v->L);
    v->kind = CLI_TUPLE;
    v->L.shape = tla_tuple_leaf(x, st);
}

static void cli_set_tuple(cli_value *v, const tla_tuple *t) {
    memset(&v->L, 0, sizeof v->L);
    v->kind = CLI_TUPLE;
    v->L.shape = *t;
}

static void cli_set_layout(cli_value *v, const tla_layout *L) {
    v->kind = CLI_LAYOUT;
    v->L = *L;
    v->offset = 0;
}

/* The call being evaluated: its name, where it starts, its arguments. */
typedef struct cli_call {
    const char *name;
    int pos;
    int n;
    cli_value *arg;
    int *argpos;
} cli_call;

static int cli_arg_fail(cli_parser *P, const cli_call *c, int i, const char *what) {
    char m[120];
    snprintf(m, sizeof m, "%s: argument %d must be %s, not %s", c->name, i + 1, what, cli_kind_name(&c->arg[i]));
    return cli_fail(P, c->argpos[i], m);
}

/* Argument i as a layout; a shape becomes its compact column-major layout. */
static int cli_layout_arg(cli_parser *P, const cli_call *c, int i, tla_layout *L) {
    tla_error e;
    if (c->arg[i].kind == CLI_LAYOUT) {
        *L = c->arg[i].L;
        return 0;
    }
    if (c->arg[i].kind != CLI_TUPLE) return cli_arg_fail(P, c, i, "a layout or a shape");
    if (tla_layout_make_compact(L, &c->arg[i].L.shape, &e) != 0) return cli_fail_lib(P, c->argpos[i], &e);
    return 0;
}

static int cli_tuple_arg(cli_parser *P, const cli_call *c, int i, tla_tuple *t) {
    if (c->arg[i].kind != CLI_TUPLE) return cli_arg_fail(P, c, i, "an integer or a tuple");
    *t = c->arg[i].L.shape;
    return 0;
}

static int cli_int_arg(cli_parser *P, const cli_call *c, int i, int64_t *x, int *st) {
    if (c->arg[i].kind != CLI_TUPLE || !tla_tuple_is_int(&c->arg[i].L.shape))
        return cli_arg_fail(P, c, i, "an integer");
    *x = c->arg[i].L.shape.val[0];
    if (st) *st = (int)(c->arg[i].L.shape.stat & 1u);
    return 0;
}

static int cli_arity(cli_parser *P, const cli_call *c, int lo, int hi, const char *usage) {
    char m[120];
    if (c->n >= lo && c->n <= hi) return 0;
    snprintf(m, sizeof m, "%s takes %s, got %d argument%s", c->name, usage, c->n, c->n == 1 ? "" : "s");
    return cli_fail(P, c->pos, m);
}

/* Arguments 1.. of get/rank/size/... as a path of indices. */
static int cli_path(cli_parser *P, const cli_call *c, int *path) {
    int i;
    for (i = 1; i < c->n; i++) {
        int64_t x = 0;
        if (cli_int_arg(P, c, i, &x, NULL) != 0) return -1;
        if (x < 0 || x >= TLA_MAX_RANK) {
            char m[120];
            snprintf(m, sizeof m, "%s: index %lld is out of range", c->name, (long long)x);
            return cli_fail(P, c->argpos[i], m);
        }
        path[i - 1] = (int)x;
    }
    return 0;
}

/* get(x, i...) for a tuple or a layout, into *out (same kind as x). */
static int cli_get(cli_parser *P, const cli_call *c, cli_value *out) {
    int path[CLI_MAX_ARGS];
    tla_error e;
    cli_value r;
    if (cli_path(P, c, path) != 0) return -1;
    r.kind = c->arg[0].kind;
    if (r.kind == CLI_LAYOUT) {
        if (tla_layout_get(&r.L, &c->arg[0].L, c->n - 1, path, &e) != 0) return cli_fail_lib(P, c->pos, &e);
    } else if (r.kind == CLI_TUPLE) {
        memset(&r.L, 0, sizeof r.L);
        if (tla_tuple_get(&r.L.shape, &c->arg[0].L.shape, c->n - 1, path, &e) != 0) return cli_fail_lib(P, c->pos, &e);
    } else {
        return cli_arg_fail(P, c, 0, "a tuple or a layout");
    }
    *out = r;
    return 0;
}

/* ------------------------------------------------------------------ the functions */

/* An element type name, argument i, as bits (tla_elem_bits: int4 and fp4 are 4 bits). */
static int cli_elem_arg(cli_parser *P, const cli_call *c, int i, int *bits) {
    if (c->arg[i].kind != CLI_NAME || (*bits = tla_elem_bits(c->arg[i].text)) < 0)
        return cli_fail(P, c->argpos[i],
                        "expected an element type: half bf16 float int8 int32 f16 f32 s8 s32 int4 fp4 e8m0");
    return 0;
}

/* The formats: zN(T, rows, cols) .. nN, row_major([T,] rows, cols) (fp4: the leading stride
 * rounded up to even, as CATLASS does), column_major, l0c(rows, cols), vector(n). */
static int cli_format(cli_parser *P, const cli_call *c, enum tla_format f, cli_value *out) {
    int64_t rows = 0, cols = 0;
    int rs = 0, cs = 0, bits = 8, first = 0, flags;
    tla_layout L;
    tla_error e;
    if (f == TLA_ZN || f == TLA_ZZ || f == TLA_NZ || f == TLA_NN /* (arity: cli_functions) */
        || ((f == TLA_ROW_MAJOR || f == TLA_COLUMN_MAJOR) && c->n == 3)) {
        if (cli_elem_arg(P, c, 0, &bits) != 0) return -1;
        first = 1;
    }
    if (cli_int_arg(P, c, first, &rows, &rs) != 0) return -1;
    if (f != TLA_VECTOR && cli_int_arg(P, c, first + 1, &cols, &cs) != 0) return -1;
    flags = (rs ? TLA_ROWS_STATIC : 0) | (cs ? TLA_COLS_STATIC : 0);
    if (first && !strcmp(c->arg[0].text, "fp4")) flags |= TLA_STRIDE_EVEN;
    if (tla_layout_format_bits_ex(&L, f, bits, rows, cols, flags, &e)) return cli_fail_lib(P, c->pos, &e);
    cli_set_layout(out, &L);
    return 0;
}

/* weight4bit_nZ(rows, cols) (op 0), and the MX scales (op 1 + index into cli_mx_kinds). */
static const struct {
    enum tla_format f;
    int is_b;
} cli_mx_kinds[] = {{TLA_ROW_MAJOR, 0},    {TLA_COLUMN_MAJOR, 0}, {TLA_ROW_MAJOR, 1},
                    {TLA_COLUMN_MAJOR, 1}, {TLA_ZZ, 0},           {TLA_NN, 0}};
static int cli_fn_rows_cols(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    int64_t rows = 0, cols = 0;
    int rs = 0, cs = 0, flags, rc;
    tla_layout L;
    tla_error e;
    if (cli_int_arg(P, c, 0, &rows, &rs) != 0 || cli_int_arg(P, c, 1, &cols, &cs) != 0) return -1;
    flags = (rs ? TLA_ROWS_STATIC : 0) | (cs ? TLA_COLS_STATIC : 0);
    rc = op == 0 ? tla_layout_weight4bit_nZ(&L, rows, cols, flags, &e)
                 : tla_layout_mx_scale(&L, cli_mx_kinds[op - 1].f, cli_mx_kinds[op - 1].is_b, rows, cols, flags, &e);
    if (rc != 0) return cli_fail_lib(P, c->pos, &e);
    cli_set_layout(out, &L);
    return 0;
}

/* fmap(T, batch, cin1, h, w) (op 0), filter(T, cin1, kh, kw, cout) (op 1: in GM) and
 * filter_l1(T, ...) (op 2: cout rounded up to 16). */
static int cli_fn_conv(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    int64_t v[4];
    int bits = 0, st = 0, flags = 0, i, rc;
    tla_layout L;
    tla_error e;
    if (cli_elem_arg(P, c, 0, &bits) != 0) return -1;
    if (bits % 8 != 0) return cli_fail(P, c->argpos[0], "the convolution layouts take elements of 1, 2 or 4 bytes");
    for (i = 0; i < 4; i++) {
        if (cli_int_arg(P, c, i + 1, &v[i], &st) != 0) return -1;
        flags |= st << i;
    }
    rc = op == 0 ? tla_layout_fmap(&L, bits / 8, v[0], v[1], v[2], v[3], flags, &e)
                 : tla_layout_conv_filter(&L, bits / 8, v[0], v[1], v[2], v[3], op == 2, flags, &e);
    if (rc != 0) return cli_fail_lib(P, c->pos, &e);
    cli_set_layout(out, &L);
    return 0;
}

/* A tiler's printed modes "[L0,L1,...]" back into layouts (a shape is its compact layout). */
static int cli_tiler_of(const char *text, tla_tiler *T, tla_error *e) {
    char buf[sizeof((cli_value *)0)->text], *start, *q;
    int depth = 0;
    snprintf(buf, sizeof buf, "%s", text + 1);
    buf[strlen(buf) - 1] = ','; /* the ']' */
    T->n = 0;
    for (start = q = buf; *q; q++) {
        if (*q == '(')
            depth++;
        else if (*q == ')')
            depth--;
        else if (*q == ',' && depth == 0) {
            tla_tuple t;
            *q = '\0';
            if (strchr(start, ':') ? tla_layout_parse(&T->mode[T->n], start, e)
                                   : (tla_tuple_parse(&t, start, e) || tla_layout_make_compact(&T->mode[T->n], &t, e)))
                return -1;
            T->n++;
            start = q + 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ the functions, one table
 *
 * Every function of `tla eval` is one row of cli_functions: its name, how many arguments it
 * takes (checked before the handler runs, with the row's usage in the message), the handler
 * and the variant the handler runs.  A handler returns 0 with *out set, or -1 with the error
 * in P.  `tla help` lists the functions; tests/cli.sh checks it names every row. */
typedef struct cli_function {
    const char *name;
    int min_args, max_args;
    const char *usage; /* for "NAME takes USAGE, got N arguments" */
    int (*fn)(cli_parser *P, const cli_call *c, cli_value *out, int op);
    int op;
} cli_function;

enum { CLI_Q_SIZE, CLI_Q_COSIZE, CLI_Q_RANK, CLI_Q_DEPTH, CLI_Q_SHAPE, CLI_Q_STRIDE, CLI_Q_GET };

/* size/cosize/rank/depth/shape/stride/get(x, i, j...): of get(x, i, j...). */
static int cli_fn_query(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    cli_value sub;
    tla_layout L;
    tla_error e;
    int64_t x = 0;
    if (cli_get(P, c, &sub) != 0) return -1;
    if (op == CLI_Q_GET) {
        *out = sub;
        return 0;
    }
    if (op == CLI_Q_RANK || op == CLI_Q_DEPTH) {
        cli_set_int(out, op == CLI_Q_RANK ? tla_tuple_rank(&sub.L.shape) : tla_tuple_depth(&sub.L.shape), 0);
        return 0;
    }
    if (sub.kind == CLI_LAYOUT)
        L = sub.L;
    else if (tla_layout_make_compact(&L, &sub.L.shape, &e) != 0)
        return cli_fail_lib(P, c->pos, &e);
    if (op == CLI_Q_SIZE) {
        if (tla_layout_size(&x, &L, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        cli_set_int(out, x, tla_tuple_all_static(&L.shape));
    } else if (op == CLI_Q_COSIZE) {
        if (tla_layout_cosize(&x, &L, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        cli_set_int(out, x, tla_tuple_all_static(&L.shape) && tla_tuple_all_static(&L.stride));
    } else {
        cli_set_tuple(out, op == CLI_Q_SHAPE ? &L.shape : &L.stride);
    }
    return 0;
}

static int cli_fn_crd2offset(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_layout L;
    tla_tuple t, u, w;
    tla_error e;
    int64_t x = 0;
    (void)op;
    if (cli_tuple_arg(P, c, 0, &t) != 0) return -1;
    if (c->n == 2) {
        if (cli_layout_arg(P, c, 1, &L) != 0) return -1;
    } else {
        if (cli_tuple_arg(P, c, 1, &u) != 0 || cli_tuple_arg(P, c, 2, &w) != 0) return -1;
        if (tla_layout_make(&L, &u, &w, &e) != 0) return cli_fail_lib(P, c->argpos[2], &e);
    }
    if (tla_layout_crd2offset(&x, &L, &t, &e) != 0) return cli_fail_lib(P, c->pos, &e);
    cli_set_int(out, x, tla_tuple_all_static(&t) && tla_tuple_all_static(&L.shape) && tla_tuple_all_static(&L.stride));
    return 0;
}

static int cli_fn_idx2crd(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_tuple t, u;
    tla_error e;
    int64_t x = 0;
    (void)op;
    if (cli_int_arg(P, c, 0, &x, NULL) != 0) return -1;
    if (c->arg[1].kind == CLI_LAYOUT)
        u = c->arg[1].L.shape;
    else if (cli_tuple_arg(P, c, 1, &u) != 0)
        return -1;
    if (tla_tuple_idx2crd(&t, &u, x, &e) != 0) return cli_fail_lib(P, c->pos, &e);
    cli_set_tuple(out, &t);
    return 0;
}

static int cli_fn_crd2crd(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_tuple t, u, w;
    tla_error e;
    (void)op;
    if (cli_tuple_arg(P, c, 0, &t) != 0 || cli_tuple_arg(P, c, 1, &u) != 0
        || (c->n == 3 && cli_tuple_arg(P, c, 2, &w) != 0))
        return -1;
    if (tla_crd2crd(&t, &t, &u, c->n == 3 ? &w : NULL, &e) != 0) return cli_fail_lib(P, c->pos, &e);
    cli_set_tuple(out, &t);
    return 0;
}

/* A layout result of a library call: done, or the library's error. */
static int cli_layout_result(cli_parser *P, const cli_call *c, cli_value *out, int rc, const tla_layout *R,
                             const tla_error *e) {
    if (rc != 0) return cli_fail_lib(P, c->pos, e);
    cli_set_layout(out, R);
    return 0;
}

static int cli_fn_make_layout_tile(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_layout L, R;
    tla_tuple t;
    tla_error e;
    (void)op;
    if (cli_layout_arg(P, c, 0, &L) != 0 || cli_tuple_arg(P, c, 1, &t) != 0) return -1;
    return cli_layout_result(P, c, out, tla_layout_make_tile(&R, &L, &t, &e), &R, &e);
}

/* f(L) for the one-layout operations. */
static int (*const cli_unary_ops[])(tla_layout *, const tla_layout *, tla_error *) = {
    tla_flatten, tla_coalesce, tla_filter, tla_right_inverse, tla_left_inverse};
static int cli_fn_unary(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_layout A, R;
    tla_error e;
    if (op == 2 && c->n != 1) { /* filter(T, cin1, kh, kw, cout): the convolution filter */
        if (c->n != 5) return cli_fail(P, c->pos, "filter takes 1 argument (a layout) or 5 (T, cin1, kh, kw, cout)");
        return cli_fn_conv(P, c, out, 1);
    }
    if (cli_layout_arg(P, c, 0, &A) != 0) return -1;
    return cli_layout_result(P, c, out, cli_unary_ops[op](&R, &A, &e), &R, &e);
}

/* f(A, B) and, where the library has one, f(A, [B0,B1,...]) with a by-mode tiler. */
static const struct {
    int (*plain)(tla_layout *, const tla_layout *, const tla_layout *, tla_error *);
    int (*tiler)(tla_layout *, const tla_layout *, const tla_tiler *, tla_error *);
} cli_binary_ops[] = {
    {tla_composition, tla_composition_tiler},
    {tla_logical_divide, tla_logical_divide_tiler},
    {tla_zipped_divide, tla_zipped_divide_tiler},
    {tla_tiled_divide, tla_tiled_divide_tiler},
    {tla_flat_divide, tla_flat_divide_tiler},
    {tla_logical_product, tla_logical_product_tiler},
    {tla_zipped_product, tla_zipped_product_tiler},
    {tla_tiled_product, tla_tiled_product_tiler},
    {tla_blocked_product, NULL},
    {tla_raked_product, NULL},
    {tla_append, NULL},
    {tla_prepend, NULL},
};
static int cli_fn_binary(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_layout A, B, R;
    tla_tiler T;
    tla_error e;
    if (cli_layout_arg(P, c, 0, &A) != 0) return -1;
    if (c->arg[1].kind == CLI_TILER) {
        if (!cli_binary_ops[op].tiler) return cli_arg_fail(P, c, 1, "a layout");
        if (cli_tiler_of(c->arg[1].text, &T, &e) != 0) return cli_fail_lib(P, c->argpos[1], &e);
        return cli_layout_result(P, c, out, cli_binary_ops[op].tiler(&R, &A, &T, &e), &R, &e);
    }
    if (cli_layout_arg(P, c, 1, &B) != 0) return -1;
    return cli_layout_result(P, c, out, cli_binary_ops[op].plain(&R, &A, &B, &e), &R, &e);
}

static int cli_fn_complement(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_layout A, R;
    tla_error e;
    int64_t x = 0;
    (void)op;
    if (cli_layout_arg(P, c, 0, &A) != 0) return -1;
    if (c->n == 2 && cli_int_arg(P, c, 1, &x, NULL) != 0) return -1;
    if (c->n == 2 && x < 1) return cli_fail(P, c->argpos[1], "complement: the cosize must be at least 1");
    return cli_layout_result(P, c, out, tla_complement(&R, &A, c->n == 2 ? x : 0, &e), &R, &e);
}

static int cli_fn_make_layout(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_layout modes[CLI_MAX_ARGS], R;
    tla_error e;
    int i;
    (void)op;
    for (i = 0; i < c->n; i++)
        if (cli_layout_arg(P, c, i, &modes[i]) != 0) return -1;
    return cli_layout_result(P, c, out, tla_layout_make_of(&R, c->n, modes, &e), &R, &e);
}

static int cli_fn_group(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_layout A, R;
    tla_error e;
    int64_t x = 0, y = 0;
    (void)op;
    if (cli_layout_arg(P, c, 0, &A) != 0 || cli_int_arg(P, c, 1, &x, NULL) != 0 || cli_int_arg(P, c, 2, &y, NULL) != 0)
        return -1;
    if (x < 0 || x > TLA_MAX_RANK || y < 0 || y > TLA_MAX_RANK) /* before the casts to int */
        return cli_fail(P, c->argpos[x < 0 || x > TLA_MAX_RANK ? 1 : 2], "group: modes out of range");
    return cli_layout_result(P, c, out, tla_group(&R, &A, (int)x, (int)y, &e), &R, &e);
}

static int cli_fn_select(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_layout A, R;
    tla_error e;
    int64_t x = 0;
    int i, idx[CLI_MAX_ARGS];
    (void)op;
    if (cli_layout_arg(P, c, 0, &A) != 0) return -1;
    for (i = 1; i < c->n; i++) {
        if (cli_int_arg(P, c, i, &x, NULL) != 0) return -1;
        if (x < 0 || x >= TLA_MAX_RANK) return cli_fail(P, c->argpos[i], "select: mode index out of range");
        idx[i - 1] = (int)x;
    }
    return cli_layout_result(P, c, out, tla_select(&R, &A, c->n - 1, idx, &e), &R, &e);
}

static int cli_fn_slice(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_layout A, R;
    tla_tuple t;
    tla_error e;
    int64_t x = 0;
    (void)op;
    if (cli_tuple_arg(P, c, 0, &t) != 0 || cli_layout_arg(P, c, 1, &A) != 0) return -1;
    if (tla_slice(&R, &x, &A, &t, &e) != 0) return cli_fail_lib(P, c->pos, &e);
    cli_set_layout(out, &R);
    out->offset = x; /* CuTe's slice_and_offset: the sub-layout starts at offset x */
    return 0;
}

/* xla("shape") (op 0) and xla_index("shape", coord) (op 1). */
static int cli_fn_xla(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_xla_shape x;
    tla_layout L;
    tla_error e;
    if (c->arg[0].kind != CLI_STRING) return cli_arg_fail(P, c, 0, "a string (an XLA shape)");
    if (tla_xla_parse(&x, c->arg[0].text, &e) != 0) {
        e.pos = c->argpos[0] + 1 + (e.pos > 0 ? e.pos : 0);
        P->err = e;
        return -1;
    }
    if (op == 0) {
        if (tla_layout_from_xla(&L, NULL, &x, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        cli_set_layout(out, &L);
    } else {
        tla_tuple t;
        int64_t lin = 0;
        if (cli_tuple_arg(P, c, 1, &t) != 0) return -1;
        if (t.nleaf != x.rank || tla_tuple_depth(&t) > 1)
            return cli_fail(P, c->argpos[1], "xla_index: the coordinate needs one integer per dimension");
        if (tla_xla_linear_index(&lin, &x, t.val, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        cli_set_int(out, lin, 0);
    }
    return 0;
}

static int cli_fn_to_xla(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    tla_xla_shape x;
    tla_xla_type ty;
    tla_layout L;
    tla_error e;
    const char *tn;
    (void)op;
    if (cli_layout_arg(P, c, 0, &L) != 0) return -1;
    if (c->arg[1].kind != CLI_STRING && c->arg[1].kind != CLI_NAME)
        return cli_arg_fail(P, c, 1, "an element type (\"f32\", \"bf16\", ...)");
    tn = c->arg[1].text;
    if (tla_xla_type_from_name(tn, strlen(tn), &ty) != 0) return cli_fail(P, c->argpos[1], "unknown XLA element type");
    if (tla_xla_from_layout(&x, &L, ty, &e) != 0) return cli_fail_lib(P, c->pos, &e);
    out->kind = CLI_STRING;
    tla_xla_snprint(out->text, sizeof out->text, &x);
    return 0;
}

static int cli_fn_format(cli_parser *P, const cli_call *c, cli_value *out, int op) {
    return cli_format(P, c, (enum tla_format)op, out);
}

#define CLI_N CLI_MAX_ARGS
static const cli_function cli_functions[] = {
    {"size", 1, CLI_N, "a tuple or layout and indices", cli_fn_query, CLI_Q_SIZE},
    {"cosize", 1, CLI_N, "a tuple or layout and indices", cli_fn_query, CLI_Q_COSIZE},
    {"rank", 1, CLI_N, "a tuple or layout and indices", cli_fn_query, CLI_Q_RANK},
    {"depth", 1, CLI_N, "a tuple or layout and indices", cli_fn_query, CLI_Q_DEPTH},
    {"shape", 1, CLI_N, "a tuple or layout and indices", cli_fn_query, CLI_Q_SHAPE},
    {"stride", 1, CLI_N, "a tuple or layout and indices", cli_fn_query, CLI_Q_STRIDE},
    {"get", 2, CLI_N, "a tuple or layout and indices", cli_fn_query, CLI_Q_GET},
    {"crd2offset", 2, 3, "(coord, layout) or (coord, shape, stride)", cli_fn_crd2offset, 0},
    {"idx2crd", 2, 2, "2 arguments (index, shape)", cli_fn_idx2crd, 0},
    {"crd2crd", 2, 3, "(coord, target shape[, source shape])", cli_fn_crd2crd, 0},
    {"make_layout_tile", 2, 2, "2 arguments (layout, tile shape)", cli_fn_make_layout_tile, 0},
    {"row_major", 2, 3, "([T,] rows, cols)", cli_fn_format, TLA_ROW_MAJOR},
    {"column_major", 2, 3, "([T,] rows, cols)", cli_fn_format, TLA_COLUMN_MAJOR},
    {"zN", 3, 3, "3 arguments (T, rows, cols)", cli_fn_format, TLA_ZN},
    {"zZ", 3, 3, "3 arguments (T, rows, cols)", cli_fn_format, TLA_ZZ},
    {"nZ", 3, 3, "3 arguments (T, rows, cols)", cli_fn_format, TLA_NZ},
    {"nN", 3, 3, "3 arguments (T, rows, cols)", cli_fn_format, TLA_NN},
    {"l0c", 2, 2, "2 arguments (rows, cols)", cli_fn_format, TLA_L0C},
    {"vector", 1, 1, "1 argument (n)", cli_fn_format, TLA_VECTOR},
    {"weight4bit_nZ", 2, 2, "2 arguments (rows, cols)", cli_fn_rows_cols, 0},
    {"mx_scale_a_row", 2, 2, "2 arguments (rows, cols)", cli_fn_rows_cols, 1},
    {"mx_scale_a_col", 2, 2, "2 arguments (rows, cols)", cli_fn_rows_cols, 2},
    {"mx_scale_b_row", 2, 2, "2 arguments (rows, cols)", cli_fn_rows_cols, 3},
    {"mx_scale_b_col", 2, 2, "2 arguments (rows, cols)", cli_fn_rows_cols, 4},
    {"mx_scale_zZ", 2, 2, "2 arguments (rows, cols)", cli_fn_rows_cols, 5},
    {"mx_scale_nN", 2, 2, "2 arguments (rows, cols)", cli_fn_rows_cols, 6},
    {"fmap", 5, 5, "5 arguments (T, batch, cin1, h, w)", cli_fn_conv, 0},
    {"filter_l1", 5, 5, "5 arguments (T, cin1, kh, kw, cout)", cli_fn_conv, 2},
    {"flatten", 1, 1, "1 argument (a layout)", cli_fn_unary, 0},
    {"coalesce", 1, 1, "1 argument (a layout)", cli_fn_unary, 1},
    {"filter", 1, 5, "(a layout) or (T, cin1, kh, kw, cout)", cli_fn_unary, 2},
    {"right_inverse", 1, 1, "1 argument (a layout)", cli_fn_unary, 3},
    {"left_inverse", 1, 1, "1 argument (a layout)", cli_fn_unary, 4},
    {"composition", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 0},
    {"logical_divide", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 1},
    {"zipped_divide", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 2},
    {"tiled_divide", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 3},
    {"flat_divide", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 4},
    {"logical_product", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 5},
    {"zipped_product", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 6},
    {"tiled_product", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 7},
    {"blocked_product", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 8},
    {"raked_product", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 9},
    {"append", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 10},
    {"prepend", 2, 2, "2 arguments (a layout, and a layout or tiler)", cli_fn_binary, 11},
    {"complement", 1, 2, "(layout) or (layout, cosize)", cli_fn_complement, 0},
    {"make_layout", 1, CLI_N, "1 to 8 layouts", cli_fn_make_layout, 0},
    {"group", 3, 3, "3 arguments (layout, begin, end)", cli_fn_group, 0},
    {"select", 2, CLI_N, "a layout and mode indices", cli_fn_select, 0},
    {"slice", 2, 2, "2 arguments (coordinate with _, layout)", cli_fn_slice, 0},
    {"xla", 1, 1, "1 argument (\"shape\")", cli_fn_xla, 0},
    {"xla_index", 2, 2, "2 arguments (\"shape\", coordinate)", cli_fn_xla, 1},
    {"to_xla", 2, 2, "2 arguments (layout, \"element type\")", cli_fn_to_xla, 0},
};
#undef CLI_N

static int cli_apply(cli_parser *P, const cli_call *c, cli_value *out) {
    size_t i;
    char m[192], hint[96];
    for (i = 0; i < sizeof cli_functions / sizeof cli_functions[0]; i++) {
        const cli_function *F = &cli_functions[i];
        if (strcmp(c->name, F->name) != 0) continue;
        if (cli_arity(P, c, F->min_args, F->max_args, F->usage) != 0) return -1;
        for (i = 0; i < (size_t)c->n; i++) /* `_` is not a number: it must not leak into results */
            if (c->arg[i].under && (F->fn != cli_fn_slice || i != 0))
                return cli_fail(P, c->argpos[i], "'_' (a whole mode) is only allowed in slice's coordinate");
        return F->fn(P, c, out, F->op);
    }
    snprintf(m, sizeof m, "unknown function '%.60s'%s", c->name,
             cli_did_you_mean(hint, c->name, cli_functions, sizeof cli_functions / sizeof cli_functions[0],
                              sizeof cli_functions[0]));
    return cli_fail(P, c->pos, m);
}

#include "expr_parse.h" /* the parser: calls, tuples, tilers, primaries, cli_eval */

#endif
