#include "material.h"

#include <ctype.h>
#include <string.h>

/* Letters by PieceType; index 0 is no piece. */
static const char LETTERS[] = " PNBRQK";
/* Men in table order, strongest first. */
static const PieceType TABLE_ORDER[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};

int material_parse(const char *code, Color strong, Piece men[MATERIAL_MAX_MEN])
{
    int n = 0, kings = 0;
    if (toupper((unsigned char)code[0]) != 'K')
        return 0;
    for (const char *c = code; *c; c++) {
        const char *letter = strchr(LETTERS + 1, toupper((unsigned char)*c));
        if (!letter || n == MATERIAL_MAX_MEN)
            return 0;
        PieceType pt = (PieceType)(letter - LETTERS);
        kings += pt == KING;
        if (kings > 2)
            return 0;
        men[n++] = make_piece(kings == 1 ? strong : !strong, pt);
    }
    return kings == 2 ? n : 0;
}

bool material_counts(const char *code, Color strong, int counts[PIECE_NB])
{
    Piece men[MATERIAL_MAX_MEN];
    int n = material_parse(code, strong, men);
    memset(counts, 0, PIECE_NB * sizeof counts[0]);
    for (int i = 0; i < n; i++)
        counts[men[i]]++;
    return n > 0;
}

bool material_code_key(const char *code, Color strong, Key *key)
{
    int counts[PIECE_NB];
    if (!material_counts(code, strong, counts))
        return false;
    *key = material_key_of_counts(counts);
    return true;
}

void material_code_of_counts(const int counts[PIECE_NB], char *buf)
{
    for (Color c = WHITE; c <= BLACK; c++) {
        *buf++ = 'K';
        for (int o = 0; o < 5; o++)
            for (int i = 0; i < counts[make_piece(c, TABLE_ORDER[o])] && i < MATERIAL_MAX_MEN; i++)
                *buf++ = LETTERS[TABLE_ORDER[o]];
    }
    *buf = 0;
}
