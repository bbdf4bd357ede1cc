/* tests/test_xla.c - XLA shapes: the seeds' examples, parse/print round trips, errors, and
 * the converter against a reference written directly from the seed's pad-reshape-transpose
 * definition (below, independent of tla/xla/shape.h) on many random shapes and tilings.
 * tests/run.sh: its sanitizer build at -O1 (at -O0 its random cases run 8 s under ASan; at -O1, 5 s). */
#include <stdlib.h>
#include "tla.h"
#include "check.h"
#include "xla_expressible.h"

static char buf[512];

static const char *layout_of(const char *shape) {
    tla_xla_shape x;
    tla_layout L;
    tla_error e;
    if (tla_xla_parse(&x, shape, &e) != 0 || tla_layout_from_xla(&L, NULL, &x, &e) != 0) {
        snprintf(buf, sizeof buf, "error: %s", e.msg);
        return buf;
    }
    tla_layout_snprint(buf, sizeof buf, &L);
    return buf;
}

/* ---- the reference: the seed's definition, step by step on (extent, coordinate) pairs ----
 * Physical order (major first); per tile: a tile longer than the working shape adds leading
 * extent-1 dimensions; the tile covers the most minor dimensions; `*` (stored -1) folds its
 * dimension into the next more minor one; -1 in the text (stored -2) is a tile extent equal to
 * the dimension's; then grids (ceil(d/t), e/t) first and in-tile (t, e mod t) after. */
typedef struct ref {
    int n;
    int64_t w[128], c[128];
} ref;

static int64_t ref_linear(const tla_xla_shape *x, const int64_t *e, int64_t *padded) {
    ref r;
    int i, t, k;
    r.n = x->rank;
    for (i = 0; i < x->rank; i++) {
        int d = x->minor_to_major[x->rank - 1 - i];
        r.w[i] = x->dims[d], r.c[i] = e[d];
    }
    for (t = 0; t < x->ntiles; t++) {
        ref o;
        int tr = x->tile_rank[t], first, ng = 0;
        int64_t gw[16], gc[16], tw[16], tc[16], mw = 1, mc = 0, merging = 0;
        while (r.n < tr) { /* leading extent-1 dimensions */
            for (k = r.n; k > 0; k--) r.w[k] = r.w[k - 1], r.c[k] = r.c[k - 1];
            r.w[0] = 1, r.c[0] = 0, r.n++;
        }
        first = r.n - tr;
        o.n = 0;
        for (i = 0; i < first; i++) o.w[o.n] = r.w[i], o.c[o.n++] = r.c[i];
        for (i = first; i < r.n; i++) {
            int64_t tv = x->tiles[t][i - first], W = r.w[i], C = r.c[i];
            if (merging) W = mw * r.w[i], C = mc * r.w[i] + r.c[i], merging = 0;
            if (tv == -1) {
                mw = W, mc = C, merging = 1;
                continue;
            }
            if (tv == -2) tv = W > 0 ? W : 1;
            gw[ng] = (W + tv - 1) / tv, gc[ng] = C / tv, tw[ng] = tv, tc[ng] = C % tv, ng++;
        }
        for (k = 0; k < ng; k++) o.w[o.n] = gw[k], o.c[o.n++] = gc[k];
        for (k = 0; k < ng; k++) o.w[o.n] = tw[k], o.c[o.n++] = tc[k];
        r = o;
    }
    int64_t lin = 0, tot = 1;
    for (i = 0; i < r.n; i++) lin = lin * r.w[i] + r.c[i], tot *= r.w[i];
    if (x->tail_padding > 1 && tot % x->tail_padding) tot = (tot / x->tail_padding + 1) * x->tail_padding;
    *padded = tot;
    return lin;
}

static unsigned long long seed = 12345;
static int rnd(int n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((seed >> 33) % (unsigned long long)n);
}

/* A random shape: ranks 1..5, dims 0..7, any permutation, up to 3 tiles of rank 1..(working
 * rank + 1) with 1..4, `*` and -1 anywhere a tile allows them; sometimes L(n). */
