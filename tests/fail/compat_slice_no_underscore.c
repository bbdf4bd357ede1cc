/* expect: tla: Slice of a static or mixed tensor takes a rank-2 tensor and (i, _), (_, j) or (_, _) */
/* Slice(t, i, j) of a static tensor keeps no mode (CATLASS's tensor(i, j) is an element: here
 * tla_tensor_elem(t, i, j)): one message naming the forms. */
#include "tla/compat.h"
#include <stdint.h>
uint16_t *f(uint16_t *p, int i);
uint16_t *f(uint16_t *p, int i) {
    tla_auto t = MakeTensor(p, MakeLayout(tla_half, zN, _64, _64), PositionGM);
    tla_auto s = Slice(t, i, 2);
    return tla_tensor_elem(s, 1);
}
