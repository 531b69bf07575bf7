/* The UCI loop on stdin/stdout: returns the exit status at `quit` or end
 * of input. Tables (bitboards, keys, ...) must be initialised first. */
#ifndef KS_UCI_H
#define KS_UCI_H

#define ENGINE_NAME "Keysquare"
#ifndef KS_VERSION
#define KS_VERSION "0.1"
#endif

int uci_loop(void);

#endif
