/* DTM tables: visiting a table's positions, for dtm_foreach (tb dump)
 * and for the statistics counted when a build ends. */
#include <string.h>

#include "dtm_internal.h"

static void entry_header(const DtmTable *t, DtmEntry *e)
{
    memset(e, 0, sizeof *e);
    e->count = 2 + t->n;
    e->piece[0] = W_KING, e->piece[1] = B_KING;
    for (int k = 0; k < t->n; k++)
        e->piece[2 + k] = t->piece[k];
    e->weight = 1;
}

/* Visits both sides to move of the position at index whose squares are
 * e->square (the legal ones). */
static void visit_index(const DtmTable *t, DtmEntry *e, uint32_t index, DtmVisitor visit, void *ctx)
{
    for (Color c = WHITE; c <= BLACK; c++) {
        size_t p = (size_t)c * t->size + index;
        if (t->val[p] == DTM_ILLEGAL)
            continue;
        e->stm = c;
        e->result = dtm_decode_result(t->val[p], t->dtz[p]);
        visit(e, ctx);
    }
}

static void visit_stored(const DtmTable *t, DtmEntry *e, DtmVisitor visit, void *ctx)
{
    for (uint32_t i = 0; i < t->size; i++) {
        DtmMen m = {{0}};
        dtm_unpack(t, i, &m);
        memcpy(e->square, m.sq, sizeof e->square);
        e->weight = t->pawns ? 2 : 8 / dtm_stabiliser(t, &m);
        visit_index(t, e, i, visit, ctx);
    }
}

static void add_to_stats(const DtmEntry *e, void *ctx)
{
    DtmStats *st = ctx;
    Color c = e->stm;
    int plies = e->result.plies;
    uint64_t w = (uint64_t)e->weight;
    st->stored++;
    int dtz = e->result.dtz;
    if (e->result.wdl == 0)
        st->draws[c] += w;
    else if (e->result.wdl > 0) {
        st->wins[c] += w;
        st->sum_win[c] += w * (uint64_t)plies;
        st->max_win[c] = plies > st->max_win[c] ? plies : st->max_win[c];
        st->max_dtz_win[c] = dtz > st->max_dtz_win[c] ? dtz : st->max_dtz_win[c];
        st->cursed[c] += dtz > 100 ? w : 0;
    } else {
        st->losses[c] += w;
        st->sum_loss[c] += w * (uint64_t)plies;
        st->max_loss[c] = plies > st->max_loss[c] ? plies : st->max_loss[c];
        st->max_dtz_loss[c] = dtz > st->max_dtz_loss[c] ? dtz : st->max_dtz_loss[c];
    }
}

void dtm_count_stats(DtmTable *t)
{
    DtmEntry e;
    entry_header(t, &e);
    visit_stored(t, &e, add_to_stats, &t->stats);
}

bool dtm_stats(const DtmTable *t, DtmStats *out)
{
    if (!dtm_is_ready(t))
        return false;
    *out = t->stats;
    return true;
}

static bool placeable(const DtmTable *t, int k, Square s, Bitboard occ)
{
    return !(occ & square_bb(s)) && (type_of(t->piece[k]) != PAWN || (rank_of(s) != 0 && rank_of(s) != 7));
}

/* Both sides to move of one complete placement. */
static void visit_placement(const DtmTable *t, DtmEntry *e, const DtmMen *m, DtmVisitor visit, void *ctx)
{
    memcpy(e->square, m->sq, sizeof e->square);
    visit_index(t, e, dtm_index(t, m, NULL), visit, ctx);
}

/* Places the men besides the kings (identical men once per position). */
static void visit_men(const DtmTable *t, DtmEntry *e, DtmMen *m, DtmVisitor visit, void *ctx)
{
    Bitboard kings = square_bb(m->sq[0]) | square_bb(m->sq[1]);
    if (t->n == 0) {
        visit_placement(t, e, m, visit, ctx);
        return;
    }
    for (m->sq[2] = 0; m->sq[2] < SQ_NB; m->sq[2]++) {
        if (!placeable(t, 0, m->sq[2], kings))
            continue;
        if (t->n == 1) {
            visit_placement(t, e, m, visit, ctx);
            continue;
        }
        Bitboard occ = kings | square_bb(m->sq[2]);
        for (m->sq[3] = t->same ? m->sq[2] + 1 : 0; m->sq[3] < SQ_NB; m->sq[3]++)
            if (placeable(t, 1, m->sq[3], occ))
                visit_placement(t, e, m, visit, ctx);
    }
}

void dtm_foreach(const DtmTable *t, int mode, DtmVisitor visit, void *ctx)
{
    DtmEntry e;
    DtmMen m = {{0}};
    if (!dtm_is_ready(t))
        return;
    entry_header(t, &e);
    if (mode == DTM_VISIT_STORED) {
        visit_stored(t, &e, visit, ctx);
        return;
    }
    for (m.sq[0] = 0; m.sq[0] < SQ_NB; m.sq[0]++)
        for (m.sq[1] = 0; m.sq[1] < SQ_NB; m.sq[1]++)
            if (distance(m.sq[0], m.sq[1]) > 1)
                visit_men(t, &e, &m, visit, ctx);
}
