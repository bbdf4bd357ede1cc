/* tla/deprecated.h - the names and argument orders of tla.h 0.1, kept for one release (to be
 * removed in 0.3).
 *
 * 0.2 uses one scheme (ARCHITECTURE.md, "Names"): static and mixed values are built by macros
 * named verb first (tla_make_tuple, tla_make_layout, tla_make_tile); run-time functions are
 * named type first (tla_layout_make, tla_tuple_parse, tla_svg_layout); a function that returns
 * 0 / -1 with a tla_error takes its output first and the tla_error last (an indexing-map
 * context comes right after the output).  So the static tuple constructor no longer shares its
 * name with the run-time type tla_tuple, and every run-time function reads like
 * tla_layout_make(&L, &shape, &stride, &err).
 *
 *   0.1                                      0.2
 *   tla_tuple(...)                           tla_make_tuple(...)       static / mixed tuple
 *   tla_make_layout_of, tla_make_layout_tile tla_layout_make_of, tla_layout_make_tile
 *   tla_get_tile                             tla_layout_get_tile       run-time GetTile
 *   tla_format_layout(_ex)                   tla_layout_format(_ex)    run-time Ascend formats
 *   tla_make_tensor                          tla_tensor_make           (2nd argument: element size)
 *   tla_idx2crd(i, &shape, &out, &e)         tla_tuple_idx2crd(&out, &shape, i, &e)
 *   tla_parse_tuple(s, &t, &e), _layout, _at tla_tuple_parse(&t, s, &e), tla_layout_parse, ..._at
 *   tla_parse_int_at(s, &pos, &v, &st, &e)   tla_int_parse_at(&v, &st, s, &pos, &e)
 *   tla_layout_to_xla(&L, type, &x, &e)      tla_xla_from_layout(&x, &L, type, &e)
 *   tla_xla_to_layout(&x, &L, &info, &e)     tla_layout_from_xla(&L, &info, &x, &e)
 *   tla_hlo_read(text, &m, &e)               tla_hlo_parse(&m, text, &e)
 *   tla_print_svg, _tv, _copy, _map, _sparse tla_svg_layout, tla_svg_tv, tla_svg_copy, tla_svg_map, tla_svg_sparse
 *   tla_print_latex                          tla_latex_layout
 *   tla_ix_floordiv, tla_ix_ceildiv          tla_floor_div, tla_ceil_div (one spelling of each division)
 *   tla_hlo_rule_<op>                        internal (tla_hlo_output_to_input applies them)
 *   output last: tla_layout_get(&L, n, path, &out, &e), tla_layout_size(&L, &n, &e), ...
 *                                            output first: tla_layout_get(&out, &L, n, path, &e),
 *                                            tla_layout_size(&n, &L, &e), ...
 *
 * The functions whose name stayed and whose arguments moved (tla_layout_get, tla_tuple_get,
 * tla_layout_size / cosize, tla_tuple_size, tla_layout_crd2offset, tla_tuple_crd2offset,
 * tla_tuple_idx2crd, tla_layout_offset_range, tla_xla_parse and the tla_xla_ queries,
 * tla_hlo_find, the tla_hlo_ fusions and analyses, tla_ix_ maps and parsers, tla_sparse_ parse,
 * pack, size, unpack, from_layout, block_layout, dim2lvl_map) still accept a 0.1 call: the macro
 * of the same name below looks at the type of one argument where the two orders differ (a
 * layout where 0.2 has an output, a context where 0.2 has the output) and calls the 0.1 form,
 * a wrapper that reorders.  A 0.2 call goes straight to the function; `(tla_layout_size)` names
 * the function itself (to take its address).  The opt-in families' forms are defined once
 * their headers are in (tla.h includes this header again after them).  Define TLA_NO_DEPRECATED
 * before tla.h to leave all of this out (make test builds the docs' examples so).
 *
 * The old tla_tuple(...) nests as it did in 0.1: tla_tuple(TLA_C(4), tla_tuple(1, 2)) is
 * tla_make_tuple(TLA_C(4), tla_make_tuple(1, 2)), static leaves static.  It must stay a
 * function-like macro (an object-like one would take over the run-time type name tla_tuple), so
 * its arguments are expanded before it runs and an inner tla_tuple arrives as a value, not as a
 * tuple written in place.  So, as 0.1 did, it builds from values: its elements are integers or
 * static or mixed tuples (a tuple variable too), whose leaves it copies into one flat tuple with
 * their paths one level down.  That costs more text per call than tla_make_tuple (about 20 KB);
 * inside a tla_make_tuple it is tla_make_tuple written in place, and there its own elements must
 * be integers (its arguments are expanded first, so a constructor inside it has already become
 * a value or a marker of the enclosing one's): tla_make_tuple(1, tla_tuple(2, 3)) works,
 * tla_make_tuple(1, tla_tuple(2, tla_tuple(3, 4))) does not; outside, any mix nests.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto t = tla_tuple(TLA_C(2), 3);           // still builds; new code: tla_make_tuple
 *   tla_auto u = tla_tuple(TLA_C(4), tla_tuple(1, 2));                    // (_4,(1,2)), as in 0.1
 *   _Static_assert(tla_rank(u) == 2 && tla_depth(u) == 2 && tla_value(tla_get(u, 0)) == 4, "");
 *   if (tla_size(u) != 8) return 1;
 *   tla_tuple s;  tla_layout L;  tla_error e;  int64_t n = 0, m = 0;
 *   if (tla_size(t) != 6) return 1;
 *   if (tla_parse_tuple("(4,8)", &s, &e) != 0 || tla_layout_make_compact(&L, &s, &e) != 0) return 1;
 *   if (tla_layout_size(&L, &n, &e) != 0 || tla_layout_size(&m, &L, &e) != 0 || n != 32 || m != 32) return 1;
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_DEPRECATED_H
#define TLA_DEPRECATED_H

#include "tla/rt/parse.h"
#include "tla/static/tuple_values.h"
#include "tla/rt/layout.h"
#include "tla/xla/all.h"

/* The 0.1 call when x, the argument where the orders differ, has the 0.1 type T (or const T). */
#define TLA__OLD_ORDER(x, T, old, now) _Generic((x), const T: old, T: old, default: now)
/* The 0.2 call when x has the 0.2 type T (or const T): for a 0.1 argument of integer type. */
#define TLA__NEW_ORDER(x, T, now, old) _Generic((x), const T: now, T: now, default: old)

