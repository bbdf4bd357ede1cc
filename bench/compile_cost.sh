#!/bin/sh
# bench/compile_cost.sh - what one static layout site costs the compiler.
#
# A static layout is built by the preprocessor and the type checker, so every function that
# builds one and calls crd2offset (a "site") makes the compiler do work that hand-written
# arithmetic does not.  This script measures that work as a *marginal* cost per site:
#
#   cost per site = (cost of a file with N sites - cost of the same file with 0 sites) / N
#
# The 0-site file holds only the #include lines, so reading the headers and starting the
# compiler cancel out, and what is left is what every further site adds; the N sites are all
# distinct (different static values), so the compiler cannot share work between them.
#   ms   CPU time (user + sys) of `cc FLAGS -c`, best of RUNS (default 3); wall time with
#        COST_TIMER=wall (CPU time is what a shared machine can measure: wall time there
#        mostly measures the other jobs)
#   MB   peak memory of the compiler (max RSS, /usr/bin/time -f %M), best of RUNS
#   KB   size of the preprocessed text, `cc FLAGS -E -P | wc -c`.  For the library sites it
#        is the 1-site file minus the 0-site file: the sites of a kind differ only in their
#        numbers, and preprocessing (printing) a whole N-site file can take clang longer than
#        compiling it (about 1 s per compat2 site with the headers of 223c4ca).
# with gcc and clang, FLAGS = -std=c11 -O2 -Wall -Wextra -Wpedantic -Werror -I. (BENCH_FLAGS).
# The cost of the 0-site file itself is printed too ("tla.h alone").
#
# Kinds of site, one generated file each (build/bench/compile/src/KIND.VARIANT.N.c):
#   compat2     the project issue's reference site, in TLA names (tla/compat.h):
#               MakeLayout(((16,m),(16,n)):((16,256),(1,256m))) and crd2offset(MakeCoord(i, j),
#               shape(L), stride(L)); site 0 is the issue's layout (m = n = 4)
#   rank2       tla_make_layout((a,b):(c,1)), tla_crd2offset(tla_make_tuple(i, j), L)
#   formats     tla_zN / zZ / nZ / nN / row_major / column_major / l0c in turn, of uint8_t,
#               tla_half and float, rows and cols multiples of 16, then tla_crd2offset
#   deep        a depth-3 layout ((2,(2,a)),b):((2,(1,4)),s), then tla_crd2offset
#   tile        tla_crd2offset of an element of tla_tile_at(zN half layout, (16,16), (row, col))
#   nested_get  tla_size(tla_get(tla_get(tla_get(T, 1), 1), 0)) + i on a depth-3 tuple T
# and "hand": the same functions in plain C (the offset as a sum over the leaves: the mode's
# coordinate split colexicographically over its leaves, the last leaf of a mode without
# modulo, times the stride).  Hand files have HAND_SITES sites (default max(400, N)), as one
# hand site costs too little to see among N; their first N sites are the lib sites' twins.
# If g++, CUTLASS's include/cute and the CUDA headers are found, a `cute` row does compat2 in
# CuTe (g++ -std=c++17 -O2): make_layout(make_shape(make_shape(Int<16>{}, Int<4>{}), ...), ...)
# and L(make_coord(i, j)), max(40, N) sites, against the hand file compiled by g++.  CUTLASS
# is taken from CUTLASS_DIR or build/cutlass (a cache), or extracted once into build/cutlass
# from a git repository (CUTLASS_GIT, /work/.mirror/NVIDIA+cutlass/repo).
#
# Before the table, a driver linked against the objects calls every lib (and cute) site and
# its hand-written twin on a few coordinates; a mismatch names the site and fails the run.
# A kind that does not compile gets a "build failed" row (and fails the run); the others go on.
#
# Size of the run: a static site has cost up to 0.4 s and 85 MB (223c4ca), so unless SITES
# is set, N (default 40) is lowered to what fits COMPILE_BUDGET seconds (default 150) and 60%
# of the free memory, estimated from a one-site probe of every kind; the header line gives N.
# SITES=n uses exactly n.  JOBS compiles (default: the number of cores) run at once, each
# timed on its own; they share the machine, so JOBS=1 gives the quietest timing.  A compile
# is stopped after PROBE_TIMEOUT (30) seconds in the probe and COMPILE_TIMEOUT (300) after it,
# and may use 80% of the free memory / JOBS: one site can send a compiler into minutes and
# many GB (223c4ca's nested_get: 161 MB of preprocessed text; clang ran out of memory), and
# that counts as a build failure.
# Environment: CCS (default "gcc clang"), BENCH_FLAGS, SITES, HAND_SITES, RUNS, COMPILE_BUDGET,
# JOBS, PROBE_TIMEOUT, COMPILE_TIMEOUT, COST_TIMER (cpu or wall), CXX (default g++), CUTLASS_DIR, CUTLASS_GIT,
# CUDA_INCLUDE, COMPILE_COST_NO_CUTE=1.
# Exit status: non-zero on a build failure or a wrong offset.
set -u
SELF=$0
KINDS="compat2 rank2 formats deep tile nested_get"

