/* DTM tables against values from outside the generator: the published
 * longest mates (Kryukov's endgame forum, the Karrer/Haworth maxDTM
 * statistics), textbook mates and stalemates, legal-position counts from an
 * independent count written here, and a consistency pass that replays
 * every move with the engine's own legal move generator. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/movegen.h"
#include "harness.h"
#include "tablebase/dtm.h"
#include "tablebase/dtm_builder.h"
#include "tablebase/kpk.h"
#include "test_util.h"

static bool probe_fen(const char *fen, DtmResult *r)
{
    static Position pos;
    char err[160];
    if (!pos_set_fen(&pos, fen, err, sizeof err, NULL, 0)) {
        CHECK_MSG(false, "%s: %s", fen, err);
        return false;
    }
    return dtm_probe(&pos, r);
}

static void check_fen(const char *fen, int wdl, int plies)
{
    DtmResult r = {99, 99, 99};
    bool ok = probe_fen(fen, &r);
    CHECK_MSG(ok && r.wdl == wdl && r.plies == plies, "%s: probe %d, wdl %d plies %d, expected %d %d", fen, ok, r.wdl,
              r.plies, wdl, plies);
}

/* Longest wins with the winning side to move, in moves (published): a mate
 * in N moves is 2N - 1 plies for the side to move. */
TEST(dtm_longest_wins_match_published)
{
    static const struct {
        const char *code;
        int moves;
    } LONGEST[] = {{"KQK", 10},  {"KRK", 16},  {"KPK", 28},  {"KBBK", 19},
                   {"KBNK", 33}, {"KQKR", 35}, {"KRKB", 29}, {"KRKN", 40}};
    for (size_t i = 0; i < sizeof LONGEST / sizeof LONGEST[0]; i++) {
        DtmStats st;
        DtmTable *t = built_table(LONGEST[i].code);
        if (!t || !dtm_stats(t, &st))
            continue;
        CHECK_MSG(st.max_win[WHITE] == 2 * LONGEST[i].moves - 1, "%s: longest win %d plies, expected %d",
                  LONGEST[i].code, st.max_win[WHITE], 2 * LONGEST[i].moves - 1);
    }
    /* Black to move is lost at most 10, 16 and 28 moves in KQK, KRK, KPK. */
    static const char *const THREE[] = {"KQK", "KRK", "KPK"};
    static const int LOSS[] = {20, 32, 56};
    for (int i = 0; i < 3; i++) {
        DtmStats st;
        if (dtm_stats(built_table(THREE[i]), &st))
            CHECK_EQ_U64(st.max_loss[BLACK], LOSS[i]);
    }
}

/* Pawns on the defending side, promotions that win for it, and losses
 * through a capture: the longest 4-man mate (Conrady's Nalimov survey,
 * "KR-KP with 85 plies": Black to move promotes and mates), and the rook's
 * longest win, 26 moves. */
TEST(dtm_krkp_longest_mates_are_published)
{
    DtmStats st;
    if (!dtm_stats(built_table("KRKP"), &st))
        return;
    CHECK_EQ_U64(st.max_win[BLACK], 85);
    CHECK_EQ_U64(st.max_win[WHITE], 51);
}

