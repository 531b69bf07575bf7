/* Endgame knowledge by material key. Each special evaluation takes
 * (pos, strong) and returns centipawns from the strong side's view; the
 * dispatcher turns that into the side to move's view. */
#include "endgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/material.h"
#include "engine/movegen.h"
#include "kbnk_table.h"
#include "tablebase/kpk.h"

typedef int (*EndgameEval)(const Position *pos, Color strong);
typedef int (*EndgameScale)(const Position *pos, Color strong);

/* Known wins live in [VALUE_KNOWN_WIN, KNOWN_WIN_MAX]: far above any normal
 * evaluation, below every mate score the search can return. */
#define KNOWN_WIN_MAX (VALUE_MATE_IN_MAX_PLY - 1)

/* KBNK: centipawns per ply of kbnk_dtm_estimate, counted down from
 * KBNK_DTM_CEILING. Over every placement with the kings apart the estimate
 * runs from -11 to 79 plies: at -11 the score, 25850, stays below
 * KNOWN_WIN_MAX; above 68 the term would drop below 0 and is clamped there,
 * just under the 68 plies' 50 cp. A low percentile rather than the mean
 * (the previous table) rates a king pair by the well-placed pieces the
 * search can reach; the weight is the old mean-DTM one (300 cp a ply
 * played no better: 1998 mates of 2000 bench mate KBNK games either way,
 * before KBNK_MAX_GAIN). */
#define KBNK_DTM_WEIGHT 200
#define KBNK_DTM_CEILING 65
/* KPK: centipawns per rank of a won pawn's advance. */
#define KPK_RANK_BONUS 20
/* Opposite bishops, pawns only: scale added per extra pawn, up to 4 pawns. */
#define OCB_PER_PAWN 4

/* ---- shared terms ------------------------------------------------------- */

static int min_int(int a, int b) { return a < b ? a : b; }

static Square relative_sq(Color strong, Square s) { return strong == WHITE ? s : flip_rank(s); }

/* 0 in the centre, 90 in the middle of an edge, 120 in a corner: the
 * rank or file distance from the centre counts double, so edges beat the
 * inner ring. */
static int edge_push(Square s)
{
    int fd = file_of(s) < 4 ? 3 - file_of(s) : file_of(s) - 4;
    int rd = rank_of(s) < 4 ? 3 - rank_of(s) : rank_of(s) - 4;
    int far = fd > rd ? fd : rd;
    return 10 * (fd + rd) + 20 * far;
}

/* Kings close together: 120 at distance 1 down to 0 at distance 7. */
static int close_bonus(Square a, Square b) { return 140 - 20 * distance(a, b); }

static int known_win(int v) { return min_int(VALUE_KNOWN_WIN + v, KNOWN_WIN_MAX); }

static int material_cp(const Position *pos, Color c)
{
    int v = 0;
    for (PieceType pt = PAWN; pt <= QUEEN; pt++)
        v += SEE_VALUE[pt] * popcount(pieces(pos, c, pt));
    return v;
}

/* The lone king to move, not in check, without a legal move. */
static bool stalemated(const Position *pos, Color weak)
{
    return pos->side == weak && !in_check(pos) && count_legal(pos) == 0;
}

/* Material that mates a bare king by force. */
static bool has_mating_material(const Position *pos, Color c)
{
    if (pieces(pos, c, QUEEN) | pieces(pos, c, ROOK))
        return true;
    Bitboard bishops = pieces(pos, c, BISHOP), knights = pieces(pos, c, KNIGHT);
    return (bishops && knights) || ((bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES)) || popcount(knights) >= 3;
}

/* ---- special evaluations ------------------------------------------------ */

static int eval_draw(const Position *pos, Color strong)
{
    (void)pos;
    (void)strong;
    return VALUE_DRAW;
}

/* Bare king against mating material: drive it to the edge, bring the king. */
static int eval_kxk(const Position *pos, Color strong)
{
    Color weak = !strong;
    if (!has_mating_material(pos, strong) || stalemated(pos, weak))
        return VALUE_DRAW; /* KBBK with bishops of one colour lands here */
    Square sk = king_square(pos, strong), wk = king_square(pos, weak);
    return known_win(material_cp(pos, strong) + edge_push(wk) + close_bonus(sk, wk));
}

