/* tests/test_twice.c - every public value macro expanded twice in one expression.
 *
 * A macro argument is macro-expanded once, before it is substituted, so a macro that names its
 * argument twice (CATLASS's CeilDiv(a, b) is ((a) + (b) - 1) / (b)) pastes two copies of the
 * same expansion into one block: nothing the library declares may collide then (issue 35:
 * CeilDiv(m, tla_value(get(shape(L), 0, 0))) gave "redefinition of 'struct _vgT0'").  Each
 * macro is used with static, mixed and run-time arguments; the values are checked, and an
 * expression of static arguments is still an integer constant expression (a _Static_assert on
 * the twice-expanded expression). */
#include "tla/compat.h"
#include "check.h"

/* macros that name their argument twice (or more) */
#define TWICE(e) ((e) + (e))
#define SQUARE(e) ((e) * (e))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define FOUR(e) TWICE(TWICE(e))

static int calls;
static int counted(int v) {
    calls++;
    return v;
}

/* tla_value, of a leaf, a tuple, a layout and of a get written in place */
static void values(void) {
    int n = 5;
    unsigned u = 7;
    tla_auto S = tla_make_tuple(TLA_C(3), tla_make_tuple(TLA_C(4), TLA_C(6)));
    tla_auto M = tla_make_tuple(TLA_C(3), tla_make_tuple(n, u));
    tla_auto L = MakeLayout(MakeShape(MakeShape(_16, _4), MakeShape(_16, n)),
                            MakeStride(MakeStride(_16, _256), MakeStride(_1, _1024)));
    _Static_assert(TWICE(tla_value(TLA_C(4))) == 8, "a static integer");
    _Static_assert(TWICE(tla_value(_12)) == 24, "a compat static integer");
    _Static_assert(TWICE(tla_value(tla_get(S, 1, 1))) == 12, "a get written in place");
    _Static_assert(FOUR(tla_value(tla_get(tla_get(S, 1), 0))) == 16, "nested gets, four copies");
    _Static_assert(TWICE(tla_value(get(shape(L), 0, 0))) == 32, "compat's get of a layout's shape");
    _Static_assert(TWICE(tla_value(get(stride(L), 1, 1))) == 2048, "compat's get of a layout's stride");
    _Static_assert(TWICE(tla_value(tla_get(L, 1, 0))) == 32, "a layout's leaf");
    CHECK_EQ(TWICE(tla_value(tla_get(M, 1, 0))), 10);
    CHECK_EQ(TWICE(tla_value(tla_get(M, 1, 1))), 14);
    CHECK_EQ(TWICE(tla_value(tla_get(M, 1))), 10); /* a sub-tuple: its first leaf */
    CHECK_EQ(TWICE(tla_value(n)), 10);
    CHECK_EQ(SQUARE(tla_value(S)), 9); /* a static tuple: its first leaf (at run time) */
    CHECK_EQ(TWICE(tla_value(get(shape(L), 1, 1))), 10);
    CHECK_EQ(MAX2(tla_value(tla_get(M, 1, 0)), tla_value(tla_get(M, 1, 1))), 7);
    /* the type of each copy is the type of one (the slot's, or int for a static leaf) */
    CHECK(__builtin_types_compatible_p(__typeof__(TWICE(tla_value(tla_get(M, 1, 1)))),
                                       __typeof__(tla_value(tla_get(M, 1, 1)))));
    CHECK(__builtin_types_compatible_p(__typeof__(TWICE(tla_value(tla_get(S, 1, 1)))), int));
    /* run-time tla_tuple and tla_layout */
    tla_tuple rt = {0};
    tla_layout R = {0};
    tla_error e;
    CHECK(tla_tuple_parse(&rt, "(9,(4,5))", &e) == 0);
    CHECK(tla_layout_parse(&R, "((16,7),(16,3)):((16,256),(1,1792))", &e) == 0);
    CHECK_EQ(TWICE((long long)tla_value(rt)), 18);
    CHECK_EQ(TWICE((long long)tla_value(R)), 32);
    /* a run-time argument is evaluated once per copy, a static one not at all */
    calls = 0;
    CHECK_EQ(TWICE(tla_value(tla_get(tla_make_tuple(counted(3), TLA_C(4)), 0))), 6);
    CHECK_EQ(calls, 2);
    CHECK_EQ(TWICE(tla_value(tla_get(tla_make_tuple(counted(3), TLA_C(4)), 1))), 8);
    CHECK_EQ(calls, 2);
    /* inside a tuple's element */
    tla_auto T = tla_make_tuple(TWICE(tla_value(tla_get(M, 1, 0))), TLA_C(2));
    CHECK_EQ(tla_value(tla_get(T, 0)), 10);
}

