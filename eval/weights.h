/* Internal to eval/ (and to the tuner, through eval/tune.h): every
 * evaluation weight, in one place, as (mg, eg) pairs in centipawns (Score,
 * eval/score.h). The values are Texel-tuned (weights.c says on what); the
 * tuner (tools/tune) rewrites weights.c. Tables are built into look-ups
 * only by eval_init(), so after changing a weight at run time call
 * eval_init() again.
 *
 * Index conventions:
 *  - RANK-indexed tables use the rank relative to the pawn's or king's own
 *    side: 0 = own back rank, 7 = the promotion rank.
 *  - PSQT[pt][i] covers files a-d only (e-h mirror them, so the evaluation
 *    is left-right symmetric): i = (7 - relative rank) * 4 + min(file, 7 - file),
 *    i.e. each table reads like a diagram from White's side, rank 8 on top. */
#ifndef KS_EVAL_WEIGHTS_H
#define KS_EVAL_WEIGHTS_H

#include "engine/types.h"
#include "eval/score.h"

/* Complexity features, in COMPLEXITY's order (see below). */
enum { CX_PAWNS, CX_PASSED, CX_BOTH_FLANKS, CX_PAWN_ENDING, CX_OUTFLANKING, CX_OFFSET, CX_NB };

/* The weight list, the one place that lays the weights out. For each
 * X(NAME, SHAPE, FIRST, COUNT): the weight `const Score NAME SHAPE`, of which
 * COUNT entries from flat index FIRST are tuned (all of it, but for the
 * tables indexed by piece type, which skip NO_PIECE_TYPE, and the king's
 * value). From this list come the declarations below, the tuner's vector
 * (the TP_* offsets of eval/tune.h, in this order) and the weights the
 * tuner reads (eval/tune.c) and rewrites in eval/weights.c by name. The
 * complexity and king-safety groups stay last: the tuner fits them through
 * their curves, not linearly. */
