/* datagen: self-play games at a fixed node count per move, written as
 * quiet positions with the game's result for Texel tuning (tools/tune.c).
 *
 *   build/native/tools/datagen --out FILE [--games N] [--seed S] [--nodes N]
 *                       [--minutes M] [--hash MB]
 *
 * Each game starts from 8 random legal plies (game i uses a generator
 * seeded from S and i, so the output is deterministic for a seed); an
 * opening whose searched score is beyond +-300 cp is thrown away and drawn
 * again. Games end by mate, stalemate, the draw rules, or adjudication:
 * resign when both sides' searches agree that one side leads by >= 1000
 * cp for 8 plies in a row, draw when |score| <= 10 for 16 plies in a row
 * after ply 80, draw at ply 400.
 * Written per position: "FEN;R;V" with R = 1.0, 0.5, 0.0 the result and V
 * the searched score in centipawns (clamped to +-2000), both from White's
 * view (the tuner may blend V into its target).
 * Skipped: the first 16 plies, positions in check, positions whose best move
 * is a capture or promotion, and positions where a capture sequence beats
 * the static evaluation (a small qsearch here: they are not quiet).
 * --minutes stops starting new games after M minutes of wall time.
 * Method: chessprogramming wiki, "Texel's Tuning Method". */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/random.h"
#include "eval/evaluate.h"
#include "search/init.h"
#include "search/search.h"

#define RANDOM_PLIES 8
#define OPENING_LIMIT 300
#define SKIP_PLIES 16
#define RESIGN_SCORE 1000
#define RESIGN_PLIES 8
#define DRAW_SCORE 10
#define DRAW_PLIES 16
#define DRAW_MIN_PLY 80
#define MAX_GAME_PLIES 400
#define QS_MAX_DEPTH 12
#define FEN_MAX 100

typedef struct {
    const char *out;
    long games;
    uint64_t seed;
    uint64_t nodes;
    double minutes;
    size_t hash_mb;
} Config;

#define SCORE_CLAMP 2000

typedef struct {
    char (*fens)[FEN_MAX];
    int *scores; /* White's view */
    int count;
} GameRecord;

/* Captures with SEE >= 0 and promotions only, stand pat at every node. */
static int qsearch(Position *pos, int alpha, int beta, int depth)
{
    int best = evaluate(pos);
    if (best >= beta || depth >= QS_MAX_DEPTH)
        return best;
    if (best > alpha)
        alpha = best;
    MoveList list;
    list.count = 0;
    gen_legal(pos, &list, GEN_NOISY);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!see_ge(pos, m, 0))
            continue;
        Undo undo;
        pos_make(pos, m, &undo);
        int v = -qsearch(pos, -beta, -alpha, depth + 1);
        pos_unmake(pos);
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    return best;
}

static bool is_quiet(Position *pos, Move best)
{
    if (in_check(pos) || is_capture(pos, best) || move_kind(best) == MK_PROMOTION)
        return false;
    return qsearch(pos, -VALUE_INFINITE, VALUE_INFINITE, 0) == evaluate(pos);
}

static Move search_move(Searcher *s, const Position *pos, uint64_t nodes, int *score)
{
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.nodes = nodes;
    search_start(s, pos, &limits);
    search_wait(s);
    *score = search_best_score(s);
    return search_best_move(s);
}

/* Plays random legal plies from the start; false if the game ended. */
static bool random_opening(Position *pos, GameHistory *game, uint64_t *rng)
{
    pos_set_fen(pos, START_FEN, NULL, 0, NULL, 0);
    game->len = 0;
    for (int i = 0; i < RANDOM_PLIES; i++) {
        MoveList list;
        list.count = 0;
        gen_legal(pos, &list, GEN_ALL);
        if (list.count == 0)
            return false;
        game_make(game, pos, list.moves[splitmix64(rng) % (uint64_t)list.count]);
    }
    return count_legal(pos) > 0;
}

/* Result from White's view in half points (2 win, 1 draw, 0 loss), or -1
 * while the game goes on. */
