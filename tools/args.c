/* The tools' table-driven command lines (args.h). */
#include "tools/args.h"

#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <string.h>

#include "engine/parse.h"

static bool is_option(const ArgSpec *s) { return s->name[0] == '-'; }

static const ArgSpec *find_option(const ArgSpec *spec, int n, const char *word)
{
    for (int i = 0; i < n; i++)
        if (is_option(&spec[i]) && !strcmp(spec[i].name, word))
            return &spec[i];
    return NULL;
}

/* The range of an integer row: its own when given, within its type's
 * (long has 32 bits on Windows). */
static void int_range(const ArgSpec *s, int64_t *lo, int64_t *hi)
{
    int64_t type_lo = s->kind == ARG_INT ? INT_MIN : LONG_MIN, type_hi = s->kind == ARG_INT ? INT_MAX : LONG_MAX;
    *lo = s->lo < s->hi && s->lo > type_lo ? s->lo : type_lo;
    *hi = s->lo < s->hi && s->hi < type_hi ? s->hi : type_hi;
}

static bool store_number(const char *program, const ArgSpec *s, const char *word, FILE *err)
{
    ParseStatus st;
    char range[96];
    if (s->kind == ARG_U64) {
        uint64_t lo = s->lo < s->hi ? (uint64_t)s->lo : 0, hi = s->lo < s->hi ? (uint64_t)s->hi : UINT64_MAX, v;
        st = parse_u64(word, lo, hi, &v);
        if (st == PARSE_OK)
            *(uint64_t *)s->value = v;
        snprintf(range, sizeof range, "%" PRIu64 "..%" PRIu64, lo, hi);
    } else if (s->kind == ARG_FLOAT || s->kind == ARG_DOUBLE) {
        double lo = s->dlo < s->dhi ? s->dlo : s->kind == ARG_FLOAT ? -FLT_MAX : -DBL_MAX;
        double hi = s->dlo < s->dhi ? s->dhi : s->kind == ARG_FLOAT ? FLT_MAX : DBL_MAX, v;
        st = parse_double(word, lo, hi, &v);
        if (st == PARSE_OK && s->kind == ARG_FLOAT)
            *(float *)s->value = (float)v;
        else if (st == PARSE_OK)
            *(double *)s->value = v;
        snprintf(range, sizeof range, "%g..%g", lo, hi);
    } else {
        int64_t lo, hi, v;
        int_range(s, &lo, &hi);
        st = parse_i64(word, lo, hi, &v);
        if (st == PARSE_OK && s->kind == ARG_INT)
            *(int *)s->value = (int)v;
        else if (st == PARSE_OK)
            *(long *)s->value = (long)v;
        snprintf(range, sizeof range, "%" PRId64 "..%" PRId64, lo, hi);
    }
    if (st == PARSE_BAD)
        fprintf(err, "%s: %s: '%s' is not a number\n", program, s->name, word);
    else if (st == PARSE_RANGE)
        fprintf(err, "%s: %s: %s is outside %s\n", program, s->name, word, range);
    return st == PARSE_OK;
}

/* Stores one value (word) of row s; false with the reason said. */
static bool store(const char *program, const ArgSpec *s, const char *word, FILE *err)
{
    switch (s->kind) {
    case ARG_FLAG: *(bool *)s->value = true; return true;
    case ARG_STRING: *(const char **)s->value = word; return true;
    case ARG_LIST: {
        ArgList *l = s->value;
        if (l->count == l->cap) {
            fprintf(err, "%s: %s: more than %d values\n", program, s->name, l->cap);
            return false;
        }
        l->items[l->count++] = word;
        return true;
    }
    default: return store_number(program, s, word, err);
    }
}

ArgsStatus args_parse(const char *program, const ArgSpec *spec, int n, int argc, char **argv, FILE *err)
{
    int i = 1;
    for (; i < argc && !strncmp(argv[i], "--", 2); i++) {
        if (!argv[i][2]) { /* "--": the positional words start after it */
            i++;
            break;
        }
        if (!strcmp(argv[i], "--help"))
            return ARGS_HELP;
        const ArgSpec *s = find_option(spec, n, argv[i]);
        if (!s) {
            fprintf(err, "%s: unknown option %s\n", program, argv[i]);
            return ARGS_ERROR;
        }
        if (s->kind != ARG_FLAG && i + 1 >= argc) {
            fprintf(err, "%s: %s needs a value (%s)\n", program, s->name, s->meta ? s->meta : "one word");
            return ARGS_ERROR;
        }
        if (!store(program, s, s->kind == ARG_FLAG ? NULL : argv[++i], err))
            return ARGS_ERROR;
    }
    for (int k = 0; k < n; k++) {
        const ArgSpec *s = &spec[k];
        if (is_option(s))
            continue;
        bool missing = i >= argc;
        if (missing && !s->optional) {
            fprintf(err, "%s: %s missing\n", program, s->name);
            return ARGS_ERROR;
        }
        ArgList *l = s->value;
        if (s->kind == ARG_LIST && !l->items) { /* the words left, in place */
            l->items = (const char **)(argv + i);
            l->count = l->cap = argc - i;
            i = argc;
        }
        while (i < argc) {
            if (!store(program, s, argv[i++], err))
                return ARGS_ERROR;
            if (s->kind != ARG_LIST)
                break;
        }
    }
    if (i < argc) {
        fprintf(err, "%s: unexpected argument '%s'\n", program, argv[i]);
        return ARGS_ERROR;
    }
    return ARGS_OK;
}

void args_usage(const char *program, const ArgSpec *spec, int n, FILE *f)
{
    int column = fprintf(f, "usage: %s", program), indent = column;
    for (int k = 0; k < n; k++) {
        const ArgSpec *s = &spec[k];
        char word[128];
        if (is_option(s))
            snprintf(word, sizeof word, "[%s%s%s]", s->name, s->meta ? " " : "", s->meta ? s->meta : "");
        else
            snprintf(word, sizeof word, "%s%s%s%s", s->optional ? "[" : "", s->name, s->kind == ARG_LIST ? "..." : "",
                     s->optional ? "]" : "");
        /* Lines of at most about 100 characters, continued under the first word. */
        if (column + 1 + (int)strlen(word) > 100)
            column = fprintf(f, "\n%*s", indent, "") - 1;
        column += fprintf(f, " %s", word);
    }
    fprintf(f, "\n");
    for (int k = 0; k < n; k++) {
        const ArgSpec *s = &spec[k];
        char head[64];
        snprintf(head, sizeof head, "%s%s%s", s->name, s->meta ? " " : "", s->meta ? s->meta : "");
        fprintf(f, "  %-24s %s\n", head, s->help);
    }
}
