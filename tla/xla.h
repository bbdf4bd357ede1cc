/* tla/xla.h - XLA shapes and layouts (minor_to_major, tiles, combined dimensions, tail
 * padding, memory spaces) read, printed and converted to and from TLA layouts.
 *
 *   tla_xla_shape s;  tla_layout L;  tla_tuple c;  tla_xla_info info;  tla_error err;  int64_t off;
 *   tla_xla_parse("f32[3,5]{1,0:T(2,2)}", &s, &err);
 *   tla_xla_to_layout(&s, &L, &info, &err);     // ((2,2),(2,3)):((2,12),(1,4)), origin (3,5)
 *   tla_parse_tuple("(2,3)", &c, &err);           // (tla_tuple c)
 *   tla_layout_crd2offset(&L, &c, &off, &err);   // off == 17: XLA's linear index of element (2,3)
 *   tla_xla_snprint(buf, n, &s);                 // XLA's canonical spelling
 *   tla_layout_to_xla(&L, TLA_XLA_F32, &s, &err) // back, when the layout has an XLA form
 *
 * The TLA layout has one mode per logical dimension, in dimension order; a tiled dimension
 * becomes a hierarchical mode (in-tile first, tile grid last; repeated tiles add levels).
 * Its shape covers the padded tiles and its originShape is the logical dimensions, so
 * crd2offset(logical coordinate) is XLA's linear index and cosize is the padded element
 * count (info.padded_elements always is, tail padding included; the layout's own cosize
 * includes tail padding when that is a whole number of its most major step).
 * Combined dimensions (`*` in a tile) that are still a stride layout over the original
 * dimensions convert per dimension; otherwise the layout is over the merged dimensions and
 * info.merged says so (info.dims lists those dimensions).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_xla_shape s;  tla_layout L;  tla_tuple c;  tla_xla_info info;  tla_error err;  int64_t off = 0;
 *   if (tla_xla_parse("f32[3,5]{1,0:T(2,2)}", &s, &err) != 0) return 1;
 *   if (tla_xla_to_layout(&s, &L, &info, &err) != 0) return 1;   // ((2,2),(2,3)):((2,12),(1,4)), origin (3,5)
 *   tla_parse_tuple("(2,3)", &c, &err);
 *   if (tla_layout_crd2offset(&L, &c, &off, &err) != 0 || off != 17) return 1;   // XLA's linear index
 */
#ifndef TLA_XLA_H
#define TLA_XLA_H

#include "rt.h"
#include "parse.h"
#include "print.h"

#define TLA_XLA_MAX_RANK 8
#define TLA_XLA_MAX_TILES 4
#define TLA_XLA_COMBINED (-1) /* a `*` in a tile */

typedef enum tla_xla_type {
    TLA_XLA_PRED,
    TLA_XLA_S4,
    TLA_XLA_S8,
    TLA_XLA_S16,
    TLA_XLA_S32,
    TLA_XLA_S64,
    TLA_XLA_U4,
    TLA_XLA_U8,
    TLA_XLA_U16,
    TLA_XLA_U32,
    TLA_XLA_U64,
    TLA_XLA_F16,
    TLA_XLA_BF16,
    TLA_XLA_F32,
    TLA_XLA_F64,
    TLA_XLA_C64,
    TLA_XLA_C128,
    TLA_XLA_F8E4M3FN,
    TLA_XLA_F8E5M2,
    TLA_XLA_NTYPES
} tla_xla_type;

typedef struct tla_xla_shape {
    tla_xla_type type;
    int rank;
    int64_t dims[TLA_XLA_MAX_RANK];
    int has_layout; /* the {...} part was given */
    int minor_to_major[TLA_XLA_MAX_RANK];
    int ntiles;
    int tile_rank[TLA_XLA_MAX_TILES];
    int64_t tiles[TLA_XLA_MAX_TILES][TLA_XLA_MAX_RANK]; /* TLA_XLA_COMBINED for `*` */
    int64_t tail_padding; /* L(n), 0 if absent */
    int64_t element_bits; /* E(n), 0 if absent */
    int64_t memory_space; /* S(n), 0 if absent (device memory) */
    char dim_level[64], index_type[16], pointer_type[16], physical[128]; /* D(..) #(..) *(..) P(..), kept */
    int64_t dynamic_prefix; /* M(n), -1 if absent */
} tla_xla_shape;

typedef struct tla_xla_info {
    int merged; /* the layout is over merged dimensions (see the top) */
    int rank; /* modes of the layout */
    int64_t dims[TLA_XLA_MAX_RANK]; /* their logical extents */
    int64_t padded_elements; /* storage in elements: tile padding and tail padding included */
} tla_xla_info;

static const struct {
    const char *name;
    int bits;
} tla__xla_types[TLA_XLA_NTYPES] = {{"pred", 8}, {"s4", 4},     {"s8", 8},       {"s16", 16},  {"s32", 32},
                                    {"s64", 64}, {"u4", 4},     {"u8", 8},       {"u16", 16},  {"u32", 32},
                                    {"u64", 64}, {"f16", 16},   {"bf16", 16},    {"f32", 32},  {"f64", 64},
                                    {"c64", 64}, {"c128", 128}, {"f8e4m3fn", 8}, {"f8e5m2", 8}};

