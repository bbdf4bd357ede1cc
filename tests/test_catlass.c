/* tests/test_catlass.c - CATLASS's TLA surface (tla/catlass.h and the compat names): layout
 * tags, tensors at a coordinate and like another, slices, batch modes, iszNUnAlign.
 * Addresses are checked against the parent tensor's own addressing at every element. */
#include <stdint.h>
#include <stdlib.h>
#include "../tla/compat.h"
#include "check.h"

static const enum tla_format formats[] = {TLA_ROW_MAJOR, TLA_COLUMN_MAJOR, TLA_ZN, TLA_ZZ, TLA_NZ, TLA_NN, TLA_L0C};
#define NFORMATS (int)(sizeof formats / sizeof formats[0])

static tla_tuple pair(int64_t a, int64_t b) {
    tla_tuple p[2], t;
    p[0] = tla_tuple_leaf(a, 0), p[1] = tla_tuple_leaf(b, 0);
    tla_tuple_join(&t, 2, p, NULL);
    return t;
}

/* Tags: Tag::MakeLayout<Element>(rows, cols) then MakeLayoutFromTag gives tla_layout_format's
 * layout (shape, stride, originShape) for every format, element size and ragged size. */
static void test_tags(void) {
    static const int64_t sizes[][2] = {{1, 1}, {16, 16}, {17, 35}, {100, 70}, {33, 1}, {0, 5}};
    int f, b, s, ok = 1, n = 0;
    for (f = 0; f < NFORMATS; f++)
        for (b = 1; b <= 4; b *= 2)
            for (s = 0; s < (int)(sizeof sizes / sizeof sizes[0]); s++) {
                tla_layout_tag tag;
                tla_layout A, B;
                tla_error e;
                int k;
                if (tla_layout_tag_make(&tag, formats[f], b, sizes[s][0], sizes[s][1], &e) != 0
                    || tla_layout_from_tag(&A, &tag, &e) != 0
                    || tla_layout_format(&B, formats[f], b, sizes[s][0], sizes[s][1], &e) != 0) {
                    printf("  tag %d/%d/%d: %s\n", f, b, s, e.msg);
                    ok = 0;
                    continue;
                }
                for (k = 0; k < 2; k++) ok &= tla_layout_origin(&A, k) == tla_layout_origin(&B, k);
                ok &= tla_tuple_equal(&A.shape, &B.shape) && A.stride.ntok == B.stride.ntok
                      && memcmp(A.stride.val, B.stride.val, sizeof A.stride.val) == 0;
                n++;
            }
    CHECK(ok && n == NFORMATS * 3 * 6);
    {
        /* static markers as CATLASS's MakeLayoutFromTag: RowMajor's column stride is Int<1> */
        tla_layout_tag t = {TLA_ROW_MAJOR, {4, 6, 0, 0}, {8, 1, 0, 0}, {0, 0}};
        tla_layout L;
        char buf[80];
        CHECK(tla_layout_from_tag(&L, &t, NULL) == 0);
        tla_layout_snprint(buf, sizeof buf, &L);
        CHECK_STR(buf, "(4,6):(8,_1)");
        t.format = TLA_COLUMN_MAJOR, t.stride[0] = 1, t.stride[1] = 9;
        CHECK(tla_layout_from_tag(&L, &t, NULL) == 0);
        tla_layout_snprint(buf, sizeof buf, &L);
        CHECK_STR(buf, "(4,6):(_1,9)");
        t.format = TLA_VECTOR, t.shape[0] = 7, t.stride[0] = 3;
        CHECK(tla_layout_from_tag(&L, &t, NULL) == 0);
        tla_layout_snprint(buf, sizeof buf, &L);
        CHECK_STR(buf, "7:3");
    }
    {
        /* errors name the problem and leave the output alone */
        tla_layout_tag t = {TLA_ROW_MAJOR, {4, 6, 0, 0}, {8, 2, 0, 0}, {0, 0}};
        tla_layout L, before;
        tla_error e;
        memset(&L, 0x5a, sizeof L);
        before = L;
        CHECK(tla_layout_from_tag(&L, &t, &e) == -1 && strstr(e.msg, "column stride 1") != NULL);
        t.stride[1] = 1, t.shape[0] = -1;
        CHECK(tla_layout_from_tag(&L, &t, &e) == -1 && strstr(e.msg, "negative") != NULL);
        t.format = TLA_ZN;
        t.shape[0] = 16, t.shape[1] = 2, t.shape[2] = 16, t.shape[3] = 1, t.org[0] = 33, t.org[1] = 16;
        CHECK(tla_layout_from_tag(&L, &t, &e) == -1 && strstr(e.msg, "past the fractal shape") != NULL);
        t.format = (enum tla_format)99;
        CHECK(tla_layout_from_tag(&L, &t, &e) == -1 && strstr(e.msg, "unknown") != NULL);
        CHECK(memcmp(&L, &before, sizeof L) == 0);
        CHECK(tla_layout_tag_make(NULL, TLA_ZN, 3, 4, 4, &e) == -1);
    }
}

