/* Evaluation: colour symmetry (hand-crafted and net) (a position and its colour-flipped mirror
 * evaluate the same for the side to move), left-right symmetry without
 * castling rights, and textbook verdicts (a queen up is winning, an
 * advanced passed pawn is worth more, broken pawns and a broken king
 * shelter are worse). The FEN transforms are written here, independently
 * of the engine. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "endgame/endgame.h"
#include "engine/movegen.h"
#include "engine/random.h"
#include "eval/evaluate.h"
#include "harness.h"

#define MAX_SUITE 200
#define RANDOM_PLIES 60

static Position pos, scratch;

static bool set_position(Position *p, const char *fen)
{
    char err[128];
    bool ok = pos_set_fen(p, fen, err, sizeof err, NULL, 0);
    CHECK_MSG(ok, "%s: %s", fen, err);
    return ok;
}

static bool set(const char *fen) { return set_position(&pos, fen); }

/* These tests are about the hand-crafted evaluation, which the net (on by
 * default) replaces: each call turns the net off for its own evaluation. */
static int hand_crafted(const Position *p)
{
    bool net = nnue_enabled();
    nnue_set_enabled(false);
    int v = evaluate(p);
    nnue_set_enabled(net);
    return v;
}

static int eval_fen(const char *fen) { return set_position(&scratch, fen) ? hand_crafted(&scratch) : 0; }

/* The net's verdict on fen (evaluate() with Use NNUE on). */
static int net_fen(const char *fen)
{
    if (!set_position(&scratch, fen))
        return 0;
    bool net = nnue_enabled();
    nnue_set_enabled(true);
    int v = evaluate(&scratch);
    nnue_set_enabled(net);
    return v;
}

/* Splits a FEN into its fields (4 or 6); returns the number found. */
static int split_fen(const char *fen, char fields[6][100])
{
    int n = 0;
    const char *p = fen;
    while (n < 6) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, " ");
        snprintf(fields[n++], 100, "%.*s", (int)len, p);
        p += len;
    }
    return n;
}

/* Colour flip: ranks in reverse order, colours swapped, side to move
 * swapped, castling rights and the en-passant square moved across. */
static void flip_fen(const char *fen, char *out)
{
    char f[6][100] = {{0}};
    int n = split_fen(fen, f);
    char board[100] = "";
    char *ranks[8];
    int nr = 0;
    for (char *tok = strtok(f[0], "/"); tok && nr < 8; tok = strtok(NULL, "/"))
        ranks[nr++] = tok;
    for (int r = nr - 1; r >= 0; r--) {
        for (char *c = ranks[r]; *c; c++)
            *c = isupper((unsigned char)*c) ? (char)tolower(*c) : (char)toupper(*c);
        strcat(board, ranks[r]);
        if (r)
            strcat(board, "/");
    }
    char castle[5] = "";
    if (strchr(f[2], 'k'))
        strcat(castle, "K");
    if (strchr(f[2], 'q'))
        strcat(castle, "Q");
    if (strchr(f[2], 'K'))
        strcat(castle, "k");
    if (strchr(f[2], 'Q'))
        strcat(castle, "q");
    char ep[3] = "-";
    if (f[3][0] != '-')
        snprintf(ep, sizeof ep, "%c%c", f[3][0], f[3][1] == '3' ? '6' : '3');
    sprintf(out, "%s %s %s %s %s %s", board, f[1][0] == 'w' ? "b" : "w", castle[0] ? castle : "-", ep,
            n >= 5 ? f[4] : "0", n >= 6 ? f[5] : "1");
}

/* Left-right mirror (file a <-> h), castling rights dropped. */
static void mirror_fen(const char *fen, char *out)
{
    char f[6][100] = {{0}};
    int n = split_fen(fen, f);
    char board[100] = "";
    for (char *tok = strtok(f[0], "/"); tok; tok = strtok(NULL, "/")) {
        size_t len = strlen(tok);
        for (size_t i = 0; i < len / 2; i++) {
            char t = tok[i];
            tok[i] = tok[len - 1 - i];
            tok[len - 1 - i] = t;
        }
        if (board[0])
            strcat(board, "/");
        strcat(board, tok);
    }
    char ep[3] = "-";
    if (f[3][0] != '-')
        snprintf(ep, sizeof ep, "%c%c", 'a' + 'h' - f[3][0], f[3][1]);
    sprintf(out, "%s %s - %s %s %s", board, f[1], ep, n >= 5 ? f[4] : "0", n >= 6 ? f[5] : "1");
}

static int load_suite(char fens[][128])
{
    const char *path = getenv("KS_PERFT_EPD") ? getenv("KS_PERFT_EPD") : "tests/data/perft.epd";
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f)
        return 0;
    char line[512];
    int n = 0;
    while (n < MAX_SUITE && fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (!semi)
            continue;
        *semi = '\0';
        snprintf(fens[n++], 128, "%.120s", line);
    }
    fclose(f);
    return n;
}

