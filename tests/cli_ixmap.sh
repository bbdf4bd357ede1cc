# tests/cli_ixmap.sh - `tla map`, `tla simplify`, `tla compose`, `tla hlo` (spec 4 and 6, issue 14);
# sourced by tests/cli.sh (its TLA, tmp, pass / fail / bad).  Maps compare ignoring whitespace.

# same OUTPUT CMD...: the command prints OUTPUT (whitespace ignored) and exits 0
ix_same() {
    want=$(printf '%s' "$1" | tr -d ' \n\t')
    shift
    got=$("$@" 2> "$tmp/err" | tr -d ' \n\t')
    rc=$?
    if [ "$got" = "$want" ] && [ ! -s "$tmp/err" ]; then pass; else fail "$*: got '$got', expected '$want' $(head -c 200 "$tmp/err")"; fi
}

ix_same '(d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]' "$TLA" map '(4,8):(8,1)' --inverse
ix_same '(d0, d1) -> (d0 * 8 + d1), domain: d0 in [0, 3], d1 in [0, 7]' "$TLA" map '(4,8):(8,1)'
ix_same '(d0, d1) -> (d1 * 4 + d0), domain: d0 in [0, 3], d1 in [0, 7]' "$TLA" map '(4,8)'
ix_same '(d0, d1) -> ((d0 floordiv 4) * 32 + d1 * 4 + d0 mod 4), domain: d0 in [0, 7], d1 in [0, 7]' "$TLA" map '((4,2),8):((1,32),4)'
# an XLA-tiled shape: its physical offset, over the logical (unpadded) extents
ix_same '(d0, d1) -> ((d0 mod 2) * 2 + (d0 floordiv 2) * 12 + (d1 floordiv 2) * 4 + d1 mod 2), domain: d0 in [0, 2], d1 in [0, 4]' \
    "$TLA" map 'xla("f32[3,5]{1,0:T(2,2)}")'
bad "not injective" map '(2,2):(1,1)' --inverse
bad "map needs a layout" map
bad "(column" map '(4,8:(8,1)'

printf '%s\n' '(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]' > "$tmp/in"
ix_same '(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]' "$TLA" simplify < "$tmp/in"
ix_same '(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]' "$TLA" simplify --parse-only < "$tmp/in"
printf '(d0, d1, d2) -> ((100d0 + 10d1 + d2) floorDiv 100, ((100d0 + 10d1 + d2) mod 100) floordiv 10, d2 mod 10)\ndomain:\nd0 in [0, 9]\nd1 in [0, 9]\nd2 in [0, 9]\n' > "$tmp/in"
ix_same '(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]' "$TLA" simplify < "$tmp/in"
printf '%s\n' '(d0, d1, d2) -> ((16 * d0 + 4 * d1 + d2) floordiv 8, (16 * d0 + 4 * d1 + d2) mod 8), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]' > "$tmp/in"
ix_same '(d0, d1, d2) -> (d0 * 2 + (d1 * 4 + d2) floordiv 8, (d1 * 4 + d2) mod 8), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]' "$TLA" simplify < "$tmp/in"
printf '%s\n' '(d0)[s0] -> (d0 + s0), domain: d0 in [0, 5], s0 in [1, 3], d0 + s0 in [0, 20]' > "$tmp/in"
ix_same '(d0)[s0] -> (d0 + s0), domain: d0 in [0, 5], s0 in [1, 3]' "$TLA" simplify < "$tmp/in"
printf '%s\n' '(d0) -> (d0), domain: d0 in [0, 9], d0 * 2 in [3, 3]' > "$tmp/in"
ix_same 'KNOWN EMPTY' "$TLA" simplify < "$tmp/in"
printf '%s\n' '(d0) -> (d1), domain: d0 in [0, 3]' > "$tmp/in"
"$TLA" simplify < "$tmp/in" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "unknown variable 'd1' (line 1, column 10)" "$tmp/err" && pass || fail "simplify error: $(cat "$tmp/err")"
printf '(d0)[s0] -> (d0, s0)\ndomain:\nd0 in [0, 3]\ns0 in [0, 3]\n---\n(d0, d1)[s0, s1] -> (d1, d0, s1, s0), domain: d0 in [0, 3], d1 in [0, 3], s0 in [0, 1], s1 in [0, 1]\n' > "$tmp/in"
ix_same '(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1], s2 in [0, 3]' "$TLA" compose < "$tmp/in"
printf '(d0) -> (d0)\n' > "$tmp/in"
"$TLA" compose < "$tmp/in" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "separated by a line '---'" "$tmp/err" && pass || fail "compose without ---: $(cat "$tmp/err")"

