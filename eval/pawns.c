/* Pawn structure (doubled, isolated, backward, connected) and passed pawns
 * (chessprogramming wiki, "Pawn Structure", "Passed Pawn"). */
#include "eval/terms.h"
#include "eval/weights.h"

/* Backward: no own pawn beside or behind on the adjacent files that could
 * come up to defend it, and its stop square is held or taken by an enemy
 * pawn, so it cannot advance either. */
static bool is_backward(const Position *pos, Color us, Square s)
{
    Bitboard ours = pieces(pos, us, PAWN), theirs = pieces(pos, !us, PAWN);
    Bitboard helpers = ours & adjacent_files(file_of(s)) & ~forward_ranks(us, rank_of(s));
    if (helpers)
        return false;
    Square stop = push_square(us, s);
    return ((PAWN_ATTACKS[us][stop] | square_bb(stop)) & theirs) != 0;
}

void eval_pawns(const Position *pos, EvalInfo *info, Color us)
{
    Bitboard ours = pieces(pos, us, PAWN), theirs = pieces(pos, !us, PAWN);
    Score score = SCORE_ZERO;

    for (Bitboard b = ours; b;) {
        Square s = pop_lsb(&b);
        int file = file_of(s), rank = relative_rank(us, s);
        bool doubled = (ours & forward_file(us, s)) != 0;
        if (doubled) {
            score += PAWN_DOUBLED;
            TRACE(info, TP_PAWN_DOUBLED, us, 1);
        }
        if (!(ours & adjacent_files(file))) {
            score += PAWN_ISOLATED;
            TRACE(info, TP_PAWN_ISOLATED, us, 1);
        } else {
            Bitboard supporters = PAWN_ATTACKS[!us][s] & ours;
            Bitboard phalanx = ours & adjacent_files(file) & RANK_BB(rank_of(s));
            if (supporters | phalanx) {
                score += PAWN_CONNECTED[rank];
                TRACE(info, TP_PAWN_CONNECTED + rank, us, 1);
            } else if (is_backward(pos, us, s)) {
                score += PAWN_BACKWARD;
                TRACE(info, TP_PAWN_BACKWARD, us, 1);
            }
        }
        /* Of doubled pawns only the front one can be passed. */
        if (!doubled && !(theirs & passed_span(us, s)))
            info->passed[us] |= square_bb(s);
    }
    info->term[TERM_PAWNS][us] = score;
}

static int min_int(int a, int b) { return a < b ? a : b; }

#define KING_DISTANCE_CAP 5

/* Rule of the square (chessprogramming wiki, "Rule of the Square"): with
 * only pawns left to the enemy and a free path, the pawn queens when the
 * enemy king cannot reach the promotion square in time. A pawn on its
 * first rank double-steps. */
static bool unstoppable(const Position *pos, Color us, Square s, bool free_path)
{
    Color them = !us;
    if (!free_path || (pos->by_color[them] & ~pos->by_type[PAWN] & ~pos->by_type[KING]))
        return false;
    Square promo = make_square(file_of(s), us == WHITE ? 7 : 0);
    int rank = relative_rank(us, s);
    int pawn_moves = 7 - (rank == 1 ? 2 : rank);
    int king_moves = distance(king_square(pos, them), promo) - (pos->side == them);
    return king_moves > pawn_moves;
}

/* The enemy king's distance to the nearest square of the pawn's path,
 * weighted by how far the pawn has come. */
static int king_path_units(const Position *pos, Color us, Square s, Bitboard path)
{
    Square ksq = king_square(pos, !us);
    int best = KING_DISTANCE_CAP;
    for (Bitboard b = path; b;) {
        int d = distance(ksq, pop_lsb(&b));
        best = d < best ? d : best;
    }
    int rank = relative_rank(us, s);
    return rank > 2 ? best * (rank - 2) : 0;
}

/* Blockade, a rook behind, king distance to the path, the square rule. */
static Score passed_extras(const Position *pos, EvalInfo *info, Color us, Square s, bool free_path)
{
    Color them = !us;
    int rank = relative_rank(us, s);
    Square stop = push_square(us, s);
    Bitboard path = forward_file(us, s);
    Score score = SCORE_ZERO;
    bool blockaded = (pos->by_color[them] & square_bb(stop)) != 0;
    Bitboard rooks_behind = forward_file(them, s) & pieces(pos, us, ROOK) & rook_attacks(s, occupied(pos));
    bool rook_behind = rooks_behind != 0;
    int king_units = king_path_units(pos, us, s, path);
    bool runs = unstoppable(pos, us, s, free_path);
    score += blockaded ? PASSED_BLOCKADED[rank] : SCORE_ZERO;
    score += rook_behind ? PASSED_ROOK_BEHIND : SCORE_ZERO;
    score += PASSED_KING_PATH * king_units;
    score += runs ? PASSED_UNSTOPPABLE : SCORE_ZERO;
    TRACE(info, TP_PASSED_BLOCKADED + rank, us, blockaded);
    TRACE(info, TP_PASSED_ROOK_BEHIND, us, rook_behind);
    TRACE(info, TP_PASSED_KING_PATH, us, king_units);
    TRACE(info, TP_PASSED_UNSTOPPABLE, us, runs);
    return score;
}

/* Needs the complete attack maps (after eval_pieces for both sides). */
void eval_passed(const Position *pos, EvalInfo *info, Color us)
{
    Color them = !us;
    Square own_king = king_square(pos, us), enemy_king = king_square(pos, them);
    Score score = SCORE_ZERO;

    for (Bitboard b = info->passed[us]; b;) {
        Square s = pop_lsb(&b);
        int rank = relative_rank(us, s);
        Square stop = push_square(us, s);
        Bitboard path = forward_file(us, s);
        bool free_path = !(path & occupied(pos)), safe_path = !(path & info->attacked[them][0]);
        int own_distance = min_int(distance(own_king, stop), 5);
        int enemy_distance = min_int(distance(enemy_king, stop), 5);
        score += PASSED_RANK[rank];
        if (free_path)
            score += PASSED_FREE_PATH[rank];
        if (safe_path)
            score += PASSED_SAFE_PATH[rank];
        score += PASSED_KING_OWN[rank] * own_distance;
        score += PASSED_KING_ENEMY[rank] * enemy_distance;
        score += passed_extras(pos, info, us, s, free_path);
        TRACE(info, TP_PASSED_RANK + rank, us, 1);
        TRACE(info, TP_PASSED_FREE_PATH + rank, us, free_path);
        TRACE(info, TP_PASSED_SAFE_PATH + rank, us, safe_path);
        TRACE(info, TP_PASSED_KING_OWN + rank, us, own_distance);
        TRACE(info, TP_PASSED_KING_ENEMY + rank, us, enemy_distance);
    }
    info->term[TERM_PASSED][us] = score;
}
