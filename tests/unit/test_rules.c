/* Draw rules, static exchange evaluation, move parsing and the split of
 * the legal moves into noisy and quiet. Expected values are worked out by
 * hand from the rules (and, for SEE, the chessprogramming wiki's
 * examples). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "harness.h"
#include "test_util.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static Position pos;
static GameHistory game;

static bool set(const char *fen)
{
    game.len = 0;
    return set_fen_checked(&pos, fen);
}

/* Plays space-separated UCI moves; false (and a failure) at an illegal one. */
static bool play(const char *moves)
{
    char buf[256], *save = NULL;
    strcpy(buf, moves);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        Move m = parse_uci_move(&pos, t);
        CHECK_MSG(m != MOVE_NONE, "%s is not legal", t);
        if (m == MOVE_NONE)
            return false;
        game_make(&game, &pos, m);
    }
    return true;
}

/* Knight shuffle from the start: P0, Nf3 (P1), Nf6, Ng1, Ng8 (P4 = P0),
 * Nf3 (P5 = P1), Nf6, Ng1, Ng8 (P8 = P0). */
TEST(repetition_knight_shuffle)
{
    if (!set(START_FEN) || !play("g1f3 g8f6 f3g1 f6g8"))
        return;
    CHECK(!pos_is_repetition(&pos, 0)); /* P0 only once, in the game */
    CHECK(!pos_is_repetition(&pos, 3)); /* root P1: P0 is before it */
    CHECK(!pos_is_repetition(&pos, 4)); /* root P0: the root counts as game */
    if (!play("g1f3"))
        return;
    CHECK(!pos_is_repetition(&pos, 0));
    CHECK(!pos_is_repetition(&pos, 4)); /* P1 is the root */
    CHECK(pos_is_repetition(&pos, 5));  /* root P0: P1 came after it */
    if (!play("g8f6"))
        return;
    CHECK(!pos_is_repetition(&pos, 0)); /* P6 = P2: second occurrence */
    if (!play("f3g1 f6g8"))
        return;
    CHECK(pos_is_repetition(&pos, 0)); /* P8: third occurrence */
    CHECK(pos_is_repetition(&pos, 2));
}

TEST(repetition_after_reroot_sees_only_later_positions)
{
    if (!set(START_FEN) || !play("g1f3 g8f6 f3g1 f6g8"))
        return;
    game_reroot(&game, &pos);
    if (!play("g1f3 g8f6 f3g1 f6g8"))
        return;
    CHECK(!pos_is_repetition(&pos, 0)); /* P0 forgotten: two occurrences */
    if (!play("g1f3 g8f6 f3g1 f6g8"))
        return;
    CHECK(pos_is_repetition(&pos, 0));
}

/* Positions on either side of a null move never count as repetitions. */
TEST(repetition_not_across_null_move)
{
    if (!set(START_FEN))
        return;
    Key start = pos.key;
    Undo nulls[2];
    play("g1f3");
    pos_make_null(&pos, &nulls[0]);
    play("f3g1");
    pos_make_null(&pos, &nulls[1]);
    CHECK_EQ_U64(pos.key, start);
    CHECK(!pos_is_repetition(&pos, 4));
    CHECK(!pos_is_repetition(&pos, 0));
}

TEST(fifty_move_rule)
{
    if (set("8/8/8/4k3/8/8/4P3/R3K3 w - - 99 80")) {
        CHECK(!pos_is_fifty_move_draw(&pos));
        play("a1a2");
        CHECK_EQ_U64(pos.rule50, 100);
        CHECK(pos_is_fifty_move_draw(&pos));
        pos_unmake(&pos);
        play("e2e4"); /* a pawn move resets the count */
        CHECK(!pos_is_fifty_move_draw(&pos));
    }
    if (set("8/8/8/4k3/8/8/4p3/R3K3 w - - 99 80")) {
        play("e1e2"); /* so does a capture */
        CHECK_EQ_U64(pos.rule50, 0);
    }
    if (set("8/8/8/4k3/8/8/8/R3K3 b - - 100 80"))
        CHECK(pos_is_fifty_move_draw(&pos));
}

/* Mate on the 100th ply: pos_is_fifty_move_draw says yes (it does not
 * look for mate); the rule of position.h (in check and no legal move:
 * mated) tells the mate from a drawn check. */
TEST(fifty_move_rule_mate_on_the_last_ply)
{
    if (set("7k/8/6K1/8/8/8/8/R7 w - - 99 80") && play("a1a8")) {
        CHECK(pos_is_fifty_move_draw(&pos));
        CHECK(in_check(&pos) && count_legal(&pos) == 0);
    }
    if (set("7k/8/5K2/8/8/8/8/R7 w - - 99 80") && play("a1a8")) {
        CHECK(pos_is_fifty_move_draw(&pos));
        CHECK(in_check(&pos) && count_legal(&pos) == 1); /* Kh7 */
    }
}

