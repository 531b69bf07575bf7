/* The recursive search below the root: PVS with a transposition table,
 * null-move pruning, reverse futility, late-move reductions and pruning,
 * SEE pruning, check, one-reply and singular extensions, continuation
 * histories, and the quiescence search. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "alphabeta.h"
#include "control.h"
#include "eval/evaluate.h"
#include "history.h"
#include "movepick.h"
#include "tb.h"

/* LMR[depth][move index] in plies, from an integer log so the table is
 * bit-identical on every build (no libm result feeds a search decision). */
static int8_t LMR[64][64];

/* 256 * log2(x) for x >= 1, by integer arithmetic only. */
static int ilog2_fixed(unsigned x)
{
    int intpart = 31 - __builtin_clz(x);
    uint64_t y = ((uint64_t)x << 16) >> intpart; /* x / 2^intpart in 16.16 */
    int frac = 0;
    for (int bit = 128; bit; bit >>= 1) {
        y = (y * y) >> 16;
        if (y >= (2u << 16)) {
            y >>= 1;
            frac |= bit;
        }
    }
    return intpart * 256 + frac;
}

void lmr_init(void)
{
    /* r = 0.75 + ln(d) ln(m) / 2.25 (the shape used by most engines);
     * ln = log2 * 0.693; in 1/256 units: ln(d)ln(m) = l2(d)l2(m) * 0.48. */
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++) {
            long prod = (long)ilog2_fixed((unsigned)d) * ilog2_fixed((unsigned)m); /* 2^16 units */
            long r = (prod * 48 / 100 * 100 / 225 + 192 * 256) / 65536;
            LMR[d][m] = (int8_t)(r > 0 ? r : 0);
        }
}

static void update_pv(Stack *ss, Move move, const Stack *child)
{
    ss->pv[0] = move;
    memcpy(ss->pv + 1, child->pv, sizeof(Move) * (size_t)child->pv_len);
    ss->pv_len = child->pv_len + 1;
}

/* ---- quiescence --------------------------------------------------------- */

/* The static evaluation at ply: the net's from the thread's incremental
 * state, or the hand-crafted one (eval/evaluate.h). */
static int static_eval(SearchThread *t, int ply) { return evaluate_in_search(&t->pos, &t->net, ply); }

static bool is_draw(const Position *pos, int ply)
{
    if (pos_is_repetition(pos, ply) || pos_insufficient_material(pos))
        return true;
    /* The fifty-move rule yields to a checkmate delivered on its last ply. */
    return pos_is_fifty_move_draw(pos) && (!in_check(pos) || count_legal(pos) > 0);
}

static int qsearch(SearchThread *t, int alpha, int beta, int ply)
{
    Position *pos = &t->pos;
    Searcher *s = t->searcher;
    Stack *ss = &t->stack[ply];
    atomic_fetch_add_explicit(&t->nodes, 1, memory_order_relaxed);
    ss->pv_len = 0;
    if (ply > t->seldepth)
        t->seldepth = ply;
    if (out_of_time(t))
        return 0;
    /* Draws first, as in the main search: a position one ply past the
     * fifty-move limit or repeating the game is level whatever it holds. */
    if (is_draw(pos, ply))
        return VALUE_DRAW;
    bool check = in_check(pos);
    if (ply >= MAX_PLY)
        return check ? VALUE_DRAW : static_eval(t, ply);

    TTHit hit;
    bool tt_hit = tt_probe(&s->tt, pos->key, &hit);
    int tt_value = tt_hit ? value_from_tt(hit.value, ply) : VALUE_NONE;
    if (tt_hit && beta - alpha == 1 && tt_value != VALUE_NONE
        && (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && tt_value >= beta)
            || (hit.bound == BOUND_UPPER && tt_value <= alpha)))
        return tt_value;

    int best = -VALUE_INFINITE, stand_pat = VALUE_NONE, raw_eval = VALUE_NONE;
    if (!check) {
        raw_eval = tt_hit && hit.eval != VALUE_NONE ? hit.eval : static_eval(t, ply);
        stand_pat = corrected_eval(t, raw_eval);
        if (stand_pat >= beta)
            return stand_pat;
        if (stand_pat > alpha)
            alpha = stand_pat;
        best = stand_pat;
    }

    /* In check every evasion, else the TT move if noisy and the winning
     * captures and queen promotions. */
    MovePicker mp;
    picker_init(&mp, t, ss, tt_hit ? hit.move : MOVE_NONE, check ? PICK_ALL : PICK_GOOD_NOISY);
    Move best_move = MOVE_NONE;
    int old_alpha = alpha, legal = 0;
    for (Move m; (m = next_move(&mp)) != MOVE_NONE;) {
        legal++;
        if (!check) {
            if (move_kind(m) == MK_PROMOTION && move_promo(m) != QUEEN)
                continue;
            /* As when every move was scored up front: a winning capture
             * scored below the band (a pawn taken, its capture history
             * under -12800) counts as losing. */
            if (mp.score < SCORE_GOOD_CAPTURE && mp.score != SCORE_TT)
                continue;
            int gain = SEE_VALUE[type_of(pos->board[move_to(m)])] + (move_kind(m) == MK_PROMOTION ? 850 : 0);
            if (stand_pat + gain + 200 <= alpha && move_kind(m) != MK_PROMOTION)
                continue; /* delta pruning */
        }
        set_stack_move(t, ss, m);
        Undo undo;
        pos_make(pos, m, &undo);
        int v = -qsearch(t, -beta, -alpha, ply + 1);
        pos_unmake(pos);
        if (atomic_load_explicit(&s->stop, memory_order_relaxed))
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                alpha = v;
                update_pv(ss, m, ss + 1);
                if (v >= beta)
                    break;
            }
        }
    }
    if (check && !legal)
        return -VALUE_MATE + ply;
    int bound = best >= beta ? BOUND_LOWER : alpha > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&s->tt, pos->key, best_move, value_to_tt(best, ply), raw_eval, 0, bound);
    return best;
}

