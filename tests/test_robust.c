/* tests/test_robust.c - the run-time library under bad and extreme input (issue 13, part 1):
 * results past the run-time capacity, int64 overflow in any order of the leaves, size-0
 * modes, composition's postcondition and its checked form, overlapping copies, a 64 KB
 * stack, and the run-time counterparts of the static overflow checks.  Each reproducer of
 * the issue is a case here (the tool's are in tests/cli.sh).  make test also runs this under
 * -fsanitize=address,undefined, which is what catches a write past an array or a wrapped
 * multiplication. */
#define _POSIX_C_SOURCE 200809L /* pthread_attr_setstack */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h> /* sysconf(_SC_THREAD_STACK_MIN) */
#include "tla.h"
#include "check.h"
#define TLA_NO_MAIN
#include "examples/tla.c" /* the tool's evaluator, to run its number parsing under the sanitizers */

static tla_layout P(const char *s) {
    tla_layout L;
    tla_error e;
    if (tla_layout_parse(&L, s, &e) != 0) {
        printf("  bad layout in the test: %s (%s)\n", s, e.msg);
        memset(&L, 0, sizeof L);
    }
    return L;
}

static const char *show(const tla_layout *L) {
    static char buf[512];
    tla_layout_snprint(buf, sizeof buf, L);
    return buf;
}

/* An error, with `what` in the message, and the output left alone. */
#define CHECK_FAILS(call, R, what) \
    do { \
        tla_layout keep_ = P("(7,7):(1,7)"); \
        R = keep_; \
        e.msg[0] = '\0'; \
        CHECK((call) != 0 && strstr(e.msg, what) != NULL); \
        if (!strstr(e.msg, what)) printf("  message: '%s', expected '%s'\n", e.msg, what); \
        CHECK(tla_layout_equal(&R, &keep_)); \
    } while (0)

/* ---- 1. results past the capacity of rt/types.h (rank 8, 32 leaves, depth 4) are errors ---- */
static void capacity(void) {
    tla_layout A, B, R;
    tla_error e;
    tla_tiler T;
    /* the reproducer: composition(1:1, flatten(((1,1,1,1,1,1,1,1),1))) wrote past bm[8] */
    A = P("((1,1,1,1,1,1,1,1),1):((0,0,0,0,0,0,0,0),0)");
    CHECK_FAILS(tla_flatten(&R, &A, &e), R, "more than 8");
    /* nine leaves that do not merge: coalesce, filter, composition by one leaf, complement */
    A = P("((2,2,2,2),(2,2,2,2),2):((1,3,9,27),(81,243,729,2187),6561)");
    CHECK_FAILS(tla_coalesce(&R, &A, &e), R, "more than 8");
    CHECK_FAILS(tla_filter(&R, &A, &e), R, "more than 8");
    B = P("512:1");
    CHECK_FAILS(tla_composition(&R, &A, &B, &e), R, "more than 8");
    B = P("((2,2,2,2),(2,2,2,2),2):((2,8,32,128),(512,2048,8192,32768),131072)");
    CHECK_FAILS(tla_complement(&R, &B, 0, &e), R, "more than 8");
    CHECK_FAILS(tla_left_inverse(&R, &B, &e), R, "more than 8");
    B = P("((2,2,2,2),(2,2,2,2),2):((16,1,32,2),(64,4,128,8),256)"); /* 512:1, leaves shuffled */
    CHECK_FAILS(tla_right_inverse(&R, &B, &e), R, "more than 8");
    /* a leaf at depth 4 that splits in two would nest 5 deep */
    A = P("(2,2):(1,10)");
    B = P("((((4,1)))):((((1,4))))");
    CHECK_FAILS(tla_composition(&R, &A, &B, &e), R, "deeper than 4");
    /* products and divides whose results would pass rank 8 */
    A = P("(2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128)");
    B = P("2:1");
    CHECK_FAILS(tla_append(&R, &A, &B, &e), R, "more than 8");
    CHECK_FAILS(tla_prepend(&R, &A, &B, &e), R, "more than 8");
    T.n = 1;
    T.mode[0] = P("2:1");
    CHECK(tla_zipped_divide_tiler(&R, &A, &T, &e) == 0); /* (tile, rest): rest has 8 modes */
    CHECK_FAILS(tla_tiled_divide_tiler(&R, &A, &T, &e), R, "more than 8"); /* tile + 8 rests */
    T.mode[0] = P("1:1");
    CHECK_FAILS(tla_flat_divide_tiler(&R, &A, &T, &e), R, "more than 8"); /* 1 + 8 modes */
    A = P("((2,2),(2,2),(2,2),(2,2)):((1,2),(4,8),(16,32),(64,128))");
    B = P("(2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128)");
    CHECK(tla_blocked_product(&R, &B, &B, &e) == 0);
    /* 32 leaves in, more out */
    A = P("((2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2)):((0,0,0,0,0,0,0,0),(0,0,0,0,0,0,"
          "0,0),(0,0,0,0,0,0,0,0),(0,0,0,0,0,0,0,0))");
    B = P("(3,3):(1,3)");
    CHECK(tla_composition(&R, &B, &A, &e) == 0 && R.shape.nleaf == 32); /* stride 0: one leaf each */
    CHECK_FAILS(tla_logical_product(&R, &A, &B, &e), R, "");
}

