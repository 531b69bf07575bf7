/* Legal move generation (pins and check evasions resolved during
 * generation, no make/test/unmake), move parsing and perft. */
#ifndef KS_MOVEGEN_H
#define KS_MOVEGEN_H

#include <stdio.h>

#include "position.h"

typedef struct {
    Move moves[MAX_MOVES];
    int scores[MAX_MOVES]; /* free for the caller (move ordering) */
    int count;
} MoveList;

/* GEN_NOISY: captures (en passant included) and all promotions.
 * GEN_QUIET: everything else (castling included). GEN_ALL: both.
 * In check every kind is restricted to evasions. */
enum { GEN_ALL, GEN_NOISY, GEN_QUIET };

/* Appends the legal moves of the given kind to list (list->count grows). */
void gen_legal(const Position *pos, MoveList *list, int type);
/* Number of legal moves, found by the same generator without writing the
 * moves (a popcount per piece): the fast path of perft's last ply. */
int count_legal(const Position *pos);
/* Whether m (any 16 bits: a TT move, a killer, MOVE_NONE) is one of the
 * moves gen_legal(GEN_ALL) gives, found without generating them: from
 * the board and the checks, pins and attacked squares they concern. */
bool is_legal_move(const Position *pos, Move m);

/* Parses a long-algebraic move ("e2e4", "e7e8q", "e1g1"); returns
 * MOVE_NONE unless it is a legal move in pos. */
Move parse_uci_move(const Position *pos, const char *text);

/* perft: leaf nodes at depth plies (chessprogramming wiki, "Perft"); the
 * last ply is bulk-counted with count_legal, without making the moves. */
uint64_t perft(Position *pos, int depth);
/* perft with a "move: count" line per root move, a blank line, then
 * "Nodes searched: N" (the format of Stockfish's go perft). */
uint64_t perft_divide(Position *pos, int depth, FILE *out);

#endif
