/* Private to the DTM generator (dtm_generate.c: the retrograde pass;
 * dtm_forward.c: the forward pass that seeds it). */
#ifndef KS_DTM_GEN_H
#define KS_DTM_GEN_H

#include "dtm_internal.h"

typedef struct {
    uint32_t *a;
    size_t n, cap;
} Vec;

typedef struct {
    DtmTable *t;
    uint8_t *val;  /* [stm * size + index], encoding of dtm_internal.h */
    uint8_t *cnt;  /* moves not yet refuted, weighted (see dtm_generate.c) */
    uint8_t *hint; /* longest loss through a capture or promotion, plies */
    /* Positions decided at the ply being processed and at the next one,
     * one bit per (stm * size + index): walking them in index order keeps
     * the predecessors' entries close in memory. */
    uint64_t *frontier, *next;
    /* Legal positions not decided yet, one bit each: the un-moves of the
     * last man stay within one row of 64 entries and test 64 at once. */
    uint64_t *open;
    size_t words, next_count;
    Vec pending[DTM_MAX_PLIES + 2]; /* decided later than the next ply */
    int last;                       /* highest level with pending entries */
    int men;
    PieceType type[DTM_MAX_MEN];
    Color color[DTM_MAX_MEN];
    bool can_lose[COLOR_NB];   /* the other side has men to mate with */
    bool must_count[COLOR_NB]; /* can lose, or may capture or promote */
    bool failed;
} Gen;

/* Position p (= stm * size + index) is decided at ply `level`, later than
 * the next one. */
void gen_schedule(Gen *g, int level, size_t p);

/* Decides position p at the next ply. */
static inline void gen_decide_next(Gen *g, size_t p, int ply)
{
    if (ply > DTM_MAX_PLIES) {
        g->failed = true;
        return;
    }
    g->val[p] = (uint8_t)(ply + 1);
    g->open[p / 64] &= ~(1ULL << (p % 64));
    g->next[p / 64] |= 1ULL << (p % 64);
    g->next_count++;
}

static inline Bitboard gen_attacks(PieceType pt, Color c, Square s, Bitboard occ)
{
    switch (pt) {
    case PAWN: return PAWN_ATTACKS[c][s];
    case KNIGHT: return KNIGHT_ATTACKS[s];
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return rook_attacks(s, occ);
    case QUEEN: return queen_attacks(s, occ);
    default: return KING_ATTACKS[s];
    }
}

/* Value for the mover (plies: + win, - loss, 0 draw) of the exit where man
 * k of m (table order, any orientation) moves to `to`, capturing man
 * `captured` (-1: none) and/or promoting to promo, the opponent to move.
 * The exit's table must be built. */
int gen_exit_value(const DtmTable *t, const DtmMen *m, int k, Square to, Color mover, int captured, PieceType promo);

/* The whole generator for tables with one man besides the kings, White's
 * (dtm_small.c): fills val ([stm * size + index], every entry); false if a
 * value does not fit the encoding or memory runs out. */
bool gen_one_man(const DtmTable *t, uint8_t *val);

/* Marks illegal positions, decides checkmates, resolves captures and
 * promotions and sets the counters (dtm_forward.c). */
void gen_forward_pass(Gen *g);

#endif