/* ---- 2. overflow near the int64 limit, whatever the order of the leaves ---- */
static void overflow(void) {
    tla_layout A, B, R;
    tla_error e;
    tla_tuple t;
    int64_t n = 0;
    /* the reproducer: complement(2:4000000000000000000) printed a negative or empty layout */
    A = P("2:4000000000000000000");
    CHECK(tla_complement(&R, &A, 0, &e) == 0);
    CHECK_STR(show(&R), "4000000000000000000:_1");
    A = P("(2,3):(3000000000000000000,1)"); /* a hole near the limit, in both orders of the leaves */
    CHECK(tla_complement(&R, &A, 0, &e) == 0);
    CHECK_STR(show(&R), "1000000000000000000:3");
    A = P("(3,2):(1,3000000000000000000)");
    CHECK(tla_complement(&R, &A, 0, &e) == 0);
    CHECK_STR(show(&R), "1000000000000000000:3");
    A = P("(2,2):(1,4611686018427387904)");
    CHECK_FAILS(tla_complement(&R, &A, 0, &e), R, "overflow");
    A = P("(2,2):(4611686018427387904,1)");
    CHECK_FAILS(tla_complement(&R, &A, 0, &e), R, "overflow");
    /* composition's ceil division of the remaining stride cannot overflow */
    A = P("(3,3074457345618258602):(1,3)");
    B = P("2:9223372036854775806"); /* ceil(9223372036854775806 / 3) as (d + 3 - 1) / 3 overflowed */
    CHECK(tla_composition(&R, &A, &B, &e) == 0 && !strcmp(show(&R), "2:9223372036854775806"));
    A = P("(2,2):(1,4611686018427387904)");
    B = P("2:4");
    CHECK_FAILS(tla_composition(&R, &A, &B, &e), R, "overflows int64");
    /* products multiply size and cosize; inverses multiply shapes */
    A = P("9223372036854775807:1");
    B = P("2:1");
    CHECK_FAILS(tla_logical_product(&R, &A, &B, &e), R, "overflows int64");
    CHECK_FAILS(tla_blocked_product(&R, &A, &B, &e), R, "overflows int64");
    CHECK_FAILS(tla_raked_product(&R, &A, &B, &e), R, "overflows int64");
    /* (2, ceil(size / 2)) would have 2^63 elements: no layout holds that */
    CHECK_FAILS(tla_logical_divide(&R, &A, &B, &e), R, "size of the result overflows int64");
    /* make_layout_tile: t = ceil(t / r0) * r0 overflowed (UB) */
    tla_layout_format(&A, TLA_ZN, 2, 32, 48, &e);
    tla_tuple_parse(&t, "(9223372036854775807,16)", &e);
    CHECK_FAILS(tla_layout_make_tile(&R, &A, &t, &e), R, "overflows int64");
    /* cosize and crd2offset at the limit, both orders */
    A = P("(2,2):(4611686018427387904,4611686018427387903)");
    CHECK(tla_layout_cosize(&n, &A, &e) != 0);
    A = P("(2,2):(4611686018427387903,4611686018427387903)");
    CHECK(tla_layout_cosize(&n, &A, &e) == 0 && n == INT64_MAX);
    /* rt/error.h's ceil_div / round_up no longer overflow in a + b - 1 */
    CHECK_EQ(tla_ceil_div(INT64_MAX, 2), INT64_MAX / 2 + 1);
    CHECK_EQ(tla_ceil_div(INT64_MAX - 1, INT64_MAX), 1);
    CHECK_EQ(tla_round_up(7, 4), 8);
    /* the one floor / ceiling division (the indexing maps' and the encodings' too): every sign,
     * INT64_MIN by -1 wraps, by 0 is 0 */
    CHECK_EQ(tla_floor_div(7, 2), 3);
    CHECK_EQ(tla_floor_div(-7, 2), -4);
    CHECK_EQ(tla_floor_div(7, -2), -4);
    CHECK_EQ(tla_floor_div(-7, -2), 3);
    CHECK_EQ(tla_ceil_div(-7, 2), -3);
    CHECK_EQ(tla_ceil_div(7, -2), -3);
    CHECK_EQ(tla_ceil_div(-7, -2), 4);
    CHECK_EQ(tla_floor_div(INT64_MIN, -1), INT64_MIN);
    CHECK_EQ(tla_ceil_div(5, 0), 0);
    CHECK_EQ(tla_floor_div(-7, 2), -4);
}

