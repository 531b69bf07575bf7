#include "position.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "castling.h"
#include "parse.h"
#include "random.h"

const char *START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const int SEE_VALUE[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 20000};

/* Zobrist keys (chessprogramming wiki, "Zobrist Hashing"), filled with a
 * fixed-seed generator so keys are the same on every run. MATERIAL_KEYS
 * [piece][i] is xored in for the (i+1)-th piece of a kind, so the material
 * key depends on the counts only. */
static Key PSQ_KEYS[PIECE_NB][SQ_NB];
static Key CASTLING_KEYS[16];
static Key EP_KEYS[8];
static Key SIDE_KEY;
static Key MATERIAL_KEYS[PIECE_NB][16];

static const char PIECE_CHARS[] = " PNBRQK  pnbrqk";

void position_init(void)
{
    uint64_t seed = 1070372;
    for (int p = 0; p < PIECE_NB; p++)
        for (int s = 0; s < SQ_NB; s++)
            PSQ_KEYS[p][s] = splitmix64(&seed);
    for (int i = 0; i < 16; i++)
        CASTLING_KEYS[i] = i ? splitmix64(&seed) : 0;
    for (int f = 0; f < 8; f++)
        EP_KEYS[f] = splitmix64(&seed);
    SIDE_KEY = splitmix64(&seed);
    for (int p = 0; p < PIECE_NB; p++)
        for (int i = 0; i < 16; i++)
            MATERIAL_KEYS[p][i] = splitmix64(&seed);
}

static void put_piece(Position *pos, Piece pc, Square s)
{
    Bitboard b = square_bb(s);
    pos->board[s] = pc;
    pos->by_type[0] |= b;
    pos->by_type[type_of(pc)] |= b;
    pos->by_color[color_of(pc)] |= b;
}

static void remove_piece(Position *pos, Square s)
{
    Piece pc = pos->board[s];
    Bitboard b = square_bb(s);
    pos->board[s] = NO_PIECE;
    pos->by_type[0] ^= b;
    pos->by_type[type_of(pc)] ^= b;
    pos->by_color[color_of(pc)] ^= b;
}

static void move_piece(Position *pos, Square from, Square to)
{
    Piece pc = pos->board[from];
    Bitboard b = square_bb(from) | square_bb(to);
    pos->board[from] = NO_PIECE;
    pos->board[to] = pc;
    pos->by_type[0] ^= b;
    pos->by_type[type_of(pc)] ^= b;
    pos->by_color[color_of(pc)] ^= b;
}

Bitboard attackers_to(const Position *pos, Square s, Bitboard occ)
{
    const Bitboard *bt = pos->by_type;
    return (PAWN_ATTACKS[BLACK][s] & pieces(pos, WHITE, PAWN)) | (PAWN_ATTACKS[WHITE][s] & pieces(pos, BLACK, PAWN))
         | (KNIGHT_ATTACKS[s] & bt[KNIGHT]) | (KING_ATTACKS[s] & bt[KING])
         | (bishop_attacks(s, occ) & (bt[BISHOP] | bt[QUEEN])) | (rook_attacks(s, occ) & (bt[ROOK] | bt[QUEEN]));
}

/* Enemy pieces attacking the side to move's king; kings never give check,
 * so only four piece kinds are looked at (this runs on every make). */
static inline Bitboard compute_checkers(const Position *pos)
{
    const Bitboard *bt = pos->by_type;
    Color us = pos->side;
    Square ksq = king_square(pos, us);
    Bitboard occ = occupied(pos);
    return ((PAWN_ATTACKS[us][ksq] & bt[PAWN]) | (KNIGHT_ATTACKS[ksq] & bt[KNIGHT])
            | (bishop_attacks(ksq, occ) & (bt[BISHOP] | bt[QUEEN])) | (rook_attacks(ksq, occ) & (bt[ROOK] | bt[QUEEN])))
         & pos->by_color[!us];
}

Key pos_compute_material_key(const Position *pos)
{
    int counts[PIECE_NB] = {0};
    for (Color c = WHITE; c <= BLACK; c++)
        for (PieceType pt = PAWN; pt <= KING; pt++)
            counts[make_piece(c, pt)] = popcount(pieces(pos, c, pt));
    return material_key_of_counts(counts);
}

