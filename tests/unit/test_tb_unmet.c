/* The list of materials a search meets without a ready table
 * (search/tb.h, TbUnmet): one entry per table whichever side holds the
 * material, the colour-exchanged key equal to the mirrored position's own
 * material key, the cap, and the merge of the threads' lists. */
#include <string.h>

#include "harness.h"
#include "search/tb.h"
#include "tablebase/dtm.h"
#include "test_util.h"

static void note(TbUnmet *u, const char *fen)
{
    Position pos;
    CHECK(set_fen_checked(&pos, fen));
    tb_note_unmet(u, &pos);
}

static Key material_key_of(const char *fen)
{
    Position pos;
    CHECK(set_fen_checked(&pos, fen));
    return pos.material_key;
}

TEST(tb_unmet_lists_each_material_once_whichever_side_holds_it)
{
    TbUnmet u;
    memset(&u, 0, sizeof u);
    note(&u, "8/8/8/3k4/8/8/6b1/K6Q w - - 0 1"); /* KQ against a bishop */
    note(&u, "k6q/6B1/8/3K4/8/8/8/8 w - - 0 1"); /* the same, colours exchanged */
    note(&u, "4k3/8/8/1b6/8/8/8/Q6K b - - 0 1"); /* the same material elsewhere */
    note(&u, "8/8/8/3k4/8/8/8/KR6 w - - 0 1");   /* KRK */
    CHECK_EQ_U64(u.count, 2);
    CHECK(u.keys[0] == material_key_of("8/8/8/3k4/8/8/6b1/K6Q w - - 0 1"));
    CHECK(u.flipped[0] == material_key_of("k6q/6B1/8/3K4/8/8/8/8 w - - 0 1"));
    CHECK(u.keys[0] != u.flipped[0]);
    /* the counts are the men besides the kings, as met */
    int counts[PIECE_NB];
    for (int p = 0; p < PIECE_NB; p++)
        counts[p] = u.counts[0][p];
    CHECK(counts[W_QUEEN] == 1 && counts[B_BISHOP] == 1 && counts[W_KING] == 0 && counts[B_KING] == 0);
    DtmTable *t = dtm_table_for_counts(counts);
    CHECK(t && strcmp(dtm_name(t), "KQKB") == 0);
}

TEST(tb_unmet_merge_skips_listed_materials_and_stops_at_the_cap)
{
    TbUnmet a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    note(&a, "8/8/8/3k4/8/8/6b1/K6Q w - - 0 1");
    note(&b, "k6q/6B1/8/3K4/8/8/8/8 w - - 0 1"); /* KQKB again, Black's queen */
    note(&b, "8/8/8/3k4/8/8/8/KR6 w - - 0 1");
    tb_merge_unmet(&a, &b);
    CHECK_EQ_U64(a.count, 2);
    CHECK(a.keys[1] == material_key_of("8/8/8/3k4/8/8/8/KR6 w - - 0 1"));

    /* more distinct materials than the cap: the first TB_UNMET_MAX stay */
    TbUnmet many, into;
    memset(&many, 0, sizeof many);
    memset(&into, 0, sizeof into);
    for (int i = 0; i < TB_UNMET_MAX; i++)
        many.keys[i] = many.flipped[i] = (Key)(i + 1);
    many.count = TB_UNMET_MAX;
    tb_merge_unmet(&into, &a);
    tb_merge_unmet(&into, &many);
    CHECK_EQ_U64(into.count, TB_UNMET_MAX);
    CHECK(into.keys[0] == a.keys[0] && into.keys[2] == 1);
    note(&into, "8/8/8/3k4/8/8/8/KQ6 w - - 0 1"); /* full: not listed */
    CHECK_EQ_U64(into.count, TB_UNMET_MAX);
    CHECK(into.keys[TB_UNMET_MAX - 1] == (Key)(TB_UNMET_MAX - 2));
}
