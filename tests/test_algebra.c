/* tests/test_algebra.c - the layout algebra against CuTe's vectors (tests/algebra.tsv) and
 * against its defining properties on random layouts (fixed seed). */
#define _POSIX_C_SOURCE 200809L /* popen, for the tool */
#include <stdlib.h>
#include "tla.h"
#include "check.h"
#include "vectors.h"

static void vectors(void) {
    FILE *f = fopen("tests/algebra.tsv", "r");
    char line[2048];
    int lines = 0, bad = 0;
    CHECK(f != NULL);
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        char *field[6], got[512];
        const char *want;
        int n = split_case(line, field, 6, &want), ok = 1, kind;
        arg a[4];
        tla_layout res;
        if (n < 0) continue;
        lines++;
        for (int i = 0; i < n; i++) ok = ok && parse_arg(field[i + 1], &a[i]) == 0;
        kind = ok ? run(field[0], a, n, got, sizeof got, &res) : 0;
        ok = kind == 'L' ? result_matches(got, want) : kind && !strcmp(got, want);
        if (!ok && ++bad <= 30) {
            printf("  vector %s", field[0]);
            for (int i = 0; i < n; i++) printf(" %s", field[i + 1]);
            printf(": got %s, want %s\n", got, want);
        }
    }
    fclose(f);
    printf("  %d vector lines, %d mismatches\n", lines, bad);
    CHECK(lines >= 900);
    CHECK_EQ(bad, 0);
}

/* The same file through `build/tla eval -`: one expression a line, op(arg, ...). */
static void vectors_through_the_tool(void) {
    FILE *in = fopen("tests/algebra.tsv", "r"), *ex = fopen("build/test/vectors.expr", "w"), *out;
    char line[2048], want[1024][256], got[2048];
    int n = 0, bad = 0, i = 0;
    CHECK(in && ex);
    if (!in || !ex) return;
    while (fgets(line, sizeof line, in) && n < 1024) {
        char *arrow = strstr(line, "\t=> "), *p;
        if (!arrow) continue;
        line[strcspn(line, "\r\n")] = 0;
        snprintf(want[n++], sizeof want[0], "%s", arrow + 4);
        *arrow = 0;
        p = strchr(line, '\t');
        *p = 0;
        fprintf(ex, "%s(", line);
        for (char *a = p + 1; *a; a++) fputs(*a == '\t' ? ", " : (char[2]){*a, 0}, ex);
        fputs(")\n", ex);
    }
    fclose(in);
    fclose(ex);
    out = popen("build/tla eval - < build/test/vectors.expr", "r");
    CHECK(out != NULL);
    if (!out) return;
    while (fgets(got, sizeof got, out) && i < n) {
        got[strcspn(got, "\r\n")] = 0;
        if (!result_matches(got, want[i])) {
            if (++bad <= 10) printf("  tool line %d: got %s, want %s\n", i + 1, got, want[i]);
        }
        i++;
    }
    CHECK_EQ(pclose(out), 0);
    CHECK_EQ(i, n);
    CHECK_EQ(bad, 0);
}

/* ---- properties on random layouts (fixed seed: every run sees the same cases) ---- */
static unsigned long long rng_state = 0x9e3779b97f4a7c15ULL;
static int rnd(int n) {
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((rng_state >> 33) % (unsigned long long)n);
}

/* A random layout: 1-4 leaves (shapes 1-6), sometimes nested; strides a permuted compact
 * order with gaps (injective), or with a zero stride when allow_zero. */
