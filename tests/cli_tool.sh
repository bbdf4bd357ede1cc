# tests/cli_tool.sh - the tool itself: its help (one table of commands drives dispatch and
# help), its exit statuses, "did you mean", `tla show` of originShape and XLA shapes, svg's
# --tile bounds and --caption.  Sourced by tests/cli.sh (uses its TLA, tmp, pass, fail, bad).

# --- help: `tla help CMD` and `tla CMD --help` print that command's usage alone, the same bytes
for c in eval show xla sparse svg map simplify compose map-op hlo help version; do
    "$TLA" help "$c" > "$tmp/h1" 2>&1
    rc1=$?
    "$TLA" "$c" --help > "$tmp/h2" 2>&1
    rc2=$?
    first=$(head -n 1 "$tmp/h1")
    others=$(grep -c '^usage:' "$tmp/h1")
    case "$first" in
    "usage: tla $c"* | "usage: tla --$c"*) ok=1 ;;
    *) ok=0 ;;
    esac
    if [ "$rc1" -eq 0 ] && [ "$rc2" -eq 0 ] && [ "$ok" -eq 1 ] && [ "$others" -eq 1 ] && cmp -s "$tmp/h1" "$tmp/h2"; then
        pass
    else
        fail "tla help $c: exit $rc1 / $rc2, first line '$first', $others usage lines (expected its usage alone)"
    fi
done
"$TLA" help compose > "$tmp/h1"
if grep -q 'tla simplify\|tla map-op\|tla map EXPR' "$tmp/h1"; then fail "tla help compose prints other commands' help"; else pass; fi
"$TLA" help simplify > "$tmp/h1"
if grep -q 'tla compose\|tla map-op\|tla map EXPR' "$tmp/h1"; then fail "tla help simplify prints other commands' help"; else pass; fi

# --- every flag a command reads (a string "--x" in its source) is in the top help and in the
# help of a command of that file
"$TLA" help > "$tmp/top"
for src in examples/tla_cli/cmd_*.h; do
    cmds=$(sed -n 's/.*"usage: tla \([a-z-]*\) .*/\1/p; s/.*"usage: tla \([a-z-]*\)\\n".*/\1/p' "$src" | sort -u)
    : > "$tmp/cmdhelp"
    for c in $cmds; do "$TLA" help "$c" >> "$tmp/cmdhelp"; done
    for flag in $(grep -o '"--[a-z][a-z-]*"' "$src" | tr -d '"' | sort -u); do
        if grep -q -- "$flag\b" "$tmp/top" && grep -q -- "$flag\b" "$tmp/cmdhelp"; then pass
        else fail "$flag ($src) is not in tla help and in tla help $(echo $cmds)"; fi
    done
done
for flag in --copy --sparse --map --tile --tv --modes --no-padding --latex --caption; do
    grep -q -- "tla svg .*$flag" "$tmp/top" && pass || fail "tla help: svg's synopsis lacks $flag"
done

# --- exit statuses: as the help states them (0 ok, 2 bad input or usage, 3 not built), and
# each one happens
grep -q '^  0  success' "$tmp/top" && grep -q '^  2  bad input or bad usage' "$tmp/top" \
    && grep -q '^  3  a feature not built' "$tmp/top" && pass || fail "tla help does not state the exit statuses"
# (exit 3's uses: xla's search, shown below, and hlo's ops not built, of which there are none)
sed -n '/^  3  /,$p' "$tmp/top" > "$tmp/three"
grep -q 'tla xla' "$tmp/three" && grep -q 'tla hlo of an op' "$tmp/three" && ! grep -q 'sparse\|epilogue' "$tmp/three" && pass \
    || fail "tla help: exit 3's uses"
status() { # WANT ARGS...: tla ARGS exits WANT (standard input empty)
    want=$1
    shift
    "$TLA" "$@" < /dev/null > /dev/null 2>&1
    rc=$?
    [ "$rc" -eq "$want" ] && pass || fail "tla $*: exit $rc, expected $want"
}
status 0 eval 1
status 2 eval 'foo('
status 2 svg
status 2 xla
status 2 map-op
status 2 help bogus
status 2
status 3 xla 'f32[2000000]{0:T(3,1)(3,*,2,1)(1,-1)}'
status 3 show 'f32[2000000]{0:T(3,1)(3,*,2,1)(1,-1)}'
# (no command uses 1: a bad input of every command exits 2)
for args in "eval|(" "show|(" "xla|f32[" "sparse|#x" "svg|(" "map|(" "map-op|bogus" "hlo|/nonexistent" "simplify|--x"; do
    old_ifs=$IFS IFS='|'
    # shellcheck disable=SC2086
    set -- $args
    IFS=$old_ifs
    status 2 "$@"
done

# --- did you mean: commands, expression functions, svg's options, map-op's operations
bad "unknown function 'sise' (did you mean 'size'?)" eval 'sise((4,8))'
bad "unknown function 'cosise' (did you mean 'cosize'?)" eval 'cosise(4:2)'
bad "unknown function 'zn' (did you mean 'zN'?)" eval 'zn(half, 32, 32)'
bad "unknown command 'sho' (did you mean 'show'?)" sho '(2,3):(3,1)'
bad "unknown command 'compse' (did you mean 'compose'?)" help compse
bad "unknown option '--tiles' (did you mean '--tile'?)" svg '(4,8):(1,4)' --tiles 2,2@0,0
echo '(d0) -> (d0), domain: d0 in [0, 3]' > "$tmp/map"
"$TLA" map-op evaluat 1 '' < "$tmp/map" > /dev/null 2> "$tmp/err"
grep -qF "unknown operation 'evaluat' (did you mean 'evaluate'?)" "$tmp/err" && pass || fail "map-op: no 'did you mean'"
# a name far from every name gets no guess
"$TLA" eval 'frobnicate(1)' > /dev/null 2> "$tmp/err"
grep -q 'did you mean' "$tmp/err" && fail "eval 'frobnicate(1)' guessed a name" || pass
bad "unknown command 'frobnicate' (try 'tla help')" frobnicate

