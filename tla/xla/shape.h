/* tla/xla/shape.h - XLA shapes and layouts (minor_to_major, tiles, combined dimensions, tail
 * padding, memory spaces) read, printed and converted to and from TLA layouts.
 *
 *   tla_xla_shape s;  tla_layout L;  tla_tuple c;  tla_xla_info info;  tla_error err;  int64_t off;
 *   tla_xla_parse(&s, "f32[3,5]{1,0:T(2,2)}", &err);
 *   tla_layout_from_xla(&L, &info, &s, &err);     // ((2,2),(2,3)):((2,12),(1,4)), origin (3,5)
 *   tla_tuple_parse(&c, "(2,3)", &err);           // (tla_tuple c)
 *   tla_layout_crd2offset(&off, &L, &c, &err);   // off == 17: XLA's linear index of element (2,3)
 *   tla_xla_snprint(buf, n, &s);                 // XLA's canonical spelling
 *   tla_xla_from_layout(&s, &L, TLA_XLA_F32, &err) // back, when the layout has an XLA form
 *
 * The TLA layout has one mode per logical dimension, in dimension order; a tiled dimension
 * becomes a hierarchical mode (in-tile first, tile grid last; repeated tiles add levels).
 * Its shape covers the tiles and its originShape is the logical dimensions, so
 * crd2offset(logical coordinate) is XLA's linear index; info.padded_elements is the storage
 * (tile and tail padding included; the layout's cosize stops at the last element).
 * Combined dimensions (`*` in a tile) that split back into the original dimensions convert
 * per dimension; otherwise the layout is over the merged dimensions and info.merged says so
 * (info.dims lists them, info.var / info.scale map each dimension there).  A tiling no TLA
 * layout expresses is an error from tla_layout_from_xla; tla/xla/tiling.h evaluates XLA's
 * definition directly for every valid shape (linear index, inverse, padded size, bytes).
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_xla_shape s;  tla_layout L;  tla_tuple c;  tla_xla_info info;  tla_error err;  int64_t off = 0;
 *   if (tla_xla_parse(&s, "f32[3,5]{1,0:T(2,2)}", &err) != 0) return 1;
 *   if (tla_layout_from_xla(&L, &info, &s, &err) != 0) return 1;   // ((2,2),(2,3)):((2,12),(1,4)), origin (3,5)
 *   tla_tuple_parse(&c, "(2,3)", &err);
 *   if (tla_layout_crd2offset(&off, &L, &c, &err) != 0 || off != 17) return 1;   // XLA's linear index
 */
#ifndef TLA_XLA_H
#define TLA_XLA_H

#include "tla/rt/formats.h"
#include "tla/rt/parse.h"
#include "tla/rt/print.h"
#include "tla/algebra/algebra.h"

#define TLA_XLA_MAX_RANK 8
#define TLA_XLA_MAX_TILES 4
#define TLA_XLA_COMBINED (-1) /* a `*` in a tile: merge into the next more minor dimension */
#define TLA_XLA_KEEP (-2) /* a -1 in a tile: the tile keeps the whole dimension (its extent) */

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
    int var[TLA_XLA_MAX_RANK]; /* the mode of each logical dimension */
    int64_t scale[TLA_XLA_MAX_RANK]; /* its weight there: mode coordinate = sum of index[d] * scale[d] */
} tla_xla_info;

TLA_FUNC int tla_xla_type_bits(tla_xla_type t);
TLA_API const char *tla_xla_type_name(tla_xla_type t);

/* "f32", "F32", "bf16", ...: 0 and *out, or -1. */
TLA_API int tla_xla_type_from_name(const char *s, size_t n, tla_xla_type *out);

/* ---------------------------------------------------------------- parsing */

/* Parse "f32[3,5]{1,0:T(2,2)}".  0, or -1 with err (pos = byte offset); *out untouched then. */
/* tla_xla_parse(&s, text, err), tla_xla_snprint(buf, n, &s), tla_layout_from_xla(&L, &info, &s, err),
 *   tla_xla_linear_index(&index, &s, coord, err), tla_xla_multi_index(coord, &s, index, err),
 *   tla_xla_from_layout(&s, &L, type, err), tla_xla_bytes(&n, &s, err) -> 0 or -1 (or the length)
 *   Errors name the place in the shape string: "expected ...", tiles of 0, permutations that repeat,
 *   '*' on a tile's most minor dimension; a tile entry of -1 keeps that dimension whole.
 * Example:
 *   tla_xla_shape s;  tla_error e;  char buf[64];  int64_t c[2] = {2, 3}, lin = 0;
 *   if (tla_xla_parse(&s, "f32[3,5]{1,0:T(2,2)}", &e) != 0) return 1;
 *   tla_xla_snprint(buf, sizeof buf, &s);
 *   if (strcmp(buf, "f32[3,5]{1,0:T(2,2)}") != 0) return 1;
 *   if (tla_xla_linear_index(&lin, &s, c, &e) != 0 || lin != 17) return 1;
 *   if (tla_xla_parse(&s, "f32[3,5]{1,1}", &e) == 0) return 1;   // not a permutation
 */
