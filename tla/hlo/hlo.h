/* tla/hlo/hlo.h - read the HLO text XLA prints: modules (`HloModule m`), named computations
 * (`f { ... }`, `ENTRY e { ... ROOT ... }`), or a bare list of instructions (the last, or the
 * ROOT one, is the root).  Each instruction: `[ROOT] [%]name = [shape] opcode(operands),
 * attr=value, ...`; shapes with layouts (`f32[10,20]{0,1}`), tuple shapes, operands with or
 * without their shapes, `%` names, `calls=` / `to_apply=` resolved to computations,
 * `/ * comments * /` and `//` comments.  Instructions may span lines.
 *
 * Memory: tla_hlo_parse allocates the module; tla_hlo_free releases everything it owns
 * (instructions point into it, so they live as long as the module).  Errors name the line,
 * the instruction and the reason ("line 3: instruction 'add': unknown operand 'p9'").
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_hlo_module *m = NULL;  tla_error e;
 *   const tla_hlo_instr *r;
 *   if (tla_hlo_parse(&m, "p0 = f32[4,8] parameter(0)\nreshape = f32[32] reshape(p0)\n", &e) != 0) return 1;
 *   r = tla_hlo_root(m);
 *   if (strcmp(r->opcode, "reshape") != 0 || r->shape.a[0].dims[0] != 32 || r->nops != 1) return 1;
 *   tla_hlo_free(m);
 */
#ifndef TLA_HLO_H
#define TLA_HLO_H

#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "tla/base.h"
#include "tla/rt/types.h"
#include "tla/rt/error.h"
#include "tla/rt/parse.h"

#define TLA_HLO_MAX_RANK 12
#define TLA_HLO_MAX_TUPLE 16
#define TLA_HLO_MAX_OPS 64
#define TLA_HLO_MAX_ATTRS 24
#define TLA_HLO_NAME 96

typedef struct tla_hlo_array {
    char type[16]; /* f32, s32, pred, ... */
    int rank;
    int64_t dims[TLA_HLO_MAX_RANK];
    int has_layout; /* {minor_to_major...} given */
    int m2m[TLA_HLO_MAX_RANK]; /* minor_to_major (the default {rank-1, ..., 0} when not given) */
    char layout[64]; /* the layout text as written, without braces ("" if none) */
} tla_hlo_array;

typedef struct tla_hlo_shape {
    int is_tuple;
    int n; /* 1 for an array */
    tla_hlo_array a[TLA_HLO_MAX_TUPLE];
} tla_hlo_shape;

typedef struct tla_hlo_attr {
    const char *key, *val; /* into the instruction's pool; NUL-terminated */
} tla_hlo_attr;

typedef struct tla_hlo_instr {
    char name[TLA_HLO_NAME];
    char opcode[40];
    tla_hlo_shape shape;
    int has_shape;
    int nops;
    struct tla_hlo_instr *ops[TLA_HLO_MAX_OPS];
    char opnames[TLA_HLO_MAX_OPS][TLA_HLO_NAME];
    int nattrs;
    tla_hlo_attr attrs[TLA_HLO_MAX_ATTRS];
    char pool[4096]; /* attribute keys and values */
    int pool_len;
    const char *args; /* the text inside the parentheses of parameter(...) / constant(...) */
    int64_t param; /* parameter number */
    int line;
    int is_root;
    struct tla_hlo_comp *called; /* calls= or to_apply= */
    struct tla_hlo_comp *parent;
} tla_hlo_instr;

typedef struct tla_hlo_comp {
    char name[TLA_HLO_NAME];
    int n, cap;
    tla_hlo_instr **instr;
    tla_hlo_instr *root;
    int entry; /* marked ENTRY */
    int bare; /* a list of instructions outside any computation */
} tla_hlo_comp;

typedef struct tla_hlo_module {
    char *text; /* a copy of the input; attribute values point into it */
    int n, cap;
    tla_hlo_comp **comp;
    tla_hlo_comp *entry;
} tla_hlo_module;