/* ---- size-0 modes: what each operation gives (documented at the top of algebra/algebra.h) ---- */
static void size_zero(void) {
    tla_layout A, B, R;
    tla_error e;
    A = P("(2,0,3):(1,2,4)");
    CHECK(tla_coalesce(&R, &A, &e) == 0 && !strcmp(show(&R), "(0,3):(1,4)"));
    CHECK(tla_filter(&R, &A, &e) == 0 && !strcmp(show(&R), "(0,3):(1,4)"));
    CHECK(tla_flatten(&R, &A, &e) == 0 && !strcmp(show(&R), "(2,0,3):(1,2,4)"));
    B = P("4:1");
    CHECK_FAILS(tla_composition(&R, &A, &B, &e), R, "mode of size 0");
    B = P("(0,2):(1,0)");
    CHECK(tla_composition(&R, &A, &B, &e) == 0 && !strcmp(show(&R), "(0,2):(_0,_0)"));
    CHECK_FAILS(tla_complement(&R, &A, 0, &e), R, "size 0");
    CHECK_FAILS(tla_left_inverse(&R, &A, &e), R, "size 0");
    A = P("(2,0):(1,2)");
    CHECK(tla_right_inverse(&R, &A, &e) == 0 && !strcmp(show(&R), "0:_1"));
    A = P("(4,0):(1,4)");
    B = P("2:1");
    CHECK(tla_logical_divide(&R, &A, &B, &e) == 0 && !strcmp(show(&R), "(2,0):(1,_0)")); /* empty rest */
    CHECK_FAILS(tla_logical_divide(&R, &B, &A, &e), R, "size 0");
    CHECK_FAILS(tla_logical_product(&R, &A, &B, &e), R, "size 0");
    CHECK(tla_logical_product(&R, &B, &A, &e) == 0 && !strcmp(show(&R), "(2,(4,0)):(1,(2,_0))"));
}

/* ---- 6. composition: when R(c) == A(B(c)) holds, and the checked variant ---- */
static int64_t at(const tla_layout *L, int64_t i) {
    tla_tuple c = tla_tuple_leaf(i, 0);
    int64_t o = INT64_MIN;
    tla_layout_crd2offset(&o, L, &c, NULL);
    return o;
}
static unsigned long long rng = 0x2545F4914F6CDD1DULL;
static int rnd(int n) {
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((rng >> 33) % (unsigned long long)n);
}
static tla_layout random_small(int nmax) {
    int n = 1 + rnd(nmax), i, k = 0;
    char text[256];
    k += snprintf(text, sizeof text, "(");
    for (i = 0; i < n; i++) k += snprintf(text + k, sizeof text - (size_t)k, "%s%d", i ? "," : "", 1 + rnd(6));
    k += snprintf(text + k, sizeof text - (size_t)k, "):(");
    for (i = 0; i < n; i++)
        k += snprintf(text + k, sizeof text - (size_t)k, "%s%d", i ? "," : "", rnd(3) ? rnd(20) : 1 << rnd(5));
    snprintf(text + k, sizeof text - (size_t)k, ")");
    return P(text);
}
static void composition(void) {
    tla_layout A, B, R, C;
    tla_error e;
    int round, agree = 0, checked = 0, tried = 0;
    /* the reproducer: CuTe's by-mode answer, which is not a function composition here */
    A = P("(6,2):(1,10)");
    B = P("(2,3):(3,2)");
    CHECK(tla_composition(&R, &A, &B, &e) == 0 && !strcmp(show(&R), "(2,3):(3,2)"));
    CHECK(at(&R, 5) == 7 && at(&A, at(&B, 5)) == 11); /* R(1,2) = 7, A(B(1,2)) = A(7) = 11 */
    CHECK_FAILS(tla_composition_checked(&R, &A, &B, &e), R, "not a function composition");
    A = P("(3,2):(1,6)");
    B = P("4:1");
    CHECK_FAILS(tla_composition_checked(&R, &A, &B, &e), R, "shape divisibility");
    A = P("((4,2),(4,3)):((4,16),(1,32))");
    B = P("(8,3):(1,8)");
    CHECK(tla_composition_checked(&R, &A, &B, &e) == 0 && !strcmp(show(&R), "(8,3):(4,1)"));
    /* exactly: checked succeeds iff R(c) == coalesce(A)(B(c)) for every c (brute force) */
    for (round = 0; round < 20000; round++) {
        int64_t n = 0, nr = 0, i;
        int holds, ok;
        A = random_small(4);
        B = random_small(3);
        if (tla_composition(&R, &A, &B, &e) != 0) continue;
        tried++;
        ok = tla_composition_checked(&R, &A, &B, &e) == 0;
        tla_coalesce(&C, &A, &e);
        tla_layout_size(&n, &B, &e);
        tla_layout_size(&nr, &R, &e);
        holds = n == nr;
        for (i = 0; holds && i < n; i++) holds = at(&R, i) == at(&C, at(&B, i));
        agree += ok == holds;
        checked += ok;
        if (ok != holds && agree + 5 > tried) printf("  checked %d, holds %d: %s o ...\n", ok, holds, show(&A));
    }
    printf("  composition: %d random cases, %d checked ones, %d agree with brute force\n", tried, checked, agree);
    CHECK(tried > 5000 && checked > 1000 && checked < tried);
    CHECK_EQ(agree, tried);
}