#define EVAL_WEIGHTS(X)                                                                                                \
    /* Material and piece-square tables. */                                                                            \
    X(PIECE_VALUE, [PIECE_TYPE_NB], PAWN, 5)                                                                           \
    X(PSQT, [PIECE_TYPE_NB][32], PAWN * 32, 6 * 32)                                                                    \
                                                                                                                       \
    /* Mobility by number of safe squares attacked (eval/pieces.c). */                                                 \
    X(MOBILITY_KNIGHT, [9], 0, 9)                                                                                      \
    X(MOBILITY_BISHOP, [14], 0, 14)                                                                                    \
    X(MOBILITY_ROOK, [15], 0, 15)                                                                                      \
    X(MOBILITY_QUEEN, [28], 0, 28)                                                                                     \
                                                                                                                       \
    /* Pieces. */                                                                                                      \
    X(BISHOP_PAIR, , 0, 1)                                                                                             \
    X(ROOK_OPEN_FILE, , 0, 1)      /* no pawns on the file */                                                          \
    X(ROOK_SEMI_OPEN_FILE, , 0, 1) /* only enemy pawns on the file */                                                  \
    X(TEMPO, , 0, 1)               /* side to move */                                                                  \
                                                                                                                       \
    /* Pawn structure, per pawn (eval/pawns.c). */                                                                     \
    X(PAWN_DOUBLED, , 0, 1)      /* an own pawn stands ahead on the file */                                            \
    X(PAWN_ISOLATED, , 0, 1)     /* no own pawn on the adjacent files */                                               \
    X(PAWN_BACKWARD, , 0, 1)     /* behind its neighbours, stop square controlled */                                   \
    X(PAWN_CONNECTED, [8], 0, 8) /* defended by or beside an own pawn */                                               \
                                                                                                                       \
    /* Passed pawns, by relative rank. KING_* are per square of king distance                                          \
     * (capped at 5) to the pawn's stop square. */                                                                     \
    X(PASSED_RANK, [8], 0, 8)                                                                                          \
    X(PASSED_FREE_PATH, [8], 0, 8) /* no piece on the way to promotion */                                              \
    X(PASSED_SAFE_PATH, [8], 0, 8) /* no enemy attack on the way */                                                    \
    X(PASSED_KING_OWN, [8], 0, 8)                                                                                      \
    X(PASSED_KING_ENEMY, [8], 0, 8)                                                                                    \
                                                                                                                       \
    /* King shelter (eval/king.c): the own pawn nearest to the king's rank on                                          \
     * each of the three files around the king (centre clamped to b..g), by                                            \
     * edge distance of the file (0 = a/h .. 3 = d/e) and relative rank of that                                        \
     * pawn (0 = none). Enemy storming pawns by their rank as seen from the                                            \
     * king's side; BLOCKED when an own pawn stands right in front of it. */                                           \
    X(KING_SHELTER, [4][8], 0, 4 * 8)                                                                                  \
    X(KING_STORM, [8], 0, 8)                                                                                           \
    X(KING_STORM_BLOCKED, [8], 0, 8)                                                                                   \
                                                                                                                       \
    /* Threats against them (eval/threats.c). BY_PAWN is indexed by the                                                \
     * attacked type - KNIGHT (knight..queen), BY_MINOR and BY_ROOK by type -                                          \
     * PAWN (pawn..queen). "Weak" pieces: attacked by us and neither defended                                          \
     * by a pawn nor defended twice where we attack at most once. */                                                   \
    X(THREAT_BY_PAWN, [4], 0, 4)      /* a pawn attacks a piece */                                                     \
    X(THREAT_BY_MINOR, [5], 0, 5)     /* a minor attacks a weak piece or a defended non-pawn */                        \
    X(THREAT_BY_ROOK, [5], 0, 5)      /* a rook attacks a weak piece or the queen */                                   \
    X(THREAT_BY_KING, , 0, 1)         /* the king attacks a weak piece */                                              \
    X(THREAT_HANGING, , 0, 1)         /* weak and undefended (or a twice-attacked piece) */                            \
    X(THREAT_PAWN_PUSH, , 0, 1)       /* a safe pawn push would attack a piece */                                      \
    X(THREAT_RESTRICTED, , 0, 1)      /* per square both attack, weakly held by them */                                \
    X(THREAT_KNIGHT_ON_QUEEN, , 0, 1) /* per safe square a knight could hit the queen from */                          \
    X(THREAT_SLIDER_ON_QUEEN, , 0, 1) /* likewise for bishops and rooks */                                             \
    /* Per safe central square behind or at our pawns (files c-f, relative                                             \
     * ranks 2-4), times (our piece count, capped at 16) / 8. */                                                       \
    X(SPACE, , 0, 1)                                                                                                   \
                                                                                                                       \
    /* Piece placement (eval/pieces.c). An outpost: relative rank 4-6, defended                                        \
     * by an own pawn, never attackable by an enemy pawn. */                                                           \
    X(OUTPOST, [2], 0, 2)           /* knight, bishop standing on one */                                               \
    X(KNIGHT_REACH_OUTPOST, , 0, 1) /* a knight attacks an empty-of-own outpost */                                     \
    X(MINOR_BEHIND_PAWN, , 0, 1)    /* a pawn right in front shields it */                                             \
    X(MINOR_KING_DISTANCE, , 0, 1)  /* per square to the own king */                                                   \
    /* Per own pawn on the bishop's colour, times 1 + own blocked pawns on c-f. */                                     \
    X(BISHOP_PAWNS, , 0, 1)                                                                                            \
    X(BISHOP_LONG_DIAGONAL, , 0, 1) /* sees d4 and e5 (or d5 and e4) through pieces */                                 \
    X(ROOK_ON_SEVENTH, , 0, 1)      /* with the enemy king on 8th or pawns on 7th */                                   \
    X(QUEEN_ON_SEVENTH, , 0, 1)                                                                                        \
    /* Rook with at most 3 safe squares, shut in by its own uncastled king; twice                                      \
     * when that side can no longer castle. */                                                                         \
    X(ROOK_TRAPPED, , 0, 1)                                                                                            \
                                                                                                                       \
    /* Passed pawns, more. BLOCKADED by rank: an enemy piece on the stop                                               \
     * square. ROOK_BEHIND: an own rook behind it on the file. KING_PATH: per                                          \
     * square of the enemy king's distance (capped 5) to the pawn's path, times                                        \
     * rank - 2. UNSTOPPABLE: the enemy has only pawns, the path is free and the                                       \
     * enemy king is outside the square of the pawn. */                                                                \
    X(PASSED_BLOCKADED, [8], 0, 8)                                                                                     \
    X(PASSED_ROOK_BEHIND, , 0, 1)                                                                                      \
    X(PASSED_KING_PATH, , 0, 1)                                                                                        \
    X(PASSED_UNSTOPPABLE, , 0, 1)                                                                                      \
                                                                                                                       \
    /* Complexity (eval/evaluate.c), endgame halves only: units that move the                                          \
     * endgame score away from zero (positive) or toward it (negative): per pawn,                                      \
     * per passed pawn, pawns on both wings, a pure pawn ending, king                                                  \
     * outflanking (file distance minus rank distance of the kings), offset. */                                        \
    X(COMPLEXITY, [CX_NB], 0, CX_NB)                                                                                   \
                                                                                                                       \
    /* King attack (eval/king.c): units gathered against one king, as (mg, eg)                                         \
     * pairs, turned into a penalty by the curve of eval/tune.h when at least                                          \
     * two pieces attack the king zone (one, if the attacker has a queen). */                                          \
    X(KS_ATTACKER, [4], 0, 4) /* per piece attacking the zone, knight..queen */                                        \
    X(KS_ZONE_ATTACK, , 0, 1) /* per attacked zone square */                                                           \
    X(KS_WEAK_SQUARE, , 0, 1) /* per weak square next to the king */                                                   \
    X(KS_SAFE_CHECK, [4], 0, 4)                                                                                        \
    X(KS_NO_QUEEN, , 0, 1)     /* the attacker has no queen */                                                         \
    X(KS_UNSAFE_CHECK, , 0, 1) /* per piece type with only unsafe checks */                                            \
    X(KS_DEFENDER, , 0, 1)     /* per own knight or bishop in the king zone */                                         \
    X(KS_OFFSET, , 0, 1)

#define X(name, shape, first, count) extern const Score name shape;
EVAL_WEIGHTS(X)
#undef X

#endif