/* The published maximal positions, mates, stalemates and a KNNK mate. */
TEST(dtm_textbook_positions)
{
    built_table("KQK"), built_table("KRK"), built_table("KPK"), built_table("KNNK");
    check_fen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", 1, 19); /* the unique longest KQK */
    check_fen("8/8/8/8/8/2k5/1R6/K7 w - - 0 1", 1, 31); /* a longest KRK */
    check_fen("8/8/8/1k6/8/8/K5P1/8 w - - 0 1", 1, 55); /* the three longest KPK */
    check_fen("8/8/8/1k6/8/8/1K4P1/8 w - - 0 1", 1, 55);
    check_fen("8/8/8/1k6/8/K7/6P1/8 w - - 0 1", 1, 55);
    check_fen("8/8/8/k7/8/K7/6P1/8 b - - 0 1", -1, 56); /* longest KPK, Black to move */
    check_fen("8/8/k7/8/8/K7/6P1/8 b - - 0 1", -1, 56);
    check_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", -1, 0); /* checkmated */
    check_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", 1, 1);  /* Qb8 mates */
    check_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0, 0);  /* stalemate */
    check_fen("k7/2N5/NK6/8/8/8/8/8 b - - 0 1", -1, 0); /* two knights do mate */
    check_fen("8/8/8/8/8/1k6/8/K2q4 w - - 0 1", -1, 0); /* colours reversed */
    check_fen("8/8/8/8/4k3/8/8/4K3 w - - 0 1", 0, 0);   /* bare kings */
    check_fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1", 0, 0);   /* stalemate in the corner */
    check_fen("k7/8/1QK5/8/8/8/8/8 w - - 0 1", 1, 1);   /* Qb7 or Qa6 mates */
}

/* The KPK bitbase (tablebase/kpk.c, its own solver) and the DTM table agree
 * on win or draw for every legal position, every file, both sides. */
static void compare_with_bitbase(const DtmEntry *e, void *ctx)
{
    uint64_t *counts = ctx;
    Square wk = e->square[0], bk = e->square[1], wp = e->square[2];
    bool won = kpk_probe(e->stm, wk, wp, bk);
    bool white_wins = (e->stm == WHITE ? e->result.wdl : -e->result.wdl) > 0;
    counts[0]++;
    if (won != white_wins && counts[1]++ < 5)
        CHECK_MSG(false, "wk %d wp %d bk %d %s: bitbase %d, dtm wdl %d", wk, wp, bk, e->stm ? "btm" : "wtm", won,
                  e->result.wdl);
}

TEST(dtm_kpk_agrees_with_the_bitbase)
{
    uint64_t counts[2] = {0, 0}; /* positions, disagreements */
    DtmTable *t = built_table("KPK");
    if (!t)
        return;
    dtm_foreach(t, DTM_VISIT_ALL, compare_with_bitbase, counts);
    CHECK_EQ_U64(counts[0], 331352); /* published: all legal KPK positions */
    CHECK_EQ_U64(counts[1], 0);
}

TEST(dtm_minor_pieces_alone_never_win)
{
    static const char *const CODES[] = {"KBK", "KNK", "KK"};
    for (int i = 0; i < 3; i++) {
        DtmStats st;
        if (!dtm_stats(built_table(CODES[i]), &st))
            continue;
        for (Color c = WHITE; c <= BLACK; c++)
            CHECK_MSG(st.wins[c] == 0 && st.losses[c] == 0, "%s has decisive positions", CODES[i]);
    }
}

/* ---- independent counts of legal positions ------------------------------ */

/* Is the king of colour c on ksq attacked by the other side's men? */
static bool attacked(const Piece *pc, const Square *sq, int n, Color c, Bitboard occ)
{
    Square ksq = sq[c];
    for (int k = 0; k < n; k++) {
        if (color_of(pc[k]) == c)
            continue;
        PieceType pt = type_of(pc[k]);
        Bitboard a = pt == PAWN ? PAWN_ATTACKS[color_of(pc[k])][sq[k]] :
                     pt == KING ? KING_ATTACKS[sq[k]] :
                                  piece_attacks(pt, sq[k], occ);
        if (a & square_bb(ksq))
            return true;
    }
    return false;
}

/* Counts, by side to move, the placements of kings and men (identical men
 * once) where the side not to move is not in check. */
