/* tests/test_sparse_ixmap.c - an encoding's dimension-to-level map as an indexing map
 * (tla/sparse/ixmap.h): at every stored entry of a tensor with no zeros, the map sends the
 * entry's dimension coordinates to the level coordinates the storage gives it. */
#include <stdint.h>
#include <stdlib.h>
#define TLA_WITH_ALL /* indexing maps, HLO and sparse encodings (opt-in families) */
#include "../tla.h"
#include "../tla/sparse/ixmap.h"
#include "check.h"

typedef struct {
    const tla_ix_ctx *c;
    const tla_ix_map *m;
    int lvl_rank, bad, n;
} ctx_t;

static int check_entry(void *vctx, const int64_t *lvl_crd, const int64_t *dim_crd, double v) {
    ctx_t *x = (ctx_t *)vctx;
    int64_t out[TLA_SPARSE_MAX_RANK];
    int l;
    (void)v;
    x->n++;
    if (tla_ix_map_eval(x->c, x->m, dim_crd, NULL, out) != 0) return x->bad++, 0;
    for (l = 0; l < x->lvl_rank; l++)
        if (out[l] != lvl_crd[l]) x->bad++;
    return 0;
}

int main(void) {
    static const char *encs[] = {
        "#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>",
        "#sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>",
        "#sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>",
        "#sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>",
        "#sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, "
        "j mod 2 : dense) }>",
        "#sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed, i mod 2 : dense, "
        "j mod 3 : dense) }>",
        "#sparse_tensor.encoding<{ map = (i, j, k) -> (k : dense, i : compressed, j : compressed) }>"};
    static const int64_t dims2[2] = {4, 6}, dims3[3] = {2, 3, 4};
    static double dense[64], mem[4096];
    int i, k;
    for (k = 0; k < 64; k++) dense[k] = k + 1; /* no zeros: every point is stored */
    for (i = 0; i < (int)(sizeof encs / sizeof encs[0]); i++) {
        tla_sparse_encoding enc;
        tla_sparse_storage st;
        tla_ix_ctx c;
        tla_ix_map m;
        tla_error e;
        ctx_t x;
        const int64_t *dims = i == 6 ? dims3 : dims2;
        int rank = i == 6 ? 3 : 2;
        tla_ix_ctx_init(&c);
        x.c = &c, x.m = &m, x.bad = 0, x.n = 0;
        CHECK(tla_sparse_parse(&enc, encs[i], &e) == 0 && tla_sparse_dim2lvl_map(&m, &c, &enc, dims, &e) == 0
              && tla_sparse_pack(&st, mem, sizeof mem, &enc, rank, dims, dense, &e) == 0);
        x.lvl_rank = enc.lvl_rank;
        CHECK(tla_sparse_foreach(&st, check_entry, &x, &e) == 0 && x.bad == 0 && x.n == 24);
        tla_ix_ctx_free(&c);
    }
    {
        /* the BSR map printed in XLA's form; ELL's symbols are refused */
        tla_sparse_encoding enc;
        tla_ix_ctx c;
        tla_ix_map m;
        tla_ix_buf b = {0};
        tla_error e;
        tla_ix_ctx_init(&c);
        CHECK(tla_sparse_parse(&enc, encs[4], &e) == 0 && tla_sparse_dim2lvl_map(&m, &c, &enc, dims2, &e) == 0);
        tla_ix_map_print(&c, &m, &b);
        CHECK(b.s && strstr(b.s, "(d0, d1) -> (d0 floordiv 2, d1 floordiv 2, d0 mod 2, d1 mod 2)") != NULL);
        tla_ix_buf_free(&b);
        CHECK(tla_sparse_parse(&enc, "#sparse_tensor.encoding<{ map = [s0](i, j) -> (i : dense, j : compressed) }>", &e)
                  == 0
              && tla_sparse_dim2lvl_map(&m, &c, &enc, dims2, &e) == -1 && strstr(e.msg, "symbols") != NULL);
        tla_ix_ctx_free(&c);
    }
    CHECK_DONE();
}
