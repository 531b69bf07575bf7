/* The search's use of the DTM tables: which tables a search may probe,
 * the perfect root move, and exact scores inside the tree. */
#include "tb.h"

#include "tablebase/dtm.h"

/* Tables count as reachable from the root only when the root has at most
 * this many men: then the set of tables the search may meet is small and
 * can be made ready up front, so a search with node or depth limits always
 * sees the same tables (`bench` and `go nodes` stay reproducible). */
#define TB_ROOT_MEN 5

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

bool tb_prepare(const Position *pos, bool blocking)
{
    if (popcount(occupied(pos)) > TB_ROOT_MEN)
        return false;
    int count;
    DtmTable *const *tables = dtm_standard_tables(&count);
    for (int i = 0; i < count; i++) {
        int counts[PIECE_NB];
        DtmTable *t = tables[i];
        if (!t)
            continue;
        dtm_table_counts(t, counts);
        if (!reachable_as(pos, counts, WHITE) && !reachable_as(pos, counts, BLACK))
            continue;
        if (blocking)
            dtm_build(t);
        else
            dtm_request(t);
    }
    return true;
}

static int tb_score(const DtmResult *r, int ply)
{
    if (r->wdl > 0)
        return VALUE_MATE - ply - r->plies;
    if (r->wdl < 0)
        return -VALUE_MATE + ply + r->plies;
    return VALUE_DRAW;
}

bool tb_probe(const Position *pos, int ply, int *score)
{
    DtmResult r;
    if (popcount(occupied(pos)) > 4 || pos->castling || !dtm_probe(pos, &r))
        return false;
    *score = tb_score(&r, ply);
    return true;
}

bool tb_root_move(Position *pos, Move *best, int *score)
{
    int root_score;
    DtmResult r;
    if (!tb_probe(pos, 0, &root_score))
        return false;
    *best = dtm_best_move(pos, &r);
    *score = root_score;
    return *best != MOVE_NONE && tb_score(&r, 0) == root_score;
}
