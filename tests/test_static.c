/* tests/test_static.c - static and mixed tuples and layouts: the seed's values, compile-time
 * evaluation, and crd2offset checked against a direct formula at every coordinate. */
#include "tla.h"
#include "check.h"

#define S(n) TLA_C(n)

static void seed_layouts(void) {
    /* w2xh4 = (_2,4):(_12,_1) */
    tla_auto w2xh4 = tla_make_layout(tla_make_tuple(S(2), 4), tla_make_tuple(S(12), S(1)));
    CHECK_EQ(tla_rank(w2xh4), 2);
    CHECK_EQ(tla_size(w2xh4), 8);
    CHECK_EQ(tla_cosize(w2xh4), 16);
    /* w32xh48 = ((16,2),(16,3)):((16,256),(1,512)), all dynamic */
    tla_auto w32 = tla_make_layout(tla_make_tuple(tla_make_tuple(16, 2), tla_make_tuple(16, 3)),
                                   tla_make_tuple(tla_make_tuple(16, 256), tla_make_tuple(1, 512)));
    CHECK_EQ(tla_depth(w32), 2);
    CHECK_EQ(tla_size(w32), 1536);
    CHECK_EQ(tla_cosize(w32), 1536);
    CHECK_EQ(tla_crd2offset(tla_make_tuple(17, 33), w32), 1 * 16 + 1 * 256 + 1 + 2 * 512);
}

