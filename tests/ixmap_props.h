/* tests/ixmap_props.h - property tests of tests/test_ixmap.c on random maps. */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static int64_t rnd(int64_t n) { /* [0, n) */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return n > 0 ? (int64_t)(rng_state % (uint64_t)n) : 0;
}

/* A random map of the kinds HLO gives: reshapes, slices, pads, transposes, layouts, composed. */
static int random_map(tla_ix_map *out) {
    tla_ix_map a, b;
    tla_error e;
    int64_t d[4], o[4], t = 1;
    int k, r = 1 + (int)rnd(3), i;
    for (i = 0; i < r; i++) d[i] = 1 + rnd(6), t *= d[i];
    k = (int)rnd(5);
    if (k == 0) { /* a reshape to a random factorization */
        int n = 0;
        int64_t left = t;
        while (left > 1 && n < 3) {
            int64_t f = 1 + rnd(left);
            while (left % f) f--;
            o[n++] = f, left /= f;
        }
        if (left > 1 || n == 0) o[n++] = left;
        if (tla__hlo_reshape_map(&C, d, r, o, n, 0, &a) != 0) return -1;
    } else if (k == 1) { /* a strided slice */
        int64_t st[4], sd[4], od[4];
        for (i = 0; i < r; i++) st[i] = rnd(d[i]), sd[i] = 1 + rnd(3), od[i] = (d[i] - st[i] + sd[i] - 1) / sd[i];
        if (tla_ix_map_sizes(&C, &a, r, od, 0, NULL, r) != 0) return -1;
        for (i = 0; i < r; i++) a.res[i] = tla_ix_addc(&C, tla_ix_mulc(&C, tla_ix_dim(&C, i), sd[i]), st[i]);
    } else if (k == 2) { /* a pad with interior padding */
        int64_t lo[4], hi[4], in[4], od[4];
        for (i = 0; i < r; i++)
            lo[i] = rnd(3) - 1, hi[i] = rnd(3) - 1, in[i] = rnd(2), od[i] = d[i] + lo[i] + hi[i] + (d[i] - 1) * in[i];
        for (i = 0; i < r; i++)
            if (od[i] < 1) return -1;
        if (tla__hlo_pad_map(&C, r, od, lo, hi, in, &a) != 0) return -1;
    } else if (k == 3) { /* a transpose */
        int64_t perm[4] = {0, 1, 2, 3};
        for (i = r - 1; i > 0; i--) {
            int j = (int)rnd(i + 1);
            int64_t x = perm[i];
            perm[i] = perm[j], perm[j] = x;
        }
        if (tla__hlo_transpose(&C, perm, r, d, &a) != 0) return -1;
    } else { /* a layout with random strides */
        char text[128];
        int len = 0;
        tla_layout L;
        len += snprintf(text + len, sizeof text - (size_t)len, "(");
        for (i = 0; i < r; i++)
            len += snprintf(text + len, sizeof text - (size_t)len, i ? ",%lld" : "%lld", (long long)d[i]);
        len += snprintf(text + len, sizeof text - (size_t)len, "):(");
        for (i = 0; i < r; i++)
            len += snprintf(text + len, sizeof text - (size_t)len, i ? ",%lld" : "%lld", (long long)rnd(9));
        snprintf(text + len, sizeof text - (size_t)len, ")");
        if (tla_layout_parse(&L, text, &e) != 0 || tla_ix_from_layout(&a, &C, &L, &e) != 0) return -1;
    }
    if (rnd(2) && a.nres >= 1 && !a.empty) { /* then a reshape of its results' shape */
        int64_t dd[TLA_IX_MAX_RES], tt = 1, o2[2];
        int ok = 1;
        for (i = 0; i < a.nres; i++) {
            int64_t lo, hi;
            tla_ix_range(&C, &a, a.res[i], 1, &lo, &hi);
            if (lo < 0 || hi > 40) ok = 0;
            dd[i] = hi + 1, tt *= dd[i];
        }
        if (ok && tt > 0 && tt < 4000) {
            tla_ix_map id;
            o2[0] = tt;
            if (tla__hlo_reshape_map(&C, o2, 1, dd, a.nres, 0, &b) == 0 && tla_ix_compose(&id, &C, &a, &b, &e) == 0)
                a = id;
        }
    }
    *out = a;
    return 0;
}

