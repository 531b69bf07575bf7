/* Position: FEN in and out, strict FEN rejection, make/unmake, Zobrist and
 * material keys, gives_check. Random games start from every position of
 * the perft suite; references are recomputed from the board array or by
 * the naive ray walker of test_util.c. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "test_util.h"

static Position pos;

/* The suite's FEN as it should print: its e.p. field becomes "-" where no
 * legal move of the position (by gen_legal, checked against perft
 * counts elsewhere) takes en passant, as FIDE 9.2 counts positions. */
static const char *expected_fen(const Position *p, const char *fen)
{
    static char buf[128];
    MoveList legal;
    legal.count = 0;
    gen_legal(p, &legal, GEN_ALL);
    for (int i = 0; i < legal.count; i++)
        if (move_kind(legal.moves[i]) == MK_EN_PASSANT)
            return fen;
    char *f[6], copy[128];
    strcpy(copy, fen);
    f[0] = strtok(copy, " ");
    for (int k = 1; k < 6; k++)
        f[k] = strtok(NULL, " ");
    snprintf(buf, sizeof buf, "%s %s %s - %s %s", f[0], f[1], f[2], f[4], f[5]);
    return buf;
}

TEST(fen_round_trip_suite)
{
    static Suite suite;
    char out[128], warn[128];
    CHECK(suite_load(&suite));
    for (int i = 0; i < suite.count; i++) {
        char err[128];
        bool ok = pos_set_fen(&pos, suite.fen[i], err, sizeof err, warn, sizeof warn);
        CHECK_MSG(ok, "%s: %s", suite.fen[i], err);
        CHECK_MSG(!warn[0], "%s: unexpected warning %s", suite.fen[i], warn);
        pos_get_fen(&pos, out);
        CHECK_MSG(!strcmp(out, expected_fen(&pos, suite.fen[i])), "%s printed as %s", suite.fen[i], out);
    }
}

/* Printing then parsing gives back the same position (keys included) and
 * the same text. */
static void check_round_trip(Position *p, const MoveList *legal, Rng *rng, void *ctx)
{
    static Position copy;
    char fen[128], again[128];
    const char *what = "";
    (void)legal, (void)rng, (void)ctx;
    pos_get_fen(p, fen);
    if (!set_fen_checked(&copy, fen))
        return;
    pos_get_fen(&copy, again);
    CHECK_MSG(!strcmp(fen, again), "%s printed as %s", fen, again);
    CHECK_MSG(positions_equal(p, &copy, &what), "%s: %s differs after parsing", fen, what);
}

TEST(fen_round_trip_random_games) { random_games(check_round_trip, NULL, 11); }

/* The tests' board-to-FEN helper against the start position's placement
 * field as the FEN standard gives it. */
