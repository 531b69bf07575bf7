/* Endgame knowledge against known results: textbook wins and draws for each
 * special case, KBNK against its DTM table, the KXK edge push, stalemate, and the
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
    static const char *const WINS[] = {"Kc3 Rh8 ke5",     "Kc3 Qh7 ke5",     "Kc3 Qh7 Qh6 ke5", "Kc3 Rh8 Rg8 ke5",
                                       "Kc3 Qh7 Rh8 ke5", "Kc3 Bf1 Bf2 ke5", "Kc3 Qh7 Ph2 ke5", "Kc3 Nf1 Nf2 Nh2 ke5"};
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

/* Hand-picked positions whose order the KBNK DTM table (probed here,
 * independently of the evaluation) fixes: the evaluation orders them the
 * same way, in all four transforms. */
TEST(endgame_kbnk_orders_textbook_positions_like_the_table)
{
    static const char *const FARTHEST_FIRST[] = {
        "Kb3 Bf8 Nh1 kd5", /* centre, white king away: 57 plies */
        "Kb6 Bf8 Nh1 ka8", /* wrong corner: 49 */
        "Kc3 Bf8 Nh1 ka1", /* right corner: 9 */
    };
    DtmTable *t = dtm_table("KBNK", NULL, 0);
    CHECK(t && dtm_build(t));
    for (int tr = 0; tr < 4; tr++) {
        int prev_plies = 1000, prev_eval = -VALUE_INFINITE;
        for (size_t i = 0; i < sizeof FARTHEST_FIRST / sizeof FARTHEST_FIRST[0]; i++) {
            Position pos;
            DtmResult r;
            setup(&pos, FARTHEST_FIRST[i], WHITE, tr);
            CHECK(dtm_probe(&pos, &r) && r.wdl > 0);
            int v = eval_of(FARTHEST_FIRST[i], WHITE, tr);
            CHECK_MSG(r.plies < prev_plies && v > prev_eval && is_known_win(v), "%s transform %d: dtm %d eval %d",
                      FARTHEST_FIRST[i], tr, r.plies, v);
            prev_plies = r.plies;
            prev_eval = v;
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
        CHECK_EQ_U64(eval_of("Kb5 Pa5 ka8", WHITE, t), 0);     /* rook pawn */
        CHECK(is_known_win(eval_of("Ka4 Pb7 ka6", WHITE, t))); /* only b8=R wins */
    }
    /* Further advanced wins score higher. */
    CHECK(eval_of("Ke6 Pe5 ke8", WHITE, 0) > eval_of("Ke6 Pe4 ke8", WHITE, 0));
}

/* ---- drawn material ------------------------------------------------------- */

TEST(endgame_drawn_material)
{
    static const char *const DRAWS[] = {"Ke1 ke8",         "Ke1 Bc4 ke8",     "Ke1 Nc3 ke8",        "Ke1 Nc3 Nd3 ke8",
                                        "Ke1 Bc1 Be3 ke8", "Ke1 Bc1 ke8 bh6", "Ke1 Bc1 Ba3 Bg5 ke8"};
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
        CHECK_EQ_U64(scale_of("Ke1 Nc3 ke8 pa6", t), SCALE_DRAW); /* a knight cannot win */
        CHECK_EQ_U64(scale_of("Ke1 Bc3 ke8 pa6", t), SCALE_DRAW); /* nor a bishop */
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
    Undo undo[3];
    pos_make(&pos, parse_uci_move(&pos, "b7b8q"), &undo[0]);
    counts[W_PAWN] = 0, counts[W_QUEEN] = 1;
    CHECK(pos.material_key == material_key_of_counts(counts));
    pos_make(&pos, parse_uci_move(&pos, "a2a8"), &undo[1]);
    pos_make(&pos, parse_uci_move(&pos, "b8a8"), &undo[2]);
    counts[B_ROOK] = 0;
    CHECK(pos.material_key == material_key_of_counts(counts));
    CHECK(pos.material_key == pos_compute_material_key(&pos));
}

/* Won KBNK positions, strong side to move, one of every SAMPLE_STEP stored
 * in the DTM table: consecutive ones more than 20 plies apart. */
typedef struct {
    int counter, last_plies, last_eval;
    int pairs, agree;
} Agreement;

#define SAMPLE_STEP 61

static void add_agreement(const DtmEntry *e, void *ctx)
{
    Agreement *a = ctx;
    if (e->stm != WHITE || e->result.wdl <= 0 || ++a->counter % SAMPLE_STEP)
        return;
    char spec[40], *p = spec;
    for (int i = 0; i < e->count; i++) {
        static const char LETTERS[] = " PNBRQK";
        char letter = LETTERS[type_of(e->piece[i])];
        p += sprintf(p, "%c%c%d ", color_of(e->piece[i]) == WHITE ? letter : (char)tolower(letter),
                     'a' + file_of(e->square[i]), rank_of(e->square[i]) + 1);
    }
    p[-1] = '\0';
    int v = eval_of(spec, WHITE, 0), plies = e->result.plies;
    int diff = plies - a->last_plies;
    if (a->last_plies && (diff > 20 || diff < -20)) {
        a->pairs++;
        a->agree += (diff > 0) == (v < a->last_eval);
    }
    a->last_plies = plies;
    a->last_eval = v;
}

/* Over a sample of the KBNK DTM table, the evaluation puts the nearer mate
 * first in at least 90 % of pairs of won positions more than 20 plies
 * apart. */
TEST(endgame_kbnk_agrees_with_the_dtm_table)
{
    DtmTable *t = dtm_table("KBNK", NULL, 0);
    CHECK(t && dtm_build(t));
    if (!t)
        return;
    Agreement a = {0};
    dtm_foreach(t, DTM_VISIT_STORED, add_agreement, &a);
    CHECK_MSG(a.pairs > 1000 && a.agree * 10 >= a.pairs * 9, "%d of %d pairs agree", a.agree, a.pairs);
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