/* The piece-square keys of the men on the squares of b. */
static Key psq_key_of(const Position *pos, Bitboard b)
{
    Key k = 0;
    while (b) {
        Square sq = pop_lsb(&b);
        k ^= PSQ_KEYS[pos->board[sq]][sq];
    }
    return k;
}

Key pos_compute_pawn_key(const Position *pos) { return psq_key_of(pos, pos->by_type[PAWN]); }

Key pos_compute_nonpawn_key(const Position *pos, Color c)
{
    return psq_key_of(pos, pos->by_color[c] & ~pos->by_type[PAWN]);
}

Key material_key_of_counts(const int counts[PIECE_NB])
{
    Key k = 0;
    for (int p = 0; p < PIECE_NB; p++)
        for (int i = 0; i < counts[p] && i < 16; i++)
            k ^= MATERIAL_KEYS[p][i];
    return k;
}

Key pos_compute_key(const Position *pos)
{
    Key k = 0;
    for (Square s = 0; s < SQ_NB; s++)
        if (pos->board[s])
            k ^= PSQ_KEYS[pos->board[s]][s];
    k ^= CASTLING_KEYS[pos->castling];
    if (pos->ep != SQ_NONE)
        k ^= EP_KEYS[file_of(pos->ep)];
    if (pos->side == BLACK)
        k ^= SIDE_KEY;
    return k;
}

int non_pawn_material(const Position *pos, Color c)
{
    return 3 * popcount(pieces(pos, c, KNIGHT) | pieces(pos, c, BISHOP)) + 5 * popcount(pieces(pos, c, ROOK))
         + 9 * popcount(pieces(pos, c, QUEEN));
}

/* ---- FEN ---------------------------------------------------------------- */

static bool fen_error(char *err, size_t size, const char *msg)
{
    if (err && size)
        snprintf(err, size, "%s", msg);
    return false;
}

static bool parse_placement(Position *pos, const char *s, char *err, size_t es)
{
    int rank = 7, file = 0;
    for (; *s; s++) {
        if (*s == '/') {
            if (file != 8 || rank == 0)
                return fen_error(err, es, "invalid FEN: each of the 8 ranks must have 8 squares");
            rank--, file = 0;
        } else if (*s == '0' || *s == '9') {
            return fen_error(err, es, "invalid FEN: a count of empty squares must be 1 to 8");
        } else if (*s >= '1' && *s <= '8') {
            file += *s - '0';
            if (file > 8)
                return fen_error(err, es, "invalid FEN: a rank has more than 8 squares");
        } else {
            const char *p = strchr(PIECE_CHARS, *s);
            if (!p || *s == ' ') {
                if (err && es)
                    snprintf(err, es,
                             (unsigned char)*s > ' ' && (unsigned char)*s < 127 ?
                                 "invalid FEN: unknown piece letter '%c'" :
                                 "invalid FEN: unknown piece letter (byte 0x%02x)",
                             (unsigned char)*s);
                return false;
            }
            if (file > 7)
                return fen_error(err, es, "invalid FEN: a rank has more than 8 squares");
            put_piece(pos, (Piece)(p - PIECE_CHARS), make_square(file++, rank));
        }
    }
    if (rank != 0 || file != 8)
        return fen_error(err, es, "invalid FEN: the board must have 8 ranks of 8 squares");
    return true;
}

static bool validate_material(const Position *pos, char *err, size_t es)
{
    for (Color c = WHITE; c <= BLACK; c++) {
        if (popcount(pieces(pos, c, KING)) != 1)
            return fen_error(err, es, "invalid FEN: each side needs exactly one king");
        if (popcount(pieces(pos, c, PAWN)) > 8 || popcount(pos->by_color[c]) > 16)
            return fen_error(err, es, "invalid FEN: too many pieces for one side");
    }
    if (pos->by_type[PAWN] & (RANK_BB(0) | RANK_BB(7)))
        return fen_error(err, es, "invalid FEN: pawns on the first or last rank");
    return true;
}

