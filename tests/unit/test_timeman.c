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
