#!/bin/sh
# bench/run.sh - compile-cost, codegen and speed benchmarks; `make bench` runs it from the
# repository root.
#
# First bench/compile_cost.sh: what one static layout site costs the compiler (ms, MB of peak
# memory, KB of preprocessed text per site, against the same functions written by hand; gcc,
# clang, and CuTe when it is found); see its header.  Its failure fails the bench at the end
# but does not stop the other sections.
#
# Then the codegen benchmark.  For every Ascend format (half and float, static 32x48) and the
# seed's two layouts, all leaves static, it generates build/bench/src/<layout>.c with four
# functions
#
#   lib_<layout>_u   / hand_<layout>_u     unsigned r, c  -> unsigned
#   lib_<layout>_i64 / hand_<layout>_i64   int64_t r, c   -> int64_t
#
# lib_ is tla_crd2offset(tla_make_tuple(r, c), L) (a _Static_assert checks that its type is the
# return type, so no conversion is hidden); hand_ is the expression a person would write
# for the same layout with the same types.  Each file is compiled with gcc and clang at -O2
# (-c, so nothing is inlined), the instructions of each function are counted in
# `objdump -d` (bench/count.awk), and a driver linked against the same objects checks lib_
# and hand_ against the run-time library (tla_layout_format, or the parsed seed layout) at
# every coordinate in range.  The table gives lib and hand instruction counts, the ratio
# lib/hand, "clean" (lib_ has no call, no loop, no memory access), and the check.  For the
# rank-2 layouts two more rows: "tensor", the address of element (r, c) of a static tensor
# (tla_make_static_tensor, tla_tensor_elem), and "tile", of element (r, c) of its tile at a
# run-time origin (tla_tensor_tile_at), each against the pointer arithmetic written by hand
# and checked at every element and origin.
#
# Environment: CCS (default "gcc clang"; missing ones are skipped), JOBS (parallel compiles),
# BENCH_FLAGS (default -std=c11 -O2 -Wall -Wextra -Wpedantic -Werror),
# BENCH_STRICT=1 (also fail when a ratio is above 1.00 or a library function is not clean),
# BENCH_SECTIONS (default "cost codegen speed": which parts run, any of them alone or together;
# e.g. BENCH_SECTIONS=codegen, BENCH_SECTIONS=speed).
# Then bench/algebra_speed.c: every case of tests/algebra.tsv evaluated in one process (time
# per operation), next to the same number of run-time crd2offset calls; bench/tensor_cost.c,
# with each compiler: sizeof of run-time, mixed and static tensors and their tiles, and the
# time to make a tile and read an element, against a hand tile (a pointer and an origin); and
# bench/copy_speed.c, with each compiler: tla_copy against oneDNN's reorder primitive when
# oneDNN is installed (else it says how to install it and skips that table); tla_copy over every
# ordered pair of RowMajor, ColumnMajor, zN, nZ, zZ, nN x 1/2/4-byte elements x an aligned, a
# ragged, a power-of-two-pitch and a 64 MiB size, against the best hand-tiled loop for the pair
# and memcpy (medians of 7 runs, 3 at 64 MiB; GB/s and ratios); tiles cut from a matrix (16x16
# to 64x64, one copy per tile); small copies (one tla_copy per 16x32 ... 128x128 matrix, hot
# cache) against the hand loops; 4-bit elements against memcpy.
# Exit status: non-zero on a build failure or a wrong offset (in any section).
set -u
CCS=${CCS:-"gcc clang"}
FLAGS=${BENCH_FLAGS:-"-std=c11 -O2 -Wall -Wextra -Wpedantic -Werror"}
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}
OUT=build/bench
rm -rf "$OUT"
mkdir -p "$OUT/src"

# ---- 0. compile cost per static layout site ---------------------------------------------
SECTIONS=${BENCH_SECTIONS:-"cost codegen speed"}
compile_status=0
case " $SECTIONS " in *" cost "*)
    echo "== compile cost per static layout site (bench/compile_cost.sh)"
    sh bench/compile_cost.sh || compile_status=1
    echo ;;
esac
ccs=""
for cc in $CCS; do
    if command -v "$cc" > /dev/null 2>&1; then ccs="$ccs $cc"; mkdir -p "$OUT/$cc"; else echo "(skipping $cc: not found)"; fi
