/* The trainer's network (nn_train.h). */
#include "tools/nn_train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/random.h"
#include "eval/nnue.h"

#define FILTER_MIN_PLY 16
#define FILTER_MAX_SCORE 10000

bool tn_passes_filters(const Position *pos, Move m, int score)
{
    return pos->game_ply >= FILTER_MIN_PLY && abs(score) < FILTER_MAX_SCORE && !in_check(pos) && !is_capture(pos, m)
        && move_kind(m) != MK_PROMOTION;
}

void tn_sample_from_position(const Position *pos, int white_score, int white_result, TnSample *s)
{
    memset(s, 0, sizeof *s);
    Color stm = pos->side;
    int n = 0;
    for (Bitboard b = occupied(pos); b && n < TN_MAX_MEN; b &= b - 1) {
        Square sq = lsb(b);
        s->feat[n++] = (uint16_t)nnue_feature(stm, piece_on(pos, sq), sq);
    }
    s->count = (uint8_t)n;
    int score = stm == WHITE ? white_score : -white_score;
    s->score = (int16_t)(score > 32000 ? 32000 : score < -32000 ? -32000 : score);
    s->result = (uint8_t)(stm == WHITE ? white_result : 2 - white_result);
}

bool tn_quiet_neighbour(const Position *pos, int max_plies, uint64_t *rng, Position *out)
{
    *out = *pos;
    int plies = 1 + (int)(splitmix64(rng) % (uint64_t)(max_plies < 1 ? 1 : max_plies > 8 ? 8 : max_plies));
    for (int k = 0; k < plies; k++) {
        MoveList list;
        list.count = 0;
        gen_legal(out, &list, GEN_ALL);
        if (!list.count)
            return false;
        Undo undo;
        pos_make(out, list.moves[splitmix64(rng) % (uint64_t)list.count], &undo);
        out->undo = NULL;
    }
    if (in_check(out))
        return false;
    MoveList noisy;
    noisy.count = 0;
    gen_legal(out, &noisy, GEN_NOISY);
    for (int k = 0; k < noisy.count; k++)
        if (move_kind(noisy.moves[k]) == MK_PROMOTION || see_ge(out, noisy.moves[k], 1))
            return false;
    return true;
}

void tn_net_views(TnNet *net)
{
    size_t h = (size_t)net->hidden;
    net->w0 = net->param;
    net->b0 = net->w0 + NNUE_INPUTS * h;
    net->w1 = net->b0 + h;
    net->b1 = net->w1 + 2 * h;
}

static float uniform(uint64_t *rng, float bound)
{
    return (float)((double)(splitmix64(rng) >> 11) / 9007199254740992.0 * 2.0 - 1.0) * bound;
}

bool tn_net_create(TnNet *net, int hidden, uint64_t *rng)
{
    net->hidden = hidden;
    net->count = (size_t)NNUE_INPUTS * (size_t)hidden + 3 * (size_t)hidden + 1;
    net->param = calloc(net->count, sizeof *net->param);
    if (!net->param)
        return false;
    tn_net_views(net);
    for (size_t i = 0; i < (size_t)NNUE_INPUTS * (size_t)hidden; i++)
        net->w0[i] = uniform(rng, 1.0f / sqrtf(32.0f));
    for (int i = 0; i < 2 * hidden; i++)
        net->w1[i] = uniform(rng, 1.0f / sqrtf(2.0f * (float)hidden));
    return true;
}

void tn_net_free(TnNet *net)
{
    free(net->param);
    net->param = NULL;
}

static void accumulate(const TnNet *net, const TnSample *s, float *acc)
{
    int h = net->hidden;
    float *us = acc, *them = acc + h;
    memcpy(us, net->b0, sizeof *us * (size_t)h);
    memcpy(them, net->b0, sizeof *them * (size_t)h);
    for (int k = 0; k < s->count; k++) {
        const float *wu = net->w0 + (size_t)s->feat[k] * (size_t)h;
        const float *wt = net->w0 + (size_t)tn_other_view(s->feat[k]) * (size_t)h;
        for (int i = 0; i < h; i++) {
            us[i] += wu[i];
            them[i] += wt[i];
        }
    }
}

