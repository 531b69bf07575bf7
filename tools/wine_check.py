#!/usr/bin/env python3
"""Check the Windows build under Wine against the Linux build.

  make && make CC=x86_64-w64-mingw32-gcc ARCH=portable
  tools/wine_check.py                      # bench, input handling, Syzygy
  tools/wine_check.py --bench-only         # bench only (CI)

Both builds must give the same bench node count; the Windows one must read
CRLF input, answer each line at once through a pipe, end at end of input
and at `quit` during a search; and the Syzygy files of tests/data/syzygy,
named through SyzygyPath the Windows way (a drive letter, ';' between
directories), must give the same `tb probe` lines and the same searches
(`go depth`, Tablebases false, so the files alone decide) as on Linux, on
random 3- and 4-man positions of every table there. One line per check;
exit status 1 on any difference.
"""
import argparse
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYZYGY = os.path.join(ROOT, "tests", "data", "syzygy")
MISSING = "/nonexistent-dir"


def wine_path(path):
    """Wine's drive Z: is the Unix root."""
    return "Z:" + path.replace("/", "\\")


class Build:
    def __init__(self, name, cmd, windows):
        self.name, self.cmd, self.windows = name, cmd, windows

    def syzygy_path(self):
        if self.windows:
            return wine_path(MISSING) + ";" + wine_path(SYZYGY)
        return MISSING + ":" + SYZYGY

    def run(self, args, timeout=120):
        r = subprocess.run(self.cmd + args, capture_output=True, text=True, timeout=timeout)
        return r.returncode, r.stdout.replace("\r\n", "\n")


class Session:
    """A UCI session through pipes, lines read as they come."""

    def __init__(self, build):
        self.p = subprocess.Popen(build.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, *cmds):
        for c in cmds:
            self.p.stdin.write(c + "\r\n")  # CRLF, as Windows GUIs send it
        self.p.stdin.flush()

    def until(self, pattern, timeout=60):
        """Lines up to and including the first matching pattern."""
        out, end = [], time.time() + timeout
        while True:
            line = self.lines.get(timeout=max(0.1, end - time.time()))
            if line is None:
                raise RuntimeError("the engine ended before " + pattern)
            out.append(line)
            if re.match(pattern, line):
                return out

    def exits(self, timeout=20):
        try:
            self.p.wait(timeout=timeout)
            return True
        except subprocess.TimeoutExpired:
            self.p.kill()
            return False


def bench(build):
    _, out = build.run(["bench"], timeout=600)
    m = re.search(r"^(\d+) nodes", out, re.M)
    return int(m.group(1)) if m else None


def check_input(build):
    """CRLF, one answer per line at once, end of input, quit in a search."""
    s = Session(build)
    s.send("uci")
    s.until("^uciok")
    s.send("isready")
    s.until("^readyok", timeout=10)  # arrives while stdin stays open: flushed
    s.send("position startpos moves e2e4", "go infinite")
    s.until("^info depth 3 ")
    s.send("quit")
    quit_ok = s.exits()
    s = Session(build)
    s.send("isready")
    s.until("^readyok", timeout=10)
    s.p.stdin.close()
    return quit_ok, s.exits()


