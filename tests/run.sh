#!/bin/sh
# tests/run.sh - the whole test suite; `make test` runs it from the repository root.
#
#  1. every tests/test_*.c, built with gcc and clang, -std=c11 and -std=c2x, -O0 and -O2,
#     -Wall -Wextra -Wpedantic -Werror, then run;
#  2. the same programs once more under -fsanitize=address,undefined;
#  3. every tests/fail/*.c must fail to compile, with the message named on its
#     first line ("/* expect: ... */");
#  4. tests/cli.sh, the command-line tool against expected output.
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

run_unit() { # cc flags tag
    for src in tests/test_*.c; do
        name=$(basename "$src" .c)
        exe="$OUT/$name-$3"
        if ! $1 $2 $WARN -I. "$src" -o "$exe" -lm 2> "$exe.err"; then
            echo "BUILD FAIL $name [$3]"; sed -n 1,20p "$exe.err"; failed=$((failed + 1)); continue
        fi
        if ! "$exe" > "$exe.log" 2>&1; then
            echo "FAIL $name [$3]"; grep -E 'FAIL|runtime error|ERROR' "$exe.log" | head -20
        fi
        add_counts "$exe.log"
    done
}

for cc in $CCS; do
    command -v "$cc" > /dev/null || { echo "missing compiler $cc"; failed=$((failed + 1)); continue; }
    for std in c11 c2x; do
        for opt in O0 O2; do
            run_unit "$cc" "-std=$std -$opt" "$cc-$std-$opt"
        done
    done
done
echo "unit tests: $passed passed, $failed failed so far"

# Sanitizers: clang's runtime (Debian ships it with clang), else gcc's.
san="-std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
for cc in clang gcc; do
    if printf 'int main(void){return 0;}\n' | $cc $san -x c - -o "$OUT/san-probe" 2> /dev/null; then
        run_unit "$cc" "$san" "$cc-asan"; break
    fi
done
echo "with sanitizers: $passed passed, $failed failed so far"

# Compile-fail tests.
for src in tests/fail/*.c; do
    [ -f "$src" ] || continue
    want=$(sed -n '1s/^\/\* expect: \(.*\) \*\/$/\1/p' "$src")
    for cc in $CCS; do
        if $cc -std=c11 $WARN -I. -c "$src" -o "$OUT/fail.o" 2> "$OUT/fail.err"; then
            echo "FAIL $src [$cc]: compiled, but should not"; failed=$((failed + 1))
        elif [ -n "$want" ] && grep -qF -- "$want" "$OUT/fail.err"; then
            passed=$((passed + 1))
        else
            echo "FAIL $src [$cc]: no message \"$want\""; sed -n 1,5p "$OUT/fail.err"; failed=$((failed + 1))
        fi
    done
done
echo "compile-fail tests: $passed passed, $failed failed so far"

if [ -f tests/cli.sh ]; then
    sh tests/cli.sh > "$OUT/cli.log" 2>&1
    grep -E '^FAIL' "$OUT/cli.log" | head -20
    add_counts "$OUT/cli.log"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
