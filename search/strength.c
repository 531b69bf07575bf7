/* The strength limiter (strength.h): the calibration anchors, the pick
 * among the best root moves, and its glue to the searcher (thread.h). */
#include "strength.h"

#include <string.h>
#include <time.h>

#include "engine/random.h"
#include "thread.h"

/* Calibration anchors, Elo ascending. At an anchor's Elo the budget is
 * 2^(log2_nodes16 / 16) nodes and the noise `noise` cp; in between, log2 of
 * the budget and the noise are linear in the Elo (so the budget is
 * exponential), and above the last anchor the last segment goes on up to
 * STRENGTH_ELO_MAX.
 *
 * The Elo column is measured against Stockfish 15.1 at UCI_LimitStrength
 * (tools/calibrate_elo.md; README, "Playing strength", has the table).
 * 40-game probes at 5+0.05 placed 512 nodes at 1500 (-9 +- 110), 2,048
 * and 8,192 nodes at 1900 - 168 and 1900 + 61 (about 115 Elo a doubling
 * there), 32,768 nodes at 2300 - 359, and the unlimited engine at 10+0.1
 * (about 200,000 nodes a move on one core) near 2300. The 1350 row was
 * set from a first run at about 200 nodes and 67 cp of noise, which scored
 * 1 of 48 at 1900. 100 games at 10+0.1 against the same UCI_Elo then gave
 * 1350 +10 +- 67, 1500 +56 +- 69, 1900 -63 +- 65. The 2300 row is an
 * estimate: more than a 10+0.1 move searches. Stockfish's top levels (2850
 * is depth 19 with a small error) are out of reach of one core, so the
 * range stops at 2300. */
typedef struct {
    int elo;
    int log2_nodes16; /* log2 of the budget, 1/16 units */
    int noise;        /* cp */
} Anchor;

static const Anchor ANCHORS[] = {
    {1350, 136, 60}, /*     362 nodes */
    {1500, 144, 0},  /*     512 */
    {1900, 199, 0},  /*   5,520 */
    {2300, 300, 0},  /* 441,000: more than a 10+0.1 move; estimated */
};
#define ANCHOR_COUNT (int)(sizeof ANCHORS / sizeof ANCHORS[0])

/* Noise of a few cp only sets close moves apart, so fewer lines do: one more
 * line per 20 cp keeps the internal MultiPV's cost (it spends the same
 * budget on more moves) from jumping where the noise starts. */
#define NOISE_PER_LINE 20

/* The noise never reaches a rook's worth, so at every level a hanging
 * queen or rook is taken (and a mate always played: strength_pick). */
#define NOISE_MAX 400

uint64_t strength_exp2_q8(int log2_q8)
{
    /* round(65536 * 2^(j/16)), j = 0..16 */
    static const uint32_t POW[17] = {65536, 68438,  71468,  74632,  77936,  81386,  84990,  88752, 92682,
                                     96785, 101070, 105545, 110218, 115098, 120194, 125515, 131072};
    if (log2_q8 < 0)
        log2_q8 = 0;
    if (log2_q8 >= 40 * 256) /* 2^40 nodes: no search lasts that long */
        log2_q8 = 40 * 256 - 1;
    int whole = log2_q8 >> 8, j = (log2_q8 >> 4) & 15, r = log2_q8 & 15;
    uint64_t mant = POW[j] + (uint64_t)(POW[j + 1] - POW[j]) * (uint64_t)r / 16; /* Q16 */
    return (mant << whole) >> 16;
}

/* a + (b - a) * (x - x0) / (x1 - x0); the division truncates toward zero,
 * which keeps the result monotone in x. */
static int lerp(int a, int b, int x, int x0, int x1) { return a + (int)((long)(b - a) * (x - x0) / (x1 - x0)); }

StrengthParams strength_params(int elo)
{
    StrengthParams p = {.nodes = 0, .noise = 0, .lines = 1};
    elo = elo < STRENGTH_ELO_MIN ? STRENGTH_ELO_MIN : elo > STRENGTH_ELO_MAX ? STRENGTH_ELO_MAX : elo;
    if (elo < ANCHORS[0].elo)
        elo = ANCHORS[0].elo;
    int i = 0;
    while (i + 2 < ANCHOR_COUNT && elo >= ANCHORS[i + 1].elo)
        i++;
    const Anchor *a = &ANCHORS[i], *b = &ANCHORS[i + 1];
    int log2_q8 = lerp(a->log2_nodes16 * 16, b->log2_nodes16 * 16, elo, a->elo, b->elo);
    int noise = lerp(a->noise, b->noise, elo, a->elo, b->elo);
    p.nodes = strength_exp2_q8(log2_q8);
    p.noise = noise < 0 ? 0 : noise > NOISE_MAX ? NOISE_MAX : noise;
    if (p.noise) {
        int lines = 1 + (p.noise + NOISE_PER_LINE - 1) / NOISE_PER_LINE;
        p.lines = lines < STRENGTH_LINES ? lines : STRENGTH_LINES;
    }
    return p;
}

int strength_pick(const int *scores, int count, int noise, uint64_t *rng)
{
    if (noise <= 0 || count <= 1 || scores[0] >= VALUE_MATE_IN_MAX_PLY)
        return 0;
    int best = 0, best_total = 0;
    for (int i = 0; i < count; i++) {
        if (i > 0 && scores[i] <= -VALUE_MATE_IN_MAX_PLY)
            continue;
        int total = scores[i] + (int)(splitmix64(rng) % (uint64_t)(noise + 1));
        if (i == 0 || total > best_total)
            best = i, best_total = total;
    }
    return best;
}

uint64_t strength_clock_seed(void)
{
    struct timespec wall, mono;
    clock_gettime(CLOCK_REALTIME, &wall);
    clock_gettime(CLOCK_MONOTONIC, &mono);
    uint64_t state = (uint64_t)wall.tv_sec * 1000000007ULL ^ (uint64_t)wall.tv_nsec ^ (uint64_t)mono.tv_nsec << 32;
    return splitmix64(&state);
}

/* ---- the searcher's side ------------------------------------------------ */

void strength_begin(Searcher *s)
{
    StrengthParams off = {.nodes = 0, .noise = 0, .lines = 1};
    s->strength = s->opt.limit_strength ? strength_params(s->opt.elo) : off;
    s->strength_count = 0;
}

void strength_record(const SearchThread *t, int lines)
{
    Searcher *s = t->searcher;
    if (t->id != 0 || s->strength.lines <= 1)
        return;
    s->strength_count = lines < STRENGTH_LINES ? lines : STRENGTH_LINES;
    memcpy(s->strength_lines, t->root, sizeof(RootMove) * (size_t)s->strength_count);
}

const RootMove *strength_choice(Searcher *s)
{
    int scores[STRENGTH_LINES];
    if (!s->strength.noise || s->strength_count == 0)
        return NULL;
    for (int i = 0; i < s->strength_count; i++)
        scores[i] = s->strength_lines[i].score;
    return &s->strength_lines[strength_pick(scores, s->strength_count, s->strength.noise, &s->strength_rng)];
}
