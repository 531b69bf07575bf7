/* KPKP, the ending with pawns on both sides, against a second solver
 * written here: a plain forward fixpoint (level by level: a position is won
 * in n if a move reaches a loss in n - 1, lost in n if every move reaches a
 * win and the longest is n - 1) over all positions of a pair of pawn files,
 * with its own move generation for kings and pawns and en passant valued as
 * the rules say: after a double step beside an enemy pawn the opponent may
 * capture (and must, if it has no other move). Captures and promotions
 * take their values from the smaller DTM tables (tested against published
 * values in test_dtm.c). Then the colour-flip and mirror symmetries, e.p.
 * positions built from double steps, and the KQKP underpromotion case. */
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "harness.h"
#include "tablebase/dtm.h"
#include "test_util.h"

enum { NPOS = 2 * 64 * 64 * 36, MOVE_CAP = NPOS * 12 };
enum { M_INTERNAL, M_EXIT, M_DOUBLE_EP };

typedef struct {
    int8_t wdl; /* for the side to move; 0 with known false: not decided */
    int16_t plies;
    bool known;
} Res;

typedef struct {
    uint8_t kind;
    int32_t child; /* M_INTERNAL, M_DOUBLE_EP: the position reached (without e.p. right) */
    Res exit;      /* M_EXIT: for the mover; M_DOUBLE_EP: the e.p. capture, for the opponent */
} SMove;

typedef struct {
    int fw, fb; /* pawn files */
    int32_t start[NPOS + 1];
    SMove *moves;
    int count;
    bool legal[NPOS], check[NPOS];
    Res res[NPOS];
    int max_exit;
} Solver;

/* Position index: side to move, kings, pawn ranks 1..6 on the two files. */
static int sidx(int stm, int wk, int bk, int wr, int br)
{
    return (((stm * 64 + wk) * 64 + bk) * 6 + wr - 1) * 6 + br - 1;
}

static bool adjacent(int a, int b) { return abs(a / 8 - b / 8) <= 1 && abs(a % 8 - b % 8) <= 1; }

/* Does a pawn of colour c on p attack s? */
static bool pawn_hits(int c, int p, int s) { return s / 8 == p / 8 + (c == WHITE ? 1 : -1) && abs(s % 8 - p % 8) == 1; }

static void make_fen(char *fen, const int sq[4], const char *pc, int stm, int ep)
{
    char board[64];
    memset(board, 0, sizeof board);
    for (int k = 0; k < 4; k++)
        if (sq[k] >= 0)
            board[sq[k]] = pc[k];
    char *p = fen + fen_placement(board, fen);
    if (ep >= 0)
        sprintf(p, "%c - %c%c 0 1", stm ? 'b' : 'w', 'a' + ep % 8, '1' + ep / 8);
    else
        sprintf(p, "%c - - 0 1", stm ? 'b' : 'w');
}

/* The table's result (side to move) of a FEN: the smaller tables' or KPKP's. */
static Res probe(const char *fen)
{
    static Position pos;
    Res r = {0, 0, false};
    DtmResult d;
    if (!pos_set_fen(&pos, fen, NULL, 0, NULL, 0) || !dtm_probe(&pos, &d)) {
        CHECK_MSG(false, "no table for %s", fen);
        return r;
    }
    r.wdl = (int8_t)d.wdl, r.plies = (int16_t)d.plies, r.known = true;
    return r;
}

/* The mover's result of a move to a position whose side to move has r. */
static Res after(Res r)
{
    Res m = {(int8_t)-r.wdl, (int16_t)(r.wdl ? r.plies + 1 : 0), r.known};
    return m;
}

static void add(Solver *s, int kind, int child, Res exit)
{
    if (s->count == MOVE_CAP)
        return;
    SMove *m = &s->moves[s->count++];
    m->kind = (uint8_t)kind, m->child = child, m->exit = exit;
    int p = exit.plies;
    s->max_exit = p > s->max_exit ? p : s->max_exit;
}

/* Squares: [0] white king, [1] black king, [2] white pawn, [3] black pawn
 * (-1 once captured). The moves of side c. */
