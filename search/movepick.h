/* The staged move picker (movepick.c): a node's moves one at a time, best
 * first, generated only when the moves before them did not end the node.
 * Private to search/. */
#ifndef KS_SEARCH_MOVEPICK_H
#define KS_SEARCH_MOVEPICK_H

#include "thread.h"

/* Ordering scores, in the order the picker yields them: the TT move, then
 * winning captures and queen promotions (most valuable victim first),
 * killers, the counter move, quiets by history, and losing captures and
 * underpromotions last. */
enum {
    SCORE_TT = 1 << 30,
    SCORE_GOOD_CAPTURE = 1 << 28,
    SCORE_KILLER = 1 << 27,
    SCORE_COUNTER = (1 << 27) - 2,
    SCORE_BAD_CAPTURE = -(1 << 28),
};

/* Which moves a node wants: all of them (the main search, and qsearch in
 * check), the noisy ones (ProbCut), or only the TT move if noisy and the
 * winning captures and queen promotions (qsearch). */
typedef enum { PICK_ALL, PICK_NOISY, PICK_GOOD_NOISY } PickMode;

/* The picker's state; the node owns it on its stack. list holds the moves
 * generated so far: the noisy ones first, then the quiets; the losing
 * noisy moves gather at its start as the winning ones are taken. */
typedef struct {
    const SearchThread *t;
    const Stack *ss;
    PickMode mode;
    int stage;
    int cur, end;  /* picking from list[cur .. end) */
    int bad_end;   /* list[0 .. bad_end): noisy moves put off to the end */
    int noisy_end; /* the quiets start here */
    Move tt_move;  /* MOVE_NONE unless the picker yields it */
    Move refutations[3];
    int score; /* ordering score of the move next_move last returned */
    MoveList list;
} MovePicker;

/* Starts picking the moves of t->pos at stack entry ss. tt_move may be
 * anything (MOVE_NONE, another position's move): it is tried first only
 * if legal here, and for PICK_NOISY and PICK_GOOD_NOISY only if noisy.
 * PICK_ALL reads ss's killers and the counter move now: a search at the
 * same ply (singular verification) may change them later. */
void picker_init(MovePicker *mp, const SearchThread *t, const Stack *ss, Move tt_move, PickMode mode);
/* The next move (legal, each once), or MOVE_NONE when none is left; its
 * ordering score in mp->score. t->pos must be as at picker_init. */
Move next_move(MovePicker *mp);

#endif