static inline float screlu(float x)
{
    float c = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return c * c;
}

float tn_forward(const TnNet *net, const TnSample *s, float *acc)
{
    accumulate(net, s, acc);
    float out = net->b1[0];
    for (int i = 0; i < 2 * net->hidden; i++)
        out += screlu(acc[i]) * net->w1[i];
    return out;
}

static inline float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

float tn_target(const TnSample *s, float lambda)
{
    if (s->result == TN_NO_RESULT)
        return sigmoid((float)s->score / NNUE_SCALE);
    return lambda * (float)s->result * 0.5f + (1.0f - lambda) * sigmoid((float)s->score / NNUE_SCALE);
}

float tn_backward(const TnNet *net, const TnSample *s, float target, float *grad, float *acc)
{
    int h = net->hidden;
    float out = tn_forward(net, s, acc);
    float p = sigmoid(out), err = p - target;
    float d_out = 2.0f * err * p * (1.0f - p);
    float *g_w0 = grad, *g_b0 = grad + (size_t)NNUE_INPUTS * (size_t)h, *g_w1 = g_b0 + h, *g_b1 = g_w1 + 2 * h;
    g_b1[0] += d_out;
    /* d_acc[i] = d_out * w1[i] * 2x on 0 < x < 1, else 0. Reuse acc. */
    for (int i = 0; i < 2 * h; i++) {
        float x = acc[i];
        g_w1[i] += d_out * screlu(x);
        acc[i] = x > 0.0f && x < 1.0f ? d_out * net->w1[i] * 2.0f * x : 0.0f;
    }
    const float *d_us = acc, *d_them = acc + h;
    for (int i = 0; i < h; i++)
        g_b0[i] += d_us[i] + d_them[i];
    for (int k = 0; k < s->count; k++) {
        float *gu = g_w0 + (size_t)s->feat[k] * (size_t)h;
        float *gt = g_w0 + (size_t)tn_other_view(s->feat[k]) * (size_t)h;
        for (int i = 0; i < h; i++) {
            gu[i] += d_us[i];
            gt[i] += d_them[i];
        }
    }
    return err * err;
}

bool tn_adam_create(TnAdam *a, size_t count, float lr)
{
    *a = (TnAdam){.lr = lr, .beta1 = 0.9f, .beta2 = 0.999f, .eps = 1e-8f, .decay = 0.01f};
    a->m = calloc(count, sizeof *a->m);
    a->v = calloc(count, sizeof *a->v);
    return a->m && a->v;
}

void tn_adam_free(TnAdam *a)
{
    free(a->m);
    free(a->v);
    a->m = a->v = NULL;
}

void tn_adam_step(TnAdam *a, TnNet *net, const float *grad)
{
    a->step++;
    float c1 = 1.0f - powf(a->beta1, (float)a->step), c2 = 1.0f - powf(a->beta2, (float)a->step);
    for (size_t i = 0; i < net->count; i++) {
        float g = grad[i];
        a->m[i] = a->beta1 * a->m[i] + (1.0f - a->beta1) * g;
        a->v[i] = a->beta2 * a->v[i] + (1.0f - a->beta2) * g * g;
        float w = net->param[i] * (1.0f - a->lr * a->decay);
        w -= a->lr * (a->m[i] / c1) / (sqrtf(a->v[i] / c2) + a->eps);
        net->param[i] = w > TN_WEIGHT_CLIP ? TN_WEIGHT_CLIP : w < -TN_WEIGHT_CLIP ? -TN_WEIGHT_CLIP : w;
    }
}

static bool put_i16(FILE *f, float v, float scale)
{
    long q = lroundf(v * scale);
    q = q > 32767 ? 32767 : q < -32768 ? -32768 : q;
    uint16_t u = (uint16_t)(int16_t)q;
    uint8_t b[2] = {(uint8_t)(u & 0xff), (uint8_t)(u >> 8)};
    return fwrite(b, 1, 2, f) == 2;
}

