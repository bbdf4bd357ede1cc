#!/usr/bin/env python3
"""tools/gen_core.py - writes tla/static/core_gen.h, the unrolled part of the static core.

The static core (tla/static/node.h, tuple.h, layout.h) needs macros written out once per nesting level,
per rank and per leaf slot.  Writing them by hand invites typos; generating them keeps each one
small and named for its step.  Run `python3 tools/gen_core.py` after editing this file (make
test checks that tla/static/core_gen.h is up to date: `python3 tools/gen_core.py --check`);
--output PATH writes elsewhere.  Paths are taken from this file's place, so it runs from any
directory.

The output is read by people too: a long definition is broken at clause boundaries ("; ", then
", ", then a space outside string literals) with backslash-newlines, which the preprocessor
removes in translation phase 2, before anything else reads the text: a site preprocesses to the
same tokens, and no line of tla/ is longer than 200 characters.

Why the design looks like this (measured in docs/cost.md):
  * a tuple is ONE flat value: its leaves in an array v[n], and a never-instantiated info type
    whose member extents (read with sizeof) give per leaf its value code and path code;
  * constructors see the nesting written in place (MakeShape(MakeShape(a, b), c)) through the
    preprocessor, so a nested tuple costs nothing beyond its leaves: text follows the leaves
    that exist, not a fixed maximum;
  * each argument is bound once, and the facts of a query are bound once to enum constants.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "tla", "static", "core_gen.h")

LV = 4  # nesting levels (TLA_STATIC_DEPTH)
R = 8   # leaves of one static tuple (TLA_STATIC_LEAVES), also the largest rank

o = []
w = o.append


def line(s):
    w(s + "\n")


def probe_macros(x):
    """the level probes x<k>(e, x): a paste that is painted inside its own rescan"""
    for k in range(1, LV + 1):
        line(f"#define {x}{k}(e, x) e ## x")
        line(f"#define TLA__IS_{x}{k}(e, x) 0")


def probes(x):
    return ", ".join(f"{x}{k}(, 1)" for k in range(1, LV + 1))


def level_table(prefix, entry, deeper):
    """prefix<answers> -> entry<k> for the first level k not in progress, deeper past them"""
    for k in range(1, LV + 1):
        key = "0" * (k - 1) + "1" * (LV - k + 1)
        line(f"#define {prefix}{key} {entry}{k}")
    line(f"#define {prefix}" + "0" * LV + f" {deeper}")


def leveled(name, x, prefix, entry, deeper):
    """name: an object-like entry that expands to entry<k> at the first level k not in progress.
    Level 1 is picked from an argument list (TLA__LV1): its probe x1(, prefix C1) gives
    `~, entry1` outside level 1, two arguments where the painted probe is one.  clang's notes on
    a user's argument follow how the name of the macro that takes it was made: the name comes
    from the probe, written in this macro's text, so there is one note (`expanded from macro
    ...`), where the pastes of TLA__LSEL give six or more.  Deeper levels use TLA__LSEL."""
    level_table(prefix, entry, deeper)
    line(f"#define {prefix}C1 ~, {entry}1")
    line(f"#define {name} TLA__LV1({x}1(, {prefix}C1), TLA__LSEL({prefix}, {probes(x)}))")


def by_count(name, params, first, one_step, split):
    """name<n>(params) for n = first..12 arguments counted (the tuple and its indices): one_step
    while the indices fit one get step (at most LV), else split (two steps, GSPLIT4)."""
    for n in range(first, 13):
        line(f"#define {name}{n}({params}) " + (one_step if n <= 1 + LV else split))


def unused_decl(n):
    """the unused slots' members (value and path codes 1), one declaration of the type node.h
    names for them (tla__u1): a few bytes each instead of their declarators written out"""
    names = [f"c{j}" for j in range(n, R)] + [f"p{j}" for j in range(n, R)]
    return f" tla__u1 {', '.join(names)};" if names else ""


def forward(name, target, n, lead, em="TLA__EMZ"):
    """#define name(lead, i0, ..): target(lead, <items i0, .. unpacked>), so that each
    parenthesised item becomes its fields as arguments of target."""
    ps = ", ".join(f"i{j}" for j in range(n))
    ups = ", ".join(f"TLA__UNP i{j}" for j in range(n))
    line(f"#define {name}({lead}, {ps}) {em}({target}, {lead}, {ups})")


def info_members(n, nplus, dp, st, code):
    """An info type's members: n leaves (nplus: the extent of n, n + 1 and perhaps a check),
    depth + 1 (dp), rank + 1, 1 + all-static (st), and the slots (slot_members)."""
    return f"char (*n)[{nplus}], (*dp)[{dp}], (*r)[_uR + 1], (*st)[{st}], {slot_members(n, code)}"


def slot_members(n, code):
    """An info type's slot members for n leaves (the rest unused): value codes code(j), path
    codes _uP<j> + 1, and pp, the function type that lists the paths (congruence)."""
    mem_c = ", ".join(f"(*c{j})[{code(j)}]" for j in range(n))
    mem_p = ", ".join(f"(*p{j})[_uP{j} + 1]" for j in range(n))
    pps = ", ".join(f"_uP{j}" for j in range(n))
    return f"{mem_c}, {mem_p};{unused_decl(n)} TLA__PPT{n}({pps})"


def stored_node(var, tname, info, vals, tvals):
    """the end of a node builder: a value of the node type (info type `info`, element type tname,
    the common type of tvals) into which vals are stored leaf by leaf, and that value as the
    result: a leaf that did not compile drops its own statement, and the node keeps its type"""
    vt = " + ".join(tvals)
    stores = " ".join(f"{var}.v[{j}] = {v};" for j, v in enumerate(vals))
    return (f"typedef __typeof__(0 + {vt}) {tname}; "
            f"struct {{ {tname} v[8]; union {{ const {info} *tla_f; char (*tla_lk)[4 + _uR]; }}; }} {var} = {{ .v = {{ 0 }} }}; "
            f"{stores} {var}; )")


def max_level(n):
    """text of the largest of levels _uL0.._uL{n-1} (nested TLA__MX calls)"""
    e = f"_uL{n - 1}"
    for j in range(n - 2, -1, -1):
        e = f"TLA__MX(_uL{j}, {e})"
    return e


# the facts: declared once per site (block-scope enum constants)
# (The value codes come first, each its own sizeof, and _tV, 2^30 below its code, in the next
# enum: on clang an enumerator whose operand did not compile takes the previous value plus one,
# and a chain of such subtractions overflowed, 4 more errors after an undeclared argument.  A
# stride's value is read where it is used, once.  _tt<j> is (path code - 1) % 10 - 1 in size_t:
# the top-level mode's index, and 5 for a slot past the shape's, which no fact reads; slot 0 is in
# mode 0, and is coordinate slot 0 in every form.)
def crd_enums(S, D, C, pre="_t", suf="", F="TLA__F"):
    def nm(x, j=""):
        return f"{pre}{x}{j}{suf}"
    # the coordinate's form is the first constant of an enum of its own: a coordinate whose
    # form does not compile (rt_types.h, tla__rtinfo) reads 0 then, and nothing else reports
    s0 = f"{nm('cd')} = {F}({C}, dp)"
    s1 = (f"{nm('n')} = {F}({S}, n) - 1, {nm('cl')} = {nm('cd')} == 1, {nm('cf')} = {nm('cd')} == 2, "
          + " ".join(f"{nm('s', j)} = {F}({S}, c{j}), {nm('d', j)} = {F}({D}, c{j}), "
                     f"{nm('t', j)} = " + (f"({F}({S}, p{j}) - 2) % 10," if j else "0,") for j in range(R))
          )[:-1]
    def qw(j):  # the static prefix product through slot j (slot 0 has none: its own value, if static)
        return f"TLA__QW({nm('q', j)}, {nm('V', j)})" if j else f"({nm('V', 0)} < 0 ? -1 : {nm('V', 0)})"
    e2 = []
    for j in range(R):
        k = f"{nm('cl')} ? 0 : {nm('cf')} ? {nm('t', j)} : {j}" if j else "0"
        e2.append(f"{nm('V', j)} = TLA__CV({nm('s', j)}), "
                  f"{nm('k', j)} = {k}, "
                  + (f"{nm('g', j + 1)} = {j + 1} < {nm('n')} && ({nm('cl')} || ({nm('cf')} && {nm('t', j + 1)} == {nm('t', j)})), "
                     f"{nm('q', j + 1)} = {nm('g', j + 1)} ? {qw(j)} : 1," if j + 1 < R
                     else f"{nm('g', R)} = 0,"))
    s2 = " ".join(e2)[:-1]
    return s0, s1, s2
xcj = lambda j: f"TLA__FP(_tCf, c{j})"
def cx(tile):
    """_tst and the coordinate's static values (tile: plus a tile's coordinate's, _tXf)"""
    xs_ = " ".join(f"_tx{j} = TLA__CV({'_tCk == 13 ? TLA__LCODE_K(*_tcp, _tCk) : ' + xcj(0) if j == 0 else xcj(j)})"
                   + (f" + (TLA__FP(_tXf, c{j}) >= 2 ? TLA__CV(TLA__FP(_tXf, c{j})) : 0)" if tile else "") + ","
                   for j in range(R))
    return (f"enum {{ _tst = (_tCk == 13 || TLA__FP(_tCf, st) == 2) && TLA__FP(_tSf, st) == 2 "
            f"&& TLA__FP(_tDf, st) == 2{' && TLA__FP(_tXf, st) == 2' if tile else ''} && _tn > 0, {xs_[:-1]} }};")


def ACTQ(j): return f" / (_tq{j} > 0 ? _tq{j} : 1)" if j else ""  # (slot 0: no prefix)
def path_facts(nm, path):
    """get's facts about the element at prefix code P of D = 10^levels, over the 8 slots (path(j):
    slot j's path code + 1, read from a type): nm(x) names fact x (P, D, p<j>: the path codes, q<j>:
    slot j matches, r<j>: some slot up to j matches, o: the first match, m: the matches, w: a leaf
    on the way).  TLA__GET_ENUMS and TLA__VGET_ENUMS (tla_value of a get) are the same formulas."""
    P, D = nm("P"), nm("D")
    pj = [nm(f"p{j}") for j in range(R)]
    qj = [nm(f"q{j}") for j in range(R)]
    rj = [nm(f"r{j}") for j in range(R)]
    pps = " ".join(f"{pj[j]} = {path(j)} - 1," for j in range(R))
    # (an unused slot has path code 0, which matches no prefix)
    mt = " ".join(f"{qj[j]} = {pj[j]} % {D} == {P}," for j in range(R))
    cum = f"{rj[0]} = {qj[0]}, " + " ".join(f"{rj[j]} = {rj[j - 1]} | {qj[j]}," for j in range(1, R))
    cnt = " + ".join(f"({rj[j]} == 0)" for j in range(R))
    cnt2 = " + ".join(qj)
    # (the proper prefixes of P, of 1, 2 and 3 digits: W<k> = P % 10^k while P has more than k
    # digits, else -1; a leaf on the way is a slot whose path is one of them)
    W = [nm(f"W{k}") for k in (1, 2, 3)]
    pre = " ".join(f"{W[k - 1]} = {D} > {10 ** k} ? {P} % {10 ** k} : -1," for k in (1, 2, 3))
    way = " + ".join(f"({pj[j]} == {W[0]} || {pj[j]} == {W[1]} || {pj[j]} == {W[2]})" for j in range(R))
    return f"{P} = (P), {D} = (D), {pre} {pps} {mt} {cum} {nm('o')} = {cnt}, {nm('m')} = {cnt2}, {nm('w')} = {way}"


GET_NAMES = {"P": "_uP", "D": "_uD", "W": "_uW", "p": "_upp", "q": "_uq", "r": "_ur", "o": "_uo", "m": "_um", "w": "_uw"}
get_nm = lambda x: GET_NAMES[x[0]] + x[1:]
vk = lambda n: f"_vg{n}"
def get_sub(X, L):
    """the sub-tuple of node X (bound) given GET_ENUMS; L a letter naming its enums"""
    genum = " ".join(f"_u{L}c{k} = {k} < _um ? TLA__SELF{k}(_u{L}cc) : 1," for k in range(R))
    gmem_c = ", ".join(f"(*c{k})[_u{L}c{k}]" for k in range(R))
    gmem_p = ", ".join(f"(*p{k})[_ugp{k} + 1]" for k in range(R))
    gpp = ", ".join(f"char (*)[_ugp{k} + 1]" for k in range(R))
    gst = " + ".join(f"(_u{L}c{k} > 1)" for k in range(R)) + " >= _um"
    gvals = ", ".join(f"{X}.v[(_uo + {k}) & 7]" for k in range(R))
    ccs = " ".join(f"_u{L}cc{j} = (int)TLA__F({X}, c{j})," for j in range(R))
    return (f"enum {{ {ccs} {genum} _u{L}z = 0 }}; "
            f"typedef struct {{ char (*n)[_um + 1], (*dp)[_ugdp], (*r)[_urk + 1], (*st)[1 + ({gst})], {gmem_c}, {gmem_p}; void (*pp)({gpp}); }} _u{L}i; "
            f"__auto_type _u{L}s = (struct {{ __typeof__({X}.v[0]) v[8]; union {{ const _u{L}i *tla_f; char (*tla_lk)[_uleaf ? (_u{L}c0 >= 2 ? 2 + (_u{L}c0 < TLA__B) : 1) : 4 + _urk]; }}; }})"
            f"{{ .v = {{ {gvals} }} }};")

# ---------------------------------------------------------------- inlining the small helpers
# Preprocessing is a third of a site's compile time (docs/cost.md), and much of it is
# rescanning: each helper call (TLA__IF(c, a, b), TLA__F(x, m), ...) takes its arguments, expands
# them and scans the result again.  So the definitions written above are emitted with the
# helpers below already substituted: the same text comes out of the preprocessor, with fewer
# steps.  Only helpers with no # or ## in their bodies, defined in node.h and base.h, and
# checked here against those headers so the two cannot drift apart.
HELPERS = {  # name: (parameters, body)
    "TLA__IF": (["c", "a", "b"], "__builtin_choose_expr(c, a, b)"),
    "TLA__STMT": (["..."], "__extension__ ({ __VA_ARGS__ })"),
    "TLA__F": (["x", "m"], "sizeof(*(x).tla_f->m)"),
    "TLA__FP": (["P", "m"], "sizeof(*P->m)"),
    "TLA__CV": (["c"], "((int)(c) - TLA__B)"),
    "TLA__B": (None, "tla__B"),
    "TLA__CLS": (["x"], "__builtin_classify_type(x)"),
    "TLA__LCODE_K": (["x", "k"], "sizeof(*__builtin_choose_expr((k) == 13, (x), tla__p1o).tla_sv)"),
    "TLA__LVAL_K": (["x", "k", "c"], "__builtin_choose_expr((k) - 1u < 4u, (x), TLA__CV(c))"),
    "TLA__QW": (["q", "w"], "((q | w) < 0 || q * (w + 0LL) > tla__P ? -1 : q * w)"),
}


def check_helpers():
    """each helper's definition as node.h / base.h / core_gen.h's own text spell it"""
    src = "".join(open(os.path.join(ROOT, "tla", *p)).read() for p in (("static", "node.h"), ("base.h",))) + "".join(o)
    for name, (params, body) in HELPERS.items():
        want = f"#define {name} {body}" if params is None else f"#define {name}({', '.join(params)}) {body}"
        if want not in src:
            sys.exit(f"gen_core.py: the inlined helper {name} differs from its definition: {want}")


def split_args(s, i):
    """s[i] == '(': the top-level comma-separated arguments and the index after ')'"""
    depth, args, cur = 0, [], i + 1
    j = i
    while True:
        ch = s[j]
        if ch == '"':
            j = s.index('"', j + 1)
            while s[j - 1] == "\\":
                j = s.index('"', j + 1)
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                args.append(s[cur:j].strip())
                return args, j + 1
        elif ch == "," and depth == 1:
            args.append(s[cur:j].strip())
            cur = j + 1
        j += 1


def inline_helpers(s, outer=()):
    """s with the helpers' calls substituted; outer: the parameters of the macro s defines"""
    pat = re.compile(r"(?<![A-Za-z0-9_#])(" + "|".join(sorted(HELPERS, key=len, reverse=True)) + r")(?![A-Za-z0-9_])")
    while True:
        m = None
        for m in pat.finditer(s):
            if s.count('"', 0, m.start()) % 2 == 0:  # not inside a string literal
                break
        else:
            return s
        name = m.group(1)
        params, body = HELPERS[name]
        if params is None:
            s = s[:m.start()] + body + s[m.end():]
            continue
        k = m.end()
        while k < len(s) and s[k] == " ":
            k += 1
        if k >= len(s) or s[k] != "(":
            sys.exit(f"gen_core.py: {name} named without arguments")
        args, end = split_args(s, k)
        if params == ["..."]:
            out = body.replace("__VA_ARGS__", ", ".join(args))
        else:
            assert len(args) == len(params), (name, args)
            # (param) -> arg when the argument is one identifier or number: the parentheses
            # only matter around an expression (grouping parentheses only: not a call's, after a
            # name or a closing bracket, unless that bracket closes the cast (int))
            # (not a parameter of the macro being defined: it stands for a caller's expression)
            simple = [re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+", a) is not None and a not in outer for a in args]
            out = re.sub(r"(?:(?<![A-Za-z0-9_)\]])|(?<=\(int\)))\((" + "|".join(params) + r")\)",
                         lambda t: args[params.index(t.group(1))] if simple[params.index(t.group(1))] else t.group(0), body)
            out = re.sub(r"(?<![A-Za-z0-9_])(" + "|".join(params) + r")(?![A-Za-z0-9_])",
                         lambda t: args[params.index(t.group(1))], out)
        s = s[:m.start()] + out + s[end:]


def emit():
    """every definition of core_gen.h, in order, into o (one physical line a call to line)"""
    line("/* tla/static/core_gen.h - GENERATED by tools/gen_core.py; do not edit (edit the script and rerun it).")
    line(" *")
    line(" * The unrolled part of the static core: the tuple constructor (level selection, one walker per")
    line(" * nesting level, one emitter per leaf count), crd2offset's sums and get's slot selection.  The")
    line(" * representation is described in tla/static/node.h.")
    line(" *")
    line(" * Example (compiled and run by make test, tests/docs.sh):")
    line(" *   int n = 3;")
    line(" *   tla_auto t = tla_make_tuple(tla_make_tuple(TLA_C(16), n), 7);   // ((_16,3),7): one flat value")
    line(" *   _Static_assert(sizeof t.v / sizeof t.v[0] == 8, \"every tuple stores 8 leaf values\");")
    line(" *   _Static_assert(TLA__NLEAF(t) == 3 && TLA__DEPTH(t) == 2, \"3 leaves, nested once\");")
    line(" *   _Static_assert(TLA__SPATH(t, 1) == 21 + 1, \"leaf 1 sits at path (0, 1): code 21\");")
    line(" *   if (t.v[0] != 16 || t.v[1] != 3 || t.v[2] != 7) return 1;       // static values are stored too")
    line(" */")
    line("/* clang-format off */")
    line("#ifndef TLA_CORE_GEN_H")
    line("#define TLA_CORE_GEN_H")
    line("/* A system header: gcc's \"in expansion of macro\" notes then stop at the user's call instead")
    line(" * of listing every step below it (a misuse reports in a few lines, not 70). */")
    line("#pragma GCC system_header")
    line("/* `, ## __VA_ARGS__` (GNU, also in clang) lets the walkers take their arguments unexpanded. */")
    line("#ifdef __clang__")
    line("#pragma clang diagnostic push")
    line("#pragma clang diagnostic ignored \"-Wgnu-zero-variadic-macro-arguments\"")
    line("#endif")
    line("")

    # ---------------------------------------------------------------- counting and pasting
    line("/* ---- pasting (one pair per level: a paste inside another's rescan must not be painted) ---- */")
    for k in range(0, LV + 3):
        line(f"#define TLA__CT{k}_(a, b) a##b")
        line(f"#define TLA__CT{k}(a, b) TLA__CT{k}_(a, b)")
    nums = ", ".join(str(i) for i in range(12, -1, -1))
    line("/* TLA__RN(~, ## args): the number of args, 0 for none (GNU , ## drops the comma). */")
    line("#define TLA__PICK(" + ", ".join(f"_{i}" for i in range(13)) + ", N, ...) N")
    line(f"#define TLA__RN(z, ...) TLA__PICK(~ , ## __VA_ARGS__, {nums})")
    line(f"#define TLA__NA(...) TLA__PICK(~, __VA_ARGS__, {nums})")
    line("#define TLA__UNP(...) __VA_ARGS__")
    line("")

    # ---------------------------------------------------------------- level selection
    line("/* ---- the constructor's entry: which nesting level is this call? ----")
    line(" * TLA__X<k>(e, x) pastes e onto x; inside its own rescan it is not expanded (\"painted\"), so")
    line(" * the probe TLA__X<k>(, 1) reads 1 outside level k and stays TLA__X<k>(, 1) inside it.  The")
    line(" * first level not in progress is this call's level.  Only our own tokens are ever pasted.")
    line(" * TLA__LSEL(prefix, four probes) pastes the prefix and the four answers (1 or 0) into one")
    line(" * name; tla_get uses it too, with probes of its own (below). */")
    line("#define TLA__IS_1 1")


    probe_macros("TLA__X")


    args = ", ".join(f"a{k}" for k in range(1, LV + 1))
    pastes = ", ".join(f"TLA__IS_ ## a{k}" for k in range(1, LV + 1))
    line(f"#define TLA__LSEL(p, {args}) TLA__LS2(p, {args})")
    line(f"#define TLA__LS2(p, {args}) TLA__LS3(p, {pastes})")
    line(f"#define TLA__LS3(p, {args}) TLA__LS4(p, {args})")
    line(f"#define TLA__LS4(p, {args}) p ## {' ## '.join('a' + str(k) for k in range(1, LV + 1))}")
    line("/* TLA__LV1(probe, deeper): the second argument of the probe's answer and deeper.  The outermost")
    line(" * call's level is picked so (below): the probe X1(, TLA__TS_C1) answers `~, TLA__ENT1` outside")
    line(" * level 1, two arguments where the painted probe is one.  clang notes every object-like step")
    line(" * that made the name of the macro taking a user's argument, at each report of an undeclared")
    line(" * name in it: through TLA__LSEL's pastes seven notes (20 lines), here the entry's own. */")
    line("#define TLA__LV1(a, d) TLA__LV1_(a, d, ~)")
    line("#define TLA__LV1_(x, y, ...) y")
    leveled("TLA__TUPLE", "TLA__X", "TLA__TS_", "TLA__ENT", "TLA__TOO_DEEP")
    line("/* (an integer: it stands where an element of the enclosing tuple is expected) */")
    line("#define TLA__TOO_DEEP(...) TLA_STATIC_CHECK(0, \"tla: a static or mixed IntTuple nests at most TLA_STATIC_DEPTH (4) levels; use the run-time tla_tuple\")")
    line("/* A constructor that cannot be built: one error, then a harmless value (no cascade). */")
    line("#define TLA__ERR_NIL(msg) _Static_assert(0, msg); (struct tla__nil){ { 0 }, { 0 } };")
    line("#define TLA__EM_ERR(msg) TLA__STMT(TLA__ERR_NIL(msg))")
    for k in range(1, LV + 1):
        body = f"TLA__L{k}" if k == 1 else f"TLA__M{k}"
        line(f"#define TLA__ENT{k}(...) TLA__X{k}(, {body}(~ , ## __VA_ARGS__))")
    line("")

    # ---------------------------------------------------------------- walkers
    line("/* ---- walkers: level 1 emits the flat tuple; deeper levels return the marker")
    line(" * `TLA__TUP, (items)` (two arguments where a user expression is one) ---- */")
    for k in range(1, LV + 1):
        nm = f"TLA__L{k}" if k == 1 else f"TLA__M{k}"
        line(f"#define {nm}(z, ...) TLA__CT{k}({nm}_, TLA__RN(~ , ## __VA_ARGS__))(~ , ## __VA_ARGS__)")
        line(f"#define {nm}_0(z) TLA__EM_ERR(\"tla: a tuple needs at least one element\")")
        for r in range(1, R + 1):
            ps = ", ".join(f"e{i}" for i in range(r))
            items = " ".join(f"TLA__D({i}, e{i})" for i in range(r))
            if k == 1:
                line(f"#define {nm}_{r}(z, {ps}) TLA__EMIT({r}, ~ {items})")
            else:
                line(f"#define {nm}_{r}(z, {ps}) TLA__TUP, (~ {items})")
        for r in range(R + 1, 13):
            ps = ", ".join(f"e{i}" for i in range(r))
            line(f"#define {nm}_{r}(z, {ps}) TLA__EM_ERR(\"tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple\")")
    line("/* The statement-free constructor (TLA_CONST_LAYOUT, layout.h): the same walk at level 1, then")
    line(" * TLA__EMITF, which names each element where it is needed instead of binding it (so it works")
    line(" * at file scope, where there are no statements); its elements must be static. */")
    line("#define TLA__STATIC_TUPLE(...) TLA__X1(, TLA__F1(~ , ## __VA_ARGS__))")
    line("#define TLA__F1(z, ...) TLA__CT1(TLA__F1_, TLA__RN(~ , ## __VA_ARGS__))(~ , ## __VA_ARGS__)")
    for r in range(1, R + 1):
        ps = ", ".join(f"e{i}" for i in range(r))
        items = " ".join(f"TLA__D({i}, e{i})" for i in range(r))
        line(f"#define TLA__F1_{r}(z, {ps}) TLA__EMITF({r}, ~ {items})")
    line("/* Element i: a leaf (one argument) becomes the item (path, level, expr); a nested tuple's")
    line(" * items get i in front of their paths and one more level.  A path code is a decimal literal")
    line(" * whose digits are the indices + 1, the top-level index last: (0, 1) is 21.  The walkers")
    line(" * build it by pasting digits, so the emitted code is one token, not an expression. */")
    line("#define TLA__D(i, ...) TLA__CT0(TLA__D_, TLA__NA(__VA_ARGS__))(i, __VA_ARGS__)")
    line("#define TLA__D_1(i, e) , (TLA__DIG_##i, 1, e)")
    for i in range(R):
        line(f"#define TLA__DIG_{i} {i + 1}")
    for l in range(1, LV + 1):
        line(f"#define TLA__LV_{l} {l + 1}")
    line("#define TLA__D_2(i, tag, items) TLA__PFX(i, TLA__UNP items)")
    line("#define TLA__PFX(i, ...) TLA__CT5(TLA__PFX_, TLA__NA(__VA_ARGS__))(i, __VA_ARGS__)")
    for n in range(2, 13):
        ps = ", ".join(f"t{j}" for j in range(1, n))
        if n - 1 <= R:
            body = " ".join(f", TLA__PF(i, t{j})" for j in range(1, n))
        else:
            body = ", (1, 1, TLA__EM_ERR(\"tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple\"))"
        line(f"#define TLA__PFX_{n}(i, z, {ps}) {body}")
    line("#define TLA__PF(i, t) TLA__PF2(i, TLA__UNP t)")
    line("#define TLA__PF2(...) TLA__PF3(__VA_ARGS__)")
    line("#define TLA__PF3(i, c, l, e) (TLA__PFC(c, TLA__DIG_##i), TLA__LV_##l, e)")
    line("#define TLA__PFC(c, d) TLA__PFC_(c, d)")
    line("#define TLA__PFC_(c, d) c##d")
    line("")

    # ---------------------------------------------------------------- get's levels
    line("/* ---- get's levels: tla_get(tla_get(x, 1), 0) is tla_get(x, 1, 0), one step ----")
    line(" * tla_get is object-like and finds its level as the constructor does (probes TLA__GX<k>).  A")
    line(" * get inside another get's argument (level k > 1) does not build its value: it leaves the")
    line(" * deferred marker `TLA__GMARK (x, i...)`, a call that the next rescan expands.  Its parent")
    line(" * rescans its own argument once with TLA__GP<k> in progress; there the marker expands to the")
    line(" * form `(~, ~, ~, ~, ~, ~, ~, ~, ~, ~)(x, i...)` (ten arguments in the first group: no C")
    line(" * expression starts so), which TLA__GDET recognises without pasting, so it works on any")
    line(" * argument.  When the argument is exactly a marker, the parent joins the indices (level 1 makes")
    line(" * the one get step, deeper levels pass a longer marker up).  Anywhere else (inside")
    line(" * tla_stride(...), parentheses, another macro) a rescan outside the probes expands the marker")
    line(" * to the get itself, so such arguments mean what they say; only their flattening is lost. */")
    probe_macros("TLA__GX")
    probe_macros("TLA__GP")
    leveled("TLA__GET", "TLA__GX", "TLA__GL_", "TLA__GENT", "TLA__GET_NOW")
    line("/* The argument is expanded once, at its level (x of TLA__GW<k>_0): an expansion before the")
    line(" * probe would expand its markers too.  TLA__GONE counts the arguments as written (1: no index). */")
    line("#define TLA__GNOIDX(x) TLA__STMT((void)(x); TLA__ERR_NIL(\"tla: get needs an index: tla_get(x, i [, j, k, l])\"))")
    line("#define TLA__GONE(z, ...) TLA__PICK(~ , ## __VA_ARGS__, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0)")
    for k in range(1, LV + 1):
        sel = "TLA__GSEL1" if k == 1 else "TLA__GSELM"
        line(f"#define TLA__GENT{k}(...) TLA__GX{k}(, TLA__GCT5(TLA__GW{k}_, TLA__GONE(~ , ## __VA_ARGS__))(~ , ## __VA_ARGS__))")
        line(f"#define TLA__GW{k}_0(z, x, ...) {sel}(x, (__VA_ARGS__), TLA__GP{k}(, TLA__GDET(x)))")
        line(f"#define TLA__GW{k}_1(z, x) TLA__GNOIDX(x)")
    line("/* Pastes of their own (a paste inside the rescan of the same paste would not expand). */")
    for k in range(1, 6):
        line(f"#define TLA__GCT{k}_(a, b) a##b")
        line(f"#define TLA__GCT{k}(a, b) TLA__GCT{k}_(a, b)")
    line("#define TLA__GCALL(m, ...) m(__VA_ARGS__)")
    line("/* TLA__GDET(x): `TLA__GOT, (y, i...)` when x is the marker's form, else one argument. */")
    line("#define TLA__GPRB(...) TLA__GPRB_(__VA_ARGS__, 0, ~)")
    line("#define TLA__GPRB_(a, b, ...) b")
    line("#define TLA__GPAREN(...) ~, 1,")
    line("#define TLA__GDET(x) TLA__GCT1(TLA__GDET_, TLA__GPRB(TLA__GPAREN x))(x)")
    line("#define TLA__GDET_0(x) 0")
    line("#define TLA__GDET_1(x) TLA__GDET2(TLA__GSPLIT x)")
    line("#define TLA__GSPLIT(...) (__VA_ARGS__),")
    line("#define TLA__GDET2(...) TLA__GDET3(__VA_ARGS__)")
    line("#define TLA__GDET3(g, rest) TLA__GCT2(TLA__GDET4_, TLA__GTEN g)(rest)")
    line("#define TLA__GTEN(...) TLA__PICK(~, __VA_ARGS__, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)")
    line("#define TLA__GDET4_0(rest) 0")
    line("#define TLA__GDET4_1(rest) TLA__GOT, rest")
    line("/* The marker: inside a parent's probe its form, elsewhere the get. */")
    line("#define TLA__GEMPTY()")
    line(f"#define TLA__GMARK(...) TLA__LSEL(TLA__GM_, {probes('TLA__GP')})(__VA_ARGS__)")
    for i in range(2 ** LV):
        key = format(i, f"0{LV}b")
        line(f"#define TLA__GM_{key} " + ("TLA__GET_NOW" if key == "1" * LV else "TLA__GMFORM"))
    line("#define TLA__GMFORM(...) (~, ~, ~, ~, ~, ~, ~, ~, ~, ~)(__VA_ARGS__)")
    line("/* Level 1: one step, with the marker's indices first (past 4 indices, two steps, the first of")
    line(" * 4: a static tuple nests 4 deep, so the second reports the misuse); deeper levels: a longer")
    line(" * marker. */")
    line("#define TLA__GSEL1(x, ig, ...) TLA__GCT3(TLA__GS1_, TLA__NA(__VA_ARGS__))(x, ig, __VA_ARGS__)")
    line("#define TLA__GS1_1(x, ig, d) TLA__GET_NOW(x, TLA__UNP ig)")
    line("#define TLA__GS1_2(x, ig, got, inner) TLA__GCT4(TLA__GJ_, TLA__NA(TLA__UNP inner, TLA__UNP ig))(inner, ig)")


    by_count("TLA__GJ_", "inner, ig", 3, "TLA__GCALL(TLA__GET_NOW, TLA__UNP inner, TLA__UNP ig)",
             "TLA__GCALL(TLA__GSPLIT4, TLA__UNP inner, TLA__UNP ig)")
    line("#define TLA__GSPLIT4(t, a, b, c, d, ...) TLA__GET_NOW(TLA__GET_NOW(t, a, b, c, d), __VA_ARGS__)")
    line("#define TLA__GSELM(x, ig, ...) TLA__GCT3(TLA__GSM_, TLA__NA(__VA_ARGS__))(x, ig, __VA_ARGS__)")
    line("#define TLA__GSM_1(x, ig, d) TLA__GMARK TLA__GEMPTY() (x, TLA__UNP ig)")
    line("#define TLA__GSM_2(x, ig, got, inner) TLA__GMARK TLA__GEMPTY() (TLA__UNP inner, TLA__UNP ig)")
    line("/* tla_value takes a level too, so that tla_value(tla_get(t, i...)) reads the leaf from t's type")
    line(" * (TLA__VALUE_GET, tuple.h) instead of making the get twice (for its type and for its value). */")
    leveled("TLA__VALUE", "TLA__GX", "TLA__VL_", "TLA__VENT", "TLA__VALUE_NOW")
    for k in range(1, LV + 1):
        line(f"#define TLA__VENT{k}(...) TLA__GX{k}(, TLA__VW{k}(~ , ## __VA_ARGS__))")
        line(f"#define TLA__VW{k}(z, x) TLA__VSEL(x, TLA__GP{k}(, TLA__GDET(x)))")
    line("#define TLA__VSEL(x, ...) TLA__GCT3(TLA__VS_, TLA__NA(__VA_ARGS__))(x, __VA_ARGS__)")
    line("#define TLA__VS_1(x, d) TLA__VALUE_NOW(x)")
    line("#define TLA__VS_2(x, got, inner) TLA__GCT4(TLA__VJ_, TLA__NA(TLA__UNP inner))(inner)")
    by_count("TLA__VJ_", "inner", 2, "TLA__GCALL(TLA__VALUE_GET, TLA__UNP inner)",
             "TLA__VALUE_NOW(TLA__GSPLIT4 inner)")
    line("")

    # ---------------------------------------------------------------- emitters
    line("/* ---- emitters: TLA__EMIT(r, ~, (path, level, expr)...) builds the flat tuple of rank r ----")
    line(" * Per leaf j: _ua<j> the bound element, _uk<j> its type class, _uc<j> its value code (static:")
    line(" * N + 2^30, read from a static integer's type; 1: dynamic), _uv<j> its value.  The formats call")
    line(" * TLA__FLAT<n>(r, items) directly with known paths.  An element that does not compile (an")
    line(" * undeclared name) is reported once and nothing after it: its enum (one per leaf) reads 0, and")
    line(" * the value is stored by a statement of its own, so the tuple itself still has its type. */")
    line("#define TLA__EMY(m, ...) m(__VA_ARGS__)")
    line("#define TLA__EMIT(r, ...) TLA__EMIT2(r, __VA_ARGS__)")
    line("#define TLA__EMIT2(r, z, ...) TLA__CT6(TLA__EM_, TLA__NA(__VA_ARGS__))(r, __VA_ARGS__)")
    for n in range(9, 13):
        ps = ", ".join(f"i{j}" for j in range(n))
        line(f"#define TLA__EM_{n}(r, {ps}) TLA__EM_ERR(\"tla: a static or mixed IntTuple holds at most TLA_STATIC_LEAVES (8) leaves; use the run-time tla_tuple\")")


    # pp for literal paths: a typedef's name for the common path lists (flat tuples, fractals), else
    # written out.  The paths' tokens are pasted into a probe name (TLA__PPK_1_2); a probe that is
    # defined reads "~, (name pp;)", and the third token of TLA__PPS picks the name or the default.
    line("/* ---- path lists by name: TLA__PPT<n>(paths) declares pp, the path list of literal paths ----")
    line(" * Common lists (flat tuples 1..8, the fractal ((a,b),(c,d))) are typedefs, declared once here,")
    line(" * so a node of them names its list in a word instead of writing it out (90-120 bytes a node).")
    line(" * The typedef and the list written out are the same type (congruence compares them). */")
    for n in range(1, R + 1):
        flat = ", ".join([f"char (*)[{j + 2}]" for j in range(n)] + ["char (*)[1]"] * (R - n))
        line(f"typedef void (*tla__ppf{n})({flat});")
        line(f"#define TLA__PPK_{'_'.join(str(j + 1) for j in range(n))} ~, (tla__ppf{n} pp;)")
    line("#define TLA__PPK_11_21_12_22 ~, (tla__pp_fractal pp;)")
    line("typedef void (*tla__pp_fractal)(char (*)[12], char (*)[22], char (*)[13], char (*)[23], char (*)[1], char (*)[1], char (*)[1], char (*)[1]);")
    line("#define TLA__PPS(k, d) TLA__PPS2(k, d, ~)")
    line("#define TLA__PPS2(...) TLA__PPS3(__VA_ARGS__)")
    line("#define TLA__PPS3(a, b, ...) TLA__UNP b")
    for n in range(1, R + 1):
        ps = ", ".join(f"p{j}" for j in range(n))
        key = "##_##".join(f"p{j}" for j in range(n))
        ppar = ", ".join([f"char (*)[p{j} + 1]" for j in range(n)] + ["tla__u1"] * (R - n))
        line(f"#define TLA__PPT{n}({ps}) TLA__PPS(TLA__PPK_##{key}, (void (*pp)({ppar});))")
    line("")


    # A flat node's depth + 1 is its deepest leaf's level + 1; the levels are literals (1 to 4), so the
    # preprocessor takes their maximum from a table (a sizeof of a union of arrays costs 45-75 bytes).
    line("/* TLA__MX(a, b): the larger of two literal levels 0..8. */")
    line("#define TLA__MX(a, b) TLA__MXI(a, b)")
    line("#define TLA__MXI(a, b) TLA__MX_##a##_##b")
    for a in range(9):
        for b in range(9):
            line(f"#define TLA__MX_{a}_{b} {max(a, b)}")


    for n in range(1, R + 1):
        forward(f"TLA__EM_{n}", f"TLA__FLAT{n}", n, "r", "TLA__EMY")
        ps3 = ", ".join(f"_uP{j}, _uL{j}, _uE{j}" for j in range(n))
        binds = " ".join(f"__auto_type _ua{j} = (_uE{j});" for j in range(n))
        codes = " ".join(f"enum {{ _uk{j} = TLA__CLS(_ua{j}), _uc{j} = TLA__LCODE_K(_ua{j}, _uk{j}) }};" for j in range(n))
        chk = "!((" + " | ".join(f"1 << _uk{j}" for j in range(n)) + ") & ~TLA__ELEM_CLASSES)"
        vbind = " ".join(f"__auto_type _uv{j} = TLA__LVAL_K(_ua{j}, _uk{j}, _uc{j});" for j in range(n))
        st = " && ".join(f"_uc{j} >= 2" for j in range(n))
        line(f"#define TLA__FLAT{n}(_uR, {ps3}) TLA__STMT({binds} "
             f"{codes} _Static_assert({chk}, TLA__ELEM_MSG); {vbind} "
             f"typedef struct {{ {info_members(n, f'{n} + 1', f'{max_level(n)} + 1', f'1 + ({st})', lambda j: f'_uc{j}')} }} _ui; "
             + stored_node("_ur", "_uT", "_ui", [f"_uv{j}" for j in range(n)], [f"_uv{j}" for j in range(n)]))
    line("")

    line("/* The statement-free emitter: element j's class and value code are read where needed from its")
    line(" * text (a static integer's text is a compound literal: nothing runs); every element must be a")
    line(" * static integer, and the values are int, as the bound emitter makes them for static leaves. */")
    line("#define TLA__EMITF(r, ...) TLA__EMITF2(r, __VA_ARGS__)")
    line("#define TLA__EMITF2(r, z, ...) TLA__CT6(TLA__EMF_, TLA__NA(__VA_ARGS__))(r, __VA_ARGS__)")
    line("#define TLA__CODEF(e) TLA__LCODE_K(e, TLA__CLS(e))")
    line("#define TLA__CONST_ELEM_MSG \"tla: a constant layout (TLA_CONST_LAYOUT) takes static integers only (TLA_C(n), _n)\"")
    for n in range(1, R + 1):
        forward(f"TLA__EMF_{n}", f"TLA__FLATF{n}", n, "r", "TLA__EMY")
        ps3 = ", ".join(f"_uP{j}, _uL{j}, _uE{j}" for j in range(n))
        chk = " && ".join(f"TLA__CLS(_uE{j}) == 13" for j in range(n))
        vals = ", ".join(f"TLA__CV(TLA__CODEF(_uE{j}))" for j in range(n))
        line(f"#define TLA__FLATF{n}(_uR, {ps3}) "
             f"((struct {{ int v[8]; union {{ const struct {{ "
             f"{info_members(n, f'{n} + 1 + TLA_STATIC_CHECK({chk}, TLA__CONST_ELEM_MSG)', f'{max_level(n)} + 1', '2', lambda j: f'TLA__CODEF(_uE{j})')}"
             f" }} *tla_f; char (*tla_lk)[4 + _uR]; }}; }})"
             f"{{ .v = {{ {vals} }} }})")
    line("")

    # ---------------------------------------------------------------- nodes from known codes
    line("/* ---- nodes from known codes: TLA__NODEKV<n>(r, depth + 1, (path, code, value)...) ----")
    line(" * For builders that know each leaf's value code (an integer constant expression: N + 2^30 when")
    line(" * static, 1 when not) and value already (the formats, tiles): the info type and the value,")
    line(" * without binding or classifying elements again (a third of TLA__FLAT<n>'s text).  Each item is")
    line(" * parenthesised; TLA__KV* (formats.h) write the code and value of common leaves.  The node is a")
    line(" * compound literal (its values are the callers' bound names: nothing here can fail to compile). */")
    line("#define TLA__NODEKV(n, ...) TLA__CAT(TLA__NKV, n)(__VA_ARGS__)")
    line("#define TLA__EMZ(m, ...) m(__VA_ARGS__)")
    for n in range(1, R + 1):
        forward(f"TLA__NKV{n}", f"TLA__NODEKV{n}", n, "r, dp")
        ps3 = ", ".join(f"_uP{j}, _uK{j}, _uV{j}" for j in range(n))
        st = " && ".join(f"(_uK{j}) >= 2" for j in range(n))
        tv = " + ".join(f"(_uV{j})" for j in range(n))
        iv = ", ".join(f"_uV{j}" for j in range(n))
        line(f"#define TLA__NODEKV{n}(_uR, _uDP, {ps3}) "
             f"((struct {{ __typeof__(0 + {tv}) v[8]; union {{ const struct {{ "
             f"{info_members(n, f'{n} + 1', '_uDP', f'1 + ({st})', lambda j: f'_uK{j}')} }} *tla_f; char (*tla_lk)[4 + _uR]; }}; }})"
             f"{{ .v = {{ {iv} }} }})")
    line("")

    line("/* The type of such a node whose leaves are all static (int values; for file-scope constants,")
    line(" * where there are no statements: TLA_CONST_ZN and its kin): TLA__KVTYPE<n>(r, depth + 1,")
    line(" * (path, code)...).")
    line(" * TLA__KVTYPE_T(vt, n, ...) is the same with values of type vt (a static format too large for")
    line(" * int offsets keeps long long values, so its offsets are summed in long long: formats.h). */")
    line("#define TLA__KVTYPE(n, ...) TLA__KVTYPE_T(int, n, __VA_ARGS__)")
    line("#define TLA__KVTYPE_T(vt, n, ...) TLA__CAT(TLA__KVT, n)(vt, __VA_ARGS__)")
    for n in range(1, R + 1):
        forward(f"TLA__KVT{n}", f"TLA__KVTYPE{n}", n, "vt, r, dp")
        ps2 = ", ".join(f"_uP{j}, _uK{j}" for j in range(n))
        line(f"#define TLA__KVTYPE{n}(_uVT, _uR, _uDP, {ps2}) "
             f"struct {{ _uVT v[8]; union {{ const struct {{ {info_members(n, f'{n} + 1', '_uDP', '2', lambda j: f'_uK{j}')} }} *tla_f; "
             f"char (*tla_lk)[4 + _uR]; }}; }}")
    line("")

    # ---------------------------------------------------------------- a leaf as a depth-0 node
    line("/* ---- a leaf as a node: the depth-0 tuple of one slot (x bound, k its value code, d its")
    line(" * run-time value); queries then treat leaves and tuples alike ---- */")
    line("/* (TLA__LEAFTI: initialised with i, e.g. 0 where only the type matters and clang wants a constant) */")
    line("#define TLA__LEAFT(k, d) TLA__LEAFTI(k, d, d)")
    line("#define TLA__LEAFTI(k, d, i) ((struct { __typeof__(0 + d) v[8]; union { const struct { char (*n)[2], (*dp)[1], (*r)[1], "
         "(*st)[1 + ((k) >= 2)], (*c0)[k], (*p0)[1];" + unused_decl(1) +
         " tla__pp0 pp; } *tla_f; char (*tla_lk)[(k) >= 2 ? 2 + ((k) < TLA__B) : 1]; }; }){ .v = { i } })")
    line("")

    # ---------------------------------------------------------------- crd2offset
    line("/* ---- crd2offset: one flat sum over the shape's slots, left to right ----")
    line(" * Slot j of shape S (stride D, congruent) takes, by the coordinate's form (its depth):")
    line(" *   an integer x (depth 0)       x / (product of all leaves before j) % s_j  (last slot: no %)")
    line(" *   one integer per mode (1)     x_t / (product of mode t's leaves before j) % s_j, t = j's mode")
    line(" *   congruent to the shape (2+)  the coordinate's own leaf j")
    line(" * times d_j.  Names: _tC coordinate node, _tS, _tD shape and stride, _tX the tile's")
    line(" * coordinate (zero for other layouts); _ts<j>/_td<j> value codes, _tt<j> top-level mode index,")
    line(" * _tk<j> which coordinate leaf slot j reads, _tg<j+1> \"slot j + 1 continues j's run\" (so no % at j")
    line(" * when it is 0: j is the last leaf its coordinate spans), _tq<j> static prefix")
    line(" * product (-1: run time, then _tr<j>). */")


    s0, s1, s2 = crd_enums("_tS", "_tD", "_tC")
    line(f"#define TLA__CRD_ENUMS enum {{ {s0} }}; enum {{ {s1} }}; enum {{ {s2} }};")
    line("/* One check (one message) for the coordinate's form: an integer, one per mode, or congruent.")
    line(" * It reads the enums above (_tcd the coordinate's form, _tn the layout's slots): each fact is")
    line(" * read once, so a run-time tla_tuple in either place reports once (rt_types.h, tla__rtinfo),")
    line(" * and a layout of no slots (a nil, or such a tuple) has already reported. */")
    line("#define TLA__CRD_CHECKS(C, S) _Static_assert(_tn == 0 || _tcd <= 1 || (TLA__F(C, r) == TLA__F(S, r) \\")
    line("    && (_tcf || TLA__CONG(C, S))), TLA__CRD_FORM_MSG);")
    line("/* Every tuple stores 8 values (v[8]), so slots are read without bounds arithmetic. */")
    line("#define TLA__SVJ(j) TLA__IF(_ts##j >= 2, _tV##j, _tS.v[j])")
    line("#define TLA__DVJ(j) TLA__IF(_td##j >= 2, TLA__CV(_td##j), _tD.v[j])")
    line("/* run-time prefix products (used only where the static one is unknown, _tq < 0), in the type")
    line(" * of the coordinate's sum (_tT), as a hand-written division would be: then the static prefix")
    line(" * or the run-time one is a plain ?: (its type is _tT's either way), and a static one folds to")
    line(" * the same constant divisor as before.  The last is read again in a statement of its own: when")
    line(" * S or D did not compile, clang drops the sum after it (it names a failed binding), and the")
    line(" * statement expression then gives _tr7, not void (which the caller's cast would report). */")
    rq = " ".join(f"_tr{j + 1} = _tg{j + 1} ? " + (f"_tr{j} * " if j else "") + f"_tS.v[{j}] : 1," for j in range(R - 1))
    line(f"#define TLA__CRD_RQ typedef __typeof__(TLA__XJ(0)) _tT; _tT {rq[:-1]}; _tr{R - 1};")
    line("#define TLA__QJ(j) (_tq##j >= 0 ? _tq##j : _tr##j)")
    line("/* _tW: a zero, long long for an all-static coordinate (layout.h, TLA__CRD_WIDE) */")
    line("#define TLA__XJ(j) (_tC.v[_tk##j] + _tX.v[_tk##j] + _tW)")
    line("#define TLA__TERM(j, jn) + (j < _tn ? TLA__IF(!_tg##jn, TLA__XJ(j) / TLA__QJ(j), TLA__XJ(j) / TLA__QJ(j) % TLA__SVJ(j)) * TLA__DVJ(j) : 0)")
    line("/* (slot 0: no prefix, its coordinate over 1) */")
    line("#define TLA__TERM0 + (0 < _tn ? TLA__IF(!_tg1, TLA__XJ(0), TLA__XJ(0) % TLA__SVJ(0)) * TLA__DVJ(0) : 0)")
    line(f"/* (slot {R - 1}: the last leaf, never followed in its mode) */")
    line(f"#define TLA__TERML + ({R - 1} < _tn ? TLA__XJ({R - 1}) / TLA__QJ({R - 1}) * TLA__DVJ({R - 1}) : 0)")
    terms = ["TLA__TERM0"] + [f"TLA__TERM({j}, {j + 1})" for j in range(1, R - 1)] + ["TLA__TERML"]
    pairs = [f"(0 {terms[j]} {terms[j + 1]})" for j in range(0, R, 2)]
    while len(pairs) > 1:
        pairs = [f"({pairs[j]} + {pairs[j + 1]})" for j in range(0, len(pairs), 2)]
    line("/* c, S, D, X bound by the caller to tla__tc (the coordinate as given), _tS, _tD, _tX.  For clang")
    line(" * the terms are added as a balanced tree, leaves 0 and 1, 2 and 3, ... first: a format's mode")
    line(" * is such a pair, and its two terms added first show clang that c % 16 * 16 + c / 16 * 256 is")
    line(" * c * 16 (nZ: 8 instructions, as CuTe's, not 11); gcc finds that either way, and its code for")
    line(" * the others is shortest from left to right, as the hand writes it (nN int64_t: 27, not 28). */")
    line("#if defined(__clang__)")
    line(f"#define TLA__CRD_SUM {pairs[0]}")
    line("#else")
    line(f"#define TLA__CRD_SUM (0 {' '.join(terms)})")
    line("#endif")

    line("")

    # the constant and auto forms: tla_crd2offset's facts (TLA__CRD_ENUMS' formulas, read from
    # types in a statement expression inside sizeof) and a constant sum over them
    line("/* ---- crd2offset as an integer constant expression ----")
    line(" * The constant and auto forms derive tla_crd2offset's facts (TLA__CRD_ENUMS' formulas) from")
    line(" * their arguments' types in a statement expression inside sizeof; the constant sum is a plain")
    line(" * expression over them (an ICE).  Only a size leaves the statement expression (layout.h,")
    line(" * TLA__CRD_AUTOL), so nothing is declared in the caller's block: the expression can be")
    line(" * expanded twice in one block (a macro that names its argument twice). */")
    line("/* F of an info pointer (formats.h, crd2offset's facts, tla_value of a get) */")
    line("#define TLA__FP(P, m) sizeof(*P->m)")
    a0, a1, a2 = crd_enums("_tSf", "_tDf", "_tCf", F="TLA__FP")
    line("/* The facts of TLA__CRD_ENUMS read from types only: _tSf, _tDf, _tCf (and _tXf) point to the")
    line(" * info types of the shape, the stride, the coordinate's node (a tile's coordinate), _tcp to the")
    line(" * coordinate as given; they are null pointers, named only inside sizeof.  So the statement")
    line(" * expression that declares them evaluates nothing of its arguments: its run-time sum binds")
    line(" * them (layout.h). */")
    line(f"#define TLA__CRD_ENUMSP enum {{ {a0} }}; enum {{ {a1} }}; enum {{ {a2} }};")


    line("/* _tst: the coordinate (a static integer, or a tuple of them), the layout's shape and stride")
    line(" * and a tile's coordinate are all static, and the shape has slots; _tx<j>: the static value of")
    line(" * the coordinate's slot j, plus the tile's (_tCk: the coordinate's class).  TLA__CRD_CX0: no")
    line(" * tile (the shape and stride form). */")
    line(f"#define TLA__CRD_CX {cx(True)}")
    line(f"#define TLA__CRD_CX0 {cx(False)}")
    for j in range(R):
        arms = " : ".join(f"(k) == {i} ? p##{i}" for i in range(j)) + (" : " if j else "") + f"p##{j}"
        line(f"#define TLA__SELT{j}(k, p) ({arms})")


    ct = " ".join(f"+ ({j} < _tn ? TLA__SELT{j}(_tk{j}, _tx){ACTQ(j)} "
                  f"% (!_tg{j + 1} || !_tV{j} ? tla__I : _tV{j}) * (_td{j} - tla__B + 0LL) : 0)" for j in range(R))
    line("/* The constant sum (meaningful when _tst; an integer constant expression either way). */")
    line(f"#define TLA__CRD_CSUM (0 {ct})")
    line("")

    # ---------------------------------------------------------------- get
    line("/* ---- get: the element at a path of a flat node _ux, in one step ----")
    line(" * The path (i1, i2, ...) is the prefix code P (digits i1+1, i2+1, ... from the last, as the")
    line(" * slots' path codes) of D = 10^levels: the element's leaves are the slots whose path code ends")
    line(" * in P.  They are contiguous: they start at _uo and number _um.  A sub-tuple is made on")
    line(" * demand: its info type selects those slots (paths divided by D); a leaf comes back as a static")
    line(" * integer or as its run-time value.  _uw: some slot is a leaf on the way (a proper prefix of P:")
    line(" * the path goes through an integer). */")
    pps = " ".join(f"_upp{j} = (int)TLA__F(_ux, p{j}) - 1," for j in range(R))
    line(f"#define TLA__GET_ENUMS(P, D) enum {{ {path_facts(get_nm, lambda j: f'TLA__F(_ux, p{j})')} }};")
    # One index (the common case): the top digit alone, and no leaf can be on the way.
    cnt1 = " + ".join(f"(_upp{j} % 10 - 1u < _uP - 1u)" for j in range(R))
    cnt21 = " + ".join(f"(_upp{j} % 10 == _uP)" for j in range(R))
    line("/* (one index: the slots before the element are those of a smaller top index) */")
    line(f"#define TLA__GET_ENUMS1(P) enum {{ _uP = (P), _uD = 10, {pps} _uo = {cnt1}, _um = {cnt21}, _uw = 0 }};")
    line("/* tla_value of a get (TLA__VALUE_GET, tuple.h): the same facts from the info pointer _vgf,")
    line(" * in a statement expression of their own: _vgm the slots whose path ends in P (the")
    line(" * element's), _vgw a leaf on the way, and _vgc the code of the slot whose path is exactly P")
    line(" * (at most one; 1 when there is none: the element is not a leaf). */")
    vcs = " : ".join(f"_vgp{j} == _vgP ? TLA__FP(_vgf, c{j})" for j in range(R)) + " : 1"
    pf = path_facts(vk, lambda j: f'TLA__FP(_vgf, p{j})')
    # (no cumulative matches or first match: only the count and the exact match are read here)
    pf = re.sub(r" _vgr0 = .*?, _vgo = [^,]*,", "", pf)
    assert "_vgr" not in pf and "_vgo" not in pf, pf
    line(f"#define TLA__VGET_ENUMS(P, D) enum {{ {pf}, _vgc = {vcs} }};")
    line("/* The leaf's code alone (the slot whose path is exactly P: at most one), and the element's")
    line(" * first slot alone (the first whose path ends in P), for the constant and the run-time value. */")
    vcs = " : ".join(f"TLA__FP(_vgf, p{j}) == _vgQ ? TLA__FP(_vgf, c{j})" for j in range(R)) + " : 1"
    line(f"#define TLA__VGET_CODE(P) enum {{ _vgQ = (P) + 1, _vgc = {vcs} }};")
    vos = " : ".join(f"(TLA__FP(_vgf, p{j}) - 1) % _vgD == _vgP ? {j}" for j in range(R - 1)) + f" : {R - 1}"
    line(f"#define TLA__VGET_SLOT(P, D) enum {{ _vgP = (P), _vgD = (D), _vgo = {vos} }};")
    for k in range(R):
        arms = " : ".join(f"_uo == {i - k} ? p##{i}" for i in range(k, R - 1)) + (" : " if k < R - 1 else "") + f"p##{R - 1}"
        line(f"#define TLA__SELF{k}(p) ({arms})")


    line("/* Paths of the sub-tuple (shared by shape and stride) */")
    gp = " ".join(f"_ugp{k} = {k} < _um ? TLA__SELF{k}(_upp) / _uD : 0," for k in range(R))
    gmax = " ".join(f"char a{k}[_ugp{k} + 1];" for k in range(R))
    glast = " : ".join(f"_um == {k + 1} ? _ugp{k}" for k in range(R - 1)) + f" : _ugp{R - 1}"
    line("/* _ugdp: depth + 1 (the digits of the longest path: the largest code has the most); _urk: the")
    line(" * rank (the top index of the last leaf); _uleaf: the element is a leaf (one slot, empty path). */")
    line(f"#define TLA__GET_PATHS enum {{ {gp} _ugmx = sizeof(union {{ {gmax} }}) - 1, "
         "_ugdp = 1 + (_ugmx > 0) + (_ugmx > 9) + (_ugmx > 99) + (_ugmx > 999), "
         f"_urk = ({glast}) % 10, _uleaf = _um == 1 && _ugp0 == 0 }};")
    line(f"#define TLA__GET_SUB(X, L) {get_sub('X', 'L').replace('_uL', '_u ## L ## ').replace('_u ## L ## cc', '_u ## L ## cc')}")
    line("#define TLA__GET_LEAF TLA_IF(_ulc >= 2, (union { char (*tla_sv)[_ulc >= 2 ? _ulc : 1]; int tla_v; }){ 0 }, _ux.v[_uo & 7])")
    line("/* (the leaf's code, from the shape sub-node's first slot) */")
    line("#define TLA__GET_LEAFC enum { _ulc = _usc0 };")
    line("")

    # ---------------------------------------------------------------- queries over slots
    line("/* ---- queries over the slots of a node x ---- */")
    sprod_a = " ".join(f"_ua{j} = {j} < _uN ? TLA__CV(TLA__F(x, c{j})) : 1," for j in range(R))
    sprod_z = " ".join(f"_uz{j + 1} = TLA__QW(_uz{j}, _ua{j})," for j in range(R))
    line("/* The static size of node x as enum constants (in the query's own block): _ua<j> the value of")
    line(" * leaf j (1 past the leaves; meaningful when static), _uz8 the product (-1 when past 2^31 - 3")
    line(" * or when a value is negative; the leaves are read once, so the text stays small). */")
    line(f"#define TLA__SSIZE_ENUMS(x) _uN = TLA__F(x, n) - 1, {sprod_a} _uz0 = 1, {sprod_z}")
    line("/* Some leaf value is negative (when all are static: the size is not an overflow then). */")
    line("#define TLA__SNEG ((" + " | ".join(f"_ua{j}" for j in range(R)) + ") < 0)")
    prod = ", ".join(f"(x).v[{j}]" for j in range(R))
    line("/* The run-time size of node x (tla__size8 reads its first n - 1 values). */")
    line(f"#define TLA__RSIZE(x) tla__size8(TLA__F(x, n) - 1, {prod})")
    cos = " ".join(f"+ TLA_IF({j} < TLA__F(L, n) - 1, ((long long)TLA__SVALJ(TLA__LSHAPE(L), {j}) - 1) * (long long)TLA__SVALJ(TLA__LSTRIDE(L), {j}), 0LL)" for j in range(R))
    line(f"#define TLA__COSIZE(L) (1LL {cos})")
    line("")
    line("#ifdef __clang__")
    line("#pragma clang diagnostic pop")
    line("#endif")
    line("#endif")


