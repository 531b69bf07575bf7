/* The KPK rules of thumb (tablebase/kpk_rules.c) against outside facts:
 * the counts and figures the study published, and textbook positions whose
 * result chess books state, each checked against the rule's own verdict
 * and against the bitbase. */
#include <math.h>
#include <stdlib.h>

#include "engine/bitboard.h"
#include "harness.h"
#include "tablebase/kpk.h"
#include "tablebase/kpk_rules.h"

static Square at(const char *name) { return make_square(name[0] - 'a', name[1] - '1'); }

static KpkPos kpk_pos(const char *wk, const char *wp, const char *bk, Color stm)
{
    return (KpkPos){stm, at(wk), at(wp), at(bk)};
}

/* Tenths of a percent, as the study rounds. */
static long tenths(double fraction) { return lround(1000.0 * fraction); }

TEST(kpk_rules_published_counts)
{
    static KpkRuleScores s;
    kpk_rules_score(4, &s);
    CHECK_EQ_U64(s.legal[WHITE] + s.legal[BLACK], 165676);
    CHECK_EQ_U64(s.won[WHITE] + s.won[BLACK], 111282);
    CHECK_EQ_U64(s.legal[WHITE], 81664);
    CHECK_EQ_U64(s.won[WHITE], 62480);
    CHECK_EQ_U64(s.legal[BLACK], 84012);
    CHECK_EQ_U64(s.won[BLACK], 48802);
    /* The study: always guessing "win" is right in 67.2 %. */
    CHECK_EQ_U64(tenths(kpk_confusion_accuracy(&s.all[KPK_RULE_ALWAYS_WIN])), 672);
    CHECK_EQ_U64(s.all[KPK_RULE_ALWAYS_WIN].true_win, 111282);
    /* The study: a strict opposition rule fires in only 9 wins, once the
     * square and the key squares have had their say. */
    const KpkConfusion *opp = &s.by_step[KPK_RULE_COMBINED][KPK_RULE_OPPOSITION];
    CHECK_EQ_U64(opp->true_win + opp->false_draw, 9);
    for (int r = 0; r < KPK_RULE_NB; r++)
        CHECK_EQ_U64(kpk_confusion_total(&s.all[r]), 165676);
}

TEST(kpk_rules_all_files_mirror)
{
    /* The board's mirror image doubles every count and keeps every
     * accuracy: the rules, like the game, do not tell a from h. */
    static KpkRuleScores half, all;
    kpk_rules_score(4, &half);
    kpk_rules_score(8, &all);
    CHECK_EQ_U64(all.legal[WHITE] + all.legal[BLACK], 331352);
    for (int r = 0; r < KPK_RULE_NB; r++) {
        CHECK_EQ_U64(all.all[r].true_win, 2 * half.all[r].true_win);
        CHECK_EQ_U64(all.all[r].false_draw, 2 * half.all[r].false_draw);
        for (int f = 0; f < 4; f++)
            CHECK_EQ_U64(all.by_file[r][7 - f].false_win, half.by_file[r][f].false_win);
    }
}

/* book_win is the book's result; every rule listed must give it too. */
static void check_book(KpkPos p, bool book_win, const KpkRule *rules, int n, const char *what)
{
    CHECK_MSG(kpk_is_legal(p.stm, p.wk, p.wp, p.bk), "%s: legal", what);
    CHECK_MSG(kpk_probe(p.stm, p.wk, p.wp, p.bk) == book_win, "%s: bitbase", what);
    for (int i = 0; i < n; i++)
        CHECK_MSG(kpk_rule_verdict(rules[i], &p).win == book_win, "%s: %s", what, kpk_rule_name(rules[i]));
}

TEST(kpk_rules_square_textbook)
{
    const KpkRule rules[] = {KPK_RULE_SQUARE, KPK_RULE_COMBINED};
    /* Pawn e5, king h5 inside the square e5-h8: with White to move the
     * king catches it (e6 Kg6 e7 Kf7). King h4 outside: the pawn runs,
     * unless Black to move steps in with Kg5. */
    check_book(kpk_pos("a1", "e5", "h5", WHITE), false, rules, 2, "Kh5 in the square");
    check_book(kpk_pos("a1", "e5", "h4", WHITE), true, rules, 2, "Kh4 outside");
    check_book(kpk_pos("a1", "e5", "h4", BLACK), false, rules, 2, "Kh4 steps in");
    /* The double step: the b2 pawn's square is that of b3 (b3-g8), which
     * h5 is outside; Black to move steps in with Kg6. Drawn from b2 the
     * square (b2-h8) would hold h5. */
    check_book(kpk_pos("h1", "b2", "h5", WHITE), true, rules, 2, "b4! double step");
    check_book(kpk_pos("h1", "b2", "h5", BLACK), false, rules, 2, "Kg6 enters");
}

