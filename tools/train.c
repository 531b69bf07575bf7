/* train: trains the engine's network (eval/nnue.h) on viriformat games.
 *
 *   train --out DIR [--hidden H] [--epochs E] [--batch B] [--lr LR]
 *         [--lambda L] [--threads T] [--seed S] [--val-every N]
 *         [--max-positions N] [--augment N] [--augment-plies P]
 *         [--teacher hce|net|FILE] [--baseline] [--filter-min-ply N]
 *         [--filter-max-score CP] [--filter-keep-check]
 *         [--filter-keep-captures] [--filter-keep-promotions]
 *         [--resume CKPT | --init CKPT | --init-net NNUE] FILE...
 *
 * Loads every game of the files, keeps the positions that pass the
 * filters (tools/samples.h; by default the field's: ply >= 16 of the game,
 * side to move not in check, the move played not a capture or promotion,
 * |score| < 10000; the --filter options change them), and puts every
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

#include "engine/platform.h"
#include "engine/random.h"
#include "eval/evaluate.h"
#include "eval/nnue.h"
#include "search/init.h"
#include "search/search.h"
#include "tools/args.h"
#include "tools/nn_train.h"
#include "tools/samples.h"
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
    TnFilter filter;
    ArgList files;
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
        ViriReplay r;
        viri_replay_begin(&r, &start, result, plies, n);
        while (viri_replay_next(&r)) {
            if (!tn_filter_passes(&cfg->filter, &r.pos, r.move, r.score))
                continue;
            TnSample s;
            tn_sample_from_position(&r.pos, r.score, r.result, &s);
            if (!push(into, &s) || (cfg->baseline && into == val && !push_cp(hce, evaluate(&r.pos)))
                || (into == train && !push_neighbours(&r.pos, cfg, rng, train))) {
                fprintf(stderr, "train: out of memory\n");
                fclose(f);
                return false;
            }
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

/* Fills cfg from the command line; false (with the usage said) when it
 * is not one train can run, *status then the exit status. */
