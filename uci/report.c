#include "report.h"

#include <inttypes.h>
#include <stdio.h>

#include "engine/position.h"
#include "search/tt.h"

/* "cp N" or "mate N" (moves, negative when being mated). */
static void format_score(int v, char *buf, size_t n)
{
    if (v >= VALUE_MATE_IN_MAX_PLY)
        snprintf(buf, n, "mate %d", (VALUE_MATE - v + 1) / 2);
    else if (v <= -VALUE_MATE_IN_MAX_PLY)
        snprintf(buf, n, "mate %d", -(VALUE_MATE + v) / 2);
    else
        snprintf(buf, n, "cp %d", v);
}

/* Win/draw/loss per mille from a score: a logistic model, centred so
 * that +1 pawn is about 25 % wins. Output only; never a search input. */
static void format_wdl(int v, char *buf, size_t n)
{
    int w, l;
    if (v >= VALUE_MATE_IN_MAX_PLY || v >= VALUE_KNOWN_WIN / 2)
        w = 1000, l = 0;
    else if (v <= -VALUE_MATE_IN_MAX_PLY || v <= -VALUE_KNOWN_WIN / 2)
        w = 0, l = 1000;
    else {
        /* piecewise-linear logistic: 0 below -450 cp, 1000 above +650 */
        int x = v - 100;
        w = x <= -550 ? 0 : x >= 550 ? 1000 : 500 + x * 500 / 550;
        w = w * w / 1000;
        int y = -v - 100;
        l = y <= -550 ? 0 : y >= 550 ? 1000 : 500 + y * 500 / 550;
        l = l * l / 1000;
    }
    snprintf(buf, n, " wdl %d %d %d", w, 1000 - w - l, l);
}

static void on_info(void *ctx, const SearchInfo *info)
{
    const UciReport *r = ctx;
    char score[32], wdl[40] = "", mv[6];
    format_score(info->score, score, sizeof score);
    if (info->depth == 0) {
        printf("info depth 0 score %s\n", score);
        return;
    }
    if (r->show_wdl)
        format_wdl(info->score, wdl, sizeof wdl);
    int64_t ms = info->time_ms, searched = info->search_ms > 0 ? info->search_ms : 1;
    char buf[8192];
    int len = snprintf(buf, sizeof buf,
                       "info depth %d seldepth %d multipv %d score %s%s%s nodes %" PRIu64 " nps %" PRIu64
                       " hashfull %d tbhits %" PRIu64 " time %" PRId64 " pv",
                       info->depth, info->seldepth, info->multipv, score,
                       info->bound == BOUND_LOWER ? " lowerbound" :
                       info->bound == BOUND_UPPER ? " upperbound" :
                                                    "",
                       wdl, info->nodes, info->nodes * 1000 / (uint64_t)searched, info->hashfull, info->tbhits, ms);
    for (int i = 0; i < info->pv_len && len < (int)sizeof buf - 8; i++) {
        pos_move_to_uci(r->pos, info->pv[i], mv);
        len += snprintf(buf + len, sizeof buf - (size_t)len, " %s", mv);
    }
    puts(buf);
}

static void on_currmove(void *ctx, int depth, Move move, int number)
{
    const UciReport *r = ctx;
    char mv[6];
    pos_move_to_uci(r->pos, move, mv);
    printf("info depth %d currmove %s currmovenumber %d\n", depth, mv, number);
}

static void on_bestmove(void *ctx, Move best, Move ponder)
{
    const UciReport *r = ctx;
    char mv[6], pm[6];
    if (best == MOVE_NONE) {
        printf("bestmove (none)\n");
        return;
    }
    pos_move_to_uci(r->pos, best, mv);
    pos_move_to_uci(r->pos, ponder, pm);
    if (ponder)
        printf("bestmove %s ponder %s\n", mv, pm);
    else
        printf("bestmove %s\n", mv);
}

static void on_message(void *ctx, const char *text)
{
    (void)ctx;
    printf("info string %s\n", text);
}

SearchReporter uci_reporter(UciReport *r)
{
    return (SearchReporter){
        .ctx = r, .info = on_info, .currmove = on_currmove, .bestmove = on_bestmove, .message = on_message};
}
