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
# MLIR 22's rules (mlir-opt 22 prints the same): division by a negative constant folds, a sum or
# product of two constants that overflows is kept; the sparse encodings' maps share these rules
printf '%s\n' '(d0, d1)[s0] -> ((d0 * 6) ceildiv -3, 7 ceildiv -2, 9223372036854775807 + 3, s0 * 4611686018427387904 * 4, (d0 * 4 + d1) floordiv -2), domain: d0 in [0, 9], d1 in [0, 9], s0 in [1, 9]' > "$tmp/in"
ix_same '(d0, d1)[s0] -> (d0 * -2, -3, 9223372036854775807 + 3, 0, d0 * -2 + d1 floordiv -2), domain: d0 in [0, 9], d1 in [0, 9], s0 in [1, 9]' "$TLA" simplify --parse-only < "$tmp/in"
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

# --- issue 37: semi-affine maps, parse-time constraints, and `tla map-op` (XLA's map utilities).
# Cases from openxla/xla xla/hlo/analysis/indexing_map_serialization_test.cc and indexing_map_test.cc;
# expected prints are XLA's MLIR-form printer (the version of indexing_map_test.cc that still spells
# floordiv, stored at openxla/xla as id 424938111), the test named beside each case.
# indexing_map_serialization_test.cc SymbolsOnly
printf '%s\n' '()[s0, s1] -> (s0 floordiv s1), domain: s0 in [0, 3], s1 in [0, 4]' > "$tmp/in"
ix_same '()[s0, s1] -> (s0 floordiv s1), domain: s0 in [0, 3], s1 in [0, 4]' "$TLA" simplify --parse-only < "$tmp/in"
ix_same '()[s0, s1] -> (s0 floordiv s1), domain: s0 in [0, 3], s1 in [0, 4]' "$TLA" simplify < "$tmp/in"
# indexing_map_serialization_test.cc DimsAndRuntime
printf '%s\n' '(d0){r0, r1} -> (d0 floordiv r0 + r1), domain: d0 in [0, 3], r0 in [1, 1], r1 in [0, 1]' > "$tmp/in"
ix_same '(d0){r0, r1} -> (d0 floordiv r0 + r1), domain: d0 in [0, 3], r0 in [1, 1], r1 in [0, 1]' "$TLA" simplify --parse-only < "$tmp/in"
# indexing_map_serialization_test.cc DimsRangesAndRuntime, CustomNames
printf '%s\n' '(d0, d1)[s0, s1, s2]{r0} -> (s2, d0 + d1, s1, s0 * r0), domain: d0 in [0, 3], d1 in [0, 4], s0 in [0, 1], s1 in [0, 1], s2 in [0, 3], r0 in [0, 4]' > "$tmp/in"
ix_same '(d0, d1)[s0, s1, s2]{r0} -> (s2, d0 + d1, s1, s0 * r0), domain: d0 in [0, 3], d1 in [0, 4], s0 in [0, 1], s1 in [0, 1], s2 in [0, 3], r0 in [0, 4]' "$TLA" simplify --parse-only < "$tmp/in"
printf '%s\n' '(th_x, bl_x)[s0, vector_elem, s2]{gpu} -> (s2, th_x * gpu + bl_x, vector_elem, s0), domain: th_x in [0, 3], bl_x in [0, 4], s0 in [0, 1], vector_elem in [0, 1], s2 in [0, 3], gpu in [0, 1], (th_x * gpu) mod 4 in [0, 0], bl_x + s0 in [0, 45]' > "$tmp/in"
ix_same '(th_x, bl_x)[s0, vector_elem, s2]{gpu} -> (s2, th_x * gpu + bl_x, vector_elem, s0), domain: th_x in [0, 3], bl_x in [0, 4], s0 in [0, 1], vector_elem in [0, 1], s2 in [0, 3], gpu in [0, 1], (th_x * gpu) mod 4 in [0, 0], bl_x + s0 in [0, 45]' "$TLA" simplify --parse-only < "$tmp/in"
# MLIR's parser: a dimension on the right of floordiv / mod, or in both factors, is not affine
printf '%s\n' '(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 3], d1 in [1, 4]' > "$tmp/in"
"$TLA" simplify --parse-only < "$tmp/in" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "^tla: error: non-affine expression: right operand of floordiv has to be either a constant or symbolic" "$tmp/err" && pass || fail "semi-affine dim divisor: $(cat "$tmp/err")"
printf '%s\n' '(d0, d1) -> (d0 * d1), domain: d0 in [0, 3], d1 in [1, 4]' > "$tmp/in"
"$TLA" simplify --parse-only < "$tmp/in" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "at least one of the multiply operands has to be either a constant or symbolic" "$tmp/err" && pass || fail "d0 * d1: $(cat "$tmp/err")"
# indexing_map_test.cc KnownEmpty_AddingConstraintOutOfRange, RemoveUnusedSymbols_ConstraintIsAConstantWithinRange
printf '%s\n' '(d0) -> (d0), domain: d0 in [0, 49], 0 in [10, 15]' > "$tmp/in"
ix_same 'KNOWN EMPTY' "$TLA" simplify --parse-only < "$tmp/in"
printf '%s\n' '(d0) -> (d0), domain: d0 in [0, 49], 0 in [-10, 5]' > "$tmp/in"
ix_same '(d0) -> (d0), domain: d0 in [0, 49]' "$TLA" simplify --parse-only < "$tmp/in"
# indexing_map_test.cc (MapVectorConstructorConstraintAffectsSimplification, as text): a constraint on
# a variable narrows its interval
printf '%s\n' '(d0) -> (d0 mod 16), domain: d0 in [0, 31], d0 in [0, 7]' > "$tmp/in"
ix_same '(d0) -> (d0 mod 16), domain: d0 in [0, 7]' "$TLA" simplify --parse-only < "$tmp/in"
ix_same '(d0) -> (d0), domain: d0 in [0, 7]' "$TLA" simplify < "$tmp/in"
# indexing_map_test.cc EvaluateIgnoresDomainRanges, ConstraintsSatisfied
MAP4='(d0, d1)[s0, s1] -> (d1, d0, s1, s0), domain: d0 in [0, 3], d1 in [0, 3], s0 in [0, 1], s1 in [0, 1]'
printf '%s\n' "$MAP4" > "$tmp/in"
ix_same '(2, 1, 4, 3)' "$TLA" map-op evaluate 1,2 3,4 < "$tmp/in"
ix_same 'true' "$TLA" map-op constraints-satisfied 1,2 3,4 < "$tmp/in"
printf '%s, s0 mod 4 in [0, 0]\n' "$MAP4" > "$tmp/in"
ix_same 'false' "$TLA" map-op constraints-satisfied 1,2 5,4 < "$tmp/in"
# indexing_map_test.cc RemoveUnusedVars_ConstraintsWithManyDims (the map and the bit vector)
printf '%s\n' '(d0, d1, d2, d3, d4)[s0, s1, s2] -> (s0 * 4 + d1 + d3 - 42), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 2], d3 in [0, 3], d4 in [0, 4], s0 in [0, 31], s1 in [0, 63], s2 in [0, 95], s0 * 4 + d1 + d3 in [24, 459], s0 + s2 in [0, 512]' > "$tmp/in"
ix_same '(d0, d1)[s0, s1] -> (d0 + s0 * 4 + d1 - 42), domain: d0 in [0, 1], d1 in [0, 3], s0 in [0, 31], s1 in [0, 95], d0 + s0 * 4 + d1 in [24, 459], s0 + s1 in [0, 512] {true, false, true, false, true, false, true, false}' "$TLA" map-op remove-unused-vars < "$tmp/in"
# indexing_map_test.cc RemoveUnusedVars_ConstraintUsesDim, RemoveUnusedVars_ConstraintUsesOnlyUnusedDim
printf '%s\n' '(d0, d1)[s0, s1] -> (d1, s0, s1), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 69], s1 in [0, 19], d0 + s0 in [1, 100], s0 mod 3 in [0, 0]' > "$tmp/in"
ix_same '(d0, d1)[s0, s1] -> (d1, s0, s1), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 69], s1 in [0, 19], d0 + s0 in [1, 100], s0 mod 3 in [0, 0] {false, false, false, false}' "$TLA" map-op remove-unused-vars < "$tmp/in"
printf '%s\n' '(d0, d1)[s0, s1] -> (s0, d1, s1), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 69], s1 in [0, 19], d0 mod 3 in [0, 0]' > "$tmp/in"
ix_same '(d0)[s0, s1] -> (s0, d0, s1), domain: d0 in [0, 59], s0 in [0, 69], s1 in [0, 19] {true, false, false, false}' "$TLA" map-op remove-unused-vars < "$tmp/in"
# indexing_map_test.cc RemoveUnusedSymbols_ConstraintsWithManySymbols, _ConstraintUsesOnlyUnusedSym, _ConstraintUsesSymbol
printf '%s\n' '(d0)[s0, s1, s2, s3, s4] -> (d0 * 4 + s1 + s3 - 42), domain: d0 in [0, 31], s0 in [0, 0], s1 in [0, 1], s2 in [0, 2], s3 in [0, 3], s4 in [0, 4], d0 * 4 + s1 + s3 in [24, 459]' > "$tmp/in"
ix_same '(d0)[s0, s1] -> (d0 * 4 + s0 + s1 - 42), domain: d0 in [0, 31], s0 in [0, 1], s1 in [0, 3], d0 * 4 + s0 + s1 in [24, 459] {true, false, true, false, true}' "$TLA" map-op remove-unused-symbols < "$tmp/in"
printf '%s\n' '(d0, d1)[s0, s1] -> (d0, d1, s1), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 69], s1 in [0, 19], s0 mod 3 in [0, 0]' > "$tmp/in"
ix_same '(d0, d1)[s0] -> (d0, d1, s0), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 19] {true, false}' "$TLA" map-op remove-unused-symbols < "$tmp/in"
printf '%s\n' '(d0, d1)[s0, s1] -> (d1, d0, s1), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 69], s1 in [0, 19], s0 + s1 in [1, 100], s0 mod 3 in [0, 0]' > "$tmp/in"
ix_same '(d0, d1)[s0, s1] -> (d1, d0, s1), domain: d0 in [0, 49], d1 in [0, 59], s0 in [0, 69], s1 in [0, 19], s0 + s1 in [1, 100], s0 mod 3 in [0, 0] {false, false}' "$TLA" map-op remove-unused-symbols < "$tmp/in"
# indexing_map_test.cc RemoveUnusedSymbols_ConstraintsWithRTVars (its map written as text)
printf '%s\n' '(d0)[s0, s1, s2]{rt0, rt1} -> (d0 * 4 + s1 + rt0 - 42), domain: d0 in [0, 31], s0 in [0, 0], s1 in [0, 1], s2 in [0, 2], rt0 in [0, 3], rt1 in [0, 4], d0 * 4 + s1 + rt0 in [24, 459]' > "$tmp/in"
ix_same '(d0)[s0]{rt0} -> (d0 * 4 + s0 + rt0 - 42), domain: d0 in [0, 31], s0 in [0, 1], rt0 in [0, 3], d0 * 4 + s0 + rt0 in [24, 459] {true, false, true, false, true}' "$TLA" map-op remove-unused-symbols < "$tmp/in"
# indexing_map_test.cc ConvertSymbolsToDimensions (its map written as text)
printf '%s\n' '(d0)[s0, s1]{rt0, rt1} -> (d0 * 4 + s0 + s1 + 2 * rt0 + 3 * rt1 - 42), domain: d0 in [0, 31], s0 in [0, 0], s1 in [0, 1], rt0 in [0, 3], rt1 in [0, 4], d0 * 4 + s0 + 2 * rt0 in [24, 459]' > "$tmp/in"
ix_same '(d0, d1, d2, d3, d4) -> (d0 * 4 + d1 + d2 + d3 * 2 + d4 * 3 - 42), domain: d0 in [0, 31], d1 in [0, 0], d2 in [0, 1], d3 in [0, 3], d4 in [0, 4], d0 * 4 + d1 + d3 * 2 in [24, 459]' "$TLA" map-op convert-symbols-to-dims < "$tmp/in"
# indexing_map_test.cc ConvertRangeVariablesToDimensions
printf '%s\n' '(d0, d1)[to_convert_0, range, to_convert_1] -> (d1, d0, range + to_convert_1, to_convert_0), domain: d0 in [0, 3], d1 in [0, 3], to_convert_0 in [0, 2], range in [0, 1], to_convert_1 in [0, 3]' > "$tmp/in"
ix_same '(d0, d1, to_convert_0, to_convert_1)[range] -> (d1, d0, to_convert_1 + range, to_convert_0), domain: d0 in [0, 3], d1 in [0, 3], to_convert_0 in [0, 2], to_convert_1 in [0, 3], range in [0, 1]' "$TLA" map-op convert-range-vars-to-dims 0,2 < "$tmp/in"
# indexing_map_test.cc RescaleSymbols_Simple, RescaleSymbols_WithShift, RescaleSymbols_TwoModConstraints,
# RescaleSymbols_RescaledSymbolInOtherNonModConstraint
printf '%s\n' '(d0)[s0, s1, s2] -> (s2, d0, s1, s0 floordiv 6), domain: d0 in [0, 3], s0 in [0, 6], s1 in [0, 1], s2 in [0, 5], s0 mod 6 in [0, 0]' > "$tmp/in"
ix_same '(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1], s2 in [0, 5] true' "$TLA" map-op rescale-symbols --simplify < "$tmp/in"
printf '%s\n' '(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 41], s1 in [0, 1], s2 in [0, 5], s0 mod 6 in [3, 3]' > "$tmp/in"
ix_same '(d0)[s0, s1, s2] -> (s2, d0, s1, s0 * 6 + 3), domain: d0 in [0, 3], s0 in [0, 6], s1 in [0, 1], s2 in [0, 5] true' "$TLA" map-op rescale-symbols < "$tmp/in"
printf '%s\n' '(d0)[s0, s1, s2] -> (s2, d0, s1, s0 / 6), domain: d0 in [0, 3], s0 in [0, 7], s1 in [0, 1], s2 in [0, 5], s0 mod 2 in [0, 0], s0 mod 3 in [0, 0]' > "$tmp/in"
ix_same '(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1], s2 in [0, 5] true' "$TLA" map-op rescale-symbols --simplify < "$tmp/in"
printf '%s\n' '(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 9], s1 in [0, 1], s2 in [0, 5], s0 * s2 in [0, 28], s0 mod 6 in [3, 3]' > "$tmp/in"
ix_same '(d0)[s0, s1, s2] -> (s2, d0, s1, s0 * 6 + 3), domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1], s2 in [0, 5], (s0 * 6 + 3) * s2 in [0, 28] true' "$TLA" map-op rescale-symbols < "$tmp/in"
# indexing_map_test.cc RangeEvaluatorTest (both versions: the range of d0 * 2 + d1, and the sign checks)
printf '%s\n' '(d0, d1, d2, d3)[] -> (0), domain: d0 in [0, 9], d1 in [-10, -1], d2 in [-1, 2], d3 in [0, 0]' > "$tmp/in"
ix_same '[-10, 17]' "$TLA" map-op range 'd0 * 2 + d1' < "$tmp/in"
got=$(for v in d0 d1 d2 d3; do "$TLA" map-op nonnegative $v < "$tmp/in"; "$TLA" map-op nonpositive $v < "$tmp/in"; done | tr '\n' ' ')
[ "$got" = 'true false false true false false true true ' ] && pass || fail "map-op nonnegative / nonpositive: '$got'"
# indexing_map_test.cc ComputeResultRanges (with its constraint)
printf '%s\n' '(d0, d1) -> ((d0 * 86 + d1) floordiv 64, (d0 * 86 + d1) mod 64), domain: d0 in [0, 11], d1 in [0, 85], d0 * 86 + d1 in [0, 1023]' > "$tmp/in"
ix_same '([0, 15], [0, 63])' "$TLA" map-op result-ranges < "$tmp/in"
# indexing_map_test.cc SymbolicMapSimplification_ConstantDims (Simplify's return value)
printf '%s\n' '(d0) -> (d0), domain: d0 in [5, 5]' > "$tmp/in"
ix_same '(d0) -> (5), domain: d0 in [5, 5] true' "$TLA" map-op simplify < "$tmp/in"
# bad input: exit 2, "tla: error:"
bad "unknown operation 'frob'" map-op frob
bad "needs an operation" map-op
bad "takes 2 arguments" map-op evaluate 1
printf '%s\n' "$MAP4" > "$tmp/in"
"$TLA" map-op evaluate 1,x 3,4 < "$tmp/in" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "^tla: error: dimension values" "$tmp/err" && pass || fail "map-op evaluate 1,x: $(cat "$tmp/err")"
"$TLA" map-op evaluate 1 3,4 < "$tmp/in" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "^tla: error: map-op evaluate: the map has 2 dimensions and 2 symbols" "$tmp/err" && pass || fail "map-op evaluate count: $(cat "$tmp/err")"
"$TLA" map-op range 'd9' < "$tmp/in" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "^tla: error: unknown variable 'd9'" "$tmp/err" && pass || fail "map-op range d9: $(cat "$tmp/err")"
"$TLA" map-op convert-range-vars-to-dims 1,0 < "$tmp/in" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "^tla: error: .*increasing" "$tmp/err" && pass || fail "map-op convert order: $(cat "$tmp/err")"
printf '%s\n' '(d0) -> (d0 floordiv s0)' > "$tmp/in"
"$TLA" map-op simplify < "$tmp/in" > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "^tla: error: unknown variable 's0'" "$tmp/err" && pass || fail "map-op parse error: $(cat "$tmp/err")"
# indexing_analysis_test.cc ComputeGroupedOutputToInputIndexing: the fusion adaptor
# ForProducerConsumer(transpose, root) (--fusion transpose_p0,a0); the same maps with the root's
# whole computation (no --fusion); and GroupIndexingMapsByProducers (GroupIndexingMapsByProducers)
printf 'HloModule m\nENTRY e {\n  p0 = f32[1000, 1000] parameter(0)\n  transpose_p0 = f32[1000, 1000]{0, 1} transpose(p0), dimensions={1, 0}\n  ROOT a0 = f32[1000, 1000] add(p0, transpose_p0)\n}\n' > "$tmp/hlo"
G1='instruction = a0 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]
instruction = p0 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999] (d0, d1) -> (d1, d0), domain: d0 in [0, 999], d1 in [0, 999]
instruction = transpose_p0 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]'
ix_same "$G1" "$TLA" hlo "$tmp/hlo" --grouped --fusion transpose_p0,a0
ix_same "$G1" "$TLA" hlo "$tmp/hlo" --grouped
# the root alone (ForInstruction of a non-fusion): transpose_p0 is outside, p0 gets one map
ix_same 'instruction = a0 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]
instruction = p0 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]
instruction = transpose_p0 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]' "$TLA" hlo "$tmp/hlo" --grouped --fusion a0
ix_same 'instruction = p0 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]
instruction = transpose_p0 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]' "$TLA" hlo "$tmp/hlo" --by-producer
# ComputeGroupedOutputToInputIndexing_VariadicReduce (ForInstruction(root), root not a fusion)
printf 'HloModule m\nadd {\n  param_0 = f32[] parameter(0)\n  param_1 = f32[] parameter(1)\n  param_2 = f32[] parameter(2)\n  param_3 = f32[] parameter(3)\n  add.0 = f32[] add(param_0, param_2)\n  add.1 = f32[] add(param_1, param_3)\n  ROOT t = (f32[], f32[]) tuple(add.0, add.1)\n}\nENTRY entry_computation {\n  param_0.3 = f32[32,40]{1,0} parameter(0)\n  param_1.3 = f32[32,40]{1,0} parameter(1)\n  param_2.2 = f32[] parameter(2)\n  constant = f32[] constant(0)\n  ROOT reduce = (f32[32]{0}, f32[32]{0}) reduce(param_0.3, param_1.3, param_2.2, constant), dimensions={1}, to_apply=add\n}\n' > "$tmp/hlo"
ix_same 'instruction = reduce (d0) -> (d0), domain: d0 in [0, 31]
instruction = param_0.3 (d0)[s0] -> (d0, s0), domain: d0 in [0, 31], s0 in [0, 39]
instruction = param_1.3 (d0)[s0] -> (d0, s0), domain: d0 in [0, 31], s0 in [0, 39]
instruction = param_2.2 (d0) -> (), domain: d0 in [0, 31]
instruction = constant (d0) -> (), domain: d0 in [0, 31]' "$TLA" hlo "$tmp/hlo" --grouped --fusion reduce
# ComputeGroupedOutputToInputIndexing_SingleOp: ForInstruction(exp0), the target its operand p1
# (outside the fusion: its identity map only)
printf 'HloModule m\nENTRY e {\n  p0 = f32[1000, 1000] parameter(0)\n  p1 = f32[1000, 1000] parameter(1)\n  exp0 = f32[1000, 1000] exponential(p1)\n  ROOT a0 = f32[1000, 1000] add(p0, exp0)\n}\n' > "$tmp/hlo"
ix_same 'instruction = p1 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]' \
    "$TLA" hlo "$tmp/hlo" --grouped --fusion exp0 --from p1