# tla hlo: the seed's bare lists, a module, the options
printf 'p0 = f32[4,8] parameter(0)\nreshape = f32[32] reshape(p0)\n' > "$tmp/hlo"
ix_same 'operand id = 0 (d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]' "$TLA" hlo "$tmp/hlo"
ix_same 'operand id = 0 (d0, d1) -> (d0 * 8 + d1), domain: d0 in [0, 3], d1 in [0, 7]' "$TLA" hlo "$tmp/hlo" --to-output 0
ix_same 'operand id = 0 (d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]' "$TLA" hlo - < "$tmp/hlo"
printf 'p0 = f32[10, 10, 10] parameter(0)\nreshape1 = f32[50, 20] reshape(p0)\nreshape2 = f32[10, 10, 10] reshape(reshape1)\n' > "$tmp/hlo"
ix_same 'operand id = 0 (d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]' "$TLA" hlo "$tmp/hlo"
cat > "$tmp/hlo" << 'HLO'
HloModule m
max {
  p0 = f32[] parameter(0)
  p1 = f32[] parameter(1)
  ROOT max = f32[] maximum(p0, p1)
}
ENTRY e {
  p0 = f32[256,10] parameter(0)
  p0_init = f32[] constant(-inf)
  p1 = s32[256,10] parameter(1)
  p1_init = s32[] constant(0)
  ROOT reduce = (f32[10], s32[10]) reduce(p0, p1, p0_init, p1_init), dimensions={0}, to_apply=max
}
HLO
ix_same 'operand id = 0 (d0)[s0] -> (s0, d0), domain: d0 in [0, 9], s0 in [0, 255]
operand id = 1 (d0)[s0] -> (s0, d0), domain: d0 in [0, 9], s0 in [0, 255]
operand id = 2 (d0) -> (), domain: d0 in [0, 9] operand id = 3 (d0) -> (), domain: d0 in [0, 9]' "$TLA" hlo "$tmp/hlo" --output 1
ix_same 'operand id = 0 ()[s0] -> (s0), domain: s0 in [0, 9] operand id = 1 ()[s0] -> (s0), domain: s0 in [0, 9]' \
    "$TLA" hlo "$tmp/hlo" --to-output 3
printf 'HloModule m\nENTRY e {\n p0 = f32[10, 20, 30] parameter(0)\n ROOT a = f32[10, 20, 30]{1, 0, 2} exponential(p0)\n}\n' > "$tmp/hlo"
ix_same 'operand id = 0 (d0, d1, d2) -> (d1, d2, d0), domain: d0 in [0, 29], d1 in [0, 9], d2 in [0, 19]' "$TLA" hlo "$tmp/hlo" --physical
printf 'HloModule m\nENTRY e {\n p0 = f32[0, 0]{0,1} parameter(0)\n ROOT c = f32[0, 0]{1,0} copy(p0)\n}\n' > "$tmp/hlo"
ix_same 'operand id = 0 KNOWN EMPTY' "$TLA" hlo "$tmp/hlo" --simplify
# errors name the line and the instruction; options are checked
printf 'p0 = f32[4] parameter(0)\nr = f32[4] frobnicate(p0)\n' > "$tmp/hlo"
bad "line 2: instruction 'r': unknown opcode 'frobnicate'" hlo "$tmp/hlo"
printf 'p0 = f32[4] parameter(0)\nr = f32[4] add(p0, p9)\n' > "$tmp/hlo"
bad "line 2: instruction 'r': unknown operand 'p9'" hlo "$tmp/hlo"
printf 'p0 = f32[4, parameter(0)\n' > "$tmp/hlo"
bad "line 1: instruction 'p0'" hlo "$tmp/hlo"
bad "cannot open" hlo "$tmp/does-not-exist"
bad "needs a number" hlo "$tmp/hlo" --output x
bad "exclude each other" hlo "$tmp/hlo" --output 0 --to-output 0
bad "hlo needs a file" hlo
# scan, scaled-dot and all-gather (XLA's rules; an all-gather's map carries a replica id map)
printf 'p0 = f32[4,8] parameter(0)\np1 = f32[8] parameter(1)\nr = (f32[4,8], f32[8]) scan(p0, p1), dimensions={0}, num_carries=1\n' > "$tmp/hlo"
ix_same 'operand id = 0 (d0, d1) -> (d0, d1), domain: d0 in [0, 3], d1 in [0, 7]
operand id = 1 (d0, d1) -> (), domain: d0 in [0, 3], d1 in [0, 7]' "$TLA" hlo "$tmp/hlo"
ix_same 'operand id = 0 (d0) -> (d0), domain: d0 in [0, 7] operand id = 1 (d0) -> (), domain: d0 in [0, 7]' \
    "$TLA" hlo "$tmp/hlo" --output 1
