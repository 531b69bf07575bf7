/* EPD lines (engine/epd.h). The expected FENs are written by hand from
 * the format's definition (PGN standard 16.2; the chessprogramming wiki's
 * "Extended Position Description", whose examples the first lines are):
 * the four fields as in a FEN, hmvc and fmvn for the clocks (0 and 1
 * without them), every other operation ignored. */
#include <string.h>

#include "engine/epd.h"
#include "harness.h"

static Position pos;

static void check_epd(const char *epd, bool chess960, const char *want)
{
    char err[160] = "", fen[128] = "";
    bool ok = pos_set_epd(&pos, epd, chess960, err, sizeof err, NULL, 0);
    CHECK_MSG(ok, "%s: %s", epd, err);
    if (!ok)
        return;
    pos_get_fen(&pos, fen);
    CHECK_MSG(!strcmp(fen, want), "%s: got %s, expected %s", epd, fen, want);
}

TEST(epd_operations_and_clocks)
{
    static const struct {
        const char *epd, *fen;
    } CASES[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"r1bqk2r/p1pp1ppp/2p2n2/8/1b2P3/2N5/PPP2PPP/R1BQKB1R w KQkq - bm Bd3; id \"Crafty Test Pos.28\"; c0 "
         "\"DB/GK Philadelphia 1996, Game 5, move 7W (Bd3)\";",
         "r1bqk2r/p1pp1ppp/2p2n2/8/1b2P3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 1"},
        {"8/3r4/pr1Pk1p1/8/7P/6P1/3R3K/5R2 w - - bm Re2+; id \"arasan21.16\"; c0 \"Aldiga (Brainfish "
         "091016)-Knight-king (Komodo 10 64-bit), playchess.com 2016\";",
         "8/3r4/pr1Pk1p1/8/7P/6P1/3R3K/5R2 w - - 0 1"},
        /* no blank after a ';' */
        {"3r1rk1/1p3pnp/p3pBp1/1qPpP3/1P1P2R1/P2Q3R/6PP/6K1 w - - bm Rxh7;c0 \"Mate in 7 moves\";id \"BT2630-14\";",
         "3r1rk1/1p3pnp/p3pBp1/1qPpP3/1P1P2R1/P2Q3R/6PP/6K1 w - - 0 1"},
        /* a string operand may hold ';' and what looks like an operation */
        {"4k3/8/8/8/8/8/4P3/4K3 b - - c0 \"x; hmvc 99;\"; hmvc 7; fmvn 42;", "4k3/8/8/8/8/8/4P3/4K3 b - - 7 42"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - fmvn 12;", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 12"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - fmvn 0;", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"},
        /* an operation without operands; the last ';' left out */
        {"4k3/8/8/8/8/8/4P3/4K3 w - - noop; id \"last\"", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"},
        {"4k3/8/8/8/8/8/4P3/4K3\tw\t-\t-\thmvc 4;\r\n", "4k3/8/8/8/8/8/4P3/4K3 w - - 4 1"},
        /* the e.p. square stays where a pawn can take there */
        {"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 hmvc 0; fmvn 3;",
         "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"},
        /* FEN lines, alone and followed by operations */
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 17", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 17"},
        {"4k3/8/8/8/8/8/8/4K2R w K -", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
        {"4k3/8/8/8/8/8/8/4K2R w K - 12", "4k3/8/8/8/8/8/8/4K2R w K - 12 1"},
        {"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1 ; id \"no queens\"",
         "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 5 10 hmvc 3;", "4k3/8/8/8/8/8/4P3/4K3 w - - 3 10"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 5 10;;", "4k3/8/8/8/8/8/4P3/4K3 w - - 5 10"},
        /* counts past the ranges (python-chess takes any number) are clamped, as in a FEN */
        {"4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 99999;", "4k3/8/8/8/8/8/4P3/4K3 w - - 10000 1"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        check_epd(CASES[i].epd, false, CASES[i].fen);
}

/* Chess960: Shredder-FEN, X-FEN (KQkq for the outermost rooks) and an
 * inner rook's file letter, read in Chess960 mode and written as
 * Shredder-FEN. */
TEST(epd_chess960_castling)
{
    check_epd("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - hmvc 2; fmvn 9;", true,
              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    check_epd("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - bm e4; id \"x\";", true,
              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1");
    check_epd("rr2k3/8/8/8/8/8/8/RR2K3 w Bb - c0 \"inner rooks\";", true, "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1");
    /* In standard chess the same rights do not stand. */
    check_epd("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - hmvc 2;", false,
              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w - - 2 1");
}

TEST(epd_rejects_malformed_lines)
{
    static const char *const BAD[] = {
        "",
        "4k3/8/8/8/8/8/4P3/4K3 w -",
        "4k3/8/8/8/8/8/4P3/4K3 w - ; hmvc 0;",
        "4k3/8/8/8/8/8/4P3/4K3 w - - c0 \"open;",
        "4k3/8/8/8/8/8/4P3/4K3 w - - hmvc x;",
        "4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 1 2;",
        "4k3/8/8/8/8/8/4P3/4K3 w - - hmvc;",
        "4k3/8/8/8/8/8/4P3/4K3 w - - fmvn \"5\";",
        "4k3/8/8/8/8/8/4P3/4K3 w - - fmvn -5;",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 2",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 1bm e4;",
        "4k3/8/8/8/8/8/4P3/4K3 w - - b-m e4;",
        "4k3/8/8/8/8/8/4P3/4K3 x - - hmvc 0;",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        pos_set_fen(&pos, START_FEN, NULL, 0, NULL, 0);
        uint64_t key = pos.key;
        char err[160] = "";
        CHECK_MSG(!pos_set_epd(&pos, BAD[i], false, err, sizeof err, NULL, 0), "accepted '%s'", BAD[i]);
        CHECK_MSG(err[0], "no reason for '%s'", BAD[i]);
        CHECK_MSG(pos.key == key, "'%s' changed the position", BAD[i]);
    }
}