TLA_FUNC int tla_xla_type_bits(tla_xla_type t) { return t >= 0 && t < TLA_XLA_NTYPES ? tla__xla_types[t].bits : 0; }
TLA_FUNC const char *tla_xla_type_name(tla_xla_type t) {
    return t >= 0 && t < TLA_XLA_NTYPES ? tla__xla_types[t].name : "?";
}
/* "f32", "F32", "bf16", ...: 0 and *out, or -1. */
TLA_FUNC int tla_xla_type_from_name(const char *s, size_t n, tla_xla_type *out) {
    int t;
    for (t = 0; t < TLA_XLA_NTYPES; t++) {
        const char *name = tla__xla_types[t].name;
        size_t i;
        if (strlen(name) != n) continue;
        for (i = 0; i < n && (s[i] == name[i] || s[i] == name[i] - 'a' + 'A'); i++) {
        }
        if (i == n) {
            *out = (tla_xla_type)t;
            return 0;
        }
    }
    return -1;
}

/* ---------------------------------------------------------------- parsing */

TLA_FUNC int tla__xla_int(const char *s, int *p, int64_t *v, int allow_neg, tla_error *err) {
    int st = 0, start = *p;
    if (s[*p] == '_') return tla__fail(err, *p, "expected a number, found '_'");
    if (tla_parse_int_at(s, p, v, &st, err) != 0) return -1;
    if (!allow_neg && *v < 0) return tla__fail(err, start, "expected a number >= 0");
    return 0;
}

TLA_FUNC int tla__xla_expect(const char *s, int *p, char c, const char *what, tla_error *err) {
    char cb[16];
    *p = tla_skip_space(s, *p);
    if (s[*p] != c) return tla__fail(err, *p, "expected %s, found %s", what, tla_char_name(s, *p, cb));
    (*p)++;
    return 0;
}

/* A parenthesised attribute body kept as text: "(...)" with nesting. */
TLA_FUNC int tla__xla_keep(const char *s, int *p, char *out, size_t n, tla_error *err) {
    int start = *p, depth = 0;
    size_t k = 0;
    if (s[*p] != '(') return tla__fail(err, *p, "expected '('");
    do {
        if (!s[*p]) return tla__fail(err, start, "unterminated '(' in the layout");
        if (s[*p] == '(')
            depth++;
        else if (s[*p] == ')')
            depth--;
        if (k + 1 >= n) return tla__fail(err, start, "attribute too long");
        out[k++] = s[*p];
        (*p)++;
    } while (depth > 0);
    out[k] = '\0';
    return 0;
}

TLA_FUNC int tla__xla_parse_layout(const char *s, int *p, tla_xla_shape *x, tla_error *err) {
    int n = 0, seen[TLA_XLA_MAX_RANK] = {0};
    char cb[16];
    *p = tla_skip_space(s, *p);
    while (s[*p] != ':' && s[*p] != '}') {
        int64_t v = 0;
        int at = *p;
        if (n == TLA_XLA_MAX_RANK) return tla__fail(err, *p, "too many minor_to_major entries");
        if (tla__xla_int(s, p, &v, 0, err) != 0) return -1;
        if (v >= x->rank)
            return tla__fail(err, at, "minor_to_major entry %lld is not a dimension of a rank-%d shape", (long long)v,
                             x->rank);
        if (seen[v]) return tla__fail(err, at, "dimension %lld appears twice in minor_to_major", (long long)v);
        seen[v] = 1;
        x->minor_to_major[n++] = (int)v;
        *p = tla_skip_space(s, *p);
        if (s[*p] == ',')
            (*p)++, *p = tla_skip_space(s, *p);
        else if (s[*p] != ':' && s[*p] != '}')
            return tla__fail(err, *p, "expected ',', ':' or '}' in minor_to_major, found %s", tla_char_name(s, *p, cb));
    }
    if (n != x->rank) return tla__fail(err, *p, "minor_to_major has %d entries for a rank-%d shape", n, x->rank);
    x->has_layout = 1;
    if (s[*p] == '}') return (*p)++, 0;
    (*p)++; /* ':' */
    for (;;) {
        int at = (*p = tla_skip_space(s, *p));
        char c = s[*p];
        if (c == '}') return (*p)++, 0;
        if (c == 'T') {
            (*p)++;
            while (s[*p] == '(') {
                int t = x->ntiles, k = 0;
                if (t == TLA_XLA_MAX_TILES) return tla__fail(err, *p, "more than %d tiles", TLA_XLA_MAX_TILES);
                (*p)++;
                for (;;) {
                    *p = tla_skip_space(s, *p);
                    if (k == TLA_XLA_MAX_RANK)
                        return tla__fail(err, *p, "a tile has more than %d dimensions", TLA_XLA_MAX_RANK);
                    if (s[*p] == '*')
                        x->tiles[t][k++] = TLA_XLA_COMBINED, (*p)++;
                    else {
                        int64_t v = 0;
                        int vat = *p;
                        if (tla__xla_int(s, p, &v, 0, err) != 0) return -1;
                        if (v == 0) return tla__fail(err, vat, "a tile dimension must be at least 1");
                        x->tiles[t][k++] = v;
                    }
                    *p = tla_skip_space(s, *p);
                    if (s[*p] == ',') {
                        (*p)++;
                        continue;
                    }
                    if (s[*p] == ')') {
                        (*p)++;
                        break;
                    }
                    return tla__fail(err, *p, "expected ',' or ')' in a tile, found %s", tla_char_name(s, *p, cb));
                }
                x->tile_rank[t] = k;
                x->ntiles++;
            }
            if (x->ntiles == 0) return tla__fail(err, *p, "expected '(' after T");
            continue;
        }
        if (c == 'L' || c == 'E' || c == 'S' || c == 'M') {
            int64_t v = 0;
            (*p)++;
            if (tla__xla_expect(s, p, '(', "'('", err) || tla__xla_int(s, p, &v, 0, err)
                || tla__xla_expect(s, p, ')', "')'", err))
                return -1;
            if (c == 'L')
                x->tail_padding = v;
            else if (c == 'E')
                x->element_bits = v;
            else if (c == 'S')
                x->memory_space = v;
            else
                x->dynamic_prefix = v;
            continue;
        }
        if (c == 'D' || c == '#' || c == '*' || c == 'P') {
            char *dst = c == 'D' ? x->dim_level : c == '#' ? x->index_type : c == '*' ? x->pointer_type : x->physical;
            size_t cap = c == 'D' ? sizeof x->dim_level : c == 'P' ? sizeof x->physical : sizeof x->index_type;
            (*p)++;
            if (tla__xla_keep(s, p, dst, cap, err) != 0) return -1;
            continue;
        }
        return tla__fail(err, at, "expected a layout attribute (T L E S D # * P M) or '}', found %s",
                         tla_char_name(s, at, cb));
    }
}

