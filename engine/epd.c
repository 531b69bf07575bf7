/* EPD lines (epd.h). */
#include "engine/epd.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* A word of the line: text and length (not NUL-terminated). */
typedef struct {
    const char *s;
    size_t len;
} Word;

static bool epd_error(char *err, size_t es, const char *msg)
{
    if (err && es)
        snprintf(err, es, "invalid EPD: %s", msg);
    return false;
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static const char *skip_blanks(const char *p)
{
    while (is_blank(*p))
        p++;
    return p;
}

/* The word at p, ending at a blank, a ';' or the end of the line. */
static Word word_at(const char *p)
{
    Word w = {p, 0};
    while (p[w.len] && !is_blank(p[w.len]) && p[w.len] != ';')
        w.len++;
    return w;
}

static bool all_digits(Word w)
{
    if (!w.len)
        return false;
    for (size_t i = 0; i < w.len; i++)
        if (!isdigit((unsigned char)w.s[i]))
            return false;
    return true;
}

static bool word_is(Word w, const char *s) { return w.len == strlen(s) && !memcmp(w.s, s, w.len); }

/* Reads the operation at *pp (an opcode first) up to and past its ';' or
 * the end of the line; a clock operation's number goes into *hmvc or
 * *fmvn. */
static bool read_operation(const char **pp, Word *hmvc, Word *fmvn, char *err, size_t es)
{
    const char *p = *pp;
    if (!isalpha((unsigned char)*p))
        return epd_error(err, es, "an operation must start with an opcode (a letter)");
    Word opcode = {p, 0};
    while (isalnum((unsigned char)p[opcode.len]) || p[opcode.len] == '_')
        opcode.len++;
    p += opcode.len;
    if (*p && !is_blank(*p) && *p != ';')
        return epd_error(err, es, "an opcode is letters, digits and '_'");
    Word operand = {NULL, 0};
    int operands = 0;
    for (p = skip_blanks(p); *p && *p != ';'; p = skip_blanks(p)) {
        if (*p == '"') {
            const char *end = strchr(p + 1, '"');
            if (!end)
                return epd_error(err, es, "a string operand has no closing quote");
            operand = (Word){p, (size_t)(end + 1 - p)};
        } else
            operand = word_at(p);
        p = operand.s + operand.len;
        operands++;
    }
    if (*p == ';')
        p++;
    *pp = p;
    bool is_hmvc = word_is(opcode, "hmvc");
    if (!is_hmvc && !word_is(opcode, "fmvn"))
        return true;
    if (operands != 1 || !all_digits(operand))
        return epd_error(err, es, is_hmvc ? "hmvc needs one unsigned number" : "fmvn needs one unsigned number");
    *(is_hmvc ? hmvc : fmvn) = operand;
    return true;
}

bool pos_set_epd(Position *pos, const char *epd, bool chess960, char *err, size_t es, char *warn, size_t ws)
{
    Word fields[4], clocks[2] = {{"0", 1}, {"1", 1}};
    const char *p = epd;
    for (int i = 0; i < 4; i++) {
        p = skip_blanks(p);
        fields[i] = word_at(p);
        if (!fields[i].len)
            return epd_error(err, es, "expected placement, side to move, castling and en passant");
        p += fields[i].len;
    }
    /* A FEN's clocks: an opcode starts with a letter, so a number here
     * can only be one. */
    for (int i = 0; i < 2; i++) {
        p = skip_blanks(p);
        Word w = word_at(p);
        if (!all_digits(w))
            break;
        clocks[i] = w;
        p += w.len;
    }
    Word hmvc = clocks[0], fmvn = clocks[1];
    /* A ';' with no operation before it (after the fields, or doubled) is
     * passed over: books write "FEN ;" and ";;". */
    for (p = skip_blanks(p); *p; p = skip_blanks(p)) {
        if (*p == ';')
            p++;
        else if (!read_operation(&p, &hmvc, &fmvn, err, es))
            return false;
    }
    char fen[256];
    int n = snprintf(fen, sizeof fen, "%.*s %.*s %.*s %.*s %.*s %.*s", (int)fields[0].len, fields[0].s,
                     (int)fields[1].len, fields[1].s, (int)fields[2].len, fields[2].s, (int)fields[3].len, fields[3].s,
                     (int)hmvc.len, hmvc.s, (int)fmvn.len, fmvn.s);
    if (n < 0 || (size_t)n >= sizeof fen)
        return epd_error(err, es, "a field is too long");
    return pos_set_fen_mode(pos, fen, chess960, err, es, warn, ws);
}
