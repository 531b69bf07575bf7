#!/usr/bin/env python3
"""Play a match under cutechess-cli (or fastchess) and report it.

The match runner is not part of Keysquare: build cutechess-cli or fastchess
from their sources outside this repository and pass its path with --runner.

  tools/match.py --runner ~/cutechess-cli --opponent phalanx --games 40 \\
      --tc 10+0.1 --openings openings.epd --pgn phalanx-1.pgn
  tools/match.py --summary phalanx-*.pgn          # add up chunks
  tools/match.py --runner ... --engine2 ./keysquare-base --sprt 0 5   # SPRT
  tools/match.py --runner ... --variant fischerandom --openings openings960.epd
  tools/match.py --runner ~/cutechess-cli --opponent stockfish \\
      --opponent-option UCI_LimitStrength=true --opponent-option UCI_Elo=1800 \\
      --option UCI_LimitStrength=true --option UCI_Elo=1800 --games 100 ...   # tools/calibrate_elo.md

Prints the score, the Elo difference with a 95 % error bar, and the counts
of time forfeits, illegal moves, crashes/disconnects and stalls, from the
Keysquare side (the engine named by --name, default "Keysquare"); then,
where the PGN has move times and a base+increment TimeControl tag, each
engine's mean share of its clock spent by a game's end.
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys

# Opponents installed from Debian (apt-get install ...). xboard engines
# need cutechess-cli; fastchess speaks UCI only.
OPPONENTS = {
    # fairymax: [hash size as a power of two] [ini file]
    "fairymax": ["proto=xboard", "cmd=/usr/games/fairymax", "arg=20", "arg=/usr/share/games/fairymax/fmax.ini"],
    # phalanx: no book, no learning file, no pondering, no resign
    "phalanx": ["proto=xboard", "cmd=/usr/games/phalanx", "arg=-b-", "arg=-l-", "arg=-p-", "arg=-r0"],
    "gnuchess": ["proto=uci", "cmd=/usr/games/gnuchess", "arg=--uci"],
    "glaurung": ["proto=uci", "cmd=/usr/games/glaurung", "option.Threads=1", "option.Hash=16",
                 "option.OwnBook=false", "option.Ponder=false"],
    "toga2": ["proto=uci", "cmd=/usr/games/toga2"],
    "ethereal": ["proto=uci", "cmd=/usr/games/ethereal-chess", "option.Hash=16"],
    "stockfish": ["proto=uci", "cmd=/usr/games/stockfish", "option.Hash=16"],
}


def pgn_games(pgn_paths):
    """Each game's text (tags and moves) of the PGN files, in order."""
    for path in pgn_paths:
        text = open(path, encoding="utf-8", errors="replace").read()
        yield from re.split(r"\n(?=\[Event )", text)


def result_counts(pgn_paths, name):
    """Wins, draws, losses of `name` and the abnormal terminations."""
    w = d = l = 0
    problems = {"time forfeit": 0, "illegal move": 0, "crash/disconnect": 0, "stalled": 0}
    for game in pgn_games(pgn_paths):
        white = re.search(r'\[White "([^"]*)"\]', game)
        result = re.search(r'\[Result "([^"]*)"\]', game)
        if not white or not result or result.group(1) == "*":
            continue
        ours_white = white.group(1) == name
        r = result.group(1)
        if r == "1/2-1/2":
            d += 1
        elif (r == "1-0") == ours_white:
            w += 1
        else:
            l += 1
        term = re.search(r'\[Termination "([^"]*)"\]', game)
        term = term.group(1).lower() if term else ""
        comment = " ".join(re.findall(r"\{([^}]*)\}", game)).lower()
        lost = (r == "0-1") == ours_white and r != "1/2-1/2"
        if not lost:
            continue  # count only our own failures
        if "time forfeit" in term or "loses on time" in comment:
            problems["time forfeit"] += 1
        elif "illegal" in term or "illegal" in comment:
            problems["illegal move"] += 1
        elif "stalled" in term or "stall" in comment:
            problems["stalled"] += 1
        elif "abandoned" in term or "disconnect" in comment or "crash" in comment:
            problems["crash/disconnect"] += 1
    return w, d, l, problems