/* Parse "f32[3,5]{1,0:T(2,2)}".  0, or -1 with err (pos = byte offset); *out untouched then. */
/* tla_xla_parse(text, &s, err), tla_xla_snprint(buf, n, &s), tla_xla_to_layout(&s, &L, &info, err),
 *   tla_xla_linear_index(&s, coord, &index, err), tla_xla_multi_index(&s, index, coord, err),
 *   tla_layout_to_xla(&L, type, &s, err), tla_xla_byte_size(&s) -> 0 or -1 (or the length / size)
 *   Errors name the place in the shape string: "expected ...", tiles of 0, permutations that repeat.
 * Example:
 *   tla_xla_shape s;  tla_error e;  char buf[64];  int64_t c[2] = {2, 3}, lin = 0;
 *   if (tla_xla_parse("f32[3,5]{1,0:T(2,2)}", &s, &e) != 0) return 1;
 *   tla_xla_snprint(buf, sizeof buf, &s);
 *   if (strcmp(buf, "f32[3,5]{1,0:T(2,2)}") != 0) return 1;
 *   if (tla_xla_linear_index(&s, c, &lin, &e) != 0 || lin != 17) return 1;
 *   if (tla_xla_parse("f32[3,5]{1,1}", &s, &e) == 0) return 1;   // not a permutation
 */
TLA_FUNC int tla_xla_parse(const char *s, tla_xla_shape *out, tla_error *err) {
    tla_xla_shape x;
    int p = tla_skip_space(s, 0), q;
    char cb[16];
    memset(&x, 0, sizeof x);
    x.dynamic_prefix = -1;
    q = p;
    while ((s[q] >= 'a' && s[q] <= 'z') || (s[q] >= 'A' && s[q] <= 'Z') || (s[q] >= '0' && s[q] <= '9')) q++;
    if (q == p)
        return tla__fail(err, p, "expected an element type (f32, bf16, s8, ...), found %s", tla_char_name(s, p, cb));
    if (tla_xla_type_from_name(s + p, (size_t)(q - p), &x.type) != 0)
        return tla__fail(err, p, "unknown element type '%.*s'", q - p > 20 ? 20 : q - p, s + p);
    p = q;
    if (tla__xla_expect(s, &p, '[', "'[' after the element type", err) != 0) return -1;
    p = tla_skip_space(s, p);
    if (s[p] != ']') {
        for (;;) {
            int64_t v = 0;
            if (x.rank == TLA_XLA_MAX_RANK) return tla__fail(err, p, "more than %d dimensions", TLA_XLA_MAX_RANK);
            p = tla_skip_space(s, p);
            if (tla__xla_int(s, &p, &v, 0, err) != 0) return -1;
            x.dims[x.rank++] = v;
            p = tla_skip_space(s, p);
            if (s[p] == ',') {
                p++;
                continue;
            }
            if (s[p] == ']') break;
            return tla__fail(err, p, "expected ',' or ']' in the dimensions, found %s", tla_char_name(s, p, cb));
        }
    }
    p++;
    p = tla_skip_space(s, p);
    if (s[p] == '{') {
        p++;
        if (tla__xla_parse_layout(s, &p, &x, err) != 0) return -1;
    } else {
        int i;
        for (i = 0; i < x.rank; i++) x.minor_to_major[i] = x.rank - 1 - i;
    }
    p = tla_skip_space(s, p);
    if (s[p]) return tla__fail(err, p, "unexpected %s after the shape", tla_char_name(s, p, cb));
    *out = x;
    return 0;
}