static void zn_seed_static(void) {
    /* ((4,2),(4,3)):((4,16),(1,32)) all static: everything is a constant expression */
    tla_auto L = tla_make_layout(tla_make_tuple(tla_make_tuple(S(4), S(2)), tla_make_tuple(S(4), S(3))),
                                 tla_make_tuple(tla_make_tuple(S(4), S(16)), tla_make_tuple(S(1), S(32))));
    tla_auto c = tla_make_tuple(S(1), S(5));
    _Static_assert(tla_size(L) == 96, "size");
    _Static_assert(tla_cosize(L) == 96, "cosize");
    _Static_assert(tla_rank(L) == 2 && tla_depth(L) == 2, "rank, depth");
    _Static_assert(tla_crd2offset_const(c, L) == 37, "the seed's crd2offset");
    _Static_assert(tla_value(tla_get(L.tla_s[0], 1, 0)) == 4, "get");
    /* a multi-index get is one step; a sub-layout that is a leaf has integer parts */
    tla_auto G = tla_get(L, 1, 1);
    _Static_assert(tla_value(tla_shape(G)) == 3 && tla_value(tla_stride(G)) == 32, "get<1,1> of a layout");
    /* the shape of a tuple or an integer is itself (CuTe's shape()) */
    _Static_assert(tla_size(tla_shape(c)) == 5 && tla_rank(tla_shape(c)) == 2, "shape of a tuple");
    _Static_assert(tla_value(tla_shape(S(7))) == 7, "shape of a static integer");
    _Static_assert(tla_value(tla_get(L.tla_d[0], 0, 1)) == 16 && tla_rank(tla_get(L, 1)) == 2,
                   "get of stride, of layout");
    {
        int n = 9;
        tla_auto T = tla_make_tuple(S(2), tla_make_tuple(S(3), tla_make_tuple(S(4), n), S(5)), 7);
        _Static_assert(tla_value(tla_get(T, 1, 1, 0)) == 4 && tla_value(tla_get(T, 1, 2)) == 5, "one step, any depth");
        CHECK_EQ(tla_value(tla_get(T, 1, 1, 1)), tla_value(tla_get(tla_get(tla_get(T, 1), 1), 1)));
        CHECK_EQ(tla_value(tla_get(T, 2)), 7);
        CHECK_EQ(tla_size(tla_get(T, 1, 1)), 36);
        CHECK_EQ(tla_size(tla_get(T, 1)), 3 * 36 * 5);
        _Static_assert(tla_rank(tla_get(T, 1)) == 3 && tla_depth(tla_get(T, 1)) == 2 && tla_rank(tla_get(T, 1, 1)) == 2,
                       "");
        /* A get written in another get's argument joins it (one step: tla_get(T, 1, 1, 0)); a
         * get reached through anything else (tla_stride, parentheses, a macro of the user's)
         * is made where it stands.  Both are the same values. */
        _Static_assert(tla_value(tla_get(tla_get(tla_get(T, 1), 1), 0)) == 4, "three gets, one step");
        _Static_assert(tla_value(tla_get(tla_get(T, 1, 1), 0)) == 4 && tla_value(tla_get(tla_get(T, 1), 1, 0)) == 4,
                       "");
        _Static_assert(tla_value(tla_get((tla_get(T, 1)), 2)) == 5, "through parentheses");
#define MY_ID(x) (x)
        _Static_assert(tla_value(tla_get(MY_ID(tla_get(tla_get(T, 1), 1)), 0)) == 4, "through a user's macro");
#undef MY_ID
        CHECK_EQ(tla_value(tla_get(tla_get(tla_get(T, 1), 1), 1)), 9);
        CHECK_EQ(tla_size(tla_get(tla_get(T, 1), 1)), 36);
        tla_auto D4 = tla_make_tuple(S(1), tla_make_tuple(S(2), tla_make_tuple(S(3), tla_make_tuple(n, S(6)))));
        _Static_assert(tla_value(tla_get(tla_get(tla_get(tla_get(D4, 1), 1), 1), 1)) == 6, "four levels");
        CHECK_EQ(tla_value(tla_get(tla_get(tla_get(tla_get(D4, 1), 1), 1), 0)), 9);
        _Static_assert(tla_rank(tla_get(tla_get(tla_get(D4, 1), 1), 1)) == 2, "");
    }
    {
        /* a nested get of a layout: the sub-layout, its shape and stride; escapes through the
         * layout's parts */
        tla_auto Z = tla_zN(float, TLA_C(32), TLA_C(48)); /* ((16,2),(8,6)):((8,128),(1,256)) */
        _Static_assert(tla_value(tla_stride(tla_get(tla_get(Z, 1), 1))) == 256, "stride of get<1,1>");
        _Static_assert(tla_value(tla_get(tla_stride(tla_get(Z, 1)), 1)) == 256, "through tla_stride");
        _Static_assert(tla_value(tla_shape(tla_get(tla_get(Z, 0), 1))) == 2, "shape of get<0,1>");
        _Static_assert(tla_size(tla_get(tla_get(Z, 1), 0)) == 8 && tla_cosize(tla_get(Z, 1)) == 5 * 256 + 8, "");
    }
    float buf[tla_cosize(L)]; /* not a VLA: the suite builds with -Werror=vla */
    buf[0] = 1.0f;
    CHECK(buf[0] == 1.0f);
    CHECK_EQ(sizeof buf / sizeof buf[0], 96);
    /* every coordinate form, every element */
    int bad = 0;
    for (int r = 0; r < 8; r++)
        for (int col = 0; col < 12; col++) {
            long long want = r % 4 * 4 + r / 4 * 16 + col % 4 + col / 4 * 32;
            if (tla_crd2offset(tla_make_tuple(r, col), L) != want) bad++;
            if (tla_crd2offset(r + 8 * col, L) != want) bad++;
        }
    CHECK_EQ(bad, 0);
}

static void mixed_and_unsigned(void) {
    unsigned rows = 40;
    tla_auto L =
        tla_make_layout(tla_make_tuple(tla_make_tuple(S(16), (rows + 15) / 16), tla_make_tuple(S(16), 3u)),
                        tla_make_tuple(tla_make_tuple(S(16), S(256)), tla_make_tuple(S(1), (rows + 15) / 16 * 256)));
    CHECK_EQ(tla_size(L), 48 * 48);
    int bad = 0;
    for (unsigned r = 0; r < 48; r++)
        for (unsigned col = 0; col < 48; col++) {
            unsigned long long want = r % 16 * 16 + r / 16 * 256 + col % 16 + col / 16 * 768;
            if ((unsigned long long)tla_crd2offset(tla_make_tuple(r, col), L) != want) bad++;
        }
    CHECK_EQ(bad, 0);
}

