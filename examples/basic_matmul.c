/* examples/basic_matmul.c - CATLASS's BasicMatmul (the TLA kernel) ported to C and run on the host.
 *
 * C = A x B, A (M x K) and B (K x N) RowMajor half in global memory, float accumulators, C
 * RowMajor float.  The kernel walks the output blocks of L1TileShape (M x N); for each block
 * it walks K in L1 tiles and each L1 tile in L0 tiles, moving every tile with tla_copy:
 *
 *   GM A (RowMajor) --copyGmToL1A--> L1 zN --copyL1ToL0A--> L0A zZ \
 *                                                                   Mmad, += over K --> L0C (float, 16x16 fractals)
 *   GM B (RowMajor) --copyGmToL1B--> L1 zN --copyL1ToL0B--> L0B nZ /
 *   L0C --copyL0CToGm--> GM C (RowMajor)
 *
 * The CATLASS files it follows (github.com/hicann/catlass), and what became what:
 *   examples/13_basic_matmul_tla/basic_matmul_tla.cpp  main(): layouts, L1TileShape, L0TileShape,
 *                                                        the swizzle chosen by m > n
 *   include/catlass/gemm/kernel/basic_matmul_tla.hpp    BasicMatmulTla(): blocks per core, GetTile
 *                                                        of the GM tensors, BlockMmad per block
 *   include/catlass/gemm/block/block_swizzle.hpp        GemmIdentityBlockSwizzle: the block order
 *   include/catlass/gemm/block/block_mmad_pingpong_tla.hpp  BlockMmadRun(): the K loop with L1
 *                                                        preload, the L0 loops, tails, copy out
 *   include/catlass/gemm/tile/tile_copy.hpp             PackedTileCopyTla: the layout in each memory
 *                                                        (L1A and L1B zN for RowMajor A and B, L0A zZ
 *                                                        on Atlas A2, L0B nZ, L0C)
 *   include/catlass/gemm/tile/atlasa2/copy_gm_to_l1.hpp, copy_l1_to_l0a.hpp, copy_l1_to_l0b.hpp,
 *   copy_l0c_to_gm.hpp                                   the TileCopyTla / CopyL0CToGmTla atoms: here
 *                                                        all four are tla_copy, planned from the layouts
 *   include/catlass/gemm/tile/tile_mmad.hpp             TileMmadTla (AscendC::Mmad): TileMmad() below
 *
 * Where the host differs from the device:
 *   - No pipeline events (SetFlag / WaitFlag): a copy here is finished when it returns.  The
 *     ping-pong buffers and the order of the copies (the next L1 tile is loaded before the
 *     current one is multiplied) are kept.  The "cores" run one after another.
 *   - ElementC is float.  CATLASS's example stores half: Fixpipe converts on the way out of
 *     L0C.  tla_copy moves elements and never converts, so C keeps the accumulator type (a
 *     configuration CATLASS also has: CopyL0CToGmQuantMode<float, float> is NoQuant).
 *   - The tile shapes are CATLASS's (128,256,256) and (128,256,64) halved in M and N and
 *     quartered in K, so that this small problem has several blocks and several K tiles on
 *     both levels.  M, N, K = 200, 333, 150 are multiples of no tile size: the last block row
 *     is 8 rows, the last block column 77 columns, the last L1 K tile 22 deep (not a whole C0
 *     of 16 halves), so the tail copies meet partial fractals.
 *
 * Every on-chip buffer and C start as NaN bits, and buffers are reused from tile to tile
 * without clearing: a result that depended on an element no copy wrote (padding, or a tail a
 * copy missed) would show in the check as NaN or a wrong sum.  The inputs are small integers, so half inputs and float sums are exact and the result must
 * equal a plain triple loop bit for bit; the program exits 1 otherwise.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tla.h"

typedef uint16_t half; /* IEEE binary16 bits: the host has no half arithmetic */
typedef half ElementA;
typedef half ElementB;
typedef float ElementAccumulator; /* ElementAccumulatorSelector<half, half> */
typedef float ElementC;

/* Arch::AtlasA2: the on-chip memories of one cube core, in bytes. */
#define L1_SIZE (512 * 1024)
#define L0A_SIZE (64 * 1024)
#define L0B_SIZE (64 * 1024)
#define L0C_SIZE (128 * 1024)