static void gen_moves(Solver *s, const int sq[4], int c)
{
    static const char PC[] = "KkPp";
    int own = c, foe = !c, op = 2 + c, ep_ = 3 - c; /* our pawn, theirs */
    int fwd = c == WHITE ? 8 : -8;
    bool in_check = pawn_hits(foe, sq[ep_], sq[own]);
    char fen[100];
    for (int d = 0; d < 9; d++) {
        int t = sq[own] + (d / 3 - 1) * 8 + (d % 3 - 1);
        if (d == 4 || t < 0 || t > 63 || abs(t % 8 - sq[own] % 8) > 1 || t == sq[op] || adjacent(t, sq[foe])
            || pawn_hits(foe, sq[ep_], t))
            continue;
        int n[4] = {sq[0], sq[1], sq[2], sq[3]};
        n[own] = t;
        if (t == sq[ep_]) { /* the king takes the pawn */
            n[ep_] = -1;
            make_fen(fen, n, PC, foe, -1);
            add(s, M_EXIT, 0, after(probe(fen)));
        } else
            add(s, M_INTERNAL, sidx(foe, n[0], n[1], n[2] / 8, n[3] / 8), (Res){0, 0, false});
    }
    int p = sq[op], t = p + fwd;
    /* Pawn moves leave the king attacked only if it is now (by their pawn),
     * unless they take that pawn. */
    if (!in_check && t != sq[0] && t != sq[1] && t != sq[ep_]) {
        int n[4] = {sq[0], sq[1], sq[2], sq[3]};
        n[op] = t;
        if (t / 8 == 0 || t / 8 == 7) {
            static const char *const PROMO[2] = {"QRBN", "qrbn"};
            for (int k = 0; k < 4; k++) {
                char pc[5] = "KkPp";
                pc[op] = PROMO[c][k];
                make_fen(fen, n, pc, foe, -1);
                add(s, M_EXIT, 0, after(probe(fen)));
            }
        } else
            add(s, M_INTERNAL, sidx(foe, n[0], n[1], n[2] / 8, n[3] / 8), (Res){0, 0, false});
        int t2 = t + fwd;
        if ((c == WHITE ? p / 8 == 1 : p / 8 == 6) && t2 != sq[0] && t2 != sq[1] && t2 != sq[ep_]) {
            n[op] = t2;
            int child = sidx(foe, n[0], n[1], n[2] / 8, n[3] / 8);
            if (sq[ep_] / 8 == t2 / 8 && abs(sq[ep_] % 8 - t2 % 8) == 1) {
                /* Their pawn may take on t (e.p.): that capture's result for them. */
                int e[4] = {n[0], n[1], n[2], n[3]};
                e[ep_] = t, e[op] = -1;
                make_fen(fen, e, PC, own, -1);
                add(s, M_DOUBLE_EP, child, after(probe(fen)));
            } else
                add(s, M_INTERNAL, child, (Res){0, 0, false});
        }
    }
    for (int side = -1; side <= 1; side += 2) { /* captures of their pawn */
        int x = p + fwd + side;
        if (abs(x % 8 - p % 8) != 1 || x != sq[ep_])
            continue;
        int n[4] = {sq[0], sq[1], sq[2], sq[3]};
        n[op] = x, n[ep_] = -1;
        make_fen(fen, n, PC, foe, -1);
        add(s, M_EXIT, 0, after(probe(fen)));
    }
}

/* Rank a result for its side: a win sooner, a loss later. */
static int rank_res(Res r) { return r.wdl > 0 ? 1000 - r.plies : r.wdl < 0 ? -1000 + r.plies : 0; }

/* The value (for the side to move there) of the position with the e.p.
 * right reached by move m, from what is decided before level n (a position
 * not decided yet wins in n or later, if at all); known false if not yet. */
static Res ep_node(const Solver *s, const SMove *m, int n)
{
    int c = m->child;
    bool others = s->start[c + 1] > s->start[c];
    Res cr = s->res[c], e = m->exit;
    if (!others || (cr.known && rank_res(cr) <= rank_res(e)) || (!cr.known && e.wdl > 0 && e.plies < n))
        return e;
    if (cr.known)
        return cr;
    return (Res){0, 0, false};
}

static void solve(Solver *s)
{
    for (int n = 0; n < 400; n++) {
        int changed = 0;
        for (int i = 0; i < NPOS; i++) {
            if (!s->legal[i] || s->res[i].known)
                continue;
            if (s->start[i] == s->start[i + 1]) { /* no move: mated or stalemate */
                s->res[i] = (Res){(int8_t)(s->check[i] ? -1 : 0), 0, true};
                changed++;
                continue;
            }
            bool win = false, all_lose = true;
            int longest = 0;
            for (int k = s->start[i]; k < s->start[i + 1]; k++) {
                const SMove *m = &s->moves[k];
                Res r =
                    m->kind == M_EXIT ? m->exit : after(m->kind == M_INTERNAL ? s->res[m->child] : ep_node(s, m, n));
                if (r.known && r.wdl > 0 && r.plies == n)
                    win = true;
                if (!r.known || r.wdl >= 0)
                    all_lose = false;
                else if (r.plies > longest)
                    longest = r.plies;
            }
            if (win || (all_lose && longest == n)) {
                s->res[i] = (Res){(int8_t)(win ? 1 : -1), (int16_t)n, true};
                changed++;
            }
        }
        if (!changed && n > s->max_exit + 1)
            break;
    }
}

