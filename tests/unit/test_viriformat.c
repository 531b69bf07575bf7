/* viriformat (tools/viriformat.h) against the public layout: the three
 * games of tests/data/samples.viri (written by an independent script from
 * cosmobobak/viriformat's specification; moves and bytes listed in its
 * README), the start record's bytes, and a write/read round trip of random
 * games (castling of both kinds, Chess960 included, en passant and
 * promotions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "test_util.h"
#include "tools/viriformat.h"

static const char *const SAMPLE_MOVES[3] = {
    "f2f3 e7e5 g2g4 d8h4",
    "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 "
    "e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8",
    "e2e4 g8f6 e4e5 d7d5 e5d6 e7e6 d6c7 f8e7 c7b8n e8g8 g1f3 e7c5 f1e2 d8b6 e1g1",
};
static const int SAMPLE_RESULT[3] = {VIRI_BLACK_WINS, VIRI_WHITE_WINS, VIRI_DRAW};

TEST(viriformat_reads_the_sample_games)
{
    FILE *f = fopen("tests/data/samples.viri", "rb");
    CHECK(f != NULL);
    if (!f)
        return;
    static ViriPly plies[VIRI_MAX_PLIES];
    Position start;
    int result;
    char err[200];
    for (int g = 0; g < 3; g++) {
        int n = viri_read_game(f, &start, &result, plies, err, sizeof err);
        CHECK_MSG(n > 0, "game %d: %s", g + 1, err);
        if (n <= 0)
            break;
        CHECK_EQ_U64(result, SAMPLE_RESULT[g]);
        char text[1024] = "", fen[128];
        pos_get_fen(&start, fen);
        CHECK(!strcmp(fen, START_FEN));
        Position pos = start;
        Undo undo[VIRI_MAX_PLIES];
        for (int i = 0; i < n; i++) {
            char move[8];
            pos_move_to_uci(&pos, plies[i].move, move);
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", i ? " " : "", move);
            CHECK_EQ_U64(plies[i].score, 10 * (i + 1));
            pos_make(&pos, plies[i].move, &undo[i]);
        }
        CHECK_MSG(!strcmp(text, SAMPLE_MOVES[g]), "game %d: %s", g + 1, text);
    }
    CHECK_EQ_U64(viri_read_game(f, &start, &result, plies, err, sizeof err), (uint64_t)-1);
    fclose(f);
}

TEST(viriformat_start_record_and_move_words_follow_the_layout)
{
    static const uint8_t START[32] = {0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0x16, 0x42, 0x25,
                                      0x61, 0x00, 0x00, 0x00, 0x00, 0x88, 0x88, 0x88, 0x88, 0x9e, 0xca,
                                      0xad, 0xe9, 0x40, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00};
    Position pos;
    set_fen_checked(&pos, START_FEN);
    uint8_t rec[32];
    viri_pack_board(&pos, VIRI_WHITE_WINS, 0, rec);
    CHECK(!memcmp(rec, START, 32));
    static const char *const MOVES[4] = {"f2f3", "e7e5", "g2g4", "d8h4"};
    static const uint16_t WORDS[4] = {0x054d, 0x0934, 0x078e, 0x07fb};
    Undo undo[4];
    for (int i = 0; i < 4; i++) {
        Move m = parse_uci_move(&pos, MOVES[i]);
        CHECK_EQ_U64(viri_encode_move(&pos, m), WORDS[i]);
        CHECK_EQ_U64(viri_decode_move(&pos, WORDS[i]), m);
        pos_make(&pos, m, &undo[i]);
    }
    /* Castling is king takes rook (kind 2), e.p. kind 1, promotion kind 3. */
    set_fen_checked(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK_EQ_U64(viri_encode_move(&pos, parse_uci_move(&pos, "e1c1")), SQ_E1 | SQ_A1 << 6 | 2u << 14);
    CHECK_EQ_U64(viri_encode_move(&pos, parse_uci_move(&pos, "e1g1")), SQ_E1 | SQ_H1 << 6 | 2u << 14);
    set_fen_checked(&pos, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    CHECK_EQ_U64(viri_encode_move(&pos, parse_uci_move(&pos, "e5d6")), SQ_E5 | SQ_D6 << 6 | 1u << 14);
    set_fen_checked(&pos, "1n2k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    CHECK_EQ_U64(viri_encode_move(&pos, parse_uci_move(&pos, "c7b8n")), SQ_C7 | SQ_B8 << 6 | 0u << 12 | 3u << 14);
    CHECK_EQ_U64(viri_encode_move(&pos, parse_uci_move(&pos, "c7c8q")), SQ_C7 | SQ_C8 << 6 | 3u << 12 | 3u << 14);
}

typedef struct {
    FILE *f;
    long games, mismatches;
} RoundTrip;

/* Writes a game of random legal moves from each visited position every
 * few positions and reads it back. */
static void round_trip(Position *pos, const MoveList *legal, Rng *rng, void *ctx)
{
    RoundTrip *rt = ctx;
    if (!legal->count || rng_below(rng, 8))
        return;
    static ViriPly plies[64], back[VIRI_MAX_PLIES];
    Position walk = *pos;
    walk.undo = NULL;
    Undo undo[64];
    int n = 0;
    for (; n < 64; n++) {
        MoveList list;
        list.count = 0;
        gen_legal(&walk, &list, GEN_ALL);
        if (!list.count)
            break;
        plies[n].move = list.moves[rng_below(rng, list.count)];
        plies[n].score = (int16_t)(rng_below(rng, 65536) - 32768);
        pos_make(&walk, plies[n].move, &undo[n]);
    }
    uint8_t buf[32 + 4 * 66];
    size_t bytes = viri_game_bytes(pos, VIRI_DRAW, plies, n, buf, sizeof buf);
    rewind(rt->f);
    CHECK(fwrite(buf, 1, bytes, rt->f) == bytes);
    rewind(rt->f);
    Position start;
    int result;
    char err[200];
    int got = viri_read_game(rt->f, &start, &result, back, err, sizeof err);
    const char *what = "";
    rt->games++;
    bool same = got == n && result == VIRI_DRAW && positions_equal(&start, pos, &what);
    for (int i = 0; same && i < n; i++)
        same = back[i].move == plies[i].move && back[i].score == plies[i].score;
    if (!same && rt->mismatches++ < 3) {
        char fen[128];
        pos_get_fen(pos, fen);
        printf("    round trip from %s: %d of %d plies (%s) %s\n", fen, got, n, err, what);
    }
}

TEST(viriformat_round_trip_of_random_games)
{
    RoundTrip rt = {tmpfile(), 0, 0};
    CHECK(rt.f != NULL);
    if (!rt.f)
        return;
    random_games(round_trip, &rt, 31);
    CHECK(rt.games > 500);
    CHECK_EQ_U64(rt.mismatches, 0);
    fclose(rt.f);
}

TEST(viriformat_refuses_damaged_games)
{
    Position pos;
    set_fen_checked(&pos, START_FEN);
    ViriPly plies[2] = {{parse_uci_move(&pos, "e2e4"), 5}, {MOVE_NONE, 0}};
    uint8_t buf[64];
    size_t n = viri_game_bytes(&pos, VIRI_DRAW, plies, 1, buf, sizeof buf);
    static ViriPly back[VIRI_MAX_PLIES];
    Position start;
    int result;
    char err[200];
    /* Cut anywhere: never a whole game. */
    for (size_t cut = 1; cut < n; cut++) {
        FILE *f = tmpfile();
        fwrite(buf, 1, cut, f);
        rewind(f);
        CHECK_MSG(viri_read_game(f, &start, &result, back, err, sizeof err) == -2, "cut at %zu", cut);
        fclose(f);
    }
    /* An illegal move (e2e5), a result of 3, piece code 7. */
    uint8_t bad[64];
    memcpy(bad, buf, n);
    bad[32] = (uint8_t)(SQ_E2 | SQ_E5 << 6);
    bad[33] = (uint8_t)((SQ_E2 | SQ_E5 << 6) >> 8);
    for (int k = 0; k < 3; k++) {
        uint8_t *b = k == 0 ? bad : buf;
        uint8_t keep30 = buf[30], keep8 = buf[8];
        if (k == 1)
            buf[30] = 3;
        if (k == 2)
            buf[8] = 0x17;
        FILE *f = tmpfile();
        fwrite(b, 1, n, f);
        rewind(f);
        CHECK_MSG(viri_read_game(f, &start, &result, back, err, sizeof err) == -2, "case %d", k);
        fclose(f);
        buf[30] = keep30;
        buf[8] = keep8;
    }
}

/* Found by the fuzz target tests/fuzz/fuzz_viri.c: a start record whose
 * nine white rooks all carry the unmoved-rook code (6) overran the reader's
 * castling list. Built here from the public layout: occupancy = rank 1 and
 * a2 plus the two kings (e3 white, e6 black), nibbles in square order. */
TEST(viriformat_refuses_more_than_two_castling_rooks)
{
    uint8_t rec[VIRI_BOARD_BYTES] = {0};
    Bitboard occ = 0xFFull | 1ull << SQ_A2 | 1ull << SQ_E3 | 1ull << SQ_E6;
    for (int i = 0; i < 8; i++)
        rec[i] = (uint8_t)(occ >> (8 * i));
    /* a1..h1 and a2: unmoved white rooks (6); e3: white king (5); e6:
     * black king (5 | 8). */
    const uint8_t codes[11] = {6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 13};
    for (int n = 0; n < 11; n++)
        rec[8 + n / 2] |= (uint8_t)(codes[n] << (4 * (n % 2)));
    rec[24] = 64; /* white to move, no e.p. */
    rec[30] = VIRI_DRAW;
    Position pos;
    char err[200] = "";
    CHECK(!viri_unpack_board(rec, &pos, NULL, NULL, err, sizeof err));
    CHECK_MSG(strstr(err, "unmoved") != NULL, "%s", err);
    /* Two of them (a1 and h1) with the king on e1 are plain KQ rights. */
    memset(rec, 0, sizeof rec);
    occ = 1ull << SQ_A1 | 1ull << SQ_E1 | 1ull << SQ_H1 | 1ull << SQ_E8;
    for (int i = 0; i < 8; i++)
        rec[i] = (uint8_t)(occ >> (8 * i));
    rec[8] = 6 | 5 << 4;  /* a1 rook, e1 king */
    rec[9] = 6 | 13 << 4; /* h1 rook, e8 king */
    rec[24] = 64;
    rec[30] = VIRI_DRAW;
    CHECK(viri_unpack_board(rec, &pos, NULL, NULL, err, sizeof err));
    char fen[128];
    pos_get_fen(&pos, fen);
    CHECK_MSG(!strcmp(fen, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "%s", fen);
}

/* A game written byte by byte from the public layout: the start position
 * (the record of the test above), 1. e4 d5 2. e5 f5 3. exf6 (en passant,
 * move kind 1) Nxf6, White won. The positions before each move are the
 * game's, written out by hand as FEN (an en-passant square only where a
 * capture there is legal, as the engine writes FEN). */
static const uint8_t REPLAY_GAME[32 + 6 * 4 + 4] = {
    0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0x16, 0x42, 0x25, 0x61, 0x00, 0x00, 0x00, 0x00, 0x88, 0x88, 0x88,
    0x88, 0x9e, 0xca, 0xad, 0xe9, 0x40, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00,
    /* e2e4 (12 | 28 << 6) +20, d7d5 (51 | 35 << 6) -15, e4e5 (28 | 36 << 6) +30 */
    0x0c, 0x07, 0x14, 0x00, 0xf3, 0x08, 0xf1, 0xff, 0x1c, 0x09, 0x1e, 0x00,
    /* f7f5 (53 | 37 << 6) -5, e5f6 (36 | 45 << 6 | 1 << 14) +120, g8f6 (62 | 45 << 6) -110 */
    0x75, 0x09, 0xfb, 0xff, 0x64, 0x4b, 0x78, 0x00, 0x7e, 0x0b, 0x92, 0xff, 0x00, 0x00, 0x00, 0x00};
static const char *const REPLAY_FENS[7] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
    "rnbqkb1r/ppp1p1pp/5n2/3p4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4",
};
static const char *const REPLAY_MOVES[6] = {"e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "g8f6"};
static const int REPLAY_SCORES[6] = {20, -15, 30, -5, 120, -110};

TEST(viriformat_replay_yields_each_position_move_score_and_result)
{
    FILE *f = tmpfile();
    CHECK(f && fwrite(REPLAY_GAME, 1, sizeof REPLAY_GAME, f) == sizeof REPLAY_GAME);
    if (!f)
        return;
    rewind(f);
    static ViriPly plies[VIRI_MAX_PLIES];
    Position start;
    int result;
    char err[200];
    int n = viri_read_game(f, &start, &result, plies, err, sizeof err);
    fclose(f);
    CHECK_MSG(n == 6, "%d plies: %s", n, err);
    if (n != 6)
        return;
    ViriReplay r;
    viri_replay_begin(&r, &start, result, plies, n);
    int k = 0;
    for (; viri_replay_next(&r); k++) {
        char fen[128], move[8];
        pos_get_fen(&r.pos, fen);
        pos_move_to_uci(&r.pos, r.move, move);
        CHECK_MSG(!strcmp(fen, REPLAY_FENS[k]), "ply %d: %s", k, fen);
        CHECK_MSG(!strcmp(move, REPLAY_MOVES[k]), "ply %d: %s", k, move);
        CHECK_EQ_U64(r.ply, k);
        CHECK(r.score == REPLAY_SCORES[k]);
        CHECK_EQ_U64(r.result, VIRI_WHITE_WINS);
        CHECK(r.pos.undo == NULL);
    }
    CHECK_EQ_U64(k, 6);
    /* After the walk: the game's last position, and nothing more. */
    char fen[128];
    pos_get_fen(&r.pos, fen);
    CHECK_MSG(!strcmp(fen, REPLAY_FENS[6]), "%s", fen);
    CHECK(!viri_replay_next(&r));
    pos_get_fen(&r.pos, fen);
    CHECK(!strcmp(fen, REPLAY_FENS[6]));
    /* The writer walks the same loop: the same bytes come back. */
    uint8_t buf[sizeof REPLAY_GAME];
    CHECK_EQ_U64(viri_game_bytes(&start, result, plies, n, buf, sizeof buf), sizeof REPLAY_GAME);
    CHECK(!memcmp(buf, REPLAY_GAME, sizeof REPLAY_GAME));
}

TEST(viriformat_replay_of_an_empty_game_yields_nothing)
{
    Position start;
    set_fen_checked(&start, START_FEN);
    ViriReplay r;
    viri_replay_begin(&r, &start, VIRI_DRAW, NULL, 0);
    CHECK(!viri_replay_next(&r));
    /* Moves learnt one at a time (a reader, a PGN) go through the same step. */
    viri_replay_play(&r, parse_uci_move(&r.pos, "g1f3"));
    char fen[128];
    pos_get_fen(&r.pos, fen);
    CHECK_MSG(!strcmp(fen, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"), "%s", fen);
    CHECK(r.pos.undo == NULL);
}
