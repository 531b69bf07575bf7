/* Chess960: the castling field in X-FEN and Shredder-FEN (the notations'
 * definitions; python-chess writes the X-FEN of the first position of the
 * wiki's 960 perft list as KQkq), castling moves in both UCI notations (the
 * UCI protocol: king-takes-rook in Chess960), SAN (O-O by the king's
 * destination, FIDE Laws appendix C) and incremental keys over random 960
 * games. Move generation itself is checked by the perft suite. */
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/san.h"
#include "harness.h"
#include "test_util.h"

static Position pos;

static bool set960(const char *fen, bool chess960)
{
    char err[128];
    bool ok = pos_set_fen_mode(&pos, fen, chess960, err, sizeof err, NULL, 0);
    CHECK_MSG(ok, "%s: %s", fen, err);
    return ok;
}

/* The FEN read in Chess960 mode and written again in each notation. */
TEST(chess960_fen_round_trips)
{
    static const struct {
        const char *fen, *xfen, *shredder;
    } CASES[] = {
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "KQkq", "HFhf"},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", "KQkq", "HFhf"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "KQkq", "HAha"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "KQkq", "HAha"},
        /* inner rooks: X-FEN names them by file */
        {"rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1", "Bb", "Bb"},
        {"rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1", "Qq", "Aa"},
        {"4k1rr/8/8/8/8/8/8/4K1RR b Gg - 0 1", "Gg", "Gg"},
        {"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1", "KQkq", "GBgb"},
        {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", "KQ", "GE"},
        {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", "kq", "hf"},
        {"1k6/8/8/8/8/8/8/6KR w H - 0 1", "K", "H"},
    };
    char out[128], want[128];
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        if (!set960(CASES[i].fen, true))
            continue;
        for (int shredder = 0; shredder <= 1; shredder++) {
            /* The same FEN with the castling field in that notation. */
            strcpy(want, CASES[i].fen);
            char *field = strchr(strchr(want, ' ') + 1, ' ') + 1;
            const char *rest = strchr(strchr(CASES[i].fen, ' ') + 1, ' ') + 1;
            sprintf(field, "%s%s", shredder ? CASES[i].shredder : CASES[i].xfen, strchr(rest, ' '));
            pos_get_fen_as(&pos, out, shredder);
            CHECK_MSG(!strcmp(out, want), "%s written as %s, want %s", CASES[i].fen, out, want);
        }
        /* d prints Shredder-FEN in Chess960, as Stockfish does. */
        pos_get_fen(&pos, out);
        CHECK_MSG(strstr(out, CASES[i].shredder) != NULL, "%s: pos_get_fen %s", CASES[i].fen, out);
    }
}

/* Standard chess reads Shredder letters for corner rooks and drops the
 * rights only Chess960 has; the key and text are those of KQkq. */