/* L1TileShape and L0TileShape (M, N, K).  BlockMmadTla requires L0's M and N to equal L1's. */
#define L1_TILE_M 64
#define L1_TILE_N 128
#define L1_TILE_K 64
#define L0_TILE_M 64
#define L0_TILE_N 128
#define L0_TILE_K 32
/* MmadPingpong's defaults: two buffers per operand in L1 and in L0, one L0C. */
#define L1A_STAGES 2
#define L1B_STAGES 2
#define L0A_STAGES 2
#define L0B_STAGES 2

/* Bytes of one stage of each buffer, as BlockMmadTla computes them (tile shapes are whole
 * fractals, checked below, so no padding is needed beyond the tile). */
#define L1A_TILE_SIZE (L1_TILE_M * L1_TILE_K * (int)sizeof(ElementA))
#define L1B_TILE_SIZE (L1_TILE_N * L1_TILE_K * (int)sizeof(ElementB))
#define L0A_TILE_SIZE (L0_TILE_M * L0_TILE_K * (int)sizeof(ElementA))
#define L0B_TILE_SIZE (L0_TILE_K * L0_TILE_N * (int)sizeof(ElementB))
#define L0C_TILE_SIZE (L1_TILE_M * L1_TILE_N * (int)sizeof(ElementAccumulator))

_Static_assert((L1A_TILE_SIZE * L1A_STAGES) + (L1B_TILE_SIZE * L1B_STAGES) <= L1_SIZE,
               "L1TileShape exceeding the L1 space!");
_Static_assert((L0A_TILE_SIZE * L0A_STAGES) <= L0A_SIZE, "L0TileShape exceeding the L0A space!");
_Static_assert((L0B_TILE_SIZE * L0B_STAGES) <= L0B_SIZE, "L0TileShape exceeding the L0B space!");
_Static_assert(L0C_TILE_SIZE <= L0C_SIZE, "L0TileShape exceeding the L0C space!");
_Static_assert(L1_TILE_M == L0_TILE_M && L1_TILE_N == L0_TILE_N, "L1 and L0 tiles differ in M or N");
_Static_assert(L0_TILE_K <= L1_TILE_K, "L0TileShape::K cannot exceed L1TileShape::K");
_Static_assert(L1_TILE_M % TLA_FRACTAL_ROWS == 0 && L1_TILE_N % TLA_FRACTAL_ROWS == 0
                   && L1_TILE_K % TLA_C0_ELEMS(ElementA) == 0 && L0_TILE_K % TLA_C0_ELEMS(ElementB) == 0,
               "tile shapes must be whole fractals (32-byte aligned), as on Atlas A2");

/* ---------------------------------------------------------------- host stand-ins */

static float HalfToFloat(half h) {
    uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 31u, man = h & 1023u, bits;
    float f;
    if (exp == 0) { /* zero or subnormal: man * 2^-24 */
        f = (float)man / 16777216.0f;
        return sign ? -f : f;
    }
    bits = sign | (exp == 31 ? 255u : exp - 15 + 127) << 23 | man << 13; /* inf and NaN stay so */
    memcpy(&f, &bits, sizeof f);
    return f;
}
static half FloatToHalf(float f) { /* exact for the small integers stored here */
    uint32_t bits, exp;
    memcpy(&bits, &f, sizeof bits);
    exp = (bits >> 23) & 255u;
    if (exp == 0) return (half)(bits >> 31 << 15);
    return (half)(bits >> 31 << 15 | (exp - 127 + 15) << 10 | (bits & 0x7fffffu) >> 13);
}

static void Fail(const char *what, const tla_error *err) {
    fprintf(stderr, "basic_matmul: %s: %s\n", what, err ? err->msg : "failed");
    exit(1);
}

/* AscendC's LocalTensor / GlobalTensor as a kernel sees them: an address and a size. */
typedef struct {
    char *addr;
    size_t bytes;
} LocalTensor;
typedef LocalTensor GlobalTensor;

/* A buffer of NaN bits (see the top of the file). */
static LocalTensor AllocBuffer(size_t bytes) {
    LocalTensor t;
    t.addr = malloc(bytes);
    t.bytes = bytes;
    if (!t.addr) Fail("malloc", NULL);
    memset(t.addr, 0xff, bytes);
    return t;
}

