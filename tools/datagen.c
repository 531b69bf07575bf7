/* datagen: self-play games for training the network, written as whole
 * games in viriformat (tools/viriformat.h), so that they can be rescored,
 * filtered and read by the field's tools (bullet, bullet-utils).
 *
 *   datagen --out FILE [--threads T] [--seed S] [--games N] [--minutes M]
 *           [--soft-nodes N] [--hard-nodes N] [--hash MB] [--random-plies P]
 *           [--margin CP] [--syzygy PATH] [--log FILE] [--hce | --nnue | --net FILE]
 *
 * Game g of a seed is a function of (S, g) alone: it starts from P or P+1
 * random legal plies drawn from a generator seeded by S and g (an opening
 * is kept only if a search at the soft node limit scores it within
 * +-margin cp, else it is drawn again: engine/openings.h, as the engine's
 * genfens command does), and every move is a one-thread
 * search with a fresh hash that stops after the iteration that passes the
 * soft node limit, or at the hard limit (defaults: T 1, soft 5,000 and
 * hard 25,000 nodes, hash 16 MB, P 8, margin 300). T threads play games g = 0, 1, 2,
 * ... as they come free; each whole game is appended under a lock, so the
 * file holds the same games for the same seed and game count, in an order
 * that may differ.
 * A game ends by mate, stalemate, the draw rules, or adjudication: a ready
 * in-memory DTM table (the standard ones are built at start) or the Syzygy
 * files of PATH know the result; resign when both sides' searches agree
 * that one side leads by >= 1000 cp for 8 plies in a row; draw when
 * |score| <= 10 for 16 plies in a row after ply 80; draw at ply 400.
 * Recorded per ply: the move played and the searched score of the position
 * before it, from White's view; no position is filtered here (the trainer
 * filters). --minutes stops starting new games after M minutes; the chunk
 * then ends with its running games. FILE is appended to; a game cut off by
 * a kill is removed first, so chunks can be run again and again.
 * The searches use the engine's default evaluation (Use NNUE's default);
 * --hce plays with the hand-crafted one, --nnue with the embedded net,
 * --net FILE with the net in FILE (eval/nnue.h's layout): the next round
 * of data from the last round's net.
 * --log writes every game also as text ("game G result R" then "FEN ;
 * MOVE ; SCORE" per ply) for the round-trip test.
 * Method: the field's self-play data generation (chessprogramming wiki
 * "NNUE"; Viridithas and bullet's data pipelines). */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/openings.h"
#include "engine/platform.h"
#include "engine/position.h"
#include "eval/nnue.h"
#include "search/init.h"
#include "search/search.h"
#include "tablebase/dtm.h"
#include "tablebase/syzygy.h"
#include "tools/args.h"
#include "tools/viriformat.h"

#define RESIGN_SCORE 1000
#define RESIGN_PLIES 8
#define DRAW_SCORE 10
#define DRAW_PLIES 16
#define DRAW_MIN_PLY 80
#define MAX_GAME_PLIES 400

typedef struct {
    const char *out, *syzygy, *log, *net;
    int eval; /* -1 the engine's default, 0 the HCE, 1 a net */
    int threads;
    long games;
    uint64_t seed;
    uint64_t soft_nodes, hard_nodes;
    double minutes;
    long hash_mb;
    int random_plies;
    int margin;
} Config;

/* What the workers share: the next game number, the output and the
 * totals, under one lock. */
typedef struct {
    const Config *cfg;
    double start; /* platform_seconds */
    atomic_long next_game;
    pthread_mutex_t lock;
    FILE *out, *log;
    long results[3], positions, written;
    bool failed;
} Shared;

static double elapsed_minutes(double start) { return (platform_seconds() - start) / 60.0; }

/* A one-thread search of pos that stops after the iteration passing soft
 * nodes, or at hard; its score (side to move's view) and *best. */
static int search_move(Searcher *s, const Position *pos, uint64_t soft, uint64_t hard, Move *best)
{
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.soft_nodes = soft;
    limits.nodes = hard;
    search_start(s, pos, &limits);
    search_wait(s);
    *best = search_best_move(s);
    return search_best_score(s);
}

/* The judge of an opening (engine/openings.h): a search at the soft
 * limit (hard five times that, the hash cleared first) scores it within
 * +-margin, as genfens judges its openings. */
typedef struct {
    Searcher *s;
    const Config *cfg;
} Judge;

static bool balanced_opening(const Position *pos, void *ctx)
{
    const Judge *o = ctx;
    Move best;
    search_clear(o->s);
    int score = search_move(o->s, pos, o->cfg->soft_nodes, o->cfg->soft_nodes * 5, &best);
    return abs(score) <= o->cfg->margin;
}

