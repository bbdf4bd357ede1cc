/* tests/test_copy_random.c - tla_copy on random cases: any two formats, 1-, 2- and 4-byte and
 * 4-bit elements, sizes up to 300x300 (so 64x64 byte tiles, 16x16 nibble blocks and ragged
 * edges all occur), ragged copies of 1 MB and more (a ragged edge runs with its box) and 2-byte RowMajor <-> ColumnMajor at a 4 KB pitch (tiles of 2 x 2
 * blocks), 1-byte nN <-> zZ, nZ -> RowMajor and zN -> ColumnMajor in whole 64 x 64 blocks, whole
 * tensors or tiles at random origins on both sides.  Each result is
 * compared with an element-by-element copy into a second destination that started with the
 * same random bytes, so padding and the other half of a shared byte must stay as they were.
 * Each case also plans the copy once (tla_copy_prepare) and runs it on copies of both buffers
 * (tla_copy_run), which must give the same bytes.  The generator is a fixed xorshift, so a
 * failure repeats; TLA_COPY_RANDOM=N runs N cases.  The cases run with the copy kernels the
 * machine chooses, then again (fewer) at every SIMD level it has and on the portable C loops
 * (tla_copy_set_simd), so each level's kernels meet every format pair. */
#include <stdint.h>
#include <stdlib.h>
#include "tla.h"
#include "check.h"

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}
static int64_t below(int64_t n) { return (int64_t)(next() % (uint64_t)n); }

static tla_tensor make(void *p, int eb, const tla_layout *L) {
    return eb ? tla_tensor_make(p, eb, L, TLA_POS_GM) : tla_tensor_make_bits(p, 4, L, TLA_POS_GM);
}