# ---- timing one compile -------------------------------------------------------------------
# run_timed ERRFILE CMD...: runs CMD (its stderr to ERRFILE) and prints "microseconds KB",
# KB the peak memory ("-" without GNU time); returns CMD's status.
# TIMER: cpu (/usr/bin/time %U + %S, 10 ms steps; the default), ns (date +%s%N), gnutime
# (/usr/bin/time %e), bash (TIMEFORMAT, 1 ms); the last three are wall time.
run_timed() {
    rt_err=$1; shift
    rt_tf=$rt_err.time
    # shellcheck disable=SC2086
    [ -n "$TO" ] && set -- $TO "$@"
    if [ "$HAVE_GNU_TIME" = 1 ]; then set -- /usr/bin/time -f '%e %M %U %S' -o "$rt_tf" "$@"; fi
    case $TIMER in
    cpu)
        "$@" 2> "$rt_err"; rt_rc=$?
        rt_us=$(tail -n 1 "$rt_tf" | awk '{ printf "%d", ($3 + $4) * 1e6 }') ;;
    ns)
        rt_t0=$(date +%s%N); "$@" 2> "$rt_err"; rt_rc=$?; rt_t1=$(date +%s%N)
        rt_us=$(((rt_t1 - rt_t0) / 1000)) ;;
    gnutime)
        "$@" 2> "$rt_err"; rt_rc=$?
        rt_us=$(tail -n 1 "$rt_tf" | awk '{ printf "%d", $1 * 1e6 }') ;;
    bash)
        # shellcheck disable=SC2016
        bash -c 'TIMEFORMAT=%3R; { time "$@" 2> "$0"; } 2> "$0.bash"' "$rt_err" "$@"; rt_rc=$?
        rt_us=$(tail -n 1 "$rt_err.bash" | awk '{ printf "%d", $1 * 1e6 }') ;;
    esac
    [ "$rt_rc" = 124 ] && echo "compile_cost.sh: stopped after $LIMIT s" >> "$rt_err"
    rt_kb=-
    if [ "$HAVE_GNU_TIME" = 1 ] && [ "$rt_rc" = 0 ]; then rt_kb=$(tail -n 1 "$rt_tf" | awk '{ print $2 }'); fi
    echo "$rt_us $rt_kb"
    return "$rt_rc"
}

# compile_cmd LABEL: compiler and flags (LABEL gcc, clang, ..., or g++ for C++)
compile_cmd() {
    case $1 in
    g++) echo "$CXX -x c++ -std=c++17 -O2 -Wall -Wextra -Wpedantic -Werror $CUTE_INC" ;;
    *) echo "$1 $FLAGS -I." ;;
    esac
}

