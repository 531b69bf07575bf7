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
#include "tools/nn_train.h"
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
        Position pos = start;
        Undo undo[2];
        for (int i = 0; i < n; i++) {
            char fen[128], move[8];
            Move m = plies[i].move;
            bool pass = tn_passes_filters(&pos, m, plies[i].score);
            t->positions++;
            t->passing += pass;
            if (!strcmp(mode, "dump")) {
                pos_get_fen(&pos, fen);
                pos_move_to_uci(&pos, m, move);
                printf("%s ; %s ; %d\n", fen, move, plies[i].score);
            } else if (!strcmp(mode, "text") && pass) {
                pos_get_fen(&pos, fen);
                printf("%s;%s;%d\n", fen, RESULT_TEXT[result], plies[i].score);
            }
            pos_make(&pos, m, &undo[i & 1]);
            pos.undo = NULL;
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
    if (argc < 3 || (strcmp(argv[1], "dump") && strcmp(argv[1], "stats") && strcmp(argv[1], "text"))) {
        fprintf(stderr, "usage: viri dump|stats|text FILE...\n");
        return 2;
    }
    keysquare_init();
    Totals t = {0};
    int rc = 0;
    for (int i = 2; i < argc && !rc; i++)
        rc = walk(argv[i], argv[1], &t);
    if (!strcmp(argv[1], "stats"))
        printf("games %ld  positions %ld  (white wins %ld, draws %ld, black wins %ld)  passing the filters %ld\n",
               t.games, t.positions, t.results[VIRI_WHITE_WINS], t.results[VIRI_DRAW], t.results[VIRI_BLACK_WINS],
               t.passing);
    return rc;
}
