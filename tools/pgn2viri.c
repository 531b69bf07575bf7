/* pgn2viri: turns the PGN files an OpenBench DATAGEN workload returns
 * (games of cutechess-cli or fastchess from `genfens` openings, every
 * engine move with its score in the comment after it) into viriformat
 * (tools/viriformat.h), so that training data can be played on many
 * machines and read by the same trainer as datagen's.
 *
 *   pgn2viri [--min-plies N] OUT.viri IN.pgn...
 *
 * One viriformat game is appended to OUT per PGN game kept. A game is
 * skipped when its result is `*` (unfinished), when it has fewer than N
 * (default 1) recorded plies, or when a move is illegal or unreadable (a
 * one-line note on stderr names the file, the game and the move); the rest
 * of the file is still converted. Last line on stdout:
 * "pgn2viri: N games written (M plies), K skipped". Exit status 1 when a
 * file cannot be opened or written, else 0.
 *
 * Sources of the formats:
 * - PGN: "Portable Game Notation Specification and Implementation Guide"
 *   (S. J. Edwards, 1994): tag pairs, movetext with move numbers, `{}` and
 *   `;` comments, `%` escape lines, NAGs `$n`, recursive variations `()`,
 *   the game termination markers 1-0 0-1 1/2-1/2 *, the SetUp/FEN tags
 *   (section 9.7) and SAN (section 8.2.3). The Variant tag
 *   ("chess960"/"fischerandom") as cutechess-cli and fastchess write it.
 * - Move comments: cutechess-cli writes "{+0.35/12 0.123s}" (score in
 *   pawns from the mover's view, then /depth and the time; projects/lib/src
 *   chessgame.cpp and moveevaluation.cpp), fastchess "{+0.35/12 0.123s,
 *   ...}" with more fields after a comma (app/src/game/pgn/pgn_builder.cpp);
 *   a book move has "{book}" or no comment. A mate is "+M<p>" or "-M<p>"
 *   where p counts plies, not moves: both programs write UCI `score mate n`
 *   as p = 2n - 1 for a mate the mover gives and p = 2|n| when the mover
 *   is mated (cutechess uciengine.cpp + scoreText, fastchess
 *   types/score.hpp).
 *
 * What is recorded: moves without a score at the start of a game (the
 * opening) only advance the start position; the viriformat game runs from
 * the first scored move through the last move of the run of consecutively
 * scored moves that starts there (viriformat needs a score on every ply),
 * with the game's result. Scores become centipawns from White's view;
 * mates VALUE_MATE - p for the side that mates (the engine's convention,
 * engine/types.h). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/bitboard.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/san.h"
#include "search/init.h"
#include "tools/args.h"
#include "tools/viriformat.h"

/* Plies a PGN game may hold; a longer one is skipped with a note. Twice
 * what viriformat takes, so an opening plus a full recorded game fit. */
#define MAX_GAME_PLIES (2 * VIRI_MAX_PLIES)
/* A non-mate score is clamped below the mate band, so that an absurd
 * "+400.00" cannot pass for a mate (and fits an i16). */
#define MAX_PLAIN_SCORE (VALUE_MATE - 1000)
#define MAX_TOKEN 256
#define NO_RESULT (-2)
#define MAX_TAG 512

/* A streaming reader: PGN files from a long workload may be large, so
 * one game at a time is read with getc, never the whole file. */
typedef struct {
    FILE *f;
    int prev; /* the last character the movetext loop read: `%` escapes only at a line start */
} Reader;

static int next_char(Reader *r) { return getc(r->f); }

typedef struct {
    /* tag pairs */
    char fen[MAX_TAG];
    bool have_fen, setup_off, chess960;
    int result; /* VIRI_*, -1 for `*` or an unknown text, NO_RESULT before one is read */
    /* movetext */
    bool started, bad;
    Position start;
    ViriReplay replay; /* the position after the moves read so far */
    int count;
    Move moves[MAX_GAME_PLIES];
    bool scored[MAX_GAME_PLIES];
    int16_t scores[MAX_GAME_PLIES]; /* White's view */
} Game;

static int result_of(const char *s)
{
    if (!strcmp(s, "1-0"))
        return VIRI_WHITE_WINS;
    if (!strcmp(s, "0-1"))
        return VIRI_BLACK_WINS;
    if (!strcmp(s, "1/2-1/2"))
        return VIRI_DRAW;
    return -1;
}

static bool is_termination(const char *s) { return result_of(s) >= 0 || !strcmp(s, "*"); }

/* The score at the start of a move comment, in centipawns from the
 * mover's view; false for "book", an empty score ("/0 0s" from fastchess
 * when the engine sent none) or any other text. The score must be followed
 * by '/' (the depth), as both writers put it, so a free-text comment such
 * as "{White mates}" is never read as one. */
