/* Internal to eval/: the per-call attack information and the term
 * functions the evaluation is summed from. evaluate() and eval_trace() run
 * the same functions; a term writes its score for one colour into
 * info->term[TERM_x][colour]. Other folders include only eval/evaluate.h. */
#ifndef KS_EVAL_TERMS_H
#define KS_EVAL_TERMS_H

#include "engine/position.h"
#include "eval/score.h"
#include "eval/tune.h"

enum {
    TERM_MATERIAL,
    TERM_PSQT,
    TERM_MOBILITY,
    TERM_BISHOP_PAIR,
    TERM_ROOK_FILES,
    TERM_PLACEMENT,
    TERM_PAWNS,
    TERM_PASSED,
    TERM_KING_SHELTER,
    TERM_KING_ATTACK,
    TERM_THREATS,
    TERM_SPACE,
    TERM_TEMPO,
    TERM_COMPLEXITY, /* White's entry only: the eg adjustment */
    TERM_NB
};

typedef struct {
    Score term[TERM_NB][COLOR_NB];
    /* attacked[c][pt]: squares attacked by c's pieces of type pt;
     * attacked[c][0]: by any of c's pieces; attacked2[c]: at least twice. */
    Bitboard attacked[COLOR_NB][PIECE_TYPE_NB];
    Bitboard attacked2[COLOR_NB];
    Bitboard mobility_area[COLOR_NB];
    Bitboard king_zone[COLOR_NB]; /* around c's king */
    Bitboard passed[COLOR_NB];    /* c's passed pawns */
    Bitboard pawn_span[COLOR_NB]; /* squares c's pawns attack now or after advancing */
    /* king_attackers[c][pt]: c's pieces of type pt attacking the enemy
     * king zone ([0]: all of them); king_zone_hits[c]: their attacks on
     * zone squares, summed over the pieces. */
    int king_attackers[COLOR_NB][PIECE_TYPE_NB];
    int king_zone_hits[COLOR_NB];
#ifdef EVAL_TUNE
    EvalTrace *trace; /* NULL unless eval_tune_trace() runs the terms */
#endif
} EvalInfo;

/* TRACE(info, index, c, n): weight `index` of eval/tune.h entered c's
 * score n times. Compiles to nothing outside the EVAL_TUNE build. */
#ifdef EVAL_TUNE
#define TRACE(info, index, c, n)                                                                                       \
    do {                                                                                                               \
        if ((info)->trace)                                                                                             \
            (info)->trace->coef[index][c] += (int16_t)(n);                                                             \
    } while (0)
#define TRACE_INIT(info, t) ((info)->trace = (t))
#else
#define TRACE(info, index, c, n) ((void)(info), (void)(index), (void)(c))
#define TRACE_INIT(info, t) ((void)0)
#endif

/* Run in this order: setup, then pieces for both colours (they complete
 * the attack maps), then the rest. */
void eval_setup(const Position *pos, EvalInfo *info);
void eval_pieces(const Position *pos, EvalInfo *info, Color us);
void eval_pawns(const Position *pos, EvalInfo *info, Color us);
void eval_passed(const Position *pos, EvalInfo *info, Color us);
void eval_king(const Position *pos, EvalInfo *info, Color us);
void eval_threats(const Position *pos, EvalInfo *info, Color us);
void eval_space(const Position *pos, EvalInfo *info, Color us);

#define CENTRE_FILES (FILE_BB(2) | FILE_BB(3) | FILE_BB(4) | FILE_BB(5)) /* c-f */

static inline Bitboard pawn_attacks_bb(Color c, Bitboard b)
{
    const Bitboard not_a = ~FILE_A_BB, not_h = ~FILE_BB(7);
    return c == WHITE ? ((b << 9) & not_a) | ((b << 7) & not_h) : ((b >> 7) & not_a) | ((b >> 9) & not_h);
}

/* Ranks strictly ahead of rank (0..7) as seen from colour c. */
static inline Bitboard forward_ranks(Color c, int rank)
{
    return c == WHITE ? ~0ULL << (8 * rank) << 8 : ~0ULL >> (8 * (7 - rank)) >> 8;
}

static inline Bitboard adjacent_files(int file)
{
    return ((FILE_BB(file) << 1) & ~FILE_A_BB) | ((FILE_BB(file) >> 1) & ~FILE_BB(7));
}

static inline Bitboard forward_file(Color c, Square s) { return forward_ranks(c, rank_of(s)) & FILE_BB(file_of(s)); }

/* Squares an enemy pawn must not occupy for a pawn on s to be passed. */
static inline Bitboard passed_span(Color c, Square s)
{
    return forward_ranks(c, rank_of(s)) & (FILE_BB(file_of(s)) | adjacent_files(file_of(s)));
}

/* b and every square ahead of it, as seen from colour c. */
static inline Bitboard fill_forward(Color c, Bitboard b)
{
    if (c == WHITE) {
        b |= b << 8;
        b |= b << 16;
        b |= b << 32;
    } else {
        b |= b >> 8;
        b |= b >> 16;
        b |= b >> 32;
    }
    return b;
}

static inline Bitboard pawn_push_bb(Color c, Bitboard b) { return c == WHITE ? b << 8 : b >> 8; }

static inline Square push_square(Color c, Square s) { return c == WHITE ? s + 8 : s - 8; }

#endif
