/* `bench mate`: how well the engine converts won endings against a perfect
 * defender, measured with the DTM tables (tablebase/dtm.h). The engine's
 * search plays the strong side with the tables switched off for it; the
 * defender picks, by DTM, the longest resistance. */
#include "benchmate.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/material.h"
#include "engine/movegen.h"
#include "engine/parse.h"
#include "engine/platform.h"
#include "engine/random.h"
#include "engine/san.h"
#include "search/search.h"
#include "search/timeman.h"
#include "tablebase/dtm.h"

#define DEFAULT_POSITIONS 100
#define DEFAULT_NODES 20000
#define DEFAULT_SEED 20261130ULL
#define MAX_GAME_PLIES 600

typedef struct {
    const char *ending; /* NULL = all */
    int positions;      /* 0 with --fens and no --positions: the whole file */
    SearchLimits limits;
    uint64_t seed;
    FILE *pgn;
    FILE *fens; /* start positions, one FEN a line, instead of random ones */
    bool defend;
    bool self_play; /* the engine defends too (instead of the DTM table) */
    int clock;      /* halfmove clock of every start (plies) */
    bool tables;    /* the engine plays with its tables on (--tablebases) */
} Config;

typedef enum { END_MATE, END_STALEMATE, END_DRAW, END_FIFTY, END_LOSS } GameEnd;

typedef struct {
    GameEnd end;
    int plies;
    Move moves[MAX_GAME_PLIES];
    GameHistory history; /* of the position the game is played on */
} Game;

/* `all` plays the first ENDING_COUNT_ALL (the README's figures); the queen
 * against a minor piece is asked for by name. */
static const char *ENDINGS[] = {"KQK", "KRK", "KBBK", "KBNK", "KPK", "KQKN", "KQKB"};
#define ENDING_COUNT 7
#define ENDING_COUNT_ALL 5

/* ---- positions ---------------------------------------------------------- */

/* True if a strong man the lone king attacks is not defended. */
static bool something_hangs(const Position *pos, Color strong)
{
    Bitboard attacked = KING_ATTACKS[king_square(pos, !strong)] & pos->by_color[strong];
    while (attacked) {
        Square s = pop_lsb(&attacked);
        Bitboard occ = occupied(pos) ^ square_bb(king_square(pos, !strong));
        if (!(attackers_to(pos, s, occ) & pos->by_color[strong]))
            return true;
    }
    return false;
}

/* A random legal position of the ending (code: strong side first) with the
 * strong side to move, nothing hanging, and the wanted DTM verdict for the
 * side to move (+1 won, 0 drawn). The strong side's colour is random too. */
static void random_position(const char *code, int want_wdl, int clock, uint64_t *rng, Position *pos)
{
    for (;;) {
        Color strong = (Color)(splitmix64(rng) & 1);
        Piece board[SQ_NB] = {0}, men[MATERIAL_MAX_MEN];
        int n = material_parse(code, strong, men);
        for (int i = 0; i < n; i++) {
            Square s;
            do
                s = (Square)(splitmix64(rng) & 63);
            while (board[s] || (type_of(men[i]) == PAWN && (rank_of(s) == 0 || rank_of(s) == 7)));
            board[s] = men[i];
        }
        char fen[100];
        sprintf(board_to_fen(board, fen), " %c - - %d 1", strong == WHITE ? 'w' : 'b', clock);
        DtmResult res;
        if (!pos_set_fen(pos, fen, NULL, 0, NULL, 0) || count_legal(pos) == 0 || something_hangs(pos, strong))
            continue;
        /* A win must still be one with the clock as it stands (DTZ). */
        if (dtm_probe(pos, &res) && res.wdl == want_wdl && (want_wdl <= 0 || clock + res.dtz <= 100))
            return;
    }
}

/* ---- players ------------------------------------------------------------ */

/* Rank (dtm_rank, from the mover's view) of a move for choosing by DTM:
 * wins beat draws beat losses; faster wins and slower losses are better.
 * A result the fifty-move rule ends first is a draw (DTM_RULE50_DTZ): the
 * defender takes such a draw when it can; so is a move no table knows.
 * drawing_replies (if not NULL) receives the number of the opponent's
 * replies that do not lose. */