ix_same 'operand id = 0 unknown indexing operand id = 1 unknown indexing' "$TLA" hlo "$tmp/hlo" --to-output 1
printf 'p0 = f32[4,8] parameter(0)\nr = f32[4,8] scan(p0), dimensions={0}\n' > "$tmp/hlo"
bad "line 2: instruction 'r': scan needs num_carries" hlo "$tmp/hlo"
printf 'a = f32[2,10] parameter(0)\nb = f32[10,2] parameter(1)\nas = f32[2,2] parameter(2)\nbs = f32[2,2] parameter(3)\nd = f32[2,2] scaled-dot(a, b, as, bs), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n' > "$tmp/hlo"
ix_same 'operand id = 0 (d0, d1)[s0] -> (d0, s0), domain: d0 in [0, 1], d1 in [0, 1], s0 in [0, 9]
operand id = 1 (d0, d1)[s0] -> (s0, d1), domain: d0 in [0, 1], d1 in [0, 1], s0 in [0, 9]
operand id = 2 (d0, d1)[s0] -> (d0, s0 floordiv 5), domain: d0 in [0, 1], d1 in [0, 1], s0 in [0, 9]
operand id = 3 (d0, d1)[s0] -> (s0 floordiv 5, d1), domain: d0 in [0, 1], d1 in [0, 1], s0 in [0, 9]' "$TLA" hlo "$tmp/hlo"
printf 'a = f32[2,10] parameter(0)\nb = f32[10,2] parameter(1)\nas = f32[2,3] parameter(2)\nbs = f32[2,2] parameter(3)\nd = f32[2,2] scaled-dot(a, b, as, bs), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n' > "$tmp/hlo"
bad "line 5: instruction 'd': scaled-dot: a scale dimension must divide the operand dimension" hlo "$tmp/hlo"
printf 'HloModule m, replica_count=4\nENTRY e {\n  p0 = f32[128, 128] parameter(0)\n  ROOT ag = f32[128, 256] all-gather(p0), replica_groups={{0,1}, {2,3}}, dimensions={1}\n}\n' > "$tmp/hlo"
ix_same 'operand id = 0 (d0, d1) -> (d0, d1 mod 128), domain: d0 in [0, 127], d1 in [0, 255]
replica id: (d0, d1) -> (d1 floordiv 128), domain: d0 in [0, 127], d1 in [0, 255]' "$TLA" hlo "$tmp/hlo"
printf 'p0 = f32[128,32] parameter(0)\nags = (f32[128,32], f32[256,32]) all-gather-start(p0), replica_groups={{0,1}}, dimensions={0}\n' > "$tmp/hlo"
ix_same 'operand id = 0 (d0, d1) -> (d0 mod 128, d1), domain: d0 in [0, 255], d1 in [0, 31]
replica id: (d0, d1) -> (d0 floordiv 128), domain: d0 in [0, 255], d1 in [0, 31]' "$TLA" hlo "$tmp/hlo" --simplify
ix_same 'operand id = 0 unknown indexing operand id = 1 unknown indexing' "$TLA" hlo "$tmp/hlo" --to-output 0
# any input: exit 0 or 2, never a crash
for t in '' '{' '}' 'a = ' 'a = f32[2] add(' 'ENTRY {' 'f { ROOT x = f32[2]{7} parameter(0) }' 'x = (f32[2] tuple()' \
    'p = f32[3] parameter(0)\nr = f32[3] fusion(p), calls=r' 'p = f32[2,2] parameter(0)\nr = f32[2,2] pad(p, p), padding=1_1_-1x0_0'; do
    printf "$t" > "$tmp/hlo"
    "$TLA" hlo "$tmp/hlo" > /dev/null 2>&1
    rc=$?
    if [ "$rc" -eq 0 ] || [ "$rc" -eq 2 ]; then pass; else fail "hlo '$t' exited $rc"; fi
done
