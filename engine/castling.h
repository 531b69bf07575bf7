/* The castling field of a FEN in standard chess and Chess960: KQkq,
 * X-FEN and Shredder-FEN in, X-FEN or Shredder-FEN out. Internal to
 * engine/ (position.c uses it); others go through pos_set_fen_mode and
 * pos_get_fen_as. Notations: chessprogramming wiki, "Forsyth-Edwards
 * Notation" (Shredder-FEN) and "X-FEN" (Reinhard Scharnagl). */
#ifndef KS_CASTLING_H
#define KS_CASTLING_H

#include <stddef.h>

#include "position.h"

/* Reads field into pos->castling, castling_rook and castling_mask; the
 * pieces must be placed (one king each). A right whose king or rook is
 * missing, or that is not standard castling when chess960 is false, is
 * dropped and named in warn (if not NULL). Returns false, with a reason in
 * err, for a field that is not castling notation or names a right twice. */
bool castling_from_fen(Position *pos, const char *field, bool chess960, char *err, size_t err_size, char *warn,
                       size_t warn_size);
/* Writes the field at p ("-" without rights) and returns the end (no 0
 * written): Shredder-FEN file letters, or X-FEN (K/Q/k/q for the outermost
 * rook, the file letter for an inner one). */
char *castling_to_fen(const Position *pos, char *p, bool shredder);

#endif
