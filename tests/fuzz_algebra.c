/* tests/fuzz_algebra.c - libFuzzer target for the layout algebra: random layouts and
 * operations, each result checked against the operation's documented postcondition.
 *
 *   make fuzz && ./build/fuzz_algebra -max_total_time=300
 *
 * The input bytes drive a generator (layouts of 1-12 leaves, nested or flat, shapes mostly
 * small with now and then 0 or a value near the int64 limit, strides of any sign), then each
 * operation runs and, when it succeeds, its result is checked (by enumeration, on results
 * of at most FUZZ_ENUM elements):
 *   every result:   within the run-time capacity, and prints to text that parses back to it;
 *   coalesce/filter: the same function (filter: with stride-0 leaves dropped);
 *   composition:    tla_composition_checked succeeds exactly when R(c) == coalesce(A)(B(c))
 *                   for every c, and CuTe's result has the shape of B;
 *   complement:     (A, R) is injective up to the complement's cosize bound and covers M;
 *   right_inverse:  A(R(i)) == i;  left_inverse: R(A(i)) == i;
 *   logical_divide: A o (B, complement(B, size(A)));  zipped, tiled, flat: the same offsets;
 *   logical_product: (A, complement(A, size(A) cosize(B)) o B);  zipped, tiled, blocked,
 *                   raked: the same offsets and size;
 *   every failure:  an error message, and the output untouched.
 * Without libFuzzer, build with -DFUZZ_MAIN to run the files named on the command line. */
#include <stdint.h>
#include <stdlib.h>
#include "tla.h"

#define FUZZ_ENUM 4096

