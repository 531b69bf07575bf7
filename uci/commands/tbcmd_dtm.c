/* The DTM tables in the `tb` subcommand: `tb stats NAME` and `tb dump NAME`
 * for any table of up to four men, and the probe the `tb probe` verb uses.
 * Formats: README "Tablebases". */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tablebase/dtm.h"
#include "tbcmd.h"

const char *tb_result_text(int wdl_white) { return wdl_white > 0 ? "1-0" : wdl_white < 0 ? "0-1" : "1/2-1/2"; }

/* stdout is line-buffered for UCI; a dump writes large blocks instead. */
typedef struct {
    char buf[1 << 16];
    size_t len;
} Out;

static void out_flush(Out *o)
{
    fwrite(o->buf, 1, o->len, stdout);
    o->len = 0;
}

static char *put_number(char *p, int n)
{
    if (n >= 100)
        *p++ = (char)('0' + n / 100);
    if (n >= 10)
        *p++ = (char)('0' + n / 10 % 10);
    *p++ = (char)('0' + n % 10);
    return p;
}

/* Appends "FEN ; RESULT ; dtm N ; dtz N" for one entry. */
static void dump_entry(const DtmEntry *e, void *ctx)
{
    Out *o = ctx;
    Piece board[SQ_NB] = {0};
    if (o->len + 128 > sizeof o->buf)
        out_flush(o);
    for (int k = 0; k < e->count; k++)
        board[e->square[k]] = e->piece[k];
    char *p = board_to_fen(board, o->buf + o->len);
    *p++ = ' ';
    /* The rest by hand: sprintf would take most of the time of a dump. */
    const char *result = tb_result_text(e->stm == WHITE ? e->result.wdl : -e->result.wdl);
    memcpy(p, e->stm == WHITE ? "w - - 0 1 ; " : "b - - 0 1 ; ", 12);
    p += 12;
    memcpy(p, result, strlen(result));
    p += strlen(result);
    memcpy(p, " ; dtm ", 7);
    p += 7;
    p = put_number(p, e->result.plies);
    memcpy(p, " ; dtz ", 7);
    p = put_number(p + 7, e->result.dtz);
    *p++ = '\n';
    o->len = (size_t)(p - o->buf);
}

