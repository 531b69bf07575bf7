/* `tb rules kpk`: the tables of the rules' scores, the failing positions,
 * and the SVG files (the drawing itself is in tbrules_svg.c). */
#include "tbrules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/position.h"
#include "tablebase/kpk.h"
#include "tbcmd.h"
#include "tbrules_svg.h"

static const char *const SIDE_NAME[COLOR_NB] = {"white to move", "black to move"};

/* FEN of p, ending "- - 0 1" (buf holds 96 bytes). */
static void kpk_fen(const KpkPos *p, char *buf)
{
    Piece board[SQ_NB] = {NO_PIECE};
    board[p->wk] = W_KING, board[p->wp] = W_PAWN, board[p->bk] = B_KING;
    sprintf(board_to_fen(board, buf), " %c - - 0 1", p->stm == WHITE ? 'w' : 'b');
}

static double pct(const KpkConfusion *c) { return 100.0 * kpk_confusion_accuracy(c); }

static void print_overview(const KpkRuleScores *s)
{
    long legal = s->legal[WHITE] + s->legal[BLACK], won = s->won[WHITE] + s->won[BLACK];
    printf("kpk rules of thumb against the bitbase: pawn on files a-%c, both sides to move\n", 'a' + s->files - 1);
    printf("legal positions %ld (white to move %ld, black to move %ld)\n", legal, s->legal[WHITE], s->legal[BLACK]);
    printf("won by White    %ld (white to move %ld, black to move %ld)\n", won, s->won[WHITE], s->won[BLACK]);
    printf("\n%-32s %8s %9s %9s %9s %10s\n", "rule", "accuracy", "true win", "false win", "true draw", "false draw");
    for (int r = 0; r < KPK_RULE_NB; r++) {
        const KpkConfusion *c = &s->all[r];
        printf("%-32s %6.1f %% %9ld %9ld %9ld %10ld\n", kpk_rule_label((KpkRule)r), pct(c), c->true_win, c->false_win,
               c->true_draw, c->false_draw);
    }
}

static void print_accuracy_matrix(const KpkRuleScores *s)
{
    printf("\naccuracy (%%) by side to move and by pawn rank\n%-32s %5s %5s", "rule", "white", "black");
    for (int rank = 1; rank <= 6; rank++)
        printf("  rk %d", rank + 1);
    printf("\n");
    for (int r = 0; r < KPK_RULE_NB; r++) {
        printf("%-32s %5.1f %5.1f", kpk_rule_label((KpkRule)r), pct(&s->by_stm[r][WHITE]), pct(&s->by_stm[r][BLACK]));
        for (int rank = 1; rank <= 6; rank++)
            printf(" %5.1f", pct(&s->by_rank[r][rank]));
        printf("\n");
    }
    printf("\naccuracy (%%) by pawn file\n%-32s", "rule");
    for (int f = 0; f < s->files; f++)
        printf("     %c", 'a' + f);
    printf("\n");
    for (int r = 0; r < KPK_RULE_NB; r++) {
        printf("%-32s", kpk_rule_label((KpkRule)r));
        for (int f = 0; f < s->files; f++)
            printf(" %5.1f", pct(&s->by_file[r][f]));
        printf("\n");
    }
}

/* Which step gave each verdict: the rule itself or the default (draw);
 * for the combination, each of its steps. */
static void print_steps(const KpkRuleScores *s)
{
    /* The combination's steps in the order it takes them. */
    static const int ORDER[] = {KPK_RULE_ALWAYS_WIN, KPK_RULE_SQUARE,   KPK_RULE_KEY,
                                KPK_RULE_OPPOSITION, KPK_RULE_COMBINED, KPK_RULE_NB};
    printf("\nwhere the verdicts come from (positions, right, won by White)\n");
    for (int r = 1; r < KPK_RULE_NB; r++)
        for (int i = 0; i < (int)(sizeof ORDER / sizeof ORDER[0]); i++) {
            int step = ORDER[i];
            const KpkConfusion *c = &s->by_step[r][step];
            if (!kpk_confusion_total(c))
                continue;
            const char *from = step == r           ? "the rule itself" :
                               step == KPK_RULE_NB ? "no rule applies (draw)" :
                                                     kpk_rule_label((KpkRule)step);
            printf("%-32s %-24s %7ld %7ld %7ld\n", kpk_rule_label((KpkRule)r), from, kpk_confusion_total(c),
                   c->true_win + c->true_draw, c->true_win + c->false_draw);
        }
}

static void print_counts_line(const char *label, const KpkConfusion *c)
{
    printf("  %-20s %6.1f %% %9ld %9ld %9ld %10ld\n", label, pct(c), c->true_win, c->false_win, c->true_draw,
           c->false_draw);
}

