/* The trainer (tools/nn_train.h): its gradients against central finite
 * differences of its own loss, a tiny net that learns a synthetic target
 * (the material balance), the export against the engine's reader, and the
 * neighbours the trainer's --augment labels: reachable, not in check, and
 * quiet by a test of its own (no undefended man or bigger man en prise). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "eval/nnue.h"
#include "harness.h"
#include "test_util.h"
#include "tools/nn_train.h"
#include "tools/samples.h"

#define FD_SAMPLES 24
#define FD_CHECKS 300

typedef struct {
    TnSample *s;
    int count, cap;
    int value[PIECE_TYPE_NB];
} Collect;

static void collect(Position *pos, const MoveList *legal, Rng *rng, void *ctx)
{
    (void)legal;
    Collect *c = ctx;
    if (c->count == c->cap)
        return;
    int white = 0;
    for (Square sq = 0; sq < SQ_NB; sq++) {
        Piece p = pos->board[sq];
        if (p != NO_PIECE)
            white += (color_of(p) == WHITE ? 1 : -1) * c->value[type_of(p)];
    }
    tn_sample_from_position(pos, white, rng_below(rng, 3), &c->s[c->count++]);
}

static double total_loss(const TnNet *net, const TnSample *s, int n, float *acc)
{
    double loss = 0;
    for (int i = 0; i < n; i++) {
        float out = tn_forward(net, &s[i], acc);
        double e = 1.0 / (1.0 + exp(-(double)out)) - tn_target(&s[i], 0.5f);
        loss += e * e;
    }
    return loss;
}

TEST(train_gradients_match_finite_differences)
{
    Collect c = {malloc(FD_SAMPLES * sizeof(TnSample)), 0, FD_SAMPLES, {0, 100, 300, 320, 500, 900, 0}};
    random_games(collect, &c, 11);
    uint64_t rng = 3;
    TnNet net;
    CHECK(tn_net_create(&net, 16, &rng));
    /* Biases away from zero, so that some neurons sit in SCReLU's curved
     * part and the output bias matters. */
    for (int i = 0; i < net.hidden; i++)
        net.hidden_b[i] = 0.3f + 0.02f * (float)i;
    net.out_b[0] = 0.1f;
    float *grad = calloc(net.count, sizeof *grad), acc[32];
    for (int i = 0; i < c.count; i++)
        tn_backward(&net, &c.s[i], tn_target(&c.s[i], 0.5f), grad, acc);
    Rng pick = {17};
    int checked = 0, bad = 0;
    for (int k = 0; k < FD_CHECKS; k++) {
        /* Half the checks on parameters with a gradient (the features the
         * samples use, the biases, the output layer). */
        size_t i = (size_t)rng_below(&pick, (int)net.count);
        if (grad[i] == 0.0f && k % 2)
            continue;
        float keep = net.param[i], h = 1e-3f;
        net.param[i] = keep + h;
        double up = total_loss(&net, c.s, c.count, acc);
        net.param[i] = keep - h;
        double down = total_loss(&net, c.s, c.count, acc);
        net.param[i] = keep;
        double fd = (up - down) / (2.0 * h);
        checked++;
        if (fabs(fd - grad[i]) > 2e-3 + 0.02 * fabs(fd)) {
            if (bad++ < 5)
                printf("    parameter %zu: gradient %.6g, finite difference %.6g\n", i, grad[i], fd);
        }
    }
    /* A kink of SCReLU (at 0 or 1) inside +-h can spoil a difference:
     * allow one in a hundred. */
    CHECK_MSG(bad * 100 <= checked, "%d of %d differ", bad, checked);
    CHECK(checked > 150);
    tn_net_free(&net);
    free(grad);
    free(c.s);
}

/* Mean |prediction - material| in centipawns over positions whose balance
 * is within +-600 cp, where sigmoid(score / 400) still has a slope to
 * learn from (beyond it every wrong answer near 1 costs almost nothing). */
static double held_out_error(const TnNet *net, const TnSample *s, int n, float *acc)
{
    double sum = 0;
    int used = 0;
    for (int i = 0; i < n; i++)
        if (abs(s[i].score) <= 600) {
            sum += fabs(tn_forward(net, &s[i], acc) * NNUE_SCALE - s[i].score);
            used++;
        }
    return used ? sum / used : 1e9;
}

/* A random placement (not always a legal position: the trainer needs only
 * the men) of two kings and up to 14 other men of random kinds, with the
 * material balance from the side to move's view as its score. */
static void random_material_sample(Rng *rng, TnSample *s)
{
    static const int VALUE[PIECE_TYPE_NB] = {0, 100, 300, 300, 500, 900, 0};
    char board[SQ_NB] = {0};
    memset(s, 0, sizeof *s);
    int men = 2 + rng_below(rng, 15), score = 0;
    for (int k = 0; k < men; k++) {
        Square sq;
        do
            sq = rng_below(rng, 64);
        while (board[sq]);
        board[sq] = 1;
        Color c = k < 2 ? k : rng_below(rng, 2);
        PieceType pt = k < 2 ? KING : PAWN + rng_below(rng, 5);
        s->feat[s->count++] = (uint16_t)nnue_feature(WHITE, make_piece(c, pt), sq);
        score += (c == WHITE ? 1 : -1) * VALUE[pt];
    }
    s->score = (int16_t)score;
    s->result = 1;
}

