"""A small, independent chess board for checking engines' mate lines.

tools/matetrack.py replays each reported principal variation here, so that
the check does not trust the engine under test (python-chess is not
assumed). The board knows the standard rules only (no Chess960): FEN
parsing, pseudo-legal moves filtered by "does the mover's king stay out of
check", castling, en passant, promotion, check, checkmate, and the
fifty-move and repetition counts a claim of draw needs.

Squares are 0..63, a1 = 0, b1 = 1, ..., h8 = 63. Pieces are FEN letters
(upper case White). A move is (from, to, promotion letter or "").

The generator is validated by perft (the number of leaf nodes of the legal
move tree) against the published counts of the Chess Programming Wiki's
"Perft Results" page (https://www.chessprogramming.org/Perft_Results),
see PERFT_CASES and `tools/matetrack.py --self-test`.
"""

KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
ROOK_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
BISHOP_DIRS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
PROMOTIONS = "qrbn"

# Castling: right letter -> (king from, king to, rook from, rook to,
# squares that must be empty, squares the king crosses that must be safe).
CASTLING = {
    "K": (4, 6, 7, 5, (5, 6), (4, 5, 6)),
    "Q": (4, 2, 0, 3, (1, 2, 3), (4, 3, 2)),
    "k": (60, 62, 63, 61, (61, 62), (60, 61, 62)),
    "q": (60, 58, 56, 59, (57, 58, 59), (60, 59, 58)),
}
# A move from or to one of these squares removes these castling rights.
RIGHTS_LOST = {0: "Q", 4: "KQ", 7: "K", 56: "q", 60: "kq", 63: "k"}

# (FEN, depth, leaf count) from the wiki's "Perft Results" page.
PERFT_CASES = (
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 8902),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2039),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3, 2812),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2, 264),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2, 1486),
)


def square(name):
    """'e4' -> 28."""
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def square_name(sq):
    """28 -> 'e4'."""
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def offset(sq, df, dr):
    """The square df files and dr ranks away, or None off the board."""
    f, r = sq % 8 + df, sq // 8 + dr
    if 0 <= f < 8 and 0 <= r < 8:
        return r * 8 + f
    return None


def colour_of(piece):
    return "w" if piece.isupper() else "b"


def move_uci(move):
    frm, to, promo = move
    return square_name(frm) + square_name(to) + promo


