/* Evaluation weights (layout and units: eval/weights.h). Hand-set from
 * common chess knowledge (centralised knights, bishops on long diagonals,
 * rooks on the 7th, king safe in the corner in the middlegame and central
 * in the endgame); Texel tuning (issue 7) will replace the numbers. */
#include "eval/weights.h"

const Score PIECE_VALUE[PIECE_TYPE_NB] = {
    SCORE_ZERO, S(80, 105), S(330, 340), S(350, 360), S(470, 580), S(980, 1080), SCORE_ZERO,
};

/* Files a..d, rank 8 first (see weights.h). */
const Score PSQT[PIECE_TYPE_NB][32] = {
    [PAWN] = {
        S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0),
        S( 30,  60), S( 35,  60), S( 40,  55), S( 45,  50),
        S( 15,  35), S( 20,  35), S( 25,  30), S( 35,  25),
        S(  0,  15), S(  5,  15), S( 10,  10), S( 25,   5),
        S( -5,   5), S(  0,   5), S(  5,   0), S( 20,  -5),
        S( -5,   0), S(  0,   0), S(  0,   0), S(  5,   0),
        S( -5,   5), S(  0,   5), S( -5,   5), S(-15,   5),
        S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0),
    },
    [KNIGHT] = {
        S(-60, -40), S(-30, -25), S(-20, -15), S(-15, -10),
        S(-30, -25), S(-15, -10), S(  0,  -5), S(  5,   5),
        S(-20, -15), S(  5,   0), S( 15,   5), S( 20,  10),
        S(-15, -10), S( 10,   5), S( 20,  15), S( 25,  20),
        S(-15, -10), S(  5,   5), S( 15,  15), S( 20,  20),
        S(-20, -15), S(  0,   0), S( 10,   5), S( 10,  10),
        S(-30, -25), S(-15, -10), S( -5,  -5), S(  0,   0),
        S(-50, -40), S(-25, -25), S(-20, -15), S(-15, -10),
    },
    [BISHOP] = {
        S(-20, -15), S(-10, -10), S(-10, -10), S(-10,  -5),
        S(-10, -10), S(  0,  -5), S(  0,   0), S(  0,   0),
        S( -5,  -5), S(  5,   0), S(  5,   5), S(  5,   5),
        S( -5,  -5), S(  5,   0), S(  5,   5), S( 10,   5),
        S( -5,  -5), S( 10,   0), S( 10,   5), S( 10,   5),
        S( -5,  -5), S( 10,   0), S( 10,   5), S(  5,   5),
        S( -5, -10), S( 15,  -5), S(  5,   0), S(  5,   0),
        S(-20, -15), S(-10, -10), S(-10, -10), S( -5,  -5),
    },
    [ROOK] = {
        S(  5,   5), S(  5,   5), S( 10,   5), S( 10,   5),
        S( 15,  10), S( 20,  10), S( 20,  10), S( 20,  10),
        S(  0,   5), S(  5,   5), S(  5,   5), S(  5,   5),
        S( -5,   0), S(  0,   0), S(  0,   0), S(  0,   0),
        S( -5,   0), S(  0,   0), S(  0,   0), S(  0,   0),
        S( -5,  -5), S(  0,  -5), S(  0,  -5), S(  0,  -5),
        S(-10,  -5), S( -5,  -5), S(  0,  -5), S(  0,  -5),
        S( -5,  -5), S(  0,  -5), S(  5,  -5), S( 10,  -5),
    },
    [QUEEN] = {
        S(-10, -15), S( -5, -10), S( -5,  -5), S(  0,  -5),
        S( -5, -10), S(  0,   0), S(  0,   0), S(  0,   5),
        S( -5,  -5), S(  0,   5), S(  0,  10), S(  0,  10),
        S( -5,  -5), S(  0,   5), S(  5,  10), S(  5,  15),
        S( -5,  -5), S(  0,   5), S(  5,  10), S(  5,  15),
        S( -5, -10), S(  5,   0), S(  5,   5), S(  5,   5),
        S(-10, -15), S(  0, -10), S(  5,  -5), S(  5,  -5),
        S(-15, -20), S(-10, -15), S( -5, -10), S(  0, -10),
    },
    [KING] = {
        S(-60, -70), S(-60, -40), S(-60, -30), S(-70, -25),
        S(-50, -40), S(-50, -15), S(-55,  -5), S(-60,   0),
        S(-45, -30), S(-45,  -5), S(-50,  10), S(-55,  15),
        S(-40, -25), S(-40,   0), S(-45,  15), S(-50,  20),
        S(-30, -25), S(-35,  -5), S(-40,  10), S(-45,  15),
        S(-15, -30), S(-20, -10), S(-30,   0), S(-35,   5),
        S( 10, -40), S(  5, -20), S(-15, -10), S(-25,  -5),
        S( 20, -60), S( 30, -40), S(  5, -30), S(-10, -30),
    },
};

/* Concave curves: the first few squares matter most, a trapped piece
 * (0-1 squares) is a real weakness. */
