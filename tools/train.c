/* train: trains the engine's network (eval/nnue.h) on viriformat games.
 *
 *   train --out DIR [--hidden H] [--epochs E] [--batch B] [--lr LR]
 *         [--lambda L] [--threads T] [--seed S] [--val-every N]
 *         [--max-positions N] [--augment N] [--augment-plies P]
 *         [--teacher hce|net|FILE] [--baseline]
 *         [--resume CKPT | --init CKPT | --init-net NNUE] FILE...
 *
 * Loads every game of the files, keeps the positions that pass the
 * field's filters (ply >= 16 of the game, side to move not in check, the
 * move played not a capture or promotion, |score| < 10000), and puts every
 * N-th game (default 50) into a held-out validation set. Each epoch is
 * one pass over the training positions in a fresh random order, in
 * batches of B (default 16384) whose gradients T threads compute in
 * parallel; AdamW with learning rate LR (default 0.001) falling by a
 * cosine to LR / 100 over the run, weight decay 0.01, weights clipped to
 * +-1.98. The target is L * result + (1 - L) * sigmoid(score / 400)
 * (default L = 0.4).
 * After each epoch: one line with the training and validation loss and the
 * positions per second, DIR/epoch-E.nnue (the quantised net, KSNN header
 * and bullet's layout) and DIR/last.ckpt (floats and Adam state, for
 * --resume). A truncated last game of a file (a chunk killed while
 * writing) is dropped with a note; any other damage stops the load.
 *
 * The teacher labels the --augment positions and is the yardstick of
 * --baseline: the hand-crafted evaluation (hce, the default), the embedded
 * net (net) or a net file of this build's layout, each with the endgame
 * layer in front as in the search. A net teacher carries what an earlier
 * net learnt from games that are no longer at hand into the next one. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "engine/random.h"
#include "eval/evaluate.h"
#include "eval/nnue.h"
#include "search/init.h"
#include "search/search.h"
#include "tools/nn_train.h"
#include "tools/viriformat.h"

#define MAX_THREADS 64

typedef struct {
    const char *out, *resume, *init, *init_net, *teacher;
    int hidden, epochs, batch, threads, val_every;
    float lr, lambda;
    uint64_t seed;
    long max_positions;
    bool baseline;
    int augment, augment_plies;
} Config;

typedef struct {
    TnSample *s;
    size_t count, cap;
} SampleSet;

/* array with room for one more element of `size` bytes (count used, *cap
 * allocated; doubled when full), or NULL if out of memory (array kept). */
static void *make_room(void *array, size_t count, size_t *cap, size_t size)
{
    if (count < *cap)
        return array;
    size_t n = *cap ? *cap * 2 : 1 << 16;
    void *p = realloc(array, n * size);
    if (p)
        *cap = n;
    return p;
}

static bool push(SampleSet *set, const TnSample *s)
{
    TnSample *p = make_room(set->s, set->count, &set->cap, sizeof *p);
    if (!p)
        return false;
    set->s = p;
    set->s[set->count++] = *s;
    return true;
}

/* The teacher's static evaluation of each validation position (cp, side to
 * move), for --baseline. */
typedef struct {
    int16_t *cp;
    size_t count, cap;
} Baseline;

static bool push_cp(Baseline *b, int cp)
{
    int16_t *p = make_room(b->cp, b->count, &b->cap, sizeof *p);
    if (!p)
        return false;
    b->cp = p;
    b->cp[b->count++] = (int16_t)(cp > 32000 ? 32000 : cp < -32000 ? -32000 : cp);
    return true;
}

/* Up to cfg->augment positions a few random legal plies (1 to
 * cfg->augment_plies) away from pos, kept when the side to move is not in
 * check and has no capture or promotion that wins material by SEE (so the
 * static evaluation is not a capture behind), scored by the teacher's
 * evaluation and pushed without a result. They show the net material and
 * placements the games' own positions rarely hold (a piece left en prise
 * in the search tree), at the cost of a static evaluation each: the
 * field's bootstrap of a first net from its hand-crafted evaluation. */
