/* The rules of thumb for KPK as classifiers, and their scores against the
 * bitbase. White has the pawn; a rule says "win" or "draw" for White in
 * every legal position, and where no rule applies it says draw: the
 * defender holds unless a rule shows how White wins (or, for the baseline,
 * White always wins).
 *
 * Definitions (ranks 1-8 and files a-h as a player counts them; q is the
 * promotion square, n the pawn moves to reach it):
 *
 * Rule of the square: n = 8 - rank, but 5 for a pawn on its 2nd rank (the
 *   double step makes it a 3rd-rank pawn). The black king catches the pawn
 *   when distance(bk, q) <= n with White to move and <= n + 1 with Black to
 *   move (a king to move may step into the square first): then "draw",
 *   otherwise "win". Chess books draw the square from the pawn to the eighth
 *   rank and, with the defender to move, let him step into it; the kings'
 *   other duties (the white king blocking its pawn, the black king taking
 *   it) are left out, as the books leave them out.
 *
 * Opposition (the strict form): the white king stands on the square
 *   directly in front of its pawn and the black king two squares in front
 *   of the white king, on the same file (direct opposition). The side not
 *   to move holds the opposition: Black to move "win", White to move
 *   "draw". Applies to no other position.
 *
 * Key squares: pawn on files b-g, ranks 2-4: the three squares two ranks in
 *   front of it (pawn e4: d6, e6, f6); ranks 5-6: the six squares on the two
 *   ranks in front (e5: d6-f6 and d7-f7); rank 7: the five squares around
 *   the promotion square other than the pawn's own (e7: d7, f7, d8-f8).
 *   Rook pawn: b7 and b8 for an a-pawn, g7 and g8 for an h-pawn (Mueller and
 *   Lamprecht, "Fundamental Chess Endings"; Wikipedia "Key square").
 *   The white king on a key square says "win", unless Black to move takes
 *   the undefended pawn at once. Rook pawn, White king on no key square:
 *   the black king on the pawn's file in front of it, or in the corner's
 *   2 x 3 block (a7-c8 for an a-pawn) says "draw". Otherwise no verdict.
 *
 * Combination, as a player tries them: the pawn runs (the square rule says
 *   "win"), else the key squares' verdict, else the opposition's, else
 *   "draw". */
#include "kpk_rules.h"

#include <string.h>

#include "engine/bitboard.h"
#include "tablebase/kpk.h"

static const char *const NAMES[KPK_RULE_NB] = {"always-win", "square", "opposition", "key-squares", "combined"};
static const char *const LABELS[KPK_RULE_NB] = {
    "always win", "rule of the square", "opposition", "key squares", "square, key squares, opposition",
};

const char *kpk_rule_name(KpkRule rule) { return NAMES[rule]; }
const char *kpk_rule_label(KpkRule rule) { return LABELS[rule]; }

static bool is_rook_file(int file) { return file == 0 || file == 7; }

/* Does the black king catch the pawn by the rule of the square? */
static bool black_in_square(const KpkPos *p)
{
    int rank = rank_of(p->wp); /* 0-based: 1 = the pawn's 2nd rank */
    int moves = rank == 1 ? 5 : 7 - rank;
    int dist = distance(p->bk, make_square(file_of(p->wp), 7));
    return dist - (p->stm == BLACK) <= moves;
}

Bitboard kpk_key_squares(Square wp)
{
    int file = file_of(wp), rank = rank_of(wp);
    if (is_rook_file(file)) {
        int kf = file == 0 ? 1 : 6;
        return square_bb(make_square(kf, 6)) | square_bb(make_square(kf, 7));
    }
    Bitboard files = FILE_BB(file - 1) | FILE_BB(file) | FILE_BB(file + 1);
    Bitboard ranks = rank <= 3 ? RANK_BB(rank + 2) : RANK_BB(rank + 1) | (rank < 6 ? RANK_BB(rank + 2) : 0);
    return files & ranks & ~square_bb(wp);
}

/* The rook pawn's drawing zone: the pawn's file in front of it and the
 * corner's block of 2 ranks by 3 files. */
