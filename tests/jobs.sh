#!/bin/sh
# tests/jobs.sh - the jobs tests/run.sh runs in parallel, one command line each:
#   sh tests/jobs.sh KIND LOG ARGS...
# Each job writes LOG, which ends with "N passed, M failed" (the counts of that job, a build
# failure counted as one), and FAIL lines that name what failed.  Kinds:
#   unit CC FLAGS SRC EXE [OBJ]  build SRC with CC FLAGS as EXE (linked with the object OBJ, which
#                           an "obj" job of the same pool builds: the job waits for it) and run
#                           it (it prints its own counts)
#   qemu CC FLAGS SRC EXE   the same with a cross compiler for aarch64, EXE run under qemu-aarch64
#   obj CC FLAGS SRC OBJ    compile SRC to the object OBJ (then OBJ.done, built or not)
#   syntax CC FLAGS SRC     SRC compiles under CC FLAGS -fsyntax-only (a standard's front end:
#                           the code it compiles to is the same under c11, c17 and c2x)
#   prog CC FLAGS SRC EXE   build a whole program (an example, a C block of the docs) and run it
#   fail CC SRC             SRC must fail to compile, its first error naming the message on its
#                           first line ("/* expect: ... */"), in at most 30 lines of diagnostics
#                           (or the bound its second line gives: "/* lines: N (why) */")
#   header CC H             header H compiles on its own
set -u
WARN=${WARN:-"-Wall -Wextra -Wpedantic -Werror -Werror=vla"}
kind=$1 log=$2
shift 2
pass() { echo "1 passed, 0 failed" >> "$log"; }
fail() { echo "FAIL $*" >> "$log"; echo "0 passed, 1 failed" >> "$log"; }
: > "$log"
case $kind in
unit | qemu)
    cc=$1 flags=$2 src=$3 exe=$4 obj=${5:-} run=""
    [ "$kind" = qemu ] && run=qemu-aarch64
    if [ -n "$obj" ]; then
        while [ ! -f "$obj.done" ]; do sleep 0.1; done
        [ -f "$obj" ] || { fail "build $src [$cc $flags]: $obj was not built"; exit 0; }
    fi
    if ! $cc $flags $WARN -I. "$src" $obj -o "$exe" -lm 2> "$exe.err"; then
        fail "build $src [$cc $flags]"; sed -n 1,20p "$exe.err" >> "$log"
    elif ! $run "$exe" >> "$log" 2>&1; then
        echo "FAIL $src [$cc $flags]: exit status non-zero" >> "$log"
        # its own counts are above; a crash before them, or a non-zero exit after no failure,
        # counts as one more failure
        line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
        case $line in "" | *" 0 failed"*) echo "${line%% passed*} passed, 1 failed" | sed 's/^ passed/0 passed/' >> "$log" ;; esac
    fi ;;
obj)
    cc=$1 flags=$2 src=$3 obj=$4
    if $cc $flags $WARN -I. -c "$src" -o "$obj" 2> "$obj.err"; then pass; else
        rm -f "$obj"; fail "build $src [$cc $flags]"; sed -n 1,20p "$obj.err" >> "$log"; fi
    : > "$obj.done" ;;
syntax)
    cc=$1 flags=$2 src=$3
    if $cc $flags $WARN -I. -fsyntax-only "$src" 2> "$log.err"; then pass; else
        fail "$src [$cc $flags -fsyntax-only]"; sed -n 1,20p "$log.err" >> "$log"; fi ;;
prog)
    cc=$1 flags=$2 src=$3 exe=$4
    if ! $cc $flags $WARN -I. "$src" -o "$exe" -lm 2> "$exe.err"; then
        fail "build $src [$cc]"; sed -n 1,10p "$exe.err" >> "$log"
    elif ! "$exe" > "$exe.out" 2>&1; then
        fail "run $src [$cc]"; sed -n 1,10p "$exe.out" >> "$log"
    else pass; fi ;;
fail)
    cc=$1 src=$2
    want=$(sed -n '1s/^\/\* expect: \(.*\) \*\/$/\1/p' "$src")
    limit=$(sed -n '2s/^\/\* lines: \([0-9]*\).*$/\1/p' "$src")
    limit=${limit:-30}
    if $cc -std=c11 $WARN -I. -c "$src" -o "$log.o" 2> "$log.err"; then
        fail "$src [$cc]: compiled, but should not"
    else
        lines=$(wc -l < "$log.err")
        first=$(grep -m 1 'error' "$log.err")
        if [ -n "$want" ] && ! printf '%s\n' "$first" | grep -qF -- "$want"; then
            fail "$src [$cc]: the first error is not \"$want\""; sed -n 1,5p "$log.err" >> "$log"
        elif [ "$lines" -gt "$limit" ]; then
            fail "$src [$cc]: $lines lines of diagnostics (at most $limit)"
        else pass; fi
    fi ;;
header)
    cc=$1 h=$2
    if printf '#include "%s"\ntypedef int tla_headers_check;\n' "$h" |
        $cc -std=c11 $WARN -I. -fsyntax-only -x c - 2> "$log.err"; then pass; else
        fail "headers $h [$cc]: does not compile on its own"; sed -n 1,5p "$log.err" >> "$log"; fi ;;
*)
    fail "tests/jobs.sh: unknown kind $kind" ;;
esac
# the job's CPU time (its children's user + system), for tests/run.sh's $OUT/times.txt
times > "$log.times"
awk 'NR == 2 { gsub(/s/, ""); split($1, u, "m"); split($2, y, "m"); printf "cpu %.2f s\n", u[1] * 60 + u[2] + y[1] * 60 + y[2] }' \
    "$log.times" >> "$log"
exit 0