static void tuples(void) {
    tla_auto t = tla_make_tuple(S(2), tla_make_tuple(3, tla_make_tuple(S(4), 5)), -7);
    CHECK_EQ(tla_rank(t), 3);
    CHECK_EQ(tla_depth(t), 3);
    CHECK_EQ(tla_size(t), 2 * 3 * 4 * 5 * -7);
    CHECK_EQ(tla_value(tla_get(t, 1, 1, 1)), 5);
    CHECK_EQ(tla_value(tla_get(t, 2)), -7);
    _Static_assert(tla_value(tla_get(t, 1, 1, 0)) == 4, "a static leaf of a mixed tuple is a constant");
    _Static_assert(tla_rank(tla_get(t, 1)) == 2 && tla_depth(t) == 3, "rank and depth of mixed tuples are constants");
    tla_auto neg = tla_make_tuple(S(-3), S(2));
    CHECK_EQ(tla_size(neg), -6); /* negative leaves: size is computed at run time */
    tla_auto wide = tla_make_tuple(1, 2, 3, 4, 5, 6, 7, 8);
    CHECK_EQ(tla_rank(wide), 8);
    CHECK_EQ(tla_size(wide), 40320);
}

/* Queries name their argument once (static/query.h): a run-time answer evaluates it exactly once, a
 * static answer is a constant expression and does not evaluate it; nested queries agree. */
static int calls;
static int counted(int v) { return calls++, v; }
static void queries_evaluate_once(void) {
    tla_auto L = tla_zN(tla_half, TLA_C(32), TLA_C(48));
    calls = 0;
    CHECK_EQ(tla_size(tla_make_tuple(counted(3), S(4))), 12);
    CHECK_EQ(tla_rank(tla_make_tuple(counted(3), S(4), 5)), 3);
    CHECK_EQ(tla_depth(tla_make_tuple(counted(3), tla_make_tuple(S(4), 5))), 2);
    CHECK_EQ(tla_cosize(tla_make_layout(tla_make_tuple(counted(3), S(4)), tla_make_tuple(S(1), S(3)))), 12);
    CHECK_EQ(calls, 2); /* size and cosize run their argument; rank and depth of a mixed tuple are constants */
    /* (clang 14 reports a static function or variable named only inside a run-time query as
     * "not needed and will not be emitted" (-Wunneeded-internal-declaration), though the
     * query does run it; one use elsewhere keeps it quiet, docs/static.md, "Compilers and GNU extensions") */
    CHECK_EQ(counted(0), 0);
    calls = 0; /* nested gets joined into one step still run their argument once */
    CHECK_EQ(tla_size(tla_get(
                 tla_get(tla_make_tuple(counted(3), tla_make_tuple(S(4), tla_make_tuple(counted(5), S(2)))), 1), 1)),
             10);
    CHECK_EQ(calls, 2);
    _Static_assert(tla_size(tla_get(tla_get(L, 1), 1)) == 3, "nested static queries stay constants");
    _Static_assert(tla_cosize(tla_get(L, 0)) == 15 * 16 + 256 + 1, "mode 0 of the zN: (16,2):(16,256)");
    char buf[tla_size(tla_get(L, 1))]; /* an array, not a VLA (-Werror=vla) */
    CHECK_EQ(sizeof buf, 48);
    tla_layout R = tla_to_layout(L);
    CHECK_EQ(tla_size(R), 32 * 48);
    CHECK_EQ(tla_rank(tla_to_layout(L)), 2);
    CHECK_EQ(tla_cosize(R), 32 * 48);
    /* tla_shape and tla_stride of a run-time layout are its run-time tuples */
    CHECK(tla_tuple_equal(&R.shape, &(tla_tuple){0}) == 0);
    tla_tuple rs = tla_shape(R), rd = tla_stride(R);
    CHECK(tla_tuple_equal(&rs, &R.shape) && tla_tuple_equal(&rd, &R.stride));
    CHECK_EQ(tla_size(tla_shape(R)), 32 * 48);
    CHECK_EQ(tla_depth(tla_stride(tla_to_layout(L))), 2);
}

