/* The SVG writers of `tb rules kpk --svg` (plain SVG written by hand). */
#ifndef KS_TBRULES_SVG_H
#define KS_TBRULES_SVG_H

#include <stdio.h>

#include "tablebase/kpk_rules.h"

/* The figure: accuracy by pawn rank, one series (a <g class="series">)
 * per rule, axes and legend. */
void tb_rules_svg_figure(FILE *out, const KpkRuleScores *s);

/* The board of p, titled (the FEN, say), with a caption of up to three
 * lines (NULL ends early). */
void tb_rules_svg_board(FILE *out, const KpkPos *p, const char *title, const char *const caption[3]);

#endif
