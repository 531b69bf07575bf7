#include "san.h"

#include <string.h>

#include "movegen.h"

static const char PIECE_LETTER[PIECE_TYPE_NB] = {0, 0, 'N', 'B', 'R', 'Q', 'K'};

/* Disambiguation: other legal moves of the same piece kind to the same
 * square decide whether the file, the rank or both are needed. */
static char *disambiguate(const Position *pos, Move move, const MoveList *l, char *p)
{
    Square from = move_from(move), to = move_to(move);
    Piece pc = pos->board[from];
    bool clash = false, same_file = false, same_rank = false;
    for (int i = 0; i < l->count; i++) {
        Square f = move_from(l->moves[i]);
        if (l->moves[i] == move || f == from || move_to(l->moves[i]) != to || pos->board[f] != pc)
            continue;
        clash = true;
        same_file |= file_of(f) == file_of(from);
        same_rank |= rank_of(f) == rank_of(from);
    }
    if (!clash)
        return p;
    if (!same_file)
        *p++ = (char)('a' + file_of(from));
    else if (!same_rank)
        *p++ = (char)('1' + rank_of(from));
    else {
        *p++ = (char)('a' + file_of(from));
        *p++ = (char)('1' + rank_of(from));
    }
    return p;
}

void move_to_san(Position *pos, Move move, char *buf)
{
    MoveList l;
    char *p = buf;
    Square from = move_from(move), to = move_to(move);
    PieceType pt = type_of(pos->board[from]);
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);

    if (move_kind(move) == MK_CASTLING) {
        strcpy(p, file_of(to) == 6 ? "O-O" : "O-O-O"); /* king to g or c, also in Chess960 */
        p += strlen(p);
    } else {
        bool capture = is_capture(pos, move);
        if (pt == PAWN) {
            if (capture)
                *p++ = (char)('a' + file_of(from));
        } else {
            *p++ = PIECE_LETTER[pt];
            p = disambiguate(pos, move, &l, p);
        }
        if (capture)
            *p++ = 'x';
        *p++ = (char)('a' + file_of(to));
        *p++ = (char)('1' + rank_of(to));
        if (move_kind(move) == MK_PROMOTION) {
            *p++ = '=';
            *p++ = PIECE_LETTER[move_promo(move)];
        }
    }
    Undo undo;
    pos_make(pos, move, &undo);
    if (in_check(pos))
        *p++ = count_legal(pos) ? '+' : '#';
    pos_unmake(pos);
    *p = '\0';
}
