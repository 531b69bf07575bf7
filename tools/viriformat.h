/* viriformat: the training-data layout of whole self-play games used by
 * Viridithas and read by bullet and bullet-utils (public specification:
 * cosmobobak/viriformat, README). All integers little-endian.
 *
 * A game is a 32-byte marlinformat record of its start position
 *   u64 occupancy (a1 = bit 0)
 *   u8[16] pieces: 4 bits per occupied square in occupancy order, low
 *          nibble first; type P 0, N 1, B 2, R 3, Q 4, K 5, 6 = a rook that
 *          still has its castling right; bit 3 set = black
 *   u8 side to move << 7 | en-passant square (64 = none)
 *   u8 halfmove clock, u16 fullmove number, i16 score (unused here: 0)
 *   u8 result: 0 black wins, 1 draw, 2 white wins; u8 unused
 * then one (u16 move, i16 score) pair per ply, then four zero bytes.
 * Move bits 0-5 from, 6-11 to, 12-13 promotion N B R Q, 14-15 kind
 * (0 normal, 1 en passant, 2 castling written king-takes-rook,
 * 3 promotion). A score is the searched score of the position before the
 * move, in centipawns from White's view.
 * Ours only, not part of the public format: a record whose occupancy is
 * zero (no real position has one) is read as an extension, u16 id, u16
 * length N, N bytes, four zero bytes. No tool here writes one, and
 * bullet and other readers of the public format would not understand
 * it; our reader skips it (viri_read_game) and counts it as whole when
 * cutting a chunk (viri_last_whole_game), so a file that had one would
 * still read. Kept as a reserved escape for later, not as a feature. */
#ifndef KS_VIRIFORMAT_H
#define KS_VIRIFORMAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/position.h"

#define VIRI_BOARD_BYTES 32
#define VIRI_MAX_PLIES 2048 /* a longer game is refused by the reader */

enum { VIRI_BLACK_WINS = 0, VIRI_DRAW = 1, VIRI_WHITE_WINS = 2 };

typedef struct {
    Move move; /* the engine's encoding (engine/types.h) */
    int16_t score;
} ViriPly;

/* Writes the marlinformat record of pos with result (VIRI_*) and score
 * (White's view, centipawns) into out. */
void viri_pack_board(const Position *pos, int result, int16_t score, uint8_t out[VIRI_BOARD_BYTES]);

/* Reads a marlinformat record into pos (through the FEN reader, so every
 * check of pos_set_fen applies; castling from the unmoved-rook code, as
 * KQkq when standard, else Shredder-FEN in Chess960 mode). False with a
 * reason in err for an invalid record. result/score may be NULL. */
bool viri_unpack_board(const uint8_t in[VIRI_BOARD_BYTES], Position *pos, int *result, int16_t *score, char *err,
                       size_t err_size);

/* A legal move of pos in viriformat's 16 bits, and back (MOVE_NONE when
 * the bits name no legal move of pos). */
uint16_t viri_encode_move(const Position *pos, Move m);
Move viri_decode_move(const Position *pos, uint16_t bits);

/* Writes one whole game: start position, result, count plies. Returns the
 * bytes written (VIRI_BOARD_BYTES + 4 * count + 4), or 0 if count is out of
 * range or cap too small. The moves must be legal from start in order. */
size_t viri_game_bytes(const Position *start, int result, const ViriPly *plies, int count, uint8_t *buf, size_t cap);

/* A walk through a game's positions: one replay loop for every tool that
 * reads or writes games. Each viri_replay_next yields the position before
 * ply `ply`, the move played there, its score and the game's result; the
 * history is dropped as it goes (pos.undo stays NULL), so a ViriReplay may
 * be copied and repetitions are not seen. */
typedef struct {
    Position pos; /* before `move`; after the walk, the game's last position */
    Move move;
    int score;  /* of pos, centipawns from White's view */
    int result; /* VIRI_* */
    int ply;    /* 0 for the first move of the game */
    /* private */
    const ViriPly *plies;
    int count, made;
    Undo undo[2];
} ViriReplay;

/* Starts a walk through count plies (legal from start, in order) of a
 * game with result (VIRI_*); nothing is yielded before the first
 * viri_replay_next. plies may be NULL with count 0 for a game learnt a
 * move at a time (viri_replay_play). */
void viri_replay_begin(ViriReplay *r, const Position *start, int result, const ViriPly *plies, int count);

/* Steps to the next ply (playing the one yielded before): true with
 * pos/move/score/ply filled, false once every ply is played. */
bool viri_replay_next(ViriReplay *r);

/* Plays m, legal in r->pos, as viri_replay_next does: for a caller that
 * learns the moves one at a time (the reader decoding them, a PGN). */
void viri_replay_play(ViriReplay *r, Move m);

/* Reads the next game of f: *start, *result and up to VIRI_MAX_PLIES plies
 * decoded by replaying them from start (each must be legal). Returns the
 * number of plies, -1 at a clean end of file, -2 on an error (err says
 * what: a truncated game, an invalid board, an illegal move, a game too
 * long). Our extension records (above) are skipped. */
int viri_read_game(FILE *f, Position *start, int *result, ViriPly *plies, char *err, size_t err_size);

/* The byte offset after the last whole game of the file at path (its
 * length when it ends cleanly); games holds how many whole games lie
 * before it. -1 if the file cannot be read. Used to cut a chunk that was
 * killed mid-game before appending to it. */
long viri_last_whole_game(const char *path, long *games);

#endif
