/* Internal to eval/: every evaluation weight, in one place, as (mg, eg)
 * pairs in centipawns (Score, eval/score.h). The values are Texel-tuned
 * (weights.c says on what); the tuner (tools/tune) rewrites weights.c. Tables
 * are built into look-ups only by eval_init(), so after changing a weight at
 * run time call eval_init() again.
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

/* Material and piece-square tables. */
extern const Score PIECE_VALUE[PIECE_TYPE_NB];
extern const Score PSQT[PIECE_TYPE_NB][32];

/* Mobility by number of safe squares attacked (eval/pieces.c). */
extern const Score MOBILITY_KNIGHT[9];
extern const Score MOBILITY_BISHOP[14];
extern const Score MOBILITY_ROOK[15];
extern const Score MOBILITY_QUEEN[28];

/* Pieces. */
extern const Score BISHOP_PAIR;
extern const Score ROOK_OPEN_FILE;      /* no pawns on the file */
extern const Score ROOK_SEMI_OPEN_FILE; /* only enemy pawns on the file */
extern const Score TEMPO;               /* side to move */

/* Pawn structure, per pawn (eval/pawns.c). */
extern const Score PAWN_DOUBLED;      /* an own pawn stands ahead on the file */
extern const Score PAWN_ISOLATED;     /* no own pawn on the adjacent files */
extern const Score PAWN_BACKWARD;     /* behind its neighbours, stop square controlled */
extern const Score PAWN_CONNECTED[8]; /* defended by or beside an own pawn */

/* Passed pawns, by relative rank. KING_* are per square of king distance
 * (capped at 5) to the pawn's stop square. */
extern const Score PASSED_RANK[8];
extern const Score PASSED_FREE_PATH[8]; /* no piece on the way to promotion */
extern const Score PASSED_SAFE_PATH[8]; /* no enemy attack on the way */
extern const Score PASSED_KING_OWN[8];
extern const Score PASSED_KING_ENEMY[8];

/* King shelter (eval/king.c): the own pawn nearest to the king's rank on
 * each of the three files around the king (centre clamped to b..g), by
 * edge distance of the file (0 = a/h .. 3 = d/e) and relative rank of that
 * pawn (0 = none). Enemy storming pawns by their rank as seen from the
 * king's side; BLOCKED when an own pawn stands right in front of it. */
extern const Score KING_SHELTER[4][8];
extern const Score KING_STORM[8];
extern const Score KING_STORM_BLOCKED[8];

/* Threats against them (eval/threats.c). BY_PAWN is indexed by the
 * attacked type - KNIGHT (knight..queen), BY_MINOR and BY_ROOK by type -
 * PAWN (pawn..queen). "Weak" pieces: attacked by us and neither defended
 * by a pawn nor defended twice where we attack at most once. */
extern const Score THREAT_BY_PAWN[4];      /* a pawn attacks a piece */
extern const Score THREAT_BY_MINOR[5];     /* a minor attacks a weak piece or a defended non-pawn */
extern const Score THREAT_BY_ROOK[5];      /* a rook attacks a weak piece or the queen */
extern const Score THREAT_BY_KING;         /* the king attacks a weak piece */
extern const Score THREAT_HANGING;         /* weak and undefended (or a twice-attacked piece) */
extern const Score THREAT_PAWN_PUSH;       /* a safe pawn push would attack a piece */
extern const Score THREAT_RESTRICTED;      /* per square both attack, weakly held by them */
extern const Score THREAT_KNIGHT_ON_QUEEN; /* per safe square a knight could hit the queen from */
extern const Score THREAT_SLIDER_ON_QUEEN; /* likewise for bishops and rooks */
/* Per safe central square behind or at our pawns (files c-f, relative
 * ranks 2-4), times (our piece count, capped at 16) / 8. */
extern const Score SPACE;

/* Piece placement (eval/pieces.c). An outpost: relative rank 4-6, defended
 * by an own pawn, never attackable by an enemy pawn. */
extern const Score OUTPOST[2];           /* knight, bishop standing on one */
extern const Score KNIGHT_REACH_OUTPOST; /* a knight attacks an empty-of-own outpost */
extern const Score MINOR_BEHIND_PAWN;    /* a pawn right in front shields it */
extern const Score MINOR_KING_DISTANCE;  /* per square to the own king */
/* Per own pawn on the bishop's colour, times 1 + own blocked pawns on c-f. */
extern const Score BISHOP_PAWNS;
extern const Score BISHOP_LONG_DIAGONAL; /* sees d4 and e5 (or d5 and e4) through pieces */
extern const Score ROOK_ON_SEVENTH;      /* with the enemy king on 8th or pawns on 7th */
extern const Score QUEEN_ON_SEVENTH;
/* Rook with at most 3 safe squares, shut in by its own uncastled king; twice
 * when that side can no longer castle. */
extern const Score ROOK_TRAPPED;

/* Passed pawns, more. BLOCKADED by rank: an enemy piece on the stop
 * square. ROOK_BEHIND: an own rook behind it on the file. KING_PATH: per
 * square of the enemy king's distance (capped 5) to the pawn's path, times
 * rank - 2. UNSTOPPABLE: the enemy has only pawns, the path is free and the
 * enemy king is outside the square of the pawn. */
extern const Score PASSED_BLOCKADED[8];
extern const Score PASSED_ROOK_BEHIND;
extern const Score PASSED_KING_PATH;
extern const Score PASSED_UNSTOPPABLE;

/* Complexity (eval/evaluate.c), endgame halves only: units that move the
 * endgame score away from zero (positive) or toward it (negative): per pawn,
 * per passed pawn, pawns on both wings, a pure pawn ending, king
 * outflanking (file distance minus rank distance of the kings), offset. */
enum { CX_PAWNS, CX_PASSED, CX_BOTH_FLANKS, CX_PAWN_ENDING, CX_OUTFLANKING, CX_OFFSET, CX_NB };
extern const Score COMPLEXITY[CX_NB];

/* King attack (eval/king.c): units gathered against one king, as (mg, eg)
 * pairs, turned into a penalty by the curve of eval/tune.h when at least
 * two pieces attack the king zone (one, if the attacker has a queen). */
extern const Score KS_ATTACKER[4]; /* per piece attacking the zone, knight..queen */
extern const Score KS_ZONE_ATTACK; /* per attacked zone square */
extern const Score KS_WEAK_SQUARE; /* per weak square next to the king */
extern const Score KS_SAFE_CHECK[4];
extern const Score KS_NO_QUEEN;     /* the attacker has no queen */
extern const Score KS_UNSAFE_CHECK; /* per piece type with only unsafe checks */
extern const Score KS_DEFENDER;     /* per own knight or bishop in the king zone */
extern const Score KS_OFFSET;

#endif
