/* Private to the DTM generator (dtm_generate.c: the retrograde pass;
 * dtm_forward.c: the forward pass that seeds it; dtm_one_man.c: the
 * generator of one-man tables). Calls go one way: dtm_generate.c uses
 * the other two and dtm_one_man.c uses dtm_forward.c's exit values; the
 * state and its small operations are here. */
#ifndef KS_DTM_GEN_H
#define KS_DTM_GEN_H

#include <stdlib.h>

#include "dtm_internal.h"

typedef struct {
    uint32_t *a;
    size_t n, cap;
} Vec;

/* A position with an en-passant right, as a node of the DTM analysis
 * (tables with pawns on both sides): X to move after Y's double step that
 * landed beside X's pawn. Its value is the better for X of the stored
 * position without the right (c) and the e.p. capture (e), or the capture
 * alone when it is X's only legal move; its one predecessor is p. */
typedef struct {
    uint32_t c, p; /* stm * size + index */
    int16_t e;     /* gen_exit_value of the capture, for X */
    bool only;     /* X has no legal move in c but the e.p. capture */
    bool decided;
} EpNode;

typedef struct {
    DtmTable *t;
    /* The table being made, [stm * size + index] (encoding of
     * dtm_internal.h). While a position is open (legal, not decided yet)
     * its entry holds the counter of its moves not yet refuted (weighted,
     * see dtm_generate.c; in the DTZ pass bit 7 holds its loss hint); a
     * decided position gets its value when the walk of its ply reaches
     * it, and the positions left open become draws at the end. One array
     * for both, so that a refutation touches one byte. */
    uint8_t *val;
    uint8_t *hint; /* DTM pass: longest loss through a capture or promotion, plies */
    /* DTM pass: what the DTZ pass needs of each position (ZERO_*), made
     * by the forward pass; the DTZ pass's val starts from it. */
    uint8_t *zero;
    /* Positions decided at the ply being processed and at the next one,
     * one bit per (stm * size + index): walking them in index order keeps
     * the predecessors' entries close in memory. */
    uint64_t *frontier, *next;
    /* Their words that are not empty, one bit each: the walk of a ply
     * visits only those, and clears them behind it. */
    uint64_t *frontier_rows, *next_rows;
    /* Open positions, one bit each: the un-moves of a row of 64 entries
     * (dtm_generate.c) test 64 at once. open_refute: those a win may
     * refute, i.e. that may run out of moves (the DTM pass: the open ones
     * whose side can lose and has no capture or promotion that does not
     * lose; the DTZ pass: the DTM table's losses, since its wins never run
     * out of moves and its draws are never decided). */
    uint64_t *open, *open_refute;
    size_t words, next_count;
    Vec pending[DTM_MAX_PLIES + 2]; /* decided later than the next ply */
    int last;                       /* highest level with pending entries */
    int men;
    PieceType type[DTM_MAX_MEN];
    Color color[DTM_MAX_MEN];
    bool can_lose[COLOR_NB];   /* the other side has men to mate with */
    bool must_count[COLOR_NB]; /* can lose, or may capture or promote */
    bool failed;
    DtmCheckpoint checkpoint; /* polled by the passes (NULL: none) */
    void *checkpoint_ctx;
    bool abandoned; /* the checkpoint said so (failed is set too) */
    unsigned ticks; /* positions visited, for gen_checkpoint */
    /* DTZ mode (the second pass of dtm_generate.c): val is the DTZ table being made, dtm
     * the finished DTM table of the same material, whose wins and losses
     * the DTZ levels follow; pawn moves are exits like captures. */
    bool dtz;
    const uint8_t *dtm;
    uint64_t *dtm_losses; /* the DTM table's losses, one bit each */
    /* Pawns on both sides (KPKP): the en-passant nodes, sorted by c, and
     * their decisions later than the ply being processed. */
    bool ep_table;
    EpNode *ep;
    size_t ep_count;
    Vec ep_pending[DTM_MAX_PLIES + 2];
} Gen;

/* The DTZ pass's start for one position, made by the DTM pass's forward
 * pass (Gen.zero): ZERO_WINS if a capture or promotion wins (then a DTM
 * win has DTZ 1); else the counter of its moves that do not zero
 * (weighted as in the DTM pass), plus ZERO_ANY if it has a zeroing move.
 * Only the DTM table's losses read the counter: the DTZ pass needs no
 * counter for wins (dtm_generate.c). */
