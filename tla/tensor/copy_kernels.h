/* tla/tensor/copy_kernels.h - the block kernels tla_copy runs (included by tla/tensor/copy_exec.h):
 * transposes of square blocks of 2- and 4-byte elements and of byte rectangles, in portable C
 * (the reference and the fallback) and in SIMD for the machine, chosen at run time.
 *
 * Levels: TLA_SIMD_PORTABLE (the C loops), TLA_SIMD_SSE2 (the x86-64 baseline), TLA_SIMD_AVX2,
 * TLA_SIMD_AVX512 (AVX-512 F + BW), TLA_SIMD_NEON (aarch64).  The x86 kernels are compiled with
 * the compilers' target attributes, so a default -O2 build without -march has them all, and
 * the first copy takes the best level __builtin_cpu_supports reports; aarch64 always has NEON.
 * A build with -DTLA_COPY_PORTABLE (or a compiler other than gcc and clang, or another CPU)
 * has the portable level only.  Every level moves the same bytes: tests/test_copy_kernels.c
 * runs each kernel the machine has against the portable one, and tla_copy_set_simd lets a
 * test or a benchmark force a level.
 *
 * The dispatch cache: one int per translation unit that copies (per program when built with
 * TLA_IMPLEMENTATION), the level in use, chosen at the first copy, read and written with
 * atomic builtins, so threads may copy at once.  tla_copy_set_simd writes it.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   int level = tla_copy_simd();                          // the level copies use now
 *   if (tla_copy_set_simd(TLA_SIMD_PORTABLE) != 0 || tla_copy_simd() != TLA_SIMD_PORTABLE) return 1;
 *   if (tla_copy_set_simd(TLA_SIMD_AUTO) != 0 || tla_copy_simd() != level) return 1;
 *   if (tla_copy_simd_has(TLA_SIMD_PORTABLE) != 1) return 1;   // every machine has the C loops
 */
#ifndef TLA_COPY_KERNELS_H
#define TLA_COPY_KERNELS_H

#include <stdint.h>
#include <string.h>
#include "tla/base.h"

enum tla_copy_simd_level {
    TLA_SIMD_AUTO = -1, /* tla_copy_set_simd: back to the best level the machine has */
    TLA_SIMD_PORTABLE = 0,
    TLA_SIMD_SSE2 = 1,
    TLA_SIMD_AVX2 = 2,
    TLA_SIMD_AVX512 = 3,
    TLA_SIMD_NEON = 4
};

/* tla_copy_simd_has(level) -> 1 or 0: does this build on this machine have the level
 *   (TLA_SIMD_PORTABLE: always)?
 * Example:
 *   if (!tla_copy_simd_has(TLA_SIMD_PORTABLE)) return 1;
 */
TLA_API int tla_copy_simd_has(int level);

/* tla_copy_simd() -> the level tla_copy's kernels use now (the best the machine has, unless
 *   tla_copy_set_simd chose another).
 * Example:
 *   if (tla_copy_simd() < TLA_SIMD_PORTABLE) return 1;
 */
TLA_API int tla_copy_simd(void);

/* tla_copy_set_simd(level) -> 0 or -1: make the copies use `level` (TLA_SIMD_AUTO: the best
 *   the machine has again); -1, nothing changed, when the machine or the build lacks it.  For
 *   tests and benchmarks: every level gives the same bytes.  It sets the dispatch cache of the
 *   translation unit it is called from (of the program under TLA_IMPLEMENTATION).
 * Example:
 *   if (tla_copy_set_simd(TLA_SIMD_PORTABLE) != 0) return 1;
 *   tla_copy_set_simd(TLA_SIMD_AUTO);
 */
TLA_API int tla_copy_set_simd(int level);

/* ---------------------------------------------------------------- internals */

/* Which SIMD code this build has: x86-64 (SSE2 always; AVX2 and AVX-512 through target
 * attributes) or aarch64 NEON, with gcc or clang, unless TLA_COPY_PORTABLE. */
#if !defined(TLA_COPY_PORTABLE) && defined(__GNUC__) && defined(__x86_64__) && defined(__SSE2__)
#define TLA__SIMD_X86 1
#include "tla/tensor/simd_x86.h"
#elif !defined(TLA_COPY_PORTABLE) && defined(__GNUC__) && defined(__aarch64__) && defined(__ARM_NEON)
#define TLA__SIMD_NEON 1
#include <arm_neon.h>
#endif

