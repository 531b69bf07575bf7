#!/usr/bin/env python3
"""Mate finding on the field's matetrack suite, the way the field scores it.

  python3 tools/matetrack.py                                  # all 6,554, 1M nodes each
  python3 tools/matetrack.py --sample 100 --seed 1            # a reproducible sample
  python3 tools/matetrack.py --engine /usr/games/stockfish --sample 100 --seed 1
  python3 tools/matetrack.py --self-test                      # perft checks of the PV board

The suite is vondele/matetrack's matetrack.epd (tools/data/, GPL-3.0, see
tools/data/matetrack.NOTICE): lines "FEN bm #N;", N > 0 the side to move
mates in N, N < 0 it is mated in |N|. Each position is searched from a
fresh game (`ucinewgame`) with `go nodes N`. The scoring follows the rules
that matetrack's README and matecheck.py describe (written here anew):
the last `info ... score mate M` line of the first PV before `bestmove`
(lines with `lowerbound` / `upperbound` do not count, and a later `score
cp` line cancels an earlier mate) decides the position:

- a mate, when M has the sign of N; a best mate, when M == N;
- wrong-signed, when the signs differ;
- too short, when the sign is right and |M| < |N| (the suite's mates are
  proven shortest, so this is an engine bug);
- a bad PV, when that line's PV is not legal, is not exactly 2M-1 plies
  (M > 0) or -2M plies (M < 0) long, does not end in checkmate, or passes
  a turn of the losing side where it could claim a draw (fifty moves,
  threefold repetition).

The PV is replayed on tools/matetrack_board.py, a board independent of the
engine under test, checked by perft against the counts of the Chess
Programming Wiki's "Perft Results" page (--self-test). matecheck.py counts
bad PVs over every info line; --check-all-lines adds that count too.
"""
import argparse
import csv
import os
import queue
import random
import re
import shlex
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import matetrack_board as mb  # noqa: E402

DEFAULT_EPD = os.path.join("tools", "data", "matetrack.epd")
EPD_LINE = re.compile(r"^(\S+ [wb] \S+ \S+)((?: \d+ \d+)?)\s+bm #(-?\d+);")


# ---- the suite ---------------------------------------------------------------


def load_epd(path):
    """[(index, fen, bm)], index counting the file's positions from 1."""
    positions = []
    try:
        with open(path) as f:
            lines = f.readlines()
    except (OSError, UnicodeDecodeError) as e:
        raise SystemExit(f"matetrack: cannot read {path}: {e}")
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = EPD_LINE.match(line)
        if not m or int(m.group(3)) == 0:
            raise SystemExit(f"{path}:{number}: not a 'FEN bm #N;' line (N not 0): {line}")
        fen = m.group(1) + (m.group(2) or " 0 1")
        # A FEN the engine would refuse is an error of the suite, not a
        # position without a mate: each side needs its one king, and the
        # side not to move may not be in check.
        try:
            board = mb.Board(fen)
            if sorted(sq for sq in board.squares if sq in ("K", "k")) != ["K", "k"]:
                raise ValueError("each side needs one king")
            waiting = "b" if board.turn == "w" else "w"
            if board.attacked(board.king_square(waiting), board.turn):
                raise ValueError("the side not to move is in check")
        except ValueError as e:
            raise SystemExit(f"{path}:{number}: bad FEN ({e}): {line}")
        positions.append((len(positions) + 1, fen, int(m.group(3))))
    if not positions:
        raise SystemExit(f"matetrack: {path} holds no 'FEN bm #N;' line")
    return positions


def select(positions, sample, seed, max_positions):
    """The positions to run, in file order."""
    if sample is not None and sample >= len(positions):
        print(f"matetrack: --sample {sample} is not below the suite's {len(positions)} positions: all of them",
              file=sys.stderr, flush=True)
    elif sample is not None:
        chosen = random.Random(seed).sample(range(len(positions)), sample)
        positions = [positions[i] for i in sorted(chosen)]
    if max_positions is not None:
        positions = positions[:max_positions]
    return positions


# ---- the engine ----------------------------------------------------------------


