/* tla/tensor/simd_x86.h - the x86 vector operations the copy kernels use, written with the
 * compilers' vector extensions instead of <immintrin.h>.
 *
 * <immintrin.h> is about 1.3 MB of declarations (every AVX-512 extension): including it cost
 * every translation unit that includes tla.h 0.3-0.4 s, four times the rest of tla.h.  The
 * kernels need two dozen operations (unaligned loads and stores, the per-lane unpacks, lane
 * inserts and extracts), and each is one __builtin_shufflevector (gcc >= 12, clang) or one
 * vector load or store, which the compilers turn into the same instructions (vpunpckl*,
 * vinserti128, vshufi64x2, vmovdqu) inside functions compiled with target("avx2") or
 * target("avx512f,avx512bw").  The names are the intrinsics' with the prefix tla__; the types
 * are vectors of 64-bit integers as the intrinsics' are, and the element views tla__v<N><t>
 * (qi, hi, si, di: 1, 2, 4, 8 bytes) are the shuffles' operands.  Macros, not functions, so no
 * vector is passed by value outside a function that has the vector unit enabled; each names its
 * operands once, as a function would evaluate them.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   unsigned short a[8] = {0, 1, 2, 3, 4, 5, 6, 7}, b[8] = {10, 11, 12, 13, 14, 15, 16, 17}, r[8];
 *   tla__mm_storeu_si128(r, tla__mm_unpacklo_epi16(tla__mm_loadu_si128(a), tla__mm_loadu_si128(b)));
 *   if (r[0] != 0 || r[1] != 10 || r[2] != 1 || r[7] != 13) return 1;       // a0 b0 a1 b1 ...
 */
#ifndef TLA_SIMD_X86_H
#define TLA_SIMD_X86_H

/* ---------------------------------------------------------------- internals */

/* clang-format off */
/* The register types, as the intrinsics' (__m128i ...), and unaligned, aliasing views for loads
 * and stores. */
typedef long long tla__m128i __attribute__((vector_size(16)));
typedef long long tla__m256i __attribute__((vector_size(32)));
typedef long long tla__m512i __attribute__((vector_size(64)));
typedef long long tla__m128u __attribute__((vector_size(16), aligned(1), may_alias));
typedef long long tla__m256u __attribute__((vector_size(32), aligned(1), may_alias));
typedef long long tla__m512u __attribute__((vector_size(64), aligned(1), may_alias));
/* Element views. */
typedef char tla__v16qi __attribute__((vector_size(16)));
typedef short tla__v8hi __attribute__((vector_size(16)));
typedef int tla__v4si __attribute__((vector_size(16)));
typedef long long tla__v2di __attribute__((vector_size(16)));
typedef char tla__v32qi __attribute__((vector_size(32)));
typedef short tla__v16hi __attribute__((vector_size(32)));
typedef int tla__v8si __attribute__((vector_size(32)));
typedef long long tla__v4di __attribute__((vector_size(32)));
typedef char tla__v64qi __attribute__((vector_size(64)));
typedef short tla__v32hi __attribute__((vector_size(64)));
typedef int tla__v16si __attribute__((vector_size(64)));
typedef long long tla__v8di __attribute__((vector_size(64)));

/* For the functions that use these: clang lowers a 512-bit shuffle as two 256-bit ones unless
 * the function declares its vector width (its intrinsics carry this attribute). */
#if defined(__clang__)
#define TLA__MIN_VECTOR_WIDTH(n) __attribute__((__min_vector_width__(n)))
#else
#define TLA__MIN_VECTOR_WIDTH(n)
#endif
/* TLA__SIMD_KEEP(v): v stays as computed (no instruction): the optimiser may not merge the
 * shuffles before it with those after (clang turns an insert and a lane shuffle into two
 * vperm2i128 and an insert, where the intrinsics' code has vinserti64x4 and vshufi64x2). */
