#!/bin/sh
# docs/gallery.sh TLA OUTDIR - the gallery: OUTDIR/NAME.svg for every line of docs/gallery.txt,
# each with its caption written under the picture (tla svg --caption), and OUTDIR/gallery.html
# showing each picture as a thumbnail that links to the full-size SVG, beside the caption and
# the command that made it.  make docs runs it with build/tla and docs/.  Fails (non-zero) if
# a picture cannot be made.
set -eu
TLA=$1 OUT=$2
mkdir -p "$OUT"
html=$OUT/gallery.html
{
    echo '<!DOCTYPE html>'
    echo '<html><head><meta charset="utf-8"><title>tla.h gallery</title>'
    echo '<style>body{font-family:sans-serif;margin:2em} figure{display:inline-block;vertical-align:top;margin:1em;max-width:46%}'
    echo 'img{max-width:100%;border:1px solid #ccc} code{background:#f4f4f4;padding:2px 4px}</style></head><body>'
    echo '<h1>tla.h gallery</h1><p>Made by <code>make docs</code>: each picture is <code>tla svg ...</code>, cells show offsets;'
    echo 'click a picture for its full size.</p>'
} > "$html"
grep -v '^#' docs/gallery.txt | grep -v '^ *$' | while IFS='|' read -r name args caption; do
    name=$(echo "$name" | tr -d ' ')
    args=$(echo "$args" | sed 's/^ *//; s/ *$//')
    caption=$(echo "$caption" | sed 's/^ *//')
    eval "\"$TLA\" svg $args --caption \"\$caption\"" > "$OUT/$name.svg.tmp"
    mv "$OUT/$name.svg.tmp" "$OUT/$name.svg"
    cmd=$(printf '%s' "tla svg $args" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
    text=$(printf '%s' "$caption" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
    printf '<figure><a href="%s.svg"><img src="%s.svg" alt="%s"></a><figcaption>%s<br><code>%s</code></figcaption></figure>\n' \
        "$name" "$name" "$name" "$text" "$cmd" >> "$html"
done
echo '</body></html>' >> "$html"
