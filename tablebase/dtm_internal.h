/* Private to tablebase/dtm*.c: the table struct, the index layout and the
 * value encoding shared by the registry (dtm_registry.c), the build
 * (dtm_build.c), the probes (dtm_probe.c), the visits (dtm_visit.c), the
 * index code (dtm_index.c) and the generator (dtm_generate.c).
 *
 * Index layout. A table stores one byte per (side to move, index):
 *     value = val[stm * size + index]
 *     index = kk << (6 * n) | sq[0] << (6 * (n - 1)) | ... | sq[n - 1]
 * n = number of men besides the kings (0..2), sq[k] their squares in the
 * table's piece order (the reverse of the name: Black's men, then White's,
 * each side P N B R Q, so that the strong side's strongest man is last;
 * dtm_registry.c), kk the number of the king pair in canonical
 * orientation:
 *   - pawnless (8 symmetries): the white king on the triangle a1-d1-d4; if
 *     it stands on the a1-d4 diagonal, the black king on or below the
 *     a1-h8 diagonal (rank <= file); kings apart. 462 pairs.
 *   - with pawns (left-right mirror): the white king on files a-d; kings
 *     apart. 1806 pairs.
 * When both kings stand on the a1-h8 diagonal, the men's squares take the
 * smaller of the tuple and its reflection in that diagonal; two identical
 * men are stored with sq[0] < sq[1]. Every orbit of positions under the
 * symmetries thus has exactly one index; the other indices hold
 * DTM_ILLEGAL.
 *
 * Value encoding, from the side to move's view:
 *     0            draw (during the build the entry of a position not
 *                  decided yet holds its counter instead, dtm_gen.h)
 *     1 .. 254     decided; plies to mate = value - 1: odd plies = the side
 *                  to move mates (win), even = it is mated (loss; 0 = it is
 *                  checkmated now)
 *     255          illegal or non-canonical index
 *
 * The DTZ table beside it (dtz, same layout) holds DTZ + 1 for decided
 * positions, 0 for draws, 255 for illegal indices. DTZ (Syzygy's DTZ50
 * meaning) counts the plies to the next zeroing move (a capture or a pawn
 * move, promotions included) or mate, the mate or zeroing move included,
 * under play that wins (the winner zeroes only into a position still won,
 * the loser delays): 1 = the side to move zeroes or mates now, 0 = it is
 * checkmated. Whether it is a win or a loss is the DTM table's: a loss
 * may have an odd DTZ (the loser must zero). A win with DTZ > 100 would
 * be cursed (a draw under the fifty-move rule from a clock of 0); the
 * build counts them (DtmStats.cursed). Zeroing moves are valued by the
 * results the DTM tables give, so a cursed successor would count as won:
 * exact as long as every table has cursed = 0, which holds for all tables
 * of up to four men (Syzygy statistics) and is checked by `tb stats`.
 */
#ifndef KS_DTM_INTERNAL_H
#define KS_DTM_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "dtm.h"

enum { DTM_DRAW = 0, DTM_ILLEGAL = 255, DTM_MAX_PLIES = 253 };
/* Registry slots: 36 materials of up to four men exist (KK included);
 * at most 64, a bit each in dtm_build.c. */
enum { DTM_MAX_TABLES = 48 };
enum { DTM_MAX_MEN = 4, DTM_MAX_EXTRA = 2 };
enum { KK_PAWNLESS = 462, KK_PAWNS = 1806 };
/* Bytes a built table keeps per index: DTM and DTZ, both sides to move. */
enum { DTM_BYTES_PER_INDEX = 4 };

/* Where a capture or promotion leads: the smaller table and how our men
 * map onto its men. Slot = exit_slot(captured man, promoted man, type). */
typedef struct {
    DtmTable *table;         /* NULL when not resolved */
    bool flip;               /* the table's White is our Black: swap colours, flip ranks */
    int8_t man[DTM_MAX_MEN]; /* our man index for each of the table's men */
} DtmExit;
enum { DTM_EXIT_SLOTS = 3 * 3 * 5 };

struct DtmTable {
    int slot; /* its place in the registry, 0 .. DTM_MAX_TABLES - 1 */
    char name[8];
    int n; /* men besides the kings */
    Piece piece[DTM_MAX_EXTRA];
    bool pawns;   /* symmetry: left-right only */
    bool same;    /* two identical men (sorted squares) */
    Key key[2];   /* material key: named side White / Black */
    size_t size;  /* entries per side to move */
    uint8_t *val; /* DTM, [stm * size + index], NULL until built */
    uint8_t *dtz; /* DTZ, same layout */
    DtmExit exits[DTM_EXIT_SLOTS];
    DtmStats stats;
    atomic_bool ready, failed;
    pthread_mutex_t lock;
};