/* XLA's canonical spelling: lower-case type, attributes in XLA's order (D T L # * E S P M). */
TLA_FUNC int tla_xla_snprint(char *buf, size_t n, const tla_xla_shape *x) {
    tla__out o = {buf, n, 0, NULL};
    int i, t;
    char num[32];
    tla__puts(&o, tla_xla_type_name(x->type));
    tla__puts(&o, "[");
    for (i = 0; i < x->rank; i++) {
        if (i) tla__puts(&o, ",");
        tla__put_int(&o, (long long)x->dims[i], 0);
    }
    tla__puts(&o, "]");
    if (x->has_layout) {
        int attrs = x->dim_level[0] || x->ntiles || x->tail_padding || x->index_type[0] || x->pointer_type[0]
                    || x->element_bits || x->memory_space || x->physical[0] || x->dynamic_prefix >= 0;
        tla__puts(&o, "{");
        for (i = 0; i < x->rank; i++) {
            if (i) tla__puts(&o, ",");
            tla__put_int(&o, x->minor_to_major[i], 0);
        }
        if (attrs) tla__puts(&o, ":");
        if (x->dim_level[0]) tla__puts(&o, "D"), tla__puts(&o, x->dim_level);
        if (x->ntiles) tla__puts(&o, "T");
        for (t = 0; t < x->ntiles; t++) {
            tla__puts(&o, "(");
            for (i = 0; i < x->tile_rank[t]; i++) {
                if (i) tla__puts(&o, ",");
                if (x->tiles[t][i] == TLA_XLA_COMBINED)
                    tla__puts(&o, "*");
                else
                    tla__put_int(&o, (long long)x->tiles[t][i], 0);
            }
            tla__puts(&o, ")");
        }
#define TLA__XLA_NUM(c, v) \
    if (v) { \
        snprintf(num, sizeof num, c "(%lld)", (long long)(v)); \
        tla__puts(&o, num); \
    }
        TLA__XLA_NUM("L", x->tail_padding)
        if (x->index_type[0]) tla__puts(&o, "#"), tla__puts(&o, x->index_type);
        if (x->pointer_type[0]) tla__puts(&o, "*"), tla__puts(&o, x->pointer_type);
        TLA__XLA_NUM("E", x->element_bits)
        TLA__XLA_NUM("S", x->memory_space)
        if (x->physical[0]) tla__puts(&o, "P"), tla__puts(&o, x->physical);
        if (x->dynamic_prefix >= 0) {
            snprintf(num, sizeof num, "M(%lld)", (long long)x->dynamic_prefix);
            tla__puts(&o, num);
        }
#undef TLA__XLA_NUM
        tla__puts(&o, "}");
    }
    return tla__out_end(&o);
}

/* ---------------------------------------------------------------- facts */

/* Dimensions of size > 1. */
TLA_FUNC int tla_xla_true_rank(const tla_xla_shape *x) {
    int i, r = 0;
    for (i = 0; i < x->rank; i++) r += x->dims[i] > 1;
    return r;
}
/* The seed's dimension letters: x; y,x; z,y,x; p,z,y,x (NULL beyond rank 4). */
TLA_FUNC const char *tla_xla_dim_letters(int rank) {
    static const char *const l[] = {"", "x", "y,x", "z,y,x", "p,z,y,x"};
    return rank >= 0 && rank <= 4 ? l[rank] : NULL;
}

/* ---------------------------------------------------------------- XLA to TLA */

/* A working dimension during tiling: pieces, minor first.  A piece of logical dimension
 * `dim` is the digit floor(c / w) mod e of that dimension's coordinate c (no modulo when
 * `rest`: it holds what is left).  A dimension of the original shape is one rest piece. */
typedef struct tla__xpiece {
    int dim, rest;
    int64_t w, e;
} tla__xpiece;
typedef struct tla__xdim {
    int n;
    tla__xpiece c[TLA_XLA_MAX_RANK];
    int64_t extent;
} tla__xdim;
#define TLA__XMAX (TLA_XLA_MAX_RANK * (TLA_XLA_MAX_TILES + 1) * 2)

/* Split one working dimension by t into (grid, in-tile).  -1: not a stride layout over the
 * logical dimensions (a padded inner piece, or t across pieces). */
TLA_FUNC int tla__xla_split(const tla__xdim *d, int64_t t, tla__xdim *grid, tla__xdim *in) {
    tla__xpiece p = d->c[0];
    int k;
    *grid = *d;
    memset(in, 0, sizeof *in);
    in->n = 1, in->extent = t;
    in->c[0] = p, in->c[0].e = t, in->c[0].rest = 0;
    if (p.e % t != 0 && !(p.rest && d->n == 1)) return -1;
    grid->c[0].w = p.w * t;
    grid->c[0].e = (p.e + t - 1) / t;
    grid->extent = d->n == 1 ? grid->c[0].e : d->extent / t;
    if (grid->c[0].e == 1 && grid->n > 1) { /* an empty piece: drop it */
        for (k = 1; k < grid->n; k++) grid->c[k - 1] = grid->c[k];
        grid->n--;
    }
    return 0;
}

