/* DTM tables: probing a position, a move and the best move. */
#include "dtm_gen.h"
#include "engine/movegen.h"

int dtm_rank(int wdl, int plies) { return wdl > 0 ? 1000 - plies : wdl < 0 ? -1000 + plies : 0; }

/* A position with an en-passant right (tables with pawns on both sides):
 * the better of the stored value without the right (*out) and each e.p.
 * capture, or the captures alone when they are the only legal moves. m:
 * the men in table order, oriented as stored. */
static void probe_ep(const Position *pos, const DtmTable *t, const DtmMen *m, int flip, DtmResult *out)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    int others = 0, best = -2000;
    DtmResult r = *out;
    for (int i = 0; i < l.count; i++) {
        Move mv = l.moves[i];
        if (move_kind(mv) != MK_EN_PASSANT) {
            others++;
            continue;
        }
        int kx = -1, ky = -1;
        for (int k = 2; k < 2 + t->n; k++) {
            kx = (m->sq[k] ^ (flip ? 56 : 0)) == move_from(mv) ? k : kx;
            ky = (m->sq[k] ^ (flip ? 56 : 0)) == (Square)(pos->ep + (pos->side == WHITE ? -8 : 8)) ? k : ky;
        }
        if (kx < 0 || ky < 0)
            continue;
        int v =
            gen_exit_value(t, m, kx, (Square)(pos->ep ^ (flip ? 56 : 0)), (Color)(pos->side ^ flip), ky, NO_PIECE_TYPE);
        DtmResult e = {(v > 0) - (v < 0), v < 0 ? -v : v, v ? 1 : 0};
        if (dtm_rank(e.wdl, e.plies) > best)
            best = dtm_rank(e.wdl, e.plies), r = e;
    }
    if (best == -2000)
        return; /* no e.p. capture after all */
    if (others && dtm_rank(out->wdl, out->plies) >= best) {
        /* The stored value stands; DTZ 1 if the capture wins too. */
        if (out->wdl > 0 && r.wdl > 0)
            out->dtz = 1;
        return;
    }
    /* The capture is better (or forced); as a loss, the loser still
     * delays the zeroing as long as the stored moves allow. */
    if (others && r.wdl < 0 && out->wdl < 0 && out->dtz > r.dtz)
        r.dtz = out->dtz;
    *out = r;
}

bool dtm_probe(const Position *pos, DtmResult *out)
{
    if (popcount(occupied(pos)) > DTM_MAX_MEN || pos->castling)
        return false;
    const DtmTable *t = dtm_table_for_key(pos->material_key);
    if (!t || !dtm_is_ready(t))
        return false;
    int flip = pos->material_key != t->key[0];
    Square fl = flip ? 56 : 0;
    DtmMen m = {{0}};
    Bitboard used = 0;
    m.sq[0] = king_square(pos, flip) ^ fl;
    m.sq[1] = king_square(pos, !flip) ^ fl;
    for (int k = 0; k < t->n; k++) {
        Piece pc = t->piece[k];
        Bitboard b = pieces(pos, color_of(pc) ^ flip, type_of(pc)) & ~used;
        used |= square_bb(lsb(b));
        m.sq[2 + k] = lsb(b) ^ fl;
    }
    size_t p = (size_t)(pos->side ^ flip) * t->size + dtm_index(t, &m, NULL);
    *out = dtm_decode_result(t->val[p], t->dtz[p]);
    if (pos->ep != SQ_NONE)
        probe_ep(pos, t, &m, flip, out);
    return true;
}

bool dtm_probe_move(Position *pos, Move m, DtmRule50 rule, DtmVerdict *out)
{
    static const DtmResult DRAW = {0, 0, 0};
    DtmResult after = DRAW; /* from the opponent's view */
    bool known = true;
    Undo undo;
    pos_make(pos, m, &undo);
    int clock = pos->rule50;
    if (pos_insufficient_material(pos))
        ;
    else if (count_legal(pos) == 0)
        after.wdl = in_check(pos) ? -1 : 0;
    else if (rule != DTM_RULE50_OFF && pos_is_fifty_move_draw(pos))
        ;
    else if ((known = dtm_probe(pos, &after)) && rule == DTM_RULE50_DTZ && clock + after.dtz > 100)
        after = DRAW;
    pos_unmake(pos);
    if (known) {
        out->wdl = -after.wdl;
        out->plies = after.wdl ? after.plies + 1 : 0;
        out->dtz = after.dtz;
        out->clock = clock;
    }
    return known;
}

Move dtm_best_move(Position *pos, DtmVerdict *out)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    Move best = MOVE_NONE;
    int best_rank = 0;
    for (int i = 0; i < l.count; i++) {
        DtmVerdict v;
        if (!dtm_probe_move(pos, l.moves[i], DTM_RULE50_OFF, &v)
            || (best != MOVE_NONE && dtm_rank(v.wdl, v.plies) <= best_rank))
            continue;
        best = l.moves[i];
        best_rank = dtm_rank(v.wdl, v.plies);
        *out = v;
    }
    return best;
}
