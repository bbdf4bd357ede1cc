#!/bin/sh
# tests/cli.sh - the `tla` command-line tool against expected output (spec 6).
# Run from the repository root after `make build/tla` (TLA=path overrides the
# binary).  Prints a FAIL line per failure and ends with "N passed, M failed".
set -u
TLA=${TLA:-build/tla}
GOLDEN=tests/golden/print_layout.txt
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tla-cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

if [ ! -x "$TLA" ]; then
    fail "no executable $TLA (run 'make build/tla')"
    echo "$passed passed, $failed failed"
    exit 1
fi

# ok_eval EXPR EXPECTED: `tla eval EXPR` prints EXPECTED and exits 0.
ok_eval() {
    got=$("$TLA" eval "$1" 2> "$tmp/err")
    rc=$?
    if [ "$rc" -eq 0 ] && [ "$got" = "$2" ] && [ ! -s "$tmp/err" ]; then pass
    else fail "eval '$1': got '$got' (exit $rc), expected '$2'"; fi
}

# bad WANT ARGS...: `tla ARGS` exits 2, prints nothing on stdout... except
# earlier results, and its stderr starts with "tla: error:" and contains WANT.
bad() {
    want=$1
    shift
    "$TLA" "$@" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    first=$(head -n 1 "$tmp/err")
    case "$first" in
    "tla: error: "*) ok=1 ;;
    *) ok=0 ;;
    esac
    if [ "$rc" -eq 2 ] && [ "$ok" -eq 1 ] && grep -qF -- "$want" "$tmp/err"; then pass
    else fail "tla $*: exit $rc, stderr '$first', expected exit 2 and '$want'"; fi
}

# same NAME FILE1 FILE2: byte-identical files.
same() {
    if cmp -s "$2" "$3"; then pass; else
        fail "$1 differs:"
        diff "$2" "$3" | head -10
    fi
}

# --- the outputs spec 6 and the brief require
ok_eval 'crd2offset((1,5), ((4,2),(4,3)):((4,16),(1,32)))' 37
ok_eval 'zN(half, 32, 48)' '((_16,2),(_16,3)):((_16,_256),(_1,512))'
ok_eval 'make_layout_tile(((_4,_2),(_4,_3)):((_4,_16),(_1,_32)), (4,4))' '((_4,1),(_4,1)):((_4,_16),(_1,_32))'
ok_eval 'make_layout_tile(((4,2),(4,3)):((4,16),(1,32)), (4,4))' '((4,1),(4,1)):((4,16),(1,32))'

# --- show: the golden grids, one at a time and all at once
"$TLA" show '(2,3):(3,1)' > "$tmp/show1"
sed -n 1,7p "$GOLDEN" > "$tmp/gold1"
same "show (2,3):(3,1)" "$tmp/show1" "$tmp/gold1"
"$TLA" show '(2,3):(1,2)' > "$tmp/show2"
sed -n 8,14p "$GOLDEN" > "$tmp/gold2"
same "show (2,3):(1,2)" "$tmp/show2" "$tmp/gold2"
"$TLA" show '(2,3):(3,1)' '(2,3):(1,2)' '((4,2),(4,3)):((4,16),(1,32))' '(_2,4):(_12,_1)' > "$tmp/showall"
same "show of the four golden layouts" "$tmp/showall" "$GOLDEN"
"$TLA" show ' ( _2 , 4 ) : ( _12 , _1 ) ' > "$tmp/show4"
tail -n 7 "$GOLDEN" > "$tmp/gold4"
same "show with spaces" "$tmp/show4" "$tmp/gold4"
got=$("$TLA" show '(6):(2)')
[ "$got" = "(6):(2)" ] && pass || fail "show of a rank-1 layout: '$got'"
got=$("$TLA" show '(2,2)' | head -n 1)
[ "$got" = "(2,2):(_1,2)" ] && pass || fail "show of a shape: '$got'"

# --- integers, tuples, layouts
ok_eval '6' 6
ok_eval '_6' _6
ok_eval '-3' -3
ok_eval '(6)' '(6)'
ok_eval ' ( 4 , ( _2 , 3 ) ) ' '(4,(_2,3))'
ok_eval '(_2,4):(_12,_1)' '(_2,4):(_12,_1)'
ok_eval '6:1' '6:1'
ok_eval '(2,3):(1,-2)' '(2,3):(1,-2)'
ok_eval '[4:1,(2,2):(1,2)]' '[4:1,(2,2):(1,2)]'
ok_eval '[2, 4]' '[2,4]'
ok_eval '"f32[3,5]{1,0:T(2,2)}"' '"f32[3,5]{1,0:T(2,2)}"'

