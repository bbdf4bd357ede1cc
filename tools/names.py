#!/usr/bin/env python3
"""tools/names.py - the public names of tla.h, one a line, against the checked-in list.

A public name is an identifier that starts with tla_ or TLA_ (not the internal tla__ / TLA__)
in the code of a header under tla/ or tla.h (comments and strings removed), plus every macro
tla/compat.h defines without a prefix (MakeLayout, _16, ...).  tests/names.txt is the list as it
stands: a new, renamed or removed public name fails `--check`, so a rename is a visible decision
(run `python3 tools/names.py --write` and commit the list with the change).

  python3 tools/names.py            print the names
  python3 tools/names.py --check    compare with tests/names.txt (exit 1 and the difference)
  python3 tools/names.py --write    write tests/names.txt
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "names.txt"
COMMENT_OR_STRING = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
PUBLIC = re.compile(r"\b(?:tla|TLA)_(?!_)\w+")
COMPAT_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)", re.M)


def code_of(path):
    return COMMENT_OR_STRING.sub(" ", path.read_text(encoding="utf-8"))


def public_names():
    names = set()
    headers = [ROOT / "tla.h"] + sorted((ROOT / "tla").rglob("*.h"))
    for h in headers:
        code = code_of(h)
        names.update(PUBLIC.findall(code))
        if h.name == "compat.h":
            names.update(n for n in COMPAT_DEFINE.findall(code) if not re.match(r"(?:tla|TLA)__", n))
    return sorted(names)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="compare with tests/names.txt")
    group.add_argument("--write", action="store_true", help="write tests/names.txt")
    args = ap.parse_args()
    names = public_names()
    text = "".join(n + "\n" for n in names)
    if args.write:
        LIST.write_text(text, encoding="utf-8")
        return 0
    if not args.check:
        sys.stdout.write(text)
        return 0
    listed = LIST.read_text(encoding="utf-8").split() if LIST.exists() else []
    added = sorted(set(names) - set(listed))
    removed = sorted(set(listed) - set(names))
    for n in added:
        print(f"FAIL public name not in tests/names.txt: {n}")
    for n in removed:
        print(f"FAIL public name in tests/names.txt but gone: {n}")
    if added or removed:
        print("(a rename is a decision: python3 tools/names.py --write, and say so in the commit)")
        return 1
    print(f"{len(names)} public names, as tests/names.txt lists them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
