/* examples/formats.c - the Ascend formats of a 32x48 half matrix, and a tail tile.
 *
 * C0 = 32 / sizeof(half) = 16 elements; a fractal is 16 x 16 halves (512 bytes).
 */
#include <stdint.h>
#include "tla.h"

#define SHOW(name, L) \
    do { \
        printf("%-12s ", name); \
        tla_print(L); \
        printf("\n"); \
    } while (0)

int main(void) {
    /* Sizes as static integers: every layout below is fully static. */
    SHOW("RowMajor", tla_row_major(TLA_C(32), TLA_C(48)));
    SHOW("ColumnMajor", tla_column_major(TLA_C(32), TLA_C(48)));
    SHOW("zN", tla_zN(tla_half, TLA_C(32), TLA_C(48)));
    SHOW("zZ", tla_zZ(tla_half, TLA_C(32), TLA_C(48)));
    SHOW("nZ", tla_nZ(tla_half, TLA_C(32), TLA_C(48)));
    SHOW("nN", tla_nN(tla_half, TLA_C(32), TLA_C(48)));
    SHOW("L0C (float)", tla_l0c(TLA_C(32), TLA_C(48)));
    SHOW("Vector", tla_vector(TLA_C(48)));

    /* Sizes known only at run time: fractal sizes stay static, the counts are dynamic. */
    int rows = 32, cols = 48;
    SHOW("zN (dynamic)", tla_zN(tla_half, rows, cols));

    /* Where does element (17, 33) of the zN matrix live? */
    tla_auto A = tla_zN(tla_half, TLA_C(32), TLA_C(48));
    printf("zN offset of (17,33): %lld\n", (long long)tla_crd2offset(tla_make_tuple(17, 33), A));

    /* A 100x100 zN matrix is padded to 112x112; its 32x32 tile at (96,64) holds 4x32 real elements. */
    tla_auto B = tla_zN(tla_half, 100, 100);
    tla_auto T = tla_tile_at(B, tla_make_tuple(TLA_C(32), TLA_C(32)), tla_make_tuple(96, 64));
    printf("tile         ");
    tla_print(T); /* its shape and stride, originShape (4,32) and coordinate (96,64) in B */
    printf("\n             its element (0,0) is at offset %lld of the parent\n",
           (long long)tla_crd2offset(tla_make_tuple(0, 0), T));
    return 0;
}