/* Slices of tiles at every origin keep addressing the parent's elements; make_at, make_like. */
static void test_tensors(void) {
    enum { R = 17, C = 35 };
    static unsigned char buf[64 * 64 * 4];
    int f, b, ok = 1, cases = 0;
    for (f = 0; f < NFORMATS; f++)
        for (b = 1; b <= 4; b *= 2) {
            tla_layout L;
            tla_tensor P;
            int r0, c0;
            if (formats[f] == TLA_L0C && b != 4) continue;
            if (tla_layout_format(&L, formats[f], b, R, C, NULL) != 0) {
                ok = 0;
                continue;
            }
            P = tla_tensor_make(buf, b, &L, TLA_POS_L1);
            for (r0 = 0; r0 < R; r0 += 3)
                for (c0 = 0; c0 < C; c0 += 5) {
                    tla_tuple tile = pair(8, 16), crd = pair(r0, c0), sc;
                    tla_tensor T, S, M;
                    int64_t i, j, er, ec;
                    if (tla_tensor_tile(&T, &P, &tile, &crd, NULL) != 0) {
                        ok = 0;
                        continue;
                    }
                    er = tla_tensor_extent(&T, 0), ec = tla_tensor_extent(&T, 1);
                    /* row slices (i,_) and column slices (_,j) of the tile */
                    for (i = 0; i < er; i++) {
                        sc = pair(i, TLA_UNDERSCORE);
                        if (tla_tensor_slice(&S, &T, &sc, NULL) != 0 || tla_tensor_extent(&S, 0) != ec) {
                            ok = 0;
                            continue;
                        }
                        for (j = 0; j < ec; j++) {
                            tla_tuple x = tla_tuple_leaf(j, 0);
                            ok &= tla_tensor_ptr(&S, &x) == tla_tensor_at2(&P, r0 + i, c0 + j);
                        }
                    }
                    for (j = 0; j < ec; j++) {
                        sc = pair(TLA_UNDERSCORE, j);
                        if (tla_tensor_slice(&S, &T, &sc, NULL) != 0 || tla_tensor_extent(&S, 0) != er) {
                            ok = 0;
                            continue;
                        }
                        for (i = 0; i < er; i++) {
                            tla_tuple x = tla_tuple_leaf(i, 0);
                            ok &= tla_tensor_ptr(&S, &x) == tla_tensor_at2(&P, r0 + i, c0 + j);
                        }
                    }
                    /* MakeTensor(ptr, layout, coord, position) is the same view as the tile's start */
                    if (tla_tensor_make_at(&M, buf, b, &L, &crd, TLA_POS_L1, NULL) != 0) ok = 0;
                    for (i = 0; i < er; i++)
                        for (j = 0; j < ec; j++) ok &= tla_tensor_at2(&M, i, j) == tla_tensor_at2(&P, r0 + i, c0 + j);
                    /* MakeTensorLike: a zN tensor over the tile's extent */
                    {
                        static unsigned char l1[32 * 48 * 4];
                        tla_tensor Z;
                        tla_layout ZL;
                        if (tla_tensor_make_like(&Z, l1, b, TLA_ZN, &T, TLA_POS_L1, NULL) != 0
                            || tla_layout_format(&ZL, TLA_ZN, b, er, ec, NULL) != 0)
                            ok = 0;
                        else
                            ok &= tla_layout_equal(&Z.layout, &ZL) && tla_tensor_extent(&Z, 0) == er
                                  && tla_tensor_extent(&Z, 1) == ec;
                    }
                    cases++;
                }
        }
    CHECK(ok && cases > 100);
    {
        /* a whole-mode slice of a fractal keeps the mode's tuple, and errors */
        tla_layout L;
        tla_tensor P, S;
        tla_tuple c = pair(3, TLA_UNDERSCORE);
        tla_error e;
        char s[120];
        tla_layout_format(&L, TLA_ZN, 2, 40, 70, NULL);
        P = tla_tensor_make(buf, 2, &L, TLA_POS_L1);
        CHECK(tla_tensor_slice(&S, &P, &c, &e) == 0 && tla_tensor_extent(&S, 0) == 70);
        tla_layout_snprint(s, sizeof s, &S.layout);
        CHECK_STR(s, "((_16,5)):((_1,768))");
        c = pair(40, TLA_UNDERSCORE);
        CHECK(tla_tensor_slice(&S, &P, &c, &e) == -1 && strstr(e.msg, "outside mode 0") != NULL);
        c = pair(1, 2);
        CHECK(tla_tensor_slice(&S, &P, &c, &e) == -1 && strstr(e.msg, "no mode is kept") != NULL);
        c = tla_tuple_leaf(TLA_UNDERSCORE, 0);
        CHECK(tla_tensor_slice(&S, &P, &c, &e) == -1 && strstr(e.msg, "one integer or _ per mode") != NULL);
        c = pair(-1, 0);
        CHECK(tla_tensor_make_at(&S, buf, 2, &L, &c, TLA_POS_L1, &e) == -1 && strstr(e.msg, "negative") != NULL);
        c = tla_tuple_leaf(3, 0);
        CHECK(tla_tensor_make_at(&S, buf, 2, &L, &c, TLA_POS_L1, &e) == -1 && strstr(e.msg, "rank 2") != NULL);
        CHECK(tla_tensor_make_at(&S, buf, 0, &L, NULL, TLA_POS_L1, &e) == -1);
        /* MakeTensorLike with an element size other than the like's: L0C floats for a half tile */
        {
            tla_tensor A;
            tla_layout RL;
            tla_layout_format(&RL, TLA_ROW_MAJOR, 2, 30, 20, NULL);
            A = tla_tensor_make(buf, 2, &RL, TLA_POS_GM);
            CHECK(tla_tensor_make_like(&S, buf, 4, TLA_L0C, &A, TLA_POS_L0C, &e) == 0);
            tla_layout_snprint(s, sizeof s, &S.layout);
            CHECK_STR(s, "((_16,2),(_16,2)):((_16,_256),(_1,512))");
            CHECK(tla_tensor_extent(&S, 0) == 30 && tla_tensor_extent(&S, 1) == 20);
        }
    }
}

