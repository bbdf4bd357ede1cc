/* tests/test_compat_tensors.c - CATLASS's tensor idioms behind the compat names, on static,
 * mixed and run-time layouts, and the layout predicates on all three.
 *
 * MakeTensor over a static or mixed layout gives a static or mixed tensor; GetTile, TileView and
 * MakeTensorLike of one give static or mixed tensors.  Each element address is checked against
 * the run-time tensors (tla_tensor_tile, tla_tensor_local_tile, tla_tensor_make_like), which the
 * other tests check against naive loops, over every element of tail tiles of ragged matrices. */
#include "../tla.h"
#include "../tla/compat.h"
#include "check.h"
#include <stdint.h>

static uint16_t gm[257 * 129], l1[272 * 144];

/* The run-time reference: the address of element (r, c) of tile (tr, tc) of shape (th, tw) of a
 * RowMajor rows x cols half tensor over gm, by the run-time functions. */
static uint16_t *rt_tile_elem(int64_t rows, int64_t cols, int64_t tr, int64_t tc, int64_t th, int64_t tw, int64_t r,
                              int64_t c) {
    tla_layout L;
    tla_tensor A, T;
    tla_tuple shape = tla_to_tuple(tla_make_tuple(th, tw)), crd = tla_to_tuple(tla_make_tuple(tr, tc));
    tla_error e;
    if (tla_layout_format(&L, TLA_ROW_MAJOR, 2, rows, cols, &e) != 0) return NULL;
    A = tla_tensor_make(gm, 2, &L, TLA_POS_GM);
    if (tla_tensor_tile(&T, &A, &shape, &crd, &e) != 0) return NULL;
    return (uint16_t *)tla_tensor_at2(&T, r, c);
}

/* GetTile, TileView and MakeTensorLike(zN) of a RowMajor tensor: static (S), mixed (M, run-time
 * extents) and run-time (R, a tla_layout), at every tile of a ragged matrix, every element. */
#define ROWS 257
#define COLS 129
static void tiles(int rows, int cols) {
    long bad = 0, n = 0;
    int full = rows == ROWS && cols == COLS;
    tla_auto S = MakeTensor(gm, MakeLayout(tla_half, RowMajor, Int(ROWS), Int(COLS)), PositionGM);
    tla_auto M = MakeTensor(gm, MakeLayout(tla_half, RowMajor, rows, cols), PositionGM);
    tla_layout RL = tla_to_layout(MakeLayout(tla_half, RowMajor, rows, cols));
    tla_tensor R = MakeTensor(gm, RL, PositionGM);
    _Static_assert(sizeof S == sizeof(uint16_t *), "an all-static tensor is its pointer");
    for (int tr = 0; tr * 32 < rows; tr++)
        for (int tc = 0; tc * 16 < cols; tc++) {
            int r0 = tr * 32, c0 = tc * 16;
            tla_auto ST = GetTile(S, MakeCoord(r0, c0), MakeShape(_32, _16));
            tla_auto MT = GetTile(M, MakeCoord(r0, c0), MakeShape(_32, _16));
            tla_tensor RT = GetTile(R, MakeCoord(r0, c0), MakeShape(_32, _16));
            tla_auto SV = TileView(S, MakeCoord(tr, tc), MakeShape(_32, _16));
            tla_auto MV = TileView(M, MakeCoord(tr, tc), MakeShape(_32, _16));
            tla_tensor RV = TileView(R, MakeCoord(tr, tc), MakeShape(_32, _16));
            /* the tile's extent (its originShape): the tail tile is cropped */
            int h = rows - r0 < 32 ? rows - r0 : 32, w = cols - c0 < 16 ? cols - c0 : 16;
            tla_auto SL = tla_tensor_layout(ST);
            bad += full && (tla_value(tla_get(SL.tla_o[0], 0)) != h || tla_value(tla_get(SL.tla_o[0], 1)) != w);
            bad += tla_tensor_extent(&RT, 0) != h || tla_tensor_extent(&RT, 1) != w;
            /* the tile's static strides and shape: static in the static and mixed tensors */
            _Static_assert(tla_value(tla_get(tla_shape(tla_tensor_layout(ST)), 0)) == 32, "a static tile shape");
            _Static_assert(tla_value(tla_get(tla_stride(tla_tensor_layout(ST)), 0)) == COLS, "a static stride");
            for (int r = 0; r < h; r++)
                for (int c = 0; c < w; c++) {
                    uint16_t *want = rt_tile_elem(rows, cols, r0, c0, 32, 16, r, c);
                    bad += want != gm + (r0 + r) * cols + c0 + c;
                    bad += full && tla_tensor_elem(ST, r, c) != want; /* (S is ROWS x COLS) */
                    bad += tla_tensor_elem(MT, r, c) != want;
                    bad += (uint16_t *)tla_tensor_at2(&RT, r, c) != want;
                    bad += (full && tla_tensor_elem(SV, r, c) != want) || tla_tensor_elem(MV, r, c) != want;
                    bad += (uint16_t *)tla_tensor_at2(&RV, r, c) != want;
                    n++;
                }
            /* MakeTensorLike<zN, half>(l1, tile, PositionL1): a zN of the tile's extent */
            tla_auto SZ = MakeTensorLike(zN, l1, ST, PositionL1);
            tla_auto MZ = MakeTensorLike(zN, l1, MT, PositionL1);
            tla_tensor RZ = MakeTensorLike(zN, l1, RT, PositionL1);
            bad += tla_tensor_extent(&RZ, 0) != h || tla_tensor_extent(&RZ, 1) != w;
            for (int r = 0; r < h; r++)
                for (int c = 0; c < w; c++) {
                    uint16_t *want = (uint16_t *)tla_tensor_at2(&RZ, r, c);
                    bad += want != l1 + tla_crd2offset(tla_make_tuple(r, c), tla_zN(tla_half, h, w));
                    bad += (full && tla_tensor_elem(SZ, r, c) != want) || tla_tensor_elem(MZ, r, c) != want;
                }
        }
    CHECK(n == (long)rows * cols);
    CHECK_EQ(bad, 0);
}