static int dtm_score(Position *pos, Move m, int *drawing_replies)
{
    DtmVerdict v;
    int rank = dtm_probe_move(pos, m, DTM_RULE50_DTZ, &v) ? dtm_rank(v.wdl, v.plies) : 0;
    if (drawing_replies) {
        MoveList l;
        Undo undo;
        pos_make(pos, m, &undo);
        l.count = 0;
        gen_legal(pos, &l, GEN_ALL);
        *drawing_replies = 0;
        for (int i = 0; i < l.count; i++)
            *drawing_replies += dtm_score(pos, l.moves[i], NULL) >= 0;
        pos_unmake(pos);
    }
    return rank;
}

/* The perfect defender (longest resistance: dtm_best_move), or with
 * attack = true the --defend attacker: fastest win if any, else the
 * drawing move that leaves the fewest drawing replies. First in
 * generation order on ties. */
static Move table_move(Position *pos, bool attack)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    DtmVerdict v;
    Move best = attack ? MOVE_NONE : dtm_best_move(pos, &v);
    if (best != MOVE_NONE)
        return best;
    best = l.moves[0];
    int best_score = -100000, best_replies = 1 << 30;
    for (int i = 0; attack && i < l.count; i++) {
        int replies = 0;
        int sc = dtm_score(pos, l.moves[i], &replies);
        if (sc > best_score || (sc == 0 && best_score == 0 && replies < best_replies)) {
            best = l.moves[i];
            best_score = sc;
            best_replies = replies;
        }
    }
    return best;
}

static Move engine_move(Searcher *s, const Position *pos, const SearchLimits *limits)
{
    search_start(s, pos, limits);
    search_wait(s);
    return search_best_move(s);
}

/* Plays one game from pos; the engine plays `engine_side`. */
static void play_game(Searcher *s, Position *pos, Color engine_side, bool engine_attacks, bool self_play,
                      const SearchLimits *limits, Game *g)
{
    Color strong = engine_attacks ? engine_side : !engine_side;
    g->plies = 0;
    g->history.len = 0;
    search_clear(s);
    for (;;) {
        if (count_legal(pos) == 0) {
            g->end = !in_check(pos) ? END_STALEMATE : pos->side == strong ? END_LOSS : END_MATE;
            return;
        }
        if (pos_is_fifty_move_draw(pos)) {
            g->end = END_FIFTY;
            return;
        }
        if (pos_insufficient_material(pos) || pos_is_repetition(pos, 0) || g->plies >= MAX_GAME_PLIES) {
            g->end = END_DRAW;
            return;
        }
        Move m = pos->side == engine_side || self_play ? engine_move(s, pos, limits) : table_move(pos, !engine_attacks);
        g->moves[g->plies++] = m;
        game_make(&g->history, pos, m);
    }
}

/* ---- output ------------------------------------------------------------- */

static void write_pgn(FILE *f, const char *event, int round, const char *fen, const Game *g, Color engine_side,
                      const char *result)
{
    Position p, *pos = &p;
    Undo undo[MAX_GAME_PLIES];
    pos_set_fen(pos, fen, NULL, 0, NULL, 0);
    fprintf(f, "[Event \"%s\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"%d\"]\n", event, round);
    fprintf(f, "[White \"%s\"]\n[Black \"%s\"]\n", engine_side == WHITE ? "Keysquare" : "DTM table",
            engine_side == WHITE ? "DTM table" : "Keysquare");
    fprintf(f, "[Result \"%s\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n[PlyCount \"%d\"]\n\n", result, fen, g->plies);
    int col = 0;
    for (int i = 0; i < g->plies; i++) {
        char san[16], num[16] = "";
        if (pos->side == WHITE)
            snprintf(num, sizeof num, "%d. ", 1 + pos->game_ply / 2);
        else if (i == 0)
            snprintf(num, sizeof num, "%d... ", 1 + pos->game_ply / 2);
        move_to_san(pos, g->moves[i], san);
        col += fprintf(f, "%s%s ", num, san);
        if (col > 70) {
            fputc('\n', f);
            col = 0;
        }
        pos_make(pos, g->moves[i], &undo[i]);
    }
    fprintf(f, "%s\n\n", result);
}