TEST(train_tiny_net_learns_material)
{
    enum { N = 20000, TEST_N = 2000, HIDDEN = 16, EPOCHS = 30, BATCH = 256 };
    TnSample *samples = malloc((N + TEST_N) * sizeof *samples);
    Rng rng_data = {21};
    for (int i = 0; i < N + TEST_N; i++)
        random_material_sample(&rng_data, &samples[i]);
    uint64_t rng = 9;
    TnNet net;
    TnAdam adam;
    CHECK(tn_net_create(&net, HIDDEN, &rng) && tn_adam_create(&adam, net.count, 0.01f));
    float *grad = malloc(net.count * sizeof *grad), acc[2 * HIDDEN];
    double before = held_out_error(&net, samples + N, TEST_N, acc), after;
    /* lambda 0: the target is sigmoid(material / 400) alone. */
    for (int e = 0; e < EPOCHS; e++)
        for (int b = 0; b < N; b += BATCH) {
            memset(grad, 0, net.count * sizeof *grad);
            for (int i = b; i < b + BATCH && i < N; i++)
                tn_backward(&net, &samples[i], tn_target(&samples[i], 0.0f), grad, acc);
            for (size_t k = 0; k < net.count; k++)
                grad[k] /= BATCH;
            tn_adam_step(&adam, &net, grad);
        }
    after = held_out_error(&net, samples + N, TEST_N, acc);
    /* A net that learnt nothing errs by a couple of pawns on these
     * placements; one that learnt the count by well under half a pawn. */
    CHECK_MSG(after < 40 && after < before / 5, "mean error %.1f cp before, %.1f cp after training", before, after);
    tn_net_free(&net);
    tn_adam_free(&adam);
    free(grad);
    free(samples);
}

TEST(train_export_is_read_by_the_engine_and_the_trainer)
{
    uint64_t rng = 5;
    TnNet net;
    CHECK(tn_net_create(&net, NNUE_HIDDEN, &rng));
    /* Every parameter on its quantisation grid (hidden weights and biases
     * in steps of 1/QA, output weights 1/QB, output bias 1/(QA*QB)), output
     * weights of the size a trained net has: the exported integers are
     * then the float net itself, and what may differ is the engine's
     * integer arithmetic alone (its divisions), not a rounding noise that
     * grows with the width of the net. */
    for (int i = 0; i < NNUE_INPUTS * net.hidden; i++)
        net.hidden_w[i] = roundf(net.hidden_w[i] * NNUE_QA) / NNUE_QA;
    Rng big = {8};
    for (int i = 0; i < net.hidden; i++)
        net.hidden_b[i] = 64.0f / NNUE_QA;
    /* Every output bucket (eval/nnue_arch.h), so that a shape with more
     * than one is checked as it is. */
    for (int i = 0; i < NNUE_OUTPUT_BUCKETS * 2 * net.hidden; i++)
        net.out_w[i] = (float)(rng_below(&big, 253) - 126) / NNUE_QB;
    for (int b = 0; b < NNUE_OUTPUT_BUCKETS; b++)
        net.out_b[b] = (float)(816 - 40 * b) / (NNUE_QA * NNUE_QB);
    char path[64]; /* per process, as in test_nnue.c */
    snprintf(path, sizeof path, "/tmp/ks-test-train-%ld.nnue", (long)getpid());
    FILE *f = fopen(path, "wb");
    CHECK(f && tn_export(&net, f));
    if (f)
        fclose(f);
    char err[256] = "";
    CHECK_MSG(nnue_load(path, err, sizeof err), "%s", err);
    /* The integer net and the float net agree to a few centipawns. */
    static const char *const FENS[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    float acc[2 * NNUE_HIDDEN];
    for (int i = 0; i < 3; i++) {
        Position pos;
        set_fen_checked(&pos, FENS[i]);
        TnSample s;
        tn_sample_from_position(&pos, 0, 1, &s);
        float want = tn_forward(&net, &s, acc) * NNUE_SCALE;
        int got = nnue_evaluate(&pos);
        CHECK_MSG(fabsf((float)got - want) < 2.0f, "%s: engine %d, trainer %.2f", FENS[i], got, want);
    }
    /* Read back by the trainer: every parameter is on its grid, so the
     * division by its scale gives it exactly; a truncated file is refused. */
    TnNet back;
    uint64_t rng2 = 9;
    CHECK(tn_net_create(&back, NNUE_HIDDEN, &rng2));
    f = fopen(path, "rb");
    char ierr[256] = "";
    CHECK_MSG(f && tn_import(&back, f, ierr, sizeof ierr), "import refused: %s", ierr);
    if (f)
        fclose(f);
    size_t differ = 0;
    for (size_t i = 0; i < net.count; i++)
        differ += back.param[i] != net.param[i];
    CHECK_MSG(differ == 0, "%zu of %zu parameters differ after export and import", differ, net.count);
    f = fopen(path, "rb");
    char head[4096];
    size_t got_bytes = f ? fread(head, 1, sizeof head, f) : 0;
    if (f)
        fclose(f);
    f = tmpfile();
    CHECK(f && fwrite(head, 1, got_bytes, f) == got_bytes);
    if (f) {
        rewind(f);
        CHECK(!tn_import(&back, f, ierr, sizeof ierr));
        CHECK_MSG(strstr(ierr, "bytes") != NULL, "truncated net refused with \"%s\"", ierr);
        fclose(f);
    }
    tn_net_free(&back);
    nnue_load("<default>", err, sizeof err);
    remove(path);
    tn_net_free(&net);
}

/* Every key reachable from pos in 1..depth plies, appended to keys. */
static void reachable_keys(Position *pos, int depth, Key **keys, size_t *count, size_t *cap)
{
    MoveList list;
    list.count = 0;
    gen_legal(pos, &list, GEN_ALL);
    for (int i = 0; i < list.count; i++) {
        Undo undo;
        pos_make(pos, list.moves[i], &undo);
        if (*count == *cap) {
            *cap = *cap ? *cap * 2 : 4096;
            *keys = realloc(*keys, *cap * sizeof **keys);
        }
        (*keys)[(*count)++] = pos->key;
        if (depth > 1)
            reachable_keys(pos, depth - 1, keys, count, cap);
        pos_unmake(pos);
    }
}

static int cmp_key(const void *a, const void *b)
{
    Key x = *(const Key *)a, y = *(const Key *)b;
    return x < y ? -1 : x > y;
}

/* Textbook values: a capture of a bigger man, or of a man nothing takes
 * back, wins material whatever follows. */
static const int MAN_VALUE[PIECE_TYPE_NB] = {
    [PAWN] = 1, [KNIGHT] = 3, [BISHOP] = 3, [ROOK] = 5, [QUEEN] = 9, [KING] = 100};

static bool obviously_loud(Position *pos)
{
    MoveList list;
    list.count = 0;
    gen_legal(pos, &list, GEN_ALL);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_kind(m) == MK_PROMOTION)
            return true;
        Piece victim = move_kind(m) == MK_EN_PASSANT ? make_piece(!pos->side, PAWN) : piece_on(pos, move_to(m));
        if (move_kind(m) == MK_CASTLING || victim == NO_PIECE)
            continue;
        if (MAN_VALUE[type_of(victim)] > MAN_VALUE[type_of(piece_on(pos, move_from(m)))])
            return true;
        Undo undo;
        pos_make(pos, m, &undo);
        MoveList back;
        back.count = 0;
        gen_legal(pos, &back, GEN_ALL);
        bool retaken = false;
        for (int k = 0; k < back.count; k++)
            retaken |= move_to(back.moves[k]) == move_to(m);
        pos_unmake(pos);
        if (!retaken)
            return true;
    }
    return false;
}

