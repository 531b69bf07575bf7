/* `bench [depth]`: the node-count signature. Fixed positions searched to a
 * fixed depth (plies) with a fresh 16 MB hash each and one thread; prints a
 * line per position and last `N nodes M nps`. N is the same on every run
 * and machine for the same code. */
#ifndef KS_BENCH_H
#define KS_BENCH_H

#define BENCH_DEFAULT_DEPTH 11

/* depth <= 0 means BENCH_DEFAULT_DEPTH; returns an exit status. */
int bench_run(int depth);

#endif