done
[ -n "$ccs" ] || { echo "no compiler"; exit 1; }
status=0
in_sections() { case " $SECTIONS " in *" $1 "*) return 0 ;; esac; return 1; }
if in_sections codegen; then # sections 1-5, to the codegen summary
echo "== codegen: instructions of crd2offset, library and hand-written"

# ---- 1. the layouts ---------------------------------------------------------------------
# One line per layout:  id|rows|cols|reference|shape|stride|hand
#   rows, cols   the coordinates checked (cols empty: a vector, one coordinate i)
#   reference    C call that fills the run-time layout L the driver checks against
#   shape:stride the static layout, plain numbers (each becomes TLA_C(n))
#   hand         the hand-written offset of (r, c) (or of i)
R=32 C=48
ceil() { echo $((($1 + $2 - 1) / $2)); }
roundup() { echo $(((($1 + $2 - 1) / $2) * $2)); }
formats() { # type bytes
    t=$1 b=$2 c0=$((32 / $2)) fr=$((512 / $2))
    f="tla_layout_format(&L, TLA_%s, $b, $R, $C, NULL)"
    r16=$(ceil $R 16) rc0=$(ceil $R $c0) c16=$(ceil $C 16) cc0=$(ceil $C $c0)
    zn=$(($(roundup $R 16) * c0)) zz=$(($(roundup $C $c0) * 16))
    nz=$(($(roundup $C 16) * c0)) nn=$(($(roundup $R $c0) * 16)) l0=$(($(roundup $R 16) * 16))
    # shellcheck disable=SC2059
    {
    echo "RowMajor_$t|$R|$C|$(printf "$f" ROW_MAJOR)|($R,$C)|($C,1)|r * $C + c"
    echo "ColumnMajor_$t|$R|$C|$(printf "$f" COLUMN_MAJOR)|($R,$C)|(1,$R)|r + c * $R"
    echo "zN_$t|$R|$C|$(printf "$f" ZN)|((16,$r16),($c0,$cc0))|(($c0,$fr),(1,$zn))|r % 16 * $c0 + r / 16 * $fr + c % $c0 + c / $c0 * $zn"
    echo "zZ_$t|$R|$C|$(printf "$f" ZZ)|((16,$r16),($c0,$cc0))|(($c0,$zz),(1,$fr))|r % 16 * $c0 + r / 16 * $zz + c % $c0 + c / $c0 * $fr"
    echo "nZ_$t|$R|$C|$(printf "$f" NZ)|(($c0,$rc0),(16,$c16))|((1,$nz),($c0,$fr))|r % $c0 + r / $c0 * $nz + c % 16 * $c0 + c / 16 * $fr"
    echo "nN_$t|$R|$C|$(printf "$f" NN)|(($c0,$rc0),(16,$c16))|((1,$fr),($c0,$nn))|r % $c0 + r / $c0 * $fr + c % 16 * $c0 + c / 16 * $nn"
    echo "L0C_$t|$R|$C|$(printf "$f" L0C)|((16,$r16),(16,$c16))|((16,256),(1,$l0))|r % 16 * 16 + r / 16 * 256 + c % 16 + c / 16 * $l0"
    echo "Vector_$t|$((R * C))||tla_layout_format(&L, TLA_VECTOR, $b, $((R * C)), 0, NULL)|($((R * C)))|(1)|i"
    }
}
layouts() {
    formats half 2
    formats float 4
    # the seed: (_2,4):(_12,_1) made all static, and its 4x4-fractal zN
    echo 'seed_w2xh4|2|4|tla_layout_parse(&L, "(_2,_4):(_12,_1)", NULL)|(2,4)|(12,1)|r * 12 + c'
    echo 'seed_zN|8|12|tla_layout_parse(&L, "((_4,_2),(_4,_3)):((_4,_16),(_1,_32))", NULL)|((4,2),(4,3))|((4,16),(1,32))|r % 4 * 4 + r / 4 * 16 + c % 4 + c / 4 * 32'
}
# The same layouts through the CATLASS names of tla/compat.h (MakeLayout, MakeShape, and
# crd2offset(MakeCoord(r, c), shape(L), stride(L)) - the issue's reference site): "cmp_" ids.
{ layouts; layouts | grep -v '^Vector' | sed 's/^/cmp_/'; } > "$OUT/layouts"