/* tla_tuple(e0, ...): at top level built from values (static/tuple_values.h); inside a tla_make_tuple,
 * tla_make_tuple itself (the level probes of static/core_gen.h tell which). */
#define tla_tuple(...) TLA__LSEL(TLA__OTS_, TLA__X1(, 1), TLA__X2(, 1), TLA__X3(, 1), TLA__X4(, 1))(__VA_ARGS__)
#define TLA__OTS_1111 TLA__TUPLE_OF_VALUES
#define TLA__OTS_0111(...) tla_make_tuple(__VA_ARGS__)
#define TLA__OTS_0011(...) tla_make_tuple(__VA_ARGS__)
#define TLA__OTS_0001(...) tla_make_tuple(__VA_ARGS__)
#define TLA__OTS_0000(...) tla_make_tuple(__VA_ARGS__)
#define tla_make_layout_of tla_layout_make_of
#define tla_make_layout_tile tla_layout_make_tile
#define tla_get_tile tla_layout_get_tile
#define tla_format_layout tla_layout_format
#define tla_format_layout_ex tla_layout_format_ex
#define tla_make_tensor tla_tensor_make
#define tla_idx2crd tla_tuple_idx2crd
#define tla_ix_floordiv tla_floor_div
#define tla_ix_ceildiv tla_ceil_div

TLA_FUNC int tla__old_tuple_get(const tla_tuple *t, int npath, const int *path, tla_tuple *out, tla_error *err)
    { return tla_tuple_get(out, t, npath, path, err); }
#define tla_tuple_get(a, b, ...) TLA__NEW_ORDER(b, tla_tuple *, tla_tuple_get, tla__old_tuple_get)(a, b, __VA_ARGS__)
TLA_FUNC int tla__old_layout_get(const tla_layout *L, int npath, const int *path, tla_layout *out, tla_error *err)
    { return tla_layout_get(out, L, npath, path, err); }
