/* Staged move generation, as most engines order their moves (Stockfish's
 * MovePicker, Ethereal's movepicker): the TT move before anything is
 * generated, the noisy moves, the killers and the counter move, then the
 * quiets, each stage only when the ones before it did not end the node.
 * A cutoff by the TT move or a capture thus never pays for generating
 * and scoring the quiets. */
#include "movepick.h"

#include "history.h"

enum {
    STAGE_TT,
    STAGE_GEN_NOISY,
    STAGE_GOOD_NOISY,
    STAGE_REFUTATIONS, /* killer 1, killer 2, counter move */
    STAGE_GEN_QUIET = STAGE_REFUTATIONS + 3,
    STAGE_QUIETS,
    STAGE_BAD_NOISY,
    STAGE_DONE,
};

/* Scores of the refutations, as the picker yields them. */
static const int REFUTATION_SCORE[3] = {SCORE_KILLER, SCORE_KILLER - 1, SCORE_COUNTER};

/* A queen promotion comes before every capture (whose most valuable victim
 * scores 950 * 8 plus at most 1024 of capture history); an underpromotion
 * after the losing captures (but a pawn taken with a capture history
 * under -12800, as when all moves were scored at once). */
#define QUEEN_PROMOTION_SCORE 10000
#define UNDERPROMOTION_SCORE (-1)

void picker_init(MovePicker *mp, const SearchThread *t, const Stack *ss, Move tt_move, PickMode mode)
{
    const Position *pos = &t->pos;
    mp->t = t;
    mp->ss = ss;
    mp->mode = mode;
    mp->stage = STAGE_TT;
    if (tt_move && (mode == PICK_ALL || is_noisy(pos, tt_move)) && is_legal_move(pos, tt_move))
        mp->tt_move = tt_move;
    else
        mp->tt_move = MOVE_NONE;
    if (mode == PICK_ALL) {
        mp->refutations[0] = ss->killers[0];
        mp->refutations[1] = ss->killers[1];
        mp->refutations[2] = counter_move(t);
    }
}

/* The victim first, ordered by the capture history among like victims
 * (which may lift one over a slightly richer one); whether the capture
 * wins is left to SEE when it comes up, so that a cutoff before it saves
 * the exchange. The TT move, yielded already, is taken out. */
static void score_noisy(MovePicker *mp)
{
    const Position *pos = &mp->t->pos;
    MoveList *l = &mp->list;
    for (int i = 0; i < l->count; i++) {
        Move m = l->moves[i];
        if (m == mp->tt_move) {
            l->moves[i--] = l->moves[--l->count];
            continue;
        }
        if (move_kind(m) == MK_PROMOTION)
            l->scores[i] = move_promo(m) == QUEEN ? QUEEN_PROMOTION_SCORE : UNDERPROMOTION_SCORE;
        else {
            l->scores[i] = SEE_VALUE[capture_victim(pos, m)] * 8 + capture_history(mp->t, m) / 16;
        }
    }
}

/* Quiets by their history, without the TT move and the refutations
 * already yielded (those the picker did not yield are MOVE_NONE). */
static void score_quiets(MovePicker *mp, int begin)
{
    MoveList *l = &mp->list;
    const Move *r = mp->refutations;
    for (int i = begin; i < l->count; i++) {
        Move m = l->moves[i];
        if (m == mp->tt_move || m == r[0] || m == r[1] || m == r[2]) {
            l->moves[i--] = l->moves[--l->count];
            continue;
        }
        l->scores[i] = quiet_history(mp->t, mp->ss, m);
    }
}

/* Brings the best move of list[cur .. end) to cur (the first of equals):
 * a selection sort one step at a time, for the few noisy moves, of which
 * the first often ends the node. */
static void select_best(MovePicker *mp)
{
    MoveList *l = &mp->list;
    int best = mp->cur;
    for (int j = mp->cur + 1; j < mp->end; j++)
        if (l->scores[j] > l->scores[best])
            best = j;
    Move m = l->moves[best];
    int sc = l->scores[best];
    l->moves[best] = l->moves[mp->cur];
    l->scores[best] = l->scores[mp->cur];
    l->moves[mp->cur] = m;
    l->scores[mp->cur] = sc;
}

