/* Endgame knowledge against known results: textbook wins and draws for each
 * special case, the KBNK corner path, the KXK edge push, stalemate, and the
 * same positions with colours swapped and files mirrored. */
#include <ctype.h>
#include <string.h>

#include "endgame/endgame.h"
#include "engine/movegen.h"
#include "harness.h"
#include "tablebase/dtm.h"

enum { MIRROR = 1, SWAP = 2 }; /* left-right mirror; colours swapped (board flipped) */

/* Sets pos from "Kd4 Bh2 Nh5 ka8" (upper case White) with stm to move,
 * transformed by MIRROR and SWAP; false (pos unchanged) if not legal. */
static bool try_setup(Position *pos, const char *spec, Color stm, int transform, char *err, size_t err_size)
{
    char board[64] = {0}, fen[100], *p = fen;
    for (const char *s = spec; *s; s += s[3] ? 4 : 3) {
        int f = s[1] - 'a', r = s[2] - '1';
        char piece = s[0];
        if (transform & MIRROR)
            f = 7 - f;
        if (transform & SWAP) {
            r = 7 - r;
            piece = (char)(isupper((unsigned char)piece) ? tolower(piece) : toupper(piece));
        }
        board[r * 8 + f] = piece;
    }
    for (int r = 7; r >= 0; r--) {
        for (int f = 0; f < 8; f++) {
            if (board[r * 8 + f])
                *p++ = board[r * 8 + f];
            else if (p > fen && p[-1] >= '1' && p[-1] <= '7')
                p[-1]++;
            else
                *p++ = '1';
        }
        *p++ = r ? '/' : ' ';
    }
    if (transform & SWAP)
        stm = !stm;
    strcpy(p, stm == WHITE ? "w - - 0 1" : "b - - 0 1");
    if (pos_set_fen(pos, fen, err, err_size, NULL, 0))
        return true;
    snprintf(err, err_size, "%s", fen);
    return false;
}

static void setup(Position *pos, const char *spec, Color stm, int transform)
{
    char err[128];
    bool ok = try_setup(pos, spec, stm, transform, err, sizeof err);
    CHECK_MSG(ok, "%s: %s", spec, err);
}

/* Special evaluation of the position from the side to move; CHECKs that
 * there is one. */
static int eval_of(const char *spec, Color stm, int transform)
{
    Position pos;
    int score = 12345;
    setup(&pos, spec, stm, transform);
    bool found = endgame_evaluate(&pos, &score);
    CHECK_MSG(found, "no special evaluation for %s (transform %d)", spec, transform);
    return score;
}

static bool is_known_win(int v) { return v >= VALUE_KNOWN_WIN && v < VALUE_MATE_IN_MAX_PLY; }

/* ---- KXK ------------------------------------------------------------------ */

TEST(endgame_kxk_known_win_band_both_colours)
{
    static const char *const WINS[] = {"Kc3 Rh8 ke5", "Kc3 Qh7 ke5", "Kc3 Qh7 Qh6 ke5", "Kc3 Rh8 Rg8 ke5",
                                       "Kc3 Qh7 Rh8 ke5", "Kc3 Bf1 Bf2 ke5", "Kc3 Qh7 Ph2 ke5",
                                       "Kc3 Nf1 Nf2 Nh2 ke5"};
    for (size_t i = 0; i < sizeof WINS / sizeof WINS[0]; i++)
        for (int t = 0; t < 4; t++) {
            int us = eval_of(WINS[i], WHITE, t), them = eval_of(WINS[i], BLACK, t);
            CHECK_MSG(is_known_win(us), "%s transform %d: %d", WINS[i], t, us);
            CHECK_MSG(us == -them, "%s transform %d: %d vs %d", WINS[i], t, us, them);
        }
}

/* Same king distance (2) from Kc3: centre, edge, corner. */
TEST(endgame_kxk_pushes_to_edge_and_corner)
{
    static const char *const PIECES[] = {"Kc3 Rh8", "Kc3 Qh7"};
    for (int i = 0; i < 2; i++)
        for (int t = 0; t < 4; t++) {
            char spec[4][40];
            const char *lone[] = {" ke5", " ke1", " ka5", " ka1"};
            int v[4];
            for (int k = 0; k < 4; k++) {
                strcpy(spec[k], PIECES[i]);
                strcat(spec[k], lone[k]);
                v[k] = eval_of(spec[k], WHITE, t);
            }
            CHECK_MSG(v[0] < v[1] && v[0] < v[2], "%s: centre %d, edges %d %d", PIECES[i], v[0], v[1], v[2]);
            CHECK_MSG(v[1] < v[3] && v[2] < v[3], "%s: edges %d %d, corner %d", PIECES[i], v[1], v[2], v[3]);
        }
}

