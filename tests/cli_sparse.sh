# tests/cli_sparse.sh - `tla sparse` (spec 5 and 6); sourced by tests/cli.sh (its pass / fail / bad).
BSR='#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense),
  posWidth = 32, crdWidth = 8
}>'
want='---- Sparse Tensor ----
nse = 12
dim = ( 4, 6 )
lvl = ( 2, 3, 2, 2 )
pos[1] : ( 0, 2, 3 )
crd[1] : ( 0, 2, 1 )
values : ( 1, 2, 0, 3, 4, 0, 0, 5, 6, 7, 8, 0 )
----'
got=$("$TLA" sparse "$BSR" '[[1,2,0,0,4,0],[0,3,0,0,0,5],[0,0,6,7,0,0],[0,0,8,0,0,0]]' 2> "$tmp/err")
[ $? -eq 0 ] && [ "$got" = "$want" ] && [ ! -s "$tmp/err" ] && pass || fail "tla sparse BSR MATRIX: '$got'"
got=$("$TLA" sparse "$BSR")
[ "$got" = '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 floordiv 2 : dense, d1 floordiv 2 : compressed, d0 mod 2 : dense, d1 mod 2 : dense), posWidth = 32, crdWidth = 8 }>' ] \
    && pass || fail "tla sparse BSR: '$got'"