#define tla_layout_get(a, b, ...) TLA__NEW_ORDER(b, tla_layout *, tla_layout_get, tla__old_layout_get)(a, b, __VA_ARGS__)
TLA_FUNC int tla__old_tuple_size(const tla_tuple *t, int64_t *out, tla_error *err)
    { return tla_tuple_size(out, t, err); }
#define tla_tuple_size(a, ...) TLA__OLD_ORDER(a, tla_tuple *, tla__old_tuple_size, tla_tuple_size)(a, __VA_ARGS__)
TLA_FUNC int tla__old_layout_size(const tla_layout *L, int64_t *out, tla_error *err)
    { return tla_layout_size(out, L, err); }
#define tla_layout_size(a, ...) TLA__OLD_ORDER(a, tla_layout *, tla__old_layout_size, tla_layout_size)(a, __VA_ARGS__)
TLA_FUNC int tla__old_layout_cosize(const tla_layout *L, int64_t *out, tla_error *err)
    { return tla_layout_cosize(out, L, err); }
#define tla_layout_cosize(a, ...) TLA__OLD_ORDER(a, tla_layout *, tla__old_layout_cosize, tla_layout_cosize)(a, __VA_ARGS__)
TLA_FUNC int tla__old_layout_crd2offset(const tla_layout *L, const tla_tuple *coord, int64_t *out, tla_error *err)
    { return tla_layout_crd2offset(out, L, coord, err); }
#define tla_layout_crd2offset(a, ...) TLA__OLD_ORDER(a, tla_layout *, tla__old_layout_crd2offset, tla_layout_crd2offset)(a, __VA_ARGS__)
TLA_FUNC int tla__old_tuple_crd2offset(const tla_tuple *coord, const tla_tuple *shape, const tla_tuple *stride, int64_t *out, tla_error *err)
    { return tla_tuple_crd2offset(out, coord, shape, stride, err); }
#define tla_tuple_crd2offset(a, ...) TLA__OLD_ORDER(a, tla_tuple *, tla__old_tuple_crd2offset, tla_tuple_crd2offset)(a, __VA_ARGS__)
TLA_FUNC int tla__old_tuple_idx2crd(int64_t idx, const tla_tuple *shape, tla_tuple *out, tla_error *err)
    { return tla_tuple_idx2crd(out, shape, idx, err); }
#define tla_tuple_idx2crd(a, ...) TLA__NEW_ORDER(a, tla_tuple *, tla_tuple_idx2crd, tla__old_tuple_idx2crd)(a, __VA_ARGS__)
TLA_FUNC int tla__old_layout_offset_range(const tla_layout *L, const int64_t *lo, const int64_t *ext, int64_t *min, int64_t *max, tla_error *err)
    { return tla_layout_offset_range(min, max, L, lo, ext, err); }
#define tla_layout_offset_range(a, ...) TLA__OLD_ORDER(a, tla_layout *, tla__old_layout_offset_range, tla_layout_offset_range)(a, __VA_ARGS__)
TLA_FUNC int tla_parse_tuple(const char *s, tla_tuple *out, tla_error *err)
    { return tla_tuple_parse(out, s, err); }
TLA_FUNC int tla_parse_tuple_at(const char *s, int *pos, tla_tuple *out, tla_error *err)
    { return tla_tuple_parse_at(out, s, pos, err); }
TLA_FUNC int tla_parse_layout(const char *s, tla_layout *out, tla_error *err)
    { return tla_layout_parse(out, s, err); }
TLA_FUNC int tla_parse_layout_at(const char *s, int *pos, tla_layout *out, tla_error *err)
    { return tla_layout_parse_at(out, s, pos, err); }
TLA_FUNC int tla_parse_int_at(const char *s, int *pos, int64_t *value, int *is_static, tla_error *err)
    { return tla_int_parse_at(value, is_static, s, pos, err); }
TLA_FUNC int tla__old_xla_parse(const char *s, tla_xla_shape *out, tla_error *err)
    { return tla_xla_parse(out, s, err); }
#define tla_xla_parse(a, ...) TLA__OLD_ORDER(a, char *, tla__old_xla_parse, tla_xla_parse)(a, __VA_ARGS__)
TLA_FUNC int tla__old_xla_padded_size(const tla_xla_shape *x, int64_t *out, tla_error *err)
    { return tla_xla_padded_size(out, x, err); }
