/* Minimal assert harness for the unit tests. A test is written
 *     TEST(name) { CHECK(expr); CHECK_EQ_U64(a, b); }
 * at the start of a line in any tests/unit file; the Makefile collects
 * the names into the runner. A failing check reports and the test goes on. */
#ifndef KS_HARNESS_H
#define KS_HARNESS_H

#include <stdint.h>
#include <stdio.h>

extern int harness_failures; /* checks failed in the current test */

#define TEST(name)                                                                                                     \
    void test_##name(void);                                                                                            \
    void test_##name(void)

#define CHECK(expr)                                                                                                    \
    do {                                                                                                               \
        if (!(expr)) {                                                                                                 \
            harness_failures++;                                                                                        \
            printf("    %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #expr);                                        \
        }                                                                                                              \
    } while (0)

#define CHECK_MSG(expr, ...)                                                                                           \
    do {                                                                                                               \
        if (!(expr)) {                                                                                                 \
            harness_failures++;                                                                                        \
            printf("    %s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #expr);                                        \
            printf(__VA_ARGS__);                                                                                       \
            printf("\n");                                                                                              \
        }                                                                                                              \
    } while (0)

#define CHECK_EQ_U64(a, b)                                                                                             \
    do {                                                                                                               \
        uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                                               \
        if (a_ != b_) {                                                                                                \
            harness_failures++;                                                                                        \
            printf("    %s:%d: %s == %llu, expected %llu\n", __FILE__, __LINE__, #a, (unsigned long long)a_,           \
                   (unsigned long long)b_);                                                                            \
        }                                                                                                              \
    } while (0)

/* Initialises the engine's tables once (bitboards, keys, ...). */
void harness_init_engine(void);

#endif