class Engine:
    """One UCI engine process; a thread reads its output into a queue."""

    def __init__(self, path, options):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.name = path
        self.send("uci")
        for line in self.until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.sync()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def until(self, first_word, timeout=60):
        """Yields the output lines up to and including one starting
        first_word; RuntimeError when none comes within timeout seconds of
        the last line (a program that is not a UCI engine, or a hang)."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise RuntimeError(f"{self.name}: no '{first_word}' within {timeout} s") from None
            if line is None:
                raise RuntimeError(f"{self.name} ended its output (exit {self.proc.wait()})")
            yield line
            if line.split()[:1] == [first_word]:
                return

    def sync(self):
        self.send("isready")
        for _ in self.until("readyok"):
            pass

    def search(self, fen, nodes):
        """Searches fen; returns (mate or None, pv, info lines, nodes, seconds)."""
        self.send("ucinewgame")
        self.sync()
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        start = time.monotonic()
        mate, pv, infos, searched = None, [], [], 0
        # Generous: a minute more than 10,000 nodes a second would need.
        for line in self.until("bestmove", timeout=60 + nodes / 10000):
            info = parse_info(line)
            if info is None:
                continue
            searched = info.get("nodes", searched)
            if "score" in info and not info["bound"] and info["multipv"] == 1:
                kind, value = info["score"]
                mate = value if kind == "mate" else None
                pv = info["pv"]
                infos.append(info)
        return mate, pv, infos, searched, time.monotonic() - start

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def parse_info(line):
    """The fields of an `info` line that scoring needs, or None."""
    words = line.split()
    if words[:1] != ["info"]:
        return None
    info = {"multipv": 1, "bound": False, "pv": []}
    i = 1
    while i < len(words):
        w = words[i]
        if w == "pv":
            info["pv"] = words[i + 1:]
            break
        if w == "string":
            break
        if w == "score" and i + 2 < len(words) and words[i + 1] in ("cp", "mate"):
            info["score"] = (words[i + 1], int(words[i + 2]))
            i += 3
            continue
        if w in ("lowerbound", "upperbound"):
            info["bound"] = True
        elif w in ("nodes", "multipv", "depth") and i + 1 < len(words):
            info[w] = int(words[i + 1])
            i += 1
        i += 1
    return info


# ---- judging -------------------------------------------------------------------


def verdict(bm, mate):
    """What a reported mate (or None) means against the suite's bm."""
    if mate is None:
        return "no mate"
    if (mate > 0) != (bm > 0):
        return "wrong sign"
    if abs(mate) < abs(bm):
        return "too short"
    return "best mate" if mate == bm else "mate"


def judge(position, result, all_lines):
    """One CSV-ready record of a searched position."""
    index, fen, bm = position
    mate, pv, infos, nodes, seconds = result
    record = {
        "index": index, "fen": fen, "bm": bm, "mate": mate, "pv_plies": len(pv),
        "verdict": verdict(bm, mate), "pv_check": "", "nodes": nodes,
        "seconds": seconds, "pv": pv, "bad_lines": 0, "mate_lines": 0,
        # The last scored line, mate or not: where a search without a mate
        # ended (a score in the known-win band, 10000 up, is a won ending
        # that endgame knowledge recognised, not a mate).
        "last_score": " ".join(map(str, infos[-1]["score"])) if infos else "",
        "depth": infos[-1].get("depth", "") if infos else "",
    }
    if mate is not None:
        record["pv_check"] = mb.check_mate_line(fen, mate, pv)
    if all_lines:
        seen = set()
        for info in infos:
            if info["score"][0] != "mate":
                continue
            key = (info["score"][1], tuple(info["pv"]))
            if key in seen:
                continue
            seen.add(key)
            record["mate_lines"] += 1
            if mb.check_mate_line(fen, key[0], info["pv"]) != "ok":
                record["bad_lines"] += 1
    return record


# ---- running ---------------------------------------------------------------------


