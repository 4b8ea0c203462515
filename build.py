#!/usr/bin/env python3
"""Build, serve, test and benchmark the Perlaggen site (the commands; the work is in tools/).

    python3 build.py                  build the site into dist/
    python3 build.py serve [--port N] build, then serve dist/ on 127.0.0.1
    python3 build.py test [PART] [ARGS]
                                      install what the tests need (from nothing) and run them:
                                      PART engine (Python alone, nothing built), site (build, then the
                                      site's and browser tests) or, by default, engine then site
    python3 build.py bench [--runs N] [--pages P,..] [--bots N] [--review N]
                                      time cold and warm loads of the table and of a bare Pyodide
                                      page, and of the other pages (--pages: only these of lesson,
                                      sandbox, teacher, practice), and N decisions of each kind of
                                      computer player, and the review of N deals in the sandbox
    python3 build.py i18n [STEP]      extract the messages into web/locale/messages.pot and merge it
                                      into every language's messages.po (Babel); STEP extract or
                                      compile does only that

Python 3.11+ and Node's npm are the only tools it needs; everything else comes from PyPI (into
.venv, where the commands then run) and the npm registry (and Debian's chromium for the browser tests).
"""
from __future__ import annotations

import argparse
import sys

from tools.env import run_in_venv

TEST_PARTS = ("engine", "site", "all")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build the site into dist/ (the default)")
    s = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="install test dependencies and run the tests (extra arguments go to pytest)")
    b = sub.add_parser("bench", help="time cold and warm page loads in headless Chromium")
    b.add_argument("--runs", type=int, default=7)
    b.add_argument("--pages", default="", metavar="P,..",
                   help="beside the table and the bare page, time only these pages (lesson, sandbox, teacher, practice)")
    b.add_argument("--bots", type=int, default=0, metavar="N",
                   help="also time N decisions of each kind of computer player in the sandbox page")
    b.add_argument("--review", type=int, default=0, metavar="N",
                   help="also time the review of N deals in the sandbox page")
    i = sub.add_parser("i18n", help="refresh web/locale/messages.pot and merge it into the .po files")
    i.add_argument("step", nargs="?", choices=("extract", "update", "compile"), default="update",
                   help="extract: only messages.pot; update (default): extract, then merge into every "
                        "messages.po; compile: the .mo files into build/locale/ (the build does this too)")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.command == "test":
        part = extra.pop(0) if extra[:1] and extra[0] in TEST_PARTS else "all"
        run_in_venv(*(("build",) if part != "engine" else ()))   # the test tools: tools/testrun.py
        from tools.testrun import run
        return run(part, extra)
    run_in_venv("build", *(("test",) if args.command == "bench" else ()))
    if args.command == "i18n":
        from tools import i18n
        return i18n.run(args.step)
    from tools.site import build
    if args.command == "bench":
        from tools.bench import bench
        return bench(args.runs, args.bots, args.review, args.pages)
    build()
    if args.command == "serve":
        from tools.project import DIST
        from tools.server import serve
        return serve(DIST, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