static void build(Solver *s, int fw, int fb)
{
    s->fw = fw, s->fb = fb, s->count = 0, s->max_exit = 0;
    for (int i = 0; i < NPOS; i++) {
        int br = i % 6 + 1, wr = i / 6 % 6 + 1, bk = i / 36 % 64, wk = i / 2304 % 64, stm = i / 147456;
        int sq[4] = {wk, bk, wr * 8 + fw, br * 8 + fb};
        s->start[i] = s->count;
        s->res[i] = (Res){0, 0, false};
        s->legal[i] = wk != bk && !adjacent(wk, bk) && sq[2] != sq[3] && sq[2] != wk && sq[2] != bk && sq[3] != wk
                   && sq[3] != bk && !pawn_hits(stm, sq[2 + stm], sq[!stm]);
        s->check[i] = s->legal[i] && pawn_hits(!stm, sq[3 - stm], sq[stm]);
        if (s->legal[i])
            gen_moves(s, sq, stm);
    }
    s->start[NPOS] = s->count;
    CHECK(s->count < MOVE_CAP);
}

/* Every legal position of the file pair, and every position with an e.p.
 * right that a double step reaches, agree with the table. */
static void compare_files(int fw, int fb)
{
    bool adjacent_files = abs(fw - fb) == 1;
    static Solver s;
    s.moves = malloc(sizeof *s.moves * MOVE_CAP);
    if (!s.moves)
        return;
    build(&s, fw, fb);
    solve(&s);
    int bad = 0;
    long checked = 0, ep_checked = 0;
    char fen[100];
    for (int i = 0; i < NPOS && bad < 5; i++) {
        if (!s.legal[i])
            continue;
        int br = i % 6 + 1, wr = i / 6 % 6 + 1, bk = i / 36 % 64, wk = i / 2304 % 64, stm = i / 147456;
        int sq[4] = {wk, bk, wr * 8 + fw, br * 8 + fb};
        Res want = s.res[i].known ? s.res[i] : (Res){0, 0, true};
        make_fen(fen, sq, "KkPp", stm, -1);
        Res got = probe(fen);
        checked++;
        if (got.wdl != want.wdl || got.plies != want.plies) {
            bad++;
            CHECK_MSG(false, "%s: table %d/%d, solver %d/%d", fen, got.wdl, got.plies, want.wdl, want.plies);
        }
        for (int k = s.start[i]; k < s.start[i + 1] && bad < 5; k++) {
            const SMove *m = &s.moves[k];
            if (m->kind != M_DOUBLE_EP)
                continue;
            Res e = ep_node(&s, m, 1000);
            if (!e.known)
                e = (Res){0, 0, true};
            int c = m->child, cbr = c % 6 + 1, cwr = c / 6 % 6 + 1;
            int csq[4] = {c / 2304 % 64, c / 36 % 64, cwr * 8 + fw, cbr * 8 + fb};
            int passed = stm == WHITE ? csq[2] - 8 : csq[3] + 8;
            make_fen(fen, csq, "KkPp", !stm, passed);
            Res g = probe(fen);
            ep_checked++;
            if (g.wdl != e.wdl || g.plies != e.plies) {
                bad++;
                CHECK_MSG(false, "%s (e.p.): table %d/%d, solver %d/%d", fen, g.wdl, g.plies, e.wdl, e.plies);
            }
        }
    }
    CHECK(checked > 100000 && (ep_checked > 0) == adjacent_files);
    free(s.moves);
    s.moves = NULL;
}

static bool quick(void)
{
    bool q = getenv("KS_QUICK") != NULL;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    q = true;
#endif
    return q;
}

static void build_kpkp(void)
{
    DtmTable *t = dtm_table("KPKP", NULL, 0);
    CHECK(t && dtm_build(t));
}

TEST(kpkp_matches_a_forward_solver_on_adjacent_files)
{
    build_kpkp();
    compare_files(1, 2); /* b and c: e.p., captures both ways, races */
    if (!quick())
        compare_files(4, 3); /* e and d */
}

