#include "castling.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool field_error(char *err, size_t size, const char *msg)
{
    if (err && size)
        snprintf(err, size, "%s", msg);
    return false;
}

/* The lowest square of c's king, the one Position's king_square (lsb)
 * finds. */
static Square king_on(const Piece board[SQ_NB], Color c)
{
    for (Square s = SQ_A1; s < SQ_NB; s++)
        if (board[s] == make_piece(c, KING))
            return s;
    return SQ_NONE;
}

static Square rook_on(const Piece board[SQ_NB], Color c, int file)
{
    Square s = make_square(file, c == WHITE ? 0 : 7);
    return board[s] == make_piece(c, ROOK) ? s : SQ_NONE;
}

/* The outermost rook of colour c on its back rank beyond the king's file,
 * towards the a-file when queenside (X-FEN's Q/q) or the h-file (K/k). */
static Square outermost_rook(const Piece board[SQ_NB], Color c, bool queenside, int king_file)
{
    if (queenside) {
        for (int f = 0; f < king_file; f++)
            if (rook_on(board, c, f) != SQ_NONE)
                return rook_on(board, c, f);
    } else {
        for (int f = 7; f > king_file; f--)
            if (rook_on(board, c, f) != SQ_NONE)
                return rook_on(board, c, f);
    }
    return SQ_NONE;
}

/* One letter of the field: sets *index (the right it names, -1 when a
 * file letter names the king's own file) and returns its rook's square,
 * or SQ_NONE when the placement cannot support it. */
static Square read_right(const Piece board[SQ_NB], char letter, bool chess960, int *index)
{
    Color c = isupper((unsigned char)letter) ? WHITE : BLACK;
    char u = (char)toupper((unsigned char)letter);
    Square ksq = king_on(board, c);
    int king_file = file_of(ksq);
    bool queenside = u == 'Q' || (u != 'K' && u - 'A' < king_file);
    *index = u != 'K' && u != 'Q' && u - 'A' == king_file ? -1 : castling_index(c, queenside);
    if (*index < 0 || relative_rank(c, ksq) != 0)
        return SQ_NONE;
    Square rsq = u == 'K' || u == 'Q' ? outermost_rook(board, c, queenside, king_file) : rook_on(board, c, u - 'A');
    if (!chess960 && (king_file != 4 || rsq == SQ_NONE || file_of(rsq) != (queenside ? 0 : 7)))
        return SQ_NONE;
    return rsq;
}

bool castling_from_fen(const Piece board[SQ_NB], const char *field, bool chess960, CastlingRights *out, char *err,
                       size_t es, char *warn, size_t ws)
{
    char dropped[8] = "";
    int seen = 0;
    out->rights = 0;
    for (int i = 0; i < 4; i++)
        out->rook[i] = SQ_NONE;
    for (const char *c = strcmp(field, "-") ? field : ""; *c; c++) {
        char u = (char)toupper((unsigned char)*c);
        if (u != 'K' && u != 'Q' && (u < 'A' || u > 'H'))
            return field_error(err, es, "invalid FEN: castling field must be -, KQkq or file letters (Shredder-FEN)");
        int index;
        Square rsq = read_right(board, *c, chess960, &index);
        if (index >= 0 && (seen & (1 << index)))
            return field_error(err, es, "invalid FEN: castling field names a right twice");
        if (index >= 0)
            seen |= 1 << index;
        if (rsq == SQ_NONE) {
            if (strlen(dropped) < sizeof dropped - 1)
                strncat(dropped, c, 1);
            continue;
        }
        out->rights |= 1 << index;
        out->rook[index] = (int8_t)rsq;
    }
    memset(out->mask, ALL_CASTLING, sizeof out->mask);
    for (int i = 0; i < 4; i++) {
        if (!(out->rights & (1 << i)))
            continue;
        Color c = i >> 1;
        out->mask[out->rook[i]] &= (uint8_t) ~(1 << i);
        out->mask[king_on(board, c)] &= (uint8_t) ~(3 << (2 * c));
    }
    if (dropped[0] && warn && ws)
        snprintf(warn, ws, "castling rights %s dropped: king or rook not on its square%s", dropped,
                 chess960 ? "" : " in standard chess");
    return true;
}

char *castling_to_fen(const Piece board[SQ_NB], int rights, const int8_t rook[4], char *p, bool shredder)
{
    if (!rights)
        *p++ = '-';
    for (int i = 0; i < 4; i++) {
        if (!(rights & (1 << i)))
            continue;
        Color c = i >> 1;
        bool queenside = i & 1;
        Square rsq = rook[i];
        char letter = (char)('A' + file_of(rsq));
        if (!shredder && outermost_rook(board, c, queenside, file_of(king_on(board, c))) == rsq)
            letter = queenside ? 'Q' : 'K';
        *p++ = c == WHITE ? letter : (char)tolower((unsigned char)letter);
    }
    return p;
}