/* Arch::Resource: one cube core's L1, L0A, L0B and L0C. */
typedef struct {
    LocalTensor l1Buf, l0ABuf, l0BBuf, l0CBuf;
} Resource;

/* resource.l1Buf.GetBufferByByte<T>(offset), here with the stage's size so that a tile that
 * outgrows its stage is caught by MakeTensor instead of spilling into the next one. */
static LocalTensor GetBufferByByte(LocalTensor buf, size_t offset, size_t bytes) {
    LocalTensor t;
    if (offset + bytes > buf.bytes) Fail("GetBufferByByte", NULL);
    t.addr = buf.addr + offset;
    t.bytes = bytes;
    return t;
}

/* ---------------------------------------------------------------- TLA, CATLASS spelling */

/* tla::MakeLayout<Element, LayoutTag>(rows, cols); TLA_L0C is tla::MakeLayoutL0C(rows, cols). */
static tla_layout MakeLayout(enum tla_format tag, int elemBytes, int64_t rows, int64_t cols) {
    tla_layout layout;
    tla_error err;
    if (tla_layout_format(&layout, tag, elemBytes, rows, cols, &err) != 0) Fail("MakeLayout", &err);
    return layout;
}

/* tla::MakeTensor(buffer, layout, position).  tla_tensor_make does not know the buffer's
 * size, so the padded extent of the layout (its cosize) is checked against it here. */
static tla_tensor MakeTensor(LocalTensor buf, int elemBytes, const tla_layout *layout, enum tla_position pos) {
    int64_t cosize = 0;
    tla_error err;
    if (tla_layout_cosize(&cosize, layout, &err) != 0) Fail("MakeTensor", &err);
    if ((size_t)cosize * (size_t)elemBytes > buf.bytes) Fail("MakeTensor: the layout does not fit its buffer", NULL);
    return tla_tensor_make(buf.addr, elemBytes, layout, pos);
}

/* tla::MakeCoord(a, b) / tla::MakeShape(a, b) as a run-time tuple. */
static tla_tuple MakeCoord(int64_t a, int64_t b) {
    tla_tuple parts[2], t;
    parts[0] = tla_tuple_leaf(a, 0);
    parts[1] = tla_tuple_leaf(b, 0);
    if (tla_tuple_join(&t, 2, parts, NULL) != 0) Fail("MakeCoord", NULL);
    return t;
}

/* GetTile(tensor, MakeCoord(row, col), MakeShape(rows, cols)): a view of the same memory,
 * cropped where it crosses the tensor's originShape (the tails). */
static tla_tensor GetTile(const tla_tensor *tensor, int64_t row, int64_t col, int64_t rows, int64_t cols) {
    tla_tuple coord = MakeCoord(row, col), shape = MakeCoord(rows, cols);
    tla_tensor tile;
    tla_error err;
    if (tla_tensor_tile(&tile, tensor, &shape, &coord, &err) != 0) Fail("GetTile", &err);
    return tile;
}

/* The copy atoms.  CATLASS has one per instruction (DataCopy Nd2Nz for GM RowMajor -> L1 zN,
 * LoadData2D for L1 zN -> L0A zZ, the same transposing for -> L0B nZ, Fixpipe for L0C -> GM);
 * tla_copy plans any pair of layouts, so each atom is this one call. */
static long copies;
static void Copy(tla_tensor *dstTensor, const tla_tensor *srcTensor, const char *atom) {
    tla_error err;
    if (tla_copy(dstTensor, srcTensor, &err) != 0) Fail(atom, &err);
    copies++;
}

/* TileCopyTla<GM RowMajor, L1 zN> takes its extent from the GM tile and fills the top-left
 * of the L1 tile buffer.  tla_copy copies between equal extents, so cut the L1 tensor to
 * the GM tile's extent first. */
static void CopyGmToL1(const tla_tensor *dstTensor, const tla_tensor *srcTensor, const char *atom) {
    tla_tensor dst = GetTile(dstTensor, 0, 0, tla_tensor_extent(srcTensor, 0), tla_tensor_extent(srcTensor, 1));
    Copy(&dst, srcTensor, atom);
}

/* TileMmadTla (AscendC::Mmad) on the host: L0C (m x n) = (initC ? 0 : L0C) + L0A (m x k) x
 * L0B (k x n).  The cube reads zZ / nZ fractals and writes L0C fractals in hardware; here each
 * operand element is found through its tensor's layout, so the fractal order is nowhere
 * spelt out, and only the m x k x n real elements take part (never the padding). */
