/* The `tb` subcommand: stats, dump and probe of the in-memory tables, in the
 * formats of the README ("Tablebases"). Each table is one row of TABLES; a
 * new table (a DTM table, say) adds a row with its probe, and a dump and
 * stats function if it can enumerate its positions. */
#include "tbcmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "endgame/endgame.h"
#include "engine/movegen.h"
#include "tablebase/kpk.h"

/* A probe result: wdl from the table's strong side (+1 win, 0 draw, -1
 * loss); dtm in plies to mate, or -1 when the table has no DTM. */
typedef struct {
    int wdl;
    int dtm;
} TbResult;

typedef struct {
    const char *code;  /* material code, strong side first; the name is its lower case */
    const char *about;
    bool (*probe)(const Position *pos, Color strong, TbResult *out);
    void (*dump)(void);  /* NULL if known by rule only */
    void (*stats)(void); /* NULL if known by rule only */
} TbTable;

/* ---- output ------------------------------------------------------------- */

/* stdout is line-buffered for UCI; a dump writes large blocks instead. */
static char out_buf[1 << 16];
static size_t out_len;

static void out_flush(void)
{
    fwrite(out_buf, 1, out_len, stdout);
    out_len = 0;
}

static void out_line(const char *line)
{
    size_t n = strlen(line);
    if (out_len + n + 1 > sizeof out_buf)
        out_flush();
    memcpy(out_buf + out_len, line, n);
    out_len += n;
    out_buf[out_len++] = '\n';
}

static const char *result_text(int wdl_white)
{
    return wdl_white > 0 ? "1-0" : wdl_white < 0 ? "0-1" : "1/2-1/2";
}

/* FEN of a position given as one Piece per square, ending "- - 0 1". */
static void fen_of_board(const Piece board[SQ_NB], Color stm, char *fen)
{
    static const char PIECE_CHARS[] = " PNBRQK  pnbrqk";
    char *p = fen;
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            Piece pc = board[make_square(f, r)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                *p++ = (char)('0' + empty), empty = 0;
            *p++ = PIECE_CHARS[pc];
        }
        if (empty)
            *p++ = (char)('0' + empty);
        *p++ = r ? '/' : ' ';
    }
    strcpy(p, stm == WHITE ? "w - - 0 1" : "b - - 0 1");
}

/* ---- KPK ---------------------------------------------------------------- */

static bool kpk_probe_pos(const Position *pos, Color strong, TbResult *out)
{
    out->wdl = kpk_probe_position(pos, strong) ? 1 : 0;
    out->dtm = -1;
    return true;
}

static void kpk_dump(void)
{
    Piece board[SQ_NB] = {0};
    char line[128];
    for (Color stm = WHITE; stm <= BLACK; stm++)
        for (Square wk = 0; wk < SQ_NB; wk++)
            for (Square wp = SQ_A2; wp <= SQ_H7; wp++)
                for (Square bk = 0; bk < SQ_NB; bk++) {
                    if (!kpk_is_legal(stm, wk, wp, bk))
                        continue;
                    board[wk] = W_KING, board[wp] = W_PAWN, board[bk] = B_KING;
                    fen_of_board(board, stm, line);
                    board[wk] = board[wp] = board[bk] = NO_PIECE;
                    strcat(line, kpk_probe(stm, wk, wp, bk) ? " ; 1-0" : " ; 1/2-1/2");
                    out_line(line);
                }
    out_flush();
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

/* ---- lone queen or rook, by rule --------------------------------------- */

/* KQK and KRK: won unless the bare king, to move, takes the piece or is
 * stalemated (a queen or rook that is safe always mates). No DTM. */
static bool lone_major_probe(const Position *pos, Color strong, TbResult *out)
{
    out->dtm = -1;
    out->wdl = 1;
    if (pos->side == strong)
        return true;
    MoveList list;
    list.count = 0;
    gen_legal(pos, &list, GEN_ALL);
    if (list.count == 0)
        out->wdl = in_check(pos) ? 1 : 0;
    for (int i = 0; i < list.count; i++)
        if (is_capture(pos, list.moves[i]))
            out->wdl = 0;
    return true;
}

static const TbTable TABLES[] = {
    {"KPK", "king and pawn against king (bitbase)", kpk_probe_pos, kpk_dump, kpk_stats},
    {"KQK", "queen against king (by rule)", lone_major_probe, NULL, NULL},
    {"KRK", "rook against king (by rule)", lone_major_probe, NULL, NULL},
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

/* The result of pos from White's view, and its DTM (-1 if none); false if
 * no table or rule knows the material. */
static bool probe_any(const Position *pos, int *wdl_white, int *dtm)
{
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

static void print_result(const char *head, int wdl, int dtm)
{
    if (dtm >= 0)
        printf("%s ; %s ; dtm %d\n", head, result_text(wdl), dtm);
    else
        printf("%s ; %s\n", head, result_text(wdl));
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
    else if (!probe_any(pos, &wdl, &dtm) || pos_insufficient_material(pos))
        fprintf(stderr, "tb probe: no table for this material\n");
    else {
        fen_for_table(pos, text);
        print_result(text, wdl, dtm);
        MoveList list;
        list.count = 0;
        gen_legal(pos, &list, GEN_ALL);
        for (int i = 0; i < list.count; i++) {
            move_to_uci(list.moves[i], text);
            pos_make(pos, list.moves[i]);
            if (probe_any(pos, &wdl, &dtm))
                print_result(text, wdl, dtm);
            else
                printf("%s ; ?\n", text);
            pos_unmake(pos);
        }
        status = 0;
    }
    free(pos);
    return status;
}

static void list_tables(FILE *out)
{
    fprintf(out, "tables:");
    for (size_t i = 0; i < TABLE_COUNT; i++) {
        if (!TABLES[i].dump)
            continue;
        fputc(' ', out);
        for (const char *c = TABLES[i].code; *c; c++)
            fputc(*c - 'A' + 'a', out);
    }
    fprintf(out, "\n");
}

int tb_main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[0], "probe"))
        return tb_probe(argc, argv);
    bool dump = argc == 2 && !strcmp(argv[0], "dump"), stats = argc == 2 && !strcmp(argv[0], "stats");
    if (!dump && !stats) {
        fprintf(stderr, "usage: keysquare tb stats NAME | tb dump NAME | tb probe FEN\n");
        list_tables(stderr);
        return 1;
    }
    const TbTable *t = table_by_name(argv[1]);
    if (!t || !t->dump) {
        fprintf(stderr, "tb: no table '%s'\n", argv[1]);
        list_tables(stderr);
        return 1;
    }
    if (dump)
        t->dump();
    else
        t->stats();
    return 0;
}
