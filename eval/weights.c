/* Evaluation weights (layout and units: eval/weights.h). Hand-set first
 * from common chess knowledge (centralised knights, bishops on long
 * diagonals, rooks on the 7th, king safe in the corner in the middlegame
 * and central in the endgame), then Texel-tuned (issue 7) by tools/tune on
 * 266k quiet positions of 3,576 self-play games from tools/datagen (5000
 * nodes a move), lambda 1 (game results only), l2 3e-5 toward the hand-set
 * values; the tuner rewrites the numbers in this file in place. Issue 12:
 * every weight (the new threat, placement, space, passed-pawn, complexity
 * and king-safety ones included) tuned together by tools/tune, recipe in
 * its --help; the data set is named in the commit that wrote the values. */
#include "eval/weights.h"

const Score PIECE_VALUE[PIECE_TYPE_NB] = {
    SCORE_ZERO, S(72, 120), S(327, 334), S(353, 370), S(469, 586), S(986, 1083), SCORE_ZERO,
};

/* Files a..d, rank 8 first (see weights.h). */
const Score PSQT[PIECE_TYPE_NB][32] = {
    [PAWN] = {
        S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0),
        S( 18,  36), S( 22,  40), S( 33,  44), S( 33,  28),
        S(  5,  15), S(  6,  14), S( 13,   4), S( 20,   7),
        S( -5,  -5), S(  5,  -1), S( -5, -18), S(  8, -28),
        S(-23, -15), S(-22, -17), S(-14, -21), S( -4, -32),
        S(-21, -10), S( -3,  -9), S(-15, -11), S( -3, -19),
        S(-20,  -4), S(  8,  -4), S(-22,   4), S(-13,   0),
        S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0),
    },
    [KNIGHT] = {
        S(-54, -33), S(-22, -19), S(-14, -11), S( -7,  -3),
        S(-22, -18), S( -8,  -5), S(  7,   0), S( 14,  12),
        S(-14, -10), S( 19,   6), S( 25,  11), S( 30,  19),
        S( -8,  -5), S( 15,  15), S( 35,  23), S( 30,  23),
        S(  6,  -1), S( 11,  10), S( 28,  21), S( 15,  22),
        S( -5,  -4), S( 17,   4), S(  0,  10), S( 11,  17),
        S(-19, -19), S( -5,  -2), S( -5,   1), S(  2,  -3),
        S(-44, -34), S(-14, -15), S(-14,  -6), S( -8,  -6),
    },
    [BISHOP] = {
        S(-21, -12), S(-10,  -6), S( -9,  -6), S(-10,  -2),
        S(-13, -12), S(  0,   3), S(  2,   6), S( -1,   4),
        S( -1,  -3), S(  0,   2), S(  7,   7), S( 11,  12),
        S( -2,  -1), S( 10,   7), S(  7,  11), S( 21,  13),
        S( -5,  -2), S(  9,   0), S( 17,   4), S( 17,  13),
        S( -4,  -2), S(  2,  -1), S(  6,   6), S( -2,   8),
        S( -7,  -9), S( 15,  -8), S(  7,   0), S( -9,  -2),
        S(-19, -13), S( -7,  -9), S( -9,  -5), S( -5,  -1),
    },
    [ROOK] = {
        S(  2,   3), S(  5,  13), S(  8,   7), S(  9,   6),
        S( 14,  13), S( 15,   8), S( 19,  10), S( 19,   7),
        S(  2,   9), S(  3,   3), S(  3,   2), S(  3,   2),
        S( -9,   4), S( -6,   4), S(  3,   6), S( -4,   4),
        S( -9,   2), S(  0,   1), S( -2,   2), S( -2,   2),
        S(-10,  -7), S(  4,  -5), S(  2,  -5), S(-11,  -9),
        S(-25, -11), S(-11, -12), S(-12, -10), S( -8, -15),
        S(  1,  -7), S( -3, -10), S(  1,  -8), S(  1,  -9),
    },
    [QUEEN] = {
        S( -9, -13), S( -2,  -8), S( -3,  -3), S(  2,  -2),
        S( -4,  -8), S( -1,   2), S(  4,   3), S(  2,   8),
        S(  1,  -1), S(  5,   7), S(  1,  12), S(  2,  12),
        S(  0,  -2), S(  5,   8), S( 10,  13), S(  7,  17),
        S( -4,  -5), S( -3,   5), S(  0,  12), S(  7,  16),
        S( -7,  -9), S( 11,   4), S(  5,  10), S(  0,   5),
        S( -8, -14), S( -7, -10), S(  4,  -4), S(  6,   1),
        S(-14, -20), S(-11, -14), S(  2, -10), S(  0, -13),
    },
    [KING] = {
        S(-60, -72), S(-60, -38), S(-60, -28), S(-70, -24),
        S(-50, -39), S(-50, -14), S(-55,  -6), S(-60,   0),
        S(-45, -31), S(-45,  -3), S(-50,   7), S(-56,  12),
        S(-39, -22), S(-39,   3), S(-45,  15), S(-51,  20),
        S(-30, -28), S(-35,  -6), S(-40,   7), S(-44,  21),
        S(-15, -25), S(-18, -17), S(-29,   3), S(-35,   3),
        S( 14, -37), S( -1, -19), S(-20,  -2), S(-19,  -4),
        S( 19, -64), S( 25, -44), S(  4, -32), S( -6, -31),
    },
};

