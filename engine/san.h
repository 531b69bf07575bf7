/* Standard Algebraic Notation (FIDE Laws, appendix C; PGN standard 8.2.3):
 * "Nf3", "exd6", "O-O", "e8=Q+", "Qxf7#". */
#ifndef KS_SAN_H
#define KS_SAN_H

#include "position.h"

/* Writes the SAN of a legal move into buf (at least 10 bytes), with the
 * file or rank (or both) added where another piece of the same kind could
 * reach the square, and + or # after checks and mates. */
void move_to_san(Position *pos, Move move, char *buf);

#endif