/* Checks both symmetries for the position described by fen. */
static void check_symmetries(const char *fen)
{
    char flipped[128], mirrored[128], back[128];
    int v = eval_fen(fen);
    flip_fen(fen, flipped);
    int vf = eval_fen(flipped);
    CHECK_MSG(v == vf, "%s: %d, flipped %s: %d", fen, v, flipped, vf);
    mirror_fen(fen, mirrored);
    mirror_fen(mirrored, back); /* the same position without castling rights */
    int vm = eval_fen(mirrored), vb = eval_fen(back);
    CHECK_MSG(vm == vb, "%s: %d, mirrored %s: %d", back, vb, mirrored, vm);
}

/* The FEN flip itself, checked against the published perft counts: a
 * flipped position has the same move tree. */
TEST(eval_flip_fen_keeps_perft)
{
    static char fens[MAX_SUITE][128];
    int n = load_suite(fens);
    CHECK_EQ_U64(n, 123);
    for (int i = 0; i < n; i++) {
        char flipped[128], twice[128], a[128], b[128];
        flip_fen(fens[i], flipped);
        flip_fen(flipped, twice);
        set(fens[i]);
        uint64_t expected = perft(&pos, 2);
        pos_get_fen(&pos, a);
        set(twice);
        pos_get_fen(&pos, b);
        CHECK_MSG(!strcmp(a, b), "flip twice: %s -> %s", a, b);
        set(flipped);
        CHECK_EQ_U64(perft(&pos, 2), expected);
    }
}

TEST(eval_symmetry_suite_and_random_games)
{
    static char fens[MAX_SUITE][128];
    int n = load_suite(fens), checked = 0;
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < n; i++) {
        check_symmetries(fens[i]);
        checked++;
        if (!set(fens[i]))
            continue;
        Undo undo[RANDOM_PLIES];
        for (int ply = 0; ply < RANDOM_PLIES; ply++) {
            MoveList list;
            list.count = 0;
            gen_legal(&pos, &list, GEN_ALL);
            if (list.count == 0)
                break;
            pos_make(&pos, list.moves[splitmix64(&seed) % (uint64_t)list.count], &undo[ply]);
            char fen[128];
            pos_get_fen(&pos, fen);
            check_symmetries(fen);
            checked++;
        }
    }
    CHECK_MSG(checked > 5000, "only %d positions checked", checked);
}

/* The net sees the board from each side's view with the same weights, so
 * a position and its colour-flipped mirror get the same score for the side
 * to move. Left-right mirroring is no symmetry of the net (768 inputs, no
 * mirrored training), so only the flip is asserted. */
TEST(eval_net_colour_symmetry_suite_and_random_games)
{
    static char fens[MAX_SUITE][128];
    int n = load_suite(fens), checked = 0;
    uint64_t seed = 0xD1B54A32D192ED03ULL;
    for (int i = 0; i < n; i++) {
        if (!set(fens[i]))
            continue;
        Undo undo[RANDOM_PLIES];
        for (int ply = 0; ply < RANDOM_PLIES; ply++) {
            char fen[128], flipped[128];
            pos_get_fen(&pos, fen);
            flip_fen(fen, flipped);
            int v = net_fen(fen), vf = net_fen(flipped);
            CHECK_MSG(v == vf, "%s: %d, flipped %s: %d", fen, v, flipped, vf);
            checked++;
            MoveList list;
            list.count = 0;
            gen_legal(&pos, &list, GEN_ALL);
            if (list.count == 0)
                break;
            pos_make(&pos, list.moves[splitmix64(&seed) % (uint64_t)list.count], &undo[ply]);
        }
    }
    CHECK_MSG(checked > 5000, "only %d positions checked", checked);
}

/* Normal evaluations stay out of the known-win band. */
TEST(eval_bounded_on_suite)
{
    static char fens[MAX_SUITE][128];
    int n = load_suite(fens);
    for (int i = 0; i < n; i++) {
        int known;
        if (!set(fens[i]) || endgame_evaluate(&pos, &known))
            continue;
        int v = hand_crafted(&pos);
        CHECK_MSG(v >= -9000 && v <= 9000, "%s: %d", fens[i], v);
    }
}

TEST(eval_start_position_near_equal)
{
    int v = eval_fen(START_FEN);
    CHECK_MSG(v > -50 && v < 50, "%d", v);
}

TEST(eval_queen_up_is_clearly_positive)
{
    const char *white_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const char *white_up_btm = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    const char *black_up = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
    CHECK_MSG(eval_fen(white_up) > 700, "%d", eval_fen(white_up));
    CHECK_MSG(eval_fen(white_up_btm) < -700, "%d", eval_fen(white_up_btm));
    CHECK_MSG(eval_fen(black_up) < -700, "%d", eval_fen(black_up));
}

/* Rook endings with a b-pawn extra: the pawn one step from queening is
 * worth far more than the same pawn on its third rank. */