static char fuzz_a[2100], fuzz_b[2100]; /* the two layouts of this input, for the report */
#define fuzz_assert(ok) \
    do { \
        if (!(ok)) { \
            fprintf(stderr, "fuzz_algebra.c:%d: %s\n  A = %s\n  B = %s\n", __LINE__, #ok, fuzz_a, fuzz_b); \
            abort(); \
        } \
    } while (0)

typedef struct bytes {
    const uint8_t *p;
    size_t n;
} bytes;
static unsigned take(bytes *b) {
    if (b->n == 0) return 0;
    b->n--;
    return *b->p++;
}

/* A value: mostly small, now and then 0, negative or near the int64 limit. */
static int64_t value(bytes *b, int is_shape) {
    unsigned k = take(b);
    if (k < 200) return is_shape ? 1 + k % 8 : (int64_t)(k % 40) - (k % 7 == 0 ? 20 : 0);
    switch (k % 8) {
    case 0: return 0;
    case 1: return INT64_MAX - (int64_t)(take(b) % 3);
    case 2: return (int64_t)1 << (take(b) % 63);
    case 3: return is_shape ? 3037000500LL : -((int64_t)1 << (take(b) % 63));
    case 4: return 1 + (int64_t)take(b) * 1000003;
    default: return is_shape ? 1 + take(b) % 16 : (int64_t)take(b) * 16;
    }
}

/* A layout from the bytes, as text through the parser (which checks the capacity). */
static int layout(bytes *b, tla_layout *L) {
    char s[1024], d[1024];
    int n = 1 + (int)(take(b) % 12), i, ks = 0, kd = 0, group = 1 + (int)(take(b) % 4), open = 0;
    tla_error e;
    char text[2100];
    if (n == 1 && take(b) % 2) {
        snprintf(text, sizeof text, "%lld:%lld", (long long)value(b, 1), (long long)value(b, 0));
        return tla_layout_parse(L, text, &e);
    }
    ks += snprintf(s + ks, sizeof s - (size_t)ks, "(");
    kd += snprintf(d + kd, sizeof d - (size_t)kd, "(");
    for (i = 0; i < n; i++) {
        const char *sep = i == 0 || (open && i % group == 0) ? "" : ",";
        if (i % group == 0 && group > 1) { /* nest every `group` leaves */
            if (open)
                ks += snprintf(s + ks, sizeof s - (size_t)ks, ")"), kd += snprintf(d + kd, sizeof d - (size_t)kd, ")");
            ks += snprintf(s + ks, sizeof s - (size_t)ks, "%s(", i ? "," : "");
            kd += snprintf(d + kd, sizeof d - (size_t)kd, "%s(", i ? "," : "");
            open = 1;
            sep = "";
        }
        ks += snprintf(s + ks, sizeof s - (size_t)ks, "%s%lld", sep, (long long)value(b, 1));
        kd += snprintf(d + kd, sizeof d - (size_t)kd, "%s%lld", sep, (long long)value(b, 0));
    }
    if (open) ks += snprintf(s + ks, sizeof s - (size_t)ks, ")"), kd += snprintf(d + kd, sizeof d - (size_t)kd, ")");
    snprintf(s + ks, sizeof s - (size_t)ks, ")");
    snprintf(d + kd, sizeof d - (size_t)kd, ")");
    snprintf(text, sizeof text, "%s:%s", s, d);
    return tla_layout_parse(L, text, &e);
}

static int64_t size_of(const tla_layout *L) {
    int64_t n = -1;
    if (tla_layout_size(&n, L, NULL) != 0) return -1;
    return n;
}
/* L(i), or INT64_MIN when it does not fit. */
static int64_t at(const tla_layout *L, int64_t i) {
    tla_tuple c = tla_tuple_leaf(i, 0);
    int64_t o = INT64_MIN;
    if (tla_layout_crd2offset(&o, L, &c, NULL) != 0) return INT64_MIN;
    return o;
}

/* Within the capacity, well formed, and the printed form parses back to the same layout. */
static void valid(const tla_layout *R) {
    char text[4096];
    tla_layout Q;
    tla_error e;
    int i, depth = 0, maxd = 0, leaves = 0, rank[TLA_MAX_DEPTH + 2] = {0};
    fuzz_assert(R->shape.ntok >= 1 && R->shape.ntok <= TLA_MAX_TOKENS && R->shape.nleaf <= TLA_MAX_LEAVES);
    fuzz_assert(tla_tuple_congruent(&R->shape, &R->stride) && R->stride.nleaf == R->shape.nleaf);
    for (i = 0; i < R->shape.ntok; i++) {
        int t = R->shape.tok[i];
        if (t != TLA_TOK_CLOSE && depth > 0) fuzz_assert(++rank[depth] <= TLA_MAX_RANK);
        if (t == TLA_TOK_OPEN) {
            fuzz_assert(++depth <= TLA_MAX_DEPTH);
            rank[depth] = 0;
            if (depth > maxd) maxd = depth;
        } else if (t == TLA_TOK_CLOSE) {
            fuzz_assert(--depth >= 0);
        } else {
            leaves++;
        }
    }
    fuzz_assert(depth == 0 && leaves == R->shape.nleaf);
    fuzz_assert(tla_layout_snprint(text, sizeof text, R) < (int)sizeof text);
    fuzz_assert(tla_layout_parse(&Q, text, &e) == 0 && tla_layout_equal(&Q, R));
}

/* A failed call: a message, and the output as it was. */
static void failed(const tla_layout *R, const tla_layout *before, const tla_error *e) {
    fuzz_assert(memcmp(R, before, sizeof *R) == 0);
    fuzz_assert(e->msg[0] != '\0' && memchr(e->msg, '\0', sizeof e->msg) != NULL);
}

/* Same function on [0, n), wherever Y's offsets fit in int64. */
static int same_function(const tla_layout *X, const tla_layout *Y, int64_t n) {
    int64_t i, y;
    for (i = 0; i < n; i++)
        if ((y = at(Y, i)) != INT64_MIN && at(X, i) != y) return 0;
    return 1;
}

/* Sum and xor of a hash of every offset of X (size n <= FUZZ_ENUM): the multiset, roughly. */
static void offsets_hash(const tla_layout *X, int64_t n, uint64_t *sum, uint64_t *x) {
    int64_t i;
    *sum = *x = 0;
    for (i = 0; i < n; i++) {
        uint64_t h = (uint64_t)at(X, i) * 0x9E3779B97F4A7C15ULL;
        *sum += h ^ (h >> 29);
        *x ^= h * 31 + 7;
    }
}

#define RUN(call) \
    do { \
        R = sentinel; \
        e.msg[0] = '\0'; \
        rc = (call); \
        if (rc != 0) \
            failed(&R, &sentinel, &e); \
        else \
            valid(&R); \
    } while (0)

static void check_composition(const tla_layout *A, const tla_layout *B) {
    tla_layout R, C, K, sentinel;
    tla_error e;
    int rc, holds;
    int64_t n = size_of(B), i;
    memset(&sentinel, 0x5a, sizeof sentinel);
    RUN(tla_composition(&R, A, B, &e));
    if (rc != 0) {
        RUN(tla_composition_checked(&R, A, B, &e));
        fuzz_assert(rc != 0);
        return;
    }
    fuzz_assert(tla_tuple_is_int(&B->shape) || tla_layout_rank(&R) == tla_layout_rank(B)); /* shaped like B */
    C = R;
    RUN(tla_composition_checked(&R, A, B, &e));
    if (rc == 0) fuzz_assert(tla_layout_equal(&R, &C));
    if (n < 0 || n > FUZZ_ENUM || tla_coalesce(&K, A, &e) != 0) return;
    holds = size_of(&C) == n;
    for (i = 0; holds && i < n; i++) {
        int64_t b = at(B, i), r = at(&C, i), a = b == INT64_MIN ? INT64_MIN : at(&K, b);
        if (a == INT64_MIN || r == INT64_MIN) return; /* past int64: no verdict */
        holds = r == a;
    }
    fuzz_assert(holds == (rc == 0)); /* checked is exact */
}

static void check_complement(const tla_layout *A, int64_t M) {
    static unsigned char seen[1 << 16];
    tla_layout R, W, both[2], sentinel;
    tla_error e;
    int rc;
    int64_t i, j, na = size_of(A), nr, cw = 0;
    memset(&sentinel, 0x5a, sizeof sentinel);
    RUN(tla_complement(&R, A, M, &e));
    if (rc != 0) return;
    nr = size_of(&R);
    both[0] = *A, both[1] = R;
    if (na <= 0 || nr <= 0 || tla_layout_make_of(&W, 2, both, &e) != 0 || tla_layout_cosize(&cw, &W, &e) != 0) return;
    if (M <= 0 && tla_layout_cosize(&M, A, &e) != 0) return;
    fuzz_assert(cw >= M); /* covers M */
    if (cw > (int64_t)sizeof seen || na * nr > FUZZ_ENUM * 4) return;
    for (j = 0; j < na; j++)
        if (at(A, j) < 0) return;
    for (j = 0; j < A->shape.nleaf; j++)
        if (A->stride.val[j] == 0 && A->shape.val[j] > 1) return; /* A itself is not injective */
    memset(seen, 0, (size_t)cw);
    for (i = 0; i < na * nr; i++) {
        int64_t o = at(&W, i);
        fuzz_assert(o >= 0 && o < cw && !seen[o]); /* (A, R) is injective: R fills only holes */
        seen[o] = 1;
    }
}

static void check_inverses(const tla_layout *A) {
    tla_layout R, sentinel;
    tla_error e;
    int rc;
    int64_t i, n;
    memset(&sentinel, 0x5a, sizeof sentinel);
    RUN(tla_right_inverse(&R, A, &e));
    if (rc == 0 && (n = size_of(&R)) >= 0 && n <= FUZZ_ENUM)
        for (i = 0; i < n; i++) {
            int64_t r = at(&R, i);
            fuzz_assert(r != INT64_MIN && at(A, r) == i);
        }
    RUN(tla_left_inverse(&R, A, &e));
    if (rc == 0 && (n = size_of(A)) >= 0 && n <= FUZZ_ENUM)
        for (i = 0; i < n; i++) {
            int64_t a = at(A, i);
            fuzz_assert(a != INT64_MIN && at(&R, a) == i);
        }
}

static void check_divide_product(const tla_layout *A, const tla_layout *B) {
    tla_layout R, L, C, T, X, both[2], sentinel;
    tla_error e;
    int rc, k;
    int64_t n, m = 0, nm;
    uint64_t s0, x0, s1, x1;
    memset(&sentinel, 0x5a, sizeof sentinel);
    /* logical_divide(A, B) = A o (B, complement(B, size(A))) */
    RUN(tla_logical_divide(&R, A, B, &e));
    if (rc == 0 && (n = size_of(A)) >= 0 && tla_complement(&C, B, n > 0 ? n : 1, &e) == 0) {
        L = R;
        both[0] = *B, both[1] = C;
        if (n > 0 && tla_layout_make_of(&T, 2, both, &e) == 0 && tla_composition(&X, A, &T, &e) == 0)
            fuzz_assert(tla_layout_equal(&X, &L));
        n = size_of(&L);
        if (n >= 0 && n <= FUZZ_ENUM) {
            offsets_hash(&L, n, &s0, &x0);
            for (k = 0; k < 3; k++) { /* zipped, tiled, flat: the same elements */
                RUN(k == 0   ? tla_zipped_divide(&R, A, B, &e)
                    : k == 1 ? tla_tiled_divide(&R, A, B, &e)
                             : tla_flat_divide(&R, A, B, &e));
                if (rc != 0) continue;
                fuzz_assert(size_of(&R) == n);
                offsets_hash(&R, n, &s1, &x1);
                fuzz_assert(s0 == s1 && x0 == x1);
            }
        }
    }
    /* logical_product(A, B) = (A, complement(A, size(A) cosize(B)) o B) */
    RUN(tla_logical_product(&R, A, B, &e));
    if (rc != 0) return;
    L = R;
    n = size_of(A);
    if (tla_layout_cosize(&m, B, &e) == 0 && n >= 0 && tla__mul64(n, m, &nm) == 0 && nm > 0
        && tla_complement(&C, A, nm, &e) == 0 && tla_composition(&X, &C, B, &e) == 0) {
        tla__mode(&L, 1, &T);
        fuzz_assert(tla_layout_equal(&T, &X));
        tla__mode(&L, 0, &T);
        fuzz_assert(tla_layout_equal(&T, A));
    }
    n = size_of(&L);
    if (n < 0 || n > FUZZ_ENUM) return;
    offsets_hash(&L, n, &s0, &x0);
    for (k = 0; k < 4; k++) {
        RUN(k == 0   ? tla_zipped_product(&R, A, B, &e)
            : k == 1 ? tla_tiled_product(&R, A, B, &e)
            : k == 2 ? tla_blocked_product(&R, A, B, &e)
                     : tla_raked_product(&R, A, B, &e));
        if (rc != 0 || k >= 2) continue; /* blocked / raked pad ranks and regroup: sizes below */
        fuzz_assert(size_of(&R) == n);
        offsets_hash(&R, n, &s1, &x1);
        fuzz_assert(s0 == s1 && x0 == x1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    bytes b = {data, size};
    tla_layout A, B, R, sentinel;
    tla_error e;
    int rc;
    int64_t n;
    if (layout(&b, &A) != 0 || layout(&b, &B) != 0) return 0;
    tla_layout_snprint(fuzz_a, sizeof fuzz_a, &A);
    tla_layout_snprint(fuzz_b, sizeof fuzz_b, &B);
    memset(&sentinel, 0x5a, sizeof sentinel);
    n = size_of(&A);
    RUN(tla_flatten(&R, &A, &e));
    RUN(tla_coalesce(&R, &A, &e));
    if (rc == 0 && n >= 0 && n <= FUZZ_ENUM) fuzz_assert(size_of(&R) == n && same_function(&R, &A, n));
    RUN(tla_filter(&R, &A, &e));
    RUN(tla_append(&R, &A, &B, &e));
    RUN(tla_prepend(&R, &A, &B, &e));
    RUN(tla_group(&R, &A, 0, tla_layout_rank(&A), &e));
    check_composition(&A, &B);
    check_complement(&B, 0);
    check_complement(&B, (int64_t)(take(&b) % 64));
    check_inverses(&A);
    check_divide_product(&A, &B);
    return 0;
}

#ifdef FUZZ_MAIN
int main(int argc, char **argv) {
    static uint8_t buf[4096];
    int i;
    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        size_t n;
        if (!f) continue;
        n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
    }
    return 0;
}
#endif
