/* tests/test_deprecated.c - the 0.1 names and argument orders of tla/deprecated.h answer as the
 * 0.2 forms do: every renamed function, and every function whose arguments moved, called both
 * ways on the same input. */
#define TLA_WITH_ALL
#include "tla.h"

#include <stdlib.h>

#include "check.h"

static tla_tuple tup(const char *s) {
    tla_tuple t;
    tla_error e;
    if (tla_tuple_parse(&t, s, &e) != 0) printf("  bad tuple %s\n", s);
    return t;
}

static void rt_names(void) {
    tla_tuple s = tup("((4,2),(4,3))"), d = tup("((4,16),(1,32))"), c = tup("(1,5)"), a, b;
    tla_layout L, M, N;
    tla_error e;
    int64_t x = -1, y = -2, lo[2] = {0, 0}, ext[2] = {2, 2}, mn[2], mx[2];
    int path[1] = {1}, pos = 0, pos2 = 0, st = 0, st2 = 0;
    CHECK(tla_layout_make(&L, &s, &d, &e) == 0);
    /* output last (0.1) and output first (0.2), the same names */
    CHECK(tla_layout_crd2offset(&L, &c, &x, &e) == 0 && tla_layout_crd2offset(&y, &L, &c, &e) == 0);
    CHECK_EQ(x, 37);
    CHECK_EQ(y, 37);
    CHECK(tla_tuple_crd2offset(&c, &s, &d, &x, &e) == 0 && tla_tuple_crd2offset(&y, &c, &s, &d, &e) == 0 && x == y);
    CHECK(tla_layout_size(&L, &x, &e) == 0 && tla_layout_size(&y, &L, &e) == 0 && x == 96 && y == 96);
    CHECK(tla_layout_cosize(&L, &x, &e) == 0 && tla_layout_cosize(&y, &L, &e) == 0 && x == y);
    CHECK(tla_tuple_size(&s, &x, &e) == 0 && tla_tuple_size(&y, &s, &e) == 0 && x == 96 && y == 96);
    CHECK(tla_layout_get(&L, 1, path, &M, &e) == 0 && tla_layout_get(&N, &L, 1, path, &e) == 0);
    CHECK(tla_layout_equal(&M, &N) && tla_layout_rank(&M) == 2);
    CHECK(tla_tuple_get(&s, 1, path, &a, &e) == 0 && tla_tuple_get(&b, &s, 1, path, &e) == 0
          && tla_tuple_equal(&a, &b));
    CHECK(tla_tuple_idx2crd(7, &s, &a, &e) == 0 && tla_tuple_idx2crd(&b, &s, 7, &e) == 0 && tla_tuple_equal(&a, &b));
    CHECK(tla_idx2crd(7, &s, &a, &e) == 0 && tla_tuple_equal(&a, &b));
    CHECK(tla_layout_offset_range(&L, lo, ext, &mn[0], &mx[0], &e) == 0);
    CHECK(tla_layout_offset_range(&mn[1], &mx[1], &L, lo, ext, &e) == 0 && mn[0] == mn[1] && mx[0] == mx[1]);
    /* renamed: verb first (0.1) to type first (0.2) */
    CHECK(tla_parse_tuple("(2,(3,4))", &a, &e) == 0 && tla_tuple_parse(&b, "(2,(3,4))", &e) == 0);
    CHECK(tla_tuple_equal(&a, &b));
    CHECK(tla_parse_layout("(4,8):(8,1)", &M, &e) == 0 && tla_layout_parse(&N, "(4,8):(8,1)", &e) == 0);
    CHECK(tla_layout_equal(&M, &N));
    CHECK(tla_parse_tuple_at("x (2,3)", &pos, &a, &e) != 0 && pos == 0);
    pos = 2;
    pos2 = 2;
    CHECK(tla_parse_tuple_at("x (2,3) y", &pos, &a, &e) == 0 && tla_tuple_parse_at(&b, "x (2,3) y", &pos2, &e) == 0);
    CHECK(pos == pos2 && tla_tuple_equal(&a, &b));
    pos = pos2 = 0;
    CHECK(tla_parse_layout_at("(2,3):(3,1)", &pos, &M, &e) == 0);
    CHECK(tla_layout_parse_at(&N, "(2,3):(3,1)", &pos2, &e) == 0 && pos == pos2 && tla_layout_equal(&M, &N));
    pos = pos2 = 0;
    CHECK(tla_parse_int_at("_16,", &pos, &x, &st, &e) == 0 && tla_int_parse_at(&y, &st2, "_16,", &pos2, &e) == 0);
    CHECK(x == 16 && y == 16 && st == 1 && st2 == 1 && pos == pos2);
    /* errors: the same message either way, outputs untouched */
    x = y = 5;
    a = tup("(1,2,3)");
    CHECK(tla_layout_crd2offset(&L, &a, &x, &e) != 0 && x == 5);
    CHECK(tla_layout_crd2offset(&y, &L, &a, &e) != 0 && y == 5);
}

