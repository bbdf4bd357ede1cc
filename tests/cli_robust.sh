# tests/cli_robust.sh - `tla eval` and `tla show` on bad and extreme input (issue 13, part 1);
# sourced by tests/cli.sh (uses its TLA, tmp, ok_eval, bad, pass, fail).

# 1. a result past the run-time capacity is an error, not a crash
bad "more than 8" eval 'composition(1:1, flatten(((1,1,1,1,1,1,1,1),1)))'
bad "more than 8" eval 'coalesce(((2,2,2,2),(2,2,2,2),2):((1,3,9,27),(81,243,729,2187),6561))'
bad "deeper than 4" eval 'composition((2,2):(1,10), ((((4,1)))):((((1,4)))))'
# 2. overflow near the int64 limit: an answer that is right, or an error
ok_eval 'complement(2:4000000000000000000)' '4000000000000000000:_1'
ok_eval 'complement((2,3):(3000000000000000000,1))' '1000000000000000000:3'
bad "overflows int64" eval 'make_layout_tile(zN(half, 32, 48), (9223372036854775807, 16))'
bad "overflows int64" eval 'logical_product(9223372036854775807:1, 2:1)'
# 4. show refuses grids past its cap (rows, columns or cells), at once
start=$(date +%s)
bad "too large to show" show '(0,1000000000000):(1,1)'
bad "too large to show" show '(1000000000000,0):(1,1)'
bad "too large to show" show '(1,1000001):(1,1)'
[ $(($(date +%s) - start)) -le 1 ] && pass || fail "show of an empty but wide grid is slow"
"$TLA" show '(2,0):(1,2)' > "$tmp/out" 2>&1 && pass || fail "show of an empty 2x0 grid: $(cat "$tmp/out")"
# 3. eval is bounded: the slowest operations on small inputs finish at once
start=$(date +%s)
for e in 'blocked_product(((2,2),(2,2),(2,2),(2,2)):((1,2),(4,8),(16,32),(64,128)), (2,2,2,2):(1,2,4,8))' \
    'raked_product((2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128), (2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128))' \
    'left_inverse(((2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2)))' \
    'idx2crd(9223372036854775807, ((2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2)))' \
    'flat_divide(((4,4,4,4),(4,4,4,4)):((1,4,16,64),(256,1024,4096,16384)), [(2,2):(1,8),(2,2):(1,8)])'; do
    "$TLA" eval "$e" > /dev/null 2>&1
    rc=$?
    [ "$rc" -eq 0 ] || [ "$rc" -eq 2 ] && pass || fail "eval '$e' exited $rc"
done
[ $(($(date +%s) - start)) -le 1 ] && pass || fail "eval of the slowest small inputs took more than a second"
# 6. composition is CuTe's by-mode answer (not A(B(c)) here; tla_composition_checked refuses it)
ok_eval 'composition((6,2):(1,10), (2,3):(3,2))' '(2,3):(3,2)'
# 7. `_` is only a slice's "whole mode", never a number in a result
bad "only allowed in slice's coordinate" eval '_'
bad "only allowed in slice's coordinate" eval '(_,_)'
bad "only allowed in slice's coordinate (column 6)" eval 'size(_)'
bad "only allowed in slice's coordinate" eval '(_,1):(1,1)'
ok_eval 'slice((_,(1,_)), (2,(3,2)):(1,(2,6)))' '(2,2):(1,6) + 2'
bad "group: modes out of range" eval 'group((1,2):(1,1), 0, -9999999999)'
# one output line per input line, even with a NUL byte or a very long line
printf 'size(4)\n\000size(3)\nsize(5)\nsize(6)\000\n' | "$TLA" eval > "$tmp/out" 2> /dev/null
printf '4\nerror: a NUL byte in the line\n5\nerror: a NUL byte in the line\n' > "$tmp/want"
same "eval - with NUL bytes" "$tmp/out" "$tmp/want"
{ head -c 70000 /dev/zero | tr '\0' '1'; printf '\nsize(2)\n'; } | "$TLA" eval > "$tmp/out" 2> /dev/null
printf 'error: line longer than 65534 bytes\n2\n' > "$tmp/want"
same "eval - with a long line" "$tmp/out" "$tmp/want"
# no error says "(column 0)"
for e in 'composition(1:1, flatten(((1,1,1,1,1,1,1,1),1)))' 'size(_)' 'complement((2,2):(1,1))' 'zN(half, -1, 2)' \
    'crd2offset(5, (0,3):(1,1))' '(1,2' 'left_inverse((2,2):(1,1))'; do
    "$TLA" eval "$e" > /dev/null 2> "$tmp/err"
    grep -q "(column 0)" "$tmp/err" && fail "eval '$e' says (column 0)" || pass
done