def logical_lines(text):
    """text's lines with the helpers inlined into each #define's body (a definition may continue
    over lines with backslash-newlines: it is one logical line)"""
    logical, cur = [], ""
    for t in text.splitlines(keepends=True):
        cur += t
        if not t.endswith("\\\n"):
            if cur.startswith("#define "):  # the body only: "#define NAME(params) " stays
                m = re.match(r"#define [A-Za-z0-9_]+(\([^)]*\))?\s?", cur)
                outer = [t.strip() for t in m.group(1)[1:-1].split(",")] if m.group(1) else []
                outer += ["__VA_ARGS__"] if "..." in outer else []
                cur = cur[:m.end()] + inline_helpers(cur[m.end():], outer)
            logical.append(cur)
            cur = ""
    return logical + [cur]


LONG = 160  # lines longer than this are broken ...
PART = 120  # ... into parts of about this many characters (at most 200)
FIRST = 40  # (no break in a part's first characters: parts stay substantial)


def break_points(s):
    """(position, rank) of the spaces of s where a line may break, in a definition's body (not
    its name and parameters), outside string and character literals: rank 0 after ';', 1 after
    ',', 2 elsewhere"""
    m = re.match(r"#define [A-Za-z0-9_]+(\([^)]*\))? ", s)
    points, quote, i = [], None, m.end() - 1 if m else 0
    while i < len(s):
        ch = s[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == " " and i > 0 and s[i - 1] != " ":
            points.append((i, 0 if s[i - 1] == ";" else 1 if s[i - 1] == "," else 2))
        i += 1
    return points


def break_line(s):
    """s (one physical line, without its newline) in parts of about PART characters, each but
    the last ending in " \\", the next indented: the space, the backslash-newline (removed in
    phase 2) and the indentation stand where one space stood, and whitespace between tokens is
    one separation however long, so the preprocessor reads the tokens it read before"""
    cont = s.endswith("\\")
    body = s[:-1] if cont else s
    if len(s) <= LONG:
        return s
    points = break_points(body)
    parts, start, indent = [], 0, "    "
    while len(body) - start + (len(indent) if parts else 0) > PART:
        lo, hi = start + FIRST, start + PART - 2 - (len(indent) if parts else 0)  # (2: the " \\")
        window = [(r, -p) for p, r in points if lo <= p <= hi]
        if not window:  # no break in reach: the first one after it (200 at most, checked below)
            later = [p for p, _ in points if p > hi]
            if not later:
                break
            cut = later[0]
        else:
            cut = -min(window)[1]  # the best rank, the latest place
        parts.append(body[start:cut])
        start = cut + 1  # (the space becomes the indentation)
    parts.append(body[start:])
    out = (" \\\n" + indent).join(parts) + ("\\" if cont else "")
    if any(len(t) > 200 for t in out.split("\n")):
        sys.exit(f"gen_core.py: a line of {len(s)} characters does not break into lines of at most 200: {s[:80]}...")
    return out


def generate():
    """the text of core_gen.h"""
    o.clear()
    emit()
    check_helpers()
    text = "".join(logical_lines("".join(o)))
    return "".join(break_line(t) + "\n" for t in text.split("\n")[:-1]) + text.split("\n")[-1]


def main():
    ap = argparse.ArgumentParser(description="Write tla/static/core_gen.h, the unrolled part of the static core.")
    ap.add_argument("--check", action="store_true", help="exit 1 if the file differs from what would be written")
    ap.add_argument("--output", default=OUTPUT, help="the file to write or check (default: tla/static/core_gen.h here)")
    args = ap.parse_args()
    text = generate()
    if args.check:
        try:
            with open(args.output) as f:
                old = f.read()
        except OSError:
            old = ""
        if old != text:
            print(f"{os.path.relpath(args.output)} is out of date: run python3 tools/gen_core.py")
            return 1
        return 0
    with open(args.output, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
