/* The UCI loop on stdin/stdout: returns the exit status at `quit` or end
 * of input. Tables (bitboards, keys, ...) must be initialised first. */
#ifndef KS_UCI_H
#define KS_UCI_H

int uci_loop(void);

#endif