/* Sorts l's moves [begin, end) best first, equals in generation order
 * (insertion sort): for the quiets, of which most nodes that reach them
 * take many. Where most are taken, sorting once costs about half the
 * comparisons of a scan per pick (bench: 4 % fewer instructions a node). */
static void sort_range(MoveList *l, int begin, int end)
{
    for (int i = begin + 1; i < end; i++) {
        Move m = l->moves[i];
        int sc = l->scores[i], j = i - 1;
        for (; j >= begin && l->scores[j] < sc; j--) {
            l->moves[j + 1] = l->moves[j];
            l->scores[j + 1] = l->scores[j];
        }
        l->moves[j + 1] = m;
        l->scores[j + 1] = sc;
    }
}

/* A refutation worth trying here: quiet (a killer that now takes
 * something was met among the captures), not the TT move, not a
 * refutation yielded before it, and legal. */
static bool refutation_ok(const MovePicker *mp, int k)
{
    const Position *pos = &mp->t->pos;
    Move m = mp->refutations[k];
    for (int j = 0; j < k; j++)
        if (m == mp->refutations[j])
            return false;
    return m && m != mp->tt_move && !is_noisy(pos, m) && is_legal_move(pos, m);
}

Move next_move(MovePicker *mp)
{
    const Position *pos = &mp->t->pos;
    MoveList *l = &mp->list;
    for (;;) {
        switch (mp->stage) {
        case STAGE_TT:
            mp->stage = STAGE_GEN_NOISY;
            if (mp->tt_move) {
                mp->score = SCORE_TT;
                return mp->tt_move;
            }
            break;
        case STAGE_GEN_NOISY:
            l->count = 0;
            gen_legal(pos, l, GEN_NOISY);
            score_noisy(mp);
            mp->cur = mp->bad_end = 0;
            mp->end = mp->noisy_end = l->count;
            mp->stage = STAGE_GOOD_NOISY;
            break;
        case STAGE_GOOD_NOISY:
            while (mp->cur < mp->end) {
                select_best(mp);
                Move m = l->moves[mp->cur];
                int sc = l->scores[mp->cur++];
                bool good = move_kind(m) == MK_PROMOTION ? move_promo(m) == QUEEN : see_ge(pos, m, 0);
                if (good) {
                    mp->score = SCORE_GOOD_CAPTURE + sc;
                    return m;
                }
                /* Put off: its slot, or one of a move already yielded. */
                l->moves[mp->bad_end] = m;
                l->scores[mp->bad_end++] = sc;
            }
            mp->stage = mp->mode == PICK_ALL   ? STAGE_REFUTATIONS :
                        mp->mode == PICK_NOISY ? STAGE_BAD_NOISY :
                                                 STAGE_DONE;
            if (mp->stage == STAGE_BAD_NOISY)
                mp->cur = 0, mp->end = mp->bad_end;
            break;
        case STAGE_REFUTATIONS:
        case STAGE_REFUTATIONS + 1:
        case STAGE_REFUTATIONS + 2: {
            int k = mp->stage++ - STAGE_REFUTATIONS;
            if (refutation_ok(mp, k)) {
                mp->score = REFUTATION_SCORE[k];
                return mp->refutations[k];
            }
            mp->refutations[k] = MOVE_NONE;
            break;
        }
        case STAGE_GEN_QUIET:
            l->count = mp->noisy_end;
            gen_legal(pos, l, GEN_QUIET);
            score_quiets(mp, mp->noisy_end);
            mp->cur = mp->noisy_end;
            mp->end = l->count;
            sort_range(l, mp->cur, mp->end);
            mp->stage = STAGE_QUIETS;
            break;
        case STAGE_QUIETS:
            if (mp->cur < mp->end) {
                mp->score = l->scores[mp->cur];
                return l->moves[mp->cur++];
            }
            mp->cur = 0;
            mp->end = mp->bad_end;
            mp->stage = STAGE_BAD_NOISY;
            break;
        case STAGE_BAD_NOISY:
            if (mp->cur < mp->end) {
                select_best(mp);
                mp->score = SCORE_BAD_CAPTURE + l->scores[mp->cur];
                return l->moves[mp->cur++];
            }
            mp->stage = STAGE_DONE;
            break;
        default: return MOVE_NONE;
        }
    }
}
