/* tla/deprecated.h - the names of tla.h 0.1, kept for one release (to be removed in 0.3).
 *
 * 0.2 uses one scheme: static and mixed values are built by macros named verb first
 * (tla_make_tuple, tla_make_layout, tla_make_tile), run-time values by functions named
 * type first that write their output through the first argument (tla_layout_make,
 * tla_layout_make_tile, tla_tensor_make).  So the static tuple constructor no longer
 * shares its name with the run-time type tla_tuple.
 *
 *   0.1 name               0.2 name
 *   tla_tuple(...)         tla_make_tuple(...)       static / mixed tuple
 *   tla_make_layout_of     tla_layout_make_of        run-time: modes to one layout
 *   tla_make_layout_tile   tla_layout_make_tile      run-time MakeLayoutTile
 *   tla_get_tile           tla_layout_get_tile       run-time GetTile
 *   tla_format_layout(_ex) tla_layout_format(_ex)    run-time Ascend formats
 *   tla_make_tensor        tla_tensor_make           (its 2nd argument is the element size)
 *   tla_idx2crd            tla_tuple_idx2crd
 *
 * The old tla_tuple(...) builds flat tuples only: it must stay function-like (an object-like
 * macro would take over the run-time type name tla_tuple), so a nested tla_tuple is expanded
 * before the outer one and arrives as a tuple value, which is not an element (static/tuple.h).  Nest
 * with tla_make_tuple.
 *
 * Example (compiled and run by make test, tests/docs.sh):
 *   tla_auto t = tla_tuple(TLA_C(2), 3);           // still builds; new code: tla_make_tuple
 *   if (tla_size(t) != 6) return 1;
 */
/* The macros below are laid out by hand, one step a line. */
/* clang-format off */
#ifndef TLA_DEPRECATED_H
#define TLA_DEPRECATED_H

#define tla_tuple(...) tla_make_tuple(__VA_ARGS__)
#define tla_make_layout_of tla_layout_make_of
#define tla_make_layout_tile tla_layout_make_tile
#define tla_get_tile tla_layout_get_tile
#define tla_format_layout tla_layout_format
#define tla_format_layout_ex tla_layout_format_ex
#define tla_make_tensor tla_tensor_make
#define tla_idx2crd tla_tuple_idx2crd

/* clang-format on */
#endif
