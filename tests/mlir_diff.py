#!/usr/bin/env python3
"""tests/mlir_diff.py - the real MLIR as a test oracle (issue 37).

Random sparse tensor encodings (every level format and property, permutations, blocks, widths,
slices, explicit / implicit values) on tensor types, and random affine maps (sums, products,
floordiv / ceildiv / mod by constants and by symbols, nesting), each given to `mlir-opt` 22 and to
`tla` (`tla sparse ENC --type T`, `tla simplify --parse-only`).  They must agree on accept or
reject, on the message where MLIR's verifier gives one, and on the printed form.

Float values are any decimal (read as a double, converted to the type: 0.1 : f16 prints as
9.997550e-02; 1.0e20 : f16 as 0x7C00) and hexadecimal bits, in f16, bf16, f32 and f64.

Usage: python3 tests/mlir_diff.py [TLA]   (MLIR_OPT=path or none, MLIR_DIFF_N=cases of each kind,
MLIR_DIFF_SEED=seed).  Without mlir-opt 22 it says the stage was skipped.  Last line:
"N passed, M failed".
"""
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

TLA = sys.argv[1] if len(sys.argv) > 1 else "build/tla"
N = int(os.environ.get("MLIR_DIFF_N", "900"))
SEED = int(os.environ.get("MLIR_DIFF_SEED", "37"))


def find_mlir_opt():
    if os.environ.get("MLIR_OPT") == "none":  # MLIR_OPT=none: as on a machine without it
        return None
    for cand in [os.environ.get("MLIR_OPT"), "mlir-opt-22", "/usr/lib/llvm-22/bin/mlir-opt", "mlir-opt"]:
        if not cand:
            continue
        path = shutil.which(cand) or (cand if os.path.isfile(cand) and os.access(cand, os.X_OK) else None)
        if not path:
            continue
        try:
            out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=20).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        if re.search(r"LLVM version 22\.", out):
            return path
    return None


# Verifier messages MLIR gives with a stable text (parse errors are compared as accept/reject only).
STABLE = [
    "expected compressed or loose_compressed level before singleton level",
    "expected all singleton lvlTypes stored in the same memory layout (SoA vs AoS).",
    "Batch lvlType can only be leading levels.",
    "SoA is only applicable to singleton lvlTypes.",
    "expected n_out_of_m to be the last level type",
    "expected all dense lvlTypes before a n_out_of_m level",
    "failed to infer lvlToDim from dimToLvl",
    "unexpected position bitwidth",
    "unexpected coordinate bitwidth",
    "dimension-rank mismatch between encoding and tensor shape",
    "explicit value type mismatch",
    "implicit value type mismatch",
    "implicit value must be zero",
    "expected non-scalar sparse tensor",
    "invalid level type: level format doesn't support the properties",
]


