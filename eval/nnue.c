/* Network inference (architecture, layout and quantisation:
 * nnue_arch.h). */
#include "eval/nnue.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/platform.h"

#if defined(__AVX2__) && !defined(NNUE_SCALAR)
#include <immintrin.h>
#endif

/* The tensors of nnue_arch.h, each aligned for the vector code. */
typedef struct {
#define NET_FIELD(name, n, scale) alignas(64) int16_t name[n];
    NNUE_TENSORS(NET_FIELD, NNUE_HIDDEN)
#undef NET_FIELD
} Net;

/* The hidden weights of input feature f: NNUE_HIDDEN values. */
static inline const int16_t *feature_weights(const Net *net, int f) { return net->hidden_w + f * NNUE_HIDDEN; }

/* The embedded default net, linked into the binary by the assembler from
 * the committed file (no tool at build time). */
#ifndef NNUE_DEFAULT_FILE
#define NNUE_DEFAULT_FILE "eval/default.nnue"
#endif
__asm__(PLATFORM_ASM_RODATA ".balign 64\n"
                            ".globl ks_embedded_net\n"
                            "ks_embedded_net:\n"
                            ".incbin \"" NNUE_DEFAULT_FILE "\"\n"
                            ".globl ks_embedded_net_end\n"
                            "ks_embedded_net_end:\n"
                            ".byte 0\n" PLATFORM_ASM_RODATA_END);
extern const uint8_t ks_embedded_net[], ks_embedded_net_end[];

/* The embedded net and a net loaded from a file; `active` points at one.
 * Both change only at startup and on setoption EvalFile, while no search
 * runs, so the search reads them without locks. */
static Net embedded_net, file_net;
static const Net *active = &embedded_net;
static char active_name[256] = "embedded";
static bool enabled = NNUE_DEFAULT_ON;

void nnue_set_enabled(bool on) { enabled = on; }
bool nnue_enabled(void) { return enabled; }

static unsigned u32_at(const uint8_t *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8 | (unsigned)p[2] << 16 | (unsigned)p[3] << 24;
}

static int16_t i16_at(const uint8_t *p) { return (int16_t)(uint16_t)((unsigned)p[0] | (unsigned)p[1] << 8); }

