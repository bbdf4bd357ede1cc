/* expect: tla: MakeTensor(ptr, layout, coord, position) over a static or mixed layout takes a rank-2 layout and a coordinate (row, col) */
/* CATLASS's MakeTensor(ptr, layout, coord, position) with a coordinate of three modes over a
 * rank-2 zN layout: one message naming the form. */
#include "tla/compat.h"
#include <stdint.h>
uint16_t *f(uint16_t *p, int i);
uint16_t *f(uint16_t *p, int i) {
    tla_auto t = MakeTensor(p, MakeLayout(tla_half, zN, _64, _64), MakeCoord(i, 1, 2), PositionGM);
    return tla_tensor_elem(t, 1, 2);
}