static void xla_names(void) {
    tla_xla_shape X, Y;
    tla_layout L, M;
    tla_xla_info info, info2;
    tla_error e;
    int64_t x = -1, y = -2, idx[2] = {3, 5}, back[2][2], many[2][4];
    CHECK(tla_xla_parse("f32[20,20]{1,0:T(8,128)}", &X, &e) == 0
          && tla_xla_parse(&Y, "f32[20,20]{1,0:T(8,128)}", &e) == 0);
    CHECK(tla_xla_padded_size(&X, &x, &e) == 0 && tla_xla_padded_size(&y, &Y, &e) == 0 && x == y && x > 0);
    CHECK(tla_xla_bytes(&X, &x, &e) == 0 && tla_xla_bytes(&y, &Y, &e) == 0 && x == y);
    CHECK(tla_xla_linear_index(&X, idx, &x, &e) == 0 && tla_xla_linear_index(&y, &Y, idx, &e) == 0 && x == y);
    CHECK(tla_xla_multi_index(&X, x, back[0], &e) == 0 && tla_xla_multi_index(back[1], &Y, y, &e) == 0);
    CHECK(back[0][0] == 3 && back[0][1] == 5 && back[1][0] == 3 && back[1][1] == 5);
    CHECK(tla_xla_linear_indices(&X, 0, 4, many[0], &e) == 0 && tla_xla_linear_indices(many[1], &Y, 0, 4, &e) == 0);
    CHECK(!memcmp(many[0], many[1], sizeof many[0]));
    CHECK(tla_xla_parse(&X, "f32[8,16]{1,0}", &e) == 0);
    CHECK(tla_xla_to_layout(&X, &L, &info, &e) == 0 && tla_layout_from_xla(&M, &info2, &X, &e) == 0);
    CHECK(tla_layout_equal(&L, &M));
    CHECK(tla_layout_to_xla(&L, X.type, &Y, &e) == 0 && tla_xla_from_layout(&X, &L, X.type, &e) == 0);
    CHECK(tla_xla_bytes(&x, &X, &e) == 0 && tla_xla_bytes(&y, &Y, &e) == 0 && x == y);
}

static void ixmap_names(void) {
    tla_ix_ctx c;
    tla_ix_map m1, m2, k1, k2, fwd;
    tla_ix_buf a = {0}, b = {0};
    tla_layout L;
    tla_error e;
    int n1 = -1, n2 = -2;
    const char *text = "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]";
    tla_ix_ctx_init(&c);
    CHECK(tla_ix_map_parse(&c, text, &m1, &e) == 0 && tla_ix_map_parse(&m2, &c, text, &e) == 0);
    CHECK(tla_ix_map_equal(&m1, &m2));
    CHECK(tla_ix_expr_parse(&c, &m1, "d0 * 2", &n1, &e) == 0 && tla_ix_expr_parse(&n2, &c, &m1, "d0 * 2", &e) == 0);
    CHECK(n1 == n2 && n1 >= 0);
    CHECK(tla_layout_parse(&L, "(4,8):(8,1)", &e) == 0);
    CHECK(tla_ix_from_layout(&c, &L, &fwd, &e) == 0 && tla_ix_from_layout(&k2, &c, &L, &e) == 0);
    CHECK(tla_ix_map_equal(&fwd, &k2));
    CHECK(tla_ix_from_layout_inverse(&c, &L, &k1, &e) == 0 && tla_ix_from_layout_inverse(&k2, &c, &L, &e) == 0);
    CHECK(tla_ix_map_equal(&k1, &k2));
    /* the layout, then its inverse: both orders of the call give the same map */
    CHECK(tla_ix_compose(&c, &fwd, &k1, &m1, &e) == 0 && tla_ix_compose(&m2, &c, &fwd, &k1, &e) == 0);
    CHECK(tla_ix_map_equal(&m1, &m2));
    CHECK(tla_ix_symbols_to_dims(&c, &m2, &k1, &e) == 0 && tla_ix_symbols_to_dims(&k2, &c, &m2, &e) == 0);
    CHECK(tla_ix_map_equal(&k1, &k2));
    tla_ix_map_print(&c, &k1, &a);
    tla_ix_map_print(&c, &k2, &b);
    CHECK(a.s && b.s && !strcmp(a.s, b.s));
    CHECK(tla_floor_div(-7, 2) == -4 && tla_floor_div(-7, 2) == -4 && tla_ceil_div(-7, 2) == -3);
    tla_ix_buf_free(&a);
    tla_ix_buf_free(&b);
    tla_ix_ctx_free(&c);
}

