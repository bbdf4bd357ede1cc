#!/bin/sh
# tests/run.sh - the whole test suite; `make test` runs it from the repository root.
#
#  1. every tests/test_*.c, built with gcc and clang, -std=c11 at -O0 and -O2, and -std=c17
#     and -std=c2x at -O2 (c2x at -O0 added little but a tenth of the suite's time),
#     -Wall -Wextra -Wpedantic -Werror, then run; and once more under
#     -fsanitize=address,undefined (jobs run in parallel, $JOBS at a time);
#  2. every tests/fail/*.c must fail to compile, with the message named on its
#     first line ("/* expect: ... */") in the first error, in at most 30 lines of
#     diagnostics (or the bound and reason on its second line, "/* lines: N (why) */");
#  3. the C examples in README.md and examples/*.c, built and run (matmul checks itself),
#     and the example at the top of every header (tests/docs.sh), each header compiling
#     on its own (tests/headers.sh), and the build modes (tests/impl.sh: TLA_IMPLEMENTATION,
#     TLA_DECLARATIONS_ONLY, tools/impl_mode.py --check, C99 and C++ stopping at one #error);
#  4. tests/cost.sh, the preprocessed text of one static site of each kind under a bound;
#  5. the C sources against .clang-format, and tests/install.sh (make install into a
#     scratch DESTDIR, then a pkg-config build);
#  6. tests/cli.sh, the command-line tool against expected output;
#  7. tests/mlir_diff.py, the differential test against mlir-opt 22 (skipped, saying so, without it);
#  8. tests/gallery.sh, make docs' gallery (its page links only to pictures it built).
# Each part counts passes and failures; the last line is the total.
set -u
CCS=${CCS:-"gcc clang"}
WARN="-Wall -Wextra -Wpedantic -Werror -Werror=vla"
OUT=build/test
mkdir -p "$OUT"
passed=0
failed=0

# add_counts LOG: add the "N passed, M failed" line at the end of LOG to the totals.
add_counts() {
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
    if [ -z "$line" ]; then
        failed=$((failed + 1)); echo "  (no summary line: counted as one failure)"; return
    fi
    p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
    passed=$((passed + p)); failed=$((failed + f))
}

# One unit-test job: build SRC with CC and FLAGS as TAG, run it; its log ends with the
# program's "N passed, M failed" line, or a failure line we count as one.
unit_job() { # cc flags tag src
    name=$(basename "$4" .c); exe="$OUT/$name-$3"
    if ! $1 $2 $WARN -I. "$4" -o "$exe" -lm 2> "$exe.err"; then
        { echo "BUILD FAIL $name [$3]"; sed -n 1,20p "$exe.err"; echo "0 passed, 1 failed"; } > "$exe.log"
    elif ! "$exe" > "$exe.log" 2>&1; then
        echo "FAIL $name [$3]" >> "$exe.log"
    fi
}

# The build matrix, one line per job, run two (or $JOBS) at a time.
jobs_file="$OUT/jobs"
: > "$jobs_file"
for cc in $CCS; do
    command -v "$cc" > /dev/null || { echo "missing compiler $cc"; failed=$((failed + 1)); continue; }
    for conf in c11:O0 c11:O2 c17:O2 c2x:O2; do
        std=${conf%:*}; opt=${conf#*:}
        for src in tests/test_*.c; do echo "$cc|-std=$std -$opt|$cc-$std-$opt|$src" >> "$jobs_file"; done
    done
done
# Sanitizers: clang's runtime (Debian ships it with clang), else gcc's.
san="-std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
for cc in clang gcc; do
    if printf 'int main(void){return 0;}\n' | $cc $san -x c - -o "$OUT/san-probe" 2> /dev/null; then
        for src in tests/test_*.c; do echo "$cc|$san|$cc-asan|$src" >> "$jobs_file"; done
        break
    fi
done
export OUT WARN
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}
# xargs runs each job in a fresh sh that defines unit_job again (export -f is bash-only).
unit_def=$(sed -n '/^unit_job() {/,/^}/p' "$0")
tr '\n' '\0' < "$jobs_file" | xargs -0 -P "$JOBS" -I{} sh -c "$unit_def"'
    IFS="|"; set -- $1; IFS=" "; unit_job "$1" "$2" "$3" "$4"' sh {}
while IFS='|' read -r cc flags tag src; do
    log="$OUT/$(basename "$src" .c)-$tag.log"
    grep -E '^(BUILD FAIL|FAIL)|runtime error|ERROR' "$log" | head -20
    add_counts "$log"
done < "$jobs_file"
echo "unit tests (with sanitizers): $passed passed, $failed failed so far"