static Bitboard rook_pawn_corner(Square wp)
{
    Bitboard front = 0;
    for (Square s = wp + 8; s < SQ_NB; s += 8)
        front |= square_bb(s);
    Bitboard corner_files =
        file_of(wp) == 0 ? FILE_BB(0) | FILE_BB(1) | FILE_BB(2) : FILE_BB(5) | FILE_BB(6) | FILE_BB(7);
    return front | (corner_files & (RANK_BB(6) | RANK_BB(7)));
}

static bool pawn_falls(const KpkPos *p)
{
    Bitboard pawn = square_bb(p->wp);
    return p->stm == BLACK && (KING_ATTACKS[p->bk] & pawn) && !(KING_ATTACKS[p->wk] & pawn);
}

/* The key squares' verdict; false if the rule says nothing. */
static bool key_rule(const KpkPos *p, bool *win)
{
    if ((kpk_key_squares(p->wp) & square_bb(p->wk)) && !pawn_falls(p)) {
        *win = true;
        return true;
    }
    if (is_rook_file(file_of(p->wp)) && (rook_pawn_corner(p->wp) & square_bb(p->bk))) {
        *win = false;
        return true;
    }
    return false;
}

static bool opposition_rule(const KpkPos *p, bool *win)
{
    if (rank_of(p->wp) > 4 || p->wk != p->wp + 8 || p->bk != p->wk + 16)
        return false;
    *win = p->stm == BLACK;
    return true;
}

KpkVerdict kpk_rule_verdict(KpkRule rule, const KpkPos *p)
{
    KpkVerdict v = {false, KPK_RULE_NB};
    bool win = false;
    switch (rule) {
    case KPK_RULE_ALWAYS_WIN: return (KpkVerdict){true, rule};
    case KPK_RULE_SQUARE: return (KpkVerdict){!black_in_square(p), rule};
    case KPK_RULE_OPPOSITION:
        if (opposition_rule(p, &win))
            v = (KpkVerdict){win, rule};
        return v;
    case KPK_RULE_KEY:
        if (key_rule(p, &win))
            v = (KpkVerdict){win, rule};
        return v;
    default:
        if (!black_in_square(p))
            return (KpkVerdict){true, KPK_RULE_SQUARE};
        if (key_rule(p, &win))
            return (KpkVerdict){win, KPK_RULE_KEY};
        if (opposition_rule(p, &win))
            return (KpkVerdict){win, KPK_RULE_OPPOSITION};
        return v;
    }
}

long kpk_confusion_total(const KpkConfusion *c) { return c->true_win + c->false_win + c->true_draw + c->false_draw; }

double kpk_confusion_accuracy(const KpkConfusion *c)
{
    long total = kpk_confusion_total(c);
    return total ? (double)(c->true_win + c->true_draw) / (double)total : 0.0;
}

static void tally(KpkConfusion *c, bool said_win, bool won)
{
    if (said_win)
        *(won ? &c->true_win : &c->false_win) += 1;
    else
        *(won ? &c->false_draw : &c->true_draw) += 1;
}

/* ---- failing positions a reader would want to set up ------------------- */

/* Lower is simpler: no check, no hanging pawn, kings not nearly touching
 * and off the edge, pieces close together (a short story to follow). The
 * weights rank the legality-edge flaws above compactness; a failure of the
 * rule's own verdict tells more than one where it says nothing. */
static int complexity(const KpkPos *p, bool rule_spoke)
{
    Bitboard pawn = square_bb(p->wp), edge = FILE_BB(0) | FILE_BB(7) | RANK_BB(0) | RANK_BB(7);
    int c = rule_spoke ? 0 : 16;
    if (p->stm == BLACK && (PAWN_ATTACKS[WHITE][p->wp] & square_bb(p->bk)))
        c += 8;
    if ((KING_ATTACKS[p->bk] & pawn) && !(KING_ATTACKS[p->wk] & pawn))
        c += 8;
    if (distance(p->wk, p->bk) == 2)
        c += 6;
    c += 2 * (int)(((edge >> p->wk) & 1) + ((edge >> p->bk) & 1));
    return c + distance(p->wk, p->wp) + distance(p->bk, p->wp);
}

