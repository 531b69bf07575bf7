/* `bench mate [options]`: mate-success benchmark from random won positions
 * against a perfect DTM defender (options and output in README). */
#ifndef KS_BENCHMATE_H
#define KS_BENCHMATE_H

/* argv = the words after "bench mate"; returns the exit status (0 when
 * every game was converted, 2 when some were not, 1 on bad usage). */
int bench_mate_main(int argc, char **argv);

#endif