static void TileMmad(const tla_tensor *l0CTensor, const tla_tensor *l0ATensor, const tla_tensor *l0BTensor, uint32_t m,
                     uint32_t n, uint32_t k, int initC) {
    float a[L0_TILE_M][L0_TILE_K], b[L0_TILE_K][L0_TILE_N];
    uint32_t i, j, kk;
    for (i = 0; i < m; i++)
        for (kk = 0; kk < k; kk++) a[i][kk] = HalfToFloat(*(const half *)tla_tensor_at2(l0ATensor, i, kk));
    for (kk = 0; kk < k; kk++)
        for (j = 0; j < n; j++) b[kk][j] = HalfToFloat(*(const half *)tla_tensor_at2(l0BTensor, kk, j));
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++) {
            float *c = tla_tensor_at2(l0CTensor, i, j), acc = initC ? 0.0f : *c;
            for (kk = 0; kk < k; kk++) acc += a[i][kk] * b[kk][j];
            *c = acc;
        }
}

/* ---------------------------------------------------------------- block scheduler */

typedef struct {
    uint32_t m, n, k;
} GemmCoord;

static uint32_t CeilDiv(uint32_t a, uint32_t b) { return (uint32_t)tla_ceil_div(a, b); }
static uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* GemmIdentityBlockSwizzle<SwizzleOffset, SwizzleDirection>: the order in which the cores
 * take the output blocks (groups of SwizzleOffset block rows, or columns, snaking). */
typedef struct {
    GemmCoord problemShape;
    uint32_t tileM, tileN, loopsM, loopsN, swizzleOffset, swizzleDirection;
} BlockScheduler;

static BlockScheduler MakeBlockScheduler(GemmCoord problemShape, uint32_t tileM, uint32_t tileN, uint32_t swizzleOffset,
                                         uint32_t swizzleDirection) {
    BlockScheduler s;
    s.problemShape = problemShape;
    s.tileM = tileM, s.tileN = tileN;
    s.loopsM = CeilDiv(problemShape.m, tileM), s.loopsN = CeilDiv(problemShape.n, tileN);
    s.swizzleOffset = swizzleOffset, s.swizzleDirection = swizzleDirection;
    return s;
}
static uint32_t GetCoreLoops(const BlockScheduler *s) { return s->loopsM * s->loopsN; }

static GemmCoord GetBlockCoord(const BlockScheduler *s, uint32_t taskIdx) {
    uint32_t innerIdx = taskIdx % GetCoreLoops(s), offset = s->swizzleOffset;
    GemmCoord c = {0, 0, 0};
    if (s->swizzleDirection == 0) { /* Zn */
        uint32_t tileBlockLoop = CeilDiv(s->loopsM, offset), tileBlockIdx = innerIdx / (offset * s->loopsN);
        uint32_t inTileBlockIdx = innerIdx % (offset * s->loopsN), nRow = offset;
        if (tileBlockIdx == tileBlockLoop - 1) nRow = s->loopsM - offset * tileBlockIdx;
        c.m = tileBlockIdx * offset + inTileBlockIdx % nRow;
        c.n = inTileBlockIdx / nRow;
        if (tileBlockIdx % 2 == 1) c.n = s->loopsN - c.n - 1;
    } else { /* Nz */
        uint32_t tileBlockLoop = CeilDiv(s->loopsN, offset), tileBlockIdx = innerIdx / (offset * s->loopsM);
        uint32_t inTileBlockIdx = innerIdx % (offset * s->loopsM), nCol = offset;
        if (tileBlockIdx == tileBlockLoop - 1) nCol = s->loopsN - offset * tileBlockIdx;
        c.m = inTileBlockIdx / nCol;
        c.n = tileBlockIdx * offset + inTileBlockIdx % nCol;
        if (tileBlockIdx % 2 == 1) c.m = s->loopsM - c.m - 1;
    }
    return c;
}

/* The last block row and column are the tails. */
static GemmCoord GetActualBlockShape(const BlockScheduler *s, GemmCoord blockCoord) {
    GemmCoord shape;
    shape.m = blockCoord.m == s->loopsM - 1 ? s->problemShape.m - blockCoord.m * s->tileM : s->tileM;
    shape.n = blockCoord.n == s->loopsN - 1 ? s->problemShape.n - blockCoord.n * s->tileN : s->tileN;
    shape.k = s->problemShape.k;
    return shape;
}