static void random_shape(tla_xla_shape *x) {
    int i, j, t, wr;
    memset(x, 0, sizeof *x);
    x->type = TLA_XLA_F32, x->rank = 1 + rnd(rnd(2) ? 3 : 5), x->has_layout = 1, x->dynamic_prefix = -1;
    for (i = 0; i < x->rank; i++) x->dims[i] = rnd(12) == 0 ? 0 : 1 + rnd(7), x->minor_to_major[i] = i;
    for (i = x->rank - 1; i > 0; i--) {
        j = rnd(i + 1);
        int tmp = x->minor_to_major[i];
        x->minor_to_major[i] = x->minor_to_major[j];
        x->minor_to_major[j] = tmp;
    }
    x->ntiles = rnd(4);
    wr = x->rank;
    for (t = 0; t < x->ntiles; t++) {
        int stars = 0, k = 1 + rnd(wr < 3 ? wr + 1 : 4);
        if (k > TLA_XLA_MAX_RANK) k = TLA_XLA_MAX_RANK;
        x->tile_rank[t] = k;
        for (i = 0; i < k; i++) {
            int u = rnd(12);
            x->tiles[t][i] = u < 2 && i + 1 < k ? TLA_XLA_COMBINED : u == 2 ? TLA_XLA_KEEP : 1 + rnd(4);
            stars += x->tiles[t][i] == TLA_XLA_COMBINED;
        }
        wr = (wr > k ? wr : k) + (k - stars) - stars; /* the prefix, the grids and the in-tile dims */
        if (wr + 8 > 40) x->ntiles = t + 1;
    }
    if (rnd(4) == 0) x->tail_padding = 1 + rnd(16);
}

static int same_shape(const tla_xla_shape *a, const tla_xla_shape *b) {
    char p1[256], p2[256];
    tla_xla_snprint(p1, sizeof p1, a);
    tla_xla_snprint(p2, sizeof p2, b);
    return strcmp(p1, p2) == 0;
}

/* The property test: linear_index, multi_index, padded size and (when it converts) the TLA
 * layout against the reference, on thousands of random shapes. */
