/* Static evaluation in centipawns from the side to move's view: tapered
 * midgame/endgame terms, with endgame knowledge (endgame/) taking over for
 * recognised material. */
#ifndef KS_EVALUATE_H
#define KS_EVALUATE_H

#include <stdio.h>

#include "engine/position.h"

void eval_init(void);
int evaluate(const Position *pos);
/* Prints a term-by-term breakdown (the UCI `eval` command). */
void eval_trace(const Position *pos, FILE *out);

#endif