TLA_API void tla_hlo_free(tla_hlo_module *m);
TLA_FUNC const tla_hlo_instr *tla_hlo_root(const tla_hlo_module *m);

/* The value of attribute key, or NULL. */
TLA_API const char *tla_hlo_attr_get(const tla_hlo_instr *in, const char *key);

/* The instruction called name (a leading % ignored) in computation comp (NULL: any); an error
 * when there is none, or when several computations have one (naming them). */
TLA_API int tla_hlo_find(const tla_hlo_instr **out, const tla_hlo_module *m, const char *comp, const char *name,
                         tla_error *err);

/* ---------------------------------------------------------------- reader */

/* Read HLO text into *out (the caller frees it with tla_hlo_free).  -1 and *err on error. */
TLA_API int tla_hlo_parse(tla_hlo_module **out, const char *text, tla_error *err);

/* ---------------------------------------------------------------- printing */

TLA_API void tla_hlo_array_print(const tla_hlo_array *a, char *buf, size_t n);

/* The instruction as XLA prints it, without operand shapes: `%name = shape opcode(%a, %b), k=v`. */
TLA_API void tla_hlo_instr_print(const tla_hlo_instr *in, char *buf, size_t n);

/* ---------------------------------------------------------------- internals */

TLA_API void tla_hlo_free(tla_hlo_module *m)
#if TLA__BODIES
{
    int i, j;
    if (!m) return;
    for (i = 0; i < m->n; i++) {
        for (j = 0; j < m->comp[i]->n; j++) free(m->comp[i]->instr[j]);
        free(m->comp[i]->instr);
        free(m->comp[i]);
    }
    free(m->comp);
    free(m->text);
    free(m);
}
#endif
TLA__DECL

TLA_FUNC const tla_hlo_instr *tla_hlo_root(const tla_hlo_module *m) { return m->entry ? m->entry->root : NULL; }

TLA_API const char *tla_hlo_attr_get(const tla_hlo_instr *in, const char *key)
#if TLA__BODIES
{
    int i;
    for (i = 0; i < in->nattrs; i++)
        if (!strcmp(in->attrs[i].key, key)) return in->attrs[i].val;
    return NULL;
}
#endif
TLA__DECL

TLA_API int tla_hlo_find(const tla_hlo_instr **out, const tla_hlo_module *m, const char *comp, const char *name,
                         tla_error *err)
#if TLA__BODIES
{
    int i, j, found = 0;
    const char *where[2] = {"", ""};
    if (name[0] == '%') name++;
    *out = NULL;
    for (i = 0; i < m->n; i++) {
        if (comp && strcmp(m->comp[i]->name, comp[0] == '%' ? comp + 1 : comp)) continue;
        for (j = 0; j < m->comp[i]->n; j++)
            if (!strcmp(m->comp[i]->instr[j]->name, name)) {
                if (found < 2) where[found] = m->comp[i]->name;
                found++;
                *out = m->comp[i]->instr[j];
            }
    }
    if (found == 1) return 0;
    *out = NULL;
    if (found == 0)
        return comp ? tla__fail(err, -1, "no instruction '%.60s' in computation '%.60s'", name, comp)
                    : tla__fail(err, -1, "no instruction '%.60s'", name);
    return tla__fail(err, -1, "'%.60s' names instructions in computations '%.40s' and '%.40s'", name, where[0],
                     where[1]);
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- reader */

typedef struct tla__hlo_rd {
    char *s;
    int p;
    tla_error *err;
    tla_hlo_module *m;
} tla__hlo_rd;

TLA_FUNC int tla__hlo_line(const char *s, int p) {
    int i, l = 1;
    for (i = 0; i < p; i++) l += s[i] == '\n'; /* the text may hold NULs written by the reader */
    return l;
}

/* Skip spaces, newlines and comments. */
TLA_FUNC void tla__hlo_ws(tla__hlo_rd *R) {
    for (;;) {
        char ch = R->s[R->p];
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
            R->p++;
        } else if (ch == '/' && R->s[R->p + 1] == '/') {
            while (R->s[R->p] && R->s[R->p] != '\n') R->p++;
        } else if (ch == '/' && R->s[R->p + 1] == '*') {
            R->p += 2;
            while (R->s[R->p] && !(R->s[R->p] == '*' && R->s[R->p + 1] == '/')) R->p++;
            if (R->s[R->p]) R->p += 2;
        } else
            return;
    }
}