static void against_reference(void) {
    int round, bad = 0, merged = 0, converted = 0, refused = 0, roundtrips = 0, walked = 0, judged = 0;
    for (round = 0; round < 6000; round++) {
        tla_xla_shape x, y;
        tla_layout L;
        tla_xla_info info;
        tla_error e;
        int i, ok;
        int64_t total = 1, padded = 0, n = -1;
        random_shape(&x);
        tla_xla_snprint(buf, sizeof buf, &x); /* the text form is what a user gives */
        if (tla_xla_parse(&y, buf, &e) != 0 || !same_shape(&x, &y)) {
            if (bad++ < 5) printf("  %s does not parse back: %s\n", buf, e.msg);
            continue;
        }
        for (i = 0; i < x.rank; i++) total *= x.dims[i];
        {
            int64_t z[8] = {0};
            ref_linear(&x, z, &padded);
        }
        if (tla_xla_padded_size(&n, &x, &e) != 0 || n != padded) {
            if (bad++ < 5) printf("  %s padded %lld, want %lld\n", buf, (long long)n, (long long)padded);
        }
        ok = tla_layout_from_xla(&L, &info, &x, &e) == 0;
        converted += ok, refused += !ok, merged += ok && info.merged;
        if (!ok && !strstr(e.msg, "no TLA layout")) {
            if (bad++ < 5) printf("  %s: %s\n", buf, e.msg);
        }
        if (ok && info.padded_elements != padded) bad++;
        if (total > 3000) continue;
        walked++;
        {
            static int64_t all[3000];
            int64_t pad2 = 0;
            CHECK(tla_xla_linear_indices(all, &x, 0, total, &e) == 0);
            for (int64_t k = 0; k < total; k++) {
                int64_t el[8], rem = k;
                for (i = x.rank - 1; i >= 0; i--) el[i] = rem % x.dims[i], rem /= x.dims[i];
                bad += all[k] != ref_linear(&x, el, &pad2);
            }
            if (total > 2) { /* a run from the middle */
                int64_t part[3000];
                bad += tla_xla_linear_indices(part, &x, 1, total - 2, &e) != 0;
                for (int64_t k = 0; k + 2 < total; k++) bad += part[k] != all[k + 1];
            }
            bad += tla_xla_linear_indices(all, &x, 1, total, &e) == 0; /* past the end */
            /* the independent oracle (tests/xla_expressible.h): a refusal has no TLA layout at
             * all, a conversion has one of its kind */
            if (total > 0 && x.rank <= 6) {
                int has = xe_expressible(x.rank, x.dims, x.minor_to_major, all, ok && !info.merged ? 0 : 2);
                judged++;
                if (has != ok && bad++ < 5)
                    printf("  %s: %s, but the oracle says a layout %s\n", buf, ok ? "converts" : "refused",
                           has ? "expresses it" : "does not");
            }
        }
        for (int64_t k = 0; k < total; k++) {
            int64_t el[8], rem = k, want, got = -1, back[8], crd[8] = {0};
            for (i = x.rank - 1; i >= 0; i--) el[i] = rem % x.dims[i], rem /= x.dims[i];
            want = ref_linear(&x, el, &padded);
            if (tla_xla_linear_index(&got, &x, el, &e) != 0 || got != want) {
                if (bad++ < 5)
                    printf("  %s element %lld: index %lld, want %lld\n", buf, (long long)k, (long long)got,
                           (long long)want);
            }
            if (tla_xla_multi_index(back, &x, want, &e) != 0
                || memcmp(back, el, sizeof(int64_t) * (size_t)x.rank) != 0) {
                if (bad++ < 5)
                    printf("  %s: multi_index(%lld) is not element %lld\n", buf, (long long)want, (long long)k);
            }
            if (!ok) continue;
            for (i = 0; i < x.rank; i++) crd[info.var[i]] += el[i] * info.scale[i];
            tla_tuple c;
            if (info.rank == 1)
                c = tla_tuple_leaf(crd[0], 0);
            else
                tla__flat_tuple(&c, info.rank, crd, 0);
            if (tla_layout_crd2offset(&got, &L, &c, &e) != 0 || got != want) {
                if (bad++ < 5)
                    printf("  %s element %lld: layout offset %lld, want %lld\n", buf, (long long)k, (long long)got,
                           (long long)want);
            }
        }
        /* every linear index that is not an element's is padding */
        if (padded <= 3000) {
            int64_t hits = 0, back[8];
            for (int64_t k = 0; k < padded; k++) hits += tla_xla_multi_index(back, &x, k, &e) == 0;
            if (hits != total) bad++;
        }
        /* TLA -> XLA -> TLA: when an XLA form is found, it is the same function */
        if (ok && !info.merged && x.tail_padding == 0) {
            tla_xla_shape z;
            if (tla_xla_from_layout(&z, &L, x.type, &e) == 0) {
                roundtrips++;
                bad += !tla__xla_same(&z, &L);
            }
        }
    }
    printf("  %d random shapes: every element's index agrees with the reference in the %d walked; %d convert "
           "to a TLA layout (%d over merged dimensions), %d have none (offsets only); the oracle "
           "judged %d; %d TLA -> XLA -> TLA\n",
           round, walked, converted, merged, refused, judged, roundtrips);
    CHECK(walked > 4000);
    CHECK(judged > 4000);
    CHECK(converted > 3000);
    CHECK(merged > 10);
    CHECK(roundtrips > 1000);
    CHECK_EQ(bad, 0);
}