TEST(chess960_standard_mode_reads_shredder_and_drops_960_rights)
{
    char out[128], warn[128], err[128];
    Position kqkq;
    pos_set_fen(&kqkq, START_FEN, NULL, 0, NULL, 0);
    CHECK(pos_set_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", err, sizeof err, NULL, 0));
    CHECK_EQ_U64(pos.key, kqkq.key);
    pos_get_fen(&pos, out);
    CHECK(!strcmp(out, START_FEN));
    CHECK(pos_set_fen(&pos, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", err, sizeof err, warn,
                      sizeof warn));
    CHECK_EQ_U64(pos.castling, 0);
    CHECK_MSG(strstr(warn, "HFhf") && strstr(warn, "castling"), "warning \"%s\"", warn);
    /* Malformed fields stay errors in both modes. */
    for (int chess960 = 0; chess960 <= 1; chess960++) {
        CHECK(!pos_set_fen_mode(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqI - 0 1", chess960, err,
                                sizeof err, NULL, 0));
        CHECK(!pos_set_fen_mode(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KH - 0 1", chess960, err,
                                sizeof err, NULL, 0));
    }
}

/* Castling moves in, out and in SAN. In Chess960 they are written
 * king-takes-rook only; in standard chess e1g1, with e1h1 also read. */
TEST(chess960_castling_notation_in_and_out)
{
    static const struct {
        const char *fen;
        bool chess960;
        const char *in, *out, *san;
        Square from, to; /* the king's squares */
    } CASES[] = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1g1", "e1g1", "O-O", SQ_E1, SQ_G1},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1h1", "e1g1", "O-O", SQ_E1, SQ_G1},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1a1", "e1c1", "O-O-O", SQ_E1, SQ_C1},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false, "e8h8", "e8g8", "O-O", SQ_E8, SQ_G8},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, "e1h1", "e1h1", "O-O", SQ_E1, SQ_G1},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", true, "e8a8", "e8a8", "O-O-O", SQ_E8, SQ_C8},
        /* the king does not move, or swaps with its rook */
        {"1k6/8/8/8/8/8/8/6KR w H - 0 1", true, "g1h1", "g1h1", "O-O", SQ_G1, SQ_G1},
        {"1k6/8/8/8/8/8/8/5KR1 w G - 0 1", true, "f1g1", "f1g1", "O-O", SQ_F1, SQ_G1},
        {"rk6/8/8/8/8/8/8/1K6 b a - 0 1", true, "b8a8", "b8a8", "O-O-O", SQ_B8, SQ_C8},
        {"4k3/8/8/8/8/8/8/1N1RK3 w D - 0 1", true, "e1d1", "e1d1", "O-O-O", SQ_E1, SQ_C1},
    };
    char text[8], san[16];
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        if (!set960(CASES[i].fen, CASES[i].chess960))
            continue;
        Move m = parse_uci_move(&pos, CASES[i].in);
        CHECK_MSG(m != MOVE_NONE && move_kind(m) == MK_CASTLING && move_from(m) == CASES[i].from
                      && move_to(m) == CASES[i].to,
                  "%s: %s parsed as %04x", CASES[i].fen, CASES[i].in, m);
        if (!m)
            continue;
        pos_move_to_uci(&pos, m, text);
        CHECK_MSG(!strcmp(text, CASES[i].out), "%s: %s written %s", CASES[i].fen, CASES[i].in, text);
        move_to_san(&pos, m, san);
        CHECK_MSG(!strcmp(san, CASES[i].san), "%s: %s in SAN %s", CASES[i].fen, CASES[i].in, san);
    }
    /* In Chess960 the king's own move names no castling (it may be a king
     * move: f1g1 below is one). */
    if (set960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true))
        CHECK(parse_uci_move(&pos, "e1g1") == MOVE_NONE && parse_uci_move(&pos, "e1c1") == MOVE_NONE);
    if (set960("1k6/8/8/8/8/8/8/5K1R w H - 0 1", true)) {
        Move m = parse_uci_move(&pos, "f1g1");
        CHECK(m != MOVE_NONE && move_kind(m) == MK_NORMAL);
        m = parse_uci_move(&pos, "f1h1");
        CHECK(m != MOVE_NONE && move_kind(m) == MK_CASTLING);
    }
}

/* Castling that the 960 rules forbid: a rook shields the king's square or
 * its destination (it leaves), the destination or a crossed square is
 * attacked, or a piece other than the two stands in the way. */