/* ---------------------------------------------------------------- block level */

/* BlockMmadTla<MmadPingpong<AtlasA2>, L1TileShape, L0TileShape, half, half, float, void,
 * PackedTileCopyTla<...RowMajor...>>: its buffers and which stage is current. */
typedef struct {
    LocalTensor l1ATensorList[L1A_STAGES], l1BTensorList[L1B_STAGES];
    LocalTensor l0ATensorList[L0A_STAGES], l0BTensorList[L0B_STAGES];
    LocalTensor l0CTensor;
    tla_layout L1A_LAYOUT, L1B_LAYOUT; /* static constexpr in CATLASS */
    uint32_t l1AListId, l1BListId, l0AListId, l0BListId;
} BlockMmad;

static void BlockMmadInit(BlockMmad *self, const Resource *resource) {
    /* The L1 tiles are fixed, whole-fractal zN layouts (MakeLayout<ElementA, zN>(Int<L1_TILE_M>{},
     * Int<L1_TILE_K>{})): static sizes, so their cosize is a compile-time constant. */
    tla_auto L1A = tla_zN(ElementA, TLA_C(L1_TILE_M), TLA_C(L1_TILE_K));
    tla_auto L1B = tla_zN(ElementB, TLA_C(L1_TILE_K), TLA_C(L1_TILE_N));
    uint32_t l1AOffset = 0, l1BOffset = L1A_TILE_SIZE * L1A_STAGES, i;
    _Static_assert(tla_cosize(L1A) * sizeof(ElementA) == L1A_TILE_SIZE, "L1A_LAYOUT fills one L1A stage");
    _Static_assert(tla_cosize(L1B) * sizeof(ElementB) == L1B_TILE_SIZE, "L1B_LAYOUT fills one L1B stage");
    self->L1A_LAYOUT = tla_to_layout(L1A);
    self->L1B_LAYOUT = tla_to_layout(L1B);
    for (i = 0; i < L1A_STAGES; i++)
        self->l1ATensorList[i] = GetBufferByByte(resource->l1Buf, l1AOffset + L1A_TILE_SIZE * i, L1A_TILE_SIZE);
    for (i = 0; i < L1B_STAGES; i++)
        self->l1BTensorList[i] = GetBufferByByte(resource->l1Buf, l1BOffset + L1B_TILE_SIZE * i, L1B_TILE_SIZE);
    for (i = 0; i < L0A_STAGES; i++)
        self->l0ATensorList[i] = GetBufferByByte(resource->l0ABuf, L0A_TILE_SIZE * i, L0A_TILE_SIZE);
    for (i = 0; i < L0B_STAGES; i++)
        self->l0BTensorList[i] = GetBufferByByte(resource->l0BBuf, L0B_TILE_SIZE * i, L0B_TILE_SIZE);
    self->l0CTensor = GetBufferByByte(resource->l0CBuf, 0, L0C_TILE_SIZE);
    self->l1AListId = self->l1BListId = self->l0AListId = self->l0BListId = 0;
}

/* operator()(tensorA, tensorB, tensorC, actualShape): one output block.  tensorA, tensorB
 * and tensorC are the block's tiles of the GM tensors (mActual x K, K x nActual,
 * mActual x nActual). */