# ComputeGroupedOutputToInputIndexing_StartNotAtRoot: ForInstruction(fusion), the target the
# broadcast inside; the fused parameter resolves to the fusion's operand (ENTRY's p0)
printf 'HloModule m\nmax {\n  p0 = f32[] parameter(0)\n  p1 = f32[] parameter(1)\n  ROOT max = f32[] maximum(p0, p1)\n}\nf {\n  p0 = f32[15, 20] parameter(0)\n  p0_init = f32[] parameter(1)\n  p0_bcast = f32[15, 32, 20, 64] broadcast(p0), dimensions={0, 2}\n  ROOT reduce_2 = f32[15, 64] reduce(p0_bcast, p0_init), dimensions={1, 2}, to_apply=max\n}\nENTRY e {\n  p0 = f32[15, 20] parameter(0)\n  p0_init = f32[] constant(-inf)\n  ROOT fusion = f32[15, 64] fusion(p0, p0_init), kind=kLoop, calls=f\n}\n' > "$tmp/hlo"
ix_same 'instruction = p0_bcast (d0, d1, d2, d3) -> (d0, d1, d2, d3), domain: d0 in [0, 14], d1 in [0, 31], d2 in [0, 19], d3 in [0, 63]
instruction = p0 (d0, d1, d2, d3) -> (d0, d2), domain: d0 in [0, 14], d1 in [0, 31], d2 in [0, 19], d3 in [0, 63]' \
    "$TLA" hlo "$tmp/hlo" --grouped --from p0_bcast