static bool put_u32(FILE *f, unsigned v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return fwrite(b, 1, 4, f) == 4;
}

bool tn_export(const TnNet *net, FILE *f)
{
    if (net->hidden != NNUE_HIDDEN)
        return false;
    bool ok = fwrite("KSNN", 1, 4, f) == 4 && put_u32(f, NNUE_VERSION) && put_u32(f, NNUE_INPUTS)
           && put_u32(f, NNUE_HIDDEN) && put_u32(f, NNUE_QA) && put_u32(f, NNUE_QB) && put_u32(f, NNUE_SCALE)
           && put_u32(f, NNUE_ACTIVATION_SCRELU);
    size_t h = (size_t)net->hidden;
    for (size_t i = 0; ok && i < NNUE_INPUTS * h; i++)
        ok = put_i16(f, net->w0[i], NNUE_QA);
    for (size_t i = 0; ok && i < h; i++)
        ok = put_i16(f, net->b0[i], NNUE_QA);
    for (size_t i = 0; ok && i < 2 * h; i++)
        ok = put_i16(f, net->w1[i], NNUE_QB);
    if (ok)
        ok = put_i16(f, net->b1[0], (float)NNUE_QA * NNUE_QB);
    /* Padded to a multiple of 64 bytes, as bullet writes its nets. */
    size_t body = 2 * (NNUE_INPUTS * h + 3 * h + 1);
    for (size_t i = body; ok && i % 64; i++)
        ok = fputc(0, f) != EOF;
    return ok;
}

bool tn_import(TnNet *net, FILE *f, char *err, size_t err_size)
{
    if (net->hidden != NNUE_HIDDEN) {
        snprintf(err, err_size, "the run has %d hidden neurons, the engine's nets %d", net->hidden, NNUE_HIDDEN);
        return false;
    }
    size_t cap = NNUE_HEADER_BYTES + (NNUE_BODY_BYTES + 63) / 64 * 64;
    uint8_t *bytes = malloc(cap + 1);
    if (!bytes) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    size_t size = fread(bytes, 1, cap + 1, f);
    const uint8_t *p = nnue_file_body(bytes, size, err, err_size);
    if (!p) {
        free(bytes);
        return false;
    }
    size_t h = (size_t)net->hidden;
    for (size_t i = 0; i < net->count; i++, p += 2) {
        float scale = i < NNUE_INPUTS * h + h     ? NNUE_QA :
                      i < NNUE_INPUTS * h + 3 * h ? NNUE_QB :
                                                    (float)NNUE_QA * NNUE_QB;
        net->param[i] = (float)(int16_t)(uint16_t)(p[0] | p[1] << 8) / scale;
    }
    free(bytes);
    return true;
}

#define CKPT_MAGIC "KSTC0001"

bool tn_save_checkpoint(const TnNet *net, const TnAdam *a, FILE *f)
{
    int32_t hidden = net->hidden;
    int64_t step = a->step;
    return fwrite(CKPT_MAGIC, 1, 8, f) == 8 && fwrite(&hidden, sizeof hidden, 1, f) == 1
        && fwrite(&step, sizeof step, 1, f) == 1 && fwrite(net->param, sizeof *net->param, net->count, f) == net->count
        && fwrite(a->m, sizeof *a->m, net->count, f) == net->count
        && fwrite(a->v, sizeof *a->v, net->count, f) == net->count;
}

bool tn_load_checkpoint(TnNet *net, TnAdam *a, FILE *f)
{
    char magic[8];
    int32_t hidden;
    int64_t step;
    if (fread(magic, 1, 8, f) != 8 || memcmp(magic, CKPT_MAGIC, 8) || fread(&hidden, sizeof hidden, 1, f) != 1
        || hidden != net->hidden || fread(&step, sizeof step, 1, f) != 1)
        return false;
    a->step = (long)step;
    return fread(net->param, sizeof *net->param, net->count, f) == net->count
        && fread(a->m, sizeof *a->m, net->count, f) == net->count
        && fread(a->v, sizeof *a->v, net->count, f) == net->count;
}
