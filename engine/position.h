/* Position: the board, FEN in and out, make/unmake with an incremental
 * Zobrist key and material key, attack queries, draw rules and SEE.
 * position_init() must run once after bitboard_init(). */
#ifndef KS_POSITION_H
#define KS_POSITION_H

#include <stddef.h>

#include "bitboard.h"

/* What pos_make saves and pos_unmake restores: the state before the move,
 * linked to the Undo of the move before (NULL at the start of the known
 * history). Repetition detection walks the links. */
typedef struct Undo {
    struct Undo *prev;
    Key key;
    Key material_key;
    Key pawn_key;
    Key nonpawn_key[COLOR_NB];
    Bitboard checkers;
    Move move;
    Piece captured;
    int8_t castling;
    int8_t ep;
    int32_t rule50; /* int: a long game of reversible moves passes 32767 plies */
    int32_t plies_from_null;
} Undo;

/* The board and the state of the side to move; the game history is not
 * in it but in Undo records its owner keeps (see pos_make), so a Position
 * is small (a unit test keeps it under 1 KB) and cheap to copy by value. */
struct Position {
    Bitboard by_type[PIECE_TYPE_NB]; /* [0] = all pieces */
    Bitboard by_color[COLOR_NB];
    Piece board[SQ_NB];
    int8_t count[PIECE_NB]; /* pieces of each kind on the board */
    Color side;
    int castling; /* WHITE_OO | ... */
    /* Chess960 and standard castling alike: the rook of each right (index
     * castling_index(), SQ_NONE where the FEN gave no such right), fixed for
     * the game, and the rights a move leaving or reaching a square keeps
     * (cleared on the king's and those rooks' squares). */
    int8_t castling_rook[4];
    uint8_t castling_mask[SQ_NB];
    bool chess960; /* text form: castling as king-takes-rook, Shredder-FEN */
    Square ep;     /* set only when an en-passant capture is possible, else SQ_NONE */
    int rule50;    /* plies since the last capture or pawn move */
    int plies_from_null;
    int game_ply;              /* plies since the start of the game (FEN fullmove based) */
    Key key;                   /* Zobrist key: pieces, side, castling, en passant */
    Key material_key;          /* depends only on the piece counts */
    Key pawn_key;              /* pawns only: keys the correction history (search/history.c) */
    Key nonpawn_key[COLOR_NB]; /* each side's pieces and king, no pawns: the same */
    Bitboard checkers;
    Undo *undo; /* state before the last move; NULL when none is known */
};

void position_init(void);

/* Parses FEN (4 to 6 fields: clocks left out count as "0 1"; fullmove 0
 * counts as 1). On error returns false,
 * leaves pos unchanged and writes a one-line reason into err (if not NULL).
 * Castling rights the placement cannot support are dropped and reported in
 * warn (if not NULL; empty when there is nothing to say; sentences joined
 * by "; "); an en-passant square no pawn could have just passed is ignored
 * and reported, one that no pawn can capture on is ignored silently; more
 * promoted men than missing pawns are reported and kept (as Stockfish
 * plays them); a halfmove clock past 10000 or a fullmove number past
 * 100000 is clamped there and reported. */
bool pos_set_fen(Position *pos, const char *fen, char *err, size_t err_size, char *warn, size_t warn_size);
/* pos_set_fen in either mode. The castling field may be KQkq, X-FEN (KQkq
 * for the outermost rook on that side of the king, a file letter A-H/a-h
 * for another) or Shredder-FEN (file letters only). In standard chess
 * (chess960 false) a right only stands with the king on the e-file and its
 * rook in the corner; in Chess960 any rook of the back rank on that side of
 * the king. pos_set_fen is pos_set_fen_mode(..., false, ...). */
bool pos_set_fen_mode(Position *pos, const char *fen, bool chess960, char *err, size_t err_size, char *warn,
                      size_t warn_size);
/* Writes the FEN (6 fields) into buf; needs at least 100 bytes. The
 * castling field is KQkq in standard chess and Shredder-FEN (HAha) in
 * Chess960, as Stockfish writes it. */
