/* The UCI loop on stdin/stdout: returns the exit status at `quit` or end
 * of input. Tables (bitboards, keys, ...) must be initialised first. */
#ifndef KS_UCI_H
#define KS_UCI_H

#include <stdbool.h>
#include <stddef.h>

#define ENGINE_NAME "Keysquare"
#ifndef KS_VERSION
#define KS_VERSION "0.1"
#endif

int uci_loop(void);

/* One session fed line by line by the caller (uci_loop is one on stdin;
 * the fuzz target tests/fuzz/fuzz_uci.c is another). Output goes to
 * stdout as in the loop.
 *
 * A sandboxed session runs any input in bounded time and memory and reads
 * no file: every search stops after UCI_SANDBOX_NODES nodes (go infinite
 * and go ponder then still wait for stop, ponderhit or uci_close), go
 * perft goes at most UCI_SANDBOX_PERFT plies deep, bench is refused, Hash
 * is at most 1 MB and Threads at most 2, SyzygyPath and EvalFile are
 * refused; each refusal is an info string. */
#define UCI_SANDBOX_NODES 2000
#define UCI_SANDBOX_PERFT 3
typedef struct UciSession UciSession;
/* NULL if out of memory. */
UciSession *uci_open(bool sandboxed);
/* Reads one line of len bytes (NUL bytes inside count as blanks; the line
 * is modified). Returns false at quit. */
bool uci_line(UciSession *u, char *line, size_t len);
/* Stops any search and frees the session. NULL is ignored. */
void uci_close(UciSession *u);

#endif
