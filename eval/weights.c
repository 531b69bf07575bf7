/* Evaluation weights (layout and units: eval/weights.h). Hand-set first
 * from common chess knowledge (centralised knights, bishops on long
 * diagonals, rooks on the 7th, king safe in the corner in the middlegame
 * and central in the endgame), then Texel-tuned (issue 7) by tools/tune on
 * 266k quiet positions of 3,576 self-play games from tools/datagen (5000
 * nodes a move), lambda 1 (game results only), l2 3e-5 toward the hand-set
 * values; the tuner rewrites the numbers in this file in place. */
#include "eval/weights.h"

const Score PIECE_VALUE[PIECE_TYPE_NB] = {
    SCORE_ZERO, S(80, 118), S(325, 339), S(349, 361), S(475, 594), S(981, 1077), SCORE_ZERO,
};

/* Files a..d, rank 8 first (see weights.h). */
const Score PSQT[PIECE_TYPE_NB][32] = {
    [PAWN] = {
        S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0),
        S( 18,  41), S( 23,  39), S( 30,  37), S( 34,  32),
        S(  6,  16), S( 10,  15), S( 12,   2), S( 22,   9),
        S(-10,   0), S( -1,   7), S( -5, -14), S( 10, -25),
        S(-17, -14), S(-14, -11), S(-12, -19), S( -5, -34),
        S(-20, -15), S( -9, -10), S(-14, -20), S(  1, -14),
        S(-16,  -3), S(  3,  -5), S(-21,  -1), S(-23, -13),
        S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0),
    },
    [KNIGHT] = {
        S(-54, -34), S(-22, -19), S(-13, -10), S( -7,  -4),
        S(-24, -19), S( -8,  -5), S(  7,  -1), S( 14,  13),
        S(-13,  -9), S( 14,   5), S( 25,  12), S( 27,  17),
        S( -6,  -5), S( 24,  14), S( 35,  26), S( 35,  27),
        S( -2,  -3), S( 12,  11), S( 20,  17), S( 17,  26),
        S( -9,  -5), S( 11,   4), S( 15,  13), S( 10,  16),
        S(-21, -20), S( -7,  -3), S( -8,  -1), S(  5,   1),
        S(-43, -34), S(-11, -15), S(-14,  -9), S( -6,  -5),
    },
    [BISHOP] = {
        S(-20, -12), S(-10,  -8), S( -9,  -8), S(-10,  -2),
        S(-11, -10), S(  0,   0), S(  2,   3), S(  0,   3),
        S(  0,  -2), S(  6,   2), S(  6,   8), S(  9,  12),
        S( -5,  -2), S(  7,   4), S(  7,   9), S( 16,  11),
        S( -5,  -1), S(  9,   2), S( 12,   0), S( 14,  10),
        S( -8,  -1), S(  7,   1), S( 10,   9), S(  6,   8),
        S( -7,  -8), S( 18,  -7), S(  3,   2), S( -3,   2),
        S(-20, -13), S(-10,  -9), S( -9,  -3), S( -4,   1),
    },
    [ROOK] = {
        S(  2,   5), S(  3,   9), S(  8,   8), S(  8,   5),
        S( 14,  13), S( 16,  11), S( 20,  14), S( 18,  10),
        S(  2,  10), S(  5,   4), S(  3,   4), S(  3,   5),
        S( -9,   2), S( -7,  -1), S(  0,   5), S( -6,   0),
        S( -8,   3), S( -2,   0), S( -3,  -1), S( -3,  -2),
        S(-11,  -8), S(  2,  -5), S(  2,  -6), S(-10,  -9),
        S(-24, -12), S(-11, -10), S( -5, -10), S( -6, -11),
        S( -9,  -3), S(  7,  -9), S(  2, -10), S( -2, -10),
    },
    [QUEEN] = {
        S( -9, -13), S( -3,  -8), S( -3,  -3), S(  1,  -3),
        S( -5,  -8), S(  1,   3), S(  2,   3), S(  1,   7),
        S(  0,  -2), S(  3,   7), S(  1,  12), S(  2,  11),
        S(  0,  -3), S(  4,   8), S(  8,  13), S(  6,  17),
        S( -1,  -4), S(  1,   6), S(  0,  12), S(  9,  16),
        S( -8,  -9), S(  7,   2), S(  7,   8), S(  4,   6),
        S( -8, -13), S(  1,  -8), S(  2,  -4), S(  5,  -2),
        S(-14, -19), S(-11, -14), S( -2,  -9), S( -1, -10),
    },
    [KING] = {
        S(-60, -70), S(-60, -39), S(-60, -29), S(-70, -25),
        S(-50, -39), S(-50, -14), S(-55,  -7), S(-60,  -1),
        S(-45, -30), S(-45,  -3), S(-50,   8), S(-55,  15),
        S(-40, -24), S(-39,   3), S(-45,  15), S(-51,  20),
        S(-30, -26), S(-34,  -1), S(-40,   9), S(-45,  19),
        S(-15, -29), S(-19, -15), S(-30,   0), S(-36,   3),
        S( 13, -41), S(  1, -20), S(-20,  -8), S(-23,  -6),
        S( 22, -62), S( 24, -40), S(  4, -31), S( -2, -28),
    },
};

