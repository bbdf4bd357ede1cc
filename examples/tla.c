/* examples/tla.c - the `tla` command-line tool (spec 6).
 *
 *   tla eval 'crd2offset((1,5), ((4,2),(4,3)):((4,16),(1,32)))'     -> 37
 *   tla show '(2,3):(3,1)'                                           -> line + grid
 *   echo 'zN(half, 32, 48)' | tla eval                               -> one line per input line
 *
 * The expression evaluator (cli_eval) is a small recursive-descent parser that
 * evaluates as it goes.  Define TLA_NO_MAIN to include this file elsewhere
 * (tests/fuzz_parse.c does) without its main().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tla.h"

/* ------------------------------------------------------------------ values */

enum cli_kind { CLI_TUPLE, CLI_LAYOUT, CLI_TILER, CLI_STRING, CLI_NAME };

/* One evaluated expression.  Integers are rank-0 tuples (tla_tuple_is_int).
 * A tiler keeps its printed form in text (it is parsed again where it is used: a
 * tla_tiler is too big for every value on the parser stack). */
typedef struct cli_value {
    enum cli_kind kind;
    tla_layout L;   /* CLI_LAYOUT; CLI_TUPLE uses L.shape */
    int64_t offset; /* CLI_LAYOUT from slice: where the sub-layout starts (printed " + offset") */
    char text[256]; /* CLI_TILER (printed), CLI_STRING, CLI_NAME */
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

/* An error from the library: keep its message, point at pos. */
static int cli_fail_lib(cli_parser *P, int pos, const tla_error *e) {
    P->err = *e;
    P->err.pos = pos;
    return -1;
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
        if (tla_layout_get(&c->arg[0].L, c->n - 1, path, &r.L, &e) != 0) return cli_fail_lib(P, c->pos, &e);
    } else if (r.kind == CLI_TUPLE) {
        memset(&r.L, 0, sizeof r.L);
        if (tla_tuple_get(&c->arg[0].L.shape, c->n - 1, path, &r.L.shape, &e) != 0)
            return cli_fail_lib(P, c->pos, &e);
    } else {
        return cli_arg_fail(P, c, 0, "a tuple or a layout");
    }
    *out = r;
    return 0;
}

/* ------------------------------------------------------------------ the functions */

static int cli_format(cli_parser *P, const cli_call *c, enum tla_format f, cli_value *out) {
    int64_t rows = 0, cols = 0;
    int rs = 0, cs = 0, bytes = 0, first = 0;
    tla_layout L;
    tla_error e;
    if (f == TLA_ZN || f == TLA_ZZ || f == TLA_NZ || f == TLA_NN) {
        if (cli_arity(P, c, 3, 3, "3 arguments (T, rows, cols)") != 0) return -1;
        if (c->arg[0].kind != CLI_NAME || (bytes = tla_elem_bytes(c->arg[0].text)) < 0)
            return cli_fail(P, c->argpos[0],
                            "expected an element type: half bf16 float int8 int32 f16 f32 s8 s32");
        first = 1;
    } else if (f == TLA_VECTOR) {
        if (cli_arity(P, c, 1, 1, "1 argument (n)") != 0) return -1;
    } else if (cli_arity(P, c, 2, 2, "2 arguments (rows, cols)") != 0) {
        return -1;
    }
    if (cli_int_arg(P, c, first, &rows, &rs) != 0) return -1;
    if (f != TLA_VECTOR && cli_int_arg(P, c, first + 1, &cols, &cs) != 0) return -1;
    if (tla_layout_format_ex(&L, f, bytes, rows, cols, (rs ? TLA_ROWS_STATIC : 0) | (cs ? TLA_COLS_STATIC : 0), &e))
        return cli_fail_lib(P, c->pos, &e);
    cli_set_layout(out, &L);
    return 0;
}

/* A tiler's printed modes "[L0,L1,...]" back into layouts (a shape is its compact layout). */
static int cli_tiler_of(const char *text, tla_tiler *T, tla_error *e) {
    char buf[sizeof ((cli_value *)0)->text], *start, *q;
    int depth = 0;
    snprintf(buf, sizeof buf, "%s", text + 1);
    buf[strlen(buf) - 1] = ','; /* the ']' */
    T->n = 0;
    for (start = q = buf; *q; q++) {
        if (*q == '(') depth++;
        else if (*q == ')') depth--;
        else if (*q == ',' && depth == 0) {
            tla_tuple t;
            *q = '\0';
            if (strchr(start, ':') ? tla_parse_layout(start, &T->mode[T->n], e)
                                   : (tla_parse_tuple(start, &t, e) || tla_layout_make_compact(&T->mode[T->n], &t, e)))
                return -1;
            T->n++;
            start = q + 1;
        }
    }
    return 0;
}

