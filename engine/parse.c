/* Strict decimal integers, read digit by digit: strtol would accept
 * leading spaces, saturate on overflow and depend on errno. */
#include "parse.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Digits of s into *mag; false if s is not [0-9]+. *over: the value does
 * not fit in 64 bits (*mag is then meaningless). */
static bool read_digits(const char *s, uint64_t *mag, bool *over)
{
    *mag = 0;
    *over = false;
    if (!*s)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        unsigned d = (unsigned)(*s - '0');
        if (*mag > (UINT64_MAX - d) / 10)
            *over = true;
        *mag = *mag * 10 + d;
    }
    return true;
}

ParseStatus parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    bool over;
    if (!s || !read_digits(s, &v, &over))
        return PARSE_BAD;
    if (over || v < lo || v > hi) {
        *out = !over && v < lo ? lo : hi;
        return PARSE_RANGE;
    }
    *out = v;
    return PARSE_OK;
}

ParseStatus parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    uint64_t mag;
    bool over, negative = s && *s == '-';
    if (!s || !read_digits(s + (*s == '-' || *s == '+'), &mag, &over))
        return PARSE_BAD;
    /* |INT64_MIN| = INT64_MAX + 1 */
    over |= mag > (uint64_t)INT64_MAX + negative;
    if (over) {
        *out = negative ? lo : hi;
        return PARSE_RANGE;
    }
    int64_t v = !negative ? (int64_t)mag : mag > (uint64_t)INT64_MAX ? INT64_MIN : -(int64_t)mag;
    if (v < lo || v > hi) {
        *out = v < lo ? lo : hi;
        return PARSE_RANGE;
    }
    *out = v;
    return PARSE_OK;
}

/* Digits from *s on, past them; how many there were. */
static int skip_digits(const char **s)
{
    int n = 0;
    for (; **s >= '0' && **s <= '9'; ++*s)
        n++;
    return n;
}

ParseStatus parse_double(const char *s, double lo, double hi, double *out)
{
    if (!s)
        return PARSE_BAD;
    const char *p = s + (*s == '-' || *s == '+');
    int digits = skip_digits(&p);
    if (*p == '.') {
        p++;
        digits += skip_digits(&p);
    }
    if (!digits)
        return PARSE_BAD;
    if (*p == 'e' || *p == 'E') {
        p++;
        p += *p == '-' || *p == '+';
        if (!skip_digits(&p))
            return PARSE_BAD;
    }
    if (*p)
        return PARSE_BAD;
    /* strtod saturates at +-HUGE_VAL and underflows towards zero; the
     * syntax is already known to be a number. */
    double v = strtod(s, NULL);
    if (!(v >= lo && v <= hi) || isinf(v)) {
        *out = v < lo ? lo : hi;
        return PARSE_RANGE;
    }
    *out = v;
    return PARSE_OK;
}

bool join_words(char *const *words, int from, int to, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = from; i < to; i++) {
        size_t w = strlen(words[i]) + (i > from);
        if (len + w >= n)
            return false;
        if (i > from)
            buf[len++] = ' ';
        memcpy(buf + len, words[i], w - (i > from) + 1);
        len += w - (i > from);
    }
    return true;
}