# --- functions
ok_eval 'size((4,(2,3)))' 24
ok_eval 'size((_4,_2))' _8
ok_eval 'size(((4,2),(4,3)):((4,16),(1,32)))' 96
ok_eval 'size(((4,2),(4,3)):((4,16),(1,32)), 1)' 12
ok_eval 'cosize(((4,2),(4,3)):((4,16),(1,32)))' 96
ok_eval 'cosize((4,3):(-1,4))' 9
ok_eval 'cosize((4,0):(1,4))' 0
ok_eval 'rank(((4,2),(4,3)):((4,16),(1,32)))' 2
ok_eval 'rank(7)' 1
ok_eval 'depth(((4,2),(4,3)))' 2
ok_eval 'depth(7)' 0
ok_eval 'depth((4,(2,3)), 1)' 1
ok_eval 'shape(((4,2),(4,3)):((4,16),(1,32)))' '((4,2),(4,3))'
ok_eval 'stride(((4,2),(4,3)):((4,16),(1,32)), 1)' '(1,32)'
ok_eval 'stride((4,(2,3)))' '(_1,(4,8))'
ok_eval 'shape((4,(2,3)), 1, 0)' 2
ok_eval 'get(((4,2),(4,3)):((4,16),(1,32)), 1)' '(4,3):(1,32)'
ok_eval 'get(((4,2),(4,3)):((4,16),(1,32)), 1, 1)' '3:32'
ok_eval 'get((4,(2,_3)), 1, 1)' _3
ok_eval 'crd2offset(37, ((4,2),(4,3)):((4,16),(1,32)))' 52
ok_eval 'crd2offset((1,5), ((4,2),(4,3)), ((4,16),(1,32)))' 37
ok_eval 'crd2offset((1,2), (2,3))' 5
ok_eval 'crd2offset((_1,_2), (_2,_3):(_3,_1))' _5
ok_eval 'crd2offset(17, (2,4,4):(16,4,1))' 18
ok_eval 'idx2crd(6, ((2,2,4)))' '((0,1,1))'
ok_eval 'idx2crd(14, (3,(2,4,2)))' '(2,(0,2,0))'
ok_eval 'idx2crd(5, 6)' 5
ok_eval 'idx2crd(47, (8,6):(6,1))' '(7,5)'
ok_eval 'row_major(3, 5)' '(3,5):(5,_1)'
ok_eval 'row_major(_3, _5)' '(_3,_5):(_5,_1)'
ok_eval 'column_major(3, 5)' '(3,5):(_1,3)'
ok_eval 'zN(half, _32, _48)' '((_16,_2),(_16,_3)):((_16,_256),(_1,_512))'
ok_eval 'zN(f16, 32, 48)' '((_16,2),(_16,3)):((_16,_256),(_1,512))'
ok_eval 'zN(float, 20, 20)' '((_16,2),(_8,3)):((_8,_128),(_1,256))'
ok_eval 'zZ(half, 32, 48)' '((_16,2),(_16,3)):((_16,768),(_1,_256))'
ok_eval 'nZ(int8, 64, 48)' '((_32,2),(_16,3)):((_1,1536),(_32,_512))'
ok_eval 'nN(bf16, 32, 48)' '((_16,2),(_16,3)):((_1,_256),(_16,512))'
ok_eval 'zN(s8, 100, 100)' '((_16,7),(_32,4)):((_32,_512),(_1,3584))'
ok_eval 'zN(s32, 16, 8)' '((_16,1),(_8,1)):((_8,_128),(_1,128))'
ok_eval 'zN(bf16, 16, 16)' '((_16,1),(_16,1)):((_16,_256),(_1,256))'
ok_eval 'zN(int32, 16, 8)' '((_16,1),(_8,1)):((_8,_128),(_1,128))'
ok_eval 'zN(f32, 16, 8)' '((_16,1),(_8,1)):((_8,_128),(_1,128))'
ok_eval 'l0c(20, 40)' '((_16,2),(_16,3)):((_16,_256),(_1,512))'
ok_eval 'vector(7)' '(7):(_1)'
ok_eval 'make_layout_tile(zN(half, 64, 64), (16, 32))' '((_16,1),(_16,2)):((_16,_256),(_1,1024))'
# the layouts of rt/formats_ext.h: 4-bit elements (C0 64), fp4's even leading stride, e8m0,
# Weight4BitnZ, the MX scales, the convolution fmap and filter (CATLASS examples' shapes)
ok_eval 'zN(int4, 32, 128)' '((_16,2),(_64,2)):((_64,_1024),(_1,2048))'
ok_eval 'zN(int4, 1024, 512)' '((_16,64),(_64,8)):((_64,_1024),(_1,65536))'
ok_eval 'nZ(fp4, _128, _32)' '((_64,_2),(_16,_2)):((_1,_2048),(_64,_1024))'
ok_eval 'zZ(int4, 100, 70)' '((_16,7),(_64,2)):((_64,2048),(_1,_1024))'
ok_eval 'nN(int4, 100, 70)' '((_64,2),(_16,5)):((_1,_1024),(_64,2048))'
ok_eval 'row_major(fp4, 3, 5)' '(3,5):(6,_1)'
ok_eval 'row_major(int4, 3, 5)' '(3,5):(5,_1)'
ok_eval 'column_major(fp4, _1023, _5)' '(_1023,_5):(_1,_1024)'
ok_eval 'zN(e8m0, 32, 32)' '((_16,2),(_32,1)):((_32,_512),(_1,1024))'
ok_eval 'crd2offset((3,70), zN(int4, 32, 128))' 2246
ok_eval 'weight4bit_nZ(128, 128)' '((_32,4),(_16,8)):((_1,4096),(_32,_512))'
ok_eval 'weight4bit_nZ(64, 32)' '((_32,2),(_16,2)):((_1,1024),(_32,_512))'
ok_eval 'mx_scale_a_row(256, 32)' '(256,(_2,16)):(32,(_1,_2))'
ok_eval 'mx_scale_a_row(64, 3)' '(64,(_2,2)):(4,(_1,_2))'
ok_eval 'mx_scale_a_col(64, 3)' '(64,(_2,2)):(_2,(_1,128))'
ok_eval 'mx_scale_b_row(3, 64)' '((_2,2),64):((_1,128),_2)'
ok_eval 'mx_scale_b_col(32, 512)' '((_2,16),512):((_1,_2),32)'
ok_eval 'mx_scale_zZ(256, 32)' '((_16,16),(_2,16)):((_2,512),(_1,_32))'
ok_eval 'mx_scale_nN(32, 512)' '((_2,16),(_16,32)):((_1,_32),(_2,512))'
ok_eval 'mx_scale_a_row(_64, _3)' '(_64,(_2,_2)):(_4,(_1,_2))'
ok_eval 'fmap(half, 2, 7, 33, 43)' '(2,7,33,43,_16):(158928,22704,688,_16,_1)'
ok_eval 'fmap(half, 1, 2, 4, 4)' '(1,2,4,4,_16):(512,256,64,_16,_1)'
ok_eval 'fmap(int8, _1, _2, _4, _4)' '(_1,_2,_4,_4,_32):(_1024,_512,_128,_32,_1)'
ok_eval 'filter(half, 7, 3, 3, 80)' '(7,3,3,80,_16):(11520,3840,1280,_16,_1)'
ok_eval 'filter(half, 2, 3, 3, 20)' '(2,3,3,20,_16):(2880,960,320,_16,_1)'
ok_eval 'filter_l1(half, 2, 3, 3, 20)' '(2,3,3,32,_16):(4608,1536,512,_16,_1)'
ok_eval 'crd2offset((1,2,3,4,5), fmap(half, 2, 7, 33, 43))' "$(( 158928 + 2 * 22704 + 3 * 688 + 4 * 16 + 5 ))"
ok_eval 'filter((2,3):(0,1))' '3:1'
bad "the convolution layouts take elements of 1, 2 or 4 bytes" eval 'fmap(fp4, 1, 2, 3, 4)'
bad "filter takes 1 argument (a layout) or 5" eval 'filter(half, 1, 2)'
bad "fmap: sizes must be >= 0" eval 'fmap(half, 1, -2, 4, 4)'
bad "conv_filter: " eval 'filter_l1(half, 1, 2, 4, 9223372036854775807)'
bad "expected an element type" eval 'zN(int3, 1, 1)'
ok_eval 'make_layout_tile(row_major(8, 8), (2, 4))' '(2,4):(8,_1)'
ok_eval 'size(make_layout_tile(zN(half,64,64), (32,32)))' 1024
ok_eval 'crd2offset((1,5), make_layout_tile(((4,2),(4,3)):((4,16),(1,32)), (8,8)))' 37

