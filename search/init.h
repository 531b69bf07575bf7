/* The engine-wide start-up: every program of the project (the engine, the
 * unit tests, the tools) calls keysquare_init before anything else. It
 * lives in search/, the highest folder below uci/, since it starts every
 * folder below it. */
#ifndef KS_SEARCH_INIT_H
#define KS_SEARCH_INIT_H

/* Builds every read-only table the engine uses, once, in the order they
 * need each other: those of engine/ and tablebase/ (tablebase_init),
 * then the endgame registry, the evaluation's look-ups and the LMR table.
 * Not thread-safe; call it from main() alone. */
void keysquare_init(void);

#endif
