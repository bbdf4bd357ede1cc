/* examples/seed.c - the layouts of the CATLASS TLA guide, in the opt-in TLA spelling.
 *
 *   make demo        (builds and runs every example)
 */
#include "tla/compat.h"

int main(void) {
    /* Layouts mix static (_N, Int(N)) and dynamic integers freely. */
    tla_auto w2xh4 = MakeLayout(MakeShape(Int(2), 4), MakeStride(Int(12), Int(1)));
    tla_auto w32xh48 =
        MakeLayout(MakeShape(MakeShape(16, 2), MakeShape(16, 3)), MakeStride(MakeStride(16, 256), MakeStride(1, 512)));
    printf("w2xh4   : ");
    print(w2xh4);
    printf("\n");
    printf("w32xh48 : ");
    print(w32xh48);
    printf("\n\n");

    /* A 2x3 matrix, row-major and column-major, as grids of offsets. */
    printf("2x3 row-major\n");
    print_layout(MakeLayout(MakeShape(2, 3), MakeStride(3, 1)));
    printf("2x3 column-major\n");
    print_layout(MakeLayout(MakeShape(2, 3), MakeStride(1, 2)));

    /* zN with 4x4 fractals (the cube core uses 16 x C0): rows in (4,2), columns in (4,3). */
    tla_auto shape = MakeShape(MakeShape(_4, _2), MakeShape(_4, _3));
    tla_auto stride = MakeStride(MakeStride(_4, _16), MakeStride(_1, _32));
    tla_auto zN = MakeLayout(shape, stride);
    printf("zN with 4x4 fractals\n");
    print_layout(zN);

    /* Everything about an all-static layout is known to the compiler. */
    _Static_assert(crd2offset(MakeCoord(_1, _5), shape, stride) == 37, "the seed's offset");
    _Static_assert(size(zN) == 96 && cosize(zN) == 96, "size and cosize");
    float buffer[cosize(zN)]; /* an ordinary array: cosize is a constant */
    (void)buffer;
    int row = 1, col = 5;
    printf("crd2offset((1,5), shape, stride) = %lld\n", (long long)crd2offset(MakeCoord(row, col), shape, stride));

    /* MakeLayoutTile keeps the stride and shrinks the shape to one tile. */
    tla_auto a =
        MakeLayout(MakeShape(MakeShape(4, 2), MakeShape(4, 3)), MakeStride(MakeStride(4, 16), MakeStride(1, 32)));
    tla_auto a0 = MakeLayoutTile(a, MakeShape(4, 4));
    printf("MakeLayoutTile(a, (4,4)) = ");
    print(a0);
    printf("\n");
    return 0;
}