def rnd_encoding(r):
    """An encoding text and a tensor type for it."""
    rank = r.randint(1, 4)
    dims = ["d%d" % i for i in range(rank)]
    perm = list(range(rank))
    if r.random() < 0.5:
        r.shuffle(perm)
    levels = []  # (expr, dim) in level order
    blocked = r.random() < 0.2 and rank >= 1
    if blocked:
        nb = r.randint(1, rank)
        bdims = r.sample(range(rank), nb)
        sizes = {d: r.choice([2, 3, 4]) for d in bdims}
        for d in perm:
            levels.append("d%d floordiv %d" % (d, sizes[d]) if d in sizes else "d%d" % d)
        for d in perm:
            if d in sizes:
                levels.append("d%d mod %d" % (d, sizes[d]))
    else:
        levels = ["d%d" % d for d in perm]
        if r.random() < 0.05:  # an invalid map: a dimension twice
            levels[-1] = levels[0]
    formats = ["dense", "batch", "compressed", "singleton", "loose_compressed"]
    out = []
    nl = len(levels)
    for i, e in enumerate(levels):
        f = r.choice(formats)
        if i == 0 and r.random() < 0.3:
            f = "batch"
        props = []
        if r.random() < 0.3:
            props = [p for p in ["nonunique", "nonordered", "soa"] if r.random() < 0.4]
        if f in ("compressed", "loose_compressed") and r.random() < 0.4:
            props = ["nonunique"] + [p for p in props if p != "nonunique"]
        lv = f + ("(" + ", ".join(props) + ")" if props else "")
        if i == nl - 1 and r.random() < 0.08 and "mod" in e:
            m = int(e.split()[-1])
            lv = "structured[%d, %d]" % (r.randint(1, m), m)
        out.append("%s : %s" % (e, lv))
    # COO-like runs now and then
    if nl >= 2 and r.random() < 0.3:
        k = r.randint(0, nl - 2)
        out[k] = "%s : compressed(nonunique)" % levels[k]
        for j in range(k + 1, min(nl, k + 1 + r.randint(1, 2))):
            out[j] = "%s : singleton%s" % (levels[j], r.choice(["", "", "(soa)", "(nonunique)", "(nonordered)"]))
    dimdecl = dims
    if r.random() < 0.1 and not blocked:
        dimdecl = ["%s : #sparse_tensor<slice(%s, %s, %s)>" % (d, r.choice(["0", "1", "?"]), r.choice(["4", "?"]),
                                                                 r.choice(["1", "2", "?"])) for d in dims]
    text = "map = (%s) -> (%s)" % (", ".join(dimdecl), ", ".join(out))
    for key in ("posWidth", "crdWidth"):
        if r.random() < 0.3:
            text += ", %s = %d" % (key, r.choice([0, 8, 16, 32, 64, 64, 7]))
    elem = r.choice(["f32", "f64", "i32", "i64", "f16", "bf16", "index", "complex<f32>"])
    for key in ("explicitVal", "implicitVal"):
        if r.random() < 0.2:
            t = elem if r.random() < 0.8 else r.choice(["f32", "f64", "i32", "i64"])
            zero = key == "implicitVal" and r.random() < 0.8
            if t.startswith("complex"):
                v = "#complex.number<:f32 %s, 0.0> : complex<f32>" % ("0.0" if zero else "1.0")
            elif t.startswith("f"):
                v = "%s : %s" % ("0.0" if zero else r.choice(["1.0", "2.5", "-0.5", "0.1", "1.0e20", "65519.0",
                                                              "1.0e-8", "3.14159265358979", "0x3C00",
                                                              "%.*e" % (r.randint(1, 17), r.uniform(-9, 9) *
                                                                        10 ** r.randint(-40, 40))]), t)
            else:
                v = "%s : %s" % ("0" if zero else r.choice(["1", "7"]), t)
            text += ", %s = %s" % (key, v)
    enc = "#sparse_tensor.encoding<{ %s }>" % text
    trank = rank if r.random() < 0.93 else max(0, rank + r.choice([-1, 1]))
    shape = "".join("%sx" % r.choice(["8", "?", "12", "6"]) for _ in range(trank))
    return enc, "tensor<%s%s>" % (shape, elem)


def rnd_expr(r, nd, ns, depth):
    if depth <= 0 or r.random() < 0.3:
        c = r.random()
        if c < 0.55 and nd:
            return "d%d" % r.randrange(nd)
        if c < 0.8 and ns:
            return "s%d" % r.randrange(ns)
        return str(r.randint(-5, 12))
    op = r.choice(["+", "+", "-", "*", "floordiv", "ceildiv", "mod"])
    a = rnd_expr(r, nd, ns, depth - 1)
    if op == "*":
        b = str(r.randint(-4, 9)) if r.random() < 0.8 else rnd_expr(r, nd, ns, depth - 1)
    elif op in ("floordiv", "ceildiv", "mod"):
        b = str(r.randint(1, 9)) if r.random() < 0.85 or not ns else "s%d" % r.randrange(ns)
    else:
        b = rnd_expr(r, nd, ns, depth - 1)
    return "(%s %s %s)" % (a, op, b) if r.random() < 0.6 else "%s %s %s" % (a, op, b)


def rnd_map(r):
    nd, ns = r.randint(1, 3), r.randint(0, 2)
    res = [rnd_expr(r, nd, ns, r.randint(1, 4)) for _ in range(r.randint(1, 3))]
    head = "(%s)" % ", ".join("d%d" % i for i in range(nd))
    if ns:
        head += "[%s]" % ", ".join("s%d" % i for i in range(ns))
    return head, res, nd, ns


def run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def batch(mlir, tmp, name, chunks):
    """Run mlir-opt once on the chunks (--split-input-file): per chunk (accepted, output or first error)."""
    path = os.path.join(tmp, name)
    starts = []
    line = 1
    with open(path, "w") as f:
        for i, c in enumerate(chunks):
            if i:
                f.write("// -----\n")
                line += 1
            starts.append(line)
            f.write(c)
            line += c.count("\n")
    p = subprocess.run([mlir, "--split-input-file", path], capture_output=True, text=True, timeout=600)
    outs = p.stdout.split("// -----\n")
    errs = {}
    for m in re.finditer(r"^%s:(\d+):\d+: error: (.*)$" % re.escape(path), p.stderr, re.M):
        ln = int(m.group(1))
        k = max(i for i, st in enumerate(starts) if st <= ln)
        errs.setdefault(k, m.group(2).strip())
    if len(outs) != len(chunks):
        raise SystemExit("mlir-opt printed %d outputs for %d cases" % (len(outs), len(chunks)))
    return [(False, errs[i]) if i in errs else (True, outs[i].strip()) for i in range(len(chunks))]