def elo_with_error(w, d, l):
    """Elo difference and 95 % error bar from the trinomial variance."""
    n = w + d + l
    if n == 0:
        return 0.0, 0.0, 0.5
    score = (w + 0.5 * d) / n
    var = (w * (1 - score) ** 2 + d * (0.5 - score) ** 2 + l * score**2) / n

    def elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)

    margin = 1.96 * math.sqrt(var / n)
    return elo(score), (elo(score + margin) - elo(score - margin)) / 2, score


def report(pgns, name):
    w, d, l, problems = result_counts(pgns, name)
    elo, err, score = elo_with_error(w, d, l)
    n = w + d + l
    if n and (w == n or l == n):
        # a clean sweep has no finite Elo difference and no error bar
        rating = "Elo " + ("+inf" if w == n else "-inf")
    else:
        rating = f"Elo {round(elo, 1) + 0.0:+.1f} +- {err:.1f} (95 %)"
    print(f"{name}: {n} games  +{w} ={d} -{l}  score {100 * score:.1f} %  {rating}")
    print("problems of " + name + ": " + ", ".join(f"{k} {v}" for k, v in problems.items()))
    report_clock_use(pgns)
    return sum(problems.values()) == 0


def clock_use(pgn_paths):
    """Per engine name: the mean share of its clock (base + increment per
    move it made) that it spent by each game's end, and the games counted.
    Reads the move times that cutechess-cli and fastchess write after each
    move ({... 0.412s}) and the [TimeControl "base+inc"] tag (seconds);
    games without both are skipped."""
    shares = {}
    for game in pgn_games(pgn_paths):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        tc = re.fullmatch(r"(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)", tags.get("TimeControl", ""))
        if not tc or "White" not in tags or "Black" not in tags or tags.get("Result", "*") == "*":
            continue
        base, inc = float(tc.group(1)), float(tc.group(2))
        fen = tags.get("FEN", "").split()
        black_first = len(fen) > 1 and fen[1] == "b"
        movetext = game[game.rfind("]") + 1:]
        used, moves, timed, ply, commented = [0.0, 0.0], [0, 0], False, -1, True
        for tok in re.findall(r"\{[^}]*\}|[^\s{}]+", movetext):
            if tok.startswith("{"):
                t = re.search(r"(?:^|\s)(\d+(?:\.\d+)?)s(?=[\s,}])", tok)
                if t and not commented:
                    used[(ply + black_first) % 2] += float(t.group(1))
                    timed = True
                commented = True
                continue
            tok = re.sub(r"^\d+\.+", "", tok)
            if not tok or tok in ("1-0", "0-1", "1/2-1/2", "*"):
                continue
            ply += 1
            moves[(ply + black_first) % 2] += 1
            commented = False
        if not timed:
            continue
        for side, name in enumerate((tags["White"], tags["Black"])):
            if moves[side]:
                total, n = shares.get(name, (0.0, 0))
                shares[name] = (total + used[side] / (base + inc * moves[side]), n + 1)
    return {name: (total / n, n) for name, (total, n) in shares.items()}


def report_clock_use(pgns):
    use = clock_use(pgns)
    if use:
        print("clock use by each game's end (share of base + increments): "
              + ", ".join(f"{name} {100 * u:.1f} % ({n} games)" for name, (u, n) in sorted(use.items())))


