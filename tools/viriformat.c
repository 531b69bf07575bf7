/* viriformat reader and writer (layout: viriformat.h, from the public
 * specification cosmobobak/viriformat). */
#include "tools/viriformat.h"

#include <stdio.h>
#include <string.h>

#include "engine/movegen.h"

#define UNMOVED_ROOK 6
#define EXTENSION_HEADER 12 /* 8 zero bytes of occupancy, u16 id, u16 length */

static void put_u16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)(v & 0xff);
    p[1] = (uint8_t)(v >> 8);
}

static unsigned get_u16(const uint8_t *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }

static bool has_castling_rook(const Position *pos, Square sq)
{
    for (int i = 0; i < 4; i++)
        if ((pos->castling & (1 << i)) && pos->castling_rook[i] == sq)
            return true;
    return false;
}

void viri_pack_board(const Position *pos, int result, int16_t score, uint8_t out[VIRI_BOARD_BYTES])
{
    memset(out, 0, VIRI_BOARD_BYTES);
    Bitboard occ = occupied(pos);
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(occ >> (8 * i));
    int n = 0;
    for (Bitboard b = occ; b; b &= b - 1, n++) {
        Square sq = lsb(b);
        Piece p = piece_on(pos, sq);
        unsigned code = (unsigned)type_of(p) - PAWN;
        if (type_of(p) == ROOK && has_castling_rook(pos, sq))
            code = UNMOVED_ROOK;
        code |= (unsigned)color_of(p) << 3;
        out[8 + n / 2] |= (uint8_t)(code << (4 * (n % 2)));
    }
    out[24] = (uint8_t)((pos->side == BLACK ? 0x80 : 0) | (pos->ep == SQ_NONE ? 64 : pos->ep));
    out[25] = (uint8_t)(pos->rule50 > 255 ? 255 : pos->rule50);
    int fullmove = 1 + pos->game_ply / 2;
    put_u16(out + 26, (unsigned)(fullmove > 65535 ? 65535 : fullmove));
    put_u16(out + 28, (uint16_t)score);
    out[30] = (uint8_t)result;
}

