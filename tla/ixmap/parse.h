/* tla/ixmap/parse.h - read indexing maps: XLA's current text form ("(d0, d1)[s0]{rt0} -> (...),
 * domain: d0 in [0, 9], ..., d0 + s0 in [0, 11]") and the older one XLA's indexing-analysis documentation prints (no
 * commas between domain items; `floorDiv`; `100d0` for 100 * d0).  Variable names may be
 * anything; a name equal to its default (d3, s0, rt1) is not kept, as in XLA's parser.
 * Expressions are built with MLIR's rules (as XLA parses them with MLIR's parser).  The
 * parser never reads past the NUL, limits nesting, and reports the byte offset and reason.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_ix_ctx c;  tla_ix_map m;  tla_error e;
 *   tla_ix_ctx_init(&c);
 *   if (tla_ix_map_parse(&m, &c, "(i)[range] -> (i * 2 + range), domain: i in [0, 9], range in [0, 1]", &e) != 0) return 1;
 *   if (m.nd != 1 || m.nr != 1 || strcmp(m.sym[0].name, "range") != 0) return 1;
 *   if (tla_ix_map_parse(&m, &c, "(d0) -> (d0 mod 0), domain: d0 in [0, 9]", &e) == 0 || e.pos != 12) return 1;   // at "mod"
 *   tla_ix_ctx_free(&c);
 */
#ifndef TLA_IXPARSE_H
#define TLA_IXPARSE_H

#include "tla/ixmap/map.h"

/* ---------------------------------------------------------------- parsing */

/* Parse an indexing map: XLA's current form ("(d0, d1)[s0]{rt0} -> (...), domain: d0 in
 * [0, 9], ..., d0 + s0 in [0, 11]") and the older one XLA's indexing-analysis documentation prints (no commas between
 * domain items; `floorDiv`; `100d0` for 100 * d0).  Variable names may be anything; names
 * equal to the default (d0, s0, rt0) print as the default.  On error: err->pos, err->msg. */
TLA_API int tla_ix_map_parse_at(tla_ix_map *out, tla_ix_ctx *c, const char *s, int *pos, tla_error *err);

/* The whole of s is one map (surrounding spaces allowed).  Example:
 *   tla_ix_ctx c;  tla_ix_map m;  tla_error e;
 *   tla_ix_ctx_init(&c);
 *   if (tla_ix_map_parse(&m, &c, "(d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]", &e) != 0) return 1;
 *   if (tla_ix_map_parse(&m, &c, "(d0) -> (d0 floordiv 0)", &e) == 0) return 1;   // says where and why
 *   tla_ix_ctx_free(&c);
 */
TLA_API int tla_ix_map_parse(tla_ix_map *out, tla_ix_ctx *c, const char *s, tla_error *err);

/* One expression over m's variables (their names, or the defaults d0, s0, rt0), built with
 * MLIR's rules as in a map; the whole of s (surrounding spaces allowed).  Example:
 *   tla_ix_ctx c;  tla_ix_map m;  tla_error e;  int x;  int64_t lo, hi;
 *   tla_ix_ctx_init(&c);
 *   if (tla_ix_map_parse(&m, &c, "(d0, d1) -> (0), domain: d0 in [0, 9], d1 in [-10, -1]", &e) != 0) return 1;
 *   if (tla_ix_expr_parse(&x, &c, &m, "d0 * 2 + d1", &e) != 0) return 1;
 *   tla_ix_range(&c, &m, x, 1, &lo, &hi);   // [-10, 17], XLA's RangeEvaluatorTest
 *   tla_ix_ctx_free(&c);
 */
