/* The KPK bitbase against outside facts: the published counts
 * (chessprogramming wiki "KPK"), textbook positions, and a second solver
 * written here independently of tablebase/kpk.c (its own move rules, plain
 * forward iteration over every position until nothing changes). */
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "harness.h"
#include "tablebase/kpk.h"

/* ---- independent solver ---------------------------------------------- */

/* ref_won[stm][wk][wp][bk]: 1 if White wins. Squares a1 = 0 .. h8 = 63. */
static uint8_t ref_won[2][64][64][64];
static bool ref_solved;

static int file_at(int s) { return s % 8; }
static int rank_at(int s) { return s / 8; }

static int king_dist(int a, int b)
{
    int df = abs(file_at(a) - file_at(b)), dr = abs(rank_at(a) - rank_at(b));
    return df > dr ? df : dr;
}

static bool pawn_hits(int wp, int s) { return rank_at(s) == rank_at(wp) + 1 && abs(file_at(s) - file_at(wp)) == 1; }

static bool ref_legal(int stm, int wk, int wp, int bk)
{
    if (wk == wp || bk == wp || wk == bk || rank_at(wp) < 1 || rank_at(wp) > 6)
        return false;
    return king_dist(wk, bk) > 1 && (stm == 1 || !pawn_hits(wp, bk));
}