/* The reproducers and the seed's examples, through the library and by the reference. */
static void reproducers(void) {
    static const struct {
        const char *shape, *layout;
    } conv[] = {{"s8[7]{0:T(1)(2,1)}", "((2,4)):((1,2))"},
                {"s8[4]{0:T(2)}", "((2,2)):((1,2))"},
                {"bf16[6,4]{1,0:T(2,3)(2)}", "((2,3),(3,2)):((4,16),(1,8))"},
                {"f32[8,7]{0,1:T(1,2)(2,2)}", "((2,4),7):((1,4),16)"},
                {"s8[2,9,6,6]{3,2,1,0:T(4,3,3)(2)}", "(2,(4,3),(3,2),(3,2)):(576,(12,192),(4,96),(1,48))"},
                {"s8[1,4,5,7]{3,2,1,0:T(1,3,1)(2,2)}", "(1,4,(3,2),7):(448,112,(2,56),8)"},
                {"f32[3]{0:T(2,2)}", "((2,2)):((1,4))"},
                {"f32[4,6]{1,0:T(-1,2)}", "(4,(2,3)):(2,(1,8))"},
                {"f32[4,6]{1,0:T(*,4)}", "(4,6):(6,1)"},
                {"f32[4,6]{1,0:T(*,3)}", "(4,(3,2)):(6,(1,3))"},
                {"f32[3,5]{0,1:T(2)(*,2)}", "((2,2),5):((1,2),4)"},
                /* the digits do not split, the offsets do (tla__xla_search): refused before */
                {"f32[4]{0:T(3,1)(3,*,2,1)(1,-1)}", "((2,2)):((7,18))"},
                {"f32[1000]{0:T(3,1)(3,*,2,1)(1,-1)}", "((2,500)):((7,18))"},
                {"f32[5]{0:T(3)(2)(3,*,*,3)}", "((3,2)):((1,10))"},
                {"f32[2,2]{0,1:T(-1,4)(2,*,3)}", "(2,2):(1,7)"},
                {"f32[3,2]{0,1:T(4,*,3)(1,2,2)}", "((2,2),2):((1,4),16)"},
                {"f32[1,5]{1,0:T(4,-1,2)(*,*,3,1)}", "(1,(2,3)):(0,(3,7))"},
                {"f32[6,6,6,3,1]{3,1,2,0,4:T(*,3)(2,2)(2,-1,1)}", "(6,(2,3),6,(2,2),1):(144,(1,8),24,(4,2),0)"},
                {"f32[4,7,4]{0,1,2:T(-1,*,*,4)(2,3,4,3)}", "((3,10),(3,2)):((12,144),(1,72))"},
                {"f32[2,3,6]{2,1,0:T(2)(3,*,*,4)}", "(2,(4,5)):(4,(1,12))"}};
    for (size_t i = 0; i < sizeof conv / sizeof *conv; i++) {
        tla_xla_shape x;
        tla_layout L;
        tla_xla_info info;
        tla_error e;
        int64_t total = 1, el[8], pad = 0, got = 0, k;
        int j, ok = 1, conv_ok;
        CHECK_STR(layout_of(conv[i].shape), conv[i].layout);
        CHECK(tla_xla_parse(&x, conv[i].shape, &e) == 0);
        conv_ok = tla_layout_from_xla(&L, &info, &x, &e) == 0;
        for (j = 0; j < x.rank; j++) total *= x.dims[j];
        for (k = 0; k < total; k++) {
            int64_t rem = k;
            for (j = x.rank - 1; j >= 0; j--) el[j] = rem % x.dims[j], rem /= x.dims[j];
            ok = ok && tla_xla_linear_index(&got, &x, el, &e) == 0 && got == ref_linear(&x, el, &pad);
            if (conv_ok) { /* the layout too, element by element */
                int64_t crd[8] = {0};
                tla_tuple c;
                for (j = 0; j < x.rank; j++) crd[info.var[j]] += el[j] * info.scale[j];
                if (info.rank == 1)
                    c = tla_tuple_leaf(crd[0], 0);
                else
                    tla__flat_tuple(&c, info.rank, crd, 0);
                ok = ok && tla_layout_crd2offset(&got, &L, &c, &e) == 0 && got == ref_linear(&x, el, &pad);
            }
        }
        CHECK(ok);
    }
    /* no TLA layout: the error says so, the offsets still come */
    {
        tla_xla_shape x;
        tla_layout L;
        tla_error e;
        int64_t el[2] = {0, 3}, got = -1;
        CHECK(tla_xla_parse(&x, "f32[2,8]{1,0:T(4)(3,3)}", &e) == 0);
        CHECK(tla_layout_from_xla(&L, NULL, &x, &e) != 0 && strstr(e.msg, "no TLA layout") && e.pos == -1);
        CHECK(tla_xla_linear_index(&got, &x, el, &e) == 0 && got == 9);
        /* the search takes a class of up to 2^20 elements: 10^5 converts, and every offset agrees */
        CHECK(tla_xla_parse(&x, "f32[100000]{0:T(3,1)(3,*,2,1)(1,-1)}", &e) == 0);
        CHECK(strcmp(layout_of("f32[100000]{0:T(3,1)(3,*,2,1)(1,-1)}"), "((2,50000)):((7,18))") == 0);
        CHECK(tla_layout_from_xla(&L, NULL, &x, &e) == 0);
        {
            int64_t i, bad = 0;
            for (i = 0; i < 100000; i += 7) {
                int64_t lin = -1, off = -1;
                tla_tuple c = tla_tuple_leaf(i, 0);
                bad += tla_xla_linear_index(&lin, &x, &i, &e) != 0 || tla_layout_crd2offset(&off, &L, &c, &e) != 0
                       || lin != off;
            }
            CHECK(bad == 0);
        }
        /* a layout expresses this one too, but past the search's limit: it says so */
        CHECK(tla_xla_parse(&x, "f32[2000000]{0:T(3,1)(3,*,2,1)(1,-1)}", &e) == 0);
        CHECK(tla_layout_from_xla(&L, NULL, &x, &e) != 0 && strstr(e.msg, "no TLA layout found"));
    }
}