static void print_counts(const KpkRuleScores *s)
{
    char label[32];
    printf("\ncounts by side to move, pawn rank and pawn file\n");
    printf("  %-20s %8s %9s %9s %9s %10s\n", "", "accuracy", "true win", "false win", "true draw", "false draw");
    for (int r = 0; r < KPK_RULE_NB; r++) {
        printf("%s\n", kpk_rule_label((KpkRule)r));
        for (Color c = WHITE; c <= BLACK; c++)
            print_counts_line(SIDE_NAME[c], &s->by_stm[r][c]);
        for (int rank = 1; rank <= 6; rank++) {
            snprintf(label, sizeof label, "pawn rank %d", rank + 1);
            print_counts_line(label, &s->by_rank[r][rank]);
        }
        for (int f = 0; f < s->files; f++) {
            snprintf(label, sizeof label, "pawn file %c", 'a' + f);
            print_counts_line(label, &s->by_file[r][f]);
        }
    }
}

static void print_fails(const KpkRuleScores *s)
{
    char fen[96];
    printf("\nwhere each rule fails (FEN ; true result ; the rule says)\n");
    for (int r = 0; r < KPK_RULE_NB; r++) {
        printf("%s\n", kpk_rule_label((KpkRule)r));
        for (int i = 0; i < s->fail_count[r]; i++) {
            const KpkPos *p = &s->fail[r][i];
            kpk_fen(p, fen);
            printf("  %s ; %s ; %s\n", fen, tb_result_text(kpk_probe(p->stm, p->wk, p->wp, p->bk)),
                   kpk_rule_verdict((KpkRule)r, p).win ? "win" : "draw");
        }
    }
}

/* The figure to path, and each failing position's board next to it:
 * "docs/kpk_rules.svg" gives "docs/kpk_rules-square-1.svg" and so on. */
static bool write_svgs(const KpkRuleScores *s, const char *path)
{
    FILE *f = strlen(path) < 1000 ? fopen(path, "w") : NULL;
    if (!f) {
        fprintf(stderr, "tb rules: cannot write %s\n", path);
        return false;
    }
    tb_rules_svg_figure(f, s);
    bool ok = fclose(f) == 0;
    size_t stem = strlen(path);
    if (stem > 4 && !strcasecmp(path + stem - 4, ".svg"))
        stem -= 4;
    int boards = 0;
    for (int r = 0; r < KPK_RULE_NB && ok; r++)
        for (int i = 0; i < s->fail_count[r] && ok; i++) {
            const KpkPos *p = &s->fail[r][i];
            char name[1100], says[80];
            snprintf(name, sizeof name, "%.*s-%s-%d.svg", (int)stem, path, kpk_rule_name((KpkRule)r), i + 1);
            snprintf(says, sizeof says, "%s: %s", kpk_rule_label((KpkRule)r),
                     kpk_rule_verdict((KpkRule)r, p).win ? "win" : "draw");
            const char *caption[3] = {says,
                                      kpk_probe(p->stm, p->wk, p->wp, p->bk) ? "bitbase: White wins" : "bitbase: draw",
                                      p->stm == WHITE ? "White to move" : "Black to move"};
            if (!(f = fopen(name, "w"))) {
                fprintf(stderr, "tb rules: cannot write %s\n", name);
                return false;
            }
            char fen[96];
            kpk_fen(p, fen);
            tb_rules_svg_board(f, p, fen, caption);
            ok = fclose(f) == 0;
            boards++;
        }
    if (!ok)
        fprintf(stderr, "tb rules: error writing the SVG files\n");
    else
        printf("\nwrote %s and %d board diagrams %.*s-RULE-N.svg\n", path, boards, (int)stem, path);
    return ok;
}

int tb_rules_main(int argc, char **argv)
{
    const char *svg = NULL;
    int files = 4;
    bool ok = argc >= 2 && !strcasecmp(argv[1], "kpk");
    for (int i = 2; ok && i < argc; i += 2) {
        if (i + 1 >= argc)
            ok = false;
        else if (!strcmp(argv[i], "--svg"))
            svg = argv[i + 1];
        else if (!strcmp(argv[i], "--files") && (!strcmp(argv[i + 1], "a-d") || !strcmp(argv[i + 1], "a-h")))
            files = argv[i + 1][2] == 'd' ? 4 : 8;
        else
            ok = false;
    }
    if (!ok) {
        fprintf(stderr, "usage: keysquare tb rules kpk [--svg FILE] [--files a-d|a-h]\n");
        return 1;
    }
    KpkRuleScores *s = malloc(sizeof *s);
    if (!s) {
        fprintf(stderr, "tb rules: out of memory\n");
        return 1;
    }
    kpk_rules_score(files, s);
    print_overview(s);
    print_accuracy_matrix(s);
    print_steps(s);
    print_fails(s);
    print_counts(s);
    ok = !svg || write_svgs(s, svg);
    free(s);
    return ok ? 0 : 1;
}