/* Some pawn of the side to move can take en passant on ep without leaving
 * its own king in check (a pinned pawn, or a rank pin through both pawns,
 * cannot). Only then is the square part of the position: FIDE 9.2 counts
 * positions as the same when the same moves are possible, so the key and
 * the repetition rule must not see an e.p. square that cannot be used. */
static bool ep_capture_legal(const Position *pos, Square ep)
{
    Color us = pos->side, them = !us;
    Square cap = ep ^ 8, ksq = king_square(pos, us); /* cap: the pawn that double-stepped */
    Bitboard rq = pieces(pos, them, ROOK) | pieces(pos, them, QUEEN);
    Bitboard bq = pieces(pos, them, BISHOP) | pieces(pos, them, QUEEN);
    for (Bitboard b = PAWN_ATTACKS[them][ep] & pieces(pos, us, PAWN); b;) {
        Square from = pop_lsb(&b);
        Bitboard occ = (occupied(pos) ^ square_bb(from) ^ square_bb(cap)) | square_bb(ep);
        Bitboard checkers = (rook_attacks(ksq, occ) & rq) | (bishop_attacks(ksq, occ) & bq)
                          | (KNIGHT_ATTACKS[ksq] & pieces(pos, them, KNIGHT))
                          | (PAWN_ATTACKS[us][ksq] & pieces(pos, them, PAWN) & ~square_bb(cap));
        if (!checkers)
            return true;
    }
    return false;
}

/* Adds a sentence to the FEN warnings (warn, ws as pos_set_fen's),
 * after those already there. */
static void add_warning(char *warn, size_t ws, const char *fmt, ...)
{
    if (!warn || !ws)
        return;
    size_t len = strlen(warn);
    if (len && len + 2 < ws)
        strcpy(warn + len, "; "), len += 2;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(warn + len, ws - len, fmt, ap);
    va_end(ap);
}

/* More promoted men than the side's missing pawns can account for: more
 * than one queen, two rooks or two knights, or more than one bishop on
 * squares of one colour, each beyond the first is a promoted pawn.
 * Stockfish plays such positions; so does this engine, with a warning. */
static void check_promotions(const Position *pos, char *warn, size_t ws)
{
    static const char *const SIDE[COLOR_NB] = {"white", "black"};
    const Bitboard LIGHT = 0x55AA55AA55AA55AAull;
    for (Color c = WHITE; c <= BLACK; c++) {
        int promoted = 0;
        const int extra[][2] = {{QUEEN, 1}, {ROOK, 2}, {KNIGHT, 2}};
        for (int k = 0; k < 3; k++) {
            int n = popcount(pieces(pos, c, (PieceType)extra[k][0])) - extra[k][1];
            promoted += n > 0 ? n : 0;
        }
        int light = popcount(pieces(pos, c, BISHOP) & LIGHT), dark = popcount(pieces(pos, c, BISHOP) & ~LIGHT);
        promoted += (light > 1 ? light - 1 : 0) + (dark > 1 ? dark - 1 : 0);
        int missing = 8 - popcount(pieces(pos, c, PAWN));
        if (promoted > missing)
            add_warning(warn, ws,
                        "impossible material: %s has %d promoted men but only %d pawns missing; played anyway", SIDE[c],
                        promoted, missing);
    }
}

/* Keeps the en-passant square only if a pawn just passed it and one of
 * ours can capture there legally, so that the key matches the position's
 * real options. A square no pawn can have just passed (wrong rank for the
 * side to move, no enemy pawn in front of it, the square or the one
 * behind it occupied) is named in warn; a square passed by a pawn that no
 * pawn can take is the normal case of FENs that note every double step,
 * and passes silently. */
static Square sanitize_ep(const Position *pos, Square ep, char *warn, size_t ws)
{
    if (ep == SQ_NONE)
        return SQ_NONE;
    Color us = pos->side, them = !us;
    Square pawn_sq = us == WHITE ? ep - 8 : ep + 8;
    Square origin = us == WHITE ? ep + 8 : ep - 8;
    if (relative_rank(us, ep) != 5 || pos->board[pawn_sq] != make_piece(them, PAWN) || pos->board[ep]
        || pos->board[origin]) {
        add_warning(warn, ws, "en-passant square %c%c ignored: no %s pawn can have just passed it", 'a' + file_of(ep),
                    '1' + rank_of(ep), them == WHITE ? "white" : "black");
        return SQ_NONE;
    }
    if (!(PAWN_ATTACKS[them][ep] & pieces(pos, us, PAWN)) || !ep_capture_legal(pos, ep))
        return SQ_NONE;
    return ep;
}

