/* tla/algebra/divide.h - CuTe's divides and products on run-time layouts: tiling one layout by
 * another (algebra.h has the operations they are made of: complement and composition).
 *
 *   tla_logical_divide(&R, &A, &B, err)   A o (B, complement(B, size(A))): (tile, rest)
 *   tla_zipped_divide, tla_tiled_divide, tla_flat_divide   the same, arranged three more ways
 *   tla_logical_product(&R, &A, &B, err)  (A, complement(A, size(A)*cosize(B)) o B)
 *   tla_zipped_product, tla_tiled_product, tla_blocked_product, tla_raked_product
 *   ..._tiler(&R, &A, &T, err)            by mode: T is a tla_tiler [B0,B1,...]
 *
 * Same conventions as algebra.h: 0, or -1 with *err and the output untouched; results past
 * the capacity of rt/types.h are errors; a few KB of stack whatever the arguments.
 * Size-0 modes: a tile B with a size-0 mode gives a size-0 tile (its complement is an error
 * when B has a size-0 mode that is not its last leaf); an A with a size-0 mode is an error
 * where composition has to walk over it ("composition: the left layout has a mode of size 0").
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_layout A, B, R;  tla_error e;  char buf[96];
 *   tla_layout_parse(&A, "(8,6):(1,16)", &e);
 *   tla_layout_parse(&B, "4:1", &e);
 *   if (tla_zipped_divide(&R, &A, &B, &e) != 0) return 1;
 *   tla_layout_snprint(buf, sizeof buf, &R);
 *   if (strcmp(buf, "(4,(2,6)):(1,(4,16))") != 0) return 1;
 */
#ifndef TLA_DIVIDE_H
#define TLA_DIVIDE_H

#include "tla/algebra/algebra.h"

/* ---------------------------------------------------------------- divides and products */

/* By a layout B, and by mode with a tiler T (the _tiler forms); the header's comment says what
 * each computes. */
TLA_API int tla_logical_divide(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);
TLA_API int tla_logical_divide_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err);
TLA_API int tla_zipped_divide(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);
TLA_API int tla_zipped_divide_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err);
TLA_API int tla_tiled_divide(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);
TLA_API int tla_tiled_divide_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err);
TLA_API int tla_flat_divide(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);
TLA_API int tla_flat_divide_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err);
TLA_API int tla_logical_product(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);
TLA_API int tla_logical_product_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err);
TLA_API int tla_zipped_product(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);
TLA_API int tla_zipped_product_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err);
TLA_API int tla_tiled_product(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);
TLA_API int tla_tiled_product_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err);
TLA_API int tla_blocked_product(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);
TLA_API int tla_raked_product(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err);

/* ---------------------------------------------------------------- internals */

/* ---------------------------------------------------------------- divides and products */

TLA_FUNC int tla__logical_divide(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err) {
    tla_layout comp, tiler;
    int64_t n = 0;
    if (tla_layout_size(&n, A, err) != 0 || tla__complement(&comp, B, n, tla_tuple_all_static(&A->shape), err) != 0
        || tla__pair(&tiler, B, &comp, err) != 0)
        return -1;
    return tla__compose(out, A, &tiler, err);
}

TLA_FUNC int tla__logical_product(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err) {
    tla_layout comp, right;
    int64_t n = 0, m = 0, nm = 0;
    if (tla_layout_size(&n, A, err) != 0 || tla_layout_cosize(&m, B, err) != 0) return -1;
    if (tla__mul64(n, m, &nm) != 0) return tla__fail(err, -1, "logical_product: size times cosize overflows int64");
    if (tla__complement(
            &comp, A, nm,
            tla_tuple_all_static(&A->shape) && tla_tuple_all_static(&B->shape) && tla_tuple_all_static(&B->stride), err)
        != 0)
        return -1;
    if (tla__compose(&right, &comp, B, err) != 0) return -1;
    return tla__pair(out, A, &right, err);
}

/* One layout or a tiler: T == NULL means B alone. */
TLA_FUNC int tla__apply(tla_layout *out, const tla_layout *A, const tla_layout *B, const tla_tiler *T, tla__binop op,
                        const char *name, tla_error *err) {
    tla_layout r;
    if (T ? tla__by_mode(&r, A, T, op, name, err) : op(&r, A, B, err)) return -1;
    *out = r;
    return 0;
}

/* hier_unzip: (tile, rest) = ((B-part of each tiled mode), (rest of each tiled mode, untiled modes)).
 * op runs twice per tiled mode (once for each half) so that no array of modes is kept. */
TLA_FUNC int tla__zipped(tla_layout *out, const tla_layout *A, const tla_layout *B, const tla_tiler *T, tla__binop op,
                         const char *name, tla_error *err) {
    tla_layout am, split, part;
    tla__build b;
    int n, i, half;
    if (!T) return tla__apply(out, A, B, NULL, op, name, err);
    n = tla__nmodes(A);
    if (T->n < 1 || T->n > n)
        return tla__fail(err, -1, "%s: a tiler of %d modes for a layout of rank %d", name, T->n, n);
    tla__build_begin(&b);
    if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0) return -1;
    for (half = 0; half < 2; half++) {
        if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0) return -1;
        for (i = 0; i < T->n; i++)
            if (tla__mode(A, i, &am) != 0 || op(&split, &am, &T->mode[i], err) != 0
                || tla__mode(&split, half, &part) != 0 || tla__build_mode(&b, &part, err) != 0)
                return -1;
        if ((half && tla__build_modes(&b, A, T->n, n, err) != 0) || tla__build_tok(&b, TLA_TOK_CLOSE, err) != 0)
            return -1;
    }
    return tla__build_end(&b, out, err);
}

