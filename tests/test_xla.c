/* tests/test_xla.c - XLA shapes: the seeds' examples, parse/print round trips, errors, and
 * the converter against a reference written directly from the seed's pad-reshape-transpose
 * definition (below, independent of tla/xla.h) on many random shapes and tilings. */
#include <stdlib.h>
#include "tla.h"
#include "check.h"

static char buf[512];

static const char *layout_of(const char *shape) {
    tla_xla_shape x;
    tla_layout L;
    tla_error e;
    if (tla_xla_parse(shape, &x, &e) != 0 || tla_xla_to_layout(&x, &L, NULL, &e) != 0) {
        snprintf(buf, sizeof buf, "error: %s", e.msg);
        return buf;
    }
    tla_layout_snprint(buf, sizeof buf, &L);
    return buf;
}

/* ---- the reference: pad, reshape, transpose, one tile after another ---- */
typedef struct ref {
    int n;
    int64_t w[64], c[64];
} ref;

/* Linear index of logical element e (and, in *padded, the element count) for shape x.
 * Combined dimensions merge a dimension into the next more minor one first. */
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
        int first = r.n - x->tile_rank[t], ng = 0;
        int64_t gw[16], gc[16], tw[16], tc[16], mw = 1, mc = 0, merging = 0;
        o.n = 0;
        for (i = 0; i < first; i++) o.w[o.n] = r.w[i], o.c[o.n++] = r.c[i];
        for (i = first; i < r.n; i++) {
            int64_t tv = x->tiles[t][i - first], W = r.w[i], C = r.c[i];
            if (merging) W = mw * r.w[i], C = mc * r.w[i] + r.c[i], merging = 0;
            if (tv < 0) {
                mw = W, mc = C, merging = 1;
                continue;
            }
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

static void against_reference(void) {
    int round, bad = 0, merged = 0, checked = 0, roundtrips = 0;
    for (round = 0; round < 4000; round++) {
        tla_xla_shape x;
        tla_layout L;
        tla_xla_info info;
        tla_error e;
        int i, j, t;
        memset(&x, 0, sizeof x);
        x.type = TLA_XLA_F32, x.rank = 1 + rnd(4), x.has_layout = 1, x.dynamic_prefix = -1;
        for (i = 0; i < x.rank; i++) x.dims[i] = rnd(10) == 0 ? 0 : 1 + rnd(9), x.minor_to_major[i] = i;
        for (i = x.rank - 1; i > 0; i--) {
            j = rnd(i + 1);
            int tmp = x.minor_to_major[i];
            x.minor_to_major[i] = x.minor_to_major[j];
            x.minor_to_major[j] = tmp;
        }
        x.ntiles = rnd(3);
        int wr = x.rank;
        for (t = 0; t < x.ntiles; t++) {
            x.tile_rank[t] = 1 + rnd(wr < 3 ? wr : 3);
            for (i = 0; i < x.tile_rank[t]; i++) {
                x.tiles[t][i] = 1 + rnd(4);
                if (t == 0 && i + 1 < x.tile_rank[t] && rnd(5) == 0) x.tiles[t][i] = TLA_XLA_COMBINED;
            }
            int stars = 0;
            for (i = 0; i < x.tile_rank[t]; i++) stars += x.tiles[t][i] < 0;
            wr = wr - stars + (x.tile_rank[t] - stars); /* grid + in-tile dims */
        }
        if (rnd(4) == 0) x.tail_padding = 1 + rnd(16);
        if (tla_xla_to_layout(&x, &L, &info, &e) != 0) continue; /* e.g. not a stride layout */
        checked++;
        merged += info.merged;
        /* every element (logical, or merged coordinates), and the padded count */
        int64_t total = 1, padded = 0;
        for (i = 0; i < x.rank; i++) total *= x.dims[i];
        for (int64_t k = 0; k < total; k++) {
            int64_t el[8], rem = k, want, got = -1, crd[8];
            for (i = x.rank - 1; i >= 0; i--) el[i] = rem % x.dims[i], rem /= x.dims[i];
            want = ref_linear(&x, el, &padded);
            if (!info.merged)
                for (i = 0; i < x.rank; i++) crd[i] = el[i];
            else { /* the merged coordinates, physical order */
                int n = 0, first = x.rank - x.tile_rank[0];
                int64_t acc = 0;
                for (i = 0; i < x.rank; i++) {
                    int d = x.minor_to_major[x.rank - 1 - i];
                    acc = acc * x.dims[d] + el[d];
                    if (i >= first && x.tiles[0][i - first] < 0) continue;
                    crd[n++] = acc, acc = 0;
                }
            }
            tla_tuple c;
            if (info.rank == 1)
                c = tla_tuple_leaf(crd[0], 0);
            else
                tla__flat_tuple(&c, info.rank, crd, 0);
            if (tla_layout_crd2offset(&L, &c, &got, &e) != 0 || got != want) {
                if (bad++ < 5) {
                    tla_xla_snprint(buf, sizeof buf, &x);
                    printf("  %s element %lld: got %lld, want %lld\n", buf, (long long)k, (long long)got,
                           (long long)want);
                }
            }
        }
        if (total == 0) {
            int64_t z[8] = {0};
            ref_linear(&x, z, &padded);
        }
        if (padded != info.padded_elements) {
            if (bad++ < 5) {
                tla_xla_snprint(buf, sizeof buf, &x);
                printf("  %s padded %lld, want %lld\n", buf, (long long)info.padded_elements, (long long)padded);
            }
        }
        /* TLA -> XLA -> TLA: when an XLA form is found, it is the same function */
        if (!info.merged && x.tail_padding == 0) {
            tla_xla_shape z;
            if (tla_layout_to_xla(&L, x.type, &z, &e) == 0) {
                roundtrips++;
                bad += !tla__xla_same(&z, &L);
            }
        }
        /* round trips: print(parse(print(x))) == print(x) */
        char p1[256], p2[256];
        tla_xla_shape y;
        tla_xla_snprint(p1, sizeof p1, &x);
        bad += tla_xla_parse(p1, &y, &e) != 0;
        tla_xla_snprint(p2, sizeof p2, &y);
        bad += strcmp(p1, p2) != 0;
    }
    printf("  %d random shapes checked against the reference (%d over merged dimensions), %d TLA -> XLA -> TLA\n",
           checked, merged, roundtrips);
    CHECK(roundtrips > 1500);
    CHECK(checked > 2500);
    CHECK(merged > 10);
    CHECK_EQ(bad, 0);
}

static void seeds(void) {
    tla_xla_shape x;
    tla_error e;
    tla_layout L;
    tla_xla_info info;
    int64_t idx[2] = {2, 3}, lin = -1, back[2];
    /* seed 000: F32[3,5]{1,0:T(2,2)}, element (2,3) at 17; cosize 24 */
    CHECK_STR(layout_of("F32[3,5]{1,0:T(2,2)}"), "((2,2),(2,3)):((2,12),(1,4))");
    CHECK(tla_xla_parse("F32[3,5]{1,0:T(2,2)}", &x, &e) == 0);
    CHECK(tla_xla_linear_index(&x, idx, &lin, &e) == 0);
    CHECK_EQ(lin, 17);
    CHECK(tla_xla_multi_index(&x, 17, back, &e) == 0 && back[0] == 2 && back[1] == 3);
    CHECK(tla_xla_multi_index(&x, 14, back, &e) != 0 && strstr(e.msg, "padding")); /* row 3 does not exist */
    CHECK(tla_xla_to_layout(&x, &L, &info, &e) == 0 && info.padded_elements == 24);
    /* seed 000, figure 2: 4x8 tiled (2,4)(2,1) */
    CHECK_STR(layout_of("f32[4,8]{1,0:T(2,4)(2,1)}"), "((2,2),(4,2)):((1,16),(2,8))");
    /* the TPU bf16 example */
    CHECK_STR(layout_of("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}"),
              "(8,1,(2,4,160),(128,128)):(20971520,167772160,(1,256,131072),(2,1024))");
    /* combined dimensions: (*,*,2,*,3) is over the merged F32[112,110] */
    CHECK(tla_xla_parse("F32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}", &x, &e) == 0);
    CHECK(tla_xla_to_layout(&x, &L, &info, &e) == 0);
    CHECK(info.merged && info.rank == 2 && info.dims[0] == 112 && info.dims[1] == 110);
    /* seed 001: the 2x3 "a b c / d e f" in {1,0} is a b c d e f, in {0,1} a d b e c f */
    CHECK_STR(layout_of("f32[2,3]{1,0}"), "(2,3):(3,1)");
    CHECK_STR(layout_of("f32[2,3]{0,1}"), "(2,3):(1,2)");
    CHECK(tla_xla_parse("f32[2,3]{0,1}", &x, &e) == 0);
    {
        const char *abc = "abcdef", *want = "adbecf";
        char mem[7] = {0};
        int ok = 1;
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 3; c++) {
                int64_t i2[2] = {r, c}, l = 0;
                ok = ok && tla_xla_linear_index(&x, i2, &l, &e) == 0;
                mem[l] = abc[r * 3 + c];
            }
        CHECK(ok);
        CHECK_STR(mem, want);
    }
    /* facts */
    CHECK(tla_xla_parse("bf16[8,1,1280,16384]", &x, &e) == 0);
    CHECK_EQ(tla_xla_true_rank(&x), 3);
    CHECK_STR(tla_xla_dim_letters(4), "p,z,y,x");
    CHECK_EQ(tla_xla_byte_size(&x), 8LL * 1280 * 16384 * 2);
    CHECK(tla_xla_parse("f32[3,5]{1,0:T(2,2)}", &x, &e) == 0);
    CHECK_EQ(tla_xla_byte_size(&x), 24 * 4);
}

