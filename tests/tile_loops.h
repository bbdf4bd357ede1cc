/* tests/tile_loops.h - the loop the tile tests share: every tile extent of a table at every
 * origin of an R x C parent. */
#ifndef TLA_TESTS_TILE_LOOPS_H
#define TLA_TESTS_TILE_LOOPS_H
#include <stdint.h>

/* Runs the statement that follows once per tile extent sizes[t] = {tr, tc} (n of them) and
 * origin (r0, c0) inside R x C, with er x ec the part of the tile inside the parent. */
#define FOR_EACH_TILE(sizes, n, R, C) \
    for (int t_ = 0; t_ < (n); t_++) \
        for (int64_t r0 = 0; r0 < (R); r0++) \
            for (int64_t c0 = 0; c0 < (C); c0++) \
                for (int64_t tr = (sizes)[t_][0], tc = (sizes)[t_][1], er = tr < (R)-r0 ? tr : (R)-r0, \
                             ec = tc < (C)-c0 ? tc : (C)-c0, once_ = 1; \
                     once_; once_ = 0)
#endif