/* The simplest failure per pawn rank, pawn file and kind (0 false win, 1
 * false draw); NO_FAIL marks an empty cell. */
enum { NO_FAIL = 1 << 30 };
typedef struct {
    KpkPos pos[8][8][2];
    int score[8][8][2];
} FailPool;

static void pool_offer(FailPool *pool, const KpkPos *p, KpkVerdict v)
{
    int rank = rank_of(p->wp), file = file_of(p->wp), kind = !v.win;
    int c = complexity(p, v.by != KPK_RULE_NB);
    if (c < pool->score[rank][file][kind]) {
        pool->score[rank][file][kind] = c;
        pool->pos[rank][file][kind] = *p;
    }
}

/* May cell (rank, file, kind) be pick n? Level 0 wants a new rank and a
 * new file, and the second pick the other kind; level 1 a new rank and
 * file, level 2 a new rank, level 3 just a new cell. */
static bool pool_fits(const KpkPos *picked, int n, int first_kind, int level, int rank, int file, int kind)
{
    if (level == 0 && n == 1 && kind == first_kind)
        return false;
    for (int i = 0; i < n; i++) {
        int r = rank_of(picked[i].wp), f = file_of(picked[i].wp);
        if ((level < 3 && r == rank) || (level < 2 && f == file) || (r == rank && f == file))
            return false;
    }
    return true;
}

static int pool_pick(const FailPool *pool, KpkPos *out)
{
    int n = 0, first_kind = 0;
    for (; n < KPK_FAILS; n++) {
        int best = NO_FAIL, br = 0, bf = 0, bk = 0;
        for (int level = 0; level < 4 && best == NO_FAIL; level++)
            for (int r = 1; r <= 6; r++)
                for (int f = 0; f < 8; f++)
                    for (int k = 0; k < 2; k++)
                        if (pool->score[r][f][k] < best && pool_fits(out, n, first_kind, level, r, f, k))
                            best = pool->score[r][f][k], br = r, bf = f, bk = k;
        if (best == NO_FAIL)
            break;
        if (n == 0)
            first_kind = bk;
        out[n] = pool->pos[br][bf][bk];
    }
    return n;
}

void kpk_rules_score(int files, KpkRuleScores *out)
{
    FailPool pools[KPK_RULE_NB];
    memset(out, 0, sizeof *out);
    out->files = files;
    for (int r = 0; r < KPK_RULE_NB; r++)
        for (int i = 0; i < 8 * 8 * 2; i++)
            (&pools[r].score[0][0][0])[i] = NO_FAIL;
    KpkPos p;
    for (p.stm = WHITE; p.stm <= BLACK; p.stm++)
        for (p.wp = SQ_A2; p.wp <= SQ_H7; p.wp++) {
            if (file_of(p.wp) >= files)
                continue;
            for (p.wk = 0; p.wk < SQ_NB; p.wk++)
                for (p.bk = 0; p.bk < SQ_NB; p.bk++) {
                    if (!kpk_is_legal(p.stm, p.wk, p.wp, p.bk))
                        continue;
                    bool won = kpk_probe(p.stm, p.wk, p.wp, p.bk);
                    out->legal[p.stm]++;
                    out->won[p.stm] += won;
                    for (int r = 0; r < KPK_RULE_NB; r++) {
                        KpkVerdict v = kpk_rule_verdict((KpkRule)r, &p);
                        tally(&out->all[r], v.win, won);
                        tally(&out->by_stm[r][p.stm], v.win, won);
                        tally(&out->by_rank[r][rank_of(p.wp)], v.win, won);
                        tally(&out->by_file[r][file_of(p.wp)], v.win, won);
                        tally(&out->by_step[r][v.by], v.win, won);
                        if (v.win != won)
                            pool_offer(&pools[r], &p, v);
                    }
                }
        }
    for (int r = 0; r < KPK_RULE_NB; r++)
        out->fail_count[r] = pool_pick(&pools[r], out->fail[r]);
}