/* tla_value(tla_get(t, i...)) reads the leaf from t's type (TLA__VALUE_GET, static/tuple.h): the same
 * value and type as tla_value of the bound get, for every path of tuples and layouts. */
#define SAME_VALUE(t, ...) \
    do { \
        tla_auto g_ = tla_get(t, __VA_ARGS__); \
        CHECK_EQ(tla_value(tla_get(t, __VA_ARGS__)), tla_value(g_)); \
        CHECK( \
            __builtin_types_compatible_p(__typeof__(tla_value(tla_get(t, __VA_ARGS__))), __typeof__(tla_value(g_)))); \
    } while (0)
static void value_of_get(void) {
    unsigned u = 9;
    int64_t w = -5;
    tla_auto t = tla_make_tuple(S(2), tla_make_tuple(u, tla_make_tuple(S(4), w)), S(-7), 3);
    SAME_VALUE(t, 0);
    SAME_VALUE(t, 1, 0);
    SAME_VALUE(t, 1, 1, 0);
    SAME_VALUE(t, 1, 1, 1);
    SAME_VALUE(t, 2);
    SAME_VALUE(t, 3);
    SAME_VALUE(t, 1); /* a sub-tuple: its first leaf */
    SAME_VALUE(t, 1, 1);
    _Static_assert(tla_value(tla_get(t, 1, 1, 0)) == 4 && tla_value(tla_get(t, 2)) == -7,
                   "static leaves are constants");
    _Static_assert(tla_value(tla_get(tla_get(t, 1), 1, 0)) == 4, "nested gets join first");
    CHECK_EQ(tla_value(tla_get(t, 1, 1, 1)), -5);
    CHECK_EQ(tla_value(tla_get(t, 1, 0)), 9);
    tla_auto Z = tla_zN(tla_half, 100, TLA_C(48)); /* ((16,7),(16,3)):((16,256),(1,1792)) */
    SAME_VALUE(Z, 0, 1);
    SAME_VALUE(Z, 1, 1);
    SAME_VALUE(tla_stride(Z), 1, 1);
    SAME_VALUE(tla_shape(Z), 0, 1);
    _Static_assert(tla_value(tla_get(tla_stride(Z), 1, 0)) == 1 && tla_value(tla_get(Z, 1, 0)) == 16, "");
    CHECK_EQ(tla_value(tla_get(tla_stride(Z), 1, 1)), 16 * 112);
    CHECK_EQ(tla_value((tla_get(Z, 0, 1))), 7); /* through parentheses: the get itself */
    /* gets that come from macros join too; gets and values inside a tuple's elements */
#define COL(x) tla_get(x, 1)
    _Static_assert(tla_value(tla_get(COL(Z), 0)) == 16, "a macro that expands to a get");
    CHECK_EQ(tla_value(COL(COL(t))), 4); /* (4, w): a sub-tuple gives its first leaf */
#undef COL
    CHECK_EQ(tla_value(tla_get(tla_make_tuple(tla_get(t, 0), 3), 1)), 3);
    tla_auto e = tla_make_tuple(tla_value(tla_get(t, 1, 0)), S(4));
    CHECK_EQ(tla_value(tla_get(e, 0)), 9);
    calls = 0;
    CHECK_EQ(tla_value(tla_get(tla_make_tuple(counted(3), S(4)), 0)), 3);
    CHECK_EQ(calls, 1);
    CHECK_EQ(tla_value(tla_get(tla_make_tuple(counted(3), S(4)), 1)), 4); /* static: not evaluated */
    CHECK_EQ(calls, 1);
}