#define TLA__SIMD_KEEP(v) __asm__("" : "+v"(v))
/* TLA__REG_KEEP(x): the same for a value in a general register (a pointer, a pitch): what is
 * computed from it after this point is computed where used (p + k * pitch), not hoisted out of
 * the loop around as one register per row that ends up on the stack, reloaded before every
 * load.  TLA__ADDR_KEEP(p): gcc only, for the 16 x 64 byte kernel (64 row pointers on gcc;
 * clang kept its registers, and with the barrier RowMajor <-> ColumnMajor 1-byte ran 0.85-0.9x,
 * bench/NOTES.md round 21). */
#define TLA__REG_KEEP(x) __asm__("" : "+r"(x))
#if defined(__clang__)
#define TLA__ADDR_KEEP(p) (void)0
#else
#define TLA__ADDR_KEEP(p) TLA__REG_KEEP(p)
#endif

/* Unaligned loads and stores. */
#define tla__mm_loadu_si128(p) (*(const tla__m128u *)(const void *)(p))
#define tla__mm256_loadu_si256(p) (*(const tla__m256u *)(const void *)(p))
#define tla__mm512_loadu_si512(p) (*(const tla__m512u *)(const void *)(p))
#define tla__mm_storeu_si128(p, v) ((void)(*(tla__m128u *)(void *)(p) = (v)))
#define tla__mm256_storeu_si256(p, v) ((void)(*(tla__m256u *)(void *)(p) = (v)))
#define tla__mm512_storeu_si512(p, v) ((void)(*(tla__m512u *)(void *)(p) = (v)))

/* Widening (the upper part undefined, as the intrinsics' casts), narrowing, inserting and
 * extracting halves, moving 128-bit lanes (imm a literal): each compiler's own builtins, as its
 * <immintrin.h> writes these intrinsics, so the code is the intrinsics' (a shuffle written
 * with __builtin_shufflevector gave gcc vperm2i128 where its builtin gives vinserti128). */
#define tla__mm256_inserti128_si256(a, b, imm) \
        ((tla__m256i)__builtin_ia32_insert128i256((tla__v4di)(a), (tla__v2di)(b), (int)(imm)))
#if defined(__clang__)
#define tla__mm256_castsi128_si256(x) __builtin_shufflevector((tla__v2di)(x), (tla__v2di){ 0 }, 0, 1, -1, -1)
#define tla__mm512_castsi256_si512(x) __builtin_shufflevector((tla__v4di)(x), (tla__v4di){ 0 }, 0, 1, 2, 3, -1, -1, -1, -1)
#define tla__mm512_castsi512_si256(x) __builtin_shufflevector((tla__v8di)(x), (tla__v8di){ 0 }, 0, 1, 2, 3)
#define tla__mm512_inserti64x4(a, b, imm) ((tla__m512i)__builtin_ia32_inserti64x4((tla__v8di)(a), (tla__v4di)(b), (int)(imm)))
#define tla__mm512_extracti64x4_epi64(v, imm) \
        ((tla__m256i)__builtin_ia32_extracti64x4_mask((tla__v8di)(v), (int)(imm), (tla__v4di){ 0 }, (unsigned char)-1))
#define tla__mm512_shuffle_i64x2(a, b, imm) ((tla__m512i)__builtin_ia32_shuf_i64x2((tla__v8di)(a), (tla__v8di)(b), (int)(imm)))
#define tla__mm512_shuffle_i32x4(a, b, imm) ((tla__m512i)__builtin_ia32_shuf_i32x4((tla__v16si)(a), (tla__v16si)(b), (int)(imm)))
#else
#define tla__mm256_castsi128_si256(x) ((tla__m256i)__builtin_ia32_si256_si((tla__v4si)(x)))
#define tla__mm512_castsi256_si512(x) ((tla__m512i)__builtin_ia32_si512_256si((tla__v8si)(x)))
typedef double tla__v8df __attribute__((vector_size(64)));
typedef double tla__v4df __attribute__((vector_size(32)));
#define tla__mm512_castsi512_si256(x) \
        ((tla__m256i)__builtin_ia32_extractf64x4_mask((tla__v8df)(x), 0, (tla__v4df){ 0 }, (unsigned char)-1))