/* CATLASS's CeilDiv and RoundUp around tla_value (issue 35), and compat's RoundDown */
static void catlass_helpers(void) {
    unsigned m = 100;
    int n = 48;
    tla_auto Z = MakeLayout(tla_half, zN, _64, n); /* ((_16,_4),(_16,3)):((_16,_256),(_1,_1024)) */
    CHECK_EQ(CeilDiv(m, tla_value(get(shape(Z), 0, 0))), 7);
    CHECK_EQ(RoundUp(m, tla_value(get(shape(Z), 0, 0))), 112);
    CHECK_EQ(RoundDown(m, tla_value(get(shape(Z), 1, 0))), 96);
    CHECK_EQ(CeilDiv(tla_value(get(shape(Z), 1, 1)) * 16, tla_value(get(shape(Z), 0, 0))), 3);
    _Static_assert(CeilDiv(100, tla_value(get(shape(Z), 0, 0))) == 7, "a constant expression");
    _Static_assert(RoundUp(tla_value(get(stride(Z), 0, 1)), tla_value(get(shape(Z), 0, 0))) == 256, "");
    CHECK_EQ(CeilDiv(m, size(Z, 0)), 2);
    CHECK_EQ(RoundUp(n, rank(Z)), 48);
    CHECK_EQ(CeilDiv(1000, crd2offset(MakeCoord(1, 1), Z)), 59); /* offset 17 */
}

/* tla_get, tla_shape, tla_stride, and the queries on tuples, layouts and run-time values */
static void queries(void) {
    int n = 3;
    tla_auto S = tla_make_tuple(TLA_C(2), tla_make_tuple(TLA_C(4), TLA_C(6)));
    tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(4), n), tla_make_tuple(TLA_C(1), TLA_C(4)));
    tla_auto K = tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(1), TLA_C(4)));
    tla_layout R = tla_to_layout(K);
    _Static_assert(TWICE(tla_size(S)) == 96 && TWICE(tla_rank(S)) == 4 && TWICE(tla_depth(S)) == 4, "tuples");
    _Static_assert(TWICE(tla_size(tla_get(S, 1))) == 48, "the size of a get");
    _Static_assert(TWICE(tla_rank(tla_get(S, 1))) == 4, "the rank of a get");
    _Static_assert(TWICE(tla_cosize(K)) == 64 && TWICE(tla_size(tla_shape(K))) == 64, "layouts");
    _Static_assert(TWICE(tla_size(tla_stride(K))) == 8, "");
    _Static_assert(TWICE(tla_size(tla_make_tuple(TLA_C(2), TLA_C(5)))) == 20, "a constructor inside");
    _Static_assert(
        TWICE(tla_cosize(tla_make_layout(tla_make_tuple(TLA_C(2), TLA_C(5)), tla_make_tuple(TLA_C(5), TLA_C(1)))))
            == 20,
        "a layout made inside");
    CHECK_EQ(TWICE(tla_size(L)), 24);
    CHECK_EQ(TWICE(tla_cosize(L)), 2 * (3 + 2 * 4 + 1));
    CHECK_EQ(TWICE(tla_size(tla_make_tuple(TLA_C(2), n))), 12);
    CHECK_EQ(TWICE(tla_size(R)), 64);
    CHECK_EQ(TWICE(tla_cosize(R)), 64);
    CHECK_EQ(TWICE(tla_rank(R)), 4);
    CHECK_EQ(TWICE(tla_value(tla_get(tla_shape(L), 1))), 6);
    CHECK_EQ(TWICE(tla_value(tla_get(tla_stride(L), 1))), 8);
    CHECK_EQ(TWICE((long long)tla_value(tla_shape(R))), 8); /* a run-time tuple: its first leaf */
    CHECK_EQ(TWICE(tla_value(tla_get(S, 1, 0))), 8);
    CHECK_EQ(SQUARE(tla_size(tla_get(L, 1))), 9);
    /* compat's names */
    _Static_assert(TWICE(size(K)) == 64 && TWICE(rank(K)) == 4 && TWICE(depth(K)) == 2 && TWICE(cosize(K)) == 64, "");
    _Static_assert(TWICE(size(K, 1)) == 16 && TWICE(rank(S, 1)) == 4, "with indices");
    _Static_assert(TWICE(tla_value(get(K, 1))) == 16, "");
    CHECK_EQ(TWICE(size(L, 1)), 6);
    CHECK_EQ(TWICE(size(shape(L))), 24);
    CHECK_EQ(TWICE(size(stride(L))), 8);
    CHECK_EQ(TWICE(tla_value(get(shape(L), 1))), 6);
    CHECK_EQ(TWICE(tla_value(shape(L, 1))), 6);
    CHECK_EQ(TWICE(tla_value(stride(L, 1))), 8);
}