# ---- 2. one C file per layout -------------------------------------------------------------
# (2,(3,4)) -> tla_make_tuple(TLA_C(2), tla_make_tuple(TLA_C(3), TLA_C(4)))
to_c() { echo "$1" | sed -e 's/(/tla_make_tuple(/g' -e 's/[0-9][0-9]*/TLA_C(&)/g' -e 's/,/, /g'; }
# gen_fn KIND ID SUFFIX TYPE LAYOUT_C COORD_PARAMS COORD_TUPLE HAND
gen_fn() {
    if [ "$1" = lib ]; then
        printf '%s %s_%s_%s(%s) {\n' "$4" "$1" "$2" "$3" "$6"
        printf '    tla_auto L = %s;\n' "$5"
        case $2 in
        cmp_*) printf '    tla_auto o = crd2offset(%s, shape(L), stride(L));\n' "$(echo "$7" | sed 's/tla_make_tuple/MakeCoord/g')" ;;
        *) printf '    tla_auto o = tla_crd2offset(%s, L);\n' "$7" ;;
        esac
        printf '    _Static_assert(_Generic(o, %s: 1, default: 0), "bench: the offset is not %s");\n' "$4" "$4"
        printf '    return o;\n}\n'
    else
        printf '%s %s_%s_%s(%s) { return %s; }\n' "$4" "$1" "$2" "$3" "$6" "$8"
    fi
}
# The static tensor rows (rank-2 layouts, not cmp_): element (r, c) of a static tensor of the
# layout, and element (r, c) of its tile of 16 x 16 (2 x 2 for the seeds) at a run-time origin
# (r0, c0), against the pointer arithmetic a person writes.  Element types: uint16_t for half,
# float otherwise.
elem_type() { case $1 in *_half) echo uint16_t ;; *) echo float ;; esac; }
tile_of() { case $1 in seed_*) echo 2 ;; *) echo 16 ;; esac; }
gen_tensor_fns() { # ID LAYOUT_C HAND
    E=$(elem_type "$1") t=$(tile_of "$1")
    printf '%s *lib_%s_te(%s *p, unsigned r, unsigned c) {\n' "$E" "$1" "$E"
    printf '    tla_auto A = tla_make_static_tensor(p, %s);\n    return tla_tensor_elem(A, r, c);\n}\n' "$2"
    printf '%s *hand_%s_te(%s *p, unsigned r, unsigned c) { return p + (%s); }\n' "$E" "$1" "$E" "$3"
    printf '%s *lib_%s_tt(%s *p, unsigned r0, unsigned c0, unsigned r, unsigned c) {\n' "$E" "$1" "$E"
    printf '    tla_auto A = tla_make_static_tensor(p, %s);\n' "$2"
    printf '    tla_auto T = tla_tensor_tile_at(A, tla_make_tuple(TLA_C(%s), TLA_C(%s)), tla_make_tuple(r0, c0));\n' "$t" "$t"
    printf '    return tla_tensor_elem(T, r, c);\n}\n'
    printf '%s *hand_%s_tt(%s *p, unsigned r0, unsigned c0, unsigned r, unsigned c) {\n' "$E" "$1" "$E"
    printf '    r += r0;\n    c += c0;\n    return p + (%s);\n}\n' "$3"
}
while IFS='|' read -r id rows cols ref shape stride hand; do
    L="tla_make_layout($(to_c "$shape"), $(to_c "$stride"))"
    case $id in cmp_*) L="MakeLayout($(to_c "$shape" | sed 's/tla_make_tuple/MakeShape/g; s/TLA_C(\([0-9]*\))/_\1/g'), $(to_c "$stride" | sed 's/tla_make_tuple/MakeStride/g; s/TLA_C(\([0-9]*\))/_\1/g'))" ;; esac
    {
        printf '/* generated by bench/run.sh: %s = %s:%s */\n#include "tla/compat.h"\n\n' "$id" "$shape" "$stride"
        for ty in "u unsigned" "i64 int64_t"; do
            sfx=${ty%% *} T=${ty#* }
            if [ -n "$cols" ]; then params="$T r, $T c" crd="tla_make_tuple(r, c)"; else params="$T i" crd="tla_make_tuple(i)"; fi
            for kind in lib hand; do gen_fn $kind "$id" "$sfx" "$T" "$L" "$params" "$crd" "$hand"; done
        done
        [ -n "$cols" ] && case $id in cmp_*) ;; *) gen_tensor_fns "$id" "$L" "$hand" ;; esac
    } > "$OUT/src/$id.c"