#define tla__mm512_inserti64x4(a, b, imm) \
        ((tla__m512i)__builtin_ia32_inserti64x4_mask((tla__v8di)(a), (tla__v4di)(b), (int)(imm), (tla__v8di)(a), (unsigned char)-1))
#define tla__mm512_extracti64x4_epi64(v, imm) \
        ((tla__m256i)__builtin_ia32_extracti64x4_mask((tla__v8di)(v), (int)(imm), (tla__v4di){ 0 }, (unsigned char)-1))
#define tla__mm512_shuffle_i64x2(a, b, imm) \
        ((tla__m512i)__builtin_ia32_shuf_i64x2_mask((tla__v8di)(a), (tla__v8di)(b), (int)(imm), (tla__v8di)(a), (unsigned char)-1))
#define tla__mm512_shuffle_i32x4(a, b, imm) \
        ((tla__m512i)__builtin_ia32_shuf_i32x4_mask((tla__v16si)(a), (tla__v16si)(b), (int)(imm), (tla__v16si)(a), (unsigned short)-1))
#endif

/* Interleaves within each 128-bit lane: lo takes the lanes' low halves, hi their high halves,
 * elements of a and b alternating (punpckl* / punpckh*). */
#define tla__mm_unpacklo_epi8(a, b) ((tla__m128i)__builtin_shufflevector((tla__v16qi)(a), (tla__v16qi)(b), \
        0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23))
#define tla__mm_unpackhi_epi8(a, b) ((tla__m128i)__builtin_shufflevector((tla__v16qi)(a), (tla__v16qi)(b), \
        8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31))
#define tla__mm_unpacklo_epi16(a, b) ((tla__m128i)__builtin_shufflevector((tla__v8hi)(a), (tla__v8hi)(b), \
        0, 8, 1, 9, 2, 10, 3, 11))
#define tla__mm_unpackhi_epi16(a, b) ((tla__m128i)__builtin_shufflevector((tla__v8hi)(a), (tla__v8hi)(b), \
        4, 12, 5, 13, 6, 14, 7, 15))
#define tla__mm_unpacklo_epi32(a, b) ((tla__m128i)__builtin_shufflevector((tla__v4si)(a), (tla__v4si)(b), \
        0, 4, 1, 5))
#define tla__mm_unpackhi_epi32(a, b) ((tla__m128i)__builtin_shufflevector((tla__v4si)(a), (tla__v4si)(b), \
        2, 6, 3, 7))
#define tla__mm_unpacklo_epi64(a, b) ((tla__m128i)__builtin_shufflevector((tla__v2di)(a), (tla__v2di)(b), \
        0, 2))
#define tla__mm_unpackhi_epi64(a, b) ((tla__m128i)__builtin_shufflevector((tla__v2di)(a), (tla__v2di)(b), \
        1, 3))
#define tla__mm256_unpacklo_epi8(a, b) ((tla__m256i)__builtin_shufflevector((tla__v32qi)(a), \
        (tla__v32qi)(b), 0, 32, 1, 33, 2, 34, 3, 35, 4, 36, 5, 37, 6, 38, 7, 39, 16, 48, 17, 49, 18, 50, \
        19, 51, 20, 52, 21, 53, 22, 54, 23, 55))
#define tla__mm256_unpackhi_epi8(a, b) ((tla__m256i)__builtin_shufflevector((tla__v32qi)(a), \
        (tla__v32qi)(b), 8, 40, 9, 41, 10, 42, 11, 43, 12, 44, 13, 45, 14, 46, 15, 47, 24, 56, 25, 57, 26, \
        58, 27, 59, 28, 60, 29, 61, 30, 62, 31, 63))
#define tla__mm256_unpacklo_epi16(a, b) ((tla__m256i)__builtin_shufflevector((tla__v16hi)(a), \
        (tla__v16hi)(b), 0, 16, 1, 17, 2, 18, 3, 19, 8, 24, 9, 25, 10, 26, 11, 27))
#define tla__mm256_unpackhi_epi16(a, b) ((tla__m256i)__builtin_shufflevector((tla__v16hi)(a), \
        (tla__v16hi)(b), 4, 20, 5, 21, 6, 22, 7, 23, 12, 28, 13, 29, 14, 30, 15, 31))
