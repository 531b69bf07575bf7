/* The project's one pseudo-random generator: SplitMix64 (Steele, Lea and
 * Flood 2014, "Fast splittable pseudorandom number generators"; constants
 * as in Vigna's public-domain reference). Small, fast, and the same
 * sequence on every machine: Zobrist keys, random positions (bench mate),
 * random games (tools/datagen) and the tests all draw from it. */
#ifndef KS_RANDOM_H
#define KS_RANDOM_H

#include <stdint.h>

/* Advances *state and returns the next 64 random bits. */
static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
