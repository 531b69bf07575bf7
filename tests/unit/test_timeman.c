/* Time management: a whole game's clock, played out on paper. The engine
 * thinks to its hard limit on every move (the worst case), and every move
 * also costs a lag of up to Move Overhead (GUI, pipes, a loaded machine).
 * The clock must never run out at the time controls testers use
 * (cutechess tc=1+0.01, 5+0.05, 10+0.1, 40 moves in 10 s with movestogo,
 * 60 s sudden death), as long as the increment pays for the lag. */
#include <string.h>

#include "harness.h"
#include "search/timeman.h"

/* Plays `moves` moves from `start_ms` with `inc_ms` a move (and, if
 * `period` > 0, `start_ms` more every `period` moves, sent as movestogo);
 * returns the lowest clock seen just before a move's increment lands. */
static int64_t lowest_clock(int64_t start_ms, int64_t inc_ms, int period, int overhead, int lag, int moves)
{
    int64_t clock = start_ms, lowest = start_ms;
    for (int m = 0; m < moves; m++) {
        SearchLimits l;
        memset(&l, 0, sizeof l);
        l.time_given = true;
        l.time[WHITE] = clock;
        l.inc[WHITE] = inc_ms;
        l.movestogo = period ? period - m % period : 0;
        TimeLimits t = time_limits(&l, WHITE, overhead);
        clock -= t.hard + lag;
        if (clock < lowest)
            lowest = clock;
        clock += inc_ms;
        if (period && (m + 1) % period == 0)
            clock += start_ms;
    }
    return lowest;
}

TEST(timeman_no_flag_over_a_long_game_at_tester_time_controls)
{
    static const struct {
        int64_t start, inc;
        int period, overhead, lag, moves;
    } TC[] = {{1000, 10, 0, 10, 9, 300},    {5000, 50, 0, 10, 10, 300},  {10000, 100, 0, 10, 10, 300},
              {10000, 100, 0, 50, 50, 300}, {10000, 0, 40, 10, 10, 300}, {10000, 0, 40, 50, 50, 300},
              {60000, 0, 0, 10, 10, 80}}; /* sudden death pays a fixed lag for a while, not forever */
    for (size_t i = 0; i < sizeof TC / sizeof *TC; i++) {
        int64_t low = lowest_clock(TC[i].start, TC[i].inc, TC[i].period, TC[i].overhead, TC[i].lag, TC[i].moves);
        CHECK_MSG(low > 0, "tc %lld+%lld (period %d), overhead %d, lag %d: clock fell to %lld ms",
                  (long long)TC[i].start, (long long)TC[i].inc, TC[i].period, TC[i].overhead, TC[i].lag,
                  (long long)low);
    }
}

TEST(timeman_movetime_and_no_clock)
{
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.movetime = 500;
    TimeLimits t = time_limits(&l, BLACK, 10);
    CHECK(t.hard == 490 && t.soft == 490);
    memset(&l, 0, sizeof l);
    t = time_limits(&l, WHITE, 10);
    CHECK(t.hard == 0 && t.soft == 0); /* go depth / infinite: no limit */
}

/* Found by the fuzz test under UBSan: go binc 18446744073709551615 (read
 * as 2^61) overflowed inc * movestogo. Huge clocks give a finite budget
 * that still leaves time on the clock. */
TEST(timeman_huge_clocks_do_not_overflow)
{
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time_given = true;
    l.time[BLACK] = l.inc[BLACK] = INT64_MAX / 4;
    l.time[WHITE] = -(INT64_MAX / 4);
    l.movestogo = 0;
    TimeLimits t = time_limits(&l, BLACK, 10);
    CHECK(t.soft >= 1 && t.soft <= t.hard && t.hard < INT64_MAX / 8);
    t = time_limits(&l, WHITE, 10);
    CHECK(t.soft >= 1 && t.soft <= t.hard);
}

static int64_t scaled(int stable, uint64_t best_nodes, uint64_t total, int drop)
{
    TimeLimits t = {1000, 3000};
    IterationStats st = {stable, best_nodes, total, drop};
    return scaled_soft_limit(&t, &st);
}

/* The three signals the anchors read (chessprogramming wiki, "Time
 * Management"): each pushes the soft limit its own way, alone and with
 * the others held fixed, and the result stays inside (0, hard]. */
TEST(timeman_soft_limit_follows_stability_node_share_and_score_drop)
{
    for (int s = 0; s < 12; s++)
        CHECK_MSG(scaled(s + 1, 600, 1000, 0) <= scaled(s, 600, 1000, 0), "stable %d", s);
    for (uint64_t share = 0; share < 1000; share += 50)
        CHECK_MSG(scaled(3, share + 50, 1000, 0) <= scaled(3, share, 1000, 0), "share %d", (int)share);
    for (int d = -50; d < 200; d += 10)
        CHECK_MSG(scaled(3, 600, 1000, d + 10) >= scaled(3, 600, 1000, d), "drop %d", d);
    /* An easy move (held for ten iterations, nine nodes in ten) stops
     * well before the base soft limit; a hard one (just changed, a tenth
     * of the nodes, the score falling 80 cp) thinks well past it. */
    CHECK(scaled(10, 900, 1000, -5) < 1000 * 3 / 4);
    CHECK(scaled(0, 100, 1000, 80) > 1000 * 2);
    CHECK(scaled(0, 0, 1000, 1000) <= 3000);
    CHECK(scaled(20, 1000, 1000, -1000) >= 1);
    CHECK(scaled(0, 0, 0, 0) >= 1); /* no nodes yet: no division by zero */
}

TEST(timeman_soft_limit_never_exceeds_the_hard_limit_at_tester_time_controls)
{
    static const int64_t CLOCK[] = {1000, 10000, 60000};
    for (size_t i = 0; i < sizeof CLOCK / sizeof *CLOCK; i++) {
        SearchLimits l;
        memset(&l, 0, sizeof l);
        l.time_given = true;
        l.time[WHITE] = CLOCK[i];
        l.inc[WHITE] = CLOCK[i] / 100;
        TimeLimits t = time_limits(&l, WHITE, 10);
        IterationStats worst = {0, 0, 1000, 500};
        CHECK(scaled_soft_limit(&t, &worst) <= t.hard);
    }
}
