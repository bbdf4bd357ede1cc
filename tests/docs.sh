#!/bin/sh
# tests/docs.sh - the example at the top of every header ("Example (compiled and run ...):",
# up to the end of that comment) is a function body: wrapped in main() with tla.h (and
# tla/compat.h for compat.h), built with each compiler under -Werror and run; it must exit 0
# (examples check the results they state).  Prints "N passed, M failed".
set -u
CCS=${CCS:-"gcc clang"}
OUT=${OUT:-build/test}/docs
mkdir -p "$OUT"
passed=0
failed=0
for h in tla.h tla/*.h; do
    name=$(echo "$h" | tr '/.' '__')
    body=$(awk '/^ \* Example \(compiled and run/ { on = 1; next } on && /^ \*\// { exit } on { sub(/^ \*/, ""); print }' "$h")
    if [ -z "$body" ]; then
        echo "FAIL docs $h: no example"; failed=$((failed + 1)); continue
    fi
    inc='#include "tla.h"'
    [ "$h" = tla/compat.h ] && inc='#include "tla/compat.h"'
    printf '%s\n#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\nint main(void) {\n%s\n    return 0;\n}\n' "$inc" "$body" > "$OUT/$name.c"
    for cc in $CCS; do
        command -v "$cc" > /dev/null || continue
        if $cc -std=c11 -Wall -Wextra -Wpedantic -Werror -I. "$OUT/$name.c" -o "$OUT/$name-$cc" 2> "$OUT/$name-$cc.err" \
            && "$OUT/$name-$cc" > "$OUT/$name-$cc.out" 2>&1; then
            passed=$((passed + 1))
        else
            echo "FAIL docs $h [$cc]"; sed -n 1,5p "$OUT/$name-$cc.err"; failed=$((failed + 1))
        fi
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
