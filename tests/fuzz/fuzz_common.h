/* Shared by the libFuzzer targets (tests/fuzz/README.md): start-up once,
 * output away from the fuzzer's own, and a check that aborts, so that
 * libFuzzer records the input as a finding. */
#ifndef KS_FUZZ_COMMON_H
#define KS_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "search/init.h"

#define FUZZ_CHECK(expr)                                                                                               \
    do {                                                                                                               \
        if (!(expr)) {                                                                                                 \
            fprintf(stderr, "%s:%d: FUZZ_CHECK(%s) failed\n", __FILE__, __LINE__, #expr);                              \
            abort();                                                                                                   \
        }                                                                                                              \
    } while (0)

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The engine's start-up; the engine's own output (info strings, `d`)
 * goes to /dev/null. */
static inline void fuzz_init(void)
{
    keysquare_init();
    if (!freopen("/dev/null", "w", stdout))
        abort();
}

#endif
