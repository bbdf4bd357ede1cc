/* tla/sparse/affine.h - the types of MLIR sparse tensor encodings (tla/sparse/encoding.h) and
 * their affine expressions: built and simplified as MLIR's AffineExpr is (constants to the
 * right, `d0 * 1` is `d0`, `(d0 * 2) * 3` is `d0 * 6`, `d0 floordiv 1` is `d0`, ...), compared
 * structurally, and printed by MLIR's affine printer (`d0 floordiv 2`, `d0 - d1 * 2`,
 * `d0 * (s0 * 3)`).  Expressions live as nodes in the encoding (tla_sparse_encoding.node).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   static tla_sparse_encoding enc;   // 10 KB of nodes: static here, not on the stack
 *   char buf[64];
 *   int d0 = tla__aff_new(&enc, TLA_AFF_DIM, -1, -1, 0);
 *   int x = tla__aff_bin(&enc, TLA_AFF_ADD, tla__aff_const(&enc, 4), tla__aff_bin(&enc, TLA_AFF_MUL, d0, tla__aff_const(&enc, -2)));
 *   tla__sbuf s = {buf, sizeof buf, 0};
 *   tla__aff_print(&s, &enc, x, 0);
 *   if (strcmp(buf, "d0 * -2 + 4") != 0) return 1;   // MLIR: constants go right; 4 + e is e + 4
 */
#ifndef TLA_SPARSE_AFFINE_H
#define TLA_SPARSE_AFFINE_H

#include <stdlib.h>
#include "tla/rt/error.h"

#define TLA_SPARSE_MAX_RANK 8 /* dimensions, levels and symbols each */
#define TLA_SPARSE_MAX_NODES 384 /* affine expression nodes of one encoding */
#define TLA_SPARSE_DYNAMIC INT64_MIN /* `?` in a slice */

enum {
    TLA_LVL_DENSE = 1,
    TLA_LVL_BATCH,
    TLA_LVL_COMPRESSED,
    TLA_LVL_SINGLETON,
    TLA_LVL_LOOSE_COMPRESSED,
    TLA_LVL_STRUCTURED
};
enum { TLA_LVL_NONUNIQUE = 1, TLA_LVL_NONORDERED = 2, TLA_LVL_SOA = 4 };
enum {
    TLA_AFF_CONST,
    TLA_AFF_DIM,
    TLA_AFF_SYM,
    TLA_AFF_ADD,
    TLA_AFF_MUL,
    TLA_AFF_FLOORDIV,
    TLA_AFF_CEILDIV,
    TLA_AFF_MOD
};
enum { TLA_SPV_NONE, TLA_SPV_INT, TLA_SPV_FLOAT, TLA_SPV_COMPLEX };

typedef struct tla_lvl_type {
    int format; /* TLA_LVL_DENSE ... */
    int props; /* TLA_LVL_NONUNIQUE | TLA_LVL_NONORDERED | TLA_LVL_SOA */
    int n, m; /* structured[n, m] */
} tla_lvl_type;

typedef struct tla_affine_node {
    int kind, a, b; /* binary: operand node indices */
    int64_t v; /* constant value, or dimension / symbol position */
} tla_affine_node;

typedef struct tla_sparse_value {
    int kind; /* TLA_SPV_*: an IntegerAttr, FloatAttr or complex.number */
    char type[16]; /* "i32", "index", "f32", "f64", ...; the part type for complex */
    int64_t i; /* integer value (i1: 0 or 1) */
    double re, im; /* float value, or the complex parts */
} tla_sparse_value;

