/* Unit-test runner: runs every TEST (or those whose name contains argv[1])
 * and ends with "unit: N passed, N failed". */
#include <string.h>

#include "harness.h"
#include "test_list.h.inc"

int harness_failures;

typedef struct {
    const char *name;
    void (*fn)(void);
} TestCase;

#define X(name) void test_##name(void);
TEST_LIST
#undef X
#define X(name) {#name, test_##name},
static const TestCase TESTS[] = {TEST_LIST};
#undef X

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    harness_init_engine();
    for (size_t i = 0; i < sizeof TESTS / sizeof TESTS[0]; i++) {
        if (argc > 1 && !strstr(TESTS[i].name, argv[1]))
            continue;
        harness_failures = 0;
        TESTS[i].fn();
        printf("%s %s\n", harness_failures ? "not ok" : "ok", TESTS[i].name);
        if (harness_failures)
            failed++;
        else
            passed++;
    }
    printf("unit: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