/* Apply one tile to the suffix of the working dims. -1: retry over merged dimensions;
 * -2: an error (in err). */
TLA_FUNC int tla__xla_tile(tla__xdim *wd, int *nw, const int64_t *tile, int trank, tla_error *err) {
    tla__xdim out[TLA__XMAX], grid[TLA_XLA_MAX_RANK], in[TLA_XLA_MAX_RANK], acc;
    int ng = 0, i, k, first = *nw - trank, have = 0, no = 0;
    if (trank > *nw) return tla__fail(err, -1, "xla: a tile of rank %d for a shape of rank %d", trank, *nw), -2;
    for (i = 0; i < first; i++) out[no++] = wd[i];
    for (i = first; i < *nw; i++) {
        int64_t t = tile[i - first];
        tla__xdim d = wd[i];
        if (have) { /* a `*` before: merge acc (more major) behind d's pieces */
            if (d.n + acc.n > TLA_XLA_MAX_RANK) return tla__fail(err, -1, "xla: too many combined dimensions"), -2;
            for (k = 0; k < acc.n; k++) d.c[d.n + k] = acc.c[k];
            d.n += acc.n;
            if (tla__mul64(d.extent, acc.extent, &d.extent) != 0) return tla__fail(err, -1, "xla: shape overflows"), -2;
            have = 0;
        }
        if (t != TLA_XLA_COMBINED && t < 1) return tla__fail(err, -1, "xla: a tile dimension must be at least 1"), -2;
        if (t == TLA_XLA_COMBINED) {
            if (i == *nw - 1) return tla__fail(err, -1, "xla: '*' on the most minor dimension of a tile"), -2;
            acc = d, have = 1;
            continue;
        }
        if (tla__xla_split(&d, t, &grid[ng], &in[ng]) != 0) return -1;
        ng++;
    }
    if (no + 2 * ng > TLA__XMAX) return tla__fail(err, -1, "xla: too many tile levels"), -2;
    for (i = 0; i < ng; i++) out[no++] = grid[i];
    for (i = 0; i < ng; i++) out[no++] = in[i];
    for (i = 0; i < no; i++) wd[i] = out[i];
    *nw = no;
    return 0;
}

/* The TLA layout of the final working dims (row-major over their extents).  -1: the pieces
 * of some logical dimension do not chain into a stride layout (retry merged). */
TLA_FUNC int tla__xla_build(const tla__xdim *wd, int nw, int rank, const int64_t *dims, int64_t tail, tla_layout *out,
                            int64_t *padded, tla_error *err) {
    int64_t stride[TLA__XMAX], total = 1;
    tla__xpiece pc[TLA_XLA_MAX_RANK][TLA_MAX_LEAVES];
    int64_t pst[TLA_XLA_MAX_RANK][TLA_MAX_LEAVES];
    int np[TLA_XLA_MAX_RANK] = {0}, i, k, j, m;
    tla_tuple shp[TLA_MAX_RANK], std[TLA_MAX_RANK], origin;
    tla_layout L;
    for (i = nw - 1; i >= 0; i--) {
        stride[i] = total;
        if (tla__mul64(total, wd[i].extent, &total) != 0)
            return tla__fail(err, -1, "xla: the padded size overflows int64"), -2;
    }
    *padded = tail > 1 && total % tail ? (total / tail + 1) * tail : total;
    for (i = 0; i < nw; i++) {
        int64_t inner = stride[i];
        for (k = 0; k < wd[i].n; k++) {
            m = wd[i].c[k].dim;
            if (np[m] == TLA_MAX_LEAVES) return tla__fail(err, -1, "xla: too many tile levels"), -2;
            pc[m][np[m]] = wd[i].c[k], pst[m][np[m]] = inner;
            if (wd[i].n == 1) pc[m][np[m]].e = wd[i].extent;
            np[m]++;
            inner *= wd[i].c[k].e;
        }
    }
    /* tail padding: more of the most major step, when it is a whole number of them */
    if (*padded != total && nw > 0 && total > 0) {
        const tla__xpiece *top = &wd[0].c[wd[0].n - 1];
        int64_t step = stride[0];
        for (k = 0; k + 1 < wd[0].n; k++) step *= wd[0].c[k].e;
        for (j = 0; j < np[top->dim]; j++)
            if (pc[top->dim][j].w == top->w && pst[top->dim][j] == step && (*padded - total) % step == 0)
                pc[top->dim][j].e += (*padded - total) / step;
    }
    for (m = 0; m < rank; m++) {
        int64_t v[TLA_MAX_LEAVES], d[TLA_MAX_LEAVES], need = 1;
        int n = 0;
        for (i = 1; i < np[m]; i++) /* by weight */
            for (j = i; j > 0 && pc[m][j].w < pc[m][j - 1].w; j--) {
                tla__xpiece t = pc[m][j];
                int64_t ts = pst[m][j];
                pc[m][j] = pc[m][j - 1], pc[m][j - 1] = t;
                pst[m][j] = pst[m][j - 1], pst[m][j - 1] = ts;
            }
        for (i = 0; i < np[m]; i++) {
            if (pc[m][i].e == 1 && np[m] > 1) continue; /* a piece that is always 0 */
            if (pc[m][i].w != need) return -1;
            need *= pc[m][i].e;
            if (pc[m][i].e == 1 && np[m] > 1) continue;
            v[n] = pc[m][i].e, d[n] = pst[m][i], n++;
        }
        if (n == 0) v[0] = np[m] ? pc[m][0].e : 1, d[0] = np[m] ? pst[m][0] : 0, n = 1;
        if (n == 1)
            shp[m] = tla_tuple_leaf(v[0], 0), std[m] = tla_tuple_leaf(d[0], 0);
        else
            tla__flat_tuple(&shp[m], n, v, 0), tla__flat_tuple(&std[m], n, d, 0);
    }
    memset(&L, 0, sizeof L);
    if (rank == 1) {
        L.shape = shp[0], L.stride = std[0];
        origin = tla_tuple_leaf(dims[0], 0);
    } else {
        if (tla_tuple_join(&L.shape, rank, shp, err) != 0 || tla_tuple_join(&L.stride, rank, std, err) != 0) return -2;
        tla__flat_tuple(&origin, rank, dims, 0);
    }
    if (tla_layout_set_origin(&L, &origin, err) != 0) return -2;
    *out = L;
    return 0;
}