/* Concave curves: the first few squares matter most, a trapped piece
 * (0-1 squares) is a real weakness. */
const Score MOBILITY_KNIGHT[9] = {
    S(-42, -49), S(-19, -28), S(-8, -8), S(3, 2), S(2, -1), S(14, 12), S(16, 13), S(27, 18), S(21, 9),
};
const Score MOBILITY_BISHOP[14] = {
    S(-31, -51), S(-19, -30), S(-6, -14), S(-5, -7), S(7, -6), S(14, 6), S(20, 10),
    S(16, 15), S(17, 20), S(19, 24), S(30, 24), S(27, 25), S(29, 23), S(27, 21),
};
const Score MOBILITY_ROOK[15] = {
    S(-40, -52), S(-19, -33), S(0, -20), S(3, -2), S(-1, 3), S(-3, 8), S(-1, 11), S(6, 20),
    S(5, 25), S(10, 25), S(16, 29), S(18, 37), S(16, 32), S(20, 32), S(18, 32),
};
/* Started as -25 + 55 * sqrt(n / 27) midgame, -45 + 95 * sqrt(n / 27)
 * endgame; the highest counts are rare, so tuning left them near that. */
const Score MOBILITY_QUEEN[28] = {
    S(-25, -45), S(-15, -27), S(-6, -19), S(-6, -13), S(-4, -8), S(-6, -5), S(-2, -1),
    S(1, 3), S(5, 8), S(7, 9), S(10, 13), S(15, 20), S(11, 19), S(11, 21),
    S(19, 25), S(19, 29), S(19, 28), S(21, 31), S(20, 33), S(21, 35), S(21, 35),
    S(23, 37), S(25, 41), S(27, 44), S(27, 45), S(28, 46), S(29, 48), S(30, 50),
};

const Score BISHOP_PAIR = S(29, 52);
const Score ROOK_OPEN_FILE = S(36, 3);
const Score ROOK_SEMI_OPEN_FILE = S(13, 7);
const Score TEMPO = S(12, 5);

const Score PAWN_DOUBLED = S(3, -15);
const Score PAWN_ISOLATED = S(-1, -16);
const Score PAWN_BACKWARD = S(-5, -24);
const Score PAWN_CONNECTED[8] = {
    S(0, 0), S(1, -5), S(5, -1), S(16, 8), S(29, 12), S(36, 24), S(60, 57), S(0, 0),
};

const Score PASSED_RANK[8] = {
    S(0, 0), S(0, 7), S(1, 11), S(3, 25), S(21, 43), S(44, 73), S(79, 122), S(0, 0),
};
const Score PASSED_FREE_PATH[8] = {
    S(0, 0), S(-2, 3), S(-1, -1), S(2, 9), S(3, 15), S(8, 20), S(12, 36), S(0, 0),
};
const Score PASSED_SAFE_PATH[8] = {
    S(0, 0), S(1, 2), S(1, 3), S(3, 14), S(7, 18), S(11, 28), S(15, 40), S(0, 0),
};
const Score PASSED_KING_OWN[8] = {
    S(0, 0), S(-5, 7), S(4, -5), S(-4, -10), S(-5, -15), S(-6, -21), S(0, -35), S(0, 0),
};
const Score PASSED_KING_ENEMY[8] = {
    S(0, 0), S(5, -5), S(-3, 9), S(-4, 15), S(2, 24), S(6, 29), S(5, 22), S(0, 0),
};

