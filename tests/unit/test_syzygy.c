/* The Syzygy prober against the real files in tests/data/syzygy (made by
 * the public generator syzygy1/tb, unrelated to this project), checked
 * against the in-memory DTM tables (a second, independent generator):
 *   - WDL: for up to four men no win needs more than fifty moves from a
 *     zeroed clock, so WDL = 2 * the sign of the DTM result everywhere;
 *   - DTZ: sign and zero agree with WDL; a mate in one has DTZ 1, a mated
 *     side -1; and where the strong side has no pawns and the weak side
 *     only its king, the only zeroing move is the mate, so |DTZ| = DTM.
 * 3-man tables are checked at every stored position, 4-man ones at a
 * fixed-seed sample. Where DTM has no table (pawns on both sides), every
 * position's WDL must equal the best of its moves' (a minimax step over
 * the files' own values, en passant included). Plus broken files. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "harness.h"
#include "tablebase/dtm.h"
#include "tablebase/syzygy.h"
#include "test_util.h"

#define SYZYGY_DIR "tests/data/syzygy"

static void init_dir(const char *dir, SyzygyInfo *info)
{
    char msg[256];
    while (syzygy_next_message(msg, sizeof msg)) /* earlier tests' messages */
        ;
    syzygy_init(dir, info);
}

/* The position of a DTM entry (halfmove clock 0). */
static bool entry_position(const DtmEntry *e, Position *pos)
{
    char fen[100], board[64];
    memset(board, 0, sizeof board);
    for (int i = 0; i < e->count; i++)
        board[e->square[i]] = " PNBRQK  pnbrqk"[e->piece[i]];
    int n = fen_placement(board, fen);
    snprintf(fen + n, sizeof fen - (size_t)n, "%c - - 0 1", e->stm == WHITE ? 'w' : 'b');
    return pos_set_fen(pos, fen, NULL, 0, NULL, 0);
}

typedef struct {
    uint64_t every; /* check one entry in `every` (1: all) */
    Rng rng;
    bool lone_king; /* DTZ must equal DTM */
    Position pos;
    uint64_t checked, failures;
    uint64_t dtz_failures; /* of the comparison with the in-memory DTZ */
    const char *name;
} Cross;

static int sign(int v) { return (v > 0) - (v < 0); }

/* The Syzygy DTZ the in-memory DTZ of r stands for. The conventions
 * differ in two places, reconciled here: the in-memory DTZ is unsigned
 * (its sign is r->wdl), and it writes 0 for a checkmated side to move
 * where Syzygy writes -1 (a loss, zeroing "after" the mate). No 4-man
 * position has a cursed result at a zeroed clock, so the +-100 of
 * Syzygy's cursed values never arises. */
static int syzygy_dtz_of(const DtmResult *r)
{
    if (r->wdl > 0)
        return r->dtz;
    if (r->wdl < 0)
        return r->dtz == 0 ? -1 : -r->dtz;
    return 0;
}
static void cross_check(const DtmEntry *e, void *ctx)
{
    Cross *c = ctx;
    if (c->every > 1 && rng_next(&c->rng) % c->every)
        return;
    if (!entry_position(e, &c->pos)) {
        c->failures++;
        return;
    }
    c->checked++;
    int wdl = 99, dtz = 999;
    bool ok = syzygy_probe_wdl(&c->pos, &wdl) && syzygy_probe_dtz(&c->pos, &dtz);
    bool good = ok && wdl == 2 * e->result.wdl && sign(dtz) == sign(wdl) && abs(dtz) <= 100;
    if (good && e->result.wdl > 0 && e->result.plies == 1)
        good = dtz == 1;
    if (good && e->result.wdl < 0 && e->result.plies == 0)
        good = dtz == -1;
    if (good && c->lone_king && e->result.wdl)
        good = abs(dtz) == (e->result.plies ? e->result.plies : 1);
    if (!good && c->failures++ < 5) {
        char fen[128];
        pos_get_fen(&c->pos, fen);
        CHECK_MSG(false, "%s %s: syzygy ok %d wdl %d dtz %d, dtm wdl %d plies %d", c->name, fen, ok, wdl, dtz,
                  e->result.wdl, e->result.plies);
    }
    /* The same position's DTZ from the two generators. */
    int expected = syzygy_dtz_of(&e->result);
    if (ok && dtz != expected && c->dtz_failures++ < 5) {
        char fen[128];
        pos_get_fen(&c->pos, fen);
        CHECK_MSG(false, "%s %s: syzygy dtz %d, in-memory dtz %d (wdl %d)", c->name, fen, dtz, e->result.dtz,
                  e->result.wdl);
    }
}