#define tla_xla_padded_size(a, ...) TLA__OLD_ORDER(a, tla_xla_shape *, tla__old_xla_padded_size, tla_xla_padded_size)(a, __VA_ARGS__)
TLA_FUNC int tla__old_xla_bytes(const tla_xla_shape *x, int64_t *out, tla_error *err)
    { return tla_xla_bytes(out, x, err); }
#define tla_xla_bytes(a, ...) TLA__OLD_ORDER(a, tla_xla_shape *, tla__old_xla_bytes, tla_xla_bytes)(a, __VA_ARGS__)
TLA_FUNC int tla__old_xla_linear_index(const tla_xla_shape *x, const int64_t *index, int64_t *out, tla_error *err)
    { return tla_xla_linear_index(out, x, index, err); }
#define tla_xla_linear_index(a, ...) TLA__OLD_ORDER(a, tla_xla_shape *, tla__old_xla_linear_index, tla_xla_linear_index)(a, __VA_ARGS__)
TLA_FUNC int tla__old_xla_linear_indices(const tla_xla_shape *x, int64_t first, int64_t count, int64_t *out, tla_error *err)
    { return tla_xla_linear_indices(out, x, first, count, err); }
#define tla_xla_linear_indices(a, ...) TLA__OLD_ORDER(a, tla_xla_shape *, tla__old_xla_linear_indices, tla_xla_linear_indices)(a, __VA_ARGS__)
TLA_FUNC int tla__old_xla_multi_index(const tla_xla_shape *x, int64_t linear, int64_t *index, tla_error *err)
    { return tla_xla_multi_index(index, x, linear, err); }
#define tla_xla_multi_index(a, ...) TLA__OLD_ORDER(a, tla_xla_shape *, tla__old_xla_multi_index, tla_xla_multi_index)(a, __VA_ARGS__)
TLA_FUNC int tla_xla_to_layout(const tla_xla_shape *x, tla_layout *out, tla_xla_info *info, tla_error *err)
    { return tla_layout_from_xla(out, info, x, err); }
TLA_FUNC int tla_layout_to_xla(const tla_layout *L, tla_xla_type type, tla_xla_shape *out, tla_error *err)
    { return tla_xla_from_layout(out, L, type, err); }

#define tla_print_svg tla_svg_layout
#define tla_print_svg_tv tla_svg_tv
#define tla_print_svg_copy tla_svg_copy
#define tla_print_svg_map tla_svg_map
#define tla_print_svg_sparse tla_svg_sparse
#define tla_print_latex tla_latex_layout

#endif /* TLA_DEPRECATED_H */

/* The opt-in families (outside the guard: each part once its headers are in). */
#if defined(TLA_IXMAP_H) && defined(TLA_IXPARSE_H) && defined(TLA_IXUTIL_H) && defined(TLA_IXLAYOUT_H) && \
    !defined(TLA__DEPRECATED_IXMAP)
#define TLA__DEPRECATED_IXMAP
TLA_FUNC int tla__old_ix_from_layout(tla_ix_ctx *c, const tla_layout *L, tla_ix_map *out, tla_error *err)
    { return tla_ix_from_layout(out, c, L, err); }
#define tla_ix_from_layout(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_ix_from_layout, tla_ix_from_layout)(a, __VA_ARGS__)
TLA_FUNC int tla__old_ix_from_layout_inverse(tla_ix_ctx *c, const tla_layout *L, tla_ix_map *out, tla_error *err)
    { return tla_ix_from_layout_inverse(out, c, L, err); }
#define tla_ix_from_layout_inverse(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_ix_from_layout_inverse, tla_ix_from_layout_inverse)(a, __VA_ARGS__)
TLA_FUNC int tla__old_ix_compose(tla_ix_ctx *c, const tla_ix_map *a, const tla_ix_map *b, tla_ix_map *out, tla_error *err)
    { return tla_ix_compose(out, c, a, b, err); }
#define tla_ix_compose(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_ix_compose, tla_ix_compose)(a, __VA_ARGS__)
TLA_FUNC int tla__old_ix_map_parse_at(tla_ix_ctx *c, const char *s, int *pos, tla_ix_map *out, tla_error *err)
    { return tla_ix_map_parse_at(out, c, s, pos, err); }