def worker(args, options, todo, records, errors, names):
    try:
        engine = Engine(args.engine, options)
    except (OSError, RuntimeError) as e:
        errors.append(f"cannot start {args.engine}: {e}")
        return
    names.append(engine.name)
    try:
        while True:
            try:
                position = todo.get_nowait()
            except queue.Empty:
                break
            result = engine.search(position[1], args.nodes)
            records.append(judge(position, result, args.check_all_lines))
            if args.progress and len(records) % args.progress == 0:
                print(f"  {len(records)} positions done", file=sys.stderr, flush=True)
    except Exception as e:  # noqa: BLE001 -- any failure ends the run with its reason, not a partial summary
        errors.append(str(e) if isinstance(e, (OSError, RuntimeError)) else f"{type(e).__name__}: {e}")
    finally:
        engine.quit()


def run(args, positions):
    options = []
    if args.threads is not None:
        options.append(("Threads", args.threads))
    if args.hash is not None:
        options.append(("Hash", args.hash))
    for opt in args.option:
        name, _, value = opt.partition("=")
        options.append((name, value))
    todo = queue.Queue()
    for p in positions:
        todo.put(p)
    records, errors, names = [], [], []
    threads = [
        threading.Thread(target=worker, args=(args, options, todo, records, errors, names), daemon=True)
        for _ in range(args.concurrency)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise SystemExit("matetrack: " + "; ".join(errors))
    return sorted(records, key=lambda r: r["index"]), (names[0] if names else args.engine)


CSV_FIELDS = ("index", "fen", "bm", "mate", "pv_plies", "verdict", "pv_check", "last_score", "depth")


def write_csv(path, records):
    """One line per position, the record's CSV_FIELDS in order (no mate: empty)."""
    with open(path, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(CSV_FIELDS)
        for r in records:
            out.writerow(["" if r[k] is None else r[k] for k in CSV_FIELDS])


def print_issues(records):
    """One line per position with a wrong sign, a too-short mate or a bad PV."""
    for r in records:
        bad_pv = r["pv_check"] not in ("", "ok")
        if r["verdict"] in ("wrong sign", "too short") or bad_pv:
            what = r["verdict"] + (f", bad PV: {r['pv_check']}" if bad_pv else "")
            print(f"issue: #{r['index']} bm #{r['bm']} reported mate {r['mate']}: {what}")
            print(f"  fen {r['fen']}")
            print(f"  pv  {' '.join(r['pv'])}")


def print_summary(args, name, total, records, wall):
    count = lambda pred: sum(1 for r in records if pred(r))  # noqa: E731
    sample = f", sample {args.sample} with seed {args.seed}" if args.sample else ""
    options = " ".join(args.option) or "none"
    default = "engine default"
    print(f"engine:        {name} ({args.engine})")
    print(f"suite:         {args.epd}: {len(records)} of {total} positions{sample}")
    print(f"limits:        nodes {args.nodes}, threads {args.threads or default}, "
          f"hash {args.hash or default}, concurrency {args.concurrency}, options {options}")
    print(f"positions:     {len(records)}")
    print(f"mates found:   {count(lambda r: r['verdict'] in ('mate', 'best mate', 'too short'))}")
    print(f"best mates:    {count(lambda r: r['verdict'] == 'best mate')}")
    print(f"wrong-signed:  {count(lambda r: r['verdict'] == 'wrong sign')}")
    print(f"too short:     {count(lambda r: r['verdict'] == 'too short')}")
    print(f"bad PVs:       {count(lambda r: r['pv_check'] not in ('', 'ok'))}")
    if args.check_all_lines:
        lines = sum(r["mate_lines"] for r in records)
        bad = sum(r["bad_lines"] for r in records)
        print(f"all lines:     {lines} distinct mate info lines, {bad} with a bad PV")
    searched = sum(r["seconds"] for r in records)
    print(f"total nodes:   {sum(r['nodes'] for r in records)}")
    print(f"total time:    {wall:.1f} s wall, {searched:.1f} s in searches")
    print(f"command:       python3 {shlex.join(sys.argv)}")


# ---- self-test -------------------------------------------------------------------


def self_test():
    """Perft of the PV board against the CPW wiki, and the mate-line checker."""
    failed = 0
    for fen, depth, expected in mb.PERFT_CASES:
        got = mb.perft(mb.Board(fen), depth)
        ok = got == expected
        failed += not ok
        print(f"perft {depth} {fen}: {got} (expected {expected}) {'ok' if ok else 'FAILED'}")
    fools = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    lines = (  # (fen, mate, pv, expected check)
        (fools, -2, "f2f3 e7e5 g2g4 d8h4".split(), "ok"),  # White to move is mated in 2
        (fools, -2, "f2f3 e7e5 g2g4".split(), "short (3 of 4 plies)"),
        (fools, -2, "f2f3 e7e5 g2g4 d8e7".split(), "does not end in checkmate"),
        (fools, -2, "f2f4 e7e5 g2g5 d8h4".split(), "illegal move g2g5 at ply 3"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, ["a1a8"], "ok"),
        (fools, 1, ["e2e4", "e7e5"], "long (2 of 1 plies)"),
    )
    for fen, mate, pv, expected in lines:
        got = mb.check_mate_line(fen, mate, pv)
        ok = got == expected
        failed += not ok
        print(f"mate {mate} {' '.join(pv)}: {got} {'ok' if ok else 'FAILED (expected ' + expected + ')'}")
    print("self-test: " + ("passed" if not failed else f"{failed} FAILED"))
    return 1 if failed else 0


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--engine", default="./keysquare", help="UCI engine binary (default ./keysquare)")
    p.add_argument("--epd", default=DEFAULT_EPD, help=f"suite (default {DEFAULT_EPD})")
    p.add_argument("--nodes", type=int, default=1000000, help="nodes per position (default 1000000)")
    p.add_argument("--sample", type=int, help="run a random sample of K positions")
    p.add_argument("--seed", type=int, help="seed of --sample (default: a random one, printed)")
    p.add_argument("--max-positions", type=int, help="run at most this many (after --sample)")
    p.add_argument("--threads", type=int, help="the engine's Threads option")
    p.add_argument("--hash", type=int, help="the engine's Hash option in MB")
    p.add_argument("--concurrency", type=int, default=1, help="engine processes in parallel (default 1)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="another setoption (repeatable)")
    p.add_argument("--csv", help="write one line per position to this file")
    p.add_argument("--check-all-lines", action="store_true",
                   help="also check the PV of every distinct mate info line (as matecheck.py counts)")
    p.add_argument("--progress", type=int, default=0, metavar="K",
                   help="note on stderr every K positions")
    p.add_argument("--self-test", action="store_true", help="perft checks of the PV board, then exit")
    args = p.parse_args(argv)
    for opt in args.option:
        if "=" not in opt:
            p.error(f"--option {opt}: expected NAME=VALUE")
    for name in ("nodes", "sample", "max_positions", "threads", "hash", "concurrency"):
        value = getattr(args, name)
        if value is not None and value < 1:
            p.error(f"--{name.replace('_', '-')} {value}: must be at least 1")
    if args.progress < 0:
        p.error(f"--progress {args.progress}: must be at least 0")
    if args.seed is not None and args.sample is None:
        p.error("--seed chooses the positions of --sample: give --sample K too")
    if args.sample is not None and args.seed is None:
        args.seed = random.SystemRandom().randrange(1 << 31)
    return args


def main(argv):
    args = parse_args(argv)
    if args.self_test:
        return self_test()
    positions = load_epd(args.epd)
    chosen = select(positions, args.sample, args.seed, args.max_positions)
    if args.csv:  # fail before the run, not after it
        try:
            open(args.csv, "w").close()
        except OSError as e:
            raise SystemExit(f"matetrack: cannot write {args.csv}: {e}")
    start = time.monotonic()
    try:
        records, name = run(args, chosen)
    except KeyboardInterrupt:
        seed = f" (--seed {args.seed})" if args.sample is not None else ""
        raise SystemExit(f"matetrack: interrupted{seed}") from None
    wall = time.monotonic() - start
    if args.csv:
        write_csv(args.csv, records)
    print_issues(records)
    print_summary(args, name, len(positions), records, wall)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