static void count_placements(const Piece *pc, int n, uint64_t count[COLOR_NB], Square *sq, int k, Bitboard occ)
{
    if (k == n) {
        for (Color stm = WHITE; stm <= BLACK; stm++)
            count[stm] += !attacked(pc, sq, n, !stm, occ);
        return;
    }
    for (Square s = 0; s < SQ_NB; s++) {
        if ((occ & square_bb(s)) || (k == 1 && distance(s, sq[0]) < 2))
            continue;
        if (type_of(pc[k]) == PAWN && (rank_of(s) == 0 || rank_of(s) == 7))
            continue;
        if (k == 3 && pc[3] == pc[2] && s < sq[2])
            continue;
        sq[k] = s;
        count_placements(pc, n, count, sq, k + 1, occ | square_bb(s));
    }
}

TEST(dtm_legal_position_counts)
{
    static const struct {
        const char *code;
        Piece men[2];
    } CASES[] = {{"KQK", {W_QUEEN}},          {"KPK", {W_PAWN}},
                 {"KNK", {W_KNIGHT}},         {"KBBK", {W_BISHOP, W_BISHOP}},
                 {"KQKR", {W_QUEEN, B_ROOK}}, {"KBNK", {W_BISHOP, W_KNIGHT}}};
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        Piece pc[4] = {W_KING, B_KING, CASES[i].men[0], CASES[i].men[1]};
        int n = 2 + (pc[2] != NO_PIECE) + (pc[3] != NO_PIECE);
        uint64_t count[COLOR_NB] = {0, 0};
        Square sq[4];
        DtmStats st;
        count_placements(pc, n, count, sq, 0, 0);
        if (!dtm_stats(built_table(CASES[i].code), &st))
            continue;
        for (Color c = WHITE; c <= BLACK; c++)
            CHECK_MSG(st.wins[c] + st.draws[c] + st.losses[c] == count[c], "%s %s: %llu positions, counted %llu",
                      CASES[i].code, c ? "btm" : "wtm", (unsigned long long)(st.wins[c] + st.draws[c] + st.losses[c]),
                      (unsigned long long)count[c]);
    }
    /* Published: KQK with Black to move has 23,048 draws (stalemates and
     * the queen en prise). */
    DtmStats st;
    if (dtm_stats(built_table("KQK"), &st))
        CHECK_EQ_U64(st.draws[BLACK], 23048);
}

/* ---- positions of a table as Positions ----------------------------------- */

/* FEN of an entry's men with colours swapped and ranks flipped (flip), and
 * squares mapped by sym (bit 0 file flip, 1 rank flip, 2 transpose). */
static void entry_fen(const DtmEntry *e, bool flip, int sym, char *fen)
{
    static const char LETTERS[] = " PNBRQK  pnbrqk";
    char board[SQ_NB] = {0};
    for (int k = 0; k < e->count; k++) {
        Square s = e->square[k];
        if (sym & 4)
            s = (s >> 3) | ((s & 7) << 3);
        s ^= (sym & 1 ? 7 : 0) ^ (sym & 2 ? 56 : 0) ^ (flip ? 56 : 0);
        board[s] = LETTERS[e->piece[k] ^ (flip ? 8 : 0)];
    }
    char *p = fen + fen_placement(board, fen);
    strcpy(p, (e->stm ^ flip) == WHITE ? "w - - 0 1" : "b - - 0 1");
}

/* Visits every stride-th stored position (all of them with stride 1). */
typedef struct {
    uint64_t seen, checked;
    int stride, failures;
    const char *code;
} Walk;

static bool walk_step(Walk *w) { return w->seen++ % (uint64_t)w->stride == 0; }

static void report(Walk *w, const char *fen, const char *what)
{
    if (w->failures++ < 5)
        CHECK_MSG(false, "%s: %s: %s", w->code, fen, what);
    else
        harness_failures++;
}

/* Sampling: every stored position when KS_DTM_FULL is set, fewer when
 * KS_QUICK is set or under the sanitizers (slow builds). */
static int stride_for(const DtmTable *t)
{
    DtmStats st;
    bool quick = getenv("KS_QUICK") != NULL;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    quick = true;
#endif
    if (getenv("KS_DTM_FULL"))
        return 1;
    if (!dtm_stats(t, &st))
        return 1;
    uint64_t target = quick ? 4000 : 60000;
    return st.stored <= target ? 1 : (int)(st.stored / target) | 1;
}

