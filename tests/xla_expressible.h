/* tests/xla_expressible.h - an independent oracle: does any TLA layout (with an originShape)
 * express a given offset function exactly?  Used by tests/test_xla.c to check that every
 * tiling tla_layout_from_xla refuses really has no TLA layout.
 *
 * The offsets of every element are given (logical coordinates, row-major order).  A TLA layout
 * over some grouping of the dimensions (each group merged into one coordinate, its dimensions
 * in a given order, row-major) expresses them exactly when
 *   - the offset is the sum over the groups of the group's own offset (the others at 0), and
 *   - along each group, x -> offset(x) on 0..extent-1 is a mixed-radix map: leaves s0, s1, ..
 *     with strides d0, d1, .. and offset(x) = sum_i d_i * (floor(x / (s0..s_i-1)) mod s_i),
 *     the last leaf unbounded (the shape may be padded past the extent).
 * The mixed-radix test is greedy and exact: with radix-1 leaves dropped and contiguous leaves
 * (d_i+1 == s_i * d_i) coalesced the form is unique, s0 being the first x where offset(x) is
 * not x * offset(1).  Nothing here uses tla/: only the shape's dims and minor_to_major. */
#ifndef TLA_TESTS_XLA_EXPRESSIBLE_H
#define TLA_TESTS_XLA_EXPRESSIBLE_H
#include <stdint.h>
#include <stdlib.h>

/* x -> g[x * m] on 0..ceil(n/m)-1 is a mixed-radix map. */
static int xe_radix(const int64_t *g, int64_t n, int64_t m) {
    int64_t cnt = (n + m - 1) / m, d0, s0, x;
    if (g[0] != 0) return 0;
    if (cnt <= 1) return 1;
    d0 = g[m];
    for (s0 = 1; s0 < cnt && g[s0 * m] == s0 * d0; s0++) {
    }
    if (s0 == cnt) return 1; /* one leaf */
    for (x = 0; x < cnt; x++)
        if (g[x * m] != (x % s0) * d0 + g[(x / s0) * s0 * m]) return 0;
    return xe_radix(g, n, m * s0);
}

/* The groups: grp[k] lists ng[k] dimensions, major first.  1 when they express off[]. */
static int xe_grouping(int rank, const int64_t *dims, const int64_t *off, int ngroups, int grp[][8], const int *ng) {
    int64_t total = 1, k, gsize[8], gstride[8][8], e[8], sub[8];
    int i, j, G;
    for (i = 0; i < rank; i++) total *= dims[i];
    if (total == 0) return 1;
    for (i = 0; i < rank; i++) sub[i] = 1; /* row-major strides of the logical dimensions */
    for (i = rank - 2; i >= 0; i--) sub[i] = sub[i + 1] * dims[i + 1];
    for (G = 0; G < ngroups; G++) {
        gsize[G] = 1;
        for (j = ng[G] - 1; j >= 0; j--) gstride[G][j] = gsize[G], gsize[G] *= dims[grp[G][j]];
    }
    for (k = 0; k < total; k++) { /* additive over the groups */
        int64_t rem = k, sum = 0;
        for (i = rank - 1; i >= 0; i--) e[i] = rem % dims[i], rem /= dims[i];
        for (G = 0; G < ngroups; G++) {
            int64_t at = 0;
            for (j = 0; j < ng[G]; j++) at += e[grp[G][j]] * sub[grp[G][j]];
            sum += off[at];
        }
        if (sum != off[k]) return 0;
    }
    for (G = 0; G < ngroups; G++) { /* each group a mixed-radix map */
        int64_t *g = malloc(sizeof *g * (size_t)gsize[G]), x;
        int ok;
        for (x = 0; x < gsize[G]; x++) {
            int64_t at = 0;
            for (j = 0; j < ng[G]; j++) at += (x / gstride[G][j] % dims[grp[G][j]]) * sub[grp[G][j]];
            g[x] = off[at];
        }
        ok = xe_radix(g, gsize[G], 1);
        free(g);
        if (!ok) return 0;
    }
    return 1;
}

/* Per logical dimension (0), or over physically adjacent dimensions merged row-major in
 * physical order as `*` merges them (1), or over any grouping in any order (2): 1 when some
 * TLA layout of that kind expresses off[].  rank <= 8 (level 2: rank <= 6). */
static int xe_expressible(int rank, const int64_t *dims, const int *minor_to_major, const int64_t *off, int level) {
    int grp[8][8], ng[8], i, G;
    if (level == 0) {
        for (i = 0; i < rank; i++) grp[i][0] = i, ng[i] = 1;
        return xe_grouping(rank, dims, off, rank, grp, ng);
    }
    if (level == 1) { /* cut the physical order (major first) at any subset of the rank-1 gaps */
        unsigned cut;
        for (cut = 0; cut < 1u << (rank > 0 ? rank - 1 : 0); cut++) {
            int n = 0;
            ng[0] = 0;
            for (i = 0; i < rank; i++) {
                grp[n][ng[n]++] = minor_to_major[rank - 1 - i];
                if (i + 1 < rank && (cut >> i & 1)) ng[++n] = 0;
            }
            if (xe_grouping(rank, dims, off, n + 1, grp, ng)) return 1;
        }
        return 0;
    }
    { /* any set partition (restricted growth strings), then any order within each group */
        int a[8] = {0}, n, ok;
        long long code, ncodes = 1;
        for (i = 0; i < rank; i++) ncodes *= rank;
        for (code = 0; code < ncodes; code++) {
            long long c = code;
            int mx = -1, valid = 1;
            for (i = 0; i < rank; i++) a[i] = (int)(c % rank), c /= rank;
            for (i = 0; i < rank && valid; i++) valid = a[i] <= mx + 1, mx = a[i] > mx ? a[i] : mx;
            if (!valid) continue;
            n = mx + 1;
            for (G = 0; G < n; G++) ng[G] = 0;
            for (i = 0; i < rank; i++) grp[a[i]][ng[a[i]]++] = i;
            ok = 0;
            { /* every order within each group: a number in 0..|G|!-1 per group, a Lehmer code */
                long long tot = 1, idx;
                int fact[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
                for (G = 0; G < n; G++) tot *= fact[ng[G]];
                for (idx = 0; idx < tot && !ok; idx++) {
                    int og[8][8];
                    long long r = idx;
                    for (G = 0; G < n; G++) {
                        int pool[8], np = ng[G], k, q = (int)(r % fact[ng[G]]);
                        r /= fact[ng[G]];
                        for (k = 0; k < np; k++) pool[k] = grp[G][k];
                        for (k = 0; k < ng[G]; k++) {
                            int f = fact[ng[G] - 1 - k], j = q / f, m;
                            q %= f;
                            og[G][k] = pool[j];
                            for (m = j; m + 1 < np; m++) pool[m] = pool[m + 1];
                            np--;
                        }
                    }
                    ok = xe_grouping(rank, dims, off, n, og, ng);
                }
            }
            if (ok) return 1;
        }
        return 0;
    }
}
#endif
