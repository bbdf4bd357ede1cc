/* tla/sparse/affine.h - the types of MLIR sparse tensor encodings (tla/sparse/encoding.h): level
 * types, typed values, and the encoding, whose dimension-to-level map (and level-to-dimension
 * map) is made of nodes of the indexing maps' expressions (tla/ixmap/expr.h), as MLIR's
 * DimLvlMap holds AffineExprs.  The encoding keeps its nodes in itself (it stays a plain value:
 * copy it with =, nothing to free): built by MLIR's AffineExpr rules (tla_ix_m_add, ...: `4 + d0`
 * is `d0 + 4`, `d0 * 1` is `d0`) and printed by MLIR's affine printer, as an indexing map is.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_sparse_encoding enc;  tla_error err;  const tla_ix_node *n;
 *   if (tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = [c](i, j) -> (4 + i floordiv 2 * 2 : dense, i : dense,"
 *                        " j : compressed) }>", &err)) return 1;
 *   n = &enc.node[enc.lvl_expr[0]];   // (d0 floordiv 2) * 2 + 4: constants go right, as in MLIR
 *   if (n->kind != TLA_IX_ADD || enc.node[n->r].kind != TLA_IX_CONST || enc.node[n->r].v != 4) return 1;
 *   if (enc.node[n->l].kind != TLA_IX_MUL || enc.node[enc.node[n->l].l].kind != TLA_IX_FDIV) return 1;
 */
#ifndef TLA_SPARSE_AFFINE_H
#define TLA_SPARSE_AFFINE_H

#include <stdlib.h>
#include "tla/rt/error.h"
#include "tla/rt/print.h"
#include "tla/ixmap/mlir.h"

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
enum { TLA_SPV_NONE, TLA_SPV_INT, TLA_SPV_FLOAT, TLA_SPV_COMPLEX };

typedef struct tla_lvl_type {
    int format; /* TLA_LVL_DENSE ... */
    int props; /* TLA_LVL_NONUNIQUE | TLA_LVL_NONORDERED | TLA_LVL_SOA */
    int n, m; /* structured[n, m] */
} tla_lvl_type;

typedef struct tla_sparse_value {
    int kind; /* TLA_SPV_*: an IntegerAttr, FloatAttr or complex.number */
    char type[16]; /* "i32", "index", "f32", "f64", ...; the part type for complex */
    int64_t i; /* integer value (i1: 0 or 1) */
    double re, im; /* float value, or the complex parts */
} tla_sparse_value;

typedef struct tla_sparse_encoding {
    int dim_rank, lvl_rank, sym_rank;
    tla_lvl_type lvl[TLA_SPARSE_MAX_RANK];
    int lvl_expr[TLA_SPARSE_MAX_RANK]; /* dimToLvl: node per level, over dimensions (TLA_IX_DIM) and symbols */
    int has_lvl_to_dim; /* explicit `d = expr` forms were given: */
    int dim_expr[TLA_SPARSE_MAX_RANK]; /* lvlToDim: node per dimension (-1 if none), levels as TLA_IX_DIM */
    int has_slices;
    int64_t slice[TLA_SPARSE_MAX_RANK][3]; /* offset, size, stride; TLA_SPARSE_DYNAMIC for `?` */
    int pos_width, crd_width; /* 0 (native), 8, 16, 32, 64 */
    tla_sparse_value explicit_val, implicit_val;
    /* Filled by the verifier when the map has no symbols: level l is dimension lvl_dim[l]
     * (lvl_op 0), its floordiv (1) or its mod (2) by lvl_block[l]. */
    int lvl_dim[TLA_SPARSE_MAX_RANK], lvl_op[TLA_SPARSE_MAX_RANK];
    int64_t lvl_block[TLA_SPARSE_MAX_RANK];
    int nnodes; /* the map's expressions: node[0 .. nnodes - 1], unique (equal handle, equal expression) */
    tla_ix_node node[TLA_SPARSE_MAX_NODES];
} tla_sparse_encoding;

/* ---------------------------------------------------------------- internals */

/* ------------------------------------------------------------ the map's expressions */

/* The encoding's nodes as an expression context (tla/ixmap/expr.h, fixed: nothing allocated).
 * Only to read through when e is const; after building with it, e->nnodes = c.len keeps the
 * new nodes. */
TLA_FUNC tla_ix_ctx tla__sp_ctx(const tla_sparse_encoding *e) {
    tla_ix_ctx c;
    memset(&c, 0, sizeof c);
    c.n = (tla_ix_node *)(uintptr_t)e->node, c.len = e->nnodes, c.cap = TLA_SPARSE_MAX_NODES, c.fixed = 1;
    return c;
}

/* MLIR's affine printer, with MLIR's names (d0.., s0..). */
TLA_FUNC void tla__sp_print_expr(tla__out *s, const tla_sparse_encoding *e, int x) {
    tla_ix_ctx c = tla__sp_ctx(e);
    tla_ix_names nm;
    memset(&nm, 0, sizeof nm);
    nm.nrange = TLA_SPARSE_MAX_RANK;
    tla__ix_print(&c, x, &nm, 0, s);
}

#endif