/* ---- building from several threads -------------------------------------- */

/* Runs before the tests below that build KPKP (which needs KBKB). */

static void *build_in_thread(void *arg) { return (void *)(intptr_t)dtm_build(arg); }

TEST(dtm_builds_once_from_many_threads)
{
    DtmTable *t = dtm_table("KNKN", NULL, 0), *u = dtm_table("KBKB", NULL, 0);
    pthread_t threads[4];
    CHECK(t && u && !dtm_is_ready(u));
    if (!t || !u)
        return;
    DtmBuilder *b = dtm_builder_create();
    CHECK(b && !dtm_builder_want(b, &u, 1));
    for (int i = 0; i < 4; i++)
        pthread_create(&threads[i], NULL, build_in_thread, t);
    /* The builder builds u meanwhile; a generous limit that only catches
     * a hang. */
    for (int i = 0; b && i < 6000 && !dtm_builder_work(b, 10); i++)
        ;
    for (int i = 0; i < 4; i++) {
        void *ok;
        pthread_join(threads[i], &ok);
        CHECK(ok != NULL);
    }
    dtm_builder_destroy(b);
    DtmStats st;
    CHECK(dtm_stats(u, &st) && st.wins[WHITE] > 0);      /* bishops of both colours mate */
    check_fen("8/8/8/8/8/1n6/N1k5/K7 w - - 0 1", -1, 0); /* a knight mates */
}

/* ---- the builder (dtm_builder.h) ----------------------------------------- */

/* The first count tables of a list of 4-man materials that no earlier test
 * has built (the tests below build every table of up to four men). The
 * tables built here are compared with the Syzygy files by test_syzygy.c. */
static int unbuilt(DtmTable **out, int count)
{
    static const char *const CODES[] = {"KQKQ", "KQKN", "KQKB", "KBKN", "KQQK", "KRRK", "KQRK"};
    int n = 0;
    for (size_t i = 0; i < sizeof CODES / sizeof CODES[0] && n < count; i++) {
        DtmTable *t = dtm_table(CODES[i], NULL, 0);
        if (t && !dtm_is_ready(t))
            out[n++] = t;
    }
    CHECK_MSG(n == count, "only %d unbuilt tables left: run this test alone", n);
    return n;
}

/* Threads of this process (/proc/self/task), or -1. */
static int thread_count(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    int n = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "Threads:", 8))
            n = atoi(line + 8);
    if (f)
        fclose(f);
    return n;
}

/* The thread count once two reads 10 ms apart agree: pthread_join returns
 * when the kernel clears the thread's id, a moment before /proc stops
 * counting the thread (on a loaded machine .ci/run once read a joined
 * thread still there). */
static int thread_count_stable(void)
{
    int n = thread_count(), m;
    for (int i = 0; i < 100; i++, n = m) {
        nanosleep(&(struct timespec){0, 10000000}, NULL);
        if ((m = thread_count()) == n)
            break;
    }
    return n;
}

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void *no_op(void *arg) { return arg; }

TEST(dtm_builder_one_thread_works_only_on_lent_time)
{
    DtmTable *want[2];
    pthread_t th;
    if (unbuilt(want, 2) < 2)
        return;
    /* A sanitizer starts a thread of its own with the first thread. */
    if (!pthread_create(&th, NULL, no_op, NULL))
        pthread_join(th, NULL);
    int before = thread_count_stable();
    DtmBuilder *b = dtm_builder_create();
    CHECK(b && thread_count() == before); /* no thread before there is work */
    CHECK(!dtm_builder_want(b, want, 2));
    bool done = dtm_builder_work(b, 1);
    CHECK(thread_count() == before + 1); /* one thread for both tables */
    if (!done) {
        /* Paused: the builder uses no CPU until time is lent again (a
         * working builder would use about all of it). */
        double c0 = cpu_ms();
        nanosleep(&(struct timespec){0, 200000000}, NULL);
        CHECK_MSG(cpu_ms() - c0 < 50, "%.0f ms of CPU while paused", cpu_ms() - c0);
    }
    /* The paused build goes on; a generous limit that only catches a hang. */
    for (int i = 0; i < 6000 && !done; i++) {
        done = dtm_builder_work(b, 10);
        CHECK(thread_count() == before + 1);
    }
    CHECK(dtm_is_ready(want[0]) && dtm_is_ready(want[1]));
    CHECK(dtm_builder_want(b, want, 2)); /* nothing left */
    dtm_builder_destroy(b);
    CHECK(thread_count_stable() == before);
}

