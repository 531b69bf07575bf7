/* The search's use of the Syzygy files (search/tb.h): when interior nodes
 * are probed and with what score and bound, the root moves kept under the
 * halfmove clock (checked against the in-memory DTM tables and against
 * the DTZ of every move, recomputed here), and a search that reaches the
 * files through a capture. Real files: tests/data/syzygy. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "harness.h"
#include "search/search.h"
#include "search/tb.h"
#include "search/tt.h"
#include "tablebase/dtm.h"
#include "tablebase/syzygy.h"
#include "test_util.h"

static Position *at(const char *fen)
{
    static Position pos;
    return set_fen_checked(&pos, fen) ? &pos : NULL;
}

TEST(syzygy_interior_probe_conditions_and_scores)
{
    syzygy_init("tests/data/syzygy", NULL);
    TbSyzygy c = tb_syzygy_config(7, 1, true);
    CHECK_EQ_U64(c.men, 4);
    int v = 0, b = 0;
    Position *pos = at("8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1"); /* KQvKR, White wins */
    CHECK(pos && tb_syzygy_probe(&c, pos, 3, 5, &v, &b) && v == TB_WIN - 5 && b == BOUND_LOWER);
    CHECK(v < VALUE_MATE_IN_MAX_PLY && v > VALUE_KNOWN_WIN);
    pos = at("8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1");
    CHECK(pos && tb_syzygy_probe(&c, pos, 3, 2, &v, &b) && v == -TB_WIN + 2 && b == BOUND_UPPER);
    pos = at("8/8/2k5/1r6/8/8/8/2KR4 w - - 0 1"); /* KRvKR */
    CHECK(pos && tb_syzygy_probe(&c, pos, 3, 2, &v, &b) && v == VALUE_DRAW && b == BOUND_EXACT);

    /* Not probed: a clock above 0, castling rights, more men than the
     * limit, the limit's own men count below the probe depth. */
    pos = at("8/8/2k5/1r6/8/8/8/2KQ4 w - - 1 1");
    CHECK(pos && !tb_syzygy_probe(&c, pos, 3, 2, &v, &b));
    pos = at("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    CHECK(pos && !tb_syzygy_probe(&c, pos, 3, 2, &v, &b));
    Move moves[MAX_MOVES] = {MOVE_NONE};
    int n = 1;
    int score;
    CHECK(pos && !tb_syzygy_root(&c, pos, moves, &n, &score) && n == 1);
    pos = at("8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1");
    TbSyzygy three = tb_syzygy_config(3, 1, true), deep = tb_syzygy_config(7, 5, true);
    CHECK(pos && !tb_syzygy_probe(&three, pos, 3, 2, &v, &b));
    CHECK(pos && !tb_syzygy_probe(&deep, pos, 4, 2, &v, &b) && tb_syzygy_probe(&deep, pos, 5, 2, &v, &b));
    syzygy_init("", NULL);
    c = tb_syzygy_config(7, 1, true);
    CHECK(c.men == 0 && !tb_syzygy_probe(&c, pos, 3, 2, &v, &b));
}

/* DTZ from the root after m, in plies (mate 1), recomputed from the
 * prober's DTZ of the position after it. */
static int dtz_after(Position *pos, Move m)
{
    int w, d;
    Undo u;
    pos_make(pos, m, &u);
    bool zeroing = pos->rule50 == 0, mate = in_check(pos) && count_legal(pos) == 0;
    bool ok = syzygy_probe_wdl(pos, &w) && syzygy_probe_dtz(pos, &d);
    pos_unmake(pos);
    CHECK(ok);
    if (w >= 0)
        return 0; /* not a win for the root; never kept below */
    return zeroing || mate ? 1 : 1 - d;
}