/* tla_slice keeps the originShape of whole top-level modes; prepend_dim; origin_shape. */
static void test_layouts(void) {
    tla_layout L, S, B;
    tla_tuple c[3], crd;
    int64_t off = 0, b, i, j;
    int ok = 1;
    tla_error e;
    char s[160];
    tla_layout_parse(&L, "(8,6,10):(1,8,48)", NULL);
    tla_tuple_parse(&crd, "(5,4,7)", NULL);
    tla_layout_set_origin(&L, &crd, NULL);
    c[0] = tla_tuple_leaf(TLA_UNDERSCORE, 0), c[1] = tla_tuple_leaf(2, 0), c[2] = tla_tuple_leaf(TLA_UNDERSCORE, 0);
    tla_tuple_join(&crd, 3, c, NULL);
    CHECK(tla_slice(&S, &off, &L, &crd, &e) == 0 && off == 16);
    CHECK(tla_layout_origin(&S, 0) == 5 && tla_layout_origin(&S, 1) == 7);
    /* prepend_dim: batch b at b * stride, the rest as before */
    tla_layout_format(&L, TLA_NZ, 2, 40, 70, NULL);
    CHECK(tla_layout_prepend_dim(&B, &L, 3, 5000, &e) == 0);
    for (b = 0; b < 3; b++)
        for (i = 0; i < 40; i++)
            for (j = 0; j < 70; j++) {
                tla_tuple p[3], x, y;
                int64_t o1 = 0, o2 = 0;
                p[0] = tla_tuple_leaf(b, 0), p[1] = tla_tuple_leaf(i, 0), p[2] = tla_tuple_leaf(j, 0);
                tla_tuple_join(&x, 3, p, NULL);
                y = pair(i, j);
                tla_layout_crd2offset(&o1, &B, &x, NULL);
                tla_layout_crd2offset(&o2, &L, &y, NULL);
                ok &= o1 == b * 5000 + o2;
            }
    CHECK(ok);
    {
        tla_tuple o = tla_layout_origin_shape(&B);
        tla_tuple_snprint(s, sizeof s, &o);
        CHECK_STR(s, "(3,40,70)");
    }
    CHECK(tla_layout_prepend_dim(&B, &L, -1, 1, &e) == -1 && strstr(e.msg, "negative") != NULL);
    tla_layout_parse(&L, "(1,1,1,1,1,1,1,1):(1,1,1,1,1,1,1,1)", NULL);
    CHECK(tla_layout_prepend_dim(&B, &L, 2, 1, &e) == -1 && strstr(e.msg, "rank 8 is full") != NULL);
    /* iszNUnAlign, run time and static */
    tla_layout_parse(&L, "((127,1),(16,16)):((16,2048),(1,2032))", NULL);
    CHECK(tla_layout_is_zN_unalign(&L, 2) && !tla_layout_is_zN_unalign(&L, 4) && !tla_layout_is_format(&L, TLA_ZN, 2));
    tla_layout_format(&L, TLA_ZN, 2, 127, 256, NULL);
    CHECK(!tla_layout_is_zN_unalign(&L, 2));
    {
        tla_auto U = MakeLayout(MakeShape(MakeShape(127, _1), MakeShape(_16, _16)),
                                MakeStride(MakeStride(_16, Int(2048)), MakeStride(_1, Int(2032))));
        tla_auto Z = MakeLayout(tla_half, zN, 127, 256);
        _Static_assert(iszNUnAlign(tla_half, U) && !iszN(tla_half, U), "zNUnAlign is recognised");
        _Static_assert(!iszNUnAlign(tla_half, Z) && iszN(tla_half, Z), "zN is not zNUnAlign");
        _Static_assert(!iszNUnAlign(float, U), "the C0 depends on the element");
        (void)U, (void)Z;
    }
}

