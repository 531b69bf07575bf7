/* The UCI options, all declared by one table in options.c: name, type,
 * default, range, and how a value applies (a field of SearchOptions or of
 * the session by offsetof, or a callback). The `option name ...` lines,
 * setoption and the defaults at startup all come from that table, so a
 * new option is one row there. */
#ifndef KS_UCI_OPTIONS_H
#define KS_UCI_OPTIONS_H

#include "session.h"

/* Prints one `option name ...` line per option, in table order. */
void uci_options_print(void);

/* Applies every option's default to the session and its searcher (the
 * searcher must exist). Call once at startup. */
void uci_options_init(UciSession *u);

/* setoption: name is matched case-insensitively; value is NULL when the
 * command had no `value` part. An unknown name, a missing value or a bad
 * value is answered with an `info string` and changes nothing. A running
 * search is stopped before a value applies. */
void uci_setoption(UciSession *u, const char *name, const char *value);

#endif
