/* Parsing of the words that commands receive (UCI lines, command-line
 * arguments, FEN fields), for every folder: strict decimal integers and
 * fractions, and the joining of words back into one string. A number is the whole word,
 * without spaces; a value beyond 64 bits is out of range, never wrapped or
 * silently clamped. */
#ifndef KS_PARSE_H
#define KS_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    PARSE_OK,    /* a number within the range */
    PARSE_BAD,   /* not a number */
    PARSE_RANGE, /* a number outside the range */
} ParseStatus;

/* A signed decimal, [+-]?[0-9]+ and nothing else. PARSE_OK: *out = the
 * value, lo <= value <= hi. PARSE_RANGE: *out = the nearer bound (lo for a
 * number below it, also one below INT64_MIN; else hi). PARSE_BAD (NULL,
 * "", a sign alone, spaces, any other character): *out untouched. */
ParseStatus parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out);

/* An unsigned decimal, [0-9]+ and nothing else (a sign is PARSE_BAD);
 * otherwise as parse_i64 (a number beyond UINT64_MAX gives hi). */
ParseStatus parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* A decimal fraction, [+-]?digits[.digits][(e|E)[+-]?digits] (digits on
 * at least one side of the point) and nothing else: no spaces, hex, inf
 * or nan. PARSE_OK: *out = the nearest double, lo <= value <= hi.
 * PARSE_RANGE: *out = the nearer bound (also for a value beyond a
 * double). PARSE_BAD: *out untouched. Read with the C library (the "C"
 * locale's point), after the strict check. */
ParseStatus parse_double(const char *s, double lo, double hi, double *out);

/* Joins words[from, to) with single spaces into buf (n bytes); false,
 * buf holding a prefix, if they do not fit. */
bool join_words(char *const *words, int from, int to, char *buf, size_t n);

#endif
