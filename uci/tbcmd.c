/* The `tb` subcommand: the verbs, and `tb probe` for any position a table
 * covers. Formats: README "Tablebases". */
#include "tbcmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"

const char *tb_result_text(int wdl_white)
{
    return wdl_white > 0 ? "1-0" : wdl_white < 0 ? "0-1" : "1/2-1/2";
}

/* FEN of pos with the move counters as the dump writes them ("0 1"). */
static void fen_for_table(const Position *pos, char *buf)
{
    pos_get_fen(pos, buf);
    char *p = buf;
    for (int spaces = 0; *p && spaces < 4; p++)
        spaces += *p == ' ';
    strcpy(p, "0 1");
}

static int tb_probe(int argc, char **argv)
{
    char fen[256] = "", err[160], text[128];
    for (int i = 1; i < argc; i++) {
        strncat(fen, argv[i], sizeof fen - strlen(fen) - 2);
        strcat(fen, " ");
    }
    Position *pos = malloc(sizeof *pos);
    int wdl, dtm, status = 1;
    if (!pos || !pos_set_fen(pos, fen, err, sizeof err, NULL, 0))
        fprintf(stderr, "tb probe: %s\n", pos ? err : "out of memory");
    else if (!tb_dtm_probe(pos, &wdl, &dtm))
        fprintf(stderr, "tb probe: no table for this position (up to four men, no castling rights)\n");
    else {
        fen_for_table(pos, text);
        printf("%s ; %s ; dtm %d\n", text, tb_result_text(wdl), dtm);
        MoveList list;
        list.count = 0;
        gen_legal(pos, &list, GEN_ALL);
        for (int i = 0; i < list.count; i++) {
            move_to_uci(list.moves[i], text);
            pos_make(pos, list.moves[i]);
            if (tb_dtm_probe(pos, &wdl, &dtm))
                printf("%s ; %s ; dtm %d\n", text, tb_result_text(wdl), dtm);
            else
                printf("%s ; ?\n", text);
            pos_unmake(pos);
        }
        status = 0;
    }
    free(pos);
    return status;
}

int tb_main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[0], "probe"))
        return tb_probe(argc, argv);
    bool dump = argc == 2 && !strcmp(argv[0], "dump"), stats = argc == 2 && !strcmp(argv[0], "stats");
    char why[160];
    if (!dump && !stats) {
        fprintf(stderr, "usage: keysquare tb stats NAME | tb dump NAME | tb probe FEN\n"
                        "NAME: a material code of up to four men, strong side first (kqk, kbnk, kqkr, ...)\n");
        return 1;
    }
    if (!tb_dtm_covers(argv[1], why, sizeof why)) {
        fprintf(stderr, "tb: no table '%s' (%s)\n", argv[1], why);
        return 1;
    }
    return dump ? tb_dtm_dump(argv[1]) : tb_dtm_stats(argv[1], true);
}
