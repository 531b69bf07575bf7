/* The weight vector of eval/tune.h, read from eval/weights.c. */
#include "eval/tune.h"

#include "eval/weights.h"

/* Each list entry's tuned span lies inside its weight and, unless it skips
 * entries on purpose (FIRST > 0), covers all of it: a COUNT that disagrees
 * with SHAPE fails here rather than in the tuner. */
#define CHECK_SPAN(name, shape, first, count)                                                                          \
    _Static_assert((first) + (count) <= (int)(sizeof(name) / sizeof(Score))                                            \
                       && ((first) > 0 || (count) == (int)(sizeof(name) / sizeof(Score))),                             \
                   #name ": COUNT does not match SHAPE");
EVAL_WEIGHTS(CHECK_SPAN)
#undef CHECK_SPAN

/* The tuner takes the indices from TP_CX_FIRST up to TP_KS_FIRST as the
 * complexity features and the rest as king-safety units. */
_Static_assert(TP_COMPLEXITY_LAST + 1 == TP_KS_FIRST, "the king-safety units must follow COMPLEXITY");

typedef struct {
    int offset;
    const Score *weights;
    int count;
} WeightGroup;

/* 2-D tables are contiguous, so a span may cross their rows. */
#define GROUP(name, shape, first, count) {TP_##name, (const Score *)&name + (first), count},
static const WeightGroup GROUPS[] = {EVAL_WEIGHTS(GROUP)};
#undef GROUP

void eval_tune_weights(int mg[TP_NB], int eg[TP_NB])
{
    for (size_t g = 0; g < sizeof GROUPS / sizeof GROUPS[0]; g++)
        for (int i = 0; i < GROUPS[g].count; i++) {
            mg[GROUPS[g].offset + i] = mg_of(GROUPS[g].weights[i]);
            eg[GROUPS[g].offset + i] = eg_of(GROUPS[g].weights[i]);
        }
}
