/* The `tb` subcommand: stats, dump and probe of the in-memory tables, in the
 * formats of the README ("Tablebases"). The DTM tables (tbcmd_dtm.c) cover
 * every material of up to four men they can build and come first; the
 * rows of TABLES add what other tables know (the KPK bitbase's counts). */
#include "tbcmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "endgame/endgame.h"
#include "engine/material.h"
#include "engine/movegen.h"
#include "engine/parse.h"
#include "tablebase/dtm.h"
#include "tablebase/kpk.h"
#include "tablebase/syzygy.h"
#include "tbrules.h"

/* A probe result: wdl from the table's strong side (+1 win, 0 draw, -1
 * loss); dtm in plies to mate, or -1 when the table has no DTM. */
typedef struct {
    int wdl;
    int dtm;
} TbResult;

typedef struct {
    const char *code; /* material code, strong side first; the name is its lower case */
    const char *about;
    bool (*probe)(const Position *pos, Color strong, TbResult *out);
    void (*stats)(void);
} TbTable;

/* ---- KPK ---------------------------------------------------------------- */

static bool kpk_probe_pos(const Position *pos, Color strong, TbResult *out)
{
    out->wdl = kpk_probe_position(pos, strong) ? 1 : 0;
    out->dtm = -1;
    return true;
}

/* Legal and won positions, by side to move, pawn file and pawn rank. */
typedef struct {
    long legal[COLOR_NB][8][8];
    long won[COLOR_NB][8][8];
} KpkCounts;

static void kpk_count(KpkCounts *c)
{
    memset(c, 0, sizeof *c);
    for (Color stm = WHITE; stm <= BLACK; stm++)
        for (Square wk = 0; wk < SQ_NB; wk++)
            for (Square wp = SQ_A2; wp <= SQ_H7; wp++)
                for (Square bk = 0; bk < SQ_NB; bk++)
                    if (kpk_is_legal(stm, wk, wp, bk)) {
                        c->legal[stm][file_of(wp)][rank_of(wp)]++;
                        c->won[stm][file_of(wp)][rank_of(wp)] += kpk_probe(stm, wk, wp, bk);
                    }
}

/* Sums over the sides in [c0, c1], files [f0, f1] and ranks [r0, r1]. */
static void kpk_sum(const KpkCounts *c, int c0, int c1, int f0, int f1, int r0, int r1, long *legal, long *won)
{
    *legal = *won = 0;
    for (int s = c0; s <= c1; s++)
        for (int f = f0; f <= f1; f++)
            for (int r = r0; r <= r1; r++)
                *legal += c->legal[s][f][r], *won += c->won[s][f][r];
}

static void kpk_stats_line(const char *label, long legal, long won)
{
    printf("%-31s %6ld legal %6ld won %6ld drawn %6d lost\n", label, legal, won, legal - won, 0);
}

static void kpk_stats(void)
{
    static const char *const SIDE[] = {"white to move", "black to move", "both sides to move"};
    KpkCounts c;
    long legal, won;
    char label[64];
    kpk_count(&c);
    printf("kpk: white king and pawn against king; bitbase (win/draw for White)\n");
    for (int files = 3; files <= 7; files += 4)
        for (int s = 0; s < 3; s++) {
            kpk_sum(&c, s == 1, s == 0 ? 0 : 1, 0, files, 1, 6, &legal, &won);
            snprintf(label, sizeof label, "files a-%c, %s:", 'a' + files, SIDE[s]);
            kpk_stats_line(label, legal, won);
        }
    for (int files = 3; files <= 7; files += 4)
        for (int r = 1; r <= 6; r++) {
            kpk_sum(&c, 0, 1, 0, files, r, r, &legal, &won);
            snprintf(label, sizeof label, "files a-%c, pawn rank %d:", 'a' + files, r + 1);
            kpk_stats_line(label, legal, won);
        }
    for (int f = 0; f < 8; f++) {
        kpk_sum(&c, 0, 1, f, f, 1, 6, &legal, &won);
        snprintf(label, sizeof label, "pawn file %c:", 'a' + f);
        kpk_stats_line(label, legal, won);
    }
    printf("build time: %.3f ms (retrograde analysis at startup)\n", 1e3 * kpk_build_seconds());
    printf("memory: %zu bytes (files a-d, one bit per position)\n", kpk_memory_bytes());
}

