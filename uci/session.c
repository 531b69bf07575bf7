/* What the loop and the option table both do to a session. */
#include "session.h"

#include "search/search.h"

void uci_stop_search(UciSession *u)
{
    if (search_running(u->searcher)) {
        search_stop(u->searcher);
        search_wait(u->searcher);
    }
}
