/* The network's architecture, declared once: the shape, the features, the
 * output bucket of a position, the quantisation and the saved order of the
 * tensors. The engine's loader and inference (eval/nnue.c), the trainer's
 * float net and exporter (tools/nn_train.c) and the tests read their
 * sizes and order from here; a new shape edits this file, the inference
 * and the trainer's forward/backward (docs/architecture.md, "How to change
 * the net").
 *
 * Today: 768 inputs (piece colour and type x square, seen from each side)
 * -> a hidden layer of NNUE_HIDDEN neurons per side with shared weights ->
 * SCReLU -> NNUE_OUTPUT_BUCKETS outputs, of which the position's bucket is
 * used; the side to move's half first (chessprogramming wiki "NNUE"; the
 * perspective net of bullet's examples).
 *
 * Quantisation (bullet's convention): hidden weights and biases times QA,
 * output weights times QB, output biases times QA * QB; SCReLU is
 * clamp(x, 0, QA)^2, so the output sum is in QA * QA * QB units and the
 * evaluation in centipawns is (sum / QA + bias) * NNUE_SCALE / (QA * QB).
 *
 * File: little-endian i16 tensors in the order of NNUE_TENSORS (bullet's
 * saved layout: the hidden weights feature-major, [768][H]; the output
 * weights bucket-major, [buckets][2H] with the side to move's half first;
 * bullet's own output layer is column-major, [2H][buckets], and is saved
 * transposed for us when buckets > 1). bullet pads its files to a multiple
 * of 64 bytes with the bytes of the word "bullet"; Keysquare's own files
 * put a header in front: "KSNN" and the u32 fields of NNUE_HEADER. */
#ifndef KS_NNUE_ARCH_H
#define KS_NNUE_ARCH_H

#include "engine/position.h"

#define NNUE_INPUTS 768
#define NNUE_HIDDEN 256
#define NNUE_OUTPUT_BUCKETS 1
#define NNUE_QA 255
#define NNUE_QB 64
#define NNUE_SCALE 400
#define NNUE_VERSION 1
#define NNUE_ACTIVATION_SCRELU 1

/* The tensors in their saved order, for a hidden size H (the trainer may
 * train other widths): X(name, number of i16 values, quantisation scale).
 * The engine's Net and the trainer's TnNet take their fields from it. */
#define NNUE_TENSORS(X, H)                                                                                             \
    X(hidden_w, NNUE_INPUTS *(H), NNUE_QA)                                                                             \
    X(hidden_b, (H), NNUE_QA)                                                                                          \
    X(out_w, NNUE_OUTPUT_BUCKETS * 2 * (H), NNUE_QB)                                                                   \
    X(out_b, NNUE_OUTPUT_BUCKETS, NNUE_QA *NNUE_QB)

/* The u32 fields of the KSNN header after its 4-byte tag, in order:
 * X(name, value this build expects). A net whose header differs is
 * refused with every field named. */
#define NNUE_HEADER(X, H)                                                                                              \
    X(version, NNUE_VERSION)                                                                                           \
    X(inputs, NNUE_INPUTS)                                                                                             \
    X(hidden, (H))                                                                                                     \
    X(qa, NNUE_QA)                                                                                                     \
    X(qb, NNUE_QB)                                                                                                     \
    X(scale, NNUE_SCALE)                                                                                               \
    X(activation, NNUE_ACTIVATION_SCRELU)

#define NNUE_X_COUNT(name, n, scale) +(n)
#define NNUE_X_ONE(name, value) +1
/* Parameters of a net of hidden size H; bytes of its body and header. */
#define NNUE_PARAMS(H) (0 NNUE_TENSORS(NNUE_X_COUNT, H))
#define NNUE_BODY_BYTES (2 * NNUE_PARAMS(NNUE_HIDDEN))
#define NNUE_HEADER_BYTES (4 + 4 * (0 NNUE_HEADER(NNUE_X_ONE, NNUE_HIDDEN)))

/* Input feature of a man for perspective `view` (the side whose half it
 * is): 384 * (colour != view) + 64 * (type - PAWN) + the square seen from
 * view's first rank, in [0, NNUE_INPUTS). */
static inline int nnue_feature(Color view, Piece p, Square sq)
{
    return 384 * (color_of(p) != view) + 64 * (type_of(p) - PAWN) + (view == WHITE ? sq : sq ^ 56);
}

/* The output bucket of a position with `men` men on the board (kings
 * included), in [0, NNUE_OUTPUT_BUCKETS). The trainer knows a sample's
 * men, the engine counts the position's. */
static inline int nnue_output_bucket(int men)
{
    (void)men;
    return 0;
}

#endif