TLA_FUNC int tla__hlo_namech(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.'
           || ch == '-';
}

/* A name ([%]letters, digits, _ . -) into out; 0 if none. */
TLA_FUNC int tla__hlo_name(tla__hlo_rd *R, char *out) {
    int n = 0, p;
    tla__hlo_ws(R);
    p = R->p;
    if (R->s[p] == '%') p++;
    if (!tla__hlo_namech(R->s[p]) || R->s[p] == '-') return 0;
    while (tla__hlo_namech(R->s[p + n])) n++;
    if (n >= TLA_HLO_NAME) n = TLA_HLO_NAME - 1;
    memcpy(out, R->s + p, (size_t)n);
    out[n] = '\0';
    while (tla__hlo_namech(R->s[p])) p++;
    R->p = p;
    return 1;
}

TLA_FUNC int tla__hlo_fail(tla__hlo_rd *R, const char *instr, const char *fmt, const char *what) {
    char msg[100];
    snprintf(msg, sizeof msg, fmt, what);
    if (instr && instr[0])
        return tla__fail(R->err, R->p, "line %d: instruction '%.40s': %s", tla__hlo_line(R->s, R->p), instr, msg);
    return tla__fail(R->err, R->p, "line %d: %s", tla__hlo_line(R->s, R->p), msg);
}

/* An array shape `type[d0,d1]{m2m[:tiles]}` at R->p (the type name already known to be
 * followed by '['). */
TLA_FUNC int tla__hlo_array(tla__hlo_rd *R, tla_hlo_array *a, const char *instr) {
    int n = 0, i;
    tla__hlo_ws(R);
    memset(a, 0, sizeof *a);
    while (R->s[R->p] >= 'a' && R->s[R->p] <= 'z') {
        if (n < (int)sizeof a->type - 1) a->type[n++] = R->s[R->p];
        R->p++;
    }
    while (tla_is_digit(R->s[R->p]) || (R->s[R->p] >= 'a' && R->s[R->p] <= 'z') || R->s[R->p] == '_') {
        if (n < (int)sizeof a->type - 1) a->type[n++] = R->s[R->p];
        R->p++;
    }
    if (R->s[R->p] != '[') return tla__hlo_fail(R, instr, "expected '[' in a shape%s", "");
    R->p++;
    tla__hlo_ws(R);
    while (R->s[R->p] != ']') {
        int64_t v;
        int st;
        tla__hlo_ws(R);
        if (R->s[R->p] == '?') return tla__hlo_fail(R, instr, "dynamic dimensions are not supported%s", "");
        if (R->s[R->p] == '<' && R->s[R->p + 1] == '=') R->p += 2;
        if (a->rank == TLA_HLO_MAX_RANK) return tla__hlo_fail(R, instr, "rank above 12%s", "");
        if (tla_int_parse_at(&v, &st, R->s, &R->p, NULL) != 0 || v < 0 || st)
            return tla__hlo_fail(R, instr, "expected a dimension size in a shape%s", "");
        a->dims[a->rank++] = v;
        tla__hlo_ws(R);
        if (R->s[R->p] == ',')
            R->p++;
        else if (R->s[R->p] != ']')
            return tla__hlo_fail(R, instr, "expected ',' or ']' in a shape%s", "");
    }
    R->p++;
    for (i = 0; i < a->rank; i++) a->m2m[i] = a->rank - 1 - i;
    if (R->s[R->p] == ' ' && R->s[R->p + 1] == '{') R->p++; /* `f32[3] {0}` as some tests write it */
    if (R->s[R->p] == '{') {
        int depth = 0, k = 0, start = R->p + 1, len;
        uint32_t seen = 0;
        R->p++;
        a->has_layout = 1;
        tla__hlo_ws(R);
        while (R->s[R->p] != '}' && R->s[R->p] != ':') {
            int64_t v;
            int st;
            if (tla_int_parse_at(&v, &st, R->s, &R->p, NULL) != 0 || v < 0 || v >= a->rank || k >= a->rank
                || (seen >> v & 1))
                return tla__hlo_fail(R, instr, "bad layout: expected a permutation of the dimensions%s", "");
            seen |= 1u << v;
            a->m2m[k++] = (int)v;
            tla__hlo_ws(R);
            if (R->s[R->p] == ',') R->p++;
            tla__hlo_ws(R);
        }
        if (k != a->rank) return tla__hlo_fail(R, instr, "bad layout: expected a permutation of the dimensions%s", "");
        while (R->s[R->p] && (R->s[R->p] != '}' || depth)) {
            if (R->s[R->p] == '(') depth++;
            if (R->s[R->p] == ')') depth--;
            R->p++;
        }
        if (!R->s[R->p]) return tla__hlo_fail(R, instr, "unterminated layout%s", "");
        len = R->p - start;
        if (len > (int)sizeof a->layout - 1) len = (int)sizeof a->layout - 1;
        memcpy(a->layout, R->s + start, (size_t)len);
        R->p++;
    }
    return 0;
}