bool pos_set_fen(Position *out, const char *fen, char *err, size_t es, char *warn, size_t ws)
{
    return pos_set_fen_mode(out, fen, false, err, es, warn, ws);
}

bool pos_set_fen_mode(Position *out, const char *fen, bool chess960, char *err, size_t es, char *warn, size_t ws)
{
    char buf[256], *fields[7], *save = NULL;
    int n = 0;
    if (warn && ws)
        warn[0] = '\0';
    if (strlen(fen) >= sizeof buf)
        return fen_error(err, es, "invalid FEN: too long");
    strcpy(buf, fen);
    for (char *t = strtok_r(buf, " \t\r\n", &save); t && n < 7; t = strtok_r(NULL, " \t\r\n", &save))
        fields[n++] = t;
    /* 4 or 5 fields (clocks left out) are what some GUIs and libraries
     * send; Stockfish and python-chess take them too. */
    if (n < 4 || n > 6)
        return fen_error(err, es, "invalid FEN: expected 4 to 6 fields");

    /* Parse into a scratch position so a bad FEN leaves *out untouched. */
    Position scratch, *pos = &scratch;
    memset(pos, 0, sizeof *pos);
    bool ok = false;
    uint64_t rule50 = 0, fullmove = 1;
    if (!parse_placement(pos, fields[0], err, es) || !validate_material(pos, err, es))
        goto done;
    if (strcmp(fields[1], "w") && strcmp(fields[1], "b")) {
        fen_error(err, es, "invalid FEN: side to move must be w or b");
        goto done;
    }
    pos->side = fields[1][0] == 'w' ? WHITE : BLACK;
    pos->chess960 = chess960;
    CastlingRights rights;
    if (!castling_from_fen(pos->board, fields[2], chess960, &rights, err, es, warn, ws))
        goto done;
    pos->castling = rights.rights;
    memcpy(pos->castling_rook, rights.rook, sizeof pos->castling_rook);
    memcpy(pos->castling_mask, rights.mask, sizeof pos->castling_mask);
    Square ep = SQ_NONE;
    if (strcmp(fields[3], "-")) {
        const char *e = fields[3];
        if (strlen(e) != 2 || e[0] < 'a' || e[0] > 'h' || (e[1] != '3' && e[1] != '6')) {
            fen_error(err, es, "invalid FEN: en-passant field must be - or a square on rank 3 or 6");
            goto done;
        }
        ep = make_square(e[0] - 'a', e[1] - '1');
    }
    /* Counts past the ranges are numbers still (Stockfish and python-chess
     * take them): clamped, with a note, where the search's counters stay
     * far from overflow. */
    ParseStatus rule50_status = n >= 5 ? parse_u64(fields[4], 0, 10000, &rule50) : PARSE_OK;
    ParseStatus fullmove_status = n == 6 ? parse_u64(fields[5], 0, 100000, &fullmove) : PARSE_OK;
    if (rule50_status == PARSE_BAD || fullmove_status == PARSE_BAD) {
        fen_error(err, es, "invalid FEN: halfmove clock and fullmove number must be numbers");
        goto done;
    }
    /* The field itself is cut at 20 characters so that the warnings after
     * it still fit. */
    if (rule50_status == PARSE_RANGE)
        add_warning(warn, ws, "halfmove clock %.20s%s read as %d", fields[4], strlen(fields[4]) > 20 ? "..." : "",
                    (int)rule50);
    if (fullmove_status == PARSE_RANGE)
        add_warning(warn, ws, "fullmove number %.20s%s read as %d", fields[5], strlen(fields[5]) > 20 ? "..." : "",
                    (int)fullmove);
    /* A fullmove number of 0 is written by some tools for the start; it
     * counts as 1, as in Stockfish and python-chess. */
    if (fullmove < 1)
        fullmove = 1;
    if (attackers_to(pos, king_square(pos, !pos->side), occupied(pos)) & pos->by_color[pos->side]) {
        fen_error(err, es, "invalid FEN: the side not to move is in check");
        goto done;
    }
    pos->ep = sanitize_ep(pos, ep, warn, ws);
    check_promotions(pos, warn, ws);
    pos->rule50 = (int)rule50;
    pos->game_ply = (int)(2 * (fullmove - 1) + (pos->side == BLACK));
    for (Square s = 0; s < SQ_NB; s++)
        pos->count[pos->board[s]]++;
    pos->count[NO_PIECE] = 0;
    pos->key = pos_compute_key(pos);
    pos->material_key = pos_compute_material_key(pos);
    pos->pawn_key = pos_compute_pawn_key(pos);
    pos->nonpawn_key[WHITE] = pos_compute_nonpawn_key(pos, WHITE);
    pos->nonpawn_key[BLACK] = pos_compute_nonpawn_key(pos, BLACK);
    pos->checkers = compute_checkers(pos);
    if (popcount(pos->checkers) > 2) {
        fen_error(err, es, "invalid FEN: more than two pieces give check");
        goto done;
    }
    *out = *pos;
    ok = true;
done:
    return ok;
}