# ---- one job: LABEL KIND VARIANT N RUNS PP ----------------------------------------------------
# Compiles src/KIND.VARIANT.N.c (.cpp for cute) RUNS times with LABEL's compiler and, if PP is
# 1, preprocesses it once; writes $RES/LABEL.KIND.VARIANT.N: "best-us best-KB bytes" ("-" for
# what was not measured), or "FAIL" (the compiler's message is in obj/LABEL/KIND.VARIANT.N.err).
# Each compile may take LIMIT seconds and MEM_KB of address space: a broken header can send a
# compiler into minutes of error recovery and gigabytes of memory.
job() {
    lbl=$1 kind=$2 var=$3 n=$4 runs=$5 pp=$6
    # shellcheck disable=SC3045
    [ -n "$MEM_KB" ] && ulimit -v "$MEM_KB" 2> /dev/null
    TO=''; [ -n "$LIMIT" ] && command -v timeout > /dev/null 2>&1 && TO="timeout -k 5 $LIMIT"
    base=$kind.$var.$n
    src=$OUT/src/$base.c; [ "$var" = cute ] && src=$OUT/src/$base.cpp
    obj=$OUT/obj/$lbl/$base.o err=$OUT/obj/$lbl/$base.err out=$RES/$lbl.$base
    cmd=$(compile_cmd "$lbl")
    best_us='' best_kb='' bytes=- r=0
    while [ "$r" -lt "$runs" ]; do
        # shellcheck disable=SC2086
        m=$(run_timed "$err" $cmd -c "$src" -o "$obj") || { echo FAIL > "$out"; return 1; }
        us=${m% *} kb=${m#* }
        if [ -z "$best_us" ] || [ "$us" -lt "$best_us" ]; then best_us=$us; fi
        if [ "$kb" != - ] && { [ -z "$best_kb" ] || [ "$kb" -lt "$best_kb" ]; }; then best_kb=$kb; fi
        r=$((r + 1))
    done
    # shellcheck disable=SC2086
    [ "$pp" = 1 ] && bytes=$($TO $cmd -E -P "$src" 2> /dev/null | wc -c | tr -d ' ')
    echo "${best_us:--} ${best_kb:--} $bytes" > "$out"
}

if [ "${1:-}" = --job ]; then shift; job "$@"; exit $?; fi

# ---- settings and tools ---------------------------------------------------------------------
cd "$(dirname "$0")/.." || exit 1
SELF=bench/$(basename "$SELF")
OUT=build/bench/compile
CCS=${CCS:-"gcc clang"}
FLAGS=${BENCH_FLAGS:-"-std=c11 -O2 -Wall -Wextra -Wpedantic -Werror"}
RUNS=${RUNS:-3}
BUDGET=${COMPILE_BUDGET:-150}
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}
CXX=${CXX:-g++}
CUTE_INC=
START=$(date +%s)

ccs=""
for cc in $CCS; do
    if command -v "$cc" > /dev/null 2>&1; then ccs="$ccs $cc"; else echo "(compile cost: skipping $cc: not found)"; fi
done
ccs=${ccs# }
[ -n "$ccs" ] || { echo "compile cost: no compiler"; exit 1; }

HAVE_GNU_TIME=0
if [ -x /usr/bin/time ] && /usr/bin/time -f '%e %M' -o /dev/null true > /dev/null 2>&1; then HAVE_GNU_TIME=1; fi
case $(date +%s%N 2> /dev/null) in
*[!0-9]* | '')
    if [ "$HAVE_GNU_TIME" = 1 ]; then TIMER=gnutime
    elif command -v bash > /dev/null 2>&1; then TIMER=bash
    else echo "compile cost: no timer (needs GNU date, GNU time or bash)"; exit 1; fi ;;
*) TIMER=ns ;;
esac
if [ "${COST_TIMER:-cpu}" = cpu ] && [ "$HAVE_GNU_TIME" = 1 ]; then TIMER=cpu; fi

rm -rf "$OUT"
mkdir -p "$OUT/src" "$OUT/probe" "$OUT/res"
for cc in $ccs g++; do mkdir -p "$OUT/obj/$cc"; done

# ---- CuTe: g++, CUTLASS's include/cute, the CUDA headers (bench/cute.sh) ----------------------
. bench/cute.sh
find_cute