static bool parse_args(int argc, char **argv, Config *cfg, int *status)
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
                    .teacher = "hce",
                    .filter = TN_FILTER_DEFAULT};
    bool keep_check = false, keep_captures = false, keep_promotions = false;
    const ArgSpec spec[] = {
        ARG_ROW("--out", ARG_STRING, &cfg->out, "DIR", "where the nets and last.ckpt go (required)"),
        ARG_ROW("--hidden", ARG_INT, &cfg->hidden, "H",
                "hidden neurons per side, a multiple of 16 (default the engine's)", .lo = 16, .hi = 1 << 16),
        ARG_ROW("--epochs", ARG_INT, &cfg->epochs, "E", "passes over the training positions (default 10)", .lo = 1,
                .hi = INT32_MAX),
        ARG_ROW("--batch", ARG_INT, &cfg->batch, "B", "positions per step (default 16384)", .lo = 1, .hi = INT32_MAX),
        ARG_ROW("--lr", ARG_FLOAT, &cfg->lr, "LR", "learning rate, above 0, falling to LR/100 (default 0.001)"),
        ARG_ROW("--lambda", ARG_FLOAT, &cfg->lambda, "L", "weight of the game result in the target, 0..1 (default 0.4)",
                .dlo = 0, .dhi = 1),
        ARG_ROW("--threads", ARG_INT, &cfg->threads, "T", "threads (default 2)", .lo = 1, .hi = MAX_THREADS),
        ARG_ROW("--seed", ARG_U64, &cfg->seed, "S", "seed of the weights and the order (default 1)"),
        ARG_ROW("--val-every", ARG_INT, &cfg->val_every, "N", "every N-th game is held out (default 50)", .lo = 2,
                .hi = INT32_MAX),
        ARG_ROW("--max-positions", ARG_LONG, &cfg->max_positions, "N", "stop loading after N positions (default all)",
                .lo = 0, .hi = INT64_MAX),
        ARG_ROW("--augment", ARG_INT, &cfg->augment, "N", "up to N quiet neighbours per training position (default 0)",
                .lo = 0, .hi = INT32_MAX),
        ARG_ROW("--augment-plies", ARG_INT, &cfg->augment_plies, "P", "neighbours 1..P random plies away (default 2)",
                .lo = 1, .hi = 8),
        ARG_ROW("--teacher", ARG_STRING, &cfg->teacher, "hce|net|FILE",
                "labels neighbours, the --baseline (default hce)"),
        ARG_ROW("--baseline", ARG_FLAG, &cfg->baseline, NULL, "print the teacher's validation loss first"),
        ARG_ROW("--filter-min-ply", ARG_INT, &cfg->filter.min_ply, "N", "train on game plies >= N (default 16)",
                .lo = 0, .hi = INT32_MAX),
        ARG_ROW("--filter-max-score", ARG_INT, &cfg->filter.max_score, "CP", "train on |score| < CP (default 10000)",
                .lo = 1, .hi = INT32_MAX),
        ARG_ROW("--filter-keep-check", ARG_FLAG, &keep_check, NULL, "keep positions in check"),
        ARG_ROW("--filter-keep-captures", ARG_FLAG, &keep_captures, NULL, "keep positions whose move was a capture"),
        ARG_ROW("--filter-keep-promotions", ARG_FLAG, &keep_promotions, NULL, "keep positions whose move promoted"),
        ARG_ROW("--resume", ARG_STRING, &cfg->resume, "CKPT", "continue the run of a checkpoint"),
        ARG_ROW("--init", ARG_STRING, &cfg->init, "CKPT", "a new run from a checkpoint's weights"),
        ARG_ROW("--init-net", ARG_STRING, &cfg->init_net, "NNUE", "a new run from a quantised net's weights"),
        ARG_ROW("FILE", ARG_LIST, &cfg->files, NULL, "viriformat games"),
    };
    const int n = sizeof spec / sizeof spec[0];
    ArgsStatus st = args_parse("train", spec, n, argc, argv, stderr);
    const char *wrong = st != ARGS_OK ? NULL :
                        !cfg->out     ? "--out DIR is required" :
                        !!cfg->resume + !!cfg->init + !!cfg->init_net > 1 ?
                                    "--resume, --init and --init-net exclude each other" :
                        cfg->hidden % 16 ? "--hidden must be a multiple of 16" :
                        !(cfg->lr > 0)   ? "--lr must be above 0" :
                                           NULL;
    if (wrong) {
        fprintf(stderr, "train: %s\n", wrong);
        st = ARGS_ERROR;
    }
    cfg->filter.skip_check = !keep_check;
    cfg->filter.skip_capture = !keep_captures;
    cfg->filter.skip_promotion = !keep_promotions;
    if (st != ARGS_OK)
        args_usage("train", spec, n, st == ARGS_HELP ? stdout : stderr);
    *status = st == ARGS_HELP ? 0 : 1;
    return st == ARGS_OK;
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
            platform_make_dir(buf);
            *p = '/';
        }
    platform_make_dir(buf);
}

/* The teacher of --augment and the yardstick of --baseline, whatever the
 * engine's default. */
static bool set_teacher(const char *teacher)
{
    if (!strcmp(teacher, "hce")) {
        nnue_set_enabled(false);
        return true;
    }
    char err[256];
    if (strcmp(teacher, "net") && !nnue_load(teacher, err, sizeof err)) {
        fprintf(stderr, "train: teacher %s refused: %s\n", teacher, err);
        return false;
    }
    nnue_set_enabled(true);
    return true;
}

/* The positions of every file, split into training and validation; the
 * summary line, and the --baseline. */
typedef struct {
    SampleSet train, val;
    Baseline hce;
} Data;

