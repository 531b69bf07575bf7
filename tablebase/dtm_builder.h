/* A builder of DTM tables (tablebase/dtm.h) that works only on lent time.
 *
 * The search needs tables while it plays (search/tb.c), and a build of a
 * 4-man table takes up to about half a second (with pawns up to about a
 * second; dtm.h). Building in the UCI input thread would block `isready`,
 * `stop` and `quit`; building in extra threads beside the search would
 * take cores the engine was not given (under a match runner with
 * concurrency, `Threads 1` must mean one core). So a
 * builder owns one thread that builds only while its owner lends it time:
 * dtm_builder_work blocks the caller (the main search thread, which would
 * otherwise use that core) while the builder works, and pauses the builder
 * before it returns. A paused build keeps its progress and goes on at the
 * next dtm_builder_work, so a build longer than one move's budget still
 * finishes over a few moves.
 *
 * At most one table is built at a time, in the order asked for. The
 * generator polls the builder's checkpoint every 1024 positions (under a ms
 * apart), so a pause or dtm_builder_destroy takes effect at once; only the
 * statistics pass that ends a build runs through (about 10 ms for a
 * pawnless 4-man table, 35 ms with pawns).
 *
 * A paused build holds its tables' build locks: dtm_build (dtm.h) of such a
 * table in another thread waits until the builder finishes it, and two
 * builders that want the same table may wait for each other's pauses. The
 * engine has one builder (its Searcher's), and nothing else builds while
 * it plays. */
#ifndef KS_DTM_BUILDER_H
#define KS_DTM_BUILDER_H

#include "dtm.h"

typedef struct DtmBuilder DtmBuilder;

/* A builder with nothing to do and no thread yet (the thread starts with
 * the first dtm_builder_work that has work). NULL if out of memory. */
DtmBuilder *dtm_builder_create(void);

/* Abandons a build in progress (its scratch memory is freed and the table
 * stays unbuilt; the smaller tables already finished stay ready), ends the
 * thread and frees the builder. NULL is ignored. */
void dtm_builder_destroy(DtmBuilder *b);

/* The tables to build, in this order, replacing what was asked before; the
 * ready ones and those whose build failed (memory cap) are left out. A
 * paused build of a table the new list does not name is abandoned (the
 * smaller tables it finished stay ready); one the list names goes on
 * first when the builder works again. Returns true if nothing is left to build. count <= 48. */
bool dtm_builder_want(DtmBuilder *b, DtmTable *const *tables, int count);

/* Lends the caller's time: the builder works until the wanted tables are
 * ready or ms milliseconds have passed, while the caller waits; then the
 * builder is paused (before this returns, so the two never run at once).
 * Returns true if nothing is left to build (also when no thread could be
 * started: the tables then stay unbuilt). */
bool dtm_builder_work(DtmBuilder *b, int ms);

#endif
