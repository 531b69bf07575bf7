/* The strength limiter's arithmetic (search/strength.h), against
 * independent computations: libm's exp2 for the node budget's exponential,
 * and the counting of a uniform distribution for the pick. */
#include <math.h>

#include "engine/types.h"
#include "harness.h"
#include "search/search.h"
#include "search/strength.h"

TEST(strength_exp2_matches_libm)
{
    for (int k = 0; k < 40; k++)
        CHECK_EQ_U64(strength_exp2_q8(k * 256), 1ULL << k);
    for (int l = 0; l < 36 * 256; l++) {
        double want = exp2(l / 256.0), got = (double)strength_exp2_q8(l);
        CHECK_MSG(fabs(got - want) <= want * 3e-4 + 1, "2^(%d/256): %.0f, libm %.3f", l, got, want);
    }
}

TEST(strength_params_monotone_in_elo)
{
    StrengthParams prev = strength_params(STRENGTH_ELO_MIN);
    CHECK(prev.nodes > 0);
    CHECK(prev.noise > 0); /* the lowest level errs on purpose */
    for (int elo = STRENGTH_ELO_MIN + 1; elo <= STRENGTH_ELO_MAX; elo++) {
        StrengthParams p = strength_params(elo);
        CHECK_MSG(p.nodes >= prev.nodes, "Elo %d: %llu nodes < %llu", elo, (unsigned long long)p.nodes,
                  (unsigned long long)prev.nodes);
        CHECK_MSG(p.noise <= prev.noise && p.lines <= prev.lines, "Elo %d: noise or lines rose", elo);
        CHECK(p.lines >= 1 && p.lines <= STRENGTH_LINES);
        CHECK((p.noise > 0) == (p.lines > 1));
        prev = p;
    }
    /* The top of the range: no noise, and a budget that a 20,000-node
     * search (strength.bats) stays inside. */
    CHECK(prev.noise == 0 && prev.nodes > 20000);
    /* Outside the range: its ends. */
    StrengthParams low = strength_params(0), min = strength_params(STRENGTH_ELO_MIN);
    CHECK(low.nodes == min.nodes && low.noise == min.noise && low.lines == min.lines);
    StrengthParams high = strength_params(5000);
    CHECK(high.nodes == prev.nodes && high.noise == 0 && high.lines == 1);
}

TEST(strength_pick_plain_cases)
{
    uint64_t rng = 1;
    int close[4] = {30, 25, 20, 10};
    CHECK(strength_pick(close, 4, 0, &rng) == 0);   /* no noise */
    CHECK(strength_pick(close, 1, 100, &rng) == 0); /* one candidate */
    int mate[3] = {VALUE_MATE - 1, 20, 10};         /* mate in one for the side to move */
    int mated[2] = {-50, -VALUE_MATE + 2};          /* the second move gets mated */
    int far[2] = {300, 100};                        /* 200 cp apart */
    for (int i = 0; i < 2000; i++) {
        CHECK(strength_pick(mate, 3, 400, &rng) == 0);
        CHECK(strength_pick(mated, 2, 400, &rng) == 0);
        CHECK(strength_pick(far, 2, 199, &rng) == 0);
    }
}

TEST(strength_pick_follows_the_uniform_noise)
{
    /* Two moves d = 50 cp apart, bonuses u1, u2 uniform on 0..100: the
     * second wins when u2 - u1 > 50, in sum_{k=51}^{100} (101 - k) = 1275
     * of the 101^2 = 10201 pairs (12.50 %). */
    uint64_t rng = 42;
    int two[2] = {50, 0}, n = 40000, second = 0;
    for (int i = 0; i < n; i++)
        second += strength_pick(two, 2, 100, &rng) == 1;
    double p = (double)second / n, want = 1275.0 / 10201;
    CHECK_MSG(fabs(p - want) < 0.01, "second chosen %.4f, expected %.4f", p, want);
    /* Four equal moves: each a quarter of the time (ties, 1 % of draws,
     * go to the earlier move). */
    int equal[4] = {0, 0, 0, 0}, count[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++)
        count[strength_pick(equal, 4, 100, &rng)]++;
    for (int i = 0; i < 4; i++)
        CHECK_MSG(fabs((double)count[i] / n - 0.25) < 0.02, "move %d chosen %d of %d", i, count[i], n);
    /* The same seed gives the same choices. */
    uint64_t a = 7, b = 7;
    for (int i = 0; i < 100; i++)
        CHECK(strength_pick(equal, 4, 100, &a) == strength_pick(equal, 4, 100, &b));
}
