/* expect: tla: make_static_tensor: the element size of the pointer differs from the element type of the format */
/* CATLASS's MakeTensor over a half zN layout with a pointer to bytes: refused, as the static
 * tensor refuses it (over a static or mixed layout compat's MakeTensor is tla_make_static_tensor). */
#include "tla/compat.h"
char *f(char *p, int rows, int cols);
char *f(char *p, int rows, int cols) {
    tla_auto t = MakeTensor(p, MakeLayout(tla_half, zN, rows, cols), PositionGM);
    return tla_tensor_elem(t, 1, 2);
}