/* Men of a position in table order: [0] white king, [1] black king, then
 * the table's men. */
typedef struct {
    Square sq[DTM_MAX_MEN];
} DtmMen;

/* Read-only symmetry tables, filled once by dtm_index_init(). */
typedef struct {
    int16_t kk;   /* canonical pair number, -1 if the kings touch or coincide */
    uint8_t sym;  /* symmetry to apply: bit 0 file flip, 1 rank flip, 2 transpose (first) */
    uint8_t diag; /* both kings end on the a1-h8 diagonal */
} DtmKingPair;
extern DtmKingPair DTM_KK_MAP[2][SQ_NB][SQ_NB]; /* [pawns][wk][bk] */
extern uint8_t DTM_KK_SQ[2][KK_PAWNS][2];       /* [pawns][kk] -> wk, bk */
extern uint8_t DTM_KK_DIAG[2][KK_PAWNS];
extern uint8_t DTM_SYM[8][SQ_NB];
/* [file][inner six squares of the rank occupied]: the squares of the rank
 * a rook on that file attacks (the generator's rook attacks, dtm_gen.h). */
extern uint8_t DTM_RANK_ATTACKS[8][64];
void dtm_index_init(void);

static inline Square dtm_transpose(Square s) { return (Square)((s >> 3) | ((s & 7) << 3)); }

/* Index from a canonical king pair and the men's squares in that
 * orientation: orders identical men and, with both kings on the diagonal,
 * takes the smaller of the squares and their reflection. *stab (if not
 * NULL) receives the number of symmetries fixing the position (1 or 2).
 * n = t->n, a constant where the caller knows it. */
static inline __attribute__((always_inline)) uint32_t dtm_finish_index_n(const DtmTable *t, uint32_t kk, bool diag,
                                                                         Square s0, Square s1, int *stab, const int n)
{
    if (n == 2 && t->same && s0 > s1) {
        Square x = s0;
        s0 = s1, s1 = x;
    }
    if (stab)
        *stab = 1;
    if (diag) {
        Square d0 = dtm_transpose(s0), d1 = n > 1 ? dtm_transpose(s1) : 0;
        if (n == 2 && t->same && d0 > d1) {
            Square x = d0;
            d0 = d1, d1 = x;
        }
        if (n == 0 || (d0 == s0 && (n < 2 || d1 == s1))) {
            if (stab)
                *stab = 2;
        } else if (d0 < s0 || (d0 == s0 && d1 < s1))
            s0 = d0, s1 = d1;
    }
    return n == 0 ? kk : n == 1 ? kk << 6 | (uint32_t)s0 : kk << 12 | (uint32_t)s0 << 6 | (uint32_t)s1;
}

static inline uint32_t dtm_finish_index(const DtmTable *t, uint32_t kk, bool diag, Square s0, Square s1, int *stab)
{
    return dtm_finish_index_n(t, kk, diag, s0, s1, stab, t->n);
}

/* Canonical index of a placement given square by square: kings wk, bk,
 * the other men on p0, p1 (ignored beyond the table's men); squares
 * distinct and valid, any orientation. */
static inline __attribute__((always_inline)) uint32_t dtm_index_of_n(const DtmTable *t, Square wk, Square bk, Square p0,
                                                                     Square p1, int *stab, const int n)
{
    const DtmKingPair *e = &DTM_KK_MAP[t->pawns][wk][bk];
    const uint8_t *sym = DTM_SYM[e->sym];
    return dtm_finish_index_n(t, (uint32_t)e->kk, e->diag, n > 0 ? sym[p0] : 0, n > 1 ? sym[p1] : 0, stab, n);
}

static inline uint32_t dtm_index_of(const DtmTable *t, Square wk, Square bk, Square p0, Square p1, int *stab)
{
    return dtm_index_of_n(t, wk, bk, p0, p1, stab, t->n);
}

static inline uint32_t dtm_index(const DtmTable *t, const DtmMen *m, int *stab)
{
    return dtm_index_of(t, m->sq[0], m->sq[1], m->sq[2], m->sq[3], stab);
}

