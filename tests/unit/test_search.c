/* The search on textbook mates, checked against a brute-force mate solver
 * written here (full-width, no pruning, no TT): the solver confirms each
 * position is a mate in exactly N, and that the move the search returns
 * keeps that mate. Scores: VALUE_MATE - plies (engine/types.h). */
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "eval/nnue.h"
#include "harness.h"
#include "search/search.h"
#include "test_util.h"

static bool can_mate_within(Position *pos, int moves);

/* The side to move is checkmated now, or every move it has allows a mate
 * within `moves` more moves of the attacker. */
static bool defender_lost(Position *pos, int moves)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    if (l.count == 0)
        return in_check(pos);
    if (moves == 0)
        return false;
    for (int i = 0; i < l.count; i++) {
        Undo undo;
        pos_make(pos, l.moves[i], &undo);
        bool lost = can_mate_within(pos, moves);
        pos_unmake(pos);
        if (!lost)
            return false;
    }
    return true;
}

/* The side to move can force checkmate within `moves` of its own moves. */
static bool can_mate_within(Position *pos, int moves)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    for (int i = 0; i < l.count; i++) {
        Undo undo;
        pos_make(pos, l.moves[i], &undo);
        bool won = defender_lost(pos, moves - 1);
        pos_unmake(pos);
        if (won)
            return true;
    }
    return false;
}

static Position *new_position(const char *fen)
{
    Position *pos = malloc(sizeof *pos);
    CHECK(pos != NULL);
    if (pos && !set_fen_checked(pos, fen)) {
        free(pos);
        return NULL;
    }
    return pos;
}

/* Searches pos silently to depth plies on a fresh 1 MB hash. */
static void search_depth(Searcher *s, const Position *pos, int depth)
{
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.depth = depth;
    search_clear(s);
    search_start(s, pos, &l);
    search_wait(s);
}

typedef struct {
    const char *fen;
    const char *name;
    int moves; /* the side to move mates in exactly this many moves */
} Puzzle;

/* The side to move mates in exactly n = p->moves moves; the search must
 * say so at depth 2n (plies) and play a move that keeps the mate. */
static void check_mate_in(const Puzzle *p)
{
    int n = p->moves;
    Position *pos = new_position(p->fen);
    Searcher *s = search_create(1);
    CHECK(s != NULL);
    if (!pos || !s) {
        free(pos);
        search_destroy(s);
        return;
    }
    CHECK_MSG(can_mate_within(pos, n), "%s: the solver finds no mate in %d", p->name, n);
    CHECK_MSG(n == 1 || !can_mate_within(pos, n - 1), "%s: a shorter mate exists", p->name);
    search_depth(s, pos, 2 * n);
    CHECK_MSG(search_best_score(s) == VALUE_MATE - (2 * n - 1), "%s: score %d, expected mate in %d (%d)", p->name,
              search_best_score(s), n, VALUE_MATE - (2 * n - 1));
    Move m = search_best_move(s);
    char uci[6];
    move_to_uci(m, uci);
    CHECK_MSG(is_legal_move(pos, m), "%s: illegal best move %s", p->name, uci);
    if (is_legal_move(pos, m)) {
        Undo undo;
        pos_make(pos, m, &undo);
        CHECK_MSG(defender_lost(pos, n - 1), "%s: %s does not mate in %d", p->name, uci, n);
        pos_unmake(pos);
    }
    search_destroy(s);
    free(pos);
}