TEST(train_quiet_neighbours_are_reachable_and_quiet)
{
    static const char *const FENS[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    };
    int total = 0;
    for (int f = 0; f < 3; f++)
        for (int plies = 1; plies <= 3; plies += 2) {
            Position pos, q;
            set_fen_checked(&pos, FENS[f]);
            Key *keys = NULL;
            size_t count = 0, cap = 0;
            reachable_keys(&pos, plies, &keys, &count, &cap);
            qsort(keys, count, sizeof *keys, cmp_key);
            uint64_t rng = 77 + (uint64_t)f;
            int found = 0, tries = 300;
            for (int t = 0; t < tries; t++) {
                if (!tn_quiet_neighbour(&pos, plies, &rng, &q))
                    continue;
                found++;
                CHECK(bsearch(&q.key, keys, count, sizeof *keys, cmp_key) != NULL);
                CHECK(!in_check(&q));
                CHECK_MSG(!obviously_loud(&q), "%s: a neighbour with a winning capture", FENS[f]);
                CHECK(q.undo == NULL);
            }
            /* After any first move Black has nothing to capture; in
             * Kiwipete men stand en prise on both sides. */
            if (f == 0 && plies == 1)
                CHECK_MSG(found == tries, "start position, 1 ply: %d of %d kept", found, tries);
            if (f == 1)
                CHECK_MSG(found < tries / 10, "Kiwipete, %d plies: %d of %d kept", plies, found, tries);
            total += found;
            free(keys);
        }
    CHECK_MSG(total >= 500, "%d neighbours kept in all", total);
}

TEST(train_target_without_result_is_the_score_alone)
{
    TnSample s = {.score = 400, .result = TN_NO_RESULT};
    for (float lambda = 0.0f; lambda <= 1.0f; lambda += 0.25f) {
        CHECK(fabsf(tn_target(&s, lambda) - 0.7310586f) < 1e-6f); /* 1 / (1 + e^-1) */
        s.score = -800;
        CHECK(fabsf(tn_target(&s, lambda) - 0.1192029f) < 1e-6f); /* 1 / (1 + e^2) */
        s.score = 400;
    }
}