done < "$OUT/layouts"

# ---- 3. compile every file with every compiler, $JOBS at a time ---------------------------
for cc in $ccs; do cut -d'|' -f1 "$OUT/layouts" | sed "s/^/$cc /"; done > "$OUT/jobs"
export OUT FLAGS
# shellcheck disable=SC2016
xargs -P "$JOBS" -n 2 sh -c '$0 $FLAGS -I. -c "$OUT/src/$1.c" -o "$OUT/$0/$1.o" 2> "$OUT/$0/$1.err"' < "$OUT/jobs"

# ---- 3b. the same layouts in CuTe (bench/cute.sh finds it), with g++ beside gcc and clang++
# beside clang: cute_<id>_u / _i64 are layout(make_coord(r, c)) with Int<N> shapes and strides,
# for the "cute" column (a reference count: the table's ratio stays lib / hand).
. bench/cute.sh
find_cute
cute_cxx() { case $1 in *clang*) echo "$1++" ;; *gcc*) echo "$1" | sed 's/gcc/g++/' ;; esac; }
if [ "$CUTE" = 1 ]; then
    to_cute() { echo "$1" | sed -e "s/(/$2(/g" -e 's/\([0-9][0-9]*\)/Int<\1>{}/g' -e 's/,/, /g'; }
    {
        printf '/* generated by bench/run.sh: the codegen layouts in CuTe */\n#include <cute/layout.hpp>\n#include <cstdint>\n'
        printf 'using namespace cute;\n'
        grep -v '^cmp_' "$OUT/layouts" | while IFS='|' read -r id rows cols ref shape stride hand; do
            L="make_layout($(to_cute "$shape" make_shape), $(to_cute "$stride" make_stride))"
            for ty in "u unsigned" "i64 int64_t"; do
                sfx=${ty%% *} T=${ty#* }
                if [ -n "$cols" ]; then
                    printf 'extern "C" %s cute_%s_%s(%s r, %s c) { return %s(make_coord(r, c)); }\n' "$T" "$id" "$sfx" "$T" "$T" "$L"
                else
                    printf 'extern "C" %s cute_%s_%s(%s i) { return %s(i); }\n' "$T" "$id" "$sfx" "$T" "$L"
                fi
            done
        done
    } > "$OUT/src/cute.cpp"
    for cc in $ccs; do
        cxx=$(cute_cxx "$cc")
        # shellcheck disable=SC2086
        if [ -n "$cxx" ] && $cxx -std=c++17 -O2 $CUTE_INC -c "$OUT/src/cute.cpp" -o "$OUT/$cc/cute.o" 2> "$OUT/$cc/cute.err"; then
            nm -S --defined-only "$OUT/$cc/cute.o" > "$OUT/$cc/cute.nm"
            objdump -d --no-show-raw-insn "$OUT/$cc/cute.o" > "$OUT/$cc/cute.dis"
            awk -f bench/count.awk "$OUT/$cc/cute.nm" "$OUT/$cc/cute.dis" | grep '^cute_' | sed "s/^/$cc /" > "$OUT/$cc/cute.counts"
        else
            echo "cute [$cc]: ${cxx:-no C++ compiler} does not compile the layouts ($(grep -m1 error "$OUT/$cc/cute.err" | cut -c1-120))"
        fi
    done
else
    echo "cute: not available ($CUTE_WHY); the cute column is empty"
fi

# ---- 4. count instructions; build and run the correctness driver ------------------------
: > "$OUT/counts"   # cc function insns flags
: > "$OUT/checks"   # cc id suffix ok|BAD
for cc in $ccs; do
    drv="$OUT/$cc/driver.c"
    {
        printf '/* generated by bench/run.sh: lib_ and hand_ against the run-time library */\n'
        printf '#include <stdio.h>\n#include "tla.h"\n'
        printf 'static int report(const char *id, const char *sfx, long bad) {\n'
        printf '    printf("%%s %%s %%s\\n", id, sfx, bad ? "BAD" : "ok");\n    return bad != 0;\n}\n'
        printf '/* offset of (r, c) in L, or of i when c < 0 */\n'
        printf 'static int64_t ref(const tla_layout *L, int64_t r, int64_t c) {\n'
        printf '    tla_tuple p[2], crd;\n    int64_t off = -1;\n'
        printf '    p[0] = tla_tuple_leaf(r, 0);\n    p[1] = tla_tuple_leaf(c, 0);\n'
        printf '    if (tla_tuple_join(&crd, c < 0 ? 1 : 2, p, NULL) != 0 || tla_layout_crd2offset(&off, L, &crd, NULL) != 0) return -1;\n'
        printf '    return off;\n}\n'
    } > "$drv"
    main=""
    while IFS='|' read -r id rows cols ref shape stride hand; do
        o="$OUT/$cc/$id.o"
        if [ ! -s "$o" ]; then
            echo "BUILD FAIL $id [$cc]"; sed -n 1,10p "$OUT/$cc/$id.err"; status=1; continue
        fi
        nm -S --defined-only "$o" > "$OUT/$cc/$id.nm"
        objdump -d --no-show-raw-insn "$o" > "$OUT/$cc/$id.dis"
        awk -f bench/count.awk "$OUT/$cc/$id.nm" "$OUT/$cc/$id.dis" | sed "s/^/$cc /" >> "$OUT/counts"
        # driver: every coordinate of the range, both coordinate types, lib and hand
        if [ -n "$cols" ]; then
            pr="unsigned, unsigned" pl="int64_t, int64_t" nc=$cols cu="(unsigned)r, (unsigned)c" cl="r, c"
        else
            pr="unsigned" pl="int64_t" nc=0 cu="(unsigned)r" cl="r"
        fi
        {
            printf 'unsigned lib_%s_u(%s), hand_%s_u(%s);\n' "$id" "$pr" "$id" "$pr"
            printf 'int64_t lib_%s_i64(%s), hand_%s_i64(%s);\n' "$id" "$pl" "$id" "$pl"
            printf 'static int check_%s(void) {\n    tla_layout L;\n    long bu = 0, bl = 0;\n    int64_t r, c, want;\n' "$id"
            printf '    if (%s != 0) { printf("%s: no reference layout\\n"); return 1; }\n' "$ref" "$id"
            printf '    for (r = 0; r < %s; r++)\n        for (c = %s; c < %s; c++) {\n' "$rows" "$([ -n "$cols" ] && echo 0 || echo -1)" "$nc"
            printf '            want = ref(&L, r, c);\n'
            printf '            if (want < 0 || lib_%s_u(%s) != (unsigned)want || hand_%s_u(%s) != (unsigned)want) bu++;\n' "$id" "$cu" "$id" "$cu"
            printf '            if (want < 0 || lib_%s_i64(%s) != want || hand_%s_i64(%s) != want) bl++;\n' "$id" "$cl" "$id" "$cl"
            printf '        }\n    return report("%s", "u", bu) + report("%s", "i64", bl)' "$id" "$id"
            case $id in cmp_*) ;; *) [ -n "$cols" ] && printf ' + tensor_%s(&L)' "$id" ;; esac
            printf ';\n}\n'
        } > "$OUT/$cc/check_$id.c"
        if [ -n "$cols" ]; then case $id in cmp_*) ;; *)
            E=$(elem_type "$id") t=$(tile_of "$id")
            {
                printf '%s *lib_%s_te(%s *, unsigned, unsigned), *hand_%s_te(%s *, unsigned, unsigned);\n' "$E" "$id" "$E" "$id" "$E"
                printf '%s *lib_%s_tt(%s *, unsigned, unsigned, unsigned, unsigned), *hand_%s_tt(%s *, unsigned, unsigned, unsigned, unsigned);\n' "$E" "$id" "$E" "$id" "$E"
                printf '/* the static tensor and its tiles at every origin: element addresses */\n'
                printf 'static int tensor_%s(const tla_layout *L) {\n    static %s buf[1 << 16];\n' "$id" "$E"
                printf '    long be = 0, bt = 0;\n    int64_t r, c, r0, c0, want;\n'
                printf '    for (r = 0; r < %s; r++)\n        for (c = 0; c < %s; c++) {\n' "$rows" "$cols"
                printf '            want = ref(L, r, c);\n'
                printf '            be += lib_%s_te(buf, (unsigned)r, (unsigned)c) != buf + want || hand_%s_te(buf, (unsigned)r, (unsigned)c) != buf + want;\n' "$id" "$id"
                printf '            for (r0 = r >= %s ? r - %s + 1 : 0; r0 <= r; r0++)\n' "$t" "$t"
                printf '                for (c0 = c >= %s ? c - %s + 1 : 0; c0 <= c; c0 += 3)\n' "$t" "$t"
                printf '                    bt += lib_%s_tt(buf, (unsigned)r0, (unsigned)c0, (unsigned)(r - r0), (unsigned)(c - c0)) != buf + want\n' "$id"
                printf '                          || hand_%s_tt(buf, (unsigned)r0, (unsigned)c0, (unsigned)(r - r0), (unsigned)(c - c0)) != buf + want;\n' "$id"
                printf '        }\n    return report("%s", "te", be) + report("%s", "tt", bt);\n}\n' "$id" "$id"
            } >> "$drv" ;;
        esac; fi
        cat "$OUT/$cc/check_$id.c" >> "$drv"
        main="$main $id"
    done < "$OUT/layouts"
    {
        printf 'int main(void) {\n    int bad = 0;\n'
        for id in $main; do printf '    bad += check_%s();\n' "$id"; done
        printf '    return bad != 0;\n}\n'
    } >> "$drv"
    objs=""; for id in $main; do objs="$objs $OUT/$cc/$id.o"; done
    # shellcheck disable=SC2086
    if ! $cc $FLAGS -I. "$drv" $objs -o "$OUT/$cc/driver" 2> "$OUT/$cc/driver.err"; then
        echo "BUILD FAIL driver [$cc]"; sed -n 1,10p "$OUT/$cc/driver.err"; status=1; continue
    fi
    "$OUT/$cc/driver" > "$OUT/$cc/driver.log" 2>&1 || status=1
    grep -v -E ' (ok|BAD)$' "$OUT/$cc/driver.log"
    grep -E ' (ok|BAD)$' "$OUT/$cc/driver.log" | sed "s/^/$cc /" >> "$OUT/checks"
