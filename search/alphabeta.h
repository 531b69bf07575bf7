/* The recursive search below the root (alphabeta.c): private to search/. */
#ifndef KS_SEARCH_ALPHABETA_H
#define KS_SEARCH_ALPHABETA_H

#include "thread.h"

/* PVS of t->pos to depth plies (qsearch at depth <= 0), ply plies from the
 * root, in the window (alpha, beta); cut_node: expected to fail high.
 * Returns the score from the side to move's view (as SearchInfo.score), or 0
 * once the search was stopped. */
int alphabeta(SearchThread *t, int alpha, int beta, int depth, int ply, bool cut_node);
/* Makes root move t->root[index] on t->pos, searches it to depth plies in
 * (alpha, beta), takes it back and returns its score from the root side's
 * view (0 once stopped). */
int search_root_move(SearchThread *t, int alpha, int beta, int depth, int index);
/* Fills the late-move reduction table (keysquare_init calls it). */
void lmr_init(void);

#endif