static bool load_data(const Config *cfg, Data *d)
{
    long games = 0;
    uint64_t aug_rng = cfg->seed ^ UINT64_C(0x5eed0a06e47);
    double t0 = platform_seconds();
    for (int i = 0; i < cfg->files.count; i++)
        if (!load_file(cfg->files.items[i], cfg, &d->train, &d->val, &d->hce, &games, &aug_rng))
            return false;
    char filter[160];
    tn_filter_describe(&cfg->filter, filter, sizeof filter);
    printf("data: %d files, %ld games, %zu training and %zu validation positions (%.1f s to load); filters: %s\n",
           cfg->files.count, games, d->train.count, d->val.count, platform_seconds() - t0, filter);
    fflush(stdout);
    if (!d->train.count || d->train.count > UINT32_MAX) {
        fprintf(stderr, "train: %s training positions after the filters\n", d->train.count ? "too many" : "no");
        return false;
    }
    if (!d->val.count)
        printf("no validation positions: fewer than %d games (--val-every)\n", cfg->val_every);
    else if (cfg->baseline)
        print_baseline(&d->val, &d->hce, cfg->lambda, cfg->teacher);
    return true;
}

/* The net and optimiser the run starts from: fresh (weights drawn by
 * *rng), or from --resume, --init or --init-net. *start_epoch: where a
 * resumed run goes on. */
static bool start_net(const Config *cfg, size_t train_count, uint64_t *rng, TnNet *net, TnAdam *adam, int *start_epoch)
{
    *start_epoch = 0;
    if (!tn_net_create(net, cfg->hidden, rng) || !tn_adam_create(adam, net->count, cfg->lr)) {
        fprintf(stderr, "train: out of memory\n");
        return false;
    }
    if (cfg->resume || cfg->init) {
        const char *path = cfg->resume ? cfg->resume : cfg->init;
        FILE *f = fopen(path, "rb");
        if (!f || !tn_load_checkpoint(net, adam, f)) {
            fprintf(stderr, "train: cannot %s from %s\n", cfg->resume ? "resume" : "start", path);
            return false;
        }
        fclose(f);
    }
    if (cfg->init_net) {
        /* A new run from a quantised net's weights (a shipped net whose
         * checkpoint is gone), fresh moments and schedule. */
        char err[256] = "cannot open it";
        FILE *f = fopen(cfg->init_net, "rb");
        bool ok = f && tn_import(net, f, err, sizeof err);
        if (f)
            fclose(f);
        if (!ok) {
            fprintf(stderr, "train: cannot start from the net %s: %s\n", cfg->init_net, err);
            return false;
        }
    }
    if (cfg->init) {
        /* A new run from the checkpoint's weights: fresh moments, the
         * learning-rate schedule from its start. */
        memset(adam->m, 0, net->count * sizeof *adam->m);
        memset(adam->v, 0, net->count * sizeof *adam->v);
        adam->step = 0;
    } else if (cfg->resume) {
        long per_epoch = (long)((train_count + (size_t)cfg->batch - 1) / (size_t)cfg->batch);
        *start_epoch = (int)(adam->step / per_epoch);
    }
    return true;
}

/* The loss of net on the validation positions, in order, without
 * gradients; the jobs are left as they were. */
static double validation_loss(Job *jobs, int threads, const Data *d, size_t count)
{
    Job saved[MAX_THREADS];
    for (int t = 0; t < threads; t++) {
        saved[t] = jobs[t];
        jobs[t].grad = NULL;
        jobs[t].samples = d->val.s;
        jobs[t].order = NULL;
    }
    double loss = run_parallel(jobs, threads, 0, d->val.count, NULL, count) / (double)d->val.count;
    for (int t = 0; t < threads; t++)
        jobs[t] = saved[t];
    return loss;
}

/* One shuffled pass over the training positions in batches, the
 * learning rate following the cosine over all steps; the summed loss. */