/* Concave curves: the first few squares matter most, a trapped piece
 * (0-1 squares) is a real weakness. */
const Score MOBILITY_KNIGHT[9] = {
    S(-42, -50), S(-21, -29), S(-2, -8), S(-2, 2), S(3, 1), S(15, 12), S(16, 13), S(24, 18), S(21, 12),
};
const Score MOBILITY_BISHOP[14] = {
    S(-31, -50), S(-22, -31), S(-6, -17), S(-9, -2), S(6, -5), S(10, 6), S(16, 9),
    S(18, 14), S(21, 19), S(23, 20), S(29, 22), S(27, 20), S(29, 23), S(29, 24),
};
const Score MOBILITY_ROOK[15] = {
    S(-37, -51), S(-19, -31), S(-13, -19), S(-6, -5), S(-4, 0), S(-1, 7), S(0, 12), S(12, 19),
    S(9, 24), S(15, 25), S(19, 31), S(19, 34), S(17, 34), S(23, 39), S(20, 37),
};
/* Started as -25 + 55 * sqrt(n / 27) midgame, -45 + 95 * sqrt(n / 27)
 * endgame; the highest counts are rare, so tuning left them near that. */
const Score MOBILITY_QUEEN[28] = {
    S(-25, -45), S(-14, -27), S(-9, -19), S(-5, -13), S(-4, -8), S(-6, -4), S(3, -1),
    S(2, 3), S(1, 6), S(9, 10), S(7, 13), S(14, 19), S(13, 19), S(9, 20),
    S(15, 23), S(19, 28), S(19, 29), S(21, 30), S(20, 32), S(21, 35), S(22, 35),
    S(23, 38), S(25, 41), S(26, 43), S(27, 45), S(28, 46), S(29, 48), S(30, 50),
};

const Score BISHOP_PAIR = S(27, 55);
const Score ROOK_OPEN_FILE = S(34, 11);
const Score ROOK_SEMI_OPEN_FILE = S(23, 8);
const Score TEMPO = S(6, -1);

const Score PAWN_DOUBLED = S(-8, -10);
const Score PAWN_ISOLATED = S(-6, -10);
const Score PAWN_BACKWARD = S(-7, -11);
const Score PAWN_CONNECTED[8] = {
    S(0, 0), S(1, -1), S(11, 9), S(17, 8), S(28, 7), S(37, 31), S(60, 57), S(0, 0),
};

const Score PASSED_RANK[8] = {
    S(0, 0), S(-1, 6), S(0, 7), S(2, 20), S(21, 41), S(44, 75), S(79, 123), S(0, 0),
};
const Score PASSED_FREE_PATH[8] = {
    S(0, 0), S(-1, 3), S(-1, -1), S(1, 7), S(1, 11), S(6, 17), S(11, 34), S(0, 0),
};
const Score PASSED_SAFE_PATH[8] = {
    S(0, 0), S(0, 1), S(1, 1), S(1, 10), S(4, 14), S(11, 26), S(14, 40), S(0, 0),
};
const Score PASSED_KING_OWN[8] = {
    S(0, 0), S(-12, 5), S(3, -6), S(-4, -7), S(3, -11), S(-4, -16), S(0, -30), S(0, 0),
};
const Score PASSED_KING_ENEMY[8] = {
    S(0, 0), S(1, 3), S(-1, 7), S(-1, 16), S(1, 25), S(6, 27), S(4, 26), S(0, 0),
};

