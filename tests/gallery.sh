#!/bin/sh
# tests/gallery.sh - make docs' gallery: docs/gallery.sh builds every picture of
# docs/gallery.txt into a scratch directory; the page links only to files it built, each
# picture is an SVG document whose caption (gallery.txt's third column) is written in it, each
# thumbnail links to its full-size picture, and docs/zn_half_32x32.svg (the README's picture)
# is what make docs makes today.  Prints "N passed, M failed".
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
# every thumbnail is a link to its own picture: <a href="X.svg"><img src="X.svg" ...></a>
thumbs=$(grep -c '<a href="\([^"]*\)"><img src="\1"' "$OUT/gallery.html" 2> /dev/null)
if [ "${thumbs:-0}" -eq "$n" ]; then ok; else bad "$thumbs of the $n pictures link to their full size"; fi
# each picture carries its caption, visible (a <text> element under the picture)
grep -v '^#' docs/gallery.txt | grep -v '^ *$' | while IFS='|' read -r name args caption; do
    name=$(echo "$name" | tr -d ' ')
    want=$(echo "$caption" | sed 's/^ *//; s/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
    got=$(sed -n 's/^<text class="caption"[^>]*>\(.*\)<\/text>$/\1/p' "$OUT/$name.svg" 2> /dev/null | tr '\n' ' ' | sed 's/ $//')
    if [ -n "$want" ] && [ "$got" = "$want" ]; then echo ok; else echo "bad $name"; fi
done > "$OUT.captions"
passed=$((passed + $(grep -c '^ok' "$OUT.captions")))
for f in $(sed -n 's/^bad //p' "$OUT.captions"); do bad "$f.svg has no visible caption"; done
want=$(grep -v '^#' docs/gallery.txt | grep -c -v '^ *$')
if [ "$n" -eq "$want" ] && [ "$n" -gt 0 ]; then ok; else bad "$n pictures on the page, docs/gallery.txt lists $want"; fi
if cmp -s "$OUT/zn_half_32x32.svg" docs/zn_half_32x32.svg; then ok; else bad "docs/zn_half_32x32.svg is stale: run make docs"; fi
echo "$passed passed, $failed failed"