/* Offsets past 2^31 from static coordinates: the static leaves are int, so the sum is taken in
 * long long (it wrapped to -1 before); every form agrees with the plain arithmetic. */
static void large_static_offsets(void) {
    tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(65536), TLA_C(65536)), tla_make_tuple(TLA_C(65536), TLA_C(1)));
    long long want = 65535LL * 65536 + 65535;
    unsigned u = 65535;
    int64_t w = 65535;
    CHECK_EQ((long long)tla_crd2offset(tla_make_tuple(TLA_C(65535), TLA_C(65535)), L), want);
    CHECK_EQ((long long)tla_crd2offset(TLA_C(1073741822), L), 1073741822LL % 65536 * 65536 + 1073741822LL / 65536);
    CHECK_EQ((long long)tla_crd2offset_auto(tla_make_tuple(TLA_C(65535), TLA_C(65535)), L), want);
    _Static_assert(tla_crd2offset_const(tla_make_tuple(TLA_C(65535), TLA_C(65535)), L) == 65535LL * 65536 + 65535,
                   "const");
    CHECK_EQ((long long)tla_crd2offset(tla_make_tuple(w, w), L), want); /* int64_t: its own type */
    CHECK_EQ((long long)tla_crd2offset(tla_make_tuple(u, u), L), (long long)(unsigned)want); /* unsigned: as by hand */
    tla_auto M = tla_make_layout(tla_make_tuple(TLA_C(65536), TLA_C(65536)), tla_make_tuple((int64_t)65536, TLA_C(1)));
    CHECK_EQ((long long)tla_crd2offset(tla_make_tuple(TLA_C(65535), TLA_C(65535)), M), want);
    CHECK_EQ((long long)tla_crd2offset_auto(tla_make_tuple(TLA_C(65535), TLA_C(65535)), M), want);
    /* the ends of the static range keep their values (TLA_C takes N modulo 2^30 - 1) */
    _Static_assert(tla_value(TLA_C(TLA_STATIC_MAX)) == TLA_STATIC_MAX, "max");
    _Static_assert(tla_value(TLA_C(-TLA_STATIC_MAX)) == -TLA_STATIC_MAX, "-max");
    _Static_assert(tla_value(TLA_C(TLA_STATIC_MAX - 1)) == TLA_STATIC_MAX - 1, "max - 1");
    _Static_assert(tla_value(TLA_C(0)) == 0 && tla_value(TLA_C(-1)) == -1, "0, -1");
}

/* tla_value of a run-time tla_tuple or tla_layout: its first leaf, as of a static one (it read 0) */
static void value_of_runtime_tuple(void) {
    tla_tuple a, b;
    tla_error e;
    CHECK(tla_tuple_parse(&a, "7", &e) == 0);
    CHECK(tla_tuple_parse(&b, "(3,(4,5))", &e) == 0);
    CHECK_EQ((long long)tla_value(a), 7);
    CHECK_EQ((long long)tla_value(b), 3);
    CHECK_EQ((long long)tla_value(tla_make_tuple(TLA_C(3), tla_make_tuple(4, 5))), 3);
    /* of a layout: its shape's first leaf, static or run-time (a run-time one read 0) */
    tla_layout R = {0};
    CHECK(tla_layout_parse(&R, "((16,7),(16,3)):((16,256),(1,1792))", &e) == 0);
    CHECK_EQ((long long)tla_value(R), 16);
    CHECK_EQ((long long)tla_value(tla_zN(tla_half, 100, TLA_C(48))), 16);
}

int main(void) {
    queries_evaluate_once();
    seed_layouts();
    zn_seed_static();
    mixed_and_unsigned();
    tuples();
    value_of_get();
    large_static_offsets();
    value_of_runtime_tuple();
    CHECK_DONE();
}
