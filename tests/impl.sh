#!/bin/sh
# tests/impl.sh - the build modes of tla.h (tla.h's header comment, "Build modes").
#  1. tools/impl_mode.py --check: every function is in the form the script gives it;
#  2. tests/impl/: impl.c (TLA_IMPLEMENTATION) and two files using the run-time API (text.c,
#     main.c: parse, print, coalesce, copies, XLA shapes, indexing maps, encodings), every file
#     built with -DTLA_DECLARATIONS_ONLY (and -Wmissing-prototypes, which some builds use), with
#     gcc -O2 and clang -O0, linked, run;
#  3. the objects: main.o and text.o reference tla_copy / tla_layout_parse and define neither
#     (the functions are compiled in impl.o only); the same file built header-only (no macro)
#     references no tla_ function: the default stays header-only;
#  4. (every unit test is built with -DTLA_DECLARATIONS_ONLY and linked with impl.c's object in
#     tests/run.sh's unit stage: its sanitizer build);
#  5. compiled as C99 or as C++, tla.h stops at one error, an #error naming C11; as C11, C17 and
#     C2x, with and without GNU extensions, tla.h (every family) and tla/compat.h compile cleanly;
#     no code reads __STDC_VERSION__ but tla.h's C11 gate (which lets the unit tests skip c17).
# Prints "N passed, M failed".
set -u
WARN="-Wall -Wextra -Wpedantic -Werror -Werror=vla"
OUT=${OUT:-build/test}/impl
mkdir -p "$OUT"
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

if ! command -v python3 > /dev/null; then
    fail "impl_mode: python3 not found (tools/impl_mode.py --check needs it)"
elif python3 tools/impl_mode.py --check; then
    pass
else
    fail "impl_mode: headers out of date"
fi

have_nm=1
command -v nm > /dev/null || { echo "impl: nm not found, object checks skipped"; have_nm=0; }
# defines OBJ SYMBOL: whether OBJ defines SYMBOL (text, global).
defines() { nm "$1" | grep -q " T $2\$"; }
# uses OBJ SYMBOL: whether OBJ references SYMBOL defined elsewhere.
uses() { nm "$1" | grep -q " U $2\$"; }

# gcc at -O2 (its -O2 warnings over every function, called or not: header-only builds compile
# only what a test calls) and clang at -O0 (impl.c at -O2 costs 11 s of CPU per compiler).
for conf in gcc:O2 clang:O0; do
    cc=${conf%:*} opt=${conf#*:} tag=${conf%:*}-${conf#*:}
    command -v "$cc" > /dev/null || { fail "impl: missing compiler $cc"; continue; }
    ok=1
    for f in impl text main; do
        if ! $cc -std=c11 -$opt $WARN -Wmissing-prototypes -DTLA_DECLARATIONS_ONLY -I. -c tests/impl/$f.c \
            -o "$OUT/$f-$tag.o" 2> "$OUT/$f-$tag.err"; then
            fail "impl: tests/impl/$f.c [$tag] does not build"; sed -n 1,10p "$OUT/$f-$tag.err"; ok=0
        fi
    done
    [ $ok -eq 1 ] || continue
    objs="$OUT/impl-$tag.o $OUT/text-$tag.o $OUT/main-$tag.o"
    if ! $cc $objs -o "$OUT/prog-$tag" -lm 2> "$OUT/link-$tag.err"; then
        fail "impl: link [$tag]"; sed -n 1,10p "$OUT/link-$tag.err"; continue
    fi
    if "$OUT/prog-$tag" > "$OUT/prog-$tag.log" 2>&1 && grep -q '^[0-9]* passed, 0 failed$' "$OUT/prog-$tag.log"; then
        pass
    else
        fail "impl: the program [$tag]"; grep FAIL "$OUT/prog-$tag.log" | head
    fi
    [ $have_nm -eq 1 ] || continue
    if defines "$OUT/impl-$tag.o" tla_copy && defines "$OUT/impl-$tag.o" tla_layout_parse \
        && defines "$OUT/impl-$tag.o" tla_ix_compose && uses "$OUT/main-$tag.o" tla_copy \
        && ! defines "$OUT/main-$tag.o" tla_copy && uses "$OUT/text-$tag.o" tla_layout_parse \
        && ! defines "$OUT/text-$tag.o" tla_layout_parse; then
        pass
    else
        fail "impl: [$tag] the run-time functions are not defined in impl.o alone"
    fi
done

# The default (no macro) is header-only: text.c alone references no tla_ function.
if gcc -std=c11 -O0 $WARN -I. -c tests/impl/text.c -o "$OUT/text-default.o" 2> "$OUT/default.err"; then
    if [ $have_nm -eq 0 ] || ! nm "$OUT/text-default.o" | grep -q ' U tla_'; then
        pass
    else
        fail "impl: header-only text.c references:"; nm "$OUT/text-default.o" | grep ' U tla_' | head -5
    fi
else
    fail "impl: tests/impl/text.c does not build header-only"; sed -n 1,10p "$OUT/default.err"
fi

# C99 and C++ stop at one #error naming C11.
printf '#include "tla.h"\nint tla_impl_probe;\n' > "$OUT/probe.c"
for c in "gcc -std=c99" "gcc -std=gnu99" "clang -std=c99" "g++ -x c++" "clang++ -x c++"; do
    command -v "${c%% *}" > /dev/null || { echo "impl: ${c%% *} not found, skipped"; continue; }
    if $c -I. -c "$OUT/probe.c" -o "$OUT/probe.o" 2> "$OUT/probe.err"; then
        fail "impl: '$c' compiled tla.h"
    elif [ "$(grep -c 'error:' "$OUT/probe.err")" -eq 1 ] && grep -q 'error:.*tla\.h.*C11' "$OUT/probe.err" \
        && [ "$(wc -l < "$OUT/probe.err")" -le 6 ]; then
        pass
    else
        fail "impl: '$c' does not stop at one #error naming C11:"; sed -n 1,8p "$OUT/probe.err"
    fi
done
# C11, C17, C2x, with and without GNU extensions: everything compiles (plain c11 and c2x are
# the unit tests' builds).  C17 is asked here only, of every header: gcc and clang give -std=c17
# the front end of -std=c11 (C17 is C11's corrections; only __STDC_VERSION__ differs), so a test
# built as c11 is built as c17 as long as no code reads __STDC_VERSION__ but tla.h's C11 gate.
if grep -n '__STDC_VERSION__' tla.h tla/*.h tla/*/*.h tests/*.c tests/*.h tests/impl/*.c examples/*.c examples/*/*.h \
    | grep -v '^tla.h:[0-9]*:#elif !defined(__STDC_VERSION__) || __STDC_VERSION__ < 201112L$' > "$OUT/stdc.txt"; then
    fail "impl: code reads __STDC_VERSION__ (then run the unit tests with -std=c17 too, tests/run.sh):"; head -5 "$OUT/stdc.txt"
else
    pass
fi
printf '#define TLA_WITH_ALL\n#include "tla.h"\n#include "tla/compat.h"\nint tla_impl_probe;\n' > "$OUT/probe_all.c"
for cc in gcc clang; do
    command -v "$cc" > /dev/null || continue
    for std in gnu11 c17 gnu2x; do
        if $cc -std=$std $WARN -I. -fsyntax-only "$OUT/probe_all.c" 2> "$OUT/probe.err"; then
            pass
        else
            fail "impl: tla.h [$cc -std=$std]"; sed -n 1,8p "$OUT/probe.err"
        fi
    done
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