done

# ---- 5. the table -------------------------------------------------------------------------
# lines of counts: "cc lib_<id>_<sfx> n flags" (and cute_); of checks: "cc id sfx ok|BAD".
# "cute" is CuTe's count with the paired C++ compiler; "> cute" counts the library functions
# longer than CuTe's (strict mode fails on them too).
for cc in $ccs; do [ -f "$OUT/$cc/cute.counts" ] && cat "$OUT/$cc/cute.counts" >> "$OUT/counts"; done
awk -v strict="${BENCH_STRICT:-0}" -v order="$(cut -d'|' -f1 "$OUT/layouts" | tr '\n' ' ')" -v ccs="$ccs" '
    FNR == NR { split($2, p, "_"); kind = p[1]; name = substr($2, length(kind) + 2)
                n[$1, kind, name] = $3; fl[$1, kind, name] = $4; next }
    { chk[$1, $2 "_" $3] = $4 }
    END {
        nl = split(order, ids, " "); nc = split(ccs, cs, " ")
        printf "%-18s %-9s %-6s %5s %5s %5s %6s  %-6s %s\n", "layout", "coord", "cc", "lib", "hand", "cute", "ratio", "clean", "check"
        split("u i64 te tt", sfxs, " "); split("unsigned int64_t tensor tile", label, " ")
        for (i = 1; i <= nl; i++) for (t = 1; t <= 4; t++) for (k = 1; k <= nc; k++) {
            sfx = sfxs[t]; key = ids[i] "_" sfx; cc = cs[k]
            if (t > 2 && !((cc, key) in chk) && !((cc, "lib", key) in n)) continue   # no static tensor rows
            if (!((cc, "lib", key) in n) || !((cc, "hand", key) in n)) {
                printf "%-18s %-9s %-6s %5s\n", ids[i], label[t], cc, "BUILD FAIL"; bad++; continue }
            l = n[cc, "lib", key]; h = n[cc, "hand", key]; r = l / h; f = fl[cc, "lib", key]
            c = (cc, key) in chk ? chk[cc, key] : "none"
            ck = key; sub(/^cmp_/, "", ck); u = (cc, "cute", ck) in n ? n[cc, "cute", ck] : "-"
            printf "%-18s %-9s %-6s %5d %5d %5s %6.2f  %-6s %s\n", ids[i], label[t], cc, l, h, u, r,
                   f == "-" ? "yes" : "no(" f ")", c
            nf++; if (r > max) max = r; if (r > 1.0001) above++; if (f != "-") unclean++; if (c != "ok") wrong++
            if (u != "-") { ncute++; if (l > u + 0) longer++ }
        }
        printf "max ratio %.2f (%d functions); above 1.00: %d; not clean: %d; wrong offsets: %d; > cute: %d of %d\n",
               max, nf, above, unclean, wrong + bad, longer, ncute
        exit (wrong + bad > 0) || (strict && (above + unclean + longer > 0))
    }' "$OUT/counts" "$OUT/checks" || status=1