const uint8_t *nnue_file_body(const uint8_t *bytes, size_t size, char *err, size_t err_size)
{
    size_t padded = (NNUE_BODY_BYTES + 63) / 64 * 64;
    if (size >= NNUE_HEADER_BYTES && !memcmp(bytes, "KSNN", 4)) {
        const uint8_t *field = bytes + 4;
        bool match = true;
        char got[160] = "", want[160] = "";
        size_t g = 0, w = 0;
        /* Every field is compared and named, so the message says all that
         * differs between the file and this build. */
#define CHECK_FIELD(name, value)                                                                                       \
    {                                                                                                                  \
        unsigned v = u32_at(field);                                                                                    \
        field += 4;                                                                                                    \
        match = match && v == (unsigned)(value);                                                                       \
        g += (size_t)snprintf(got + g, g < sizeof got ? sizeof got - g : 0, "%s%s %u", g ? ", " : "", #name, v);       \
        w += (size_t)snprintf(want + w, w < sizeof want ? sizeof want - w : 0, "%s%s %u", w ? ", " : "", #name,        \
                              (unsigned)(value));                                                                      \
    }
        NNUE_HEADER(CHECK_FIELD, NNUE_HIDDEN)
#undef CHECK_FIELD
        if (!match) {
            snprintf(err, err_size, "net header (%s) does not match this build (%s)", got, want);
            return NULL;
        }
        size -= NNUE_HEADER_BYTES;
        if (size != NNUE_BODY_BYTES && size != padded) {
            snprintf(err, err_size, "net body has %zu bytes, %d expected", size, NNUE_BODY_BYTES);
            return NULL;
        }
        return bytes + NNUE_HEADER_BYTES;
    }
    if (size != NNUE_BODY_BYTES && size != padded) {
        snprintf(err, err_size,
                 "net file has %zu bytes and no KSNN header; a bullet net of %d -> %dx2 -> %d has %d (%zu padded)",
                 size, NNUE_INPUTS, NNUE_HIDDEN, NNUE_OUTPUT_BUCKETS, NNUE_BODY_BYTES, padded);
        return NULL;
    }
    return bytes;
}

static bool parse_net(const uint8_t *bytes, size_t size, Net *net, char *err, size_t err_size)
{
    const uint8_t *p = nnue_file_body(bytes, size, err, err_size);
    if (!p)
        return false;
#define READ_TENSOR(name, n, scale)                                                                                    \
    for (size_t i = 0; i < (size_t)(n); i++, p += 2)                                                                   \
        net->name[i] = i16_at(p);
    NNUE_TENSORS(READ_TENSOR, NNUE_HIDDEN)
#undef READ_TENSOR
    return true;
}

void nnue_init(void)
{
    char err[256];
    size_t size = (size_t)(ks_embedded_net_end - ks_embedded_net);
    if (!parse_net(ks_embedded_net, size, &embedded_net, err, sizeof err)) {
        /* A build whose committed net does not match its own sizes is a
         * broken build, not a user error. */
        fprintf(stderr, "keysquare: the embedded net is unusable: %s\n", err);
        abort();
    }
    active = &embedded_net;
    snprintf(active_name, sizeof active_name, "embedded");
}

bool nnue_load_bytes(const uint8_t *bytes, size_t size, const char *name, char *err, size_t err_size)
{
    /* Parsed into a scratch net first: a bad file leaves file_net (which
     * may be the active net) untouched. */
    Net *scratch = platform_aligned_alloc(64, (sizeof *scratch + 63) / 64 * 64);
    if (!scratch) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    bool ok = parse_net(bytes, size, scratch, err, err_size);
    if (ok) {
        file_net = *scratch;
        active = &file_net;
        snprintf(active_name, sizeof active_name, "%s", name);
    }
    platform_aligned_free(scratch);
    return ok;
}

bool nnue_load(const char *path, char *err, size_t err_size)
{
    if (!path || !*path || !strcmp(path, "<default>") || !strcmp(path, "<empty>")) {
        active = &embedded_net;
        snprintf(active_name, sizeof active_name, "embedded");
        return true;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size, "cannot open %s", path);
        return false;
    }
    /* Anything much larger than a net is refused before it is read. */
    size_t cap = NNUE_HEADER_BYTES + NNUE_BODY_BYTES + 64, size = 0;
    uint8_t *bytes = malloc(cap + 1);
    if (!bytes) {
        fclose(f);
        snprintf(err, err_size, "out of memory");
        return false;
    }
    size = fread(bytes, 1, cap + 1, f);
    bool read_error = ferror(f);
    fclose(f);
    bool ok = false;
    if (read_error)
        snprintf(err, err_size, "cannot read %s", path);
    else if (size > cap)
        snprintf(err, err_size, "%s is larger than any net of this build", path);
    else
        ok = nnue_load_bytes(bytes, size, path, err, err_size);
    free(bytes);
    return ok;
}

const char *nnue_net_name(void) { return active_name; }

static inline void add_feature(int16_t *acc, const int16_t *w)
{
    for (int i = 0; i < NNUE_HIDDEN; i++)
        acc[i] = (int16_t)(acc[i] + w[i]);
}

static inline void sub_feature(int16_t *acc, const int16_t *w)
{
    for (int i = 0; i < NNUE_HIDDEN; i++)
        acc[i] = (int16_t)(acc[i] - w[i]);
}

void nnue_refresh(const Position *pos, NnueAccumulator *acc)
{
    for (Color view = WHITE; view <= BLACK; view++) {
        memcpy(acc->v[view], active->hidden_b, sizeof acc->v[view]);
        for (Bitboard b = occupied(pos); b; b &= b - 1) {
            Square sq = lsb(b);
            add_feature(acc->v[view], feature_weights(active, nnue_feature(view, piece_on(pos, sq), sq)));
        }
    }
}

static void dirty_add(NnueDirty *d, Piece p, Square from, Square to)
{
    d->piece[d->count] = p;
    d->from[d->count] = from;
    d->to[d->count] = to;
    d->count++;
}

