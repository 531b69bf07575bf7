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
        TRACE(info, TP_PASSED_RANK + rank, us, 1);
        TRACE(info, TP_PASSED_FREE_PATH + rank, us, free_path);
        TRACE(info, TP_PASSED_SAFE_PATH + rank, us, safe_path);
        TRACE(info, TP_PASSED_KING_OWN + rank, us, own_distance);
        TRACE(info, TP_PASSED_KING_ENEMY + rank, us, enemy_distance);
    }
    info->term[TERM_PASSED][us] = score;
}