TEST(endgame_kxk_rewards_close_kings)
{
    for (int t = 0; t < 4; t++) {
        int near = eval_of("Kc3 Rh8 ka1", WHITE, t), far = eval_of("Kf6 Rh8 ka1", WHITE, t);
        CHECK_MSG(near > far, "near %d, far %d", near, far);
    }
}

TEST(endgame_kxk_stalemate_is_a_draw)
{
    for (int t = 0; t < 4; t++) {
        CHECK_EQ_U64(eval_of("Kb6 Qc7 ka8", BLACK, t), 0);
        CHECK_EQ_U64(eval_of("Kb6 Rb7 ka8", BLACK, t), 0);
        CHECK_EQ_U64(eval_of("Kc7 Bf4 Nc6 ka8", BLACK, t), 0); /* KBNK */
        CHECK(is_known_win(eval_of("Kb6 Qc7 ka8", WHITE, t)));
    }
}

/* ---- KBNK ----------------------------------------------------------------- */

/* The lone king walks from a wrong corner to a right one (dark bishop: a8 to
 * a1, h1 to a1); the score must rise at every step. The white king stands
 * once where the walk brings the kings closer and once where it takes them
 * apart, so proximity cannot hide a flat stretch. */
TEST(endgame_kbnk_score_rises_toward_right_corner)
{
    static const struct {
        const char *pieces, *path[8];
    } WALKS[] = {
        {"Kd4 Bh2 Nh5", {"a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1"}},
        {"Kc7 Bh2 Nh5", {"a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1"}},
        {"Kd3 Bc7 Ne5", {"h1", "g1", "f1", "e1", "d1", "c1", "b1", "a1"}},
        {"Kg3 Bc7 Ne5", {"h1", "g1", "f1", "e1", "d1", "c1", "b1", "a1"}},
    };
    for (size_t w = 0; w < sizeof WALKS / sizeof WALKS[0]; w++)
        for (int t = 0; t < 4; t++) {
            int prev = -VALUE_INFINITE;
            for (int i = 0; i < 8; i++) {
                char spec[40];
                snprintf(spec, sizeof spec, "%s k%s", WALKS[w].pieces, WALKS[w].path[i]);
                int v = eval_of(spec, WHITE, t);
                CHECK(is_known_win(v));
                CHECK_MSG(v > prev, "%s transform %d: %d after %d", spec, t, v, prev);
                prev = v;
            }
        }
}

/* With the kings equally far apart, a wrong corner scores below every other
 * square of the board: the lone king is never pulled there. */
TEST(endgame_kbnk_never_rewards_wrong_corners)
{
    /* Ke5 is 4 king steps from a8, a1 and h1. */
    for (int t = 0; t < 4; t++) {
        Position pos;
        int wrong_a8 = eval_of("Ke5 Bh2 Nh5 ka8", WHITE, t), wrong_h1 = eval_of("Ke5 Bc7 Nh5 kh1", WHITE, t);
        int right_a1 = eval_of("Ke5 Bh2 Nh5 ka1", WHITE, t);
        CHECK_MSG(wrong_a8 < right_a1 && wrong_h1 < right_a1, "wrong %d %d, right %d", wrong_a8, wrong_h1,
                  right_a1);
        for (int sq = 0; sq < 64; sq++) {
            static const char *const NAMES = "abcdefgh";
            char spec[40];
            int f = sq % 8, r = sq / 8;
            if (sq == SQ_A8 || sq == SQ_H1 || (f >= 3 && r >= 3 && f <= 5 && r <= 5))
                continue; /* wrong corners, and squares next to the white king */
            int df = f > 4 ? f - 4 : 4 - f, dr = r > 4 ? r - 4 : 4 - r;
            if ((df > dr ? df : dr) != 4)
                continue;
            snprintf(spec, sizeof spec, "Ke5 Bf8 Nd8 k%c%d", NAMES[f], r + 1);
            char err[128];
            int v = 0, corner = 0;
            if (!try_setup(&pos, spec, WHITE, t, err, sizeof err))
                continue; /* Black in check */
            CHECK(endgame_evaluate(&pos, &v));
            CHECK(endgame_evaluate((setup(&pos, "Ke5 Bf8 Nd8 ka8", WHITE, t), &pos), &corner));
            CHECK_MSG(corner < v, "k%c%d %d vs wrong corner %d", NAMES[f], r + 1, v, corner);
        }
    }
}

/* ---- KPK ------------------------------------------------------------------ */