TLA_FUNC int tla__hlo_is_array_start(const char *s, int p) {
    if (!(s[p] >= 'a' && s[p] <= 'z')) return 0;
    while ((s[p] >= 'a' && s[p] <= 'z') || tla_is_digit(s[p]) || s[p] == '_') p++;
    return s[p] == '[';
}

/* A shape: an array or a tuple `(a, b)`. */
TLA_FUNC int tla__hlo_shape(tla__hlo_rd *R, tla_hlo_shape *sh, const char *instr) {
    tla__hlo_ws(R);
    memset(sh, 0, sizeof *sh);
    if (R->s[R->p] == '(') {
        R->p++;
        sh->is_tuple = 1;
        tla__hlo_ws(R);
        while (R->s[R->p] != ')') {
            if (sh->n == TLA_HLO_MAX_TUPLE) return tla__hlo_fail(R, instr, "tuple of more than 16 elements%s", "");
            tla__hlo_ws(R);
            if (!tla__hlo_is_array_start(R->s, R->p))
                return tla__hlo_fail(R, instr, "expected an array shape in a tuple%s", "");
            if (tla__hlo_array(R, &sh->a[sh->n++], instr) != 0) return -1;
            tla__hlo_ws(R);
            if (R->s[R->p] == ',')
                R->p++;
            else if (R->s[R->p] != ')')
                return tla__hlo_fail(R, instr, "expected ',' or ')' in a tuple shape%s", "");
            tla__hlo_ws(R);
        }
        R->p++;
        return 0;
    }
    sh->n = 1;
    return tla__hlo_array(R, &sh->a[0], instr);
}

/* Moves R->p to the first character of `stops` outside quotes and brackets, or to the end;
 * returns the brackets and quote left open (0: balanced).  Both the bracketed parts and the
 * attribute values are read this way. */
TLA_FUNC int tla__hlo_scan(tla__hlo_rd *R, const char *stops) {
    int depth = 0, q = 0;
    for (; R->s[R->p]; R->p++) {
        char ch = R->s[R->p];
        if (q) {
            if (ch == '\\' && R->s[R->p + 1])
                R->p++;
            else if (ch == '"')
                q = 0;
        } else if (ch == '"')
            q = 1;
        else if (ch == '(' || ch == '{' || ch == '[')
            depth++;
        else if ((ch == ')' || ch == '}' || ch == ']') && depth)
            depth--;
        else if (depth == 0 && strchr(stops, ch))
            break;
    }
    return depth + q;
}

/* Text up to the matching close bracket (R->p just after the open one); NUL-terminates it
 * in place and returns its start. */