static tla_layout random_layout(int allow_zero) {
    int n = 1 + rnd(4), order[4], i, j;
    int64_t s[4], d[4], cur = 1;
    char text[256];
    int k = 0;
    tla_layout L;
    tla_error e;
    for (i = 0; i < n; i++) {
        s[i] = 1 + rnd(6);
        order[i] = i;
    }
    for (i = n - 1; i > 0; i--) {
        j = rnd(i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (i = 0; i < n; i++) {
        int m = order[i];
        cur *= 1 + (rnd(4) == 0 ? rnd(3) : 0); /* a gap now and then */
        d[m] = cur;
        cur *= s[m];
    }
    if (allow_zero && rnd(4) == 0) d[rnd(n)] = 0;
    if (n == 1)
        k += snprintf(text + k, sizeof text - k, "%lld:%lld", (long long)s[0], (long long)d[0]);
    else if (n == 4 && rnd(2)) /* nested: ((s0,s1),(s2,s3)) */
        k += snprintf(text + k, sizeof text - k, "((%lld,%lld),(%lld,%lld)):((%lld,%lld),(%lld,%lld))", (long long)s[0],
                      (long long)s[1], (long long)s[2], (long long)s[3], (long long)d[0], (long long)d[1],
                      (long long)d[2], (long long)d[3]);
    else {
        k += snprintf(text + k, sizeof text - k, "(");
        for (i = 0; i < n; i++) k += snprintf(text + k, sizeof text - k, "%s%lld", i ? "," : "", (long long)s[i]);
        k += snprintf(text + k, sizeof text - k, "):(");
        for (i = 0; i < n; i++) k += snprintf(text + k, sizeof text - k, "%s%lld", i ? "," : "", (long long)d[i]);
        snprintf(text + k, sizeof text - k, ")");
    }
    if (tla_layout_parse(&L, text, &e) != 0) printf("  bad random layout %s: %s\n", text, e.msg);
    return L;
}

static int64_t at(const tla_layout *L, int64_t i) {
    tla_tuple c = tla_tuple_leaf(i, 0);
    int64_t o = -1;
    tla_error e;
    if (tla_layout_crd2offset(&o, L, &c, &e) != 0) return INT64_MIN;
    return o;
}
static int64_t sz(const tla_layout *L) {
    int64_t n = 0;
    tla_layout_size(&n, L, NULL);
    return n;
}
static int64_t cosz(const tla_layout *L) {
    int64_t n = 0;
    tla_layout_cosize(&n, L, NULL);
    return n;
}

static void properties(void) {
    int round, bad = 0, composed = 0, divided = 0;
    tla_error e;
    static unsigned char seen[1 << 16];
    for (round = 0; round < 2000; round++) {
        tla_layout A = random_layout(1), B = random_layout(0), R, C, AB[2], W;
        int64_t i, n = sz(&A), M;
        /* the fast path of crd2offset agrees with the general one (integer and per-mode) */
        for (i = 0; i < n; i++) {
            tla_tuple c = tla_tuple_leaf(i, 0), pm, parts[TLA_MAX_RANK];
            int64_t fast = 0, slow = 0, rest = i, msz = 0;
            int r = tla_layout_rank(&A), m;
            bad += tla_layout_crd2offset(&fast, &A, &c, &e) != 0
                   || tla_tuple_crd2offset(&slow, &c, &A.shape, &A.stride, &e) != 0 || fast != slow;
            if (tla_tuple_is_int(&A.shape)) continue;
            for (m = 0; m < r; m++) { /* the same index as one integer per mode */
                tla_tuple se = tla_tuple_leaf(1, 0);
                tla__elem(&A.shape, m, &se);
                tla_tuple_size(&msz, &se, &e);
                parts[m] = tla_tuple_leaf(m + 1 < r ? rest % msz : rest, 0);
                rest = m + 1 < r ? rest / msz : 0;
            }
            tla_tuple_join(&pm, r, parts, &e);
            bad += tla_layout_crd2offset(&fast, &A, &pm, &e) != 0
                   || tla_tuple_crd2offset(&slow, &pm, &A.shape, &A.stride, &e) != 0 || fast != slow
                   || fast != at(&A, i);
        }
        /* coalesce and filter keep the function */
        if (tla_coalesce(&R, &A, &e) != 0 || sz(&R) != n) bad++;
        for (i = 0; i < n; i++) bad += at(&R, i) != at(&A, i);
        if (tla_filter(&R, &A, &e) != 0)
            bad++;
        else {
            tla__flat f, k;
            tla_layout nz;
            tla__flat_of(&A, &f);
            k.n = 0;
            for (int j = 0; j < f.n; j++)
                if (f.d[j] != 0) tla__flat_push(&k, f.s[j], 0, f.d[j], 0, NULL);
            tla__flat_layout(&k, &nz);
            for (i = 0; i < sz(&nz); i++) bad += at(&R, i) != at(&nz, i);
        }
        /* composition composes (when CuTe's divisibility holds) */
        if (tla_composition_checked(&R, &A, &B, &e) == 0) {
            composed++;
            for (i = 0; i < sz(&B) && i < n; i++) bad += at(&R, i) != at(&A, at(&B, i)) && at(&B, i) < n;
        }
        /* B is injective: complement, inverses */
        M = cosz(&B) * (1 + rnd(3));
        if (tla_complement(&C, &B, M, &e) != 0) {
            bad++;
            printf("  complement failed: %s\n", e.msg);
            continue;
        }
        AB[0] = B, AB[1] = C;
        tla_layout_make_of(&W, 2, AB, &e);
        if (cosz(&W) >= (int64_t)sizeof seen || cosz(&W) < M) {
            bad++;
            continue;
        }
        memset(seen, 0, (size_t)cosz(&W));
        for (i = 0; i < sz(&W); i++) bad += seen[at(&W, i)]++ != 0; /* (B, complement) is injective */
        if (tla_right_inverse(&R, &B, &e) != 0) bad++;
        for (i = 0; i < sz(&R); i++) bad += at(&B, at(&R, i)) != i;
        if (tla_left_inverse(&R, &B, &e) != 0) bad++;
        for (i = 0; i < sz(&B); i++) bad += at(&R, at(&B, i)) != i;
        /* logical_divide rearranges A's elements: same offsets, same count, when B tiles A */
        if (sz(&A) % sz(&B) == 0 && tla_logical_divide(&R, &A, &B, &e) == 0 && sz(&R) == n) {
            int64_t sum_a = 0, sum_r = 0;
            divided++;
            for (i = 0; i < n; i++) sum_a += at(&A, i) * 7 + 1, sum_r += at(&R, i) * 7 + 1;
            bad += sum_a != sum_r;
        }
        /* logical_product: mode 0 is A; the whole is injective for injective A and B */
        if (tla_logical_product(&R, &B, &B, &e) == 0) {
            tla_layout r0;
            tla__mode(&R, 0, &r0);
            for (i = 0; i < sz(&B); i++) bad += at(&r0, i) != at(&B, i);
        }
    }
    printf("  2000 random cases: %d compositions, %d divides checked\n", composed, divided);
    CHECK(composed > 300);
    CHECK(divided > 50);
    CHECK_EQ(bad, 0);
}

/* Each precondition failure gives its error, and leaves the output alone. */
static void errors(void) {
    tla_layout A, B, R, keep;
    tla_error e;
    tla_layout_parse(&keep, "(2,3):(3,1)", &e);
    R = keep;
    tla_layout_parse(&A, "(2,2):(1,1)", &e); /* overlaps itself */
    CHECK(tla_complement(&R, &A, 8, &e) != 0 && strstr(e.msg, "not injective"));
    CHECK(tla_layout_equal(&R, &keep));
    tla_layout_parse(&A, "(4,3):(0,4)", &e);
    CHECK(tla_left_inverse(&R, &A, &e) != 0 && strstr(e.msg, "not injective"));
    tla_layout_parse(&A, "(3,4):(1,5)", &e);
    tla_layout_parse(&B, "2:2", &e); /* stride 2 does not divide shape 3 */
    CHECK(tla_composition(&R, &A, &B, &e) != 0 && strstr(e.msg, "stride divisibility"));
    tla_layout_parse(&A, "(3,2):(1,6)", &e);
    tla_layout_parse(&B, "4:1", &e);
    CHECK(tla_composition_checked(&R, &A, &B, &e) != 0 && strstr(e.msg, "shape divisibility"));
    CHECK(tla_layout_equal(&R, &keep));
    tla_tiler T = {3, {keep, keep, keep}};
    CHECK(tla_logical_divide_tiler(&R, &keep, &T, &e) != 0 && strstr(e.msg, "tiler of 3 modes"));
    /* zero-size modes: errors, not divisions by zero (found by the fuzzer) */
    tla_layout_parse(&A, "((0,2),(4,3)):((4,16),(1,32))", &e);
    tla_layout_parse(&B, "(8,3):(3,8)", &e);
    CHECK(tla_composition(&R, &A, &B, &e) != 0 && strstr(e.msg, "size 0"));
    CHECK(tla_complement(&R, &A, 0, &e) != 0 && strstr(e.msg, "size 0"));
    tla_layout_parse(&B, "0:1", &e);
    CHECK(tla_composition(&R, &keep, &B, &e) == 0 && R.shape.val[0] == 0);
    tla_layout_parse(&A, "(2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128)", &e);
    CHECK(tla_append(&R, &A, &keep, &e) != 0 && strstr(e.msg, "more than 8"));
}

/* Static markers survive: an all-static argument gives an all-static result. */
static void statics(void) {
    tla_layout A = tla_to_layout(tla_zN(tla_half, TLA_C(32), TLA_C(48))), R;
    tla_tiler T;
    tla_error e;
    char buf[256];
    T.n = 2;
    T.mode[0] = tla_to_layout(tla_make_layout(TLA_C(16), TLA_C(1)));
    T.mode[1] = T.mode[0];
    CHECK(tla_zipped_divide_tiler(&R, &A, &T, &e) == 0);
    tla_layout_snprint(buf, sizeof buf, &R);
    CHECK_STR(buf, "((_16,_16),(_2,_3)):((_16,_1),(_256,_512))");
    CHECK(tla_left_inverse(&R, &A, &e) == 0);
    tla_layout_snprint(buf, sizeof buf, &R);
    CHECK_STR(buf, "(_16,_32,_3):(_32,_1,_512)");
    /* mixed: the static _1 stride stays static through coalesce */
    A = tla_to_layout(tla_make_layout(tla_make_tuple(7, TLA_C(4)), tla_make_tuple(TLA_C(1), 7)));
    CHECK(tla_coalesce(&R, &A, &e) == 0);
    tla_layout_snprint(buf, sizeof buf, &R);
    CHECK_STR(buf, "28:_1");
}

static const char *show(const tla_layout *L) {
    static char buf[256];
    tla_layout_snprint(buf, sizeof buf, L);
    return buf;
}

/* make_layout, append, prepend, group, select, slice, crd2crd, flatten. */
static void structure(void) {
    tla_layout A, B, R, m[2];
    tla_tuple c, t, dst, src;
    tla_error e;
    int64_t off = -1;
    int idx[3] = {2, 0, 1};
    tla_layout_parse(&A, "(4,(2,3),5):(1,(4,8),24)", &e);
    tla_layout_parse(&B, "7:120", &e);
    CHECK(tla_flatten(&R, &A, &e) == 0);
    CHECK_STR(show(&R), "(4,2,3,5):(1,4,8,24)");
    m[0] = A, m[1] = B;
    CHECK(tla_layout_make_of(&R, 2, m, &e) == 0);
    CHECK_STR(show(&R), "((4,(2,3),5),7):((1,(4,8),24),120)");
    CHECK(tla_append(&R, &A, &B, &e) == 0);
    CHECK_STR(show(&R), "(4,(2,3),5,7):(1,(4,8),24,120)");
    CHECK(tla_prepend(&R, &A, &B, &e) == 0);
    CHECK_STR(show(&R), "(7,4,(2,3),5):(120,1,(4,8),24)");
    CHECK(tla_group(&R, &A, 1, 3, &e) == 0);
    CHECK_STR(show(&R), "(4,((2,3),5)):(1,((4,8),24))");
    CHECK(tla_select(&R, &A, 3, idx, &e) == 0);
    CHECK_STR(show(&R), "(5,4,(2,3)):(24,1,(4,8))");
    /* slice (_, 1, _) of ((4,8):(8,1)) style: keep modes 0 and 2, fix mode 1 at 1 -> offset 4 */
    tla_tuple_parse(&c, "(0,1,0)", &e);
    c.val[0] = TLA_UNDERSCORE;
    c.val[2] = TLA_UNDERSCORE;
    CHECK(tla_slice(&R, &off, &A, &c, &e) == 0);
    CHECK_STR(show(&R), "(4,5):(1,24)");
    CHECK_EQ(off, 4);
    /* crd2crd: (1,5) in (4,12) is index 21, which is (1,1,2) in (4,2,6) */
    tla_tuple_parse(&c, "(1,5)", &e);
    tla_tuple_parse(&dst, "(4,2,6)", &e);
    tla_tuple_parse(&src, "(4,12)", &e);
    CHECK(tla_crd2crd(&t, &c, &dst, &src, &e) == 0);
    CHECK(t.nleaf == 3 && t.val[0] == 1 && t.val[1] == 1 && t.val[2] == 2);
    CHECK(tla_crd2crd(&t, &c, &dst, NULL, &e) != 0 && strstr(e.msg, "source shape"));
}

int main(void) {
    vectors();
    structure();
    statics();
    properties();
    errors();
    vectors_through_the_tool();
    CHECK_DONE();
}
