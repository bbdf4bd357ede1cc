/* tests/test_letters.c - a file that defines one-letter macros before including tla.h (matmul
 * code's `#define K 64`, `-DN=128`) still compiles it and keeps its macros (tla/letters.h sets
 * them aside while tla.h and tla/compat.h are read): every letter A to Z, with every opt-in
 * family and the 0.1 names in. */
#define A 1
#define B 2
#define C 3
#define D 4
#define E 5
#define F 6
#define G 7
#define H 8
#define I 9
#define J 10
#define K 11
#define L 12
#define M 13
#define N 14
#define O 15
#define P 16
#define Q 17
#define R 18
#define S 19
#define T 20
#define U 21
#define V 22
#define W 23
#define X 24
#define Y 25
#define Z 26
#define TLA_WITH_ALL
#include "tla.h"
#include "tla/compat.h"

#include "check.h"

int main(void) {
    tla_layout lay;
    tla_error err;
    int64_t n = 0;
    CHECK(tla_layout_format(&lay, TLA_ZN, 2, 32, 48, &err) == 0 && tla_layout_size(&n, &lay, &err) == 0);
    CHECK_EQ(n, 32 * 48);
    /* the file's macros are back, with their values */
    CHECK(A == 1 && K == 11 && L == 12 && M == 13 && N == 14 && Z == 26);
    /* and they work as arguments of the static core and of compat's names */
    tla_auto s = MakeLayout(MakeShape(_16, Int(M)), MakeStride(Int(K), _1));
    _Static_assert(tla_size(tla_make_tuple(TLA_C(M), TLA_C(N))) == 13 * 14, "a static tuple of the file's macros");
    CHECK_EQ(crd2offset(MakeCoord(1, 2), s), 11 + 2);
    tla_auto t = tla_tuple(TLA_C(K), tla_tuple(L, M)); /* the 0.1 constructor too */
    CHECK_EQ(tla_size(t), 11 * 12 * 13);
    CHECK_DONE();
}
