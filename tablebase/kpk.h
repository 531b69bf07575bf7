/* The KPK bitbase: won or not for every position of white king and pawn
 * against the black king, built in memory at startup by retrograde analysis
 * (no file, no download). kpk_init() runs once after position_init().
 *
 * Rules: the pawn promotes to a queen, or to a rook where the queen
 * stalemates; stalemate is a draw; capturing the undefended pawn is a draw.
 * Method: chessprogramming wiki "KPK" and "Retrograde Analysis"; the idea
 * of a bit per position follows Stockfish's bitbase.cpp, the solver does not
 * (see kpk.c). */
#ifndef KS_KPK_H
#define KS_KPK_H

#include <stddef.h>

#include "engine/types.h"

/* Builds the bitbase (about 24 KB); calling it again rebuilds it. */
void kpk_init(void);

/* True if White (the pawn side) wins with stm to move. The pawn may stand on
 * any file (files e-h are mirrored) and must be on ranks 2-7; an illegal
 * position (pieces sharing a square, adjacent kings, the side not to move in
 * check) or a pawn on rank 1 or 8 gives false. */
bool kpk_probe(Color stm, Square wk, Square wp, Square bk);

/* kpk_probe for a Position with exactly king and pawn against king, the
 * pawn belonging to strong (either colour): true if strong wins. */
bool kpk_probe_position(const Position *pos, Color strong);

/* True if the position is a legal KPK position with stm to move: three
 * distinct squares, pawn on ranks 2-7, kings not adjacent, and Black not in
 * check by the pawn when White is to move. Any file. */
bool kpk_is_legal(Color stm, Square wk, Square wp, Square bk);

/* Wall-clock seconds the last kpk_init() took. */
double kpk_build_seconds(void);

/* Bytes the bitbase occupies. */
size_t kpk_memory_bytes(void);

#endif
