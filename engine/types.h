/* Basic chess types shared by every folder: colours, pieces, squares,
 * moves and bitboards. Structs are forward-declared here once so headers can
 * pass pointers without including each other. */
#ifndef KS_TYPES_H
#define KS_TYPES_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t Bitboard;
typedef uint64_t Key;

typedef struct Position Position;

enum { WHITE, BLACK, COLOR_NB };
typedef int Color;

/* Piece types start at 1 so that 0 can mean "no piece". */
enum { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };
typedef int PieceType;

/* Piece = (colour << 3) | type: W_PAWN = 1 .. W_KING = 6,
 * B_PAWN = 9 .. B_KING = 14, NO_PIECE = 0. Arrays indexed by Piece use 16. */
/* clang-format off */
enum {
    NO_PIECE,
    W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
    B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
    PIECE_NB = 16
};
typedef int Piece;

/* Squares: a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file mapping). */
enum {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQ_NB, SQ_NONE = 64
};
/* clang-format on */
typedef int Square;

/* Castling rights, one bit each, and by index: 0 WHITE_OO, 1 WHITE_OOO,
 * 2 BLACK_OO, 3 BLACK_OOO (right = 1 << index). */
enum { WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8, ALL_CASTLING = 15 };
static inline int castling_index(Color c, bool queenside) { return 2 * c + queenside; }

/* Move, 16 bits:
 *   bits  0-5   from square
 *   bits  6-11  to square (for castling: the king's destination on the g- or
 *               c-file, e1g1, in Chess960 too; the rook comes from Position)
 *   bits 12-13  promotion piece type - KNIGHT (0 = N, 1 = B, 2 = R, 3 = Q)
 *   bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
 * MOVE_NONE (0) is a1a1, never a legal move; MOVE_NULL is b1b1. */
typedef uint16_t Move;
enum { MOVE_NONE = 0, MOVE_NULL = 65 };
enum { MK_NORMAL = 0, MK_PROMOTION = 1, MK_EN_PASSANT = 2, MK_CASTLING = 3 };

#define MAX_PLY 128 /* deepest search ply */

/* Scores in centipawns from the side to move's view. Mates are
 * VALUE_MATE - plies to mate; known wins from endgame knowledge sit in a band
 * around VALUE_KNOWN_WIN, far above any normal evaluation and far below the
 * mate scores, so a mate the search finds always wins the comparison. */
enum {
    VALUE_DRAW = 0,
    VALUE_KNOWN_WIN = 10000,
    VALUE_MATE = 32000,
    VALUE_INFINITE = 32001,
    VALUE_NONE = 32002,
    VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY,
};
#define MAX_MOVES 256 /* more than the legal moves of any position */

static inline Color color_of(Piece p) { return p >> 3; }
static inline PieceType type_of(Piece p) { return p & 7; }
static inline Piece make_piece(Color c, PieceType pt) { return (c << 3) | pt; }
static inline int rank_of(Square s) { return s >> 3; }
static inline int file_of(Square s) { return s & 7; }
static inline Square make_square(int file, int rank) { return rank * 8 + file; }
/* Rank of a square as seen from colour c (rank 0 = own back rank). */
static inline int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
static inline Square flip_rank(Square s) { return s ^ 56; }
static inline Square flip_file(Square s) { return s ^ 7; }

static inline Square move_from(Move m) { return m & 63; }
static inline Square move_to(Move m) { return (m >> 6) & 63; }
static inline int move_kind(Move m) { return m >> 14; }
static inline PieceType move_promo(Move m) { return ((m >> 12) & 3) + KNIGHT; }
static inline Move make_move(Square from, Square to) { return (Move)(from | (to << 6)); }
static inline Move make_special(Square from, Square to, int kind, PieceType promo)
{
    return (Move)(from | (to << 6) | ((promo - KNIGHT) << 12) | (kind << 14));
}

#endif