TEST(eval_passed_pawn_on_7th_beats_3rd)
{
    int on7 = eval_fen("3r2k1/1P3ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    int on3 = eval_fen("3r2k1/5ppp/8/8/8/1P6/5PPP/3R2K1 w - - 0 1");
    CHECK_MSG(on7 > on3 + 50, "7th %d, 3rd %d", on7, on3);
    CHECK_MSG(on3 > 0, "an extra passed pawn: %d", on3);
}

/* Rule of the square (textbook): the a4 pawn queens when the black king,
 * the only other piece besides pawns, stands outside the square a4-e8
 * (f5, White to move) and is caught from e5; from f5 with Black to move
 * the king steps into the square. Extra h-pawns keep it out of KPK. */
TEST(eval_pawn_outside_the_square_is_winning)
{
    int outside = eval_fen("8/7p/8/5k2/P7/8/7P/7K w - - 0 1");
    int inside = eval_fen("8/7p/8/4k3/P7/8/7P/7K w - - 0 1");
    int steps_in = -eval_fen("8/7p/8/5k2/P7/8/7P/7K b - - 0 1");
    CHECK_MSG(outside > 300, "outside the square: %d", outside);
    CHECK_MSG(outside > inside + 150, "outside %d, inside %d", outside, inside);
    CHECK_MSG(outside > steps_in + 150, "outside %d, king to move %d", outside, steps_in);
}

/* Same material; White's queenside pawns healthy (a2 b2 c2) or doubled
 * and isolated (a2 a3, or a2 c2 split). */
TEST(eval_broken_pawns_are_worse)
{
    int healthy = eval_fen("2r3k1/pp3ppp/8/8/8/8/PP3PPP/2R3K1 w - - 0 1");
    int doubled_isolated = eval_fen("2r3k1/pp3ppp/8/8/8/P7/P4PPP/2R3K1 w - - 0 1");
    CHECK_MSG(healthy > doubled_isolated + 20, "healthy %d, a-pawns doubled %d", healthy, doubled_isolated);
    int chain = eval_fen("r5k1/ppp2ppp/8/8/8/8/PPP2PPP/R5K1 w - - 0 1");
    int islands = eval_fen("r5k1/ppp2ppp/8/8/8/8/P1P1P1PP/R5K1 w - - 0 1");
    CHECK_MSG(chain > islands + 20, "healthy %d, isolated %d", chain, islands);
}

/* Castled king behind f2 g2 h2 against the same pawns pushed to g4 h4,
 * with Black's pieces still on the board. Only the order is asserted: the
 * Texel-tuned weights price the two pawn steps here at under
 * 10 cp, the shelter loss partly offset by the pawns' space. */
TEST(eval_king_shelter_intact_beats_broken)
{
    int intact = eval_fen("r1bq1rk1/pp3ppp/2n2n2/3p4/3P4/2N2N2/PP3PPP/R1BQ1RK1 w - - 0 1");
    int broken = eval_fen("r1bq1rk1/pp3ppp/2n2n2/3p4/3P2PP/2N2N2/PP3P2/R1BQ1RK1 w - - 0 1");
    CHECK_MSG(intact > broken, "intact %d, broken %d", intact, broken);
}

/* The last line of the `eval` trace of p into last (empty if none). */
static void trace_last_line(const Position *p, char *last, size_t size)
{
    char line[256];
    last[0] = '\0';
    FILE *f = tmpfile();
    if (!f)
        return;
    eval_trace(p, f);
    rewind(f);
    while (fgets(line, sizeof line, f))
        snprintf(last, size, "%s", line);
    fclose(f);
}

/* Whether the trace ends with Stockfish's "Final evaluation: none (in check)". */
static bool trace_says_in_check(const Position *p)
{
    char last[256];
    trace_last_line(p, last, sizeof last);
    return !strcmp(last, "Final evaluation: none (in check)\n");
}

/* The number of the trace's last line "Final evaluation: N ...", or
 * 0x7fffffff when it has none. */
static int trace_final(const Position *p)
{
    char last[256];
    int value = 0x7fffffff;
    trace_last_line(p, last, sizeof last);
    sscanf(last, "Final evaluation: %d", &value);
    return value;
}

/* The `eval` breakdown ends with the same score the search sees; in check
 * it shows none (no number to read), as Stockfish does. */
TEST(eval_trace_agrees_with_evaluate)
{
    static char fens[MAX_SUITE][128];
    int n = load_suite(fens), checked = 0;
    for (int i = 0; i < n; i += 10) {
        if (!set(fens[i]))
            continue;
        if (in_check(&pos)) {
            CHECK_MSG(trace_says_in_check(&pos), "%s", fens[i]);
            checked++;
        } else
            CHECK_MSG(trace_final(&pos) == evaluate(&pos), "%s", fens[i]);
    }
    CHECK(checked > 0);
}