ix_same 'instruction = p0_bcast (d0, d1, d2, d3) -> (d0, d1, d2, d3), domain: d0 in [0, 14], d1 in [0, 31], d2 in [0, 19], d3 in [0, 63]
instruction = p0 (d0, d1, d2, d3) -> (d0, d2), domain: d0 in [0, 14], d1 in [0, 31], d2 in [0, 19], d3 in [0, 63]' \
    "$TLA" hlo "$tmp/hlo" --grouped --fusion fusion --from p0_bcast
# from the fusion's root: the parameters resolve to the fusion's operands
ix_same 'instruction = reduce_2 (d0, d1) -> (d0, d1), domain: d0 in [0, 14], d1 in [0, 63]
instruction = p0_bcast (d0, d1)[s0, s1] -> (d0, s0, s1, d1), domain: d0 in [0, 14], d1 in [0, 63], s0 in [0, 31], s1 in [0, 19]
instruction = p0_init (d0, d1) -> (), domain: d0 in [0, 14], d1 in [0, 63]
instruction = p0 (d0, d1)[s0] -> (d0, s0), domain: d0 in [0, 14], d1 in [0, 63], s0 in [0, 19]' "$TLA" hlo "$tmp/hlo" --grouped
"$TLA" hlo "$tmp/hlo" --grouped --fusion p0 > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] && grep -q "^tla: error: 'p0' names instructions in computations 'max' and 'f'" "$tmp/err" && pass || fail "hlo --fusion p0: $(cat "$tmp/err")"
ix_same 'instruction = p0 (d0, d1) -> (d0, d1), domain: d0 in [0, 14], d1 in [0, 19]' "$TLA" hlo "$tmp/hlo" --grouped --fusion p0 --in e
bad "no instruction 'nothere'" hlo "$tmp/hlo" --grouped --from nothere
bad "go with --grouped" hlo "$tmp/hlo" --fusion fusion
# an operand used twice is one producer with both (here equal) maps
printf 'p0 = f32[10, 20] parameter(0)\nROOT a0 = f32[10, 20] add(p0, p0)\n' > "$tmp/hlo"
ix_same 'instruction = p0 (d0, d1) -> (d0, d1), domain: d0 in [0, 9], d1 in [0, 19]' "$TLA" hlo "$tmp/hlo" --by-producer
bad "exclude each other" hlo "$tmp/hlo" --grouped --physical
bad "exclude each other" hlo "$tmp/hlo" --epilogue p0 --grouped
# indexing_analysis_test.cc EpilogueIndexing and EpilogueIndexing_NoEpilogue
# (ComputeEpilogueInputToOutputIndexing(transpose, log) and (transpose, transpose))
printf 'HloModule m\nfused_computation {\n  p0 = f32[1000, 1000] parameter(0)\n  t = f32[1000, 1000]{0, 1} transpose(p0), dimensions={1, 0}\n  a0 = f32[1000000] bitcast(t)\n  ROOT log = f32[1000000] log(a0)\n}\nENTRY e {\n  p0 = f32[1000, 1000] parameter(0)\n  ROOT fusion = f32[1000000] fusion(p0), kind=kLoop, calls=fused_computation\n}\n' > "$tmp/hlo"
ix_same '(d0, d1) -> (d1 * 1000 + d0), domain: d0 in [0, 999], d1 in [0, 999]' "$TLA" hlo "$tmp/hlo" --epilogue t --root log
ix_same '(d0, d1) -> (d1 * 1000 + d0), domain: d0 in [0, 999], d1 in [0, 999]' "$TLA" hlo "$tmp/hlo" --epilogue t
ix_same '(d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]' "$TLA" hlo "$tmp/hlo" --epilogue t --root t
# from the parameter: the transpose's input-to-output map too
ix_same '(d0, d1) -> (d0 * 1000 + d1), domain: d0 in [0, 999], d1 in [0, 999]' \
    "$TLA" hlo "$tmp/hlo" --epilogue p0 --in fused_computation
