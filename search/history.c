/* What the search learns from its cutoffs, for move ordering: the
 * butterfly, continuation and counter-move histories, killers (all from
 * the chessprogramming wiki, "History Heuristic", "Killer Heuristic",
 * "Countermove Heuristic"). */
#include <stdlib.h>

#include "history.h"

Move counter_move(const SearchThread *t)
{
    const Position *pos = &t->pos;
    Move prev = pos_last_move(pos);
    if (prev == MOVE_NULL || prev == MOVE_NONE)
        return MOVE_NONE;
    return t->hist.counter_moves[pos->board[move_to(prev)]][move_to(prev)];
}

/* Continuation histories follow the moves made one, two and four plies
 * before (chessprogramming wiki, "History Heuristic"; Stockfish reads
 * plies 1, 2 and 4 when ordering): ply 4 is the side to move's own move
 * before last, whose plans a quiet move often continues. */
#define NCONT 3

/* The continuation tables of the moves made one, two and four plies
 * before ss (NULL at the root side of the stack and after a null move). */
static void cont_tables(const SearchThread *t, const Stack *ss, ContHist *c[NCONT])
{
    ptrdiff_t ply = ss - t->stack;
    c[0] = ply >= 1 ? (ss - 1)->cont : NULL;
    c[1] = ply >= 2 ? (ss - 2)->cont : NULL;
    c[2] = ply >= 4 ? (ss - 4)->cont : NULL;
}

int quiet_history(const SearchThread *t, const Stack *ss, Move m)
{
    const Position *pos = &t->pos;
    Piece pc = pos->board[move_from(m)];
    ContHist *c[NCONT];
    cont_tables(t, ss, c);
    int h = t->hist.history[pos->side][move_from(m)][move_to(m)];
    for (int k = 0; k < NCONT; k++)
        if (c[k])
            h += (*c[k])[pc][move_to(m)];
    return h;
}

PieceType capture_victim(const Position *pos, Move m)
{
    return move_kind(m) == MK_EN_PASSANT ? PAWN : type_of(pos->board[move_to(m)]);
}

int capture_history(const SearchThread *t, Move m)
{
    const Position *pos = &t->pos;
    return t->hist.capture_hist[pos->board[move_from(m)]][move_to(m)][capture_victim(pos, m)];
}

void set_stack_move(SearchThread *t, Stack *ss, Move m)
{
    tt_prefetch(&t->searcher->tt, pos_key_after(&t->pos, m));
    ss->move = m;
    ss->cont = &t->hist.cont_hist[t->pos.board[move_from(m)]][move_to(m)];
    nnue_push(&t->net, (int)(ss - t->stack), &t->pos, m);
}

void set_stack_null_move(SearchThread *t, Stack *ss)
{
    tt_prefetch(&t->searcher->tt, pos_key_after(&t->pos, MOVE_NULL));
    ss->move = MOVE_NULL;
    ss->cont = NULL;
    nnue_push(&t->net, (int)(ss - t->stack), &t->pos, MOVE_NULL);
}

/* History with gravity: stays within +-HISTORY_MAX. */
#define HISTORY_MAX 16384
static void add_history(int16_t *h, int bonus) { *h = (int16_t)(*h + bonus - *h * abs(bonus) / HISTORY_MAX); }

static void update_quiet_stats(SearchThread *t, Stack *ss, Move best, int bonus, const Move *tried, int ntried)
{
    Position *pos = &t->pos;
    if (ss->killers[0] != best) {
        ss->killers[1] = ss->killers[0];
        ss->killers[0] = best;
    }
    ContHist *c[NCONT];
    cont_tables(t, ss, c);
    for (int i = -1; i < ntried; i++) {
        Move m = i < 0 ? best : tried[i];
        if (i >= 0 && m == best)
            continue;
        int b = i < 0 ? bonus : -bonus;
        Piece pc = pos->board[move_from(m)];
        add_history(&t->hist.history[pos->side][move_from(m)][move_to(m)], b);
        for (int k = 0; k < NCONT; k++)
            if (c[k])
                add_history(&(*c[k])[pc][move_to(m)], b);
    }
    Move prev = pos_last_move(pos);
    if (prev != MOVE_NULL && prev != MOVE_NONE)
        t->hist.counter_moves[pos->board[move_to(prev)]][move_to(prev)] = best;
}

