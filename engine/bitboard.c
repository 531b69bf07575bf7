#include "bitboard.h"

#include <stdlib.h>
#include <string.h>

#include "random.h"

Bitboard PAWN_ATTACKS[COLOR_NB][SQ_NB];
Bitboard KNIGHT_ATTACKS[SQ_NB];
Bitboard KING_ATTACKS[SQ_NB];
Bitboard BETWEEN[SQ_NB][SQ_NB];
Bitboard LINE[SQ_NB][SQ_NB];
uint8_t SQUARE_DISTANCE[SQ_NB][SQ_NB];
Magic BISHOP_MAGICS[SQ_NB];
Magic ROOK_MAGICS[SQ_NB];

/* Table sizes of the "fancy" layout: sum of 2^bits(mask) over squares. */
static Bitboard bishop_table[5248];
static Bitboard rook_table[102400];

static const int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

/* Squares reached from s by stepping (df, dr) once, if on the board. */
static Bitboard step(Square s, int df, int dr)
{
    int f = file_of(s) + df, r = rank_of(s) + dr;
    return (f >= 0 && f < 8 && r >= 0 && r < 8) ? square_bb(make_square(f, r)) : 0;
}

/* Slow ray walk, used only to fill the tables. */
static Bitboard slide(const int dirs[4][2], Square s, Bitboard occ)
{
    Bitboard result = 0;
    for (int d = 0; d < 4; d++) {
        int f = file_of(s), r = rank_of(s);
        for (;;) {
            f += dirs[d][0];
            r += dirs[d][1];
            if (f < 0 || f > 7 || r < 0 || r > 7)
                break;
            Bitboard b = square_bb(make_square(f, r));
            result |= b;
            if (occ & b)
                break;
        }
    }
    return result;
}

/* Fills one slider's magic table. Each square's mask excludes the board
 * edges it does not stand on, since a blocker there changes nothing. The
 * magic search is only needed without PEXT. */
static void init_magics(const int dirs[4][2], Magic *magics, Bitboard *table)
{
    static Bitboard occupancy[4096], reference[4096];
#if !defined(__BMI2__)
    static int epoch[4096];
    int cur_epoch = 0;
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
#endif
    Bitboard *next = table;

    for (Square s = 0; s < SQ_NB; s++) {
        Bitboard edges =
            ((RANK_BB(0) | RANK_BB(7)) & ~RANK_BB(rank_of(s))) | ((FILE_BB(0) | FILE_BB(7)) & ~FILE_BB(file_of(s)));
        Magic *m = &magics[s];
        m->mask = slide(dirs, s, 0) & ~edges;
        m->shift = 64 - popcount(m->mask);
        m->attacks = next;

        /* Carry-Rippler enumeration of every subset of the mask. */
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slide(dirs, s, b);
            size++;
            b = (b - m->mask) & m->mask;
        } while (b);
        next += size;

#if defined(__BMI2__)
        for (int i = 0; i < size; i++)
            m->attacks[magic_index(m, occupancy[i])] = reference[i];
#else
        for (int i = 0; i < size;) {
            do
                /* sparse candidates, from a fixed seed: the same magics every run */
                m->magic = splitmix64(&seed) & splitmix64(&seed) & splitmix64(&seed);
            while (popcount((m->magic * m->mask) >> 56) < 6);
            cur_epoch++;
            for (i = 0; i < size; i++) {
                unsigned idx = magic_index(m, occupancy[i]);
                if (epoch[idx] < cur_epoch) {
                    epoch[idx] = cur_epoch;
                    m->attacks[idx] = reference[i];
                } else if (m->attacks[idx] != reference[i])
                    break;
            }
        }
#endif
    }
}

void bitboard_init(void)
{
    static const int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (Square s = 0; s < SQ_NB; s++) {
        PAWN_ATTACKS[WHITE][s] = step(s, -1, 1) | step(s, 1, 1);
        PAWN_ATTACKS[BLACK][s] = step(s, -1, -1) | step(s, 1, -1);
        KNIGHT_ATTACKS[s] = KING_ATTACKS[s] = 0;
        for (int i = 0; i < 8; i++)
            KNIGHT_ATTACKS[s] |= step(s, KNIGHT_STEPS[i][0], KNIGHT_STEPS[i][1]);
        for (int df = -1; df <= 1; df++)
            for (int dr = -1; dr <= 1; dr++)
                if (df || dr)
                    KING_ATTACKS[s] |= step(s, df, dr);
        for (Square t = 0; t < SQ_NB; t++) {
            int df = abs(file_of(s) - file_of(t)), dr = abs(rank_of(s) - rank_of(t));
            SQUARE_DISTANCE[s][t] = (uint8_t)(df > dr ? df : dr);
        }
    }
    init_magics(BISHOP_DIRS, BISHOP_MAGICS, bishop_table);
    init_magics(ROOK_DIRS, ROOK_MAGICS, rook_table);

    for (Square a = 0; a < SQ_NB; a++)
        for (Square b = 0; b < SQ_NB; b++) {
            BETWEEN[a][b] = LINE[a][b] = 0;
            if (a == b)
                continue;
            for (int pt = BISHOP; pt <= ROOK; pt++) {
                const int(*dirs)[2] = pt == BISHOP ? BISHOP_DIRS : ROOK_DIRS;
                if (slide(dirs, a, 0) & square_bb(b)) {
                    LINE[a][b] = (slide(dirs, a, 0) & slide(dirs, b, 0)) | square_bb(a) | square_bb(b);
                    BETWEEN[a][b] = slide(dirs, a, square_bb(b)) & slide(dirs, b, square_bb(a));
                }
            }
        }
}

Bitboard piece_attacks(PieceType pt, Square s, Bitboard occupied)
{
    switch (pt) {
    case KNIGHT: return KNIGHT_ATTACKS[s];
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return KING_ATTACKS[s];
    default: return 0;
    }
}