void pos_get_fen(const Position *pos, char *buf);
/* pos_get_fen with the castling field as X-FEN (shredder false: KQkq, a
 * file letter only where an inner rook holds the right) or Shredder-FEN. */
void pos_get_fen_as(const Position *pos, char *buf, bool shredder);
/* True when every castling right has its king on the e-file and its rook in
 * the corner, so the standard notation (e1g1, KQkq) says it all. */
bool pos_castling_is_standard(const Position *pos);
/* Writes the placement field of a FEN for board (indexed by Square) into
 * buf (at least 72 bytes) and returns a pointer to its terminating 0. */
char *board_to_fen(const Piece board[SQ_NB], char *buf);
extern const char *START_FEN;

/* Make and unmake, with the history owned by the caller (as Stockfish's
 * StateInfo and Ethereal's Undo):
 *
 *     Undo u;
 *     pos_make(pos, move, &u);
 *     ...
 *     pos_unmake(pos);
 *
 * pos_make saves the state before the legal move `move` into *u and links
 * it to pos->undo. *u must stay alive and unchanged until the matching
 * pos_unmake, and as long as pos (or a copy of it) is used at this or a
 * later move: repetition detection reads the chain. pos_unmake takes back
 * the last move made (the one pos->undo holds). A copy of a Position shares
 * its history read-only: it may make and unmake moves of its own (each
 * search thread copies the root this way). pos_make_null passes the turn
 * (not when in check). */
void pos_make(Position *pos, Move move, Undo *u);
void pos_unmake(Position *pos);
void pos_make_null(Position *pos, Undo *u);
void pos_unmake_null(Position *pos);
/* The key pos_make(pos, move) will give in the usual case, for a TT
 * prefetch before the move is made: the side, the mover's two squares, a
 * piece taken on the target square and the old en-passant file. Castling
 * rights, a new en-passant square, promotions, en-passant captures and
 * castling's rook are not folded in (the prefetch then fetches the wrong
 * bucket; nothing else reads this key). MOVE_NULL passes the turn.
 * Stockfish's Position::key_after makes the same approximation. */
Key pos_key_after(const Position *pos, Move move);

/* Forgets the history before the current position (repetition then only
 * sees later positions; moves before it cannot be unmade). */
void pos_reroot(Position *pos);

/* Plies a GameHistory holds. */
#define MAX_HISTORY 1024

/* The Undo records of a game that only moves forward (the UCI session's
 * position, a game of bench mate or datagen): game_make makes move on pos
 * with its Undo in the next free slot; when all MAX_HISTORY slots are used
 * it first re-roots (the oldest positions are forgotten). game_reroot
 * forgets everything before pos (after an irreversible move, nothing
 * earlier can repeat). A GameHistory is ~48 KB: keep it in the owner's
 * struct or static storage. Start with len = 0 after pos_set_fen. */
typedef struct {
    int len;
    Undo undo[MAX_HISTORY];
} GameHistory;

void game_make(GameHistory *game, Position *pos, Move move);
void game_reroot(GameHistory *game, Position *pos);

/* The last move made, MOVE_NULL for a null move, MOVE_NONE when the
 * history holds none. */
static inline Move pos_last_move(const Position *pos) { return pos->undo ? pos->undo->move : MOVE_NONE; }

static inline Bitboard pieces(const Position *pos, Color c, PieceType pt)
{
    return pos->by_color[c] & pos->by_type[pt];
}
static inline Bitboard occupied(const Position *pos) { return pos->by_type[0]; }
static inline Square king_square(const Position *pos, Color c) { return lsb(pieces(pos, c, KING)); }
static inline bool in_check(const Position *pos) { return pos->checkers != 0; }
static inline Piece piece_on(const Position *pos, Square s) { return pos->board[s]; }
/* A Chess960 castling move may end on its own rook's square: no capture. */
static inline bool is_capture(const Position *pos, Move m)
{
    return (pos->board[move_to(m)] != NO_PIECE && move_kind(m) != MK_CASTLING) || move_kind(m) == MK_EN_PASSANT;
}
/* A capture or a promotion: the moves of gen_legal's GEN_NOISY. */
static inline bool is_noisy(const Position *pos, Move m) { return is_capture(pos, m) || move_kind(m) == MK_PROMOTION; }

