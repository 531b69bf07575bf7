/* The Syzygy UCI options (Stockfish's names): SyzygyPath, SyzygyProbeDepth,
 * Syzygy50MoveRule, SyzygyProbeLimit; and the prober's messages printed
 * as `info string`. Kept apart from uci.c so the option table can take
 * them over in one place. */
#ifndef KS_UCI_SYZYGY_H
#define KS_UCI_SYZYGY_H

#include "search/search.h"

/* Prints the four `option name ...` lines. */
void uci_syzygy_declare(void);

/* True if name (case-insensitive) is one of the four options. */
bool uci_syzygy_is_option(const char *name);

/* Applies a Syzygy option (value NULL when none was given) and prints
 * what happened; only while no search runs. SyzygyPath lists the
 * directories and prints `info string` with the tables found. */
void uci_syzygy_setoption(SearchOptions *opt, const char *name, const char *value);

/* Prints the prober's pending messages (a broken file met during a
 * search), one `info string` each. */
void uci_syzygy_messages(void);

#endif