TEST(kpk_rules_key_squares_textbook)
{
    const KpkRule rules[] = {KPK_RULE_KEY, KPK_RULE_COMBINED};
    /* A pawn on e4 has the key squares d6, e6, f6: the king on one wins
     * whoever is to move. */
    for (Color stm = WHITE; stm <= BLACK; stm++) {
        check_book(kpk_pos("d6", "e4", "e8", stm), true, rules, 2, "Kd6 e4");
        /* e2: the key squares are d4, e4, f4 (two ranks ahead). */
        check_book(kpk_pos("e4", "e2", "e6", stm), true, rules, 2, "Ke4 e2");
        /* e5: six key squares, and the king on the sixth rank wins
         * even when it must move (Kd6 Kd8 e6 Ke8 e7). */
        check_book(kpk_pos("e6", "e5", "e8", stm), true, rules, 2, "Ke6 e5");
        /* Rook pawn: b7 is a key square; the king shelters the pawn. */
        check_book(kpk_pos("b7", "a4", "e5", stm), true, rules, 2, "Kb7 a4");
        /* Rook pawn with the defender in front of it: a draw, wherever
         * the white king is (k7/8/8/PK6 and k7/8/1K6/P7). */
        check_book(kpk_pos("b5", "a5", "a8", stm), false, rules, 2, "Ka8 in front of a5");
        check_book(kpk_pos("b6", "a5", "a8", stm), false, rules, 2, "Ka8, Kb6 a5");
        check_book(kpk_pos("c4", "a3", "a6", stm), false, rules, 2, "Ka6 in front of a3");
    }
    /* The key squares of the pawn: counted as the books count them. */
    CHECK_EQ_U64(popcount(kpk_key_squares(at("e4"))), 3);
    CHECK_EQ_U64(popcount(kpk_key_squares(at("e5"))), 6);
    CHECK_EQ_U64(popcount(kpk_key_squares(at("b6"))), 6);
    CHECK_EQ_U64(kpk_key_squares(at("a3")), square_bb(at("b7")) | square_bb(at("b8")));
    CHECK(kpk_key_squares(at("c3")) & square_bb(at("b5")));
}

TEST(kpk_rules_opposition_textbook)
{
    const KpkRule rules[] = {KPK_RULE_OPPOSITION, KPK_RULE_COMBINED};
    /* Kd5, pawn d4 against Kd7: the side to move loses the opposition.
     * Black to move must give way (Kc7 Ke6); White to move draws
     * (Ke5 Ke7 d5 Kd7 d6 Kd8 Ke6 Ke8 d7+ Kd8 Kd6 stalemate). */
    check_book(kpk_pos("d5", "d4", "d7", BLACK), true, rules, 2, "Black to move gives way");
    check_book(kpk_pos("d5", "d4", "d7", WHITE), false, rules, 2, "White to move draws");
    /* The same with the e-pawn on the third rank. */
    check_book(kpk_pos("e4", "e3", "e6", BLACK), true, rules, 2, "Ke4 e3, Black to move");
    check_book(kpk_pos("e4", "e3", "e6", WHITE), false, rules, 2, "Ke4 e3, White to move");
}

/* ---- the study's own definitions, rewritten here ------------------------ */

/* Our square rule lets the king catch the pawn when it can take the new
 * queen (distance to the promotion square <= moves, + 1 with Black to
 * move). The study's figures come out when the king must reach the
 * promotion square itself, one move sooner, and when every pawn but a rook
 * pawn has the three key squares two ranks ahead (clipped to the eighth
 * rank), the king on one not counting while Black to move takes the pawn. */
static bool study_square_win(Color stm, Square wp, Square bk)
{
    int moves = rank_of(wp) == 1 ? 5 : 7 - rank_of(wp);
    return distance(bk, make_square(file_of(wp), 7)) - (stm == BLACK) > moves - 1;
}

static bool study_key_square(Color stm, Square wk, Square wp, Square bk)
{
    int f = file_of(wp), r = rank_of(wp) + 2 > 7 ? 7 : rank_of(wp) + 2;
    bool on_key = f == 0 ? wk == at("b7") || wk == at("b8") : rank_of(wk) == r && abs(file_of(wk) - f) <= 1 && wk != wp;
    bool falls = stm == BLACK && distance(bk, wp) == 1 && distance(wk, wp) > 1;
    return on_key && !falls;
}

TEST(kpk_rules_study_definitions)
{
    long n = 0, square_right = 0, either_right = 0;
    for (Color stm = WHITE; stm <= BLACK; stm++)
        for (Square wp = SQ_A2; wp <= SQ_D7; wp++)
            for (Square wk = 0; file_of(wp) < 4 && wk < SQ_NB; wk++)
                for (Square bk = 0; bk < SQ_NB; bk++) {
                    if (!kpk_is_legal(stm, wk, wp, bk))
                        continue;
                    bool won = kpk_probe(stm, wk, wp, bk), sq = study_square_win(stm, wp, bk);
                    n++;
                    square_right += sq == won;
                    either_right += (sq || study_key_square(stm, wk, wp, bk)) == won;
                }
    CHECK_EQ_U64(n, 165676);
    CHECK_EQ_U64(tenths((double)square_right / (double)n), 818);
    CHECK_EQ_U64(tenths((double)either_right / (double)n), 828);
}