TEST(fen_placement_helper_writes_the_start_position)
{
    char board[SQ_NB] = {0}, fen[80];
    const char *back = "RNBQKBNR";
    for (int f = 0; f < 8; f++) {
        board[make_square(f, 0)] = back[f];
        board[make_square(f, 1)] = 'P';
        board[make_square(f, 6)] = 'p';
        board[make_square(f, 7)] = (char)(back[f] - 'A' + 'a');
    }
    int n = fen_placement(board, fen);
    CHECK_MSG(!strcmp(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR "), "%s", fen);
    CHECK_EQ_U64((uint64_t)n, strlen(fen));
    board[make_square(4, 1)] = 0, board[make_square(4, 3)] = 'P';
    fen_placement(board, fen);
    CHECK_MSG(!strcmp(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR "), "%s", fen);
}

TEST(fen_four_fields_default_to_0_1)
{
    char out[128];
    if (!set_fen_checked(&pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"))
        return;
    CHECK_EQ_U64(pos.rule50, 0);
    pos_get_fen(&pos, out);
    CHECK(!strcmp(out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

/* What Stockfish and python-chess accept (README, Commands): 5 fields (no
 * fullmove number) and a fullmove number of 0, which counts as 1. */
TEST(fen_five_fields_and_fullmove_zero_are_accepted)
{
    char out[128];
    if (!set_fen_checked(&pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3"))
        return;
    pos_get_fen(&pos, out);
    CHECK_MSG(!strcmp(out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 1"), "got %s", out);
    if (!set_fen_checked(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"))
        return;
    pos_get_fen(&pos, out);
    CHECK_MSG(!strcmp(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "got %s", out);
}

/* Each bad FEN with a word its error message must contain. */
static const struct {
    const char *fen, *word;
} BAD_FENS[] = {
    {"", "fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "fields"},
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
    {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
    {"rnbqkbnr/pppppppp/8/8/8/44P/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
    {"rnbqkbnr/pppppppp/8/8//8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", "squares"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "letter"},
    {"rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "count of empty squares"},
    {"rnbqkbnr/pppppppp/8/8/8/08/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "count of empty squares"},
    {"rnbqkbnr/pppppppp/8/8/8/7x/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "letter"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "king"},
    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "king"},
    {"rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "king"},
    {"4k3/8/8/8/8/8/8/8 w - - 0 1", "king"},
    {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawns"},
    {"4k3/8/8/8/8/8/8/4K2p w - - 0 1", "pawns"},
    {"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawns"},
    {"4k2p/8/8/8/8/8/8/4K3 b - - 0 1", "pawns"},
    {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "too many"},
    {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "not to move"},
    {"4k3/8/8/1B6/8/8/8/4K3 w - - 0 1", "not to move"},
    {"8/8/8/8/8/8/3kK3/8 b - - 0 1", "not to move"},
    {"4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1", "check"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", "side"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "castling"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqI - 0 1", "castling"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1", "castling"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "en-passant"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i6 0 1", "en-passant"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "en-passant"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e66 0 1", "en-passant"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 1", "en-passant"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5x 1", "halfmove"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1.5 1", "halfmove"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", "fullmove"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "fullmove"},
};

TEST(fen_rejects_bad_input_and_keeps_position)
{
    static Position before;
    char err[128];
    /* Start from a position with history, so "unchanged" covers it too. */
    if (!set_fen_checked(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"))
        return;
    static Undo undo[2];
    pos_make(&pos, parse_uci_move(&pos, "a2a4"), &undo[0]);
    pos_make(&pos, parse_uci_move(&pos, "b4a3"), &undo[1]);
    memcpy(&before, &pos, sizeof pos);
    for (size_t i = 0; i < sizeof BAD_FENS / sizeof BAD_FENS[0]; i++) {
        err[0] = '\0';
        bool ok = pos_set_fen(&pos, BAD_FENS[i].fen, err, sizeof err, NULL, 0);
        CHECK_MSG(!ok, "accepted: %s", BAD_FENS[i].fen);
        CHECK_MSG(strstr(err, "invalid FEN") && strstr(err, BAD_FENS[i].word), "%s: error \"%s\" should mention \"%s\"",
                  BAD_FENS[i].fen, err, BAD_FENS[i].word);
        CHECK_MSG(!memcmp(&pos, &before, sizeof pos), "%s: position changed", BAD_FENS[i].fen);
    }
    CHECK(!pos_set_fen(&pos, "8/8/8/8/8/8/8/8 w - - 0 1", NULL, 0, NULL, 0));
}

/* Castling rights the placement cannot support: the rest of the FEN is
 * accepted, the right is dropped and named in the warning. */
TEST(fen_drops_unsupported_castling_rights)
{
    static const struct {
        const char *fen, *kept, *dropped;
    } CASES[] = {
        {"r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1", "Qkq", "K"}, {"r3k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1", "Kkq", "Q"},
        {"r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", "kq", "KQ"},  {"r3k3/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "KQq", "k"},
        {"4k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "KQk", "q"},   {"r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "KQ", "kq"},
        {"r3k2r/8/8/8/8/8/8/R3K2b w KQkq - 0 1", "Qkq", "K"},  {"r3k2r/8/8/8/8/8/8/r3K2R w KQkq - 0 1", "Kkq", "Q"},
    };
    char warn[128], out[128], expect[128], err[128];
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        bool ok = pos_set_fen(&pos, CASES[i].fen, err, sizeof err, warn, sizeof warn);
        CHECK_MSG(ok, "%s: %s", CASES[i].fen, err);
        CHECK_MSG(strstr(warn, CASES[i].dropped) && strstr(warn, "castling"), "%s: warning \"%s\"", CASES[i].fen, warn);
        pos_get_fen(&pos, out);
        /* Same FEN with only the supported rights. */
        strcpy(expect, CASES[i].fen);
        char *field = strstr(expect, "KQkq");
        memmove(field + strlen(CASES[i].kept), field + 4, strlen(field + 4) + 1);
        memcpy(field, CASES[i].kept, strlen(CASES[i].kept));
        CHECK_MSG(!strcmp(out, expect), "%s printed as %s", CASES[i].fen, out);
        CHECK_EQ_U64(pos.key, pos_compute_key(&pos));
    }
}

/* An en-passant square no pawn just passed, or that no pawn can take on,
 * is ignored: the position equals the one parsed with "-". */
TEST(fen_ignores_impossible_en_passant)
{
    static const char *IGNORED[][2] = {
        /* nothing can capture after 1.e4 */
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
        /* square on the mover's own side of the board */
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1"},
        /* no pawn in front of the square */
        {"4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1"},
        /* the square itself is occupied */
        {"4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/3n4/3pP3/8/8/8/4K3 w - - 0 1"},
        /* the pawn's start square is occupied */
        {"4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/3n4/8/3pP3/8/8/8/4K3 w - - 0 1"},
        /* the passed piece is not a pawn */
        {"4k3/8/8/3nP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/3nP3/8/8/8/4K3 w - - 0 1"},
        /* our pawn stands beside, but on the wrong file */
        {"4k3/8/8/3p2P1/8/8/8/4K3 w - d6 0 1", "4k3/8/8/3p2P1/8/8/8/4K3 w - - 0 1"},
    };
    static Position plain;
    for (size_t i = 0; i < sizeof IGNORED / sizeof IGNORED[0]; i++) {
        const char *what = "";
        if (!set_fen_checked(&pos, IGNORED[i][0]) || !set_fen_checked(&plain, IGNORED[i][1]))
            continue;
        CHECK_MSG(pos.ep == SQ_NONE, "%s kept its en-passant square", IGNORED[i][0]);
        CHECK_MSG(positions_equal(&pos, &plain, &what), "%s: %s differs", IGNORED[i][0], what);
    }
    /* A real one is kept and changes the key. */
    if (set_fen_checked(&pos, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
        && set_fen_checked(&plain, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1")) {
        CHECK_EQ_U64(pos.ep, SQ_D6);
        CHECK(pos.key != plain.key);
    }
}

/* The key tells apart side to move, each castling right and the
 * en-passant file. */
TEST(key_covers_side_castling_and_en_passant)
{
    static const char *FENS[] = {
        "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1", "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/3pP3/8/8/R3K2R w KQkq - 0 1",  "r3k2r/8/8/8/3pP3/8/8/R3K2R b Qkq - 0 1",
        "r3k2r/8/8/8/3pP3/8/8/R3K2R b Kkq - 0 1",   "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQq - 0 1",
        "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQk - 0 1",   "r3k2r/8/8/8/3pP3/8/8/R3K2R b - - 0 1",
    };
    Key keys[8];
    for (int i = 0; i < 8; i++) {
        keys[i] = set_fen_checked(&pos, FENS[i]) ? pos.key : 0;
        for (int j = 0; j < i; j++)
            CHECK_MSG(keys[i] != keys[j], "%s and %s share a key", FENS[i], FENS[j]);
    }
}

/* make then unmake of every legal move (and of a null move) gives back
 * the position exactly; after make the board-derived fields are right. */
static void check_make_unmake(Position *p, const MoveList *legal, Rng *rng, void *ctx)
{
    static Position before;
    const char *what = "";
    char fen[128];
    (void)rng, (void)ctx;
    memcpy(&before, p, sizeof *p);
    pos_get_fen(p, fen);
    for (int i = 0; i < legal->count; i++) {
        char uci[6];
        move_to_uci(legal->moves[i], uci);
        Undo undo;
        pos_make(p, legal->moves[i], &undo);
        CHECK_MSG(position_consistent(p, &what), "%s after %s: %s", fen, uci, what);
        CHECK_MSG(p->undo == &undo && undo.prev == before.undo, "%s after %s: history link", fen, uci);
        pos_unmake(p);
        CHECK_MSG(positions_equal(p, &before, &what) && p->undo == before.undo
                      && p->plies_from_null == before.plies_from_null,
                  "%s: %s not restored after %s", fen, what, uci);
    }
    if (!in_check(p)) {
        Undo undo;
        Key after = pos_key_after(p, MOVE_NULL);
        pos_make_null(p, &undo);
        CHECK_MSG(after == p->key, "%s: pos_key_after of a null move", fen);
        CHECK_MSG(p->side != before.side && p->ep == SQ_NONE && p->key == pos_compute_key(p), "%s: null move", fen);
        pos_unmake_null(p);
        CHECK_MSG(positions_equal(p, &before, &what), "%s: %s not restored after null move", fen, what);
    }
}

TEST(make_unmake_restores_position) { random_games(check_make_unmake, NULL, 12); }

static void check_keys(Position *p, const MoveList *legal, Rng *rng, void *ctx)
{
    char fen[128], uci[6];
    (void)rng, (void)ctx;
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
        Key after = pos_key_after(p, m);
        int castling = p->castling;
        Undo undo;
        pos_make(p, m, &undo);
        /* The prefetch key is exact for the moves it claims: a normal move
         * or capture that leaves the castling rights and sets no e.p. square. */
        if (move_kind(m) == MK_NORMAL && p->castling == castling && p->ep == SQ_NONE)
            CHECK_MSG(after == pos_compute_key(p), "pos_key_after of %04x differs from the recomputed key", m);
        if (p->key != pos_compute_key(p) || p->material_key != pos_compute_material_key(p)
            || p->pawn_key != pos_compute_pawn_key(p) || p->nonpawn_key[WHITE] != pos_compute_nonpawn_key(p, WHITE)
            || p->nonpawn_key[BLACK] != pos_compute_nonpawn_key(p, BLACK)) {
            pos_unmake(p);
            pos_get_fen(p, fen);
            move_to_uci(legal->moves[i], uci);
            CHECK_MSG(false, "%s after %s: incremental key differs from recomputed", fen, uci);
            continue;
        }
        pos_unmake(p);
    }
}

TEST(incremental_keys_match_recomputed) { random_games(check_keys, NULL, 13); }

/* Material key of counts from the board array equals the position's. */
TEST(material_key_depends_on_counts_only)
{
    int counts[PIECE_NB] = {0};
    if (!set_fen_checked(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"))
        return;
    for (Square s = 0; s < SQ_NB; s++)
        counts[pos.board[s]]++;
    counts[NO_PIECE] = 0;
    CHECK_EQ_U64(material_key_of_counts(counts), pos.material_key);
    Key kiwipete = pos.material_key;
    /* Same material, pieces elsewhere. */
    if (set_fen_checked(&pos, "r3k2r/p1ppqpb1/bn2pnp1/4N3/1p1PP3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1"))
        CHECK_EQ_U64(pos.material_key, kiwipete);
    if (set_fen_checked(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K3 w Qkq - 0 1"))
        CHECK(pos.material_key != kiwipete);
}

/* gives_check against the reference: make the move, look at the king. */
static void check_gives_check(Position *p, const MoveList *legal, Rng *rng, void *ctx)
{
    char fen[128], uci[6];
    (void)rng, (void)ctx;
    for (int i = 0; i < legal->count; i++) {
        bool predicted = gives_check(p, legal->moves[i]);
        Undo undo;
        pos_make(p, legal->moves[i], &undo);
        Square ksq = king_square(p, p->side);
        bool real = naive_attackers(p, ksq, !p->side) != 0;
        pos_unmake(p);
        if (predicted != real) {
            pos_get_fen(p, fen);
            move_to_uci(legal->moves[i], uci);
            CHECK_MSG(false, "%s: gives_check(%s) = %d", fen, uci, predicted);
        }
    }
}

TEST(gives_check_matches_reference) { random_games(check_gives_check, NULL, 14); }

/* Special checks: castling, en passant discovering, promotion. */
TEST(gives_check_special_moves)
{
    static const struct {
        const char *fen, *move;
        bool check;
    } CASES[] = {
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true}, /* rook on f1 */
        {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", true}, /* rook on d1 */
        {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", false},
        {"8/8/8/8/8/8/8/R3K2k w Q - 0 1", "e1c1", true}, /* along rank 1 through e1 */
        {"8/8/8/8/8/2k5/8/R3K3 w Q - 0 1", "e1c1", false},
        {"8/8/8/8/8/3k4/8/R3K3 w Q - 0 1", "e1c1", true},
        {"7k/8/8/3pP3/8/8/8/B3K3 w - d6 0 1", "e5d6", true}, /* discovered on a1-h8 */
        {"8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1", "e5d6", true}, /* both pawns leave rank 5 */
        {"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", true},
        {"k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", false},
        {"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", true},
        {"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", true},
        {"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8b", false},
        {"k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", false},
        {"8/4P3/2k5/8/8/8/8/4K3 w - - 0 1", "e7e8b", true},
        {"8/4P3/2k5/8/8/8/8/4K3 w - - 0 1", "e7e8r", false},
        {"8/4P3/3k4/8/8/8/8/4K3 w - - 0 1", "e7e8n", true},
        {"8/4P3/3k4/8/8/8/8/4K3 w - - 0 1", "e7e8q", false},
        {"8/4P3/8/4k3/8/8/8/K7 w - - 0 1", "e7e8q", true}, /* through the vacated e7 */
        {"8/4P3/8/4k3/8/8/8/K7 w - - 0 1", "e7e8r", true},
        {"8/4P3/8/4k3/8/8/8/K7 w - - 0 1", "e7e8b", false},
        {"3r4/4P3/8/k7/8/8/8/4K3 w - - 0 1", "e7d8q", true},
        {"3r4/4P3/8/k7/8/8/8/4K3 w - - 0 1", "e7d8n", false},
        {"8/2k1P2R/8/8/8/8/8/4K3 w - - 0 1", "e7e8b", true}, /* discovered by the rook */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        if (!set_fen_checked(&pos, CASES[i].fen))
            continue;
        Move m = parse_uci_move(&pos, CASES[i].move);
        CHECK_MSG(m != MOVE_NONE, "%s: %s not legal", CASES[i].fen, CASES[i].move);
        if (m != MOVE_NONE)
            CHECK_MSG(gives_check(&pos, m) == CASES[i].check, "%s: gives_check(%s) should be %d", CASES[i].fen,
                      CASES[i].move, CASES[i].check);
    }
}

/* A Position holds the board, not the game: small enough to copy by value
 * (under 1 KB, so that a search thread copies the root cheaply). */
TEST(position_is_small) { CHECK_MSG(sizeof(Position) < 1024, "sizeof(Position) = %zu", sizeof(Position)); }

/* An en-passant square whose capture would leave the capturer's king in
 * check is not part of the position (FIDE 9.2: the same moves are
 * possible), neither from a FEN nor after the double step: the keys must
 * match, or a repetition through it is missed. */
TEST(ep_square_only_when_the_capture_is_legal)
{
    static const struct {
        const char *with_ep, *without, *before, *move;
        bool legal;
    } C[] = {
        /* rank pin: Ka5, b5 and c5 between it and the rook on h5 */
        {"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2", "8/8/8/KPp4r/8/8/8/4k3 w - - 0 2", "8/2p5/8/KP5r/8/8/8/4k3 b - - 0 1",
         "c7c5", false},
        /* diagonal pin of the capturing pawn: Ka6, b5, bishop on d3 (bxc6
         * leaves the diagonal) */
        {"7k/8/K7/1Pp5/8/3b4/8/8 w - c6 0 2", "7k/8/K7/1Pp5/8/3b4/8/8 w - - 0 2", "7k/2p5/K7/1P6/8/3b4/8/8 b - - 0 1",
         "c7c5", false},
        /* the same pawns with the king off the line: the capture is legal */
        {"8/8/8/1Pp4r/K7/8/8/4k3 w - c6 0 2", "8/8/8/1Pp4r/K7/8/8/4k3 w - - 0 2", "8/2p5/8/1P5r/K7/8/8/4k3 b - - 0 1",
         "c7c5", true},
    };
    static Position a, b;
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
        if (!set_fen_checked(&a, C[i].with_ep) || !set_fen_checked(&b, C[i].without))
            return;
        CHECK_MSG((a.key == b.key) == !C[i].legal, "%s: keys %s", C[i].with_ep, C[i].legal ? "equal" : "differ");
        CHECK_MSG((a.ep != SQ_NONE) == C[i].legal, "%s: ep square %d", C[i].with_ep, a.ep);
        if (!set_fen_checked(&a, C[i].before))
            return;
        Undo u;
        pos_make(&a, parse_uci_move(&a, C[i].move), &u);
        CHECK_MSG((a.ep != SQ_NONE) == C[i].legal, "%s %s: ep square %d", C[i].before, C[i].move, a.ep);
        CHECK_MSG(a.key == pos_compute_key(&a), "%s %s: incremental key", C[i].before, C[i].move);
        if (!set_fen_checked(&b, C[i].legal ? C[i].with_ep : C[i].without))
            return;
        CHECK_MSG(a.key == b.key, "%s %s: key differs from the FEN's", C[i].before, C[i].move);
    }
}

/* Undo kept the fifty-move counter in 16 bits: after 40,000 reversible
 * plies (a long game of shuffling) a take-back restored a negative
 * counter and the fifty-move draw was missed. */
TEST(fifty_move_counter_survives_make_unmake_past_32767)
{
    if (!set_fen_checked(&pos, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"))
        return;
    pos.rule50 = pos.plies_from_null = 40000;
    Undo u;
    pos_make(&pos, parse_uci_move(&pos, "d1d2"), &u);
    CHECK_EQ_U64(pos.rule50, 40001);
    CHECK(pos_is_fifty_move_draw(&pos));
    pos_unmake(&pos);
    CHECK_EQ_U64(pos.rule50, 40000);
    CHECK_EQ_U64(pos.plies_from_null, 40000);
}