/* crd2offset in every form: the run-time one, the constant and auto forms, compat's */
static void offsets(void) {
    unsigned i = 3, j = 5;
    int n = 8;
    tla_auto K = tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(1), TLA_C(4)));
    tla_auto M = tla_make_layout(tla_make_tuple(TLA_C(4), n), tla_make_tuple(TLA_C(1), TLA_C(4)));
    tla_auto Z = tla_zN(tla_half, TLA_C(32), TLA_C(48)); /* ((_16,_2),(_16,_3)):((_16,_256),(_1,_512)) */
    tla_auto W = tla_zN(tla_half, 100, n * 6); /* mixed */
    tla_auto T = tla_tile_at(Z, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(i, j));
    /* static: integer constant expressions */
    _Static_assert(TWICE(tla_crd2offset_const(tla_make_tuple(TLA_C(3), TLA_C(2)), K)) == 22, "const");
    _Static_assert(TWICE(tla_crd2offset_auto(tla_make_tuple(TLA_C(3), TLA_C(2)), K)) == 22, "auto");
    _Static_assert(TWICE(tla_crd2offset3_auto(tla_make_tuple(TLA_C(3), TLA_C(2)), tla_shape(K), tla_stride(K))) == 22,
                   "auto3");
    _Static_assert(TWICE(tla_crd2offset_auto(TLA_C(11), K)) == 22, "one static integer");
    _Static_assert(TWICE(tla_crd2offset_const(tla_make_tuple(TLA_C(17), TLA_C(33)), Z)) == 2 * (16 + 256 + 1 + 1024),
                   "zN");
    _Static_assert(TWICE(crd2offset(MakeCoord(_3, _2), K)) == 22, "compat, layout");
    _Static_assert(TWICE(crd2offset(MakeCoord(_3, _2), shape(K), stride(K))) == 22, "compat, shape and stride");
    _Static_assert(SQUARE(crd2offset(MakeCoord(_1, _1), Z)) == 17 * 17, "");
    _Static_assert(TWICE(tla_crd2offset_auto(
                       tla_make_tuple(TLA_C(3), TLA_C(2)),
                       tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(8), TLA_C(1)))))
                       == 52,
                   "a layout made inside");
    _Static_assert(FOUR(tla_crd2offset_const(tla_make_tuple(TLA_C(1), TLA_C(1)), K)) == 20, "four copies");
    _Static_assert(CeilDiv(tla_crd2offset_const(tla_make_tuple(TLA_C(3), TLA_C(7)), K), tla_value(tla_get(K, 0))) == 8,
                   "");
    /* mixed and run-time coordinates */
    CHECK_EQ(TWICE(tla_crd2offset(tla_make_tuple(i, j), K)), 2 * 23);
    CHECK_EQ(TWICE(tla_crd2offset_auto(tla_make_tuple(i, j), K)), 2 * 23);
    CHECK_EQ(TWICE(tla_crd2offset_auto(tla_make_tuple(i, j), M)), 2 * 23);
    CHECK_EQ(TWICE(tla_crd2offset3_auto(tla_make_tuple(i, j), tla_shape(M), tla_stride(M))), 2 * 23);
    CHECK_EQ(TWICE(crd2offset(MakeCoord(i, j), K)), 2 * 23);
    CHECK_EQ(TWICE(crd2offset(MakeCoord(i, j), shape(M), stride(M))), 2 * 23);
    CHECK_EQ(TWICE(crd2offset(MakeCoord(17u, 33u), Z)), 2 * (16 + 256 + 1 + 1024));
    CHECK_EQ(TWICE(crd2offset(MakeCoord(17u, 33u), W)), 2 * (16 + 256 + 1 + 16 * 112 * 2));
    /* a tile at element (i, j): element (i + 1, j + 2) of the zN, (4, 7) */
    CHECK_EQ(TWICE(tla_crd2offset_auto(tla_make_tuple(1, 2), T)), 2 * (4 * 16 + 7));
    CHECK_EQ(TWICE(tla_crd2offset(tla_make_tuple(1, 2), T)), TWICE(tla_crd2offset_auto(tla_make_tuple(1, 2), T)));
    CHECK_EQ(MAX2(crd2offset(MakeCoord(i, j), K), crd2offset(MakeCoord(j, i), K)), 23);
    CHECK_EQ(CeilDiv(crd2offset(MakeCoord(i, j), M), size(M, 0)), 6);
    /* the type of the run-time sum (as tla_crd2offset's), long long when static */
    {
        int64_t w = 5;
        CHECK(__builtin_types_compatible_p(__typeof__(TWICE(crd2offset(MakeCoord(i, j), K))), unsigned));
        CHECK(__builtin_types_compatible_p(__typeof__(TWICE(crd2offset(MakeCoord(i, j), shape(K), stride(K)))),
                                           unsigned));
        CHECK(__builtin_types_compatible_p(__typeof__(tla_crd2offset_auto(tla_make_tuple(w, w), Z)), int64_t));
        CHECK(__builtin_types_compatible_p(__typeof__(tla_crd2offset_auto(tla_make_tuple(i, j), Z)),
                                           __typeof__(tla_crd2offset(tla_make_tuple(i, j), Z))));
        CHECK(__builtin_types_compatible_p(__typeof__(tla_crd2offset_auto(tla_make_tuple(i, j), W)),
                                           __typeof__(tla_crd2offset(tla_make_tuple(i, j), W))));
        CHECK(__builtin_types_compatible_p(__typeof__(tla_crd2offset_auto(tla_make_tuple(TLA_C(1), TLA_C(2)), K)),
                                           long long));
        CHECK(__builtin_types_compatible_p(__typeof__(tla_crd2offset_const(tla_make_tuple(TLA_C(1), TLA_C(2)), K)),
                                           long long));
        CHECK_EQ(TWICE(crd2offset(MakeCoord(w, w), W)), TWICE(tla_crd2offset(tla_make_tuple(w, w), W)));
    }
    /* run-time arguments are evaluated once per copy */
    calls = 0;
    CHECK_EQ(TWICE(crd2offset(MakeCoord(counted(1), 2), K)), 18);
    CHECK_EQ(calls, 2);
    CHECK_EQ(TWICE(tla_crd2offset_auto(tla_make_tuple(counted(1), TLA_C(2)), M)), 18);
    CHECK_EQ(calls, 4);
}