# ---- 5b. the CATLASS port (examples/catlass_matmul.c): its hot addresses, written with the
# CATLASS names over static and mixed tensors (examples/catlass_addr.h, lib_), against the same
# addresses by hand (hand_), instructions at -O2 with each compiler (the functions compiled out
# of line: CATLASS_ADDR_FN empty), worst ratio first; the goal is <= 1.20.  Then the port's file
# compiled with gcc -O2, best of 3 (the goal: <= 1.0 s).
echo
echo "== CATLASS port: hot address functions, lib (CATLASS names) / hand, instructions at -O2"
printf '#include "examples/catlass_addr.h"\n' > "$OUT/src/catlass_addr.c"
: > "$OUT/catlass_counts"
for cc in $ccs; do
    if $cc $FLAGS -DCATLASS_ADDR_FN= -Wno-missing-prototypes -I. -c "$OUT/src/catlass_addr.c" -o "$OUT/catlass_addr_$cc.o" \
        2> "$OUT/catlass_addr_$cc.err"; then
        nm -S --defined-only "$OUT/catlass_addr_$cc.o" > "$OUT/catlass_addr_$cc.nm"
        objdump -d --no-show-raw-insn "$OUT/catlass_addr_$cc.o" > "$OUT/catlass_addr_$cc.dis"
        awk -f bench/count.awk "$OUT/catlass_addr_$cc.nm" "$OUT/catlass_addr_$cc.dis" | sed "s/^/$cc /" >> "$OUT/catlass_counts"
    else
        echo "catlass port [$cc]: BUILD FAIL"; sed -n 1,10p "$OUT/catlass_addr_$cc.err"; status=1
    fi
