/* The network evaluation: 768 inputs (piece colour and type x square, seen
 * from each side) -> a hidden layer of NNUE_HIDDEN neurons per side with
 * shared weights -> SCReLU -> one output; the side to move's half first
 * (chessprogramming wiki "NNUE"; the perspective net of bullet's examples).
 * Integer inference: every build gives the same value.
 *
 * Feature of a man for perspective `view` (the side whose half it is):
 *   384 * (colour != view) + 64 * (type - PAWN) + (view == WHITE ? sq : sq ^ 56)
 * so each side sees the board from its own first rank.
 *
 * Quantisation (bullet's convention): hidden weights and biases times QA =
 * 255, output weights times QB = 64, output bias times QA * QB; SCReLU is
 * clamp(x, 0, QA)^2, so the output sum is in QA * QA * QB units; the
 * evaluation in centipawns is (sum / QA + bias) * NNUE_SCALE / (QA * QB).
 *
 * File layout (little-endian i16, bullet's saved layout, column-major):
 *   hidden weights [768][NNUE_HIDDEN] (feature-major), hidden biases
 *   [NNUE_HIDDEN], output weights [2 * NNUE_HIDDEN] (side to move first),
 *   output bias [1]; bullet pads its files with zeros to a multiple of 64
 *   bytes. Keysquare's own files put a 32-byte header in front:
 *   "KSNN", u32 version 1, u32 inputs 768, u32 hidden, u32 QA, u32 QB,
 *   u32 scale, u32 activation (1 = SCReLU).
 * A file of either kind whose sizes match this build is accepted. */
#ifndef KS_NNUE_H
#define KS_NNUE_H

#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"

#define NNUE_INPUTS 768
#define NNUE_HIDDEN 256
#define NNUE_QA 255
#define NNUE_QB 64
#define NNUE_SCALE 400
#define NNUE_HEADER_BYTES 32
#define NNUE_VERSION 1
#define NNUE_ACTIVATION_SCRELU 1
/* Whether the net evaluates by default (UCI "Use NNUE"): on once a net has
 * won its match against the hand-crafted evaluation. */
#define NNUE_DEFAULT_ON 1

/* Bytes of the network body (without header or padding). */
#define NNUE_BODY_BYTES (2 * (NNUE_INPUTS * NNUE_HIDDEN + NNUE_HIDDEN + 2 * NNUE_HIDDEN + 1))

static inline int nnue_feature(Color view, Piece p, Square sq)
{
    return 384 * (color_of(p) != view) + 64 * (type_of(p) - PAWN) + (view == WHITE ? sq : sq ^ 56);
}

/* The two halves of the hidden layer before the activation, indexed by
 * perspective (WHITE, BLACK), in QA units. */
typedef struct {
    alignas(64) int16_t v[COLOR_NB][NNUE_HIDDEN];
} NnueAccumulator;

/* Makes the embedded net the active one. Call once at startup. */
void nnue_init(void);

/* Loads a net file (layout above) and makes it the active net; on any
 * problem (missing, unreadable, wrong size or header) returns false with a
 * one-line reason in err and the active net stays. Call only while no
 * search runs. "<default>" or an empty path selects the embedded net. */
bool nnue_load(const char *path, char *err, size_t err_size);

/* Checks a net file held in bytes[0..size) against this build (the KSNN
 * header if there is one, then the body's size, bullet's 64-byte padding
 * allowed) and returns where its NNUE_BODY_BYTES of weights start, or NULL
 * with a one-line reason in err. Used by the engine and by the trainer's
 * import, so both accept the same files. */
const uint8_t *nnue_file_body(const uint8_t *bytes, size_t size, char *err, size_t err_size);

/* nnue_load from memory: bytes[0..size) hold a net file. */
bool nnue_load_bytes(const uint8_t *bytes, size_t size, const char *name, char *err, size_t err_size);

/* Sets the accumulator of pos from scratch. */
void nnue_refresh(const Position *pos, NnueAccumulator *acc);

/* The men a move changes: up to four (piece, from, to) with SQ_NONE for a
 * man that appears or disappears (castling: king and rook out, then in;
 * promotion: pawn out, new piece in; a capture: the victim out). Found
 * before the move is made, applied when an evaluation needs it (the
 * search keeps one per ply and brings accumulators up to date lazily). */
typedef struct {
    int count;
    Piece piece[4];
    Square from[4], to[4];
} NnueDirty;

/* The changes of legal move m of pos (before it is made); none for
 * MOVE_NULL. */
void nnue_dirty(const Position *pos, Move m, NnueDirty *d);
/* dst = src with the changes d (dst may be src). */
void nnue_apply(const NnueAccumulator *src, NnueAccumulator *dst, const NnueDirty *d);

/* The output of the active net for an accumulator, side to move stm:
 * centipawns from stm's view. */
int nnue_output(const NnueAccumulator *acc, Color stm);

/* nnue_output of a refreshed accumulator: the network's evaluation of pos
 * in centipawns from the side to move's view. */
int nnue_evaluate(const Position *pos);

/* Whether evaluate() asks the net (UCI option "Use NNUE", Stockfish's
 * name) or the hand-crafted terms. Change it only while no search runs. */
void nnue_set_enabled(bool on);
bool nnue_enabled(void);

/* Name of the active net ("embedded" or the file's path), for `eval`. */
const char *nnue_net_name(void);

#endif