static int64_t domain_size(const tla_ix_map *m) {
    int64_t n = 1;
    int i;
    for (i = 0; i < m->nd; i++) n *= m->dim[i].hi - m->dim[i].lo + 1;
    for (i = 0; i < m->nr + m->nt; i++) n *= m->sym[i].hi - m->sym[i].lo + 1;
    return n;
}

/* The k-th point of the box of a map's variable intervals. */
static void box_point(const tla_ix_map *m, int64_t k, int64_t *d, int64_t *s) {
    int i;
    for (i = 0; i < m->nd; i++) {
        int64_t w = m->dim[i].hi - m->dim[i].lo + 1;
        d[i] = m->dim[i].lo + k % w, k /= w;
    }
    for (i = 0; i < m->nr + m->nt; i++) {
        int64_t w = m->sym[i].hi - m->sym[i].lo + 1;
        s[i] = m->sym[i].lo + k % w, k /= w;
    }
}

static void properties(void) {
    int iter, bad_simplify = 0, bad_compose = 0, bad_print = 0, bad_layout = 0, tested = 0;
    tla_error e;
    for (iter = 0; iter < 400; iter++) {
        tla_ix_map a, s, r;
        int64_t n, k, d[TLA_IX_MAX_VARS], sy[TLA_IX_MAX_VARS], v1[TLA_IX_MAX_RES], v2[TLA_IX_MAX_RES];
        int i;
        tla_ix_buf b = {0};
        if (random_map(&a) != 0 || a.empty || a.nr + a.nt > 0) continue;
        n = domain_size(&a);
        if (n > 20000) continue;
        tested++;
        /* 1. simplification keeps the map on its domain (the domain itself may only shrink to points outside it) */
        s = a;
        tla_ix_simplify(&C, &s, 0);
        for (k = 0; k < n; k++) {
            box_point(&a, k, d, sy);
            if (!tla_ix_map_contains(&C, &a, d, sy)) continue;
            if (!tla_ix_map_contains(&C, &s, d, sy) || tla_ix_map_eval(&C, &a, d, sy, v1) != 0
                || tla_ix_map_eval(&C, &s, d, sy, v2) != 0)
                bad_simplify++;
            else
                for (i = 0; i < a.nres; i++) bad_simplify += v1[i] != v2[i];
        }
        /* ... and no point outside the domain gets in */
        for (k = 0; k < domain_size(&s) && k < 20000; k++) {
            box_point(&s, k, d, sy);
            if (tla_ix_map_contains(&C, &s, d, sy) && !tla_ix_map_contains(&C, &a, d, sy)) bad_simplify++;
        }
        /* 2. the printed form parses back to a map printing the same */
        tla_ix_map_print(&C, &s, &b);
        if (tla_ix_map_parse(&r, &C, b.s, &e) != 0)
            bad_print++;
        else {
            tla_ix_buf b2 = {0};
            tla_ix_map_print(&C, &r, &b2);
            bad_print += strcmp(b.s, b2.s) != 0;
            for (k = 0; k < n && !r.empty; k++) { /* and evaluates the same */
                box_point(&s, k % domain_size(&s), d, sy);
                if (tla_ix_map_contains(&C, &s, d, sy) && tla_ix_map_eval(&C, &s, d, sy, v1) == 0
                    && tla_ix_map_eval(&C, &r, d, sy, v2) == 0)
                    for (i = 0; i < s.nres; i++) bad_print += v1[i] != v2[i];
            }
            tla_ix_buf_free(&b2);
        }
        tla_ix_buf_free(&b);
        /* 3. compose(A, B) is B after A (B a random map over A's result space) */
        {
            tla_ix_map bm, ab;
            int64_t dims[TLA_IX_MAX_RES];
            int ok = a.nres > 0 && a.nres <= 3;
            for (i = 0; i < a.nres && ok; i++) {
                int64_t lo, hi;
                tla_ix_range(&C, &a, a.res[i], 1, &lo, &hi);
                if (lo < 0 || hi > 30) ok = 0;
                dims[i] = hi + 1;
            }
            if (ok) {
                int64_t perm[3] = {0, 1, 2}, bl[3], bh[3], bi[3];
                for (i = 0; i < a.nres; i++) bl[i] = rnd(2), bh[i] = rnd(2), bi[i] = rnd(2);
                if (rnd(2)) {
                    for (i = 0; i < a.nres; i++) perm[i] = a.nres - 1 - i;
                    ok = tla__hlo_transpose(&C, perm, a.nres, dims, &bm) == 0;
                } else {
                    int64_t od[3];
                    for (i = 0; i < a.nres; i++) od[i] = dims[i] + bl[i] + bh[i] + (dims[i] - 1) * bi[i];
                    ok = tla__hlo_pad_map(&C, a.nres, od, bl, bh, bi, &bm) == 0;
                    if (ok) { /* the pad map goes from the padded space back: compose A with its inverse's domain */
                        tla_ix_map t = bm;
                        bm = t;
                    }
                }
                if (ok && tla_ix_compose(&ab, &C, &a, &bm, &e) == 0) {
                    for (k = 0; k < n; k++) {
                        int64_t mid[TLA_IX_MAX_RES], v3[TLA_IX_MAX_RES];
                        box_point(&a, k, d, sy);
                        if (!tla_ix_map_contains(&C, &a, d, sy) || tla_ix_map_eval(&C, &a, d, sy, mid) != 0) continue;
                        /* in ab's domain exactly when a's result is in bm's domain */
                        if (tla_ix_map_contains(&C, &ab, d, sy) != tla_ix_map_contains(&C, &bm, mid, NULL)) {
                            bad_compose++;
                            continue;
                        }
                        if (!tla_ix_map_contains(&C, &ab, d, sy)) continue;
                        if (tla_ix_map_eval(&C, &bm, mid, NULL, v1) != 0 || tla_ix_map_eval(&C, &ab, d, sy, v3) != 0) {
                            bad_compose++;
                            continue;
                        }
                        for (i = 0; i < bm.nres; i++) bad_compose += v1[i] != v3[i];
                    }
                }
            }
        }
    }
    CHECK(tested > 100);
    CHECK_EQ(bad_simplify, 0);
    CHECK_EQ(bad_print, 0);
    CHECK_EQ(bad_compose, 0);
    /* 4. a layout's map is crd2offset at every coordinate; its inverse gives the coordinate back */
    for (iter = 0; iter < 200; iter++) {
        char text[160];
        int len = 0, i, nl = 1 + (int)rnd(4), nm = 1 + (int)rnd(2), leaf = 0;
        int64_t sh[4], st[4], span = 1;
        tla_layout L;
        tla_ix_map m, inv;
        int64_t size = 1, k;
        int injective;
        for (i = 0; i < nl; i++) sh[i] = 1 + rnd(4);
        /* compact-ish strides in a random order, sometimes with gaps */
        {
            int ord[4] = {0, 1, 2, 3};
            for (i = nl - 1; i > 0; i--) {
                int j = (int)rnd(i + 1), x = ord[i];
                ord[i] = ord[j], ord[j] = x;
            }
            for (i = 0; i < nl; i++) st[ord[i]] = span, span *= sh[ord[i]] + rnd(2);
        }
        if (rnd(5) == 0) st[rnd(nl)] = rnd(3); /* sometimes not injective */
        len += snprintf(text + len, sizeof text - (size_t)len, "(");
        for (i = 0; i < nm; i++) { /* nm top-level modes, the leaves split among them */
            int cnt = i == nm - 1 ? nl - leaf : (nl - leaf > 1 ? 1 + (int)rnd(nl - leaf - 1) : 1), j;
            if (cnt <= 0) break;
            len += snprintf(text + len, sizeof text - (size_t)len, i ? ",(" : "(");
            for (j = 0; j < cnt; j++)
                len += snprintf(text + len, sizeof text - (size_t)len, j ? ",%lld" : "%lld", (long long)sh[leaf + j]);
            len += snprintf(text + len, sizeof text - (size_t)len, ")");
            leaf += cnt;
        }
        len += snprintf(text + len, sizeof text - (size_t)len, "):(");
        leaf = 0;
        for (i = 0; i < nm && leaf < nl; i++) {
            int cnt = 0, j;
            /* same split again: count leaves of mode i from the shape text */
            {
                int depth = 0, mode = -1, p;
                for (p = 0; text[p] && text[p] != ':'; p++) {
                    if (text[p] == '(') {
                        depth++;
                        if (depth == 2) mode++;
                    } else if (text[p] == ')')
                        depth--;
                    else if (text[p] >= '0' && text[p] <= '9' && (p == 0 || text[p - 1] < '0' || text[p - 1] > '9')
                             && mode == i)
                        cnt++;
                }
            }
            len += snprintf(text + len, sizeof text - (size_t)len, i ? ",(" : "(");
            for (j = 0; j < cnt; j++)
                len += snprintf(text + len, sizeof text - (size_t)len, j ? ",%lld" : "%lld", (long long)st[leaf + j]);
            len += snprintf(text + len, sizeof text - (size_t)len, ")");
            leaf += cnt;
        }
        snprintf(text + len, sizeof text - (size_t)len, ")");
        if (tla_layout_parse(&L, text, &e) != 0) {
            printf("FAIL layout text %s: %s\n", text, e.msg);
            check_failed++;
            continue;
        }
        if (tla_ix_from_layout(&m, &C, &L, &e) != 0) {
            check_failed++;
            continue;
        }
        injective = tla_ix_from_layout_inverse(&inv, &C, &L, &e) == 0;
        tla_layout_size(&size, &L, NULL);
        for (k = 0; k < size; k++) {
            tla_tuple crd, sh1;
            int64_t off = 0, val = -1, dd[8], cc[8];
            int r = tla_layout_rank(&L), j;
            sh1 = L.shape;
            if (r == 1) { /* one mode: its coordinate is k */
                dd[0] = k;
            } else {
                int64_t rem = k;
                for (j = 0; j < r; j++) { /* colexicographic over the top-level mode sizes */
                    tla_tuple mj;
                    int64_t sz = 1;
                    int pj[1];
                    memset(&mj, 0, sizeof mj);
                    pj[0] = j;
                    if (tla_tuple_get(&mj, &sh1, 1, pj, NULL) != 0 || tla_tuple_size(&sz, &mj, NULL) != 0 || sz < 1)
                        sz = 1;
                    dd[j] = rem % sz, rem /= sz;
                }
            }
            {
                char ct[96];
                int cl = 0;
                cl += snprintf(ct + cl, sizeof ct - (size_t)cl, r == 1 ? "%lld" : "(", (long long)dd[0]);
                if (r > 1) {
                    for (j = 0; j < r; j++)
                        cl += snprintf(ct + cl, sizeof ct - (size_t)cl, j ? ",%lld" : "%lld", (long long)dd[j]);
                    snprintf(ct + cl, sizeof ct - (size_t)cl, ")");
                }
                if (tla_tuple_parse(&crd, ct, &e) != 0 || tla_layout_crd2offset(&off, &L, &crd, &e) != 0) {
                    bad_layout++;
                    continue;
                }
            }
            if (tla_ix_map_eval(&C, &m, dd, NULL, &val) != 0 || val != off) {
                if (!bad_layout)
                    printf("  layout %s at %lld: map %lld, crd2offset %lld\n", text, (long long)k, (long long)val,
                           (long long)off);
                bad_layout++;
            }
            if (injective) {
                if (tla_ix_map_eval(&C, &inv, &off, NULL, cc) != 0)
                    bad_layout++;
                else
                    for (j = 0; j < r; j++)
                        if (cc[j] != dd[j]) {
                            if (!bad_layout)
                                printf("  inverse of %s at %lld: %lld, expected %lld\n", text, (long long)off,
                                       (long long)cc[j], (long long)dd[j]);
                            bad_layout++;
                        }
            }
        }
    }
    CHECK_EQ(bad_layout, 0);
}
