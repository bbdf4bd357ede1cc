/* expect: tla_tensor_tile_at takes a static tensor */
/* (a run-time tla_tensor: its own functions are tla_tensor_tile, tla_tensor_at2) */
#include "tla.h"
int f(const tla_tensor *t, unsigned i, unsigned j) {
    tla_auto T = tla_tensor_tile_at(*t, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(i, j));
    return tla_tensor_data(T) != 0;
}
