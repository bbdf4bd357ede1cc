/* tests/impl/text.c - one file of tests/impl.sh's program: text in and out through the
 * run-time API (parse, coalesce, print; XLA shapes, indexing maps, sparse encodings), built
 * with TLA_DECLARATIONS_ONLY, so every one of those functions comes from tests/impl/impl.c. */
#define TLA_WITH_ALL
#include "tla.h"
#include "tests/impl/parts.h"
#include <string.h>

int impl_coalesce_text(const char *text, char *buf, size_t n) {
    tla_layout L, C;
    tla_error e;
    if (tla_layout_parse(&L, text, &e) != 0 || tla_coalesce(&C, &L, &e) != 0) return -1;
    return tla_layout_snprint(buf, n, &C);
}

int impl_xla_text(const char *text, char *buf, size_t n) {
    tla_xla_shape x;
    tla_error e;
    if (tla_xla_parse(&x, text, &e) != 0) return -1;
    return tla_xla_snprint(buf, n, &x);
}

int impl_compose_text(const char *a, const char *b, char *buf, size_t n) {
    tla_ix_ctx c;
    tla_ix_map ma, mb, ab;
    tla_ix_buf out = {0};
    tla_error e;
    int len = -1;
    tla_ix_ctx_init(&c);
    if (tla_ix_map_parse(&ma, &c, a, &e) == 0 && tla_ix_map_parse(&mb, &c, b, &e) == 0
        && tla_ix_compose(&ab, &c, &ma, &mb, &e) == 0) {
        tla_ix_map_print(&c, &ab, &out);
        len = out.s ? snprintf(buf, n, "%s", out.s) : -1;
    }
    tla_ix_buf_free(&out);
    tla_ix_ctx_free(&c);
    return len;
}

int impl_sparse_text(const char *text, char *buf, size_t n) {
    tla_sparse_encoding s;
    tla_error e;
    if (tla_sparse_parse(&s, text, &e) != 0) return -1;
    return tla_sparse_snprint(buf, n, &s);
}
