/* The network evaluation against outside references:
 * - incremental accumulators equal a refresh from scratch along random
 *   make/unmake trees from the perft suites (standard and Chess960), which
 *   hold castling, en passant and every promotion, with null moves between;
 * - the engine's output equals a second, plain implementation written
 *   here from the file layout in eval/nnue.h (bullet's layout, QA 255,
 *   QB 64, scale 400), on a net of random weights at the extremes the
 *   trainer allows, over thousands of positions;
 * - EvalFile refuses missing, truncated and wrong-sized files and keeps
 *   the active net. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eval/nnue.h"
#include "harness.h"
#include "test_util.h"

#define TREE_DEPTH 4
#define TREE_WIDTH 3

typedef struct {
    long nodes, mismatches;
} TreeStats;

static bool acc_equal(const NnueAccumulator *a, const NnueAccumulator *b) { return !memcmp(a->v, b->v, sizeof a->v); }

static bool special(const Position *pos, Move m) { return move_kind(m) != MK_NORMAL || is_capture(pos, m); }

static void walk_tree(Position *pos, const NnueAccumulator *acc, int depth, Rng *rng, TreeStats *st)
{
    NnueAccumulator fresh;
    nnue_refresh(pos, &fresh);
    st->nodes++;
    if (!acc_equal(acc, &fresh)) {
        if (st->mismatches++ < 3) {
            char fen[128];
            pos_get_fen(pos, fen);
            printf("    incremental accumulator differs from a refresh at %s\n", fen);
        }
        return;
    }
    if (depth == 0)
        return;
    MoveList list;
    list.count = 0;
    gen_legal(pos, &list, GEN_ALL);
    /* Every castling, en-passant, promotion and capture move here, and a
     * few random others. */
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!special(pos, m) && rng_below(rng, list.count) >= TREE_WIDTH)
            continue;
        NnueAccumulator next;
        NnueDirty d;
        nnue_dirty(pos, m, &d);
        nnue_apply(acc, &next, &d);
        Undo u;
        pos_make(pos, m, &u);
        walk_tree(pos, &next, depth - 1, rng, st);
        pos_unmake(pos);
    }
    if (!in_check(pos) && depth >= 2) {
        NnueAccumulator next;
        NnueDirty d;
        nnue_dirty(pos, MOVE_NULL, &d);
        nnue_apply(acc, &next, &d);
        Undo u;
        pos_make_null(pos, &u);
        walk_tree(pos, &next, depth - 1, rng, st);
        pos_unmake_null(pos);
    }
    /* After the unmakes the caller's accumulator still describes pos. */
    nnue_refresh(pos, &fresh);
    if (!acc_equal(acc, &fresh))
        st->mismatches++;
}

static int load_fens(const char *path, char (*fens)[128], int max)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[512];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *semi = strchr(line, ';');
        if (semi)
            *semi = 0;
        line[127] = 0;
        memcpy(fens[n++], line, 128);
    }
    fclose(f);
    return n;
}

TEST(nnue_incremental_accumulators_equal_refresh)
{
    static char fens[400][128];
    Rng rng = {0x5EED};
    TreeStats st = {0, 0};
    for (int chess960 = 0; chess960 <= 1; chess960++) {
        int n = load_fens(chess960 ? "tests/data/perft960.epd" : "tests/data/perft.epd", fens, 400);
        CHECK(n > 100);
        for (int i = 0; i < n; i++) {
            Position pos;
            if (!pos_set_fen_mode(&pos, fens[i], chess960, NULL, 0, NULL, 0))
                continue;
            NnueAccumulator acc;
            nnue_refresh(&pos, &acc);
            walk_tree(&pos, &acc, TREE_DEPTH, &rng, &st);
        }
    }
    CHECK_EQ_U64(st.mismatches, 0);
    CHECK(st.nodes > 100000);
}

/* ---- a second implementation of the output, from the file layout ---- */

typedef struct {
    int16_t w0[NNUE_INPUTS][NNUE_HIDDEN], b0[NNUE_HIDDEN], w1[2 * NNUE_HIDDEN], b1;
} RefNet;