TLA_FUNC char *tla__hlo_balanced(tla__hlo_rd *R, char close, const char *instr) {
    int start = R->p;
    char stops[2];
    stops[0] = close, stops[1] = '\0';
    tla__hlo_scan(R, stops);
    if (!R->s[R->p]) {
        tla__hlo_fail(R, instr, "missing '%s'", close == ')' ? ")" : "}");
        return NULL;
    }
    R->s[R->p++] = '\0';
    return R->s + start;
}

TLA_FUNC int tla__hlo_comp_add(tla_hlo_comp *c, tla_hlo_instr *in) {
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 16;
        tla_hlo_instr **p = (tla_hlo_instr **)realloc(c->instr, (size_t)cap * sizeof *p);
        if (!p) return -1;
        c->instr = p;
        c->cap = cap;
    }
    c->instr[c->n++] = in;
    in->parent = c;
    return 0;
}

TLA_FUNC tla_hlo_comp *tla__hlo_new_comp(tla_hlo_module *m, const char *name) {
    tla_hlo_comp *c;
    if (m->n == m->cap) {
        int cap = m->cap ? m->cap * 2 : 8;
        tla_hlo_comp **p = (tla_hlo_comp **)realloc(m->comp, (size_t)cap * sizeof *p);
        if (!p) return NULL;
        m->comp = p;
        m->cap = cap;
    }
    c = (tla_hlo_comp *)calloc(1, sizeof *c);
    if (!c) return NULL;
    snprintf(c->name, sizeof c->name, "%s", name);
    m->comp[m->n++] = c;
    return c;
}

/* One instruction; R->p at its start ([ROOT] name = ...). */
TLA_FUNC int tla__hlo_instr(tla__hlo_rd *R, tla_hlo_comp *comp) {
    tla_hlo_instr *in = (tla_hlo_instr *)calloc(1, sizeof *in);
    char word[TLA_HLO_NAME];
    int save, k;
    if (!in) return tla__fail(R->err, R->p, "out of memory");
    if (tla__hlo_comp_add(comp, in) != 0) {
        free(in);
        return tla__fail(R->err, R->p, "out of memory");
    }
    tla__hlo_ws(R);
    in->line = tla__hlo_line(R->s, R->p);
    save = R->p;
    if (tla__hlo_name(R, word) && !strcmp(word, "ROOT"))
        in->is_root = 1;
    else
        R->p = save;
    if (!tla__hlo_name(R, in->name)) return tla__hlo_fail(R, NULL, "expected an instruction name%s", "");
    tla__hlo_ws(R);
    if (R->s[R->p] != '=') return tla__hlo_fail(R, in->name, "expected '=' after the name%s", "");
    R->p++;
    tla__hlo_ws(R);
    if (R->s[R->p] == '(' || tla__hlo_is_array_start(R->s, R->p)) {
        if (tla__hlo_shape(R, &in->shape, in->name) != 0) return -1;
        in->has_shape = 1;
    }
    tla__hlo_ws(R);
    k = 0;
    while (tla__hlo_namech(R->s[R->p]) && k < (int)sizeof in->opcode - 1) in->opcode[k++] = R->s[R->p++];
    if (k == 0) return tla__hlo_fail(R, in->name, "expected an opcode%s", "");
    tla__hlo_ws(R);
    if (R->s[R->p] != '(') return tla__hlo_fail(R, in->name, "expected '(' after the opcode%s", "");
    R->p++;
    if (!strcmp(in->opcode, "parameter") || !strcmp(in->opcode, "constant") || !strcmp(in->opcode, "iota")) {
        char *a = tla__hlo_balanced(R, ')', in->name);
        if (!a) return -1;
        in->args = a;
        if (!strcmp(in->opcode, "parameter")) {
            int p = 0, st;
            if (tla_int_parse_at(&in->param, &st, a, &p, NULL) != 0 || in->param < 0 || st)
                return tla__hlo_fail(R, in->name, "expected the parameter number%s", "");
        }
    } else {
        tla__hlo_ws(R);
        while (R->s[R->p] != ')') {
            tla__hlo_ws(R);
            if (in->nops == TLA_HLO_MAX_OPS) return tla__hlo_fail(R, in->name, "more than 64 operands%s", "");
            if (R->s[R->p] == '(' || tla__hlo_is_array_start(R->s, R->p)) {
                tla_hlo_shape tmp;
                if (tla__hlo_shape(R, &tmp, in->name) != 0) return -1;
            }
            if (!tla__hlo_name(R, in->opnames[in->nops]))
                return tla__hlo_fail(R, in->name, "expected an operand name%s", "");
            in->nops++;
            tla__hlo_ws(R);
            if (R->s[R->p] == ',')
                R->p++;
            else if (R->s[R->p] != ')')
                return tla__hlo_fail(R, in->name, "expected ',' or ')' after an operand%s", "");
            tla__hlo_ws(R);
        }
        R->p++;
    }
    for (;;) { /* attributes */
        int p0 = R->p, kstart, klen;
        char *val;
        tla__hlo_ws(R);
        if (R->s[R->p] != ',') {
            R->p = p0;
            break;
        }
        R->p++;
        tla__hlo_ws(R);
        kstart = R->p;
        while (tla__hlo_namech(R->s[R->p])) R->p++;
        klen = R->p - kstart;
        tla__hlo_ws(R);
        if (klen == 0 || R->s[R->p] != '=') return tla__hlo_fail(R, in->name, "expected attribute=value%s", "");
        if (in->nattrs == TLA_HLO_MAX_ATTRS) return tla__hlo_fail(R, in->name, "more than 24 attributes%s", "");
        R->p++;
        tla__hlo_ws(R);
        {
            int start = R->p, end, need;
            if (tla__hlo_scan(R, ",\n}") != 0) return tla__hlo_fail(R, in->name, "unterminated attribute value%s", "");
            end = R->p;
            while (end > start && (R->s[end - 1] == ' ' || R->s[end - 1] == '\t' || R->s[end - 1] == '\r')) end--;
            need = klen + 1 + (end - start) + 1;
            if (in->pool_len + need > (int)sizeof in->pool)
                return tla__hlo_fail(R, in->name, "attributes longer than 4 KB%s", "");
            val = in->pool + in->pool_len;
            memcpy(val, R->s + kstart, (size_t)klen);
            val[klen] = '\0';
            in->attrs[in->nattrs].key = val;
            memcpy(val + klen + 1, R->s + start, (size_t)(end - start));
            val[klen + 1 + end - start] = '\0';
            in->attrs[in->nattrs++].val = val + klen + 1;
            in->pool_len += need;
        }
    }
    return 0;
}