# ---- the sites ------------------------------------------------------------------------------
# site KIND K: sets LIB, HAND, CUTE_SITE (function bodies; CUTE_SITE only for compat2) and the
# coordinate range ROWS x COLS the driver checks.  Every static value stays below 2^20.  Its
# temporaries start with _ (the callers loop over k and n).
site() {
    K=$2 CUTE_SITE=
    case $1 in
    compat2)
        _m=$((4 + K % 61)) _n=$((4 + K / 61 % 61)); _s=$((256 * _m))
        LIB="tla_auto L = MakeLayout(MakeShape(MakeShape(_16, Int($_m)), MakeShape(_16, Int($_n))), MakeStride(MakeStride(_16, _256), MakeStride(_1, Int($_s)))); return (unsigned)crd2offset(MakeCoord(i, j), shape(L), stride(L));"
        HAND="return i % 16 * 16 + i / 16 * 256 + j % 16 + j / 16 * $_s;"
        CUTE_SITE="auto L = make_layout(make_shape(make_shape(Int<16>{}, Int<$_m>{}), make_shape(Int<16>{}, Int<$_n>{})), make_stride(make_stride(Int<16>{}, Int<256>{}), make_stride(Int<1>{}, Int<$_s>{}))); return (unsigned)L(make_coord(i, j));"
        ROWS=$((16 * _m)) COLS=$((16 * _n)) ;;
    rank2)
        _a=$((2 + K % 1000)) _b=$((8 + K % 13)); _c=$((_b + K % 3))
        LIB="tla_auto L = tla_make_layout(tla_make_tuple(TLA_C($_a), TLA_C($_b)), tla_make_tuple(TLA_C($_c), TLA_C(1))); return (unsigned)tla_crd2offset(tla_make_tuple(i, j), L);"
        HAND="return i * $_c + j;"
        ROWS=$_a COLS=$_b ;;
    formats)
        # format K % 7, element type K / 7 % 3, rows 16..176, cols 16..208: distinct for K < 1001
        set -- uint8_t 1 tla_half 2 float 4
        shift $((K / 7 % 3 * 2)); _T=$1 _e=$2
        _R=$((16 * (1 + K % 11))) _C=$((16 * (1 + K % 13)))
        _c0=$((32 / _e)) _fr=$((512 / _e))
        _up16r=$(((_R + 15) / 16 * 16)) _up16c=$(((_C + 15) / 16 * 16))
        _upc0r=$(((_R + _c0 - 1) / _c0 * _c0)) _upc0c=$(((_C + _c0 - 1) / _c0 * _c0))
        case $((K % 7)) in
        0) _f="tla_zN($_T, TLA_C($_R), TLA_C($_C))"; _h="i % 16 * $_c0 + i / 16 * $_fr + j % $_c0 + j / $_c0 * $((_up16r * _c0))" ;;
        1) _f="tla_zZ($_T, TLA_C($_R), TLA_C($_C))"; _h="i % 16 * $_c0 + i / 16 * $((_upc0c * 16)) + j % $_c0 + j / $_c0 * $_fr" ;;
        2) _f="tla_nZ($_T, TLA_C($_R), TLA_C($_C))"; _h="i % $_c0 + i / $_c0 * $((_up16c * _c0)) + j % 16 * $_c0 + j / 16 * $_fr" ;;
        3) _f="tla_nN($_T, TLA_C($_R), TLA_C($_C))"; _h="i % $_c0 + i / $_c0 * $_fr + j % 16 * $_c0 + j / 16 * $((_upc0r * 16))" ;;
        4) _f="tla_row_major(TLA_C($_R), TLA_C($_C))"; _h="i * $_C + j" ;;
        5) _f="tla_column_major(TLA_C($_R), TLA_C($_C))"; _h="i + j * $_R" ;;
        6) _f="tla_l0c(TLA_C($_R), TLA_C($_C))"; _h="i % 16 * 16 + i / 16 * 256 + j % 16 + j / 16 * $((_up16r * 16))" ;;
        esac
        LIB="tla_auto L = $_f; return (unsigned)tla_crd2offset(tla_make_tuple(i, j), L);"
        HAND="return $_h;"
        ROWS=$_R COLS=$_C ;;
    deep)
        _a=$((2 + K % 997)) _b=$((3 + K % 5)); _s=$((4 * _a + K % 3))
        LIB="tla_auto L = tla_make_layout(tla_make_tuple(tla_make_tuple(TLA_C(2), tla_make_tuple(TLA_C(2), TLA_C($_a))), TLA_C($_b)), tla_make_tuple(tla_make_tuple(TLA_C(2), tla_make_tuple(TLA_C(1), TLA_C(4))), TLA_C($_s))); return (unsigned)tla_crd2offset(tla_make_tuple(i, j), L);"
        HAND="return i % 2 * 2 + i / 2 % 2 + i / 4 * 4 + j * $_s;"
        ROWS=$((4 * _a)) COLS=$_b ;;
    tile)
        # a zN half matrix of 16..176 x 16..208, the 16x16 tile holding (i, j), its element
        # (i % 16, j % 16): distinct for K < 143
        _R=$((16 * (1 + K % 11))) _C=$((16 * (1 + K / 11 % 13)))
        LIB="tla_auto L = tla_zN(tla_half, TLA_C($_R), TLA_C($_C)); tla_auto T = tla_tile_at(L, tla_make_tuple(TLA_C(16), TLA_C(16)), tla_make_tuple(i / 16 * 16, j / 16 * 16)); return (unsigned)tla_crd2offset(tla_make_tuple(i % 16, j % 16), T);"
        HAND="return i % 16 * 16 + i / 16 * 256 + j % 16 + j / 16 * $((_R * 16));"
        ROWS=$_R COLS=$_C ;;
    nested_get)
        _x=$((2 + K % 1000)) _y=$((3 + K % 7)) _p=$((5 + K % 1009)) _q=$((7 + K % 3))
        LIB="tla_auto T = tla_make_tuple(TLA_C($_x), tla_make_tuple(TLA_C($_y), tla_make_tuple(TLA_C($_p), TLA_C($_q)))); (void)j; return (unsigned)tla_size(tla_get(tla_get(tla_get(T, 1), 1), 0)) + i;"
        HAND="(void)j; return $_p + i;"
        ROWS=64 COLS=64 ;;
    esac
}