def engine_args(spec_cmd, name, options):
    cmd = os.path.abspath(spec_cmd)
    args = ["-engine", f"name={name}", f"cmd={cmd}", "proto=uci"]
    args += [f"option.{o}" for o in options]
    return args


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runner", help="path to cutechess-cli or fastchess")
    ap.add_argument("--engine", default="./keysquare", help="Keysquare binary")
    ap.add_argument("--name", default="Keysquare")
    ap.add_argument("--option", action="append", default=[], help="UCI option for Keysquare, e.g. Threads=2")
    ap.add_argument("--opponent", help="a Debian opponent: " + ", ".join(OPPONENTS))
    ap.add_argument("--opponent-option", action="append", default=[], metavar="NAME=VALUE",
                    help="UCI option for the --opponent, after its defaults, e.g. UCI_Elo=1800 (repeatable)")
    ap.add_argument("--engine2", help="a second UCI binary instead of --opponent (self-play)")
    ap.add_argument("--name2", default="Base")
    ap.add_argument("--option2", action="append", default=[])
    ap.add_argument("--games", type=int, default=40, help="an even number: each opening is played with both colours")
    ap.add_argument("--tc", default="10+0.1")
    ap.add_argument("--nodes", type=int,
                    help="fixed nodes per move (> 0) instead of --tc: immune to machine load. For UCI "
                         "self-play (--engine2): xboard opponents (fairymax, phalanx) may not honour a "
                         "node limit")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--openings", help="EPD file of start positions")
    ap.add_argument("--variant", help="the runner's -variant, e.g. fischerandom for Chess960 (the runner "
                    "then sets UCI_Chess960; give a 960 opening set)")
    ap.add_argument("--ponder", action="store_true",
                    help="both engines ponder on the opponent's time (cutechess-cli's engine option ponder)")
    ap.add_argument("--pgn", default="match.pgn", help="the games, a new file (default match.pgn)")
    ap.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"))
    ap.add_argument("--summary", nargs="+", metavar="PGN", help="only add up these PGN files")
    a = ap.parse_args()

    if a.nodes is not None and a.nodes <= 0:
        ap.error("--nodes must be positive")
    # Games come in pairs, one per colour from each opening.
    if not a.summary and (a.games < 2 or a.games % 2):
        ap.error("--games must be even and at least 2 (each opening is played with both colours)")
    if a.opponent_option and not a.opponent:
        ap.error("--opponent-option needs --opponent (use --option2 with --engine2)")
    if any("=" not in o for o in a.opponent_option + a.option + a.option2):
        ap.error("options are written NAME=VALUE")
    if a.summary:
        sys.exit(0 if report(a.summary, a.name) else 1)
    if not a.runner or not shutil.which(a.runner):
        ap.error("--runner must name a cutechess-cli or fastchess binary")
    if os.path.exists(a.pgn):
        # Both runners append to an existing PGN, and the report below reads
        # the whole file: an old game would be counted with this match's.
        sys.exit(f"match.py: {a.pgn} exists: give each match its own --pgn (add chunks up with --summary)")
    fast = "fastchess" in os.path.basename(a.runner)

    cmd = [a.runner] + engine_args(a.engine, a.name, a.option)
    if a.engine2:
        cmd += engine_args(a.engine2, a.name2, a.option2)
    elif a.opponent in OPPONENTS:
        spec = OPPONENTS[a.opponent]
        if fast and "proto=xboard" in spec:
            ap.error("fastchess speaks UCI only: use cutechess-cli for " + a.opponent)
        cmd += ["-engine", f"name={a.opponent}"] + spec + [f"option.{o}" for o in a.opponent_option]
    else:
        ap.error("give --opponent or --engine2")
    limit = [f"tc={a.tc}"] if a.nodes is None else ["tc=inf", f"nodes={a.nodes}"]
    if a.ponder:
        if fast:
            ap.error("--ponder needs cutechess-cli")
        limit += ["ponder"]
    cmd += ["-each"] + limit + ["-games", "2", "-rounds", str(a.games // 2), "-repeat"]
    cmd += ["-concurrency", str(a.concurrency), "-recover"]
    if fast:
        cmd += ["-pgnout", f"file={a.pgn}"]
    else:
        cmd += ["-pgnout", a.pgn, "-ratinginterval", "10"]
    if a.variant:
        cmd += ["-variant", a.variant]
    if a.openings:
        fmt = "epd" if a.openings.endswith(".epd") else "pgn"
        cmd += ["-openings", f"file={a.openings}", f"format={fmt}", "order=random"]
    if a.sprt:
        cmd += ["-sprt", f"elo0={a.sprt[0]}", f"elo1={a.sprt[1]}", "alpha=0.05", "beta=0.05"]
    print(" ".join(cmd), flush=True)
    run = subprocess.run(cmd, check=False)
    if not os.path.exists(a.pgn):
        sys.exit(f"match.py: the runner wrote no PGN (exit status {run.returncode}); see its output above")
    sys.exit(0 if report([a.pgn], a.name) else 1)


if __name__ == "__main__":
    main()