static void hlo_names(void) {
    const char *text = "HloModule m\n"
                       "ENTRY e {\n"
                       "  p0 = f32[4,8] parameter(0)\n"
                       "  ROOT t = f32[8,4] transpose(p0), dimensions={1,0}\n"
                       "}\n";
    tla_hlo_module *m1 = NULL, *m2 = NULL;
    const tla_hlo_instr *r1 = NULL, *r2 = NULL;
    tla_hlo_indexing i1, i2;
    tla_ix_ctx c;
    tla_ix_buf a = {0}, b = {0};
    tla_error e;
    CHECK(tla_hlo_read(text, &m1, &e) == 0 && tla_hlo_parse(&m2, text, &e) == 0);
    if (!m1 || !m2) return;
    CHECK(tla_hlo_find(m1, NULL, "t", &r1, &e) == 0 && tla_hlo_find(&r2, m2, NULL, "t", &e) == 0 && r1 && r2);
    if (!r1 || !r2) return;
    tla_ix_ctx_init(&c);
    CHECK(tla_hlo_output_to_input(&c, r1, 0, &i1, &e) == 0 && tla_hlo_output_to_input(&i2, &c, r2, 0, &e) == 0);
    tla_hlo_indexing_print(&c, &i1, &a);
    tla_hlo_indexing_print(&c, &i2, &b);
    CHECK(a.s && b.s && !strcmp(a.s, b.s));
    tla_ix_buf_free(&a);
    tla_ix_buf_free(&b);
    tla_hlo_indexing_free(&i1);
    tla_hlo_indexing_free(&i2);
    tla_ix_ctx_free(&c);
    tla_hlo_free(m1);
    tla_hlo_free(m2);
}

static void sparse_names(void) {
    const char *csr = "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>";
    tla_sparse_encoding e1, e2;
    tla_error e;
    int64_t dims[2] = {3, 4};
    double dense[12] = {0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0}, back[2][12];
    size_t n1 = 0, n2 = 0;
    tla_sparse_storage s1, s2;
    static char mem[2][4096];
    CHECK(tla_sparse_parse(csr, &e1, &e) == 0 && tla_sparse_parse(&e2, csr, &e) == 0);
    CHECK(tla_sparse_parse_ex(csr, &e1, &e, 1) == 0 && tla_sparse_parse_ex(&e2, csr, 1, &e) == 0);
    CHECK(tla_sparse_size(&e1, 2, dims, dense, &n1, &e) == 0 && tla_sparse_size(&n2, &e2, 2, dims, dense, &e) == 0);
    CHECK(n1 == n2 && n1 > 0 && n1 <= sizeof mem[0]);
    CHECK(tla_sparse_pack(&e1, 2, dims, dense, mem[0], sizeof mem[0], &s1, &e) == 0);
    CHECK(tla_sparse_pack(&s2, mem[1], sizeof mem[1], &e2, 2, dims, dense, &e) == 0);
    CHECK(tla_sparse_unpack(&s1, back[0], &e) == 0 && tla_sparse_unpack(back[1], &s2, &e) == 0);
    CHECK(!memcmp(back[0], dense, sizeof dense) && !memcmp(back[1], dense, sizeof dense));
}