static void check_against_dtm(const char *code, uint64_t every, bool lone_king)
{
    DtmTable *t = dtm_table(code, NULL, 0);
    CHECK_MSG(t && dtm_build(t), "%s: no DTM table", code);
    if (!t || !dtm_is_ready(t))
        return;
    static Cross c;
    memset(&c, 0, sizeof c);
    c.every = every, c.rng.state = 0x5EED0000u + (uint64_t)every, c.lone_king = lone_king, c.name = code;
    dtm_foreach(t, DTM_VISIT_STORED, cross_check, &c);
    CHECK_MSG(c.checked > 0 && c.failures == 0, "%s: %llu of %llu positions differ", code,
              (unsigned long long)c.failures, (unsigned long long)c.checked);
    CHECK_MSG(c.dtz_failures == 0, "%s: %llu of %llu DTZ values differ from the in-memory DTZ", code,
              (unsigned long long)c.dtz_failures, (unsigned long long)c.checked);
}

TEST(syzygy_lists_the_files)
{
    SyzygyInfo info;
    init_dir("/nonexistent-dir:" SYZYGY_DIR, &info);
    CHECK_EQ_U64(info.wdl_files, 35);
    CHECK_EQ_U64(info.dtz_files, 35);
    CHECK_EQ_U64(info.max_men, 4);
    char msg[256] = "";
    CHECK(syzygy_next_message(msg, sizeof msg) && strstr(msg, "/nonexistent-dir"));
    init_dir("", &info);
    CHECK_EQ_U64(info.wdl_files + info.max_men, 0);
}

TEST(syzygy_three_men_match_dtm_everywhere)
{
    init_dir(SYZYGY_DIR, NULL);
    check_against_dtm("KQK", 1, true);
    check_against_dtm("KRK", 1, true);
    check_against_dtm("KBK", 1, true);
    check_against_dtm("KNK", 1, true);
    check_against_dtm("KPK", 1, false);
}

TEST(syzygy_four_men_match_dtm_sampled)
{
    static const struct {
        const char *code;
        bool lone_king;
    } TABLES[] = {{"KQKR", false}, {"KRKB", false}, {"KRKN", false}, {"KBNK", true},
                  {"KBBK", true},  {"KNNK", true},  {"KQQK", false}, {"KRRK", false}};
    /* KQQK, KRRK: the weak king may take one of two pieces and the rest
     * still wins, so DTZ can be shorter than DTM there. */
    init_dir(SYZYGY_DIR, NULL);
    for (size_t i = 0; i < sizeof TABLES / sizeof TABLES[0]; i++)
        check_against_dtm(TABLES[i].code, 400, TABLES[i].lone_king);
}

TEST(syzygy_four_men_with_pawns_match_dtm_dtz_sampled)
{
    /* The 4-man tables with pawns (29.6 MB each in memory) fit
     * DTM_MEMORY_CAP now; the KPKP tests build these already (KPKP needs
     * KQKP, KRKP, ... for its promotions), so in a full run this costs only
     * the probes of one stored position in 2000 (about 4000 per table). */
    static const char *const TABLES[] = {"KQKP", "KRKP", "KPKP"};
    init_dir(SYZYGY_DIR, NULL);
    for (size_t i = 0; i < sizeof TABLES / sizeof TABLES[0]; i++)
        check_against_dtm(TABLES[i], 2000, false);
}

/* A random legal position of the material `code` ("KPvKP"), halfmove 0,
 * or false if the placement drawn is illegal. With ep_file >= 0, White
 * is to move and Black's pawn has just come two squares to ep_file's 5th
 * rank next to White's pawn (the code needs one pawn each). */