/* The result in viriformat's terms (VIRI_*) when the rules or a table
 * decide pos; -1 while the game goes on. */
static int decided_result(Position *pos)
{
    if (count_legal(pos) == 0)
        return !in_check(pos) ? VIRI_DRAW : pos->side == WHITE ? VIRI_BLACK_WINS : VIRI_WHITE_WINS;
    if (pos_is_fifty_move_draw(pos) || pos_is_repetition(pos, 0) || pos_insufficient_material(pos))
        return VIRI_DRAW;
    int wdl = 0;
    DtmResult r;
    if (dtm_probe(pos, &r))
        wdl = r.wdl;
    else if (popcount(occupied(pos)) <= syzygy_max_men() && !pos->castling && syzygy_probe_wdl(pos, &wdl))
        wdl = wdl == SZ_WIN ? 1 : wdl == -SZ_WIN ? -1 : 0; /* cursed results are draws */
    else
        return -1;
    if (wdl == 0)
        return VIRI_DRAW;
    return (wdl > 0) == (pos->side == WHITE) ? VIRI_WHITE_WINS : VIRI_BLACK_WINS;
}

/* Consecutive plies whose score (White's view) is at least RESIGN_SCORE
 * for one side: positive while White wins, negative while Black wins; a
 * smaller score or a change of sign starts over, so both sides' searches
 * agree on the winner before the game is adjudicated. */
static int resign_streak(int streak, int white)
{
    if (white >= RESIGN_SCORE)
        return streak > 0 ? streak + 1 : 1;
    if (white <= -RESIGN_SCORE)
        return streak < 0 ? streak - 1 : -1;
    return 0;
}

static int16_t clamp_score(int v) { return (int16_t)(v > VALUE_MATE ? VALUE_MATE : v < -VALUE_MATE ? -VALUE_MATE : v); }

/* Plays game number g into start/plies; returns the result (VIRI_*) and
 * the number of plies in *count. */
static int play_game(Searcher *s, GameHistory *game, const Config *cfg, long g, Position *start, ViriPly *plies,
                     int *count)
{
    uint64_t rng = cfg->seed * 0x9E3779B97F4A7C15ULL ^ (uint64_t)g * 0xD1B54A32D192ED03ULL;
    Position base, pos;
    Move best;
    pos_set_fen(&base, START_FEN, NULL, 0, NULL, 0);
    Judge judge = {s, cfg};
    opening_draw(&base, cfg->random_plies, &rng, balanced_opening, &judge, &pos, game);
    search_clear(s);
    *start = pos;
    start->undo = NULL;
    *count = 0;
    int resign = 0, draw_count = 0;
    for (int ply = 0;; ply++) {
        int result = decided_result(&pos);
        if (result >= 0)
            return result;
        if (ply >= MAX_GAME_PLIES)
            return VIRI_DRAW;
        int score = search_move(s, &pos, cfg->soft_nodes, cfg->hard_nodes, &best);
        int white = pos.side == WHITE ? score : -score;
        plies[*count].move = best;
        plies[*count].score = clamp_score(white);
        ++*count;
        resign = resign_streak(resign, white);
        draw_count = abs(score) <= DRAW_SCORE && pos.game_ply >= DRAW_MIN_PLY ? draw_count + 1 : 0;
        if (abs(resign) >= RESIGN_PLIES)
            return resign > 0 ? VIRI_WHITE_WINS : VIRI_BLACK_WINS;
        if (draw_count >= DRAW_PLIES)
            return VIRI_DRAW;
        game_make(game, &pos, best);
        if (pos.rule50 == 0)
            game_reroot(game, &pos);
    }
}

static void write_log(FILE *log, long g, const Position *start, int result, const ViriPly *plies, int count)
{
    fprintf(log, "game %ld result %d\n", g, result);
    ViriReplay r;
    viri_replay_begin(&r, start, result, plies, count);
    while (viri_replay_next(&r)) {
        char fen[128], move[8];
        pos_get_fen(&r.pos, fen);
        pos_move_to_uci(&r.pos, r.move, move);
        fprintf(log, "%s ; %s ; %d\n", fen, move, r.score);
    }
}

