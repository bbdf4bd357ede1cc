/* tests/tensor_eq.h - do two tensors hold the same view, field by field?  (Used to compare
 * the fast and the general tile paths, and tla_tensor2 with tla_tensor.)  The originShape and
 * the coordinate count over the layout's rank only. */
#ifndef TLA_TESTS_TENSOR_EQ_H
#define TLA_TESTS_TENSOR_EQ_H
#include <string.h>
#include "tla.h"

static int same_tensor(const tla_tensor *a, const tla_tensor *b) {
    const tla_tuple *t[4] = {&a->layout.shape, &b->layout.shape, &a->layout.stride, &b->layout.stride};
    size_t r = (size_t)tla_layout_rank(&a->layout);
    for (int k = 0; k < 4; k += 2)
        if (t[k]->nleaf != t[k + 1]->nleaf || t[k]->ntok != t[k + 1]->ntok || t[k]->stat != t[k + 1]->stat
            || memcmp(t[k]->tok, t[k + 1]->tok, (size_t)t[k]->ntok) != 0
            || memcmp(t[k]->val, t[k + 1]->val, sizeof(int64_t) * (size_t)t[k]->nleaf) != 0)
            return 0;
    if (a->layout.has_origin != b->layout.has_origin
        || (a->layout.has_origin && memcmp(a->layout.origin, b->layout.origin, r * sizeof(int64_t)) != 0))
        return 0;
    return a->data == b->data && a->elem_bytes == b->elem_bytes && a->elem_bits == b->elem_bits && a->pos == b->pos
           && memcmp(a->coord, b->coord, r * sizeof(int64_t)) == 0;
}
#endif