/* Byte sizes with padding, and overflow reported (under UBSan: no signed overflow). */
static void sizes_and_overflow(void) {
    static const char *const huge[] = {"f32[9223372036854775807]{0:T(2)}",  "s8[3037000500,3037000500]",
                                       "f32[9223372036854775806]{0:T(4)}",  "s8[2,4611686018427387904]{1,0:T(*,2)}",
                                       "s8[8]{0:T(4611686018427387904,2)}", "s8[3,3]{1,0:T(3037000500,3037000500)}"};
    static const char *const big_bytes[] = {"f32[4611686018427387904]", "s8[7]{0:L(9223372036854775807)}",
                                            "c128[1152921504606846976]"};
    tla_xla_shape x;
    tla_error e;
    tla_layout L;
    int64_t n = 0, one[2] = {0, 0};
    CHECK(tla_xla_parse(&x, "bf16[6,4]{1,0:T(2,3)(2)}", &e) == 0);
    CHECK(tla_xla_bytes(&n, &x, &e) == 0 && n == 96); /* 3*2*2*2*2 elements of 2 bytes */
    CHECK_EQ(tla_xla_byte_size(&x), 96);
    CHECK(tla_xla_parse(&x, "s4[3]{0:T(2)}", &e) == 0);
    CHECK(tla_xla_bytes(&n, &x, &e) == 0 && n == 2);
    /* fuzz_xla: a 0 extent under tiles whose other extents multiply past int64 has no elements,
     * and converts (the strides past the 0 never overflowed into undefined behaviour) */
    CHECK(tla_xla_parse(&x, "u4[0]{0:T(2,797001,99999999998,62)}", &e) == 0);
    CHECK(tla_xla_padded_size(&n, &x, &e) == 0 && n == 0);
    CHECK(tla_layout_from_xla(&L, NULL, &x, &e) == 0 && tla_layout_size(&n, &L, &e) == 0 && n == 0);
    for (size_t i = 0; i < sizeof huge / sizeof *huge; i++) {
        int rc = tla_xla_parse(&x, huge[i], &e);
        CHECK(rc == 0);
        if (rc) continue;
        CHECK(tla_xla_bytes(&n, &x, &e) != 0 && strstr(e.msg, "overflows") && e.pos == -1);
        CHECK_EQ(tla_xla_byte_size(&x), -1);
        CHECK(tla_xla_padded_size(&n, &x, &e) != 0);
        CHECK(tla_layout_from_xla(&L, NULL, &x, &e) != 0 && strstr(e.msg, "overflows"));
        CHECK(tla_xla_linear_index(&n, &x, one, &e) != 0);
        CHECK(tla_xla_multi_index(one, &x, 0, &e) != 0);
    }
    for (size_t i = 0; i < sizeof big_bytes / sizeof *big_bytes; i++) { /* elements fit, bytes do not */
        CHECK(tla_xla_parse(&x, big_bytes[i], &e) == 0);
        CHECK(tla_xla_padded_size(&n, &x, &e) == 0);
        CHECK(tla_xla_bytes(&n, &x, &e) != 0 && strstr(e.msg, "byte size overflows"));
        CHECK_EQ(tla_xla_byte_size(&x), -1);
    }
}