# --- several expressions, one line each
got=$("$TLA" eval 'size(6:1)' '(1,2)' 'vector(3)')
want=$(printf '6\n(1,2)\n(3):(_1)')
[ "$got" = "$want" ] && pass || fail "eval of three expressions: '$got'"

# --- standard input, one output line per input line
printf 'size((4,8))\nfoo(1)\n\n(1,\ncosize(8:2)\nhalf\nrank((1,2,3))\r\n' > "$tmp/in"
"$TLA" eval < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
rc=$?
printf '32\nerror: unknown function '"'"'foo'"'"' (column 1)\n\nerror: this '"'"'('"'"' has no matching '"'"')'"'"' (column 1)\n15\nerror: unknown name '"'"'half'"'"' (column 1)\n3\n' > "$tmp/want"
same "eval from stdin" "$tmp/out" "$tmp/want"
[ "$rc" -eq 2 ] && pass || fail "eval from stdin with bad lines: exit $rc, expected 2"
printf 'size((4,8))\nzN(half, 32, 48)\n' | "$TLA" eval - > "$tmp/out"
rc=$?
printf '32\n((_16,2),(_16,3)):((_16,_256),(_1,512))\n' > "$tmp/want"
same "eval - from stdin" "$tmp/out" "$tmp/want"
[ "$rc" -eq 0 ] && pass || fail "eval - with good lines: exit $rc"
printf 'size(4)' | "$TLA" eval > "$tmp/out"
[ "$(cat "$tmp/out")" = 4 ] && pass || fail "stdin without a final newline"
: | "$TLA" eval > "$tmp/out"
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$tmp/out" ] && pass || fail "empty stdin: exit $rc"

