/* DTZ tables against values from outside the generator: the longest DTZ
 * wins and their example positions that the public Syzygy generator
 * (syzygy1/tb, `rtbgen -s`) reports, and the DTZ recurrence replayed with
 * the engine's own legal move generator (test_dtm.c's consistency pass). */
#include <string.h>

#include "harness.h"
#include "search/tb.h"
#include "tablebase/dtm.h"
#include "test_util.h"

/* Longest DTZ win in plies with the generator's example position (the
 * strong side wins; either side may be to move). */
static const struct {
    const char *code, *fen;
    int plies;
} SYZYGY_LONGEST[] = {
    {"KQK", "8/8/8/8/4k3/8/1Q6/K7 b - - 0 1", 20},     {"KRK", "8/8/8/8/8/8/2Rk4/1K6 b - - 0 1", 32},
    {"KPK", "8/8/7k/8/7K/1P6/8/8 b - - 0 1", 20},      {"KBBK", "8/4B3/8/8/8/8/4B3/K1k5 b - - 0 1", 38},
    {"KBNK", "8/8/8/6B1/8/8/4k3/1K5N b - - 0 1", 66},  {"KQKR", "8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1", 62},
    {"KRKB", "8/8/8/8/1R6/3K4/8/1k4b1 b - - 0 1", 36}, {"KRKN", "5R2/8/8/8/8/k7/8/2K3n1 b - - 0 1", 54},
    {"KQKP", "3Q4/3K4/8/8/3k4/8/3p4/8 b - - 0 1", 53}, {"KRKP", "7K/8/p7/8/k7/7R/8/8 w - - 0 1", 25},
    {"KPKP", "8/7k/1p6/1P6/7K/8/8/8 w - - 0 1", 21},
};

TEST(dtz_longest_wins_match_syzygy)
{
    for (size_t i = 0; i < sizeof SYZYGY_LONGEST / sizeof SYZYGY_LONGEST[0]; i++) {
        DtmStats st;
        DtmTable *t = built_table(SYZYGY_LONGEST[i].code);
        if (!t || !dtm_stats(t, &st))
            continue;
        /* The strong side (White) wins to move or Black loses to move. */
        int longest = st.max_dtz_win[WHITE] > st.max_dtz_loss[BLACK] ? st.max_dtz_win[WHITE] : st.max_dtz_loss[BLACK];
        CHECK_MSG(longest == SYZYGY_LONGEST[i].plies, "%s: longest dtz %d, Syzygy %d", SYZYGY_LONGEST[i].code, longest,
                  SYZYGY_LONGEST[i].plies);
        CHECK_EQ_U64(st.cursed[WHITE] + st.cursed[BLACK], 0);
    }
}

TEST(dtz_syzygy_example_positions)
{
    static Position pos;
    for (size_t i = 0; i < sizeof SYZYGY_LONGEST / sizeof SYZYGY_LONGEST[0]; i++) {
        DtmResult r = {99, 99, 99};
        built_table(SYZYGY_LONGEST[i].code);
        bool ok = pos_set_fen(&pos, SYZYGY_LONGEST[i].fen, NULL, 0, NULL, 0) && dtm_probe(&pos, &r);
        int want_wdl = pos.side == WHITE ? 1 : -1;
        CHECK_MSG(ok && r.wdl == want_wdl && r.dtz == SYZYGY_LONGEST[i].plies, "%s: probe %d wdl %d dtz %d, Syzygy %d",
                  SYZYGY_LONGEST[i].fen, ok, r.wdl, r.dtz, SYZYGY_LONGEST[i].plies);
    }
}

/* Small cases by hand: a promotion that keeps the win zeroes at once,
 * mate in one is one ply, the checkmated side has 0. */
TEST(dtz_textbook_positions)
{
    static Position pos;
    DtmResult r;
    built_table("KQK");
    built_table("KPK");
    CHECK(pos_set_fen(&pos, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", NULL, 0, NULL, 0) && dtm_probe(&pos, &r));
    CHECK(r.wdl == 1 && r.dtz == 1 && r.plies > 1);
    CHECK(pos_set_fen(&pos, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", NULL, 0, NULL, 0) && dtm_probe(&pos, &r));
    CHECK(r.wdl == -1 && r.dtz == 0);
    CHECK(pos_set_fen(&pos, "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", NULL, 0, NULL, 0) && dtm_probe(&pos, &r));
    CHECK(r.wdl == 1 && r.dtz == 1);
}

/* Scores inside the search (search/tb.c) follow the fifty-move rule from
 * the position's own clock: the longest KQK mate (19 plies, published)
 * fits at clock 81 (mate on the 100th ply), not at 82; without the rule
 * the clock does not count. */
TEST(dtz_search_scores_follow_the_clock)
{
    static Position pos;
    int v = 1;
    built_table("KQK");
    CHECK(pos_set_fen(&pos, "8/8/8/5k2/8/8/1Q6/K7 w - - 81 100", NULL, 0, NULL, 0));
    CHECK(tb_memory_probe(&pos, 3, true, &v) && v == VALUE_MATE - 3 - 19);
    CHECK(pos_set_fen(&pos, "8/8/8/5k2/8/8/1Q6/K7 w - - 82 100", NULL, 0, NULL, 0));
    CHECK(tb_memory_probe(&pos, 3, true, &v) && v == VALUE_DRAW);
    CHECK(tb_memory_probe(&pos, 3, false, &v) && v == VALUE_MATE - 3 - 19);
    /* Black to move, lost in 20 plies: a draw from clock 81 on. */
    CHECK(pos_set_fen(&pos, "8/8/8/8/4k3/8/1Q6/K7 b - - 81 100", NULL, 0, NULL, 0));
    CHECK(tb_memory_probe(&pos, 0, true, &v) && v == VALUE_DRAW);
    CHECK(pos_set_fen(&pos, "8/8/8/8/4k3/8/1Q6/K7 b - - 80 100", NULL, 0, NULL, 0));
    CHECK(tb_memory_probe(&pos, 0, true, &v) && v == -VALUE_MATE + 20);
    /* Deep in the tree the mate would leave the mate band: a TB win. */
    CHECK(pos_set_fen(&pos, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 100", NULL, 0, NULL, 0));
    CHECK(tb_memory_probe(&pos, 120, true, &v) && v < VALUE_MATE_IN_MAX_PLY && v > VALUE_KNOWN_WIN);
}