TLA_FUNC int *tla__copy_simd_cache(void) {
    static int level = -1; /* the dispatch cache: -1 until the first copy chooses */
    return &level;
}
#if defined(__GNUC__)
TLA_FUNC int tla__simd_load(const int *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
TLA_FUNC void tla__simd_store(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
#else
TLA_FUNC int tla__simd_load(const int *p) { return *p; }
TLA_FUNC void tla__simd_store(int *p, int v) { *p = v; }
#endif

/* The best level of this build on this machine. */
TLA_FUNC int tla__copy_simd_best(void) {
#if defined(TLA__SIMD_X86)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) return TLA_SIMD_AVX512;
    if (__builtin_cpu_supports("avx2")) return TLA_SIMD_AVX2;
    return TLA_SIMD_SSE2;
#elif defined(TLA__SIMD_NEON)
    return TLA_SIMD_NEON;
#else
    return TLA_SIMD_PORTABLE;
#endif
}

TLA_API int tla_copy_simd_has(int level)
#if TLA__BODIES
{
    int best = tla__copy_simd_best();
    if (level == TLA_SIMD_PORTABLE) return 1;
    if (best == TLA_SIMD_NEON) return level == TLA_SIMD_NEON;
    return level > 0 && level <= best && best != TLA_SIMD_NEON;
}
#endif
TLA__DECL

TLA_API int tla_copy_simd(void)
#if TLA__BODIES
{
    int v = tla__simd_load(tla__copy_simd_cache());
    if (v < 0) v = tla__copy_simd_best(), tla__simd_store(tla__copy_simd_cache(), v);
    return v;
}
#endif
TLA__DECL

TLA_API int tla_copy_set_simd(int level)
#if TLA__BODIES
{
    if (level == TLA_SIMD_AUTO) level = tla__copy_simd_best();
    if (!tla_copy_simd_has(level)) return -1;
    tla__simd_store(tla__copy_simd_cache(), level);
    return 0;
}
#endif
TLA__DECL

/* The kernels of one level.  blocks_N_B: n3 x n2 transposes of N x N blocks of B-byte elements,
 * the block at d + l * d3 + k * d2 (s likewise) for l < n3, k < n2, each
 * d[i * dp + j * B] = s[i * B + j * sp] (the destination's rows contiguous along j, the
 * source's along i; dp, sp the pitches in bytes).  bytes: n2 byte rectangles (d2 / s2 apart),
 * each d[i * dp + j] = s[j * sp + i] for i < n1, j < n0, both multiples of 8.  halves (NULL
 * where the level has none): one 32 x 32 byte transpose at a pitch of 32 on both sides whose
 * rows 16-31 lie dh / sh bytes past rows 0-15 (two fractals on each side: nN <-> zZ). */
typedef void tla__blocks_fn(TLA_GM char *d, const TLA_GM char *s, int64_t n3, int64_t d3, int64_t s3, int64_t n2,
                            int64_t d2, int64_t s2, int64_t dp, int64_t sp);
typedef void tla__bytes_fn(TLA_GM char *d, const TLA_GM char *s, int64_t n2, int64_t d2, int64_t s2, int64_t n1,
                           int64_t n0, int64_t dp, int64_t sp);
typedef struct tla__copy_kernels {
    tla__blocks_fn *blocks_16_2, *blocks_8_2, *blocks_16_4, *blocks_8_4;
    tla__bytes_fn *bytes;
    void (*halves)(TLA_GM char *d, const TLA_GM char *s, int64_t dh, int64_t sh);
} tla__copy_kernels;

/* ---- the portable kernels: the reference */

/* An 8 x 8 transpose of bytes: byte c of destination row r is byte r of source row c (rows
 * ds and ss bytes apart).  The rows are eight 64-bit words and three rounds of masked swaps
 * (single bytes, pairs, quads) transpose them: 16 loads and stores instead of 128, two to
 * four times faster than a byte loop (bench/NOTES.md).  The masks assume little-endian words;
 * elsewhere it is the byte loop. */
TLA__ALWAYS_INLINE TLA_FUNC void tla__transpose8x8(TLA_GM char *d, int64_t ds, const TLA_GM char *s, int64_t ss) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x0, x1, x2, x3, x4, x5, x6, x7, t;
    /* clang-format off */
    memcpy(&x0, s, 8), memcpy(&x1, s + ss, 8), memcpy(&x2, s + 2 * ss, 8), memcpy(&x3, s + 3 * ss, 8);
    memcpy(&x4, s + 4 * ss, 8), memcpy(&x5, s + 5 * ss, 8), memcpy(&x6, s + 6 * ss, 8), memcpy(&x7, s + 7 * ss, 8);
/* swap the w-byte pieces at odd positions of a with those at even positions of b */
#define TLA__SWAP(a, b, w, m) (t = ((a >> 8 * w) ^ b) & m, b ^= t, a ^= t << 8 * w)
    TLA__SWAP(x0, x1, 1, 0x00FF00FF00FF00FFull), TLA__SWAP(x2, x3, 1, 0x00FF00FF00FF00FFull);
    TLA__SWAP(x4, x5, 1, 0x00FF00FF00FF00FFull), TLA__SWAP(x6, x7, 1, 0x00FF00FF00FF00FFull);
    TLA__SWAP(x0, x2, 2, 0x0000FFFF0000FFFFull), TLA__SWAP(x1, x3, 2, 0x0000FFFF0000FFFFull);
    TLA__SWAP(x4, x6, 2, 0x0000FFFF0000FFFFull), TLA__SWAP(x5, x7, 2, 0x0000FFFF0000FFFFull);
    TLA__SWAP(x0, x4, 4, 0x00000000FFFFFFFFull), TLA__SWAP(x1, x5, 4, 0x00000000FFFFFFFFull);
    TLA__SWAP(x2, x6, 4, 0x00000000FFFFFFFFull), TLA__SWAP(x3, x7, 4, 0x00000000FFFFFFFFull);
#undef TLA__SWAP
    memcpy(d, &x0, 8), memcpy(d + ds, &x1, 8), memcpy(d + 2 * ds, &x2, 8), memcpy(d + 3 * ds, &x3, 8);
    memcpy(d + 4 * ds, &x4, 8), memcpy(d + 5 * ds, &x5, 8), memcpy(d + 6 * ds, &x6, 8), memcpy(d + 7 * ds, &x7, 8);
    /* clang-format on */
#else
    int r, c;
    for (r = 0; r < 8; r++)
        for (c = 0; c < 8; c++) d[r * ds + c] = s[c * ss + r];
#endif
}

/* The block kernels are functions the compiler must not inline (TLA__OUT_OF_LINE, one call per
 * row of blocks).  Inlined into the copy's driver (gcc inlined tla__copy_3d into tla__copy_view;
 * clang kept the transposes inside tla__copy_3d), the loops' block pointers were spilled to the
 * stack and reloaded after every block's stores, and 2-byte fractal <-> fractal transposes ran
 * at 0.75-0.83 of the hand loop; out of line, 0.9-1.0 (interleaved A/B: 1.14x gcc, 1.16x clang;
 * bench/NOTES.md).  gcc warns about noinline next to TLA_FUNC's `inline`; the pragma keeps that
 * warning off for these definitions only (and tla/tensor/copy.h's). */
#if defined(__GNUC__)
#define TLA__OUT_OF_LINE __attribute__((noinline))
#else
#define TLA__OUT_OF_LINE
#endif
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
#endif

/* Byte rectangles in 8 x 8 pieces, the destination's lines in order; a fractal's pitch (32
 * bytes) is a constant the compiler folds into the eight loads or stores. */
/* clang-format off */
TLA__OUT_OF_LINE TLA_FUNC void tla__bytes_portable(TLA_GM char *d, const TLA_GM char *s, int64_t n2, int64_t d2, int64_t s2, int64_t n1,
                                  int64_t n0, int64_t dp, int64_t sp) {
    int64_t i, j, k;
#define TLA__BYTE_BLOCKS(DP, SP) \
    for (k = 0; k < n2; k++, d += d2, s += s2) \
        for (i = 0; i < n1; i += 8) \
            for (j = 0; j < n0; j += 8) tla__transpose8x8(d + i * (DP) + j, DP, s + j * (SP) + i, SP); \
    return;
    if (dp == 32 && sp == 32) { TLA__BYTE_BLOCKS(32, 32) }
    if (dp == 32) { TLA__BYTE_BLOCKS(32, sp) }
    if (sp == 32) { TLA__BYTE_BLOCKS(dp, 32) }
    TLA__BYTE_BLOCKS(dp, sp)
#undef TLA__BYTE_BLOCKS
}
/* clang-format on */

/* Portable transposes of N x N blocks of B-byte elements (N 16 or 8, B 2 or 4), the destination
 * written contiguously in the inner loop (a fractal's 32-byte pitch becomes a constant the
 * compiler folds into the moves).  With clang, where one pitch is a fractal's, consecutive
 * blocks that fill one 64-byte destination line are moved together (GROUP: 2-byte fractal
 * transposes ran 1.7x faster; with both pitches at run time it lost).  gcc -O2 does not unroll
 * the 16-step inner loop by itself (clang does): asked to (TLA__UNROLL) it moves 2-byte
 * transposes up to 1.6x faster, and then one block at a time beats grouping by 1.2-1.4x
 * (bench/NOTES.md). */
/* clang-format off */
#if defined(__GNUC__) && !defined(__clang__)
#define TLA__UNROLL _Pragma("GCC unroll 16")
#define TLA__GROUP 0
#else
#define TLA__UNROLL
#define TLA__GROUP 1
#endif
#define TLA__TRANSPOSE_BLOCK(N, B, DS, SS) TLA__TRANSPOSE_BLOCKG(N, B, DS, SS, TLA__GROUP)
#define TLA__TRANSPOSE_BLOCKG(N, B, DS, SS, GROUP) /* d[i][j] = s[j][i], the destination contiguous along j */ \
    for (l = 0; l < n3; l++) { \
        TLA_GM char *d = d3b + l * d3; \
        const TLA_GM char *s = s3b + l * s3; \
        k = 0; \
        if ((GROUP) && d2 == N * B) /* blocks that continue each other's destination lines: a line at a time */ \
            for (; k + lb <= n2; k += lb, d += lb * d2, s += lb * s2) \
                for (i = 0; i < N; i++) \
                    for (g = 0; g < lb; g++) \
                        TLA__UNROLL for (j = 0; j < N; j++) memcpy(d + g * d2 + i * (DS) + j * B, s + g * s2 + i * B + j * (SS), B); \
        for (; k < n2; k++, d += d2, s += s2) \
            for (i = 0; i < N; i++) TLA__UNROLL for (j = 0; j < N; j++) memcpy(d + i * (DS) + j * B, s + i * B + j * (SS), B); \
    } \
    return;
#define TLA__DEFINE_TRANSPOSE(N, B) \
TLA__OUT_OF_LINE TLA_FUNC void tla__transpose_##N##_##B(TLA_GM char *d3b, const TLA_GM char *s3b, int64_t n3, int64_t d3, \
        int64_t s3, int64_t n2, int64_t d2, int64_t s2, int64_t dp, int64_t sp) { \
    int64_t i, j, k, g, l; \
    enum { lb = 64 / ((N) * (B)) > 1 ? 64 / ((N) * (B)) : 1 }; \
    if (dp == 32 && sp == 32) { TLA__TRANSPOSE_BLOCK(N, B, 32, 32) } \
    if (dp == 32) { TLA__TRANSPOSE_BLOCK(N, B, 32, sp) } \
    if (sp == 32) { TLA__TRANSPOSE_BLOCK(N, B, dp, 32) } \
    TLA__TRANSPOSE_BLOCKG(N, B, dp, sp, 0) \
}
TLA__DEFINE_TRANSPOSE(16, 2) TLA__DEFINE_TRANSPOSE(8, 2) TLA__DEFINE_TRANSPOSE(16, 4) TLA__DEFINE_TRANSPOSE(8, 4)
#undef TLA__DEFINE_TRANSPOSE
#undef TLA__TRANSPOSE_BLOCK
#undef TLA__TRANSPOSE_BLOCKG
#undef TLA__GROUP
/* clang-format on */

