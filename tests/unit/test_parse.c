/* The number parser of engine/parse.h. Expected values are the limits of
 * the C types as C11 (7.20.2) gives them: INT64_MAX = 9223372036854775807,
 * INT64_MIN = -9223372036854775808, UINT64_MAX = 18446744073709551615,
 * written out here as text, and plain decimal arithmetic. */
#include <string.h>

#include "engine/parse.h"
#include "harness.h"

TEST(parse_i64_limits)
{
    int64_t v = 0;
    CHECK(parse_i64("9223372036854775807", INT64_MIN, INT64_MAX, &v) == PARSE_OK);
    CHECK(v == INT64_MAX);
    CHECK(parse_i64("-9223372036854775808", INT64_MIN, INT64_MAX, &v) == PARSE_OK);
    CHECK(v == INT64_MIN);
    /* One past each limit: out of range, the nearer bound given. */
    CHECK(parse_i64("9223372036854775808", INT64_MIN, INT64_MAX, &v) == PARSE_RANGE);
    CHECK(v == INT64_MAX);
    CHECK(parse_i64("-9223372036854775809", INT64_MIN, INT64_MAX, &v) == PARSE_RANGE);
    CHECK(v == INT64_MIN);
    /* Far past 64 bits, where a digit loop would wrap. */
    CHECK(parse_i64("99999999999999999999999999", -5, 5, &v) == PARSE_RANGE);
    CHECK(v == 5);
    CHECK(parse_i64("-18446744073709551617", -5, 5, &v) == PARSE_RANGE);
    CHECK(v == -5);
}

TEST(parse_i64_signs_and_range)
{
    int64_t v = 0;
    CHECK(parse_i64("+42", 0, 100, &v) == PARSE_OK && v == 42);
    CHECK(parse_i64("-42", -100, 0, &v) == PARSE_OK && v == -42);
    CHECK(parse_i64("-0", 0, 0, &v) == PARSE_OK && v == 0);
    CHECK(parse_i64("007", 0, 10, &v) == PARSE_OK && v == 7);
    CHECK(parse_i64("101", 0, 100, &v) == PARSE_RANGE && v == 100);
    CHECK(parse_i64("-1", 0, 100, &v) == PARSE_RANGE && v == 0);
    CHECK(parse_i64("64", 0, 64, &v) == PARSE_OK && v == 64);
    CHECK(parse_i64("65", 0, 64, &v) == PARSE_RANGE && v == 64);
}

TEST(parse_rejects_what_is_not_a_number)
{
    static const char *const BAD[] = {"", "-", "+", " 5", "5 ", "12abc", "0x10", "1e3", "1.5", "--5", "+-5", "5-"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        int64_t v = 77;
        uint64_t u = 77;
        CHECK_MSG(parse_i64(BAD[i], INT64_MIN, INT64_MAX, &v) == PARSE_BAD && v == 77, "'%s'", BAD[i]);
        CHECK_MSG(parse_u64(BAD[i], 0, UINT64_MAX, &u) == PARSE_BAD && u == 77, "'%s'", BAD[i]);
    }
    int64_t v = 77;
    CHECK(parse_i64(NULL, 0, 1, &v) == PARSE_BAD && v == 77);
}

TEST(parse_u64_limits_and_signs)
{
    uint64_t u = 0;
    CHECK(parse_u64("18446744073709551615", 0, UINT64_MAX, &u) == PARSE_OK);
    CHECK(u == UINT64_MAX);
    CHECK(parse_u64("18446744073709551616", 0, UINT64_MAX, &u) == PARSE_RANGE);
    CHECK(u == UINT64_MAX);
    CHECK(parse_u64("0", 0, 10, &u) == PARSE_OK && u == 0);
    CHECK(parse_u64("0", 1, 10, &u) == PARSE_RANGE && u == 1);
    CHECK(parse_u64("100000", 0, 100000, &u) == PARSE_OK && u == 100000);
    /* No sign: a halfmove clock or a count is written without one. */
    u = 77;
    CHECK(parse_u64("+5", 0, 10, &u) == PARSE_BAD && u == 77);
    CHECK(parse_u64("-5", 0, 10, &u) == PARSE_BAD && u == 77);
    CHECK(parse_u64(NULL, 0, 10, &u) == PARSE_BAD && u == 77);
}

TEST(join_words_fits_or_says_so)
{
    char *words[] = {"8/8/8", "w", "-", "-"};
    char buf[16];
    CHECK(join_words(words, 0, 4, buf, sizeof buf));
    CHECK(!strcmp(buf, "8/8/8 w - -"));
    CHECK(join_words(words, 1, 1, buf, sizeof buf) && buf[0] == '\0');
    CHECK(!join_words(words, 0, 4, buf, 11)); /* 11 characters need 12 bytes */
    CHECK(join_words(words, 0, 4, buf, 12));
}

TEST(parse_double_reads_decimals_and_refuses_the_rest)
{
    double d = 0;
    CHECK(parse_double("0.001", 0, 1, &d) == PARSE_OK && d == 0.001);
    CHECK(parse_double("-2.5", -10, 10, &d) == PARSE_OK && d == -2.5);
    CHECK(parse_double("+.5", 0, 1, &d) == PARSE_OK && d == 0.5);
    CHECK(parse_double("5.", 0, 10, &d) == PARSE_OK && d == 5.0);
    CHECK(parse_double("3e-5", 0, 1, &d) == PARSE_OK && d == 0.00003);
    CHECK(parse_double("1E3", 0, 1e4, &d) == PARSE_OK && d == 1000.0);
    CHECK(parse_double("42", 0, 100, &d) == PARSE_OK && d == 42.0);
    CHECK(parse_double("1.5", 0, 1, &d) == PARSE_RANGE && d == 1.0);
    CHECK(parse_double("-0.1", 0, 1, &d) == PARSE_RANGE && d == 0.0);
    CHECK(parse_double("1e999", 0, 1e300, &d) == PARSE_RANGE && d == 1e300);
    static const char *const BAD[] = {"",   ".",    "-",   "e5",  "1e",    "1e+", " 1",
                                      "1 ", "0x10", "inf", "nan", "1.2.3", "1,5"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        d = 77;
        CHECK_MSG(parse_double(BAD[i], -1e9, 1e9, &d) == PARSE_BAD && d == 77, "'%s'", BAD[i]);
    }
    CHECK(parse_double(NULL, 0, 1, &d) == PARSE_BAD);
}
