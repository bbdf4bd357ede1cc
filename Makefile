# tla.h - header-only; make builds the examples and the `tla` tool.
#   make          build/tla and the examples
#   make demo     build and run the examples (the main job)
#   make test     the whole test suite (tests/run.sh): a line per stage as it starts and ends,
#                 the last line "N passed, M failed"; docs/testing.md lists the stages
#   make check    the quick loop while editing: one compiler, the unit tests at -O0, the docs'
#                 examples, the tool's tests (tests/run.sh --quick)
#   make bench    compile cost per static site, codegen, and speed benchmarks
#   make install  the header tree (tla.h, tla/ and its folders), pkg-config file and bin/tla under
#                 $(DESTDIR)$(PREFIX)
#   make docs     docs/gallery.html and its pictures (docs/*.svg) from docs/gallery.txt
#   make fuzz     libFuzzer targets for the parsers (clang): build/fuzz_parse, build/fuzz_xla, build/fuzz_sparse,
#                 build/fuzz_ixmap
CC      ?= cc
CFLAGS  ?= -std=c11 -O2 -Wall -Wextra -Wpedantic -Werror
PREFIX  ?= /usr/local
B       := build
# the header tree: tla.h, the top of tla/ (with the 0.1 paths' forwarding headers) and its folders
HEADERS := tla.h $(wildcard tla/*.h tla/*/*.h)
HEADER_DIRS := $(sort $(patsubst %/,%,$(dir $(wildcard tla/*/*.h))))
EXAMPLES := $(patsubst examples/%.c,$(B)/%,$(filter-out examples/tla.c,$(wildcard examples/*.c)))

.PHONY: all demo test check bench docs install uninstall fuzz clean

all: $(B)/tla $(EXAMPLES)

CLI_HEADERS := $(wildcard examples/tla_cli/*.h)

$(B)/tla: examples/tla.c $(CLI_HEADERS) $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(CFLAGS) -I. $< -o $@

$(B)/%: examples/%.c $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(CFLAGS) -I. $< -o $@

demo: all
	@for e in $(EXAMPLES); do echo "== $$e"; ./$$e || exit 1; echo; done
	@echo "== $(B)/tla"
	./$(B)/tla eval 'crd2offset((1,5), ((4,2),(4,3)):((4,16),(1,32)))' 'zN(half, 32, 48)'
	./$(B)/tla show '(2,3):(3,1)'

test: $(B)/tla
	@sh tests/run.sh

check: $(B)/tla
	@sh tests/run.sh --quick

bench:
	@sh bench/run.sh

docs: $(B)/tla
	sh docs/gallery.sh $(B)/tla docs

fuzz: $(B)/fuzz_parse $(B)/fuzz_xla $(B)/fuzz_sparse $(B)/fuzz_ixmap
# undefined behaviour stops a run and saves its input, as a crash does (by default UBSan only
# prints, and libFuzzer goes on)
FUZZ_NO_RECOVER = -fno-sanitize-recover=undefined

$(B)/fuzz_parse: tests/fuzz_parse.c examples/tla.c $(CLI_HEADERS) $(HEADERS)
	@mkdir -p $(B)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined $(FUZZ_NO_RECOVER) -I. $< -o $@

$(B)/fuzz_xla: tests/fuzz_xla.c $(HEADERS)
	@mkdir -p $(B)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined $(FUZZ_NO_RECOVER) -I. $< -o $@

# the layout algebra against each operation's postcondition (tests/fuzz_algebra.c)
fuzz: $(B)/fuzz_algebra
$(B)/fuzz_algebra: tests/fuzz_algebra.c $(HEADERS)
	@mkdir -p $(B)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined $(FUZZ_NO_RECOVER) -I. $< -o $@

$(B)/fuzz_sparse: tests/fuzz_sparse.c $(HEADERS)
	@mkdir -p $(B)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined $(FUZZ_NO_RECOVER) -I. $< -o $@

$(B)/fuzz_ixmap: tests/fuzz_ixmap.c $(HEADERS)
	@mkdir -p $(B)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined $(FUZZ_NO_RECOVER) -I. $< -o $@

install: $(B)/tla
	install -d $(DESTDIR)$(PREFIX)/include/tla $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 tla.h $(DESTDIR)$(PREFIX)/include/tla.h
	install -m 644 tla/*.h $(DESTDIR)$(PREFIX)/include/tla/
	for d in $(HEADER_DIRS); do \
	    install -d $(DESTDIR)$(PREFIX)/include/$$d && install -m 644 $$d/*.h $(DESTDIR)$(PREFIX)/include/$$d/ || exit 1; \
	done
	install -m 755 $(B)/tla $(DESTDIR)$(PREFIX)/bin/tla
	sed -e 's|@PREFIX@|$(PREFIX)|' tla.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/tla.pc

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/include/tla $(DESTDIR)$(PREFIX)/include/tla.h $(DESTDIR)$(PREFIX)/lib/pkgconfig/tla.pc \
	       $(DESTDIR)$(PREFIX)/bin/tla

clean:
	rm -rf $(B)