/* ---- the SIMD kernels
 *
 * One network serves every size and level: n registers of n elements (a row each), log2(n)
 * rounds of y[2i] = lo(x[i], x[i + n/2]), y[2i + 1] = hi(x[i], x[i + n/2]), where lo / hi
 * interleave the low / high halves of two registers element by element (x86's unpacklo /
 * unpackhi, NEON's zip1 / zip2).  Each round rotates the bits of (register, element) left by
 * one, so after log2(n) rounds register k holds column k.  x86's unpacks work inside each
 * 128-bit lane, so a 256- or 512-bit register transposes two or four blocks at once: the
 * kernels load each lane from the block that makes the results whole destination rows. */
#if defined(__GNUC__)
#define TLA__UNROLL_ALL _Pragma("GCC unroll 16")
#else
#define TLA__UNROLL_ALL
#endif
/* clang-format off */
#define TLA__ROUND(T, n, LO, HI, x) \
    do { \
        T y_[n]; \
        int i_; \
        TLA__UNROLL_ALL for (i_ = 0; i_ < (n) / 2; i_++) y_[2 * i_] = LO(x[i_], x[i_ + (n) / 2]), y_[2 * i_ + 1] = HI(x[i_], x[i_ + (n) / 2]); \
        TLA__UNROLL_ALL for (i_ = 0; i_ < (n); i_++) x[i_] = y_[i_]; \
    } while (0)
/* (the rounds written out: a loop over them kept the registers in memory) */
#define TLA__NETWORK(T, n, LO, HI, x) \
    do { \
        TLA__ROUND(T, n, LO, HI, x); \
        TLA__ROUND(T, n, LO, HI, x); \
        if ((n) >= 8) TLA__ROUND(T, n, LO, HI, x); \
        if ((n) >= 16) TLA__ROUND(T, n, LO, HI, x); \
    } while (0)
/* The n3 x n2 loop over blocks of a blocks_N_B kernel, ONE(d, s) moving one block. */
#define TLA__FOR_BLOCKS(ONE) \
    int64_t l_, k_; \
    for (l_ = 0; l_ < n3; l_++) { \
        TLA_GM char *d_ = d + l_ * d3; \
        const TLA_GM char *s_ = s + l_ * s3; \
        for (k_ = 0; k_ < n2; k_++, d_ += d2, s_ += s2) ONE(d_, s_, dp, sp); \
    }
/* clang-format on */
#define TLA__BLOCKS_SIG \
    TLA_GM char *d, const TLA_GM char *s, int64_t n3, int64_t d3, int64_t s3, int64_t n2, int64_t d2, int64_t s2, \
        int64_t dp, int64_t sp

#if defined(TLA__SIMD_X86)
#define TLA__AVX2 __attribute__((target("avx2"))) TLA__MIN_VECTOR_WIDTH(256)
#define TLA__AVX512 __attribute__((target("avx2,avx512f,avx512bw"))) TLA__MIN_VECTOR_WIDTH(512)
#define TLA__LD128(p) tla__mm_loadu_si128((const tla__m128i *)(const void *)(p))
#define TLA__ST128(p, v) tla__mm_storeu_si128((tla__m128i *)(void *)(p), v)

    /* SSE2: an 8 x 8 block of 2-byte elements; a 4 x 4 block of 4-byte elements. */
    TLA__ALWAYS_INLINE TLA_FUNC void tla__sse2_8x8_2(TLA_GM char *d, const TLA_GM char *s, int64_t dp, int64_t sp) {
    tla__m128i x[8];
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, s += sp) x[i] = TLA__LD128(s);
    TLA__NETWORK(tla__m128i, 8, tla__mm_unpacklo_epi16, tla__mm_unpackhi_epi16, x);
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, d += dp) TLA__ST128(d, x[i]);
}
TLA__ALWAYS_INLINE TLA_FUNC void tla__sse2_4x4_4(TLA_GM char *d, const TLA_GM char *s, int64_t dp, int64_t sp) {
    tla__m128i x[4];
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 4; i++, s += sp) x[i] = TLA__LD128(s);
    TLA__NETWORK(tla__m128i, 4, tla__mm_unpacklo_epi32, tla__mm_unpackhi_epi32, x);
    TLA__UNROLL_ALL for (i = 0; i < 4; i++, d += dp) TLA__ST128(d, x[i]);
}
#define TLA__SSE2_16_2(d, s, dp, sp) \
    (tla__sse2_8x8_2(d, s, dp, sp), tla__sse2_8x8_2(d + 16, s + 8 * (sp), dp, sp), \
     tla__sse2_8x8_2(d + 8 * (dp), s + 16, dp, sp), tla__sse2_8x8_2(d + 8 * (dp) + 16, s + 8 * (sp) + 16, dp, sp))