static bool push_neighbours(const Position *pos, const Config *cfg, uint64_t *rng, SampleSet *train)
{
    for (int a = 0; a < cfg->augment; a++) {
        Position q;
        if (!tn_quiet_neighbour(pos, cfg->augment_plies, rng, &q))
            continue;
        int cp = evaluate(&q);
        if (cp >= 3000 || cp <= -3000)
            continue;
        TnSample s;
        tn_sample_from_position(&q, q.side == WHITE ? cp : -cp, 1, &s);
        s.result = TN_NO_RESULT;
        if (!push(train, &s))
            return false;
    }
    return true;
}

static bool load_file(const char *path, const Config *cfg, SampleSet *train, SampleSet *val, Baseline *hce, long *games,
                      uint64_t *rng)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "train: cannot open %s\n", path);
        return false;
    }
    static ViriPly plies[VIRI_MAX_PLIES];
    Position start;
    int result, n;
    char err[200];
    while ((n = viri_read_game(f, &start, &result, plies, err, sizeof err)) >= 0) {
        SampleSet *into = ++*games % cfg->val_every == 0 ? val : train;
        Position pos = start;
        Undo undo[2];
        for (int i = 0; i < n; i++) {
            if (tn_passes_filters(&pos, plies[i].move, plies[i].score)) {
                TnSample s;
                tn_sample_from_position(&pos, plies[i].score, result, &s);
                if (!push(into, &s) || (cfg->baseline && into == val && !push_cp(hce, evaluate(&pos)))
                    || (into == train && !push_neighbours(&pos, cfg, rng, train))) {
                    fprintf(stderr, "train: out of memory\n");
                    fclose(f);
                    return false;
                }
            }
            pos_make(&pos, plies[i].move, &undo[i & 1]);
            pos.undo = NULL;
        }
        if (cfg->max_positions && (long)(train->count + val->count) >= cfg->max_positions)
            break;
    }
    long at = ftell(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    if (n == -2 && strstr(err, "truncated") == NULL && strstr(err, "without its terminator") == NULL) {
        fprintf(stderr, "train: %s: game %ld: %s\n", path, *games + 1, err);
        return false;
    }
    if (n == -2)
        fprintf(stderr, "train: %s: dropped a game cut off at the end (%ld of %ld bytes read)\n", path, at, size);
    return true;
}

typedef struct {
    const TnNet *net;
    const TnSample *samples;
    const uint32_t *order;
    size_t from, to;
    float lambda;
    float *grad, *acc;
    double loss;
} Job;

static void *run_job(void *arg)
{
    Job *j = arg;
    j->loss = 0;
    for (size_t i = j->from; i < j->to; i++) {
        const TnSample *s = &j->samples[j->order ? j->order[i] : i];
        if (j->grad)
            j->loss += tn_backward(j->net, s, tn_target(s, j->lambda), j->grad, j->acc);
        else {
            float out = tn_forward(j->net, s, j->acc);
            float e = 1.0f / (1.0f + expf(-out)) - tn_target(s, j->lambda);
            j->loss += e * e;
        }
    }
    return NULL;
}

/* Runs [from, to) over the threads: gradients summed into grad (NULL:
 * loss only). Returns the summed loss. */
static double run_parallel(Job *jobs, int threads, size_t from, size_t to, float *grad, size_t count)
{
    pthread_t tid[MAX_THREADS];
    size_t n = to - from;
    for (int t = 0; t < threads; t++) {
        jobs[t].from = from + n * (size_t)t / (size_t)threads;
        jobs[t].to = from + n * (size_t)(t + 1) / (size_t)threads;
        if (grad)
            memset(jobs[t].grad, 0, count * sizeof *grad);
        if (t > 0)
            pthread_create(&tid[t], NULL, run_job, &jobs[t]);
    }
    run_job(&jobs[0]);
    double loss = jobs[0].loss;
    for (int t = 1; t < threads; t++) {
        pthread_join(tid[t], NULL);
        loss += jobs[t].loss;
    }
    if (grad) {
        for (size_t i = 0; i < count; i++) {
            float g = 0;
            for (int t = 0; t < threads; t++)
                g += jobs[t].grad[i];
            grad[i] = g / (float)n;
        }
    }
    return loss;
}