# --- bad input: exit 2, "tla: error:", what and where
# --- the algebra (spec 6's examples and docs/runtime.md's)
ok_eval 'composition(((4,2),(4,3)):((4,16),(1,32)), (8,3):(1,8))' '(8,3):(4,1)'
ok_eval 'zipped_divide(zN(half, _32, _48), [_16:_1, _16:_1])' '((_16,_16),(_2,_3)):((_16,_1),(_256,_512))'
ok_eval 'blocked_product((_2,_2):(_1,_2), (_4,_8):(_8,_1))' '((_2,_4),(_2,_8)):((_1,_32),(_2,_4))'
ok_eval 'slice((_,2), (4,8):(8,1))' '(4):(8) + 2'
# slice keeps the offset of the sub-layout's start (the C API's tla_slice returns it too)
ok_eval 'slice((_,2), (4,8):(1,4))' '(4):(1) + 8'
ok_eval 'slice((_,0), (4,8):(1,4))' '(4):(1)'
ok_eval 'size(slice((_,2), (4,8):(1,4)))' 4
ok_eval 'complement(4:2, 16)' '(2,2):(_1,8)'
bad "complement: the layout is not injective" eval 'complement((2,2):(1,1))'
bad "stride divisibility" eval 'composition((3,4):(1,5), 2:2)'
bad "a tiler of 3 modes for a layout of rank 2" eval 'logical_divide((4,4):(1,4), [2:1,2:1,2:1])'
# --- XLA (spec 3 and 6)
ok_eval 'crd2offset((2,3), xla("f32[3,5]{1,0:T(2,2)}"))' '17'
ok_eval 'xla("f32[3,5]{1,0:T(2,2)}")' '((2,2),(2,3)):((2,12),(1,4))'
ok_eval 'xla_index("F32[3,5]{1,0:T(2,2)}", (2,3))' '17'
ok_eval 'to_xla((2,3):(1,2), "f32")' '"f32[2,3]{0,1}"'
bad "not representable" eval 'to_xla((4,4):(1,8), "f32")'
got=$("$TLA" xla 'f32[3,5]{1,0:T(2,2)}')
[ "$got" = '((2,2),(2,3)):((2,12),(1,4))' ] && pass || fail "tla xla f32[3,5]{1,0:T(2,2)}: '$got'"
got=$("$TLA" xla --offsets 'f32[2,3]{0,1}')
[ "$got" = '0 2 4 1 3 5' ] && pass || fail "tla xla --offsets f32[2,3]{0,1}: '$got'"
got=$("$TLA" xla --offsets 'f32[3,5]{1,0:T(2,2)}')
[ "$got" = '0 1 4 5 8 2 3 6 7 10 12 13 16 17 20' ] && pass || fail "tla xla --offsets f32[3,5]{1,0:T(2,2)}: '$got'"
bad "expected ',' or ')' in a tile" xla 'f32[3,5]{1,0:T(2,2'
bad "found 'x' (column 6)" xla 'f32[3x5]'
bad "unknown element type" xla 'q8[2]'
. tests/cli_xla.sh
bad "(column 1)" eval '(1,2'
bad "this '(' has no matching ')'" eval '(1,2'
bad "unexpected ')'" eval '(1,2))'
bad "congruent" eval '(2,3):(1,2,3)'
bad "int64" eval '99999999999999999999'
bad "overflow" eval 'size((4294967296,4294967296))'
bad "overflow" eval 'crd2offset((1,1), (2,2):(9223372036854775807,1))'
bad "rank" eval 'crd2offset((1,2,3), (2,3):(1,2))'
bad "out of range" eval 'get((1,2), 2)'
bad "element type" eval 'zN(double, 32, 48)'
bad "takes 3 arguments" eval 'zN(half, 32)'
bad "must be an integer" eval 'row_major((1,2), 3)'
bad "deeper" eval '(((((1)))))'
bad "more than 8" eval '(1,2,3,4,5,6,7,8,9)'
bad "unterminated string" eval '"abc'
bad "tuple element" eval '(1, 2:1)'
bad "unknown name 'half'" eval 'half'
bad "(column 1)" eval ''
bad "nested too deeply" eval 'size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(size(1)))))))))))))))))))))))))))))))))'
bad "unknown command 'frobnicate'" frobnicate
# indexing maps: tla map / simplify / compose / hlo
. tests/cli_ixmap.sh
bad "needs a layout" show
bad "too large" show '(100000,100000):(1,100000)'
bad "not a string" show '"abc"'
bad "" eval '37' 'foo(' '1'
# like 'eval -', 'eval A B C' reports a failing expression and goes on (exit 2 at the end)
"$TLA" eval '37' 'foo(' '1' > "$tmp/out" 2> /dev/null
rc=$?
[ "$(cat "$tmp/out")" = "$(printf '37\n1')" ] && [ "$rc" -eq 2 ] && pass || fail "eval should go on after a failing expression (exit 2)"
# errors name the operation the user called, and a missing ')' as such
bad "left_inverse: the layout is not injective" eval 'left_inverse((2,2):(1,1))'
bad "this '(' has no matching ')' (column 1)" eval '((4,2):(1,4)'
bad "this '[' has no matching ']'" eval 'logical_divide(8:1, [2:1'
bad "unknown command 'bogus'" help bogus
# the help names every function of the tool's table (and nothing else is dispatched)
"$TLA" help > "$tmp/help" 2>&1
"$TLA" help --functions > "$tmp/fns" 2>&1
[ "$(wc -l < "$tmp/fns")" -ge 40 ] && pass || fail "tla help --functions lists too few functions"
while read -r fn; do
    grep -q "\b$fn\b" "$tmp/help" && pass || fail "tla help does not mention $fn"