static bool random_position(Rng *rng, const char *code, int ep_file, Position *pos)
{
    char board[64] = {0}, fen[120];
    Color stm = ep_file >= 0 ? WHITE : (Color)rng_below(rng, 2);
    bool placed_pawn[COLOR_NB] = {false, false};
    int side = 0;
    if (ep_file >= 0) {
        int wf = ep_file == 0 ? 1 : ep_file == 7 ? 6 : ep_file + (rng_below(rng, 2) ? 1 : -1);
        board[make_square(ep_file, 4)] = 'p';
        board[make_square(wf, 4)] = 'P';
        placed_pawn[WHITE] = placed_pawn[BLACK] = true;
    }
    for (const char *c = code; *c; c++) {
        if (*c == 'v') {
            side = 1;
            continue;
        }
        if (*c == 'P' && placed_pawn[side]) {
            placed_pawn[side] = false;
            continue;
        }
        int s;
        do
            s = rng_below(rng, 64);
        while (board[s] || (*c == 'P' && (s < 8 || s >= 56))
               || (ep_file >= 0 && (s == make_square(ep_file, 5) || s == make_square(ep_file, 6))));
        board[s] = side ? (char)(*c - 'A' + 'a') : *c;
    }
    int n = fen_placement(board, fen);
    char ep[3] = "-";
    if (ep_file >= 0)
        ep[0] = (char)('a' + ep_file), ep[1] = '6', ep[2] = 0;
    snprintf(fen + n, sizeof fen - (size_t)n, "%c - %s 0 1", stm == WHITE ? 'w' : 'b', ep);
    if (!pos_set_fen(pos, fen, NULL, 0, NULL, 0))
        return false;
    Color them = !pos->side;
    return !(attackers_to(pos, king_square(pos, them), occupied(pos)) & pos->by_color[pos->side]);
}

/* WDL and DTZ of pos from its moves' values (1 ply of minimax over the
 * files); false for a position without moves. */
static bool minimax(Position *pos, int *wdl, int *dtz, bool *ok)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    if (!l.count)
        return false;
    int best = -3, win_dtz = 1000, loss_dtz = 0;
    for (int i = 0; i < l.count; i++) {
        Move m = l.moves[i];
        bool zeroing = is_capture(pos, m) || type_of(piece_on(pos, move_from(m))) == PAWN;
        int w = 0, d = 0;
        Undo u;
        pos_make(pos, m, &u);
        *ok &= syzygy_probe_wdl(pos, &w) && syzygy_probe_dtz(pos, &d);
        bool mate = in_check(pos) && count_legal(pos) == 0;
        pos_unmake(pos);
        int plies = zeroing || mate ? 1 : 1 + abs(d);
        if (-w > best)
            best = -w;
        if (-w > 0 && plies < win_dtz)
            win_dtz = plies;
        if (-w < 0 && plies > loss_dtz)
            loss_dtz = plies;
    }
    *wdl = best;
    *dtz = best > 0 ? win_dtz : best < 0 ? -loss_dtz : 0;
    return true;
}

typedef struct {
    uint64_t checked, failures;
} Tally;

static void check_minimax(Position *pos, Tally *tally)
{
    int wdl = 99, dtz = 999, mwdl, mdtz;
    bool ok = syzygy_probe_wdl(pos, &wdl) && syzygy_probe_dtz(pos, &dtz);
    if (!minimax(pos, &mwdl, &mdtz, &ok))
        return;
    tally->checked++;
    if (ok && wdl == mwdl && dtz == mdtz)
        return;
    if (tally->failures++ < 5) {
        char fen[128];
        pos_get_fen(pos, fen);
        CHECK_MSG(false, "%s: ok %d wdl %d dtz %d, from the moves: wdl %d dtz %d", fen, ok, wdl, dtz, mwdl, mdtz);
    }
}

/* Every file of tests/data/syzygy, sampled (either colour the named
 * side), against its moves' values. */
TEST(syzygy_values_agree_with_their_moves)
{
    static const char *const CODES[] = {"KQvK",  "KRvK",  "KBvK",  "KNvK",  "KPvK",  "KQQvK", "KQRvK", "KQBvK", "KQNvK",
                                        "KQPvK", "KRRvK", "KRBvK", "KRNvK", "KRPvK", "KBBvK", "KBNvK", "KBPvK", "KNNvK",
                                        "KNPvK", "KPPvK", "KQvKQ", "KQvKR", "KQvKB", "KQvKN", "KQvKP", "KRvKR", "KRvKB",
                                        "KRvKN", "KRvKP", "KBvKB", "KBvKN", "KBvKP", "KNvKN", "KNvKP", "KPvKP"};
    init_dir(SYZYGY_DIR, NULL);
    Rng rng = {0x5A5A1234u};
    static Position pos;
    for (size_t i = 0; i < sizeof CODES / sizeof CODES[0]; i++) {
        Tally tally = {0, 0};
        char swapped[16]; /* the same material with Black the named side */
        const char *v = strchr(CODES[i], 'v');
        snprintf(swapped, sizeof swapped, "%sv%.*s", v + 1, (int)(v - CODES[i]), CODES[i]);
        for (int n = 0; n < 600; n++)
            if (random_position(&rng, n % 2 ? swapped : CODES[i], -1, &pos))
                check_minimax(&pos, &tally);
        CHECK_MSG(tally.checked > 300 && tally.failures == 0, "%s: %llu of %llu differ", CODES[i],
                  (unsigned long long)tally.failures, (unsigned long long)tally.checked);
    }
    /* Found by comparing with Fathom on 100000 positions: the file holds
     * White to move, and the pawn's promotions lose (Rg8+ skewers), so
     * the win needs the 1-ply search over the king's moves. */
    static const char *const FOUND[] = {"R7/8/6k1/8/8/8/K5p1/8 b - - 0 1", "8/1R6/8/1K2k3/8/8/4p3/8 b - - 0 1"};
    for (int i = 0; i < 2; i++) {
        Tally tally = {0, 0};
        CHECK(set_fen_checked(&pos, FOUND[i]));
        check_minimax(&pos, &tally);
        CHECK(tally.checked == 1 && tally.failures == 0);
    }
}

