/* tests/impl/main.c - one file of tests/impl.sh's program: copies between Ascend formats
 * (tla_copy and a planned copy), a static layout, and the text functions of tests/impl/text.c,
 * built with TLA_DECLARATIONS_ONLY (the run-time functions come from tests/impl/impl.c).
 * Prints "N passed, M failed". */
#include "tla.h"
#include "tests/check.h"
#include "tests/impl/parts.h"
#include <stdint.h>

static int16_t src[30 * 20], dst[32 * 32], back[30 * 20];

static void test_copy(void) {
    tla_layout Ls, Ld;
    tla_tensor S, D, B;
    tla_copy_plan P;
    tla_error e;
    int i, bad = 0;
    for (i = 0; i < 30 * 20; i++) src[i] = (int16_t)(i * 7 + 1);
    CHECK(tla_layout_format(&Ls, TLA_ROW_MAJOR, 2, 30, 20, &e) == 0);
    CHECK(tla_layout_format(&Ld, TLA_ZN, 2, 30, 20, &e) == 0);
    S = tla_tensor_make(src, 2, &Ls, TLA_POS_GM);
    D = tla_tensor_make(dst, 2, &Ld, TLA_POS_L1);
    B = tla_tensor_make(back, 2, &Ls, TLA_POS_GM);
    CHECK(tla_copy(&D, &S, &e) == 0);
    CHECK_EQ(*(int16_t *)tla_tensor_at2(&D, 17, 13), 17 * 20 * 7 + 13 * 7 + 1); /* (17,13) in zN */
    CHECK(tla_copy_prepare(&P, &B, &D, &e) == 0); /* and back, planned */
    CHECK(tla_copy_run(&P, back, dst, &e) == 0);
    for (i = 0; i < 30 * 20; i++) bad += back[i] != src[i];
    CHECK_EQ(bad, 0);
    S = tla_tensor_make(src, 4, &Ls, TLA_POS_GM); /* another element size: an error, said by impl.c */
    CHECK(tla_copy(&D, &S, &e) != 0 && strstr(e.msg, "element") != NULL);
}

static void test_static(void) {
    /* The static core is macros and static inline helpers in every mode. */
    tla_auto L = tla_zN(tla_half, TLA_C(32), TLA_C(48));
    char buf[128];
    _Static_assert(tla_crd2offset_const(tla_make_tuple(TLA_C(17), TLA_C(33)), L) == 16 + 256 + 1 + 1024, "(17,33)");
    CHECK(tla_snprint(buf, sizeof buf, L) > 0);
    CHECK_STR(buf, "((_16,_2),(_16,_3)):((_16,_256),(_1,_512))");
}

static void test_text(void) {
    char buf[256];
    CHECK(impl_coalesce_text("(2,(3,4)):(1,(2,6))", buf, sizeof buf) > 0);
    CHECK_STR(buf, "24:1");
    CHECK(impl_xla_text("f32[3,5]{1,0:T(2,2)}", buf, sizeof buf) > 0);
    CHECK_STR(buf, "f32[3,5]{1,0:T(2,2)}");
    CHECK(impl_compose_text("(d0)[s0] -> (d0, s0), domain: d0 in [0, 3], s0 in [0, 3]",
                            "(d0, d1)[s0, s1] -> (d1, d0, s1, s0), domain: d0 in [0, 3], d1 in [0, 3], "
                            "s0 in [0, 1], s1 in [0, 1]",
                            buf, sizeof buf)
          > 0);
    CHECK(strncmp(buf, "(d0)[s0, s1, s2] -> (s2, d0, s1, s0)", 36) == 0);
    CHECK(impl_sparse_text("#sparse_tensor.encoding<{ map = (i, j) -> (j : compressed, i : compressed) }>", buf,
                           sizeof buf)
          > 0);
    CHECK_STR(buf, "#sparse_tensor.encoding<{ map = (d0, d1) -> (d1 : compressed, d0 : compressed) }>");
    CHECK_EQ(impl_coalesce_text("(2,3", buf, sizeof buf), -1);
}

int main(void) {
    test_copy();
    test_static();
    test_text();
    CHECK_DONE();
}
