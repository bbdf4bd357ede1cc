#!/bin/sh
# tests/run.sh - the whole test suite; `make test` runs it from the repository root, and
# `make check` runs `tests/run.sh --quick`, the short loop while editing (one compiler, gcc if
# present; the unit tests at -std=c11 -O0, the C blocks of the docs and the examples at -O0, the
# examples in the headers, the tool's tests).
#
# Each stage prints "== NAME" as it starts and "== NAME: P passed, F failed, S s" as it ends
# (its FAIL lines in between); the last line is the total, "N passed, M failed", and the exit
# status is non-zero when anything failed.  The stages:
#  unit          every tests/test_*.c with gcc and clang: -std=c11 at -O0 and at -O2, built and
#                run, one compiler's -O0 build (clang's, else gcc's) under
#                -fsanitize=address,undefined, in the build modes (TLA_DECLARATIONS_ONLY, linked
#                with tests/impl/impl.c's TLA_IMPLEMENTATION object); -std=c2x through the front
#                end (-fsyntax-only: the code it compiles to is c11's, so the optimiser's warnings
#                are those of the c11 -O2 build; c17 is c11's front end, tests/impl.sh asks it of
#                every header); -Wall -Wextra -Wpedantic -Werror everywhere;
#  aarch64       the copy and static-core tests (A64_TESTS) cross-compiled for aarch64 at -O2,
#                -static, and run under qemu-aarch64 (skipped, saying so, without
#                aarch64-linux-gnu-gcc and qemu-aarch64: Debian's gcc-aarch64-linux-gnu, qemu-user);
#  compile-fail  every tests/fail/*.c fails to compile with the message its first line names,
#                in at most 30 lines of diagnostics (tests/jobs.sh, "fail");
#  examples      the C blocks of README.md and docs/*.md (each a whole program) and
#                examples/*.c (matmul checks itself), built and run with each compiler, with
#                TLA_NO_DEPRECATED (only the 0.2 names);
#  headers       each header compiles on its own, includes are written from the root, no
#                include circle (tests/headers.sh);
#  header examples  the example at the top of every header and at its declarations
#                (tests/docs.sh);
#  cost          the preprocessed text of one static site of each kind under a bound
#                (tests/cost.sh); tools/gen_core.py --check (tla/static/core_gen.h is its
#                output); tools/names.py --check (the public names, as tests/names.txt lists them);
#  format        the C sources against .clang-format (skipped, saying so, without clang-format);
#  install       make install into a scratch DESTDIR, then a pkg-config build (tests/install.sh);
#  cli           the `tla` tool against expected output (tests/cli.sh);
#  mlir          tests/mlir_diff.py, against mlir-opt 22 (skipped, saying so, without it);
#  gallery       make docs' gallery (tests/gallery.sh);
#  impl          the build modes: TLA_IMPLEMENTATION in one file and TLA_DECLARATIONS_ONLY in the others, linked
#                and run; tools/impl_mode.py --check; C99 and C++ stop at one #error (tests/impl.sh).
# The jobs of a stage run $JOBS at a time (default: the number of cores); the stages that are
# one script each (from impl on) run side by side.  $OUT/times.txt gets each stage's wall and CPU
# time and the slowest jobs (each job's log ends with its CPU time).
# Needs make, a C11 compiler (gcc and clang when present) and python3.
set -u
QUICK=0
[ "${1:-}" = --quick ] && QUICK=1
CCS=${CCS:-"gcc clang"}
WARN="-Wall -Wextra -Wpedantic -Werror -Werror=vla"
OUT=build/test
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}
export WARN OUT
rm -rf "$OUT"
mkdir -p "$OUT"
passed=0
failed=0
# cpu FILE: the CPU seconds (user + system) of this shell's finished children, into FILE.
cpu() {
    times > "$1.tmp"
    awk 'NR == 2 { gsub(/s/, ""); split($1, u, "m"); split($2, y, "m"); printf "%.1f\n", u[1] * 60 + u[2] + y[1] * 60 + y[2] }' \
        "$1.tmp" > "$1"
}
t_all=$(date +%s)
: > "$OUT/times.txt"
cpu "$OUT/all.cpu0"