#define TLA__SSE2_8_4(d, s, dp, sp) \
    (tla__sse2_4x4_4(d, s, dp, sp), tla__sse2_4x4_4(d + 16, s + 4 * (sp), dp, sp), \
     tla__sse2_4x4_4(d + 4 * (dp), s + 16, dp, sp), tla__sse2_4x4_4(d + 4 * (dp) + 16, s + 4 * (sp) + 16, dp, sp))
#define TLA__SSE2_8_2(d, s, dp, sp) tla__sse2_8x8_2(d, s, dp, sp)
#define TLA__SSE2_16_4(d, s, dp, sp) \
    (TLA__SSE2_8_4(d, s, dp, sp), TLA__SSE2_8_4(d + 32, s + 8 * (sp), dp, sp), \
     TLA__SSE2_8_4(d + 8 * (dp), s + 32, dp, sp), TLA__SSE2_8_4(d + 8 * (dp) + 32, s + 8 * (sp) + 32, dp, sp))
TLA__OUT_OF_LINE TLA_FUNC void tla__sse2_16_2(TLA__BLOCKS_SIG){
    TLA__FOR_BLOCKS(TLA__SSE2_16_2)} TLA__OUT_OF_LINE TLA_FUNC
    void tla__sse2_8_2(TLA__BLOCKS_SIG){TLA__FOR_BLOCKS(TLA__SSE2_8_2)} TLA__OUT_OF_LINE TLA_FUNC
    void tla__sse2_16_4(TLA__BLOCKS_SIG){TLA__FOR_BLOCKS(TLA__SSE2_16_4)} TLA__OUT_OF_LINE TLA_FUNC
    void tla__sse2_8_4(TLA__BLOCKS_SIG){TLA__FOR_BLOCKS(TLA__SSE2_8_4)}

/* SSE2 bytes: a 16 x 16 block (16 source rows of 16 bytes). */
TLA__ALWAYS_INLINE TLA_FUNC void tla__sse2_16x16_1(TLA_GM char *d, const TLA_GM char *s, int64_t dp, int64_t sp) {
    tla__m128i x[16];
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 16; i++, s += sp) x[i] = TLA__LD128(s);
    TLA__NETWORK(tla__m128i, 16, tla__mm_unpacklo_epi8, tla__mm_unpackhi_epi8, x);
    TLA__UNROLL_ALL for (i = 0; i < 16; i++, d += dp) TLA__ST128(d, x[i]);
}

/* AVX2: a 16 x 16 block of 2-byte elements as two 8-register networks, lane 0 from source rows
 * 0-7 and lane 1 from rows 8-15, so each result is a whole 32-byte destination row; an 8 x 8
 * block of 4-byte elements likewise (lanes from rows 0-3 and 4-7). */
#define TLA__LD2X128(p, q) tla__mm256_inserti128_si256(tla__mm256_castsi128_si256(TLA__LD128(p)), TLA__LD128(q), 1)
#define TLA__ST256(p, v) tla__mm256_storeu_si256((tla__m256i *)(void *)(p), v)
TLA__AVX2 TLA__ALWAYS_INLINE TLA_FUNC void tla__avx2_16_2(TLA_GM char *d, const TLA_GM char *s, int64_t dp,
                                                          int64_t sp) {
    tla__m256i x[8], y[8];
    const TLA_GM char *q = s + 8 * sp;
    TLA_GM char *e = d + 8 * dp;
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, s += sp, q += sp) x[i] = TLA__LD2X128(s, q),
                                                              y[i] = TLA__LD2X128(s + 16, q + 16);
    TLA__NETWORK(tla__m256i, 8, tla__mm256_unpacklo_epi16, tla__mm256_unpackhi_epi16, x);
    TLA__NETWORK(tla__m256i, 8, tla__mm256_unpacklo_epi16, tla__mm256_unpackhi_epi16, y);
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, d += dp, e += dp) TLA__ST256(d, x[i]), TLA__ST256(e, y[i]);
}
TLA__AVX2 TLA__ALWAYS_INLINE TLA_FUNC void tla__avx2_8_4(TLA_GM char *d, const TLA_GM char *s, int64_t dp, int64_t sp) {
    tla__m256i x[4], y[4];
    const TLA_GM char *q = s + 4 * sp;
    TLA_GM char *e = d + 4 * dp;
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 4; i++, s += sp, q += sp) x[i] = TLA__LD2X128(s, q),
                                                              y[i] = TLA__LD2X128(s + 16, q + 16);
    TLA__NETWORK(tla__m256i, 4, tla__mm256_unpacklo_epi32, tla__mm256_unpackhi_epi32, x);
    TLA__NETWORK(tla__m256i, 4, tla__mm256_unpacklo_epi32, tla__mm256_unpackhi_epi32, y);
    TLA__UNROLL_ALL for (i = 0; i < 4; i++, d += dp, e += dp) TLA__ST256(d, x[i]), TLA__ST256(e, y[i]);
}
#define TLA__AVX2_16_2(d, s, dp, sp) tla__avx2_16_2(d, s, dp, sp)
#define TLA__AVX2_8_4(d, s, dp, sp) tla__avx2_8_4(d, s, dp, sp)
#define TLA__AVX2_16_4(d, s, dp, sp) \
    (tla__avx2_8_4(d, s, dp, sp), tla__avx2_8_4(d + 32, s + 8 * (sp), dp, sp), \
     tla__avx2_8_4(d + 8 * (dp), s + 32, dp, sp), tla__avx2_8_4(d + 8 * (dp) + 32, s + 8 * (sp) + 32, dp, sp))
TLA__AVX2 TLA__OUT_OF_LINE TLA_FUNC void tla__avx2_blocks_16_2(TLA__BLOCKS_SIG){
    TLA__FOR_BLOCKS(TLA__AVX2_16_2)} TLA__AVX2 TLA__OUT_OF_LINE TLA_FUNC
    void tla__avx2_blocks_8_4(TLA__BLOCKS_SIG){TLA__FOR_BLOCKS(TLA__AVX2_8_4)} TLA__AVX2 TLA__OUT_OF_LINE TLA_FUNC
    void tla__avx2_blocks_16_4(TLA__BLOCKS_SIG){TLA__FOR_BLOCKS(TLA__AVX2_16_4)}