TEST(kpkp_matches_a_forward_solver_on_other_files)
{
    if (quick())
        return;
    build_kpkp();
    compare_files(4, 4); /* blocked on one file */
    compare_files(0, 7); /* a and h: a race */
}

/* ---- en passant built from double steps ----------------------------------- */

/* The value of pos by a one-ply search over its legal moves, each child
 * probed (a child with an e.p. right too, through dtm_probe's rule);
 * with DTZ: a zeroing move or mate counts one ply. */
/* Scores for the mover of move m (larger is better; 1000 - plies for a
 * win): by DTM in *v, by DTZ in *vz. False if the child has no table. */
static bool child_scores(Position *pos, Move m, int *v, int *vz)
{
    bool zeroing = pos->board[move_to(m)] || type_of(pos->board[move_from(m)]) == PAWN;
    DtmResult r;
    Undo undo;
    pos_make(pos, m, &undo);
    bool ok = pos_insufficient_material(pos) ? (r = (DtmResult){0, 0, 0}, true) : dtm_probe(pos, &r);
    pos_unmake(pos);
    int z = zeroing ? 1 : r.dtz + 1;
    *v = !ok ? 0 : r.wdl < 0 ? 1000 - (r.plies + 1) : r.wdl > 0 ? -1000 + r.plies + 1 : 0;
    *vz = !ok ? 0 : r.wdl < 0 ? 1000 - z : r.wdl > 0 ? -1000 + z : 0;
    return ok;
}

static bool one_ply(Position *pos, DtmResult *out)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    int best = l.count ? -2000 : in_check(pos) ? -1000 : 0, best_z = best;
    for (int i = 0; i < l.count; i++) {
        int v, vz;
        if (!child_scores(pos, l.moves[i], &v, &vz))
            return false;
        best = v > best ? v : best;
        best_z = vz > best_z ? vz : best_z;
    }
    out->wdl = best > 0 ? 1 : best < 0 ? -1 : 0;
    out->plies = best > 0 ? 1000 - best : best < 0 ? best + 1000 : 0;
    out->dtz = best_z > 0 ? 1000 - best_z : best_z < 0 ? best_z + 1000 : 0;
    return true;
}

typedef struct {
    long positions, only_ep;
    int failures;
    char only_fen[100];
} EpWalk;

/* For a stored KPKP position whose side to move can double-step beside
 * the enemy pawn: play the double step with the engine (which sets the
 * e.p. square) and compare the probe with a one-ply search. */
static void check_double_step(const DtmEntry *e, void *ctx)
{
    static Position pos;
    EpWalk *w = ctx;
    int k = e->piece[2] == make_piece(e->stm, PAWN) ? 2 : 3;
    Square p = e->square[k], q = e->square[5 - k];
    int up = e->stm == WHITE ? 8 : -8;
    if (relative_rank(e->stm, p) != 1 || rank_of(q) != rank_of(p + 2 * up) || abs(file_of(q) - file_of(p)) != 1)
        return;
    char fen[100];
    int sq[4] = {e->square[0], e->square[1], -1, -1};
    sq[2] = e->piece[2] == W_PAWN ? e->square[2] : e->square[3];
    sq[3] = e->piece[2] == W_PAWN ? e->square[3] : e->square[2];
    make_fen(fen, sq, "KkPp", e->stm, -1);
    if (!pos_set_fen(&pos, fen, NULL, 0, NULL, 0))
        return;
    Move m = MOVE_NONE;
    MoveList l;
    l.count = 0;
    gen_legal(&pos, &l, GEN_ALL);
    for (int i = 0; i < l.count; i++)
        if (move_from(l.moves[i]) == p && move_to(l.moves[i]) == p + 2 * up)
            m = l.moves[i];
    if (!m)
        return;
    Undo undo;
    pos_make(&pos, m, &undo);
    DtmResult got = {0, 0, 0}, want = {0, 0, 0};
    bool ok = pos.ep != SQ_NONE && dtm_probe(&pos, &got) && one_ply(&pos, &want);
    w->positions++;
    if (ok && count_legal(&pos) == 1) {
        w->only_ep++;
        pos_get_fen(&pos, w->only_fen);
    }
    if ((!ok || got.wdl != want.wdl || got.plies != want.plies || got.dtz != want.dtz) && w->failures++ < 5) {
        char after_fen[100];
        pos_get_fen(&pos, after_fen);
        CHECK_MSG(false, "%s: probe %d/%d/%d, one ply %d/%d/%d", after_fen, got.wdl, got.plies, got.dtz, want.wdl,
                  want.plies, want.dtz);
    }
    pos_unmake(&pos);
}