char *board_to_fen(const Piece board[SQ_NB], char *buf)
{
    char *p = buf;
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            Piece pc = board[make_square(f, r)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                *p++ = (char)('0' + empty), empty = 0;
            *p++ = PIECE_CHARS[pc];
        }
        if (empty)
            *p++ = (char)('0' + empty);
        if (r)
            *p++ = '/';
    }
    *p = 0;
    return p;
}

void pos_get_fen(const Position *pos, char *buf) { pos_get_fen_as(pos, buf, pos->chess960); }

void pos_get_fen_as(const Position *pos, char *buf, bool shredder)
{
    char *p = board_to_fen(pos->board, buf);
    *p++ = ' ';
    *p++ = pos->side == WHITE ? 'w' : 'b';
    *p++ = ' ';
    p = castling_to_fen(pos->board, pos->castling, pos->castling_rook, p, shredder);
    *p++ = ' ';
    if (pos->ep == SQ_NONE)
        *p++ = '-';
    else
        *p++ = (char)('a' + file_of(pos->ep)), *p++ = (char)('1' + rank_of(pos->ep));
    sprintf(p, " %d %d", pos->rule50, 1 + pos->game_ply / 2);
}

bool pos_castling_is_standard(const Position *pos)
{
    for (int i = 0; i < 4; i++) {
        Color c = i >> 1;
        if ((pos->castling & (1 << i))
            && (file_of(king_square(pos, c)) != 4 || file_of(pos->castling_rook[i]) != ((i & 1) ? 0 : 7)))
            return false;
    }
    return true;
}

/* ---- make / unmake ------------------------------------------------------ */

static inline void save_state(Position *pos, Move m, Undo *u)
{
    u->prev = pos->undo;
    pos->undo = u;
    u->key = pos->key;
    u->material_key = pos->material_key;
    u->pawn_key = pos->pawn_key;
    u->nonpawn_key[WHITE] = pos->nonpawn_key[WHITE];
    u->nonpawn_key[BLACK] = pos->nonpawn_key[BLACK];
    u->checkers = pos->checkers;
    u->move = m;
    u->castling = (int8_t)pos->castling;
    u->ep = (int8_t)pos->ep;
    u->rule50 = pos->rule50;
    u->plies_from_null = pos->plies_from_null;
}

/* Castling: king from kfrom to kto, rook from rfrom to rto. In Chess960 a
 * destination may be the other piece's origin, so both leave first. */
static void castle_pieces(Position *pos, Square kfrom, Square kto, Square rfrom, Square rto)
{
    Piece king = pos->board[kfrom], rook = pos->board[rfrom];
    remove_piece(pos, kfrom);
    remove_piece(pos, rfrom);
    put_piece(pos, king, kto);
    put_piece(pos, rook, rto);
}