/* KBNK: mate only happens in a corner of the bishop's colour; the
 * generated table (kbnk_table.h) knows how close to it the kings and the
 * knight stand. */
static int eval_kbnk(const Position *pos, Color strong)
{
    Color weak = !strong;
    if (stalemated(pos, weak))
        return VALUE_DRAW;
    Square sk = king_square(pos, strong), wk = king_square(pos, weak);
    Square knight = lsb(pieces(pos, strong, KNIGHT)), bishop = lsb(pieces(pos, strong, BISHOP));
    /* The table has a light bishop: mirror the files for a dark one. */
    if (square_bb(bishop) & DARK_SQUARES) {
        sk = flip_file(sk);
        wk = flip_file(wk);
        knight = flip_file(knight);
        bishop = flip_file(bishop);
    }
    int v = SEE_VALUE[BISHOP] + SEE_VALUE[KNIGHT]
          + KBNK_DTM_WEIGHT * (KBNK_DTM_CEILING - kbnk_dtm_estimate(wk, sk, knight, bishop));
    return known_win(v > 0 ? v : 0);
}

/* KPK: the exact result from the bitbase. */
static int eval_kpk(const Position *pos, Color strong)
{
    if (!kpk_probe_position(pos, strong))
        return VALUE_DRAW;
    int rank = relative_rank(strong, lsb(pieces(pos, strong, PAWN)));
    return known_win(SEE_VALUE[PAWN] + KPK_RANK_BONUS * rank);
}

/* KRKP, strong side as White so the pawn runs down the board. The rook wins
 * when the king blocks the pawn or the defending king is far from both pawn
 * and rook; a far-advanced pawn beside its king with the attacking king away
 * is drawish; otherwise a race count. Rules after Stockfish 16 (KRKP). */
static int eval_krkp(const Position *pos, Color strong)
{
    Color weak = !strong;
    Square sk = relative_sq(strong, king_square(pos, strong));
    Square wk = relative_sq(strong, king_square(pos, weak));
    Square rook = relative_sq(strong, lsb(pieces(pos, strong, ROOK)));
    Square pawn = relative_sq(strong, lsb(pieces(pos, weak, PAWN)));
    Square next = pawn - 8, promo = make_square(file_of(pawn), 0);
    bool strong_to_move = pos->side == strong;

    bool king_blocks = file_of(sk) == file_of(pawn) && rank_of(sk) < rank_of(pawn);
    bool pawn_alone = distance(wk, pawn) >= 3 + !strong_to_move && distance(wk, rook) >= 3;
    if (king_blocks || pawn_alone)
        return SEE_VALUE[ROOK] - 8 * distance(sk, pawn);
    if (rank_of(wk) <= 2 && distance(wk, pawn) == 1 && rank_of(sk) >= 3 && distance(sk, pawn) > 2 + strong_to_move)
        return 80 - 8 * distance(sk, pawn);
    return 200 - 8 * (distance(sk, next) - distance(wk, next) - distance(pawn, promo));
}

/* KRKB: usually a draw; keep the defending king toward the edge. */
static int eval_krkb(const Position *pos, Color strong) { return edge_push(king_square(pos, !strong)); }

/* KRKN: usually a draw; edge for the king, and the knight cut off from it. */
static int eval_krkn(const Position *pos, Color strong)
{
    Square wk = king_square(pos, !strong), knight = lsb(pieces(pos, !strong, KNIGHT));
    return edge_push(wk) + 15 * (distance(wk, knight) - 1);
}

/* KQKP: a win, except for the classic draw of a rook or bishop pawn on its
 * seventh rank beside its king (stalemate or perpetual defences). */
static int eval_kqkp(const Position *pos, Color strong)
{
    Color weak = !strong;
    Square sk = king_square(pos, strong), wk = king_square(pos, weak);
    Square pawn = lsb(pieces(pos, weak, PAWN));
    int f = file_of(pawn);
    bool drawn = relative_rank(weak, pawn) == 6 && distance(wk, pawn) == 1 && (f == 0 || f == 2 || f == 5 || f == 7);
    int v = close_bonus(sk, wk);
    return drawn ? v : v + SEE_VALUE[QUEEN] - SEE_VALUE[PAWN];
}