# gen KIND VARIANT N: writes src/KIND.VARIANT.N.c (.cpp for cute) with sites 0..N-1,
# functions KIND_VARIANT_K(unsigned i, unsigned j)
gen() {
    g_ext=c; [ "$2" = cute ] && g_ext=cpp
    {
        printf '/* generated by bench/compile_cost.sh: %s, %s, %s sites */\n' "$1" "$2" "$3"
        case $2.$1 in
        lib.compat2) printf '#include "tla/compat.h"\n' ;;
        lib.*) printf '#include "tla.h"\n' ;;
        cute.*) printf '#include <cute/layout.hpp>\nusing namespace cute;\n' ;;
        esac
        printf 'typedef int compile_cost_nonempty;\n'
        k=0
        while [ "$k" -lt "$3" ]; do
            site "$1" "$k"
            case $2 in
            lib) body=$LIB ;;
            hand) body=$HAND ;;
            cute) body=$CUTE_SITE ;;
            esac
            [ "$2" = cute ] && printf 'extern "C" '
            printf 'unsigned %s_%s_%s(unsigned i, unsigned j) { %s }\n' "$1" "$2" "$k" "$body"
            k=$((k + 1))
        done
    } > "$OUT/src/$1.$2.$3.$g_ext"
}

# run_jobs DIR FILE LIMIT: the jobs of FILE (lines "LABEL KIND VARIANT N RUNS PP"), JOBS at a
# time, results in DIR, each compile stopped after LIMIT seconds
mem=$(awk '/^MemAvailable:/ { printf "%d", $2 / 1024 }' /proc/meminfo 2> /dev/null)
MEM_KB=''; [ -n "$mem" ] && MEM_KB=$((mem * 1024 * 8 / 10 / JOBS))
export OUT FLAGS CXX CUTE_INC HAVE_GNU_TIME TIMER MEM_KB
run_jobs() { RES=$1 LIMIT=$3 xargs -P "$JOBS" -n 6 sh "$SELF" --job < "$2"; }
# get DIR LABEL KIND VARIANT N FIELD: a field of a job's result; empty if missing or failed
get() { [ -f "$OUT/$1/$2.$3.$4.$5" ] && awk -v i="$6" '$1 != "FAIL" { print $i }' "$OUT/$1/$2.$3.$4.$5"; }
ok() { [ -n "$(get "$@" 1)" ]; }

# ---- probe: one compile of 0 and 1 sites per kind and compiler --------------------------------
# It finds the kinds that do not build, gives the library's preprocessed size per site, and
# the time and memory per site from which N is chosen.
for kind in $KINDS; do gen "$kind" lib 0; gen "$kind" lib 1; done
for cc in $ccs; do for kind in $KINDS; do
    echo "$cc $kind lib 1 1 1"; echo "$cc $kind lib 0 1 1"