#define tla_ix_map_parse_at(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_ix_map_parse_at, tla_ix_map_parse_at)(a, __VA_ARGS__)
TLA_FUNC int tla__old_ix_map_parse(tla_ix_ctx *c, const char *s, tla_ix_map *out, tla_error *err)
    { return tla_ix_map_parse(out, c, s, err); }
#define tla_ix_map_parse(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_ix_map_parse, tla_ix_map_parse)(a, __VA_ARGS__)
TLA_FUNC int tla__old_ix_expr_parse(tla_ix_ctx *c, const tla_ix_map *m, const char *s, int *out, tla_error *err)
    { return tla_ix_expr_parse(out, c, m, s, err); }
#define tla_ix_expr_parse(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_ix_expr_parse, tla_ix_expr_parse)(a, __VA_ARGS__)
TLA_FUNC int tla__old_ix_range_vars_to_dims(tla_ix_ctx *c, const tla_ix_map *m, const int *idx, int n, tla_ix_map *out, tla_error *err)
    { return tla_ix_range_vars_to_dims(out, c, m, idx, n, err); }
#define tla_ix_range_vars_to_dims(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_ix_range_vars_to_dims, tla_ix_range_vars_to_dims)(a, __VA_ARGS__)
TLA_FUNC int tla__old_ix_symbols_to_dims(tla_ix_ctx *c, const tla_ix_map *m, tla_ix_map *out, tla_error *err)
    { return tla_ix_symbols_to_dims(out, c, m, err); }
#define tla_ix_symbols_to_dims(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_ix_symbols_to_dims, tla_ix_symbols_to_dims)(a, __VA_ARGS__)
#endif
#if defined(TLA_HLO_INDEX_H) && !defined(TLA__DEPRECATED_HLO)
#define TLA__DEPRECATED_HLO
#define tla_hlo_rule_all_gather tla__hlo_rule_all_gather
#define tla_hlo_rule_bitcast tla__hlo_rule_bitcast
#define tla_hlo_rule_broadcast tla__hlo_rule_broadcast
#define tla_hlo_rule_concatenate tla__hlo_rule_concatenate
#define tla_hlo_rule_convolution tla__hlo_rule_convolution
#define tla_hlo_rule_dot tla__hlo_rule_dot
#define tla_hlo_rule_dynamic_slice tla__hlo_rule_dynamic_slice
#define tla_hlo_rule_dynamic_update_slice tla__hlo_rule_dynamic_update_slice
#define tla_hlo_rule_elementwise tla__hlo_rule_elementwise
#define tla_hlo_rule_gather tla__hlo_rule_gather
#define tla_hlo_rule_get_tuple_element tla__hlo_rule_get_tuple_element
#define tla_hlo_rule_pad tla__hlo_rule_pad
#define tla_hlo_rule_reduce tla__hlo_rule_reduce
#define tla_hlo_rule_reduce_window tla__hlo_rule_reduce_window
#define tla_hlo_rule_reshape tla__hlo_rule_reshape
#define tla_hlo_rule_reverse tla__hlo_rule_reverse
#define tla_hlo_rule_scaled_dot tla__hlo_rule_scaled_dot
#define tla_hlo_rule_scan tla__hlo_rule_scan
#define tla_hlo_rule_slice tla__hlo_rule_slice
#define tla_hlo_rule_transpose tla__hlo_rule_transpose
TLA_FUNC int tla_hlo_read(const char *text, tla_hlo_module **out, tla_error *err)
    { return tla_hlo_parse(out, text, err); }
TLA_FUNC int tla__old_hlo_find(const tla_hlo_module *m, const char *comp, const char *name, const tla_hlo_instr **out, tla_error *err)
    { return tla_hlo_find(out, m, comp, name, err); }
#define tla_hlo_find(a, ...) TLA__OLD_ORDER(a, tla_hlo_module *, tla__old_hlo_find, tla_hlo_find)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_fusion_for_computation(const tla_hlo_comp *comp, tla_hlo_fusion *f, tla_error *err)
    { return tla_hlo_fusion_for_computation(f, comp, err); }
#define tla_hlo_fusion_for_computation(a, ...) TLA__OLD_ORDER(a, tla_hlo_comp *, tla__old_hlo_fusion_for_computation, tla_hlo_fusion_for_computation)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_fusion_for_instruction(const tla_hlo_instr *x, tla_hlo_fusion *f, tla_error *err)
    { return tla_hlo_fusion_for_instruction(f, x, err); }