/* the layout predicates (static and mixed layouts: constant expressions) */
static void predicates(void) {
    int n = 48;
    tla_auto Z = tla_zN(tla_half, TLA_C(32), TLA_C(48));
    tla_auto W = tla_zN(tla_half, 100, n);
    tla_auto RM = tla_row_major(TLA_C(4), n);
    _Static_assert(TWICE(tla_is_zN(tla_half, Z)) == 2 && TWICE(tla_is_zN(tla_half, W)) == 2, "zN");
    _Static_assert(TWICE(iszN(tla_half, Z)) == 2 && TWICE(iszZ(tla_half, Z)) == 0 && TWICE(isnZ(tla_half, Z)) == 0, "");
    _Static_assert(TWICE(isRowMajor(RM)) == 2 && TWICE(isColumnMajor(RM)) == 0 && TWICE(tla_is_vector(RM)) == 0, "");
    _Static_assert(
        TWICE(tla_is_row_major(tla_make_layout(tla_make_tuple(TLA_C(4), TLA_C(8)), tla_make_tuple(TLA_C(8), TLA_C(1)))))
            == 2,
        "a layout made inside");
    CHECK_EQ(TWICE(iszN(tla_half, W)) + TWICE(isRowMajor(RM)), 4);
    /* run-time layouts: the predicates and compat's crd2offset answer at run time */
    {
        unsigned i = 3, j = 5;
        tla_layout R = tla_to_layout(RM), Zr = tla_to_layout(Z);
        CHECK_EQ(TWICE(isRowMajor(R)) + TWICE(iszN(tla_half, Zr)) + TWICE(iszN(tla_half, R)), 4);
        CHECK_EQ(TWICE(crd2offset(MakeCoord(i, j), R)), 2 * (3 * 48 + 5));
        CHECK_EQ(CeilDiv(crd2offset(MakeCoord(i, j), Zr), tla_value(get(shape(Z), 0, 0))), (3 * 16 + 5 + 15) / 16);
    }
}

int main(void) {
    values();
    catlass_helpers();
    queries();
    offsets();
    predicates();
    CHECK_DONE();
}