done < "$tmp/fns"
# --version prints the version of tla.h, the same as tla.pc
"$TLA" --version > "$tmp/out" 2>&1
v=$(sed -n 's/^Version: //p' tla.pc.in)
[ "$(cat "$tmp/out")" = "tla $v" ] && pass || fail "tla --version: '$(cat "$tmp/out")', expected 'tla $v'"
grep -q "#define TLA_VERSION_STRING \"$v\"" tla/base.h && pass || fail "TLA_VERSION_STRING differs from tla.pc.in ($v)"
# crd2offset does not range-check (CuTe's semantics), and the help says so
ok_eval 'crd2offset((9,9), (4,8):(1,4))' 45
"$TLA" help | grep -q "not range-checked" && pass || fail "help should say coordinates are not range-checked"
"$TLA" > /dev/null 2>&1
[ $? -eq 2 ] && pass || fail "tla with no arguments should exit 2"

. tests/cli_robust.sh

# --- help
for args in help --help -h "eval --help" "show --help" "help eval"; do
    # shellcheck disable=SC2086
    "$TLA" $args > "$tmp/out" 2>&1
    rc=$?
    if [ "$rc" -eq 0 ] && grep -q usage "$tmp/out"; then pass; else fail "tla $args: exit $rc"; fi
done

