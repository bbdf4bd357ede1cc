# bench/count.awk - instructions per function of one object file, for bench/run.sh.
#
#   awk -f bench/count.awk NM_OUTPUT OBJDUMP_OUTPUT
#
# NM_OUTPUT is `nm -S --defined-only obj` (address, size, type, name); OBJDUMP_OUTPUT is
# `objdump -d --no-show-raw-insn obj`.  For every function symbol it prints one line
#
#   name insns flags
#
# insns counts every instruction inside [address, address + size) of the symbol: labels and
# blank lines are not instructions, `ret` is, and the alignment padding after the last
# instruction is outside the symbol's size, so it is not counted (gcc and clang pad
# differently).  flags is "-" for straight-line register arithmetic, else a comma list of
#   call  a call, or a jump out of the function (tail call)
#   loop  a jump backward (to an address <= its own)
#   mem   a memory operand other than the stack (%rsp / %rbp / %esp / %ebp), e.g. a load
#         of a constant table; lea (address arithmetic) and nop are not memory accesses
# The x86-64 AT&T syntax of objdump is what it reads; call/b/bl/ldr of AArch64 are
# recognised roughly.

function hex(s,    i, n) {
    n = 0; s = tolower(s)
    for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
    return n
}
function flag(f, x) { return f == "-" ? x : (index("," f ",", "," x ",") ? f : f "," x) }

# nm: remember start and end of every text symbol
FNR == NR {
    if (NF == 4 && $3 ~ /^[tT]$/) { start[$4] = hex($1); stop[$4] = hex($1) + hex($2); order[++nsym] = $4 }
    next
}
# objdump: "0000000000000040 <name>:" starts a function
/^[0-9a-f]+ <[^>]+>:$/ {
    fn = $2; sub(/^</, "", fn); sub(/>:$/, "", fn)
    if (!(fn in start)) fn = ""
    next
}
# "  4e:\tsar    $0x3f,%rdx": an instruction
fn != "" && /^ *[0-9a-f]+:\t/ {
    line = $0
    addr = line; sub(/:.*/, "", addr); gsub(/ /, "", addr); a = hex(addr)
    if (a < start[fn] || a >= stop[fn]) next
    insn = line; sub(/^[^\t]*\t/, "", insn)
    if (insn == "" || insn ~ /^\(bad\)/) next
    n[fn]++
    if (!(fn in fl)) fl[fn] = "-"
    # prefixes (rep, notrack, bnd, data16, cs, lock) are not the mnemonic
    while (insn ~ /^(rep[a-z]*|notrack|bnd|data16|cs|ds|lock) /) sub(/^[a-z0-9]+ +/, "", insn)
    m = insn; sub(/[ \t].*/, "", m)
    ops = insn; if (ops ~ /[ \t]/) { sub(/^[^ \t]+[ \t]+/, "", ops) } else ops = ""
    if (m ~ /^(call|callq|bl|blr)$/) fl[fn] = flag(fl[fn], "call")
    else if (m ~ /^(j[a-z]+|b|b\.[a-z]+|cbn?z|tbn?z)$/) {
        # direct branch: "jne    1a <name+0x1a>" (x86) or "b.ne  1a <...>" (AArch64)
        t = ops; sub(/[ ,<].*/, "", t); sub(/^0x/, "", t)
        if (m ~ /^(cbn?z|tbn?z)$/) { t = ops; sub(/ <.*/, "", t); sub(/.*[, ]/, "", t); sub(/^0x/, "", t) }
        if (ops ~ /^\*/ || t !~ /^[0-9a-f]+$/) fl[fn] = flag(fl[fn], "call")      # indirect
        else if (hex(t) < start[fn] || hex(t) >= stop[fn]) fl[fn] = flag(fl[fn], "call")
        else if (hex(t) <= a) fl[fn] = flag(fl[fn], "loop")
    }
    if (m !~ /^(lea[a-z]*|nop[a-z]*|prefetch[a-z0-9]*)$/) {
        if (ops ~ /\(/ && ops !~ /\(%(rsp|rbp|esp|ebp)[,)]/) fl[fn] = flag(fl[fn], "mem")
        if (m ~ /^(ldr|ldp|ldur|ldrb|ldrh|ldrsw|str|stp|stur)/ && ops !~ /\[sp/) fl[fn] = flag(fl[fn], "mem")
    }
}
END { for (i = 1; i <= nsym; i++) if (order[i] in n) print order[i], n[order[i]], fl[order[i]] }