/* A static tile of a static tensor at a static coordinate is all static: its addresses are
 * constant-folded, and MakeTensorLike of it is all static too. */
static void all_static(void) {
    tla_auto S = MakeTensor(gm, MakeLayout(tla_half, zN, _64, _64), PositionGM);
    tla_auto T = GetTile(S, MakeCoord(_16, _32), MakeShape(_16, _16));
    tla_auto Z = MakeTensorLike(zZ, l1, T, PositionL1);
    _Static_assert(sizeof T == sizeof(uint16_t *) && sizeof Z == sizeof(uint16_t *), "all static");
    _Static_assert(tla_is_zZ(tla_half, tla_tensor_layout(Z)), "MakeTensorLike<zZ>");
    CHECK(tla_tensor_elem(T, 1, 2) == tla_tensor_elem(S, 17, 34));
    CHECK(tla_tensor_elem(Z, 1, 2) == l1 + 16 + 2);
}

/* The predicates answer every kind of layout by CATLASS's definitions (detail::isRowMajor,
 * iszN, ...): an integer constant expression for static and mixed layouts, at run time for a
 * tla_layout, the same answer for the same layout (never a silent 0). */
#define PRED_ALL(T, L, out) \
    do { \
        out[0] = isRowMajor(L), out[1] = isColumnMajor(L), out[2] = iszN(T, L), out[3] = iszZ(T, L); \
        out[4] = isnZ(T, L), out[5] = tla_is_nN(T, L), out[6] = iszNUnAlign(T, L), out[7] = isVector(L); \
    } while (0)
