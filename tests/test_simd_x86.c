/* tests/test_simd_x86.c - tla/tensor/simd_x86.h's operations (vector extensions and the
 * compilers' builtins) give what the intrinsics of <immintrin.h> they stand for give, on random
 * registers: every unpack of every width and element size, the casts, inserts and extracts,
 * the 128-bit lane shuffle.  The copy kernels' own test (test_copy_kernels.c) checks the
 * kernels built on them against the portable C; this one checks each operation, including
 * those no kernel uses yet.  Each width runs only where the CPU has it. */
#include "tla.h"

#include <stdlib.h>

#include "check.h"

#if defined(TLA__SIMD_X86)
#include <immintrin.h>

static unsigned char rnd[3][64];
static void fill(void) {
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 64; i++) rnd[k][i] = (unsigned char)rand();
}
/* SAME(width, ours, theirs): the two results' bytes agree */
#define SAME(bytes, ours, theirs) (memcmp(&(ours), &(theirs), bytes) == 0)
/* CMP(bytes, T, U, op): op(a, b) of <immintrin.h> (type T) and tla_##op(x, y) of simd_x86.h (type
 * U) agree; a failure names the operation.  CMP_UNPACKS: the eight unpacks of one width. */
#define CMP(bytes, T, U, op) \
    do { \
        T r_ = op(a, b); \
        U s_ = tla_##op(x, y); \
        CHECK(SAME(bytes, s_, r_) || !#op); \
    } while (0)
#define CMP_UNPACKS(bytes, T, U, mm) \
    do { \
        CMP(bytes, T, U, mm##_unpacklo_epi8); \
        CMP(bytes, T, U, mm##_unpackhi_epi8); \
        CMP(bytes, T, U, mm##_unpacklo_epi16); \
        CMP(bytes, T, U, mm##_unpackhi_epi16); \
        CMP(bytes, T, U, mm##_unpacklo_epi32); \
        CMP(bytes, T, U, mm##_unpackhi_epi32); \
        CMP(bytes, T, U, mm##_unpacklo_epi64); \
        CMP(bytes, T, U, mm##_unpackhi_epi64); \
    } while (0)

static int ops128(void) {
    int ok = 1;
    __m128i a = _mm_loadu_si128((const void *)rnd[0]), b = _mm_loadu_si128((const void *)rnd[1]);
    tla__m128i x = tla__mm_loadu_si128(rnd[0]), y = tla__mm_loadu_si128(rnd[1]);
    ok &= SAME(16, x, a) && SAME(16, y, b);
    CMP_UNPACKS(16, __m128i, tla__m128i, _mm);
    {
        unsigned char out[2][16];
        tla__mm_storeu_si128(out[0], x);
        _mm_storeu_si128((void *)out[1], a);
        ok &= memcmp(out[0], out[1], 16) == 0;
    }
    return ok;
}

__attribute__((target("avx2"))) static int ops256(void) {
    int ok = 1;
    __m256i a = _mm256_loadu_si256((const void *)rnd[0]), b = _mm256_loadu_si256((const void *)rnd[1]);
    tla__m256i x = tla__mm256_loadu_si256(rnd[0]), y = tla__mm256_loadu_si256(rnd[1]);
    ok &= SAME(32, x, a) && SAME(32, y, b);
    CMP_UNPACKS(32, __m256i, tla__m256i, _mm256);
    {
        __m128i h = _mm_loadu_si128((const void *)rnd[2]);
        tla__m128i g = tla__mm_loadu_si128(rnd[2]);
        __m256i r0 = _mm256_inserti128_si256(a, h, 0), r1 = _mm256_inserti128_si256(a, h, 1);
        tla__m256i s0 = tla__mm256_inserti128_si256(x, g, 0), s1 = tla__mm256_inserti128_si256(x, g, 1);
        ok &= SAME(32, s0, r0) && SAME(32, s1, r1);
        __m256i r2 = _mm256_castsi128_si256(h);
        tla__m256i s2 = tla__mm256_castsi128_si256(g);
        ok &= SAME(16, s2, r2);
        /* the kernels' pair load: a cast 128-bit register, another inserted above it */
        __m256i r3 = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm256_castsi256_si128(a)), h, 1);
        tla__m256i s3 = tla__mm256_inserti128_si256(tla__mm256_castsi128_si256(tla__mm_loadu_si128(rnd[0])), g, 1);
        ok &= SAME(32, s3, r3);
    }
    {
        unsigned char out[2][32];
        tla__mm256_storeu_si256(out[0], x);
        _mm256_storeu_si256((void *)out[1], a);
        ok &= memcmp(out[0], out[1], 32) == 0;
    }
    return ok;
}

__attribute__((target("avx2,avx512f,avx512bw"))) static int ops512(void) {
    int ok = 1;
    __m512i a = _mm512_loadu_si512((const void *)rnd[0]), b = _mm512_loadu_si512((const void *)rnd[1]);
    tla__m512i x = tla__mm512_loadu_si512(rnd[0]), y = tla__mm512_loadu_si512(rnd[1]);
    ok &= SAME(64, x, a) && SAME(64, y, b);
    CMP_UNPACKS(64, __m512i, tla__m512i, _mm512);
    {
        __m256i h = _mm256_loadu_si256((const void *)rnd[2]);
        tla__m256i g = tla__mm256_loadu_si256(rnd[2]);
        __m512i r0 = _mm512_inserti64x4(a, h, 0), r1 = _mm512_inserti64x4(a, h, 1);
        tla__m512i s0 = tla__mm512_inserti64x4(x, g, 0), s1 = tla__mm512_inserti64x4(x, g, 1);
        ok &= SAME(64, s0, r0) && SAME(64, s1, r1);
        __m512i r2 = _mm512_castsi256_si512(h);
        tla__m512i s2 = tla__mm512_castsi256_si512(g);
        ok &= SAME(32, s2, r2);
        __m256i r3 = _mm512_castsi512_si256(a);
        tla__m256i s3 = tla__mm512_castsi512_si256(x);
        ok &= SAME(32, s3, r3);
        __m256i r4 = _mm512_extracti64x4_epi64(a, 1);
        tla__m256i s4 = tla__mm512_extracti64x4_epi64(x, 1);
        ok &= SAME(32, s4, r4);
        __m256i r5 = _mm512_extracti64x4_epi64(a, 0);
        tla__m256i s5 = tla__mm512_extracti64x4_epi64(x, 0);
        ok &= SAME(32, s5, r5);
        __m512i r6 = _mm512_shuffle_i64x2(a, b, 0xD8);
        tla__m512i s6 = tla__mm512_shuffle_i64x2(x, y, 0xD8);
        ok &= SAME(64, s6, r6);
        __m512i r9 = _mm512_shuffle_i32x4(a, b, 0x88), r10 = _mm512_shuffle_i32x4(a, b, 0xDD);
        tla__m512i s9 = tla__mm512_shuffle_i32x4(x, y, 0x88), s10 = tla__mm512_shuffle_i32x4(x, y, 0xDD);
        ok &= SAME(64, s9, r9) && SAME(64, s10, r10);
        __m512i r7 = _mm512_shuffle_i64x2(a, b, 0x1B);
        tla__m512i s7 = tla__mm512_shuffle_i64x2(x, y, 0x1B);
        ok &= SAME(64, s7, r7);
        __m512i r8 = _mm512_inserti64x4(_mm512_castsi256_si512(h), _mm512_castsi512_si256(a), 1);
        tla__m512i s8 = tla__mm512_inserti64x4(tla__mm512_castsi256_si512(g), tla__mm512_castsi512_si256(x), 1);
        ok &= SAME(64, s8, r8);
    }
    {
        unsigned char out[2][64];
        tla__mm512_storeu_si512(out[0], x);
        _mm512_storeu_si512((void *)out[1], a);
        ok &= memcmp(out[0], out[1], 64) == 0;
    }
    return ok;
}

int main(void) {
    __builtin_cpu_init();
    int has2 = __builtin_cpu_supports("avx2"),
        has512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    for (int round = 0; round < 200; round++) {
        fill();
        CHECK(ops128());
        if (has2) CHECK(ops256());
        if (has512) CHECK(ops512());
    }
    if (!has2 || !has512)
        printf("  (this CPU lacks %s: those operations not compared)\n", has2 ? "AVX-512" : "AVX2 and AVX-512");
    CHECK_DONE();
}
#else
int main(void) {
    printf("  not an x86-64 build with gcc or clang: simd_x86.h is not used\n");
    CHECK(1);
    CHECK_DONE();
}
#endif
