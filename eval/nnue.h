/* The network evaluation: the net's architecture is declared in
 * eval/nnue_arch.h (shape, features, output bucket, quantisation, file
 * layout); this module loads nets (the embedded default, EvalFile), runs
 * the integer inference (every build gives the same value) and keeps the
 * incremental state of a search: one accumulator per ply, updated lazily
 * by the men each move changed (NnueStack). */
#ifndef KS_NNUE_H
#define KS_NNUE_H

#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/position.h"
#include "eval/nnue_arch.h"

/* Whether the net evaluates by default (UCI "Use NNUE"): on once a net has
 * won its match against the hand-crafted evaluation. */
#define NNUE_DEFAULT_ON 1

/* The two halves of the hidden layer before the activation, indexed by
 * perspective (WHITE, BLACK), in QA units. */
typedef struct {
    alignas(64) int16_t v[COLOR_NB][NNUE_HIDDEN];
} NnueAccumulator;

/* Makes the embedded net the active one. Call once at startup. */
void nnue_init(void);

/* Loads a net file (layout: eval/nnue_arch.h) and makes it the active net; on any
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

/* The output of the active net for acc, the up-to-date accumulator of
 * pos, in pos's output bucket: centipawns from the side to move's view. */
int nnue_output(const NnueAccumulator *acc, const Position *pos);

/* nnue_output of a refreshed accumulator: the network's evaluation of pos
 * in centipawns from the side to move's view. */
int nnue_evaluate(const Position *pos);

/* A search thread's incremental state: one accumulator per ply from the
 * root (ply 0) to NNUE_STACK_PLIES - 1, each brought up to date only when
 * an evaluation at that ply needs it, from the nearest ready ply above by
 * the men each move changed (recorded before the move is made). A path of
 * transposition-table hits leaves its plies unready; the ply evaluated
 * next updates every ply on the way and keeps them, so its siblings update
 * from their parent instead of each paying a refresh. Entries are indexed
 * by ply, so an unmade move needs no pop: the parent's entry is as it was,
 * and the next push overwrites the child's. With the net off
 * (nnue_enabled false) push and reset do nothing. Aligned to 64 bytes:
 * allocate it (or the struct holding it) with platform_aligned_alloc. */
#define NNUE_STACK_PLIES (MAX_PLY + 4)
typedef struct {
    NnueAccumulator acc[NNUE_STACK_PLIES];
    NnueDirty dirty[NNUE_STACK_PLIES];
    bool ready[NNUE_STACK_PLIES];
    unsigned evaluations; /* counts nnue_stack_evaluate calls: debug builds check one in 16 */
} NnueStack;

/* Starts a search from root: ply 0 refreshed, the rest unready. */
void nnue_stack_reset(NnueStack *st, const Position *root);
/* Records the changes of move m (legal in pos, not yet made; MOVE_NULL
 * for a null move) as the step from ply to ply + 1 (ply + 1 <
 * NNUE_STACK_PLIES), whose accumulator becomes unready. */
void nnue_push(NnueStack *st, int ply, const Position *pos, Move m);
/* nnue_output at ply, where pos is the position reached after the moves
 * pushed from the root to ply; brings the ply up to date first. Debug
 * builds check it against a refresh. */
int nnue_stack_evaluate(NnueStack *st, int ply, const Position *pos);

/* Whether evaluate() asks the net (UCI option "Use NNUE", Stockfish's
 * name) or the hand-crafted terms. Change it only while no search runs. */
void nnue_set_enabled(bool on);
bool nnue_enabled(void);

/* Name of the active net ("embedded" or the file's path), for `eval`. */
const char *nnue_net_name(void);

#endif