const Score MOBILITY_KNIGHT[9] = {
    S(-40, -50), S(-20, -30), S(-5, -10), S(0, 0), S(5, 5), S(10, 10), S(15, 12), S(20, 14), S(25, 15),
};
const Score MOBILITY_BISHOP[14] = {
    S(-35, -50), S(-20, -30), S(-5, -15), S(0, -5), S(5, 0), S(10, 5), S(15, 10),
    S(18, 14), S(20, 16), S(22, 18), S(24, 20), S(26, 21), S(28, 22), S(30, 23),
};
const Score MOBILITY_ROOK[15] = {
    S(-30, -50), S(-15, -30), S(-8, -15), S(-4, -5), S(-2, 0), S(0, 5), S(3, 10), S(6, 15),
    S(9, 20), S(11, 24), S(13, 28), S(15, 31), S(17, 34), S(19, 36), S(20, 38),
};
/* -25 + 55 * sqrt(n / 27) midgame, -45 + 95 * sqrt(n / 27) endgame. */
const Score MOBILITY_QUEEN[28] = {
    S(-25, -45), S(-14, -27), S(-10, -19), S(-7, -13), S(-4, -8), S(-1, -4), S(1, 0),
    S(3, 3), S(5, 7), S(7, 10), S(8, 13), S(10, 16), S(12, 18), S(13, 21),
    S(15, 23), S(16, 26), S(17, 28), S(19, 30), S(20, 33), S(21, 35), S(22, 37),
    S(24, 39), S(25, 41), S(26, 43), S(27, 45), S(28, 46), S(29, 48), S(30, 50),
};

const Score BISHOP_PAIR = S(30, 50);
const Score ROOK_OPEN_FILE = S(25, 10);
const Score ROOK_SEMI_OPEN_FILE = S(10, 5);
const Score TEMPO = S(20, 10);

const Score PAWN_DOUBLED = S(-10, -25);
const Score PAWN_ISOLATED = S(-8, -12);
const Score PAWN_BACKWARD = S(-8, -10);
const Score PAWN_CONNECTED[8] = {
    S(0, 0), S(5, 0), S(8, 3), S(12, 8), S(20, 15), S(35, 30), S(60, 60), S(0, 0),
};

const Score PASSED_RANK[8] = {
    S(0, 0), S(0, 5), S(0, 10), S(5, 20), S(20, 40), S(45, 80), S(80, 130), S(0, 0),
};
const Score PASSED_FREE_PATH[8] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, 5), S(0, 10), S(5, 20), S(10, 35), S(0, 0),
};
const Score PASSED_SAFE_PATH[8] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, 5), S(5, 15), S(10, 25), S(15, 45), S(0, 0),
};
const Score PASSED_KING_OWN[8] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, -2), S(0, -4), S(0, -6), S(0, -8), S(0, 0),
};
const Score PASSED_KING_ENEMY[8] = {
    S(0, 0), S(0, 0), S(0, 0), S(0, 4), S(0, 8), S(0, 14), S(0, 20), S(0, 0),
};

/* Rows: file edge distance 0 (a/h) .. 3 (d/e); columns: relative rank of
 * the nearest own pawn (1 = second rank), 0 = no pawn on the file. */
const Score KING_SHELTER[4][8] = {
    {S(-20, 0), S(25, 0), S(20, 0), S(5, 0), S(0, 0), S(-5, 0), S(-10, 0), S(0, 0)},
    {S(-40, 0), S(40, 0), S(20, 0), S(-20, 0), S(-20, 0), S(-20, 0), S(-30, 0), S(0, 0)},
    {S(-20, 0), S(30, 0), S(10, 0), S(0, 0), S(-5, 0), S(-10, 0), S(-15, 0), S(0, 0)},
    {S(-30, 0), S(15, 0), S(0, 0), S(-10, 0), S(-15, 0), S(-20, 0), S(-30, 0), S(0, 0)},
};
/* By relative rank of the enemy pawn, as seen from the king's side: one on
 * the third rank (index 2) hits the shelter pawns directly. */
const Score KING_STORM[8] = {
    S(0, 0), S(-5, 0), S(-30, -5), S(-20, -5), S(-10, 0), S(-5, 0), S(0, 0), S(0, 0),
};
const Score KING_STORM_BLOCKED[8] = {
    S(0, 0), S(0, 0), S(-10, -5), S(-5, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
};

const int KS_ATTACKER[PIECE_TYPE_NB] = {0, 0, 20, 15, 20, 30, 0};
const int KS_ZONE_ATTACK = 6;
const int KS_WEAK_SQUARE = 15;
const int KS_SAFE_CHECK[PIECE_TYPE_NB] = {0, 0, 40, 25, 40, 35, 0};
const int KS_NO_QUEEN = -80;
const int KS_OFFSET = -20;
const int KS_MAX_UNITS = 500;
const int KS_MG_DIVISOR = 300;
const int KS_EG_DIVISOR = 10;