static void seeds(void) {
    tla_xla_shape x;
    tla_error e;
    tla_layout L;
    tla_xla_info info;
    int64_t idx[2] = {2, 3}, lin = -1, back[2];
    /* seed 000: F32[3,5]{1,0:T(2,2)}, element (2,3) at 17; cosize 24 */
    CHECK_STR(layout_of("F32[3,5]{1,0:T(2,2)}"), "((2,2),(2,3)):((2,12),(1,4))");
    CHECK(tla_xla_parse(&x, "F32[3,5]{1,0:T(2,2)}", &e) == 0);
    CHECK(tla_xla_linear_index(&lin, &x, idx, &e) == 0);
    CHECK_EQ(lin, 17);
    CHECK(tla_xla_multi_index(back, &x, 17, &e) == 0 && back[0] == 2 && back[1] == 3);
    CHECK(tla_xla_multi_index(back, &x, 14, &e) != 0 && strstr(e.msg, "padding")); /* row 3 does not exist */
    CHECK(tla_layout_from_xla(&L, &info, &x, &e) == 0 && info.padded_elements == 24);
    /* seed 000, figure 2: 4x8 tiled (2,4)(2,1) */
    CHECK_STR(layout_of("f32[4,8]{1,0:T(2,4)(2,1)}"), "((2,2),(4,2)):((1,16),(2,8))");
    /* the TPU bf16 example */
    CHECK_STR(layout_of("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}"),
              "(8,1,(2,4,160),(128,128)):(20971520,167772160,(1,256,131072),(2,1024))");
    /* combined dimensions: (*,*,2,*,3) is over the merged F32[112,110] */
    CHECK(tla_xla_parse(&x, "F32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}", &e) == 0);
    CHECK(tla_layout_from_xla(&L, &info, &x, &e) == 0);
    CHECK(info.merged && info.rank == 2 && info.dims[0] == 112 && info.dims[1] == 110);
    /* seed 001: the 2x3 "a b c / d e f" in {1,0} is a b c d e f, in {0,1} a d b e c f */
    CHECK_STR(layout_of("f32[2,3]{1,0}"), "(2,3):(3,1)");
    CHECK_STR(layout_of("f32[2,3]{0,1}"), "(2,3):(1,2)");
    CHECK(tla_xla_parse(&x, "f32[2,3]{0,1}", &e) == 0);
    {
        const char *abc = "abcdef", *want = "adbecf";
        char mem[7] = {0};
        int ok = 1;
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 3; c++) {
                int64_t i2[2] = {r, c}, l = 0;
                ok = ok && tla_xla_linear_index(&l, &x, i2, &e) == 0;
                mem[l] = abc[r * 3 + c];
            }
        CHECK(ok);
        CHECK_STR(mem, want);
    }
    /* facts */
    CHECK(tla_xla_parse(&x, "bf16[8,1,1280,16384]", &e) == 0);
    CHECK_EQ(tla_xla_true_rank(&x), 3);
    CHECK_STR(tla_xla_dim_letters(4), "p,z,y,x");
    CHECK_EQ(tla_xla_byte_size(&x), 8LL * 1280 * 16384 * 2);
    CHECK(tla_xla_parse(&x, "f32[3,5]{1,0:T(2,2)}", &e) == 0);
    CHECK_EQ(tla_xla_byte_size(&x), 24 * 4);
}

