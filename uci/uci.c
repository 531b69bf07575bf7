/* The UCI loop (protocol by Stefan Meyer-Kahlen, 2000-2006) with the
 * Stockfish-style extensions d, eval, go perft, bench. */
#include "uci.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench.h"
#include "engine/movegen.h"
#include "eval/evaluate.h"
#include "search/search.h"
#include "search/tt.h"
#include "tablebase/kpk.h"
#include "uci_syzygy.h"

#define ENGINE_NAME "Keysquare"
#ifndef KS_VERSION
#define KS_VERSION "0.1"
#endif

typedef struct {
    Position *pos;
    Searcher *searcher;
    size_t hash_mb;
    bool ponder;
} Uci;

/* ---- options ------------------------------------------------------------ */

enum OptionKind { OPT_SPIN, OPT_CHECK, OPT_BUTTON };

typedef struct {
    const char *name;
    enum OptionKind kind;
    int def, min, max;
} OptionSpec;

static const OptionSpec OPTIONS[] = {
    {"Hash", OPT_SPIN, TT_DEFAULT_MB, TT_MIN_MB, TT_MAX_MB},
    {"Threads", OPT_SPIN, 1, 1, SEARCH_MAX_THREADS},
    {"Clear Hash", OPT_BUTTON, 0, 0, 0},
    {"Move Overhead", OPT_SPIN, 10, 0, 5000},
    {"MultiPV", OPT_SPIN, 1, 1, MAX_MOVES},
    {"Ponder", OPT_CHECK, 0, 0, 1},
    {"UCI_ShowWDL", OPT_CHECK, 0, 0, 1},
    {"Tablebases", OPT_CHECK, 1, 0, 1},
};
#define OPTION_COUNT (int)(sizeof OPTIONS / sizeof OPTIONS[0])

static void print_options(void)
{
    for (int i = 0; i < OPTION_COUNT; i++) {
        const OptionSpec *o = &OPTIONS[i];
        if (o->kind == OPT_SPIN)
            printf("option name %s type spin default %d min %d max %d\n", o->name, o->def, o->min, o->max);
        else if (o->kind == OPT_CHECK)
            printf("option name %s type check default %s\n", o->name, o->def ? "true" : "false");
        else
            printf("option name %s type button\n", o->name);
    }
    uci_syzygy_declare();
}

/* Joins tokens[from, to) with single spaces into buf. */
static void join_tokens(char **tok, int from, int to, char *buf, size_t n)
{
    buf[0] = '\0';
    for (int i = from; i < to; i++) {
        if (i > from)
            strncat(buf, " ", n - strlen(buf) - 1);
        strncat(buf, tok[i], n - strlen(buf) - 1);
    }
}