enum { ZERO_COUNT = 0x7f, ZERO_ANY = 0x80, ZERO_WINS = 0xff };

static inline bool gen_is_open(const uint64_t *bits, size_t p) { return bits[p / 64] >> (p % 64) & 1; }

/* Men kx (ours, `us` to move) and ky (the enemy's) of a placement when the
 * enemy's pawn ky may just have made a double step that our pawn kx can
 * take en passant: ky on its fourth rank with the two squares behind it
 * empty, kx beside it. For tables with one pawn a side (KPKP). */
static inline bool gen_ep_candidate(const Gen *g, const DtmMen *m, Color us, int *kx, int *ky)
{
    if (!g->ep_table)
        return false;
    int x = g->color[2] == us ? 2 : 3, y = 5 - x;
    Square sy = m->sq[y], sx = m->sq[x];
    int back = us == WHITE ? 8 : -8; /* towards the enemy pawn's start */
    Bitboard occ = square_bb(m->sq[0]) | square_bb(m->sq[1]) | square_bb(sx) | square_bb(sy);
    if (relative_rank(!us, sy) != 3 || rank_of(sx) != rank_of(sy)
        || (file_of(sx) - file_of(sy)) * (file_of(sx) - file_of(sy)) != 1
        || (occ & (square_bb(sy + back) | square_bb(sy + 2 * back))))
        return false;
    *kx = x, *ky = y;
    return true;
}

/* Has `us` (to move, kings and one pawn a side, enemy pawn ky just double
 * stepped beside our pawn kx) a legal move other than the e.p. capture?
 * The enemy pawn is the only possible checker, and our pawn, beside it,
 * cannot take it normally. */
static inline bool gen_ep_other_move(const DtmMen *m, Color us, int kx, int ky)
{
    Square own = m->sq[us], pawn = m->sq[kx];
    Bitboard danger = KING_ATTACKS[m->sq[!us]] | PAWN_ATTACKS[!us][m->sq[ky]];
    if (KING_ATTACKS[own] & ~square_bb(pawn) & ~danger)
        return true;
    if (PAWN_ATTACKS[!us][m->sq[ky]] & square_bb(own))
        return false; /* in check by the pawn: only the king could answer */
    Square push = (Square)(pawn + (us == WHITE ? 8 : -8));
    Bitboard occ = square_bb(m->sq[0]) | square_bb(m->sq[1]) | square_bb(m->sq[ky]);
    return !(occ & square_bb(push));
}

/* Called once per position by the passes: every 1024th call polls the
 * checkpoint, which may pause the build or abandon it (the passes then
 * stop as on a failure). False once the build has failed. */
static inline bool gen_checkpoint(Gen *g)
{
    if (g->checkpoint && !(++g->ticks & 1023) && !g->checkpoint(g->checkpoint_ctx))
        g->failed = g->abandoned = true;
    return !g->failed;
}

/* The same for count positions (at most 64, a row) visited at once: the
 * checkpoint is polled when the count crosses a multiple of 1024. */
static inline bool gen_checkpoint_n(Gen *g, unsigned count)
{
    unsigned before = g->ticks;
    g->ticks += count;
    if (g->checkpoint && (before ^ g->ticks) >> 10 && !g->checkpoint(g->checkpoint_ctx))
        g->failed = g->abandoned = true;
    return !g->failed;
}

/* Is a DTM value (dtm_internal.h encoding) a loss for the side to move? */
static inline bool dtm_value_is_loss(uint8_t v) { return v != DTM_DRAW && v != DTM_ILLEGAL && (v - 1) % 2 == 0; }
/* The mover's result (+1, 0, -1) from a DTM value seen by the side to move
 * after the move. */
static inline int dtm_value_for_mover(uint8_t v)
{
    return v == DTM_DRAW || v == DTM_ILLEGAL ? 0 : dtm_value_is_loss(v) ? 1 : -1;
}

static inline void gen_vec_push(Gen *g, Vec *v, uint32_t x)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 1024;
        uint32_t *a = realloc(v->a, cap * sizeof *a);
        if (!a) {
            g->failed = true;
            return;
        }
        v->a = a, v->cap = cap;
    }
    v->a[v->n++] = x;
}