done; done > "$OUT/probe.jobs"
run_jobs "$OUT/probe" "$OUT/probe.jobs" "${PROBE_TIMEOUT:-30}"
# seconds of RUNS compiles of one more site, summed over kinds and compilers; largest MB per site
est=$(for cc in $ccs; do for kind in $KINDS; do
        ok probe "$cc" "$kind" lib 1 && ok probe "$cc" "$kind" lib 0 &&
            echo "$(cat "$OUT/probe/$cc.$kind.lib.1") $(cat "$OUT/probe/$cc.$kind.lib.0")"
      done; done | awk -v runs="$RUNS" '
        { s += runs * ($1 - $4) / 1e6; if ($2 != "-" && ($2 - $5) / 1024 > mb) mb = ($2 - $5) / 1024 }
        END { printf "%.3f %.1f\n", s, mb }')
if [ -n "${SITES:-}" ]; then
    N=$SITES why="SITES=$SITES"
else
    N=$(awk -v b="$BUDGET" -v u="$(($(date +%s) - START))" -v j="$JOBS" -v s="${est% *}" -v mb="${est#* }" -v mem="${mem:-0}" '
        BEGIN { n = 40; left = b - u - 20                   # 20 s: 0-site files, hand, cute, driver
                if (s > 0 && left * j / s < n) n = int(left * j / s)
                if (mb > 0 && mem > 0 && 0.6 * mem / j / mb < n) n = int(0.6 * mem / j / mb)
                print n < 2 ? 2 : n }')
    why="SITES default 40"
    [ "$N" -lt 40 ] && why="SITES default 40, lowered to fit COMPILE_BUDGET=$BUDGET s and ${mem:-?} MB free; SITES=40 forces it"
fi
NC=$((N > 40 ? N : 40))                           # cute sites are cheap
H=${HAND_SITES:-$((N > 400 ? N : 400))}
[ "$H" -ge "$NC" ] || H=$NC                       # every lib and cute site has its hand twin

# ---- the measured runs -----------------------------------------------------------------------
for kind in $KINDS; do gen "$kind" lib "$N"; gen "$kind" hand 0; gen "$kind" hand "$H"; done
[ "$CUTE" = 1 ] && { gen compat2 cute 0; gen compat2 cute "$NC"; }
{
    # the long jobs first, so that the JOBS slots finish together; no lib job for a kind
    # whose one-site probe did not build
    for cc in $ccs; do for kind in $KINDS; do
        ok probe "$cc" "$kind" lib 1 && echo "$cc $kind lib $N $RUNS 0"
    done; done
    [ "$CUTE" = 1 ] && printf 'g++ compat2 %s 1\n' "cute $NC $RUNS" "cute 0 $RUNS" "hand $H $RUNS" "hand 0 $RUNS"
    for cc in $ccs; do for kind in $KINDS; do
        echo "$cc $kind lib 0 $RUNS 1"
        echo "$cc $kind hand $H $RUNS 1"; echo "$cc $kind hand 0 $RUNS 1"
    done; done
} > "$OUT/main.jobs"
run_jobs "$OUT/res" "$OUT/main.jobs" "${COMPILE_TIMEOUT:-300}"
if [ "$CUTE" = 1 ] && ! { ok res g++ compat2 cute 0 && ok res g++ compat2 cute "$NC"; }; then
    CUTE=0 CUTE_WHY="$CXX does not compile the cute sites: $(grep -m1 -i error "$OUT"/obj/g++/compat2.cute.*.err | cut -c1-160)"
fi

# ---- correctness: every lib (and cute) site against its hand twin ---------------------------
status=0
for cc in $ccs; do
    dir=$OUT/obj/$cc objs='' decls='' table='' link=$cc
    for kind in $KINDS; do
        if ! ok res "$cc" "$kind" lib "$N" || ! ok res "$cc" "$kind" hand "$H"; then continue; fi
        objs="$objs $dir/$kind.lib.$N.o $dir/$kind.hand.$H.o" vs=lib
        if [ "$kind" = compat2 ] && [ "$CUTE" = 1 ] && [ "$cc" = "${ccs%% *}" ]; then
            objs="$objs $OUT/obj/g++/compat2.cute.$NC.o" vs="lib cute" link=$CXX
        fi
        for v in $vs; do
            n=$N; [ "$v" = cute ] && n=$NC
            k=0
            while [ "$k" -lt "$n" ]; do
                site "$kind" "$k"
                decls="$decls ${kind}_${v}_$k, ${kind}_hand_$k,"
                table="$table    { \"${kind}_${v}_$k\", ${kind}_${v}_$k, ${kind}_hand_$k, $ROWS, $COLS },
"
                k=$((k + 1))
            done
        done
    done
    [ -n "$objs" ] || continue
    {
        printf '/* generated by bench/compile_cost.sh: each site against its hand-written twin */\n'
        printf '#include <stdio.h>\n\ntypedef unsigned site_fn(unsigned, unsigned);\n'
        printf 'site_fn%s;\n' "${decls%,}"
        printf 'static const struct { const char *name; site_fn *lib, *hand; unsigned rows, cols; } sites[] = {\n%s};\n' "$table"
        cat << 'EOF2'
int main(void) {
    unsigned s, t, n = sizeof sites / sizeof sites[0], bad = 0;
    for (s = 0; s < n; s++)
        for (t = 0; t < 9; t++) {   /* 8 coordinates spread over the range, and the last one */
            unsigned i = t == 8 ? sites[s].rows - 1 : (t * 37u + s * 5u) % sites[s].rows;
            unsigned j = t == 8 ? sites[s].cols - 1 : (t * 53u + 3u) % sites[s].cols;
            unsigned lib = sites[s].lib(i, j), hand = sites[s].hand(i, j);
            if (lib != hand) {
                printf("MISMATCH %s at (%u, %u): library %u, hand %u\n", sites[s].name, i, j, lib, hand);
                bad++;
                break;
            }
        }
    printf("%u sites checked, %u wrong\n", n, bad);
    return bad != 0;
}
EOF2
    } > "$dir/driver.c"
    # shellcheck disable=SC2086
    if $cc $FLAGS -c "$dir/driver.c" -o "$dir/driver.o" 2> "$dir/driver.err" &&
       $link "$dir/driver.o" $objs -o "$dir/driver" 2>> "$dir/driver.err"; then
        if "$dir/driver" > "$dir/driver.log" 2>&1; then
            echo "check [$cc]: $(tail -n 1 "$dir/driver.log")"
        else
            echo "check [$cc]: WRONG OFFSETS"; sed -n 1,20p "$dir/driver.log"; status=1
        fi
    else
        echo "check [$cc]: the driver does not build"; sed -n 1,5p "$dir/driver.err"; status=1
    fi
done

# ---- the table -------------------------------------------------------------------------------
# per_site DIR LABEL KIND VARIANT N: "ms MB KB" per site; "-" (not measured / failed) or n/a.
# ms and MB from res/, KB from DIR (probe/ for lib, whose N-site files are not preprocessed).
per_site() {
    a=$(cat "$OUT/res/$2.$3.$4.$5" 2> /dev/null) z=$(cat "$OUT/res/$2.$3.$4.0" 2> /dev/null)
    pn=$5; [ "$1" = probe ] && pn=1
    pa=$(cat "$OUT/$1/$2.$3.$4.$pn" 2> /dev/null) pz=$(cat "$OUT/$1/$2.$3.$4.0" 2> /dev/null)
    echo "${a:-FAIL} | ${z:-FAIL} | ${pa:-FAIL} | ${pz:-FAIL}" | awk -F'|' -v n="$5" -v pn="$pn" '
        function num(s) { return s != "" && s != "-" && s != "FAIL" }
        { split($1, a, " "); split($2, z, " "); split($3, pa, " "); split($4, pz, " ")
          ms = num(a[1]) && num(z[1]) ? sprintf("%.2f", (a[1] - z[1]) / 1000 / n) : "-"
          mb = num(a[2]) && num(z[2]) ? sprintf("%.3f", (a[2] - z[2]) / 1024 / n) : (num(a[1]) ? "n/a" : "-")
          kb = num(pa[3]) && num(pz[3]) ? sprintf("%.2f", (pa[3] - pz[3]) / 1024 / pn) : "-"
          print ms, mb, kb }'
}
# row NAME LABEL KIND VARIANT N DIR: one line of the table
row() {
    echo "$1 $2 $(per_site "$6" "$2" "$3" "$4" "$5") $(per_site res "$2" "$3" hand "$H")" | awk '{
        r = ($3 != "-" && $6 != "-" && $6 > 0) ? $3 / $6 : -1
        r = r < 0 ? "-" : sprintf(r >= 100 ? "%.0f" : "%.1f", r)
        printf "%-11s %-6s | %9s %8s %8s | %8s %8s %8s | %8s\n", $1, $2, $3, $4, $5, $6, $7, $8, r }'
}
# failed LABEL KIND [DIR VARIANT N]...: if one of these compiles failed (or has no result),
# prints a "build failed" row with the first 5 lines of its error, and succeeds
failed() {
    f_lbl=$1 f_kind=$2; shift 2
    while [ $# -ge 3 ]; do
        if ! ok "$1" "$f_lbl" "$f_kind" "$2" "$3"; then
            printf '%-11s %-6s | build failed (%s, N=%s):\n' "$f_kind" "$f_lbl" "$2" "$3"
            if [ -f "$OUT/$1/$f_lbl.$f_kind.$2.$3" ]; then
                sed -n 1,5p "$OUT/obj/$f_lbl/$f_kind.$2.$3.err" | sed 's/^/    /'
            else
                echo "    no result: the job did not run to the end (killed?)"
            fi
            return 0
        fi
        shift 3
    done
    return 1
}
echo "compile cost of one static layout site = (cost(N sites) - cost(0 sites)) / N; N = $N"
echo "  ($why)"
echo "  hand-written files: $H sites; best of $RUNS; $JOBS jobs; $FLAGS -I. -c"
printf '%-11s %-6s | %9s %8s %8s | %8s %8s %8s | %8s\n' kind cc "lib ms" MB KB "hand ms" MB KB "lib/hand"
for kind in $KINDS; do
    for cc in $ccs; do
        if failed "$cc" "$kind" probe lib 1 probe lib 0 res lib "$N" res lib 0 res hand "$H" res hand 0; then
            status=1
        else
            row "$kind" "$cc" "$kind" lib "$N" probe
        fi
    done
    if [ "$kind" = compat2 ] && [ "$CUTE" = 1 ]; then row cute g++ compat2 cute "$NC" res; fi
done
echo "(per site: ms of compile time ($TIMER), MB of peak compiler memory, KB of preprocessed text;"
echo " hand: the same functions in plain C; lib/hand: ratio of the ms)"
for cc in $ccs; do
    t=$(cat "$OUT/res/$cc.rank2.lib.0" 2> /dev/null) e=$(cat "$OUT/res/$cc.rank2.hand.0" 2> /dev/null)
    if ok res "$cc" rank2 lib 0 && ok res "$cc" rank2 hand 0; then
        echo "$t $e" | awk -v cc="$cc" '{
            mb = $2 == "-" ? "n/a" : sprintf("%.1f", $2 / 1024); emb = $5 == "-" ? "n/a" : sprintf("%.1f", $5 / 1024)
            printf "tla.h alone [%s]: %.0f ms, %s MB, %.1f KB preprocessed (an empty file: %.0f ms, %s MB)\n",
                   cc, $1 / 1000, mb, $3 / 1024, $4 / 1000, emb }'
    else
        echo "tla.h alone [$cc]: build failed"; status=1
    fi
done
if [ "$CUTE" = 1 ]; then
    awk -v from="$CUTE_FROM" -v n="$NC" '{
        printf "cute/layout.hpp alone [g++ -std=c++17 -O2]: %.0f ms, %s MB, %.1f KB preprocessed (%s; %d cute sites)\n",
               $1 / 1000, $2 == "-" ? "n/a" : sprintf("%.1f", $2 / 1024), $3 / 1024, from, n }' "$OUT/res/g++.compat2.cute.0"
else
    echo "cute: not available ($CUTE_WHY)"
fi
echo "compile cost: $(($(date +%s) - START)) s"
exit $status