static double train_epoch(const Config *cfg, const Data *d, Job *jobs, uint32_t *order, float *grad, TnNet *net,
                          TnAdam *adam, uint64_t *rng)
{
    size_t count = d->train.count;
    for (size_t i = count - 1; i > 0; i--) {
        size_t j = splitmix64(rng) % (i + 1);
        uint32_t tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
    }
    long steps_total = (long)cfg->epochs * (long)((count + (size_t)cfg->batch - 1) / (size_t)cfg->batch);
    double loss = 0;
    for (size_t b = 0; b < count; b += (size_t)cfg->batch) {
        size_t e = b + (size_t)cfg->batch < count ? b + (size_t)cfg->batch : count;
        /* Cosine decay from LR to LR / 100 over all steps. */
        double progress = (double)adam->step / (double)steps_total;
        adam->lr = cfg->lr * (float)(0.01 + 0.99 * 0.5 * (1.0 + cos(3.14159265358979 * progress)));
        loss += run_parallel(jobs, cfg->threads, b, e, grad, net->count);
        tn_adam_step(adam, net, grad);
    }
    return loss;
}

/* Epochs start_epoch..E: after each its line, the net and the checkpoint. */
static bool run_epochs(const Config *cfg, const Data *d, TnNet *net, TnAdam *adam, uint64_t *rng, int start_epoch)
{
    Job jobs[MAX_THREADS];
    float *grad = malloc(net->count * sizeof *grad);
    uint32_t *order = malloc(d->train.count * sizeof *order);
    bool ok = grad && order;
    for (int t = 0; t < cfg->threads; t++) {
        jobs[t] = (Job){.net = net, .samples = d->train.s, .order = order, .lambda = cfg->lambda};
        jobs[t].grad = malloc(net->count * sizeof *grad);
        jobs[t].acc = malloc(2 * (size_t)cfg->hidden * sizeof *grad);
        ok = ok && jobs[t].grad && jobs[t].acc;
    }
    if (!ok)
        fprintf(stderr, "train: out of memory\n");
    for (size_t i = 0; ok && i < d->train.count; i++)
        order[i] = (uint32_t)i;
    for (int epoch = start_epoch; ok && epoch < cfg->epochs; epoch++) {
        double e0 = platform_seconds();
        double loss = train_epoch(cfg, d, jobs, order, grad, net, adam, rng);
        double secs = platform_seconds() - e0;
        char vtext[32] = "-";
        if (d->val.count)
            snprintf(vtext, sizeof vtext, "%.6f", validation_loss(jobs, cfg->threads, d, net->count));
        printf("epoch %d  train loss %.6f  validation loss %s  lr %.6f  %.0f positions/s  %.1f s\n", epoch + 1,
               loss / (double)d->train.count, vtext, adam->lr, (double)d->train.count / secs, secs);
        fflush(stdout);
        char name[64];
        snprintf(name, sizeof name, "epoch-%d.nnue", epoch + 1);
        ok = (cfg->hidden != NNUE_HIDDEN || save(cfg->out, name, net, NULL)) && save(cfg->out, "last.ckpt", net, adam);
    }
    for (int t = 0; t < cfg->threads; t++) {
        free(jobs[t].grad);
        free(jobs[t].acc);
    }
    free(grad);
    free(order);
    return ok;
}

int main(int argc, char **argv)
{
    Config cfg;
    int status;
    if (!parse_args(argc, argv, &cfg, &status))
        return status;
    keysquare_init();
    if (!set_teacher(cfg.teacher))
        return 1;
    make_dirs(cfg.out);
    Data d = {0};
    if (!load_data(&cfg, &d))
        return 1;
    uint64_t rng = cfg.seed;
    TnNet net;
    TnAdam adam;
    int start_epoch;
    if (!start_net(&cfg, d.train.count, &rng, &net, &adam, &start_epoch))
        return 1;
    bool ok = run_epochs(&cfg, &d, &net, &adam, &rng, start_epoch);
    free(d.train.s);
    free(d.val.s);
    free(d.hce.cp);
    tn_net_free(&net);
    tn_adam_free(&adam);
    return ok ? 0 : 1;
}
