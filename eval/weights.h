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

/* King attack: attack units gathered against one king, turned into a
 * penalty S(-units^2 / KS_MG_DIVISOR, -units / KS_EG_DIVISOR) when at least
 * two pieces attack the king zone (one, if the attacker has a queen). Units are plain
 * integers, not (mg, eg) pairs. */
extern const int KS_ATTACKER[PIECE_TYPE_NB]; /* per piece attacking the zone */
extern const int KS_ZONE_ATTACK;             /* per attacked zone square */
extern const int KS_WEAK_SQUARE;             /* per weak square next to the king */
extern const int KS_SAFE_CHECK[PIECE_TYPE_NB];
extern const int KS_NO_QUEEN; /* the attacker has no queen */
extern const int KS_OFFSET;
extern const int KS_MAX_UNITS;
extern const int KS_MG_DIVISOR;
extern const int KS_EG_DIVISOR;

#endif
