/* The search's use of the in-memory DTM tables and the Syzygy files:
 * which tables a search may probe and their build before it, exact
 * scores inside the tree, and the play at the root (the tables' move of
 * a covered root, the Syzygy files' choice of the root moves to search). */
#include "tb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control.h"
#include "engine/movegen.h"
#include "tablebase/dtm.h"
#include "tablebase/syzygy.h"
#include "thread.h"
#include "tt.h"

/* Tables count as reachable from the root only when the root has at most
 * this many men: then the set of tables the search may meet is small
 * enough to build before the search starts. Besides these, a search
 * without a clock builds the tables earlier searches met (TbUnmet), from
 * any root. */
#define TB_ROOT_MEN 5

/* How long the builder works between two polls of keep_going (ms): stop
 * and the time budget take effect within about this. */
#define TB_BUILD_SLICE_MS 5

/* Can the material of the table (men besides the kings by Piece, its
 * named side White) be reached from pos by captures and promotions, with
 * the table's named side as colour `strong`? */
static bool reachable_as(const Position *pos, const int counts[PIECE_NB], Color strong)
{
    for (Color c = WHITE; c <= BLACK; c++) {
        Color named = c == strong ? WHITE : BLACK;
        int pawns = popcount(pieces(pos, c, PAWN)) - counts[make_piece(named, PAWN)];
        if (pawns < 0)
            return false;
        for (PieceType pt = KNIGHT; pt <= QUEEN; pt++) {
            int missing = counts[make_piece(named, pt)] - popcount(pieces(pos, c, pt));
            if (missing > 0 && (pawns -= missing) < 0)
                return false;
        }
    }
    return true;
}

/* out[0..n) with t appended unless listed or full (TB_MAX_TABLES); returns
 * the new n. */
static int add_table(DtmTable **out, int n, DtmTable *t)
{
    for (int i = 0; i < n; i++)
        if (out[i] == t)
            return n;
    if (n < TB_MAX_TABLES)
        out[n++] = t;
    return n;
}

/* Every table the root can reach by captures and promotions (at most two
 * men besides the kings), the root's own first: it gives the perfect root
 * move, the most a short build can buy; its sub-tables are built with it.
 * Each material is tried in the root's colours. */
static int reachable_tables(const Position *root, DtmTable **out)
{
    static const PieceType TYPES[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
    Piece kinds[10];
    int n = 0, k = 0;
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < 5; i++)
            kinds[k++] = make_piece(c, TYPES[i]);
    DtmTable *own = dtm_table_for_position(root); /* NULL beyond four men */
    if (own)
        out[n++] = own;
    for (int a = 0; a < 10; a++)
        for (int b = a; b <= 10; b++) { /* b == 10: one man only */
            int counts[PIECE_NB] = {0};
            counts[kinds[a]]++;
            if (b < 10)
                counts[kinds[b]]++;
            DtmTable *t;
            if (reachable_as(root, counts, WHITE) && (t = dtm_table_for_counts(counts)))
                n = add_table(out, n, t);
        }
    return n;
}

static bool unmet_lists(const TbUnmet *u, Key key)
{
    for (int i = 0; i < u->count; i++)
        if (u->keys[i] == key || u->flipped[i] == key)
            return true;
    return false;
}

void tb_note_unmet(TbUnmet *u, const Position *pos)
{
    if (u->count == TB_UNMET_MAX || unmet_lists(u, pos->material_key))
        return;
    int counts[PIECE_NB] = {0}, flipped[PIECE_NB] = {0};
    for (Bitboard b = occupied(pos); b; b &= b - 1) {
        Piece p = pos->board[lsb(b)];
        counts[p]++;
        flipped[make_piece(!color_of(p), type_of(p))]++;
    }
    u->keys[u->count] = pos->material_key;
    u->flipped[u->count] = material_key_of_counts(flipped);
    for (Piece p = 0; p < PIECE_NB; p++)
        u->counts[u->count][p] = (int8_t)(type_of(p) == KING ? 0 : counts[p]);
    u->count++;
}

void tb_merge_unmet(TbUnmet *into, const TbUnmet *from)
{
    for (int i = 0; i < from->count && into->count < TB_UNMET_MAX; i++)
        if (!unmet_lists(into, from->keys[i])) {
            into->keys[into->count] = from->keys[i];
            into->flipped[into->count] = from->flipped[i];
            memcpy(into->counts[into->count], from->counts[i], sizeof from->counts[i]);
            into->count++;
        }
}

/* The table of each material in unmet, appended to out[0..n) unless
 * listed; the materials with no table to wait for (ready, failed, or none
 * exists) leave unmet. Returns the new n. */