/* Integers of "{1, 2}" / "1x2" / "1" into v (at most max); the count or -1. */
TLA_FUNC int tla__hlo_ints(const char *s, int64_t *v, int max) {
    int n = 0, p = 0, st;
    if (!s) return -1;
    p = tla_skip_space(s, p);
    if (s[p] == '{') p++;
    for (;;) {
        p = tla_skip_space(s, p);
        if (!s[p] || s[p] == '}') break;
        if (n == max || tla_int_parse_at(&v[n], &st, s, &p, NULL) != 0) return -1;
        n++;
        p = tla_skip_space(s, p);
        if (s[p] == ',' || s[p] == 'x' || s[p] == '_')
            p++;
        else if (s[p] && s[p] != '}')
            return -1;
    }
    return n;
}

/* Resolve operand names, calls=/to_apply=, the root; then the entry computation. */
TLA_FUNC int tla__hlo_resolve(tla__hlo_rd *R) {
    tla_hlo_module *m = R->m;
    int i, j, k, l;
    for (i = 0; i < m->n; i++) {
        tla_hlo_comp *c = m->comp[i];
        if (c->n == 0) return tla__fail(R->err, -1, "computation '%.40s' has no instructions", c->name);
        for (j = 0; j < c->n; j++) {
            tla_hlo_instr *in = c->instr[j];
            const char *callee;
            for (k = 0; k < j; k++)
                if (!strcmp(c->instr[k]->name, in->name))
                    return tla__fail(R->err, -1, "line %d: instruction '%.40s': the name is used twice", in->line,
                                     in->name);
            for (k = 0; k < in->nops; k++) {
                for (l = 0; l < c->n; l++)
                    if (!strcmp(c->instr[l]->name, in->opnames[k])) break;
                if (l == c->n)
                    return tla__fail(R->err, -1, "line %d: instruction '%.40s': unknown operand '%.40s'", in->line,
                                     in->name, in->opnames[k]);
                in->ops[k] = c->instr[l];
            }
            callee = tla_hlo_attr_get(in, "calls");
            if (!callee) callee = tla_hlo_attr_get(in, "to_apply");
            if (callee && !tla_hlo_attr_get(in, "calls")) { /* to_apply= need not be given: the maps do not use it */
                for (l = 0; l < m->n; l++)
                    if (!strcmp(m->comp[l]->name, callee + (callee[0] == '%'))) in->called = m->comp[l];
                callee = NULL;
            }
            if (callee) {
                if (callee[0] == '%') callee++;
                for (l = 0; l < m->n; l++)
                    if (!strcmp(m->comp[l]->name, callee)) break;
                if (l == m->n)
                    return tla__fail(R->err, -1, "line %d: instruction '%.40s': unknown computation '%.40s'", in->line,
                                     in->name, callee);
                in->called = m->comp[l];
            }
            /* (the shape of a dynamic-slice, which XLA's indexing-analysis documentation omits) */
            if (!in->has_shape && !strcmp(in->opcode, "dynamic-slice") && in->nops > 0) {
                tla_hlo_array *a = &in->shape.a[0];
                int r = tla__hlo_ints(tla_hlo_attr_get(in, "dynamic_slice_sizes"), a->dims, TLA_HLO_MAX_RANK);
                if (r >= 0) {
                    in->shape.n = 1;
                    a->rank = r;
                    snprintf(a->type, sizeof a->type, "%s", in->ops[0]->shape.a[0].type);
                    for (k = 0; k < r; k++) a->m2m[k] = r - 1 - k;
                    in->has_shape = 1;
                }
            }
            if (in->is_root) {
                if (c->root)
                    return tla__fail(R->err, -1, "line %d: instruction '%.40s': a second ROOT", in->line, in->name);
                c->root = in;
            }
        }
        if (!c->root) c->root = c->instr[c->n - 1];
        if (c->entry) m->entry = c;
    }
    if (!m->entry) m->entry = m->comp[m->n - 1];
    return 0;
}

