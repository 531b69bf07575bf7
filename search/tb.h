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

/* Exact score of a covered position `ply` plies from the root, from the
 * side to move's view; false when no ready table covers it. */
bool tb_probe(const Position *pos, int ply, int *score);

/* The table-optimal move at the root (shortest win, longest loss, a move
 * that keeps a draw) and the root's score; false if the root or a needed
 * successor is not covered by a ready table. */
bool tb_root_move(Position *pos, Move *best, int *score);

#endif
