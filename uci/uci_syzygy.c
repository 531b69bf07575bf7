/* The Syzygy UCI options; see uci_syzygy.h. */
#include "uci_syzygy.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "tablebase/syzygy.h"

void uci_syzygy_declare(void)
{
    printf("option name SyzygyPath type string default <empty>\n");
    printf("option name SyzygyProbeDepth type spin default 1 min 1 max 100\n");
    printf("option name Syzygy50MoveRule type check default true\n");
    printf("option name SyzygyProbeLimit type spin default 7 min 0 max 7\n");
}

bool uci_syzygy_is_option(const char *name)
{
    return !strcasecmp(name, "SyzygyPath") || !strcasecmp(name, "SyzygyProbeDepth")
        || !strcasecmp(name, "Syzygy50MoveRule") || !strcasecmp(name, "SyzygyProbeLimit");
}

void uci_syzygy_messages(void)
{
    char msg[256];
    while (syzygy_next_message(msg, sizeof msg))
        printf("info string %s\n", msg);
}

static bool spin_value(const char *name, const char *value, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = value ? strtol(value, &end, 10) : 0;
    if (!value || errno || end == value || *end || v < lo || v > hi) {
        printf("info string value '%s' for option %s is not a number in %d..%d; unchanged\n", value ? value : "",
               name, lo, hi);
        return false;
    }
    *out = (int)v;
    return true;
}

void uci_syzygy_setoption(SearchOptions *opt, const char *name, const char *value)
{
    if (!strcasecmp(name, "SyzygyPath")) {
        SyzygyInfo info;
        syzygy_init(value ? value : "", &info);
        uci_syzygy_messages();
        if (info.wdl_files + info.dtz_files == 0)
            printf("info string Syzygy: no tables found\n");
        else
            printf("info string Syzygy: found %d WDL and %d DTZ tables, up to %d men\n", info.wdl_files,
                   info.dtz_files, info.max_men);
    } else if (!strcasecmp(name, "SyzygyProbeDepth")) {
        spin_value("SyzygyProbeDepth", value, 1, 100, &opt->syzygy_probe_depth);
    } else if (!strcasecmp(name, "SyzygyProbeLimit")) {
        spin_value("SyzygyProbeLimit", value, 0, 7, &opt->syzygy_probe_limit);
    } else if (value && (!strcasecmp(value, "true") || !strcasecmp(value, "false"))) {
        opt->syzygy_50_move_rule = !strcasecmp(value, "true");
    } else {
        printf("info string option Syzygy50MoveRule takes true or false; unchanged\n");
    }
}
