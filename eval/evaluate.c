/* Evaluation driver: endgame knowledge first; then the net (Use NNUE,
 * the default: eval/nnue.c), or the sum of the hand-crafted terms
 * (eval/terms.h) blended between midgame and endgame by the phase
 * (chessprogramming wiki, "Tapered Eval"). The endgame half of the terms,
 * or the net's whole value, is scaled by endgame_scale_factor() and capped
 * below the known-win band. Every term is computed per colour by the same
 * code, which keeps the hand-crafted evaluation colour-symmetric. */
#include "evaluate.h"

#include <stdlib.h>
#include <string.h>

#include "endgame/endgame.h"
#include "eval/nnue.h"
#include "eval/terms.h"
#include "eval/weights.h"

/* Phase from non-pawn material: minor 1, rook 2, queen 4; 24 with all
 * pieces on the board (more after promotions is capped). */
#define PHASE_MAX 24
/* Normal evaluations stay far below the known-win band of endgame/. */
#define EVAL_LIMIT 9000

static const char *const TERM_NAME[TERM_NB] = {
    [TERM_MATERIAL] = "Material",
    [TERM_PSQT] = "PSQT",
    [TERM_MOBILITY] = "Mobility",
    [TERM_BISHOP_PAIR] = "Bishop pair",
    [TERM_ROOK_FILES] = "Rook files",
    [TERM_PLACEMENT] = "Placement",
    [TERM_PAWNS] = "Pawns",
    [TERM_PASSED] = "Passed pawns",
    [TERM_KING_SHELTER] = "King shelter",
    [TERM_KING_ATTACK] = "King attack",
    [TERM_THREATS] = "Threats",
    [TERM_SPACE] = "Space",
    [TERM_TEMPO] = "Tempo",
    [TERM_COMPLEXITY] = "Complexity",
};

/* PSQ[c][pt][sq]: the PSQT weight of c's piece on sq, from c's view. */
static Score PSQ[COLOR_NB][PIECE_TYPE_NB][SQ_NB];

void eval_init(void)
{
    for (Color c = WHITE; c <= BLACK; c++)
        for (PieceType pt = PAWN; pt <= KING; pt++)
            for (Square s = SQ_A1; s < SQ_NB; s++)
                PSQ[c][pt][s] = PSQT[pt][psqt_index(c, s)];
}

static void eval_material(const Position *pos, EvalInfo *info, Color us)
{
    Score material = SCORE_ZERO, psqt = SCORE_ZERO;
    for (PieceType pt = PAWN; pt <= KING; pt++) {
        material += PIECE_VALUE[pt] * pos->count[make_piece(us, pt)];
        if (pt != KING)
            TRACE(info, TP_PIECE_VALUE + pt - PAWN, us, pos->count[make_piece(us, pt)]);
        for (Bitboard b = pieces(pos, us, pt); b;) {
            Square s = pop_lsb(&b);
            psqt += PSQ[us][pt][s];
            TRACE(info, TP_PSQT + (pt - PAWN) * 32 + psqt_index(us, s), us, 1);
        }
    }
    info->term[TERM_MATERIAL][us] = material;
    info->term[TERM_PSQT][us] = psqt;
}

static Score total_score(const EvalInfo *info);

#define QUEENSIDE (FILE_A_BB | FILE_BB(1) | FILE_BB(2) | FILE_BB(3))

/* Complexity (the idea of Stockfish's "initiative" and Ethereal's
 * complexity): how winnable the endgame half is. It moves EG toward zero
 * or away from it, never past zero, so it cannot change who is better. */
static void eval_complexity(const Position *pos, EvalInfo *info)
{
    int eg = eg_of(total_score(info));
    Bitboard pawns = pos->by_type[PAWN];
    Square wk = king_square(pos, WHITE), bk = king_square(pos, BLACK);
    int file_gap = abs(file_of(wk) - file_of(bk)), rank_gap = abs(rank_of(wk) - rank_of(bk));
    int features[CX_NB] = {
        [CX_PAWNS] = popcount(pawns),
        [CX_PASSED] = popcount(info->passed[WHITE] | info->passed[BLACK]),
        [CX_BOTH_FLANKS] = (pawns & QUEENSIDE) && (pawns & ~QUEENSIDE),
        [CX_PAWN_ENDING] = !(occupied(pos) & ~pawns & ~pos->by_type[KING]),
        [CX_OUTFLANKING] = file_gap - rank_gap,
        [CX_OFFSET] = 1,
    };
    int units = 0;
    for (int i = 0; i < CX_NB; i++) {
        units += eg_of(COMPLEXITY[i]) * features[i];
        TRACE(info, TP_COMPLEXITY + i, WHITE, features[i]);
    }
    int sign = (eg > 0) - (eg < 0);
    int least = -abs(eg);
    info->term[TERM_COMPLEXITY][WHITE] = S(0, sign * (units > least ? units : least));
}

static void run_terms(const Position *pos, EvalInfo *info)
{
    eval_setup(pos, info);
    for (Color c = WHITE; c <= BLACK; c++) {
        eval_material(pos, info, c);
        eval_pieces(pos, info, c);
        eval_pawns(pos, info, c);
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        eval_king(pos, info, c);
        eval_passed(pos, info, c);
        eval_threats(pos, info, c);
        eval_space(pos, info, c);
    }
    info->term[TERM_TEMPO][pos->side] = TEMPO;
    TRACE(info, TP_TEMPO, pos->side, 1);
    eval_complexity(pos, info);
}

static Score total_score(const EvalInfo *info)
{
    Score total = SCORE_ZERO;
    for (int t = 0; t < TERM_NB; t++)
        total += info->term[t][WHITE] - info->term[t][BLACK];
    return total;
}