/* One case; 1 when tla_copy's result is the reference's, byte for byte. */
static int one_case(long k) {
    static const int sizes[] = {1, 2, 4, 0}; /* 0: 4-bit */
    int eb = sizes[below(4)], fs = (int)below(6), fd = (int)below(6), ok = 1, whole = 0;
    int64_t R = 1 + below(k % 10 == 0 ? 300 : 80), C = 1 + below(k % 10 == 0 ? 300 : 80), cs = 0, cd = 0, r, c;
    if (k % 10 == 5) /* one format on both sides, no padding: tla_copy's single memcpy */
        fd = fs, R = 16 * (1 + below(4)), C = 64 * (1 + below(2));
    if (k % 25 == 7) { /* a 2-byte transpose whose source pitch is 4 KB: tiles of 2 x 2 blocks (tla__plan_tile) */
        int src_cm = (int)below(2), both = k % 50 == 7; /* both pitches 4 KB: copied as a tile below */
        eb = 2, fs = src_cm ? TLA_COLUMN_MAJOR : TLA_ROW_MAJOR, fd = src_cm ? TLA_ROW_MAJOR : TLA_COLUMN_MAJOR;
        R = src_cm || both ? 2048 : 64 + below(200), C = !src_cm || both ? 2048 : 64 + below(200);
    }
    if (k % 25 == 12) { /* 1-byte nN <-> zZ (32 x 32 blocks of two fractals a side), nZ -> RowMajor and
                           zN -> ColumnMajor (blocks of 64 destination bytes), 64 x 64 blocks whole */
        static const int pairs[4][2] = {
            {TLA_NN, TLA_ZZ}, {TLA_ZZ, TLA_NN}, {TLA_NZ, TLA_ROW_MAJOR}, {TLA_ZN, TLA_COLUMN_MAJOR}};
        int p = (int)below(4);
        eb = 1, fs = pairs[p][0], fd = pairs[p][1], R = 64 * (1 + below(4)), C = 64 * (1 + below(4));
        if (below(4) == 0) R += below(64), C += below(64); /* and their edges */
    }
    if (k % 200 == 17) { /* 1 MB and more, ragged, whole: the edges run inside their box's loop (tla__prog_fuse) */
        static const int pairs[6][2] = {{TLA_NN, TLA_NN}, {TLA_ZZ, TLA_ZZ},           {TLA_ZN, TLA_ZN},
                                        {TLA_NZ, TLA_NZ}, {TLA_NZ, TLA_COLUMN_MAJOR}, {TLA_ROW_MAJOR, TLA_ZZ}};
        int p = (int)below(6);
        eb = 1 << below(3), fs = pairs[p][0], fd = pairs[p][1], R = 1000 + below(40), C = 1050 + below(40);
        whole = 1;
    }
    tla_layout Ls, Ld;
    tla_tensor S, D, E;
    tla_error e;
    unsigned char *ms, *md, *me, *m0;
    size_t bs, bd, i;
    if ((eb ? tla_layout_format(&Ls, (enum tla_format)fs, eb, R, C, &e)
            : tla_layout_format_bits(&Ls, (enum tla_format)fs, 4, R, C, &e))
            != 0
        || (eb ? tla_layout_format(&Ld, (enum tla_format)fd, eb, R, C, &e)
               : tla_layout_format_bits(&Ld, (enum tla_format)fd, 4, R, C, &e))
               != 0
        || tla_layout_cosize(&cs, &Ls, &e) != 0 || tla_layout_cosize(&cd, &Ld, &e) != 0)
        return 0;
    bs = eb ? (size_t)(cs * eb) : (size_t)(cs / 2 + 1), bd = eb ? (size_t)(cd * eb) : (size_t)(cd / 2 + 1);
    ms = malloc(bs), md = malloc(bd), me = malloc(bd), m0 = malloc(bd);
    if (!ms || !md || !me || !m0) return 0;
    for (i = 0; i < bs; i++) ms[i] = (unsigned char)next();
    for (i = 0; i < bd; i++) md[i] = me[i] = m0[i] = (unsigned char)next();
    S = make(ms, eb, &Ls), D = make(md, eb, &Ld), E = make(me, eb, &Ld);
    if (!whole && (below(3) || R * C > 1000000)) { /* tiles of one extent, at an origin of their own on each side */
        int64_t r0 = below(R), c0 = below(C), r1 = below(R), c1 = below(C), ext[2], x0[2], x1[2];
        tla_tuple t, a, b;
        ext[0] = 1 + below(R < 300 ? R : 300), ext[1] = 1 + below(C < 300 ? C : 300);
        ext[0] = ext[0] < R - r0 ? ext[0] : R - r0, ext[0] = ext[0] < R - r1 ? ext[0] : R - r1;
        ext[1] = ext[1] < C - c0 ? ext[1] : C - c0, ext[1] = ext[1] < C - c1 ? ext[1] : C - c1;
        x0[0] = r0, x0[1] = c0, x1[0] = r1, x1[1] = c1;
        tla__flat_tuple(&t, 2, ext, 0), tla__flat_tuple(&a, 2, x0, 0), tla__flat_tuple(&b, 2, x1, 0);
        ok = tla_tensor_tile(&S, &S, &t, &a, &e) == 0 && tla_tensor_tile(&D, &D, &t, &b, &e) == 0
             && tla_tensor_tile(&E, &E, &t, &b, &e) == 0;
    }
    ok = ok && tla_copy(&D, &S, &e) == 0;
    for (r = 0; ok && r < tla_tensor_extent(&S, 0); r++)
        for (c = 0; c < tla_tensor_extent(&S, 1); c++)
            if (eb)
                memcpy(tla_tensor_at2(&E, r, c), tla_tensor_at2(&S, r, c), (size_t)eb);
            else
                tla_tensor_set4_at2(&E, r, c, tla_tensor_get4_at2(&S, r, c));
    ok = ok && memcmp(md, me, bd) == 0;
    if (ok) { /* the same copy planned once and run at other pointers (tla_copy_run) */
        static tla_copy_plan P;
        unsigned char *ps = malloc(bs), *pd = malloc(bd);
        ok = ps && pd && tla_copy_prepare(&P, &D, &S, &e) == 0;
        if (ok) {
            memcpy(ps, ms, bs), memcpy(pd, m0, bd);
            ok = tla_copy_run(&P, pd + (D.data - (char *)md), ps + (S.data - (char *)ms), &e) == 0
                 && memcmp(pd, md, bd) == 0;
        }
        free(ps), free(pd);
    }
    if (!ok)
        printf("  case %ld: %d-%s %d -> %d, %lldx%lld\n", k, eb ? eb : 4, eb ? "byte" : "bit", fs, fd, (long long)R,
               (long long)C);
    free(ms), free(md), free(me), free(m0);
    return ok;
}

int main(void) {
    const char *n = getenv("TLA_COPY_RANDOM");
    long cases = n && atol(n) > 0 ? atol(n) : 1500, k, bad = 0;
    int level;
    for (k = 0; k < cases; k++) bad += !one_case(k);
    printf("  %ld random copies\n", cases);
    CHECK_EQ(bad, 0);
    for (level = TLA_SIMD_PORTABLE; level <= TLA_SIMD_NEON; level++) {
        if (tla_copy_set_simd(level) != 0) continue; /* not on this machine */
        CHECK_EQ(tla_copy_simd(), level);
        for (bad = 0, k = 0; k < cases / 8; k++) bad += !one_case(k);
        printf("  %ld random copies at SIMD level %d\n", cases / 8, level);
        CHECK_EQ(bad, 0);
    }
    CHECK(tla_copy_set_simd(TLA_SIMD_AUTO) == 0);
    CHECK_DONE();
}