TEST(syzygy_root_moves_keep_the_win_under_the_clock)
{
    syzygy_init("tests/data/syzygy", NULL);
    TbSyzygy c = tb_syzygy_config(7, 1, true);
    static const char *const DTM[] = {"KQKR", "KRKN", "KBNK"};
    for (int i = 0; i < 3; i++)
        CHECK(dtm_build(dtm_table(DTM[i], NULL, 0)));
    static const char *const FENS[] = {"8/8/2k5/1r6/8/8/8/2KQ4 w - - %d 1", "5R2/8/8/8/8/k7/8/2K3n1 w - - %d 1",
                                       "8/8/8/6B1/8/8/4k3/1K5N w - - %d 1"};
    for (size_t f = 0; f < sizeof FENS / sizeof FENS[0]; f++)
        for (int clock = 0; clock <= 90; clock += 90) {
            char fen[100];
            snprintf(fen, sizeof fen, FENS[f], clock);
            Position *pos = at(fen);
            if (!pos)
                continue;
            MoveList l;
            l.count = 0;
            gen_legal(pos, &l, GEN_ALL);
            Move moves[MAX_MOVES];
            memcpy(moves, l.moves, sizeof moves);
            int n = l.count, best = 1000;
            int score = 0;
            CHECK(tb_syzygy_root(&c, pos, moves, &n, &score) && n > 0);
            for (int i = 0; i < l.count; i++) {
                int d = dtz_after(pos, l.moves[i]);
                if (d > 0 && d < best)
                    best = d;
            }
            CHECK_MSG(score == (best + clock <= 100 ? TB_WIN - 1 : 1), "%s: score %d", fen, score);
            /* Without the fifty-move rule the same win shows as a win. */
            TbSyzygy free_clock = tb_syzygy_config(7, 1, false);
            int n2 = l.count, score2 = 0;
            Move moves2[MAX_MOVES];
            memcpy(moves2, l.moves, sizeof moves2);
            CHECK(tb_syzygy_root(&free_clock, pos, moves2, &n2, &score2) && n2 > 0 && score2 == TB_WIN - 1);
            for (int i = 0; i < n; i++) {
                /* Every kept move wins by the DTM tables, a generator of
                 * our own... */
                DtmResult r;
                Undo u;
                pos_make(pos, moves[i], &u);
                bool won = (dtm_probe(pos, &r) && r.wdl < 0) || (in_check(pos) && count_legal(pos) == 0);
                pos_unmake(pos);
                CHECK_MSG(won, "%s: kept a move that does not win", fen);
                /* ...and keeps the fifty-move verdict: within the clock
                 * while there is room, the fastest to zero when not. */
                int d = dtz_after(pos, moves[i]);
                CHECK_MSG(d > 0 && (best + clock <= 99 ? d + clock <= 99 : d == best),
                          "%s: kept a move with dtz %d (best %d)", fen, d, best);
            }
        }
}

TEST(syzygy_search_reaches_the_files_through_a_capture)
{
    /* Five men, beyond the files: Qxc3+ leaves KQvKN, a win the files know. */
    syzygy_init("tests/data/syzygy", NULL);
    Position *pos = at("7n/8/2k5/8/8/2r5/1Q6/1K6 w - - 0 1");
    Searcher *s = search_create(1);
    if (pos && s) {
        search_options(s)->use_tablebases = false;
        search_options(s)->syzygy_probe_limit = 7; /* the UCI defaults */
        search_options(s)->syzygy_probe_depth = 1;
        SearchLimits l;
        memset(&l, 0, sizeof l);
        l.depth = 6;
        search_start(s, pos, &l);
        search_wait(s);
        int v = search_best_score(s);
        char mv[6];
        move_to_uci(search_best_move(s), mv);
        CHECK_MSG(v >= TB_WIN - MAX_PLY && !strcmp(mv, "b2c3"), "score %d move %s", v, mv);
    }
    search_destroy(s);
    syzygy_init("", NULL);
}

TEST(syzygy_root_without_dtz_files_ranks_by_wdl)
{
    /* A directory of WDL files only (links to tests/data/syzygy/\*.rtbw). */
    char dir[] = "/tmp/ks-wdl-only-XXXXXX", from[512], to[1024], cwd[400];
    CHECK(mkdtemp(dir) != NULL && getcwd(cwd, sizeof cwd));
    snprintf(from, sizeof from, "%s/tests/data/syzygy", cwd);
    DIR *d = opendir(from);
    CHECK(d != NULL);
    int links = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        if (strstr(e->d_name, ".rtbw")) {
            char target[1024];
            snprintf(target, sizeof target, "%s/%s", from, e->d_name);
            snprintf(to, sizeof to, "%s/%s", dir, e->d_name);
            links += symlink(target, to) == 0;
        }
    if (d)
        closedir(d);
    SyzygyInfo info;
    syzygy_init(dir, &info);
    CHECK(links == 35 && info.wdl_files == 35 && info.dtz_files == 0);
    CHECK(dtm_build(dtm_table("KQKR", NULL, 0)));
    TbSyzygy c = tb_syzygy_config(7, 1, true);
    Position *pos = at("8/8/2k5/1r6/8/8/8/2KQ4 w - - 0 1");
    MoveList l;
    l.count = 0;
    if (pos)
        gen_legal(pos, &l, GEN_ALL);
    Move moves[MAX_MOVES];
    memcpy(moves, l.moves, sizeof moves);
    int n = l.count, score = 0, won = 0;
    CHECK(pos && tb_syzygy_root(&c, pos, moves, &n, &score) && score == TB_WIN - 1);
    for (int i = 0; pos && i < l.count; i++) {
        DtmResult r;
        Undo u;
        pos_make(pos, l.moves[i], &u);
        bool wins = dtm_probe(pos, &r) && r.wdl < 0;
        pos_unmake(pos);
        won += wins;
        bool kept = false;
        for (int k = 0; k < n; k++)
            kept |= moves[k] == l.moves[i];
        CHECK_MSG(kept == wins, "move %d: kept %d, wins by DTM %d", i, kept, wins);
    }
    CHECK(won > 0 && n == won);
    for (d = opendir(dir); d;) { /* clean up */
        struct dirent *e = readdir(d);
        if (!e) {
            closedir(d);
            break;
        }
        snprintf(to, sizeof to, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.')
            unlink(to);
    }
    rmdir(dir);
    syzygy_init("", NULL);
}