TEST(dtm_builder_destroy_abandons_a_paused_build_cleanly)
{
    DtmTable *t;
    if (unbuilt(&t, 1) < 1)
        return;
    /* The smaller tables of the candidates are standard 3-man ones. */
    int count;
    DtmTable *const *standard = dtm_standard_tables(&count);
    bool was_ready[16];
    for (int i = 0; i < count; i++)
        was_ready[i] = dtm_is_ready(standard[i]);
    DtmBuilder *b = dtm_builder_create();
    CHECK(b && !dtm_builder_want(b, &t, 1));
    size_t used = dtm_memory_used();
    bool done = dtm_builder_work(b, 1);
    dtm_builder_destroy(b);
    if (!done) {
        /* Not ready, not failed: the memory it had reserved is given back
         * (only the smaller tables finished meanwhile keep theirs), and a
         * later build makes it. */
        for (int i = 0; i < count; i++) {
            DtmStats st;
            if (!was_ready[i] && dtm_stats(standard[i], &st))
                used += st.bytes;
        }
        CHECK(!dtm_is_ready(t));
        CHECK(dtm_memory_used() == used);
    }
    CHECK(dtm_build(t));
}

/* A new root's list without the paused table: the builder gives that
 * build up rather than finishing it first (a new position would otherwise
 * spend its moves on an old one's tables); wanted again, it is built. */
TEST(dtm_builder_new_list_abandons_a_paused_build_it_does_not_want)
{
    DtmTable *t[2];
    if (unbuilt(t, 2) < 2)
        return;
    DtmBuilder *b = dtm_builder_create();
    CHECK(b && !dtm_builder_want(b, &t[0], 1));
    bool done = dtm_builder_work(b, 20); /* a 4-man build takes over 100 ms */
    CHECK(!done);
    CHECK(!dtm_builder_want(b, &t[1], 1));
    for (int i = 0; i < 10000 && !dtm_builder_work(b, 50); i++)
        ;
    CHECK(dtm_is_ready(t[1]));
    CHECK_MSG(!dtm_is_ready(t[0]), "the unwanted %s was finished first", dtm_name(t[0]));
    CHECK(!dtm_builder_want(b, &t[0], 1));
    for (int i = 0; i < 10000 && !dtm_builder_work(b, 50); i++)
        ;
    CHECK(dtm_is_ready(t[0]));
    dtm_builder_destroy(b);
}

/* ---- symmetry ------------------------------------------------------------ */

static void check_symmetry(const DtmEntry *e, void *ctx)
{
    Walk *w = ctx;
    if (!walk_step(w))
        return;
    bool pawns = false;
    for (int k = 2; k < e->count; k++)
        pawns |= type_of(e->piece[k]) == PAWN;
    w->checked++;
    for (int flip = 0; flip < 2; flip++)
        for (int sym = 0; sym < (pawns ? 2 : 8); sym++) {
            char fen[100];
            DtmResult r = {99, 99, 99};
            entry_fen(e, flip, sym, fen);
            if (!probe_fen(fen, &r) || r.wdl != e->result.wdl || r.plies != e->result.plies || r.dtz != e->result.dtz)
                report(w, fen, "an image of the position probes differently");
        }
}

