/* The weight vector of eval/tune.h, read from eval/weights.c. */
#include "eval/tune.h"

#include "eval/weights.h"

typedef struct {
    int offset;
    const Score *weights;
    int count;
} WeightGroup;

/* In the order of eval/weights.c; 2-D tables are contiguous. */
static const WeightGroup GROUPS[] = {
    {TP_PIECE_VALUE, &PIECE_VALUE[PAWN], 5},
    {TP_PSQT, PSQT[PAWN], 6 * 32},
    {TP_MOBILITY_KNIGHT, MOBILITY_KNIGHT, 9},
    {TP_MOBILITY_BISHOP, MOBILITY_BISHOP, 14},
    {TP_MOBILITY_ROOK, MOBILITY_ROOK, 15},
    {TP_MOBILITY_QUEEN, MOBILITY_QUEEN, 28},
    {TP_BISHOP_PAIR, &BISHOP_PAIR, 1},
    {TP_ROOK_OPEN_FILE, &ROOK_OPEN_FILE, 1},
    {TP_ROOK_SEMI_OPEN_FILE, &ROOK_SEMI_OPEN_FILE, 1},
    {TP_TEMPO, &TEMPO, 1},
    {TP_PAWN_DOUBLED, &PAWN_DOUBLED, 1},
    {TP_PAWN_ISOLATED, &PAWN_ISOLATED, 1},
    {TP_PAWN_BACKWARD, &PAWN_BACKWARD, 1},
    {TP_PAWN_CONNECTED, PAWN_CONNECTED, 8},
    {TP_PASSED_RANK, PASSED_RANK, 8},
    {TP_PASSED_FREE_PATH, PASSED_FREE_PATH, 8},
    {TP_PASSED_SAFE_PATH, PASSED_SAFE_PATH, 8},
    {TP_PASSED_KING_OWN, PASSED_KING_OWN, 8},
    {TP_PASSED_KING_ENEMY, PASSED_KING_ENEMY, 8},
    {TP_KING_SHELTER, KING_SHELTER[0], 4 * 8},
    {TP_KING_STORM, KING_STORM, 8},
    {TP_KING_STORM_BLOCKED, KING_STORM_BLOCKED, 8},
};

void eval_tune_weights(int mg[TP_NB], int eg[TP_NB])
{
    for (size_t g = 0; g < sizeof GROUPS / sizeof GROUPS[0]; g++)
        for (int i = 0; i < GROUPS[g].count; i++) {
            mg[GROUPS[g].offset + i] = mg_of(GROUPS[g].weights[i]);
            eg[GROUPS[g].offset + i] = eg_of(GROUPS[g].weights[i]);
        }
}