/* The validation loss a net would have if it answered the teacher's
 * static evaluation, sigmoid(k * cp / NNUE_SCALE), for a few k: the figure
 * a net has to beat to evaluate better than its teacher on these
 * positions. */
static void print_baseline(const SampleSet *val, const Baseline *hce, float lambda, const char *teacher)
{
    static const float ks[] = {0.5f, 0.75f, 1.0f, 1.25f, 1.5f, 2.0f};
    if (!strcmp(teacher, "hce"))
        printf("hand-crafted evaluation on the validation positions:");
    else
        printf("%s%s on the validation positions:", strcmp(teacher, "net") ? "teacher net " : "the embedded net",
               strcmp(teacher, "net") ? teacher : "");
    for (size_t k = 0; k < sizeof ks / sizeof ks[0]; k++) {
        double loss = 0;
        for (size_t i = 0; i < val->count; i++) {
            double e = 1.0 / (1.0 + exp(-ks[k] * hce->cp[i] / (double)NNUE_SCALE)) - tn_target(&val->s[i], lambda);
            loss += e * e;
        }
        printf("  k %.2f loss %.6f", ks[k], loss / (double)val->count);
    }
    printf("\n");
    fflush(stdout);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool parse_args(int argc, char **argv, Config *cfg, int *first_file)
{
    *cfg = (Config){.hidden = NNUE_HIDDEN,
                    .epochs = 10,
                    .batch = 16384,
                    .threads = 2,
                    .val_every = 50,
                    .lr = 0.001f,
                    .lambda = 0.4f,
                    .seed = 1,
                    .augment_plies = 2,
                    .teacher = "hce"};
    int i = 1;
    for (; i < argc && !strncmp(argv[i], "--", 2); i += 2) {
        if (i + 1 >= argc)
            return false;
        const char *k = argv[i], *v = argv[i + 1];
        if (!strcmp(k, "--out"))
            cfg->out = v;
        else if (!strcmp(k, "--resume"))
            cfg->resume = v;
        else if (!strcmp(k, "--init"))
            cfg->init = v;
        else if (!strcmp(k, "--init-net"))
            cfg->init_net = v;
        else if (!strcmp(k, "--hidden"))
            cfg->hidden = atoi(v);
        else if (!strcmp(k, "--epochs"))
            cfg->epochs = atoi(v);
        else if (!strcmp(k, "--batch"))
            cfg->batch = atoi(v);
        else if (!strcmp(k, "--threads"))
            cfg->threads = atoi(v);
        else if (!strcmp(k, "--val-every"))
            cfg->val_every = atoi(v);
        else if (!strcmp(k, "--lr"))
            cfg->lr = strtof(v, NULL);
        else if (!strcmp(k, "--lambda"))
            cfg->lambda = strtof(v, NULL);
        else if (!strcmp(k, "--seed"))
            cfg->seed = strtoull(v, NULL, 10);
        else if (!strcmp(k, "--max-positions"))
            cfg->max_positions = atol(v);
        else if (!strcmp(k, "--augment"))
            cfg->augment = atoi(v);
        else if (!strcmp(k, "--augment-plies"))
            cfg->augment_plies = atoi(v);
        else if (!strcmp(k, "--teacher"))
            cfg->teacher = v;
        else if (!strcmp(k, "--baseline")) {
            cfg->baseline = true;
            i--; /* a flag: no value */
        } else
            return false;
    }
    *first_file = i;
    return cfg->out && !!cfg->resume + !!cfg->init + !!cfg->init_net <= 1 && i < argc && cfg->hidden > 0
        && cfg->hidden % 16 == 0 && cfg->epochs > 0 && cfg->batch > 0 && cfg->threads >= 1
        && cfg->threads <= MAX_THREADS && cfg->val_every >= 2 && cfg->lr > 0 && cfg->lambda >= 0 && cfg->lambda <= 1
        && cfg->augment >= 0 && cfg->augment_plies >= 1 && cfg->augment_plies <= 8;
}

static bool save(const char *dir, const char *name, const TnNet *net, const TnAdam *adam)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    bool ok = f && (adam ? tn_save_checkpoint(net, adam, f) : tn_export(net, f));
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "train: cannot write %s\n", path);
    return ok;
}