#define PRED_SAME(T, mk) \
    do { \
        int a_[8], b_[8]; \
        tla_auto Ls_ = mk; \
        tla_layout Lr_ = tla_to_layout(Ls_); \
        PRED_ALL(T, Ls_, a_); \
        PRED_ALL(T, Lr_, b_); \
        npred++; \
        for (int k_ = 0; k_ < 8; k_++) \
            if (a_[k_] != b_[k_]) { \
                printf("  predicate %d of %s: static %d, run time %d\n", k_, #mk, a_[k_], b_[k_]); \
                badpred++; \
            } \
    } while (0)
#define PRED_TYPES(mk2) \
    PRED_SAME(tla_half, mk2(tla_half)); \
    PRED_SAME(float, mk2(float)); \
    PRED_SAME(uint8_t, mk2(uint8_t))
#define F_ZN(T) tla_zN(T, 100, 70)
#define F_ZZ(T) tla_zZ(T, 100, 70)
#define F_NZ(T) tla_nZ(T, 100, 70)
#define F_NN(T) tla_nN(T, 100, 70)
#define F_ZZ1(T) tla_zZ(T, 100, 5) /* one fractal column: CATLASS's iszN says yes */
#define F_RM(T) tla_row_major(100, 70)
#define F_CM(T) tla_column_major(100, 70)
static void predicates(void) {
    int npred = 0, badpred = 0;
    PRED_TYPES(F_ZN);
    PRED_TYPES(F_ZZ);
    PRED_TYPES(F_NZ);
    PRED_TYPES(F_NN);
    PRED_TYPES(F_ZZ1);
    PRED_TYPES(F_RM);
    PRED_TYPES(F_CM);
    PRED_SAME(tla_half, tla_vector(33));
    PRED_SAME(tla_int4, tla_zN(tla_int4, 64, 128));
    PRED_SAME(tla_half, tla_l0c(32, 32));
    PRED_SAME(tla_half, MakeLayout(MakeShape(MakeShape(127, _1), MakeShape(_16, _16)),
                                   MakeStride(MakeStride(_16, _2048), MakeStride(_1, Int(2032)))));
    CHECK_EQ(badpred, 0);
    CHECK_EQ(npred, 25);
    /* the run-time answers themselves, as CATLASS gives them */
    tla_layout R = tla_to_layout(tla_row_major(100, 70)), Z = tla_to_layout(tla_zN(tla_half, 100, 70));
    tla_layout Z1 = tla_to_layout(tla_zZ(tla_half, 100, 5));
    tla_tensor t = MakeTensor(gm, R, PositionGM);
    CHECK(isRowMajor(R) && !isColumnMajor(R) && isRowMajor(t.layout) && !iszN(tla_half, t.layout));
    CHECK(iszN(tla_half, Z) && !iszN(float, Z) && !isnZ(tla_half, Z) && !isRowMajor(Z));
    /* a zZ of one fractal column: its stride<0,1> is a run-time value (CATLASS's int64_t), which
     * CATLASS's iszN reads from Layout{} as 0, so it is not zN (though the value is 16 * C0) */
    CHECK(!iszN(tla_half, Z1) && iszZ(tla_half, Z1));
    /* a parsed run-time layout: its static leaves are the ones written _N */
    tla_layout P1, P2;
    tla_error e;
    CHECK(tla_layout_parse(&P1, "((_16,7),(_16,5)):((_16,_256),(_1,1792))", &e) == 0 && iszN(tla_half, P1));
    CHECK(tla_layout_parse(&P2, "((16,7),(16,5)):((16,256),(1,1792))", &e) == 0 && !iszN(tla_half, P2));
    CHECK(tla_layout_is_format(&P2, TLA_ZN, 2)); /* (the value-only test, which the copy planner uses) */
    _Static_assert(iszN(tla_half, tla_zN(tla_half, 100, 70)) && !iszN(float, tla_zN(tla_half, 100, 70)),
                   "static and mixed: constant expressions");
}

/* crd2offset and originShape take static, mixed and run-time layouts and tensors alike: the
 * same line of a port, whatever the layout is. */
static void one_spelling(void) {
    int i = 17, j = 33, rows = 100;
    tla_auto S = MakeLayout(tla_half, zN, Int(100), Int(70));
    tla_auto M = MakeLayout(tla_half, zN, rows, 70);
    tla_layout R = tla_to_layout(M);
    tla_tensor t = MakeTensor(gm, R, PositionGM);
    tla_auto ts = MakeTensor(gm, S, PositionGM);
    long long want = 16 + 256 + 1 + 2 * 112 * 16;
    _Static_assert(crd2offset(MakeCoord(_16, Int(33)), S) == 256 + 1 + 2 * 112 * 16, "static: a constant");
    CHECK_EQ(crd2offset(MakeCoord(i, j), S), want);
    CHECK_EQ(crd2offset(MakeCoord(i, j), M), want);
    CHECK_EQ(crd2offset(MakeCoord(i, j), R), want);
    CHECK_EQ(crd2offset(MakeCoord(i, j), t.layout), want);
    CHECK_EQ(crd2offset(MakeCoord(i, j, 3), t.layout), -1); /* a coordinate of another rank */
    _Static_assert(originShape(S, 0) == 100 && originShape(ts, 1) == 70, "static originShape: constants");
    CHECK(originShape(M, 0) == 100 && originShape(R, 0) == 100 && originShape(t.layout, 1) == 70);
    tla_auto T = GetTile(ts, MakeCoord(96, 64), MakeShape(_16, _16));
    CHECK(originShape(T, 0) == 4 && originShape(T, 1) == 6);
    /* get, shape(L, I...), stride(L, I...), size and rank with indices, of every kind */
    _Static_assert(tla_value(get(stride(S), 1, 1)) == 112 * 16 && tla_value(stride(S, 1, 1)) == 112 * 16, "static");
    _Static_assert(size(S, 1) == 80 && rank(S, 0) == 2, "static sizes");
    CHECK_EQ(tla_value(get(stride(M), 1, 1)), 112 * 16);
    CHECK_EQ(tla_value(get(stride(R), 1, 1)), 112 * 16);
    CHECK_EQ(tla_value(get(stride(t.layout), 1, 1)), 112 * 16);
    CHECK_EQ(tla_value(stride(t.layout, 1, 1)), 112 * 16);
    CHECK_EQ(tla_value(shape(t.layout, 0, 1)), 7);
    CHECK_EQ(size(t.layout, 1), 80);
    CHECK_EQ(rank(get(t.layout, 1)), 2);
    CHECK_EQ(CeilDiv(rows, tla_value(get(shape(t.layout), 0, 0))), 7);
    CHECK_EQ(tla_value(get(stride(t.layout), 1, 1)) * 2, 2 * 1792);
}

/* MakeTensor(ptr, layout, coord, position), data(t), layout(t), coord(t) and crd2offset's three
 * spellings, on static (S), mixed (M) and run-time (R) tensors: the same line of a port gives
 * the same answer whatever the tensor is, and a static tensor's answers are constants. */
static void accessors(void) {
    int rows = 100, i = 3, j = 5;
    tla_auto SL = MakeLayout(tla_half, zN, Int(100), Int(70));
    tla_auto ML = MakeLayout(tla_half, zN, rows, 70);
    tla_layout RL = tla_to_layout(ML);
    long bad = 0;
    /* at a static coordinate (16, 32) and a run-time one (i, j) */
    tla_auto S = MakeTensor(gm, SL, MakeCoord(_16, _32), PositionGM);
    tla_auto S2 = MakeTensor(gm, SL, MakeCoord(i, j), PositionGM);
    tla_auto M = MakeTensor(gm, ML, MakeCoord(i, j), PositionGM);
    tla_tensor R = MakeTensor(gm, RL, MakeCoord(i, j), PositionGM);
    tla_tensor R16 = MakeTensor(gm, RL, MakeCoord(16, 32), PositionGM);
    _Static_assert(sizeof S == sizeof(uint16_t *), "an all-static tensor at a static coordinate is its pointer");
    /* t.layout()(t.coord()): the offset of the tensor's first element from t.data() */
    _Static_assert(crd2offset(coord(S), layout(S)) == 256 + 2 * 112 * 16, "static: a constant");
    _Static_assert(tla_value(get(coord(S), 1)) == 32 && tla_value(get(stride(layout(S)), 1, 1)) == 112 * 16,
                   "static coord() and stride()");
    _Static_assert(originShape(layout(S), 0) == 100 && originShape(S, 1) == 70, "layout() keeps the originShape");
    CHECK_EQ(crd2offset(coord(R16), layout(R16)), 256 + 2 * 112 * 16);
    CHECK_EQ(crd2offset(coord(S2), layout(S2)), 3 * 16 + 5);
    CHECK_EQ(crd2offset(coord(M), layout(M)), 3 * 16 + 5);
    CHECK_EQ(crd2offset(coord(R), layout(R)), 3 * 16 + 5);
    CHECK(data(S) == gm && data(M) == gm && (uint16_t *)data(R) == gm);
    CHECK(tla_value(get(coord(M), 0)) == 3 && tla_value(get(coord(R), 1)) == 5);
    CHECK_EQ(tla_value(get(stride(layout(M)), 1, 1)), 112 * 16);
    CHECK_EQ(tla_value(get(stride(layout(R)), 1, 1)), 112 * 16);
    CHECK_EQ(tla_value(get(shape(layout(R)), 0, 1)), 7);
    CHECK(originShape(M, 0) == 100 && originShape(R.layout, 1) == 70);
    /* originShape(x) of a layout or tensor of every kind: the tuple (100,70) */
    {
        tla_tuple want = tla_to_tuple(tla_make_tuple(100, 70)),
                  os[6] = {originShape(SL), originShape(ML), originShape(RL),
                           originShape(S),  originShape(M),  originShape(R)};
        for (int k = 0; k < 6; k++) CHECK(tla_tuple_equal(&os[k], &want));
    }
    /* crd2offset(c, shape, stride) of each kind, and crd2offset(c, layout) */
    _Static_assert(crd2offset(MakeCoord(_17, Int(33)), shape(layout(S)), stride(layout(S)))
                       == 16 + 256 + 1 + 2 * 112 * 16,
                   "static: a constant");
    for (int r = 0; r < 100; r += 7)
        for (int c = 0; c < 70; c += 3) {
            long long want = (r % 16) * 16 + r / 16 * 256 + c % 16 + c / 16 * 112 * 16;
            bad += crd2offset(MakeCoord(r, c), shape(layout(S)), stride(layout(S))) != want;
            bad += crd2offset(MakeCoord(r, c), shape(layout(M)), stride(layout(M))) != want;
            bad += crd2offset(MakeCoord(r, c), shape(layout(R)), stride(layout(R))) != want;
            bad += crd2offset(MakeCoord(r, c), shape(R.layout), stride(R.layout)) != want;
            bad += crd2offset(MakeCoord(r, c), layout(R)) != want || crd2offset(MakeCoord(r, c), SL) != want;
            /* element (r', c') of a tensor at a coordinate is element coord + (r', c') */
            if (r + 16 < 100 && c + 32 < 70) {
                bad += tla_tensor_elem(S, r, c) != gm + crd2offset(MakeCoord(r + 16, c + 32), SL);
                bad += (uint16_t *)tla_tensor_at2(&R16, r, c) != tla_tensor_elem(S, r, c);
            }
            if (r + i < 100 && c + j < 70) {
                bad += tla_tensor_elem(M, r, c) != gm + crd2offset(MakeCoord(r + i, c + j), SL);
                bad += (uint16_t *)tla_tensor_at2(&R, r, c) != tla_tensor_elem(M, r, c);
                bad += tla_tensor_elem(S2, r, c) != tla_tensor_elem(M, r, c);
            }
        }
    CHECK_EQ(bad, 0);
    /* a one-integer coordinate and a mode's layout; a coordinate of another rank is -1 at run time */
    CHECK_EQ(crd2offset(5, shape(get(RL, 0)), stride(get(RL, 0))), 5 * 16);
    CHECK_EQ(crd2offset(MakeCoord(1, 2, 3), shape(RL), stride(RL)), -1);
    CHECK_EQ(crd2offset(MakeCoord(1, 2, 3), RL), -1);
    /* GetTile of a tensor at a coordinate adds the tile's coordinate to it (CATLASS's coord() + coord) */
    tla_auto SG = GetTile(S, MakeCoord(_16, _16), MakeShape(_16, _16));
    tla_auto MG = GetTile(M, MakeCoord(16, 16), MakeShape(_16, _16));
    tla_tensor RG = GetTile(R, MakeCoord(16, 16), MakeShape(_16, _16));
    _Static_assert(tla_value(get(coord(SG), 0)) == 32 && tla_value(get(coord(SG), 1)) == 48,
                   "a static tile's coordinate");
    CHECK(tla_value(get(coord(MG), 0)) == 19 && tla_value(get(coord(RG), 1)) == 21);
    CHECK(tla_tensor_elem(SG, 1, 2) == gm + crd2offset(MakeCoord(33, 50), SL));
    CHECK((uint16_t *)tla_tensor_at2(&RG, 1, 2) == tla_tensor_elem(MG, 1, 2));
    CHECK(tla_tensor_elem(MG, 1, 2) == gm + crd2offset(MakeCoord(20, 23), SL));
    CHECK_EQ(crd2offset(coord(MG), layout(MG)), crd2offset(coord(RG), layout(RG)));
    /* MakeTensorLike(Tag, ptr, like, position, layoutBase): base's shape and stride, like's
     * originShape (a cropped tail tile's), of every kind */
    tla_auto base = MakeLayout(tla_half, zN, _32, _32);
    tla_auto ST = GetTile(MakeTensor(gm, SL, PositionGM), MakeCoord(_96, _64), MakeShape(_32, _32));
    tla_auto MT = GetTile(MakeTensor(gm, ML, PositionGM), MakeCoord(96, 64), MakeShape(_32, _32));
    tla_tensor RT = GetTile(MakeTensor(gm, RL, PositionGM), MakeCoord(96, 64), MakeShape(_32, _32));
    tla_auto SB = MakeTensorLike(zN, l1, ST, PositionL1, base);
    tla_auto MB = MakeTensorLike(zN, l1, MT, PositionL1, base);
    tla_tensor RB = MakeTensorLike(zN, l1, RT, PositionL1, base);
    _Static_assert(originShape(SB, 0) == 4 && originShape(SB, 1) == 6, "a static tail tile's extent");
    _Static_assert(tla_value(get(stride(layout(SB)), 1, 1)) == 32 * 16, "base's strides");
    CHECK(originShape(MB, 0) == 4 && originShape(MB, 1) == 6 && tla_tensor_extent(&RB, 0) == 4);
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 6; c++) {
            uint16_t *want = l1 + crd2offset(MakeCoord(r, c), base);
            CHECK(tla_tensor_elem(SB, r, c) == want && tla_tensor_elem(MB, r, c) == want);
            CHECK((uint16_t *)tla_tensor_at2(&RB, r, c) == want);
        }
}