bool viri_unpack_board(const uint8_t in[VIRI_BOARD_BYTES], Position *pos, int *result, int16_t *score, char *err,
                       size_t err_size)
{
    Bitboard occ = 0;
    for (int i = 0; i < 8; i++)
        occ |= (Bitboard)in[i] << (8 * i);
    if (popcount(occ) > 32) {
        snprintf(err, err_size, "more than 32 men");
        return false;
    }
    Piece board[SQ_NB];
    for (Square sq = 0; sq < SQ_NB; sq++)
        board[sq] = NO_PIECE;
    /* Castling rooks by colour, in occupancy order (a-file first). */
    Square rooks[COLOR_NB][2];
    int rook_count[COLOR_NB] = {0, 0};
    int n = 0;
    for (Bitboard b = occ; b; b &= b - 1, n++) {
        Square sq = lsb(b);
        unsigned code = (in[8 + n / 2] >> (4 * (n % 2))) & 15;
        Color c = (Color)(code >> 3);
        unsigned type = code & 7;
        if (type == 7) {
            snprintf(err, err_size, "piece code 7 on square %d", sq);
            return false;
        }
        if (type == UNMOVED_ROOK) {
            /* A side castles with at most two rooks; more would also
             * overrun the castling field written below. */
            if (rook_count[c] == 2) {
                snprintf(err, err_size, "more than two unmoved (castling) rooks for %s",
                         c == WHITE ? "white" : "black");
                return false;
            }
            rooks[c][rook_count[c]++] = sq;
            type = ROOK - PAWN;
        }
        board[sq] = make_piece(c, (PieceType)type + PAWN);
    }
    unsigned stm_ep = in[24];
    unsigned ep = stm_ep & 0x7f;
    if (ep > 64 || (ep < 64 && rank_of((Square)ep) != 2 && rank_of((Square)ep) != 5)) {
        snprintf(err, err_size, "en-passant field %u", ep);
        return false;
    }
    if (in[30] > 2) {
        snprintf(err, err_size, "result %u (0, 1 or 2 expected)", in[30]);
        return false;
    }

    char fen[128];
    char *p = board_to_fen(board, fen);
    *p++ = ' ';
    *p++ = (stm_ep & 0x80) ? 'b' : 'w';
    *p++ = ' ';
    /* Standard chess needs the king on e1/e8 and the rooks in the corners;
     * anything else is written as Shredder-FEN and read as Chess960. */
    bool standard = true;
    char *castling = p;
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int i = 0; i < rook_count[c]; i++) {
            Square sq = rooks[c][i];
            int home = c == WHITE ? 0 : 7;
            if (rank_of(sq) != home || (file_of(sq) != 0 && file_of(sq) != 7)
                || board[make_square(4, home)] != make_piece(c, KING))
                standard = false;
        }
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        /* Kingside before queenside, as FEN writes them. */
        for (int i = rook_count[c] - 1; i >= 0; i--) {
            Square sq = rooks[c][i];
            char letter = standard ? (file_of(sq) == 7 ? 'k' : 'q') : (char)('a' + file_of(sq));
            *p++ = c == WHITE ? (char)(letter - 'a' + 'A') : letter;
        }
    }
    if (p == castling)
        *p++ = '-';
    *p++ = ' ';
    if (ep == 64)
        *p++ = '-';
    else {
        *p++ = (char)('a' + file_of((Square)ep));
        *p++ = (char)('1' + rank_of((Square)ep));
    }
    unsigned fullmove = get_u16(in + 26);
    snprintf(p, sizeof fen - (size_t)(p - fen), " %u %u", in[25], fullmove ? fullmove : 1);

    char warn[160];
    if (!pos_set_fen_mode(pos, fen, !standard, err, err_size, warn, sizeof warn))
        return false;
    if (warn[0]) {
        snprintf(err, err_size, "castling rights the placement cannot have (%s)", warn);
        return false;
    }
    if (result)
        *result = in[30];
    if (score)
        *score = (int16_t)get_u16(in + 28);
    return true;
}

uint16_t viri_encode_move(const Position *pos, Move m)
{
    Square from = move_from(m), to = move_to(m);
    switch (move_kind(m)) {
    case MK_EN_PASSANT: return (uint16_t)(from | to << 6 | 1u << 14);
    case MK_CASTLING: return (uint16_t)(from | (unsigned)castling_rook_from(pos, m) << 6 | 2u << 14);
    case MK_PROMOTION: return (uint16_t)(from | to << 6 | (unsigned)(move_promo(m) - KNIGHT) << 12 | 3u << 14);
    default: return (uint16_t)(from | to << 6);
    }
}

Move viri_decode_move(const Position *pos, uint16_t bits)
{
    MoveList list;
    list.count = 0;
    gen_legal(pos, &list, GEN_ALL);
    for (int i = 0; i < list.count; i++) {
        uint16_t mine = viri_encode_move(pos, list.moves[i]);
        /* The promotion field may be anything on a move that is not one. */
        uint16_t mask = (bits >> 14) == 3 ? 0xffff : 0xcfff;
        if ((mine & mask) == (bits & mask))
            return list.moves[i];
    }
    return MOVE_NONE;
}

void viri_replay_begin(ViriReplay *r, const Position *start, int result, const ViriPly *plies, int count)
{
    r->pos = *start;
    r->pos.undo = NULL;
    r->move = MOVE_NONE;
    r->score = 0;
    r->result = result;
    r->ply = -1;
    r->plies = plies;
    r->count = count;
    r->made = 0;
}

void viri_replay_play(ViriReplay *r, Move m)
{
    /* Only the board is needed from one ply to the next: two Undo slots
     * are enough, and the history is dropped each time. */
    pos_make(&r->pos, m, &r->undo[r->made++ & 1]);
    r->pos.undo = NULL;
}

bool viri_replay_next(ViriReplay *r)
{
    if (r->ply >= r->count)
        return false;
    if (r->ply >= 0)
        viri_replay_play(r, r->move);
    if (++r->ply == r->count)
        return false;
    r->move = r->plies[r->ply].move;
    r->score = r->plies[r->ply].score;
    return true;
}

