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

# Top-down order (ARCHITECTURE.md, "How a header reads"): a header that defines a function or
# an internal name (tla__ / TLA__) has the marker line exactly once; above it no function body
# and no internal definition (but the few the public part needs, listed in NEEDED); below it
# no public macro or type, and every public function defined there has its prototype above.
# tla/static/core_gen.h is generated and internal only; tla/deprecated.h is one list of old
# names, each with the wrapper that takes its old argument order.
NEEDED="tla/base.h:TLA__BODIES tla/base.h:TLA__LINKED tla/rt/error.h:TLA__PRINTF"
order=$(for h in tla/*.h tla/*/*.h; do
    case $h in tla/static/core_gen.h | tla/deprecated.h) continue ;; esac
    awk -v h="$h" -v needed=" $NEEDED " '
    function bad(msg) { print h ":" FNR ": " msg; }
    BEGIN { marker = "/* ---------------------------------------------------------------- internals */" }
    $0 == marker { nmark++; below = 1; next }
    # a function head: gather it up to its ";" (a prototype) or its body
    head != "" || /^(TLA__[A-Z_]+(\([^)]*\))? )*TLA_(FUNC|API) / {
        head = head " " $0
        if (head !~ /[;{]/ && $0 !~ /\)$/) next
        if (head !~ /[;{]/) { getline nxt; head = head " " nxt }
        name = head; gsub(/TLA__[A-Z_]+\([^)]*\)/, "", name); sub(/\(.*/, "", name); sub(/.*[ *]/, "", name)
        proto = (index(head, ";") && (!index(head, "{") || index(head, ";") < index(head, "{")))
        if (!below && !proto) bad("a function defined above the marker: " name)
        if (!below && proto) declared[name] = 1
        if (below && proto && name ~ /^tla_[a-z0-9]/) bad("a public prototype below the marker: " name)
        if (below && !proto) { defs++; if (name ~ /^tla_[a-z0-9]/ && !(name in declared)) bad("no prototype above the marker: " name) }
        head = ""
        next
    }
    /^[ \t]*#[ \t]*define[ \t]+(tla__|TLA__)/ || /^(typedef )?(struct|union|enum) tla__[a-z0-9_]* \{/ || /^} tla__[a-z0-9_]*;/ {
        internals++
        nm = $0; sub(/^[ \t]*#[ \t]*define[ \t]+/, "", nm); sub(/^(typedef )?(struct|union|enum) /, "", nm); sub(/^} /, "", nm)
        sub(/[^A-Za-z0-9_].*/, "", nm)
        if (!below && index(needed, " " h ":" nm " ") == 0) bad("an internal defined above the marker: " nm)
    }
    # (compat.h: every macro not named tla__ / TLA__ is public: MakeLayout, _16, ...)
    below && (/^[ \t]*#[ \t]*define[ \t]+(tla|TLA)_[A-Za-z0-9]/ || /^} tla_[a-z0-9][a-z0-9_]*;/ \
              || (h == "tla/compat.h" && /^[ \t]*#[ \t]*define/)) && !/^[ \t]*#[ \t]*define[ \t]+(tla|TLA)__/ {
        nm = $0; sub(/^[ \t]*#[ \t]*define[ \t]+/, "", nm); sub(/^} /, "", nm); sub(/[^A-Za-z0-9_].*/, "", nm)
        if (index(needed, " " h ":" nm " ") == 0) bad("a public name defined below the marker: " nm)
    }
    END {
        if ((defs || internals) && nmark != 1) print h ": " nmark + 0 " marker lines (one wanted: it defines functions or internals)"
        if (!defs && !internals && nmark > 1) print h ": " nmark " marker lines"
    }' "$h"
done)
if [ -z "$order" ]; then
    passed=$((passed + 1))
else
    echo "FAIL headers: not in top-down order:"; printf '%s\n' "$order" | head -20
    failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
