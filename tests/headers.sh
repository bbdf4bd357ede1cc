#!/bin/sh
# tests/headers.sh - each header compiles on its own: a source that includes only one header of
# the tree (tla/*.h, the top and the 0.1 paths' forwarding headers, and tla/*/*.h, the folders;
# it declares one type, so a header of macros alone is not an empty file) builds with gcc and
# clang, -std=c11 and the warning flags of make test.  No header is skipped.  Then the include
# graph of tla.h and the tree: every quoted include is written from the root and names a file of
# the tree, and the graph has no circle (tsort).  The compiles run $JOBS at a time (tests/jobs.sh,
# "header").  Prints "N passed, M failed".
set -u
CCS=${CCS:-"gcc clang"}
WARN=${WARN:-"-Wall -Wextra -Wpedantic -Werror"}
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}
OUT=${OUT:-build/test}/headers
rm -rf "$OUT"
mkdir -p "$OUT"
passed=0
failed=0
# one job of tests/jobs.sh per header and compiler, $JOBS at a time
for h in tla/*.h tla/*/*.h; do
    for cc in $CCS; do
        command -v "$cc" > /dev/null || continue
        echo "header|$OUT/$(echo "$h" | tr '/' '+')-$cc.log|$cc|$h"
    done
done | tr '\n' '\0' | xargs -0 -P "$JOBS" -I{} sh -c 'IFS="|"; set -- $1; WARN="$0" sh tests/jobs.sh "$@"' "$WARN" {}
for log in "$OUT"/*.log; do
    [ -f "$log" ] || continue
    if grep -q '^1 passed, 0 failed$' "$log"; then passed=$((passed + 1)); else grep '^FAIL' "$log"; failed=$((failed + 1)); fi
done

edges=$(for h in tla.h tla/*.h tla/*/*.h; do
    sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$h" | while read -r i; do echo "$h $i"; done
done)
bad=$(printf '%s\n' "$edges" | while read -r from to; do [ -f "$to" ] || echo "$from includes \"$to\""; done)
if [ -z "$bad" ]; then
    passed=$((passed + 1))
else
    echo "FAIL headers: includes not written from the root (or naming no file):"; printf '%s\n' "$bad" | head
    failed=$((failed + 1))
fi
if printf '%s\n' "$edges" | tsort > /dev/null 2> "${TMPDIR:-/tmp}/tla-tsort.$$"; then
    passed=$((passed + 1))
else
    echo "FAIL headers: an include circle:"; head "${TMPDIR:-/tmp}/tla-tsort.$$"; failed=$((failed + 1))
fi
rm -f "${TMPDIR:-/tmp}/tla-tsort.$$"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
