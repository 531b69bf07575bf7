/* EPD lines (Extended Position Description, as opening books and test
 * suites write them) into a Position. The format: Steven Edwards' PGN
 * standard, section 16.2, and the chessprogramming wiki's "Extended
 * Position Description": the four position fields of a FEN (placement,
 * side to move, castling, en passant), then any number of operations,
 * each `opcode {operand} ;`, an opcode a letter then letters, digits or
 * '_', an operand a word or a "string" (which may hold spaces and ';'). */
#ifndef KS_EPD_H
#define KS_EPD_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/position.h"

/* Reads one EPD line into pos. Operations `hmvc N;` (halfmove clock,
 * plies) and `fmvn N;` (fullmove number) set the clocks, which are 0 and 1
 * without them; every other operation is skipped unread. A FEN line (the
 * four fields and one or two clock numbers) is read too, and so is a FEN
 * followed by operations (hmvc and fmvn then take precedence over its
 * numbers). chess960, err, warn and the checks of the position are
 * pos_set_fen_mode's; a malformed operation (no opcode, a string without
 * its closing quote, hmvc or fmvn without exactly one unsigned number) is
 * an error too: false, pos unchanged, a one-line reason in err. */
bool pos_set_epd(Position *pos, const char *epd, bool chess960, char *err, size_t err_size, char *warn,
                 size_t warn_size);

#endif
