/* Plain SVG for `tb rules kpk --svg`: the accuracy-by-rank figure and the
 * board diagrams. Written by hand, no library; every element is closed on
 * the line that opens it, or its group closes a few lines below. */
#include "tbrules_svg.h"

#include <string.h>

#include "engine/bitboard.h"

/* Figure geometry in px: the plot box, the legend to its right. */
enum { FIG_W = 780, FIG_H = 470, PLOT_X0 = 70, PLOT_X1 = 470, PLOT_Y0 = 60, PLOT_Y1 = 400, LEGEND_X = 490 };

/* One colour and dash pattern per rule (Okabe-Ito colours, which stay
 * apart for colour-blind readers; the dashes tell them apart in grey). */
static const char *const COLOUR[KPK_RULE_NB] = {"#000000", "#0072b2", "#e69f00", "#009e73", "#d55e00"};
static const char *const DASH[KPK_RULE_NB] = {" stroke-dasharray=\"6 4\"", "", " stroke-dasharray=\"2 3\"",
                                              " stroke-dasharray=\"10 3 2 3\"", ""};
static const char *const WIDTH[KPK_RULE_NB] = {"1.5", "2", "2", "2", "3.5"};

static double x_of_rank(int rank) { return PLOT_X0 + 20 + (rank - 1) * (PLOT_X1 - PLOT_X0 - 40) / 5.0; }
static double y_of_pct(double p) { return PLOT_Y1 - p * (PLOT_Y1 - PLOT_Y0) / 100.0; }

static void svg_open(FILE *out, int w, int h, const char *title)
{
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"Helvetica, Arial, sans-serif\">\n",
            w, h, w, h);
    fprintf(out, "<title>%s</title>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", title, w,
            h);
}

static void figure_axes(FILE *out, int files)
{
    fprintf(out,
            "<text x=\"%d\" y=\"30\" font-size=\"17\" font-weight=\"bold\">KPK: how often each rule of thumb "
            "predicts the bitbase's result</text>\n",
            PLOT_X0 - 40);
    fprintf(out,
            "<text x=\"%d\" y=\"49\" font-size=\"12\" fill=\"#444444\">every legal position, pawn on files a-%c, "
            "both sides to move</text>\n",
            PLOT_X0 - 40, 'a' + files - 1);
    fprintf(out, "<g class=\"grid\" stroke=\"#dddddd\" stroke-width=\"1\">\n");
    for (int p = 0; p <= 100; p += 10)
        fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n", PLOT_X0, y_of_pct(p), PLOT_X1,
                y_of_pct(p));
    fprintf(out, "</g>\n<g class=\"axes\" stroke=\"#000000\" stroke-width=\"1.2\">\n");
    fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", PLOT_X0, PLOT_Y1, PLOT_X1, PLOT_Y1);
    fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", PLOT_X0, PLOT_Y0, PLOT_X0, PLOT_Y1);
    fprintf(out, "</g>\n<g class=\"ticks\" font-size=\"12\">\n");
    for (int p = 0; p <= 100; p += 10)
        fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", PLOT_X0 - 6, y_of_pct(p) + 4, p);
    for (int rank = 1; rank <= 6; rank++)
        fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", x_of_rank(rank), PLOT_Y1 + 18,
                rank + 1);
    fprintf(out, "</g>\n<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\">pawn rank</text>\n",
            (PLOT_X0 + PLOT_X1) / 2, PLOT_Y1 + 40);
    fprintf(out,
            "<text x=\"0\" y=\"0\" font-size=\"13\" text-anchor=\"middle\" transform=\"translate(24 %d) rotate(-90)\">"
            "positions the rule gets right (%%)</text>\n",
            (PLOT_Y0 + PLOT_Y1) / 2);
}

static void figure_series(FILE *out, const KpkRuleScores *s, int r)
{
    fprintf(out, "<g class=\"series\" data-rule=\"%s\" stroke=\"%s\" fill=\"%s\">\n", kpk_rule_name((KpkRule)r),
            COLOUR[r], COLOUR[r]);
    fprintf(out, "<polyline fill=\"none\" stroke-width=\"%s\"%s points=\"", WIDTH[r], DASH[r]);
    for (int rank = 1; rank <= 6; rank++)
        fprintf(out, "%s%.1f,%.1f", rank > 1 ? " " : "", x_of_rank(rank),
                y_of_pct(100.0 * kpk_confusion_accuracy(&s->by_rank[r][rank])));
    fprintf(out, "\"/>\n");
    for (int rank = 1; rank <= 6; rank++)
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\"/>\n", x_of_rank(rank),
                y_of_pct(100.0 * kpk_confusion_accuracy(&s->by_rank[r][rank])));
    fprintf(out, "</g>\n");
}

