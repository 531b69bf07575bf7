/* genfens (genfens.h). */
#include "uci/commands/genfens.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine/epd.h"
#include "engine/movegen.h"
#include "engine/openings.h"
#include "engine/parse.h"
#include "engine/platform.h"
#include "engine/random.h"
#include "search/search.h"

#define GENFENS_MAX 100000000L

/* OpenBench reads every stdout line that starts "info string genfens " as
 * a FEN, so a message must never start that way: errors and warnings
 * start "info string error: " and "info string warning: ". */
#define ERROR_PREFIX "info string error: "
#define WARNING_PREFIX "info string warning: "

/* What judges an opening: a search of `nodes` (soft; five times that the
 * hard limit) from a cleared hash, within +-margin cp. */
typedef struct {
    Searcher *s;
    int margin;
    uint64_t nodes;
} Judge;

static bool balanced(const Position *pos, void *ctx)
{
    const Judge *j = ctx;
    SearchLimits limits;
    memset(&limits, 0, sizeof limits);
    limits.soft_nodes = j->nodes;
    limits.nodes = j->nodes * 5;
    search_clear(j->s);
    search_start(j->s, pos, &limits);
    search_wait(j->s);
    return abs(search_best_score(j->s)) <= j->margin;
}

/* The position of a book line (an EPD or a FEN, engine/epd.h). It is read
 * as Chess960, so that Shredder-FEN and X-FEN rights with the king or a
 * rook off the standard squares stand; a line whose rights all are
 * standard ones (or that has none) is written back as standard chess
 * (KQkq), one with others as Chess960 (Shredder-FEN, HAha). */
static bool book_position(const char *line, Position *pos, char *err, size_t es)
{
    if (!pos_set_epd(pos, line, true, err, es, NULL, 0))
        return false;
    pos->chess960 = !pos_castling_is_standard(pos);
    if (count_legal(pos) == 0) {
        snprintf(err, es, "no legal move (mate or stalemate)");
        return false;
    }
    return true;
}

/* The usable lines of a book. */
typedef struct {
    char **lines;
    long count, cap;
} Book;

static void book_free(Book *b)
{
    for (long i = 0; i < b->count; i++)
        free(b->lines[i]);
    free(b->lines);
}

static bool book_add(Book *b, const char *line)
{
    if (b->count == b->cap) {
        long cap = b->cap ? 2 * b->cap : 1024;
        char **p = realloc(b->lines, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        b->lines = p, b->cap = cap;
    }
    size_t len = strlen(line) + 1;
    char *copy = malloc(len);
    if (!copy)
        return false;
    memcpy(copy, line, len);
    b->lines[b->count++] = copy;
    return true;
}

/* Loads the lines of path that are positions with a legal move (blank
 * lines and lines starting '#' are not read). Lines that are not are
 * skipped with one warning naming the first; a book with none, or one
 * that cannot be read, is an error. */
static bool book_load(const char *path, Book *b, FILE *out)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(out, ERROR_PREFIX "cannot open book %s: %s\n", path, strerror(errno));
        return false;
    }
    char *line = NULL, first_err[160] = "";
    size_t cap = 0;
    long number = 0, skipped = 0, first_bad = 0;
    bool ok = true;
    while (ok && platform_getline(&line, &cap, f) >= 0) {
        number++;
        line[strcspn(line, "\r\n")] = 0;
        const char *p = line + strspn(line, " \t");
        if (!*p || *p == '#')
            continue;
        Position pos;
        char err[160];
        if (book_position(p, &pos, err, sizeof err))
            ok = book_add(b, p);
        else if (!skipped++) {
            first_bad = number;
            snprintf(first_err, sizeof first_err, "%s", err);
        }
    }
    bool read_error = ferror(f);
    free(line);
    fclose(f);
    if (!ok)
        fprintf(out, ERROR_PREFIX "out of memory reading book %s\n", path);
    else if (read_error) {
        fprintf(out, ERROR_PREFIX "cannot read book %s\n", path);
        ok = false;
    } else if (!b->count) {
        fprintf(out, ERROR_PREFIX "book %s has no usable position", path);
        if (skipped)
            fprintf(out, " (%ld line%s skipped; line %ld: %s)", skipped, skipped == 1 ? "" : "s", first_bad, first_err);
        fprintf(out, "\n");
        ok = false;
    } else if (skipped)
        fprintf(out, WARNING_PREFIX "book %s: %ld line%s skipped, not positions with a legal move (line %ld: %s)\n",
                path, skipped, skipped == 1 ? "" : "s", first_bad, first_err);
    return ok;
}

/* The words of a genfens line: "genfens N seed S book B [extra...]". */
static bool parse_args(const char *line, long *n, uint64_t *seed, char *book, size_t book_size)
{
    char copy[1024], *words[6], *save = NULL;
    if (strlen(line) >= sizeof copy)
        return false;
    strcpy(copy, line);
    int count = 0;
    for (char *t = strtok_r(copy, " \t", &save); t && count < 6; t = strtok_r(NULL, " \t", &save))
        words[count++] = t;
    int64_t n64;
    if (count < 6 || strcmp(words[0], "genfens") || strcmp(words[2], "seed") || strcmp(words[4], "book")
        || parse_i64(words[1], 0, GENFENS_MAX, &n64) != PARSE_OK || parse_u64(words[3], 0, UINT64_MAX, seed) != PARSE_OK
        || strlen(words[5]) >= book_size)
        return false;
    *n = (long)n64;
    strcpy(book, words[5]);
    return true;
}

bool genfens_run(const char *line, FILE *out)
{
    char book_path[512];
    long n;
    uint64_t seed;
    if (!parse_args(line, &n, &seed, book_path, sizeof book_path)) {
        fprintf(out, ERROR_PREFIX "usage: 'genfens N seed S book <None|FILE> [extra...]', N 0..%ld, S 0..2^64-1\n",
                GENFENS_MAX);
        return false;
    }
    Book book = {NULL, 0, 0};
    bool use_book = strcmp(book_path, "None") && strcmp(book_path, "none");
    if (use_book && !book_load(book_path, &book, out)) {
        book_free(&book);
        return false;
    }
    Searcher *s = search_create(16);
    GameHistory *game = malloc(sizeof *game);
    if (!s || !game) {
        fprintf(out, ERROR_PREFIX "out of memory\n");
        free(game);
        if (s)
            search_destroy(s);
        book_free(&book);
        return false;
    }
    uint64_t rng = seed ^ 0x6A09E667F3BCC909ULL;
    Judge judge = {s, GENFENS_MARGIN, GENFENS_NODES};
    /* From a book line a few random plies are enough to vary it. */
    int plies = use_book ? GENFENS_BOOK_PLIES : GENFENS_PLIES;
    bool ok = true;
    for (long i = 0; i < n; i++) {
        Position base, pos;
        if (use_book) {
            long k = (long)(splitmix64(&rng) % (uint64_t)book.count);
            char err[160];
            /* Read once already, at load. */
            if (!book_position(book.lines[k], &base, err, sizeof err)) {
                fprintf(out, ERROR_PREFIX "book line '%s': %s\n", book.lines[k], err);
                ok = false;
                break;
            }
        } else
            pos_set_fen(&base, START_FEN, NULL, 0, NULL, 0);
        opening_draw(&base, plies, &rng, balanced, &judge, &pos, game);
        char fen[128];
        pos_get_fen(&pos, fen);
        fprintf(out, "info string genfens %s\n", fen);
    }
    fflush(out);
    free(game);
    search_destroy(s);
    book_free(&book);
    return ok;
}
