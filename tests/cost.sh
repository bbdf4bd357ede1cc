#!/bin/sh
# tests/cost.sh - compile cost guard: the preprocessed text of one static-layout site of each
# kind below (gcc -E -P of a file with the site, minus the same file without it) must stay
# under its bound, in bytes.  Deterministic (no timing: timing lives in `make bench`), so a
# macro change that makes sites grow fails here.  Every site is held to today's size plus a
# few percent (lower the bounds when the text shrinks), crd_of_tile, the largest, to the site
# target itself (20 KB = 20480 bytes).  Prints "N passed, M failed".
set -u
CC=${COST_CC:-gcc}
command -v "$CC" > /dev/null || CC=clang
passed=0
failed=0
base=$(printf '#include "tla/compat.h"\n' | $CC -E -P -I. -x c - | wc -c)
site() { # kind bound(bytes) code
    n=$(printf '#include "tla/compat.h"\n%s\n' "$3" | $CC -E -P -I. -x c - 2> /dev/null | wc -c)
    b=$((n - base))
    if [ "$n" -le "$base" ]; then
        echo "FAIL cost $1: the site does not preprocess"; failed=$((failed + 1))
    elif [ "$b" -gt "$2" ]; then
        echo "FAIL cost $1: $b bytes of preprocessed text per site (bound $2)"; failed=$((failed + 1))
    else
        echo "ok   cost $1: $b bytes (bound $2)"; passed=$((passed + 1))
    fi
}
# The reference site: compat names, crd2offset(coord, shape, stride).
# (19.1 KB now, 19.5 KB with clang -E, which breaks lines around the -Wvla pragmas: 0.9 KB of it
# since the same spelling takes run-time shape and stride tuples (compat.h, TLA__COMPAT_CRD_3); the bench's
# compat2 sites, with their other extents, are about 200 bytes longer.  It was 17.5 KB when
# crd2offset's facts were declared in the caller's block, where a macro naming crd2offset twice
# redeclared them; now they live in a statement expression inside sizeof, and the arguments are
# named three times: the sum's type, the facts, the run-time sum: tla/layout.h)
site compat2 19500 'unsigned f(unsigned i, unsigned j) { tla_auto L = MakeLayout(MakeShape(MakeShape(_16, _4), MakeShape(_16, _4)), MakeStride(MakeStride(_16, _256), MakeStride(_1, _1024))); return (unsigned)crd2offset(MakeCoord(i, j), shape(L), stride(L)); }'
# compat's crd2offset(coord, layout) on a static layout: the same spelling takes a run-time
# tla_layout (t.layout), summed at run time in a branch the static site also carries (0.7 KB).
site compat_crd_L 20480 'unsigned f(unsigned i, unsigned j) { tla_auto L = MakeLayout(MakeShape(MakeShape(_16, _4), MakeShape(_16, _4)), MakeStride(MakeStride(_16, _256), MakeStride(_1, _1024))); return (unsigned)crd2offset(MakeCoord(i, j), L); }'
site rank2 13200 'unsigned f(unsigned i, unsigned j) { tla_auto L = tla_make_layout(tla_make_tuple(TLA_C(8), TLA_C(4)), tla_make_tuple(TLA_C(4), TLA_C(1))); return (unsigned)tla_crd2offset(tla_make_tuple(i, j), L); }'
site zN 12500 'unsigned f(unsigned i, unsigned j) { tla_auto L = tla_zN(tla_half, TLA_C(64), TLA_C(48)); return (unsigned)tla_crd2offset(tla_make_tuple(i, j), L); }'
site deep 15500 'unsigned f(unsigned i, unsigned j) { tla_auto L = tla_make_layout(tla_make_tuple(tla_make_tuple(TLA_C(2), tla_make_tuple(TLA_C(2), TLA_C(3))), TLA_C(5)), tla_make_tuple(tla_make_tuple(TLA_C(1), tla_make_tuple(TLA_C(2), TLA_C(4))), TLA_C(12))); return (unsigned)tla_crd2offset(tla_make_tuple(i, j), L); }'
# Nested queries: each get is one step however many indices it has (tla_get(T, 1, 1, 0)), and
# a get written in another get's argument joins it (static/core_gen.h, "get's levels"), so
# get_get_get costs what get_bound costs (a bound near it catches a join that stopped working:
# three separate steps are 30 KB).  Queries name their argument once too (static/query.h, TLA__ONCE),
# so a get written inside tla_size costs what the bound form costs.  crd_of_tile (a zN layout,
# a tile_at of about 6 KB with its two tuples, and a crd2offset) is held to the site target,
# 20 KB = 20480 bytes (it was 24.8 KB; docs/cost.md).
site get_bound 14700 'unsigned f(unsigned i) { tla_auto T = tla_make_tuple(TLA_C(2), tla_make_tuple(TLA_C(3), tla_make_tuple(TLA_C(4), TLA_C(5)))); tla_auto g = tla_get(T, 1, 1, 0); return (unsigned)tla_size(g) + i; }'
site get_get_get 14700 'unsigned f(unsigned i) { tla_auto T = tla_make_tuple(TLA_C(2), tla_make_tuple(TLA_C(3), tla_make_tuple(TLA_C(4), TLA_C(5)))); return (unsigned)tla_size(tla_get(tla_get(tla_get(T, 1), 1), 0)) + i; }'
# tla_value(tla_get(t, i...)) reads the leaf from t's type: t is named, not the get (19.6 KB
# above zN when the get was made twice).  t is named three times (9.4 KB; 9.2 KB when it was
# named twice): the condition, the constant and the run-time value each bind it in a statement
# expression of their own, so that nothing is declared in the caller's block and a macro may
# name tla_value(...) twice (tests/test_twice.c).
site value_of_get 9800 'int f(int i) { tla_auto L = tla_zN(tla_half, TLA_C(64), TLA_C(64)); return (int)tla_value(tla_get(tla_stride(L), 1, 1)) + i; }'
site size_of_get 15900 'unsigned f(unsigned i) { tla_auto L = tla_zN(float, TLA_C(32), TLA_C(32)); return (unsigned)tla_size(tla_get(L, 1)) + i; }'
site crd_of_tile 20480 'unsigned f(unsigned i, unsigned j) { tla_auto L = tla_zN(tla_half, TLA_C(64), TLA_C(64)); tla_auto T = tla_tile_at(L, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(i, j)); return (unsigned)tla_crd2offset(tla_make_tuple(1, 2), T); }'
# A constant layout (TLA_CONST_LAYOUT, declared once at file scope) and one crd2offset on it:
# about 12 KB for the declaration, 8 KB for each use.
site const_zN 20100 'TLA_CONST_LAYOUT(kZn, tla_make_tuple(tla_make_tuple(TLA_C(16), TLA_C(2)), tla_make_tuple(TLA_C(16), TLA_C(3))), tla_make_tuple(tla_make_tuple(TLA_C(16), TLA_C(256)), tla_make_tuple(TLA_C(1), TLA_C(512)))); unsigned f(unsigned i, unsigned j) { return (unsigned)tla_crd2offset(tla_make_tuple(i, j), kZn); }'
# A constant format (TLA_CONST_ZN: its extents bound to enum constants, the originShape and the
# element size recorded, its node types written from codes): about 3 KB for the declaration, 8 KB for each use.
site const_fmt_zN 11300 'TLA_CONST_ZN(kA, tla_half, 100, 48); unsigned f(unsigned i, unsigned j) { return (unsigned)tla_crd2offset(tla_make_tuple(i, j), kA); }'
# rt/formats_ext.h's layouts in static form (static/formats_ext.h): each constructor costs less than tla_zN.
site zN_int4 12500 'unsigned f(unsigned i, unsigned j) { tla_auto L = tla_zN(tla_int4, TLA_C(64), TLA_C(128)); return (unsigned)tla_crd2offset(tla_make_tuple(i, j), L); }'
site weight4bit_nZ 12000 'unsigned f(unsigned i, unsigned j) { tla_auto L = tla_weight4bit_nZ(TLA_C(64), TLA_C(48)); return (unsigned)tla_crd2offset(tla_make_tuple(i, j), L); }'
site mx_scale 11800 'unsigned f(unsigned i, unsigned j) { tla_auto L = tla_mx_scale_a_row(TLA_C(256), TLA_C(32)); return (unsigned)tla_crd2offset(tla_make_tuple(i, j), L); }'
site fmap 14300 'unsigned f(unsigned n, unsigned c, unsigned y, unsigned x) { tla_auto L = tla_fmap(tla_half, 2, 7, 33, 43); return (unsigned)tla_crd2offset(tla_make_tuple(n, c, y, x, 5), L); }'
site conv_filter 15700 'unsigned f(unsigned n, unsigned c, unsigned y, unsigned x) { tla_auto L = tla_conv_filter_l1(tla_half, TLA_C(8), TLA_C(3), TLA_C(3), TLA_C(96)); return (unsigned)tla_crd2offset(tla_make_tuple(n, c, y, x, 5), L); }'
# A static tensor and one element of it (make_static_tensor checks the pointer against the
# format, tensor_elem checks its tensor: about 0.6 KB of the total; a mixed tensor's packed
# values, built at make and unpacked at each use with every slot's code, 3 KB; 20 KB is 20480).
site tensor_elem 18200 'unsigned short *f(unsigned short *p, unsigned i, unsigned j) { tla_auto A = tla_make_static_tensor(p, tla_zN(tla_half, TLA_C(64), TLA_C(48))); return tla_tensor_elem(A, i, j); }'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