/* En passant is not in the files: the prober must take it into account. */
TEST(syzygy_en_passant_and_castling_rights)
{
    init_dir(SYZYGY_DIR, NULL);
    Rng rng = {0xE9E9E9u};
    static Position pos;
    Tally tally = {0, 0};
    int with_ep = 0;
    for (int n = 0; n < 3000; n++)
        if (random_position(&rng, "KPvKP", rng_below(&rng, 8), &pos) && pos.ep != SQ_NONE) {
            with_ep++;
            check_minimax(&pos, &tally);
        }
    /* Castling rights are not in the files either: not probed. */
    int v;
    CHECK(set_fen_checked(&pos, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1"));
    CHECK(!syzygy_probe_wdl(&pos, &v) && !syzygy_probe_dtz(&pos, &v));
    CHECK(set_fen_checked(&pos, "r3k3/8/8/8/8/8/8/4K2R w - - 0 1"));
    CHECK(syzygy_probe_wdl(&pos, &v) && syzygy_probe_dtz(&pos, &v));
    CHECK_MSG(with_ep > 1000 && tally.failures == 0, "%llu of %llu differ (%d with ep)",
              (unsigned long long)tally.failures, (unsigned long long)tally.checked, with_ep);
}

static bool copy_prefix(const char *from, const char *to, long bytes)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    bool ok = in && out;
    for (long i = 0; ok && (bytes < 0 || i < bytes); i++) {
        int c = fgetc(in);
        if (c == EOF)
            break;
        fputc(c, out);
    }
    if (in)
        fclose(in);
    if (out)
        ok &= fclose(out) == 0;
    return ok;
}

static bool messages_mention(const char *what)
{
    char msg[256];
    bool seen = false;
    while (syzygy_next_message(msg, sizeof msg))
        seen |= strstr(msg, what) != NULL;
    return seen;
}

/* A truncated file, a file of the other kind under a table's name and an
 * empty one: each probe fails with a message and nothing else breaks. */
TEST(syzygy_broken_files_are_disabled)
{
    char dir[] = "/tmp/ks-syzygy-XXXXXX", path[2][80];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path[0], sizeof path[0], "%s/KQvKR.rtbw", dir);
    snprintf(path[1], sizeof path[1], "%s/KQvKR.rtbz", dir);
    CHECK(copy_prefix(SYZYGY_DIR "/KQvKR.rtbw", path[0], 3000));
    CHECK(copy_prefix(SYZYGY_DIR "/KQvKR.rtbw", path[1], -1)); /* WDL bytes under the DTZ name */
    SyzygyInfo info;
    init_dir(dir, &info);
    CHECK_EQ_U64(info.wdl_files, 1);
    static Position pos;
    int v;
    CHECK(set_fen_checked(&pos, "8/8/2k5/1r6/8/8/8/2KQ4 b - - 0 1"));
    CHECK(!syzygy_probe_wdl(&pos, &v));
    CHECK(messages_mention("truncated"));
    CHECK(!syzygy_probe_wdl(&pos, &v)); /* disabled: no second message */
    CHECK(!messages_mention("KQvKR"));
    CHECK(!syzygy_probe_dtz(&pos, &v));

    /* Every prefix of a small file: refused or probed, never a crash. */
    snprintf(path[0], sizeof path[0], "%s/KRvKN.rtbw", dir);
    for (long cut = 0; cut <= 1200; cut += 7) {
        CHECK(copy_prefix(SYZYGY_DIR "/KRvKN.rtbw", path[0], cut < 1200 ? cut : 100047));
        init_dir(dir, NULL);
        CHECK(set_fen_checked(&pos, "8/8/2k5/1n6/8/8/8/2KR4 w - - 0 1"));
        syzygy_probe_wdl(&pos, &v);
    }
    CHECK(messages_mention("KRvKN"));

    /* Random bytes changed anywhere (header, index, blocks): probes may
     * fail or answer nonsense, but stay inside the file (run under ASan). */
    Rng rng = {0xBADF11Eu};
    char small[2][80]; /* what captures lead to, intact */
    snprintf(small[0], sizeof small[0], "%s/KRvK.rtbw", dir);
    snprintf(small[1], sizeof small[1], "%s/KNvK.rtbw", dir);
    CHECK(copy_prefix(SYZYGY_DIR "/KRvK.rtbw", small[0], -1) && copy_prefix(SYZYGY_DIR "/KNvK.rtbw", small[1], -1));
    for (int round = 0; round < 40; round++) {
        FILE *in = fopen(SYZYGY_DIR "/KRvKN.rtbw", "rb"), *out = fopen(path[0], "wb");
        CHECK(in && out);
        if (!in || !out)
            break;
        static unsigned char bytes[1 << 17];
        size_t n = fread(bytes, 1, sizeof bytes, in);
        for (int k = 0; k < 8; k++) {
            size_t at = round < 20 ? rng_next(&rng) % 200 : rng_next(&rng) % n; /* header first */
            bytes[at] ^= (unsigned char)(1 + rng_next(&rng) % 255);
        }
        fwrite(bytes, 1, n, out);
        fclose(in);
        fclose(out);
        init_dir(dir, NULL);
        for (int i = 0; i < 50; i++)
            if (random_position(&rng, "KRvKN", -1, &pos))
                syzygy_probe_wdl(&pos, &v);
    }

    CHECK(copy_prefix(SYZYGY_DIR "/KQvKR.rtbz", path[0], -1));
    init_dir(dir, NULL);
    CHECK(set_fen_checked(&pos, "8/8/2k5/1n6/8/8/8/2KR4 w - - 0 1"));
    CHECK(!syzygy_probe_wdl(&pos, &v));
    CHECK(messages_mention("magic"));
    unlink(path[0]);
    unlink(path[1]);
    unlink(small[0]);
    unlink(small[1]);
    snprintf(path[0], sizeof path[0], "%s/KQvKR.rtbw", dir);
    unlink(path[0]);
    rmdir(dir);
    init_dir(SYZYGY_DIR, NULL);
}

