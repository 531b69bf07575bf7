/* Evaluation weights (layout and units: eval/weights.h, the list
 * EVAL_WEIGHTS). Hand-set first from common chess knowledge (centralised
 * knights, bishops on long diagonals, rooks on the 7th, king safe in the
 * corner in the middlegame and central in the endgame), then Texel-tuned by
 * tools/tune: first on 266k quiet positions of 3,576 self-play games from
 * tools/datagen (5000 nodes a move), lambda 1 (game results only), l2 3e-5
 * toward the hand-set values; then every weight (the threat, placement,
 * space, passed-pawn, complexity and king-safety ones included) together,
 * recipe in its --help, the data set named in the commit that wrote the
 * values.
 *
 * tools/tune rewrites the S(mg, eg) pairs of each definition in place, by
 * the weight's name, and keeps everything else; CI checks that rewriting
 * this file with its own values changes nothing. After a tuning run,
 * `make format` lays out the lines whose numbers changed width. */
#include "eval/weights.h"

const Score PIECE_VALUE[PIECE_TYPE_NB] = {
    SCORE_ZERO, S(68, 119), S(329, 339), S(350, 366), S(470, 589), S(989, 1086), SCORE_ZERO,
};

/* Files a..d, rank 8 first (see weights.h): each table a diagram, which
 * the tuner keeps by writing these numbers in columns. */
// clang-format off
const Score PSQT[PIECE_TYPE_NB][32] = {
    [PAWN] = {
        S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0),
        S( 18,  34), S( 22,  42), S( 35,  47), S( 32,  25),
        S( -2,  11), S(  3,   9), S( 13,   5), S( 19,   5),
        S( -2, -11), S(  5,  -5), S( -5, -22), S(  2, -32),
        S(-24, -12), S(-21, -18), S(-13, -20), S( -6, -31),
        S(-16,  -4), S( -7,  -9), S(-14,  -5), S( -4, -16),
        S(-18,  -6), S( 12,   0), S(-18,   6), S(-11,   6),
        S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0),
    },
    [KNIGHT] = {
        S(-54, -33), S(-22, -19), S(-14, -11), S( -7,  -2),
        S(-21, -17), S( -9,  -5), S(  9,   0), S( 14,  12),
        S(-14, -11), S( 21,   5), S( 25,  12), S( 32,  21),
        S( -6,  -5), S( 15,  17), S( 34,  21), S( 27,  22),
        S( 12,   1), S( 12,   9), S( 27,  19), S( 11,  23),
        S( -6,  -5), S( 18,   3), S( -3,  11), S(  9,  14),
        S(-17, -18), S( -3,  -2), S( -7,  -1), S( -3,  -2),
        S(-44, -34), S(-11, -13), S(-14,  -6), S( -9,  -7),
    },
    [BISHOP] = {
        S(-21, -12), S( -9,  -4), S( -9,  -5), S(-10,  -2),
        S(-15, -12), S(  2,   6), S(  3,   7), S( -3,   3),
        S(  0,  -1), S( -2,   3), S(  8,   6), S( 12,  11),
        S(  0,   0), S( 14,   8), S(  7,  11), S( 22,  14),
        S( -4,  -3), S(  8,  -3), S( 13,   6), S( 16,  12),
        S( -3,  -2), S(  2,   1), S(  6,   1), S( -4,   7),
        S( -6,  -9), S( 13,  -7), S( 11,  -2), S( -7,  -6),
        S(-19, -13), S( -5,  -8), S(-12,  -3), S( -6,  -5),
    },
    [ROOK] = {
        S(  3,   3), S(  5,  15), S(  8,   7), S(  9,   7),
        S( 12,  12), S( 14,   7), S( 19,   9), S( 20,   7),
        S(  2,   8), S(  2,   1), S(  4,   1), S(  3,   1),
        S( -9,   6), S( -5,   7), S(  4,   7), S( -2,   7),
        S(-10,   3), S(  1,   0), S( -2,   3), S( -2,   2),
        S( -9,  -7), S(  3,  -6), S( -1,  -6), S(-13, -10),
        S(-30,  -8), S( -8, -12), S(-13,  -8), S( -8, -17),
        S( -2, -10), S( -2, -10), S(  1,  -9), S(  5, -11),
    },
    [QUEEN] = {
        S( -9, -13), S( -2,  -8), S( -3,  -3), S(  3,  -1),
        S( -4,  -8), S( -2,   1), S(  5,   3), S(  3,   9),
        S(  2,   0), S(  8,   8), S(  2,  12), S(  2,  12),
        S(  1,  -1), S(  5,   8), S( 12,  13), S(  8,  17),
        S( -8,  -5), S( -4,   5), S( -2,  12), S(  6,  16),
        S( -6,  -8), S( 13,   6), S(  2,  11), S(  0,   5),
        S( -7, -14), S( -8, -11), S(  3,  -5), S(  2,   0),
        S(-13, -20), S(-12, -15), S(  0, -11), S(  0, -16),
    },
    [KING] = {
        S(-60, -74), S(-60, -38), S(-60, -27), S(-70, -23),
        S(-50, -38), S(-50, -13), S(-55,  -4), S(-60,   1),
        S(-45, -31), S(-45,  -2), S(-50,   7), S(-56,  12),
        S(-38, -20), S(-39,   1), S(-45,  15), S(-51,  21),
        S(-30, -28), S(-36,  -9), S(-39,   9), S(-44,  22),
        S(-15, -25), S(-17, -20), S(-29,   3), S(-35,   2),
        S( 18, -34), S( -2, -19), S(-21,  -2), S(-19,  -5),
        S( 21, -69), S( 23, -44), S(  1, -31), S( -8, -34),
    },
};
// clang-format on

