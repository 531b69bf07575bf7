/* is_legal_move, the search's test of a TT move or a killer, against the
 * generator (whose counts the perft suites prove): in every position of
 * tests/data/perft.epd and perft960.epd and along random games from them,
 * and the positions one move after each of those and of a few rare cases,
 * every 16-bit move (each from and to square, each kind and promotion
 * piece) is legal exactly when gen_legal(GEN_ALL) lists it. */
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "harness.h"
#include "test_util.h"

#define LEGAL_GAMES 2  /* random games from each suite position */
#define LEGAL_PLIES 24 /* plies of each */

/* What the checked positions held, so that a suite change that loses the
 * rare cases shows. */
typedef struct {
    long positions, castlings, king_stays, king_on_rook, en_passants, promotions, evasions;
} Seen;

static uint64_t listed[65536 / 64];

static void check_every_move(const Position *pos, Seen *seen)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    memset(listed, 0, sizeof listed);
    for (int i = 0; i < l.count; i++) {
        Move m = l.moves[i];
        listed[m / 64] |= 1ULL << (m % 64);
        if (move_kind(m) == MK_CASTLING) {
            seen->castlings++;
            seen->king_stays += move_from(m) == move_to(m);
            seen->king_on_rook += move_to(m) == castling_rook_from(pos, m);
        }
        seen->en_passants += move_kind(m) == MK_EN_PASSANT;
        seen->promotions += move_kind(m) == MK_PROMOTION;
    }
    seen->positions++;
    seen->evasions += in_check(pos) ? l.count : 0;
    int wrong = 0;
    for (unsigned m = 0; m < 65536; m++) {
        bool want = listed[m / 64] >> (m % 64) & 1;
        if (is_legal_move(pos, (Move)m) == want)
            continue;
        if (wrong++ < 4) {
            char fen[128], uci[6];
            pos_get_fen(pos, fen);
            move_to_uci((Move)m, uci);
            CHECK_MSG(false, "%s: %04x (%s, kind %d) is %s", fen, m, uci, move_kind((Move)m),
                      want ? "legal, is_legal_move says no" : "not legal, is_legal_move says yes");
        }
    }
}

/* pos and every position one legal move after it. */
static void check_with_children(Position *pos, Seen *seen)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    check_every_move(pos, seen);
    for (int i = 0; i < l.count; i++) {
        Undo undo;
        pos_make(pos, l.moves[i], &undo);
        check_every_move(pos, seen);
        pos_unmake(pos);
    }
}

/* Every position of an EPD suite and of LEGAL_GAMES random games of
 * LEGAL_PLIES plies from each; returns the suite's positions. */
static int check_suite(const char *path, bool chess960, Rng *rng, Seen *seen)
{
    static Position pos;
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f)
        return 0;
    char line[512], err[128];
    int count = 0;
    while (fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (line[0] == '#' || !semi)
            continue;
        *semi = '\0';
        bool ok = pos_set_fen_mode(&pos, line, chess960, err, sizeof err, NULL, 0);
        CHECK_MSG(ok, "%s: %s", line, err);
        if (!ok)
            continue;
        count++;
        check_with_children(&pos, seen);
        for (int g = 0; g < LEGAL_GAMES; g++) {
            Position game = pos;
            Undo undo[LEGAL_PLIES];
            for (int ply = 0; ply < LEGAL_PLIES; ply++) {
                MoveList l;
                l.count = 0;
                gen_legal(&game, &l, GEN_ALL);
                if (!l.count)
                    break;
                pos_make(&game, l.moves[rng_below(rng, l.count)], &undo[ply]);
                check_every_move(&game, seen);
            }
        }
    }
    fclose(f);
    return count;
}

/* Cases random games seldom reach (with the positions one move later). */
static const struct {
    const char *fen;
    bool chess960;
} RARE[] = {
    {"8/8/8/K2Pp2r/8/8/8/7k w - e6 0 1", false},    /* en passant would bare the king's rank */
    {"k7/8/8/8/3Pp3/8/8/4K2B b - d3 0 1", false},   /* the capturer is pinned off the target's diagonal */
    {"8/7k/8/8/3Pp3/8/8/1B2K3 b - d3 0 1", false},  /* ... and along it: still a shield */
    {"b7/8/8/3PpP2/4K3/8/8/k7 w - e6 0 1", false},  /* one capturer pinned, the other free */
    {"8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 1", false},   /* en passant takes the checking pawn */
    {"8/8/7k/8/3Pp3/8/8/2B1K3 b - d3 0 1", false},  /* ... or leaves a discovered check standing */
    {"3qk3/8/3N4/8/8/8/8/4RK2 b - - 0 1", false},   /* double check: taking one checker is no answer */
    {"7k/8/8/8/8/8/8/qR1K4 w B - 0 1", true},       /* the castling rook shields c1 */
    {"1k6/8/8/8/8/8/8/1K1R3r w D - 0 1", true},     /* the rook leaves the king's path open */
    {"3k4/8/8/8/8/8/8/2RK3R w HC - 0 1", true},     /* kings that castle onto their rooks' squares */
    {"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", true}, /* kings already on g1/g8 */
};

TEST(is_legal_move_agrees_with_the_generator)
{
    static Position pos;
    Rng rng = {4242};
    Seen seen = {0};
    char err[128];
    for (size_t i = 0; i < sizeof RARE / sizeof RARE[0]; i++) {
        bool ok = pos_set_fen_mode(&pos, RARE[i].fen, RARE[i].chess960, err, sizeof err, NULL, 0);
        CHECK_MSG(ok, "%s: %s", RARE[i].fen, err);
        if (ok)
            check_with_children(&pos, &seen);
    }
    CHECK_EQ_U64(check_suite("tests/data/perft.epd", false, &rng, &seen), 123);
    CHECK_EQ_U64(check_suite("tests/data/perft960.epd", true, &rng, &seen), 130);
    CHECK(seen.positions > 15000);
    CHECK(seen.castlings > 2000 && seen.king_stays > 200 && seen.king_on_rook > 500);
    CHECK(seen.en_passants > 50 && seen.promotions > 1000 && seen.evasions > 2000);
}