static bool parse_long(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static void apply_option(Uci *u, const OptionSpec *o, const char *value)
{
    long long v = 0;
    SearchOptions *opt = search_options(u->searcher);
    if (o->kind == OPT_SPIN && !parse_long(value, o->min, o->max, &v)) {
        printf("info string value '%s' for option %s is not a number in %d..%d; unchanged\n", value, o->name,
               o->min, o->max);
        return;
    }
    if (o->kind == OPT_CHECK) {
        if (strcasecmp(value, "true") && strcasecmp(value, "false")) {
            printf("info string option %s takes true or false; unchanged\n", o->name);
            return;
        }
        v = !strcasecmp(value, "true");
    }
    if (!strcmp(o->name, "Hash")) {
        if (search_set_hash(u->searcher, (size_t)v))
            u->hash_mb = (size_t)v;
        else
            printf("info string not enough memory for Hash %lld MB; kept %zu MB\n", v, u->hash_mb);
    } else if (!strcmp(o->name, "Threads"))
        opt->threads = (int)v;
    else if (!strcmp(o->name, "Clear Hash"))
        search_clear(u->searcher);
    else if (!strcmp(o->name, "Move Overhead"))
        opt->move_overhead = (int)v;
    else if (!strcmp(o->name, "MultiPV"))
        opt->multipv = (int)v;
    else if (!strcmp(o->name, "Ponder"))
        u->ponder = v;
    else if (!strcmp(o->name, "UCI_ShowWDL"))
        opt->show_wdl = v;
    else if (!strcmp(o->name, "Tablebases"))
        opt->use_tablebases = v;
}

static void stop_search(Uci *u)
{
    if (search_running(u->searcher)) {
        search_stop(u->searcher);
        search_wait(u->searcher);
    }
}

static void cmd_setoption(Uci *u, char **tok, int n)
{
    int name_at = -1, value_at = n;
    for (int i = 1; i < n; i++) {
        if (!strcasecmp(tok[i], "name") && name_at < 0)
            name_at = i + 1;
        else if (!strcasecmp(tok[i], "value") && name_at >= 0 && value_at == n)
            value_at = i;
    }
    if (name_at < 0 || name_at >= value_at) {
        printf("info string malformed setoption: expected 'setoption name <name> [value <value>]'\n");
        return;
    }
    char name[256], value[256];
    join_tokens(tok, name_at, value_at, name, sizeof name);
    join_tokens(tok, value_at + 1, n, value, sizeof value);
    for (int i = 0; i < OPTION_COUNT; i++) {
        if (strcasecmp(name, OPTIONS[i].name))
            continue;
        if (OPTIONS[i].kind != OPT_BUTTON && value_at == n) {
            printf("info string option %s needs a value\n", OPTIONS[i].name);
            return;
        }
        stop_search(u);
        apply_option(u, &OPTIONS[i], value);
        return;
    }
    if (uci_syzygy_is_option(name)) {
        stop_search(u);
        uci_syzygy_setoption(search_options(u->searcher), name, value_at < n ? value : NULL);
        return;
    }
    printf("info string unknown option '%s'\n", name);
}

/* ---- position ----------------------------------------------------------- */

static void cmd_position(Uci *u, char **tok, int n)
{
    int i = 1;
    char fen[512], err[160], warn[160];
    if (i < n && !strcmp(tok[i], "startpos")) {
        strcpy(fen, START_FEN);
        i++;
    } else if (i < n && !strcmp(tok[i], "fen")) {
        int end = ++i;
        while (end < n && strcmp(tok[end], "moves"))
            end++;
        join_tokens(tok, i, end, fen, sizeof fen);
        i = end;
    } else {
        printf("info string malformed position: expected 'position startpos|fen <FEN> [moves ...]'\n");
        return;
    }
    stop_search(u);
    if (!pos_set_fen(u->pos, fen, err, sizeof err, warn, sizeof warn)) {
        printf("info string %s; position unchanged\n", err);
        return;
    }
    if (warn[0])
        printf("info string %s\n", warn);
    if (i < n && strcmp(tok[i], "moves")) {
        printf("info string unexpected '%s' after the position; expected 'moves'\n", tok[i]);
        return;
    }
    for (i++; i < n; i++) {
        Move m = parse_uci_move(u->pos, tok[i]);
        if (!m) {
            printf("info string illegal or malformed move '%s'; the moves before it stand\n", tok[i]);
            return;
        }
        pos_make(u->pos, m);
        /* Irreversible move: earlier positions can never repeat. Also keep
         * room for the search's plies in the history. */
        if (u->pos->rule50 == 0 || u->pos->hist_len > MAX_HISTORY - MAX_PLY - 64)
            pos_reroot(u->pos);
    }
}

/* ---- go ----------------------------------------------------------------- */


static bool is_go_keyword(const char *t)
{
    static const char *const KEYWORDS[] = {"wtime", "btime", "winc",  "binc",     "movestogo", "movetime",   "depth",
                                           "nodes", "mate",  "perft", "infinite", "ponder",    "searchmoves"};
    for (size_t k = 0; k < sizeof KEYWORDS / sizeof KEYWORDS[0]; k++)
        if (!strcmp(t, KEYWORDS[k]))
            return true;
    return false;
}

/* Reads the number after tok[*i] into out. A bad number is named and
 * skipped; a missing one (end of line or the next keyword) is named. */
static bool go_value(char **tok, int n, int *i, long long lo, long long hi, long long *out)
{
    bool present = *i + 1 < n && !is_go_keyword(tok[*i + 1]);
    if (!present || !parse_long(tok[*i + 1], lo, hi, out)) {
        printf("info string go %s needs a number%s\n", tok[*i], present ? "; ignored" : "");
        if (present)
            (*i)++;
        return false;
    }
    (*i)++;
    return true;
}

/* Reads the moves of `searchmoves` from tok[i] up to the next go keyword;
 * an illegal one is named and skipped. Returns the index after them. */
static int parse_searchmoves(const Position *pos, char **tok, int i, int n, SearchLimits *l)
{
    for (; i < n && !is_go_keyword(tok[i]); i++) {
        Move m = parse_uci_move(pos, tok[i]);
        if (!m)
            printf("info string searchmoves: illegal or malformed move '%s' ignored\n", tok[i]);
        else if (l->searchmoves_count < MAX_MOVES)
            l->searchmoves[l->searchmoves_count++] = m;
    }
    return i;
}

static void cmd_go(Uci *u, char **tok, int n)
{
    SearchLimits l;
    long long v;
    memset(&l, 0, sizeof l);
    stop_search(u);
    for (int i = 1; i < n; i++) {
        const char *t = tok[i];
        if (!strcmp(t, "perft")) {
            if (go_value(tok, n, &i, 0, 64, &v))
                perft_divide(u->pos, (int)v, stdout);
            return;
        } else if (!strcmp(t, "wtime") || !strcmp(t, "btime")) {
            if (go_value(tok, n, &i, INT64_MIN / 4, INT64_MAX / 4, &v)) {
                l.time[t[0] == 'w' ? WHITE : BLACK] = v;
                l.time_given = true;
            }
        } else if (!strcmp(t, "winc") || !strcmp(t, "binc")) {
            if (go_value(tok, n, &i, INT64_MIN / 4, INT64_MAX / 4, &v))
                l.inc[t[0] == 'w' ? WHITE : BLACK] = v;
        } else if (!strcmp(t, "movestogo")) {
            if (go_value(tok, n, &i, INT32_MIN, INT32_MAX, &v))
                l.movestogo = v > 0 ? (int)v : 0;
        } else if (!strcmp(t, "movetime")) {
            if (go_value(tok, n, &i, INT64_MIN / 4, INT64_MAX / 4, &v))
                l.movetime = v > 0 ? v : 1;
        } else if (!strcmp(t, "depth")) {
            if (go_value(tok, n, &i, INT32_MIN, INT32_MAX, &v))
                l.depth = v < 1 ? 1 : v > MAX_PLY - 1 ? MAX_PLY - 1 : (int)v;
        } else if (!strcmp(t, "nodes")) {
            if (go_value(tok, n, &i, INT64_MIN, INT64_MAX, &v))
                l.nodes = v < 1 ? 1 : (uint64_t)v;
        } else if (!strcmp(t, "mate")) {
            if (go_value(tok, n, &i, INT32_MIN, INT32_MAX, &v))
                l.mate = v < 1 ? 1 : v > MAX_PLY / 2 ? MAX_PLY / 2 : (int)v;
        } else if (!strcmp(t, "infinite"))
            l.infinite = true;
        else if (!strcmp(t, "ponder"))
            l.ponder = true;
        else if (!strcmp(t, "searchmoves"))
            i = parse_searchmoves(u->pos, tok, i + 1, n, &l) - 1;
        else
            printf("info string unknown go parameter '%s' ignored\n", t);
    }
    if (!l.time_given && !l.movetime && !l.depth && !l.nodes && !l.mate)
        l.infinite = true;
    search_start(u->searcher, u->pos, &l);
}

/* ---- extensions --------------------------------------------------------- */

static void cmd_d(const Position *pos)
{
    static const char CH[] = ".PNBRQK  pnbrqk";
    char fen[128];
    printf("\n +---+---+---+---+---+---+---+---+\n");
    for (int r = 7; r >= 0; r--) {
        for (int f = 0; f < 8; f++)
            printf(" | %c", CH[pos->board[make_square(f, r)]] == '.' ? ' ' : CH[pos->board[make_square(f, r)]]);
        printf(" | %d\n +---+---+---+---+---+---+---+---+\n", r + 1);
    }
    printf("   a   b   c   d   e   f   g   h\n\n");
    pos_get_fen(pos, fen);
    printf("Fen: %s\nKey: %016" PRIX64 "\nCheckers:", fen, pos->key);
    for (Bitboard b = pos->checkers; b;) {
        Square s = pop_lsb(&b);
        printf(" %c%c", 'a' + file_of(s), '1' + rank_of(s));
    }
    printf("\n");
}

static void cmd_help(void)
{
    printf("Keysquare understands the UCI protocol (uci, isready, setoption, ucinewgame,\n"
           "position, go, stop, ponderhit, quit) and these extensions:\n"
           "  d             show the board, FEN and Zobrist key\n"
           "  eval          show the static evaluation term by term\n"
           "  go perft N    count leaf nodes to depth N, per root move\n"
           "  bench [D]     node-count benchmark to depth D\n"
           "From the shell: keysquare bench [D] | perft D [FEN] | tb stats|dump|probe ...\n");
}

/* ---- loop --------------------------------------------------------------- */

/* Splits line in place; tok must hold len / 2 + 1 entries (a token and its
 * separator take at least two characters). */
static int tokenize(char *line, char **tok)
{
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(line, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save))
        tok[n++] = t;
    return n;
}

