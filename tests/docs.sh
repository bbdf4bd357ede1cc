#!/bin/sh
# tests/docs.sh - every example in the headers is a function body: the one at the top of each
# header ("Example (compiled and run ...):") and the ones at public declarations
# ("Example:"), each up to the end of its comment.  Each is wrapped in main() with tla.h (and
# tla/compat.h for compat.h), built with each compiler under -Werror and run; it must exit 0
# (examples check the results they state).  Prints "N passed, M failed".
set -u
CCS=${CCS:-"gcc clang"}
OUT=${OUT:-build/test}/docs
mkdir -p "$OUT"
passed=0
failed=0
# Each header starts with "Example (compiled and run ...):"; public macros have "Example:"
# blocks at their declarations.  Block k of header h becomes $OUT/<h>_<k>.c.
# Forwarding headers (the 0.1 paths) have no example; a folder's umbrella (all.h) may have one.
for h in tla.h tla/*.h tla/*/*.h; do
    if sed -n 1p "$h" | grep -q 'forwarding header'; then continue; fi
    name=$(echo "$h" | tr '/.' '__')
    rm -f "$OUT/$name"_*.body
    awk -v out="$OUT/$name" '/^ \* Example( \(compiled and run[^)]*\))?:$/ { on = 1; n++; next }
        on && /^ \*\// { on = 0; next } on { sub(/^ \*/, ""); sub(/^  /, ""); print > (out "_" n ".body") }' "$h"
    if ! ls "$OUT/$name"_*.body > /dev/null 2>&1; then
        case "$h" in tla/*/all.h) continue ;; esac
        echo "FAIL docs $h: no example"; failed=$((failed + 1)); continue
    fi
    inc='#include "tla.h"'
    [ "$h" = tla/compat.h ] && inc='#include "tla/compat.h"'
    # the opt-in families (tla.h): their examples define TLA_WITH_ALL first
    case "$h" in
    tla/ixmap/* | tla/hlo/* | tla/sparse/* | tla/svg/map.h | tla/svg/sparse.h) inc="#define TLA_WITH_ALL
$inc" ;;
    esac
    for body in "$OUT/$name"_*.body; do
        src=${body%.body}.c
        { printf '%s\n#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\nint main(void) {\n' "$inc"
          cat "$body"; printf '    return 0;\n}\n'; } > "$src"
        for cc in $CCS; do
            command -v "$cc" > /dev/null || continue
            exe=${src%.c}-$cc
            if $cc -std=c11 -Wall -Wextra -Wpedantic -Werror -I. "$src" -o "$exe" 2> "$exe.err" && "$exe" > "$exe.out" 2>&1; then
                passed=$((passed + 1))
            else
                echo "FAIL docs $h, example $(basename "$src" .c) [$cc]"; sed -n 1,5p "$exe.err"; failed=$((failed + 1))
            fi
        done
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