static void put16(uint8_t **p, int v)
{
    (*p)[0] = (uint8_t)(v & 0xff);
    (*p)[1] = (uint8_t)((v >> 8) & 0xff);
    *p += 2;
}

/* A raw bullet file (no header) of ref, padded to 64 bytes. */
static size_t write_raw(const RefNet *ref, uint8_t *buf)
{
    uint8_t *p = buf;
    for (int f = 0; f < NNUE_INPUTS; f++)
        for (int i = 0; i < NNUE_HIDDEN; i++)
            put16(&p, ref->w0[f][i]);
    for (int i = 0; i < NNUE_HIDDEN; i++)
        put16(&p, ref->b0[i]);
    for (int i = 0; i < 2 * NNUE_HIDDEN; i++)
        put16(&p, ref->w1[i]);
    put16(&p, ref->b1);
    while ((p - buf) % 64)
        *p++ = 0;
    return (size_t)(p - buf);
}

static int ref_eval(const RefNet *ref, const Position *pos)
{
    long long acc[2][NNUE_HIDDEN];
    for (int side = 0; side < 2; side++) {
        Color view = side == 0 ? pos->side : !pos->side;
        for (int i = 0; i < NNUE_HIDDEN; i++)
            acc[side][i] = ref->b0[i];
        for (Square sq = 0; sq < SQ_NB; sq++) {
            Piece p = pos->board[sq];
            if (p == NO_PIECE)
                continue;
            /* Written out from the layout rather than with nnue_feature. */
            int own = (p >> 3) == view ? 0 : 1;
            int type = (p & 7) - 1;
            int square = view == WHITE ? sq : (7 - sq / 8) * 8 + sq % 8;
            for (int i = 0; i < NNUE_HIDDEN; i++)
                acc[side][i] += ref->w0[own * 384 + type * 64 + square][i];
        }
    }
    long long sum = 0;
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < NNUE_HIDDEN; i++) {
            long long x = acc[side][i] < 0 ? 0 : acc[side][i] > 255 ? 255 : acc[side][i];
            sum += x * x * ref->w1[side * NNUE_HIDDEN + i];
        }
    long long v = sum / 255 + ref->b1;
    return (int)(v * 400 / (255 * 64));
}

typedef struct {
    const RefNet *ref;
    long positions, mismatches;
} EvalCheck;

static void check_eval(Position *pos, const MoveList *legal, Rng *rng, void *ctx)
{
    (void)legal;
    (void)rng;
    EvalCheck *c = ctx;
    c->positions++;
    int want = ref_eval(c->ref, pos), got = nnue_evaluate(pos);
    if (want != got && c->mismatches++ < 3) {
        char fen[128];
        pos_get_fen(pos, fen);
        printf("    %s: net %d, reference %d\n", fen, got, want);
    }
}

static RefNet *random_ref_net(uint64_t seed)
{
    RefNet *ref = malloc(sizeof *ref);
    if (!ref)
        return NULL;
    Rng rng = {seed};
    /* Hidden weights up to 1.98 * QA, output weights up to 1.98 * QB: the
     * trainer's clip, so the sums reach the sizes a real net can. */
    for (int f = 0; f < NNUE_INPUTS; f++)
        for (int i = 0; i < NNUE_HIDDEN; i++)
            ref->w0[f][i] = (int16_t)(rng_below(&rng, 2 * 504 + 1) - 504);
    for (int i = 0; i < NNUE_HIDDEN; i++)
        ref->b0[i] = (int16_t)(rng_below(&rng, 2 * 504 + 1) - 504);
    for (int i = 0; i < 2 * NNUE_HIDDEN; i++)
        ref->w1[i] = (int16_t)(rng_below(&rng, 2 * 126 + 1) - 126);
    ref->b1 = (int16_t)(rng_below(&rng, 2001) - 1000);
    return ref;
}

