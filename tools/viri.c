/* viri: looks into viriformat files (tools/viriformat.h).
 *
 *   viri dump FILE...    every game as text: "game N result R plies P",
 *                        then "FEN ; MOVE ; SCORE" per ply (UCI moves,
 *                        castling as the king's two-square move, scores
 *                        from White's view)
 *   viri stats FILE...   games, positions, results, and how many positions
 *                        pass the trainer's filters
 *   viri text FILE...    the positions that pass the filters as "FEN;R;V"
 *                        (R = 1.0 / 0.5 / 0.0 and V the score, White's
 *                        view), the input of tools/tune
 *
 * Exit status 1 when a file cannot be read or holds a malformed game (the
 * message names the file, the game and the problem). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/position.h"
#include "search/init.h"
#include "search/search.h"
#include "tools/args.h"
#include "tools/samples.h"
#include "tools/viriformat.h"


typedef struct {
    long games, positions, passing, results[3];
} Totals;

static int walk(const char *path, const char *mode, Totals *t)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "viri: cannot open %s\n", path);
        return 1;
    }
    static ViriPly plies[VIRI_MAX_PLIES];
    static const char *const RESULT_TEXT[3] = {"0.0", "0.5", "1.0"};
    Position start;
    int result, n;
    char err[200];
    while ((n = viri_read_game(f, &start, &result, plies, err, sizeof err)) >= 0) {
        t->games++;
        t->results[result]++;
        if (!strcmp(mode, "dump"))
            printf("game %ld result %d plies %d\n", t->games, result, n);
        ViriReplay r;
        viri_replay_begin(&r, &start, result, plies, n);
        while (viri_replay_next(&r)) {
            char fen[128], move[8];
            bool pass = tn_filter_passes(&TN_FILTER_DEFAULT, &r.pos, r.move, r.score);
            t->positions++;
            t->passing += pass;
            if (!strcmp(mode, "dump")) {
                pos_get_fen(&r.pos, fen);
                pos_move_to_uci(&r.pos, r.move, move);
                printf("%s ; %s ; %d\n", fen, move, r.score);
            } else if (!strcmp(mode, "text") && pass) {
                pos_get_fen(&r.pos, fen);
                printf("%s;%s;%d\n", fen, RESULT_TEXT[r.result], r.score);
            }
        }
    }
    fclose(f);
    if (n == -2) {
        fprintf(stderr, "viri: %s: game %ld: %s\n", path, t->games + 1, err);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *mode = NULL;
    ArgList files = {0};
    const ArgSpec spec[] = {
        ARG_ROW("MODE", ARG_STRING, &mode, NULL, "dump (every ply), stats (counts) or text (FEN;R;V of the filtered)"),
        ARG_ROW("FILE", ARG_LIST, &files, NULL, "viriformat files"),
    };
    const int n = sizeof spec / sizeof spec[0];
    ArgsStatus st = args_parse("viri", spec, n, argc, argv, stderr);
    if (st == ARGS_OK && strcmp(mode, "dump") && strcmp(mode, "stats") && strcmp(mode, "text")) {
        fprintf(stderr, "viri: unknown mode %s\n", mode);
        st = ARGS_ERROR;
    }
    if (st != ARGS_OK) {
        args_usage("viri", spec, n, st == ARGS_HELP ? stdout : stderr);
        return st == ARGS_HELP ? 0 : 2;
    }
    keysquare_init();
    Totals t = {0};
    int rc = 0;
    for (int i = 0; i < files.count && !rc; i++)
        rc = walk(files.items[i], mode, &t);
    if (!strcmp(mode, "stats"))
        printf("games %ld  positions %ld  (white wins %ld, draws %ld, black wins %ld)  passing the filters %ld\n",
               t.games, t.positions, t.results[VIRI_WHITE_WINS], t.results[VIRI_DRAW], t.results[VIRI_BLACK_WINS],
               t.passing);
    return rc;
}