class Board:
    """One position. make() returns a new Board; the old one is unchanged."""

    def __init__(self, fen):
        fields = fen.split()
        if len(fields) < 4:
            raise ValueError(f"FEN needs at least 4 fields: {fen!r}")
        self.squares = [None] * 64
        rows = fields[0].split("/")
        if len(rows) != 8:
            raise ValueError(f"FEN board needs 8 ranks: {fen!r}")
        for i, row in enumerate(rows):
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                elif ch in "PNBRQKpnbrqk" and f < 8:
                    self.squares[(7 - i) * 8 + f] = ch
                    f += 1
                else:
                    raise ValueError(f"bad FEN rank {row!r}")
            if f != 8:
                raise ValueError(f"FEN rank {row!r} is not 8 squares")
        if fields[1] not in ("w", "b"):
            raise ValueError(f"bad side to move in {fen!r}")
        self.turn = fields[1]
        self.castling = "" if fields[2] == "-" else fields[2]
        self.castling = "".join(c for c in "KQkq" if c in self.castling and self._castle_setup(c))
        self.ep = None if fields[3] == "-" else square(fields[3])
        self.halfmove = int(fields[4]) if len(fields) > 4 else 0
        self.fullmove = int(fields[5]) if len(fields) > 5 else 1

    def _castle_setup(self, right):
        """A right is kept only with its king and rook on their squares."""
        king_from, _, rook_from, _, _, _ = CASTLING[right]
        king, rook = ("K", "R") if right.isupper() else ("k", "r")
        return self.squares[king_from] == king and self.squares[rook_from] == rook

    def copy(self):
        b = Board.__new__(Board)
        b.squares = self.squares[:]
        b.turn, b.castling, b.ep = self.turn, self.castling, self.ep
        b.halfmove, b.fullmove = self.halfmove, self.fullmove
        return b

    def key(self):
        """What makes positions the same for repetition (FIDE 9.2)."""
        ep = self.ep if self.ep is not None and self._ep_capture_possible() else None
        return (tuple(self.squares), self.turn, self.castling, ep)

    def _ep_capture_possible(self):
        return any(m[1] == self.ep and self.squares[m[0]] in "Pp" for m in self.legal_moves())

    # ---- attacks -----------------------------------------------------------

    def attacked(self, sq, by):
        """Whether a piece of colour `by` attacks square sq."""
        pawn, knight, bishop, rook, queen, king = "PNBRQK" if by == "w" else "pnbrqk"
        back = -1 if by == "w" else 1  # a white pawn attacks from one rank below
        for df in (-1, 1):
            s = offset(sq, df, back)
            if s is not None and self.squares[s] == pawn:
                return True
        for df, dr in KNIGHT_STEPS:
            s = offset(sq, df, dr)
            if s is not None and self.squares[s] == knight:
                return True
        for df, dr in KING_STEPS:
            s = offset(sq, df, dr)
            if s is not None and self.squares[s] == king:
                return True
        for dirs, slider in ((ROOK_DIRS, rook), (BISHOP_DIRS, bishop)):
            for df, dr in dirs:
                s = offset(sq, df, dr)
                while s is not None:
                    p = self.squares[s]
                    if p is not None:
                        if p == slider or p == queen:
                            return True
                        break
                    s = offset(s, df, dr)
        return False

    def king_square(self, colour):
        king = "K" if colour == "w" else "k"
        return self.squares.index(king) if king in self.squares else None

    def in_check(self):
        k = self.king_square(self.turn)
        return k is not None and self.attacked(k, "b" if self.turn == "w" else "w")

    # ---- move generation -----------------------------------------------------

    def pseudo_moves(self):
        moves = []
        for sq, p in enumerate(self.squares):
            if p is None or colour_of(p) != self.turn:
                continue
            kind = p.upper()
            if kind == "P":
                self._pawn_moves(sq, moves)
            elif kind == "N":
                self._step_moves(sq, KNIGHT_STEPS, moves)
            elif kind == "K":
                self._step_moves(sq, KING_STEPS, moves)
                self._castle_moves(moves)
            else:
                dirs = {"B": BISHOP_DIRS, "R": ROOK_DIRS, "Q": ROOK_DIRS + BISHOP_DIRS}[kind]
                self._slide_moves(sq, dirs, moves)
        return moves

    def _own(self, s):
        p = self.squares[s]
        return p is not None and colour_of(p) == self.turn

    def _enemy(self, s):
        p = self.squares[s]
        return p is not None and colour_of(p) != self.turn

    def _step_moves(self, sq, steps, moves):
        for df, dr in steps:
            s = offset(sq, df, dr)
            if s is not None and not self._own(s):
                moves.append((sq, s, ""))

    def _slide_moves(self, sq, dirs, moves):
        for df, dr in dirs:
            s = offset(sq, df, dr)
            while s is not None and not self._own(s):
                moves.append((sq, s, ""))
                if self._enemy(s):
                    break
                s = offset(s, df, dr)

    def _pawn_moves(self, sq, moves):
        up, start_rank, last_rank = (1, 1, 7) if self.turn == "w" else (-1, 6, 0)

        def add(to):
            if to // 8 == last_rank:
                moves.extend((sq, to, promo) for promo in PROMOTIONS)
            else:
                moves.append((sq, to, ""))

        one = offset(sq, 0, up)
        if one is not None and self.squares[one] is None:
            add(one)
            two = offset(sq, 0, 2 * up)
            if sq // 8 == start_rank and self.squares[two] is None:
                moves.append((sq, two, ""))
        for df in (-1, 1):
            s = offset(sq, df, up)
            if s is not None and (self._enemy(s) or s == self.ep):
                add(s)

    def _castle_moves(self, moves):
        enemy = "b" if self.turn == "w" else "w"
        for right in self.castling:
            if colour_of(right) != self.turn:
                continue
            king_from, king_to, _, _, empty, safe = CASTLING[right]
            if any(self.squares[s] is not None for s in empty):
                continue
            if any(self.attacked(s, enemy) for s in safe):
                continue
            moves.append((king_from, king_to, ""))

    def legal_moves(self):
        legal = []
        for m in self.pseudo_moves():
            after = self.make(m)
            k = after.king_square(self.turn)
            if k is None or not after.attacked(k, after.turn):
                legal.append(m)
        return legal

    # ---- making moves --------------------------------------------------------

    def make(self, move):
        """The position after `move` (assumed pseudo-legal)."""
        frm, to, promo = move
        b = self.copy()
        piece = b.squares[frm]
        captured = b.squares[to]
        b.squares[frm] = None
        if piece in "Pp" and to == self.ep and captured is None:
            b.squares[to - 8 if piece == "P" else to + 8] = None  # en passant
            captured = "ep"
        if promo:
            piece = promo.upper() if piece == "P" else promo
        b.squares[to] = piece
        if piece in "Kk" and abs(to - frm) == 2:  # castling moves the rook too
            right = next(r for r, c in CASTLING.items() if c[0] == frm and c[1] == to)
            rook_from, rook_to = CASTLING[right][2], CASTLING[right][3]
            b.squares[rook_to] = b.squares[rook_from]
            b.squares[rook_from] = None
        for s in (frm, to):
            for r in RIGHTS_LOST.get(s, ""):
                b.castling = b.castling.replace(r, "")
        b.ep = None
        if piece in "Pp" and abs(to - frm) == 16:
            b.ep = (frm + to) // 2
        b.halfmove = 0 if (piece in "Pp" or captured is not None) else self.halfmove + 1
        if self.turn == "b":
            b.fullmove += 1
        b.turn = "b" if self.turn == "w" else "w"
        return b

    def parse_uci(self, text):
        """The legal move written `text` (e.g. e7e8q), or None."""
        for m in self.legal_moves():
            if move_uci(m) == text:
                return m
        return None

    def is_checkmate(self):
        return self.in_check() and not self.legal_moves()