static bool parse_score(const char *text, int *out)
{
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    int sign = 1;
    if (*p == '+' || *p == '-')
        sign = *p++ == '-' ? -1 : 1;
    char *end;
    if (*p == 'M') {
        long plies = strtol(p + 1, &end, 10);
        if (end == p + 1 || *end != '/' || plies < 1)
            return false;
        if (plies > VALUE_MATE - MAX_PLAIN_SCORE)
            plies = VALUE_MATE - MAX_PLAIN_SCORE;
        *out = sign * (VALUE_MATE - (int)plies);
        return true;
    }
    if (!isdigit((unsigned char)*p))
        return false;
    double pawns = strtod(p, &end);
    if (*end != '/')
        return false;
    double cp = pawns * 100.0;
    if (cp > MAX_PLAIN_SCORE)
        cp = MAX_PLAIN_SCORE;
    *out = sign * (int)lround(cp);
    return true;
}

/* Brings a SAN token to the form move_to_san writes, without the check
 * mark: drops annotation suffixes (!, ?) and +/#, reads the castling with
 * zeros as with O's, and adds the '=' of a promotion written "e8Q". */
static void normalize_san(const char *in, char *out, size_t size)
{
    size_t n = strlen(in);
    while (n > 0 && strchr("!?+#", in[n - 1]))
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(out, in, n);
    out[n] = '\0';
    if (!strcmp(out, "0-0") || !strcmp(out, "0-0-0"))
        for (char *p = out; *p; p++)
            *p = *p == '0' ? 'O' : *p;
    /* "e8Q", "exd1n": a pawn move (lower-case file first) ending in a piece
     * letter right after the last rank */
    if (n >= 3 && n + 1 < size && out[0] >= 'a' && out[0] <= 'h' && (out[n - 2] == '1' || out[n - 2] == '8')
        && strchr("NBRQnbrq", out[n - 1])) {
        out[n + 1] = '\0';
        out[n] = (char)toupper((unsigned char)out[n - 1]);
        out[n - 1] = '=';
    } else if (n >= 2 && out[n - 2] == '=') {
        out[n - 1] = (char)toupper((unsigned char)out[n - 1]);
    }
}

/* The legal move of pos whose SAN (check marks stripped on both sides) is
 * the token, or MOVE_NONE. Every legal move's SAN comes from move_to_san,
 * so there is one notion of SAN in the project; only moves to a square
 * named in the token (or castling) are written out, to keep it cheap. */
static Move find_san_move(Position *pos, const char *token)
{
    char want[MAX_TOKEN], san[16];
    normalize_san(token, want, sizeof want);
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    for (int i = 0; i < l.count; i++) {
        Move m = l.moves[i];
        if (move_kind(m) != MK_CASTLING) {
            Square to = move_to(m);
            char sq[3] = {(char)('a' + file_of(to)), (char)('1' + rank_of(to)), '\0'};
            if (!strstr(want, sq))
                continue;
        } else if (want[0] != 'O') {
            continue;
        }
        move_to_san(pos, m, san);
        size_t n = strlen(san);
        while (n > 0 && (san[n - 1] == '+' || san[n - 1] == '#'))
            san[--n] = '\0';
        if (!strcmp(san, want))
            return m;
    }
    return MOVE_NONE;
}

typedef struct {
    const char *path;
    long game_no;
    long written, plies, skipped;
} Totals;

/* The offending text is quoted with bytes outside printable ASCII as \xNN
 * (and cut at 60 characters), so a damaged file cannot write control
 * codes to the terminal. */
static void note(const Totals *t, const char *what, const char *text)
{
    char shown[4 * 60 + 4];
    size_t n = 0;
    for (size_t i = 0; text[i] && i < 60; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= ' ' && c < 127)
            shown[n++] = (char)c;
        else
            n += (size_t)snprintf(shown + n, sizeof shown - n, "\\x%02x", c);
    }
    if (strlen(text) > 60)
        n += (size_t)snprintf(shown + n, sizeof shown - n, "...");
    shown[n] = 0;
    fprintf(stderr, "pgn2viri: %s: game %ld: %s '%s', game skipped\n", t->path, t->game_no, what, shown);
}

/* Sets up the start position from the tags when the first move comes. A
 * FEN tag counts without SetUp too (some writers leave SetUp out); only
 * SetUp "0" turns it off. */
static bool start_game(Game *g, const Totals *t)
{
    char err[200];
    const char *fen = g->have_fen && !g->setup_off ? g->fen : START_FEN;
    if (!pos_set_fen_mode(&g->start, fen, g->chess960, err, sizeof err, NULL, 0)) {
        note(t, "bad FEN", fen);
        return false;
    }
    viri_replay_begin(&g->replay, &g->start, VIRI_DRAW, NULL, 0);
    return true;
}

