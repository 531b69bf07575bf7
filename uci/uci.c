/* The UCI loop (protocol by Stefan Meyer-Kahlen, 2000-2006) with the
 * Stockfish-style extensions d, eval, go perft, bench. */
#include "uci.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "commands/bench.h"
#include "engine/movegen.h"
#include "engine/parse.h"
#include "engine/platform.h"
#include "eval/evaluate.h"
#include "options.h"
#include "search/search.h"
#include "search/tt.h"
#include "tablebase/kpk.h"


static void cmd_setoption(UciSession *u, char **tok, int n)
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
    char name[256], value[4096];
    if (!join_words(tok, name_at, value_at, name, sizeof name)
        || !join_words(tok, value_at + 1, n, value, sizeof value)) {
        printf("info string setoption: the name or value is too long; ignored\n");
        return;
    }
    uci_setoption(u, name, value_at == n ? NULL : value);
}

/* ---- position ----------------------------------------------------------- */

static void cmd_position(UciSession *u, char **tok, int n)
{
    int i = 1;
    char fen[512], err[160], warn[160];
    /* Unknown words before startpos or fen are skipped (UCI's rule). */
    while (i < n && strcmp(tok[i], "startpos") && strcmp(tok[i], "fen"))
        i++;
    bool given = false; /* startpos, or fen with at least one word */
    if (i < n && !strcmp(tok[i], "startpos")) {
        strcpy(fen, START_FEN);
        given = true;
        i++;
    } else if (i < n && !strcmp(tok[i], "fen")) {
        int end = ++i;
        while (end < n && strcmp(tok[end], "moves"))
            end++;
        if (!join_words(tok, i, end, fen, sizeof fen)) {
            printf("info string invalid FEN: too long; no position until a valid one arrives\n");
            uci_stop_search(u);
            u->no_position = true;
            return;
        }
        given = end > i; /* `position fen` alone is a malformed command */
        i = end;
    }
    if (!given) {
        printf("info string malformed position: expected 'position startpos|fen <FEN> [moves ...]'\n");
        return;
    }
    uci_stop_search(u);
    if (!pos_set_fen_mode(&u->pos, fen, u->chess960, err, sizeof err, warn, sizeof warn)) {
        /* Keeping the old position would let the next go play a move of
         * another game into this one. */
        printf("info string %s; no position until a valid one arrives\n", err);
        u->no_position = true;
        return;
    }
    u->no_position = false;
    u->game.len = 0;
    if (warn[0])
        printf("info string %s\n", warn);
    if (i < n && strcmp(tok[i], "moves")) {
        printf("info string unexpected '%s' after the position; expected 'moves'\n", tok[i]);
        return;
    }
    for (i++; i < n; i++) {
        Move m = parse_uci_move(&u->pos, tok[i]);
        if (!m) {
            printf("info string illegal or malformed move '%s'; the moves before it stand\n", tok[i]);
            return;
        }
        game_make(&u->game, &u->pos, m);
        /* Irreversible move: earlier positions can never repeat. */
        if (u->pos.rule50 == 0)
            game_reroot(&u->game, &u->pos);
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

/* The problems of one go line, each said once: a GUI or a script that
 * repeats a bad word (`go depth depth ... depth 1`, 200,000 times) gets
 * one line and then a count of the repeats, not a line per word. A line
 * with many different problems shows the first GO_NOTES_SHOWN of them and
 * counts the rest. */
enum { GO_NOTES_SHOWN = 8 };
typedef struct {
    char text[GO_NOTES_SHOWN][160];
    long repeats[GO_NOTES_SHOWN];
    int shown;
    long hidden; /* further different problems, not shown */
} GoNotes;

static void go_note(GoNotes *g, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void go_note(GoNotes *g, const char *format, ...)
{
    char text[160];
    va_list ap;
    va_start(ap, format);
    vsnprintf(text, sizeof text, format, ap);
    va_end(ap);
    for (int k = 0; k < g->shown; k++)
        if (!strcmp(g->text[k], text)) {
            g->repeats[k]++;
            return;
        }
    if (g->shown == GO_NOTES_SHOWN) {
        g->hidden++;
        return;
    }
    memcpy(g->text[g->shown], text, sizeof text);
    g->repeats[g->shown++] = 0;
    printf("info string %s\n", text);
}

static void go_notes_end(const GoNotes *g)
{
    for (int k = 0; k < g->shown; k++)
        if (g->repeats[k])
            printf("info string the same %ld more time%s on this line: %s\n", g->repeats[k],
                   g->repeats[k] > 1 ? "s" : "", g->text[k]);
    if (g->hidden)
        printf("info string %ld more problem%s on this line not shown\n", g->hidden, g->hidden > 1 ? "s" : "");
}

/* Reads the number after tok[*i] into out, clamped to lo..hi (a number
 * past the range of 64 bits counts as its end), so that a huge depth or
 * node count still bounds the search. A clamped value, a bad number and a
 * missing one (end of line or the next keyword) are named. */
static bool go_value(GoNotes *g, char **tok, int n, int *i, int64_t lo, int64_t hi, int64_t *out)
{
    bool present = *i + 1 < n && !is_go_keyword(tok[*i + 1]);
    int64_t v = 0;
    ParseStatus st = present ? parse_i64(tok[*i + 1], lo, hi, &v) : PARSE_BAD;
    if (st == PARSE_BAD) {
        go_note(g, "go %s needs a number%s", tok[*i], present ? "; ignored" : "");
        if (present)
            (*i)++;
        return false;
    }
    (*i)++;
    if (st == PARSE_RANGE)
        go_note(g, "go %s %s is out of range; %" PRId64 " used", tok[*i - 1], tok[*i], v);
    *out = v;
    return true;
}

/* Reads the moves of `searchmoves` from tok[i] up to the next go keyword;
 * an illegal one is named and skipped. Returns the index after them. */
static int parse_searchmoves(GoNotes *g, const Position *pos, char **tok, int i, int n, SearchLimits *l)
{
    for (; i < n && !is_go_keyword(tok[i]); i++) {
        Move m = parse_uci_move(pos, tok[i]);
        if (!m)
            go_note(g, "searchmoves: illegal or malformed move '%s' ignored", tok[i]);
        else if (l->searchmoves_count < MAX_MOVES)
            l->searchmoves[l->searchmoves_count++] = m;
    }
    return i;
}

static void cmd_go(UciSession *u, char **tok, int n)
{
    SearchLimits l;
    int64_t v;
    bool clock_given[COLOR_NB] = {false, false};
    bool limit_word = false; /* a limit was asked for, usable or not */
    GoNotes notes = {.shown = 0};
    memset(&l, 0, sizeof l);
    uci_stop_search(u);
    if (u->no_position) {
        printf("info string no position: the last FEN was invalid\n");
        if (!(n > 1 && !strcmp(tok[1], "perft")))
            printf("bestmove 0000\n");
        return;
    }
    for (int i = 1; i < n; i++) {
        const char *t = tok[i];
        if (!strcmp(t, "perft")) {
            /* Not clamped: a depth past the range is a typo, not a limit. */
            if (i + 1 < n && parse_i64(tok[i + 1], 0, 64, &v) == PARSE_OK && u->sandboxed && v > UCI_SANDBOX_PERFT)
                printf("info string sandboxed session: go perft at most %d\n", UCI_SANDBOX_PERFT);
            else if (i + 1 < n && parse_i64(tok[i + 1], 0, 64, &v) == PARSE_OK)
                perft_divide(&u->pos, (int)v, stdout);
            else
                printf("info string go perft needs a depth 0..64\n");
            return;
        } else if (!strcmp(t, "wtime") || !strcmp(t, "btime")) {
            limit_word = true;
            if (go_value(&notes, tok, n, &i, INT64_MIN / 4, INT64_MAX / 4, &v)) {
                l.time[t[0] == 'w' ? WHITE : BLACK] = v;
                l.time_given = clock_given[t[0] == 'w' ? WHITE : BLACK] = true;
            }
        } else if (!strcmp(t, "winc") || !strcmp(t, "binc")) {
            limit_word = true;
            /* A negative increment is a GUI's error, not a penalty to plan for. */
            if (go_value(&notes, tok, n, &i, 0, INT64_MAX / 4, &v))
                l.inc[t[0] == 'w' ? WHITE : BLACK] = v;
        } else if (!strcmp(t, "movestogo")) {
            limit_word = true;
            /* movestogo 0 is sudden death, as if absent; a negative count
             * is clamped to it with a note, like every other limit. */
            if (go_value(&notes, tok, n, &i, 0, INT32_MAX, &v))
                l.movestogo = (int)v;
        } else if (!strcmp(t, "movetime")) {
            limit_word = true;
            if (go_value(&notes, tok, n, &i, 1, INT64_MAX / 4, &v))
                l.movetime = v;
        } else if (!strcmp(t, "depth")) {
            limit_word = true;
            if (go_value(&notes, tok, n, &i, 1, MAX_PLY - 1, &v))
                l.depth = (int)v;
        } else if (!strcmp(t, "nodes")) {
            limit_word = true;
            if (go_value(&notes, tok, n, &i, 1, INT64_MAX, &v))
                l.nodes = (uint64_t)v;
        } else if (!strcmp(t, "mate")) {
            limit_word = true;
            if (go_value(&notes, tok, n, &i, 1, MAX_PLY / 2, &v))
                l.mate = (int)v;
        } else if (!strcmp(t, "infinite"))
            l.infinite = true;
        else if (!strcmp(t, "ponder"))
            l.ponder = true;
        else if (!strcmp(t, "searchmoves"))
            i = parse_searchmoves(&notes, &u->pos, tok, i + 1, n, &l) - 1;
        else
            go_note(&notes, "unknown go parameter '%s' ignored", t);
    }
    go_notes_end(&notes);
    /* A bare go is go infinite. A go whose limits are all unusable (`go
     * depth` with no number, `go winc 100` with no clock) is not: as in
     * Stockfish, it searches to the deepest iteration unless stopped and
     * then answers by itself. */
    bool limited = l.time_given || l.movetime || l.depth || l.nodes || l.mate;
    if (!limited && !limit_word)
        l.infinite = true;
    else if (!limited && !l.infinite && !l.ponder)
        printf("info string go: no usable limit (a clock needs wtime or btime); searching to depth %d unless "
               "stopped\n",
               MAX_PLY - 1);
    if (u->sandboxed && (!l.nodes || l.nodes > UCI_SANDBOX_NODES))
        l.nodes = UCI_SANDBOX_NODES;
    /* A GUI sends a clock at or below zero after lag; the move still comes
     * (a millisecond's search), but the tester should learn why it is weak. */
    if (clock_given[u->pos.side] && !l.movetime && !l.infinite && l.time[u->pos.side] <= 0)
        printf("info string go %ctime %lld: no time left; searching 1 ms\n", u->pos.side == WHITE ? 'w' : 'b',
               (long long)l.time[u->pos.side]);
    search_options(u->searcher)->report_fails = u->debug;
    search_start(u->searcher, &u->pos, &l);
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
           "From the shell: keysquare bench [D] | bench mate | perft D [FEN] |\n"
           "  tb stats|dump|probe|rules ... | \"genfens N seed S book B\" \"quit\"\n"
           "  (keysquare --help says what each does)\n");
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

/* A NUL byte cannot be part of any command, option, FEN or move, and a
 * C sender may write one as a string's end ("isready\0\n"); it is read
 * as a blank, with a note, so the words around it still count. (Stockfish
 * keeps it inside its word, which turns the word into an unknown one.) */
static void blank_nul_bytes(char *line, size_t len)
{
    bool found = false;
    for (size_t i = 0; i < len; i++)
        if (line[i] == '\0')
            line[i] = ' ', found = true;
    if (found)
        printf("info string a NUL byte in the input line was read as a blank\n");
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

/* Index of the first token that is a command, n if none: unknown words
 * before it are skipped, as the UCI protocol says ("joho debug on" is
 * "debug on"). */
static int command_start(char **tok, int n)
{
    static const char *const COMMANDS[] = {"uci",        "debug",    "isready", "setoption", "register",
                                           "ucinewgame", "position", "go",      "stop",      "ponderhit",
                                           "quit",       "d",        "eval",    "bench",     "help"};
    for (int i = 0; i < n; i++)
        for (size_t k = 0; k < sizeof COMMANDS / sizeof COMMANDS[0]; k++)
            if (!strcmp(tok[i], COMMANDS[k]))
                return i;
    return n;
}

/* tok[0] is a command (see command_start). Returns false on quit. */
static bool dispatch(UciSession *u, char **tok, int n)
{
    const char *c = tok[0];
    if (!strcmp(c, "uci")) {
        printf("id name %s %s\nid author the Keysquare developers\n", ENGINE_NAME, KS_VERSION);
        uci_options_print();
        printf("info string KPK bitbase built in %.3f ms\n", 1e3 * kpk_build_seconds());
        printf("uciok\n");
    } else if (!strcmp(c, "isready"))
        printf("readyok\n");
    else if (!strcmp(c, "debug")) {
        /* Read at the next go: a search running now keeps its settings. */
        if (n > 1 && (!strcmp(tok[1], "on") || !strcmp(tok[1], "off")))
            u->debug = !strcmp(tok[1], "on");
        else
            printf("info string debug takes on or off\n");
    } else if (!strcmp(c, "register")) {
        /* Accepted; Keysquare needs no registration. */
    } else if (!strcmp(c, "setoption"))
        cmd_setoption(u, tok, n);
    else if (!strcmp(c, "ucinewgame")) {
        uci_stop_search(u);
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
    else if ((!strcmp(c, "d") || !strcmp(c, "eval")) && u->no_position)
        printf("info string no position: the last FEN was invalid\n");
    else if (!strcmp(c, "d")) {
        /* The search works on its own copy, so it goes on; the lock keeps
         * its info lines from landing inside the board. */
        platform_lock_stdout();
        cmd_d(&u->pos);
        platform_unlock_stdout();
    } else if (!strcmp(c, "eval")) {
        uci_stop_search(u);
        eval_trace(&u->pos, stdout);
    } else if (!strcmp(c, "bench")) {
        int64_t d = 0;
        uci_stop_search(u);
        if (u->sandboxed)
            printf("info string sandboxed session: no bench\n");
        else if (n > 1 && !strcmp(tok[1], "mate"))
            printf("info string bench mate runs from the command line: keysquare bench mate\n");
        else if (n > 2 || (n > 1 && parse_i64(tok[1], 1, MAX_PLY - 1, &d) != PARSE_OK))
            printf("info string bench takes one depth, 1..%d\n", MAX_PLY - 1);
        else
            bench_run((int)d);
    } else if (!strcmp(c, "help"))
        cmd_help();
    return true;
}

/* A session with its searcher, the options at their defaults and the
 * start position; NULL if out of memory. */
UciSession *uci_open(bool sandboxed)
{
    char err[160];
    UciSession *u = calloc(1, sizeof *u);
    if (!u)
        return NULL;
    u->sandboxed = sandboxed;
    u->hash_mb = TT_MIN_MB;
    u->searcher = search_create(u->hash_mb);
    if (!u->searcher) {
        free(u);
        return NULL;
    }
    u->report.pos = &u->pos;
    u->reporter = uci_reporter(&u->report);
    search_set_reporter(u->searcher, &u->reporter);
    uci_options_init(u);
    pos_set_fen(&u->pos, START_FEN, err, sizeof err, NULL, 0);
    return u;
}

bool uci_line(UciSession *u, char *line, size_t len)
{
    if (!reserve_tokens(&u->tok, &u->tok_cap, len)) {
        printf("info string out of memory for a %zu-character line; ignored\n", len);
        return true;
    }
    blank_nul_bytes(line, len);
    int n = tokenize(line, u->tok);
    int start = command_start(u->tok, n);
    return start >= n || dispatch(u, u->tok + start, n - start);
}

void uci_close(UciSession *u)
{
    if (!u)
        return;
    uci_stop_search(u);
    search_destroy(u->searcher);
    free(u->tok);
    free(u);
}

int uci_loop(void)
{
    UciSession *u = uci_open(false);
    if (!u) {
        fprintf(stderr, "keysquare: out of memory\n");
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = platform_getline(&line, &cap, stdin)) >= 0 && uci_line(u, line, (size_t)len))
        ;
    uci_close(u);
    free(line);
    return 0;
}