TEST(dtm_colour_flipped_and_mirrored_positions_agree)
{
    int count;
    const char *const *standard = dtm_standard_names(&count);
    const char *names[16];
    memcpy(names, standard, (size_t)count * sizeof *names);
    names[count++] = "KPKP"; /* its own colour flip */
    for (int i = 0; i < count; i++) {
        DtmTable *t = built_table(names[i]);
        if (!t)
            continue;
        Walk w = {0, 0, stride_for(t) * 4 + 1, 0, names[i]};
        dtm_foreach(t, DTM_VISIT_STORED, check_symmetry, &w);
        CHECK(w.checked > 0);
    }
}

/* ---- consistency with the legal moves ------------------------------------ */

/* Value of a result for the side to move, larger is better: a win sooner,
 * a loss later. */
static int score(int wdl, int plies) { return wdl > 0 ? 1000 - plies : wdl < 0 ? -1000 + plies : 0; }

static void check_moves(const DtmEntry *e, void *ctx)
{
    static Position pos;
    Walk *w = ctx;
    char fen[100], err[160];
    if (!walk_step(w))
        return;
    entry_fen(e, false, 0, fen);
    if (!pos_set_fen(&pos, fen, err, sizeof err, NULL, 0)) {
        report(w, fen, err);
        return;
    }
    w->checked++;
    MoveList list;
    list.count = 0;
    gen_legal(&pos, &list, GEN_ALL);
    /* With no move: checkmated (lost in 0) or stalemate (draw). */
    int best = list.count ? -2000 : in_check(&pos) ? score(-1, 0) : 0;
    int best_dtz = best;
    for (int i = 0; i < list.count; i++) {
        DtmResult r;
        Move m = list.moves[i];
        bool zeroing = pos.board[move_to(m)] || type_of(pos.board[move_from(m)]) == PAWN;
        Undo undo;
        pos_make(&pos, m, &undo);
        bool ok = dtm_probe(&pos, &r);
        pos_unmake(&pos);
        if (!ok) {
            report(w, fen, "a successor is not covered");
            return;
        }
        /* The successor's loss in N is our win in N + 1, and so on. */
        int s = r.wdl < 0 ? score(1, r.plies + 1) : r.wdl > 0 ? score(-1, r.plies + 1) : 0;
        best = s > best ? s : best;
        /* DTZ: a zeroing move ends the count at one ply (a mate does too:
         * the mated side has DTZ 0). */
        int z = zeroing ? 1 : r.dtz + 1;
        int sz = r.wdl < 0 ? score(1, z) : r.wdl > 0 ? score(-1, z) : 0;
        best_dtz = sz > best_dtz ? sz : best_dtz;
    }
    if (best != score(e->result.wdl, e->result.plies)) {
        char what[120];
        snprintf(what, sizeof what, "stored wdl %d plies %d, best move scores %d", e->result.wdl, e->result.plies,
                 best);
        report(w, fen, what);
    }
    if (best_dtz != score(e->result.wdl, e->result.dtz)) {
        char what[120];
        snprintf(what, sizeof what, "stored wdl %d dtz %d, best move scores %d", e->result.wdl, e->result.dtz,
                 best_dtz);
        report(w, fen, what);
    }
}

/* Win in N: a move to a loss in N - 1 and none to a shorter loss; loss in
 * N: every move to a win, the longest N - 1; draw: no winning move and a
 * drawing one. All three say: the value is the best over the moves. */
static void check_consistency(const char *code)
{
    DtmTable *t = built_table(code);
    if (!t)
        return;
    Walk w = {0, 0, stride_for(t), 0, code};
    clock_t start = clock();
    dtm_foreach(t, DTM_VISIT_STORED, check_moves, &w);
    CHECK(w.checked > 0);
    if (getenv("KS_DTM_FULL"))
        printf("    %s: %llu positions consistent in %.1f s\n", code, (unsigned long long)w.checked,
               (double)(clock() - start) / CLOCKS_PER_SEC);
}