def mlir_msg(err):
    m = re.search(r"error: (.*)", err)
    return m.group(1).strip() if m else err.strip()


def main():
    mlir = find_mlir_opt()
    if not mlir:
        print("mlir-opt 22 not found (apt-get install mlir-22-tools): the differential stage was skipped")
        print("0 passed, 0 failed")
        return 0
    r = random.Random(SEED)
    passed = failed = 0
    tmp = tempfile.mkdtemp(prefix="tla-mlir-diff.")
    try:
        encs = [rnd_encoding(r) for _ in range(N)]
        maps = [rnd_map(r) for _ in range(N)]
        # one mlir-opt run per kind: cases split by `// -----`, three lines each
        enc_chunks = []
        for enc, ty in encs:
            tt = ty[:-1] + ", #e>"
            enc_chunks.append("#e = %s\nfunc.func private @f(%s)\n" % (enc, tt))
        map_chunks = ["#m = affine_map<%s -> (%s)>\nfunc.func private @f() attributes {a = #m}\n" % (h, ", ".join(res))
                      for h, res, nd, ns in maps]
        enc_out = batch(mlir, tmp, "enc.mlir", enc_chunks)
        map_out = batch(mlir, tmp, "map.mlir", map_chunks)
        stats = {"enc_accept": 0, "enc_reject": 0, "map_accept": 0, "map_reject": 0}
        for i, (enc, ty) in enumerate(encs):
            mok, mtext = enc_out[i]
            trc, tout, terr = run([TLA, "sparse", enc, "--type", ty])
            ok, why = True, ""
            if mok != (trc == 0):
                ok, why = False, "accept/reject: mlir-opt %s, tla %s" % (
                    "accepts" if mok else "refuses (%s)" % mtext,
                    "accepts" if trc == 0 else "refuses (%s)" % (terr.strip().splitlines() or [""])[0])
            elif mok:
                stats["enc_accept"] += 1
                first = mtext.splitlines()[0] if mtext else ""
                want = first.split(" = ", 1)[1] if " = " in first else first
                if want != tout.strip():
                    ok, why = False, "print: mlir-opt '%s', tla '%s'" % (want, tout.strip())
            else:
                stats["enc_reject"] += 1
                if any(mtext.startswith(st) for st in STABLE) and mtext not in terr:
                    ok, why = False, "message: mlir-opt '%s', tla '%s'" % (mtext, terr.strip())
            if ok:
                passed += 1
            else:
                failed += 1
                print("FAIL encoding %d: %s\n  %s on %s" % (i, why, enc, ty))
        for i, (head, res, nd, ns) in enumerate(maps):
            text = "%s -> (%s)" % (head, ", ".join(res))
            mok, mtext = map_out[i]
            dom = ", ".join(["d%d in [0, 9]" % k for k in range(nd)] + ["s%d in [1, 9]" % k for k in range(ns)])
            trc, tout, terr = run([TLA, "simplify", "--parse-only"], "%s, domain: %s\n" % (text, dom))
            ok, why = True, ""
            if mok != (trc == 0):
                ok, why = False, "accept/reject: mlir-opt %s, tla %s" % (
                    "accepts" if mok else "refuses (%s)" % mtext, "accepts" if trc == 0 else "refuses (%s)" % terr.strip())
            elif mok:
                stats["map_accept"] += 1
                m = re.search(r"affine_map<(.*)>", mtext)
                want = m.group(1) if m else mtext
                got = tout.splitlines()[0].rstrip(",") if tout else ""
                if want != got:
                    ok, why = False, "print: mlir-opt '%s', tla '%s'" % (want, got)
            else:
                stats["map_reject"] += 1
                if mtext.startswith("non-affine expression") and mtext not in terr:
                    ok, why = False, "message: mlir-opt '%s', tla '%s'" % (mtext, terr.strip())
            if ok:
                passed += 1
            else:
                failed += 1
                print("FAIL affine map %d: %s\n  %s" % (i, why, text))
        print("mlir-opt %s: %d encodings on tensor types (%d accepted, %d refused by both), %d affine maps (%d accepted, "
              "%d refused by both)" % (mlir, N, stats["enc_accept"], stats["enc_reject"], N, stats["map_accept"],
                                       stats["map_reject"]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