/* Several threads probing tables none of them has opened yet: each file
 * is mapped once and every thread gets the values one thread alone gets. */
#define PROBE_THREADS 4
#define THREAD_PROBES 400

typedef struct {
    const char (*fens)[100];
    int wdl[THREAD_PROBES];
    bool ok;
} ProbeJob;

static void *probe_job(void *arg)
{
    ProbeJob *job = arg;
    Position *pos = malloc(sizeof *pos);
    job->ok = pos != NULL;
    for (int i = 0; pos && i < THREAD_PROBES; i++)
        job->ok &= pos_set_fen(pos, job->fens[i], NULL, 0, NULL, 0) && syzygy_probe_wdl(pos, &job->wdl[i]);
    free(pos);
    return NULL;
}

TEST(syzygy_threads_open_and_probe_at_once)
{
    static const char *const CODES[] = {"KQvKR", "KRvKP", "KPvKP", "KBNvK", "KQPvK", "KNvKP"};
    static char fens[THREAD_PROBES][100];
    static Position pos;
    Rng rng = {0x7788AAu};
    for (int n = 0; n < THREAD_PROBES;)
        if (random_position(&rng, CODES[n % 6], -1, &pos))
            pos_get_fen(&pos, fens[n++]);
    init_dir(SYZYGY_DIR, NULL);
    static ProbeJob jobs[PROBE_THREADS];
    pthread_t threads[PROBE_THREADS];
    for (int i = 0; i < PROBE_THREADS; i++) {
        jobs[i].fens = (const char(*)[100])fens;
        CHECK(pthread_create(&threads[i], NULL, probe_job, &jobs[i]) == 0);
    }
    for (int i = 0; i < PROBE_THREADS; i++)
        pthread_join(threads[i], NULL);
    ProbeJob alone = {(const char(*)[100])fens, {0}, false};
    probe_job(&alone);
    CHECK(alone.ok);
    for (int i = 0; i < PROBE_THREADS; i++)
        CHECK(jobs[i].ok && !memcmp(jobs[i].wdl, alone.wdl, sizeof alone.wdl));
}