static inline void remove_counted(Position *pos, Square s, Key *k)
{
    Piece pc = pos->board[s];
    *k ^= PSQ_KEYS[pc][s];
    pos->material_key ^= MATERIAL_KEYS[pc][--pos->count[pc]];
    if (type_of(pc) == PAWN)
        pos->pawn_key ^= PSQ_KEYS[pc][s];
    else
        pos->nonpawn_key[color_of(pc)] ^= PSQ_KEYS[pc][s];
    remove_piece(pos, s);
}

void pos_make(Position *pos, Move m, Undo *u)
{
    save_state(pos, m, u);
    Color us = pos->side, them = !us;
    Square from = move_from(m), to = move_to(m);
    Piece pc = pos->board[from];
    Piece captured = pos->board[to];
    int kind = move_kind(m);
    Key k = pos->key ^ SIDE_KEY;
    Square ep = SQ_NONE;

    if (pos->ep != SQ_NONE) {
        k ^= EP_KEYS[file_of(pos->ep)];
        pos->ep = SQ_NONE;
    }
    pos->rule50++;
    pos->plies_from_null++;
    pos->game_ply++;

    if (kind == MK_CASTLING) {
        Square rfrom = castling_rook_from(pos, m), rto = castling_rook_to(m);
        Piece rook = pos->board[rfrom];
        castle_pieces(pos, from, to, rfrom, rto);
        k ^= PSQ_KEYS[rook][rfrom] ^ PSQ_KEYS[rook][rto];
        pos->nonpawn_key[us] ^= PSQ_KEYS[rook][rfrom] ^ PSQ_KEYS[rook][rto];
        captured = NO_PIECE; /* a Chess960 king may land on its own rook */
    } else {
        if (kind == MK_EN_PASSANT) {
            Square cap_sq = to ^ 8;
            captured = pos->board[cap_sq];
            remove_counted(pos, cap_sq, &k);
            pos->rule50 = 0;
        } else if (captured) {
            remove_counted(pos, to, &k);
            pos->rule50 = 0;
        }
        move_piece(pos, from, to);
    }
    u->captured = captured;
    k ^= PSQ_KEYS[pc][from] ^ PSQ_KEYS[pc][to];

    if (type_of(pc) != PAWN)
        pos->nonpawn_key[us] ^= PSQ_KEYS[pc][from] ^ PSQ_KEYS[pc][to];
    else {
        pos->rule50 = 0;
        pos->pawn_key ^= PSQ_KEYS[pc][from] ^ PSQ_KEYS[pc][to];
        if ((to ^ from) == 16 && (PAWN_ATTACKS[us][(from + to) / 2] & pieces(pos, them, PAWN)))
            ep = (from + to) / 2; /* kept below if the capture is legal */
        else if (kind == MK_PROMOTION) {
            Piece promo = make_piece(us, move_promo(m));
            remove_counted(pos, to, &k);
            put_piece(pos, promo, to);
            k ^= PSQ_KEYS[promo][to];
            pos->nonpawn_key[us] ^= PSQ_KEYS[promo][to];
            pos->material_key ^= MATERIAL_KEYS[promo][pos->count[promo]++];
        }
    }
    int rights = pos->castling & pos->castling_mask[from] & pos->castling_mask[to];
    if (rights != pos->castling) {
        k ^= CASTLING_KEYS[pos->castling] ^ CASTLING_KEYS[rights];
        pos->castling = rights;
    }
    pos->side = them;
    if (ep != SQ_NONE && ep_capture_legal(pos, ep)) {
        pos->ep = ep;
        k ^= EP_KEYS[file_of(ep)];
    }
    pos->key = k;
    pos->checkers = compute_checkers(pos);
}

Key pos_key_after(const Position *pos, Move m)
{
    Key k = pos->key ^ SIDE_KEY;
    if (pos->ep != SQ_NONE)
        k ^= EP_KEYS[file_of(pos->ep)];
    if (m == MOVE_NULL)
        return k;
    Square from = move_from(m), to = move_to(m);
    Piece pc = pos->board[from], captured = pos->board[to];
    k ^= PSQ_KEYS[pc][from] ^ PSQ_KEYS[pc][to];
    return captured && move_kind(m) != MK_CASTLING ? k ^ PSQ_KEYS[captured][to] : k;
}