# --- show: originShape where it differs from the modes' sizes, padding cells end in '*'
"$TLA" show 'zN(half,20,20)' > "$tmp/show"
[ "$(head -n 1 "$tmp/show")" = "((_16,2),(_16,2)):((_16,_256),(_1,512)) origin (20,20)" ] && pass \
    || fail "show zN(half,20,20): first line '$(head -n 1 "$tmp/show")'"
# 32 x 32 cells, 20 x 20 of data: 624 padding cells; row 19 ends its data at column 19
[ "$(grep -o '[0-9]\*|' "$tmp/show" | wc -l)" -eq 624 ] && pass || fail "show zN(half,20,20): padding cells"
row19=$(grep '^19  |' "$tmp/show")
case "$row19" in
*"  319 |  816 |  817 |  818 |  819 |  820*|  821*|"*) pass ;;
*) fail "show zN(half,20,20): row 19 is '$row19'" ;;
esac
[ "$(tail -n 1 "$tmp/show")" = "    (* padding: beyond the originShape)" ] && pass || fail "show: no note under a padded grid"
# no origin where it equals the shape: the golden grids stay CuTe's
"$TLA" show 'zN(half,32,32)' | head -n 1 > "$tmp/out"
[ "$(cat "$tmp/out")" = "((_16,2),(_16,2)):((_16,_256),(_1,512))" ] && pass || fail "show zN(half,32,32): '$(cat "$tmp/out")'"
# an XLA shape: its layout with its logical extent, written as a string or as xla("...")
"$TLA" show 'f32[3,5]{1,0:T(2,2)}' > "$tmp/x1" 2>&1 && "$TLA" show 'xla("f32[3,5]{1,0:T(2,2)}")' > "$tmp/x2" 2>&1
[ "$(head -n 1 "$tmp/x1")" = "((2,2),(2,3)):((2,12),(1,4)) origin (3,5)" ] && cmp -s "$tmp/x1" "$tmp/x2" && pass \
    || fail "show of an XLA shape: '$(head -n 1 "$tmp/x1")'"
grep -q '^ 3  | 14\*| 15\*|' "$tmp/x1" && pass || fail "show f32[3,5]{1,0:T(2,2)}: row 3 is padding"
bad "unexpected '[' after the expression" show 'f32[3,5]{1,0:T(2,2)'

# --- svg --tile: inside the layout, or an error naming the mode and the extents, nothing drawn
"$TLA" svg '(4,8):(1,4)' --tile 16,16@0,0 > "$tmp/out" 2> "$tmp/err"
rc=$?
[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] \
    && grep -qF 'tla: error: --tile 16,16@0,0 reaches past the layout: rows 0..15, but the layout has 4 rows (mode 0)' "$tmp/err" \
    && pass || fail "svg --tile 16,16@0,0 on a 4x8 layout: exit $rc, $(cat "$tmp/err")"
bad 'columns 6..9, but the layout has 8 columns (mode 1)' svg '(4,8):(1,4)' --tile 2,4@0,6
bad 'elements 6..8, but the layout has 8 elements (mode 0)' svg '8:2' --tile 3@6
bad 'one integer >= 0 per mode (2 here)' svg '(4,8):(1,4)' --tile 2@0
bad 'rows 40..55, but the layout has 48 rows' svg 'zN(half, 40, 40)' --tile 16,16@40,40
"$TLA" svg '(4,8):(1,4)' --tile 4,8@0,0 > "$tmp/out" 2>&1 && grep -q 'class="tile"' "$tmp/out" && pass \
    || fail "svg --tile 4,8@0,0: the whole layout is a tile"
"$TLA" svg 'zN(half, 40, 40)' --tile 16,16@32,32 > /dev/null 2>&1 && pass || fail "svg: a tile over the padding is inside"
bad '--tile is for the picture of a layout, not with --copy' svg 'zN(half, 16, 32)' --copy 'row_major(16, 32)' --tile 2,2@0,0
bad '--tv, --copy, --sparse and --map exclude each other' svg '(4,8):(1,4)' --tv 4,8 --copy '(4,8):(1,4)'

# --- svg --caption: written under the picture (escaped), which grows to hold it
"$TLA" svg '(2,3):(3,1)' > "$tmp/plain"
"$TLA" svg '(2,3):(3,1)' --caption 'a <b> & c' > "$tmp/cap"
grep -q '^<text class="caption" [^>]*>a &lt;b&gt; &amp; c</text>$' "$tmp/cap" && tail -n 1 "$tmp/cap" | grep -q '^</svg>$' \
    && pass || fail "svg --caption: no caption line"
h0=$(sed -n '1s/.* height="\([0-9]*\)".*/\1/p' "$tmp/plain")
h1=$(sed -n '1s/.* height="\([0-9]*\)".*/\1/p' "$tmp/cap")
[ "$h1" -eq $((h0 + 24)) ] && pass || fail "svg --caption: height $h0 -> $h1, expected one line (24) more"
# the rest of the picture is unchanged
sed '1d; /class="caption"/d' "$tmp/cap" > "$tmp/cap.body"
sed '1d' "$tmp/plain" > "$tmp/plain.body"
cmp -s "$tmp/cap.body" "$tmp/plain.body" && pass || fail "svg --caption changed the picture"
bad '--caption is for SVG pictures' svg '(2,3):(3,1)' --latex --caption x