static void printing_and_errors(void) {
    static const char *const same[] = {"f32[3,5]{1,0:T(2,2)}",
                                       "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}",
                                       "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
                                       "s8[0,4]{0,1:L(64)}",
                                       "pred[]",
                                       "f32[3,5]",
                                       "c128[2]{0:D(D)#(s32)*(s64)E(128)S(5)M(8)}",
                                       "f32[4,6]{1,0:T(-1,*,2)(2,-1)}"};
    static const struct {
        const char *in, *out;
    } canon[] = {{"F32[3, 5]{1,0 : T(2,2)}", "f32[3,5]{1,0:T(2,2)}"}, {"f32[4]{0:S(1)T(2)}", "f32[4]{0:T(2)S(1)}"}};
    static const struct {
        const char *in, *msg;
        int pos;
    } bad[] = {{"f32[3,5", "expected ',' or ']'", 7},
               {"q32[3]", "unknown element type", 0},
               {"f32[3,5]{1,1}", "appears twice", 11},
               {"f32[3,5]{2,0}", "not a dimension", 9},
               {"f32[3,5]{1,0:T(0,2)}", "at least 1", 15},
               {"f32[3,5]{1,0:X}", "expected a layout attribute", 13},
               {"f32[3,-5]", "expected a number >= 0", 6},
               {"f32[3,5]{1,0:T(2,2", "expected ',' or ')'", 18},
               {"f32[3,5]{1,0:T(2,*)}", "'*' on a tile's most minor", 17},
               {"f32[3,5]{1,0:T(-2,2)}", "at least 1, or -1", 15},
               {"f32[3]{0}x", "unexpected", 9},
               {"", "expected an element type", 0}};
    tla_xla_shape x;
    tla_error e;
    char out[256];
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        CHECK(tla_xla_parse(&x, same[i], &e) == 0);
        tla_xla_snprint(out, sizeof out, &x);
        CHECK_STR(out, same[i]);
    }
    for (size_t i = 0; i < sizeof canon / sizeof *canon; i++) {
        CHECK(tla_xla_parse(&x, canon[i].in, &e) == 0);
        tla_xla_snprint(out, sizeof out, &x);
        CHECK_STR(out, canon[i].out);
    }
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        tla_xla_shape keep;
        memset(&keep, 0x5a, sizeof keep);
        x = keep;
        int rc = tla_xla_parse(&x, bad[i].in, &e);
        CHECK(rc != 0);
        if (rc != 0 && (!strstr(e.msg, bad[i].msg) || e.pos != bad[i].pos))
            printf("  '%s': %s at %d, want '%s' at %d\n", bad[i].in, e.msg, e.pos, bad[i].msg, bad[i].pos);
        CHECK(rc != 0 && strstr(e.msg, bad[i].msg) && e.pos == bad[i].pos);
        CHECK(memcmp(&x, &keep, sizeof x) == 0); /* untouched */
    }
}

/* TLA to XLA: permutations and single tiles come back; others are refused. */
static void to_xla(void) {
    static const char *const shapes[] = {"f32[3,5]{1,0:T(2,2)}",
                                         "f32[2,3]{0,1}",
                                         "f32[4,6,8]{0,2,1}",
                                         "f32[16,32]{0,1:T(8,8)}",
                                         "f32[7]{0}",
                                         "f32[5,9,4]{2,0,1:T(2,4)}",
                                         "f32[4,8]{1,0:T(2,4)(2,1)}",
                                         "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}"};
    tla_xla_shape x, y;
    tla_layout L, R;
    tla_error e;
    char out[256];
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        CHECK(tla_xla_parse(&x, shapes[i], &e) == 0 && tla_layout_from_xla(&L, NULL, &x, &e) == 0);
        int ok = tla_xla_from_layout(&y, &L, x.type, &e) == 0;
        if (!ok) printf("  to_xla(%s): %s\n", shapes[i], e.msg);
        CHECK(ok);
        tla_xla_snprint(out, sizeof out, &y);
        CHECK_STR(out, shapes[i]);
        CHECK(tla_layout_from_xla(&R, NULL, &y, &e) == 0 && tla_layout_equal(&L, &R));
    }
    tla_layout_parse(&L, "(4,4):(1,8)", &e); /* a gap: no XLA layout */
    CHECK(tla_xla_from_layout(&y, &L, TLA_XLA_F32, &e) != 0 && strstr(e.msg, "not representable"));
    tla_layout_parse(&L, "(4,4):(0,1)", &e);
    CHECK(tla_xla_from_layout(&y, &L, TLA_XLA_F32, &e) != 0 && strstr(e.msg, "not representable"));
    /* huge: verified from the digits, not element by element; overflow is refused (UBSan) */
    CHECK(tla_layout_parse(&L, "(1000000000000,3):(3,1)", &e) == 0);
    CHECK(tla_xla_from_layout(&y, &L, TLA_XLA_F32, &e) == 0);
    tla_xla_snprint(out, sizeof out, &y);
    CHECK_STR(out, "f32[1000000000000,3]{1,0}");
    CHECK(tla_layout_parse(&L, "(2,4611686018427387903):(4611686018427387903,1)", &e) == 0);
    CHECK(tla_xla_from_layout(&y, &L, TLA_XLA_F32, &e) == 0);
    CHECK(tla_layout_parse(&L, "((2,2305843009213693951)):((1,2))", &e) == 0);
    CHECK(tla_xla_from_layout(&y, &L, TLA_XLA_F32, &e) == 0);
}

int main(void) {
    seeds();
    printing_and_errors();
    to_xla();
    reproducers();
    sizes_and_overflow();
    against_reference();
    CHECK_DONE();
}