/* x joins lists[level] (positions or EpNodes decided at that ply). */
static inline void gen_schedule_in(Gen *g, Vec *lists, int level, uint32_t x)
{
    if (level > DTM_MAX_PLIES) {
        g->failed = true;
        return;
    }
    gen_vec_push(g, &lists[level], x);
    if (level > g->last)
        g->last = level;
}

/* Position p (= stm * size + index) is decided at ply `level`, later than
 * the next one. */
static inline void gen_schedule(Gen *g, int level, size_t p) { gen_schedule_in(g, g->pending, level, (uint32_t)p); }

/* Decides position p at the next ply (its value is written when the walk
 * of that ply reaches it). */
static inline void gen_decide_next(Gen *g, size_t p, int ply)
{
    if (ply > DTM_MAX_PLIES) {
        g->failed = true;
        return;
    }
    uint64_t bit = 1ULL << (p % 64);
    g->open[p / 64] &= ~bit;
    g->open_refute[p / 64] &= ~bit;
    g->next[p / 64] |= bit;
    g->next_rows[p / 4096] |= 1ULL << (p / 64 % 64);
    g->next_count++;
}

/* The image of a set of squares under symmetry t (dtm_index.c's
 * apply_sym: transpose first, then the file flip, then the rank flip),
 * by the flips of the chessprogramming wiki "Flipping Mirroring and
 * Rotating". */
static inline Bitboard sym_bb(int t, Bitboard x)
{
    if (t & 4) {
        Bitboard k;
        k = 0x0F0F0F0F00000000ULL & (x ^ (x << 28)), x ^= k ^ (k >> 28);
        k = 0x3333000033330000ULL & (x ^ (x << 14)), x ^= k ^ (k >> 14);
        k = 0x5500550055005500ULL & (x ^ (x << 7)), x ^= k ^ (k >> 7);
    }
    if (t & 1) {
        x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
        x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
        x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    }
    return t & 2 ? __builtin_bswap64(x) : x;
}

/* Rook attacks for the generator, from tables of 512 bytes rather than
 * the engine's magic tables (800 KB), which the generator's own arrays
 * push out of the cache: the file by the subtraction trick on the file
 * and its byte-swapped image (chessprogramming wiki "Hyperbola
 * Quintessence"), the rank from DTM_RANK_ATTACKS. */
static inline Bitboard gen_rook_attacks(Square s, Bitboard occ)
{
    Bitboard file = FILE_A_BB << (s & 7), r = square_bb(s), o = occ & file & ~r;
    Bitboard up = o - 2 * r, down = __builtin_bswap64(__builtin_bswap64(o) - 2 * __builtin_bswap64(r));
    int rank = s >> 3;
    return ((up ^ down) & file & ~r) | (Bitboard)DTM_RANK_ATTACKS[s & 7][(occ >> (8 * rank + 1)) & 63] << (8 * rank);
}

static inline Bitboard gen_attacks(PieceType pt, Color c, Square s, Bitboard occ)
{
    switch (pt) {
    case PAWN: return PAWN_ATTACKS[c][s];
    case KNIGHT: return KNIGHT_ATTACKS[s];
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return gen_rook_attacks(s, occ);
    case QUEEN: return bishop_attacks(s, occ) | gen_rook_attacks(s, occ);
    default: return KING_ATTACKS[s];
    }
}

/* Value for the mover (plies: + win, - loss, 0 draw) of the exit where man
 * k of m (table order, any orientation) moves to `to`, capturing man
 * `captured` (-1: none) and/or promoting to promo, the opponent to move.
 * The exit's table must be built. */
int gen_exit_value(const DtmTable *t, const DtmMen *m, int k, Square to, Color mover, int captured, PieceType promo);

/* The whole generator for tables with one man besides the kings, White's
 * (dtm_one_man.c): fills val ([stm * size + index], every entry); false if a
 * value does not fit the encoding or memory runs out. */
bool gen_one_man(const DtmTable *t, uint8_t *val);

/* Marks illegal positions, decides checkmates, resolves captures and
 * promotions and sets the counters (dtm_forward.c). */
void gen_forward_pass(Gen *g);

#endif
