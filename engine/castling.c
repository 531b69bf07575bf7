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

static Square rook_on(const Position *pos, Color c, int file)
{
    Square s = make_square(file, c == WHITE ? 0 : 7);
    return pos->board[s] == make_piece(c, ROOK) ? s : SQ_NONE;
}

/* The outermost rook of colour c on its back rank beyond the king's file,
 * towards the a-file when queenside (X-FEN's Q/q) or the h-file (K/k). */
static Square outermost_rook(const Position *pos, Color c, bool queenside, int king_file)
{
    if (queenside) {
        for (int f = 0; f < king_file; f++)
            if (rook_on(pos, c, f) != SQ_NONE)
                return rook_on(pos, c, f);
    } else {
        for (int f = 7; f > king_file; f--)
            if (rook_on(pos, c, f) != SQ_NONE)
                return rook_on(pos, c, f);
    }
    return SQ_NONE;
}

/* One letter of the field: sets *index (the right it names, -1 when a
 * file letter names the king's own file) and returns its rook's square,
 * or SQ_NONE when the placement cannot support it. */
static Square read_right(const Position *pos, char letter, bool chess960, int *index)
{
    Color c = isupper((unsigned char)letter) ? WHITE : BLACK;
    char u = (char)toupper((unsigned char)letter);
    Square ksq = king_square(pos, c);
    int king_file = file_of(ksq);
    bool queenside = u == 'Q' || (u != 'K' && u - 'A' < king_file);
    *index = u != 'K' && u != 'Q' && u - 'A' == king_file ? -1 : castling_index(c, queenside);
    if (*index < 0 || relative_rank(c, ksq) != 0)
        return SQ_NONE;
    Square rsq = u == 'K' || u == 'Q' ? outermost_rook(pos, c, queenside, king_file) : rook_on(pos, c, u - 'A');
    if (!chess960 && (king_file != 4 || rsq == SQ_NONE || file_of(rsq) != (queenside ? 0 : 7)))
        return SQ_NONE;
    return rsq;
}

bool castling_from_fen(Position *pos, const char *field, bool chess960, char *err, size_t es, char *warn, size_t ws)
{
    char dropped[8] = "";
    int seen = 0;
    pos->castling = 0;
    for (int i = 0; i < 4; i++)
        pos->castling_rook[i] = SQ_NONE;
    for (const char *c = strcmp(field, "-") ? field : ""; *c; c++) {
        char u = (char)toupper((unsigned char)*c);
        if (u != 'K' && u != 'Q' && (u < 'A' || u > 'H'))
            return field_error(err, es, "invalid FEN: castling field must be -, KQkq or file letters (Shredder-FEN)");
        int index;
        Square rsq = read_right(pos, *c, chess960, &index);
        if (index >= 0 && (seen & (1 << index)))
            return field_error(err, es, "invalid FEN: castling field names a right twice");
        if (index >= 0)
            seen |= 1 << index;
        if (rsq == SQ_NONE) {
            if (strlen(dropped) < sizeof dropped - 1)
                strncat(dropped, c, 1);
            continue;
        }
        pos->castling |= 1 << index;
        pos->castling_rook[index] = (int8_t)rsq;
    }
    memset(pos->castling_mask, ALL_CASTLING, sizeof pos->castling_mask);
    for (int i = 0; i < 4; i++) {
        if (!(pos->castling & (1 << i)))
            continue;
        Color c = i >> 1;
        pos->castling_mask[pos->castling_rook[i]] &= (uint8_t) ~(1 << i);
        pos->castling_mask[king_square(pos, c)] &= (uint8_t) ~(3 << (2 * c));
    }
    if (dropped[0] && warn && ws)
        snprintf(warn, ws, "castling rights %s dropped: king or rook not on its square%s", dropped,
                 chess960 ? "" : " in standard chess");
    return true;
}

char *castling_to_fen(const Position *pos, char *p, bool shredder)
{
    if (!pos->castling)
        *p++ = '-';
    for (int i = 0; i < 4; i++) {
        if (!(pos->castling & (1 << i)))
            continue;
        Color c = i >> 1;
        bool queenside = i & 1;
        Square rsq = pos->castling_rook[i];
        char letter = (char)('A' + file_of(rsq));
        if (!shredder && outermost_rook(pos, c, queenside, file_of(king_square(pos, c))) == rsq)
            letter = queenside ? 'Q' : 'K';
        *p++ = c == WHITE ? letter : (char)tolower((unsigned char)letter);
    }
    return p;
}