void pos_unmake(Position *pos)
{
    Undo *u = pos->undo;
    pos->undo = u->prev;
    Move m = u->move;
    Square from = move_from(m), to = move_to(m);
    Color us = !pos->side;
    int kind = move_kind(m);

    pos->side = us;
    if (kind == MK_PROMOTION) {
        Piece promo = pos->board[to];
        pos->count[promo]--;
        remove_piece(pos, to);
        put_piece(pos, make_piece(us, PAWN), to);
        pos->count[make_piece(us, PAWN)]++;
    }
    if (kind == MK_CASTLING)
        castle_pieces(pos, to, from, castling_rook_to(m), castling_rook_from(pos, m));
    else
        move_piece(pos, to, from);
    if (u->captured) {
        Square cap_sq = kind == MK_EN_PASSANT ? to ^ 8 : to;
        put_piece(pos, u->captured, cap_sq);
        pos->count[u->captured]++;
    }
    pos->key = u->key;
    pos->material_key = u->material_key;
    pos->pawn_key = u->pawn_key;
    pos->nonpawn_key[WHITE] = u->nonpawn_key[WHITE];
    pos->nonpawn_key[BLACK] = u->nonpawn_key[BLACK];
    pos->checkers = u->checkers;
    pos->castling = u->castling;
    pos->ep = u->ep;
    pos->rule50 = u->rule50;
    pos->plies_from_null = u->plies_from_null;
    pos->game_ply--;
}

void pos_make_null(Position *pos, Undo *u)
{
    save_state(pos, MOVE_NULL, u);
    u->captured = NO_PIECE;
    if (pos->ep != SQ_NONE) {
        pos->key ^= EP_KEYS[file_of(pos->ep)];
        pos->ep = SQ_NONE;
    }
    pos->key ^= SIDE_KEY;
    pos->side = !pos->side;
    pos->rule50++;
    pos->plies_from_null = 0;
    pos->game_ply++;
    pos->checkers = 0;
}

void pos_unmake_null(Position *pos)
{
    Undo *u = pos->undo;
    pos->undo = u->prev;
    pos->side = !pos->side;
    pos->key = u->key;
    pos->checkers = u->checkers;
    pos->ep = u->ep;
    pos->rule50 = u->rule50;
    pos->plies_from_null = u->plies_from_null;
    pos->game_ply--;
}

void pos_reroot(Position *pos)
{
    pos->undo = NULL;
    pos->plies_from_null = 0;
}

void game_reroot(GameHistory *game, Position *pos)
{
    pos_reroot(pos);
    game->len = 0;
}

void game_make(GameHistory *game, Position *pos, Move move)
{
    if (game->len == MAX_HISTORY)
        game_reroot(game, pos);
    pos_make(pos, move, &game->undo[game->len++]);
}

/* ---- queries ------------------------------------------------------------ */

bool gives_check(const Position *pos, Move m)
{
    Color us = pos->side;
    Square from = move_from(m), to = move_to(m), ksq = king_square(pos, !us);
    int kind = move_kind(m);
    PieceType pt = kind == MK_PROMOTION ? move_promo(m) : type_of(pos->board[from]);
    Bitboard occ = (occupied(pos) ^ square_bb(from)) | square_bb(to);
    Bitboard ours = pos->by_color[us] ^ square_bb(from);
    Square attacker = to;

    if (kind == MK_EN_PASSANT)
        occ ^= square_bb(to ^ 8);
    if (kind == MK_CASTLING) {
        Square rfrom = castling_rook_from(pos, m), rto = castling_rook_to(m);
        occ = (occupied(pos) ^ square_bb(from) ^ square_bb(rfrom)) | square_bb(to) | square_bb(rto);
        ours ^= square_bb(rfrom);
        pt = ROOK;
        attacker = rto;
    }
    Bitboard direct = pt == PAWN ? PAWN_ATTACKS[us][attacker] : piece_attacks(pt, attacker, occ);
    if (direct & square_bb(ksq))
        return true;
    Bitboard diag = ours & (pos->by_type[BISHOP] | pos->by_type[QUEEN]);
    Bitboard orth = ours & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
    return (bishop_attacks(ksq, occ) & diag) || (rook_attacks(ksq, occ) & orth);
}

