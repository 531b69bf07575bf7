/* The search's use of the DTM tables (tablebase/dtm.h): which tables a
 * search may meet, the table-perfect root move, and exact scores inside
 * the tree. Scores are centipawn-scale search values (VALUE_MATE - plies
 * from the root for a win). */
#ifndef KS_SEARCH_TB_H
#define KS_SEARCH_TB_H

#include "engine/position.h"

/* Requests (or, with blocking, builds) every standard table whose material
 * the root can reach by captures and promotions, when the root has at most
 * five men. Returns whether the search may probe tables: only then, so the
 * tables a search sees are fixed before it starts. */
bool tb_prepare(const Position *root, bool blocking);

/* Table wins that the search cannot express as a mate within the
 * fifty-move rule score VALUE_TB_WIN - (halfmove clock + DTZ), a band
 * [VALUE_TB_WIN - 255 - clock, VALUE_TB_WIN] below the mate scores and above every
 * evaluation; losses the negative. */
enum { VALUE_TB_WIN = VALUE_MATE_IN_MAX_PLY - 2 * MAX_PLY };

/* Exact score of a covered position `ply` plies from the root, from the
 * side to move's view, under the fifty-move rule from the position's
 * halfmove clock when use50 (UCI option Syzygy50MoveRule): a win whose
 * DTZ does not fit in the clock is a draw (0); a mate score only when the
 * mate fits too; otherwise the TB band. False when no ready table covers
 * pos. */
bool tb_probe(const Position *pos, int ply, bool use50, int *score);

/* Scores (mover's view, as tb_probe at ply 1; an immediate mate is
 * VALUE_MATE - 1) of the root moves moves[0..count) of a covered root, so
 * that the best is the shortest mate among the moves that still win with
 * the clock as it stands, else a TB win, else a move that keeps the draw,
 * else the loss that lets the clock run furthest. False if the root or a
 * needed successor is not covered by a ready table. */
bool tb_rank_moves(Position *pos, const Move *moves, int count, bool use50, int *scores);

#endif