/* ---- main search -------------------------------------------------------- */

/* Pruning and reduction margins (centipawns; depths in plies). Each was
 * kept by a self-play match; see the commit messages. */
#define RFP_MAX_DEPTH 7
#define RFP_MARGIN 80          /* per ply of depth */
#define MOVE_PRUNE_MAX_DEPTH 8 /* late-move, futility and quiet SEE pruning */
#define FUTILITY_MARGIN 100    /* plus this much per ply */
#define SEE_QUIET_MARGIN 60    /* per ply */
#define SEE_NOISY_MAX_DEPTH 6
#define SEE_NOISY_MARGIN 100 /* per ply */
#define IIR_MIN_DEPTH 4
#define SE_MIN_DEPTH 8
#define SE_TT_DEPTH_SLACK 3      /* the TT entry may be this much shallower */
#define SE_MARGIN 2              /* per ply, below the TT value */
#define LMR_HISTORY_DIVISOR 8000 /* one ply less per this much (quiet or capture) history */
#define NMP_VERIFY_DEPTH 12      /* null-move fail highs verified from here */
#define PROBCUT_MIN_DEPTH 5
#define PROBCUT_MARGIN 200  /* above beta */
#define PROBCUT_REDUCTION 4 /* plies */
#define HIST_PRUNE_MAX_DEPTH 3
#define HIST_PRUNE_MARGIN 3000   /* per ply, below zero quiet history */
#define CAPT_HIST_SEE_DIVISOR 64 /* capture history units per cp of SEE margin */
#define DEEPER_MARGIN 64         /* cp above the best so far for a deeper re-search */
#define DEEPER_MARGIN_PER_PLY 11 /* more cp per ply of the re-search's depth */

enum { SE_MULTI_CUT = -2 };

/* Singular extensions (chessprogramming wiki, "Singular Extensions"): the
 * TT move is searched one ply deeper when every other move fails low
 * against a margin below its TT value at reduced depth. If even the
 * others beat beta, the node is cut (multi-cut). If they only reach the
 * margin while the TT value itself is at or above beta, the node has
 * other good moves and the TT move is searched one ply shallower
 * (Stockfish's negative extension). Returns the extension in plies (-1,
 * 0 or 1) or SE_MULTI_CUT. */