ccs=""
for cc in $CCS; do
    if command -v "$cc" > /dev/null; then ccs="$ccs $cc"
    elif [ $QUICK = 0 ]; then echo "FAIL missing compiler $cc"; failed=$((failed + 1)); fi
done
# make check: the first compiler found
if [ $QUICK = 1 ]; then set -- $ccs; ccs=${1:-cc}; fi

# counts LOG...: "P F", the sums over the LOGs of each one's last "N passed, M failed" line (a
# log without one counts as one failure: its stage stopped before its summary).
counts() {
    for log in "$@"; do
        line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
        echo "${line:-0 passed, 1 failed}"
    done | awk '{ p += $1; f += $3 } END { print p + 0, f + 0 }'
}
# show NAME T0 LOG...: the stage's FAIL lines (and skips), then its end line.
show() {
    name=$1 t0=$2; shift 2
    cat "$@" | grep -E '^FAIL|runtime error|ERROR: AddressSanitizer|skipped' | head -20
    set -- $(counts "$@")
    echo "== $name: $1 passed, $2 failed, $(($(date +%s) - t0)) s"
}
# stage_times NAME T0 CPU0 CPU1: NAME's line of $OUT/times.txt, its wall time since T0 and its
# CPU time, the difference of two cpu files.
stage_times() {
    awk -v n="$1" -v w=$(($(date +%s) - $2)) 'NR == 1 { a = $1 } NR == 2 { b = $1 }
        END { printf "%-16s %4d s wall %6.1f s CPU\n", n ":", w, b - a }' "$3" "$4" >> "$OUT/times.txt"
}
# add LOG...: add the LOGs' counts to the totals.
add() {
    set -- $(counts "$@")
    passed=$((passed + $1)); failed=$((failed + $2))
}
# pool NAME: run the jobs listed in $OUT/NAME.jobs (the arguments of one tests/jobs.sh a line,
# separated by '|'), $JOBS at a time, and report them as stage NAME.
pool() {
    echo "== $1"
    t0=$(date +%s)
    mkdir -p "$OUT/$1"
    cpu "$OUT/$1.cpu0"
    tr '\n' '\0' < "$OUT/$1.jobs" | xargs -0 -P "$JOBS" -I{} sh -c 'IFS="|"; set -- $1; sh tests/jobs.sh "$@"' sh {}
    cpu "$OUT/$1.cpu1"
    stage_times "$1" "$t0" "$OUT/$1.cpu0" "$OUT/$1.cpu1"
    if [ -s "$OUT/$1.jobs" ]; then
        show "$1" "$t0" "$OUT/$1"/*.log; add "$OUT/$1"/*.log
    else
        echo "== $1: nothing to run"
    fi
}
# ---- unit tests
# Sanitizers: clang's runtime (Debian ships it with clang), else gcc's; that compiler's -O0 build
# is the sanitizer build (-O0 compiles four times faster than -O1 and the checks are the same;
# -g1, line tables only, compiles the static-core tests a third faster than -g, and a report
# still names file and line).
san_flags="-O0 -g1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
san_cc=""
for cc in clang gcc; do
    [ $QUICK = 1 ] && break
    case " $ccs " in *" $cc "*) ;; *) continue ;; esac
    if printf 'int main(void){return 0;}\n' | $cc -std=c11 $san_flags -x c - -o "$OUT/san-probe" 2> /dev/null; then
        san_cc=$cc; break
    fi
done
# The sanitizer build is also the build-mode check over every test: the run-time functions
# compiled once (tests/impl/impl.c, TLA_IMPLEMENTATION) into an object its builds link, each test
# built with TLA_DECLARATIONS_ONLY (the code under the sanitizers is the same; each test's
# compile is a third shorter).  That object's job is the pool's first: the builds that link it
# wait for it.  Every test keeps a header-only build with each compiler (-O2, and gcc's -O0).
impl_obj=$OUT/unit/impl-$san_cc-asan.o
jobs=$OUT/unit.jobs
: > "$jobs"
[ -n "$san_cc" ] && echo "obj|$OUT/unit/impl-$san_cc-asan.log|$san_cc|-std=c11 $san_flags|tests/impl/impl.c|$impl_obj" >> "$jobs"
# the -O2 builds first, then the -O0 ones, then the front-end checks: the longest jobs start
# first, so the stage does not end on one core
for pass in O2 O0 syntax; do
    for cc in $ccs; do
        for src in tests/test_*.c; do
            n=$(basename "$src" .c)-$cc
            case $pass/$QUICK in
            O2/0) echo "unit|$OUT/unit/$n-c11-O2.log|$cc|-std=c11 -O2|$src|$OUT/unit/$n-c11-O2" ;;
            O0/*)
                if [ "$cc" = "$san_cc" ]; then
                    f="-std=c11 $san_flags -DTLA_DECLARATIONS_ONLY"
                    # a test whose run takes too long at -O0 under the sanitizers says so (in its
                    # first comment)
                    sed -n 1,8p "$src" | grep -q 'sanitizer build at -O1' && f="$f -O1"
                    echo "unit|$OUT/unit/$n-c11-O0-asan.log|$cc|$f|$src|$OUT/unit/$n-c11-O0-asan|$impl_obj"
                else
                    echo "unit|$OUT/unit/$n-c11-O0.log|$cc|-std=c11 -O0|$src|$OUT/unit/$n-c11-O0"
                fi ;;
            syntax/0) echo "syntax|$OUT/unit/$n-c2x.log|$cc|-std=c2x -O2|$src" ;;
            esac
        done
    done
done >> "$jobs"
pool unit

# ---- aarch64: the copy and static-core tests, cross-compiled and run under qemu (an Ascend
# host's CPU; the copy's kernels for it are compiled only there)
A64_CC=${A64_CC:-aarch64-linux-gnu-gcc}
A64_TESTS=${A64_TESTS:-"tests/test_copy*.c tests/test_tensor*.c tests/test_static*.c tests/test_const_layout.c tests/test_tiles.c tests/test_formats.c"}
if [ $QUICK = 0 ]; then
    if command -v "$A64_CC" > /dev/null && command -v qemu-aarch64 > /dev/null; then
        : > "$OUT/aarch64.jobs"
        for src in $A64_TESTS; do
            echo "qemu|$OUT/aarch64/$(basename "$src" .c).log|$A64_CC|-std=c11 -O2 -static|$src|$OUT/aarch64/$(basename "$src" .c)"
        done >> "$OUT/aarch64.jobs"
        pool aarch64
    else
        echo "== aarch64"
        echo "aarch64 stage skipped: $A64_CC or qemu-aarch64 not found (apt-get install gcc-aarch64-linux-gnu qemu-user)"
        echo "== aarch64: 0 passed, 0 failed, 0 s"
    fi
fi

# ---- compile-fail tests
if [ $QUICK = 0 ]; then
    : > "$OUT/compile-fail.jobs"
    for src in tests/fail/*.c; do
        [ -f "$src" ] || continue
        for cc in $ccs; do
            echo "fail|$OUT/compile-fail/$(basename "$src" .c)-$cc.log|$cc|$src" >> "$OUT/compile-fail.jobs"
        done
    done
    pool compile-fail
fi

# ---- the C blocks of README.md and docs/*.md, and examples/*.c
mkdir -p "$OUT/md"
: > "$OUT/examples.jobs"
for md in README.md docs/*.md; do
    [ -f "$md" ] || continue
    base=$(echo "$md" | tr '/.' '+_')
    awk -v out="$OUT/md/$base" '/^```c$/ { n++; f = out "_" n ".c"; inblock = 1; next }
         /^```$/ { inblock = 0 } inblock { print > f }' "$md"
done
for src in "$OUT"/md/*.c examples/*.c; do
    [ -f "$src" ] || continue
    [ "$src" = examples/tla.c ] && continue # build/tla, which the cli stage tests
    # without tla/deprecated.h: what users copy uses the 0.2 names
    flags="-std=c11 -DTLA_NO_DEPRECATED"
    case $src/$QUICK in examples/*/0) flags="$flags -O2" ;; esac
    for cc in $ccs; do
        n=$(basename "$src" .c)-$cc
        echo "prog|$OUT/examples/$n.log|$cc|$flags|$src|$OUT/examples/$n" >> "$OUT/examples.jobs"
    done
