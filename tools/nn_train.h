/* The trainer's network in floating point: the engine's architecture
 * (eval/nnue_arch.h: features, tensors, output bucket) with a hidden size
 * chosen at run time, its forward and backward passes, AdamW, and the
 * quantised export.
 *
 * out = out_b[b] + sum_i h_stm[i] w[i] + sum_i h_nstm[i] w[H + i], with
 * b = nnue_output_bucket(men), w = out_w + 2H b, h = SCReLU of the
 * accumulators (clamp(x, 0, 1)^2), accumulators = hidden_b + the hidden_w
 * rows of the active features of each perspective. The output is in units
 * of NNUE_SCALE centipawns: the prediction is sigmoid(out) and the engine's
 * evaluation out * NNUE_SCALE. Loss per position: (sigmoid(out) - target)^2
 * with target = lambda * result + (1 - lambda) * sigmoid(score / SCALE),
 * both from the side to move's view.
 * Method: chessprogramming wiki "NNUE"; the field's trainers (bullet,
 * Ethereal's NNTrainer), AdamW (Loshchilov and Hutter 2019). */
#ifndef KS_NN_TRAIN_H
#define KS_NN_TRAIN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/position.h"
#include "eval/nnue_arch.h"

#define TN_MAX_MEN 32
/* A sample without a game result (a position the game never reached):
 * its target is the score alone. */
#define TN_NO_RESULT 3
#define TN_WEIGHT_CLIP 1.98f

/* One training position: the features of the side to move's view (the
 * other view is derived: tn_other_view), its score (cp) and the game's
 * result, both from the side to move's view. 72 bytes. */
typedef struct {
    uint16_t feat[TN_MAX_MEN];
    int16_t score;
    uint8_t count;
    uint8_t result; /* 0 loss, 1 draw, 2 win for the side to move, TN_NO_RESULT */
    uint8_t pad[4];
} TnSample;

/* All parameters in one array, the tensors of eval/nnue_arch.h in their
 * saved order (NNUE_TENSORS at this run's hidden size); one view per
 * tensor, named as there. */
typedef struct {
    int hidden;
    size_t count;
    float *param;
#define TN_VIEW(name, n, scale) float *name;
    NNUE_TENSORS(TN_VIEW, 0)
#undef TN_VIEW
} TnNet;

typedef struct {
    float lr, beta1, beta2, eps, decay;
    long step;
    float *m, *v; /* first and second moments, one per parameter */
} TnAdam;

/* The feature of the same man seen from the other side. */
static inline uint16_t tn_other_view(uint16_t f) { return (uint16_t)(((f ^ 56) + 384) % 768); }

/* Fills s from pos (side to move's view) with score and result from
 * White's view (result 0 black wins, 1 draw, 2 white wins). */
void tn_sample_from_position(const Position *pos, int white_score, int white_result, TnSample *s);

/* Allocates a net of `hidden` neurons per side; the hidden weights drawn
 * uniformly from +-1/sqrt(32) and the output weights from +-1/sqrt(2H) by
 * *rng, biases zero. False if out of memory. */
bool tn_net_create(TnNet *net, int hidden, uint64_t *rng);
void tn_net_free(TnNet *net);
/* Points the tensor views of net into its param array. */
void tn_net_views(TnNet *net);

/* The net's output for s (units of NNUE_SCALE cp). acc: 2H floats of
 * scratch that receive the pre-activation accumulators. */
float tn_forward(const TnNet *net, const TnSample *s, float *acc);

/* Target of s (see above), in [0, 1]. */
float tn_target(const TnSample *s, float lambda);

/* Adds the gradient of s's loss to grad (same layout as net->param) and
 * returns the loss. acc: 2H floats of scratch. */
float tn_backward(const TnNet *net, const TnSample *s, float target, float *grad, float *acc);

/* AdamW state for count parameters at learning rate lr (beta1 0.9, beta2
 * 0.999, eps 1e-8, weight decay 0.01, moments zero); false if out of
 * memory. tn_adam_free releases it. */
bool tn_adam_create(TnAdam *a, size_t count, float lr);
void tn_adam_free(TnAdam *a);
/* One AdamW step with the averaged gradient grad; weights are then clipped
 * to +-TN_WEIGHT_CLIP (the quantised hidden weights must fit 16 bits, the
 * output products clamp(x) * w too). */
void tn_adam_step(TnAdam *a, TnNet *net, const float *grad);

/* Writes the net quantised in the engine's file layout (KSNN header and
 * bullet's body, eval/nnue.h). False when hidden differs from the
 * engine's NNUE_HIDDEN or on a write error. */
bool tn_export(const TnNet *net, FILE *f);

/* Reads a quantised net of the engine's file layout (with or without the
 * KSNN header, bullet's body as tn_export writes it) into net, whose
 * hidden size must be NNUE_HIDDEN: each integer divided by its scale (QA,
 * QB, QA * QB), so that the float net answers as the integer one up to the
 * engine's divisions. False, with a one-line reason in err, on a size or
 * header that does not match (the check is the engine's, nnue_file_body).
 * The way a new run starts from a shipped net whose checkpoint is gone. */
bool tn_import(TnNet *net, FILE *f, char *err, size_t err_size);
/* Checkpoints: the float parameters and the Adam state, to resume. */
bool tn_save_checkpoint(const TnNet *net, const TnAdam *a, FILE *f);
bool tn_load_checkpoint(TnNet *net, TnAdam *a, FILE *f);

#endif