static int singular_extension(SearchThread *t, Move tt_move, int tt_value, int beta, int depth, int ply, bool cut_node)
{
    Stack *ss = &t->stack[ply];
    int singular_beta = tt_value - SE_MARGIN * depth;
    ss->excluded = tt_move;
    int v = alphabeta(t, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
    ss->excluded = MOVE_NONE;
    if (v < singular_beta)
        return 1;
    if (singular_beta >= beta)
        return SE_MULTI_CUT;
    return tt_value >= beta ? -1 : 0;
}

/* Cuts a non-PV node not in check before its moves are searched: reverse
 * futility pruning, then null-move pruning (not in pawn-only endings, for
 * zugzwang). Returns the node's score, or VALUE_NONE to search it. */
static int prune_node(SearchThread *t, int beta, int eval, bool improving, int depth, int ply, bool cut_node)
{
    Position *pos = &t->pos;
    Stack *ss = &t->stack[ply];
    /* Not where beta is a mated score: the question there is whether the
     * side to move is mated sooner, which no static eval answers (a
     * shorter mate found after a longer one, as a forced line searched a
     * ply deeper may find the longer one first). */
    if (depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN * (depth - improving) >= beta && beta > -VALUE_MATE_IN_MAX_PLY)
        return eval;
    bool null_allowed = ply >= t->nmp_min_ply || ((ply - t->nmp_verify_ply) & 1);
    if (depth >= 3 && eval >= beta && ply >= 1 && t->stack[ply - 1].move != MOVE_NULL && null_allowed
        && non_pawn_material(pos, pos->side) && beta > -VALUE_MATE_IN_MAX_PLY) {
        int r = 3 + depth / 4 + ((eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3);
        set_stack_null_move(t, ss);
        Undo undo;
        pos_make_null(pos, &undo);
        int v = -alphabeta(t, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
        pos_unmake_null(pos);
        if (atomic_load_explicit(&t->searcher->stop, memory_order_relaxed))
            return 0;
        if (v < beta)
            return VALUE_NONE;
        v = v >= VALUE_MATE_IN_MAX_PLY ? beta : v; /* no unproven mates */
        if (depth < NMP_VERIFY_DEPTH || t->nmp_min_ply)
            return v;
        /* Zugzwang: passing is legal for the null move, not for the side
         * to move, whose pieces may all be tied (a composed mate's
         * quiet key). A deep fail high is verified by a search of this
         * node without its own null moves, as Stockfish does since 2017
         * (chessprogramming wiki, "Null Move Pruning", verification). */
        t->nmp_min_ply = ply + 1 + 3 * (depth - r) / 4;
        t->nmp_verify_ply = ply;
        int w = alphabeta(t, beta - 1, beta, depth - r, ply, false);
        t->nmp_min_ply = 0;
        if (atomic_load_explicit(&t->searcher->stop, memory_order_relaxed))
            return 0;
        if (w >= beta)
            return v;
    }
    return VALUE_NONE;
}

/* The LMR table's reduction (plies) at depth for the move at rank n, the
 * table's last row and column standing for anything deeper or later. */
static int lmr_table(int depth, int n) { return LMR[depth < 64 ? depth : 63][n < 64 ? n : 63]; }

/* The depth (plies) a late quiet move at rank n would be searched to after
 * the LMR table's reduction alone, no node kind or history: the depth its
 * pruning margins scale with, as Stockfish's lmrDepth (a deep node's late
 * moves are pruned as a shallow node's would be). */
static int lmr_depth(int depth, int n)
{
    int d = depth - 1 - lmr_table(depth, n);
    return d > 0 ? d : 0;
}

/* Whether a later move of a node below the root not in check is skipped
 * unsearched: quiet non-checks by late-move pruning (nquiets already
 * tried, by depth), then by futility, a bad history (hist: quiet or
 * capture history) and SEE, whose margins scale with the depth LMR would
 * leave the move at its rank (lmr_depth); captures and checks by SEE
 * alone, against a margin that a capture's history widens or narrows. */
static bool prune_move(const Position *pos, Move m, bool quiet, bool checks, int hist, int depth, int rank, int nquiets,
                       int eval, int alpha, bool improving)
{
    if (quiet && !checks) {
        if (depth <= MOVE_PRUNE_MAX_DEPTH && nquiets >= 3 + depth * depth / (2 - improving))
            return true;
        int reduced = lmr_depth(depth, rank);
        if (reduced > MOVE_PRUNE_MAX_DEPTH)
            return false;
        bool futile = eval + FUTILITY_MARGIN * (1 + reduced) <= alpha;
        return futile || (reduced <= HIST_PRUNE_MAX_DEPTH && hist < -HIST_PRUNE_MARGIN * (reduced > 0 ? reduced : 1))
            || !see_ge(pos, m, -SEE_QUIET_MARGIN * reduced);
    }
    int margin = SEE_NOISY_MARGIN * depth + (quiet ? 0 : hist / CAPT_HIST_SEE_DIVISOR);
    return depth <= SEE_NOISY_MAX_DEPTH && !see_ge(pos, m, -margin);
}

/* ProbCut (Buro 1995; chessprogramming wiki, "ProbCut"): at a non-PV node
 * not in check, a capture that holds beta + PROBCUT_MARGIN in a search
 * PROBCUT_REDUCTION plies shallower very likely holds beta at full depth.
 * Tries the captures whose SEE already reaches that far past the static
 * eval, each first in qsearch; a TT bound below the raised beta from a
 * search nearly as deep skips it. tt_eval is stored with a cut. Returns
 * the node's score or VALUE_NONE. */
static int probcut(SearchThread *t, int beta, int eval, int tt_eval, int depth, int ply, bool cut_node,
                   const TTHit *hit, int tt_value)
{
    Position *pos = &t->pos;
    Stack *ss = &t->stack[ply];
    int pc_beta = beta + PROBCUT_MARGIN;
    if (depth < PROBCUT_MIN_DEPTH || abs(beta) >= VALUE_KNOWN_WIN / 2
        || (tt_value != VALUE_NONE && hit->depth >= depth - PROBCUT_REDUCTION + 1 && tt_value < pc_beta))
        return VALUE_NONE;
    MovePicker mp;
    picker_init(&mp, t, ss, tt_value != VALUE_NONE ? hit->move : MOVE_NONE, PICK_NOISY);
    for (Move m; (m = next_move(&mp)) != MOVE_NONE;) {
        if ((move_kind(m) == MK_PROMOTION && move_promo(m) != QUEEN) || !see_ge(pos, m, pc_beta - eval))
            continue;
        set_stack_move(t, ss, m);
        Undo undo;
        pos_make(pos, m, &undo);
        int v = -qsearch(t, -pc_beta, -pc_beta + 1, ply + 1);
        if (v >= pc_beta)
            v = -alphabeta(t, -pc_beta, -pc_beta + 1, depth - PROBCUT_REDUCTION, ply + 1, !cut_node);
        pos_unmake(pos);
        if (atomic_load_explicit(&t->searcher->stop, memory_order_relaxed))
            return 0;
        if (v >= pc_beta) {
            tt_store(&t->searcher->tt, pos->key, m, value_to_tt(v, ply), tt_eval, depth - PROBCUT_REDUCTION + 1,
                     BOUND_LOWER);
            return v;
        }
    }
    return VALUE_NONE;
}

/* What a late-move reduction weighs besides depth, rank and history; each
 * flag moves it by one ply, a cut node by two. */
typedef struct {
    bool pv_node, cut_node, improving;
    bool tt_noisy;   /* the TT move is a capture: quiets are unlikely to beat it */
    bool refutation; /* a killer or the counter move */
    bool checks;
} NodeKind;

/* The plies by which a node's kind and the move's history (hist: its
 * quiet history) move the reduction of a late quiet move. A cut node's
 * late quiets are reduced two plies more, as Stockfish 15.1 reduces them:
 * an expected fail high seldom hangs on a late quiet move, and the
 * smaller tree finds more mates (tools/README, matetrack). */
static int reduction_adjust(const NodeKind *k, int hist)
{
    return !k->pv_node + 2 * k->cut_node - k->improving + k->tt_noisy - k->refutation - k->checks
         - hist / LMR_HISTORY_DIVISOR;
}

/* The plies by which a late noisy move's reduction (hist: its capture
 * history) differs from the LMR table's: a ply less, a capture being
 * likelier than a quiet to change the score, a ply more at a cut node and
 * at a non-PV node, and up to two plies less with a good capture history
 * or more with a bad one (one per LMR_HISTORY_DIVISOR). Stockfish reduces
 * late captures by its quiet table too (outside its TT-PV nodes);
 * unreduced, Keysquare's trees to depth 16 were about three times
 * Stockfish 15.1's (tools/README, matetrack). */
static int noisy_reduction_adjust(bool pv_node, bool cut_node, int hist)
{
    return -1 + cut_node + !pv_node - hist / LMR_HISTORY_DIVISOR;
}

/* Late-move reduction in plies of the move at index i at depth (the LMR
 * table) moved by adjust plies, leaving at least one ply of new_depth. */
static int reduction(int depth, int i, int adjust, int new_depth)
{
    int r = lmr_table(depth, i) + adjust;
    return r < 0 ? 0 : r > new_depth - 1 ? new_depth - 1 : r;
}

/* PVS for a move already made, at the root (ply 0) and in the tree: the
 * first move with the full window, the others with a null window at
 * new_depth - r, re-searched when they beat alpha, and then with the full
 * window when they beat alpha and either stay below beta or
 * research_fail_high is set. A PV node in the tree sets it, so that its
 * parent gets an exact score and line; the root does not: a fail high
 * there ends the aspiration window, whose wider window searches the move
 * again first. The re-search of a reduced move goes a ply deeper when the
 * reduced search beat the node's best so far (best) by a margin, and a
 * ply shallower when it barely beat it (Stockfish's doDeeperSearch and
 * doShallowerSearch, 2022); the root passes no best (-VALUE_INFINITE), so
 * a reduced root move that beats alpha is re-searched a ply deeper.
 * Returns the score from the side that made the move. */
static int search_made_move(SearchThread *t, int alpha, int beta, int new_depth, int r, bool first, int ply,
                            bool cut_node, bool research_fail_high, int best)
{
    if (first)
        return -alphabeta(t, -beta, -alpha, new_depth, ply + 1, false);
    int v = -alphabeta(t, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
    if (v > alpha && r > 0) {
        new_depth += (v > best + DEEPER_MARGIN + DEEPER_MARGIN_PER_PLY * new_depth) - (v < best + new_depth);
        v = -alphabeta(t, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
    }
    if (v > alpha && (v < beta || research_fail_high))
        v = -alphabeta(t, -beta, -alpha, new_depth, ply + 1, false);
    return v;
}

/* The node's TT entry when it can end the node at once (non-PV, deep
 * enough, a bound on the right side). In a singular-extension verification
 * search the TT entry is the parent's own, so it never cuts there. */
static bool tt_cutoff(const TTHit *hit, int tt_value, int alpha, int beta, int depth, bool pv_node, Move excluded)
{
    return !pv_node && !excluded && hit->depth >= depth && tt_value != VALUE_NONE
        && (hit->bound == BOUND_EXACT || (hit->bound == BOUND_LOWER && tt_value >= beta)
            || (hit->bound == BOUND_UPPER && tt_value <= alpha));
}

/* The node's first steps, before any move: stop, draws, TT or tablebase
 * scores, mate distance pruning. Returns a score that ends the node, or
 * VALUE_NONE; may narrow alpha and beta. */
static int node_entry(SearchThread *t, int *alpha, int *beta, int ply, bool check)
{
    Position *pos = &t->pos;
    if (out_of_time(t))
        return 0;
    if (is_draw(pos, ply))
        return VALUE_DRAW;
    if (ply >= MAX_PLY)
        return check ? VALUE_DRAW : static_eval(t, ply);
    int tb_value;
    if (t->searcher->tb_enabled && popcount(occupied(pos)) <= 4 && !pos->castling) {
        if (tb_memory_probe(pos, ply, t->searcher->opt.syzygy_50_move_rule, &tb_value)) {
            atomic_fetch_add_explicit(&t->tbhits, 1, memory_order_relaxed);
            return tb_value;
        }
        /* Built before the next search without a clock, whose lines may
         * come here again (a won ending the evaluation can only score as
         * a known win). */
        if (t->searcher->note_unmet)
            tb_note_unmet(&t->tb_unmet, pos);
    }
    *alpha = *alpha > -VALUE_MATE + ply ? *alpha : -VALUE_MATE + ply;
    *beta = *beta < VALUE_MATE - ply - 1 ? *beta : VALUE_MATE - ply - 1;
    return *alpha >= *beta ? *alpha : VALUE_NONE;
}

int alphabeta(SearchThread *t, int alpha, int beta, int depth, int ply, bool cut_node)
{
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply);

    Position *pos = &t->pos;
    Searcher *s = t->searcher;
    Stack *ss = &t->stack[ply];
    bool pv_node = beta - alpha > 1;
    bool check = in_check(pos);
    atomic_fetch_add_explicit(&t->nodes, 1, memory_order_relaxed);
    ss->pv_len = 0;
    (ss + 1)->killers[0] = (ss + 1)->killers[1] = MOVE_NONE;
    if (ply > t->seldepth)
        t->seldepth = ply;
    int early = node_entry(t, &alpha, &beta, ply, check);
    if (early != VALUE_NONE)
        return early;

    Move excluded = ss->excluded;
    TTHit hit;
    bool tt_hit = tt_probe(&s->tt, pos->key, &hit);
    int tt_value = tt_hit ? value_from_tt(hit.value, ply) : VALUE_NONE;
    Move tt_move = tt_hit ? hit.move : MOVE_NONE;
    /* A position seen before the root may lead back into the game's own
     * cycle: its TT score, stored without that history, would hide the
     * threefold repetition one ply further (a won KPK shuffled into a
     * draw in bench mate). Search it instead. */
    if (tt_hit && tt_cutoff(&hit, tt_value, alpha, beta, depth, pv_node, excluded) && !pos_occurred_before(pos))
        return tt_value;
    /* A Syzygy result ends the node even where its bound does not cut: a
     * win is a win, and only a mate (scored above the band) beats it. */
    int tb_value, tb_bound;
    if (!excluded && tb_syzygy_probe(&s->syzygy, pos, depth, ply, &tb_value, &tb_bound)) {
        atomic_fetch_add_explicit(&t->tbhits, 1, memory_order_relaxed);
        tt_store(&s->tt, pos->key, MOVE_NONE, tb_value, VALUE_NONE, depth + 6 < MAX_PLY ? depth + 6 : MAX_PLY - 1,
                 tb_bound);
        return tb_value;
    }

    /* The raw static eval, not one raised by a TT bound: a shallow bound
     * that missed a mate would feed reverse futility pruning. */
    /* The raw eval goes to the TT, the corrected one into every decision. */
    int raw_eval = check ? VALUE_NONE : tt_hit && hit.eval != VALUE_NONE ? hit.eval : static_eval(t, ply);
    int eval = corrected_eval(t, raw_eval);
    ss->static_eval = eval;
    bool improving =
        !check && ply >= 2 && t->stack[ply - 2].static_eval != VALUE_NONE && eval > t->stack[ply - 2].static_eval;
    /* The node a null-move verification searches is searched, not cut
     * again by its static eval. */
    bool verifying = t->nmp_min_ply && ply == t->nmp_verify_ply;
    if (!pv_node && !check && !excluded && !verifying) {
        int v = prune_node(t, beta, eval, improving, depth, ply, cut_node);
        if (v == VALUE_NONE)
            v = probcut(t, beta, eval, raw_eval, depth, ply, cut_node, &hit, tt_value);
        if (v != VALUE_NONE)
            return v;
    }
    /* One-reply extension (chessprogramming wiki, "One Reply Extensions"):
     * a node in check with a single legal evasion is searched a ply
     * deeper, within the check extension's ply limit. A forced line costs
     * one node a ply, and mating attacks are made of them (matetrack's
     * figures with and without it: tools/README). */
    if (check && ply < 2 * t->root_depth && count_legal(pos) == 1)
        depth++;
    /* Internal iterative reduction: no TT move means a poorly known node. */
    if (depth >= IIR_MIN_DEPTH && !tt_move && !excluded)
        depth--;

    MovePicker mp;
    picker_init(&mp, t, ss, tt_move, PICK_ALL);
    bool tt_noisy = tt_move && is_noisy(pos, tt_move);

    MoveSets tried;
    tried.nquiets = tried.nnoisy = 0;
    int legal = 0, moves_seen = 0, best = -VALUE_INFINITE, old_alpha = alpha;
    Move best_move = MOVE_NONE;
    for (Move m; (m = next_move(&mp)) != MOVE_NONE;) {
        legal++; /* pruned and excluded moves too: the node has a move */
        if (m == excluded)
            continue;
        /* The move's rank among those this node may search: a singular
         * verification search does not count the excluded TT move. */
        int n = moves_seen++;
        bool quiet = !is_noisy(pos, m);
        bool checks = gives_check(pos, m);
        int hist = quiet ? quiet_history(t, ss, m) : capture_history(t, m);
        /* PV nodes too (as Stockfish and Ethereal prune) unless several
         * root lines are scored, or the endgame layer scores a known win
         * (its PV is the mating technique); the root keeps every move. */
        if (ply > 0 && (!pv_node || (t->prune_pv && abs(eval) < VALUE_KNOWN_WIN / 2)) && !check
            && best > -VALUE_MATE_IN_MAX_PLY && n > 0
            && prune_move(pos, m, quiet, checks, hist, depth, n, tried.nquiets, eval, alpha, improving))
            continue;

        int ext = checks && ply < 2 * t->root_depth ? 1 : 0;
        if (m == tt_move && !excluded && depth >= SE_MIN_DEPTH && ply < 2 * t->root_depth
            && hit.depth >= depth - SE_TT_DEPTH_SLACK && (hit.bound & BOUND_LOWER) && abs(tt_value) < VALUE_KNOWN_WIN) {
            int se = singular_extension(t, m, tt_value, beta, depth, ply, cut_node);
            if (atomic_load_explicit(&s->stop, memory_order_relaxed))
                return 0;
            if (se == SE_MULTI_CUT)
                return tt_value - SE_MARGIN * depth;
            /* A negative extension outweighs a check's. */
            ext = se < 0 ? se : se > ext ? se : ext;
        }
        int new_depth = depth - 1 + ext;
        int r = 0;
        if (depth >= 3 && n >= 1 + pv_node) {
            NodeKind k = {pv_node, cut_node, improving, tt_noisy, mp.score >= SCORE_COUNTER && mp.score <= SCORE_KILLER,
                          checks};
            int adjust = quiet ? reduction_adjust(&k, hist) : noisy_reduction_adjust(pv_node, cut_node, hist);
            r = reduction(depth, n, adjust, new_depth);
        }
        set_stack_move(t, ss, m);
        Undo undo;
        pos_make(pos, m, &undo);
        /* In a null window v > alpha means v >= beta: no full re-search. */
        int v = search_made_move(t, alpha, beta, new_depth, r, n == 0, ply, cut_node, pv_node, best);
        pos_unmake(pos);
        if (atomic_load_explicit(&s->stop, memory_order_relaxed))
            return 0;

        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                alpha = v;
                if (pv_node)
                    update_pv(ss, m, ss + 1);
                if (v >= beta) {
                    update_cutoff_stats(t, ss, m, quiet, depth, &tried);
                    break;
                }
            }
        }
        if (quiet && tried.nquiets < 64)
            tried.quiets[tried.nquiets++] = m;
        else if (!quiet && tried.nnoisy < 64)
            tried.noisy[tried.nnoisy++] = m;
    }
    if (!legal)
        return check ? -VALUE_MATE + ply : VALUE_DRAW;
    if (excluded && best == -VALUE_INFINITE)
        return alpha; /* the excluded move was the only legal one */
    int bound = best >= beta ? BOUND_LOWER : alpha > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    if (excluded)
        return best;
    tt_store(&s->tt, pos->key, best_move, value_to_tt(best, ply), raw_eval, depth, bound);
    /* A quiet (or no) best move tells how far the static eval was off; a
     * capture's gain is the search's, not the eval's. A bound only tells
     * the error's side. */
    bool noisy_best = best_move && is_noisy(pos, best_move);
    if (!check && !noisy_best && abs(best) < VALUE_KNOWN_WIN / 2 && abs(eval) < VALUE_KNOWN_WIN / 2
        && !(bound == BOUND_LOWER && best <= eval) && !(bound == BOUND_UPPER && best >= eval))
        update_correction(t, depth, best - eval);
    return best;
}

int search_root_move(SearchThread *t, int alpha, int beta, int depth, int index)
{
    Position *pos = &t->pos;
    Move m = t->root[index].move;
    bool checks = gives_check(pos, m);
    bool quiet = !is_noisy(pos, m);
    set_stack_move(t, &t->stack[0], m);
    Undo undo;
    pos_make(pos, m, &undo);
    int new_depth = depth - 1 + (checks ? 1 : 0);
    /* Late quiet root moves are reduced a ply less than the table says,
     * by no node kind or history, in won positions too: there the
     * shallower tree finds more mates (tools/README, matetrack) and
     * bench mate keeps its ratios. */
    int r = 0, rank = index - t->pv_index;
    if (depth >= 3 && rank >= 3 && !checks && quiet)
        r = reduction(depth, rank, -1, new_depth);
    int v = search_made_move(t, alpha, beta, new_depth, r, index == t->pv_index, 0, false, false, -VALUE_INFINITE);
    pos_unmake(pos);
    return v;
}
