/* The trainer's network (nn_train.h). */
#include "tools/nn_train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/random.h"
#include "eval/nnue.h"

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

void tn_net_views(TnNet *net)
{
    float *p = net->param;
#define SET_VIEW(name, n, scale)                                                                                       \
    net->name = p;                                                                                                     \
    p += (n);
    NNUE_TENSORS(SET_VIEW, (size_t)net->hidden)
#undef SET_VIEW
}

static float uniform(uint64_t *rng, float bound)
{
    return (float)((double)(splitmix64(rng) >> 11) / 9007199254740992.0 * 2.0 - 1.0) * bound;
}

bool tn_net_create(TnNet *net, int hidden, uint64_t *rng)
{
    net->hidden = hidden;
    net->count = NNUE_PARAMS((size_t)hidden);
    net->param = calloc(net->count, sizeof *net->param);
    if (!net->param)
        return false;
    tn_net_views(net);
    for (size_t i = 0; i < (size_t)NNUE_INPUTS * (size_t)hidden; i++)
        net->hidden_w[i] = uniform(rng, 1.0f / sqrtf(32.0f));
    for (int i = 0; i < NNUE_OUTPUT_BUCKETS * 2 * hidden; i++)
        net->out_w[i] = uniform(rng, 1.0f / sqrtf(2.0f * (float)hidden));
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
    memcpy(us, net->hidden_b, sizeof *us * (size_t)h);
    memcpy(them, net->hidden_b, sizeof *them * (size_t)h);
    for (int k = 0; k < s->count; k++) {
        const float *wu = net->hidden_w + (size_t)s->feat[k] * (size_t)h;
        const float *wt = net->hidden_w + (size_t)tn_other_view(s->feat[k]) * (size_t)h;
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
    int bucket = nnue_output_bucket(s->count);
    const float *w = net->out_w + (size_t)bucket * 2 * (size_t)net->hidden;
    float out = net->out_b[bucket];
    for (int i = 0; i < 2 * net->hidden; i++)
        out += screlu(acc[i]) * w[i];
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
    /* The gradient has the parameters' layout: its views are the net's,
     * shifted to grad. */
#define GRAD_VIEW(name, n, scale) float *g_##name = grad + (net->name - net->param);
    NNUE_TENSORS(GRAD_VIEW, 0)
#undef GRAD_VIEW
    int bucket = nnue_output_bucket(s->count);
    const float *w = net->out_w + (size_t)bucket * 2 * (size_t)h;
    float *g_w = g_out_w + (size_t)bucket * 2 * (size_t)h;
    g_out_b[bucket] += d_out;
    /* d_acc[i] = d_out * w[i] * 2x on 0 < x < 1, else 0. Reuse acc. */
    for (int i = 0; i < 2 * h; i++) {
        float x = acc[i];
        g_w[i] += d_out * screlu(x);
        acc[i] = x > 0.0f && x < 1.0f ? d_out * w[i] * 2.0f * x : 0.0f;
    }
    const float *d_us = acc, *d_them = acc + h;
    for (int i = 0; i < h; i++)
        g_hidden_b[i] += d_us[i] + d_them[i];
    for (int k = 0; k < s->count; k++) {
        float *gu = g_hidden_w + (size_t)s->feat[k] * (size_t)h;
        float *gt = g_hidden_w + (size_t)tn_other_view(s->feat[k]) * (size_t)h;
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
    bool ok = fwrite("KSNN", 1, 4, f) == 4;
#define PUT_FIELD(name, value) ok = ok && put_u32(f, (unsigned)(value));
    NNUE_HEADER(PUT_FIELD, NNUE_HIDDEN)
#undef PUT_FIELD
#define PUT_TENSOR(name, n, scale)                                                                                     \
    for (size_t i = 0; ok && i < (size_t)(n); i++)                                                                     \
        ok = put_i16(f, net->name[i], (float)(scale));
    NNUE_TENSORS(PUT_TENSOR, NNUE_HIDDEN)
#undef PUT_TENSOR
    /* Padded with zeros to a multiple of 64 bytes, the size of bullet's
     * files (bullet pads with the bytes of the word "bullet"; the loader
     * reads neither). */
    for (size_t i = NNUE_BODY_BYTES; ok && i % 64; i++)
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
#define GET_TENSOR(name, n, scale)                                                                                     \
    for (size_t i = 0; i < (size_t)(n); i++, p += 2)                                                                   \
        net->name[i] = (float)(int16_t)(uint16_t)(p[0] | p[1] << 8) / (float)(scale);
    NNUE_TENSORS(GET_TENSOR, NNUE_HIDDEN)
#undef GET_TENSOR
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