size_t viri_game_bytes(const Position *start, int result, const ViriPly *plies, int count, uint8_t *buf, size_t cap)
{
    size_t need = VIRI_BOARD_BYTES + 4 * (size_t)count + 4;
    if (count < 0 || count > VIRI_MAX_PLIES || cap < need)
        return 0;
    viri_pack_board(start, result, 0, buf);
    uint8_t *p = buf + VIRI_BOARD_BYTES;
    ViriReplay r;
    viri_replay_begin(&r, start, result, plies, count);
    for (; viri_replay_next(&r); p += 4) {
        put_u16(p, viri_encode_move(&r.pos, r.move));
        put_u16(p + 2, (uint16_t)r.score);
    }
    memset(p, 0, 4);
    return need;
}

int viri_read_game(FILE *f, Position *start, int *result, ViriPly *plies, char *err, size_t err_size)
{
    uint8_t rec[VIRI_BOARD_BYTES];
    for (;;) {
        size_t got = fread(rec, 1, 8, f);
        if (got == 0)
            return -1;
        if (got < 8) {
            snprintf(err, err_size, "truncated record");
            return -2;
        }
        static const uint8_t ZERO[8];
        if (memcmp(rec, ZERO, 8))
            break;
        /* A reserved extension: id, length, payload, four zero bytes. */
        uint8_t head[4];
        if (fread(head, 1, 4, f) != 4 || fseek(f, (long)get_u16(head + 2) + 4, SEEK_CUR) != 0) {
            snprintf(err, err_size, "truncated extension record");
            return -2;
        }
    }
    if (fread(rec + 8, 1, VIRI_BOARD_BYTES - 8, f) != VIRI_BOARD_BYTES - 8) {
        snprintf(err, err_size, "truncated start record");
        return -2;
    }
    if (!viri_unpack_board(rec, start, result, NULL, err, err_size))
        return -2;
    start->undo = NULL;
    ViriReplay r;
    viri_replay_begin(&r, start, result ? *result : VIRI_DRAW, NULL, 0);
    for (int n = 0;; n++) {
        uint8_t pair[4];
        if (fread(pair, 1, 4, f) != 4) {
            snprintf(err, err_size, "game ends without its terminator after %d plies", n);
            return -2;
        }
        unsigned bits = get_u16(pair);
        if (bits == 0 && get_u16(pair + 2) == 0)
            return n;
        if (n == VIRI_MAX_PLIES) {
            snprintf(err, err_size, "game longer than %d plies", VIRI_MAX_PLIES);
            return -2;
        }
        Move m = viri_decode_move(&r.pos, (uint16_t)bits);
        if (m == MOVE_NONE) {
            snprintf(err, err_size, "ply %d: move bits 0x%04x are not a legal move", n + 1, bits);
            return -2;
        }
        plies[n].move = m;
        plies[n].score = (int16_t)get_u16(pair + 2);
        viri_replay_play(&r, m);
    }
}

long viri_last_whole_game(const char *path, long *games)
{
    *games = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    /* Only the structure is followed (records, pairs, terminators); the
     * moves are not replayed, so this is fast on large files. */
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return -1;
    }
    long size = ftell(f), good = 0;
    rewind(f);
    uint8_t rec[VIRI_BOARD_BYTES];
    while (fread(rec, 1, VIRI_BOARD_BYTES, f) == VIRI_BOARD_BYTES) {
        static const uint8_t ZERO[8];
        if (!memcmp(rec, ZERO, 8)) {
            long end = good + EXTENSION_HEADER + (long)get_u16(rec + 10) + 4;
            if (end > size || fseek(f, end, SEEK_SET) != 0)
                break;
            good = end;
            continue;
        }
        uint8_t pair[4];
        bool whole = false;
        while (fread(pair, 1, 4, f) == 4)
            if (!memcmp(pair, ZERO, 4)) {
                whole = true;
                break;
            }
        if (!whole)
            break;
        good = ftell(f);
        ++*games;
    }
    fclose(f);
    return good;
}
