#!/bin/sh
# tests/gallery.sh - make docs' gallery: docs/gallery.sh builds every picture of
# docs/gallery.txt into a scratch directory; the page links only to files it built, each
# picture is an SVG document, and docs/zn_half_32x32.svg (the README's picture) is what
# make docs makes today.  Prints "N passed, M failed".
set -u
OUT=${OUT:-build/test}/gallery
rm -rf "$OUT"
mkdir -p "$(dirname "$OUT")"
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL gallery: $1"; failed=$((failed + 1)); }
if sh docs/gallery.sh build/tla "$OUT" > "$OUT.log" 2>&1; then ok; else bad "docs/gallery.sh failed: $(head -3 "$OUT.log")"; fi
links=$(grep -o 'src="[^"]*"' "$OUT/gallery.html" 2> /dev/null | sed 's/src="//; s/"$//')
n=0
for f in $links; do
    n=$((n + 1))
    case $f in */* | ..*) bad "the page links outside its directory: $f"; continue ;; esac
    if [ -s "$OUT/$f" ] && head -c 4 "$OUT/$f" | grep -q '<svg' && tail -n 1 "$OUT/$f" | grep -q '^</svg>$'; then
        ok
    else
        bad "$f is missing or not an SVG document"
    fi
done
want=$(grep -v '^#' docs/gallery.txt | grep -c -v '^ *$')
if [ "$n" -eq "$want" ] && [ "$n" -gt 0 ]; then ok; else bad "$n pictures on the page, docs/gallery.txt lists $want"; fi
if cmp -s "$OUT/zn_half_32x32.svg" docs/zn_half_32x32.svg; then ok; else bad "docs/zn_half_32x32.svg is stale: run make docs"; fi
echo "$passed passed, $failed failed"