TEST(chess960_illegal_castling)
{
    static const struct {
        const char *fen, *move;
    } CASES[] = {
        {"4k3/8/8/8/8/8/8/qR1K4 w B - 0 1", "d1b1"},   /* queen a1 behind the b1 rook: c1 attacked */
        {"4k3/8/8/8/8/8/8/qRK5 w B - 0 1", "c1b1"},    /* the king stays on c1, which the rook shielded */
        {"1k6/8/8/8/8/4b3/8/RK6 w A - 0 1", "b1a1"},   /* c1 attacked by the bishop */
        {"1k6/8/8/8/8/8/8/5KRr w G - 0 1", "f1g1"},    /* g1 attacked by the h1 rook */
        {"1k6/8/8/8/8/8/8/RNK5 w A - 0 1", "c1a1"},    /* the knight stands in the rook's way */
        {"1k6/8/8/8/8/8/8/2K1N1R1 w G - 0 1", "c1g1"}, /* the knight stands in the king's way */
        {"1k6/8/8/8/8/8/8/1K1R3r w D - 0 1", "b1d1"},  /* once the d1 rook leaves, h1 attacks the king's path */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        if (set960(CASES[i].fen, true))
            CHECK_MSG(parse_uci_move(&pos, CASES[i].move) == MOVE_NONE, "%s: %s accepted", CASES[i].fen, CASES[i].move);
}

/* Random games from the 960 suite: the incremental key equals the one
 * computed from scratch, unmake restores the position, and a castling
 * move leaves king and rook on the g/f or c/d files. */
TEST(chess960_random_games_keep_keys_and_unmake)
{
    FILE *f = fopen("tests/data/perft960.epd", "r");
    CHECK(f != NULL);
    if (!f)
        return;
    char line[256];
    Rng rng = {960};
    int castlings = 0;
    while (fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (line[0] == '#' || !semi)
            continue;
        *semi = '\0';
        if (!set960(line, true))
            continue;
        Undo undo[60];
        for (int ply = 0; ply < 60; ply++) {
            MoveList l;
            l.count = 0;
            gen_legal(&pos, &l, GEN_ALL);
            if (!l.count)
                break;
            /* Castle whenever possible, else a random move. */
            Move m = l.moves[rng_below(&rng, l.count)];
            for (int i = 0; i < l.count; i++)
                if (move_kind(l.moves[i]) == MK_CASTLING)
                    m = l.moves[i];
            Position before = pos;
            const char *what = "";
            pos_make(&pos, m, &undo[ply]);
            CHECK_MSG(pos.key == pos_compute_key(&pos), "%s: key after %04x", line, m);
            CHECK_MSG(position_consistent(&pos, &what), "%s: %s after %04x", line, what, m);
            if (move_kind(m) == MK_CASTLING) {
                castlings++;
                Square kto = move_to(m), rto = file_of(kto) == 6 ? kto - 1 : kto + 1;
                CHECK(piece_on(&pos, kto) == make_piece(!pos.side, KING)
                      && piece_on(&pos, rto) == make_piece(!pos.side, ROOK));
                CHECK(!(pos.castling & (3 << (2 * !pos.side))));
            }
            pos_unmake(&pos);
            CHECK_MSG(positions_equal(&pos, &before, &what), "%s: %s after unmake of %04x", line, what, m);
            pos_make(&pos, m, &undo[ply]);
        }
    }
    fclose(f);
    CHECK(castlings > 100);
}

/* Repetition in Chess960 (FIDE Laws 9.2: same placement, side to move and
 * castling and en-passant possibilities): a knight shuffle from setup 0
 * (BBQNNRKR) repeats; rooks that go and come back have lost their rights,
 * so the placement returns as a new position. */
TEST(chess960_repetition)
{
    static GameHistory game;
    static const char *const SHUFFLES[][2] = {
        {"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", "e1f3 e8f6 f3e1 f6e8"},
        {"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", "b1a1 b8a8 a1b1 a8b8"},
    };
    for (int i = 0; i < 2; i++) {
        if (!set960(SHUFFLES[i][0], true))
            continue;
        game.len = 0;
        Key start = pos.key;
        for (int cycle = 1; cycle <= 3; cycle++) {
            char buf[64], *save = NULL;
            strcpy(buf, SHUFFLES[i][1]);
            for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
                Move m = parse_uci_move(&pos, t);
                CHECK_MSG(m != MOVE_NONE, "%s: %s", SHUFFLES[i][0], t);
                if (m)
                    game_make(&game, &pos, m);
            }
            /* The knights: the start's third occurrence after two cycles.
             * The rooks: a new position after the first, its third
             * occurrence after the third cycle. */
            bool want = i == 0 ? cycle >= 2 : cycle >= 3;
            CHECK_MSG(pos_is_repetition(&pos, 0) == want, "%s: cycle %d", SHUFFLES[i][0], cycle);
            CHECK_EQ_U64(pos.key == start, i == 0);
        }
    }
}