typedef struct tla_sparse_encoding {
    int dim_rank, lvl_rank, sym_rank;
    tla_lvl_type lvl[TLA_SPARSE_MAX_RANK];
    int lvl_expr[TLA_SPARSE_MAX_RANK]; /* dimToLvl: node per level, over dimensions d and symbols s */
    int has_lvl_to_dim; /* explicit `d = expr` forms were given: */
    int dim_expr[TLA_SPARSE_MAX_RANK]; /* lvlToDim: node per dimension (-1 if none), over levels */
    int has_slices;
    int64_t slice[TLA_SPARSE_MAX_RANK][3]; /* offset, size, stride; TLA_SPARSE_DYNAMIC for `?` */
    int pos_width, crd_width; /* 0 (native), 8, 16, 32, 64 */
    tla_sparse_value explicit_val, implicit_val;
    /* Filled by the verifier when the map has no symbols: level l is dimension lvl_dim[l]
     * (lvl_op 0), its floordiv (1) or its mod (2) by lvl_block[l]. */
    int lvl_dim[TLA_SPARSE_MAX_RANK], lvl_op[TLA_SPARSE_MAX_RANK];
    int64_t lvl_block[TLA_SPARSE_MAX_RANK];
    int nnodes;
    tla_affine_node node[TLA_SPARSE_MAX_NODES];
} tla_sparse_encoding;

/* ------------------------------------------------------------ affine expressions */

