/* Bitboards and attack tables. bitboard_init() must run once before any
 * attack look-up (main calls it first). Slider attacks use magic bitboards
 * (PEXT when built with BMI2): chessprogramming wiki, "Magic Bitboards". */
#ifndef KS_BITBOARD_H
#define KS_BITBOARD_H

#include "types.h"

#define FILE_A_BB 0x0101010101010101ULL
#define RANK_1_BB 0xFFULL
#define FILE_BB(f) (FILE_A_BB << (f))
#define RANK_BB(r) (RANK_1_BB << (8 * (r)))
#define DARK_SQUARES 0xAA55AA55AA55AA55ULL

static inline Bitboard square_bb(Square s) { return 1ULL << s; }
static inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
/* lsb/msb/pop_lsb require b != 0. */
static inline Square lsb(Bitboard b) { return __builtin_ctzll(b); }
static inline Square msb(Bitboard b) { return 63 ^ __builtin_clzll(b); }
static inline Square pop_lsb(Bitboard *b)
{
    Square s = lsb(*b);
    *b &= *b - 1;
    return s;
}
static inline bool more_than_one(Bitboard b) { return b & (b - 1); }

/* Read-only tables, filled by bitboard_init(). */
extern Bitboard PAWN_ATTACKS[COLOR_NB][SQ_NB];
extern Bitboard KNIGHT_ATTACKS[SQ_NB];
extern Bitboard KING_ATTACKS[SQ_NB];
/* BETWEEN[a][b]: squares strictly between a and b on a line, else 0.
 * LINE[a][b]: the whole line through a and b (edge to edge), else 0. */
extern Bitboard BETWEEN[SQ_NB][SQ_NB];
extern Bitboard LINE[SQ_NB][SQ_NB];
/* Chebyshev (king-move) distance between squares. */
extern uint8_t SQUARE_DISTANCE[SQ_NB][SQ_NB];

void bitboard_init(void);

/* One magic entry per square and slider: attacks[index(occupied & mask)]. */
typedef struct {
    Bitboard mask;
    Bitboard magic;
    Bitboard *attacks;
    unsigned shift;
} Magic;
extern Magic BISHOP_MAGICS[SQ_NB];
extern Magic ROOK_MAGICS[SQ_NB];

#if defined(__BMI2__)
#include <immintrin.h>
static inline unsigned magic_index(const Magic *m, Bitboard occ) { return (unsigned)_pext_u64(occ, m->mask); }
#else
static inline unsigned magic_index(const Magic *m, Bitboard occ)
{
    return (unsigned)(((occ & m->mask) * m->magic) >> m->shift);
}
#endif

static inline Bitboard bishop_attacks(Square s, Bitboard occ)
{
    return BISHOP_MAGICS[s].attacks[magic_index(&BISHOP_MAGICS[s], occ)];
}
static inline Bitboard rook_attacks(Square s, Bitboard occ)
{
    return ROOK_MAGICS[s].attacks[magic_index(&ROOK_MAGICS[s], occ)];
}
static inline Bitboard queen_attacks(Square s, Bitboard occ) { return bishop_attacks(s, occ) | rook_attacks(s, occ); }
/* Attacks of a piece type (not pawn) from s given the occupancy. */
Bitboard piece_attacks(PieceType pt, Square s, Bitboard occupied);

static inline Bitboard shift_north(Bitboard b) { return b << 8; }
static inline Bitboard shift_south(Bitboard b) { return b >> 8; }
static inline int distance(Square a, Square b) { return SQUARE_DISTANCE[a][b]; }

#endif