static int unmet_tables(TbUnmet *unmet, DtmTable **out, int n)
{
    int kept = 0;
    for (int i = 0; i < unmet->count; i++) {
        int counts[PIECE_NB];
        for (Piece p = 0; p < PIECE_NB; p++)
            counts[p] = unmet->counts[i][p];
        DtmTable *t = dtm_table_for_counts(counts);
        if (!t || dtm_is_ready(t) || dtm_build_failed(t))
            continue;
        unmet->keys[kept] = unmet->keys[i];
        unmet->flipped[kept] = unmet->flipped[i];
        memmove(unmet->counts[kept], unmet->counts[i], sizeof unmet->counts[i]);
        kept++;
        n = add_table(out, n, t);
    }
    unmet->count = kept;
    return n;
}

void tb_prepare(DtmBuilder *b, const Position *root, TbUnmet *unmet, bool (*keep_going)(void *ctx), void *ctx,
                char *built, size_t built_size)
{
    DtmTable *need[TB_MAX_TABLES];
    bool was_ready[TB_MAX_TABLES];
    *built = '\0';
    int n = popcount(occupied(root)) <= TB_ROOT_MEN ? reachable_tables(root, need) : 0;
    if (unmet)
        n = unmet_tables(unmet, need, n);
    if (!b || n == 0 || dtm_builder_want(b, need, n))
        return;
    for (int i = 0; i < n; i++)
        was_ready[i] = dtm_is_ready(need[i]);
    while (keep_going(ctx) && !dtm_builder_work(b, TB_BUILD_SLICE_MS))
        ;
    for (int i = 0, len = 0; i < n; i++)
        if (!was_ready[i] && dtm_is_ready(need[i]) && len + 9 < (int)built_size)
            len += snprintf(built + len, built_size - (size_t)len, "%s%s", len ? " " : "", dtm_name(need[i]));
    if (unmet)
        unmet_tables(unmet, need, 0);
}

/* The fifty-move rule at a covered position (Syzygy's DTZ50 reading):
 * with the halfmove clock at c, a win or loss of DTZ d holds if
 * c + d <= 100 (the zeroing move or mate may come on the 100th ply), else
 * it is a draw (cursed win, blessed loss). Mate comes before the rule can
 * end the game if c + DTM <= 100: only then is the score a mate score;
 * other wins sit in the TB band below the mate scores, the nearer the
 * rule's limit the lower. Without the rule (use50 false) the clock counts
 * as 0 and DTZ only orders the TB band. */
static int tb_score(const DtmResult *r, int ply, int clock, bool use50)
{
    if (r->wdl == 0)
        return VALUE_DRAW;
    if (!use50)
        clock = 0;
    else if (clock + r->dtz > 100)
        return VALUE_DRAW;
    int v = (!use50 || clock + r->plies <= 100) && ply + r->plies < MAX_PLY ? VALUE_MATE - ply - r->plies :
                                                                              VALUE_TB_WIN - clock - r->dtz;
    return r->wdl > 0 ? v : -v;
}

bool tb_memory_probe(const Position *pos, int ply, bool use50, int *score)
{
    DtmResult r;
    if (popcount(occupied(pos)) > 4 || pos->castling || !dtm_probe(pos, &r))
        return false;
    *score = tb_score(&r, ply, pos->rule50, use50);
    return true;
}

/* Score of root move m from the mover's view: the table's verdict
 * (tablebase/dtm.h, the game's fifty-move rule whatever use50 says),
 * scored as tb_memory_probe scores the position after it at ply 1. False if no
 * ready table covers the position after it. */
static bool tb_move_score(Position *pos, Move m, bool use50, int *score)
{
    DtmVerdict v;
    if (!dtm_probe_move(pos, m, DTM_RULE50_CLAIM, &v))
        return false;
    if (v.wdl > 0 && v.plies == 1) {
        *score = VALUE_MATE - 1; /* a mate stands whatever the clock */
        return true;
    }
    DtmResult after = {-v.wdl, v.wdl ? v.plies - 1 : 0, v.dtz};
    *score = -tb_score(&after, 1, v.clock, use50);
    return true;
}

bool tb_rank_moves(Position *pos, const Move *moves, int count, bool use50, int *scores)
{
    int root;
    if (!tb_memory_probe(pos, 0, use50, &root))
        return false;
    for (int i = 0; i < count; i++)
        if (!tb_move_score(pos, moves[i], use50, &scores[i]))
            return false;
    return count > 0;
}

/* ---- Syzygy ------------------------------------------------------------- */

TbSyzygy tb_syzygy_config(int probe_limit, int probe_depth, bool rule50)
{
    int men = syzygy_max_men();
    TbSyzygy c = {probe_limit < men ? probe_limit : men, probe_depth, rule50};
    return c;
}