TLA_FUNC int tla__xla_convert(const tla_xla_shape *x, int merged, tla_layout *out, tla_xla_info *info, tla_error *err) {
    tla__xdim wd[TLA__XMAX];
    int nw = 0, i, t, rank = x->rank, rc, phys[TLA_XLA_MAX_RANK];
    int64_t dims[TLA_XLA_MAX_RANK];
    tla_xla_shape y = *x;
    if (rank == 0) return tla__fail(err, -1, "xla: a rank-0 shape has no modes");
    if (rank > TLA_XLA_MAX_RANK || x->ntiles < 0 || x->ntiles > TLA_XLA_MAX_TILES)
        return tla__fail(err, -1, "xla: a shape of rank %d with %d tiles is out of range", rank, x->ntiles);
    for (i = 0; i < rank; i++) {
        int d = x->minor_to_major[i], j;
        if (x->dims[i] < 0) return tla__fail(err, -1, "xla: dimension %d is negative", i);
        if (d < 0 || d >= rank) return tla__fail(err, -1, "xla: minor_to_major is not a permutation");
        for (j = 0; j < i; j++)
            if (x->minor_to_major[j] == d) return tla__fail(err, -1, "xla: minor_to_major is not a permutation");
    }
    for (t = 0; t < x->ntiles; t++)
        if (x->tile_rank[t] < 1 || x->tile_rank[t] > TLA_XLA_MAX_RANK)
            return tla__fail(err, -1, "xla: tile %d has rank %d", t, x->tile_rank[t]);
    for (i = 0; i < rank; i++) phys[i] = x->minor_to_major[rank - 1 - i]; /* major first */
    if (merged) {
        /* the dimensions merged by `*` in the first tile become the modes, in physical order */
        int r2 = 0, k = 0, trank = y.ntiles ? y.tile_rank[0] : 0, first = rank - trank;
        int64_t acc = 1;
        for (t = 1; t < y.ntiles; t++)
            for (i = 0; i < y.tile_rank[t]; i++)
                if (y.tiles[t][i] == TLA_XLA_COMBINED) return tla__fail(err, -1, "xla: '*' in a repeated tile");
        for (i = 0; i < rank; i++) {
            int64_t tv = i >= first ? x->tiles[0][i - first] : 1;
            if (tla__mul64(acc, x->dims[phys[i]], &acc) != 0) return tla__fail(err, -1, "xla: shape overflows");
            if (tv == TLA_XLA_COMBINED) continue;
            dims[r2++] = acc, acc = 1;
            if (i >= first) y.tiles[0][k++] = tv;
        }
        y.rank = rank = r2;
        y.tile_rank[0] = k;
        for (i = 0; i < rank; i++) y.dims[i] = dims[i], phys[i] = i;
    }
    for (i = 0; i < rank; i++) {
        memset(&wd[nw], 0, sizeof wd[nw]);
        wd[nw].n = 1, wd[nw].extent = y.dims[phys[i]];
        wd[nw].c[0].dim = phys[i], wd[nw].c[0].w = 1, wd[nw].c[0].e = y.dims[phys[i]], wd[nw].c[0].rest = 1;
        nw++;
        dims[i] = y.dims[i];
    }
    for (t = 0; t < y.ntiles; t++) {
        rc = tla__xla_tile(wd, &nw, y.tiles[t], y.tile_rank[t], err);
        if (rc == -2) return -1;
        if (rc == -1) break;
    }
    rc = t < y.ntiles ? -1 : tla__xla_build(wd, nw, rank, dims, y.tail_padding, out, &info->padded_elements, err);
    if (rc == -2) return -1;
    if (rc == -1) {
        if (merged) return tla__fail(err, -1, "xla: this tiling is not a stride layout, even over merged dimensions");
        return tla__xla_convert(x, 1, out, info, err);
    }
    info->merged = merged;
    info->rank = rank;
    for (i = 0; i < rank; i++) info->dims[i] = dims[i];
    return 0;
}