/* Concave curves: the first few squares matter most, a trapped piece
 * (0-1 squares) is a real weakness. */
const Score MOBILITY_KNIGHT[9] = {
    S(-42, -49), S(-16, -26), S(-9, -7), S(2, 2), S(6, 3), S(12, 13), S(19, 13), S(23, 17), S(20, 7),
};
const Score MOBILITY_BISHOP[14] = {
    S(-32, -51), S(-16, -29), S(-3, -11), S(-1, -8), S(5, -6),  S(12, 5),  S(21, 7),
    S(15, 16),   S(16, 18),   S(17, 24),  S(29, 23), S(25, 25), S(29, 24), S(26, 19),
};
const Score MOBILITY_ROOK[15] = {
    S(-43, -52), S(-13, -34), S(4, -20), S(5, 0),   S(1, 4),   S(-2, 9),  S(0, 12),  S(3, 20),
    S(3, 26),    S(8, 26),    S(14, 28), S(15, 36), S(17, 33), S(20, 32), S(17, 31),
};
/* Started as -25 + 55 * sqrt(n / 27) midgame, -45 + 95 * sqrt(n / 27)
 * endgame; the highest counts are rare, so tuning left them near that. */
const Score MOBILITY_QUEEN[28] = {
    S(-25, -45), S(-16, -27), S(-5, -19), S(-6, -13), S(-4, -8), S(-5, -6), S(-2, -1), S(0, 2),   S(3, 9),   S(9, 10),
    S(11, 13),   S(14, 21),   S(13, 20),  S(13, 22),  S(21, 26), S(19, 30), S(19, 28), S(21, 31), S(19, 33), S(21, 35),
    S(21, 35),   S(23, 37),   S(25, 41),  S(27, 44),  S(27, 45), S(28, 46), S(29, 48), S(30, 50),
};

const Score BISHOP_PAIR = S(26, 52);
const Score ROOK_OPEN_FILE = S(36, 0);
const Score ROOK_SEMI_OPEN_FILE = S(13, 6);
const Score TEMPO = S(11, 6);

const Score PAWN_DOUBLED = S(6, -26);
const Score PAWN_ISOLATED = S(-3, -14);
const Score PAWN_BACKWARD = S(0, -24);
const Score PAWN_CONNECTED[8] = {
    S(0, 0), S(1, -6), S(8, 0), S(15, 7), S(24, 14), S(35, 18), S(60, 58), S(0, 0),
};

const Score PASSED_RANK[8] = {
    S(0, 0), S(1, 8), S(3, 14), S(5, 29), S(23, 48), S(44, 72), S(79, 121), S(0, 0),
};
const Score PASSED_FREE_PATH[8] = {
    S(0, 0), S(-3, 3), S(-1, 0), S(3, 10), S(6, 16), S(10, 20), S(14, 40), S(0, 0),
};
const Score PASSED_SAFE_PATH[8] = {
    S(0, 0), S(1, 2), S(2, 5), S(3, 13), S(8, 20), S(11, 27), S(15, 38), S(0, 0),
};
const Score PASSED_KING_OWN[8] = {
    S(0, 0), S(-6, 6), S(3, -6), S(0, -13), S(-5, -17), S(-5, -22), S(2, -35), S(0, 0),
};
const Score PASSED_KING_ENEMY[8] = {
    S(0, 0), S(8, -3), S(-2, 10), S(-3, 15), S(3, 24), S(2, 30), S(7, 23), S(0, 0),
};