static void *worker(void *arg)
{
    Shared *sh = arg;
    const Config *cfg = sh->cfg;
    Searcher *s = search_create((size_t)cfg->hash_mb);
    GameHistory *game = malloc(sizeof *game);
    ViriPly *plies = malloc(sizeof *plies * (MAX_GAME_PLIES + 1));
    size_t cap = VIRI_BOARD_BYTES + 4 * (MAX_GAME_PLIES + 2);
    uint8_t *buf = malloc(cap);
    if (!s || !game || !plies || !buf) {
        pthread_mutex_lock(&sh->lock);
        sh->failed = true;
        pthread_mutex_unlock(&sh->lock);
        goto done;
    }
    search_options(s)->threads = 1;
    for (;;) {
        if (cfg->minutes > 0 && elapsed_minutes(sh->start) >= cfg->minutes)
            break;
        long g = atomic_fetch_add(&sh->next_game, 1);
        if (g >= cfg->games)
            break;
        Position start;
        int count;
        int result = play_game(s, game, cfg, g, &start, plies, &count);
        size_t n = viri_game_bytes(&start, result, plies, count, buf, cap);
        pthread_mutex_lock(&sh->lock);
        bool ok = n > 0 && fwrite(buf, 1, n, sh->out) == n && fflush(sh->out) == 0;
        if (ok && sh->log) {
            write_log(sh->log, g, &start, result, plies, count);
            fflush(sh->log);
        }
        if (!ok)
            sh->failed = true;
        else {
            sh->results[result]++;
            sh->positions += count;
            sh->written++;
            if (sh->written % 100 == 0)
                fprintf(stderr, "games %ld  +%ld =%ld -%ld  positions %ld  %.1f min\n", sh->written,
                        sh->results[VIRI_WHITE_WINS], sh->results[VIRI_DRAW], sh->results[VIRI_BLACK_WINS],
                        sh->positions, elapsed_minutes(sh->start));
        }
        bool stop = sh->failed;
        pthread_mutex_unlock(&sh->lock);
        if (stop)
            break;
    }
done:
    free(buf);
    free(plies);
    free(game);
    if (s)
        search_destroy(s);
    return NULL;
}

/* Fills cfg from the command line; false (the usage said) when datagen
 * cannot run with it, *status then the exit status. */
static bool parse_args(int argc, char **argv, Config *cfg, int *status)
{
    *cfg = (Config){.threads = 1,
                    .games = 1000000000L,
                    .seed = 1,
                    .soft_nodes = 5000,
                    .hard_nodes = 25000,
                    .hash_mb = 16,
                    .random_plies = 8,
                    .margin = 300,
                    .eval = -1};
    bool hce = false, nnue = false;
    const ArgSpec spec[] = {
        ARG_ROW("--out", ARG_STRING, &cfg->out, "FILE", "the viriformat file games are appended to (required)"),
        ARG_ROW("--threads", ARG_INT, &cfg->threads, "T", "games played at once (default 1)", .lo = 1, .hi = 256),
        ARG_ROW("--seed", ARG_U64, &cfg->seed, "S", "the chunk's seed: its games follow from it (default 1)"),
        ARG_ROW("--games", ARG_LONG, &cfg->games, "N", "games to play (default no limit)", .lo = 1, .hi = INT64_MAX),
        ARG_ROW("--minutes", ARG_DOUBLE, &cfg->minutes, "M", "start no game after M minutes (default 0: no limit)",
                .dlo = 0, .dhi = 1e9),
        ARG_ROW("--soft-nodes", ARG_U64, &cfg->soft_nodes, "N",
                "a move's search ends after the iteration passing N (5000)", .lo = 1, .hi = INT64_MAX),
        ARG_ROW("--hard-nodes", ARG_U64, &cfg->hard_nodes, "N", "and at N at the latest, N >= soft (default 25000)",
                .lo = 1, .hi = INT64_MAX),
        ARG_ROW("--hash", ARG_LONG, &cfg->hash_mb, "MB", "hash per game (default 16)", .lo = 1, .hi = INT64_MAX),
        ARG_ROW("--random-plies", ARG_INT, &cfg->random_plies, "P", "P or P+1 random opening plies, 0..40 (default 8)",
                .lo = 0, .hi = 40),
        ARG_ROW("--margin", ARG_INT, &cfg->margin, "CP", "an opening is kept within +-CP (default 300)", .lo = 0,
                .hi = INT32_MAX),
        ARG_ROW("--syzygy", ARG_STRING, &cfg->syzygy, "PATH", "Syzygy files that adjudicate"),
        ARG_ROW("--log", ARG_STRING, &cfg->log, "FILE", "every game also as text"),
        ARG_ROW("--hce", ARG_FLAG, &hce, NULL, "play with the hand-crafted evaluation"),
        ARG_ROW("--nnue", ARG_FLAG, &nnue, NULL, "play with the embedded net"),
        ARG_ROW("--net", ARG_STRING, &cfg->net, "FILE", "play with the net in FILE"),
    };
    const int n = sizeof spec / sizeof spec[0];
    ArgsStatus st = args_parse("datagen", spec, n, argc, argv, stderr);
    const char *wrong = st != ARGS_OK                     ? NULL :
                        !cfg->out                         ? "--out FILE is required" :
                        hce && (nnue || cfg->net)         ? "--hce excludes --nnue and --net" :
                        cfg->hard_nodes < cfg->soft_nodes ? "--hard-nodes is below --soft-nodes" :
                                                            NULL;
    if (wrong) {
        fprintf(stderr, "datagen: %s\n", wrong);
        st = ARGS_ERROR;
    }
    cfg->eval = hce ? 0 : nnue || cfg->net ? 1 : -1;
    if (st != ARGS_OK)
        args_usage("datagen", spec, n, st == ARGS_HELP ? stdout : stderr);
    *status = st == ARGS_HELP ? 0 : 1;
    return st == ARGS_OK;
}