TLA_FUNC int tla__aff_new(tla_sparse_encoding *e, int kind, int a, int b, int64_t v) {
    tla_affine_node *n;
    if (e->nnodes >= TLA_SPARSE_MAX_NODES || a < -1 || b < -1) return -1;
    n = &e->node[e->nnodes];
    n->kind = kind, n->a = a, n->b = b, n->v = v;
    return e->nnodes++;
}
TLA_FUNC int tla__aff_k(const tla_sparse_encoding *e, int x) { return e->node[x].kind; }
TLA_FUNC int tla__aff_isc(const tla_sparse_encoding *e, int x, int64_t *v) { /* is a constant */
    if (e->node[x].kind != TLA_AFF_CONST) return 0;
    if (v) *v = e->node[x].v;
    return 1;
}
TLA_FUNC int tla__aff_const(tla_sparse_encoding *e, int64_t v) { return tla__aff_new(e, TLA_AFF_CONST, -1, -1, v); }
TLA_FUNC int tla__aff_symbolic(const tla_sparse_encoding *e, int x) { /* MLIR's isSymbolicOrConstant */
    int k = e->node[x].kind;
    if (k == TLA_AFF_CONST || k == TLA_AFF_SYM) return 1;
    if (k == TLA_AFF_DIM) return 0;
    return tla__aff_symbolic(e, e->node[x].a) && tla__aff_symbolic(e, e->node[x].b);
}
TLA_FUNC int tla__aff_eq(const tla_sparse_encoding *e, int x, int y) {
    const tla_affine_node *p = &e->node[x], *q = &e->node[y];
    if (p->kind != q->kind) return 0;
    if (p->kind <= TLA_AFF_SYM) return p->v == q->v;
    return tla__aff_eq(e, p->a, q->a) && tla__aff_eq(e, p->b, q->b);
}
TLA_FUNC int64_t tla__gcd(int64_t a, int64_t b) {
    while (b) {
        int64_t t = a % b;
        a = b, b = t;
    }
    return a < 0 ? -a : a;
}
TLA_FUNC int64_t tla__aff_divisor(const tla_sparse_encoding *e, int x) { /* getLargestKnownDivisor */
    const tla_affine_node *n = &e->node[x];
    int64_t c, r;
    switch (n->kind) {
    case TLA_AFF_CONST: return n->v < 0 && n->v != INT64_MIN ? -n->v : n->v;
    case TLA_AFF_MUL: return tla__mul64(tla__aff_divisor(e, n->a), tla__aff_divisor(e, n->b), &r) ? 1 : r;
    case TLA_AFF_ADD:
    case TLA_AFF_MOD: return tla__gcd(tla__aff_divisor(e, n->a), tla__aff_divisor(e, n->b));
    case TLA_AFF_FLOORDIV:
    case TLA_AFF_CEILDIV:
        if (tla__aff_isc(e, n->b, &c) && c != 0 && c != -1 && tla__aff_divisor(e, n->a) % c == 0)
            return llabs(tla__aff_divisor(e, n->a) / c);
        return 1;
    default: return 1;
    }
}
TLA_FUNC int64_t tla__floordiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && ((a < 0) != (b < 0))); }
TLA_FUNC int tla__aff_bin(tla_sparse_encoding *e, int kind, int a, int b);
/* MLIR's simplifyAdd / simplifyMul / simplifyFloorDiv / simplifyCeilDiv / simplifyMod, then a node. */
TLA_FUNC int tla__aff_bin(tla_sparse_encoding *e, int kind, int a, int b) {
    int64_t x = 0, y = 0, r = 0;
    int ca, cb, l, t;
    if (a < 0 || b < 0) return -1;
    ca = tla__aff_isc(e, a, &x), cb = tla__aff_isc(e, b, &y);
    l = tla__aff_k(e, a) >= TLA_AFF_ADD ? a : -1; /* a binary lhs */
    if (kind == TLA_AFF_ADD) {
        int f1 = a, f2 = b;
        int64_t c1 = 1, c2 = 1;
        if (ca && cb) return tla__add64(x, y, &r) ? tla__aff_new(e, kind, a, b, 0) : tla__aff_const(e, r);
        if (ca || (tla__aff_symbolic(e, a) && !tla__aff_symbolic(e, b))) return tla__aff_bin(e, kind, b, a);
        if (cb && y == 0) return a;
        if (l >= 0 && cb && tla__aff_k(e, l) == TLA_AFF_ADD && tla__aff_isc(e, e->node[l].b, &c1)
            && !tla__add64(c1, y, &r))
            return tla__aff_bin(e, kind, e->node[l].a, tla__aff_const(e, r));
        c1 = 1;
        if (l >= 0 && tla__aff_k(e, l) == TLA_AFF_MUL && tla__aff_isc(e, e->node[l].b, &c1)) f1 = e->node[l].a;
        if (tla__aff_k(e, b) == TLA_AFF_MUL && tla__aff_isc(e, e->node[b].b, &c2)) f2 = e->node[b].a;
        if (tla__aff_eq(e, f1, f2) && !tla__add64(c1, c2, &r))
            return tla__aff_new(e, TLA_AFF_MUL, f1, tla__aff_const(e, r), 0);
        if (l >= 0 && tla__aff_k(e, l) == TLA_AFF_ADD && tla__aff_isc(e, e->node[l].b, NULL))
            return tla__aff_bin(e, kind, tla__aff_bin(e, kind, e->node[l].a, b), e->node[l].b);
    } else if (kind == TLA_AFF_MUL) {
        if (ca && cb)
            return tla__mul64(x, y, &r) ? tla__aff_new(e, kind, a, b, 0) : tla__aff_const(e, r); /* overflow: kept */
        if (!tla__aff_symbolic(e, a) && !tla__aff_symbolic(e, b)) return tla__aff_new(e, kind, a, b, 0);
        if (!tla__aff_symbolic(e, b) || ca) return tla__aff_bin(e, kind, b, a);
        if (cb && (y == 1 || y == 0)) return y ? a : b;
        if (l >= 0 && tla__aff_k(e, l) == TLA_AFF_MUL && tla__aff_isc(e, e->node[l].b, &x)) {
            if (cb && !tla__mul64(x, y, &r)) return tla__aff_bin(e, kind, e->node[l].a, tla__aff_const(e, r));
            if (!cb) return tla__aff_bin(e, kind, tla__aff_bin(e, kind, e->node[l].a, b), e->node[l].b);
        }
    } else if (cb && (kind == TLA_AFF_FLOORDIV || kind == TLA_AFF_CEILDIV)
               && (kind == TLA_AFF_FLOORDIV ? y != 0 : y >= 1)) {
        if (ca) {
            if (x == INT64_MIN && y == -1) return tla__aff_new(e, kind, a, b, 0);
            r = tla__floordiv(x, y);
            return tla__aff_const(e, kind == TLA_AFF_CEILDIV && r * y != x ? r + 1 : r);
        }
        if (y == 1) return a;
        if (l >= 0 && tla__aff_k(e, l) == TLA_AFF_MUL && tla__aff_isc(e, e->node[l].b, &x) && x % y == 0)
            return tla__aff_bin(e, TLA_AFF_MUL, e->node[l].a, tla__aff_const(e, x / y));
        if (kind == TLA_AFF_FLOORDIV && l >= 0 && tla__aff_k(e, l) == TLA_AFF_ADD
            && (tla__aff_divisor(e, e->node[l].a) % y == 0 || tla__aff_divisor(e, e->node[l].b) % y == 0))
            return tla__aff_bin(e, TLA_AFF_ADD, tla__aff_bin(e, kind, e->node[l].a, b),
                                tla__aff_bin(e, kind, e->node[l].b, b));
    } else if (cb && kind == TLA_AFF_MOD && y >= 1) {
        if (ca) return tla__aff_const(e, (x % y + y) % y);
        if (tla__aff_divisor(e, a) % y == 0) return tla__aff_const(e, 0);
        if (l >= 0 && tla__aff_k(e, l) == TLA_AFF_ADD) {
            if (tla__aff_divisor(e, e->node[l].a) % y == 0) return tla__aff_bin(e, kind, e->node[l].b, b);
            if (tla__aff_divisor(e, e->node[l].b) % y == 0) return tla__aff_bin(e, kind, e->node[l].a, b);
        }
        if (l >= 0 && tla__aff_k(e, l) == TLA_AFF_MOD && tla__aff_isc(e, e->node[l].b, &x) && x >= 1 && x % y == 0)
            return tla__aff_bin(e, kind, e->node[l].a, b);
    }
    t = tla__aff_new(e, kind, a, b, 0);
    return t;
}