/* Rows: file edge distance 0 (a/h) .. 3 (d/e); columns: relative rank of
 * the nearest own pawn (1 = second rank), 0 = no pawn on the file. */
const Score KING_SHELTER[4][8] = {
    {S(-17, 12), S(21, -15), S(16, -11), S(10, 2), S(-4, 1), S(1, 4), S(-9, 1), S(0, 0)},
    {S(-38, 12), S(22, -10), S(16, -13), S(-9, 5), S(-16, 7), S(-20, -2), S(-30, 0), S(0, 0)},
    {S(-20, 0), S(26, -2), S(8, -3), S(-9, 9), S(6, -4), S(-6, -2), S(-15, 4), S(0, 0)},
    {S(-22, -1), S(15, 9), S(-10, 8), S(-6, 4), S(-8, -5), S(-24, -2), S(-30, -3), S(0, 0)},
};
/* By relative rank of the enemy pawn, as seen from the king's side: one on
 * the third rank (index 2) hits the shelter pawns directly. */
const Score KING_STORM[8] = {
    S(0, 0), S(-3, 13), S(-27, 6), S(-14, 13), S(-4, 12), S(5, 11), S(1, 12), S(0, 0),
};
const Score KING_STORM_BLOCKED[8] = {
    S(0, 0), S(0, 0), S(-10, -12), S(-5, 4), S(7, -3), S(15, -1), S(5, -2), S(0, 0),
};

/* Threat weights hand-set at about half of what engines with such terms
 * print (the tuner moves them); the pieces a pawn attacks are usually lost
 * or must move, hence the largest. */
const Score THREAT_BY_PAWN[4] = {S(42, 23), S(43, 26), S(53, 18), S(45, 20)};
const Score THREAT_BY_MINOR[5] = {S(5, 10), S(17, 17), S(25, 21), S(38, 46), S(34, 70)};
const Score THREAT_BY_ROOK[5] = {S(2, 16), S(9, 22), S(16, 28), S(1, 16), S(32, 19)};
const Score THREAT_BY_KING = S(8, 25);
const Score THREAT_HANGING = S(16, 9);
const Score THREAT_PAWN_PUSH = S(13, 9);
const Score THREAT_RESTRICTED = S(2, -3);
const Score THREAT_KNIGHT_ON_QUEEN = S(1, 5);
const Score THREAT_SLIDER_ON_QUEEN = S(6, 1);
const Score SPACE = S(0, 2);

const Score OUTPOST[2] = {S(26, 15), S(16, 10)};
const Score KNIGHT_REACH_OUTPOST = S(15, 7);
const Score MINOR_BEHIND_PAWN = S(9, 4);
const Score MINOR_KING_DISTANCE = S(-4, -4);
const Score BISHOP_PAWNS = S(1, 1);
const Score BISHOP_LONG_DIAGONAL = S(11, -2);
const Score ROOK_ON_SEVENTH = S(-1, 5);
const Score QUEEN_ON_SEVENTH = S(6, 10);
const Score ROOK_TRAPPED = S(-8, -11);

const Score PASSED_BLOCKADED[8] = {
    S(0, 0), S(0, -2), S(2, 1), S(2, -4), S(-9, -8), S(-3, -14), S(-9, -22), S(0, 0),
};
const Score PASSED_ROOK_BEHIND = S(4, 12);
const Score PASSED_KING_PATH = S(0, 3);
const Score PASSED_UNSTOPPABLE = S(0, 298);

/* Complexity, hand-set from the idea's published magnitudes: a few cp per
 * pawn, a large offset toward zero that pawns and passers overcome. */
const Score COMPLEXITY[CX_NB] = {S(0, 7), S(0, 7), S(0, 41), S(0, 43), S(0, 0), S(0, -84)};

/* King-safety units; hand-set, then tuned together with the rest (mg
 * half through the quadratic, eg half linear). */
const Score KS_ATTACKER[4] = {S(21, 21), S(16, 15), S(17, 21), S(33, 30)};
const Score KS_ZONE_ATTACK = S(13, 8);
const Score KS_WEAK_SQUARE = S(14, 12);
const Score KS_SAFE_CHECK[4] = {S(49, 40), S(24, 25), S(44, 41), S(49, 36)};
const Score KS_NO_QUEEN = S(-84, -80);
const Score KS_UNSAFE_CHECK = S(8, 6);
const Score KS_DEFENDER = S(-11, -7);
const Score KS_OFFSET = S(-12, -18);