static void BlockMmadRun(BlockMmad *self, const tla_tensor *tensorA, const tla_tensor *tensorB,
                         const tla_tensor *tensorC, GemmCoord actualShape) {
    uint32_t mBlockActual = actualShape.m, kBlockActual = actualShape.k, nBlockActual = actualShape.n;
    uint32_t mL1Actual = mBlockActual, nL1Actual = nBlockActual;

    /* L0C holds the whole block in 16x16 float fractals; it accumulates over all of K. */
    tla_layout layoutInL0C = MakeLayout(TLA_L0C, sizeof(ElementAccumulator), mL1Actual, nL1Actual);
    tla_tensor tensorL0C = MakeTensor(self->l0CTensor, sizeof(ElementAccumulator), &layoutInL0C, TLA_POS_L0C);
    tla_tensor tensorL1A, tensorL1B, tensorTileA, tensorTileB, tensorBlockC;

    /* load the first K tile of A and of B, GM -> L1 */
    uint32_t kL1Actual = Min(kBlockActual, L1_TILE_K);
    tensorL1A = MakeTensor(self->l1ATensorList[self->l1AListId], sizeof(ElementA), &self->L1A_LAYOUT, TLA_POS_L1);
    tensorTileA = GetTile(tensorA, 0, 0, mBlockActual, kL1Actual);
    CopyGmToL1(&tensorL1A, &tensorTileA, "copyGmToL1A");
    tensorL1B = MakeTensor(self->l1BTensorList[self->l1BListId], sizeof(ElementB), &self->L1B_LAYOUT, TLA_POS_L1);
    tensorTileB = GetTile(tensorB, 0, 0, kL1Actual, nBlockActual);
    CopyGmToL1(&tensorL1B, &tensorTileB, "copyGmToL1B");

    uint32_t mL0Loop = CeilDiv(mL1Actual, L0_TILE_M), nL0Loop = CeilDiv(nL1Actual, L0_TILE_N);
    uint32_t kL1Loop = CeilDiv(kBlockActual, L1_TILE_K);
    for (uint32_t kL1Idx = 0; kL1Idx < kL1Loop; kL1Idx++) {
        uint32_t l1AListIdNext = self->l1AListId + 1 < L1A_STAGES ? self->l1AListId + 1 : 0;
        uint32_t l1BListIdNext = self->l1BListId + 1 < L1B_STAGES ? self->l1BListId + 1 : 0;
        uint32_t kL1ActualNext = 0;

        /* preload the next K tile into the other L1 stage (on the device, while this one is
         * being multiplied); the last K tile is the tail */
        if (kL1Idx < kL1Loop - 1) {
            uint32_t kL1IdxNext = kL1Idx + 1;
            kL1ActualNext = kL1IdxNext < kL1Loop - 1 ? L1_TILE_K : kBlockActual - kL1IdxNext * L1_TILE_K;
            tensorL1A = MakeTensor(self->l1ATensorList[l1AListIdNext], sizeof(ElementA), &self->L1A_LAYOUT, TLA_POS_L1);
            tensorL1B = MakeTensor(self->l1BTensorList[l1BListIdNext], sizeof(ElementB), &self->L1B_LAYOUT, TLA_POS_L1);
            tensorTileA = GetTile(tensorA, 0, kL1IdxNext * L1_TILE_K, mBlockActual, kL1ActualNext);
            tensorTileB = GetTile(tensorB, kL1IdxNext * L1_TILE_K, 0, kL1ActualNext, nBlockActual);
            CopyGmToL1(&tensorL1A, &tensorTileA, "copyGmToL1A");
            CopyGmToL1(&tensorL1B, &tensorTileB, "copyGmToL1B");
        }

        /* the current L1 stage */
        tensorL1A = MakeTensor(self->l1ATensorList[self->l1AListId], sizeof(ElementA), &self->L1A_LAYOUT, TLA_POS_L1);
        tensorL1B = MakeTensor(self->l1BTensorList[self->l1BListId], sizeof(ElementB), &self->L1B_LAYOUT, TLA_POS_L1);
        uint32_t kL0Loop = CeilDiv(kL1Actual, L0_TILE_K);

        for (uint32_t mL0Idx = 0; mL0Idx < mL0Loop; mL0Idx++) {
            uint32_t mL0Actual = mL0Idx < mL0Loop - 1 ? L0_TILE_M : mL1Actual - mL0Idx * L0_TILE_M;

            for (uint32_t kL0Idx = 0; kL0Idx < kL0Loop; kL0Idx++) {
                uint32_t kL0Actual = kL0Idx < kL0Loop - 1 ? L0_TILE_K : kL1Actual - kL0Idx * L0_TILE_K;

                /* L0A is laid out for this tile alone: zZ of mL0Actual x kL0Actual */
                tla_layout layoutAInL0 = MakeLayout(TLA_ZZ, sizeof(ElementA), mL0Actual, kL0Actual);
                tla_tensor tensorL0A =
                    MakeTensor(self->l0ATensorList[self->l0AListId], sizeof(ElementA), &layoutAInL0, TLA_POS_L0A);
                tla_tensor tensorTileL1A =
                    GetTile(&tensorL1A, mL0Idx * L0_TILE_M, kL0Idx * L0_TILE_K, mL0Actual, kL0Actual);
                Copy(&tensorL0A, &tensorTileL1A, "copyL1ToL0A");

                /* the first K step of the block overwrites L0C, the others accumulate */
                int initC = kL1Idx == 0 && kL0Idx == 0;
                for (uint32_t nL0Idx = 0; nL0Idx < nL0Loop; nL0Idx++) {
                    uint32_t nL0Actual = nL0Idx < nL0Loop - 1 ? L0_TILE_N : nL1Actual - nL0Idx * L0_TILE_N;

                    tla_layout layoutBInL0 = MakeLayout(TLA_NZ, sizeof(ElementB), kL0Actual, nL0Actual);
                    tla_tensor tensorL0B =
                        MakeTensor(self->l0BTensorList[self->l0BListId], sizeof(ElementB), &layoutBInL0, TLA_POS_L0B);
                    tla_tensor tensorTileL1B =
                        GetTile(&tensorL1B, kL0Idx * L0_TILE_K, nL0Idx * L0_TILE_N, kL0Actual, nL0Actual);
                    Copy(&tensorL0B, &tensorTileL1B, "copyL1ToL0B");

                    tla_tensor tensorTileL0C =
                        GetTile(&tensorL0C, mL0Idx * L0_TILE_M, nL0Idx * L0_TILE_N, mL0Actual, nL0Actual);
                    TileMmad(&tensorTileL0C, &tensorL0A, &tensorL0B, mL0Actual, nL0Actual, kL0Actual, initC);

                    self->l0BListId = self->l0BListId + 1 < L0B_STAGES ? self->l0BListId + 1 : 0;
                }
                self->l0AListId = self->l0AListId + 1 < L0A_STAGES ? self->l0AListId + 1 : 0;
            }
        }
        self->l1AListId = l1AListIdNext;
        self->l1BListId = l1BListIdNext;
        kL1Actual = kL1ActualNext;
    }

    /* copy the block out: L0C -> GM RowMajor, the real mActual x nActual elements only */
    tensorBlockC = *tensorC;
    Copy(&tensorBlockC, &tensorL0C, "copyL0CToGm");
}