/* KQKN, KQKB: a win in all but a few positions where the minor piece
 * forks or takes the queen at once, which the search sees. Scored as a
 * known win so that the search converts instead of drifting: the defending
 * king to the edge, the kings together, the minor piece away from its king
 * (a piece cut off is won first), and the capture of the minor piece (to
 * KQK, a higher known win) preferred to any of these. */
static int eval_kqkminor(const Position *pos, Color strong)
{
    Color weak = !strong;
    if (stalemated(pos, weak))
        return VALUE_DRAW;
    Square sk = king_square(pos, strong), wk = king_square(pos, weak);
    Square minor = lsb(pieces(pos, weak, KNIGHT) | pieces(pos, weak, BISHOP));
    return known_win(SEE_VALUE[QUEEN] - SEE_VALUE[KNIGHT] + edge_push(wk) + close_bonus(sk, wk)
                     + 10 * distance(wk, minor));
}

/* KQKR: a win in general; drive the king to the edge. */
static int eval_kqkr(const Position *pos, Color strong)
{
    Square sk = king_square(pos, strong), wk = king_square(pos, !strong);
    return SEE_VALUE[QUEEN] - SEE_VALUE[ROOK] + edge_push(wk) + close_bonus(sk, wk);
}

/* ---- scale factors ------------------------------------------------------ */

/* Bishop and pawns all on one rook file against a bare king: a draw when
 * the bishop does not control the promotion square and the defending king
 * stands on or next to it. */
static int scale_kbpsk(const Position *pos, Color strong)
{
    Color weak = !strong;
    Bitboard pawns = pieces(pos, strong, PAWN), bishops = pieces(pos, strong, BISHOP);
    if (!pawns || popcount(bishops) != 1 || popcount(pos->by_color[weak]) != 1
        || pos->by_color[strong] != (pieces(pos, strong, KING) | bishops | pawns))
        return SCALE_NORMAL;
    int file = !(pawns & ~FILE_A_BB) ? 0 : !(pawns & ~FILE_BB(7)) ? 7 : -1;
    if (file < 0)
        return SCALE_NORMAL;
    Square promo = make_square(file, strong == WHITE ? 7 : 0);
    bool wrong_bishop = !(bishops & DARK_SQUARES) != !(square_bb(promo) & DARK_SQUARES);
    return wrong_bishop && distance(king_square(pos, weak), promo) <= 1 ? SCALE_DRAW : SCALE_NORMAL;
}

static int scale_opposite_bishops(const Position *pos, Color strong)
{
    Bitboard wb = pieces(pos, WHITE, BISHOP), bb = pieces(pos, BLACK, BISHOP);
    if (popcount(wb) != 1 || popcount(bb) != 1 || !(wb & DARK_SQUARES) == !(bb & DARK_SQUARES))
        return SCALE_NORMAL;
    if (non_pawn_material(pos, WHITE) != 3 || non_pawn_material(pos, BLACK) != 3)
        return SCALE_OPPOSITE_BISHOPS_PIECES;
    int extra = popcount(pieces(pos, strong, PAWN)) - popcount(pieces(pos, !strong, PAWN));
    extra = extra < 0 ? 0 : min_int(extra, 4);
    return SCALE_OPPOSITE_BISHOPS + OCB_PER_PAWN * extra;
}

/* Little or no material edge and no pawns to make more of it. Counts from
 * non_pawn_material: a minor is 3, a rook 5. */
static int scale_drawish(const Position *pos, Color strong)
{
    int us = non_pawn_material(pos, strong), them = non_pawn_material(pos, !strong);
    int pawns = popcount(pieces(pos, strong, PAWN));
    if (us - them > 3 || pawns > 1)
        return SCALE_NORMAL;
    if (pawns == 1)
        return SCALE_ONE_PAWN;
    if (us < 5)
        return SCALE_DRAW;
    return them <= 3 ? SCALE_NO_PAWNS_VS_MINOR : SCALE_NO_PAWNS;
}

/* ---- registration by material code -------------------------------------- */

typedef struct {
    Key key;
    const char *code;
    Color strong;
    EndgameEval eval;
    EndgameScale scale;
    bool used;
} Entry;

