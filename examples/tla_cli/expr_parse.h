/* examples/tla_cli/expr_parse.h - the parser of the expression language: a recursive descent
 * that evaluates as it goes (calls through cli_functions, tuples, tilers, strings, names,
 * Shape:Stride) and cli_eval / cli_eval_to_string, the entry points.  Included at the end of
 * expr.h (values, helpers and the table of functions), which it needs. */
#ifndef TLA_CLI_EXPR_PARSE_H
#define TLA_CLI_EXPR_PARSE_H

/* ------------------------------------------------------------------ the parser */

/* After the name and '(' of a call: the arguments, ')' and the result. */
static int cli_call_expr(cli_parser *P, const char *name, int pos, cli_value *out) {
    cli_value args[CLI_MAX_ARGS];
    int argpos[CLI_MAX_ARGS], n = 0, k;
    cli_call c;
    P->p = tla_skip_space(P->s, P->p);
    if (P->s[P->p] != ')') {
        for (;;) {
            if (n == CLI_MAX_ARGS) return cli_fail(P, P->p, "too many arguments (at most 8)");
            argpos[n] = tla_skip_space(P->s, P->p);
            if (cli_expr(P, &args[n]) != 0) return -1;
            n++;
            k = cli_list_next(P, ')', "the argument list");
            if (k < 0) return -1;
            if (k == 0) break;
        }
    }
    P->p++; /* the ')' */
    c.name = name;
    c.pos = pos;
    c.n = n;
    c.arg = args;
    c.argpos = argpos;
    if (cli_apply(P, &c, out) != 0) return -1;
    out->under = 0;
    return 0;
}

/* '(' already seen: a tuple of integers/tuples, "(6)" being rank 1. */
static int cli_tuple_expr(cli_parser *P, int pos, cli_value *out) {
    tla_tuple parts[TLA_MAX_RANK], t;
    cli_value v;
    tla_error e;
    int n = 0, at, k, under = 0;
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
        under |= v.under;
        k = cli_list_next(P, ')', "a tuple");
        if (k < 0) return -1;
        if (k == 0) break;
    }
    P->p++;
    if (tla_tuple_join(&t, n, parts, &e) != 0) return cli_fail_lib(P, pos, &e);
    cli_set_tuple(out, &t);
    out->under = under;
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
        if ((v.kind != CLI_TUPLE && v.kind != CLI_LAYOUT) || v.under)
            return cli_fail(P, at, "a tiler element must be a layout or a shape");
        if (n++) buf[len++] = ',';
        k = v.kind == CLI_LAYOUT ? tla_layout_snprint(buf + len, sizeof buf - len, &v.L)
                                 : tla_tuple_snprint(buf + len, sizeof buf - len, &v.L.shape);
        if ((size_t)k + len + 2 >= sizeof buf) return cli_fail(P, at, "tiler too long");
        len += (size_t)k;
        k = cli_list_next(P, ']', "a tiler");
        if (k < 0) return -1;
        if (k == 0) break;
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
    out->under = 0;
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
    if (tla_is_digit(s[p]) || (s[p] == '-' && tla_is_digit(s[p + 1]))
        || (s[p] == '_' && (tla_is_digit(s[p + 1]) || (s[p + 1] == '-' && tla_is_digit(s[p + 2]))))) {
        int64_t v = 0;
        int st = 0;
        if (tla_int_parse_at(&v, &st, s, &P->p, &P->err) != 0) return -1;
        cli_set_int(out, v, st);
        return 0;
    }
    if (s[p] == '_' && !cli_is_alnum(s[p + 1])) { /* a bare _: "all of this mode" in slice() */
        cli_set_int(out, TLA_UNDERSCORE, 0);
        out->under = 1;
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
    if (out->under || rhs.under)
        return cli_fail(P, out->under ? start : at, "'_' (a whole mode) is only allowed in slice's coordinate");
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
        if (expr[P.p] == '\0' && out->kind != CLI_NAME && !out->under) return 0;
        if (expr[P.p] == '\0' && out->under) {
            cli_fail(&P, tla_skip_space(expr, 0), "'_' (a whole mode) is only allowed in slice's coordinate");
        } else if (expr[P.p] == '\0') {
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
        return k
               + snprintf(buf + ((size_t)k < n ? (size_t)k : n - (n > 0)), (size_t)k < n ? n - (size_t)k : (n > 0),
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

#endif