/* Cuts a game that a killed chunk left half written, so that appending
 * keeps the file a sequence of whole games. */
static bool trim_partial_game(const char *path, long *games)
{
    long good = viri_last_whole_game(path, games);
    if (good < 0)
        return true; /* a new file */
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    if (size == good)
        return true;
    fprintf(stderr, "datagen: %s: dropping %ld bytes of a game cut off at the end\n", path, size - good);
    return platform_truncate(path, good);
}

int main(int argc, char **argv)
{
    Config cfg = {0};
    int status;
    if (!parse_args(argc, argv, &cfg, &status))
        return status;
    keysquare_init();
    if (cfg.net) {
        char err[256];
        if (!nnue_load(cfg.net, err, sizeof err)) {
            fprintf(stderr, "datagen: %s\n", err);
            return 1;
        }
    }
    nnue_set_enabled(cfg.eval < 0 ? NNUE_DEFAULT_ON : cfg.eval == 1);
    fprintf(stderr, "datagen: evaluation: %s\n", nnue_enabled() ? nnue_net_name() : "hand-crafted");
    long before = 0;
    if (!trim_partial_game(cfg.out, &before)) {
        fprintf(stderr, "datagen: cannot repair %s\n", cfg.out);
        return 1;
    }
    Shared sh = {.cfg = &cfg, .out = fopen(cfg.out, "ab"), .log = cfg.log ? fopen(cfg.log, "w") : NULL};
    if (!sh.out || (cfg.log && !sh.log)) {
        fprintf(stderr, "datagen: cannot open %s\n", sh.out ? cfg.log : cfg.out);
        return 1;
    }
    if (cfg.syzygy) {
        SyzygyInfo info;
        syzygy_init(cfg.syzygy, &info);
        fprintf(stderr, "datagen: %d Syzygy WDL files, up to %d men\n", info.wdl_files, info.max_men);
    }
    /* Every table the search may build is built now, so that no game
     * depends on which tables another thread happened to build first. */
    int n_tables;
    DtmTable *const *tables = dtm_standard_tables(&n_tables);
    for (int i = 0; i < n_tables; i++)
        dtm_build(tables[i]);
    pthread_mutex_init(&sh.lock, NULL);
    atomic_init(&sh.next_game, 0);
    sh.start = platform_seconds();
    pthread_t *tid = malloc(sizeof *tid * (size_t)cfg.threads);
    int started = 0;
    for (; tid && started < cfg.threads; started++)
        if (pthread_create(&tid[started], NULL, worker, &sh) != 0)
            break;
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    free(tid);
    double minutes = elapsed_minutes(sh.start);
    long fen_games = 0;
    fclose(sh.out);
    if (sh.log)
        fclose(sh.log);
    long bytes = viri_last_whole_game(cfg.out, &fen_games);
    printf("chunk seed %" PRIu64 ": games %ld (+%ld =%ld -%ld)  positions %ld  %.1f min  %.0f positions/h  "
           "%s: %ld games, %ld bytes\n",
           cfg.seed, sh.written, sh.results[VIRI_WHITE_WINS], sh.results[VIRI_DRAW], sh.results[VIRI_BLACK_WINS],
           sh.positions, minutes, minutes > 0 ? sh.positions / minutes * 60 : 0.0, cfg.out, fen_games, bytes);
    fflush(stdout);
    pthread_mutex_destroy(&sh.lock);
    return sh.failed || started == 0 ? 1 : 0;
}