/* ---- 8. copies between overlapping tensors ---- */
static void overlap(void) {
    static int16_t buf[64 * 64];
    tla_layout L, H;
    tla_tensor A, B, T0, T1;
    tla_tuple tile, c0, c1;
    tla_error e;
    int64_t lo[2] = {0, 0}, ext[2] = {1, 1}, mn = 0, mx = 0, i, j;
    int round, bad = 0;
    tla_layout_format(&L, TLA_ZN, 2, 64, 64, &e);
    A = tla_tensor_make(buf, 2, &L, TLA_POS_GM);
    B = tla_tensor_make(buf + 8, 2, &L, TLA_POS_GM); /* the same matrix, 8 elements on */
    CHECK(tla_copy(&B, &A, &e) != 0 && strstr(e.msg, "overlap"));
    CHECK(tla_copy(&A, &A, &e) == 0); /* the same view: a copy onto itself moves nothing */
    { /* a plan run at overlapping pointers gets tla_copy's verdict, whatever it was made on */
        static tla_copy_plan Pl;
        static int16_t other[64 * 64];
        tla_tensor O = tla_tensor_make(other, 2, &L, TLA_POS_GM);
        CHECK(tla_copy_prepare(&Pl, &O, &A, &e) == 0);
        CHECK(tla_copy_run(&Pl, other, buf, &e) == 0);
        CHECK(tla_copy_run(&Pl, buf + 8, buf, &e) != 0 && strstr(e.msg, "overlap"));
        CHECK(tla_copy_run(&Pl, buf, buf, &e) == 0); /* onto itself: nothing moves */
    }
    /* two tiles of one matrix: disjoint, one pointer, one injective layout */
    tla_tuple_parse(&tile, "(16,16)", &e);
    tla_tuple_parse(&c0, "(0,0)", &e);
    tla_tuple_parse(&c1, "(16,48)", &e);
    tla_tensor_tile(&T0, &A, &tile, &c0, &e);
    tla_tensor_tile(&T1, &A, &tile, &c1, &e);
    buf[0] = 42;
    CHECK(tla_copy(&T1, &T0, &e) == 0 && *(int16_t *)tla_tensor_at2(&A, 16, 48) == 42);
    tla_tuple_parse(&c1, "(8,8)", &e); /* overlapping tiles */
    tla_tensor_tile(&T1, &A, &tile, &c1, &e);
    CHECK(tla_copy(&T1, &T0, &e) != 0 && strstr(e.msg, "overlap"));
    /* interleaved views with different layouts: even and odd columns of a row-major 8x8 */
    H = P("(8,4):(8,2)");
    A = tla_tensor_make(buf, 2, &H, TLA_POS_GM);
    B = tla_tensor_make(buf + 1, 2, &H, TLA_POS_GM);
    CHECK(tla_copy(&B, &A, &e) != 0 && strstr(e.msg, "overlap")); /* refused: spans meet */
    /* tla_layout_offset_range is exact: random layouts and boxes against enumeration */
    for (round = 0; round < 3000; round++) {
        tla_layout R = random_small(4), M;
        int64_t sz0 = 0, sz1 = 1, want_lo = INT64_MAX, want_hi = INT64_MIN;
        int r = tla_layout_rank(&R);
        if (r > 2) continue;
        for (i = 0; i < r; i++) {
            tla__mode(&R, (int)i, &M);
            tla_layout_size(i ? &sz1 : &sz0, &M, &e);
        }
        if (sz0 == 0 || sz1 == 0) continue;
        lo[0] = rnd((int)sz0), ext[0] = 1 + rnd((int)(sz0 - lo[0]));
        lo[1] = rnd((int)sz1), ext[1] = 1 + rnd((int)(sz1 - lo[1]));
        for (i = lo[0]; i < lo[0] + ext[0]; i++)
            for (j = lo[1]; j < lo[1] + (r == 2 ? ext[1] : 1); j++) {
                tla_tuple c;
                int64_t v[2] = {i, j}, o = 0;
                if (r == 2)
                    tla__flat_tuple(&c, 2, v, 0);
                else
                    c = tla_tuple_leaf(i, 0);
                tla_layout_crd2offset(&o, &R, &c, &e);
                if (o < want_lo) want_lo = o;
                if (o > want_hi) want_hi = o;
            }
        bad += tla_layout_offset_range(&mn, &mx, &R, lo, ext, &e) != 0 || mn != want_lo || mx != want_hi;
    }
    CHECK_EQ(bad, 0);
    /* tla_copy's one-pass summary (tla__layout_modes: rank, mode sizes, offset bounds; its
     * overlap test trusts the bounds) against the general functions and enumeration, on random
     * nested layouts with negative strides */
    for (round = 0, bad = 0; round < 3000; round++) {
        char text[256];
        int k = 0, nm = 1 + rnd(3), m, rank = 0, q, first[TLA_MAX_RANK + 1];
        int64_t size[TLA_MAX_RANK], blo = 0, bhi = 0, want_lo = INT64_MAX, want_hi = INT64_MIN, n = 0;
        tla_layout R, M;
        int nl[3];
        for (m = 0; m < nm; m++) nl[m] = 1 + rnd(2);
        for (q = 0; q < 2; q++) { /* the shape, then the stride, of the same nesting */
            k += snprintf(text + k, sizeof text - (size_t)k, "%s(", q ? ":" : "");
            for (m = 0; m < nm; m++) {
                k += snprintf(text + k, sizeof text - (size_t)k, "%s%s", m ? "," : "", nl[m] > 1 ? "(" : "");
                for (i = 0; i < nl[m]; i++)
                    k +=
                        snprintf(text + k, sizeof text - (size_t)k, "%s%d", i ? "," : "", q ? rnd(15) - 7 : 1 + rnd(3));
                k += snprintf(text + k, sizeof text - (size_t)k, "%s", nl[m] > 1 ? ")" : "");
            }
            k += snprintf(text + k, sizeof text - (size_t)k, ")");
        }
        R = P(text);
        bad += tla__layout_modes(&R, &rank, size, &blo, &bhi, first) != 0 || rank != tla_layout_rank(&R);
        for (m = 0; m < rank && m < nm; m++) {
            int64_t sz = 0;
            int leaf = -1, nleaf = -1;
            tla__mode(&R, m, &M);
            bad += tla_layout_size(&sz, &M, &e) != 0 || sz != size[m];
            /* where the mode's leaves start, as the copy lowers them */
            bad += tla__elem_leaves(&R.shape, m, &leaf, &nleaf, NULL) != 0 || leaf != first[m]
                   || first[m + 1] - first[m] != nleaf;
        }
        tla_layout_size(&n, &R, &e);
        for (i = 0; i < n; i++) {
            tla_tuple c = tla_tuple_leaf(i, 0);
            int64_t o = 0;
            tla_layout_crd2offset(&o, &R, &c, &e);
            want_lo = o < want_lo ? o : want_lo, want_hi = o > want_hi ? o : want_hi;
        }
        bad += blo != want_lo || bhi != want_hi;
    }
    CHECK_EQ(bad, 0);
    /* one layout on both sides with a gap after each row: the gap is not data, so this is no
     * single memcpy (tla__same_dense) */
    {
        static int16_t gs[32], gd[32];
        tla_layout G = P("(4,6):(8,1)");
        for (i = 0; i < 32; i++) gs[i] = (int16_t)i, gd[i] = -1;
        A = tla_tensor_make(gs, 2, &G, TLA_POS_GM);
        B = tla_tensor_make(gd, 2, &G, TLA_POS_GM);
        CHECK(tla_copy(&B, &A, &e) == 0 && gd[5] == 5 && gd[6] == -1 && gd[8] == 8 && gd[29] == 29 && gd[31] == -1);
    }
    /* element size 0: a clear message */
    A = tla_tensor_make(buf, 0, &L, TLA_POS_GM);
    B = tla_tensor_make(buf, 0, &L, TLA_POS_GM);
    CHECK(tla_copy(&B, &A, &e) != 0 && strstr(e.msg, "at least 1 byte"));
}