/* AVX2 bytes: 16 destination rows of 32 bytes at once (lane 0 from source rows 0-15, lane 1
 * from rows 16-31 of the same 16 columns). */
TLA__AVX2 TLA__ALWAYS_INLINE TLA_FUNC
    void tla__avx2_16x32_1(TLA_GM char *d, const TLA_GM char *s, int64_t dp, int64_t sp) {
    tla__m256i x[16];
    const TLA_GM char *q;
    int i;
    TLA__ADDR_KEEP(s);
    q = s + 16 * sp;
    TLA__UNROLL_ALL for (i = 0; i < 16; i++, s += sp, q += sp) x[i] = TLA__LD2X128(s, q);
    TLA__NETWORK(tla__m256i, 16, tla__mm256_unpacklo_epi8, tla__mm256_unpackhi_epi8, x);
    TLA__UNROLL_ALL for (i = 0; i < 16; i++, d += dp) TLA__ST256(d, x[i]);
}

/* AVX-512: four lanes.  2-byte 16 x 16: lanes (row t cols 0-7, row t + 8 cols 0-7, row t cols
 * 8-15, row t + 8 cols 8-15), so result k is destination rows k (low half) and k + 8 (high);
 * 4-byte 8 x 8 the same with rows t and t + 4; bytes: 16 destination rows of 64 bytes. */
#define TLA__LD2X256(p, q) \
    tla__mm512_inserti64x4(tla__mm512_castsi256_si512(tla__mm256_loadu_si256((const tla__m256i *)(const void *)(p))), \
                           tla__mm256_loadu_si256((const tla__m256i *)(const void *)(q)), 1)
/* lanes 0, 2, 1, 3 (TLA__SIMD_KEEP: clang would merge it with the load's insert into a slower
 * two-shuffle form) */
#define TLA__LANES0213(v) \
    __extension__({ \
        tla__m512i v_ = (v); \
        TLA__SIMD_KEEP(v_); \
        tla__mm512_shuffle_i64x2(v_, v_, 0xD8); \
    })
#define TLA__ST2X256(p, q, v) \
    (TLA__ST256(p, tla__mm512_castsi512_si256(v)), TLA__ST256(q, tla__mm512_extracti64x4_epi64(v, 1)))
TLA__AVX512 TLA__ALWAYS_INLINE TLA_FUNC void tla__avx512_16_2(TLA_GM char *d, const TLA_GM char *s, int64_t dp,
                                                              int64_t sp) {
    tla__m512i x[8];
    const TLA_GM char *q = s + 8 * sp;
    TLA_GM char *e = d + 8 * dp;
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, s += sp, q += sp) x[i] = TLA__LANES0213(TLA__LD2X256(s, q));
    TLA__NETWORK(tla__m512i, 8, tla__mm512_unpacklo_epi16, tla__mm512_unpackhi_epi16, x);
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, d += dp, e += dp) TLA__ST2X256(d, e, x[i]);
}
TLA__AVX512 TLA__ALWAYS_INLINE TLA_FUNC void tla__avx512_16x64_1(TLA_GM char *d, const TLA_GM char *s, int64_t dp,
                                                                 int64_t sp) {
    tla__m512i x[16];
    const TLA_GM char *q, *u, *v;
    int i;
    TLA__ADDR_KEEP(s);
    q = s + 16 * sp, u = s + 32 * sp, v = s + 48 * sp;
    TLA__UNROLL_ALL for (i = 0; i < 16; i++, s += sp, q += sp, u += sp, v += sp) x[i] =
        tla__mm512_inserti64x4(tla__mm512_castsi256_si512(TLA__LD2X128(s, q)), TLA__LD2X128(u, v), 1);
    TLA__NETWORK(tla__m512i, 16, tla__mm512_unpacklo_epi8, tla__mm512_unpackhi_epi8, x);
    TLA__UNROLL_ALL for (i = 0; i < 16; i++, d += dp) tla__mm512_storeu_si512((void *)d, x[i]);
}
/* AVX-512 4-byte 16 x 16: one whole 64-byte line per source row and per destination row, each
 * loaded or stored once.  unpacklo / hi of 32-bit then 64-bit elements transpose the 4 x 4
 * pieces inside each lane (u[4i + c], lane L: column 4L + c of rows 4i..4i + 3), and two
 * rounds of shuffle_i32x4 transpose the 4 x 4 matrix of lanes.  As four 8 x 8 blocks (two
 * lanes from two rows each) every line was touched twice, and with power-of-two pitches
 * (2048 x 3072: 8 KB and 12 KB, all lines of a block in one L1 set) it came back evicted:
 * ColumnMajor -> RowMajor ran at 0.62 of oneDNN's 16 x 16 JIT kernel (bench/NOTES.md). */
TLA__AVX512 TLA__ALWAYS_INLINE TLA_FUNC void tla__avx512_16x16_4(TLA_GM char *d, const TLA_GM char *s, int64_t dp,
                                                                 int64_t sp) {
    tla__m512i x[16], t[16];
    int i, c;
    TLA__UNROLL_ALL for (i = 0; i < 16; i++) x[i] = tla__mm512_loadu_si512((const void *)(s + i * sp));
    TLA__UNROLL_ALL for (i = 0; i < 8; i++) t[2 * i] = tla__mm512_unpacklo_epi32(x[2 * i], x[2 * i + 1]),
                                                  t[2 * i + 1] = tla__mm512_unpackhi_epi32(x[2 * i], x[2 * i + 1]);
    TLA__UNROLL_ALL for (i = 0; i < 4; i++) x[4 * i] = tla__mm512_unpacklo_epi64(t[4 * i], t[4 * i + 2]),
                                                  x[4 * i + 1] = tla__mm512_unpackhi_epi64(t[4 * i], t[4 * i + 2]),
                                                  x[4 * i + 2] = tla__mm512_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]),
                                                  x[4 * i + 3] = tla__mm512_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);
    TLA__UNROLL_ALL for (c = 0; c < 4; c++) {
        /* lanes (0, 1) and (2, 3) of rows 0-3 beside rows 4-7, and of rows 8-11 beside 12-15 */
        tla__m512i v0 = tla__mm512_shuffle_i32x4(x[c], x[4 + c], 0x44),
                   v1 = tla__mm512_shuffle_i32x4(x[c], x[4 + c], 0xEE),
                   v2 = tla__mm512_shuffle_i32x4(x[8 + c], x[12 + c], 0x44),
                   v3 = tla__mm512_shuffle_i32x4(x[8 + c], x[12 + c], 0xEE);
        t[c] = tla__mm512_shuffle_i32x4(v0, v2, 0x88), t[4 + c] = tla__mm512_shuffle_i32x4(v0, v2, 0xDD);
        t[8 + c] = tla__mm512_shuffle_i32x4(v1, v3, 0x88), t[12 + c] = tla__mm512_shuffle_i32x4(v1, v3, 0xDD);
    }
    TLA__UNROLL_ALL for (i = 0; i < 16; i++) tla__mm512_storeu_si512((void *)(d + i * dp), t[i]);
}
/* AVX-512 bytes, a 32 x 32 block whose pitches are both a fractal's 32 bytes (1 KB contiguous on
 * each side: zN <-> nZ): each register takes source rows r and r + 16 (lanes: row r
 * bytes 0-15, row r + 16 bytes 0-15, row r bytes 16-31, row r + 16 bytes 16-31), so after the
 * network register k is destination rows k and k + 16, whole.  16 registers and the network's
 * temporaries fit in AVX-512's 32, and the pitch is a constant: the 16 x 32 AVX2 kernel it
 * replaces there spilled on both compilers (gcc kept 48 row pointers on the stack) and ran at
 * 0.7-0.9 of the bench's portable hand loop (bench/NOTES.md, round 19).  Rows 16-31 are dh / sh
 * bytes past rows 0-15 (512 in zN <-> nZ's 1 KB). */