static void svg_names(void) {
    /* the 0.1 spellings name the same functions */
    int (*f)(FILE *, const tla_layout *, const tla_svg_options *, tla_error *) = tla_print_svg;
    CHECK(f == tla_svg_layout);
    f = tla_print_latex;
    CHECK(f == tla_latex_layout);
}

/* Every 0.1 order of a function whose arguments moved, called with arguments of the 0.1 types:
 * built with -Werror, a call its macro sent to the 0.2 function would not compile (incompatible
 * pointers).  Reached only when `run` is set, which it is not: the checks above run them. */
static int old_orders_compile(int run) {
    tla_ix_ctx c;
    tla_ix_map m, o;
    tla_hlo_module *mod = NULL;
    const tla_hlo_instr *in = NULL;
    const tla_hlo_comp *comp = NULL;
    tla_hlo_indexing ix, by;
    tla_hlo_fusion f;
    tla_hlo_grouped g;
    tla_hlo_opidx a, b, ab;
    tla_sparse_encoding enc;
    tla_sparse_storage st;
    tla_layout L;
    tla_error e;
    int64_t dims[2] = {2, 2};
    int formats[2] = {0, 0}, idx[1] = {0}, pos = 0, first[4], fused = 0, node = 0, r = 0;
    if (!run) return 0;
    r |= tla_ix_map_parse_at(&c, "x", &pos, &m, &e) | tla_ix_range_vars_to_dims(&c, &m, idx, 1, &o, &e);
    r |= tla_ix_expr_parse(&c, &m, "d0", &node, &e);
    r |= tla_hlo_fusion_for_computation(comp, &f, &e) | tla_hlo_fusion_for_instruction(in, &f, &e);
    r |= tla_hlo_fusion_for_producer_consumer(in, in, &f, &e) | tla_hlo_group_by_producers(in, &ix, &by, first, &e);
    r |= tla_hlo_input_to_output(&c, in, 0, &ix, &e) | tla_hlo_fusion_output_to_input(&c, in, 0, &ix, &e);
    r |= tla_hlo_comp_output_to_input(&c, comp, 1, in, 0, &ix, &e)
         | tla_hlo_module_output_to_input(&c, mod, 0, &ix, &fused, &e);
    r |= tla_hlo_indexing_physical(&c, in, 0, 1, &ix, &e) | tla_hlo_grouped_output_to_input(&c, &f, in, &g, &e);
    r |= tla_hlo_epilogue_input_to_output(&c, in, in, &m, &e) | tla_hlo_opidx_compose(&c, &a, &b, &ab, &e);
    r |= tla_sparse_from_layout(&L, formats, &enc, dims, &e) | tla_sparse_block_layout(&enc, &L, &e);
    r |= tla_sparse_dim2lvl_map(&enc, dims, &c, &m, &e) | tla_sparse_verify_type(&enc, "f32", &e);
    (void)st;
    return r;
}

/* 0.1's tla_tuple builds from values (an inner tla_tuple arrives as one): the result must be the
 * tuple tla_make_tuple writes in place, fact by fact (every slot's value and path code, rank,
 * depth, static-ness, congruence) and value by value. */