TLA_API int tla_ix_expr_parse(int *out, tla_ix_ctx *c, const tla_ix_map *m, const char *s, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- parsing */

typedef struct tla__ix_parser {
    tla_ix_ctx *c;
    const char *s;
    int p;
    tla_ix_map *m;
    char names[2 * TLA_IX_MAX_VARS][TLA_IX_NAME];
    int nd, nr, nt;
    int depth;
    tla_error *err;
} tla__ix_parser;

TLA_FUNC int tla__ix_is_id0(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }
TLA_FUNC int tla__ix_is_id(char ch) { return tla__ix_is_id0(ch) || tla_is_digit(ch) || ch == '.'; }

/* The identifier at P->p (after spaces) into out; its length (0: none). */
TLA_FUNC int tla__ix_ident(tla__ix_parser *P, char *out, int cap) {
    int p = tla_skip_space(P->s, P->p), n = 0;
    if (!tla__ix_is_id0(P->s[p])) return 0;
    while (tla__ix_is_id(P->s[p + n])) n++;
    if (out) {
        int k = n < cap - 1 ? n : cap - 1;
        memcpy(out, P->s + p, (size_t)k);
        out[k] = '\0';
    }
    return n;
}
TLA_FUNC int tla__ix_peek_kw(tla__ix_parser *P, const char *kw) {
    int p = tla_skip_space(P->s, P->p), n = (int)strlen(kw);
    return strncmp(P->s + p, kw, (size_t)n) == 0 && !tla__ix_is_id(P->s[p + n]);
}
TLA_FUNC int tla__ix_eat(tla__ix_parser *P, char ch) {
    int p = tla_skip_space(P->s, P->p);
    if (P->s[p] != ch) return 0;
    P->p = p + 1;
    return 1;
}
TLA_FUNC int tla__ix_expect(tla__ix_parser *P, char ch, const char *what) {
    char cb[16];
    int p = tla_skip_space(P->s, P->p);
    if (tla__ix_eat(P, ch)) return 0;
    return tla__fail(P->err, p, "expected '%c' %s, found %s", ch, what, tla_char_name(P->s, p, cb));
}

TLA_FUNC int tla__ix_pexpr(tla__ix_parser *P, int *out);

/* operand := '-' operand | '(' expr ')' | int [name] | name */
TLA_FUNC int tla__ix_poperand(tla__ix_parser *P, int *out) {
    tla_ix_ctx *c = P->c;
    char name[64], cb[16];
    int p = tla_skip_space(P->s, P->p), i, n;
    if (++P->depth > 200) return tla__fail(P->err, p, "expression nested too deeply");
    if (P->s[p] == '-') {
        P->p = p + 1;
        if (tla__ix_poperand(P, out) != 0) return -1;
        *out = tla_ix_m_mul(c, tla_ix_const(c, -1), *out);
    } else if (P->s[p] == '(') {
        P->p = p + 1;
        if (tla__ix_pexpr(P, out) != 0 || tla__ix_expect(P, ')', "to close '('") != 0) return -1;
    } else if (tla_is_digit(P->s[p])) {
        int64_t v = 0;
        int st;
        P->p = p;
        if (tla_int_parse_at(&v, &st, P->s, &P->p, P->err) != 0) return -1;
        *out = tla_ix_const(c, v);
        if (tla__ix_is_id0(P->s[P->p]) && !tla__ix_peek_kw(P, "mod") && !tla__ix_peek_kw(P, "floordiv")
            && !tla__ix_peek_kw(P, "floorDiv") && !tla__ix_peek_kw(P, "ceildiv") && !tla__ix_peek_kw(P, "ceilDiv")
            && !tla__ix_peek_kw(P, "in")) { /* 100d0: the older form's implicit product */
            int v2;
            if (tla__ix_poperand(P, &v2) != 0) return -1;
            *out = tla_ix_m_mul(c, v2, *out);
        }
    } else if ((n = tla__ix_ident(P, name, sizeof name)) > 0) {
        for (i = 0; i < P->nd + P->nr + P->nt; i++)
            if (!strcmp(P->names[i], name)) break;
        if (i == P->nd + P->nr + P->nt) return tla__fail(P->err, p, "unknown variable '%.40s'", name);
        *out = i < P->nd ? tla_ix_dim(c, i) : tla_ix_sym(c, i - P->nd);
        P->p = p + n;
    } else
        return tla__fail(P->err, p, "expected a variable, an integer or '(', found %s", tla_char_name(P->s, p, cb));
    P->depth--;
    return 0;
}

TLA_FUNC const char *tla__ix_kind_word(int kind) {
    return kind == TLA_IX_MOD ? "mod" : kind == TLA_IX_FDIV ? "floordiv" : "ceildiv";
}

/* term := operand { ('*' | floordiv | ceildiv | mod) operand } */
TLA_FUNC int tla__ix_pterm(tla__ix_parser *P, int *out) {
    int r, kind, p;
    if (tla__ix_poperand(P, out) != 0) return -1;
    for (;;) {
        p = tla_skip_space(P->s, P->p);
        if (P->s[p] == '*') {
            kind = TLA_IX_MUL;
            P->p = p + 1;
        } else if (P->s[p] == '/') { /* the newest XLA printer's floordiv */
            kind = TLA_IX_FDIV;
            P->p = p + 1;
        } else if (tla__ix_peek_kw(P, "floordiv") || tla__ix_peek_kw(P, "floorDiv")) {
            kind = TLA_IX_FDIV;
            P->p = p + 8;
        } else if (tla__ix_peek_kw(P, "ceildiv") || tla__ix_peek_kw(P, "ceilDiv")) {
            kind = TLA_IX_CDIV;
            P->p = p + 7;
        } else if (tla__ix_peek_kw(P, "mod")) {
            kind = TLA_IX_MOD;
            P->p = p + 3;
        } else
            return 0;
        if (tla__ix_poperand(P, &r) != 0) return -1;
        /* MLIR's parser (XLA parses through it): the right side of floordiv, ceildiv and mod
         * is symbolic (range and runtime variables, constants), one side of a product too */
        if (kind == TLA_IX_MUL && !tla__ix_symbolic(P->c, *out) && !tla__ix_symbolic(P->c, r))
            return tla__fail(P->err, p,
                             "non-affine expression: at least one of the multiply operands has to be either a "
                             "constant or symbolic");
        if (kind != TLA_IX_MUL && !tla__ix_symbolic(P->c, r))
            return tla__fail(P->err, p,
                             "non-affine expression: right operand of %s has to be either a constant or "
                             "symbolic",
                             tla__ix_kind_word(kind));
        if (kind != TLA_IX_MUL && TLA_IX_IS_CONST(P->c, r) && TLA_IX_V(P->c, r) == 0)
            return tla__fail(P->err, p, "the right side of %s must be a non-zero constant or symbolic",
                             tla__ix_kind_word(kind));
        *out = tla_ix_m_bin(P->c, kind, *out, r);
    }
}

/* expr := term { ('+' | '-') term } */
TLA_FUNC int tla__ix_pexpr(tla__ix_parser *P, int *out) {
    int r, p;
    if (tla__ix_pterm(P, out) != 0) return -1;
    for (;;) {
        p = tla_skip_space(P->s, P->p);
        if ((P->s[p] != '+' && P->s[p] != '-') || P->s[p + 1] == '>') return 0;
        P->p = p + 1;
        if (tla__ix_pterm(P, &r) != 0) return -1;
        if (P->s[p] == '-') r = tla_ix_m_mul(P->c, r, tla_ix_const(P->c, -1));
        *out = tla_ix_m_add(P->c, *out, r);
    }
}

TLA_FUNC int tla__ix_pnames(tla__ix_parser *P, char open, char close, int *count) {
    int p, base = P->nd + P->nr + P->nt;
    char cb[16];
    *count = 0;
    if (!tla__ix_eat(P, open)) return 0;
    if (tla__ix_eat(P, close)) return 0;
    do {
        int n, k = base + *count;
        p = tla_skip_space(P->s, P->p);
        if (k >= 2 * TLA_IX_MAX_VARS) return tla__fail(P->err, p, "more than %d variables", 2 * TLA_IX_MAX_VARS);
        n = tla__ix_ident(P, P->names[k], TLA_IX_NAME);
        if (n == 0) return tla__fail(P->err, p, "expected a variable name, found %s", tla_char_name(P->s, p, cb));
        if (n >= TLA_IX_NAME) return tla__fail(P->err, p, "variable name longer than %d characters", TLA_IX_NAME - 1);
        P->p = p + n;
        (*count)++;
    } while (tla__ix_eat(P, ','));
    return tla__ix_expect(P, close, "after the variable names");
}

TLA_FUNC int tla__ix_pinterval(tla__ix_parser *P, int64_t *lo, int64_t *hi) {
    int st;
    if (tla__ix_expect(P, '[', "to start an interval") != 0) return -1;
    if (tla_int_parse_at(lo, &st, P->s, &P->p, P->err) != 0) return -1;
    if (tla__ix_expect(P, ',', "in the interval") != 0) return -1;
    if (tla_int_parse_at(hi, &st, P->s, &P->p, P->err) != 0) return -1;
    return tla__ix_expect(P, ']', "to close the interval");
}

TLA_API int tla_ix_map_parse_at(tla_ix_map *out, tla_ix_ctx *c, const char *s, int *pos, tla_error *err)
#if TLA__BODIES
{
    tla__ix_parser P;
    tla_ix_map m;
    int i, p, e, nitems, ncons = 0, cons[TLA_IX_MAX_CONS];
    int64_t clo[TLA_IX_MAX_CONS], chi[TLA_IX_MAX_CONS];
    char cb[16], nm[64];
    memset(&P, 0, sizeof P);
    P.c = c;
    P.s = s;
    P.p = *pos;
    P.err = err;
    if (tla__ix_expect(&P, '(', "to start the dimension list") != 0) return -1;
    P.p--;
    if (tla__ix_pnames(&P, '(', ')', &P.nd) != 0) return -1;
    if (tla__ix_pnames(&P, '[', ']', &P.nr) != 0) return -1;
    if (tla__ix_pnames(&P, '{', '}', &P.nt) != 0) return -1;
    if (P.nd > TLA_IX_MAX_VARS || P.nr + P.nt > TLA_IX_MAX_VARS) return tla__fail(err, P.p, "too many variables");
    for (i = 0; i < P.nd + P.nr + P.nt; i++) {
        int j;
        for (j = 0; j < i; j++)
            if (!strcmp(P.names[i], P.names[j]))
                return tla__fail(err, *pos, "variable '%s' is named twice", P.names[i]);
    }
    p = tla_skip_space(s, P.p);
    if (s[p] != '-' || s[p + 1] != '>') return tla__fail(err, p, "expected '->', found %s", tla_char_name(s, p, cb));
    P.p = p + 2;
    if (tla_ix_map_init(c, &m, P.nd, P.nr, P.nt, 0) != 0) return tla__fail(err, p, "too many variables");
    if (tla__ix_expect(&P, '(', "to start the results") != 0) return -1;
    if (!tla__ix_eat(&P, ')')) {
        do {
            if (m.nres == TLA_IX_MAX_RES) return tla__fail(err, P.p, "more than %d results", TLA_IX_MAX_RES);
            if (tla__ix_pexpr(&P, &m.res[m.nres++]) != 0) return -1;
        } while (tla__ix_eat(&P, ','));
        if (tla__ix_expect(&P, ')', "after the results") != 0) return -1;
    }
    for (i = 0; i < P.nd; i++) {
        char def[16];
        snprintf(def, sizeof def, "d%d", i);
        if (strcmp(P.names[i], def)) strcpy(m.dim[i].name, P.names[i]);
    }
    for (i = 0; i < P.nr + P.nt; i++) {
        char def[16];
        if (i < P.nr)
            snprintf(def, sizeof def, "s%d", i);
        else
            snprintf(def, sizeof def, "rt%d", i - P.nr);
        if (strcmp(P.names[P.nd + i], def)) strcpy(m.sym[i].name, P.names[P.nd + i]);
    }
    nitems = P.nd + P.nr + P.nt;
    p = tla_skip_space(s, P.p);
    if (s[p] == ',') P.p = p + 1;
    if (!tla__ix_peek_kw(&P, "domain")) {
        if (nitems)
            return tla__fail(err, tla_skip_space(s, P.p), "expected 'domain:' with an interval for every variable");
        *pos = P.p;
        *out = m;
        return 0;
    }
    P.p = tla_skip_space(s, P.p) + 6;
    if (tla__ix_expect(&P, ':', "after 'domain'") != 0) return -1;
    for (i = 0; i < nitems; i++) {
        tla_ix_var *v = i < P.nd ? &m.dim[i] : &m.sym[i - P.nd];
        int n;
        if (i) tla__ix_eat(&P, ',');
        p = tla_skip_space(s, P.p);
        n = tla__ix_ident(&P, nm, sizeof nm);
        if (n == 0 || strcmp(nm, P.names[i]))
            return tla__fail(err, p, "expected the interval of '%s' (variables in order), found %s", P.names[i],
                             n ? "another name" : tla_char_name(s, p, cb));
        P.p = p + n;
        if (!tla__ix_peek_kw(&P, "in")) return tla__fail(err, tla_skip_space(s, P.p), "expected 'in'");
        P.p = tla_skip_space(s, P.p) + 2;
        if (tla__ix_pinterval(&P, &v->lo, &v->hi) != 0) return -1;
    }
    for (;;) {
        int64_t lo, hi;
        p = tla_skip_space(s, P.p);
        if (s[p] == ',') P.p = p + 1;
        p = tla_skip_space(s, P.p);
        if (!s[p] || (s[p] == '-' && s[p + 1] == '-' && s[p + 2] == '-')) break;
        if (tla__ix_pexpr(&P, &e) != 0) return -1;
        if (!tla__ix_peek_kw(&P, "in"))
            return tla__fail(err, tla_skip_space(s, P.p), "expected 'in' after a constraint");
        P.p = tla_skip_space(s, P.p) + 2;
        if (tla__ix_pinterval(&P, &lo, &hi) != 0) return -1;
        if (ncons == TLA_IX_MAX_CONS) return tla__fail(err, p, "more than %d constraints", TLA_IX_MAX_CONS);
        cons[ncons] = e;
        clo[ncons] = lo;
        chi[ncons++] = hi;
    }
    if (c->failed) return tla__fail(err, *pos, "out of memory");
    /* XLA's IndexingMap constructor: the variables' intervals first (an empty one: KNOWN
     * EMPTY), then AddConstraint for each constraint in order: one on a variable narrows its
     * interval, a constant one is checked and dropped (KNOWN EMPTY when it fails), one on an
     * expression already constrained is intersected, an empty interval is KNOWN EMPTY. */
    tla_ix_map_verify(c, &m);
    for (i = 0; i < ncons; i++) tla_ix_add_cons(c, &m, cons[i], clo[i], chi[i]);
    *pos = P.p;
    *out = m;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_ix_map_parse(tla_ix_map *out, tla_ix_ctx *c, const char *s, tla_error *err)
#if TLA__BODIES
{
    int pos = 0;
    char cb[16];
    tla_ix_map m;
    if (tla_ix_map_parse_at(&m, c, s, &pos, err) != 0) return -1;
    pos = tla_skip_space(s, pos);
    if (s[pos]) {
        /* the older form puts each domain item on its own line without commas */
        return tla__fail(err, pos, "unexpected %s after the map", tla_char_name(s, pos, cb));
    }
    *out = m;
    return 0;
}
#endif
TLA__DECL

TLA_API int tla_ix_expr_parse(int *out, tla_ix_ctx *c, const tla_ix_map *m, const char *s, tla_error *err)
#if TLA__BODIES
{
    tla__ix_parser P;
    int i, p;
    char cb[16];
    memset(&P, 0, sizeof P);
    P.c = c;
    P.s = s;
    P.err = err;
    P.nd = m->nd;
    P.nr = m->nr;
    P.nt = m->nt;
    for (i = 0; i < m->nd; i++)
        if (m->dim[i].name[0])
            strcpy(P.names[i], m->dim[i].name);
        else
            snprintf(P.names[i], TLA_IX_NAME, "d%d", i);
    for (i = 0; i < m->nr + m->nt; i++)
        if (m->sym[i].name[0])
            strcpy(P.names[m->nd + i], m->sym[i].name);
        else if (i < m->nr)
            snprintf(P.names[m->nd + i], TLA_IX_NAME, "s%d", i);
        else
            snprintf(P.names[m->nd + i], TLA_IX_NAME, "rt%d", i - m->nr);
    if (tla__ix_pexpr(&P, out) != 0) return -1;
    p = tla_skip_space(s, P.p);
    if (s[p]) return tla__fail(err, p, "unexpected %s after the expression", tla_char_name(s, p, cb));
    if (c->failed) return tla__fail(err, 0, "out of memory");
    return 0;
}
#endif
TLA__DECL

#endif