TLA__AVX512 TLA__ALWAYS_INLINE TLA_FUNC void tla__avx512_32x32_1(TLA_GM char *d, const TLA_GM char *s, int64_t dh,
                                                                 int64_t sh) {
    tla__m512i x[16];
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 16; i++) x[i] = TLA__LANES0213(TLA__LD2X256(s + 32 * i, s + sh + 32 * i));
    TLA__NETWORK(tla__m512i, 16, tla__mm512_unpacklo_epi8, tla__mm512_unpackhi_epi8, x);
    TLA__UNROLL_ALL for (i = 0; i < 16; i++) TLA__ST2X256(d + 32 * i, d + dh + 32 * i, x[i]);
}
/* The same block with each side's rows 16-31 in another fractal (dh / sh bytes on): nN <-> zZ,
 * whose 32 x 32 block is two 512-byte fractals on each side, moved as four SSE2 16 x 16 blocks
 * before (bench/NOTES.md, round 21). */
TLA__AVX512 TLA__OUT_OF_LINE TLA_FUNC void tla__avx512_halves_1(TLA_GM char *d, const TLA_GM char *s, int64_t dh,
                                                                int64_t sh) {
    tla__avx512_32x32_1(d, s, dh, sh);
}
/* Two 2-byte 16 x 16 blocks side by side along one side's lines (that side's pair step is 32
 * bytes: the pair is whole 64-byte lines there), moved together so each of those lines is
 * loaded or stored once, whole, where two blocks touch it twice, 32 bytes each.  At a pitch that
 * is a multiple of 2 KB a block's 16 lines fall in one or two L1 sets (8 ways): half a line
 * written (or read), evicted, then fetched again for the other half.  "dpair": the
 * destination's lines (the second block's source at s2 bytes on); "spair": the source's (the
 * second block's destination at d2).  Results: rows k and k + 8 of each block, as
 * tla__avx512_16_2.  TLA__REG_KEEP on the pitches: both compilers otherwise hoist the 32 row
 * offsets out of the loop over blocks and reload them from the stack.  Interleaved A/B in one process
 * (bench/NOTES.md round 24), pitches 4 and 6 KB: 1.07-1.58x; at 1000 x 3001, where the lines
 * do not collide, 0.86-1.11x, so the pitch decides. */
#define TLA__LANES_LO(a, b) \
    ((tla__m512i)__builtin_shufflevector((tla__v8di)(a), (tla__v8di)(b), 0, 1, 2, 3, 8, 9, 10, 11))
#define TLA__LANES_HI(a, b) \
    ((tla__m512i)__builtin_shufflevector((tla__v8di)(a), (tla__v8di)(b), 4, 5, 6, 7, 12, 13, 14, 15))
TLA__AVX512 TLA__ALWAYS_INLINE TLA_FUNC void tla__avx512_dpair_2(TLA_GM char *d, const TLA_GM char *s, int64_t dp,
                                                                 int64_t sp, int64_t s2) {
    tla__m512i a[8], b[8];
    const TLA_GM char *s8 = s + 8 * sp, *t = s + s2, *t8 = t + 8 * sp;
    TLA_GM char *d8 = d + 8 * dp;
    int i;
    TLA__REG_KEEP(sp);
    TLA__REG_KEEP(dp);
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, s += sp, s8 += sp, t += sp, t8 += sp) {
        a[i] = TLA__LANES0213(TLA__LD2X256(s, s8));
        b[i] = TLA__LANES0213(TLA__LD2X256(t, t8));
    }
    TLA__NETWORK(tla__m512i, 8, tla__mm512_unpacklo_epi16, tla__mm512_unpackhi_epi16, a);
    TLA__NETWORK(tla__m512i, 8, tla__mm512_unpacklo_epi16, tla__mm512_unpackhi_epi16, b);
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, d += dp, d8 += dp) {
        tla__mm512_storeu_si512((void *)d, TLA__LANES_LO(a[i], b[i]));
        tla__mm512_storeu_si512((void *)d8, TLA__LANES_HI(a[i], b[i]));
    }
}
TLA__AVX512 TLA__ALWAYS_INLINE TLA_FUNC void tla__avx512_spair_2(TLA_GM char *d, const TLA_GM char *s, int64_t dp,
                                                                 int64_t sp, int64_t d2) {
    tla__m512i a[8], b[8];
    const TLA_GM char *s8 = s + 8 * sp;
    TLA_GM char *d8 = d + 8 * dp, *e = d + d2, *e8 = e + 8 * dp;
    int i;
    TLA__REG_KEEP(sp);
    TLA__REG_KEEP(dp);
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, s += sp, s8 += sp) { /* lanes as tla__avx512_16_2's */
        tla__v8di lo = (tla__v8di)tla__mm512_loadu_si512((const void *)s),
                  hi = (tla__v8di)tla__mm512_loadu_si512((const void *)s8);
        a[i] = (tla__m512i)__builtin_shufflevector(lo, hi, 0, 1, 8, 9, 2, 3, 10, 11);
        b[i] = (tla__m512i)__builtin_shufflevector(lo, hi, 4, 5, 12, 13, 6, 7, 14, 15);
    }
    TLA__NETWORK(tla__m512i, 8, tla__mm512_unpacklo_epi16, tla__mm512_unpackhi_epi16, a);
    TLA__NETWORK(tla__m512i, 8, tla__mm512_unpacklo_epi16, tla__mm512_unpackhi_epi16, b);
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, d += dp, d8 += dp, e += dp, e8 += dp) {
        TLA__ST2X256(d, d8, a[i]);
        TLA__ST2X256(e, e8, b[i]);
    }
}
#define TLA__AVX512_16_2(d, s, dp, sp) tla__avx512_16_2(d, s, dp, sp)
#define TLA__AVX512_16_4(d, s, dp, sp) tla__avx512_16x16_4(d, s, dp, sp)
TLA__AVX512 TLA__ALWAYS_INLINE TLA_FUNC void tla__avx512_pairs_16_2(TLA__BLOCKS_SIG, int dpair) {
    int64_t l_, k_;
    for (l_ = 0; l_ < n3; l_++) {
        TLA_GM char *d_ = d + l_ * d3;
        const TLA_GM char *s_ = s + l_ * s3;
        if (dpair)
            for (k_ = 0; k_ < n2; k_ += 2, d_ += 2 * d2, s_ += 2 * s2) tla__avx512_dpair_2(d_, s_, dp, sp, s2);
        else
            for (k_ = 0; k_ < n2; k_ += 2, d_ += 2 * d2, s_ += 2 * s2) tla__avx512_spair_2(d_, s_, dp, sp, d2);
    }
}
TLA__AVX512 TLA__OUT_OF_LINE TLA_FUNC void tla__avx512_blocks_16_2(TLA__BLOCKS_SIG) {
    int dpair = d2 == 32 && dp % 2048 == 0, spair = s2 == 32 && sp % 2048 == 0;
    if (n2 % 2 == 0 && (dpair || spair)) {
        tla__avx512_pairs_16_2(d, s, n3, d3, s3, n2, d2, s2, dp, sp, dpair);
        return;
    }
    { TLA__FOR_BLOCKS(TLA__AVX512_16_2) }
}
TLA__AVX512 TLA__OUT_OF_LINE TLA_FUNC void tla__avx512_blocks_16_4(TLA__BLOCKS_SIG) {
    TLA__FOR_BLOCKS(TLA__AVX512_16_4)
}