/* Rows: file edge distance 0 (a/h) .. 3 (d/e); columns: relative rank of
 * the nearest own pawn (1 = second rank), 0 = no pawn on the file. */
const Score KING_SHELTER[4][8] = {
    {S(-19, 11), S(26, -2), S(18, -6), S(4, 0), S(-3, 1), S(-3, -1), S(-10, 0), S(0, 0)},
    {S(-32, 13), S(25, 0), S(23, -8), S(-19, -1), S(-24, -1), S(-20, -2), S(-30, -2), S(0, 0)},
    {S(-21, 6), S(31, 1), S(7, -6), S(-2, 7), S(0, -3), S(-10, -4), S(-16, -1), S(0, 0)},
    {S(-30, 9), S(14, -2), S(5, -4), S(-3, 7), S(-13, -6), S(-23, -3), S(-30, -2), S(0, 0)},
};
/* By relative rank of the enemy pawn, as seen from the king's side: one on
 * the third rank (index 2) hits the shelter pawns directly. */
const Score KING_STORM[8] = {
    S(0, 0), S(-3, 8), S(-27, 2), S(-16, 15), S(-11, 10), S(5, 11), S(-3, 6), S(0, 0),
};
const Score KING_STORM_BLOCKED[8] = {
    S(0, 0), S(0, 0), S(-11, -5), S(3, 0), S(3, -3), S(0, 0), S(-2, -7), S(0, 0),
};

/* Threat weights hand-set at about half of what engines with such terms
 * print (the tuner moves them); the pieces a pawn attacks are usually lost
 * or must move, hence the largest. */
const Score THREAT_BY_PAWN[4] = {S(45, 25), S(45, 25), S(55, 20), S(45, 20)};
const Score THREAT_BY_MINOR[5] = {S(3, 15), S(25, 20), S(30, 25), S(40, 55), S(35, 70)};
const Score THREAT_BY_ROOK[5] = {S(2, 20), S(18, 30), S(20, 30), S(0, 15), S(30, 20)};
const Score THREAT_BY_KING = S(10, 40);
const Score THREAT_HANGING = S(30, 18);
const Score THREAT_PAWN_PUSH = S(20, 18);
const Score THREAT_RESTRICTED = S(3, 3);
const Score THREAT_KNIGHT_ON_QUEEN = S(8, 5);
const Score THREAT_SLIDER_ON_QUEEN = S(25, 8);
const Score SPACE = S(2, 0);

const Score OUTPOST[2] = {S(25, 15), S(12, 8)};
const Score KNIGHT_REACH_OUTPOST = S(10, 5);
const Score MINOR_BEHIND_PAWN = S(8, 2);
const Score MINOR_KING_DISTANCE = S(-3, -3);
const Score BISHOP_PAWNS = S(-1, -3);
const Score BISHOP_LONG_DIAGONAL = S(15, 0);
const Score ROOK_ON_SEVENTH = S(5, 15);
const Score QUEEN_ON_SEVENTH = S(2, 10);
const Score ROOK_TRAPPED = S(-25, -5);

const Score PASSED_BLOCKADED[8] = {
    S(0, 0), S(0, 0), S(0, 0), S(-2, -5), S(-4, -10), S(-6, -15), S(-8, -20), S(0, 0),
};
const Score PASSED_ROOK_BEHIND = S(5, 10);
const Score PASSED_KING_PATH = S(0, 3);
const Score PASSED_UNSTOPPABLE = S(0, 300);

/* Complexity, hand-set from the idea's published magnitudes: a few cp per
 * pawn, a large offset toward zero that pawns and passers overcome. */
const Score COMPLEXITY[CX_NB] = {S(0, 5), S(0, 10), S(0, 20), S(0, 40), S(0, 3), S(0, -70)};

/* King-safety units; hand-set, tuned since issue 12 together with the
 * rest (mg half through the quadratic, eg half linear). */
const Score KS_ATTACKER[4] = {S(20, 20), S(15, 15), S(20, 20), S(30, 30)};
const Score KS_ZONE_ATTACK = S(6, 6);
const Score KS_WEAK_SQUARE = S(15, 15);
const Score KS_SAFE_CHECK[4] = {S(40, 40), S(25, 25), S(40, 40), S(35, 35)};
const Score KS_NO_QUEEN = S(-80, -80);
const Score KS_OFFSET = S(-20, -20);