/* True once the current position is found `count` times earlier in the
 * fifty-move window, or once at fewer than `ply` plies back (inside the
 * search). Only positions since the last capture, pawn move or null move
 * can repeat. */
static bool repeats(const Position *pos, int ply, int count)
{
    int end = pos->rule50 < pos->plies_from_null ? pos->rule50 : pos->plies_from_null;
    int seen = 0;
    /* u is i - 1 plies back at the top of the loop. */
    const Undo *u = pos->undo;
    for (int i = 2; i <= end && u && (u = u->prev); i += 2, u = u->prev)
        if (i >= 4 && u->key == pos->key && (i < ply || ++seen == count))
            return true;
    return false;
}

bool pos_is_repetition(const Position *pos, int ply) { return repeats(pos, ply, 2); }

bool pos_occurred_before(const Position *pos) { return repeats(pos, 0, 1); }

bool pos_is_fifty_move_draw(const Position *pos) { return pos->rule50 >= 100; }

bool pos_insufficient_material(const Position *pos)
{
    const Bitboard *bt = pos->by_type;
    if (bt[PAWN] | bt[ROOK] | bt[QUEEN])
        return false;
    if (popcount(bt[KNIGHT] | bt[BISHOP]) <= 1)
        return true;
    return !bt[KNIGHT] && (!(bt[BISHOP] & DARK_SQUARES) || !(bt[BISHOP] & ~DARK_SQUARES));
}

bool see_ge(const Position *pos, Move m, int threshold)
{
    if (move_kind(m) != MK_NORMAL)
        return threshold <= 0;
    Square from = move_from(m), to = move_to(m);
    int swap = SEE_VALUE[type_of(pos->board[to])] - threshold;
    if (swap < 0)
        return false;
    swap = SEE_VALUE[type_of(pos->board[from])] - swap;
    if (swap <= 0)
        return true;

    Bitboard occ = occupied(pos) ^ square_bb(from) ^ square_bb(to);
    Color stm = pos->side;
    Bitboard attackers = attackers_to(pos, to, occ);
    Bitboard diag = pos->by_type[BISHOP] | pos->by_type[QUEEN];
    Bitboard orth = pos->by_type[ROOK] | pos->by_type[QUEEN];
    int res = 1;
    for (;;) {
        stm = !stm;
        attackers &= occ;
        Bitboard mine = attackers & pos->by_color[stm];
        if (!mine)
            break;
        res ^= 1;
        PieceType pt;
        for (pt = PAWN; pt <= KING; pt++)
            if (mine & pos->by_type[pt])
                break;
        if (pt == KING)
            return (attackers & pos->by_color[!stm] & occ) ? res ^ 1 : res;
        swap = SEE_VALUE[pt] - swap;
        if (swap < res)
            break;
        Bitboard b = mine & pos->by_type[pt];
        occ ^= b & -b;
        if (pt == PAWN || pt == BISHOP || pt == QUEEN)
            attackers |= bishop_attacks(to, occ) & diag;
        if (pt == ROOK || pt == QUEEN)
            attackers |= rook_attacks(to, occ) & orth;
    }
    return res;
}

void move_to_uci(Move m, char *buf)
{
    Square from = move_from(m), to = move_to(m);
    if (m == MOVE_NONE) {
        strcpy(buf, "0000");
        return;
    }
    buf[0] = (char)('a' + file_of(from));
    buf[1] = (char)('1' + rank_of(from));
    buf[2] = (char)('a' + file_of(to));
    buf[3] = (char)('1' + rank_of(to));
    buf[4] = move_kind(m) == MK_PROMOTION ? "nbrq"[move_promo(m) - KNIGHT] : '\0';
    buf[5] = '\0';
}

void castling_to_uci(const Position *pos, Move m, char *buf)
{
    Square rook = castling_rook_from(pos, m);
    move_to_uci(m, buf);
    buf[2] = (char)('a' + file_of(rook));
    buf[3] = (char)('1' + rank_of(rook));
}

void pos_move_to_uci(const Position *pos, Move m, char *buf)
{
    if (pos->chess960 && m != MOVE_NONE && move_kind(m) == MK_CASTLING)
        castling_to_uci(pos, m, buf);
    else
        move_to_uci(m, buf);
}