#define tla__mm256_unpacklo_epi32(a, b) ((tla__m256i)__builtin_shufflevector((tla__v8si)(a), \
        (tla__v8si)(b), 0, 8, 1, 9, 4, 12, 5, 13))
#define tla__mm256_unpackhi_epi32(a, b) ((tla__m256i)__builtin_shufflevector((tla__v8si)(a), \
        (tla__v8si)(b), 2, 10, 3, 11, 6, 14, 7, 15))
#define tla__mm256_unpacklo_epi64(a, b) ((tla__m256i)__builtin_shufflevector((tla__v4di)(a), \
        (tla__v4di)(b), 0, 4, 2, 6))
#define tla__mm256_unpackhi_epi64(a, b) ((tla__m256i)__builtin_shufflevector((tla__v4di)(a), \
        (tla__v4di)(b), 1, 5, 3, 7))
#define tla__mm512_unpacklo_epi8(a, b) ((tla__m512i)__builtin_shufflevector((tla__v64qi)(a), \
        (tla__v64qi)(b), 0, 64, 1, 65, 2, 66, 3, 67, 4, 68, 5, 69, 6, 70, 7, 71, 16, 80, 17, 81, 18, 82, \
        19, 83, 20, 84, 21, 85, 22, 86, 23, 87, 32, 96, 33, 97, 34, 98, 35, 99, 36, 100, 37, 101, 38, 102, \
        39, 103, 48, 112, 49, 113, 50, 114, 51, 115, 52, 116, 53, 117, 54, 118, 55, 119))
#define tla__mm512_unpackhi_epi8(a, b) ((tla__m512i)__builtin_shufflevector((tla__v64qi)(a), \
        (tla__v64qi)(b), 8, 72, 9, 73, 10, 74, 11, 75, 12, 76, 13, 77, 14, 78, 15, 79, 24, 88, 25, 89, 26, \
        90, 27, 91, 28, 92, 29, 93, 30, 94, 31, 95, 40, 104, 41, 105, 42, 106, 43, 107, 44, 108, 45, 109, \
        46, 110, 47, 111, 56, 120, 57, 121, 58, 122, 59, 123, 60, 124, 61, 125, 62, 126, 63, 127))
#define tla__mm512_unpacklo_epi16(a, b) ((tla__m512i)__builtin_shufflevector((tla__v32hi)(a), \
        (tla__v32hi)(b), 0, 32, 1, 33, 2, 34, 3, 35, 8, 40, 9, 41, 10, 42, 11, 43, 16, 48, 17, 49, 18, 50, \
        19, 51, 24, 56, 25, 57, 26, 58, 27, 59))
#define tla__mm512_unpackhi_epi16(a, b) ((tla__m512i)__builtin_shufflevector((tla__v32hi)(a), \
        (tla__v32hi)(b), 4, 36, 5, 37, 6, 38, 7, 39, 12, 44, 13, 45, 14, 46, 15, 47, 20, 52, 21, 53, 22, \
        54, 23, 55, 28, 60, 29, 61, 30, 62, 31, 63))
#define tla__mm512_unpacklo_epi32(a, b) ((tla__m512i)__builtin_shufflevector((tla__v16si)(a), \
        (tla__v16si)(b), 0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29))
#define tla__mm512_unpackhi_epi32(a, b) ((tla__m512i)__builtin_shufflevector((tla__v16si)(a), \
        (tla__v16si)(b), 2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31))
#define tla__mm512_unpacklo_epi64(a, b) ((tla__m512i)__builtin_shufflevector((tla__v8di)(a), \
        (tla__v8di)(b), 0, 8, 2, 10, 4, 12, 6, 14))
#define tla__mm512_unpackhi_epi64(a, b) ((tla__m512i)__builtin_shufflevector((tla__v8di)(a), \
        (tla__v8di)(b), 1, 9, 3, 11, 5, 13, 7, 15))
/* clang-format on */

#endif