/* Index of a placement whose king pair is the canonical pair kk (after a
 * move of a man other than a king from a stored position). */
static inline uint32_t dtm_index_same_kings(const DtmTable *t, uint32_t kk, const DtmMen *m, int *stab)
{
    return dtm_finish_index(t, kk, DTM_KK_DIAG[t->pawns][kk], m->sq[2], t->n > 1 ? m->sq[3] : 0, stab);
}

/* Number of symmetries fixing a placement (1 or 2). */
static inline int dtm_stabiliser(const DtmTable *t, const DtmMen *m)
{
    int stab = 1;
    if (!t->pawns && DTM_KK_MAP[0][m->sq[0]][m->sq[1]].diag)
        dtm_index(t, m, &stab);
    return stab;
}

/* Squares of a stored index, without checks. */
static inline void dtm_unpack(const DtmTable *t, uint32_t index, DtmMen *m)
{
    uint32_t kk = index >> (6 * t->n);
    m->sq[0] = DTM_KK_SQ[t->pawns][kk][0];
    m->sq[1] = DTM_KK_SQ[t->pawns][kk][1];
    if (t->n == 1)
        m->sq[2] = (Square)(index & 63);
    else if (t->n == 2)
        m->sq[2] = (Square)((index >> 6) & 63), m->sq[3] = (Square)(index & 63);
}

/* Squares of an index; false for an index that is not canonical or whose
 * men overlap or stand on impossible squares (pawns on ranks 1 and 8). */
static inline bool dtm_decode(const DtmTable *t, uint32_t index, DtmMen *m)
{
    uint32_t kk = index >> (6 * t->n);
    dtm_unpack(t, index, m);
    Bitboard occ = square_bb(m->sq[0]) | square_bb(m->sq[1]);
    for (int k = 0; k < t->n; k++) {
        Square s = m->sq[2 + k];
        if ((occ & square_bb(s)) || (type_of(t->piece[k]) == PAWN && (rank_of(s) == 0 || rank_of(s) == 7)))
            return false;
        occ |= square_bb(s);
    }
    /* Only the canonical member of each orbit is stored. */
    if (!t->same && !DTM_KK_DIAG[t->pawns][kk])
        return true;
    return dtm_index_same_kings(t, kk, m, NULL) == index;
}

/* A result from a stored DTM value v and DTZ value z. */
static inline DtmResult dtm_decode_result(uint8_t v, uint8_t z)
{
    DtmResult r = {0, 0, 0};
    if (v != DTM_DRAW && v != DTM_ILLEGAL) {
        r.plies = v - 1;
        r.wdl = r.plies % 2 ? 1 : -1;
        r.dtz = z - 1;
    }
    return r;
}

/* Value of a placement in a built table (men in that table's order). */
static inline uint8_t dtm_value(const DtmTable *t, Color stm, const DtmMen *m)
{
    return t->val[(size_t)stm * t->size + dtm_index(t, m, NULL)];
}

/* How a build ended. An abandoned build is no failure: its table stays
 * unbuilt, and a later build may make it. */
typedef enum { DTM_BUILD_OK, DTM_BUILD_FAILED, DTM_BUILD_ABANDONED } DtmBuildStatus;

/* Called by the generator every 1024 positions (under a millisecond
 * apart) with its ctx; it may block while the build is paused, and
 * returns false to abandon the build. The owner of the build passes it
 * down, so the generator never calls back into the builder by name. */
typedef bool (*DtmCheckpoint)(void *ctx);

/* Runs the retrograde analysis; the exits must be resolved and built.
 * Fills t->val and t->dtz; FAILED when out of memory or a value does not
 * fit the encoding, ABANDONED when checkpoint (NULL: none) said so. */
DtmBuildStatus dtm_generate(DtmTable *t, DtmCheckpoint checkpoint, void *ctx);

/* dtm_build with a checkpoint (NULL: none) that the generator polls, for
 * a DtmBuilder (dtm_builder.c): a build its checkpoint abandons leaves
 * its tables unbuilt rather than failed. */
DtmBuildStatus dtm_build_with(DtmTable *t, DtmCheckpoint checkpoint, void *ctx);

/* Counts t->stats over the stored positions of a table just generated
 * (dtm_visit.c). */
void dtm_count_stats(DtmTable *t);

static inline int exit_slot(int captured, int promoted, PieceType promo)
{
    return (captured + 1) * 15 + (promoted + 1) * 5 + (promo ? promo - KNIGHT + 1 : 0);
}

#endif