static int rules_result(const Position *pos)
{
    if (count_legal(pos) == 0)
        return in_check(pos) ? (pos->side == WHITE ? 0 : 2) : 1;
    if (pos_is_fifty_move_draw(pos) || pos_is_repetition(pos, 0) || pos_insufficient_material(pos))
        return 1;
    return -1;
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

/* Plays one game from pos; records quiet positions; returns the result in
 * half points from White's view. */
static int play_game(Searcher *s, Position *pos, GameHistory *game, const Config *cfg, GameRecord *rec)
{
    int resign = 0, draw_count = 0;
    for (int ply = RANDOM_PLIES;; ply++) {
        int result = rules_result(pos);
        if (result >= 0)
            return result;
        if (ply >= MAX_GAME_PLIES)
            return 1;
        int score;
        Move best = search_move(s, pos, cfg->nodes, &score);
        int white = pos->side == WHITE ? score : -score;
        resign = resign_streak(resign, white);
        draw_count = abs(score) <= DRAW_SCORE && ply >= DRAW_MIN_PLY ? draw_count + 1 : 0;
        if (abs(resign) >= RESIGN_PLIES)
            return resign > 0 ? 2 : 0;
        if (draw_count >= DRAW_PLIES)
            return 1;
        if (ply >= SKIP_PLIES && is_quiet(pos, best)) {
            rec->scores[rec->count] = white > SCORE_CLAMP ? SCORE_CLAMP : white < -SCORE_CLAMP ? -SCORE_CLAMP : white;
            pos_get_fen(pos, rec->fens[rec->count++]);
        }
        game_make(game, pos, best);
        if (pos->rule50 == 0)
            game_reroot(game, pos);
    }
}

static bool parse_args(int argc, char **argv, Config *cfg)
{
    *cfg = (Config){.out = NULL, .games = 1000000, .seed = 1, .nodes = 6000, .minutes = 0, .hash_mb = 16};
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *k = argv[i], *v = argv[i + 1];
        if (!strcmp(k, "--out"))
            cfg->out = v;
        else if (!strcmp(k, "--games"))
            cfg->games = strtol(v, NULL, 10);
        else if (!strcmp(k, "--seed"))
            cfg->seed = strtoull(v, NULL, 10);
        else if (!strcmp(k, "--nodes"))
            cfg->nodes = strtoull(v, NULL, 10);
        else if (!strcmp(k, "--minutes"))
            cfg->minutes = strtod(v, NULL);
        else if (!strcmp(k, "--hash"))
            cfg->hash_mb = strtoull(v, NULL, 10);
        else
            return false;
    }
    return cfg->out && argc % 2 == 1 && cfg->games > 0 && cfg->nodes > 0 && cfg->hash_mb > 0;
}

static double elapsed_minutes(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return ((double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) * 1e-9) / 60.0;
}

static int run(const Config *cfg, Searcher *s, Position *pos, GameHistory *game, GameRecord *rec, FILE *out)
{
    static const char *const RESULT_TEXT[3] = {"0.0", "0.5", "1.0"};
    long counts[3] = {0, 0, 0}, positions = 0;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long g = 0; g < cfg->games; g++) {
        if (cfg->minutes > 0 && elapsed_minutes(&start) >= cfg->minutes)
            break;
        uint64_t rng = cfg->seed * 0x2545F4914F6CDD1DULL + (uint64_t)g;
        int score;
        search_clear(s);
        while (!random_opening(pos, game, &rng)
               || (search_move(s, pos, cfg->nodes, &score), abs(score) > OPENING_LIMIT))
            search_clear(s);
        rec->count = 0;
        int result = play_game(s, pos, game, cfg, rec);
        counts[result]++;
        positions += rec->count;
        for (int i = 0; i < rec->count; i++)
            fprintf(out, "%s;%s;%d\n", rec->fens[i], RESULT_TEXT[result], rec->scores[i]);
        fflush(out);
        if ((g + 1) % 100 == 0)
            fprintf(stderr, "games %ld  +%ld =%ld -%ld  positions %ld  %.1f min\n", g + 1, counts[2], counts[1],
                    counts[0], positions, elapsed_minutes(&start));
    }
    fprintf(stderr, "done: games %ld  +%ld =%ld -%ld  positions %ld  %.1f min\n", counts[0] + counts[1] + counts[2],
            counts[2], counts[1], counts[0], positions, elapsed_minutes(&start));
    return 0;
}

int main(int argc, char **argv)
{
    Config cfg;
    if (!parse_args(argc, argv, &cfg)) {
        fprintf(stderr, "usage: datagen --out FILE [--games N] [--seed S] [--nodes N] [--minutes M] [--hash MB]\n");
        return 1;
    }
    keysquare_init();
    Searcher *s = search_create(cfg.hash_mb);
    Position pos;
    GameHistory *game = malloc(sizeof *game);
    GameRecord rec = {malloc(sizeof *rec.fens * MAX_GAME_PLIES), malloc(sizeof *rec.scores * MAX_GAME_PLIES), 0};
    FILE *out = fopen(cfg.out, "w");
    if (!s || !game || !rec.fens || !rec.scores || !out) {
        fprintf(stderr, "datagen: cannot start (memory or %s)\n", cfg.out);
        return 1;
    }
    search_options(s)->use_tablebases = false;
    int rc = run(&cfg, s, &pos, game, &rec, out);
    fclose(out);
    free(rec.fens);
    free(rec.scores);
    free(game);
    search_destroy(s);
    return rc;
}
