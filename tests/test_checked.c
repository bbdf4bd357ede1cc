/* tests/test_checked.c - TLA_CHECKED: element access outside a tensor's extent gives NULL
 * instead of a pointer past the buffer; tla_tensor_contains answers the same question in
 * every build. */
#define TLA_CHECKED
#include <stdint.h>
#include "tla.h"
#include "check.h"

int main(void) {
    static uint16_t a[112 * 80];
    tla_layout L;
    tla_error e;
    tla_layout_format(&L, TLA_ZN, 2, 100, 70, &e); /* padded to 112x80 */
    tla_tensor A = tla_tensor_make(a, 2, &L, TLA_POS_GM);
    CHECK(tla_tensor_at2(&A, 99, 69) != NULL);
    CHECK(tla_tensor_at2(&A, 200, 0) == NULL); /* the example: past the buffer */
    CHECK(tla_tensor_at2(&A, 100, 0) == NULL); /* padding rows are outside the extent too */
    CHECK(tla_tensor_at2(&A, 0, 70) == NULL);
    CHECK(tla_tensor_at2(&A, -1, 0) == NULL);
    /* a tile: its own extent, not the parent's */
    tla_tuple tile, crd;
    int64_t tv[2] = {16, 16}, cv[2] = {96, 64};
    tla_tensor T;
    tla__flat_tuple(&tile, 2, tv, 0);
    tla__flat_tuple(&crd, 2, cv, 0);
    CHECK_EQ(tla_tensor_tile(&T, &A, &tile, &crd, &e), 0);
    CHECK(tla_tensor_at2(&T, 3, 5) == tla_tensor_at2(&A, 99, 69));
    CHECK(tla_tensor_at2(&T, 4, 0) == NULL); /* row 100 of the parent */
    CHECK(tla_tensor_contains(&T, &crd) == 0 && tla_tensor_contains(&A, &crd) == 1);
    { /* the compact form (tensor/tensor2.h): the same answers */
        tla_tensor2 V, VT;
        CHECK_EQ(tla_tensor2_from(&V, &A, &e), 0);
        CHECK(tla_tensor2_at(&V, 99, 69) == tla_tensor_at2(&A, 99, 69));
        CHECK(tla_tensor2_at(&V, 200, 0) == NULL && tla_tensor2_at(&V, 100, 0) == NULL);
        CHECK(tla_tensor2_at(&V, 0, 70) == NULL && tla_tensor2_at(&V, -1, 0) == NULL);
        CHECK_EQ(tla_tensor2_tile(&VT, &V, 16, 16, 96, 64, &e), 0);
        CHECK(tla_tensor2_at(&VT, 3, 5) == tla_tensor_at2(&A, 99, 69));
        CHECK(tla_tensor2_at(&VT, 4, 0) == NULL);
    }
    /* a static tensor: the same check in a checked build */
    tla_auto SA = tla_make_static_tensor(a, tla_zN(tla_half, TLA_C(100), TLA_C(70)));
    CHECK(tla_tensor_elem(SA, 99, 69) == tla_tensor_at2(&A, 99, 69));
    CHECK(tla_tensor_elem(SA, 200, 0) == NULL);
    CHECK(tla_tensor_elem(SA, 0, 70) == NULL);
    tla_auto ST = tla_tensor_tile_at(SA, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(96, 64));
    CHECK(tla_tensor_elem(ST, 3, 5) == tla_tensor_at2(&A, 99, 69));
    CHECK(tla_tensor_elem(ST, 4, 0) == NULL);
    /* copies are unaffected */
    static uint16_t b[100 * 70];
    tla_layout Lb;
    tla_layout_format(&Lb, TLA_ROW_MAJOR, 2, 100, 70, &e);
    tla_tensor B = tla_tensor_make(b, 2, &Lb, TLA_POS_GM);
    *(uint16_t *)tla_tensor_at2(&A, 50, 60) = 9;
    CHECK(tla_copy(&B, &A, &e) == 0 && b[50 * 70 + 60] == 9);
    CHECK_DONE();
}