/* ---- 9. every operation on a 64 KB stack (measured on a painted stack, then run on one) ---- */
typedef void (*op_fn)(void);
static volatile int sink;
static void op_blocked(void) {
    tla_layout A = P("((2,2),(2,2)):((1,2),(4,8))"), B = P("((2,2),(2,2),(2,2)):((1,2),(4,8),(16,32))"), R;
    sink += tla_blocked_product(&R, &A, &B, NULL) + tla_raked_product(&R, &B, &A, NULL);
}
static void op_compose(void) {
    tla_layout A = P("((4,2),(4,3)):((4,16),(1,32))"), B = P("(((2,2),2),((2,2),3)):(((1,2),4),((8,16),32))"), R;
    sink += tla_composition(&R, &A, &B, NULL) + tla_composition_checked(&R, &A, &B, NULL);
}
static void op_divides(void) {
    static tla_tiler T;
    tla_layout A = P("((16,4),(16,3)):((16,256),(1,1024))"), R;
    T.n = 2;
    T.mode[0] = P("(4,4):(1,16)");
    T.mode[1] = P("(8,2):(1,8)");
    sink += tla_flat_divide_tiler(&R, &A, &T, NULL) + tla_tiled_product_tiler(&R, &A, &T, NULL)
            + tla_zipped_divide_tiler(&R, &A, &T, NULL) + tla_logical_divide(&R, &A, &T.mode[0], NULL);
}
static void op_inverses(void) {
    tla_layout A = P("((16,4),(16,3)):((16,256),(1,1024))"), R;
    tla_tuple c;
    int64_t off = 0;
    sink += tla_left_inverse(&R, &A, NULL) + tla_right_inverse(&R, &A, NULL) + tla_complement(&R, &A, 0, NULL);
    tla_tuple_parse(&c, "((3,1),(0,2))", NULL);
    sink += tla_layout_crd2offset(&off, &A, &c, NULL);
    c.val[0] = TLA_UNDERSCORE;
    sink += tla_slice(&R, &off, &A, &c, NULL);
}
/* a 100 x 70 row-major matrix A, its copy into zN, and a 32 x 32 tile T of the copy at (40, 24);
 * A becomes the same tile of itself */
