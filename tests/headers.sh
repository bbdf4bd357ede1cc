#!/bin/sh
# tests/headers.sh - each header compiles on its own: a source that includes only tla/X.h (and
# declares one type, so a header of macros alone is not an empty file) builds with gcc and
# clang, -std=c11 and the warning flags of make test.  A header that says it is "Included by"
# another on its first lines (a part split from a long one) is checked through that one.
# Prints "N passed, M failed".
set -u
WARN="-Wall -Wextra -Wpedantic -Werror"
passed=0
failed=0
for h in tla/*.h; do
    if sed -n 1,5p "$h" | grep -q 'Included by'; then continue; fi
    for cc in gcc clang; do
        command -v "$cc" > /dev/null || continue
        if printf '#include "%s"\ntypedef int tla_headers_check;\n' "$h" |
            $cc -std=c11 $WARN -I. -fsyntax-only -x c - 2> /dev/null; then
            passed=$((passed + 1))
        else
            echo "FAIL headers $h [$cc]: does not compile on its own"; failed=$((failed + 1))
        fi
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