/* Grows *tok to hold the tokens of a line of len characters, so that a
 * `position ... moves` line of any length is read whole. */
static bool reserve_tokens(char ***tok, size_t *tok_cap, size_t len)
{
    size_t need = len / 2 + 1;
    if (need <= *tok_cap)
        return true;
    char **grown = realloc(*tok, need * sizeof **tok);
    if (!grown)
        return false;
    *tok = grown;
    *tok_cap = need;
    return true;
}

/* Returns false on quit. */
static bool dispatch(Uci *u, char **tok, int n)
{
    const char *c = tok[0];
    if (!strcmp(c, "uci")) {
        printf("id name %s %s\nid author the Keysquare developers\n", ENGINE_NAME, KS_VERSION);
        print_options();
        printf("info string KPK bitbase built in %.3f ms\n", 1e3 * kpk_build_seconds());
        printf("uciok\n");
    } else if (!strcmp(c, "isready"))
        printf("readyok\n");
    else if (!strcmp(c, "setoption"))
        cmd_setoption(u, tok, n);
    else if (!strcmp(c, "ucinewgame")) {
        stop_search(u);
        search_clear(u->searcher);
    } else if (!strcmp(c, "position"))
        cmd_position(u, tok, n);
    else if (!strcmp(c, "go"))
        cmd_go(u, tok, n);
    else if (!strcmp(c, "stop"))
        search_stop(u->searcher);
    else if (!strcmp(c, "ponderhit"))
        search_ponderhit(u->searcher);
    else if (!strcmp(c, "quit"))
        return false;
    else if (!strcmp(c, "d")) {
        /* The search works on its own copy, so it goes on; the lock keeps
         * its info lines from landing inside the board. */
        flockfile(stdout);
        cmd_d(u->pos);
        funlockfile(stdout);
    } else if (!strcmp(c, "eval")) {
        stop_search(u);
        eval_trace(u->pos, stdout);
    } else if (!strcmp(c, "bench")) {
        long long d = 0;
        stop_search(u);
        if (n > 1 && !parse_long(tok[1], 1, MAX_PLY - 1, &d))
            printf("info string bench depth must be 1..%d\n", MAX_PLY - 1);
        else
            bench_run((int)d);
    } else if (!strcmp(c, "help"))
        cmd_help();
    /* Anything else is ignored, as the UCI protocol says. */
    return true;
}

int uci_loop(void)
{
    Uci u = {0};
    char err[160];
    u.pos = malloc(sizeof *u.pos);
    u.hash_mb = TT_DEFAULT_MB;
    u.searcher = search_create(u.hash_mb);
    if (!u.pos || !u.searcher) {
        fprintf(stderr, "keysquare: out of memory\n");
        return 1;
    }
    pos_set_fen(u.pos, START_FEN, err, sizeof err, NULL, 0);
    char *line = NULL, **tok = NULL;
    size_t cap = 0, tok_cap = 0;
    bool running = true;
    ssize_t len;
    while (running && (len = getline(&line, &cap, stdin)) >= 0) {
        if (!reserve_tokens(&tok, &tok_cap, (size_t)len)) {
            printf("info string out of memory for a %zd-character line; ignored\n", len);
            continue;
        }
        int n = tokenize(line, tok);
        uci_syzygy_messages(); /* files found broken during the last search */
        if (n > 0)
            running = dispatch(&u, tok, n);
    }
    stop_search(&u);
    search_destroy(u.searcher);
    free(line);
    free(tok);
    free(u.pos);
    return 0;
}