static void copy_views(tla_tensor *A, tla_tensor *T) {
    static int16_t a[100 * 70], b[112 * 80];
    tla_layout La, Lb;
    tla_tensor B;
    tla_tuple tile, crd;
    tla_layout_format(&La, TLA_ROW_MAJOR, 2, 100, 70, NULL);
    tla_layout_format(&Lb, TLA_ZN, 2, 100, 70, NULL);
    *A = tla_tensor_make(a, 2, &La, TLA_POS_GM);
    B = tla_tensor_make(b, 2, &Lb, TLA_POS_L1);
    sink += tla_copy(&B, A, NULL);
    tla_tuple_parse(&tile, "(32,32)", NULL);
    tla_tuple_parse(&crd, "(40,24)", NULL);
    sink += tla_tensor_tile(T, &B, &tile, &crd, NULL);
    sink += tla_tensor_tile(A, A, &tile, &crd, NULL);
}
static void op_copy(void) {
    tla_tensor A, T;
    copy_views(&A, &T);
    sink += tla_copy(&A, &T, NULL);
}
/* the same tile copy planned once (tla_copy_prepare records its pieces and edges) and run */
static void op_copy_plan(void) {
    static tla_copy_plan P;
    tla_tensor A, T;
    copy_views(&A, &T);
    sink += tla_copy_prepare(&P, &A, &T, NULL);
    sink += tla_copy_run(&P, A.data, T.data, NULL);
}
/* a ragged copy of 1 MB and more between two nN tensors: tla_copy records its boxes to run the
 * edges with their box (tla__prog_fuse), a program on its stack */