TEST(search_finds_mate_in_1_and_2)
{
    static const Puzzle P[] = {
        {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "back-rank mate", 1},
        {"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "Scholar's mate", 1},
        {"6rk/6pp/8/6N1/8/8/8/7K w - - 0 1", "smothered mate", 1},
        {"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "Fool's mate, Black to move", 1},
        {"4k3/8/4K3/8/8/8/8/7R w - - 0 1", "rook mate on the edge", 1},
        {"7k/1P6/6K1/8/8/8/8/8 w - - 0 1", "promotion mate b8=Q", 1},
        {"r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1", "Philidor's legacy: Qg8+ Rxg8 Nf7#", 2},
        {"r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", "Qd8+ Bxd8 Re8#", 2},
        {"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10", "Legal pattern: Nf6+ gxf6 Bxf7#", 2},
        {"7k/8/5K2/8/8/8/8/6R1 w - - 0 1", "K+R against K: the quiet 1.Kf7 Kh7 2.Rh1#", 2},
    };
    for (size_t i = 0; i < sizeof P / sizeof P[0]; i++)
        check_mate_in(&P[i]);
}

TEST(search_mated_side_scores_negative_mate)
{
    /* Black's only move Kg8 allows Ra8#: mated in 1 = -(VALUE_MATE - 2). */
    Position *pos = new_position("7k/8/6K1/8/8/8/8/R7 b - - 0 1");
    Searcher *s = search_create(1);
    if (pos && s) {
        CHECK(defender_lost(pos, 1));
        search_depth(s, pos, 4);
        CHECK_MSG(search_best_score(s) == -(VALUE_MATE - 2), "score %d", search_best_score(s));
        char uci[6];
        move_to_uci(search_best_move(s), uci);
        CHECK_MSG(!strcmp(uci, "h8g8"), "best move %s", uci);
    }
    search_destroy(s);
    free(pos);
}

TEST(search_root_mate_and_stalemate)
{
    /* Checkmated (Fool's mate) and stalemated at the root: no move. */
    Position *mated = new_position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    Position *stale = new_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    Searcher *s = search_create(1);
    if (mated && stale && s) {
        search_depth(s, mated, 3);
        CHECK(search_best_move(s) == MOVE_NONE);
        CHECK_MSG(search_best_score(s) == -VALUE_MATE, "score %d", search_best_score(s));
        search_depth(s, stale, 3);
        CHECK(search_best_move(s) == MOVE_NONE);
        CHECK_MSG(search_best_score(s) == VALUE_DRAW, "score %d", search_best_score(s));
    }
    search_destroy(s);
    free(mated);
    free(stale);
}

TEST(search_same_nodes_after_clear)
{
    /* One thread gives the same node count on every run (README, bench). */
    Position *pos = new_position("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R b KQ - 3 8");
    Searcher *s = search_create(1);
    if (pos && s) {
        SearchLimits l;
        memset(&l, 0, sizeof l);
        l.nodes = 5000;
        uint64_t counts[2];
        Move moves[2];
        for (int i = 0; i < 2; i++) {
            search_clear(s);
            search_start(s, pos, &l);
            search_wait(s);
            counts[i] = search_nodes(s);
            moves[i] = search_best_move(s);
        }
        CHECK_EQ_U64(counts[1], counts[0]);
        CHECK(moves[0] == moves[1]);
        CHECK(is_legal_move(pos, moves[0]));
    }
    search_destroy(s);
    free(pos);
}

/* The same searches with the net evaluating: the mates of the puzzles
 * above (the net changes the order and the pruning, not what a mate is),
 * and searches from the perft suite's positions (castling, en passant,
 * promotions), where debug and sanitizer builds compare every incremental
 * accumulator of the search with a refresh (search/alphabeta.c). */
TEST(search_with_the_net_keeps_its_accumulators_and_finds_mates)
{
    nnue_set_enabled(true);
    static const Puzzle NET_PUZZLES[] = {
        {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "back-rank mate", 1},
        {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "scholar's mate", 1},
    };
    for (size_t i = 0; i < sizeof NET_PUZZLES / sizeof NET_PUZZLES[0]; i++)
        check_mate_in(&NET_PUZZLES[i]);
    Suite suite;
    CHECK(suite_load(&suite));
    Searcher *s = search_create(1);
    for (int i = 0; s && i < suite.count; i += 4) {
        Position *pos = new_position(suite.fen[i]);
        if (!pos)
            continue;
        search_depth(s, pos, 6);
        CHECK(count_legal(pos) == 0 || is_legal_move(pos, search_best_move(s)));
        free(pos);
    }
    search_destroy(s);
    nnue_set_enabled(NNUE_DEFAULT_ON);
}