got=$("$TLA" sparse '#sparse_tensor.encoding<{ map = {l0, l1} (d0 = l0, d1 = l1) -> (l0 = d0 : dense, l1 = d1 : compressed) }>')
[ "$got" = '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>' ] && pass || fail "tla sparse explicit: '$got'"
got=$("$TLA" sparse '#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>' '[[0,1.5],[2,0]]')
[ "$got" = '---- Sparse Tensor ----
nse = 2
dim = ( 2, 2 )
lvl = ( 2, 2 )
pos[0] : ( 0, 2 )
crd[0] : ( 0, 1, 1, 0 )
values : ( 1.5, 2 )
----' ] && pass || fail "tla sparse COO: '$got'"
got=$("$TLA" sparse '#sparse_tensor.encoding<{ map = (i, j, k) -> (i : batch, j : compressed(nonunique), k : singleton) }>' \
    '[[[0,1],[2,0]],[[0,0],[0,3]]]' | sed -n 5,7p)
[ "$got" = 'pos[1] : ( ( 0, 2 )( 0, 1 ) )
crd[1] : ( ( 0, 1, 1, 0 )( 1, 1, 0, 0 ) )
values : ( ( 1, 2 )( 3, 0 ) )' ] && pass || fail "tla sparse batched COO: '$got'"
"$TLA" sparse --help | grep -q 'usage: tla sparse' && pass || fail "tla sparse --help"
"$TLA" help sparse | grep -q 'usage: tla sparse' && pass || fail "tla help sparse"
bad 'unknown level format: strange' sparse '#sparse_tensor.encoding<{ map = (d0) -> (d0 : strange) }>'
bad 'failed to infer lvlToDim from dimToLvl' sparse '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d0 : compressed) }>'
bad 'unexpected coordinate bitwidth: 2' sparse '#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : block2_4), crdWidth = 2 }>'
bad 'unknown level property: high' sparse '#sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique, high), j : singleton) }>'
bad 'does not fit crdWidth = 8' sparse '#sparse_tensor.encoding<{ map = (i) -> (i : compressed), crdWidth = 8 }>' "[$(seq -s, 0 300)]"
bad 'more than n = 2 of structured[2, 4]' sparse '#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : block2_4) }>' '[[1,1,1,0]]'
bad 'not rectangular' sparse '#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>' '[[1,2],[3]]'
bad 'has 2 dimensions but the matrix has rank 1' sparse '#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>' '[1,2]'
bad 'symbols' sparse '#ELL = #sparse_tensor.encoding<{ map = [c](i, j) -> (c * 3 * i : dense, i : dense, j : compressed) }>' '[[1]]'
bad 'needs an encoding' sparse
got=$("$TLA" sparse '#ELL = #sparse_tensor.encoding<{ map = [c](i, j) -> (c * 3 * i : dense, i : dense, j : compressed) }>')
[ "$got" = '#sparse_tensor.encoding<{ map = [s0](d0, d1) -> (d0 * (s0 * 3) : dense, d0 : dense, d1 : compressed) }>' ] && pass || fail "tla sparse ELL: '$got'"

# --- issue 37: typed values as MLIR 22 prints them, MLIR 22's level rules, and --type (verifyEncoding).
# Each expected text is what mlir-opt 22 (Debian mlir-22-tools 22.1.8) prints or reports for the same
# input; the MLIR test named beside a case is where it comes from.
sp_same() { # WANT ARGS...: tla sparse ARGS prints WANT, exit 0
    want=$1
    shift
    got=$("$TLA" sparse "$@" 2> "$tmp/err")
    [ $? -eq 0 ] && [ "$got" = "$want" ] && [ ! -s "$tmp/err" ] && pass || fail "tla sparse $*: '$got' $(head -c 200 "$tmp/err")"
}
# roundtrip_encoding.mlir's typed-value cases (explicitVal / implicitVal), and f64 / i64 / complex
sp_same '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1.000000e+00 : f32, implicitVal = 0.000000e+00 : f32 }>' \
    '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1.0 : f32, implicitVal = 0.0 : f32 }>'
sp_same '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1.000000e+00 : f64, implicitVal = 0.000000e+00 : f64 }>' \
    '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1.0, implicitVal = 0.0 : f64 }>'
sp_same '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1 : i64, implicitVal = 0 : i64 }>' \
    '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1, implicitVal = 0 : i64 }>'
sp_same '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = #complex.number<:f32 1.000000e+00, 0.000000e+00> : complex<f32> }>' \
    '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = #complex.number<:f32 1.0, 0.0> : complex<f32> }>'
# f16 / bf16 values as mlir-opt 22 prints them (the double converted to the type; APFloat's digits)
sp_same '#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), explicitVal = 9.997550e-02 : f16 }>' \
    '#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), explicitVal = 0.1 : f16 }>' --type 'tensor<8xf16>'
sp_same '#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), explicitVal = 0x7F80 : bf16 }>' \
    '#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), explicitVal = 1.5e300 : bf16 }>'
bad "unexpected decimal integer literal for a floating point value" sparse \
    '#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), explicitVal = 1 : f16 }>'
# MLIR 22: a dense level after a singleton run (COO_DENSE of roundtrip_encoding.mlir); its storage
# as MLIR lays it out (one (d0, d1) entry per pair holding a non-zero, a d2 row under each)
COOD='#sparse_tensor.encoding<{ map = (d0, d1, d2) -> (d0 : compressed(nonunique), d1 : singleton, d2 : dense) }>'
sp_same "$COOD" "$COOD"
got=$("$TLA" sparse "$COOD" '[[[1,0],[0,0]],[[0,0],[2,3]]]' 2> "$tmp/err")
want='---- Sparse Tensor ----
nse = 4
dim = ( 2, 2, 2 )
lvl = ( 2, 2, 2 )
pos[0] : ( 0, 2 )
crd[0] : ( 0, 0, 1, 1 )
values : ( 1, 0, 2, 3 )
----'
[ "$got" = "$want" ] && [ ! -s "$tmp/err" ] && pass || fail "COO_DENSE storage: got '$got' $(cat "$tmp/err")"
bad "expected compressed or loose_compressed level before singleton level" sparse \
    '#sparse_tensor.encoding<{ map = (d0, d1, d2, d3) -> (d0 : compressed(nonunique), d1 : singleton, d2 : dense, d3 : singleton) }>'
bad "Batch lvlType can only be leading levels." sparse '#sparse_tensor.encoding<{ map = (d0, d1, d2) -> (d0 : dense, d1 : batch, d2 : compressed) }>'
# --type: invalid_encoding.mlir's verifyEncoding cases, with mlir-opt 22's messages
E32='#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1.0 : f32 }>'
sp_same '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = 1.000000e+00 : f32 }>' "$E32" --type 'tensor<8x?xf32>'
bad "explicit value type mismatch between encoding and tensor element type: 'f32' != 'f64'" sparse "$E32" --type 'tensor<8x8xf64>'
bad "dimension-rank mismatch between encoding and tensor shape: 2 != 1" sparse "$E32" --type 'tensor<8xf32>'
bad "expected non-scalar sparse tensor" sparse '#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>' --type 'tensor<f32>'
bad "implicit value type mismatch between encoding and tensor element type: 'i32' != 'i64'" sparse \
    '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), implicitVal = 0 : i32 }>' --type 'tensor<8x8xi64>'
bad "explicit value type mismatch between encoding and tensor element type: 'complex<f32>' != 'complex<f64>'" sparse \
    '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), explicitVal = #complex.number<:f32 1.0, 0.0> : complex<f32> }>' \
    --type 'tensor<8x8xcomplex<f64>>'
sp_same '#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 floordiv 2 : dense, d1 floordiv 3 : compressed, d0 mod 2 : dense, d1 mod 3 : dense) }>' \
    '#sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed, i mod 2 : dense, j mod 3 : dense) }>' --type 'tensor<8x8xf32>'
bad "expected a tensor type" sparse "$E32" --type 'memref<8xf32>'
bad "expected an element type" sparse "$E32" --type 'tensor<8x8>'
bad "--type needs a tensor type" sparse "$E32" --type