#define SAME_SLOT(p, j) &&TLA__SCODE(p##u, j) == TLA__SCODE(p##w, j) && TLA__SPATH(p##u, j) == TLA__SPATH(p##w, j)
#define SAME_TUPLE(old, now) \
    do { \
        tla_auto s_u = old; \
        tla_auto s_w = now; \
        _Static_assert(TLA__CONG(s_u, s_w) && TLA__K(s_u) == TLA__K(s_w) && TLA__NLEAF(s_u) == TLA__NLEAF(s_w) \
                           && TLA__DEPTH(s_u) == TLA__DEPTH(s_w) && TLA__TRANK(s_u) == TLA__TRANK(s_w) \
                           && TLA__ALL_STATIC(s_u) == TLA__ALL_STATIC(s_w) TLA__SLOTS(SAME_SLOT, s_), \
                       #old); \
        int s_same = 1; \
        for (int s_j = 0; s_j < (int)TLA__NLEAF(s_w); s_j++) s_same &= s_u.v[s_j] == s_w.v[s_j]; \
        CHECK(s_same); \
    } while (0)

static void tuple_by_value(int n, int m) {
    SAME_TUPLE(tla_tuple(TLA_C(4), tla_tuple(1, 2)), tla_make_tuple(TLA_C(4), tla_make_tuple(1, 2)));
    SAME_TUPLE(tla_tuple(n), tla_make_tuple(n));
    SAME_TUPLE(tla_tuple(TLA_C(-3), n, TLA_C(0)), tla_make_tuple(TLA_C(-3), n, TLA_C(0)));
    SAME_TUPLE(tla_tuple(tla_tuple(TLA_C(16), 2), tla_tuple(TLA_C(16), n)),
               tla_make_tuple(tla_make_tuple(TLA_C(16), 2), tla_make_tuple(TLA_C(16), n)));
    SAME_TUPLE(tla_tuple(tla_tuple(tla_tuple(tla_tuple(n)))),
               tla_make_tuple(tla_make_tuple(tla_make_tuple(tla_make_tuple(n)))));
    SAME_TUPLE(tla_tuple(1, tla_tuple(2, tla_tuple(3, tla_tuple(4, 5)), 6), 7, 8),
               tla_make_tuple(1, tla_make_tuple(2, tla_make_tuple(3, tla_make_tuple(4, 5)), 6), 7, 8));
    SAME_TUPLE(tla_tuple(1, 2, 3, 4, 5, 6, 7, m), tla_make_tuple(1, 2, 3, 4, 5, 6, 7, m));
    SAME_TUPLE(tla_tuple(tla_tuple(1, 2, 3, 4, 5, 6, 7), TLA_C(8)),
               tla_make_tuple(tla_make_tuple(1, 2, 3, 4, 5, 6, 7), TLA_C(8)));
    SAME_TUPLE(tla_tuple(tla_tuple(n, m), tla_tuple(TLA_C(5), tla_tuple(m, n), TLA_C(6)), tla_tuple(7)),
               tla_make_tuple(tla_make_tuple(n, m), tla_make_tuple(TLA_C(5), tla_make_tuple(m, n), TLA_C(6)),
                              tla_make_tuple(7)));
    /* as in 0.1, a tuple value (a variable, a 0.2 tuple) is an element too */
    tla_auto v = tla_make_tuple(TLA_C(2), n);
    SAME_TUPLE(tla_tuple(v, v, 3), tla_make_tuple(tla_make_tuple(TLA_C(2), n), tla_make_tuple(TLA_C(2), n), 3));
    SAME_TUPLE(tla_tuple(TLA_C(4), tla_make_tuple(1, 2)), tla_make_tuple(TLA_C(4), tla_make_tuple(1, 2)));
    /* each element evaluated once */
    int k = 0;
    tla_auto once = tla_tuple(++k, tla_tuple(++k, TLA_C(1)));
    CHECK(k == 2 && tla_value(tla_get(once, 0)) == 1 && tla_value(tla_get(once, 1, 0)) == 2);
    /* static facts stay constants; the tuple works with every query and with layouts */
    tla_auto L = tla_make_layout(tla_tuple(tla_tuple(TLA_C(16), 2), tla_tuple(TLA_C(16), 3)),
                                 tla_tuple(tla_tuple(TLA_C(16), TLA_C(256)), tla_tuple(TLA_C(1), TLA_C(512))));
    _Static_assert(tla_value(tla_get(tla_shape(L), 0, 0)) == 16, "a static leaf of an inner tla_tuple stays static");
    CHECK(tla_size(L) == 1536
          && tla_crd2offset(tla_make_tuple(tla_make_tuple(1, 1), tla_make_tuple(2, 2)), L) == 16 + 256 + 2 + 1024);
    /* inside tla_make_tuple, tla_tuple is tla_make_tuple (written in place) */
    SAME_TUPLE(tla_make_tuple(TLA_C(4), tla_tuple(1, n)), tla_make_tuple(TLA_C(4), tla_make_tuple(1, n)));
}

int main(int argc, char **argv) {
    (void)argv;
    CHECK(old_orders_compile(argc > 99) == 0);
    tuple_by_value(argc + 2, argc * 7);
    rt_names();
    xla_names();
    ixmap_names();
    hlo_names();
    sparse_names();
    svg_names();
    CHECK_DONE();
}