#define tla_hlo_fusion_for_instruction(a, ...) TLA__OLD_ORDER(a, tla_hlo_instr *, tla__old_hlo_fusion_for_instruction, tla_hlo_fusion_for_instruction)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_fusion_for_producer_consumer(const tla_hlo_instr *producer, const tla_hlo_instr *consumer, tla_hlo_fusion *f, tla_error *err)
    { return tla_hlo_fusion_for_producer_consumer(f, producer, consumer, err); }
#define tla_hlo_fusion_for_producer_consumer(a, ...) TLA__OLD_ORDER(a, tla_hlo_instr *, tla__old_hlo_fusion_for_producer_consumer, tla_hlo_fusion_for_producer_consumer)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_group_by_producers(const tla_hlo_instr *in, const tla_hlo_indexing *ix, tla_hlo_indexing *by, int *first, tla_error *err)
    { return tla_hlo_group_by_producers(by, first, in, ix, err); }
#define tla_hlo_group_by_producers(a, ...) TLA__OLD_ORDER(a, tla_hlo_instr *, tla__old_hlo_group_by_producers, tla_hlo_group_by_producers)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_output_to_input(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix, tla_error *err)
    { return tla_hlo_output_to_input(ix, c, in, out_id, err); }
#define tla_hlo_output_to_input(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_hlo_output_to_input, tla_hlo_output_to_input)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_input_to_output(tla_ix_ctx *c, const tla_hlo_instr *in, int in_id, tla_hlo_indexing *ix, tla_error *err)
    { return tla_hlo_input_to_output(ix, c, in, in_id, err); }
#define tla_hlo_input_to_output(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_hlo_input_to_output, tla_hlo_input_to_output)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_fusion_output_to_input(tla_ix_ctx *c, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix, tla_error *err)
    { return tla_hlo_fusion_output_to_input(ix, c, in, out_id, err); }
#define tla_hlo_fusion_output_to_input(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_hlo_fusion_output_to_input, tla_hlo_fusion_output_to_input)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_comp_output_to_input(tla_ix_ctx *c, const tla_hlo_comp *comp, int nparams, const tla_hlo_instr *in, int out_id, tla_hlo_indexing *ix, tla_error *err)
    { return tla_hlo_comp_output_to_input(ix, c, comp, nparams, in, out_id, err); }
#define tla_hlo_comp_output_to_input(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_hlo_comp_output_to_input, tla_hlo_comp_output_to_input)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_module_output_to_input(tla_ix_ctx *c, const tla_hlo_module *m, int out_id, tla_hlo_indexing *ix, int *fused, tla_error *err)
    { return tla_hlo_module_output_to_input(ix, fused, c, m, out_id, err); }
#define tla_hlo_module_output_to_input(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_hlo_module_output_to_input, tla_hlo_module_output_to_input)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_indexing_physical(tla_ix_ctx *c, const tla_hlo_instr *in, int id, int input_to_output, tla_hlo_indexing *ix, tla_error *err)
    { return tla_hlo_indexing_physical(ix, c, in, id, input_to_output, err); }
#define tla_hlo_indexing_physical(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_hlo_indexing_physical, tla_hlo_indexing_physical)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_grouped_output_to_input(tla_ix_ctx *c, const tla_hlo_fusion *f, const tla_hlo_instr *target, tla_hlo_grouped *out, tla_error *err)
    { return tla_hlo_grouped_output_to_input(out, c, f, target, err); }
#define tla_hlo_grouped_output_to_input(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_hlo_grouped_output_to_input, tla_hlo_grouped_output_to_input)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_epilogue_input_to_output(tla_ix_ctx *c, const tla_hlo_instr *parent, const tla_hlo_instr *root, tla_ix_map *out, tla_error *err)
    { return tla_hlo_epilogue_input_to_output(out, c, parent, root, err); }
#define tla_hlo_epilogue_input_to_output(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_hlo_epilogue_input_to_output, tla_hlo_epilogue_input_to_output)(a, __VA_ARGS__)
TLA_FUNC int tla__old_hlo_opidx_compose(tla_ix_ctx *c, const tla_hlo_opidx *a, const tla_hlo_opidx *b, tla_hlo_opidx *out, tla_error *err)
    { return tla_hlo_opidx_compose(out, c, a, b, err); }
