/* What the search learns from cutoffs (history.c), for move ordering
 * (movepick.c) and reductions: private to search/. */
#ifndef KS_SEARCH_HISTORY_H
#define KS_SEARCH_HISTORY_H

#include "thread.h"

/* The counter move of t->pos's last move (the reply that last refuted it),
 * or MOVE_NONE: it may be illegal here. */
Move counter_move(const SearchThread *t);
/* Butterfly history plus the three continuation histories (the moves one,
 * two and four plies before) of quiet move m. */
int quiet_history(const SearchThread *t, const Stack *ss, Move m);
/* Records move m as made at ss, before pos_make: its continuation table
 * and the men it changes for the net's state at the next ply. */
void set_stack_move(SearchThread *t, Stack *ss, Move m);
/* The same for a null move. */
void set_stack_null_move(SearchThread *t, Stack *ss);
/* Capture history of noisy move m (a capture or a promotion). */
int capture_history(const SearchThread *t, Move m);
/* The piece type noisy move m takes in pos (a pawn for en passant,
 * NO_PIECE_TYPE for a quiet promotion): the capture history's third index
 * and the victim of the picker's ordering. */
PieceType capture_victim(const Position *pos, Move m);
/* The moves a node searched before its best one, quiet and noisy apart. */
typedef struct {
    Move quiets[64], noisy[64];
    int nquiets, nnoisy;
} MoveSets;
/* After move best (quiet or not) caused a beta cutoff at depth (plies):
 * rewards it in its history, punishes the tried moves of its kind in
 * theirs and the tried noisy moves in the capture history; a quiet best
 * also becomes a killer and the counter move. */
void update_cutoff_stats(SearchThread *t, Stack *ss, Move best, bool quiet, int depth, const MoveSets *tried);
/* The static eval raw (cp, side to move, or VALUE_NONE) of t->pos plus
 * what its pawn, material and non-pawn (one table per side, keyed by that
 * side's pieces and king) correction histories learned; endgame
 * knowledge scores (VALUE_KNOWN_WIN band) pass unchanged. */
int corrected_eval(SearchThread *t, int raw);
/* After a search of t->pos to depth (plies) whose score beat or fell
 * short of the corrected static eval by error (cp, side to move's view,
 * exact or on the bound's side): moves each correction slot a little
 * toward closing that error. */
void update_correction(SearchThread *t, int depth, int error);

#endif
