#!/bin/sh
# tests/docs.sh - every example in the headers is a function body: the one at the top of each
# header ("Example (compiled and run ...):") and the ones at public declarations
# ("Example:"), each up to the end of its comment.  Each is built with each compiler under
# -Werror and run; it must return 0 (examples check the results they state).  Prints a FAIL
# line per failing example and "N passed, M failed" (one count per example and compiler).
#
# The examples are built in three programs per compiler, one function per example, instead of
# a program each (a program each preprocesses tla.h a hundred times: 75 s of the suite's time,
# now a few): tla.h alone; tla.h with TLA_WITH_ALL, for the opt-in families (tla/ixmap/,
# tla/hlo/, tla/sparse/, tla/svg/map.h, tla/svg/sparse.h); tla/compat.h, for compat.h.  A
# program that does not build is built again an example at a time, to name the one that fails.
set -u
CCS=${CCS:-"gcc clang"}
WARN=${WARN:-"-Wall -Wextra -Wpedantic -Werror -Werror=vla"}
OUT=${OUT:-build/test}/docs
rm -rf "$OUT"
mkdir -p "$OUT"
passed=0
failed=0

# Block k of header h becomes $OUT/<h>_<k>.body; its batch (plain, all, compat) is listed in
# $OUT/<batch>.list as "body|header|k".
for h in tla.h tla/*.h tla/*/*.h; do
    # forwarding headers (the 0.1 paths) have no example; a folder's umbrella (all.h) may have one
    if sed -n 1p "$h" | grep -q 'forwarding header'; then continue; fi
    name=$(echo "$h" | tr '/.' '+_')
    awk -v out="$OUT/$name" '/^ \* Example( \(compiled and run[^)]*\))?:$/ { on = 1; n++; next }
        on && /^ \*\// { on = 0; next } on { sub(/^ \*/, ""); sub(/^  /, ""); print > (out "_" n ".body") }' "$h"
    if ! ls "$OUT/$name"_*.body > /dev/null 2>&1; then
        case "$h" in tla/*/all.h) continue ;; esac
        echo "FAIL docs $h: no example"; failed=$((failed + 1)); continue
    fi
    case "$h" in
    tla/compat.h) batch=compat ;;
    tla/ixmap/* | tla/hlo/* | tla/sparse/* | tla/svg/map.h | tla/svg/sparse.h) batch=all ;;
    *) batch=plain ;;
    esac
    for body in "$OUT/$name"_*.body; do
        k=${body##*_}; k=${k%.body}
        echo "$body|$h|$k" >> "$OUT/$batch.list"
    done
done

prologue() { # batch
    case $1 in
    compat) echo '#include "tla/compat.h"' ;;
    all) printf '#define TLA_WITH_ALL\n#include "tla.h"\n' ;;
    *) echo '#include "tla.h"' ;;
    esac
    printf '#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n'
}

# one_program BATCH BODY: an example alone, wrapped in main() (the fallback).
one_program() {
    prologue "$1"
    printf 'int main(void) {\n'
    cat "$2"
    printf '    return 0;\n}\n'
}

# batch_program BATCH: every example of BATCH as a function, and a main() that runs each,
# prints a FAIL line for each that returns non-zero, then the counts.
batch_program() {
    prologue "$1"
    i=0
    while IFS='|' read -r body h k; do
        i=$((i + 1))
        printf 'static int tla_docs_example_%d(void) {\n' "$i"
        cat "$body"
        printf '    return 0;\n}\n'
    done < "$OUT/$1.list"
    printf 'int main(void) {\n    int passed = 0, failed = 0;\n'
    i=0
    while IFS='|' read -r body h k; do
        i=$((i + 1))
        printf '    if (tla_docs_example_%d() == 0) passed++;\n' "$i"
        printf '    else printf("FAIL docs %s, example %s [%%s]\\n", CC_NAME), failed++;\n' "$h" "$k"
    done < "$OUT/$1.list"
    printf '    printf("%%d passed, %%d failed\\n", passed, failed);\n    return 0;\n}\n'
}

# run_batch CC BATCH: build and run the batch program; if it does not build, each example alone.
run_batch() {
    exe=$OUT/$2-$1
    if $1 -std=c11 $WARN -I. -DCC_NAME="\"$1\"" "$OUT/$2.c" -o "$exe" 2> "$exe.err"; then
        "$exe" > "$exe.out" 2>&1 || echo "FAIL docs: the $2 examples' program crashed [$1]" >> "$exe.out"
        grep -E '^FAIL' "$exe.out"
        tail -n 1 "$exe.out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' || echo "0 passed, 1 failed"
        return
    fi
    p=0 f=0
    while IFS='|' read -r body h k; do
        src=${body%.body}.c
        one_program "$2" "$body" > "$src"
        if $1 -std=c11 $WARN -I. "$src" -o "${src%.c}-$1" 2> "${src%.c}-$1.err" && "${src%.c}-$1" > /dev/null 2>&1; then
            p=$((p + 1))
        else
            echo "FAIL docs $h, example $k [$1]"; sed -n 1,5p "${src%.c}-$1.err"; f=$((f + 1))
        fi
    done < "$OUT/$2.list"
    echo "$p passed, $f failed"
}

for batch in plain all compat; do
    [ -f "$OUT/$batch.list" ] && batch_program "$batch" > "$OUT/$batch.c"
done
# the compilers' builds run side by side (the machine has two cores or more)
for cc in $CCS; do
    command -v "$cc" > /dev/null || continue
    (for batch in plain all compat; do [ -f "$OUT/$batch.list" ] && run_batch "$cc" "$batch"; done) > "$OUT/$cc.log" 2>&1 &
done
wait
for cc in $CCS; do
    [ -f "$OUT/$cc.log" ] || continue
    grep -vE '^[0-9]+ passed, [0-9]+ failed$' "$OUT/$cc.log"
    for line in $(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$OUT/$cc.log" | sed 's/ passed, /:/; s/ failed//'); do
        passed=$((passed + ${line%:*})); failed=$((failed + ${line#*:}))
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