/* The algebra.  0: done (*matched = 1); -1 with *matched = 1 when the name was an algebra
 * function and it failed (the error is in P), or -1 with *matched = 0 when it was not one. */
static int cli_algebra(cli_parser *P, const cli_call *c, cli_value *out, int *matched) {
    static const char *const unary[] = {"flatten", "coalesce", "filter", "right_inverse", "left_inverse"};
    static const char *const binary[] = {"composition", "logical_divide", "zipped_divide", "tiled_divide",
                                         "flat_divide", "logical_product", "zipped_product", "tiled_product",
                                         "blocked_product", "raked_product", "append", "prepend"};
    const char *f = c->name;
    tla_layout A, B, R, modes[CLI_MAX_ARGS];
    tla_tiler T;
    tla_tuple t, u, w;
    tla_error e;
    int64_t x = 0, y = 0;
    int i, k, idx[CLI_MAX_ARGS], rc = -1;
    *matched = 1;
    for (k = 0; k < (int)(sizeof unary / sizeof *unary); k++) {
        if (strcmp(f, unary[k])) continue;
        if (cli_arity(P, c, 1, 1, "1 argument (a layout)") != 0 || cli_layout_arg(P, c, 0, &A) != 0) return -1;
        rc = k == 0 ? tla_flatten(&R, &A, &e) : k == 1 ? tla_coalesce(&R, &A, &e) : k == 2 ? tla_filter(&R, &A, &e)
           : k == 3 ? tla_right_inverse(&R, &A, &e) : tla_left_inverse(&R, &A, &e);
        goto done;
    }
    for (k = 0; k < (int)(sizeof binary / sizeof *binary); k++) {
        int tiler;
        if (strcmp(f, binary[k])) continue;
        if (cli_arity(P, c, 2, 2, "2 arguments (a layout, and a layout or tiler)") != 0) return -1;
        if (cli_layout_arg(P, c, 0, &A) != 0) return -1;
        tiler = c->arg[1].kind == CLI_TILER;
        if (tiler && (k >= 8 || cli_tiler_of(c->arg[1].text, &T, &e) != 0)) {
            if (k >= 8) return cli_arg_fail(P, c, 1, "a layout");
            return cli_fail_lib(P, c->argpos[1], &e);
        }
        if (!tiler && cli_layout_arg(P, c, 1, &B) != 0) return -1;
#define CLI_BIN(name) (tiler ? tla_##name##_tiler(&R, &A, &T, &e) : tla_##name(&R, &A, &B, &e))
        switch (k) {
        case 0: rc = CLI_BIN(composition); break;
        case 1: rc = CLI_BIN(logical_divide); break;
        case 2: rc = CLI_BIN(zipped_divide); break;
        case 3: rc = CLI_BIN(tiled_divide); break;
        case 4: rc = CLI_BIN(flat_divide); break;
        case 5: rc = CLI_BIN(logical_product); break;
        case 6: rc = CLI_BIN(zipped_product); break;
        case 7: rc = CLI_BIN(tiled_product); break;
        case 8: rc = tla_blocked_product(&R, &A, &B, &e); break;
        case 9: rc = tla_raked_product(&R, &A, &B, &e); break;
        case 10: rc = tla_append(&R, &A, &B, &e); break;
        default: rc = tla_prepend(&R, &A, &B, &e); break;
        }
#undef CLI_BIN
        goto done;
    }
    if (!strcmp(f, "complement")) {
        if (cli_arity(P, c, 1, 2, "(layout) or (layout, cosize)") != 0 || cli_layout_arg(P, c, 0, &A) != 0) return -1;
        if (c->n == 2 && cli_int_arg(P, c, 1, &x, NULL) != 0) return -1;
        if (c->n == 2 && x < 1) return cli_fail(P, c->argpos[1], "complement: the cosize must be at least 1");
        rc = tla_complement(&R, &A, c->n == 2 ? x : 0, &e);
        goto done;
    }
    if (!strcmp(f, "make_layout")) {
        if (cli_arity(P, c, 1, CLI_MAX_ARGS, "1 to 8 layouts") != 0) return -1;
        for (i = 0; i < c->n; i++)
            if (cli_layout_arg(P, c, i, &modes[i]) != 0) return -1;
        rc = tla_layout_make_of(&R, c->n, modes, &e);
        goto done;
    }
    if (!strcmp(f, "group")) {
        if (cli_arity(P, c, 3, 3, "3 arguments (layout, begin, end)") != 0 || cli_layout_arg(P, c, 0, &A) != 0 ||
            cli_int_arg(P, c, 1, &x, NULL) != 0 || cli_int_arg(P, c, 2, &y, NULL) != 0)
            return -1;
        if (x < 0 || y > TLA_MAX_RANK) return cli_fail(P, c->argpos[1], "group: modes out of range");
        rc = tla_group(&R, &A, (int)x, (int)y, &e);
        goto done;
    }
    if (!strcmp(f, "select")) {
        if (cli_arity(P, c, 2, CLI_MAX_ARGS, "a layout and mode indices") != 0 || cli_layout_arg(P, c, 0, &A) != 0)
            return -1;
        for (i = 1; i < c->n; i++) {
            if (cli_int_arg(P, c, i, &x, NULL) != 0) return -1;
            if (x < 0 || x >= TLA_MAX_RANK) return cli_fail(P, c->argpos[i], "select: mode index out of range");
            idx[i - 1] = (int)x;
        }
        rc = tla_select(&R, &A, c->n - 1, idx, &e);
        goto done;
    }
    if (!strcmp(f, "slice")) {
        if (cli_arity(P, c, 2, 2, "2 arguments (coordinate with _, layout)") != 0 || cli_tuple_arg(P, c, 0, &t) != 0 ||
            cli_layout_arg(P, c, 1, &A) != 0)
            return -1;
        rc = tla_slice(&R, &x, &A, &t, &e);
        if (rc != 0) return cli_fail_lib(P, c->pos, &e);
        cli_set_layout(out, &R);
        out->offset = x; /* CuTe's slice_and_offset: the sub-layout starts at offset x */
        return 0;
    }
    if (!strcmp(f, "crd2crd")) {
        if (cli_arity(P, c, 2, 3, "(coord, target shape[, source shape])") != 0 || cli_tuple_arg(P, c, 0, &t) != 0 ||
            cli_tuple_arg(P, c, 1, &u) != 0 || (c->n == 3 && cli_tuple_arg(P, c, 2, &w) != 0))
            return -1;
        if (tla_crd2crd(&t, &t, &u, c->n == 3 ? &w : NULL, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        cli_set_tuple(out, &t);
        return 0;
    }
    *matched = 0;
    return -1;
done:
    if (rc != 0) return cli_fail_lib(P, c->pos, &e);
    cli_set_layout(out, &R);
    return 0;
}

/* xla("shape"), xla_index("shape", coord), to_xla(L, "type"): as cli_algebra (*matched). */
static int cli_xla(cli_parser *P, const cli_call *c, cli_value *out, int *matched) {
    const char *f = c->name;
    tla_xla_shape x;
    tla_layout L;
    tla_error e;
    *matched = 1;
    if (!strcmp(f, "xla") || !strcmp(f, "xla_index")) {
        int idx = !strcmp(f, "xla_index");
        if (cli_arity(P, c, 1 + idx, 1 + idx, idx ? "2 arguments (\"shape\", coordinate)" : "1 argument (\"shape\")"))
            return -1;
        if (c->arg[0].kind != CLI_STRING) return cli_arg_fail(P, c, 0, "a string (an XLA shape)");
        if (tla_xla_parse(c->arg[0].text, &x, &e) != 0) {
            e.pos = c->argpos[0] + 1 + (e.pos > 0 ? e.pos : 0);
            P->err = e;
            return -1;
        }
        if (!idx) {
            if (tla_xla_to_layout(&x, &L, NULL, &e) != 0) return cli_fail_lib(P, c->pos, &e);
            cli_set_layout(out, &L);
        } else {
            tla_tuple t;
            int64_t lin = 0;
            if (cli_tuple_arg(P, c, 1, &t) != 0) return -1;
            if (t.nleaf != x.rank || tla_tuple_depth(&t) > 1)
                return cli_fail(P, c->argpos[1], "xla_index: the coordinate needs one integer per dimension");
            if (tla_xla_linear_index(&x, t.val, &lin, &e) != 0) return cli_fail_lib(P, c->pos, &e);
            cli_set_int(out, lin, 0);
        }
        return 0;
    }
    if (!strcmp(f, "to_xla")) {
        tla_xla_type ty;
        const char *tn;
        if (cli_arity(P, c, 2, 2, "2 arguments (layout, \"element type\")") != 0 || cli_layout_arg(P, c, 0, &L) != 0)
            return -1;
        if (c->arg[1].kind != CLI_STRING && c->arg[1].kind != CLI_NAME)
            return cli_arg_fail(P, c, 1, "an element type (\"f32\", \"bf16\", ...)");
        tn = c->arg[1].text;
        if (tla_xla_type_from_name(tn, strlen(tn), &ty) != 0) return cli_fail(P, c->argpos[1], "unknown XLA element type");
        if (tla_layout_to_xla(&L, ty, &x, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        out->kind = CLI_STRING;
        tla_xla_snprint(out->text, sizeof out->text, &x);
        return 0;
    }
    *matched = 0;
    return -1;
}

static int cli_apply(cli_parser *P, const cli_call *c, cli_value *out) {
    int matched = 0;
    const char *f = c->name;
    tla_layout L, R;
    tla_tuple t, u, w;
    tla_error e;
    int64_t x = 0;
    cli_value sub;
    enum tla_format fmt;

    if (!strcmp(f, "size") || !strcmp(f, "cosize") || !strcmp(f, "rank") || !strcmp(f, "depth") ||
        !strcmp(f, "shape") || !strcmp(f, "stride") || !strcmp(f, "get")) {
        if (cli_arity(P, c, !strcmp(f, "get") ? 2 : 1, CLI_MAX_ARGS, "a tuple or layout and indices") != 0)
            return -1;
        /* f(x, i, j...) is f(get(x, i, j...)). */
        if (cli_get(P, c, &sub) != 0) return -1;
        if (!strcmp(f, "get")) {
            *out = sub;
            return 0;
        }
        if (!strcmp(f, "rank") || !strcmp(f, "depth")) {
            const tla_tuple *s = &sub.L.shape;
            cli_set_int(out, !strcmp(f, "rank") ? tla_tuple_rank(s) : tla_tuple_depth(s), 0);
            return 0;
        }
        if (sub.kind == CLI_LAYOUT) L = sub.L;
        else if (tla_layout_make_compact(&L, &sub.L.shape, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        if (!strcmp(f, "size")) {
            if (tla_layout_size(&L, &x, &e) != 0) return cli_fail_lib(P, c->pos, &e);
            cli_set_int(out, x, tla_tuple_all_static(&L.shape));
        } else if (!strcmp(f, "cosize")) {
            if (tla_layout_cosize(&L, &x, &e) != 0) return cli_fail_lib(P, c->pos, &e);
            cli_set_int(out, x, tla_tuple_all_static(&L.shape) && tla_tuple_all_static(&L.stride));
        } else {
            cli_set_tuple(out, !strcmp(f, "shape") ? &L.shape : &L.stride);
        }
        return 0;
    }
    if (!strcmp(f, "crd2offset")) {
        if (cli_arity(P, c, 2, 3, "(coord, layout) or (coord, shape, stride)") != 0) return -1;
        if (cli_tuple_arg(P, c, 0, &t) != 0) return -1;
        if (c->n == 2) {
            if (cli_layout_arg(P, c, 1, &L) != 0) return -1;
        } else {
            if (cli_tuple_arg(P, c, 1, &u) != 0 || cli_tuple_arg(P, c, 2, &w) != 0) return -1;
            if (tla_layout_make(&L, &u, &w, &e) != 0) return cli_fail_lib(P, c->argpos[2], &e);
        }
        if (tla_layout_crd2offset(&L, &t, &x, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        cli_set_int(out, x, tla_tuple_all_static(&t) && tla_tuple_all_static(&L.shape) && tla_tuple_all_static(&L.stride));
        return 0;
    }
    if (!strcmp(f, "idx2crd")) {
        if (cli_arity(P, c, 2, 2, "2 arguments (index, shape)") != 0) return -1;
        if (cli_int_arg(P, c, 0, &x, NULL) != 0) return -1;
        if (c->arg[1].kind == CLI_LAYOUT) u = c->arg[1].L.shape;
        else if (cli_tuple_arg(P, c, 1, &u) != 0) return -1;
        if (tla_tuple_idx2crd(x, &u, &t, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        cli_set_tuple(out, &t);
        return 0;
    }
    if (!strcmp(f, "make_layout_tile")) {
        if (cli_arity(P, c, 2, 2, "2 arguments (layout, tile shape)") != 0) return -1;
        if (cli_layout_arg(P, c, 0, &L) != 0 || cli_tuple_arg(P, c, 1, &t) != 0) return -1;
        if (tla_layout_make_tile(&R, &L, &t, &e) != 0) return cli_fail_lib(P, c->pos, &e);
        cli_set_layout(out, &R);
        return 0;
    }
    if (cli_algebra(P, c, out, &matched) == 0) return 0;
    if (matched) return -1; /* an algebra function that failed */
    if (cli_xla(P, c, out, &matched) == 0) return 0;
    if (matched) return -1;
    if (!strcmp(f, "row_major")) return cli_format(P, c, TLA_ROW_MAJOR, out);
    if (!strcmp(f, "column_major")) return cli_format(P, c, TLA_COLUMN_MAJOR, out);
    if (!strcmp(f, "l0c")) return cli_format(P, c, TLA_L0C, out);
    if (!strcmp(f, "vector")) return cli_format(P, c, TLA_VECTOR, out);
    if (strlen(f) == 2 && tla_format_from_name(f, &fmt) == 0) return cli_format(P, c, fmt, out);
    {
        char m[120];
        snprintf(m, sizeof m, "unknown function '%.60s'", f);
        return cli_fail(P, c->pos, m);
    }
}

/* ------------------------------------------------------------------ the parser */

/* After the name and '(' of a call: the arguments, ')' and the result. */
static int cli_call_expr(cli_parser *P, const char *name, int pos, cli_value *out) {
    cli_value args[CLI_MAX_ARGS];
    int argpos[CLI_MAX_ARGS], n = 0;
    cli_call c;
    P->p = tla_skip_space(P->s, P->p);
    if (P->s[P->p] != ')') {
        for (;;) {
            if (n == CLI_MAX_ARGS) return cli_fail(P, P->p, "too many arguments (at most 8)");
            argpos[n] = tla_skip_space(P->s, P->p);
            if (cli_expr(P, &args[n]) != 0) return -1;
            n++;
            P->p = tla_skip_space(P->s, P->p);
            if (P->s[P->p] == ',') {
                P->p++;
                continue;
            }
            if (P->s[P->p] == ')') break;
            return cli_fail(P, P->p, "expected ',' or ')' in the argument list");
        }
    }
    P->p++; /* the ')' */
    c.name = name;
    c.pos = pos;
    c.n = n;
    c.arg = args;
    c.argpos = argpos;
    return cli_apply(P, &c, out);
}

/* '(' already seen: a tuple of integers/tuples, "(6)" being rank 1. */
static int cli_tuple_expr(cli_parser *P, int pos, cli_value *out) {
    tla_tuple parts[TLA_MAX_RANK], t;
    cli_value v;
    tla_error e;
    int n = 0, at;
    for (;;) {
        if (n == TLA_MAX_RANK) return cli_fail(P, P->p, "more than 8 elements in one tuple");
        at = tla_skip_space(P->s, P->p);
        if (cli_expr(P, &v) != 0) return -1;
        if (v.kind != CLI_TUPLE) {
            char m[120];
            snprintf(m, sizeof m, "a tuple element must be an integer or a tuple, not %s", cli_kind_name(&v));
            return cli_fail(P, at, m);
        }
        parts[n++] = v.L.shape;
        P->p = tla_skip_space(P->s, P->p);
        if (P->s[P->p] == ',') {
            P->p++;
            continue;
        }
        if (P->s[P->p] == ')') break;
        return cli_fail(P, P->p, "expected ',' or ')' in a tuple");
    }
    P->p++;
    if (tla_tuple_join(&t, n, parts, &e) != 0) return cli_fail_lib(P, pos, &e);
    cli_set_tuple(out, &t);
    return 0;
}

/* '[' already seen: a by-mode tiler, kept in printed form. */
static int cli_tiler_expr(cli_parser *P, cli_value *out) {
    char buf[sizeof out->text];
    size_t len = 1;
    cli_value v;
    int n = 0, at, k;
    buf[0] = '[';
    for (;;) {
        if (n == TLA_MAX_RANK) return cli_fail(P, P->p, "more than 8 modes in one tiler");
        at = tla_skip_space(P->s, P->p);
        if (cli_expr(P, &v) != 0) return -1;
        if (v.kind != CLI_TUPLE && v.kind != CLI_LAYOUT)
            return cli_fail(P, at, "a tiler element must be a layout or a shape");
        if (n++) buf[len++] = ',';
        k = v.kind == CLI_LAYOUT ? tla_layout_snprint(buf + len, sizeof buf - len, &v.L)
                                 : tla_tuple_snprint(buf + len, sizeof buf - len, &v.L.shape);
        if ((size_t)k + len + 2 >= sizeof buf) return cli_fail(P, at, "tiler too long");
        len += (size_t)k;
        P->p = tla_skip_space(P->s, P->p);
        if (P->s[P->p] == ',') {
            P->p++;
            continue;
        }
        if (P->s[P->p] == ']') break;
        return cli_fail(P, P->p, "expected ',' or ']' in a tiler");
    }
    P->p++;
    buf[len++] = ']';
    buf[len] = '\0';
    out->kind = CLI_TILER;
    memcpy(out->text, buf, len + 1);
    return 0;
}

/* A primary: integer, tuple, tiler, string, name or call. */
static int cli_primary(cli_parser *P, cli_value *out) {
    const char *s = P->s;
    int p = tla_skip_space(s, P->p), start = p;
    char cb[16];
    P->p = p;
    if (s[p] == '(') {
        P->p = p + 1;
        return cli_tuple_expr(P, start, out);
    }
    if (s[p] == '[') {
        P->p = p + 1;
        return cli_tiler_expr(P, out);
    }
    if (s[p] == '"') {
        int q = p + 1;
        while (s[q] && s[q] != '"') q++;
        if (!s[q]) return cli_fail(P, p, "unterminated string (missing '\"')");
        if (q - p - 1 >= (int)sizeof out->text) return cli_fail(P, p, "string too long (at most 255 bytes)");
        out->kind = CLI_STRING;
        memcpy(out->text, s + p + 1, (size_t)(q - p - 1));
        out->text[q - p - 1] = '\0';
        P->p = q + 1;
        return 0;
    }
    if (tla_is_digit(s[p]) || (s[p] == '-' && tla_is_digit(s[p + 1])) ||
        (s[p] == '_' && (tla_is_digit(s[p + 1]) || (s[p + 1] == '-' && tla_is_digit(s[p + 2]))))) {
        int64_t v = 0;
        int st = 0;
        if (tla_parse_int_at(s, &P->p, &v, &st, &P->err) != 0) return -1;
        cli_set_int(out, v, st);
        return 0;
    }
    if (s[p] == '_' && !cli_is_alnum(s[p + 1])) { /* a bare _: "all of this mode" in slice() */
        cli_set_int(out, TLA_UNDERSCORE, 0);
        P->p = p + 1;
        return 0;
    }
    if (cli_is_alpha(s[p])) {
        char name[64];
        int q = p;
        while (cli_is_alnum(s[q])) q++;
        if (q - p >= (int)sizeof name) return cli_fail(P, p, "name too long");
        memcpy(name, s + p, (size_t)(q - p));
        name[q - p] = '\0';
        P->p = tla_skip_space(s, q);
        if (s[P->p] == '(') {
            P->p++;
            return cli_call_expr(P, name, start, out);
        }
        P->p = q;
        out->kind = CLI_NAME;
        memcpy(out->text, name, (size_t)(q - p) + 1);
        return 0;
    }
    {
        char m[120];
        snprintf(m, sizeof m, "expected an expression, found %s", tla_char_name(s, p, cb));
        return cli_fail(P, p, m);
    }
}

/* expr := primary [ ':' primary ]   (Shape:Stride) */
static int cli_expr(cli_parser *P, cli_value *out) {
    cli_value rhs;
    tla_layout L;
    tla_error e;
    int start = tla_skip_space(P->s, P->p), at, rc;
    if (P->nest >= CLI_MAX_NEST) return cli_fail(P, start, "expression nested too deeply");
    P->nest++;
    rc = cli_primary(P, out);
    P->nest--;
    if (rc != 0) return -1;
    P->p = tla_skip_space(P->s, P->p);
    if (P->s[P->p] != ':') return 0;
    if (out->kind != CLI_TUPLE) return cli_fail(P, start, "the shape before ':' must be an integer or a tuple");
    P->p++;
    at = tla_skip_space(P->s, P->p);
    P->nest++;
    rc = cli_primary(P, &rhs);
    P->nest--;
    if (rc != 0) return -1;
    if (rhs.kind != CLI_TUPLE) return cli_fail(P, at, "the stride after ':' must be an integer or a tuple");
    if (tla_layout_make(&L, &out->L.shape, &rhs.L.shape, &e) != 0) return cli_fail_lib(P, at, &e);
    cli_set_layout(out, &L);
    return 0;
}

/* Evaluate one whole expression.  0 and *out on success, else -1 and *err
 * (err->pos = byte offset in expr). */
/* The position of the first '(' or '[' left open in expr (outside strings), or -1: checked
 * first, so a missing ')' is reported as such and not as whatever the parser meets instead. */
static int cli_unclosed(const char *expr) {
    int stack[CLI_MAX_NEST + 1], depth = 0, i, in_string = 0;
    for (i = 0; expr[i]; i++) {
        char ch = expr[i];
        if (ch == '"') in_string = !in_string;
        if (in_string) continue;
        if (ch == '(' || ch == '[') {
            if (depth <= CLI_MAX_NEST) stack[depth] = i;
            depth++;
        } else if ((ch == ')' || ch == ']') && depth > 0) {
            depth--;
        }
    }
    return depth > 0 ? stack[(depth - 1) <= CLI_MAX_NEST ? depth - 1 : CLI_MAX_NEST] : -1;
}

static int cli_eval(const char *expr, cli_value *out, tla_error *err) {
    cli_parser P;
    char cb[16];
    int open = cli_unclosed(expr);
    P.s = expr;
    P.p = 0;
    P.nest = 0;
    P.err.pos = 0;
    P.err.msg[0] = '\0';
    if (open >= 0) {
        cli_fail(&P, open, expr[open] == '(' ? "this '(' has no matching ')'" : "this '[' has no matching ']'");
        *err = P.err;
        return -1;
    }
    if (cli_expr(&P, out) == 0) {
        P.p = tla_skip_space(expr, P.p);
        if (expr[P.p] == '\0' && out->kind != CLI_NAME) return 0;
        if (expr[P.p] == '\0') {
            char m[120];
            snprintf(m, sizeof m, "unknown name '%.60s'", out->text);
            cli_fail(&P, tla_skip_space(expr, 0), m);
        } else {
            char m[120];
            snprintf(m, sizeof m, "unexpected %s after the expression", tla_char_name(expr, P.p, cb));
            cli_fail(&P, P.p, m);
        }
    }
    *err = P.err;
    return -1;
}

/* Print a value as one line of text (no newline) into buf, snprintf-style. */
static int cli_value_snprint(char *buf, size_t n, const cli_value *v) {
    switch (v->kind) {
    case CLI_TUPLE: return tla_tuple_snprint(buf, n, &v->L.shape);
    case CLI_LAYOUT: {
        int k = tla_layout_snprint(buf, n, &v->L);
        if (v->offset == 0 || k < 0) return k;
        return k + snprintf(buf + ((size_t)k < n ? (size_t)k : n - (n > 0)), (size_t)k < n ? n - (size_t)k : (n > 0),
                            " + %lld", (long long)v->offset);
    }
    case CLI_STRING: return snprintf(buf, n, "\"%s\"", v->text);
    default: return snprintf(buf, n, "%s", v->text);
    }
}

/* Evaluate expr and print its result into out (the fuzzer's entry point). */
static int cli_eval_to_string(const char *expr, char *out, size_t n, tla_error *err) {
    cli_value v;
    if (cli_eval(expr, &v, err) != 0) return -1;
    return cli_value_snprint(out, n, &v);
}

#ifndef TLA_NO_MAIN

/* ------------------------------------------------------------------ the program */

static const char *cli_usage =
    "usage: tla COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  tla eval EXPR...     evaluate each expression, print each result on its own line\n"
    "  tla eval [-]         read expressions from standard input, one a line\n"
    "  tla show EXPR...     each layout on one line, then (rank 2) its grid\n"
    "  tla xla SHAPE        the TLA layout of an XLA shape; --offsets: every element's index\n"
    "  tla help [COMMAND]   this help; also tla --help, tla COMMAND --help\n"
    "  tla --version        the version of tla.h\n"
    "\n"
    "expressions:\n"
    "  12  -3  _4 (static)  (4,(2,3))  (6) (rank 1)  Shape:Stride  [tiler,...]  \"string\"\n"
    "  a shape where a layout is expected is its compact column-major layout\n"
    "  size cosize rank depth shape stride get(x, i, ...)\n"
    "  crd2offset(coord, L)  crd2offset(coord, shape, stride)  idx2crd(i, shape)\n"
    "  make_layout_tile(L, shape)  row_major(rows, cols)  column_major(rows, cols)\n"
    "  zN(T, rows, cols) zZ nZ nN (T: half bf16 float int8 int32 f16 f32 s8 s32)\n"
    "  l0c(rows, cols)  vector(n)\n"
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
    "3 for a command that is not built yet (map, simplify, hlo, sparse)\n";

static const char *cli_eval_usage =
    "usage: tla eval EXPR...   evaluate each expression, print each result on its own line\n"
    "       tla eval [-]       read expressions from standard input, one a line; print one\n"
    "                          line per input line, 'error: ...' for a line that fails\n"
    "example: tla eval 'size((4,(2,3)))' 'make_layout_tile(zN(half,32,48), (16,16))'\n"
    "run 'tla help' for the expression syntax and functions\n";

static const char *cli_show_usage =
    "usage: tla show EXPR...   each layout on one line, then (rank-2 layouts) its grid,\n"
    "                          the same as CuTe's print_layout\n"
    "example: tla show '((4,2),(4,3)):((4,16),(1,32))'\n";

#define CLI_MAX_LINE 65536
#define CLI_MAX_CELLS 1000000 /* show: grids larger than this are refused */

/* "tla: error: MSG (column N)", then the expression and a caret. */
static void cli_report(const char *expr, const tla_error *e) {
    int i;
    fprintf(stderr, "tla: error: %s (column %d)\n", e->msg, e->pos + 1);
    if (strlen(expr) > 200) return;
    fprintf(stderr, "  %s\n  ", expr);
    for (i = 0; i < e->pos && expr[i]; i++) fputc(expr[i] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

static int cli_is_help(const char *a) { return !strcmp(a, "--help") || !strcmp(a, "-h"); }

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
        if (v.kind == CLI_LAYOUT) L = v.L;
        else if (v.kind != CLI_TUPLE || tla_layout_make_compact(&L, &v.L.shape, &e) != 0) {
            fprintf(stderr, "tla: error: show needs a layout or a shape, not %s (argument %d)\n",
                    cli_kind_name(&v), i + 1);
            return 2;
        }
        if (tla_layout_rank(&L) == 2 && (tla_layout_size(&L, &size, NULL) != 0 || size > CLI_MAX_CELLS)) {
            fprintf(stderr, "tla: error: layout too large to show as a grid (more than %d cells)\n", CLI_MAX_CELLS);
            return 2;
        }
        if (tla_layout_fprint_grid(stdout, &L) != 0) {
            fprintf(stderr, "tla: error: an offset of the layout overflows int64\n");
            return 2;
        }
    }
    return 0;
}

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
        if (!strcmp(argv[i], "--offsets")) offsets = 1;
        else if (!shape) shape = argv[i];
        else return fprintf(stderr, "tla: error: xla takes one shape (got '%.60s' too)\n", argv[i]), 2;
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

int main(int argc, char **argv) {
    const char *cmd = argc > 1 ? argv[1] : "help";
    static const char *later[] = {"map", "simplify", "hlo", "sparse"};
    size_t i;
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("tla %s\n", TLA_VERSION_STRING);
        return 0;
    }
    if (!strcmp(cmd, "help") || cli_is_help(cmd)) {
        if (argc > 2 && !strcmp(argv[2], "eval")) fputs(cli_eval_usage, stdout);
        else if (argc > 2 && !strcmp(argv[2], "show")) fputs(cli_show_usage, stdout);
        else if (argc > 2 && !strcmp(argv[2], "xla")) fputs(cli_xla_usage, stdout);
        else if (argc > 2 && strcmp(argv[2], "help") != 0) {
            fprintf(stderr, "tla: error: unknown command '%.60s' (try 'tla help')\n", argv[2]);
            return 2;
        } else fputs(cli_usage, argc > 1 ? stdout : stderr);
        return argc > 1 ? 0 : 2;
    }
    if (!strcmp(cmd, "eval")) return cli_cmd_eval(argc - 2, argv + 2);
    if (!strcmp(cmd, "show")) return cli_cmd_show(argc - 2, argv + 2);
    if (!strcmp(cmd, "xla")) return cli_cmd_xla(argc - 2, argv + 2);
    for (i = 0; i < sizeof later / sizeof later[0]; i++)
        if (!strcmp(cmd, later[i])) {
            fprintf(stderr, "tla: error: command '%s' is not implemented yet\n", cmd);
            return 3; /* not built yet: not bad input */
        }
    fprintf(stderr, "tla: error: unknown command '%.60s' (try 'tla help')\n", cmd);
    return 2;
}

#endif