/* The compat names of docs/catlass.md's table, used as a CATLASS kernel would. */
static void test_compat_names(void) {
    static uint16_t a[100 * 70], l1[112 * 80];
    int i, ok = 1;
    tla_error e;
    for (i = 0; i < 100 * 70; i++) a[i] = (uint16_t)i;
    {
        /* a run-time layout takes the run-time tensors (over a static or mixed one, MakeTensor
         * gives a static or mixed tensor: tests/test_compat_tensors.c) */
        tla_layout La = tla_to_layout(MakeLayout(tla_half, RowMajor, 100, Int(70)));
        tla_tensor A = MakeTensor(a, La, PositionGM);
        tla_tensor T = GetTile(A, MakeCoord(64, 48), MakeShape(_64, _48));
        tla_tensor B = MakeTensorLike(zN, l1, T, PositionL1);
        tla_tensor V = TileView(A, MakeCoord(1, 1), MakeShape(_64, _48));
        tla_tensor At = MakeTensor(a, La, MakeCoord(2, 3), PositionGM);
        tla_tensor Bad = GetTile(A, MakeCoord(-1, 0), MakeShape(_64, _48));
        int64_t r, c;
        CHECK(B.elem_bytes == 2 && tla_tensor_extent(&B, 0) == 36 && tla_tensor_extent(&B, 1) == 22);
        CHECK(tla_copy(&B, &T, &e) == 0);
        for (r = 0; r < 36; r++)
            for (c = 0; c < 22; c++) ok &= *(uint16_t *)tla_tensor_at2(&B, r, c) == (64 + r) * 70 + 48 + c;
        CHECK(ok);
        CHECK(*(uint16_t *)tla_tensor_at2(&V, 0, 0) == 64 * 70 + 48);
        CHECK(*(uint16_t *)tla_tensor_at2(&At, 1, 1) == 3 * 70 + 4);
        CHECK(Bad.data == NULL && tla_tensor_extent(&Bad, 0) == 0 && tla_tensor_at2(&Bad, 0, 0) == NULL);
        CHECK(originShape(La, 1) == 70);
    }
    {
        tla_auto Z = MakeLayout(tla_half, zN, Int(100), Int(70));
        tla_auto G = GetTileLayout(Z, MakeShape(_16, _16), MakeCoord(3, 8));
        tla_layout P = PrependDimLayout(Z, 4, 112 * 80);
        tla_layout_tag tag;
        tla_layout F;
        tla_tuple o;
        char s[120];
        _Static_assert(iszN(tla_half, Z), "MakeLayout<half, zN> is zN");
        tla_layout_snprint(s, sizeof s, &P);
        CHECK_STR(s, "(4,(_16,_7),(_16,_5)):(8960,(_16,_256),(_1,_1792))");
        CHECK(tla_crd2offset(MakeCoord(2, 9), G) == tla_crd2offset(MakeCoord(5, 17), Z));
        CHECK(tla_layout_tag_make(&tag, TLA_NZ, 2, 30, 40, &e) == 0);
        F = MakeLayoutFromTag(tag);
        tla_layout_snprint(s, sizeof s, &F);
        CHECK_STR(s, "((16,2),(16,3)):((1,768),(16,256))");
        o = originShape(F);
        tla_tuple_snprint(s, sizeof s, &o);
        CHECK_STR(s, "(30,40)");
        {
            /* CATLASS's other layout makers, as compat names over tla/static/formats_ext.h */
            tla_auto W = MakeLayout(tla_int4, Weight4BitnZ, Int(64), Int(32));
            tla_auto M = MakeMxScaleLayout(uint8_t, RowMajor, false, Int(256), Int(32));
            tla_auto Fm = MakeLayoutFmap(tla_half, 2, 7, 33, 43);
            tla_auto Fl = MakeLayoutFilter(tla_half, PositionL1, 7, 3, 3, 80);
            tla_auto C = MakeLayoutL0C(Int(32), Int(48));
            tla_layout Wr, Mr, Fmr, Flr, Ws = tla_to_layout(W), Ms = tla_to_layout(M), Fms = tla_to_layout(Fm),
                                         Fls = tla_to_layout(Fl);
            CHECK(tla_layout_weight4bit_nZ(&Wr, 64, 32, 0, &e) == 0 && tla_layout_equal(&Wr, &Ws));
            CHECK(tla_layout_mx_scale(&Mr, TLA_ROW_MAJOR, 0, 256, 32, 0, &e) == 0 && tla_layout_equal(&Mr, &Ms));
            CHECK(tla_layout_fmap(&Fmr, 2, 2, 7, 33, 43, 0, &e) == 0 && tla_layout_equal(&Fmr, &Fms));
            CHECK(tla_layout_conv_filter(&Flr, 2, 7, 3, 3, 80, 1, 0, &e) == 0 && tla_layout_equal(&Flr, &Fls));
            _Static_assert(size(C) == 32 * 48, "MakeLayoutL0C");
        }
        {
            tla_auto V = MakeLayout(Int(12));
            _Static_assert(isVector(V) && size(V) == 12, "MakeLayout(len) is a vector");
            (void)V;
        }
    }
}

int main(void) {
    test_tags();
    test_tensors();
    test_layouts();
    test_compat_names();
    CHECK_DONE();
}
