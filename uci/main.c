/* Command-line entry: subcommands (perft, bench, tb) or the UCI loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/bitboard.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "endgame/endgame.h"
#include "tablebase/kpk.h"
#include "uci/tbcmd.h"

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    bitboard_init();
    position_init();
    kpk_init();
    endgame_init();
    if (argc >= 2 && !strcmp(argv[1], "tb"))
        return tb_main(argc - 2, argv + 2);
    if (argc >= 3 && !strcmp(argv[1], "perft")) {
        Position *pos = malloc(sizeof *pos);
        char fen[256] = "", err[128];
        for (int i = 3; i < argc; i++) {
            strncat(fen, argv[i], sizeof fen - strlen(fen) - 2);
            strcat(fen, " ");
        }
        if (!pos_set_fen(pos, argc > 3 ? fen : START_FEN, err, sizeof err, NULL, 0)) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        int depth = atoi(argv[2]);
        perft_divide(pos, depth, stdout);
        free(pos);
    }
    return 0;
}
