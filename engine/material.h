/* Material codes ("KBNK", "kqkr": each side's king and men, the side
 * named first is "strong") and their conversions to piece counts and the
 * material key. Codes are for the user's edge (command lines, registration
 * tables); inside the program material is counts (indexed by Piece) or
 * Position.material_key. */
#ifndef KS_MATERIAL_H
#define KS_MATERIAL_H

#include <stddef.h>

#include "position.h"

/* Kings plus men a code may name (both sides). */
#define MATERIAL_MAX_MEN 16

/* Parses a code, any case: 'K', the strong side's men (PNBRQ, any order),
 * 'K', the weak side's men. The strong side gets colour strong. men[]
 * receives the pieces in the code's order, kings included. Returns their
 * number, or 0 if the code is malformed (no leading K, not exactly two K,
 * another letter, more than MATERIAL_MAX_MEN). */
int material_parse(const char *code, Color strong, Piece men[MATERIAL_MAX_MEN]);

/* Counts by Piece (kings included, 1 each) of a code; false if malformed. */
bool material_counts(const char *code, Color strong, int counts[PIECE_NB]);

/* The material key of a code, as Position.material_key of any position
 * with that material; false if malformed. */
bool material_code_key(const char *code, Color strong, Key *key);

/* Writes the code of counts (king counts ignored) in table order: "K",
 * White's men strongest first (QRBNP), "K", Black's men. buf needs
 * MATERIAL_MAX_MEN + 1 bytes. */
void material_code_of_counts(const int counts[PIECE_NB], char *buf);

#endif