TEST(endgame_kpk_follows_the_bitbase_for_both_colours)
{
    for (int t = 0; t < 4; t++) {
        CHECK(is_known_win(eval_of("Ke3 Pe2 ke6", WHITE, t))); /* opposition */
        CHECK_EQ_U64(eval_of("Ke3 Pe2 ke6", BLACK, t), 0);
        CHECK(-eval_of("Kd5 Pd4 kd7", BLACK, t) >= VALUE_KNOWN_WIN);
        CHECK_EQ_U64(eval_of("Kb5 Pa5 ka8", WHITE, t), 0); /* rook pawn */
        CHECK(is_known_win(eval_of("Ka4 Pb7 ka6", WHITE, t))); /* only b8=R wins */
    }
    /* Further advanced wins score higher. */
    CHECK(eval_of("Ke6 Pe5 ke8", WHITE, 0) > eval_of("Ke6 Pe4 ke8", WHITE, 0));
}

/* ---- drawn material ------------------------------------------------------- */

TEST(endgame_drawn_material)
{
    static const char *const DRAWS[] = {"Ke1 ke8",         "Ke1 Bc4 ke8",     "Ke1 Nc3 ke8",
                                        "Ke1 Nc3 Nd3 ke8", "Ke1 Bc1 Be3 ke8", "Ke1 Bc1 ke8 bh6",
                                        "Ke1 Bc1 Ba3 Bg5 ke8"};
    for (size_t i = 0; i < sizeof DRAWS / sizeof DRAWS[0]; i++)
        for (int t = 0; t < 4; t++)
            for (Color stm = WHITE; stm <= BLACK; stm++)
                CHECK_MSG(eval_of(DRAWS[i], stm, t) == 0, "%s", DRAWS[i]);
}

TEST(endgame_knnk_against_a_pawn_is_not_a_draw)
{
    for (int t = 0; t < 4; t++) {
        Position pos;
        int score;
        setup(&pos, "Ke1 Nc3 Nd3 ke8 pa6", WHITE, t);
        CHECK(!endgame_evaluate(&pos, &score) || score != 0);
        CHECK(endgame_scale_factor(&pos, (t & SWAP) ? BLACK : WHITE) != SCALE_DRAW);
    }
}

/* ---- KRKP, KRKB, KRKN, KQKP, KQKR ---------------------------------------- */

TEST(endgame_krkp)
{
    for (int t = 0; t < 4; t++) {
        /* Wins: the king stands in the pawn's path; the pawn is far from its king. */
        CHECK(eval_of("Ke2 Ra8 kh5 pe4", WHITE, t) > 300);
        CHECK(eval_of("Kg1 Rd1 kh6 pa4", WHITE, t) > 300);
        CHECK(eval_of("Kg1 Rd1 kh6 pa4", BLACK, t) < -300);
        /* Draw: pawn on its seventh beside its king, the white king far away. */
        int v = eval_of("Kh8 Rh1 kc2 pb2", WHITE, t);
        CHECK_MSG(v >= 0 && v < 100, "%d", v);
    }
}

TEST(endgame_krkb_and_krkn_are_drawish)
{
    for (int t = 0; t < 4; t++) {
        int b = eval_of("Kg1 Rf1 ke5 be6", WHITE, t), n = eval_of("Kg1 Rf1 ke5 ne6", WHITE, t);
        CHECK_MSG(b >= 0 && b < 150, "KRKB %d", b);
        CHECK_MSG(n >= 0 && n < 150, "KRKN %d", n);
        /* Better for the rook with the king at the edge, the knight away. */
        CHECK(eval_of("Kg1 Rf1 ka5 be6", WHITE, t) > b);
        CHECK(eval_of("Kg1 Rf1 ka5 nh8", WHITE, t) > n);
    }
}

TEST(endgame_kqkp)
{
    for (int t = 0; t < 4; t++) {
        /* Bishop and rook pawns on the seventh with their king: draws. */
        int c_pawn = eval_of("Kh8 Qg4 kb2 pc2", WHITE, t), a_pawn = eval_of("Kh8 Qg4 kb1 pa2", WHITE, t);
        CHECK_MSG(c_pawn >= 0 && c_pawn < 100, "%d", c_pawn);
        CHECK_MSG(a_pawn >= 0 && a_pawn < 100, "%d", a_pawn);
        /* Centre and knight pawns: wins; so is a pawn not yet on the seventh. */
        CHECK(eval_of("Kh8 Qg4 kc2 pd2", WHITE, t) > 500);
        CHECK(eval_of("Kh8 Qg4 kc1 pb2", WHITE, t) > 500);
        CHECK(eval_of("Kh8 Qg4 kb3 pc3", WHITE, t) > 500);
    }
}