/* PGN result: a mate by `winner`, anything else a draw. */
static const char *result_text(bool mate, Color winner) { return !mate ? "1/2-1/2" : winner == WHITE ? "1-0" : "0-1"; }

/* ---- the two benchmarks ------------------------------------------------- */

/* The next start position: the next won FEN of cfg->fens (false at its
 * end; lines that are not a legal won position are skipped), else a random
 * won position of the ending. */
static bool next_position(const Config *cfg, const char *code, uint64_t *rng, Position *pos)
{
    char line[256];
    if (!cfg->fens) {
        random_position(code, 1, cfg->clock, rng, pos);
        return true;
    }
    while (fgets(line, sizeof line, cfg->fens)) {
        line[strcspn(line, "\r\n")] = 0;
        DtmResult res;
        if (pos_set_fen(pos, line, NULL, 0, NULL, 0) && dtm_probe(pos, &res) && res.wdl > 0
            && pos->rule50 + res.dtz <= 100)
            return true;
        if (line[0])
            fprintf(stderr, "bench mate: skipped (not a won position with a table): %s\n", line);
    }
    return false;
}

static int run_ending(Searcher *s, const Config *cfg, const char *code)
{
    Position position, *pos = &position;
    Game *g = malloc(sizeof *g);
    bool progress = platform_is_terminal(stderr); /* \r lines only where they overwrite */
    char fen[128], worst_fen[128] = "";
    uint64_t rng = cfg->seed ^ (uint64_t)code[1] * 0x100000001B3ULL ^ strlen(code);
    int mates = 0, stalemates = 0, draws = 0, fifty = 0, worst_plies = 0, worst_opt = 0;
    double sum_plies = 0, sum_opt = 0, worst = 0;
    int64_t start = now_ms();
    int played = 0;
    if (!g) {
        free(g);
        return 1;
    }
    for (int i = 0; (!cfg->positions || i < cfg->positions) && next_position(cfg, code, &rng, pos); i++, played++) {
        DtmResult opt;
        dtm_probe(pos, &opt);
        pos_get_fen(pos, fen);
        Color strong = pos->side;
        play_game(s, pos, strong, true, cfg->self_play, &cfg->limits, g);
        if (g->end == END_MATE) {
            mates++;
            sum_plies += g->plies;
            sum_opt += opt.plies;
            double r = (double)g->plies / opt.plies;
            if (r > worst) {
                worst = r;
                strcpy(worst_fen, fen);
                worst_plies = g->plies;
                worst_opt = opt.plies;
            }
        } else if (g->end == END_STALEMATE)
            stalemates++;
        else
            draws++, fifty += g->end == END_FIFTY;
        if (cfg->pgn) {
            char event[64];
            snprintf(event, sizeof event, "Keysquare bench mate %s", code);
            write_pgn(cfg->pgn, event, i + 1, fen, g, strong, result_text(g->end == END_MATE, strong));
        }
        if (progress && cfg->positions)
            fprintf(stderr, "\r%s %d/%d", code, i + 1, cfg->positions);
        else if (progress)
            fprintf(stderr, "\r%s %d", code, i + 1);
    }
    if (progress)
        fprintf(stderr, "\n");
    double secs = (now_ms() - start) / 1000.0;
    if (!played) { /* only a --fens file runs out */
        fprintf(stderr, "bench mate: the FEN file has no won position with a table\n");
        free(g);
        return 1;
    }
    printf("%s: positions=%d mates=%d rate=%.1f%% stalemates=%d draws=%d fifty=%d plies=%.2f optimal=%.2f "
           "ratio=%.3f worst=%.2f time=%.1fs\n",
           code, played, mates, 100.0 * mates / played, stalemates, draws, fifty, mates ? sum_plies / mates : 0,
           mates ? sum_opt / mates : 0, sum_opt > 0 ? sum_plies / sum_opt : 0, worst, secs);
    if (worst_fen[0])
        printf("%s worst: %s (plies %d, optimal %d)\n", code, worst_fen, worst_plies, worst_opt);
    free(g);
    return mates == played ? 0 : 2;
}

