/* expect: tla: cosize takes a layout */
/* (it gave 1: the cosize of a tuple read as a layout of nils) */
#include "tla.h"
long long f(int n) {
    tla_auto s = tla_make_tuple(TLA_C(4), n);
    return tla_cosize(s);
}