TEST(dtm_consistent_kqk) { check_consistency("KQK"); }
TEST(dtm_consistent_krk) { check_consistency("KRK"); }
TEST(dtm_consistent_kbk) { check_consistency("KBK"); }
TEST(dtm_consistent_knk) { check_consistency("KNK"); }
TEST(dtm_consistent_kpk) { check_consistency("KPK"); }
TEST(dtm_consistent_kbbk) { check_consistency("KBBK"); }
TEST(dtm_consistent_kbnk) { check_consistency("KBNK"); }
TEST(dtm_consistent_knnk) { check_consistency("KNNK"); }
TEST(dtm_consistent_kqkr) { check_consistency("KQKR"); }
TEST(dtm_consistent_krkb) { check_consistency("KRKB"); }
TEST(dtm_consistent_krkn) { check_consistency("KRKN"); }
TEST(dtm_consistent_kqkp) { check_consistency("KQKP"); }
TEST(dtm_consistent_krkp) { check_consistency("KRKP"); }
TEST(dtm_consistent_kpkp) { check_consistency("KPKP"); }

/* ---- names, keys and probing rules --------------------------------------- */

TEST(dtm_material_codes)
{
    char err[160];
    DtmTable *t = dtm_table("kbnk", err, sizeof err);
    CHECK(t && !strcmp(dtm_name(t), "KBNK"));
    CHECK(dtm_table("KNBK", err, sizeof err) == t);
    CHECK(dtm_table("KRKQ", err, sizeof err) == NULL && strstr(err, "KQKR"));
    CHECK(dtm_table("KPKP", err, sizeof err) != NULL); /* pawns on both sides */
    CHECK(dtm_table("KQRKR", err, sizeof err) == NULL);
    CHECK(dtm_table("KQ", err, sizeof err) == NULL);
    CHECK(dtm_table("", err, sizeof err) == NULL);
    CHECK(dtm_table("KXK", err, sizeof err) == NULL);
    int count;
    const char *const *names = dtm_standard_names(&count);
    CHECK_EQ_U64(count, 11);
    for (int i = 0; i < count; i++)
        CHECK(dtm_table(names[i], NULL, 0) != NULL);
}

TEST(dtm_probe_coverage)
{
    static Position pos;
    DtmResult r;
    built_table("KQKR");
    CHECK(pos_set_fen(&pos, "8/8/8/3k4/8/8/7q/R3K3 b Q - 0 1", NULL, 0, NULL, 0));
    CHECK(!dtm_probe(&pos, &r)); /* castling rights */
    CHECK(pos_set_fen(&pos, "8/8/8/3k4/8/8/7q/R3K3 b - - 0 1", NULL, 0, NULL, 0));
    CHECK(dtm_probe(&pos, &r) && r.wdl == 1);
    CHECK(dtm_table_for_key(pos.material_key) == dtm_table("KQKR", NULL, 0));
    pos_set_fen(&pos, START_FEN, NULL, 0, NULL, 0);
    CHECK(!dtm_probe(&pos, &r));
    CHECK(dtm_table_for_key(pos.material_key) == NULL);
}

/* KPPK needs five 4-man tables with a pawn (29.6 MB each with DTZ) and
 * ten pawnless ones: the largest build of any 4-man material (214 MB), and
 * within the cap (it failed under the former 64 MB cap). Slow (about half
 * a minute), so skipped with KS_QUICK and under the sanitizers. */
TEST(dtm_memory_cap)
{
    bool quick = getenv("KS_QUICK") != NULL;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    quick = true;
#endif
    DtmTable *t = dtm_table("KPPK", NULL, 0);
    CHECK(t != NULL);
    if (!t || quick)
        return;
    CHECK(dtm_build(t) && dtm_is_ready(t));
    CHECK(dtm_memory_used() <= DTM_MEMORY_CAP);
}
