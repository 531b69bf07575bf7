/* The UCI text of a search's reports (search/search_types.h, SearchReporter):
 * `info ...` lines, `wdl` when UCI_ShowWDL is on, `bestmove X [ponder Y]`
 * and `info string`, each one line on stdout. */
#ifndef KS_UCI_REPORT_H
#define KS_UCI_REPORT_H

#include "search/search_types.h"

/* What the text depends on besides the report; the reporter keeps a
 * pointer to it, so changes apply to the next line. */
typedef struct {
    bool show_wdl;       /* UCI_ShowWDL */
    const Position *pos; /* the searched game's position: castling text (Chess960) */
} UciReport;

/* A reporter writing UCI text to stdout, with settings from *r. */
SearchReporter uci_reporter(UciReport *r);

#endif