done
pool examples

# ---- the stages that are one script each, side by side
# cost.sh, then gen_core.py --check (the generated static core is the generator's output): one
# summary line for both.
cost_stage() {
    sh tests/cost.sh > "$OUT/cost.sh.log" 2>&1
    grep -vE '^[0-9]+ passed, [0-9]+ failed' "$OUT/cost.sh.log"
    set -- $(counts "$OUT/cost.sh.log")
    if ! command -v python3 > /dev/null; then echo "FAIL generated core: python3 not found"; set -- "$1" $(($2 + 1))
    elif python3 tools/gen_core.py --check; then set -- $(($1 + 1)) "$2"
    else echo "FAIL generated core: tools/gen_core.py --check"; set -- "$1" $(($2 + 1)); fi
    # the public names against tests/names.txt: a rename is a visible decision
    if ! command -v python3 > /dev/null; then echo "FAIL public names: python3 not found"; set -- "$1" $(($2 + 1))
    elif python3 tools/names.py --check; then set -- $(($1 + 1)) "$2"
    else set -- "$1" $(($2 + 1)); fi
    echo "$1 passed, $2 failed"
}
format_stage() {
    if ! command -v clang-format > /dev/null; then
        echo "format check skipped: clang-format not found"; echo "0 passed, 0 failed"; return
    fi
    if clang-format --dry-run -Werror $(git ls-files '*.c' '*.h' 2> /dev/null || ls tla.h tla/*.h tla/*/*.h tests/*.c examples/*.c examples/*/*.h) \
        > "$OUT/format.out" 2>&1; then
        echo "1 passed, 0 failed"
    else
        grep -o '^[^:]*:[0-9]*:[0-9]*: error' "$OUT/format.out" | cut -d: -f1 | sort -u | head | sed 's/^/FAIL format: clang-format -i /'
        echo "0 passed, 1 failed"
    fi
}
mlir_stage() {
    if command -v python3 > /dev/null; then python3 tests/mlir_diff.py build/tla
    else echo "mlir-opt differential stage skipped: python3 not found"; echo "0 passed, 0 failed"; fi
}
# side STAGE...: the STAGEs side by side (a core each would leave cores idle: they are short, and
# impl.sh, the longest, is a chain of compiles); each prints its end line as it ends.
side() {
    t0=$(date +%s)
    for s in "$@"; do
        echo "== $s"
        (cpu "$OUT/$s.cpu0"; stage_cmd "$s" > "$OUT/$s.log" 2>&1; cpu "$OUT/$s.cpu1"
            stage_times "$s" "$t0" "$OUT/$s.cpu0" "$OUT/$s.cpu1"; show "$s" "$t0" "$OUT/$s.log") &
    done
    wait
    for s in "$@"; do add "$OUT/$s.log"; done
}
stage_cmd() {
    case $1 in
    headers) CCS="$ccs" sh tests/headers.sh ;;
    "header examples") CCS="$ccs" sh tests/docs.sh ;;
    cost) cost_stage ;;
    format) format_stage ;;
    install) sh tests/install.sh ;;
    cli) sh tests/cli.sh ;;
    mlir) mlir_stage ;;
    gallery) sh tests/gallery.sh ;;
    impl) sh tests/impl.sh ;;
    esac
}
# the longest first: impl.sh (a chain of compiles), then mlir_diff.py (which waits on mlir-opt)
if [ $QUICK = 1 ]; then
    side "header examples" cli
else
    side impl mlir headers "header examples" cli gallery cost format install
fi

cpu "$OUT/all.cpu1"
stage_times "all stages" "$t_all" "$OUT/all.cpu0" "$OUT/all.cpu1"
# the slowest jobs of the pools (tests/jobs.sh writes each one's CPU time in its log)
grep -H '^cpu ' "$OUT"/*/*.log 2> /dev/null | sed 's/:cpu / /; s/ s$//' | sort -k2 -rn | head -20 \
    | awk '{ printf "  %6.1f s CPU  %s\n", $2, $1 }' >> "$OUT/times.txt"
echo "all stages: $(($(date +%s) - t_all)) s (each stage's time, and the slowest jobs: $OUT/times.txt)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