TLA_API int tla_hlo_parse(tla_hlo_module **out, const char *text, tla_error *err)
#if TLA__BODIES
{
    tla__hlo_rd R;
    tla_hlo_module *m = (tla_hlo_module *)calloc(1, sizeof *m);
    size_t n = strlen(text);
    tla_hlo_comp *bare = NULL;
    if (!m || !(m->text = (char *)malloc(n + 1))) {
        free(m);
        return tla__fail(err, -1, "out of memory");
    }
    memcpy(m->text, text, n + 1);
    R.s = m->text;
    R.p = 0;
    R.err = err;
    R.m = m;
    for (;;) {
        char word[TLA_HLO_NAME];
        int save, is_entry = 0;
        tla__hlo_ws(&R);
        if (!R.s[R.p]) break;
        save = R.p;
        if (!tla__hlo_name(&R, word)) {
            tla__hlo_fail(&R, NULL, "expected an instruction or a computation%s", "");
            goto fail;
        }
        if (!strcmp(word, "HloModule")) {
            while (R.s[R.p] && R.s[R.p] != '\n') R.p++;
            continue;
        }
        if (!strcmp(word, "ENTRY")) {
            is_entry = 1;
            save = R.p;
            if (!tla__hlo_name(&R, word)) {
                tla__hlo_fail(&R, NULL, "expected a computation name after ENTRY%s", "");
                goto fail;
            }
        }
        tla__hlo_ws(&R);
        if (R.s[R.p] == '=' || (!is_entry && !strcmp(word, "ROOT"))) { /* a bare instruction */
            R.p = save;
            if (!bare && !(bare = tla__hlo_new_comp(m, "main"))) goto oom;
            bare->bare = 1;
            if (tla__hlo_instr(&R, bare) != 0) goto fail;
            continue;
        }
        {
            tla_hlo_comp *c;
            if (R.s[R.p] == '(') { /* a signature: (p: f32[2]) -> f32[2] */
                int depth = 0;
                while (R.s[R.p] && (R.s[R.p] != '{' || depth)) {
                    if (R.s[R.p] == '(') depth++;
                    if (R.s[R.p] == ')') depth--;
                    R.p++;
                }
            }
            if (R.s[R.p] != '{') {
                tla__hlo_fail(&R, NULL, "expected '{' or '=' after '%.40s'", word);
                goto fail;
            }
            R.p++;
            if (!(c = tla__hlo_new_comp(m, word))) goto oom;
            c->entry = is_entry;
            for (;;) {
                tla__hlo_ws(&R);
                if (R.s[R.p] == '}') {
                    R.p++;
                    break;
                }
                if (!R.s[R.p]) {
                    tla__hlo_fail(&R, NULL, "missing '}' at the end of computation '%.40s'", c->name);
                    goto fail;
                }
                if (tla__hlo_instr(&R, c) != 0) goto fail;
            }
        }
    }
    if (m->n == 0) {
        tla__fail(err, 0, "no instructions in the HLO text");
        goto fail;
    }
    if (tla__hlo_resolve(&R) != 0) goto fail;
    *out = m;
    return 0;
oom:
    tla__fail(err, R.p, "out of memory");
fail:
    tla_hlo_free(m);
    return -1;
}
#endif
TLA__DECL