done
awk '{ split($2, p, "_"); kind = p[1]; name = substr($2, length(kind) + 2); n[$1, kind, name] = $3; f[$1, kind, name] = $4
       names[name] = 1; ccs[$1] = 1 }
     END { for (cc in ccs) for (x in names) if ((cc, "lib", x) in n && (cc, "hand", x) in n) {
               r = n[cc, "lib", x] / n[cc, "hand", x]
               printf "%.2f %-16s %-6s %5d %5d  %s\n", r, x, cc, n[cc, "lib", x], n[cc, "hand", x], f[cc, "lib", x] == "-" ? "clean" : f[cc, "lib", x]
           } }' "$OUT/catlass_counts" | sort -rn | awk 'BEGIN { printf "%-6s %-16s %-6s %5s %5s\n", "ratio", "function", "cc", "lib", "hand" }
     { printf "%-6s %-16s %-6s %5s %5s  %s\n", $1, $2, $3, $4, $5, $6; if ($1 + 0 > max) max = $1 + 0; n++ }
     END { printf "worst %.2f over %d functions (goal <= 1.20)\n", max, n; exit max > 1.2001 }' || status=1
gcc_cc=$(echo "$CCS" | tr ' ' '\n' | grep -m1 gcc || true)
if [ -n "$gcc_cc" ] && command -v "$gcc_cc" > /dev/null; then
    best=""
    for i in 1 2 3; do
        t0=$(date +%s.%N)
        $gcc_cc $FLAGS -I. -c examples/catlass_matmul.c -o "$OUT/catlass_matmul.o" || status=1
        t1=$(date +%s.%N)
        t=$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')
        best=$(echo "$best $t" | awk '{ m = $1; for (i = 2; i <= NF; i++) if (m == "" || $i < m) m = $i; print m }')
    done
    echo "examples/catlass_matmul.c: $gcc_cc -O2 -c in $best s, best of 3 (goal <= 1.0 s; a port on run-time tensors took 3 s)"
fi
fi # codegen