TEST(kpkp_en_passant_after_double_steps)
{
    build_kpkp();
    DtmTable *t = dtm_table("KPKP", NULL, 0);
    EpWalk w = {0, 0, 0, ""};
    dtm_foreach(t, DTM_VISIT_STORED, check_double_step, &w);
    CHECK(w.positions > 1000);
    /* With two kings and two pawns no double step leaves the e.p. capture
     * as the only legal move (this walk counts them: none); the rule for
     * that case (value by the captures alone) cannot be met in KPKP. */
    if (getenv("KS_VERBOSE"))
        printf("    %ld e.p. positions, %ld with e.p. the only move, e.g. %s\n", w.positions, w.only_ep, w.only_fen);
}

/* ---- underpromotion --------------------------------------------------------- */

typedef struct {
    long promoting, under, draws; /* draws: the underpromotion saves the game */
    int failures;
    char fen[100];
} PromoWalk;

/* KQKP with Black to move and its pawn on the second rank: when the best
 * promotion is a knight or a rook and only it keeps the best value, the
 * table's value is that child's (a one-ply search over the children). */
static void check_promotion(const DtmEntry *e, void *ctx)
{
    static Position pos;
    PromoWalk *w = ctx;
    int k = e->piece[2] == B_PAWN ? 2 : 3;
    if (e->stm != BLACK || rank_of(e->square[k]) != 1)
        return;
    int sq[4] = {e->square[0], e->square[1], e->square[5 - k], e->square[k]};
    char fen[100];
    make_fen(fen, sq, "KkQp", BLACK, -1);
    if (!pos_set_fen(&pos, fen, NULL, 0, NULL, 0))
        return;
    w->promoting++;
    MoveList l;
    l.count = 0;
    gen_legal(&pos, &l, GEN_ALL);
    int best = -2000, best_promo = 0, count_best = 0;
    for (int i = 0; i < l.count; i++) {
        int v, vz;
        if (!child_scores(&pos, l.moves[i], &v, &vz))
            return;
        if (v > best)
            best = v, count_best = 0, best_promo = move_kind(l.moves[i]) == MK_PROMOTION ? move_promo(l.moves[i]) : 0;
        count_best += v == best;
    }
    if (count_best != 1 || (best_promo != KNIGHT && best_promo != ROOK))
        return;
    w->under++;
    w->draws += best == 0;
    if (!w->fen[0] || best == 0)
        strcpy(w->fen, fen);
    int stored = e->result.wdl > 0 ? 1000 - e->result.plies : e->result.wdl < 0 ? -1000 + e->result.plies : 0;
    if (stored != best && w->failures++ < 5)
        CHECK_MSG(false, "%s: table %d/%d, best (by underpromotion) %d", fen, e->result.wdl, e->result.plies, best);
}

TEST(kqkp_underpromotion_is_the_only_best_defence)
{
    DtmTable *t = dtm_table("KQKP", NULL, 0);
    CHECK(t && dtm_build(t));
    PromoWalk w = {0, 0, 0, 0, ""};
    dtm_foreach(t, DTM_VISIT_STORED, check_promotion, &w);
    CHECK(w.promoting > 1000);
    CHECK(w.under > 0);
    CHECK(w.draws > 0);
    /* By hand: ...c1=N+ forks the king on d3 and the queen on a2 and
     * draws; =Q, =R and =B allow Qe2 mate (or Qxc1 first). */
    static Position pos;
    DtmResult r;
    CHECK(pos_set_fen(&pos, "8/8/8/8/8/3K4/Q1p5/4k3 b - - 0 1", NULL, 0, NULL, 0) && dtm_probe(&pos, &r) && r.wdl == 0);
    CHECK(pos_set_fen(&pos, "8/8/8/8/8/3K4/Q7/2n1k3 w - - 0 1", NULL, 0, NULL, 0) && dtm_probe(&pos, &r) && r.wdl == 0);
    CHECK(pos_set_fen(&pos, "8/8/8/8/8/3K4/Q7/2q1k3 w - - 0 1", NULL, 0, NULL, 0) && dtm_probe(&pos, &r) && r.wdl == 1);
    if (getenv("KS_VERBOSE"))
        printf(
            "    %ld positions about to promote, %ld where only =N or =R keeps the best value (%ld draws), e.g. %s\n",
            w.promoting, w.under, w.draws, w.fen);
}