static int run_defend(Searcher *s, const Config *cfg)
{
    Position position, *pos = &position;
    Game *g = malloc(sizeof *g);
    bool progress = platform_is_terminal(stderr);
    char fen[128];
    uint64_t rng = cfg->seed ^ 0xDEFE4DULL;
    int held = 0;
    int64_t start = now_ms();
    if (!g)
        return 1;
    for (int i = 0; i < cfg->positions; i++) {
        random_position("KPK", 0, cfg->clock, &rng, pos);
        pos_get_fen(pos, fen);
        Color attacker = pos->side;
        play_game(s, pos, !attacker, false, false, &cfg->limits, g);
        held += g->end != END_MATE;
        if (cfg->pgn)
            write_pgn(cfg->pgn, "Keysquare bench mate KPK-defend", i + 1, fen, g, !attacker,
                      result_text(g->end == END_MATE, attacker));
        if (progress)
            fprintf(stderr, "\rKPK-defend %d/%d", i + 1, cfg->positions);
    }
    if (progress)
        fprintf(stderr, "\n");
    printf("KPK-defend: positions=%d held=%d rate=%.1f%% time=%.1fs\n", cfg->positions, held,
           100.0 * held / cfg->positions, (now_ms() - start) / 1000.0);
    free(g);
    return held == cfg->positions ? 0 : 2;
}

/* ---- command line ------------------------------------------------------- */

#define USAGE                                                                                                          \
    "usage: keysquare bench mate [--ending KQK|KRK|KBBK|KBNK|KPK|KQKN|KQKB|all] [--positions N] "                      \
    "[--depth D | --nodes N | --movetime MS] [--seed S] [--pgn FILE] [--fens FILE] [--defend] [--self-play] "          \
    "[--clock N] [--tablebases]\n"

/* Prints msg (with an optional detail, such as the option at fault) and
 * the usage line on stderr; returns the error code of parse_args. */
static int usage(const char *msg, const char *detail)
{
    fprintf(stderr, "bench mate: %s%s%s\n" USAGE, msg, detail ? " " : "", detail ? detail : "");
    return 1;
}