/* Byte rectangles: 16 destination rows at a time, as wide as the level allows (64, 32, 16
 * bytes), the rest of a row in 8 x 8 pieces, and a last 8 rows in 8 x 8 pieces; between two
 * fractals (both pitches 32 bytes) 32 x 32 blocks on AVX-512, 16 x 16 ones on AVX2. */
/* clang-format off */
#define TLA__BYTES_BODY(W, WIDE) \
    int64_t i, j, k; \
    if (n0 < (W)) { /* (the wide kernel's loop around the narrow one: gcc spilled its addresses) */ \
        tla__sse2_bytes(d, s, n2, d2, s2, n1, n0, dp, sp); \
        return; \
    } \
    for (k = 0; k < n2; k++, d += d2, s += s2) { \
        for (i = 0; i + 16 <= n1; i += 16) { \
            TLA_GM char *dr = d + i * dp; \
            const TLA_GM char *sr = s + i; \
            for (j = 0; j + (W) <= n0; j += (W)) WIDE(dr + j, sr + j * sp, dp, sp); \
            if (j < n0) tla__sse2_bytes(dr + j, sr + j * sp, 1, 0, 0, 16, n0 - j, dp, sp); \
        } \
        if (i < n1) tla__bytes_portable(d + i * dp, s + i, 1, 0, 0, n1 - i, n0, dp, sp); \
    }
/* clang-format on */
TLA__OUT_OF_LINE TLA_FUNC void tla__sse2_bytes(TLA_GM char *d, const TLA_GM char *s, int64_t n2, int64_t d2, int64_t s2,
                                               int64_t n1, int64_t n0, int64_t dp, int64_t sp) {
    int64_t i, j, k;
    for (k = 0; k < n2; k++, d += d2, s += s2) {
        for (i = 0; i + 16 <= n1; i += 16) {
            TLA_GM char *dr = d + i * dp;
            const TLA_GM char *sr = s + i;
            for (j = 0; j + 16 <= n0; j += 16) tla__sse2_16x16_1(dr + j, sr + j * sp, dp, sp);
            if (j < n0) tla__bytes_portable(dr + j, sr + j * sp, 1, 0, 0, 16, n0 - j, dp, sp);
        }
        if (i < n1) tla__bytes_portable(d + i * dp, s + i, 1, 0, 0, n1 - i, n0, dp, sp);
    }
}
/* (Both pitches a fractal's, fractal <-> fractal: SSE2's 16 x 16 blocks; the 16 x 32 kernel's
 * 32 loads and 16 stores at run-time pitches spilled, 0.65-0.85x on zN -> nZ / nN, while with a
 * RowMajor / ColumnMajor side it is the faster one on clang: bench/NOTES.md, round 19.) */
TLA__AVX2 TLA__OUT_OF_LINE TLA_FUNC void tla__avx2_bytes(TLA_GM char *d, const TLA_GM char *s, int64_t n2, int64_t d2,
                                                         int64_t s2, int64_t n1, int64_t n0, int64_t dp, int64_t sp) {
    if (dp == 32 && sp == 32) {
        tla__sse2_bytes(d, s, n2, d2, s2, n1, n0, dp, sp);
        return;
    }
    { TLA__BYTES_BODY(32, tla__avx2_16x32_1) }
}
TLA__AVX512 TLA__OUT_OF_LINE TLA_FUNC void tla__avx512_bytes(TLA_GM char *d, const TLA_GM char *s, int64_t n2,
                                                             int64_t d2, int64_t s2, int64_t n1, int64_t n0, int64_t dp,
                                                             int64_t sp) {
    if (dp == 32 && sp == 32) { /* between two fractals (tla__plan_fractal_bytes makes zN <-> nZ 32 x 32) */
        int64_t k, i;
        if (n0 != 32 || n1 % 32 != 0) {
            tla__sse2_bytes(d, s, n2, d2, s2, n1, n0, dp, sp);
            return;
        }
        for (k = 0; k < n2; k++, d += d2, s += s2)
            for (i = 0; i < n1; i += 32) tla__avx512_32x32_1(d + 32 * i, s + i, 512, 512);
        return;
    }
    if (n0 % 64 != 0) { /* 32-byte pieces where 64 do not fit */
        tla__avx2_bytes(d, s, n2, d2, s2, n1, n0, dp, sp);
        return;
    }
    { TLA__BYTES_BODY(64, tla__avx512_16x64_1) }
}
#undef TLA__BYTES_BODY
#endif /* TLA__SIMD_X86 */

#if defined(TLA__SIMD_NEON)
/* NEON: the same network with zip1 / zip2: 8 x 8 blocks of 2-byte elements, 4 x 4 of 4-byte
 * ones, 16 x 16 of bytes. */
