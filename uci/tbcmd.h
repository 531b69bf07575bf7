/* The `tb` subcommand: stats, dump and probe of the in-memory tables
 * (formats in README "Tablebases"). */
#ifndef KS_TBCMD_H
#define KS_TBCMD_H

#include "engine/position.h"

/* argv[0] is the verb ("stats", "dump", "probe"); returns the exit status. */
int tb_main(int argc, char **argv);

/* The DTM tables' part (tbcmd_dtm.c). tb_dtm_covers: NAME is a material
 * code the DTM generator can build. tb_dtm_stats / tb_dtm_dump print and
 * return the exit status. tb_dtm_probe: result of pos from White's view
 * (+1, 0, -1) and plies to mate, building the table it needs; false if no
 * DTM table covers pos (or it has castling rights). */
bool tb_dtm_covers(const char *name);
int tb_dtm_stats(const char *name);
int tb_dtm_dump(const char *name);
bool tb_dtm_probe(const Position *pos, int *wdl_white, int *dtm);

#endif