# --- never a crash: odd inputs exit 0 or 2
for e in '' ' ' '(' ')' ':' '(,)' '((((' '_' '_-' '-' '--1' '(1:2)' '1:' ':1' '[' '[]' '[1,' '"' \
    'f(' 'f(,)' 'size(' 'size()' 'size(1,2,3,4,5,6,7,8,9)' 'get(1,-1)' 'get((1,2),99999999999)' \
    'idx2crd(-5, (2,3))' 'idx2crd(5, (0,3))' 'crd2offset(5, (0,3):(1,1))' 'make_layout_tile(1:1, (1,2))' \
    'zN(half, -1, 5)' 'vector(-1)' 'l0c(9223372036854775807, 1)' 'crd2offset(-9223372036854775808, (2,3):(1,3))' \
    "$(printf '(1,\001)')" 'cosize((2,2):(-9223372036854775807,-9223372036854775807))'; do
    "$TLA" eval "$e" > /dev/null 2>&1
    rc=$?
    if [ "$rc" -eq 0 ] || [ "$rc" -eq 2 ]; then pass; else fail "eval '$e' exited $rc"; fi
done

# --- tla svg: pictures on standard output, errors exit 2 with nothing on stdout
for args in "zN(half, 32, 32)" "zN(half, 40, 40)|--tile|16,16@8,8|--modes" "(4,8):(8,1)|--latex" \
    "((4,2),(2,2)):((2,16),(1,8))|--tv|8,4" "zN(half, 16, 32)|--copy|row_major(16, 32)" "8:2|--tile|3@2"; do
    old_ifs=$IFS IFS='|'
    # shellcheck disable=SC2086
    set -- $args
    IFS=$old_ifs
    "$TLA" svg "$@" > "$tmp/svg" 2> "$tmp/err"
    rc=$?
    if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && { grep -q '^</svg>$' "$tmp/svg" || grep -q 'end{document}' "$tmp/svg"; }; then pass
    else fail "svg $args: exit $rc, $(head -c 200 "$tmp/err")"; fi
done
bad 'rank 1 or 2' svg '(2,2,2):(1,2,4)'
bad 'EXTENT@COORD' svg 'zN(half, 32, 32)' --tile 16,16
bad 'EXTENT@COORD' svg 'zN(half, 32, 32)' --tile 16,16@1
bad 'outside the 4 x 4 tile' svg '((4,2),(2,2)):((2,16),(1,8))' --tv 4,4
bad '--tv takes' svg '(4,2):(1,4)' --tv 4
bad 'hold' svg 'zN(half, 16, 32)' --copy 'row_major(16, 16)'
bad 'unknown option' svg '(2,2):(1,2)' --frobnicate
bad 'svg needs a layout' svg
"$TLA" svg '(d0) -> (d0 floordiv 2), domain: d0 in [0, 7]' --map > "$tmp/svg" 2> "$tmp/err"
if [ $? -eq 0 ] && grep -q 'class="map" data-r="0" data-c="5"[^>]*>2<' "$tmp/svg"; then pass; else fail "svg --map"; fi
bad 'one or two dimensions' svg '(d0, d1, d2) -> (d0), domain: d0 in [0, 1], d1 in [0, 1], d2 in [0, 1]' --map
"$TLA" svg '#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>' --sparse '[[1,0],[0,2]]' > "$tmp/svg" 2> "$tmp/err"
if [ $? -eq 0 ] && grep -q 'class="nz" data-r="1" data-c="1" data-k="1"' "$tmp/svg"; then pass; else fail "svg --sparse CSR"; fi
bad 'rank-2 tensor' svg '#sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>' --sparse '[1,0,2]'
bad 'matrix' svg '#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>' --sparse '[[1,0],[2]]'

. tests/cli_sparse.sh
. tests/cli_tool.sh

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
