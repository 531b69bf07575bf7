/* The chess player's rules of thumb for king and pawn against king, as
 * classifiers (win or draw for White, the pawn side), scored against the
 * KPK bitbase over every legal position. Each rule is defined exactly in
 * kpk_rules.c; the README states them in a player's words. Needs
 * kpk_init(). Question and published counts: the study this project grew
 * from (165,676 legal positions on files a-d, 111,282 won). */
#ifndef KS_KPK_RULES_H
#define KS_KPK_RULES_H

#include "engine/types.h"

typedef enum {
    KPK_RULE_ALWAYS_WIN, /* the baseline */
    KPK_RULE_SQUARE,     /* the rule of the square */
    KPK_RULE_OPPOSITION, /* the opposition, king in front of its pawn */
    KPK_RULE_KEY,        /* the key squares, with the rook pawn's corner */
    KPK_RULE_COMBINED,   /* square, then key squares, then opposition */
    KPK_RULE_NB
} KpkRule;

/* A KPK position: White king and pawn against the black king. */
typedef struct {
    Color stm;
    Square wk, wp, bk;
} KpkPos;

/* win: the rule's prediction for White. by: the rule that gave it
 * (KPK_RULE_NB when no rule applies and the default, draw, stands; the
 * combination names the step that decided). */
typedef struct {
    bool win;
    KpkRule by;
} KpkVerdict;

/* Short name ("square") and a label for tables and legends. */
const char *kpk_rule_name(KpkRule rule);
const char *kpk_rule_label(KpkRule rule);

/* The rule's verdict on a legal position (kpk_is_legal); any pawn file. */
KpkVerdict kpk_rule_verdict(KpkRule rule, const KpkPos *p);

/* Squares of the pawn's key squares: for a rook pawn b7 and b8 (g7, g8). */
Bitboard kpk_key_squares(Square wp);

/* Predicted against true result: true and false wins, true and false
 * draws (a false win is a predicted win that is a draw). */
typedef struct {
    long true_win, false_win, true_draw, false_draw;
} KpkConfusion;

enum { KPK_FAILS = 3 }; /* failing positions kept per rule */

/* The scores of every rule over the legal positions of files a-d (files =
 * 4) or a-h (files = 8), both sides to move. Ranks are 0-based (pawn on
 * 1..6), files 0..7. by_step[r][s]: positions where rule r's verdict came
 * from rule s (KPK_RULE_NB: the default). fail[r]: up to KPK_FAILS
 * positions where rule r is wrong, the simplest found (see kpk_rules.c),
 * of different pawn ranks. */
typedef struct {
    int files;
    long legal[COLOR_NB], won[COLOR_NB];
    KpkConfusion all[KPK_RULE_NB], by_stm[KPK_RULE_NB][COLOR_NB];
    KpkConfusion by_rank[KPK_RULE_NB][8], by_file[KPK_RULE_NB][8];
    KpkConfusion by_step[KPK_RULE_NB][KPK_RULE_NB + 1];
    KpkPos fail[KPK_RULE_NB][KPK_FAILS];
    int fail_count[KPK_RULE_NB];
} KpkRuleScores;

/* Scores every rule: five verdicts per legal position (0.8 million for
 * files a-d), a fraction of a second. */
void kpk_rules_score(int files, KpkRuleScores *out);

/* Positions and accuracy (right / total, 0..1) of a confusion table. */
long kpk_confusion_total(const KpkConfusion *c);
double kpk_confusion_accuracy(const KpkConfusion *c);

#endif