static void play_token(Game *g, const Totals *t, const char *tok)
{
    if (!g->started) {
        g->started = true;
        if (!start_game(g, t)) {
            g->bad = true;
            return;
        }
    }
    if (g->count == MAX_GAME_PLIES) {
        note(t, "game too long at", tok);
        g->bad = true;
        return;
    }
    Move m = find_san_move(&g->replay.pos, tok);
    if (m == MOVE_NONE) {
        note(t, "illegal or unreadable move", tok);
        g->bad = true;
        return;
    }
    g->moves[g->count] = m;
    g->scored[g->count] = false;
    viri_replay_play(&g->replay, m); /* no repetition checks here, so no history */
    g->count++;
}

/* A comment after a move: its score, if it has one and the move has none
 * yet (a second comment on the same move is free text). */
static void comment_token(Game *g, const char *text)
{
    int s;
    if (g->bad || g->count == 0 || g->scored[g->count - 1] || !parse_score(text, &s))
        return;
    /* the mover is the side not to move now */
    g->scores[g->count - 1] = (int16_t)(g->replay.pos.side == BLACK ? s : -s);
    g->scored[g->count - 1] = true;
}

static void tag_pair(Game *g, const char *name, const char *value)
{
    if (!strcmp(name, "FEN")) {
        snprintf(g->fen, sizeof g->fen, "%s", value);
        g->have_fen = true;
    } else if (!strcmp(name, "SetUp")) {
        g->setup_off = !strcmp(value, "0");
    } else if (!strcmp(name, "Variant")) {
        g->chess960 = !strcasecmp(value, "chess960") || !strcasecmp(value, "fischerandom");
    } else if (!strcmp(name, "Result")) {
        g->result = result_of(value);
    }
}

/* Reads one tag pair after its '[': name, quoted value (with \" and \\
 * escapes), up to the ']'. */
static void read_tag(Reader *r, Game *g)
{
    char name[64], value[MAX_TAG];
    size_t n = 0;
    int c = next_char(r);
    while (c != EOF && isspace(c))
        c = next_char(r);
    while (c != EOF && !isspace(c) && c != '"' && c != ']') {
        if (n + 1 < sizeof name)
            name[n++] = (char)c;
        c = next_char(r);
    }
    name[n] = '\0';
    while (c != EOF && c != '"' && c != ']' && c != '\n')
        c = next_char(r);
    n = 0;
    if (c == '"') {
        while ((c = next_char(r)) != EOF && c != '"' && c != '\n') {
            if (c == '\\')
                c = next_char(r);
            if (c != EOF && n + 1 < sizeof value)
                value[n++] = (char)c;
        }
    }
    value[n] = '\0';
    while (c != EOF && c != ']' && c != '\n')
        c = next_char(r);
    tag_pair(g, name, value);
}

/* Reads the next game: tags, then movetext up to its termination marker
 * (or up to the next game's tags, or the end of the file). Moves are
 * played as they come. False when the file holds no more games. */
static bool read_game(Reader *r, Game *g, const Totals *t)
{
    g->have_fen = g->setup_off = g->chess960 = false;
    g->result = NO_RESULT;
    g->started = g->bad = false;
    g->count = 0;
    bool any = false; /* anything of a game seen */
    int depth = 0;    /* recursive variation nesting */
    int c;
    char tok[MAX_TOKEN], comment[MAX_TOKEN];
    while ((c = next_char(r)) != EOF) {
        int before = r->prev;
        r->prev = c;
        if (isspace(c))
            continue;
        if (c == '%' && (before == '\n' || before == EOF)) { /* escape line */
            while ((c = next_char(r)) != EOF && c != '\n')
                ;
            r->prev = '\n';
            continue;
        }
        if (c == '[') {
            if (g->started) { /* the next game's tags: no marker ended this one */
                ungetc(c, r->f);
                return true;
            }
            any = true;
            read_tag(r, g);
            continue;
        }
        any = true;
        if (c == '{') { /* comment up to '}'; only the head can be a score */
            size_t n = 0;
            while ((c = next_char(r)) != EOF && c != '}')
                if (n + 1 < sizeof comment)
                    comment[n++] = (char)c;
            comment[n] = '\0';
            if (depth == 0 && g->started)
                comment_token(g, comment);
            continue;
        }
        if (c == ';') { /* comment to the end of the line */
            while ((c = next_char(r)) != EOF && c != '\n')
                ;
            r->prev = '\n';
            continue;
        }
        if (c == '(') {
            depth++;
            continue;
        }
        if (c == ')') {
            depth -= depth > 0;
            continue;
        }
        if (c == ']' || c == '}' || c == '\0') /* stray: nothing to read */
            continue;
        /* a symbol: SAN, a move number, a NAG, a termination marker */
        size_t n = 0;
        while (c != EOF && !isspace(c) && !strchr("{}()[];", c)) {
            if (n + 1 < sizeof tok)
                tok[n++] = (char)c;
            c = next_char(r);
        }
        tok[n] = '\0';
        if (c != EOF)
            ungetc(c, r->f);
        if (depth > 0 || tok[0] == '$')
            continue;
        if (is_termination(tok)) {
            if (g->result == NO_RESULT) /* the Result tag, if any, decides */
                g->result = result_of(tok);
            return true;
        }
        const char *p = tok;
        if (isdigit((unsigned char)*p) && strncmp(p, "0-0", 3)) { /* "12.", "12...", "12.e4" */
            while (isdigit((unsigned char)*p))
                p++;
            while (*p == '.')
                p++;
        }
        while (*p == '.')
            p++;
        if (!*p || strspn(p, "!?") == strlen(p)) /* a bare number or annotation */
            continue;
        if (!g->bad)
            play_token(g, t, p);
    }
    return any;
}