void nnue_dirty(const Position *pos, Move m, NnueDirty *d)
{
    d->count = 0;
    if (m == MOVE_NULL)
        return;
    Square from = move_from(m), to = move_to(m);
    Piece p = piece_on(pos, from);
    Color us = color_of(p);
    switch (move_kind(m)) {
    case MK_CASTLING: {
        /* The king's destination is its g- or c-file square; the rook's
         * squares come from the position (Chess960 too). A 960 castling
         * may leave either man where it stood or land on the other's
         * square: both go out, then both come in. */
        Piece rook = make_piece(us, ROOK);
        dirty_add(d, p, from, SQ_NONE);
        dirty_add(d, rook, castling_rook_from(pos, m), SQ_NONE);
        dirty_add(d, p, SQ_NONE, to);
        dirty_add(d, rook, SQ_NONE, castling_rook_to(m));
        return;
    }
    case MK_EN_PASSANT:
        dirty_add(d, make_piece(!us, PAWN), to + (us == WHITE ? -8 : 8), SQ_NONE);
        dirty_add(d, p, from, to);
        return;
    case MK_PROMOTION:
        if (piece_on(pos, to) != NO_PIECE)
            dirty_add(d, piece_on(pos, to), to, SQ_NONE);
        dirty_add(d, p, from, SQ_NONE);
        dirty_add(d, make_piece(us, move_promo(m)), SQ_NONE, to);
        return;
    default:
        if (piece_on(pos, to) != NO_PIECE)
            dirty_add(d, piece_on(pos, to), to, SQ_NONE);
        dirty_add(d, p, from, to);
        return;
    }
}

/* One pass per view over the accumulator, whatever the move changed: the
 * copy from the parent, the men that left and the men that came (at most
 * two of each) are summed lane by lane, so the accumulator is read and
 * written once, not once per man. */
void nnue_apply(const NnueAccumulator *src, NnueAccumulator *dst, const NnueDirty *d)
{
    for (Color view = WHITE; view <= BLACK; view++) {
        const int16_t *add[4], *sub[4];
        int adds = 0, subs = 0;
        for (int k = 0; k < d->count; k++) {
            if (d->from[k] != SQ_NONE)
                sub[subs++] = feature_weights(active, nnue_feature(view, d->piece[k], d->from[k]));
            if (d->to[k] != SQ_NONE)
                add[adds++] = feature_weights(active, nnue_feature(view, d->piece[k], d->to[k]));
        }
        const int16_t *in = src->v[view];
        int16_t *out = dst->v[view];
        if (adds == 1 && subs == 1) {
            for (int i = 0; i < NNUE_HIDDEN; i++)
                out[i] = (int16_t)(in[i] + add[0][i] - sub[0][i]);
        } else if (adds == 1 && subs == 2) {
            for (int i = 0; i < NNUE_HIDDEN; i++)
                out[i] = (int16_t)(in[i] + add[0][i] - sub[0][i] - sub[1][i]);
        } else {
            if (out != in)
                memcpy(out, in, sizeof dst->v[view]);
            for (int k = 0; k < subs; k++)
                sub_feature(out, sub[k]);
            for (int k = 0; k < adds; k++)
                add_feature(out, add[k]);
        }
    }
}

/* Sum over one half of clamp(x, 0, QA)^2 * w, in QA * QA * QB units. The
 * product clamp(x) * w fits 16 bits (|w| <= 1.98 * QB), and each 32-bit
 * lane adds at most NNUE_HIDDEN / 8 products below 2^23, so no order of
 * summation can overflow: the vector and the scalar code agree exactly. */
#if defined(__AVX2__) && !defined(NNUE_SCALAR)
/* vpmaddwd adds the two neighbouring 32-bit products of each lane pair,
 * which the vector extensions below cannot ask for: 16 men a step, with
 * no widening of x and x * w first. */
static int64_t half_sum(const int16_t *acc, const int16_t *w)
{
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(NNUE_QA);
    __m256i sum = zero;
    for (int i = 0; i < NNUE_HIDDEN; i += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(acc + i));
        __m256i wv = _mm256_loadu_si256((const __m256i *)(w + i));
        x = _mm256_min_epi16(_mm256_max_epi16(x, zero), qa);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_mullo_epi16(x, wv), x));
    }
    /* The lanes are added in 64 bits: eight of them may pass 2^31. */
    int32_t lanes[8];
    _mm256_storeu_si256((__m256i *)lanes, sum);
    int64_t total = 0;
    for (int i = 0; i < 8; i++)
        total += lanes[i];
    return total;
}
#elif defined(__GNUC__) && !defined(NNUE_SCALAR)
typedef int16_t V16 __attribute__((vector_size(32)));
typedef int32_t V32 __attribute__((vector_size(64)));