TEST(endgame_kqkr)
{
    for (int t = 0; t < 4; t++) {
        CHECK(eval_of("Kd4 Qe4 kg7 rb6", WHITE, t) > 300);
        CHECK(eval_of("Kd4 Qe4 kg7 rb6", BLACK, t) < -300);
        CHECK(eval_of("Kd4 Qe4 kh8 rb6", WHITE, t) > eval_of("Kd4 Qe4 kg7 rb6", WHITE, t));
    }
}

/* ---- scale factors -------------------------------------------------------- */

static int scale_of(const char *spec, int transform)
{
    Position pos;
    setup(&pos, spec, WHITE, transform);
    return endgame_scale_factor(&pos, (transform & SWAP) ? BLACK : WHITE);
}

TEST(endgame_scale_wrong_rook_pawn)
{
    for (int t = 0; t < 4; t++) {
        /* a8 is light: the dark bishop c5 cannot drive the king out. */
        CHECK_EQ_U64(scale_of("Kc4 Bc5 Pa5 ka8", t), SCALE_DRAW);
        CHECK_EQ_U64(scale_of("Kc4 Bc5 Pa5 Pa4 kb7", t), SCALE_DRAW);
        CHECK_EQ_U64(scale_of("Kc4 Bf5 Pa5 ka8", t), SCALE_NORMAL); /* right bishop */
        CHECK_EQ_U64(scale_of("Kc4 Bc5 Pa5 kh8", t), SCALE_NORMAL); /* king too far */
        CHECK_EQ_U64(scale_of("Kc4 Bc5 Pb5 kb8", t), SCALE_NORMAL); /* not a rook pawn */
    }
}

TEST(endgame_scale_opposite_bishops)
{
    for (int t = 0; t < 4; t++) {
        int one_up = scale_of("Kg2 Bc4 Pa2 Pf2 Pg3 Ph4 kg7 be7 pf7 pg6 ph5", t);
        CHECK_MSG(one_up <= 26, "%d", one_up);
        CHECK(scale_of("Kg2 Bd2 Pa2 Pf2 Pg3 Ph4 kg7 be7 pf7 pg6 ph5", t) == SCALE_NORMAL);
        int pieces = scale_of("Kg2 Bc4 Rd1 Pa2 Pf2 Pg3 Ph4 kg7 be7 rd8 pf7 pg6 ph5", t);
        CHECK(pieces > one_up && pieces < SCALE_NORMAL);
    }
}

TEST(endgame_scale_drawish_material)
{
    for (int t = 0; t < 4; t++) {
        CHECK_EQ_U64(scale_of("Ke1 Nc3 ke8 pa6", t), SCALE_DRAW);  /* a knight cannot win */
        CHECK_EQ_U64(scale_of("Ke1 Bc3 ke8 pa6", t), SCALE_DRAW);  /* nor a bishop */
        CHECK(scale_of("Ke1 Rd1 Bc3 ke8 rd8", t) < SCALE_NORMAL / 2);
        CHECK_EQ_U64(scale_of("Ke1 Rd1 Pe4 Pf4 ke8 rd8", t), SCALE_NORMAL);
    }
}

TEST(endgame_no_special_evaluation_in_normal_positions)
{
    Position pos;
    int score;
    CHECK(pos_set_fen(&pos, START_FEN, NULL, 0, NULL, 0));
    CHECK(!endgame_evaluate(&pos, &score));
    CHECK_EQ_U64(endgame_scale_factor(&pos, WHITE), SCALE_NORMAL);
    setup(&pos, "Ke1 Pe4 Pd4 ke8", WHITE, 0); /* KPPK: the normal evaluation */
    CHECK(!endgame_evaluate(&pos, &score));
}

/* The endgame table is keyed by material_key_of_counts(); a position's key
 * must be the same, from a FEN and after a capture or a promotion. */
TEST(endgame_material_key_matches_counts)
{
    Position pos;
    int counts[PIECE_NB] = {0};
    counts[W_KING] = counts[B_KING] = counts[W_PAWN] = counts[B_ROOK] = 1;
    CHECK(pos_set_fen(&pos, "8/1P5k/8/8/8/8/r7/4K3 w - - 0 1", NULL, 0, NULL, 0));
    CHECK(pos.material_key == material_key_of_counts(counts));
    pos_make(&pos, parse_uci_move(&pos, "b7b8q"));
    counts[W_PAWN] = 0, counts[W_QUEEN] = 1;
    CHECK(pos.material_key == material_key_of_counts(counts));
    pos_make(&pos, parse_uci_move(&pos, "a2a8"));
    pos_make(&pos, parse_uci_move(&pos, "b8a8"));
    counts[B_ROOK] = 0;
    CHECK(pos.material_key == material_key_of_counts(counts));
    CHECK(pos.material_key == pos_compute_material_key(&pos));
}

