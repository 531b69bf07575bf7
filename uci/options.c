#include "options.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/parse.h"
#include "engine/platform.h"
#include "eval/nnue.h"
#include "search/search.h"
#include "search/tt.h"
#include "tablebase/syzygy.h"

typedef enum { OPT_SPIN, OPT_CHECK, OPT_BUTTON, OPT_STRING } OptionType;
/* Where a value goes: an int (spin) or bool (check) field of the
 * searcher's SearchOptions or of the session, or only the callback. */
typedef enum { TO_CALL, TO_SEARCH, TO_SESSION } OptionTarget;

typedef struct Option Option;
struct Option {
    const char *name;
    OptionType type;
    int def, min, max;    /* spin: default and range; check: default 0 or 1 */
    const char *def_text; /* string: default */
    OptionTarget target;
    size_t offset; /* of the field, for TO_SEARCH and TO_SESSION */
    /* Called after the field is set (or alone for TO_CALL): v is the
     * number (spin, check: 0/1), text the value as given (string). */
    void (*apply)(UciSession *u, const Option *o, long long v, const char *text);
};

static void apply_hash(UciSession *u, const Option *o, long long v, const char *text)
{
    (void)o, (void)text;
    if (search_set_hash(u->searcher, (size_t)v))
        u->hash_mb = (size_t)v;
    else
        printf("info string not enough memory for Hash %lld MB; kept %zu MB\n", v, u->hash_mb);
}

static void apply_clear_hash(UciSession *u, const Option *o, long long v, const char *text)
{
    (void)o, (void)v, (void)text;
    search_clear(u->searcher);
}

/* Threads beyond the processors online only slow Lazy SMP down (its
 * threads never wait), and they make the time limits late: the main
 * thread, which checks the clock, then runs only a share of the time
 * (Threads 256 on two cores overran go movetime 100 by up to 0.5 s). */
static void apply_threads(UciSession *u, const Option *o, long long v, const char *text)
{
    (void)o, (void)text;
    int cpus = platform_cpu_count();
    if (cpus >= 1 && v > cpus) {
        printf("info string Threads %lld: this machine has %d processors online; %d search threads used\n", v, cpus,
               cpus);
        v = cpus;
    }
    search_set_threads(u->searcher, (int)v);
}

/* Lists the Syzygy directories (':'-separated, ';' on Windows; "<empty>"
 * or "" for none) and says what was found, with any directory problem
 * first. */
static void apply_syzygy_path(UciSession *u, const Option *o, long long v, const char *text)
{
    (void)u, (void)o, (void)v;
    SyzygyInfo info;
    char msg[256];
    syzygy_init(text, &info);
    while (syzygy_next_message(msg, sizeof msg))
        printf("info string %s\n", msg);
    if (info.wdl_files + info.dtz_files == 0)
        printf("info string Syzygy: no tables found\n");
    else
        printf("info string Syzygy: found %d WDL and %d DTZ tables, up to %d men\n", info.wdl_files, info.dtz_files,
               info.max_men);
}

/* A net that cannot be used is refused and the one in use stays. The
 * default (the embedded net) is selected silently: it is set at startup. */
static void apply_eval_file(UciSession *u, const Option *o, long long v, const char *text)
{
    (void)u, (void)v;
    char err[320];
    if (!strcmp(text, o->def_text) || !*text) {
        nnue_load(NULL, err, sizeof err);
        printf("info string EvalFile: using the %s net\n", nnue_net_name());
    } else if (nnue_load(text, err, sizeof err))
        printf("info string EvalFile: using the %s net\n", nnue_net_name());
    else
        printf("info string EvalFile refused: %s; still using the %s net\n", err, nnue_net_name());
}

static void apply_use_nnue(UciSession *u, const Option *o, long long v, const char *text)
{
    (void)u, (void)o, (void)text;
    nnue_set_enabled(v != 0);
}

static void apply_strength_seed(UciSession *u, const Option *o, long long v, const char *text)
{
    (void)o, (void)text;
    search_seed_strength(u->searcher, (uint64_t)v);
}

#define SEARCH_FIELD(f) .target = TO_SEARCH, .offset = offsetof(SearchOptions, f)
#define SESSION_FIELD(f) .target = TO_SESSION, .offset = offsetof(UciSession, f)

/* Hash: 16 MB as most engines start; Move Overhead: 10 ms covers a local
 * GUI's lag. The Syzygy options carry Stockfish's names and defaults;
 * Syzygy50MoveRule serves the in-memory tables and the Syzygy files.
 * UCI_LimitStrength and UCI_Elo as Stockfish declares them (UCI_Elo's
 * default is its minimum there too); Strength Seed 0 seeds the limiter's
 * random choices from the clock, any other value makes them repeatable. */