/* Open addressing, linear probing; a power of two well above twice the
 * number of codes, so a miss (the common case) ends at once. */
#define TABLE_SIZE 256
static Entry TABLE[TABLE_SIZE];

static const struct {
    const char *code;
    EndgameEval eval;
} EVALS[] = {
    {"KK", eval_draw},   {"KBK", eval_draw},  {"KNK", eval_draw},      {"KNNK", eval_draw},     {"KQK", eval_kxk},
    {"KRK", eval_kxk},   {"KQQK", eval_kxk},  {"KRRK", eval_kxk},      {"KQRK", eval_kxk},      {"KBBK", eval_kxk},
    {"KBNK", eval_kbnk}, {"KPK", eval_kpk},   {"KRKP", eval_krkp},     {"KRKB", eval_krkb},     {"KRKN", eval_krkn},
    {"KQKP", eval_kqkp}, {"KQKR", eval_kqkr}, {"KQKN", eval_kqkminor}, {"KQKB", eval_kqkminor},
};

static const struct {
    const char *code;
    EndgameScale scale;
} SCALES[] = {
    {"KBPK", scale_kbpsk},
};

static _Noreturn void die(const char *what, const char *code, const char *other)
{
    fprintf(stderr, "endgame_init: %s: %s%s%s\n", what, code, other ? " and " : "", other ? other : "");
    abort();
}

static Entry *find_slot(Key key)
{
    size_t i = key & (TABLE_SIZE - 1);
    while (TABLE[i].used && TABLE[i].key != key)
        i = (i + 1) & (TABLE_SIZE - 1);
    return &TABLE[i];
}

static void add(const char *code, EndgameEval eval, EndgameScale scale)
{
    Key keys[COLOR_NB];
    for (Color strong = WHITE; strong <= BLACK; strong++) {
        if (!material_code_key(code, strong, &keys[strong]))
            die("malformed material code", code, NULL);
        if (strong == BLACK && keys[BLACK] == keys[WHITE])
            break; /* symmetric material such as KK: one entry */
        Entry *e = find_slot(keys[strong]);
        if (e->used && strcmp(e->code, code))
            die("material key collision", code, e->code);
        if ((eval && e->eval) || (scale && e->scale))
            die("material code registered twice", code, NULL);
        e->used = true;
        e->key = keys[strong];
        e->code = code;
        e->strong = strong;
        e->eval = eval ? eval : e->eval;
        e->scale = scale ? scale : e->scale;
    }
}

void endgame_init(void)
{
    memset(TABLE, 0, sizeof TABLE);
    for (size_t i = 0; i < sizeof EVALS / sizeof EVALS[0]; i++)
        add(EVALS[i].code, EVALS[i].eval, NULL);
    for (size_t i = 0; i < sizeof SCALES / sizeof SCALES[0]; i++)
        add(SCALES[i].code, NULL, SCALES[i].scale);
}

static const Entry *lookup(Key key)
{
    const Entry *e = find_slot(key);
    return e->used ? e : NULL;
}

bool endgame_evaluate(const Position *pos, int *score)
{
    const Entry *e = lookup(pos->material_key);
    int v;
    Color strong;
    if (e && e->eval) {
        strong = e->strong;
        v = e->eval(pos, strong);
    } else if (pos_insufficient_material(pos)) {
        *score = VALUE_DRAW;
        return true;
    } else if (popcount(pos->by_color[BLACK]) == 1 && has_mating_material(pos, WHITE)) {
        strong = WHITE;
        v = eval_kxk(pos, strong);
    } else if (popcount(pos->by_color[WHITE]) == 1 && has_mating_material(pos, BLACK)) {
        strong = BLACK;
        v = eval_kxk(pos, strong);
    } else
        return false;
    *score = pos->side == strong ? v : -v;
    return true;
}

int endgame_scale_factor(const Position *pos, Color strong)
{
    const Entry *e = lookup(pos->material_key);
    if (e && e->scale)
        return e->strong == strong ? e->scale(pos, strong) : SCALE_NORMAL;
    int sf = scale_kbpsk(pos, strong);
    if (sf == SCALE_NORMAL)
        sf = scale_opposite_bishops(pos, strong);
    if (sf == SCALE_NORMAL)
        sf = scale_drawish(pos, strong);
    return sf;
}