/* Rewards best (when noisy) in the capture history and punishes the noisy
 * moves tried before it. */
static void update_noisy_stats(SearchThread *t, Move best, int bonus, const Move *tried, int ntried)
{
    const Position *pos = &t->pos;
    for (int i = -1; i < ntried; i++) {
        Move m = i < 0 ? best : tried[i];
        if (m == MOVE_NONE || (i >= 0 && m == best))
            continue;
        add_history(&t->hist.capture_hist[pos->board[move_from(m)]][move_to(m)][capture_victim(pos, m)],
                    i < 0 ? bonus : -bonus);
    }
}

void update_cutoff_stats(SearchThread *t, Stack *ss, Move best, bool quiet, int depth, const MoveSets *tried)
{
    /* 16 d^2, at most 6400 of HISTORY_MAX; 4 d^2 (at most 1600) left
     * the tables too flat (the match in the commit message). */
    int bonus = depth * depth > 400 ? 6400 : 16 * depth * depth;
    if (quiet)
        update_quiet_stats(t, ss, best, bonus, tried->quiets, tried->nquiets);
    update_noisy_stats(t, quiet ? MOVE_NONE : best, bonus, tried->noisy, tried->nnoisy);
}

/* ---- correction history -------------------------------------------------- */

#define CORR_LIMIT (CORR_GRAIN * 32) /* each table corrects at most 32 cp */
#define CORR_ERROR_MAX 100           /* cp; beyond, mostly fail-soft overshoot */
#define CORR_RATE 512                /* a depth-d result moves a slot by (d + 1) / CORR_RATE of its error */
#define CORR_WEIGHT_MAX 16

static int16_t *pawn_slot(SearchThread *t) { return &t->hist.pawn_corr[t->pos.pawn_key & (CORR_SIZE - 1)]; }

static int16_t *material_slot(SearchThread *t) { return &t->hist.material_corr[t->pos.material_key & (CORR_SIZE - 1)]; }

static int16_t *nonpawn_slot(SearchThread *t, Color c)
{
    return &t->hist.nonpawn_corr[c][t->pos.nonpawn_key[c] & (CORR_SIZE - 1)];
}

int corrected_eval(SearchThread *t, int raw)
{
    if (raw == VALUE_NONE || abs(raw) >= VALUE_KNOWN_WIN / 2)
        return raw; /* endgame knowledge is left as it is */
    /* The two non-pawn tables key the same errors a second time, each by
     * one side's pieces: half weight each. */
    int white_view =
        (*pawn_slot(t) + *material_slot(t) + (*nonpawn_slot(t, WHITE) + *nonpawn_slot(t, BLACK)) / 2) / CORR_GRAIN;
    return raw + (t->pos.side == WHITE ? white_view : -white_view);
}

static void corr_add(int16_t *slot, int delta)
{
    int v = *slot + delta;
    *slot = (int16_t)(v > CORR_LIMIT ? CORR_LIMIT : v < -CORR_LIMIT ? -CORR_LIMIT : v);
}

void update_correction(SearchThread *t, int depth, int error)
{
    int weight = depth + 1 < CORR_WEIGHT_MAX ? depth + 1 : CORR_WEIGHT_MAX;
    if (t->pos.side != WHITE)
        error = -error;
    error = error > CORR_ERROR_MAX ? CORR_ERROR_MAX : error < -CORR_ERROR_MAX ? -CORR_ERROR_MAX : error;
    /* Each table learns what is left of the error after all corrections. */
    int delta = error * CORR_GRAIN * weight / CORR_RATE;
    corr_add(pawn_slot(t), delta);
    corr_add(material_slot(t), delta);
    corr_add(nonpawn_slot(t, WHITE), delta);
    corr_add(nonpawn_slot(t, BLACK), delta);
}
