/* Start-up of the two lowest folders: engine/ and tablebase/. */
#ifndef KS_TABLEBASE_INIT_H
#define KS_TABLEBASE_INIT_H

/* Builds the read-only tables of engine/ and tablebase/, once, in the
 * order they need each other: attack tables, Zobrist keys, the KPK
 * bitbase, the DTM table registry (it builds no DTM table) and the Syzygy
 * index tables (it opens no file). keysquare_init (search/init.h) calls
 * it first; call it alone only from a program that links nothing above
 * tablebase/. Not thread-safe; call it from main() alone. */
void tablebase_init(void);

#endif