# ---- 6. the run-time algebra: the whole vector file in one process ------------------------
in_sections speed || { [ "$status" -eq 0 ] && [ "$compile_status" -eq 0 ]; exit $?; }
echo
cc=$(echo "$CCS" | cut -d' ' -f1)
if $cc $FLAGS -I. bench/algebra_speed.c -o "$OUT/algebra_speed" 2> "$OUT/algebra_speed.err"; then
    "$OUT/algebra_speed" || status=1
else
    echo "algebra speed: BUILD FAIL"; sed -n 1,10p "$OUT/algebra_speed.err"; status=1
fi

# ---- 7. what a tensor costs a kernel: sizes and the time to make a tile and read it ---------
# (bench/tensor_cost.c), run-time, mixed and static tensors against a hand tile, each compiler.
for cc in $ccs; do
    echo
    if $cc $FLAGS -I. bench/tensor_cost.c -o "$OUT/tensor_cost_$cc" 2> "$OUT/tensor_cost_$cc.err"; then
        echo "[$cc]"
        "$OUT/tensor_cost_$cc" || status=1
    else
        echo "tensor cost [$cc]: BUILD FAIL"; sed -n 1,10p "$OUT/tensor_cost_$cc.err"; status=1
    fi
done

# ---- 8. copies between formats: tla_copy vs the best hand-tiled loop vs memcpy --------------
# bench/copy_speed.c, built and run with each compiler in turn, its tables in this order: tla_copy
# against oneDNN's reorder (every conversion both express, one thread and two); the full
# matrix (36 format pairs x 1/2/4-byte elements x 2048x3072, 1000x3001, 2048x2048 and 64 MiB)
# against the hand loops and memcpy; tiles of 16x16 to 64x64 cut from a matrix as a tile atom
# copies them; small whole copies (tla_copy's fixed cost per call); 4-bit elements against
# memcpy.  Each table prints its cells worst first and a summary line; a result that differs
# from another's or from the reference fails the bench.
# COPY_RUNS, COPY_RUNS_BIG, COPY_TABLES and COPY_FILTER pass through (see bench/copy_speed.c).
# First in each run, tla_copy against oneDNN's reorder primitive, when oneDNN (Debian's
# libdnnl-dev; its threads are OpenMP's, libgomp) is found: pkg-config dnnl, else -ldnnl.
# OMP_WAIT_POLICY=passive: an OpenMP thread left idle by the two-thread column must not spin on
# the second core while the one-thread copies run.
dnnl_libs=$(pkg-config --libs dnnl 2> /dev/null || echo -ldnnl)
dnnl_cflags=$(pkg-config --cflags dnnl 2> /dev/null || true)
printf '#include <oneapi/dnnl/dnnl.h>\nint main(void) { return dnnl_version()->major < 2; }\n' > "$OUT/dnnl_probe.c"
for cc in $ccs; do
    echo
    extra=""
    # shellcheck disable=SC2086
    for libs in "$dnnl_libs -lgomp" "$dnnl_libs"; do
        if $cc $dnnl_cflags "$OUT/dnnl_probe.c" -o "$OUT/dnnl_probe" $libs > /dev/null 2>&1 && "$OUT/dnnl_probe"; then
            extra="-DTLA_BENCH_ONEDNN $dnnl_cflags"; break
        fi
    done
    [ -n "$extra" ] || echo "copy vs oneDNN [$cc]: skipped: oneDNN 2.x not found (Debian: apt-get install libdnnl-dev)"
    # shellcheck disable=SC2086
    if $cc $FLAGS $extra -I. bench/copy_speed.c -o "$OUT/copy_speed_$cc" ${extra:+$libs} 2> "$OUT/copy_speed_$cc.err"; then
        OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive} "$OUT/copy_speed_$cc" > "$OUT/copy_speed_$cc.log" 2>&1 || status=1
        cat "$OUT/copy_speed_$cc.log"
    else
        echo "copy speed [$cc]: BUILD FAIL"; sed -n 1,10p "$OUT/copy_speed_$cc.err"; status=1
    fi
done
echo
grep -h '^copy onednn summary\|^copy summary\|^copy by size\|^copy tiles summary\|^copy small summary\|^copy 4-bit summary' \
    "$OUT"/copy_speed_*.log 2> /dev/null
if [ "$compile_status" != 0 ]; then echo; echo "bench: the compile-cost section failed (see the top)"; status=1; fi
exit $status
