/* Private to uci/: the state of one UCI session, shared by the loop
 * (uci.c) and the option table (options.c), and what both do to it
 * (session.c). */
#ifndef KS_UCI_SESSION_H
#define KS_UCI_SESSION_H

#include "engine/position.h"
#include "report.h"
#include "search/search_types.h"
#include "uci.h"

struct UciSession {
    Position pos;     /* the position of `position`, searched by `go` */
    GameHistory game; /* its moves since the last irreversible one */
    Searcher *searcher;
    UciReport report;
    size_t hash_mb; /* the TT's size, MB */
    bool ponder;    /* the Ponder option (the GUI may send go ponder) */
    /* After an invalid FEN there is no position (README, Commands): go answers
     * bestmove 0000 until a valid position arrives. */
    bool no_position;
    bool chess960;  /* UCI_Chess960: the mode the next `position` is read in */
    bool debug;     /* `debug on`: the next searches report every aspiration fail */
    bool sandboxed; /* uci_open's limits for fuzzing (uci.h) */
    SearchReporter reporter;
    char **tok; /* the words of the line being read */
    size_t tok_cap;
};

/* Stops a running search and waits for its bestmove. */
void uci_stop_search(UciSession *u);

#endif
