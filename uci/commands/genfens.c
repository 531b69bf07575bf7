/* genfens (genfens.h). */
#include "uci/commands/genfens.h"

#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/random.h"

#define MAX_TRIES 1000
#define GENFENS_MAX 100000000L

static bool random_plies(Position *pos, GameHistory *game, uint64_t *rng, int plies)
{
    for (int i = 0; i < plies; i++) {
        MoveList list;
        list.count = 0;
        gen_legal(pos, &list, GEN_ALL);
        if (list.count == 0)
            return false;
        game_make(game, pos, list.moves[splitmix64(rng) % (uint64_t)list.count]);
    }
    return count_legal(pos) > 0;
}

bool genfens_opening(Searcher *s, const Position *base, const OpeningRule *rule, uint64_t *rng, Position *pos,
                     GameHistory *game)
{
    for (int tries = 0; tries < MAX_TRIES; tries++) {
        *pos = *base;
        pos->undo = NULL;
        game->len = 0;
        int plies = rule->plies + (int)(splitmix64(rng) & 1);
        if (!random_plies(pos, game, rng, plies))
            continue;
        SearchLimits limits;
        memset(&limits, 0, sizeof limits);
        limits.soft_nodes = rule->nodes;
        limits.nodes = rule->nodes * 5;
        search_clear(s);
        search_start(s, pos, &limits);
        search_wait(s);
        if (abs(search_best_score(s)) <= rule->margin)
            return true;
    }
    return false;
}

typedef struct {
    char **lines;
    long count;
} Book;

static void book_free(Book *b)
{
    for (long i = 0; i < b->count; i++)
        free(b->lines[i]);
    free(b->lines);
}

static bool book_load(const char *path, Book *b, FILE *out)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(out, "info string genfens: cannot open book %s\n", path);
        return false;
    }
    char line[512];
    long cap = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#')
            continue;
        if (b->count == cap) {
            cap = cap ? 2 * cap : 1024;
            char **p = realloc(b->lines, (size_t)cap * sizeof *p);
            ok = p != NULL;
            if (ok)
                b->lines = p;
        }
        if (ok && (b->lines[b->count] = strdup(line)) != NULL)
            b->count++;
        else
            ok = false;
    }
    fclose(f);
    if (!ok)
        fprintf(out, "info string genfens: out of memory reading %s\n", path);
    else if (!b->count)
        fprintf(out, "info string genfens: book %s has no positions\n", path);
    return ok && b->count;
}

/* The position of a book line: its first six fields at most (an EPD's
 * operations after them are not part of the position). */
static bool book_position(const char *line, Position *pos)
{
    char fen[512];
    snprintf(fen, sizeof fen, "%s", line);
    char *semi = strchr(fen, ';');
    if (semi)
        *semi = 0;
    int fields = 0;
    for (char *p = fen; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (++fields > 6) {
            p[-1] = 0;
            break;
        }
        while (*p && *p != ' ')
            p++;
    }
    return pos_set_fen(pos, fen, NULL, 0, NULL, 0);
}

bool genfens_run(const char *line, FILE *out)
{
    char book_path[256];
    long n;
    unsigned long long seed;
    if (sscanf(line, " genfens %ld seed %llu book %255s", &n, &seed, book_path) != 3 || n < 0 || n > GENFENS_MAX) {
        fprintf(out, "info string genfens: usage 'genfens N seed S book <None|FILE> [extra...]', N 0..%ld\n",
                GENFENS_MAX);
        return false;
    }
    Book book = {NULL, 0};
    bool use_book = strcmp(book_path, "None") && strcmp(book_path, "none");
    if (use_book && !book_load(book_path, &book, out)) {
        book_free(&book);
        return false;
    }
    Searcher *s = search_create(16);
    GameHistory *game = malloc(sizeof *game);
    if (!s || !game) {
        fprintf(out, "info string genfens: out of memory\n");
        free(game);
        if (s)
            search_destroy(s);
        book_free(&book);
        return false;
    }
    uint64_t rng = seed ^ 0x6A09E667F3BCC909ULL;
    OpeningRule rule = {GENFENS_PLIES, GENFENS_MARGIN, GENFENS_NODES};
    /* From a book line a few random plies are enough to vary it. */
    if (use_book)
        rule.plies = 2;
    bool ok = true;
    for (long i = 0; i < n; i++) {
        Position base, pos;
        if (use_book) {
            long k = (long)(splitmix64(&rng) % (uint64_t)book.count);
            if (!book_position(book.lines[k], &base)) {
                fprintf(out, "info string genfens: book line %ld is not a position: %s\n", k + 1, book.lines[k]);
                ok = false;
                break;
            }
        } else
            pos_set_fen(&base, START_FEN, NULL, 0, NULL, 0);
        genfens_opening(s, &base, &rule, &rng, &pos, game);
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