static void op_copy_big(void) {
    static unsigned char a[1024 * 1056], b[1024 * 1056];
    tla_layout L;
    tla_tensor A, B;
    tla_layout_format(&L, TLA_NN, 1, 1000, 1050, NULL);
    A = tla_tensor_make(a, 1, &L, TLA_POS_GM), B = tla_tensor_make(b, 1, &L, TLA_POS_L1);
    sink += tla_copy(&B, &A, NULL);
}
static void op_formats(void) {
    tla_layout L, R;
    tla_tuple t, c;
    int64_t off = 0;
    char buf[2048];
    tla_layout_format(&L, TLA_NZ, 1, 100, 100, NULL);
    tla_tuple_parse(&t, "(32,32)", NULL);
    tla_tuple_parse(&c, "(64,32)", NULL);
    sink += tla_layout_get_tile(&R, &off, &L, &t, &c, NULL) + tla_layout_snprint_grid(buf, sizeof buf, &R);
}

/* 64 KB; the sanitizers' redzones make frames a few times larger, so those builds run on 256 KB */
#if defined(__SANITIZE_ADDRESS__)
#define STACK_LIMIT (256 * 1024)
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STACK_LIMIT (256 * 1024)
#endif
#endif
#ifndef STACK_LIMIT
#define STACK_LIMIT (64 * 1024)
#endif
static unsigned char *painted;
static void *run_op(void *p) {
    (*(op_fn *)p)();
    return NULL;
}
/* Bytes of stack op used (on a painted 1 MB stack), or -1 if no thread could be made. */
static long stack_used(op_fn op, size_t size, int paint) {
    pthread_attr_t a;
    pthread_t t;
    size_t i;
    if (paint) memset(painted, 0xA5, size);
    if (pthread_attr_init(&a) != 0 || pthread_attr_setstack(&a, painted, size) != 0
        || pthread_create(&t, &a, run_op, &op) != 0)
        return -1;
    pthread_join(t, NULL);
    pthread_attr_destroy(&a);
    for (i = 0; i < size && painted[i] == 0xA5; i++) {
    }
    return (long)(size - i);
}
static void stack(void) {
    static const struct {
        const char *name;
        op_fn fn;
    } ops[] = {{"blocked/raked_product", op_blocked},
               {"composition", op_compose},
               {"divides, products", op_divides},
               {"inverses, slice", op_inverses},
               {"copy", op_copy},
               {"copy plan, run", op_copy_plan},
               {"copy, 1 MB ragged", op_copy_big},
               {"formats, tiles", op_formats}};
    size_t k, real = STACK_LIMIT;
    /* a thread's stack cannot be smaller than the platform's minimum (aarch64 Linux: 128 KB), so
     * the run on a real stack takes the larger of the two; the measured use is held to
     * STACK_LIMIT everywhere */
    long min = sysconf(_SC_THREAD_STACK_MIN);
    if (min > 0 && (size_t)min > real) real = ((size_t)min + 4095) / 4096 * 4096;
    if (real != STACK_LIMIT)
        printf("  stack: this platform's smallest thread stack is %zu KB: the runs use that\n", real / 1024);
    painted = aligned_alloc(4096, 1 << 20);
    if (!painted) return;
    for (k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        long used = stack_used(ops[k].fn, 1 << 20, 1);
        printf("  stack: %-22s %6ld bytes\n", ops[k].name, used);
        CHECK(used > 0 && used < STACK_LIMIT - 4096); /* with room for the thread (TLS, start-up) */
        CHECK(stack_used(ops[k].fn, real, 0) >= 0); /* and on a real stack of that size */
    }
    free(painted);
}

