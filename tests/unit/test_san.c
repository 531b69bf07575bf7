/* SAN against the notation rules of the FIDE Laws (appendix C): piece
 * letters, captures, disambiguation by file, rank or both, castling,
 * promotion, en passant, check and mate marks. */
#include <string.h>

#include "engine/movegen.h"
#include "engine/san.h"
#include "harness.h"

static void check_san(const char *fen, const char *uci, const char *want)
{
    static Position pos;
    char err[128], got[16];
    CHECK_MSG(pos_set_fen(&pos, fen, err, sizeof err, NULL, 0), "%s: %s", fen, err);
    Move m = parse_uci_move(&pos, uci);
    CHECK_MSG(m != MOVE_NONE, "%s not legal in %s", uci, fen);
    if (!m)
        return;
    move_to_san(&pos, m, got);
    CHECK_MSG(!strcmp(got, want), "%s in %s: got %s, want %s", uci, fen, got, want);
}

TEST(san_notation)
{
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    check_san(start, "g1f3", "Nf3");
    check_san(start, "e2e4", "e4");
    /* Two knights reach d2: the file tells them apart. */
    check_san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2");
    check_san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "f1d2", "Nfd2");
    /* Two rooks on one file: the rank. */
    check_san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3");
    check_san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3");
    /* Three queens reach c3: Qa1 shares a file and a rank with the others. */
    check_san("7K/8/8/7k/8/Q7/8/Q1Q5 w - - 0 1", "a1c3", "Qa1c3");
    check_san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O");
    check_san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O");
    check_san("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+");
    check_san("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N");
    check_san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6");
    check_san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#");
    check_san("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "e1d2", "Kxd2");
}