/* XLA shape to TLA layout (see the top of this file).  info may be NULL. */
TLA_FUNC int tla_xla_to_layout(const tla_xla_shape *x, tla_layout *out, tla_xla_info *info, tla_error *err) {
    tla_xla_info tmp;
    tla_layout L;
    if (tla__xla_convert(x, 0, &L, &tmp, err) != 0) return -1;
    *out = L;
    if (info) *info = tmp;
    return 0;
}

/* Storage size in bytes (padding included; sub-byte types round up). */
TLA_FUNC int64_t tla_xla_byte_size(const tla_xla_shape *x) {
    tla_xla_info info;
    tla_layout L;
    int64_t bits = x->element_bits ? x->element_bits : tla_xla_type_bits(x->type), n = 1;
    int i;
    if (x->rank && tla_xla_to_layout(x, &L, &info, NULL) == 0)
        n = info.padded_elements;
    else
        for (i = 0; i < x->rank; i++) n *= x->dims[i];
    return (n * bits + 7) / 8;
}

/* Multi-index (one per logical dimension) to XLA's linear index; merged layouts too. */
TLA_FUNC int tla_xla_linear_index(const tla_xla_shape *x, const int64_t *index, int64_t *out, tla_error *err) {
    tla_layout L;
    tla_xla_info info;
    tla_tuple crd;
    int i;
    int64_t merged[TLA_XLA_MAX_RANK];
    if (tla_xla_to_layout(x, &L, &info, err) != 0) return -1;
    for (i = 0; i < x->rank; i++)
        if (index[i] < 0 || index[i] >= x->dims[i])
            return tla__fail(err, -1, "xla: index %lld is outside dimension %d (size %lld)", (long long)index[i], i,
                             (long long)x->dims[i]);
    if (info.merged) { /* the merged coordinates: physical order, each `*` run of the first tile folded */
        int n = 0, first = x->rank - x->tile_rank[0];
        int64_t acc = 0;
        for (i = 0; i < x->rank; i++) {
            int d = x->minor_to_major[x->rank - 1 - i];
            acc = acc * x->dims[d] + index[d];
            if (i >= first && x->tiles[0][i - first] == TLA_XLA_COMBINED) continue;
            merged[n++] = acc, acc = 0;
        }
        index = merged;
    }
    if (info.rank == 1)
        crd = tla_tuple_leaf(index[0], 0);
    else
        tla__flat_tuple(&crd, info.rank, index, 0);
    return tla_layout_crd2offset(&L, &crd, out, err);
}

/* XLA linear index back to the multi-index; an error for padding. */
TLA_FUNC int tla_xla_multi_index(const tla_xla_shape *x, int64_t linear, int64_t *index, tla_error *err) {
    tla_layout L;
    tla_xla_info info;
    int m, i;
    if (tla_xla_to_layout(x, &L, &info, err) != 0) return -1;
    if (linear < 0 || linear >= info.padded_elements)
        return tla__fail(err, -1, "xla: linear index %lld is outside 0..%lld", (long long)linear,
                         (long long)info.padded_elements - 1);
    /* each leaf's digit is (linear / stride) % extent for the leaves sorted by stride */
    for (m = 0; m < info.rank; m++) {
        tla_layout mode;
        int64_t c = 0, w = 1;
        memset(&mode, 0, sizeof mode);
        tla__elem(&L.shape, m, &mode.shape);
        tla__elem(&L.stride, m, &mode.stride);
        for (i = 0; i < mode.shape.nleaf; i++) {
            int64_t s = mode.shape.val[i], d = mode.stride.val[i];
            int64_t digit = d && s ? linear / d % s : 0;
            c += digit * w;
            w *= s;
        }
        index[m] = c;
    }
    {
        int64_t back = -1;
        for (m = 0; m < info.rank; m++)
            if (index[m] >= info.dims[m])
                return tla__fail(err, -1, "xla: linear index %lld is padding", (long long)linear);
        if (tla_xla_linear_index(x, index, &back, err) != 0 || back != linear)
            return tla__fail(err, -1, "xla: linear index %lld is padding", (long long)linear);
    }
    return 0;
}

/* ---------------------------------------------------------------- TLA to XLA */

/* Does the XLA shape x describe the same function as L (same size, same offsets)? */
TLA_FUNC int tla__xla_same(const tla_xla_shape *x, const tla_layout *L) {
    tla_layout back;
    int64_t n = 0, nl = 0, k;
    if (tla_xla_to_layout(x, &back, NULL, NULL) != 0 || tla_layout_size(&back, &n, NULL) != 0
        || tla_layout_size(L, &nl, NULL) != 0 || n != nl)
        return 0;
    if (tla_layout_equal(&back, L)) return 1;
    for (k = 1; k < n; k = k * 2 + 1) { /* a quick look first: wrong candidates fail early */
        tla_tuple c = tla_tuple_leaf(k, 0);
        int64_t a = 0, b = 0;
        if (tla_layout_crd2offset(L, &c, &a, NULL) != 0 || tla_layout_crd2offset(&back, &c, &b, NULL) != 0 || a != b)
            return 0;
    }
    for (k = 0; k < n; k++) {
        tla_tuple c = tla_tuple_leaf(k, 0);
        int64_t a = 0, b = 0;
        if (tla_layout_crd2offset(L, &c, &a, NULL) != 0 || tla_layout_crd2offset(&back, &c, &b, NULL) != 0 || a != b)
            return 0;
    }
    return 1;
}