/* Slice(t, i, _), Slice(t, _, j) (CATLASS's tensor(i, _), tensor(_, j)) of static, mixed and
 * run-time tensors and of tiles off a fractal boundary, every element of every row and column;
 * and tensor(b, _, _) of a batched run-time tensor. */
static void slices(void) {
    int rows = 100;
    long bad = 0, n = 0;
    tla_auto S = MakeTensor(gm, MakeLayout(tla_half, zN, Int(100), Int(70)), PositionGM);
    tla_auto M = MakeTensor(gm, MakeLayout(tla_half, zN, rows, 70), PositionGM);
    tla_tensor R = MakeTensor(gm, tla_to_layout(MakeLayout(tla_half, zN, rows, 70)), PositionGM);
    tla_auto SR = MakeTensor(gm, MakeLayout(tla_half, RowMajor, Int(100), Int(70)), PositionGM);
    for (int i = 0; i < 100; i++) {
        tla_auto s = Slice(S, i, _);
        tla_auto m = Slice(M, i, _);
        tla_tensor r = Slice(R, i, _);
        tla_auto sr = Slice(SR, i, _);
        bad += originShape(s, 0) != 70 || originShape(m, 0) != 70 || tla_tensor_extent(&r, 0) != 70;
        for (int j = 0; j < 70; j++, n++) {
            uint16_t *want = tla_tensor_elem(S, i, j);
            bad += tla_tensor_elem(s, j) != want || tla_tensor_elem(m, j) != want;
            bad += (uint16_t *)tla_tensor_ptr(&r, (tla_tuple[1]){tla_tuple_leaf(j, 0)}) != want;
            bad += tla_tensor_elem(sr, j) != gm + i * 70 + j;
        }
    }
    for (int j = 0; j < 70; j++) {
        tla_auto s = Slice(S, _, j);
        tla_auto m = Slice(M, _, j);
        tla_tensor r = Slice(R, _, j);
        bad += originShape(s, 0) != 100 || originShape(m, 0) != 100 || tla_tensor_extent(&r, 0) != 100;
        for (int i = 0; i < 100; i++, n++) {
            uint16_t *want = tla_tensor_elem(S, i, j);
            bad += tla_tensor_elem(s, i) != want || tla_tensor_elem(m, i) != want;
            bad += (uint16_t *)tla_tensor_ptr(&r, (tla_tuple[1]){tla_tuple_leaf(i, 0)}) != want;
        }
    }
    _Static_assert(sizeof(Slice(S, 5, _)) == sizeof(uint16_t *), "a static row of a static tensor is its pointer");
    /* a tile at (24, 8): its rows cross a fractal boundary; its last tile is cropped */
    for (int tr = 0; tr < 2; tr++) {
        int r0 = 24 + 48 * tr, c0 = 8;
        tla_auto T = GetTile(S, MakeCoord(r0, c0), MakeShape(_32, _48));
        tla_auto TS = GetTile(S, MakeCoord(_24, _8), MakeShape(_32, _48));
        tla_tensor RT = GetTile(R, MakeCoord(r0, c0), MakeShape(_32, _48));
        int h = 100 - r0 < 32 ? 100 - r0 : 32;
        for (int i = 0; i < h; i++) {
            tla_auto t = Slice(T, i, _);
            tla_auto ts = Slice(TS, i, _);
            tla_tensor rt = Slice(RT, i, _);
            bad += originShape(t, 0) != 48 || tla_tensor_extent(&rt, 0) != 48;
            for (int j = 0; j < 48; j++, n++) {
                uint16_t *want = tla_tensor_elem(S, r0 + i, c0 + j);
                bad += tla_tensor_elem(t, j) != want || (tr == 0 && tla_tensor_elem(ts, j) != want);
                bad += (uint16_t *)tla_tensor_ptr(&rt, (tla_tuple[1]){tla_tuple_leaf(j, 0)}) != want;
            }
        }
        tla_auto col = Slice(T, _, 3);
        bad += originShape(col, 0) != h;
        for (int i = 0; i < h; i++) bad += tla_tensor_elem(col, i) != tla_tensor_elem(S, r0 + i, c0 + 3);
    }
    /* (_, _) is the tensor itself; tensor(b, _, _) of a batched run-time tensor */
    CHECK(tla_tensor_elem(Slice(S, _, _), 7, 9) == tla_tensor_elem(S, 7, 9));
    tla_layout B = PrependDimLayout(tla_to_layout(MakeLayout(tla_half, RowMajor, 10, 20)), 3, 200);
    tla_tensor TB = MakeTensor(gm, B, PositionGM), b2 = Slice(TB, 2, _, _);
    CHECK(tla_tensor_at2(&b2, 4, 5) == (void *)(gm + 2 * 200 + 4 * 20 + 5));
    CHECK(tla_tensor_rank(&b2) == 2 && tla_tensor_extent(&b2, 0) == 10);
    tla_tensor none = Slice(R, 1, 2); /* no mode kept: the empty tensor, as the other run-time forms */
    CHECK(none.data == NULL);
    CHECK(n == 100 * 70 * 2 + (32 + 28) * 48);
    CHECK_EQ(bad, 0);
}

int main(void) {
    one_spelling();
    accessors();
    slices();
    tiles(ROWS, COLS);
    tiles(100, 70);
    tiles(1, 1);
    tiles(33, 17);
    all_static();
    predicates();
    CHECK_DONE();
}