def random_fens(tables, per_table, seed):
    """Random legal-looking placements; the Linux build drops the illegal."""
    rng = random.Random(seed)
    for t in tables:
        white, black = t.split("v")
        for _ in range(per_table):
            while True:
                board, ok = {}, True
                for colour, men in ((str.upper, white), (str.lower, black)):
                    for man in men:
                        squares = [s for s in range(64) if s not in board
                                   and (man != "P" or 8 <= s < 56)]
                        board[rng.choice(squares)] = colour(man)
                kings = [s for s, m in board.items() if m in "Kk"]
                if abs(kings[0] // 8 - kings[1] // 8) > 1 or abs(kings[0] % 8 - kings[1] % 8) > 1:
                    break
            rows = []
            for rank in range(7, -1, -1):
                row, empty = "", 0
                for f in range(8):
                    m = board.get(rank * 8 + f)
                    if m:
                        row += (str(empty) if empty else "") + m
                        empty = 0
                    else:
                        empty += 1
                rows.append(row + (str(empty) if empty else ""))
            yield "/".join(rows) + " " + rng.choice("wb") + " - - 0 1"


def search_lines(build, fens, depth):
    """The completed iterations of each search (no timings: they differ)."""
    s = Session(build)
    s.send("uci", "setoption name Tablebases value false",
           "setoption name SyzygyPath value " + build.syzygy_path(), "isready")
    head = s.until("^readyok")
    found = [l for l in head if "Syzygy: found" in l or "cannot read directory" in l]
    out = []
    for fen in fens:
        s.send("position fen " + fen, f"go depth {depth}")
        for line in s.until("^bestmove"):
            if re.search(r"currmove|lowerbound|upperbound", line):
                continue
            out.append(fen + " | " + re.sub(r" (time|nps) \d+", "", line))
    s.send("quit")
    s.exits()
    return found, out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--linux", default=os.path.join(ROOT, "keysquare"))
    ap.add_argument("--windows", default=os.path.join(ROOT, "keysquare.exe"))
    ap.add_argument("--wine", default="wine")
    ap.add_argument("--bench-only", action="store_true")
    ap.add_argument("--per-table", type=int, default=2, help="random positions per Syzygy table")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    os.environ.setdefault("WINEDEBUG", "-all")
    lin = Build("Linux", [a.linux], False)
    win = Build("Wine", [a.wine, a.windows], True)
    failed = False

    def report(ok, text):
        nonlocal failed
        failed |= not ok
        print(("ok   " if ok else "FAIL ") + text, flush=True)

    nl, nw = bench(lin), bench(win)
    report(nl is not None and nl == nw, f"bench: Linux {nl} nodes, Wine {nw} nodes")
    if a.bench_only:
        return 1 if failed else 0

    quit_ok, eof_ok = check_input(win)
    report(quit_ok, "Wine: CRLF input, each line answered at once, quit during go infinite ends the engine")
    report(eof_ok, "Wine: end of input ends the engine")

    tables = sorted(f[:-5] for f in os.listdir(SYZYGY) if f.endswith(".rtbw"))
    fens = []
    for fen in random_fens(tables, a.per_table, a.seed):
        status, out = lin.run(["tb", "probe", "--syzygy-only", SYZYGY, fen])
        if status == 0:
            fens.append((fen, out))
    same = 0
    for fen, out in fens:
        status, wout = win.run(["tb", "probe", "--syzygy-only", win.syzygy_path(), fen])
        if status == 0 and wout.splitlines() == out.splitlines():
            same += 1
        else:
            print(f"  tb probe {fen}: Linux\n{out}  Wine (status {status})\n{wout}")
    lines = sum(len(out.splitlines()) for _, out in fens)
    report(fens and same == len(fens),
           f"Syzygy tb probe: {same}/{len(fens)} positions ({lines} lines) of {len(tables)} tables identical")

    # Damaged files: the bounds checks disable them on both systems alike.
    with tempfile.TemporaryDirectory() as bad:
        with open(os.path.join(SYZYGY, "KQvKR.rtbw"), "rb") as f:
            head = f.read(4096)
        with open(os.path.join(bad, "KQvKR.rtbw"), "wb") as f:
            f.write(head)  # truncated
        open(os.path.join(bad, "KRvKN.rtbw"), "wb").close()  # empty
        shutil.copy(os.path.join(SYZYGY, "KRvK.rtbw"), bad)
        verdicts = []
        for build, path in ((lin, bad), (win, wine_path(bad))):
            for fen in ("8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1", "8/8/2k5/1n6/8/8/8/2KR4 w - - 0 1",
                        "8/8/2k5/8/8/8/8/2KR4 w - - 0 1"):
                r = subprocess.run(build.cmd + ["tb", "probe", "--syzygy-only", path, fen],
                                   capture_output=True, text=True, timeout=60)
                err = r.stderr.replace("\r\n", "\n")
                verdicts.append((r.returncode, "table disabled" in err, r.stdout.replace("\r\n", "\n")))
    report(verdicts[:3] == verdicts[3:] and [v[:2] for v in verdicts[:3]] == [(1, True), (1, True), (0, False)],
           "damaged files: a truncated KQvKR and an empty KRvKN disabled with a message, KRvK beside them "
           "probed, the same on both")

    fl, ol = search_lines(lin, [f for f, _ in fens], a.depth)
    fw, ow = search_lines(win, [f for f, _ in fens], a.depth)
    report(len(fl) == len(fw) == 2 and fl[-1] == fw[-1],
           f"SyzygyPath {win.syzygy_path()}: the missing directory named, {fw[-1:]}")
    for x, y in zip(ol, ow):
        if x != y:
            print(f"  first difference:\n  Linux {x}\n  Wine  {y}")
            break
    report(ol == ow and len(ol) > 0,
           f"Syzygy search: go depth {a.depth} on {len(fens)} positions, {len(ol)} lines, "
           f"{sum(1 for l in ol if l.split(' | ')[1].startswith('bestmove'))} bestmoves identical"
           if ol == ow else f"Syzygy search: {len(ol)} Linux and {len(ow)} Wine lines differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
