#include "timeman.h"

#include <time.h>

int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Moves the clock is planned over when movestogo is not given. */
#define PLAN_WITH_INC 23
#define PLAN_SUDDEN_DEATH 35

TimeLimits time_limits(const SearchLimits *l, Color us, int overhead)
{
    TimeLimits t = {0, 0};
    if (l->movetime > 0) {
        t.soft = t.hard = max64(1, l->movetime - overhead);
        return t;
    }
    if (!l->time_given)
        return t;
    /* Clocks past 2^40 ms (35 years) are taken as that, so the sums
     * below cannot overflow whatever a GUI sends. */
    const int64_t CLOCK_MAX = INT64_C(1) << 40;
    int64_t inc = min64(max64(0, l->inc[us]), CLOCK_MAX);
    int64_t time = min64(max64(-CLOCK_MAX, l->time[us]), CLOCK_MAX);
    /* The clock over the next mtg moves (movestogo, at most 40): what is
     * left, plus the increments to come, less the overhead once per move,
     * since every move pays the lag again (as Stockfish's time manager
     * counts it). Without that, a move that spends its whole increment at
     * 1+0.01 drains the clock by the lag, move after move. The per-move
     * budget plans for two more moves so the last ones are not starved.
     * Without movestogo the plan is 23 moves with an increment, front-
     * loaded as Ethereal's (time + 25 inc) / 20 budget is: with 35,
     * Keysquare spent 0.33 s a move over moves 1-10 of 10+0.1 games where
     * Ethereal 12 spent 0.52, and ended them with 17 % of its clock left
     * (Ethereal 3 %). Sudden death keeps 35: no increment refills a clock
     * spent early. */
    int mtg = l->movestogo > 0 ? (l->movestogo < 40 ? l->movestogo : 40) : inc > 0 ? PLAN_WITH_INC : PLAN_SUDDEN_DEATH;
    int64_t avail = max64(1, time - overhead);
    int64_t horizon = max64(1, time + inc * (mtg - 1) - (int64_t)overhead * (mtg + 2));
    int64_t base = horizon / (mtg + 2);
    /* The hard limit may take a few soft budgets but never more than half
     * of what is left (80 % on the last move to go): on a short clock the
     * increment then rebuilds it, and scheduling delays on a loaded machine
     * do not flag. */
    int64_t cap = mtg == 1 ? avail * 4 / 5 : avail / 2;
    /* The soft budget is 0.8 of the base: with 0.6 Keysquare ended its
     * 10+0.1 games having used 75 % of its clock (Ethereal 12: 96 %); with
     * 0.8 it uses 84 % and scored +34 +- 28 Elo over 0.6 in 279 games of
     * self-play at 10+0.1. */
    t.soft = max64(1, min64(base * 8 / 10, cap));
    t.hard = max64(1, min64(base * 3, cap));
    if (t.soft > t.hard)
        t.soft = t.hard;
    return t;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Factors in permille. A best move that held STABLE_FULL iterations gets
 * 0.9, a fresh one 1.3. Keysquare searches every root move to full depth,
 * so the best move's share is typically 60 %: that share scores 1.0, all
 * of the nodes 0.5 and a third of them 1.45. A score that fell 100 cp or
 * more gets 1.6. */
#define STABLE_FULL 8
#define TYPICAL_SHARE 600

int64_t scaled_soft_limit(const TimeLimits *t, const IterationStats *st)
{
    int64_t stable = clamp64(st->stable, 0, STABLE_FULL);
    int64_t stability = 1300 - 50 * stable;
    int64_t share = st->total_nodes ? (int64_t)(st->best_nodes * 1000 / st->total_nodes) : TYPICAL_SHARE;
    int64_t node = clamp64(1000 + (TYPICAL_SHARE - share) * 3 / 2, 500, 1500);
    int64_t score = 1000 + 6 * clamp64(st->score_drop, 0, 100);
    int64_t soft = t->soft * stability / 1000 * node / 1000 * score / 1000;
    return clamp64(soft, 1, t->hard > 0 ? t->hard : 1);
}