/* ---------------------------------------------------------------- kernel level */

typedef struct {
    GemmCoord problemShape;
    GlobalTensor ptrA, ptrB, ptrC;
    tla_layout layoutA, layoutB, layoutC;
} Params;

/* BasicMatmulTla::operator()<AscendC::AIC>: what cube core blockIdx of blockNum runs. */
static void BasicMatmulTla(const Params *params, uint32_t blockIdx, uint32_t blockNum) {
    /* m > n: blocks swizzled along M (GemmIdentityBlockSwizzle<3, 0>), else along N (<3, 1>) */
    BlockScheduler matmulBlockScheduler = MakeBlockScheduler(params->problemShape, L1_TILE_M, L1_TILE_N, 3,
                                                             params->problemShape.m > params->problemShape.n ? 0 : 1);
    uint32_t coreLoops = GetCoreLoops(&matmulBlockScheduler);
    Resource resource;
    BlockMmad blockMmad;
    resource.l1Buf = AllocBuffer(L1_SIZE), resource.l0ABuf = AllocBuffer(L0A_SIZE);
    resource.l0BBuf = AllocBuffer(L0B_SIZE), resource.l0CBuf = AllocBuffer(L0C_SIZE);
    BlockMmadInit(&blockMmad, &resource);

    /* the full GM tensors */
    tla_tensor tensorA = MakeTensor(params->ptrA, sizeof(ElementA), &params->layoutA, TLA_POS_GM);
    tla_tensor tensorB = MakeTensor(params->ptrB, sizeof(ElementB), &params->layoutB, TLA_POS_GM);
    tla_tensor tensorC = MakeTensor(params->ptrC, sizeof(ElementC), &params->layoutC, TLA_POS_GM);

    for (uint32_t loopIdx = blockIdx; loopIdx < coreLoops; loopIdx += blockNum) {
        GemmCoord blockCoord = GetBlockCoord(&matmulBlockScheduler, loopIdx);
        GemmCoord actualBlockShape = GetActualBlockShape(&matmulBlockScheduler, blockCoord);

        /* the block's views of A (all of K), B (all of K) and C */
        tla_tensor tensorBlockA = GetTile(&tensorA, blockCoord.m * L1_TILE_M, blockCoord.k * L1_TILE_K,
                                          actualBlockShape.m, actualBlockShape.k);
        tla_tensor tensorBlockB = GetTile(&tensorB, blockCoord.k * L1_TILE_K, blockCoord.n * L1_TILE_N,
                                          actualBlockShape.k, actualBlockShape.n);
        tla_tensor tensorBlockC = GetTile(&tensorC, blockCoord.m * L1_TILE_M, blockCoord.n * L1_TILE_N,
                                          actualBlockShape.m, actualBlockShape.n);
        BlockMmadRun(&blockMmad, &tensorBlockA, &tensorBlockB, &tensorBlockC, actualBlockShape);
    }
    free(resource.l1Buf.addr), free(resource.l0ABuf.addr), free(resource.l0BBuf.addr), free(resource.l0CBuf.addr);
}

