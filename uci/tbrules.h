/* `tb rules kpk [--svg FILE] [--files a-d|a-h]`: the rules of thumb for
 * KPK scored against the bitbase (tablebase/kpk_rules.h), printed as
 * tables, with a figure and board diagrams in plain SVG (README "Rules of
 * thumb for KPK"). */
#ifndef KS_TBRULES_H
#define KS_TBRULES_H

#include <stdio.h>

#include "tablebase/kpk_rules.h"

/* argv[0] is "rules"; returns the exit status (1 on bad arguments or a
 * file that cannot be written, with a message on stderr). */
int tb_rules_main(int argc, char **argv);

/* The SVG writers (tbrules_svg.c). The figure: accuracy by pawn rank, one
 * series (a <g class="series">) per rule, axes and legend. The board:
 * the position with a caption of up to three lines (NULL ends early). */
void tb_rules_svg_figure(FILE *out, const KpkRuleScores *s);
void tb_rules_svg_board(FILE *out, const KpkPos *p, const char *const caption[3]);

/* FEN of p, ending "- - 0 1" (buf holds 96 bytes). */
void tb_rules_fen(const KpkPos *p, char *buf);

#endif