TEST(insufficient_material)
{
    static const struct {
        const char *fen;
        bool draw;
    } CASES[] = {
        {"8/8/8/4k3/8/8/8/4K3 w - - 0 1", true},      /* KK */
        {"8/8/8/4k3/8/8/8/4KN2 w - - 0 1", true},     /* KNK */
        {"8/8/8/4k3/8/8/8/1n2K3 b - - 0 1", true},    /* KKN */
        {"8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true},    /* KBK */
        {"5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true},  /* c1 and f8 both dark */
        {"2b5/8/8/4k3/8/8/8/3BK3 w - - 0 1", true},   /* c8 and d1 both light */
        {"8/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1", true},  /* two dark bishops */
        {"2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", false}, /* opposite colours */
        {"8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", false},  /* KNNK */
        {"8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1", false},  /* KBNK */
        {"8/8/8/4k3/8/3B4/8/2B1K3 w - - 0 1", false}, /* bishops of both colours */
        {"5n2/8/8/4k3/8/8/8/4KN2 w - - 0 1", false},  /* KNKN */
        {"5b2/8/8/4k3/8/8/8/4KN2 w - - 0 1", false},  /* KNKB */
        {"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false},   /* a pawn */
        {"8/8/8/4k3/8/8/4p3/2B1K3 w - - 0 1", false}, {"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", false},
        {"8/8/8/4k3/8/8/8/3QK3 w - - 0 1", false},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        if (set(CASES[i].fen))
            CHECK_MSG(pos_insufficient_material(&pos) == CASES[i].draw, "%s should be %s", CASES[i].fen,
                      CASES[i].draw ? "a draw" : "playable");
}

/* SEE value v of a move: see_ge holds at v and fails at v + 1. */
TEST(see_textbook_exchanges)
{
    static const struct {
        const char *fen, *move;
        int value;
    } CASES[] = {
        /* wiki: Rxe5 wins a pawn, nothing defends it */
        {"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
        /* wiki: Nxe5 loses the knight for a pawn (Nxe5 Rxe5 Bxe5 Qxe5 Qxe5) */
        {"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220},
        {"4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5", 320 - 100},
        {"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100 - 950},
        /* doubled rooks: the x-ray makes the recapture lose */
        {"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},
        {"3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5", 100 - 500},
        /* a quiet move onto a square a pawn guards */
        {"4k3/8/8/2p5/8/5N2/8/4K3 w - - 0 1", "f3d4", -320},
        {"4k3/8/8/2p5/8/5N2/8/4K3 w - - 0 1", "f3h4", 0},
        /* the king may not take back on a square still attacked */
        {"4k3/4p3/8/8/8/8/4Q3/4R1K1 w - - 0 1", "e2e7", 100},
        {"4k3/4p3/8/8/8/8/4Q3/6K1 w - - 0 1", "e2e7", 100 - 950},
        {"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", 100},
        /* special moves count as 0 */
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0},
        {"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 0},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        if (!set(CASES[i].fen))
            continue;
        Move m = parse_uci_move(&pos, CASES[i].move);
        int v = CASES[i].value;
        CHECK_MSG(m != MOVE_NONE, "%s: %s not legal", CASES[i].fen, CASES[i].move);
        CHECK_MSG(see_ge(&pos, m, v) && !see_ge(&pos, m, v + 1), "%s: SEE(%s) should be %d", CASES[i].fen,
                  CASES[i].move, v);
    }
}

/* parse_uci_move: kind, squares and promotion piece of special moves;
 * MOVE_NONE for anything not a legal move in long algebraic. */
TEST(parse_uci_move_special_moves)
{
    static const struct {
        const char *fen, *text;
        int kind;
        Square from, to;
        PieceType promo;
    } CASES[] = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", MK_CASTLING, SQ_E1, SQ_G1, 0},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", MK_CASTLING, SQ_E1, SQ_C1, 0},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", MK_CASTLING, SQ_E8, SQ_G8, 0},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", MK_CASTLING, SQ_E8, SQ_C8, 0},
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", MK_PROMOTION, SQ_B7, SQ_B8, QUEEN},
        /* upper-case promotion letters, as some GUIs send (Stockfish accepts them) */
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8Q", MK_PROMOTION, SQ_B7, SQ_B8, QUEEN},
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8N", MK_PROMOTION, SQ_B7, SQ_B8, KNIGHT},
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", MK_PROMOTION, SQ_B7, SQ_B8, KNIGHT},
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8r", MK_PROMOTION, SQ_B7, SQ_C8, ROOK},
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8b", MK_PROMOTION, SQ_B7, SQ_C8, BISHOP},
        {"4k3/8/8/8/8/8/6p1/4K2R b K - 0 1", "g2h1q", MK_PROMOTION, SQ_G2, SQ_H1, QUEEN},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", MK_EN_PASSANT, SQ_E5, SQ_D6, 0},
        {"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "d4e3", MK_EN_PASSANT, SQ_D4, SQ_E3, 0},
        {START, "e2e4", MK_NORMAL, SQ_E2, SQ_E4, 0},
        {START, "g1f3", MK_NORMAL, SQ_G1, SQ_F3, 0},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char back[6];
        if (!set(CASES[i].fen))
            continue;
        Move m = parse_uci_move(&pos, CASES[i].text);
        CHECK_MSG(m != MOVE_NONE && move_kind(m) == CASES[i].kind && move_from(m) == CASES[i].from
                      && move_to(m) == CASES[i].to
                      && (CASES[i].kind != MK_PROMOTION || move_promo(m) == CASES[i].promo),
                  "%s: %s parsed as %04x", CASES[i].fen, CASES[i].text, m);
        move_to_uci(m, back);
        /* Printed in the UCI form: the text itself, promotion letter in lower case. */
        CHECK_MSG(!strcasecmp(back, CASES[i].text) && !isupper((unsigned char)back[4]), "%s printed as %s",
                  CASES[i].text, back);
    }
}

TEST(parse_uci_move_rejects_illegal_and_malformed)
{
    static const struct {
        const char *fen, *text;
    } CASES[] = {
        {START, "e2e5"},
        {START, "e7e5"},
        {START, ""},
        {START, "e2"},
        {START, "e2e4q"},
        {START, "E2E4"},
        {START, "e2e4 "},
        {START, "0000"},
        {START, "e1g1"},
        {START, "i2i4"},
        {START, "e2e4e6"},
        /* king takes rook without the right to castle */
        {"r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1h1"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1a1"},
        /* castling out of, through or into check */
        {"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "e1g1"},
        {"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "e1g1"},
        {"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1"},
        {"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "e1g1"},
        {"r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1", "e1c1"},
        /* promotion without a piece, or to a king or pawn */
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8"},
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8k"},
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8p"},
        {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8K"},
        /* en passant that would expose the king along the rank */
        {"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "e5d6"},
        /* en passant without the right to it */
        {"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5d6"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        if (set(CASES[i].fen))
            CHECK_MSG(parse_uci_move(&pos, CASES[i].text) == MOVE_NONE, "%s: \"%s\" accepted", CASES[i].fen,
                      CASES[i].text);
}

static bool contains(const MoveList *l, Move m)
{
    for (int i = 0; i < l->count; i++)
        if (l->moves[i] == m)
            return true;
    return false;
}

/* GEN_NOISY and GEN_QUIET split GEN_ALL without overlap; noisy means
 * capture or promotion; count_legal and is_legal_move agree. */
static void check_partition(Position *p, const MoveList *all, Rng *rng, void *ctx)
{
    MoveList noisy, quiet;
    char fen[128];
    (void)ctx;
    noisy.count = quiet.count = 0;
    gen_legal(p, &noisy, GEN_NOISY);
    gen_legal(p, &quiet, GEN_QUIET);
    pos_get_fen(p, fen);
    CHECK_MSG(noisy.count + quiet.count == all->count, "%s: %d noisy + %d quiet != %d", fen, noisy.count, quiet.count,
              all->count);
    CHECK_MSG(count_legal(p) == all->count, "%s: count_legal", fen);
    for (int i = 0; i < noisy.count; i++) {
        Move m = noisy.moves[i];
        CHECK_MSG(contains(all, m) && (is_capture(p, m) || move_kind(m) == MK_PROMOTION), "%s: noisy %04x", fen, m);
    }
    for (int i = 0; i < quiet.count; i++) {
        Move m = quiet.moves[i];
        CHECK_MSG(contains(all, m) && !is_capture(p, m) && move_kind(m) != MK_PROMOTION, "%s: quiet %04x", fen, m);
    }
    for (int i = 0; i < all->count; i++) {
        CHECK_MSG(is_legal_move(p, all->moves[i]), "%s: is_legal_move %04x", fen, all->moves[i]);
        for (int j = 0; j < i; j++)
            CHECK_MSG(all->moves[i] != all->moves[j], "%s: %04x twice", fen, all->moves[i]);
    }
    for (int i = 0; i < 8; i++) {
        Move m = (Move)rng_next(rng);
        CHECK_MSG(is_legal_move(p, m) == contains(all, m), "%s: is_legal_move %04x", fen, m);
    }
}

TEST(noisy_and_quiet_split_legal_moves) { random_games(check_partition, NULL, 21); }