bool tb_syzygy_probe(const TbSyzygy *c, Position *pos, int depth, int ply, int *score, int *bound)
{
    if (!c->men || pos->rule50 || pos->castling)
        return false;
    int men = popcount(occupied(pos));
    int wdl;
    if (men > c->men || (men == c->men && depth < c->depth) || !syzygy_probe_wdl(pos, &wdl))
        return false;
    int draw_band = c->rule50 ? SZ_CURSED_WIN : SZ_DRAW; /* |wdl| up to this is no result */
    if (wdl > draw_band) {
        *score = TB_WIN - ply;
        *bound = BOUND_LOWER;
    } else if (wdl < -draw_band) {
        *score = -TB_WIN + ply;
        *bound = BOUND_UPPER;
    } else {
        *score = VALUE_DRAW + wdl; /* a cursed win just above a plain draw */
        *bound = BOUND_EXACT;
    }
    return true;
}

/* Ranks above MAX_RANK - 100 are wins the clock cannot spoil. */
#define MAX_RANK (1 << 18)

/* DTZ of the root after move m, in plies from the root (Stockfish's
 * root ranking; mate counts 1). False if a table is missing. */
static bool dtz_after(Position *pos, Move m, int *dtz)
{
    bool ok = true;
    int v = 0;
    Undo u;
    pos_make(pos, m, &u);
    if (pos->rule50 == 0) {
        static const int BEFORE_ZEROING[5] = {-1, -101, 0, 101, 1};
        ok = syzygy_probe_wdl(pos, &v);
        v = ok ? BEFORE_ZEROING[2 - v] : 0;
    } else if (pos_is_repetition(pos, 1) || pos_is_fifty_move_draw(pos)) {
        v = 0;
    } else if ((ok = syzygy_probe_dtz(pos, &v))) {
        v = v > 0 ? -v - 1 : v < 0 ? -v + 1 : 0;
    }
    if (v == 2 && in_check(pos) && count_legal(pos) == 0)
        v = 1;
    pos_unmake(pos);
    *dtz = v;
    return ok;
}

/* Ranks from DTZ and the clock (Stockfish's root ranking): MAX_RANK for a
 * win the clock leaves intact, lower for the wins it may spoil, 0 for a
 * draw, -MAX_RANK for a sure loss, higher for a loss it may save. */
static bool rank_by_dtz(const TbSyzygy *c, Position *pos, const Move *moves, int count, int *rank)
{
    int cnt50 = pos->rule50;
    bool repeated = pos_occurred_before(pos);
    for (int i = 0; i < count; i++) {
        int dtz;
        if (!dtz_after(pos, moves[i], &dtz))
            return false;
        bool safe = dtz + cnt50 <= 99 && !repeated;
        if (dtz > 0)
            rank[i] = c->rule50 ? (safe ? MAX_RANK : MAX_RANK - (dtz + cnt50)) : MAX_RANK - (safe ? 0 : dtz);
        else if (dtz < 0)
            rank[i] = -dtz * 2 + cnt50 < 100 ? -MAX_RANK : -MAX_RANK + (-dtz + cnt50);
        else
            rank[i] = 0;
    }
    return true;
}

/* Without DTZ files: ranks from the WDL after each move. */
static bool rank_by_wdl(const TbSyzygy *c, Position *pos, const Move *moves, int count, int *rank)
{
    static const int RANK_OF_WDL[5] = {-MAX_RANK, -MAX_RANK + 101, 0, MAX_RANK - 101, MAX_RANK};
    for (int i = 0; i < count; i++) {
        int v = 0;
        Undo u;
        pos_make(pos, moves[i], &u);
        bool ok = syzygy_probe_wdl(pos, &v);
        if (pos_is_repetition(pos, 1) || pos_is_fifty_move_draw(pos))
            v = 0;
        pos_unmake(pos);
        if (!ok)
            return false;
        if (!c->rule50)
            v = v > 0 ? 2 : v < 0 ? -2 : 0;
        rank[i] = RANK_OF_WDL[2 - v];
    }
    return true;
}

bool tb_syzygy_root(const TbSyzygy *c, Position *pos, Move *moves, int *count, int *score)
{
    int rank[MAX_MOVES], best = -MAX_RANK - 1;
    if (!c->men || pos->castling || popcount(occupied(pos)) > c->men || *count == 0)
        return false;
    if (!rank_by_dtz(c, pos, moves, *count, rank) && !rank_by_wdl(c, pos, moves, *count, rank))
        return false;
    for (int i = 0; i < *count; i++)
        if (rank[i] > best)
            best = rank[i];
    int kept = 0;
    for (int i = 0; i < *count; i++)
        if (rank[i] == best)
            moves[kept++] = moves[i];
    *count = kept;
    int sure = c->rule50 ? MAX_RANK - 100 : 1; /* without the rule every win is one */
    *score = best >= sure ? TB_WIN - 1 : best > 0 ? 1 : best == 0 ? 0 : best > -sure ? -1 : -TB_WIN + 1;
    return true;
}