/* Writes the recorded part of a finished game (see the header) as one
 * viriformat game with a single fwrite. Returns the plies written, 0 when
 * the game is skipped, -1 on a write error. */
static int write_game(FILE *out, const Game *g, int min_plies)
{
    static uint8_t buf[VIRI_BOARD_BYTES + 4 * VIRI_MAX_PLIES + 4];
    static ViriPly plies[VIRI_MAX_PLIES];
    if (g->bad || !g->started || g->result < 0)
        return 0;
    int first = 0;
    while (first < g->count && !g->scored[first])
        first++;
    int last = first;
    while (last < g->count && g->scored[last])
        last++;
    int count = last - first;
    if (count > VIRI_MAX_PLIES)
        count = VIRI_MAX_PLIES; /* what a reader takes; the rest is lost */
    if (count < min_plies || count == 0)
        return 0;
    ViriReplay opening;
    viri_replay_begin(&opening, &g->start, g->result, NULL, 0);
    for (int i = 0; i < first; i++)
        viri_replay_play(&opening, g->moves[i]);
    for (int i = 0; i < count; i++)
        plies[i] = (ViriPly){g->moves[first + i], g->scores[first + i]};
    size_t bytes = viri_game_bytes(&opening.pos, g->result, plies, count, buf, sizeof buf);
    if (bytes == 0)
        return 0;
    return fwrite(buf, 1, bytes, out) == bytes ? count : -1;
}

static int convert(const char *path, FILE *out, int min_plies, Totals *t)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "pgn2viri: cannot open %s\n", path);
        return 1;
    }
    static Game g;
    Reader r = {f, EOF};
    t->path = path;
    t->game_no = 0;
    for (;;) {
        t->game_no++;
        if (!read_game(&r, &g, t))
            break;
        int n = write_game(out, &g, min_plies);
        if (n < 0) {
            fprintf(stderr, "pgn2viri: cannot write the output\n");
            fclose(f);
            return 1;
        }
        if (n > 0) {
            t->written++;
            t->plies += n;
        } else {
            t->skipped++;
        }
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    int min_plies = 1;
    const char *out_path = NULL;
    ArgList inputs = {0};
    const ArgSpec spec[] = {
        ARG_ROW("--min-plies", ARG_INT, &min_plies, "N", "skip games with fewer recorded plies (default 1)", .lo = 0,
                .hi = INT32_MAX),
        ARG_ROW("OUT.viri", ARG_STRING, &out_path, NULL, "the viriformat file games are appended to"),
        ARG_ROW("IN.pgn", ARG_LIST, &inputs, NULL, "PGN files of cutechess-cli or fastchess"),
    };
    const int n = sizeof spec / sizeof spec[0];
    ArgsStatus st = args_parse("pgn2viri", spec, n, argc, argv, stderr);
    if (st != ARGS_OK) {
        args_usage("pgn2viri", spec, n, st == ARGS_HELP ? stdout : stderr);
        return st == ARGS_HELP ? 0 : 2;
    }
    keysquare_init();
    FILE *out = fopen(out_path, "ab");
    if (!out) {
        fprintf(stderr, "pgn2viri: cannot open %s\n", out_path);
        return 1;
    }
    Totals t = {0};
    int rc = 0;
    for (int k = 0; k < inputs.count; k++)
        rc |= convert(inputs.items[k], out, min_plies, &t);
    if (fclose(out) != 0) {
        fprintf(stderr, "pgn2viri: cannot write %s\n", out_path);
        rc = 1;
    }
    printf("pgn2viri: %ld games written (%ld plies), %ld skipped\n", t.written, t.plies, t.skipped);
    return rc;
}