/* 0: cfg is ready; 1: an error was printed; -1: --help printed the usage. */
static int parse_args(int argc, char **argv, Config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->positions = DEFAULT_POSITIONS;
    cfg->seed = DEFAULT_SEED;
    const char *pgn_path = NULL, *fens_path = NULL;
    bool ending_given = false, positions_given = false;
    int limits_given = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t x;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(USAGE, stdout);
            return -1;
        }
        static const char *const KNOWN[] = {"--ending",   "--positions", "--depth", "--nodes",
                                            "--movetime", "--seed",      "--pgn",   "--fens",
                                            "--defend",   "--self-play", "--clock", "--tablebases"};
        bool known = false;
        for (size_t k = 0; k < sizeof KNOWN / sizeof *KNOWN; k++)
            known |= !strcmp(a, KNOWN[k]);
        if (!known)
            return usage("unknown option", a);
        if (!strcmp(a, "--defend") || !strcmp(a, "--self-play") || !strcmp(a, "--tablebases")) {
            cfg->defend |= !strcmp(a, "--defend");
            cfg->self_play |= !strcmp(a, "--self-play");
            cfg->tables |= !strcmp(a, "--tablebases");
            continue;
        }
        if (!v)
            return usage("missing value after", a);
        i++;
        limits_given += !strcmp(a, "--depth") || !strcmp(a, "--nodes") || !strcmp(a, "--movetime");
        if (!strcmp(a, "--ending")) {
            ending_given = true;
            cfg->ending = NULL;
            for (int e = 0; e < ENDING_COUNT; e++)
                if (!strcasecmp(v, ENDINGS[e]))
                    cfg->ending = ENDINGS[e];
            if (!cfg->ending && strcasecmp(v, "all"))
                return usage("unknown ending", v);
        } else if (!strcmp(a, "--positions") && parse_u64(v, 1, 1000000, &x) == PARSE_OK) {
            cfg->positions = (int)x;
            positions_given = true;
        } else if (!strcmp(a, "--depth") && parse_u64(v, 1, MAX_PLY - 1, &x) == PARSE_OK)
            cfg->limits.depth = (int)x;
        else if (!strcmp(a, "--nodes") && parse_u64(v, 1, UINT64_MAX, &x) == PARSE_OK)
            cfg->limits.nodes = x;
        else if (!strcmp(a, "--movetime") && parse_u64(v, 1, 1u << 30, &x) == PARSE_OK)
            cfg->limits.movetime = (int64_t)x;
        else if (!strcmp(a, "--seed") && parse_u64(v, 0, UINT64_MAX, &x) == PARSE_OK)
            cfg->seed = x;
        else if (!strcmp(a, "--clock") && parse_u64(v, 0, 99, &x) == PARSE_OK)
            cfg->clock = (int)x;
        else if (!strcmp(a, "--pgn"))
            pgn_path = v;
        else if (!strcmp(a, "--fens"))
            fens_path = v;
        else {
            char msg[80];
            snprintf(msg, sizeof msg, "%s takes %s, not", a,
                     !strcmp(a, "--positions") ? "1..1000000" :
                     !strcmp(a, "--depth")     ? "1..127 plies" :
                     !strcmp(a, "--clock")     ? "0..99 plies" :
                     !strcmp(a, "--seed")      ? "an unsigned integer" :
                                                 "a positive integer");
            return usage(msg, v);
        }
    }
    if (fens_path && (ending_given || cfg->defend))
        return usage("--fens takes its positions from the file: no --ending or --defend with it", NULL);
    if (cfg->defend && cfg->ending && strcmp(cfg->ending, "KPK"))
        return usage("--defend plays drawn KPK positions: no other --ending with it", NULL);
    if (limits_given > 1)
        return usage("give one of --depth, --nodes and --movetime", NULL);
    if (fens_path && !positions_given)
        cfg->positions = 0;
    if (!cfg->limits.depth && !cfg->limits.nodes && !cfg->limits.movetime)
        cfg->limits.nodes = DEFAULT_NODES;
    if (pgn_path && !(cfg->pgn = fopen(pgn_path, "w")))
        return usage("cannot write the PGN file", pgn_path);
    if (fens_path && !(cfg->fens = fopen(fens_path, "r"))) {
        if (cfg->pgn)
            fclose(cfg->pgn);
        return usage("cannot read the FEN file", fens_path);
    }
    return 0;
}

int bench_mate_main(int argc, char **argv)
{
    Config cfg;
    int err = parse_args(argc, argv, &cfg);
    if (err)
        return err < 0 ? 0 : 1; /* -1: --help printed the usage */
    /* The defender's tables: the five basic endings, and those a FEN file
     * or a named ending of the queen against a minor piece may start in. */
    const char *need[] = {"KQK", "KRK", "KBBK", "KBNK", "KPK", "KQKN", "KQKB", "KRKN", "KRKB"};
    int needed = cfg.fens || (cfg.ending && !strncmp(cfg.ending, "KQK", 3) && cfg.ending[3]) ? 9 : 5;
    for (int i = 0; i < needed; i++) {
        DtmTable *t = dtm_table(need[i], NULL, 0);
        if (!t || !dtm_build(t)) {
            fprintf(stderr, "bench mate: cannot build the %s table\n", need[i]);
            return 1;
        }
    }
    Searcher *s = search_create(16);
    if (!s)
        return 1;
    search_options(s)->use_tablebases = cfg.tables;
    int status = 0;
    if (cfg.defend)
        status = run_defend(s, &cfg);
    else if (cfg.fens)
        status = run_ending(s, &cfg, "FENS");
    else
        for (int e = 0; e < ENDING_COUNT; e++)
            if (cfg.ending ? cfg.ending == ENDINGS[e] : e < ENDING_COUNT_ALL)
                status |= run_ending(s, &cfg, ENDINGS[e]);
    search_destroy(s);
    if (cfg.pgn)
        fclose(cfg.pgn);
    if (cfg.fens)
        fclose(cfg.fens);
    return status;
}