TLA_API int tla_xla_parse(tla_xla_shape *out, const char *s, tla_error *err);

/* XLA's canonical spelling: lower-case type, attributes in XLA's order (D T L # * E S P M). */
TLA_API int tla_xla_snprint(char *buf, size_t n, const tla_xla_shape *x);

/* ---------------------------------------------------------------- facts */

/* Dimensions of size > 1. */
TLA_API int tla_xla_true_rank(const tla_xla_shape *x);

/* The dimension letters of XLA's shapes-and-layouts documentation: x; y,x; z,y,x; p,z,y,x (NULL
 * beyond rank 4). */
TLA_API const char *tla_xla_dim_letters(int rank);

/* ---------------------------------------------------------------- internals */

static const struct {
    const char *name;
    int bits;
} tla__xla_types[TLA_XLA_NTYPES] = {{"pred", 8}, {"s4", 4},     {"s8", 8},       {"s16", 16},  {"s32", 32},
                                    {"s64", 64}, {"u4", 4},     {"u8", 8},       {"u16", 16},  {"u32", 32},
                                    {"u64", 64}, {"f16", 16},   {"bf16", 16},    {"f32", 32},  {"f64", 64},
                                    {"c64", 64}, {"c128", 128}, {"f8e4m3fn", 8}, {"f8e5m2", 8}};

TLA_FUNC int tla_xla_type_bits(tla_xla_type t) { return t >= 0 && t < TLA_XLA_NTYPES ? tla__xla_types[t].bits : 0; }
TLA_API const char *tla_xla_type_name(tla_xla_type t)
#if TLA__BODIES
{
    return t >= 0 && t < TLA_XLA_NTYPES ? tla__xla_types[t].name : "?";
}
#endif
TLA__DECL
TLA_API int tla_xla_type_from_name(const char *s, size_t n, tla_xla_type *out)
#if TLA__BODIES
{
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
#endif
TLA__DECL

/* ---------------------------------------------------------------- parsing */

TLA_FUNC int tla__xla_int(const char *s, int *p, int64_t *v, int allow_neg, tla_error *err) {
    int st = 0, start = *p;
    if (s[*p] == '_') return tla__fail(err, *p, "expected a number, found '_'");
    if (tla_int_parse_at(v, &st, s, p, err) != 0) return -1;
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
                int t = x->ntiles, k = 0, star = 0;
                if (t == TLA_XLA_MAX_TILES) return tla__fail(err, *p, "more than %d tiles", TLA_XLA_MAX_TILES);
                (*p)++;
                for (;;) {
                    *p = tla_skip_space(s, *p);
                    if (k == TLA_XLA_MAX_RANK)
                        return tla__fail(err, *p, "a tile has more than %d dimensions", TLA_XLA_MAX_RANK);
                    star = *p;
                    if (s[*p] == '*')
                        x->tiles[t][k++] = TLA_XLA_COMBINED, (*p)++;
                    else {
                        int64_t v = 0;
                        int vat = *p;
                        if (tla__xla_int(s, p, &v, 1, err) != 0) return -1;
                        if (v == 0 || v < -1)
                            return tla__fail(err, vat, "a tile dimension must be at least 1, or -1 (keep it whole)");
                        x->tiles[t][k++] = v == -1 ? TLA_XLA_KEEP : v;
                    }
                    *p = tla_skip_space(s, *p);
                    if (s[*p] == ',') {
                        (*p)++;
                        continue;
                    }
                    if (s[*p] == ')') {
                        if (x->tiles[t][k - 1] == TLA_XLA_COMBINED)
                            return tla__fail(err, star, "'*' on a tile's most minor dimension (nothing to merge into)");
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

TLA_API int tla_xla_parse(tla_xla_shape *out, const char *s, tla_error *err)
#if TLA__BODIES
{
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
#endif
TLA__DECL

TLA_API int tla_xla_snprint(char *buf, size_t n, const tla_xla_shape *x)
#if TLA__BODIES
{
    tla__out o = tla__out_array(buf, n);
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
                else if (x->tiles[t][i] == TLA_XLA_KEEP)
                    tla__puts(&o, "-1");
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
#endif
TLA__DECL

/* ---------------------------------------------------------------- facts */

TLA_API int tla_xla_true_rank(const tla_xla_shape *x)
#if TLA__BODIES
{
    int i, r = 0;
    for (i = 0; i < x->rank; i++) r += x->dims[i] > 1;
    return r;
}
#endif
TLA__DECL
TLA_API const char *tla_xla_dim_letters(int rank)
#if TLA__BODIES
{
    static const char *const l[] = {"", "x", "y,x", "z,y,x", "p,z,y,x"};
    return rank >= 0 && rank <= 4 ? l[rank] : NULL;
}
#endif
TLA__DECL

#endif
