/* The `tb` subcommand: stats, dump and probe of the in-memory tables
 * (formats in README "Tablebases"). */
#ifndef KS_TBCMD_H
#define KS_TBCMD_H

#include <stddef.h>

#include "engine/position.h"

/* argv[0] is the verb ("stats", "dump", "probe"); returns the exit status. */
int tb_main(int argc, char **argv);

/* The DTM tables' part (tbcmd_dtm.c, which calls nothing in tbcmd.c):
 * "1-0", "1/2-1/2" or "0-1" for a result from White's view (+1, 0, -1). */
const char *tb_result_text(int wdl_white);

/* The DTM tables' part (tbcmd_dtm.c). tb_dtm_covers: NAME is a material
 * code the DTM generator can build (else the reason in why). tb_dtm_stats
 * (with the counts by pawn rank and file if by_pawn) and tb_dtm_dump print
 * and return the exit status. tb_dtm_probe: result of pos from White's
 * view (+1, 0, -1), plies to mate and DTZ plies (dtm.h), building the table it needs; false
 * if no DTM table covers pos (or it has castling rights). */
bool tb_dtm_covers(const char *name, char *why, size_t why_size);
int tb_dtm_stats(const char *name, bool by_pawn);
int tb_dtm_dump(const char *name);
bool tb_dtm_probe(const Position *pos, int *wdl_white, int *dtm, int *dtz);

#endif