static int game_phase(const Position *pos)
{
    int phase = popcount(pos->by_type[KNIGHT] | pos->by_type[BISHOP]) + 2 * popcount(pos->by_type[ROOK])
              + 4 * popcount(pos->by_type[QUEEN]);
    return phase < PHASE_MAX ? phase : PHASE_MAX;
}

/* Centipawns from White's view; *scale receives the endgame scale factor. */
static int blend(const Position *pos, Score total, int *scale)
{
    int mg = mg_of(total), eg = eg_of(total);
    int phase = game_phase(pos);
    *scale = endgame_scale_factor(pos, eg > 0 ? WHITE : BLACK);
    eg = eg * *scale / SCALE_NORMAL;
    int value = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
    return value > EVAL_LIMIT ? EVAL_LIMIT : value < -EVAL_LIMIT ? -EVAL_LIMIT : value;
}

/* Half-moves over which the fifty-move counter fades the net's value:
 * at rule50 = 100 (a draw may be claimed) it keeps half. The net never
 * sees the counter, so without this a won-looking position that makes no
 * progress scores the same on the last move before the draw as on the
 * first (Stockfish scales its net the same way). */
#define FIFTY_FADE 200

/* The net's value with the endgame layer's scale factor for the side it
 * favours (drawish material pulls it toward 0), faded by the fifty-move
 * counter, capped like the terms. */
static int net_value_of(const Position *pos, int v)
{
    Color strong = (v > 0) == (pos->side == WHITE) ? WHITE : BLACK;
    v = v * endgame_scale_factor(pos, strong) / SCALE_NORMAL;
    int rule50 = pos->rule50 < 100 ? pos->rule50 : 100;
    v = v * (FIFTY_FADE - rule50) / FIFTY_FADE;
    return v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
}

static int net_value(const Position *pos) { return net_value_of(pos, nnue_evaluate(pos)); }

int evaluate_in_search(const Position *pos, NnueStack *st, int ply)
{
    int score;
    if (!nnue_enabled())
        return evaluate(pos);
    if (endgame_evaluate(pos, &score))
        return score;
    return net_value_of(pos, nnue_stack_evaluate(st, ply, pos));
}

int evaluate(const Position *pos)
{
    int score, scale;
    if (endgame_evaluate(pos, &score))
        return score;
    if (nnue_enabled())
        return net_value(pos);
    EvalInfo info;
    TRACE_INIT(&info, NULL);
    run_terms(pos, &info);
    int white = blend(pos, total_score(&info), &scale);
    return pos->side == WHITE ? white : -white;
}

bool eval_tune_trace(const Position *pos, EvalTrace *trace)
{
#ifdef EVAL_TUNE
    int score;
    if (endgame_evaluate(pos, &score))
        return false;
    memset(trace, 0, sizeof *trace);
    EvalInfo info;
    TRACE_INIT(&info, trace);
    run_terms(pos, &info);
    trace->fixed_mg = 0; /* every term is in the vector */
    trace->fixed_eg = 0;
    trace->phase = game_phase(pos);
    trace->eval = blend(pos, total_score(&info), &trace->scale);
    return true;
#else
    (void)pos;
    (void)trace;
    return false;
#endif
}

static void print_row(FILE *out, const char *name, Score w, Score b)
{
    fprintf(out, "%-13s | %5d %5d | %5d %5d | %5d %5d\n", name, mg_of(w), eg_of(w), mg_of(b), eg_of(b),
            mg_of(w) - mg_of(b), eg_of(w) - eg_of(b));
}

/* The search never uses a static evaluation in check (it searches every
 * evasion), so none is shown there, as Stockfish shows none. */
static void print_final(const Position *pos, int score, FILE *out)
{
    if (in_check(pos))
        fprintf(out, "Final evaluation: none (in check)\n");
    else
        fprintf(out, "Final evaluation: %d (side to move)\n", score);
}

void eval_trace(const Position *pos, FILE *out)
{
    int score, scale;
    if (endgame_evaluate(pos, &score)) {
        fprintf(out, "Endgame knowledge for this material decides the evaluation.\n");
        fprintf(out, "Network (%s net, not used here): %d (side to move)\n", nnue_net_name(), nnue_evaluate(pos));
        print_final(pos, score, out);
        return;
    }
    EvalInfo info;
    TRACE_INIT(&info, NULL);
    run_terms(pos, &info);
    fprintf(out, "Term          |    White    |    Black    |    Total\n");
    fprintf(out, "(centipawns)  |    MG    EG |    MG    EG |    MG    EG\n");
    fprintf(out, "--------------+-------------+-------------+------------\n");
    Score white_sum = SCORE_ZERO, black_sum = SCORE_ZERO;
    for (int t = 0; t < TERM_NB; t++) {
        print_row(out, TERM_NAME[t], info.term[t][WHITE], info.term[t][BLACK]);
        white_sum += info.term[t][WHITE];
        black_sum += info.term[t][BLACK];
    }
    fprintf(out, "--------------+-------------+-------------+------------\n");
    print_row(out, "Sum", white_sum, black_sum);
    int white = blend(pos, total_score(&info), &scale);
    fprintf(out, "\nPhase %d/%d (%d = all pieces), endgame scale %d/%d\n", game_phase(pos), PHASE_MAX, PHASE_MAX, scale,
            SCALE_NORMAL);
    fprintf(out, "Hand-crafted evaluation from White's view: %d%s\n", white, nnue_enabled() ? " (not used)" : "");
    fprintf(out, "Network (%s net%s): %d (side to move), %d after the endgame scale factor\n", nnue_net_name(),
            nnue_enabled() ? "" : ", not used: Use NNUE is off", nnue_evaluate(pos), net_value(pos));
    print_final(pos, evaluate(pos), out);
}