/* The table NAME, built (blocking); NULL with a message if there is none. */
static DtmTable *ready_table(const char *name, double *ms)
{
    char err[160];
    DtmTable *t = dtm_table(name, err, sizeof err);
    if (!t) {
        fprintf(stderr, "tb: %s\n", err);
        return NULL;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (!dtm_build(t)) {
        fprintf(stderr, "tb: %s could not be built (memory cap %u MB)\n", dtm_name(t), DTM_MEMORY_CAP >> 20);
        return NULL;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (ms)
        *ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    return t;
}

bool tb_dtm_covers(const char *name, char *why, size_t why_size) { return dtm_table(name, why, why_size) != NULL; }

int tb_dtm_dump(const char *name)
{
    static Out out;
    DtmTable *t = ready_table(name, NULL);
    if (!t)
        return 1;
    out.len = 0;
    dtm_foreach(t, DTM_VISIT_ALL, dump_entry, &out);
    out_flush(&out);
    fflush(stdout);
    return 0;
}

/* Results from White's view, by pawn file and rank (tables with a pawn). */
typedef struct {
    uint64_t n[8][8][3]; /* [file][rank][1-0, 1/2-1/2, 0-1] */
} PawnCounts;

static void count_pawn(const DtmEntry *e, void *ctx)
{
    PawnCounts *c = ctx;
    int wdl_white = e->stm == WHITE ? e->result.wdl : -e->result.wdl;
    for (int k = 2; k < e->count; k++)
        if (type_of(e->piece[k]) == PAWN)
            c->n[file_of(e->square[k])][rank_of(e->square[k])][1 - wdl_white]++;
}

static void pawn_line(const PawnCounts *c, const char *label, int f0, int f1, int r0, int r1)
{
    uint64_t sum[3] = {0, 0, 0};
    for (int f = f0; f <= f1; f++)
        for (int r = r0; r <= r1; r++)
            for (int i = 0; i < 3; i++)
                sum[i] += c->n[f][r][i];
    printf("%-24s 1-0 %8llu  1/2-1/2 %8llu  0-1 %8llu\n", label, (unsigned long long)sum[0], (unsigned long long)sum[1],
           (unsigned long long)sum[2]);
}

static void pawn_stats(const DtmTable *t)
{
    static PawnCounts c;
    char label[64];
    memset(&c, 0, sizeof c);
    dtm_foreach(t, DTM_VISIT_ALL, count_pawn, &c);
    for (int files = 3; files <= 7; files += 4)
        for (int r = 1; r <= 6; r++) {
            snprintf(label, sizeof label, "files a-%c, pawn rank %d:", 'a' + files, r + 1);
            pawn_line(&c, label, 0, files, r, r);
        }
    for (int f = 0; f < 8; f++) {
        snprintf(label, sizeof label, "pawn file %c:", 'a' + f);
        pawn_line(&c, label, f, f, 1, 6);
    }
}

/* A win in N plies takes (N + 1) / 2 moves, a loss N / 2. */
static void plies_text(char *buf, size_t size, double plies, bool win)
{
    snprintf(buf, size, "%.1f moves (%.1f plies)", (plies + win) / 2, plies);
}

int tb_dtm_stats(const char *name, bool by_pawn)
{
    static const char *const SIDE[] = {"white to move", "black to move"};
    double ms;
    DtmStats st;
    DtmTable *t = ready_table(name, &ms);
    if (!t || !dtm_stats(t, &st))
        return 1;
    printf("%s: distance to mate by retrograde analysis\n", dtm_name(t));
    for (Color c = WHITE; c <= BLACK; c++) {
        /* White's view: White to move wins = 1-0; Black to move wins = 0-1. */
        uint64_t white_wins = c == WHITE ? st.wins[c] : st.losses[c];
        uint64_t white_loses = c == WHITE ? st.losses[c] : st.wins[c];
        printf("%s: 1-0 %llu, 1/2-1/2 %llu, 0-1 %llu, legal %llu\n", SIDE[c], (unsigned long long)white_wins,
               (unsigned long long)st.draws[c], (unsigned long long)white_loses,
               (unsigned long long)(st.wins[c] + st.draws[c] + st.losses[c]));
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        char win[64] = "-", loss[64] = "-";
        if (st.wins[c]) {
            snprintf(win, sizeof win, "%d moves (%d plies), mean ", (st.max_win[c] + 1) / 2, st.max_win[c]);
            plies_text(win + strlen(win), sizeof win - strlen(win), (double)st.sum_win[c] / (double)st.wins[c], true);
        }
        if (st.losses[c]) {
            snprintf(loss, sizeof loss, "%d moves (%d plies), mean ", st.max_loss[c] / 2, st.max_loss[c]);
            plies_text(loss + strlen(loss), sizeof loss - strlen(loss), (double)st.sum_loss[c] / (double)st.losses[c],
                       false);
        }
        printf("%s: longest win %s; longest loss %s\n", SIDE[c], win, loss);
    }
    for (Color c = WHITE; c <= BLACK; c++)
        printf("%s: longest dtz win %d plies, longest dtz loss %d plies, cursed wins %llu\n", SIDE[c],
               st.max_dtz_win[c], st.max_dtz_loss[c], (unsigned long long)st.cursed[c]);
    if (by_pawn && strchr(dtm_name(t), 'P'))
        pawn_stats(t);
    printf("build time: %.2f ms for this table (dtm %.2f ms, dtz %.2f ms; %.2f ms with the smaller tables it "
           "needed)\n",
           st.build_ms + st.dtz_build_ms, st.build_ms, st.dtz_build_ms, ms);
    printf("memory: %zu bytes (%llu positions stored, two bytes each: dtm, dtz); all tables %zu bytes, cap %u MB\n",
           st.bytes, (unsigned long long)st.stored, dtm_memory_used(), DTM_MEMORY_CAP >> 20);
    return 0;
}

bool tb_dtm_probe(const Position *pos, int *wdl_white, int *dtm, int *dtz)
{
    DtmResult r;
    DtmTable *t = dtm_table_for_position(pos);
    if (!t || pos->castling || !dtm_build(t) || !dtm_probe(pos, &r))
        return false;
    *wdl_white = pos->side == WHITE ? r.wdl : -r.wdl;
    *dtm = r.plies;
    *dtz = r.dtz;
    return true;
}