/* ---- the root of a search --------------------------------------------- */

void tb_prepare_search(Searcher *s)
{
    SearchThread *t0 = s->threads[0];
    char built[TB_MAX_TABLES * 6 + 1] = "", text[sizeof built + 32];
    s->build_note_ms = now_ms();
    /* The tables earlier searches met only without a clock (depth, nodes,
     * mate, infinite): on a clock their builds took half the soft limit
     * of move after move as a game simplified, and 168 games at 10+0.1
     * leaned to a loss (-16.6 +- 35.5 Elo). */
    bool clock = s->time.soft || s->time.hard;
    s->tb_enabled = s->opt.use_tablebases;
    s->note_unmet = s->tb_enabled && !clock;
    if (s->tb_enabled)
        tb_prepare(s->builder, &t0->pos, clock ? NULL : &s->tb_unmet, keep_building, s, built, sizeof built);
    s->search_from_ms = now_ms(); /* nps counts the tree search only */
    if (*built && s->report.message) {
        snprintf(text, sizeof text, "DTM tables built: %s", built);
        s->report.message(s->report.ctx, text);
    }
}

/* Appends to the line pv[0..*len) from pos, at each ply, the move the
 * tables rank best for the side to move (the quickest mate within the
 * fifty-move rule as asked, or the longest defence), until the mate, a
 * position no ready table covers, or MAX_PLY moves; with decided false
 * (a draw, which has no end) only up to the reply, the ponder move. */
static void tables_line(const Position *from, Move *pv, int *len, bool decided, bool use50)
{
    Position pos = *from;
    Undo undo[MAX_PLY + 1];
    for (int i = 0; i < *len; i++)
        pos_make(&pos, pv[i], &undo[i]);
    while (*len < MAX_PLY && (decided || *len < 2)) {
        MoveList l;
        int scores[MAX_MOVES];
        l.count = 0;
        gen_legal(&pos, &l, GEN_ALL);
        if (!l.count || !tb_rank_moves(&pos, l.moves, l.count, use50, scores))
            return;
        int best = 0;
        for (int i = 1; i < l.count; i++)
            if (scores[i] > scores[best])
                best = i;
        pv[(*len)++] = l.moves[best];
        pos_make(&pos, l.moves[best], &undo[*len - 1]);
    }
}

void tb_complete_mate_pv(const Position *root, Move *pv, int *len, int score, bool use50)
{
    if (abs(score) < VALUE_MATE_IN_MAX_PLY || *len < 1 || *len >= VALUE_MATE - abs(score))
        return;
    tables_line(root, pv, len, true, use50);
}

bool tb_root_play(Searcher *s)
{
    SearchThread *t0 = s->threads[0];
    Move moves[MAX_MOVES];
    int scores[MAX_MOVES];
    bool use50 = s->opt.syzygy_50_move_rule;
    for (int i = 0; i < t0->root_count; i++)
        moves[i] = t0->root[i].move;
    if (!tb_rank_moves(&t0->pos, moves, t0->root_count, use50, scores))
        return false;
    for (int i = 0; i < t0->root_count; i++) {
        RootMove *rm = &t0->root[i];
        rm->score = rm->prev_score = scores[i];
        rm->pv_len = 1;
        rm->seldepth = 1;
    }
    sort_root_moves(t0, 0, t0->root_count);
    /* The tables' line after the best root move: a won or lost line runs
     * to the mate, so that a mate score's PV is whole (a GUI or a mate
     * checker replays it). */
    RootMove *best = &t0->root[0];
    best->pv[0] = best->move;
    best->pv_len = 1;
    tables_line(&t0->pos, best->pv, &best->pv_len, abs(best->score) >= VALUE_MATE_IN_MAX_PLY, use50);
    t0->best = *best;
    atomic_store_explicit(&t0->tbhits, (uint64_t)t0->root_count, memory_order_relaxed);
    t0->completed_depth = 1;
    return true;
}

void tb_syzygy_root_filter(Searcher *s)
{
    SearchThread *t0 = s->threads[0];
    Move keep[MAX_MOVES];
    int n = t0->root_count;
    for (int i = 0; i < n; i++)
        keep[i] = t0->root[i].move;
    if (!tb_syzygy_root(&s->syzygy, &t0->pos, keep, &n, &s->syzygy_root_score))
        return;
    atomic_store_explicit(&t0->tbhits, (uint64_t)t0->root_count, memory_order_relaxed);
    for (int i = 0; i < s->thread_count; i++) {
        SearchThread *t = s->threads[i];
        int kept = 0;
        for (int j = 0; j < t->root_count; j++)
            for (int k = 0; k < n; k++)
                if (t->root[j].move == keep[k])
                    t->root[kept++] = t->root[j];
        t->root_count = kept;
    }
}
