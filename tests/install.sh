#!/bin/sh
# tests/install.sh - `make install DESTDIR=... PREFIX=...` gives the headers, tla.pc and
# bin/tla, and a program built with `pkg-config --cflags tla` compiles and runs; so do programs
# that include a folder's header (tla/rt/layout.h) and a 0.1 path (tla/rt_layout.h) alone.
# Prints "N passed, M failed".
set -u
passed=0
failed=0
check() { if eval "$2"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL install: $1"; fi; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tla-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=/opt/tla
make -s install DESTDIR="$tmp" PREFIX="$prefix" > "$tmp/log" 2>&1
check "make install exits 0" '[ $? -eq 0 ]'
root=$tmp$prefix
check "tla.h installed" '[ -f "$root/include/tla.h" ] && [ -f "$root/include/tla/static/layout.h" ]'
check "the whole header tree installed (folders and forwarding headers)" \
    '[ "$(cd "$root/include" && find tla.h tla -name "*.h" | sort)" = "$(find tla.h tla -name "*.h" | sort)" ]'
check "tla.pc installed" '[ -f "$root/lib/pkgconfig/tla.pc" ]'
check "bin/tla installed and runs" '"$root/bin/tla" eval "size((4,8))" | grep -qx 32'
check "bin/tla --version matches tla.pc" \
    '[ "$("$root/bin/tla" --version)" = "tla $(sed -n "s/^Version: //p" "$root/lib/pkgconfig/tla.pc")" ]'
if command -v pkg-config > /dev/null; then
    cflags=$(PKG_CONFIG_PATH="$root/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$tmp" pkg-config --cflags tla)
    printf '#include "tla.h"\n#include <stdio.h>\nint main(void) { tla_auto L = tla_zN(tla_half, TLA_C(32), TLA_C(48));\n    printf("%%lld %%s\\n", (long long)tla_cosize(L), TLA_VERSION_STRING); return 0; }\n' > "$tmp/p.c"
    # shellcheck disable=SC2086
    check "a program built with pkg-config --cflags tla compiles" \
        '${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror $cflags "$tmp/p.c" -o "$tmp/p" 2> "$tmp/cc.err"'
    check "and runs" '"$tmp/p" | grep -q "^1536 "'
    for inc in tla/rt/layout.h tla/rt_layout.h; do
        printf '#include "%s"\nint main(void) { static tla_layout L; tla_error e; int64_t n = 0;\n    return tla_layout_size(&n, &L, &e) == 0 ? 0 : 1; }\n' "$inc" > "$tmp/q.c"
        # shellcheck disable=SC2086
        check "a program including only $inc builds with pkg-config --cflags tla" \
            '${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror $cflags "$tmp/q.c" -o "$tmp/q" 2> "$tmp/cc.err"'
    done
else
    echo "install: pkg-config not found; the compile check needs it"; failed=$((failed + 1))
fi
make -s uninstall DESTDIR="$tmp" PREFIX="$prefix" > /dev/null 2>&1
check "make uninstall removes bin/tla and the headers" '[ ! -e "$root/bin/tla" ] && [ ! -e "$root/include/tla.h" ]'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