/* mkdir -p: every missing folder of path. */
static void make_dirs(const char *path)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(buf, 0777);
            *p = '/';
        }
    mkdir(buf, 0777);
}

int main(int argc, char **argv)
{
    Config cfg;
    int first;
    if (!parse_args(argc, argv, &cfg, &first)) {
        fprintf(stderr, "usage: train --out DIR [--hidden H] [--epochs E] [--batch B] [--lr LR] [--lambda L]\n"
                        "             [--threads T] [--seed S] [--val-every N] [--max-positions N]\n"
                        "             [--augment N] [--augment-plies P] [--teacher hce|net|FILE] [--baseline]\n"
                        "             [--resume CKPT | --init CKPT | --init-net NNUE] FILE...\n");
        return 1;
    }
    keysquare_init();
    /* The teacher of --augment and the yardstick of --baseline, whatever
     * the engine's default. */
    if (!strcmp(cfg.teacher, "hce"))
        nnue_set_enabled(false);
    else {
        char err[256];
        if (strcmp(cfg.teacher, "net") && !nnue_load(cfg.teacher, err, sizeof err)) {
            fprintf(stderr, "train: teacher %s refused: %s\n", cfg.teacher, err);
            return 1;
        }
        nnue_set_enabled(true);
    }
    make_dirs(cfg.out);
    SampleSet train = {0}, val = {0};
    Baseline hce = {0};
    long games = 0;
    uint64_t aug_rng = cfg.seed ^ UINT64_C(0x5eed0a06e47);
    double t0 = now_s();
    for (int i = first; i < argc; i++)
        if (!load_file(argv[i], &cfg, &train, &val, &hce, &games, &aug_rng))
            return 1;
    printf("data: %d files, %ld games, %zu training and %zu validation positions (%.1f s to load)\n", argc - first,
           games, train.count, val.count, now_s() - t0);
    fflush(stdout);
    if (!train.count || train.count > UINT32_MAX) {
        fprintf(stderr, "train: %s training positions after the filters\n", train.count ? "too many" : "no");
        return 1;
    }
    if (!val.count)
        printf("no validation positions: fewer than %d games (--val-every)\n", cfg.val_every);
    else if (cfg.baseline)
        print_baseline(&val, &hce, cfg.lambda, cfg.teacher);

    uint64_t rng = cfg.seed;
    TnNet net;
    TnAdam adam;
    if (!tn_net_create(&net, cfg.hidden, &rng) || !tn_adam_create(&adam, net.count, cfg.lr)) {
        fprintf(stderr, "train: out of memory\n");
        return 1;
    }
    int start_epoch = 0;
    if (cfg.resume || cfg.init) {
        const char *path = cfg.resume ? cfg.resume : cfg.init;
        FILE *f = fopen(path, "rb");
        if (!f || !tn_load_checkpoint(&net, &adam, f)) {
            fprintf(stderr, "train: cannot %s from %s\n", cfg.resume ? "resume" : "start", path);
            return 1;
        }
        fclose(f);
    }
    if (cfg.init_net) {
        /* A new run from a quantised net's weights (a shipped net whose
         * checkpoint is gone), fresh moments and schedule. */
        char err[256] = "cannot open it";
        FILE *f = fopen(cfg.init_net, "rb");
        bool ok = f && tn_import(&net, f, err, sizeof err);
        if (f)
            fclose(f);
        if (!ok) {
            fprintf(stderr, "train: cannot start from the net %s: %s\n", cfg.init_net, err);
            return 1;
        }
    }
    if (cfg.init) {
        /* A new run from the checkpoint's weights: fresh moments, the
         * learning-rate schedule from its start. */
        memset(adam.m, 0, net.count * sizeof *adam.m);
        memset(adam.v, 0, net.count * sizeof *adam.v);
        adam.step = 0;
    } else if (cfg.resume) {
        long per_epoch = (long)((train.count + (size_t)cfg.batch - 1) / (size_t)cfg.batch);
        start_epoch = (int)(adam.step / per_epoch);
    }
    Job jobs[MAX_THREADS];
    float *grad = malloc(net.count * sizeof *grad);
    uint32_t *order = malloc(train.count * sizeof *order);
    for (int t = 0; t < cfg.threads; t++) {
        jobs[t] = (Job){.net = &net, .samples = train.s, .order = order, .lambda = cfg.lambda};
        jobs[t].grad = malloc(net.count * sizeof *grad);
        jobs[t].acc = malloc(2 * (size_t)cfg.hidden * sizeof *grad);
        if (!jobs[t].grad || !jobs[t].acc) {
            fprintf(stderr, "train: out of memory\n");
            return 1;
        }
    }
    if (!grad || !order)
        return 1;
    for (size_t i = 0; i < train.count; i++)
        order[i] = (uint32_t)i;
    long steps_total = (long)cfg.epochs * (long)((train.count + (size_t)cfg.batch - 1) / (size_t)cfg.batch);
    for (int epoch = start_epoch; epoch < cfg.epochs; epoch++) {
        double e0 = now_s();
        for (size_t i = train.count - 1; i > 0; i--) {
            size_t j = splitmix64(&rng) % (i + 1);
            uint32_t tmp = order[i];
            order[i] = order[j];
            order[j] = tmp;
        }
        double loss = 0;
        for (size_t b = 0; b < train.count; b += (size_t)cfg.batch) {
            size_t e = b + (size_t)cfg.batch < train.count ? b + (size_t)cfg.batch : train.count;
            /* Cosine decay from LR to LR / 100 over all steps. */
            double progress = (double)adam.step / (double)steps_total;
            adam.lr = cfg.lr * (float)(0.01 + 0.99 * 0.5 * (1.0 + cos(3.14159265358979 * progress)));
            loss += run_parallel(jobs, cfg.threads, b, e, grad, net.count);
            tn_adam_step(&adam, &net, grad);
        }
        double secs = now_s() - e0;
        double vloss = 0;
        if (val.count) {
            /* Loss only: no gradient buffers, validation samples in order. */
            float *saved[MAX_THREADS];
            for (int t = 0; t < cfg.threads; t++) {
                saved[t] = jobs[t].grad;
                jobs[t].grad = NULL;
                jobs[t].samples = val.s;
                jobs[t].order = NULL;
            }
            vloss = run_parallel(jobs, cfg.threads, 0, val.count, NULL, net.count) / (double)val.count;
            for (int t = 0; t < cfg.threads; t++) {
                jobs[t].grad = saved[t];
                jobs[t].samples = train.s;
                jobs[t].order = order;
            }
        }
        char vtext[32] = "-";
        if (val.count)
            snprintf(vtext, sizeof vtext, "%.6f", vloss);
        printf("epoch %d  train loss %.6f  validation loss %s  lr %.6f  %.0f positions/s  %.1f s\n", epoch + 1,
               loss / (double)train.count, vtext, adam.lr, (double)train.count / secs, secs);
        fflush(stdout);
        char name[64];
        snprintf(name, sizeof name, "epoch-%d.nnue", epoch + 1);
        if ((cfg.hidden == NNUE_HIDDEN && !save(cfg.out, name, &net, NULL)) || !save(cfg.out, "last.ckpt", &net, &adam))
            return 1;
    }
    for (int t = 0; t < cfg.threads; t++) {
        free(jobs[t].grad);
        free(jobs[t].acc);
    }
    free(grad);
    free(order);
    free(train.s);
    free(val.s);
    free(hce.cp);
    tn_net_free(&net);
    tn_adam_free(&adam);
    return 0;
}