TLA__ALWAYS_INLINE TLA_FUNC void tla__neon_8x8_2(TLA_GM char *d, const TLA_GM char *s, int64_t dp, int64_t sp) {
    uint16x8_t x[8];
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, s += sp) x[i] = vld1q_u16((const uint16_t *)(const void *)s);
    TLA__NETWORK(uint16x8_t, 8, vzip1q_u16, vzip2q_u16, x);
    TLA__UNROLL_ALL for (i = 0; i < 8; i++, d += dp) vst1q_u16((uint16_t *)(void *)d, x[i]);
}
TLA__ALWAYS_INLINE TLA_FUNC void tla__neon_4x4_4(TLA_GM char *d, const TLA_GM char *s, int64_t dp, int64_t sp) {
    uint32x4_t x[4];
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 4; i++, s += sp) x[i] = vld1q_u32((const uint32_t *)(const void *)s);
    TLA__NETWORK(uint32x4_t, 4, vzip1q_u32, vzip2q_u32, x);
    TLA__UNROLL_ALL for (i = 0; i < 4; i++, d += dp) vst1q_u32((uint32_t *)(void *)d, x[i]);
}
TLA__ALWAYS_INLINE TLA_FUNC void tla__neon_16x16_1(TLA_GM char *d, const TLA_GM char *s, int64_t dp, int64_t sp) {
    uint8x16_t x[16];
    int i;
    TLA__UNROLL_ALL for (i = 0; i < 16; i++, s += sp) x[i] = vld1q_u8((const uint8_t *)(const void *)s);
    TLA__NETWORK(uint8x16_t, 16, vzip1q_u8, vzip2q_u8, x);
    TLA__UNROLL_ALL for (i = 0; i < 16; i++, d += dp) vst1q_u8((uint8_t *)(void *)d, x[i]);
}
#define TLA__NEON_16_2(d, s, dp, sp) \
    (tla__neon_8x8_2(d, s, dp, sp), tla__neon_8x8_2(d + 16, s + 8 * (sp), dp, sp), \
     tla__neon_8x8_2(d + 8 * (dp), s + 16, dp, sp), tla__neon_8x8_2(d + 8 * (dp) + 16, s + 8 * (sp) + 16, dp, sp))
#define TLA__NEON_8_2(d, s, dp, sp) tla__neon_8x8_2(d, s, dp, sp)
#define TLA__NEON_8_4(d, s, dp, sp) \
    (tla__neon_4x4_4(d, s, dp, sp), tla__neon_4x4_4(d + 16, s + 4 * (sp), dp, sp), \
     tla__neon_4x4_4(d + 4 * (dp), s + 16, dp, sp), tla__neon_4x4_4(d + 4 * (dp) + 16, s + 4 * (sp) + 16, dp, sp))
#define TLA__NEON_16_4(d, s, dp, sp) \
    (TLA__NEON_8_4(d, s, dp, sp), TLA__NEON_8_4(d + 32, s + 8 * (sp), dp, sp), \
     TLA__NEON_8_4(d + 8 * (dp), s + 32, dp, sp), TLA__NEON_8_4(d + 8 * (dp) + 32, s + 8 * (sp) + 32, dp, sp))
TLA__OUT_OF_LINE TLA_FUNC void tla__neon_16_2(TLA__BLOCKS_SIG){
    TLA__FOR_BLOCKS(TLA__NEON_16_2)} TLA__OUT_OF_LINE TLA_FUNC
    void tla__neon_8_2(TLA__BLOCKS_SIG){TLA__FOR_BLOCKS(TLA__NEON_8_2)} TLA__OUT_OF_LINE TLA_FUNC
    void tla__neon_16_4(TLA__BLOCKS_SIG){TLA__FOR_BLOCKS(TLA__NEON_16_4)} TLA__OUT_OF_LINE TLA_FUNC
    void tla__neon_8_4(TLA__BLOCKS_SIG){TLA__FOR_BLOCKS(TLA__NEON_8_4)} TLA__OUT_OF_LINE TLA_FUNC
    void tla__neon_bytes(TLA_GM char *d, const TLA_GM char *s, int64_t n2, int64_t d2, int64_t s2, int64_t n1,
                         int64_t n0, int64_t dp, int64_t sp) {
    int64_t i, j, k;
    for (k = 0; k < n2; k++, d += d2, s += s2) {
        for (i = 0; i + 16 <= n1; i += 16) {
            for (j = 0; j + 16 <= n0; j += 16) tla__neon_16x16_1(d + i * dp + j, s + j * sp + i, dp, sp);
            for (; j < n0; j += 8)
                tla__transpose8x8(d + i * dp + j, dp, s + j * sp + i, sp),
                    tla__transpose8x8(d + (i + 8) * dp + j, dp, s + j * sp + i + 8, sp);
        }
        for (; i < n1; i += 8)
            for (j = 0; j < n0; j += 8) tla__transpose8x8(d + i * dp + j, dp, s + j * sp + i, sp);
    }
}
#endif /* TLA__SIMD_NEON */
#undef TLA__FOR_BLOCKS
#undef TLA__NETWORK
#undef TLA__ROUND
#undef TLA__BLOCKS_SIG

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* The kernels of a level (one the machine has: tla_copy_set_simd checks).  A level takes a
 * lower level's kernel where that one is faster: AVX-512 moves 8 x 8 4-byte blocks with AVX2's
 * (its own, two rows a register through lane inserts and extracts, ran nN -> zN, zZ -> nZ and
 * the other 8 x 8 transposes 0.75-0.95x of AVX2's on both compilers: bench/NOTES.md round 22). */
TLA_FUNC const tla__copy_kernels *tla__kernels_of(int level) {
    static const tla__copy_kernels portable = {tla__transpose_16_2, tla__transpose_8_2,  tla__transpose_16_4,
                                               tla__transpose_8_4,  tla__bytes_portable, NULL};
#if defined(TLA__SIMD_X86)
    static const tla__copy_kernels sse2 = {tla__sse2_16_2, tla__sse2_8_2,   tla__sse2_16_4,
                                           tla__sse2_8_4,  tla__sse2_bytes, NULL};
    static const tla__copy_kernels avx2 = {tla__avx2_blocks_16_2, tla__sse2_8_2,   tla__avx2_blocks_16_4,
                                           tla__avx2_blocks_8_4,  tla__avx2_bytes, NULL};
    static const tla__copy_kernels avx512 = {tla__avx512_blocks_16_2, tla__sse2_8_2,     tla__avx512_blocks_16_4,
                                             tla__avx2_blocks_8_4,    tla__avx512_bytes, tla__avx512_halves_1};
    if (level == TLA_SIMD_AVX512) return &avx512;
    if (level == TLA_SIMD_AVX2) return &avx2;
    if (level == TLA_SIMD_SSE2) return &sse2;
#elif defined(TLA__SIMD_NEON)
    static const tla__copy_kernels neon = {tla__neon_16_2, tla__neon_8_2,   tla__neon_16_4,
                                           tla__neon_8_4,  tla__neon_bytes, NULL};
    if (level == TLA_SIMD_NEON) return &neon;
#endif
    (void)level;
    return &portable;
}

/* The kernels copies use now. */
TLA_FUNC const tla__copy_kernels *tla__kernels(void) { return tla__kernels_of(tla_copy_simd()); }

#endif