/* A castling move is encoded as the king's square and its destination
 * (g- or c-file) in both modes, so the king's destination file says which
 * right it uses (castling_index, engine/types.h). */
static inline int castling_index_of(Move m)
{
    return castling_index(rank_of(move_to(m)) == 7, file_of(move_to(m)) == 2);
}
static inline Square castling_rook_from(const Position *pos, Move m)
{
    return pos->castling_rook[castling_index_of(m)];
}
/* Where the rook lands: the f-file next to a g-file king, the d-file next to c. */
static inline Square castling_rook_to(Move m) { return file_of(move_to(m)) == 6 ? move_to(m) - 1 : move_to(m) + 1; }
/* Non-pawn material of one side as a count, weighted N=B=3, R=5, Q=9. */
int non_pawn_material(const Position *pos, Color c);

/* Pieces of both colours attacking square s, given an occupancy. */
Bitboard attackers_to(const Position *pos, Square s, Bitboard occ);
/* True if the move gives check (move must be legal). */
bool gives_check(const Position *pos, Move move);

/* Recomputes the keys from scratch (tests compare with the incremental ones). */
Key pos_compute_key(const Position *pos);
Key pos_compute_material_key(const Position *pos);
Key pos_compute_pawn_key(const Position *pos);
Key pos_compute_nonpawn_key(const Position *pos, Color c);
/* Material key of piece counts, indexed by Piece (only pieces with
 * count > 0 matter); endgame/ uses it to key its table by material code. */
Key material_key_of_counts(const int counts[PIECE_NB]);

/* Repetition draw. ply = plies from the search root to pos (0 at the
 * root). An earlier occurrence strictly after the root is enough (the side
 * that repeated can repeat again); occurrences at the root or before it, in
 * the game, count only twice (a real threefold). Only positions since the
 * last capture, pawn move or null move are looked at (Stockfish's rule). */
bool pos_is_repetition(const Position *pos, int ply);
/* The position occurred before, within the fifty-move window (same side
 * to move), once or more: before the root too. */
bool pos_occurred_before(const Position *pos);
/* Fifty-move rule: rule50 >= 100 plies. It does not look for mate, which
 * needs a move generation: a checkmate given on the 100th ply still wins
 * (FIDE Laws 5.1.1, mate ends the game at once; 9.3 is only a claim). So
 * the search scores the position as a draw only if !in_check(pos) or
 * count_legal(pos) > 0, and as mated otherwise (as Stockfish's is_draw). */
bool pos_is_fifty_move_draw(const Position *pos);
/* Neither side can mate by any sequence: KK, KNK, KBK, and bishops all on
 * squares of one colour with nothing else. */
bool pos_insufficient_material(const Position *pos);

/* Static exchange evaluation: true if the exchange sequence started by move
 * on its destination square gains at least threshold (centipawns, values
 * 100/320/330/500/950), each side taking with its least valuable attacker
 * and free to stop; pins are ignored, a king only takes when the square is
 * no longer defended. Castling, en passant and promotions count as 0.
 * Chessprogramming wiki, "Static Exchange Evaluation" (swap algorithm). */
bool see_ge(const Position *pos, Move move, int threshold);
extern const int SEE_VALUE[PIECE_TYPE_NB];

/* Long algebraic (UCI) text of a move: "e2e4", "e7e8q"; buf >= 6 bytes.
 * Castling is written as the king's move (e1g1), the standard form. */
void move_to_uci(Move move, char *buf);
/* The same in pos's mode: in Chess960 castling is written king-takes-rook
 * (e1h1, f1g1), as the UCI protocol asks; move is a move of pos (or of a
 * line from it: the castling rooks stay for the game). */
void pos_move_to_uci(const Position *pos, Move move, char *buf);
/* A castling move of pos written king-takes-rook, whatever the mode. */
void castling_to_uci(const Position *pos, Move move, char *buf);

#endif