/* ---------------------------------------------------------------- printing */

TLA_API void tla_hlo_array_print(const tla_hlo_array *a, char *buf, size_t n)
#if TLA__BODIES
{
    size_t len = 0;
    int i;
    len += (size_t)snprintf(buf + len, n - len, "%s[", a->type);
    for (i = 0; i < a->rank && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, i ? ",%lld" : "%lld", (long long)a->dims[i]);
    if (len < n) len += (size_t)snprintf(buf + len, n - len, "]");
    if (a->rank && len < n) {
        len += (size_t)snprintf(buf + len, n - len, "{");
        if (a->has_layout && len < n)
            len += (size_t)snprintf(buf + len, n - len, "%s", a->layout);
        else
            for (i = 0; i < a->rank && len < n; i++)
                len += (size_t)snprintf(buf + len, n - len, i ? ",%d" : "%d", a->m2m[i]);
        if (len < n) snprintf(buf + len, n - len, "}");
    }
}
#endif
TLA__DECL

TLA_API void tla_hlo_instr_print(const tla_hlo_instr *in, char *buf, size_t n)
#if TLA__BODIES
{
    size_t len;
    int i;
    char sh[2048];
    sh[0] = '\0';
    if (in->shape.is_tuple) {
        size_t l = 0;
        l += (size_t)snprintf(sh, sizeof sh, "(");
        for (i = 0; i < in->shape.n && l < sizeof sh - 200; i++) {
            if (i) l += (size_t)snprintf(sh + l, sizeof sh - l, ", ");
            tla_hlo_array_print(&in->shape.a[i], sh + l, sizeof sh - l);
            l = strlen(sh);
        }
        snprintf(sh + l, sizeof sh - l, ")");
    } else if (in->has_shape)
        tla_hlo_array_print(&in->shape.a[0], sh, sizeof sh);
    len = (size_t)snprintf(buf, n, "%%%s = %s %s(", in->name, sh, in->opcode);
    if (in->args && len < n) len += (size_t)snprintf(buf + len, n - len, "%s", in->args);
    for (i = 0; i < in->nops && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, i ? ", %%%s" : "%%%s", in->opnames[i]);
    if (len < n) len += (size_t)snprintf(buf + len, n - len, ")");
    for (i = 0; i < in->nattrs && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, ", %s=%s", in->attrs[i].key, in->attrs[i].val);
}
#endif
TLA__DECL

#endif
