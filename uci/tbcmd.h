/* The `tb` subcommand: stats, dump and probe of the in-memory tables
 * (formats in README "Tablebases"). */
#ifndef KS_TBCMD_H
#define KS_TBCMD_H

/* argv[0] is the verb ("stats", "dump", "probe"); returns the exit status. */
int tb_main(int argc, char **argv);

#endif