static void printing_and_errors(void) {
    static const char *const same[] = {"f32[3,5]{1,0:T(2,2)}",
                                       "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}",
                                       "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
                                       "s8[0,4]{0,1:L(64)}",
                                       "pred[]",
                                       "f32[3,5]",
                                       "c128[2]{0:D(D)#(s32)*(s64)E(128)S(5)M(8)}"};
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
               {"f32[3]{0}x", "unexpected", 9},
               {"", "expected an element type", 0}};
    tla_xla_shape x;
    tla_error e;
    char out[256];
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        CHECK(tla_xla_parse(same[i], &x, &e) == 0);
        tla_xla_snprint(out, sizeof out, &x);
        CHECK_STR(out, same[i]);
    }
    for (size_t i = 0; i < sizeof canon / sizeof *canon; i++) {
        CHECK(tla_xla_parse(canon[i].in, &x, &e) == 0);
        tla_xla_snprint(out, sizeof out, &x);
        CHECK_STR(out, canon[i].out);
    }
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        tla_xla_shape keep;
        memset(&keep, 0x5a, sizeof keep);
        x = keep;
        int rc = tla_xla_parse(bad[i].in, &x, &e);
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
        CHECK(tla_xla_parse(shapes[i], &x, &e) == 0 && tla_xla_to_layout(&x, &L, NULL, &e) == 0);
        int ok = tla_layout_to_xla(&L, x.type, &y, &e) == 0;
        if (!ok) printf("  to_xla(%s): %s\n", shapes[i], e.msg);
        CHECK(ok);
        tla_xla_snprint(out, sizeof out, &y);
        CHECK_STR(out, shapes[i]);
        CHECK(tla_xla_to_layout(&y, &R, NULL, &e) == 0 && tla_layout_equal(&L, &R));
    }
    tla_parse_layout("(4,4):(1,8)", &L, &e); /* a gap: no XLA layout */
    CHECK(tla_layout_to_xla(&L, TLA_XLA_F32, &y, &e) != 0 && strstr(e.msg, "not representable"));
    tla_parse_layout("(4,4):(0,1)", &L, &e);
    CHECK(tla_layout_to_xla(&L, TLA_XLA_F32, &y, &e) != 0 && strstr(e.msg, "not representable"));
}

int main(void) {
    seeds();
    printing_and_errors();
    to_xla();
    against_reference();
    CHECK_DONE();
}