/* ---------------------------------------------------------------- host */

int main(void) {
    enum { m = 200, n = 333, k = 150, aicCoreNum = 4 };
    GemmCoord problemShape = {m, n, k};
    Params params;
    long wrong = 0, nonzero = 0, first = -1;
    float firstWant = 0;
    uint32_t i, j, kk, blockIdx;

    /* layouts and GM buffers: LayoutTag::MakeLayout<Element>(rows, cols), all RowMajor */
    params.problemShape = problemShape;
    params.layoutA = MakeLayout(TLA_ROW_MAJOR, sizeof(ElementA), m, k);
    params.layoutB = MakeLayout(TLA_ROW_MAJOR, sizeof(ElementB), k, n);
    params.layoutC = MakeLayout(TLA_ROW_MAJOR, sizeof(ElementC), m, n);
    params.ptrA = AllocBuffer((size_t)m * k * sizeof(ElementA));
    params.ptrB = AllocBuffer((size_t)k * n * sizeof(ElementB));
    params.ptrC = AllocBuffer((size_t)m * n * sizeof(ElementC)); /* NaN until the kernel writes it */

    /* small integers in [-2, 2] and [-3, 3]: every product and sum is exact */
    half *hostA = (half *)params.ptrA.addr, *hostB = (half *)params.ptrB.addr;
    const float *hostC = (const float *)params.ptrC.addr;
    for (i = 0; i < m; i++)
        for (kk = 0; kk < k; kk++) hostA[i * k + kk] = FloatToHalf((float)((int)(7 * i + 3 * kk) % 5 - 2));
    for (kk = 0; kk < k; kk++)
        for (j = 0; j < n; j++) hostB[kk * n + j] = FloatToHalf((float)((int)(5 * kk + 11 * j) % 7 - 3));

    /* the launch: each AIC core takes every aicCoreNum-th block */
    for (blockIdx = 0; blockIdx < aicCoreNum; blockIdx++) BasicMatmulTla(&params, blockIdx, aicCoreNum);

    /* the golden result, a plain triple loop on the host arrays */
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++) {
            float golden = 0;
            for (kk = 0; kk < k; kk++) golden += HalfToFloat(hostA[i * k + kk]) * HalfToFloat(hostB[kk * n + j]);
            if (hostC[i * n + j] != golden && wrong++ == 0) first = (long)(i * n + j), firstWant = golden;
            nonzero += golden != 0;
        }
    if (wrong) {
        printf("basic_matmul: %ld of %d elements differ; first C[%ld][%ld] = %g, want %g\n", wrong, m * n, first / n,
               first % n, (double)hostC[first], (double)firstWant);
    } else {
        printf("basic_matmul %dx%dx%d, L1TileShape (%d,%d,%d), L0TileShape (%d,%d,%d), %u blocks on %d cores, "
               "%ld tile copies: matches the triple loop (%ld of %d non-zero)\n",
               m, n, k, L1_TILE_M, L1_TILE_N, L1_TILE_K, L0_TILE_M, L0_TILE_N, L0_TILE_K,
               CeilDiv(m, L1_TILE_M) * CeilDiv(n, L1_TILE_N), aicCoreNum, copies, nonzero, m * n);
    }
    free(params.ptrA.addr), free(params.ptrB.addr), free(params.ptrC.addr);
    return wrong != 0;
}