static const TbTable TABLES[] = {
    {"KPK", "king and pawn against king (bitbase)", kpk_probe_pos, kpk_stats},
};
#define TABLE_COUNT (sizeof TABLES / sizeof TABLES[0])

/* ---- look-up ------------------------------------------------------------ */

static const TbTable *table_by_name(const char *name)
{
    for (size_t i = 0; i < TABLE_COUNT; i++)
        if (!strcasecmp(TABLES[i].code, name))
            return &TABLES[i];
    return NULL;
}

/* The result of pos from White's view, and its DTM and DTZ (-1 if none);
 * false if no table or rule knows the material. */
static bool probe_any(const Position *pos, int *wdl_white, int *dtm, int *dtz)
{
    if (tb_dtm_probe(pos, wdl_white, dtm, dtz))
        return true;
    *dtz = -1;
    for (size_t i = 0; i < TABLE_COUNT; i++)
        for (Color strong = WHITE; strong <= BLACK; strong++) {
            Key key;
            TbResult r;
            if (!material_code_key(TABLES[i].code, strong, &key) || key != pos->material_key)
                continue;
            if (!TABLES[i].probe(pos, strong, &r))
                return false;
            *wdl_white = strong == WHITE ? r.wdl : -r.wdl;
            *dtm = r.dtm;
            return true;
        }
    if (!pos_insufficient_material(pos))
        return false;
    *wdl_white = 0;
    *dtm = -1;
    return true;
}

/* Syzygy's WDL of pos where the files found cover it. The prober answers
 * a lone pair of kings as a draw without any file (the generator makes no
 * KvK table); here that answer counts only when some files were found, so
 * a probe without files prints no Syzygy values (README). */
static bool syzygy_wdl_from_files(Position *pos, int *wdl)
{
    return syzygy_max_men() > 0 && !pos->castling && syzygy_probe_wdl(pos, wdl);
}

/* One result line: the in-memory tables' result, DTM and DTZ, then
 * Syzygy's wdl (-2..2) and dtz (plies), both from the side to move's view,
 * where the files cover pos (no castling rights). False if nothing covers
 * it. */