static int64_t half_sum(const int16_t *acc, const int16_t *w)
{
    const V16 zero = {0}, qa = zero + NNUE_QA;
    V32 sum = {0};
    for (int i = 0; i < NNUE_HIDDEN; i += 16) {
        V16 x, wv;
        memcpy(&x, acc + i, sizeof x);
        memcpy(&wv, w + i, sizeof wv);
        x = x & (x > zero);                    /* max(x, 0) */
        x = (x & (x < qa)) | (qa & (x >= qa)); /* min(x, QA) */
        V16 xw = x * wv;
        sum += __builtin_convertvector(xw, V32) * __builtin_convertvector(x, V32);
    }
    int64_t total = 0;
    for (int i = 0; i < 16; i++)
        total += sum[i];
    return total;
}
#else
static int64_t half_sum(const int16_t *acc, const int16_t *w)
{
    int64_t total = 0;
    for (int i = 0; i < NNUE_HIDDEN; i++) {
        int x = acc[i] < 0 ? 0 : acc[i] > NNUE_QA ? NNUE_QA : acc[i];
        total += (int64_t)(x * w[i]) * x;
    }
    return total;
}
#endif

int nnue_output(const NnueAccumulator *acc, const Position *pos)
{
    int bucket = nnue_output_bucket(popcount(occupied(pos)));
    const int16_t *w = active->out_w + bucket * 2 * NNUE_HIDDEN;
    Color stm = pos->side;
    int64_t sum = half_sum(acc->v[stm], w) + half_sum(acc->v[!stm], w + NNUE_HIDDEN);
    /* Division rounds toward zero, as in the field's inference code. */
    int64_t v = sum / NNUE_QA + active->out_b[bucket];
    return (int)(v * NNUE_SCALE / (NNUE_QA * NNUE_QB));
}

int nnue_evaluate(const Position *pos)
{
    NnueAccumulator acc;
    nnue_refresh(pos, &acc);
    return nnue_output(&acc, pos);
}

void nnue_stack_reset(NnueStack *st, const Position *root)
{
    if (!enabled)
        return;
    /* Every ply but the root is reached by a push, which marks it
     * unready; clearing the rest as well keeps an earlier search's flags
     * from ever being read. */
    memset(st->ready, 0, sizeof st->ready);
    nnue_refresh(root, &st->acc[0]);
    st->ready[0] = true;
}

void nnue_push(NnueStack *st, int ply, const Position *pos, Move m)
{
    if (!enabled)
        return;
    st->ready[ply + 1] = false;
    nnue_dirty(pos, m, &st->dirty[ply + 1]);
}

int nnue_stack_evaluate(NnueStack *st, int ply, const Position *pos)
{
    int q = ply;
    while (q >= 0 && !st->ready[q])
        q--;
    if (q < 0) {
        nnue_refresh(pos, &st->acc[ply]);
        st->ready[ply] = true;
    }
    for (int p = q + 1; p <= ply && !st->ready[ply]; p++) {
        nnue_apply(&st->acc[p - 1], &st->acc[p], &st->dirty[p]);
        st->ready[p] = true;
    }
#ifndef NDEBUG
    /* Debug and sanitizer builds check an incremental accumulator against
     * a refresh, one evaluation in 16: a refresh at every one took 81 % of
     * an ASan build's time (perf, bench), and a wrong update repeats along
     * the line it is on. The unit test nnue_incremental_accumulators_equal_refresh
     * checks every ply of its games. */
    if ((st->evaluations++ & 15) == 0) {
        NnueAccumulator fresh;
        nnue_refresh(pos, &fresh);
        assert(!memcmp(fresh.v, st->acc[ply].v, sizeof fresh.v));
    }
#endif
    return nnue_output(&st->acc[ply], pos);
}
