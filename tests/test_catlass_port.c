/* tests/test_catlass_port.c - the CATLASS BasicMatmul port (examples/catlass_matmul.c) with three
 * tile configurations, at ragged shapes, checked against a naive matmul bit for bit (the example
 * itself runs one configuration, to keep its compile time within a second).  tests/run.sh: its
 * sanitizer build at -O1 (at -O0 its matmuls run 45 s under ASan; at -O1, 1 s). */
#include <stdio.h>
#define CATLASS_MORE_TILES
#define main catlass_port_main
#include "../examples/catlass_matmul.c"
#undef main

int main(void) {
    int failed = catlass_port_main() != 0;
    printf("%d passed, %d failed\n", !failed, failed);
    return failed;
}