TEST(nnue_output_matches_a_second_implementation)
{
    RefNet *ref = random_ref_net(77);
    uint8_t *buf = malloc(NNUE_BODY_BYTES + 64);
    CHECK(ref && buf);
    if (!ref || !buf)
        return;
    size_t size = write_raw(ref, buf);
    char err[256] = "";
    CHECK_MSG(nnue_load_bytes(buf, size, "random", err, sizeof err), "%s", err);
    EvalCheck c = {ref, 0, 0};
    random_games(check_eval, &c, 99);
    CHECK_EQ_U64(c.mismatches, 0);
    CHECK(c.positions > 5000);
    nnue_load("<default>", err, sizeof err);
    free(ref);
    free(buf);
}

static bool write_file(const char *path, const uint8_t *bytes, size_t size)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(bytes, 1, size, f) == size;
    return f && fclose(f) == 0 && ok;
}

TEST(nnue_evalfile_refuses_bad_files)
{
    Position pos;
    set_fen_checked(&pos, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    char err[256];
    CHECK(nnue_load("<default>", err, sizeof err));
    int before = nnue_evaluate(&pos);
    RefNet *ref = random_ref_net(5);
    uint8_t *buf = malloc(NNUE_HEADER_BYTES + NNUE_BODY_BYTES + 128);
    if (!ref || !buf) {
        CHECK(false);
        return;
    }
    size_t size = write_raw(ref, buf);
    /* Per process: the plain and the sanitizer runs may go side by side. */
    char path[64];
    snprintf(path, sizeof path, "/tmp/ks-test-nnue-%ld.nnue", (long)getpid());
    CHECK(!nnue_load("build/no_such_net.nnue", err, sizeof err));
    CHECK(write_file(path, buf, size - 65)); /* truncated */
    CHECK(!nnue_load(path, err, sizeof err));
    CHECK(write_file(path, buf, size + 64)); /* too long */
    CHECK(!nnue_load(path, err, sizeof err));
    CHECK(write_file(path, buf, 0)); /* empty */
    CHECK(!nnue_load(path, err, sizeof err));
    /* A KSNN header naming another hidden size. */
    memmove(buf + NNUE_HEADER_BYTES, buf, size);
    memcpy(buf, "KSNN", 4);
    uint32_t fields[7] = {1, 768, NNUE_HIDDEN * 2, 255, 64, 400, 1};
    for (int i = 0; i < 7; i++)
        for (int b = 0; b < 4; b++)
            buf[4 + 4 * i + b] = (uint8_t)(fields[i] >> (8 * b));
    CHECK(write_file(path, buf, size + NNUE_HEADER_BYTES));
    CHECK(!nnue_load(path, err, sizeof err));
    CHECK(strstr(err, "header") != NULL);
    CHECK_EQ_U64(nnue_evaluate(&pos), before);
    CHECK(!strcmp(nnue_net_name(), "embedded"));
    /* The same header with this build's size is accepted. */
    buf[12] = (uint8_t)NNUE_HIDDEN;
    buf[13] = (uint8_t)(NNUE_HIDDEN >> 8);
    CHECK(write_file(path, buf, size + NNUE_HEADER_BYTES));
    CHECK_MSG(nnue_load(path, err, sizeof err), "%s", err);
    /* The check the trainer's import shares: the body starts after the
     * 32-byte header, or at the first byte of a bullet file without one. */
    CHECK(nnue_file_body(buf, size + NNUE_HEADER_BYTES, err, sizeof err) == buf + NNUE_HEADER_BYTES);
    CHECK(nnue_file_body(buf + NNUE_HEADER_BYTES, size, err, sizeof err) == buf + NNUE_HEADER_BYTES);
    CHECK(nnue_file_body(buf, size + NNUE_HEADER_BYTES - 2, err, sizeof err) == NULL);
    CHECK_EQ_U64(nnue_evaluate(&pos), ref_eval(ref, &pos));
    CHECK(nnue_load("<default>", err, sizeof err));
    CHECK_EQ_U64(nnue_evaluate(&pos), before);
    remove(path);
    free(ref);
    free(buf);
}