static void figure_legend(FILE *out, const KpkRuleScores *s)
{
    fprintf(out, "<g class=\"legend\" font-size=\"12\">\n");
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">rule (accuracy over all ranks)</text>\n", LEGEND_X,
            PLOT_Y0 + 10);
    for (int r = 0; r < KPK_RULE_NB; r++) {
        int y = PLOT_Y0 + 34 + 26 * r;
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n", LEGEND_X,
                y - 4, LEGEND_X + 34, y - 4, COLOUR[r], WIDTH[r], DASH[r]);
        fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"3.5\" fill=\"%s\"/>\n", LEGEND_X + 17, y - 4, COLOUR[r]);
        fprintf(out, "<text x=\"%d\" y=\"%d\">%s (%.1f %%)</text>\n", LEGEND_X + 42, y, kpk_rule_label((KpkRule)r),
                100.0 * kpk_confusion_accuracy(&s->all[r]));
    }
    fprintf(out, "</g>\n");
}

void tb_rules_svg_figure(FILE *out, const KpkRuleScores *s)
{
    svg_open(out, FIG_W, FIG_H, "KPK rules of thumb against the bitbase: accuracy by pawn rank");
    figure_axes(out, s->files);
    for (int r = 0; r < KPK_RULE_NB; r++)
        figure_series(out, s, r);
    figure_legend(out, s);
    fprintf(out, "</svg>\n");
}

/* ---- board diagrams ----------------------------------------------------- */

enum { CELL = 40, BOARD_X = 24, BOARD_Y = 12 };

/* A king or a pawn drawn in a CELL x CELL box at (x, y). */
static void draw_piece(FILE *out, int x, int y, bool king, bool white)
{
    const char *fill = white ? "#ffffff" : "#1a1a1a", *line = white ? "#000000" : "#1a1a1a";
    fprintf(out,
            "<g class=\"piece\" transform=\"translate(%d %d) scale(1.15) translate(-20 -20)\" fill=\"%s\" "
            "stroke=\"%s\" stroke-width=\"1.5\" "
            "stroke-linejoin=\"round\">\n",
            x + 20, y + 20, fill, line);
    if (king) {
        fprintf(out, "<path d=\"M20 4 V13 M16 8 H24\" fill=\"none\" stroke-width=\"2.2\"/>\n");
        fprintf(out, "<path d=\"M10 33 L8 20 Q14 14 20 17 Q26 14 32 20 L30 33 Z\"/>\n");
        fprintf(out, "<rect x=\"9\" y=\"31\" width=\"22\" height=\"4\" rx=\"1\"/>\n");
        if (!white)
            fprintf(out, "<path d=\"M11 27 H29\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"1\"/>\n");
    } else {
        fprintf(out, "<circle cx=\"20\" cy=\"13\" r=\"5.5\"/>\n");
        fprintf(out, "<path d=\"M14 31 Q15 22 18 19 H22 Q25 22 26 31 Z\"/>\n");
        fprintf(out, "<rect x=\"11\" y=\"30\" width=\"18\" height=\"5\" rx=\"1\"/>\n");
    }
    fprintf(out, "</g>\n");
}

void tb_rules_svg_board(FILE *out, const KpkPos *p, const char *title, const char *const caption[3])
{
    int w = BOARD_X + 8 * CELL + 12, h = BOARD_Y + 8 * CELL + 24 + 3 * 18 + 8;
    svg_open(out, w, h, title);
    fprintf(out, "<g class=\"board\" stroke=\"none\">\n");
    for (int rank = 7; rank >= 0; rank--)
        for (int file = 0; file < 8; file++)
            fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", BOARD_X + file * CELL,
                    BOARD_Y + (7 - rank) * CELL, CELL, CELL, (file + rank) % 2 ? "#f0d9b5" : "#b58863");
    fprintf(out, "</g>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#000000\"/>\n",
            BOARD_X, BOARD_Y, 8 * CELL, 8 * CELL);
    fprintf(out, "<g class=\"coordinates\" font-size=\"12\" text-anchor=\"middle\">\n");
    for (int i = 0; i < 8; i++) {
        fprintf(out, "<text x=\"%d\" y=\"%d\">%c</text>\n", BOARD_X + i * CELL + CELL / 2, BOARD_Y + 8 * CELL + 15,
                'a' + i);
        fprintf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n", BOARD_X / 2, BOARD_Y + (7 - i) * CELL + CELL / 2 + 4,
                i + 1);
    }
    fprintf(out, "</g>\n");
    const Square sq[3] = {p->wk, p->wp, p->bk};
    for (int i = 0; i < 3; i++)
        draw_piece(out, BOARD_X + file_of(sq[i]) * CELL, BOARD_Y + (7 - rank_of(sq[i])) * CELL, i != 1, i != 2);
    fprintf(out, "<g class=\"caption\" font-size=\"14\">\n");
    for (int i = 0; i < 3 && caption[i]; i++)
        fprintf(out, "<text x=\"%d\" y=\"%d\">%s</text>\n", BOARD_X, BOARD_Y + 8 * CELL + 40 + 18 * i, caption[i]);
    fprintf(out, "</g>\n</svg>\n");
}
