/* The tools' command lines, from one table per program: each row names an
 * option (`--name`) or a positional argument (a name without dashes), what
 * it holds and where it goes. Numbers are read by engine/parse.h, so a
 * tool accepts "12" but not "12x", " 12" or a value beyond its range.
 *
 * Options come first; the first word that is not one (or `--`) starts the
 * positional arguments, which fill the positional rows in order, and a
 * list row takes every word left. `--help` anywhere among the options asks
 * for the usage. */
#ifndef KS_ARGS_H
#define KS_ARGS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
    ARG_FLAG,   /* bool, set to true; takes no value */
    ARG_INT,    /* int */
    ARG_LONG,   /* long */
    ARG_U64,    /* uint64_t; a sign is refused */
    ARG_FLOAT,  /* float */
    ARG_DOUBLE, /* double */
    ARG_STRING, /* const char *, pointing into argv */
    ARG_LIST,   /* ArgList: every value of a repeated option, or the positional words left */
} ArgKind;

/* The values of a list row, pointing into argv: an option's into items[cap]
 * (more is an error); a positional list with items NULL is pointed at the
 * words left in argv. */
typedef struct {
    const char **items;
    int count, cap;
} ArgList;

typedef struct {
    const char *name; /* "--threads", or a positional's name "FILE" */
    ArgKind kind;
    void *value;      /* of the kind's type */
    const char *meta; /* an option's value in the usage ("N"), NULL for a flag */
    const char *help; /* one line: what it means, its default */
    /* Integers: the accepted range, inclusive, when lo < hi (else the
     * type's own; ARG_U64 reads lo and hi as unsigned). Fractions: the
     * same in dlo, dhi. */
    int64_t lo, hi;
    double dlo, dhi;
    bool optional; /* a positional row that may be missing (lists: need one) */
} ArgSpec;

/* A row: name, kind, value, meta, help, then any of .lo, .hi, .dlo, .dhi,
 * .optional (a table is read more easily so than with every field). */
#define ARG_ROW(name_, kind_, value_, meta_, help_, ...)                                                               \
    {                                                                                                                  \
        .name = (name_), .kind = (kind_), .value = (value_), .meta = (meta_), .help = (help_), __VA_ARGS__             \
    }

typedef enum { ARGS_OK, ARGS_HELP, ARGS_ERROR } ArgsStatus;

/* Reads argv[1..argc) into the rows' values (left as they are for what is
 * not given). ARGS_ERROR: an unknown option, a missing value, a bad or
 * out-of-range number, too many or too few positional words, said in one
 * line "PROGRAM: ..." on err (the tools' stderr) naming the option.
 * ARGS_HELP: `--help`. */
ArgsStatus args_parse(const char *program, const ArgSpec *spec, int n, int argc, char **argv, FILE *err);

/* Writes "usage: PROGRAM [--option META]... POSITIONAL..." and one line
 * per row with its help text to f. */
void args_usage(const char *program, const ArgSpec *spec, int n, FILE *f);

#endif