static bool print_result(const char *head, Position *pos, bool memory)
{
    int wdl, dtm, dtz, sz_wdl, sz_dtz;
    bool known = memory && probe_any(pos, &wdl, &dtm, &dtz);
    bool sz = syzygy_wdl_from_files(pos, &sz_wdl);
    bool sz_dtz_known = sz && syzygy_probe_dtz(pos, &sz_dtz);
    if (!known && !sz)
        return false;
    if (!known) { /* the fifty-move rule's verdict from a zeroed clock */
        int w = sz_wdl == SZ_WIN ? 1 : sz_wdl == SZ_LOSS ? -1 : 0;
        wdl = pos->side == WHITE ? w : -w;
        dtm = dtz = -1;
    }
    printf("%s ; %s", head, tb_result_text(wdl));
    if (dtm >= 0)
        printf(" ; dtm %d", dtm);
    if (dtm >= 0 && dtz >= 0)
        printf(" ; dtz %d", dtz);
    if (sz)
        printf(" ; syzygy wdl %d", sz_wdl);
    if (sz_dtz_known)
        printf(" ; syzygy dtz %d", sz_dtz);
    printf("\n");
    return true;
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

/* ---- verbs -------------------------------------------------------------- */

/* tb probe [--syzygy DIRS | --syzygy-only DIRS] FEN: Syzygy files from
 * --syzygy, else from the SyzygyPath environment variable (separated as
 * the UCI option's: ':', on Windows ';'); --syzygy-only leaves the
 * in-memory tables out (no table is built: quick where they would take
 * seconds). */
static int probe_command(int argc, char **argv)
{
    char fen[256] = "", err[160], text[128];
    int first = 1;
    const char *dirs = getenv("SyzygyPath");
    bool memory = true;
    if (argc > 2 && (!strcmp(argv[1], "--syzygy") || !strcmp(argv[1], "--syzygy-only")))
        memory = !strcmp(argv[1], "--syzygy"), dirs = argv[2], first = 3;
    syzygy_init(dirs ? dirs : "", NULL);
    while (syzygy_next_message(err, sizeof err))
        fprintf(stderr, "tb probe: %s\n", err);
    if (!join_words(argv, first, argc, fen, sizeof fen)) {
        fprintf(stderr, "tb probe: the FEN is too long\n");
        return 1;
    }
    Position position, *pos = &position;
    int wdl, dtm, dtz, v, status = 1;
    if (!pos_set_fen(pos, fen, err, sizeof err, NULL, 0))
        fprintf(stderr, "tb probe: %s\n", err);
    else if (pos->castling)
        fprintf(stderr, "tb probe: no table covers a position with castling rights\n");
    else if (!(memory && probe_any(pos, &wdl, &dtm, &dtz) && !(dtm < 0 && pos_insufficient_material(pos)))
             && !syzygy_wdl_from_files(pos, &v))
        fprintf(stderr, "tb probe: no table for this material\n");
    else {
        /* The lines are the dump's, from a zeroed clock; the rule with the
         * FEN's clock is what play applies (README), so say it is dropped. */
        if (pos->rule50 > 0)
            fprintf(stderr, "tb probe: results from a halfmove clock of 0, not the FEN's %d\n", pos->rule50);
        fen_for_table(pos, text);
        print_result(text, pos, memory);
        MoveList list;
        list.count = 0;
        gen_legal(pos, &list, GEN_ALL);
        for (int i = 0; i < list.count; i++) {
            move_to_uci(list.moves[i], text);
            Undo undo;
            pos_make(pos, list.moves[i], &undo);
            if (!print_result(text, pos, memory))
                printf("%s ; ?\n", text);
            pos_unmake(pos);
        }
        status = 0;
    }
    while (syzygy_next_message(err, sizeof err))
        fprintf(stderr, "tb probe: %s\n", err);
    return status;
}

static void list_tables(FILE *out)
{
    int count;
    const char *const *names = dtm_standard_names(&count);
    fprintf(out, "tables:");
    for (int i = 0; i < count; i++) {
        fputc(' ', out);
        for (const char *c = names[i]; *c; c++)
            fputc(*c - 'A' + 'a', out);
    }
    fprintf(out, " (DTM; any other material of up to four men too)\n");
}

int tb_main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[0], "probe"))
        return probe_command(argc, argv);
    if (argc >= 1 && !strcmp(argv[0], "rules"))
        return tb_rules_main(argc, argv);
    bool dump = argc == 2 && !strcmp(argv[0], "dump"), stats = argc == 2 && !strcmp(argv[0], "stats");
    if (!dump && !stats) {
        fprintf(stderr,
                "usage: keysquare tb stats NAME | tb dump NAME | tb probe [--syzygy[-only] DIRS] FEN | tb rules kpk\n");
        list_tables(stderr);
        return 1;
    }
    const TbTable *t = table_by_name(argv[1]);
    char why[160];
    if (!tb_dtm_covers(argv[1], why, sizeof why)) {
        fprintf(stderr, "tb: no table '%s' (%s)\n", argv[1], why);
        list_tables(stderr);
        return 1;
    }
    if (dump)
        return tb_dtm_dump(argv[1]);
    if (t) /* the bitbase's counts by pawn rank and file, then the DTM's */
        t->stats();
    return tb_dtm_stats(argv[1], !t);
}