/* ---- 10. the run-time counterparts of the static overflow checks ---- */
static void static_paths(void) {
    tla_tuple t;
    tla_layout L;
    tla_error e;
    int64_t n = 0;
    tla_tuple c;
    /* size of four _65536 modes is a compile error statically; the run-time forms say so too */
    t = tla_to_tuple(tla_make_tuple(TLA_C(65536), TLA_C(65536), 65536, 65536));
    CHECK(tla_tuple_size(&n, &t, &e) != 0 && strstr(e.msg, "overflows int64"));
    CHECK(tla_layout_make_compact(&L, &t, &e) != 0 && strstr(e.msg, "overflows int64"));
    L = tla_to_layout(
        tla_make_layout(tla_make_tuple(3037000500LL, 3037000500LL), tla_make_tuple(TLA_C(1), 3037000500LL)));
    CHECK(tla_layout_size(&n, &L, &e) != 0);
    CHECK(tla_layout_cosize(&n, &L, &e) != 0);
    tla_tuple_parse(&c, "(3037000499,3037000499)", &e);
    CHECK(tla_layout_crd2offset(&n, &L, &c, &e) != 0 && strstr(e.msg, "overflows int64"));
    /* the mixed form's run-time size: -1, as for run-time values (it wrapped to 0) */
    {
        volatile int big = 65536;
        int v = big;
        CHECK_EQ(tla_size(tla_make_tuple(TLA_C(65536), TLA_C(65536), v, v)), -1);
        CHECK_EQ(tla_size(tla_make_tuple(TLA_C(65536), TLA_C(65536), v, 2)), 65536LL * 65536 * 65536 * 2);
        CHECK_EQ(tla_size(tla_make_tuple(tla_make_tuple(v, v), tla_make_tuple(v, v), v)), -1);
        CHECK_EQ(tla_size(tla_to_layout(tla_make_layout(tla_make_tuple(v, v, v, v), tla_make_tuple(1, 1, 1, 1)))), -1);
    }
    /* formats: the static macros reject static overflow; run time reports it */
    CHECK(tla_layout_format(&L, TLA_ZN, 2, INT64_MAX, 16, &e) != 0);
    CHECK(tla_layout_format(&L, TLA_NN, 1, 16, INT64_MAX, &e) != 0);
    CHECK(tla_layout_format(&L, TLA_ROW_MAJOR, 2, INT64_MAX, 2, &e) != 0);
}

/* ---- 5, 7. the tool's evaluator on extreme numbers and `_` (in-process: under UBSan here) ---- */
static void cli_inputs(void) {
    static const struct {
        const char *expr, *want; /* want: the result, or "!" and a piece of the error */
    } cases[] = {
        {"-9223372036854775808", "-9223372036854775808"},
        {"_-9223372036854775808", "_-9223372036854775808"},
        {"9223372036854775808", "!does not fit"},
        {"crd2offset(-9223372036854775808, (2,3):(1,2))", "-9223372036854775808"},
        {"idx2crd(-9223372036854775808, (2,3))", "(0,-4611686018427387904)"},
        {"group((1,2):(1,1), 0, -9999999999)", "!out of range"},
        {"group((1,2):(1,1), 4294967296, 1)", "!out of range"},
        {"get((1,2), 4294967296)", "!out of range"},
        {"select((1,2):(1,1), -4294967296)", "!out of range"},
        {"complement(2:4000000000000000000)", "4000000000000000000:_1"},
        {"make_layout_tile(zN(half, 32, 48), (9223372036854775807, 16))", "!overflows int64"},
        {"zN(half, 9223372036854775807, 9223372036854775807)", "!too large"},
        {"cosize((2,2):(-9223372036854775807,-9223372036854775807))", "1"},
        {"composition(1:1, flatten(((1,1,1,1,1,1,1,1),1)))", "!more than 8"},
        {"slice((_,9223372036854775807), (2,3):(1,4))", "!overflows int64"},
        {"crd2offset((1,1), (2,2):(9223372036854775807,9223372036854775807))", "!overflows int64"},
        {"logical_divide(9223372036854775807:1, 2:1)", "!size of the result overflows"},
        {"logical_divide(9223372036854775806:1, 2:1)", "(2,4611686018427387903):(1,2)"},
        {"_", "!only allowed in slice"},
        {"(_,_)", "!only allowed in slice"},
        {"size(_)", "!only allowed in slice"},
        {"(_,1):(1,1)", "!only allowed in slice"},
        {"[_,2:1]", "!tiler element"},
        {"slice((_,1), (2,3):(1,2))", "(2):(1) + 2"},
        {"composition((6,2):(1,10), (2,3):(3,2))", "(2,3):(3,2)"},
    };
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char out[512];
        tla_error e;
        int rc = cli_eval_to_string(cases[k].expr, out, sizeof out, &e), ok;
        if (cases[k].want[0] == '!')
            ok = rc < 0 && strstr(e.msg, cases[k].want + 1) && e.pos >= 0 && e.pos <= (int)strlen(cases[k].expr);
        else
            ok = rc >= 0 && !strcmp(out, cases[k].want);
        if (!ok) printf("  eval '%s': %s, expected %s\n", cases[k].expr, rc < 0 ? e.msg : out, cases[k].want);
        CHECK(ok);
    }
}

int main(void) {
    cli_inputs();
    capacity();
    overflow();
    size_zero();
    composition();
    overlap();
    stack();
    static_paths();
    CHECK_DONE();
}
