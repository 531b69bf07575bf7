#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#include "engine/random.h"
#include "harness.h"

bool set_fen_checked(Position *pos, const char *fen)
{
    char err[128];
    bool ok = pos_set_fen(pos, fen, err, sizeof err, NULL, 0);
    CHECK_MSG(ok, "%s: %s", fen, err);
    return ok;
}

bool suite_load(Suite *suite)
{
    const char *path = getenv("KS_PERFT_EPD") ? getenv("KS_PERFT_EPD") : "tests/data/perft.epd";
    FILE *f = fopen(path, "r");
    char line[512];
    suite->count = 0;
    if (!f)
        return false;
    while (fgets(line, sizeof line, f) && suite->count < SUITE_SIZE) {
        char *semi = strchr(line, ';');
        if (!semi)
            continue;
        while (semi > line && semi[-1] == ' ')
            semi--;
        *semi = '\0';
        if (strlen(line) >= sizeof suite->fen[0])
            break;
        strcpy(suite->fen[suite->count++], line);
    }
    fclose(f);
    return suite->count == SUITE_SIZE;
}

uint64_t rng_next(Rng *rng) { return splitmix64(&rng->state); }

int rng_below(Rng *rng, int n) { return (int)((rng_next(rng) >> 32) % (uint64_t)n); }

static bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

/* The piece found first from s in direction (df, dr), or NO_PIECE. */
static Piece first_on_ray(const Position *pos, Square s, int df, int dr, Square *where)
{
    int f = file_of(s) + df, r = rank_of(s) + dr;
    for (; on_board(f, r); f += df, r += dr) {
        Piece pc = pos->board[make_square(f, r)];
        if (pc) {
            *where = make_square(f, r);
            return pc;
        }
    }
    return NO_PIECE;
}

/* Pieces of type pt and colour `by` one step (df, dr) from s. */
static Bitboard step_attacker(const Position *pos, Square s, int df, int dr, Color by, PieceType pt)
{
    int f = file_of(s) + df, r = rank_of(s) + dr;
    if (!on_board(f, r) || pos->board[make_square(f, r)] != make_piece(by, pt))
        return 0;
    return square_bb(make_square(f, r));
}

Bitboard naive_attackers(const Position *pos, Square s, Color by)
{
    static const int KNIGHT_D[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    Bitboard result = 0;
    /* A white pawn attacks s from one rank below, a black one from above. */
    int pawn_dr = by == WHITE ? -1 : 1;
    result |= step_attacker(pos, s, -1, pawn_dr, by, PAWN) | step_attacker(pos, s, 1, pawn_dr, by, PAWN);
    for (int i = 0; i < 8; i++)
        result |= step_attacker(pos, s, KNIGHT_D[i][0], KNIGHT_D[i][1], by, KNIGHT);
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++) {
            if (!df && !dr)
                continue;
            result |= step_attacker(pos, s, df, dr, by, KING);
            Square where;
            Piece pc = first_on_ray(pos, s, df, dr, &where);
            PieceType slider = df && dr ? BISHOP : ROOK;
            if (pc && color_of(pc) == by && (type_of(pc) == slider || type_of(pc) == QUEEN))
                result |= square_bb(where);
        }
    return result;
}

#define SAME(field)                                                                                                    \
    do {                                                                                                               \
        if (memcmp(&a->field, &b->field, sizeof a->field)) {                                                           \
            *what = #field;                                                                                            \
            return false;                                                                                              \
        }                                                                                                              \
    } while (0)

bool positions_equal(const Position *a, const Position *b, const char **what)
{
    SAME(board);
    SAME(by_type);
    SAME(by_color);
    SAME(count);
    SAME(side);
    SAME(castling);
    SAME(chess960);
    /* The castling rook and mask of a right lost in the game stay behind;
     * only those of the rights held matter. */
    for (int i = 0; i < 4; i++)
        if ((a->castling & (1 << i)) && a->castling_rook[i] != b->castling_rook[i]) {
            *what = "castling_rook";
            return false;
        }
    for (Square s = 0; s < SQ_NB; s++)
        if ((a->castling_mask[s] ^ b->castling_mask[s]) & a->castling) {
            *what = "castling_mask";
            return false;
        }
    SAME(ep);
    SAME(rule50);
    SAME(game_ply);
    SAME(key);
    SAME(material_key);
    SAME(checkers);
    return true;
}

bool position_consistent(const Position *pos, const char **what)
{
    Position ref;
    memset(&ref, 0, sizeof ref);
    for (Square s = 0; s < SQ_NB; s++) {
        Piece pc = pos->board[s];
        if (!pc)
            continue;
        ref.by_type[0] |= square_bb(s);
        ref.by_type[type_of(pc)] |= square_bb(s);
        ref.by_color[color_of(pc)] |= square_bb(s);
        ref.count[pc]++;
    }
    const Position *a = pos, *b = &ref;
    SAME(by_type);
    SAME(by_color);
    SAME(count);
    Square ksq = SQ_NONE;
    for (Square s = 0; s < SQ_NB; s++)
        if (pos->board[s] == make_piece(pos->side, KING))
            ksq = s;
    if (pos->checkers != naive_attackers(pos, ksq, !pos->side)) {
        *what = "checkers";
        return false;
    }
    return true;
}

int fen_placement(const char board[SQ_NB], char *out)
{
    int n = 0;
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            char c = board[r * 8 + f];
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty), empty = 0;
            out[n++] = c;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        out[n++] = r ? '/' : ' ';
    }
    out[n] = '\0';
    return n;
}

DtmTable *built_table(const char *code)
{
    char err[160] = "";
    DtmTable *t = dtm_table(code, err, sizeof err);
    CHECK_MSG(t != NULL, "%s", err);
    if (t)
        CHECK_MSG(dtm_build(t), "%s did not build", code);
    return t;
}

void random_games(Visitor visit, void *ctx, uint64_t seed)
{
    static Suite suite;
    static Position pos;
    Rng rng = {seed};
    if (!suite.count && !suite_load(&suite)) {
        printf("    cannot load the perft suite\n");
        harness_failures++;
        return;
    }
    for (int i = 0; i < suite.count; i++)
        for (int g = 0; g < RANDOM_GAMES; g++) {
            if (!set_fen_checked(&pos, suite.fen[i]))
                break;
            Undo undo[RANDOM_GAME_PLIES];
            for (int ply = 0; ply < RANDOM_GAME_PLIES; ply++) {
                MoveList list;
                list.count = 0;
                gen_legal(&pos, &list, GEN_ALL);
                visit(&pos, &list, &rng, ctx);
                if (!list.count)
                    break;
                pos_make(&pos, list.moves[rng_below(&rng, list.count)], &undo[ply]);
            }
        }
}
