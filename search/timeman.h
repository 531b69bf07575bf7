/* Time management: from the `go` clock fields to a soft limit (do not start
 * another iteration after it, scaled by best-move stability) and a hard
 * limit (abort the search). Milliseconds. */
#ifndef KS_TIMEMAN_H
#define KS_TIMEMAN_H

#include <stdint.h>

#include "search.h"

typedef struct {
    int64_t soft, hard; /* ms from the start; 0 = no limit */
} TimeLimits;

/* us = side to move; overhead = Move Overhead option (ms). Handles zero or
 * negative clocks and movestogo 0 (treated as not given). */
TimeLimits time_limits(const SearchLimits *limits, Color us, int overhead);

/* Milliseconds on a monotonic clock. */
int64_t now_ms(void);

#endif