/* Square reached by one king step in direction d (0..7), or -1. */
static int king_step(int s, int d)
{
    static const int DF[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    static const int DR[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    int f = file_at(s) + DF[d], r = rank_at(s) + DR[d];
    return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f;
}

/* Does a queen (diagonals) or rook on q reach s, the white king wk being the
 * only piece that blocks? */
static bool line_hits(int q, int s, int wk, bool diagonals)
{
    int df = file_at(s) - file_at(q), dr = rank_at(s) - rank_at(q);
    if (s == q || (df && dr && (!diagonals || abs(df) != abs(dr))))
        return false;
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    for (int t = q + sr * 8 + sf; t != s; t += sr * 8 + sf)
        if (t == wk)
            return false;
    return true;
}

/* After promotion on q, Black to move: White wins unless Black takes the
 * new piece or is stalemated. */
static bool ref_promotion_wins(int wk, int bk, int q, bool queen)
{
    bool has_move = false;
    for (int d = 0; d < 8; d++) {
        int s = king_step(bk, d);
        if (s < 0 || king_dist(s, wk) <= 1)
            continue;
        if (s == q)
            return false;
        if (!line_hits(q, s, wk, queen))
            has_move = true;
    }
    return has_move || line_hits(q, bk, wk, queen);
}

static bool ref_white_wins(int wk, int wp, int bk)
{
    for (int d = 0; d < 8; d++) {
        int s = king_step(wk, d);
        if (s >= 0 && s != wp && king_dist(s, bk) > 1 && ref_won[1][s][wp][bk])
            return true;
    }
    int to = wp + 8;
    if (to == wk || to == bk)
        return false;
    if (rank_at(to) == 7)
        return ref_promotion_wins(wk, bk, to, true) || ref_promotion_wins(wk, bk, to, false);
    if (ref_won[1][wk][to][bk])
        return true;
    return rank_at(wp) == 1 && to + 8 != wk && to + 8 != bk && ref_won[1][wk][to + 8][bk];
}

static bool ref_black_loses(int wk, int wp, int bk)
{
    bool has_move = false;
    for (int d = 0; d < 8; d++) {
        int s = king_step(bk, d);
        if (s < 0 || king_dist(s, wk) <= 1 || pawn_hits(wp, s))
            continue;
        if (s == wp)
            return false; /* takes the undefended pawn */
        has_move = true;
        if (!ref_won[0][wk][wp][s])
            return false;
    }
    return has_move || pawn_hits(wp, bk);
}

static void ref_solve(void)
{
    if (ref_solved)
        return;
    memset(ref_won, 0, sizeof ref_won);
    for (bool changed = true; changed;) {
        changed = false;
        for (int stm = 0; stm < 2; stm++)
            for (int wk = 0; wk < 64; wk++)
                for (int wp = 8; wp < 56; wp++)
                    for (int bk = 0; bk < 64; bk++) {
                        if (ref_won[stm][wk][wp][bk] || !ref_legal(stm, wk, wp, bk))
                            continue;
                        if (stm == 0 ? ref_white_wins(wk, wp, bk) : ref_black_loses(wk, wp, bk)) {
                            ref_won[stm][wk][wp][bk] = 1;
                            changed = true;
                        }
                    }
    }
    ref_solved = true;
}

/* ---- tests ------------------------------------------------------------ */

static Square sq(const char *name) { return make_square(name[0] - 'a', name[1] - '1'); }

TEST(kpk_published_counts)
{
    long legal[2] = {0, 0}, won[2] = {0, 0}, legal_all = 0;
    for (Color stm = WHITE; stm <= BLACK; stm++)
        for (Square wk = 0; wk < SQ_NB; wk++)
            for (Square wp = 0; wp < SQ_NB; wp++)
                for (Square bk = 0; bk < SQ_NB; bk++) {
                    bool legal_here = ref_legal(stm, wk, wp, bk);
                    CHECK(kpk_is_legal(stm, wk, wp, bk) == legal_here);
                    if (!legal_here)
                        continue;
                    legal_all++;
                    if (file_of(wp) > 3)
                        continue;
                    legal[stm]++;
                    won[stm] += kpk_probe(stm, wk, wp, bk);
                }
    CHECK_EQ_U64(legal[WHITE] + legal[BLACK], 165676);
    CHECK_EQ_U64(won[WHITE] + won[BLACK], 111282);
    CHECK_EQ_U64(legal[WHITE] + legal[BLACK] - won[WHITE] - won[BLACK], 54394);
    CHECK_EQ_U64(legal[WHITE], 81664);
    CHECK_EQ_U64(won[WHITE], 62480);
    CHECK_EQ_U64(legal[BLACK], 84012);
    CHECK_EQ_U64(won[BLACK], 48802);
    CHECK_EQ_U64(legal_all, 331352);
}

TEST(kpk_mirror_agreement)
{
    long mismatches = 0;
    for (Color stm = WHITE; stm <= BLACK; stm++)
        for (Square wk = 0; wk < SQ_NB; wk++)
            for (Square wp = SQ_A2; wp <= SQ_H7; wp++)
                for (Square bk = 0; bk < SQ_NB; bk++)
                    mismatches +=
                        kpk_probe(stm, wk, wp, bk) != kpk_probe(stm, flip_file(wk), flip_file(wp), flip_file(bk));
    CHECK_EQ_U64(mismatches, 0);
}

TEST(kpk_matches_independent_solver)
{
    ref_solve();
    long mismatches = 0, won = 0;
    for (Color stm = WHITE; stm <= BLACK; stm++)
        for (Square wk = 0; wk < SQ_NB; wk++)
            for (Square wp = 0; wp < SQ_NB; wp++)
                for (Square bk = 0; bk < SQ_NB; bk++) {
                    bool ref = ref_legal(stm, wk, wp, bk) && ref_won[stm][wk][wp][bk];
                    bool got = kpk_probe(stm, wk, wp, bk);
                    won += ref;
                    if (ref != got && mismatches++ < 5)
                        printf("    stm %d wk %d wp %d bk %d: solver %d, bitbase %d\n", stm, wk, wp, bk, ref, got);
                }
    CHECK_EQ_U64(mismatches, 0);
    CHECK_EQ_U64(won, 2 * 111282); /* the second solver alone meets the published count */
}

typedef struct {
    const char *wk, *wp, *bk;
    Color stm;
    bool won;
    const char *why;
} Textbook;

/* Results from the endgame literature (e.g. Dvoretsky's Endgame Manual,
 * chapter 1: opposition, key squares, rook pawns, the rule of the square). */
static const Textbook TEXTBOOK[] = {
    {"e3", "e2", "e6", WHITE, true, "opposition: Ke4 wins"},
    {"e3", "e2", "e6", BLACK, false, "opposition: ...Ke5 draws"},
    {"e6", "e4", "e8", BLACK, true, "king on a key square of the e4 pawn"},
    {"d6", "e4", "e8", WHITE, true, "king on a key square of the e4 pawn"},
    {"f6", "e4", "e8", BLACK, true, "king on a key square of the e4 pawn"},
    {"e6", "e5", "e8", WHITE, true, "king on the 6th in front of the pawn wins"},
    {"e6", "e5", "e8", BLACK, true, "king on the 6th in front of the pawn wins"},
    {"d5", "d4", "d7", WHITE, false, "Black keeps the opposition"},
    {"d5", "d4", "d7", BLACK, true, "Black must give way to a key square"},
    {"e4", "e2", "e6", BLACK, true, "pawn far behind: a pawn move regains the opposition"},
    {"b5", "a5", "a8", WHITE, false, "rook pawn, defending king in the corner"},
    {"b5", "a5", "a8", BLACK, false, "rook pawn, defending king in the corner"},
    {"g6", "h5", "h8", WHITE, false, "rook pawn, defending king in the corner"},
    {"g6", "g7", "g8", BLACK, false, "knight-pawn trap: Black is stalemated"},
    {"g6", "g7", "g8", WHITE, true, "knight pawn: Kf6, Kf7 wins"},
    {"a4", "b7", "a6", WHITE, true, "only b8=R wins, b8=Q stalemates"},
    {"h1", "a5", "f6", BLACK, true, "rule of the square: the king is outside"},
    {"h1", "a5", "e6", BLACK, false, "rule of the square: Kd7 catches the pawn"},
    {"a1", "e4", "d4", BLACK, false, "Black takes the undefended pawn"},
};

TEST(kpk_textbook_positions)
{
    for (size_t i = 0; i < sizeof TEXTBOOK / sizeof TEXTBOOK[0]; i++) {
        const Textbook *t = &TEXTBOOK[i];
        bool got = kpk_probe(t->stm, sq(t->wk), sq(t->wp), sq(t->bk));
        CHECK_MSG(got == t->won, "K%s P%s vs K%s, %s to move (%s): got %s", t->wk, t->wp, t->bk,
                  t->stm == WHITE ? "White" : "Black", t->why, got ? "win" : "draw");
        /* The same position mirrored left-right. */
        got = kpk_probe(t->stm, flip_file(sq(t->wk)), flip_file(sq(t->wp)), flip_file(sq(t->bk)));
        CHECK_MSG(got == t->won, "mirrored %s", t->why);
    }
}

/* The premise of the rook-promotion position: b8=Q leaves Black stalemated,
 * checked with the engine's own move generator. */
TEST(kpk_queen_promotion_stalemates)
{
    Position pos;
    CHECK(pos_set_fen(&pos, "1Q6/8/k7/8/K7/8/8/8 b - - 0 1", NULL, 0, NULL, 0));
    CHECK(count_legal(&pos) == 0 && !in_check(&pos));
    CHECK(pos_set_fen(&pos, "1R6/8/k7/8/K7/8/8/8 b - - 0 1", NULL, 0, NULL, 0));
    CHECK(count_legal(&pos) > 0);
}

TEST(kpk_rejects_illegal_input)
{
    CHECK(!kpk_probe(WHITE, SQ_E1, SQ_E8, SQ_A8)); /* pawn on rank 8 */
    CHECK(!kpk_probe(WHITE, SQ_E1, SQ_E1, SQ_A8)); /* shared square */
    CHECK(!kpk_probe(WHITE, SQ_E4, SQ_A2, SQ_E5)); /* adjacent kings */
    CHECK(!kpk_probe(WHITE, SQ_A1, SQ_E4, SQ_D5)); /* Black in check, White to move */
}
