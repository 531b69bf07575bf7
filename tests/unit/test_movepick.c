/* The staged move picker (search/movepick.c, private to search/) against
 * the ordering it replaced, every move scored up front: along random
 * games, with random histories and a TT move, killers and a counter move
 * drawn from the legal moves or from junk, the picker yields exactly the
 * moves each mode asks for, each once, each with the score a full
 * scoring gives it, best first. */
#include <string.h>

#include "engine/platform.h"
#include "harness.h"
#include "search/history.h"
#include "search/movepick.h"
#include "test_util.h"

/* A legal move of l, a random 16-bit word, or MOVE_NONE. */
static Move some_move(const MoveList *l, Rng *rng)
{
    int kind = rng_below(rng, 4);
    if (kind == 0 || !l->count)
        return MOVE_NONE;
    if (kind == 1)
        return (Move)rng_next(rng);
    return l->moves[rng_below(rng, l->count)];
}

/* The score the full scoring of every move gave m (search/history.c
 * before the picker), written out again here as the reference. */
static int reference_score(const SearchThread *t, const Stack *ss, Move tt, Move counter, Move m)
{
    const Position *pos = &t->pos;
    if (m == tt)
        return SCORE_TT;
    if (move_kind(m) == MK_PROMOTION)
        return move_promo(m) == QUEEN ? SCORE_GOOD_CAPTURE + 10000 : SCORE_BAD_CAPTURE - 1;
    if (is_capture(pos, m)) {
        PieceType victim = move_kind(m) == MK_EN_PASSANT ? PAWN : type_of(pos->board[move_to(m)]);
        int mvv = SEE_VALUE[victim] * 8 + capture_history(t, m) / 16;
        return (see_ge(pos, m, 0) ? SCORE_GOOD_CAPTURE : SCORE_BAD_CAPTURE) + mvv;
    }
    if (m == ss->killers[0])
        return SCORE_KILLER;
    if (m == ss->killers[1])
        return SCORE_KILLER - 1;
    if (m == counter)
        return SCORE_COUNTER;
    return quiet_history(t, ss, m);
}

/* Whether mode asks for legal move m (tt: the TT move given the picker). */
static bool wanted(const Position *pos, PickMode mode, Move tt, Move m)
{
    if (mode == PICK_ALL)
        return true;
    if (!is_noisy(pos, m))
        return false;
    if (mode == PICK_NOISY || m == tt)
        return true;
    return move_kind(m) == MK_PROMOTION ? move_promo(m) == QUEEN : see_ge(pos, m, 0);
}

static void check_picker(Position *pos, const MoveList *legal, Rng *rng, void *ctx)
{
    SearchThread *t = ctx;
    Stack *ss = &t->stack[2];
    char fen[128];
    t->pos = *pos; /* shares pos's history: the counter move reads the last move */
    ss->killers[0] = some_move(legal, rng);
    ss->killers[1] = some_move(legal, rng);
    Move prev = pos_last_move(pos), counter = MOVE_NONE;
    if (prev != MOVE_NONE && prev != MOVE_NULL)
        counter = t->hist.counter_moves[pos->board[move_to(prev)]][move_to(prev)] = some_move(legal, rng);
    CHECK(counter_move(t) == counter);
    Move tt = some_move(legal, rng);
    pos_get_fen(pos, fen);
    for (PickMode mode = PICK_ALL; mode <= PICK_GOOD_NOISY; mode++) {
        Move tt_given = tt;
        bool tt_listed = false;
        for (int i = 0; i < legal->count; i++)
            tt_listed |= legal->moves[i] == tt;
        if (!tt_listed || (mode != PICK_ALL && !is_noisy(pos, tt)))
            tt_given = MOVE_NONE; /* the picker must not yield it first */
        MovePicker mp;
        picker_init(&mp, t, ss, tt, mode);
        bool seen[MAX_MOVES] = {false};
        int yielded = 0, last = SCORE_TT;
        for (Move m; (m = next_move(&mp)) != MOVE_NONE; yielded++) {
            int i = 0;
            while (i < legal->count && legal->moves[i] != m)
                i++;
            CHECK_MSG(i < legal->count && !seen[i] && wanted(pos, mode, tt_given, m), "%s mode %d: %04x yielded", fen,
                      mode, m);
            if (i >= legal->count || seen[i])
                break;
            seen[i] = true;
            int expect = reference_score(t, ss, tt_given, counter, m);
            CHECK_MSG(mp.score == expect && mp.score <= last, "%s mode %d: %04x scored %d, expected %d after %d", fen,
                      mode, m, mp.score, expect, last);
            CHECK_MSG(yielded > 0 || !tt_given || m == tt_given, "%s mode %d: TT move not first", fen, mode);
            last = mp.score;
        }
        for (int i = 0; i < legal->count; i++)
            CHECK_MSG(seen[i] || !wanted(pos, mode, tt_given, legal->moves[i]), "%s mode %d: %04x missing", fen, mode,
                      legal->moves[i]);
    }
}

TEST(move_picker_yields_each_wanted_move_once_best_first)
{
    SearchThread *t = platform_aligned_alloc(64, (sizeof(SearchThread) + 63) / 64 * 64);
    CHECK(t != NULL);
    if (!t)
        return;
    memset(t, 0, sizeof *t);
    /* Histories spread over their whole range, so that the order is
     * decided by them and not by the generator's. */
    Rng rng = {77};
    int16_t *h = &t->hist.history[0][0][0];
    for (size_t i = 0; i < sizeof t->hist.history / sizeof *h; i++)
        h[i] = (int16_t)(rng_below(&rng, 32769) - 16384);
    int16_t *c = &t->hist.capture_hist[0][0][0];
    for (size_t i = 0; i < sizeof t->hist.capture_hist / sizeof *c; i++)
        c[i] = (int16_t)(rng_below(&rng, 32769) - 16384);
    t->stack[0].cont = &t->hist.cont_hist[W_KNIGHT][SQ_F3];
    t->stack[1].cont = &t->hist.cont_hist[B_KNIGHT][SQ_F6];
    int16_t *k = &t->hist.cont_hist[0][0][0][0];
    for (size_t i = 0; i < sizeof t->hist.cont_hist / sizeof *k; i++)
        k[i] = (int16_t)(rng_below(&rng, 32769) - 16384);
    random_games(check_picker, t, 31);
    platform_aligned_free(t);
}