# Compile-fail tests: each must fail with its message in the first error, in at most 30 lines
# of diagnostics (or the bound its "/* lines: N (why) */" line gives, with the reason).
for src in tests/fail/*.c; do
    [ -f "$src" ] || continue
    want=$(sed -n '1s/^\/\* expect: \(.*\) \*\/$/\1/p' "$src")
    limit=$(sed -n '2s/^\/\* lines: \([0-9]*\).*$/\1/p' "$src")
    limit=${limit:-30}
    for cc in $CCS; do
        if $cc -std=c11 $WARN -I. -c "$src" -o "$OUT/fail.o" 2> "$OUT/fail.err"; then
            echo "FAIL $src [$cc]: compiled, but should not"; failed=$((failed + 1)); continue
        fi
        lines=$(wc -l < "$OUT/fail.err")
        first=$(grep -m 1 'error' "$OUT/fail.err")
        if [ -n "$want" ] && ! printf '%s\n' "$first" | grep -qF -- "$want"; then
            echo "FAIL $src [$cc]: the first error is not \"$want\""; sed -n 1,5p "$OUT/fail.err"; failed=$((failed + 1))
        elif [ "$lines" -gt "$limit" ]; then
            echo "FAIL $src [$cc]: $lines lines of diagnostics (at most $limit)"; failed=$((failed + 1))
        else
            passed=$((passed + 1))
        fi
    done
done
echo "compile-fail tests: $passed passed, $failed failed so far"

# The C examples of README.md: each ```c block is a whole program; build it and run it.
awk -v out="$OUT/readme" '/^```c$/ { n++; f = out n ".c"; inblock = 1; next }
     /^```$/ { inblock = 0 } inblock { print > f }' README.md
for src in "$OUT"/readme*.c; do
    [ -f "$src" ] || continue
    for cc in $CCS; do
        if $cc -std=c11 $WARN -I. "$src" -o "${src%.c}" 2> "${src%.c}.err" && "${src%.c}" > /dev/null; then
            passed=$((passed + 1))
        else
            echo "FAIL README example $(basename "$src") [$cc]"; sed -n 1,5p "${src%.c}.err"; failed=$((failed + 1))
        fi
    done
done
echo "README examples: $passed passed, $failed failed so far"

# The examples (the matmul one checks itself against a naive matmul): build, run, exit 0.
for src in examples/*.c; do
    [ "$src" = examples/tla.c ] && continue
    for cc in $CCS; do
        exe="$OUT/example-$(basename "$src" .c)-$cc"
        if $cc -std=c11 -O2 $WARN -I. "$src" -o "$exe" 2> "$exe.err" && "$exe" > "$exe.log" 2>&1; then
            passed=$((passed + 1))
        else
            echo "FAIL example $src [$cc]"; sed -n 1,5p "$exe.err" "$exe.log"; failed=$((failed + 1))
        fi
    done
done
echo "examples: $passed passed, $failed failed so far"

# Compile cost guard: preprocessed text per static site under fixed bounds (deterministic).
sh tests/cost.sh > "$OUT/cost.log" 2>&1
grep -E '^FAIL' "$OUT/cost.log" | head -20
add_counts "$OUT/cost.log"
echo "compile cost guard: $passed passed, $failed failed so far"

# tla/static/core_gen.h is generated by tools/gen_core.py: the checked-in file must be its output.
if command -v python3 > /dev/null; then
    if python3 tools/gen_core.py --check; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
else
    echo "FAIL generated core: python3 not found (tools/gen_core.py --check needs it)"; failed=$((failed + 1))
fi

# The example at the top of every header, built and run.
sh tests/docs.sh > "$OUT/docs.log" 2>&1
grep -E '^FAIL' "$OUT/docs.log" | head -20
add_counts "$OUT/docs.log"
echo "header examples: $passed passed, $failed failed so far"

# Each header compiles on its own (its includes name what it uses).
sh tests/headers.sh > "$OUT/headers.log" 2>&1
grep -E '^FAIL' "$OUT/headers.log" | head -20
add_counts "$OUT/headers.log"
echo "headers alone: $passed passed, $failed failed so far"

# The build modes (tests/impl.sh): TLA_IMPLEMENTATION in one file and TLA_DECLARATIONS_ONLY in
# the others, linked and run; tools/impl_mode.py --check; C99 and C++ stop at one #error.
sh tests/impl.sh > "$OUT/impl.log" 2>&1
grep -E '^FAIL' "$OUT/impl.log" | head -20
add_counts "$OUT/impl.log"
echo "build modes: $passed passed, $failed failed so far"

# Formatting: the C sources follow .clang-format (macro-heavy parts are marked off by hand).
if command -v clang-format > /dev/null; then
    if clang-format --dry-run -Werror $(git ls-files '*.c' '*.h' 2> /dev/null || ls tla/*.h tests/*.c examples/*.c) \
        > "$OUT/format.log" 2>&1; then
        passed=$((passed + 1))
    else
        echo "FAIL format: run clang-format -i on:"; grep -o '^[^:]*:' "$OUT/format.log" | sort -u | head; failed=$((failed + 1))
    fi
else
    echo "FAIL format: clang-format not found"; failed=$((failed + 1))
fi

# make install into a scratch DESTDIR; a program built with pkg-config --cflags tla.
sh tests/install.sh > "$OUT/install.log" 2>&1
grep -E '^FAIL|not found' "$OUT/install.log" | head -20
add_counts "$OUT/install.log"

if [ -f tests/cli.sh ]; then
    sh tests/cli.sh > "$OUT/cli.log" 2>&1
    grep -E '^FAIL' "$OUT/cli.log" | head -20
    add_counts "$OUT/cli.log"
fi

# The real MLIR as a test oracle (tests/mlir_diff.py, issue 37): random encodings and affine maps
# through mlir-opt 22 and build/tla; without mlir-opt 22 (Debian: mlir-22-tools) it says it was skipped.
if command -v python3 > /dev/null; then
    python3 tests/mlir_diff.py build/tla > "$OUT/mlir_diff.log" 2>&1
    grep -E '^FAIL|skipped|^mlir-opt' "$OUT/mlir_diff.log" | head -20
    add_counts "$OUT/mlir_diff.log"
else
    echo "mlir-opt differential stage skipped: python3 not found"
fi

# make docs' gallery page and pictures (tests/gallery.sh).
sh tests/gallery.sh > "$OUT/gallery.log" 2>&1
grep -E '^FAIL' "$OUT/gallery.log" | head -20
add_counts "$OUT/gallery.log"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