static const Option OPTIONS[] = {
    {"Hash", OPT_SPIN, 16, TT_MIN_MB, TT_MAX_MB, .apply = apply_hash},
    {"Threads", OPT_SPIN, 1, 1, SEARCH_MAX_THREADS, SEARCH_FIELD(threads), .apply = apply_threads},
    {"Clear Hash", OPT_BUTTON, .apply = apply_clear_hash},
    {"Move Overhead", OPT_SPIN, 10, 0, 5000, SEARCH_FIELD(move_overhead)},
    {"MultiPV", OPT_SPIN, 1, 1, MAX_MOVES, SEARCH_FIELD(multipv)},
    {"Ponder", OPT_CHECK, 0, 0, 1, SESSION_FIELD(ponder)},
    {"UCI_ShowWDL", OPT_CHECK, 0, 0, 1, SESSION_FIELD(report.show_wdl)},
    {"UCI_Chess960", OPT_CHECK, 0, 0, 1, SESSION_FIELD(chess960)},
    {"Tablebases", OPT_CHECK, 1, 0, 1, SEARCH_FIELD(use_tablebases)},
    {"SyzygyPath", OPT_STRING, .def_text = "<empty>", .apply = apply_syzygy_path},
    {"SyzygyProbeDepth", OPT_SPIN, 1, 1, 100, SEARCH_FIELD(syzygy_probe_depth)},
    {"Syzygy50MoveRule", OPT_CHECK, 1, 0, 1, SEARCH_FIELD(syzygy_50_move_rule)},
    {"SyzygyProbeLimit", OPT_SPIN, 7, 0, 7, SEARCH_FIELD(syzygy_probe_limit)},
    {"UCI_LimitStrength", OPT_CHECK, 0, 0, 1, SEARCH_FIELD(limit_strength)},
    {"UCI_Elo", OPT_SPIN, STRENGTH_ELO_MIN, STRENGTH_ELO_MIN, STRENGTH_ELO_MAX, SEARCH_FIELD(elo)},
    {"Strength Seed", OPT_SPIN, 0, 0, INT_MAX, .apply = apply_strength_seed},
    {"Use NNUE", OPT_CHECK, NNUE_DEFAULT_ON, 0, 1, .apply = apply_use_nnue},
    {"EvalFile", OPT_STRING, .def_text = "<default>", .apply = apply_eval_file},
};
#define OPTION_COUNT (int)(sizeof OPTIONS / sizeof OPTIONS[0])

void uci_options_print(void)
{
    for (int i = 0; i < OPTION_COUNT; i++) {
        const Option *o = &OPTIONS[i];
        if (o->type == OPT_SPIN)
            printf("option name %s type spin default %d min %d max %d\n", o->name, o->def, o->min, o->max);
        else if (o->type == OPT_CHECK)
            printf("option name %s type check default %s\n", o->name, o->def ? "true" : "false");
        else if (o->type == OPT_STRING)
            printf("option name %s type string default %s\n", o->name,
                   o->def_text && *o->def_text ? o->def_text : "<empty>");
        else
            printf("option name %s type button\n", o->name);
    }
}

/* A sandboxed session (uci.h) reads no file and stays small: false for a
 * file option other than its default; Hash and Threads are capped. */
static bool sandbox_allows(const UciSession *u, const Option *o, long long *v, const char *text)
{
    if (!u->sandboxed)
        return true;
    if (o->type == OPT_STRING && strcmp(text, o->def_text ? o->def_text : "")) {
        printf("info string sandboxed session: %s is not changed\n", o->name);
        return false;
    }
    if (!strcmp(o->name, "Hash") && *v > 1)
        *v = 1;
    if (!strcmp(o->name, "Threads") && *v > 2)
        *v = 2;
    return true;
}

static void set_value(UciSession *u, const Option *o, long long v, const char *text)
{
    if (!sandbox_allows(u, o, &v, text))
        return;
    char *base = o->target == TO_SEARCH  ? (char *)search_options(u->searcher) :
                 o->target == TO_SESSION ? (char *)u :
                                           NULL;
    if (base && o->type == OPT_SPIN)
        *(int *)(base + o->offset) = (int)v;
    else if (base && o->type == OPT_CHECK)
        *(bool *)(base + o->offset) = v != 0;
    if (o->apply)
        o->apply(u, o, v, text);
}

void uci_options_init(UciSession *u)
{
    /* A string whose default is empty sets nothing (SyzygyPath lists no
     * directory, and says so only when asked); EvalFile's default is the
     * embedded net, which start-up (nnue_init) has already loaded. */
    for (int i = 0; i < OPTION_COUNT; i++) {
        const Option *o = &OPTIONS[i];
        bool empty = !o->def_text || !*o->def_text || !strcmp(o->def_text, "<empty>");
        if (o->type != OPT_BUTTON && !(o->type == OPT_STRING && empty) && o->apply != apply_eval_file)
            set_value(u, o, o->def, o->def_text ? o->def_text : "");
    }
}

void uci_setoption(UciSession *u, const char *name, const char *value)
{
    const Option *o = NULL;
    for (int i = 0; i < OPTION_COUNT && !o; i++)
        if (!strcasecmp(name, OPTIONS[i].name))
            o = &OPTIONS[i];
    if (!o) {
        printf("info string unknown option '%s'\n", name);
        return;
    }
    if (o->type != OPT_BUTTON && !value) {
        printf("info string option %s needs a value\n", o->name);
        return;
    }
    uci_stop_search(u);
    int64_t v = 0;
    if (o->type == OPT_SPIN && parse_i64(value, o->min, o->max, &v) != PARSE_OK) {
        printf("info string value '%s' for option %s is not a number in %d..%d; unchanged\n", value, o->name, o->min,
               o->max);
        return;
    }
    if (o->type == OPT_CHECK) {
        if (strcasecmp(value, "true") && strcasecmp(value, "false")) {
            printf("info string option %s takes true or false; unchanged\n", o->name);
            return;
        }
        v = !strcasecmp(value, "true");
    }
    set_value(u, o, v, value ? value : "");
}
