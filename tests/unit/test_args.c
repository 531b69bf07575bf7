/* The tools' table-driven command lines (tools/args.h): every kind of
 * row, the positional words, and the one-line refusals, each naming the
 * option. The expected values are the words of the command lines below
 * read as decimal numbers by hand. */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "tools/args.h"

typedef struct {
    bool flag;
    int i;
    long l;
    uint64_t u;
    float f;
    double d;
    const char *s, *first;
    const char *list_items[2];
    ArgList list, rest;
} Values;

/* Parses the words (argv[0] "prog" added) with a table of every kind;
 * what it said goes into said. */
static ArgsStatus parse(Values *v, char *said, size_t said_size, int argc, const char *const *words)
{
    *v = (Values){.i = 7, .s = "default"};
    v->list = (ArgList){v->list_items, 0, 2};
    const ArgSpec spec[] = {
        ARG_ROW("--flag", ARG_FLAG, &v->flag, NULL, "a flag"),
        ARG_ROW("--int", ARG_INT, &v->i, "N", "1..10", .lo = 1, .hi = 10),
        ARG_ROW("--long", ARG_LONG, &v->l, "N", "any long"),
        ARG_ROW("--u64", ARG_U64, &v->u, "N", "any u64"),
        ARG_ROW("--float", ARG_FLOAT, &v->f, "X", "0..1", .dlo = 0, .dhi = 1),
        ARG_ROW("--double", ARG_DOUBLE, &v->d, "X", "any"),
        ARG_ROW("--string", ARG_STRING, &v->s, "S", "a word"),
        ARG_ROW("--list", ARG_LIST, &v->list, "S", "up to two"),
        ARG_ROW("FIRST", ARG_STRING, &v->first, NULL, "a positional word"),
        ARG_ROW("REST", ARG_LIST, &v->rest, NULL, "the words left", .optional = true),
    };
    char *argv[32];
    argv[0] = "prog";
    for (int k = 0; k < argc && k + 1 < 32; k++)
        argv[k + 1] = (char *)words[k];
    FILE *err = tmpfile();
    ArgsStatus st = args_parse("prog", spec, (int)(sizeof spec / sizeof spec[0]), argc + 1, argv, err);
    rewind(err);
    size_t n = fread(said, 1, said_size - 1, err);
    said[n] = '\0';
    fclose(err);
    return st;
}

TEST(args_reads_every_kind_of_row)
{
    Values v;
    char said[256];
    const char *const words[] = {"--int",   "10",     "--long",   "-123456789012", "--u64",  "18446744073709551615",
                                 "--float", "0.25",   "--double", "-3e-2",         "--flag", "--string",
                                 "x y",     "--list", "a",        "--list",        "b",      "one",
                                 "two",     "--three"};
    CHECK(parse(&v, said, sizeof said, 20, words) == ARGS_OK);
    CHECK(said[0] == '\0');
    CHECK(v.i == 10 && v.l == -123456789012L && v.u == UINT64_MAX && v.f == 0.25f && v.d == -0.03 && v.flag);
    CHECK(!strcmp(v.s, "x y"));
    CHECK(v.list.count == 2 && !strcmp(v.list.items[0], "a") && !strcmp(v.list.items[1], "b"));
    CHECK(!strcmp(v.first, "one"));
    /* After the first positional word every word is one, dashes or not. */
    CHECK(v.rest.count == 2 && !strcmp(v.rest.items[0], "two") && !strcmp(v.rest.items[1], "--three"));
}

TEST(args_keeps_defaults_and_reads_after_double_dash)
{
    Values v;
    char said[256];
    const char *const words[] = {"--", "--first"};
    CHECK(parse(&v, said, sizeof said, 2, words) == ARGS_OK);
    CHECK(v.i == 7 && !strcmp(v.s, "default") && !v.flag && v.list.count == 0 && v.rest.count == 0);
    CHECK(!strcmp(v.first, "--first"));
    const char *const help[] = {"--int", "3", "--help"};
    CHECK(parse(&v, said, sizeof said, 3, help) == ARGS_HELP);
}

TEST(args_refuses_with_one_line_naming_the_option)
{
    static const struct {
        int argc;
        const char *words[4];
        const char *said;
    } CASES[] = {
        {2, {"--nope", "x"}, "prog: unknown option --nope\n"},
        {2, {"x", "--int"}, NULL}, /* a positional word: REST takes it */
        {1, {"--int"}, "prog: --int needs a value (N)\n"},
        {3, {"--int", "12x", "a"}, "prog: --int: '12x' is not a number\n"},
        {3, {"--int", " 5", "a"}, "prog: --int: ' 5' is not a number\n"},
        {3, {"--int", "11", "a"}, "prog: --int: 11 is outside 1..10\n"},
        {3, {"--int", "0", "a"}, "prog: --int: 0 is outside 1..10\n"},
        {3, {"--u64", "-1", "a"}, "prog: --u64: '-1' is not a number\n"},
        {3, {"--float", "1.5", "a"}, "prog: --float: 1.5 is outside 0..1\n"},
        {3, {"--double", "1e", "a"}, "prog: --double: '1e' is not a number\n"},
        {4, {"--list", "a", "--list", "b"}, "prog: FIRST missing\n"},
        {0, {NULL}, "prog: FIRST missing\n"},
    };
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
        Values v;
        char said[256];
        ArgsStatus st = parse(&v, said, sizeof said, CASES[k].argc, CASES[k].words);
        if (!CASES[k].said) {
            CHECK_MSG(st == ARGS_OK, "case %zu", k);
            continue;
        }
        CHECK_MSG(st == ARGS_ERROR, "case %zu", k);
        CHECK_MSG(!strcmp(said, CASES[k].said), "case %zu said '%s'", k, said);
    }
    /* A third value of a list of two. */
    Values v;
    char said[256];
    const char *const three[] = {"--list", "a", "--list", "b", "--list", "c", "x"};
    CHECK(parse(&v, said, sizeof said, 7, three) == ARGS_ERROR);
    CHECK(!strcmp(said, "prog: --list: more than 2 values\n"));
}

TEST(args_usage_lists_every_row)
{
    int n = 3;
    const char *file = NULL;
    const ArgSpec spec[] = {
        ARG_ROW("--n", ARG_INT, &n, "N", "how many"),
        ARG_ROW("FILE", ARG_STRING, &file, NULL, "the input", .optional = true),
    };
    FILE *f = tmpfile();
    args_usage("prog", spec, 2, f);
    rewind(f);
    char text[512];
    size_t len = fread(text, 1, sizeof text - 1, f);
    text[len] = '\0';
    fclose(f);
    CHECK_MSG(!strcmp(text, "usage: prog [--n N] [FILE]\n"
                            "  --n N                    how many\n"
                            "  FILE                     the input\n"),
              "'%s'", text);
}