/* The XLA layout of L (one mode per dimension; each an integer, or a (tile, grid) pair),
 * when it has one: minor_to_major from the grid strides, the tile from the in-tile
 * extents (a single-leaf mode may be untiled or one whole tile), each candidate verified
 * by converting it back.  Repeated tiles: two levels, the second over the first's
 * in-tile dimensions (like TPU's T(8,128)(2,1)). */
TLA_FUNC int tla_layout_to_xla(const tla_layout *L, tla_xla_type type, tla_xla_shape *out, tla_error *err) {
    tla_xla_shape x;
    int r = tla_layout_rank(L), m, i, j, order[TLA_XLA_MAX_RANK], single[TLA_XLA_MAX_RANK], ns = 0, mask;
    int64_t key[TLA_XLA_MAX_RANK], tile[TLA_XLA_MAX_RANK], ext[TLA_XLA_MAX_RANK], sub[TLA_XLA_MAX_RANK];
    int repeated = 0;
    if (r > TLA_XLA_MAX_RANK) return tla__fail(err, -1, "to_xla: rank %d is more than XLA shapes here hold", r);
    memset(&x, 0, sizeof x);
    x.type = type, x.rank = r, x.has_layout = 1, x.dynamic_prefix = -1;
    for (m = 0; m < r; m++) {
        tla_layout mode;
        memset(&mode, 0, sizeof mode);
        if (tla__mode(L, m, &mode) != 0) return tla__fail(err, -1, "to_xla: no mode %d", m);
        x.dims[m] = tla_layout_origin(L, m);
        sub[m] = 1, ext[m] = 0;
        if (mode.shape.nleaf == 1)
            key[m] = mode.stride.val[0], tile[m] = 1, ext[m] = mode.shape.val[0], single[ns++] = m;
        else if (mode.shape.nleaf == 2 && tla_tuple_depth(&mode.shape) == 1)
            key[m] = mode.stride.val[1], tile[m] = mode.shape.val[0];
        else if (mode.shape.nleaf == 3 && tla_tuple_depth(&mode.shape) == 1) /* (sub-tile, rest of tile, grid) */
            key[m] = mode.stride.val[2], tile[m] = mode.shape.val[0] * mode.shape.val[1], sub[m] = mode.shape.val[0],
            repeated = 1;
        else
            return tla__fail(err, -1,
                             "to_xla: mode %d is not an integer, a (tile, grid) pair or a (sub-tile, tile, "
                             "grid) triple: not representable",
                             m);
    }
    for (m = 0; m < r; m++) order[m] = m;
    for (i = 1; i < r; i++) /* most minor first: ascending grid stride (ties: the higher dimension) */
        for (j = i;
             j > 0
             && (key[order[j]] < key[order[j - 1]] || (key[order[j]] == key[order[j - 1]] && order[j] > order[j - 1]));
             j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (m = 0; m < r; m++) x.minor_to_major[m] = order[m];
    /* a two-leaf mode may also be one whole sub-tile of a repeated tiling: more choices */
    for (m = 0; m < r; m++)
        if (ext[m] == 0 && sub[m] == 1 && ns < TLA_XLA_MAX_RANK && tile[m] > 1) single[ns++] = m + TLA_XLA_MAX_RANK;
    for (mask = 0; mask < (1 << ns); mask++) {
        int64_t tv[TLA_XLA_MAX_RANK], sv[TLA_XLA_MAX_RANK];
        int any = 0, lead = 0, k;
        for (m = 0; m < r; m++) tv[m] = tile[m], sv[m] = sub[m];
        for (k = 0; k < ns; k++) {
            if (!(mask >> k & 1)) continue;
            if (single[k] < TLA_XLA_MAX_RANK)
                tv[single[k]] = ext[single[k]];
            else
                sv[single[k] - TLA_XLA_MAX_RANK] = tv[single[k] - TLA_XLA_MAX_RANK];
        }
        x.ntiles = 0;
        for (m = 0; m < r; m++) any = any || tv[m] != 1;
        if (any) {
            /* the tile in physical order (major first), without leading 1s */
            while (lead < r && tv[x.minor_to_major[r - 1 - lead]] == 1) lead++;
            x.ntiles = 1, x.tile_rank[0] = r - lead;
            for (m = lead; m < r; m++) x.tiles[0][m - lead] = tv[x.minor_to_major[r - 1 - m]];
            for (m = 0, repeated = 0; m < r; m++) repeated = repeated || sv[m] != 1;
            if (repeated) { /* the second tile: over the first tile's in-tile dimensions */
                x.ntiles = 2, x.tile_rank[1] = r - lead;
                for (m = lead; m < r; m++) x.tiles[1][m - lead] = sv[x.minor_to_major[r - 1 - m]];
            }
        }
        if (tla__xla_same(&x, L)) {
            *out = x;
            return 0;
        }
        if (!any && ns == 0) break;
    }
    return tla__fail(err, -1, "to_xla: the layout is not representable as an XLA layout");
}

#endif
