/* The castling field of a FEN in standard chess and Chess960: KQkq,
 * X-FEN and Shredder-FEN in, X-FEN or Shredder-FEN out. Internal to
 * engine/ (position.c uses it); others go through pos_set_fen_mode and
 * pos_get_fen_as. It reads a board and knows no Position, so calls go one
 * way: position.c -> castling.c. Notations: chessprogramming wiki,
 * "Forsyth-Edwards Notation" (Shredder-FEN) and "X-FEN" (Reinhard
 * Scharnagl). */
#ifndef KS_CASTLING_H
#define KS_CASTLING_H

#include <stddef.h>

#include "types.h"

/* The castling state a FEN's field gives, as Position keeps it (its
 * castling, castling_rook and castling_mask). */
typedef struct {
    int rights;          /* WHITE_OO | ... */
    int8_t rook[4];      /* by castling_index(); SQ_NONE without that right */
    uint8_t mask[SQ_NB]; /* the rights a move leaving or reaching a square keeps */
} CastlingRights;

/* Reads field for board (indexed by Square; one king each) into *out. A
 * right whose king or rook is missing, or that is not standard castling
 * when chess960 is false, is dropped and named in warn (if not NULL).
 * Returns false, with a reason in err and *out partly written, for a
 * field that is not castling notation or names a right twice. */
bool castling_from_fen(const Piece board[SQ_NB], const char *field, bool chess960, CastlingRights *out, char *err,
                       size_t err_size, char *warn, size_t warn_size);
/* Writes the field of rights (WHITE_OO | ...) with their rooks (by
 * castling_index()) on board at p ("-" without rights) and returns the end
 * (no 0 written): Shredder-FEN file letters, or X-FEN (K/Q/k/q for the
 * outermost rook, the file letter for an inner one). */
char *castling_to_fen(const Piece board[SQ_NB], int rights, const int8_t rook[4], char *p, bool shredder);

#endif