bad "there is no use chain from 'log' to 't'" hlo "$tmp/hlo" --epilogue log --root t
bad "names instructions in computations" hlo "$tmp/hlo" --epilogue p0
bad "--root goes with --epilogue" hlo "$tmp/hlo" --root log
# the side output of the header's comment in indexing_analysis.h (reduce -> broadcast -> neg and
# reduce -> log -> bitcast, both into ROOT): the first user in order is followed (HloFindUseChain)
printf 'HloModule m\nadd {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\nf {\n  p0 = f32[8, 16] parameter(0)\n  c0 = f32[] constant(0)\n  r = f32[8] reduce(p0, c0), dimensions={1}, to_apply=add\n  bc = f32[8, 4] broadcast(r), dimensions={0}\n  n = f32[8, 4] negate(bc)\n  l = f32[8] log(r)\n  b2 = f32[8, 4] broadcast(l), dimensions={0}\n  ROOT m = f32[8, 4] add(n, b2)\n}\n' > "$tmp/hlo"
ix_same '(d0)[s0] -> (d0, s0), domain: d0 in [0, 7], s0 in [0, 3]' "$TLA" hlo "$tmp/hlo" --epilogue r
# an op without an input-to-output rule makes the map unknown (XLA: UNDEFINED)
printf 'p0 = f32[4, 8] parameter(0)\nc = f32[] constant(0)\ne = f32[4, 8] exponential(p0)\nROOT g = f32[5, 8] pad(e, c), padding=0_1x0_0\n' > "$tmp/hlo"
ix_same 'UNDEFINED' "$TLA" hlo "$tmp/hlo" --epilogue p0