#define tla_hlo_opidx_compose(a, ...) TLA__OLD_ORDER(a, tla_ix_ctx *, tla__old_hlo_opidx_compose, tla_hlo_opidx_compose)(a, __VA_ARGS__)
#endif
#if defined(TLA_SPARSE_STORAGE_H) && !defined(TLA__DEPRECATED_SPARSE)
#define TLA__DEPRECATED_SPARSE
TLA_FUNC int tla__old_sparse_parse(const char *text, tla_sparse_encoding *out, tla_error *err)
    { return tla_sparse_parse(out, text, err); }
#define tla_sparse_parse(a, ...) TLA__OLD_ORDER(a, char *, tla__old_sparse_parse, tla_sparse_parse)(a, __VA_ARGS__)
TLA_FUNC int tla__old_sparse_parse_ex(const char *text, tla_sparse_encoding *out, tla_error *err, int check_implicit)
    { return tla_sparse_parse_ex(out, text, check_implicit, err); }
#define tla_sparse_parse_ex(a, ...) TLA__OLD_ORDER(a, char *, tla__old_sparse_parse_ex, tla_sparse_parse_ex)(a, __VA_ARGS__)
TLA_FUNC int tla__old_sparse_block_layout(const tla_sparse_encoding *e, tla_layout *out, tla_error *err)
    { return tla_sparse_block_layout(out, e, err); }
#define tla_sparse_block_layout(a, ...) TLA__OLD_ORDER(a, tla_sparse_encoding *, tla__old_sparse_block_layout, tla_sparse_block_layout)(a, __VA_ARGS__)
TLA_FUNC int tla__old_sparse_from_layout(const tla_layout *L, const int *formats, tla_sparse_encoding *out, int64_t *dims, tla_error *err)
    { return tla_sparse_from_layout(out, dims, L, formats, err); }
#define tla_sparse_from_layout(a, ...) TLA__OLD_ORDER(a, tla_layout *, tla__old_sparse_from_layout, tla_sparse_from_layout)(a, __VA_ARGS__)
TLA_FUNC int tla__old_sparse_pack(const tla_sparse_encoding *e, int rank, const int64_t *dims, const double *dense, void *mem, size_t bytes, tla_sparse_storage *out, tla_error *err)
    { return tla_sparse_pack(out, mem, bytes, e, rank, dims, dense, err); }
#define tla_sparse_pack(a, ...) TLA__OLD_ORDER(a, tla_sparse_encoding *, tla__old_sparse_pack, tla_sparse_pack)(a, __VA_ARGS__)
TLA_FUNC int tla__old_sparse_size(const tla_sparse_encoding *e, int rank, const int64_t *dims, const double *dense, size_t *bytes, tla_error *err)
    { return tla_sparse_size(bytes, e, rank, dims, dense, err); }
#define tla_sparse_size(a, ...) TLA__OLD_ORDER(a, tla_sparse_encoding *, tla__old_sparse_size, tla_sparse_size)(a, __VA_ARGS__)
TLA_FUNC int tla__old_sparse_unpack(const tla_sparse_storage *st, double *dense, tla_error *err)
    { return tla_sparse_unpack(dense, st, err); }
#define tla_sparse_unpack(a, ...) TLA__OLD_ORDER(a, tla_sparse_storage *, tla__old_sparse_unpack, tla_sparse_unpack)(a, __VA_ARGS__)
#endif
#if defined(TLA_SPARSE_IXMAP_H) && !defined(TLA__DEPRECATED_SPARSE_IXMAP)
#define TLA__DEPRECATED_SPARSE_IXMAP
TLA_FUNC int tla__old_sparse_dim2lvl_map(const tla_sparse_encoding *enc, const int64_t *dims, tla_ix_ctx *c, tla_ix_map *out, tla_error *err)
    { return tla_sparse_dim2lvl_map(out, c, enc, dims, err); }
#define tla_sparse_dim2lvl_map(a, ...) TLA__OLD_ORDER(a, tla_sparse_encoding *, tla__old_sparse_dim2lvl_map, tla_sparse_dim2lvl_map)(a, __VA_ARGS__)
#endif
/* clang-format on */
