/* Material codes against positions written as FEN: the key of a code is
 * the material key of a position with that material, either colour named
 * first; malformed codes are refused; the canonical code lists each side's
 * men queen first. */
#include <string.h>

#include "engine/material.h"
#include "harness.h"

static Key fen_material_key(const char *fen)
{
    Position pos;
    return pos_set_fen(&pos, fen, NULL, 0, NULL, 0) ? pos.material_key : 0;
}

TEST(material_code_key_matches_positions)
{
    Key key = 0;
    CHECK(material_code_key("KBNK", WHITE, &key));
    CHECK_EQ_U64(key, fen_material_key("8/8/8/4k3/8/8/2NB4/4K3 w - - 0 1"));
    CHECK(material_code_key("kbnk", BLACK, &key));
    CHECK_EQ_U64(key, fen_material_key("4k3/2nb4/8/8/4K3/8/8/8 w - - 0 1"));
    CHECK(material_code_key("KRKP", WHITE, &key));
    CHECK_EQ_U64(key, fen_material_key("8/8/8/4k3/8/3p4/8/R3K3 b - - 0 1"));
    CHECK(material_code_key("KK", WHITE, &key));
    CHECK_EQ_U64(key, fen_material_key("8/8/8/4k3/8/8/8/4K3 w - - 0 1"));
}

TEST(material_parse_refuses_malformed_codes)
{
    Piece men[MATERIAL_MAX_MEN];
    static const char *const BAD[] = {"", "K", "KQ", "QKK", "KKK", "KXK", "KQK ", "KQQQQQQQQQQQQQQQK"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        CHECK_MSG(material_parse(BAD[i], WHITE, men) == 0, "'%s' accepted", BAD[i]);
    CHECK(material_parse("KQKR", BLACK, men) == 4);
    CHECK(men[0] == B_KING && men[1] == B_QUEEN && men[2] == W_KING && men[3] == W_ROOK);
}

TEST(material_code_of_counts_is_canonical)
{
    int counts[PIECE_NB];
    char code[MATERIAL_MAX_MEN + 1];
    CHECK(material_counts("knbk", WHITE, counts));
    material_code_of_counts(counts, code);
    CHECK_MSG(!strcmp(code, "KBNK"), "got %s", code);
    CHECK(material_counts("KPKRQ", WHITE, counts));
    material_code_of_counts(counts, code);
    CHECK_MSG(!strcmp(code, "KPKQR"), "got %s", code);
}