/* The KBNK DTM table (tablebase/, independent of the evaluation) says how
 * far from mate the lone king is, on average, on each square. */
typedef struct {
    Square bk;
    uint64_t plies, count;
} MeanDtm;

static void add_mean_dtm(const DtmEntry *e, void *ctx)
{
    MeanDtm *m = ctx;
    int b = type_of(e->piece[2]) == BISHOP ? 2 : 3; /* dark-squared bishops only */
    if (e->stm == WHITE && e->square[1] == m->bk && e->result.wdl > 0 && (square_bb(e->square[b]) & DARK_SQUARES)) {
        m->plies += (uint64_t)e->result.plies;
        m->count++;
    }
}

static double mean_dtm(DtmTable *t, Square bk)
{
    MeanDtm m = {bk, 0, 0};
    dtm_foreach(t, DTM_VISIT_ALL, add_mean_dtm, &m);
    return m.count ? (double)m.plies / (double)m.count : 0;
}

/* The evaluation orders lone-king squares the way the DTM table does:
 * the centre (d5) is farther from mate than a wrong corner (a8), which is
 * farther than a right corner (a1, for a dark-squared bishop). */
TEST(endgame_kbnk_follows_mean_distance_to_mate)
{
    DtmTable *t = dtm_table("KBNK", NULL, 0);
    CHECK(t && dtm_build(t));
    if (!t)
        return;
    double centre = mean_dtm(t, SQ_D5), wrong = mean_dtm(t, SQ_A8), right = mean_dtm(t, SQ_A1);
    CHECK_MSG(centre > wrong && wrong > right && right > 0, "mean DTM d5 %.1f a8 %.1f a1 %.1f", centre, wrong, right);
    for (int tr = 0; tr < 4; tr++) {
        /* The white king stands two king steps from the lone king. */
        int v_centre = eval_of("Kb6 Bf8 Nh1 kd5", WHITE, tr), v_wrong = eval_of("Kb6 Bf8 Nh1 ka8", WHITE, tr);
        int v_right = eval_of("Kc3 Bf8 Nh1 ka1", WHITE, tr);
        CHECK_MSG(v_centre < v_wrong && v_wrong < v_right, "eval d5 %d a8 %d a1 %d", v_centre, v_wrong, v_right);
    }
}

/* Mean DTM of won positions (white to move, dark bishop) with the lone king
 * on bk, by the white king's distance to it. */
typedef struct {
    Square bk;
    uint64_t plies[8], count[8];
} DtmByKingDistance;

static void add_by_king_distance(const DtmEntry *e, void *ctx)
{
    DtmByKingDistance *m = ctx;
    int b = type_of(e->piece[2]) == BISHOP ? 2 : 3;
    if (e->stm == WHITE && e->square[1] == m->bk && e->result.wdl > 0 && (square_bb(e->square[b]) & DARK_SQUARES)) {
        int d = distance(e->square[0], m->bk);
        m->plies[d] += (uint64_t)e->result.plies;
        m->count[d]++;
    }
}

/* With the lone king on an edge, the DTM table says a near white king
 * (two steps) is on average closer to mate than a far one (five steps),
 * by more than a ply a step; the evaluation agrees. */
TEST(endgame_kbnk_brings_the_king_as_the_table_says)
{
    DtmTable *t = dtm_table("KBNK", NULL, 0);
    CHECK(t && dtm_build(t));
    if (!t)
        return;
    DtmByKingDistance m = {.bk = SQ_D1};
    dtm_foreach(t, DTM_VISIT_ALL, add_by_king_distance, &m);
    CHECK(m.count[2] && m.count[5]);
    double near = (double)m.plies[2] / (double)m.count[2], far = (double)m.plies[5] / (double)m.count[5];
    CHECK_MSG(far - near > 3.0, "mean DTM at king distance 2: %.1f, at 5: %.1f", near, far);
    for (int tr = 0; tr < 4; tr++) {
        int v_near = eval_of("Kd3 Bf8 Nh5 kd1", WHITE, tr), v_far = eval_of("Kd6 Bf8 Nh5 kd1", WHITE, tr);
        CHECK_MSG(v_near > v_far, "eval king near %d, far %d", v_near, v_far);
    }
}