/* tiled: (tile, rest0, rest1, ...); flat: (tile0, tile1, ..., rest0, rest1, ...). */
TLA_FUNC int tla__unpack(tla_layout *out, const tla_layout *Z, int flat_first, tla_error *err) {
    tla_layout z;
    tla__build b;
    tla__build_begin(&b);
    if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0 || tla__mode(Z, 0, &z) != 0
        || (flat_first ? tla__build_modes(&b, &z, 0, tla__nmodes(&z), err) : tla__build_mode(&b, &z, err)) != 0
        || tla__mode(Z, 1, &z) != 0 || tla__build_modes(&b, &z, 0, tla__nmodes(&z), err) != 0)
        return -1;
    return tla__build_end(&b, out, err);
}

/* Each divide and product twice (by a layout, by a tiler), run-time functions (TLA_API): a
 * macro cannot hold the #if of tools/impl_mode.py's form, so it is written once per mode. */
#if TLA__BODIES
#define TLA__DIVIDE_API(name, body) \
    TLA_API int tla_##name(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err) { \
        const tla_tiler *T = NULL; \
        body \
    } \
    TLA_API int tla_##name##_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err) { \
        const tla_layout *B = NULL; \
        body \
    }
#else
#define TLA__DIVIDE_API(name, body) \
    TLA_API int tla_##name(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err); \
    TLA_API int tla_##name##_tiler(tla_layout *out, const tla_layout *A, const tla_tiler *T, tla_error *err);
#endif

TLA__DIVIDE_API(logical_divide, return tla__apply(out, A, B, T, tla__logical_divide, "logical_divide", err);)
TLA__DIVIDE_API(zipped_divide, return tla__zipped(out, A, B, T, tla__logical_divide, "zipped_divide", err);)
TLA__DIVIDE_API(tiled_divide, tla_layout z;
                if (tla__zipped(&z, A, B, T, tla__logical_divide, "tiled_divide", err)) return -1;
                return tla__unpack(out, &z, 0, err);)
TLA__DIVIDE_API(flat_divide, tla_layout z;
                if (tla__zipped(&z, A, B, T, tla__logical_divide, "flat_divide", err)) return -1;
                return tla__unpack(out, &z, 1, err);)
TLA__DIVIDE_API(logical_product, return tla__apply(out, A, B, T, tla__logical_product, "logical_product", err);)
TLA__DIVIDE_API(zipped_product, return tla__zipped(out, A, B, T, tla__logical_product, "zipped_product", err);)
TLA__DIVIDE_API(tiled_product, tla_layout z;
                if (tla__zipped(&z, A, B, T, tla__logical_product, "tiled_product", err)) return -1;
                return tla__unpack(out, &z, 0, err);)

/* blocked / raked: pad both to the same rank R with 1:0 modes, take the whole logical
 * product (A, C), then pair mode i of each: blocked (A_i, C_i), raked (C_i, A_i). */
TLA_FUNC int tla__pad(tla_layout *out, const tla_layout *A, int R, tla_error *err) {
    tla__build b;
    int i, n = tla__nmodes(A);
    tla__build_begin(&b);
    if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0 || tla__build_modes(&b, A, 0, n, err) != 0) return -1;
    for (i = n; i < R; i++)
        if (tla__build_leaf(&b, 1, 1, 0, 1, err) != 0) return -1;
    return tla__build_end(&b, out, err);
}
TLA_FUNC int tla__block_rake(tla_layout *out, const tla_layout *A, const tla_layout *B, int raked, tla_error *err) {
    tla_layout pa, pb, p0, p1, m;
    tla__build b;
    int na = tla__nmodes(A), nb = tla__nmodes(B), R = na > nb ? na : nb, i;
    if (tla__pad(&pa, A, R, err) != 0 || tla__pad(&pb, B, R, err) != 0 || tla__logical_product(&pb, &pa, &pb, err) != 0)
        return -1;
    tla__mode(&pb, 0, &p0);
    tla__mode(&pb, 1, &p1);
    tla__build_begin(&b);
    if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0) return -1;
    for (i = 0; i < R; i++)
        if (tla__build_tok(&b, TLA_TOK_OPEN, err) != 0 || tla__mode(raked ? &p1 : &p0, i, &m) != 0
            || tla__build_mode(&b, &m, err) != 0 || tla__mode(raked ? &p0 : &p1, i, &m) != 0
            || tla__build_mode(&b, &m, err) != 0 || tla__build_tok(&b, TLA_TOK_CLOSE, err) != 0)
            return -1;
    return tla__build_end(&b, out, err);
}
TLA_API int tla_blocked_product(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err)
#if TLA__BODIES
{
    tla_layout r;
    if (tla__block_rake(&r, A, B, 0, err) != 0) return -1;
    *out = r;
    return 0;
}
#endif
TLA__DECL
TLA_API int tla_raked_product(tla_layout *out, const tla_layout *A, const tla_layout *B, tla_error *err)
#if TLA__BODIES
{
    tla_layout r;
    if (tla__block_rake(&r, A, B, 1, err) != 0) return -1;
    *out = r;
    return 0;
}
#endif
TLA__DECL

#endif
