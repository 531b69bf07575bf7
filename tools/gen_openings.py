#!/usr/bin/env python3
"""Generate a book of balanced opening positions for engine matches.

Each position is reached by N random legal plies (default 8) from the start
position.  A UCI engine (Stockfish by default) does all the chess work:
  * `go perft 1` lists the legal moves of the current position,
  * `d` prints the resulting FEN,
  * `go depth D` scores it; only positions with |score| <= MAX_CP centipawns
    (and no mate score, and at least one legal move) are kept.

Output: one position per line, plain EPD (the first 4 FEN fields), which both
cutechess-cli and fastchess read with `-openings file=... format=epd`.
With --fields 6 the half-move clock and full-move number are appended.

With --chess960 each position starts from one of the 960 Chess960 setups,
drawn at random (numbered as in Scharnagl's scheme, 518 = the standard
setup), and the engine runs with UCI_Chess960 on: the moves are written
king-takes-rook and the castling field as the engine's `d` writes it
(Shredder-FEN for Stockfish), which cutechess-cli and fastchess read with
`-variant fischerandom`.

Usage:
  python3 gen_openings.py [-o openings.epd] [-n 300] [--plies 8]
                          [--depth 10] [--max-cp 60] [--seed 1]
                          [--engine /usr/games/stockfish] [--fields 4|6]
                          [--chess960]
"""

import argparse
import random
import re
import subprocess
import sys

MOVE_RE = re.compile(r"^([a-h][1-8][a-h][1-8][qrbn]?): \d+$")

# Knight placements on the five squares left after bishops and queen, by
# the Scharnagl number's last digit (0..9).
KNIGHTS = ["NN---", "N-N--", "N--N-", "N---N", "-NN--",
           "-N-N-", "-N--N", "--NN-", "--N-N", "---NN"]


def chess960_back_rank(n):
    """White's back rank (a to h) of Chess960 setup n in 0..959, by the
    Scharnagl numbering (chessprogramming wiki, "Chess960"): 518 is RNBQKBNR."""
    rank = [None] * 8
    n, b = divmod(n, 4)
    rank[2 * b + 1] = "B"  # light-squared bishop: b, d, f or h
    n, b = divmod(n, 4)
    rank[2 * b] = "B"  # dark-squared bishop: a, c, e or g
    n, q = divmod(n, 6)
    empty = [i for i in range(8) if rank[i] is None]
    rank[empty[q]] = "Q"
    empty = [i for i in range(8) if rank[i] is None]
    for sq, c in zip(empty, KNIGHTS[n]):
        if c == "N":
            rank[sq] = "N"
    empty = [i for i in range(8) if rank[i] is None]
    for sq, c in zip(empty, "RKR"):  # the king between the rooks
        rank[sq] = c
    return "".join(rank)


def chess960_fen(n):
    """The FEN (Shredder-FEN castling field) of Chess960 setup n."""
    rank = chess960_back_rank(n)
    files = "".join("abcdefgh"[i] for i, c in enumerate(rank) if c == "R")
    rights = files[::-1].upper() + files[::-1]
    return f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w {rights} - 0 1"


class Uci:
    def __init__(self, path, hash_mb=16, chess960=False):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.base = "startpos"  # or "fen FEN": where the moves start
        self.send("uci")
        self.read_until(lambda l: l == "uciok")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")
        if chess960:
            self.send("setoption name UCI_Chess960 value true")
        self.sync()

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def read_until(self, stop):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited unexpectedly")
            line = line.rstrip("\n")
            lines.append(line)
            if stop(line):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until(lambda l: l == "readyok")

    def position(self, moves):
        self.send(f"position {self.base}" + (" moves " + " ".join(moves) if moves else ""))

    def legal_moves(self, moves):
        self.position(moves)
        self.send("go perft 1")
        out = self.read_until(lambda l: l.startswith("Nodes searched"))
        return [m.group(1) for m in map(MOVE_RE.match, out) if m]

    def fen(self, moves):
        self.position(moves)
        self.send("d")
        out = self.read_until(lambda l: l.startswith("Fen:"))
        self.sync()  # drain the rest of the `d` output
        return out[-1][len("Fen:"):].strip()

    def score(self, moves, depth):
        """Score (cp, side to move) at `depth`; None for mate scores."""
        self.send("ucinewgame")
        self.sync()
        self.position(moves)
        self.send(f"go depth {depth}")
        out = self.read_until(lambda l: l.startswith("bestmove"))
        score = None
        for l in out:
            t = l.split()
            if t[:1] == ["info"] and "score" in t:
                i = t.index("score")
                if t[i + 1] == "cp":
                    score = int(t[i + 2])
                elif t[i + 1] == "mate":
                    score = None
        return score

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--output", default="openings.epd")
    ap.add_argument("-n", "--count", type=int, default=300)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--max-cp", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--fields", type=int, choices=(4, 6), default=4)
    ap.add_argument("--max-tries", type=int, default=20000)
    ap.add_argument("--chess960", action="store_true",
                    help="start from random Chess960 setups (UCI_Chess960 on)")
    args = ap.parse_args()
    assert chess960_back_rank(518) == "RNBQKBNR"

    rng = random.Random(args.seed)
    eng = Uci(args.engine, chess960=args.chess960)
    seen = set()
    kept = []
    tries = 0
    rejected_score = 0
    while len(kept) < args.count and tries < args.max_tries:
        tries += 1
        if args.chess960:
            eng.base = "fen " + chess960_fen(rng.randrange(960))
        moves = []
        ok = True
        for _ in range(args.plies):
            legal = eng.legal_moves(moves)
            if not legal:
                ok = False
                break
            moves.append(rng.choice(legal))
        if not ok or not eng.legal_moves(moves):
            continue  # mate/stalemate on the way or at the end
        fen = eng.fen(moves)
        key = " ".join(fen.split()[:4])
        if key in seen:
            continue
        seen.add(key)
        sc = eng.score(moves, args.depth)
        if sc is None or abs(sc) > args.max_cp:
            rejected_score += 1
            continue
        kept.append(key if args.fields == 4 else fen)
        if len(kept) % 50 == 0:
            print(f"{len(kept)} kept / {tries} tried", file=sys.stderr)
    eng.close()

    with open(args.output, "w") as f:
        for line in kept:
            f.write(line + "\n")
    print(f"wrote {len(kept)} positions to {args.output} "
          f"({tries} tried, {rejected_score} rejected by score)", file=sys.stderr)
    return 0 if len(kept) >= args.count else 1


if __name__ == "__main__":
    sys.exit(main())