/* Rows: file edge distance 0 (a/h) .. 3 (d/e); columns: relative rank of
 * the nearest own pawn (1 = second rank), 0 = no pawn on the file. */
const Score KING_SHELTER[4][8] = {
    {S(-19, 15), S(21, -10), S(13, -11), S(10, 2), S(-3, 0), S(0, 2), S(-10, 0), S(0, 0)},
    {S(-39, 13), S(26, -6), S(14, -11), S(-11, 1), S(-17, 5), S(-20, -2), S(-30, -1), S(0, 0)},
    {S(-21, 0), S(32, -2), S(12, -2), S(-10, 10), S(0, -4), S(-9, -4), S(-15, 2), S(0, 0)},
    {S(-23, 0), S(17, 6), S(-6, 2), S(-5, 6), S(-9, -4), S(-23, -2), S(-30, -2), S(0, 0)},
};
/* By relative rank of the enemy pawn, as seen from the king's side: one on
 * the third rank (index 2) hits the shelter pawns directly. */
const Score KING_STORM[8] = {
    S(0, 0), S(-3, 11), S(-26, 6), S(-13, 17), S(-3, 14), S(4, 9), S(2, 7), S(0, 0),
};
const Score KING_STORM_BLOCKED[8] = {
    S(0, 0), S(0, 0), S(-12, -9), S(-2, 2), S(6, -1), S(10, -1), S(1, -5), S(0, 0),
};

/* Threat weights hand-set at about half of what engines with such terms
 * print (the tuner moves them); the pieces a pawn attacks are usually lost
 * or must move, hence the largest. */
const Score THREAT_BY_PAWN[4] = {S(43, 24), S(43, 25), S(54, 19), S(45, 20)};
const Score THREAT_BY_MINOR[5] = {S(5, 12), S(21, 20), S(27, 22), S(38, 51), S(35, 70)};
const Score THREAT_BY_ROOK[5] = {S(1, 17), S(11, 24), S(17, 28), S(1, 15), S(31, 19)};
const Score THREAT_BY_KING = S(9, 29);
const Score THREAT_HANGING = S(18, 9);
const Score THREAT_PAWN_PUSH = S(13, 11);
const Score THREAT_RESTRICTED = S(1, -2);
const Score THREAT_KNIGHT_ON_QUEEN = S(0, 6);
const Score THREAT_SLIDER_ON_QUEEN = S(7, 3);
const Score SPACE = S(-1, 2);

const Score OUTPOST[2] = {S(25, 14), S(13, 11)};
const Score KNIGHT_REACH_OUTPOST = S(14, 5);
const Score MINOR_BEHIND_PAWN = S(10, 3);
const Score MINOR_KING_DISTANCE = S(-3, -3);
const Score BISHOP_PAWNS = S(1, 0);
const Score BISHOP_LONG_DIAGONAL = S(11, -1);
const Score ROOK_ON_SEVENTH = S(1, 7);
const Score QUEEN_ON_SEVENTH = S(5, 10);
const Score ROOK_TRAPPED = S(-7, -10);

const Score PASSED_BLOCKADED[8] = {
    S(0, 0), S(0, -1), S(1, 1), S(0, -4), S(-7, -10), S(-5, -15), S(-8, -21), S(0, 0),
};
const Score PASSED_ROOK_BEHIND = S(4, 10);
const Score PASSED_KING_PATH = S(1, 2);
const Score PASSED_UNSTOPPABLE = S(0, 299);

/* Complexity, hand-set from the idea's published magnitudes: a few cp per
 * pawn, a large offset toward zero that pawns and passers overcome. */
const Score COMPLEXITY[CX_NB] = {S(0, 7), S(0, 8), S(0, 31), S(0, 41), S(0, 0), S(0, -74)};

/* King-safety units; hand-set, tuned since issue 12 together with the
 * rest (mg half through the quadratic, eg half linear). */
const Score KS_ATTACKER[4] = {S(22, 21), S(14, 15), S(19, 20), S(32, 30)};
const Score KS_ZONE_ATTACK = S(14, 6);
const Score KS_WEAK_SQUARE = S(15, 13);
const Score KS_SAFE_CHECK[4] = {S(45, 40), S(25, 25), S(42, 40), S(43, 36)};
const Score KS_NO_QUEEN = S(-82, -80);
const Score KS_UNSAFE_CHECK = S(5, 5);
const Score KS_DEFENDER = S(-8, -8);
const Score KS_OFFSET = S(-17, -19);