def perft(board, depth):
    """Leaf nodes of the legal move tree `depth` plies deep."""
    if depth == 0:
        return 1
    moves = board.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(board.make(m), depth - 1) for m in moves)


def check_mate_line(fen, mate, pv):
    """Whether `pv` (UCI moves) proves `score mate <mate>` from `fen`.

    "ok" when every move is legal, the line is exactly 2*mate-1 plies long
    (mate > 0) or -2*mate plies (mate < 0) and ends in checkmate, and the
    losing side could not claim a draw (fifty moves, threefold repetition)
    on one of its turns along the way; otherwise a short reason.
    """
    plies = 2 * mate - 1 if mate > 0 else -2 * mate
    board = Board(fen)
    loser_moves_at = 1 if mate > 0 else 0  # ply parity of the losing side's turns
    seen = {board.key(): 1}
    for ply, text in enumerate(pv):
        if ply % 2 == loser_moves_at:
            if board.halfmove >= 100:
                return f"the loser could claim a draw (fifty moves) after {ply} plies"
            if seen.get(board.key(), 0) >= 3:
                return f"the loser could claim a draw (repetition) after {ply} plies"
        move = board.parse_uci(text)
        if move is None:
            return f"illegal move {text} at ply {ply + 1}"
        board = board.make(move)
        seen[board.key()] = seen.get(board.key(), 0) + 1
    if len(pv) < plies:
        return f"short ({len(pv)} of {plies} plies)"
    if len(pv) > plies:
        return f"long ({len(pv)} of {plies} plies)"
    if not board.is_checkmate():
        return "does not end in checkmate"
    return "ok"