/* A growing string for the printers: snprintf semantics (len counts what did not fit). */
typedef struct tla__sbuf {
    char *b;
    size_t n, len;
} tla__sbuf;
TLA_FUNC TLA__PRINTF(2, 3) void tla__sb(tla__sbuf *s, const char *fmt, ...) {
    va_list ap;
    int k;
    va_start(ap, fmt);
    k = vsnprintf(s->len < s->n ? s->b + s->len : NULL, s->len < s->n ? s->n - s->len : 0, fmt, ap);
    va_end(ap);
    if (k > 0) s->len += (size_t)k;
}

/* MLIR's printAffineExprInternal; strong: the enclosing operator binds tightly. */
TLA_FUNC void tla__aff_print(tla__sbuf *s, const tla_sparse_encoding *e, int x, int strong) {
    static const char *const op[] = {"", "", "", " + ", " * ", " floordiv ", " ceildiv ", " mod "};
    const tla_affine_node *n = &e->node[x];
    int64_t c;
    if (n->kind <= TLA_AFF_SYM) {
        tla__sb(s, n->kind == TLA_AFF_CONST ? "%lld" : n->kind == TLA_AFF_DIM ? "d%lld" : "s%lld", (long long)n->v);
        return;
    }
    if (strong) tla__sb(s, "(");
    if (n->kind != TLA_AFF_ADD) {
        if (n->kind == TLA_AFF_MUL && tla__aff_isc(e, n->b, &c) && c == -1) {
            tla__sb(s, "-");
            tla__aff_print(s, e, n->a, 1);
        } else {
            tla__aff_print(s, e, n->a, 1);
            tla__sb(s, "%s", op[n->kind]);
            tla__aff_print(s, e, n->b, 1);
        }
    } else if (tla__aff_k(e, n->b) == TLA_AFF_MUL && tla__aff_isc(e, e->node[n->b].b, &c) && c <= -1) {
        int ra = e->node[n->b].a;
        tla__aff_print(s, e, n->a, 0);
        tla__sb(s, " - ");
        tla__aff_print(s, e, ra, c < -1 || tla__aff_k(e, ra) == TLA_AFF_ADD);
        if (c < -1) tla__sb(s, " * %llu", (unsigned long long)0 - (unsigned long long)c);
    } else if (tla__aff_isc(e, n->b, &c) && c < 0) {
        tla__aff_print(s, e, n->a, 0);
        tla__sb(s, " - %llu", (unsigned long long)0 - (unsigned long long)c);
    } else {
        tla__aff_print(s, e, n->a, 0);
        tla__sb(s, " + ");
        tla__aff_print(s, e, n->b, 0);
    }
    if (strong) tla__sb(s, ")");
}

#endif
