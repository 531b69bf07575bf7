/* tune: Texel tuning of the evaluation weights (chessprogramming wiki,
 * "Texel's Tuning Method"), our own take on the linear-trace design that
 * Ethereal's and Weiss's tuners use.
 *
 *   build/native-tune/tools/tune --data FILE [--data FILE2 ...] [--epochs N] [--lr X]
 *                    [--l2 X] [--lambda X] [--freeze-psqt] [--weights eval/weights.c]
 *                    [--out FILE]
 *   build/native-tune/tools/tune --rewrite [--weights eval/weights.c] [--out FILE]
 *
 * Data: lines "FEN;R" or "FEN;R;V" with R the game result from White's
 * view (1.0, 0.5, 0.0) and V the searched score (cp, White's view), as
 * tools/datagen writes them. Positions that endgame knowledge
 * evaluates are left out. Every 10th block of 2000 positions (whole games,
 * more or less) is held out for validation.
 *
 * Each position becomes a linear form of the weights (eval/tune.h): White's
 * eval = (MG * phase + EG * scale / 64 * (24 - phase)) / 24, with MG and
 * EG linear in the weights except for two parts fitted through their
 * curves: the king-safety units (quadratic in mg, linear in eg, clamped)
 * and the complexity adjustment of EG (clamped at zero). The error is
 * the mean of (R - sigmoid(K * eval))^2. K is fitted first with the current
 * weights (ternary search; the error is unimodal in K), then the weights by
 * full-batch Adam (Kingma & Ba 2014) on the mean of (T - sigmoid(K *
 * eval))^2 plus l2 * mean squared distance from the starting weights, where
 * T = lambda * R + (1 - lambda) * sigmoid(K * V) (T = R where V is absent;
 * lambda 1, the default, is plain Texel tuning). Reported errors are
 * always against R. The endgame scale factor and the phase stay as the
 * current weights give them.
 *
 * Output: eval/weights.c with the S(mg, eg) pairs of each weight's
 * definition replaced, by the weight's name, with the tuned values (the
 * file's order, layout and comments kept), written to --out; errors before
 * and after on stderr. --rewrite writes the weights this program was built
 * with instead, without data or tuning: from eval/weights.c that gives the
 * same file, which CI checks (a definition missing, doubled, not in the
 * list or with the wrong number of pairs fails). PSQT means are moved into the piece
 * values (an exact identity of the model) so the tables stay readable. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/position.h"
#include "eval/evaluate.h"
#include "eval/tune.h"
#include "search/init.h"
#include "search/search.h"
#include "tools/args.h"

#define MAX_DATA_FILES 16

/* How the shipped weights were made; printed with the usage. */
static const char RECIPE[] =
    "\nRecipe:\n"
    "  make tools\n"
    "  # data: self-play at 5000 nodes a move, 8 random opening plies, in chunks of\n"
    "  # 20-25 minutes on one core, one seed per chunk, files kept outside the repo;\n"
    "  # adjudication (tools/datagen.c): resign at >= 1000 cp for 8 plies agreed by\n"
    "  # both sides, draw at |score| <= 10 for 16 plies after ply 80, draw at ply 400\n"
    "  nice -n 10 build/native/tools/datagen --out d101.txt --seed 101 --nodes 5000 --minutes 25\n"
    "  nice -n 10 build/native/tools/datagen --out d102.txt --seed 102 --nodes 5000 --minutes 20\n"
    "  # tune every weight together; every 10th block of 2000 positions is validation\n"
    "  build/native-tune/tools/tune --data d101.txt --data d102.txt ... --epochs 600 \\\n"
    "      --lr 0.5 --l2 3e-5 --out eval/weights.c\n"
    "  make format   # realigns the lines whose numbers changed width\n"
    "  # then a fixed-node SPRT against the previous binary (tools/match.py --sprt 0 10)\n";
/* Validation: every 10th block of 2000 lines. Positions of one game are
 * alike and stand together in the file, so holding out whole blocks (about
 * 25 games) measures generalisation; every 10th line would not. */
#define VALIDATION_BLOCK 2000
#define VALIDATION_EVERY 10

typedef struct {
    int16_t index;
    int16_t coef; /* White's count minus Black's */
} Entry;

typedef struct {
    int first, count;       /* into Dataset.entries: the linear weights */
    int cx_count;           /* then the complexity features */
    int ks_count[COLOR_NB]; /* then White's and Black's king-safety units */
    float mg_factor;        /* phase / 24 */
    float eg_factor;        /* scale / 64 * (24 - phase) / 24 */
    float fixed;            /* blended king-attack term, cp */
    float result;
    float score;  /* searched score, White's view, cp; NAN if not given */
    float target; /* what the fit aims at: result, or a blend with score */
    int eval;     /* the engine's own evaluation, White's view */
} Sample;

typedef struct {
    Sample *samples;
    int count, cap;
    Entry *entries;
    long entry_count, entry_cap;
} Dataset;

typedef struct {
    const char *data_files[MAX_DATA_FILES];
    ArgList data; /* into data_files */
    int epochs;
    double lr, l2, lambda;
    bool freeze_psqt; /* tune all but the piece-square tables */
    bool rewrite;     /* no tuning: write the built-in weights */
    const char *weights, *out;
} Config;

typedef struct {
    double mg[TP_NB], eg[TP_NB];
} Weights;

static void *grow(void *p, size_t elem, long *cap, long need)
{
    if (need <= *cap)
        return p;
    long n = *cap ? *cap * 2 : 1024;
    while (n < need)
        n *= 2;
    void *q = realloc(p, elem * (size_t)n);
    if (!q) {
        fprintf(stderr, "tune: out of memory\n");
        exit(1);
    }
    *cap = n;
    return q;
}

static void add_sample(Dataset *d, const EvalTrace *t, float result, float score)
{
    long cap = d->cap;
    d->samples = grow(d->samples, sizeof *d->samples, &cap, d->count + 1);
    d->cap = (int)cap;
    Sample *s = &d->samples[d->count++];
    s->first = (int)d->entry_count;
    s->count = 0;
    s->cx_count = 0;
    for (int i = 0; i < TP_KS_FIRST; i++) {
        int c = t->coef[i][WHITE] - t->coef[i][BLACK];
        if (!c)
            continue;
        d->entries = grow(d->entries, sizeof *d->entries, &d->entry_cap, d->entry_count + 1);
        d->entries[d->entry_count++] = (Entry){(int16_t)i, (int16_t)c};
        if (i < TP_CX_FIRST)
            s->count++;
        else
            s->cx_count++;
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        s->ks_count[c] = 0;
        for (int i = TP_KS_FIRST; i < TP_NB; i++) {
            if (!t->coef[i][c])
                continue;
            d->entries = grow(d->entries, sizeof *d->entries, &d->entry_cap, d->entry_count + 1);
            d->entries[d->entry_count++] = (Entry){(int16_t)i, t->coef[i][c]};
            s->ks_count[c]++;
        }
    }
    s->mg_factor = (float)t->phase / 24.0f;
    s->eg_factor = (float)t->scale / 64.0f * (float)(24 - t->phase) / 24.0f;
    s->fixed = s->mg_factor * (float)t->fixed_mg + s->eg_factor * (float)t->fixed_eg;
    s->result = s->target = result;
    s->score = score;
    s->eval = t->eval;
}

/* Reads "FEN;R" lines into train and valid; *seen counts the lines kept. */
static long load(const char *path, Dataset *train, Dataset *valid, Position *pos, long *seen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "tune: cannot open %s\n", path);
        exit(1);
    }
    char line[256];
    long skipped = 0;
    EvalTrace trace;
    while (fgets(line, sizeof line, f)) {
        char *sep = strchr(line, ';');
        if (!sep)
            continue;
        *sep = '\0';
        char *end;
        float result = strtof(sep + 1, &end);
        float score = *end == ';' ? strtof(end + 1, NULL) : NAN;
        if (!pos_set_fen(pos, line, NULL, 0, NULL, 0) || !eval_tune_trace(pos, &trace)) {
            skipped++;
            continue;
        }
        bool held_out = (*seen)++ / VALIDATION_BLOCK % VALIDATION_EVERY == VALIDATION_EVERY - 1;
        add_sample(held_out ? valid : train, &trace, result, score);
    }
    fclose(f);
    return skipped;
}

/* King-safety units of one side: mg and eg sums, from entry e on. */
static void ks_units(const Entry *e, int n, const Weights *w, double *mg, double *eg)
{
    *mg = *eg = 0;
    for (int i = 0; i < n; i++) {
        *mg += e[i].coef * w->mg[e[i].index];
        *eg += e[i].coef * w->eg[e[i].index];
    }
}

static double clamp_units(double u) { return u < 0 ? 0 : u > KS_MAX_UNITS ? KS_MAX_UNITS : u; }

/* The model of eval/tune.h without complexity: linear terms plus both
 * kings' safety curves, as mg and eg halves. */
static void model_halves(const Dataset *d, const Sample *s, const Weights *w, double *mg_out, double *eg_out)
{
    double mg = 0, eg = 0;
    const Entry *e = &d->entries[s->first];
    for (int i = 0; i < s->count; i++) {
        mg += e[i].coef * w->mg[e[i].index];
        eg += e[i].coef * w->eg[e[i].index];
    }
    e += s->count + s->cx_count;
    for (Color c = WHITE; c <= BLACK; c++) {
        double umg, ueg, sign = c == WHITE ? -1 : 1;
        ks_units(e, s->ks_count[c], w, &umg, &ueg);
        umg = clamp_units(umg);
        mg += sign * umg * umg / KS_MG_DIVISOR;
        eg += sign * (ueg > 0 ? ueg : 0) / KS_EG_DIVISOR;
        e += s->ks_count[c];
    }
    *mg_out = mg;
    *eg_out = eg;
}

/* The complexity units of a sample. */
static double complexity(const Dataset *d, const Sample *s, const Weights *w)
{
    const Entry *e = &d->entries[s->first + s->count];
    double c = 0;
    for (int i = 0; i < s->cx_count; i++)
        c += e[i].coef * w->eg[e[i].index];
    return c;
}

static double sign_of(double x) { return (x > 0) - (x < 0); }

/* eg moved by complexity c toward or away from zero, never past it. */
static double apply_complexity(double eg, double c) { return c > -fabs(eg) ? eg + sign_of(eg) * c : 0; }

static double linear_eval(const Dataset *d, const Sample *s, const Weights *w)
{
    double mg, eg;
    model_halves(d, s, w, &mg, &eg);
    eg = apply_complexity(eg, complexity(d, s, w));
    return mg * s->mg_factor + eg * s->eg_factor + s->fixed;
}

/* Adds dm, dg (d error / d mg and eg half) through the safety curves. */
static void ks_gradient(const Entry *e, const Sample *s, const Weights *w, double dm, double dg, Weights *g)
{
    for (Color c = WHITE; c <= BLACK; c++) {
        double umg, ueg, sign = c == WHITE ? -1 : 1;
        int n = s->ks_count[c];
        ks_units(e, n, w, &umg, &ueg);
        double slope_mg = umg > 0 && umg < KS_MAX_UNITS ? 2 * umg / KS_MG_DIVISOR : 0;
        double slope_eg = ueg > 0 ? 1.0 / KS_EG_DIVISOR : 0;
        for (int i = 0; i < n; i++) {
            g->mg[e[i].index] += sign * dm * slope_mg * e[i].coef;
            g->eg[e[i].index] += sign * dg * slope_eg * e[i].coef;
        }
        e += n;
    }
}

static double sigmoid(double k, double eval) { return 1.0 / (1.0 + exp(-k * eval)); }

/* Mean squared error against the game results (the Texel error). */
static double dataset_error(const Dataset *d, const Weights *w, double k)
{
    double sum = 0;
    for (int i = 0; i < d->count; i++) {
        double r = d->samples[i].result - sigmoid(k, linear_eval(d, &d->samples[i], w));
        sum += r * r;
    }
    return d->count ? sum / d->count : 0;
}

/* The model must reproduce evaluate() up to integer rounding. */
static void check_model(const Dataset *d, const Weights *w)
{
    double worst = 0;
    long off = 0;
    for (int i = 0; i < d->count; i++) {
        double diff = fabs(linear_eval(d, &d->samples[i], w) - d->samples[i].eval);
        worst = diff > worst ? diff : worst;
        off += diff > 3;
    }
    fprintf(stderr, "model vs evaluate(): max |diff| %.2f cp, %ld of %d beyond 3 cp\n", worst, off, d->count);
}

static double fit_k(const Dataset *d, const Weights *w)
{
    double lo = 0.0005, hi = 0.05;
    for (int it = 0; it < 60; it++) {
        double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        if (dataset_error(d, w, a) < dataset_error(d, w, b))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

static void gradient(const Dataset *d, const Weights *w, double k, Weights *g)
{
    memset(g, 0, sizeof *g);
    for (int i = 0; i < d->count; i++) {
        const Sample *s = &d->samples[i];
        double mg, eg;
        model_halves(d, s, w, &mg, &eg);
        double cx = complexity(d, s, w);
        double p = sigmoid(k, mg * s->mg_factor + apply_complexity(eg, cx) * s->eg_factor + s->fixed);
        double de = 2.0 * (p - s->target) * p * (1 - p) * k / d->count;
        /* Where complexity clamps EG to zero, no eg weight moves it. */
        double dm = de * s->mg_factor, dg = cx > -fabs(eg) ? de * s->eg_factor : 0;
        const Entry *ce = &d->entries[s->first + s->count];
        for (int j = 0; j < s->cx_count; j++)
            g->eg[ce[j].index] += dg * sign_of(eg) * ce[j].coef;
        for (int j = 0; j < s->count; j++) {
            const Entry *e = &d->entries[s->first + j];
            g->mg[e->index] += dm * e->coef;
            g->eg[e->index] += dg * e->coef;
        }
        ks_gradient(&d->entries[s->first + s->count + s->cx_count], s, w, dm, dg, g);
    }
}

/* target = lambda * result + (1 - lambda) * sigmoid(K * score) where the
 * data has a score: the searched score is a less noisy label than one game's
 * result (positions of a game share their result). */
static void set_targets(Dataset *d, double k, double lambda)
{
    for (int i = 0; i < d->count; i++) {
        Sample *s = &d->samples[i];
        s->target = isnan(s->score) ? s->result : (float)(lambda * s->result + (1 - lambda) * sigmoid(k, s->score));
    }
}

static void adam_step(double *x, double g, double *m, double *v, double lr, int t)
{
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    *m = b1 * *m + (1 - b1) * g;
    *v = b2 * *v + (1 - b2) * g * g;
    double mh = *m / (1 - pow(b1, t)), vh = *v / (1 - pow(b2, t));
    *x -= lr * mh / (sqrt(vh) + eps);
}

static void train(const Config *cfg, const Dataset *d, const Dataset *valid, Weights *w, double k)
{
    static Weights g, m, v;
    const Weights start = *w;
    memset(&m, 0, sizeof m);
    memset(&v, 0, sizeof v);
    for (int t = 1; t <= cfg->epochs; t++) {
        gradient(d, w, k, &g);
        for (int i = 0; i < TP_NB; i++) {
            /* Weights no position uses keep their value. */
            if ((g.mg[i] == 0 && g.eg[i] == 0) || (cfg->freeze_psqt && i >= TP_PSQT && i <= TP_PSQT_LAST))
                continue;
            g.mg[i] += 2 * cfg->l2 * (w->mg[i] - start.mg[i]) / TP_NB;
            g.eg[i] += 2 * cfg->l2 * (w->eg[i] - start.eg[i]) / TP_NB;
            adam_step(&w->mg[i], g.mg[i], &m.mg[i], &v.mg[i], cfg->lr, t);
            adam_step(&w->eg[i], g.eg[i], &m.eg[i], &v.eg[i], cfg->lr, t);
        }
        if (t % 100 == 0 || t == cfg->epochs)
            fprintf(stderr, "epoch %5d  train %.6f  valid %.6f\n", t, dataset_error(d, w, k),
                    dataset_error(valid, w, k));
    }
}

/* Moves each piece's mean PSQT entry (over the squares the data uses) into
 * its value: the same evaluation for every position, readable tables. */
static void normalise_psqt(const Dataset *d, Weights *w)
{
    static bool used[TP_NB];
    for (long i = 0; i < d->entry_count; i++)
        used[d->entries[i].index] = true;
    for (int pt = 0; pt < 5; pt++) {
        double mg = 0, eg = 0;
        int n = 0;
        for (int sq = 0; sq < 32; sq++) {
            int i = TP_PSQT + pt * 32 + sq;
            if (used[i]) {
                mg += w->mg[i];
                eg += w->eg[i];
                n++;
            }
        }
        if (!n)
            continue;
        mg /= n;
        eg /= n;
        for (int sq = 0; sq < 32; sq++) {
            int i = TP_PSQT + pt * 32 + sq;
            if (used[i]) {
                w->mg[i] -= mg;
                w->eg[i] -= eg;
            }
        }
        w->mg[TP_PIECE_VALUE + pt] += mg;
        w->eg[TP_PIECE_VALUE + pt] += eg;
    }
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    if (text)
        text[n] = '\0';
    fclose(f);
    return text;
}

static bool is_ident_char(char c) { return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'); }

/* Just past the comment that starts at p, or p when none starts there. */
static const char *comment_end(const char *p)
{
    if (p[0] == '/' && p[1] == '*') {
        const char *end = strstr(p + 2, "*/");
        return end ? end + 2 : p + strlen(p);
    }
    if (p[0] == '/' && p[1] == '/')
        return p + strcspn(p, "\n");
    return p;
}

/* The weights the file must define, from the one list (eval/weights.h). */
typedef struct {
    const char *name;
    int offset, count;
} Term;

#define TERM(name, shape, first, count) {#name, TP_##name, count},
static const Term TERMS[] = {EVAL_WEIGHTS(TERM)};
#undef TERM
#define TERM_NB ((int)(sizeof TERMS / sizeof TERMS[0]))

static const Term *find_term(const char *name, size_t len)
{
    for (int i = 0; i < TERM_NB; i++)
        if (strlen(TERMS[i].name) == len && !strncmp(TERMS[i].name, name, len))
            return &TERMS[i];
    return NULL;
}

/* Copies text to out (when not NULL) with the S(mg, eg) pairs of each
 * definition "const Score NAME ... ;" replaced, in order, by NAME's entries
 * of w (PSQT entries padded to columns); the rest, comments included, stays
 * as it is. False, with a message, unless the text defines every weight of
 * the list exactly once, each with as many pairs as the list gives it. */
static bool rewrite_weights(const char *text, const Weights *w, FILE *out, const char *path)
{
    static const char DEFINITION[] = "const Score ";
    bool seen[TERM_NB];
    memset(seen, 0, sizeof seen);
    const Term *term = NULL; /* the definition being read */
    int k = 0;
    const char *p = text, *copied = text;
    while (*p) {
        const char *q = comment_end(p);
        if (q != p) {
            p = q;
            continue;
        }
        bool word_start = p == text || !is_ident_char(p[-1]);
        if (!term && word_start && !strncmp(p, DEFINITION, sizeof DEFINITION - 1)) {
            p += sizeof DEFINITION - 1;
            size_t len = 0;
            while (is_ident_char(p[len]))
                len++;
            term = find_term(p, len);
            if (!term) {
                fprintf(stderr, "tune: %s defines %.*s, not in EVAL_WEIGHTS (eval/weights.h)\n", path, (int)len, p);
                return false;
            }
            if (seen[term - TERMS]) {
                fprintf(stderr, "tune: %s defines %s twice\n", path, term->name);
                return false;
            }
            seen[term - TERMS] = true;
            k = 0;
            p += len;
        } else if (term && word_start && p[0] == 'S' && p[1] == '(') {
            const char *close = strchr(p, ')');
            if (k == term->count || !close) { /* an unclosed pair cannot be one of them */
                fprintf(stderr, "tune: %s: %s has more than %d S(mg, eg) pairs\n", path, term->name, term->count);
                return false;
            }
            if (out) {
                int i = term->offset + k, mg = (int)lround(w->mg[i]), eg = (int)lround(w->eg[i]);
                fwrite(copied, 1, (size_t)(p - copied), out);
                fprintf(out, term->offset == TP_PSQT ? "S(%3d, %3d)" : "S(%d, %d)", mg, eg);
            }
            k++;
            p = copied = close + 1;
        } else {
            if (term && *p == ';') {
                if (k != term->count) {
                    fprintf(stderr, "tune: %s: %s has %d S(mg, eg) pairs, EVAL_WEIGHTS says %d\n", path, term->name, k,
                            term->count);
                    return false;
                }
                term = NULL;
            }
            p++;
        }
    }
    for (int i = 0; i < TERM_NB; i++)
        if (!seen[i]) {
            fprintf(stderr, "tune: %s does not define %s\n", path, TERMS[i].name);
            return false;
        }
    if (out)
        fputs(copied, out);
    return true;
}

/* Writes the weights file in_path, rewritten with w, to out_path; writes
 * nothing unless in_path holds the layout of the list. */
static bool write_weights(const char *in_path, const char *out_path, const Weights *w)
{
    char *text = read_text(in_path);
    if (!text) {
        fprintf(stderr, "tune: cannot read %s\n", in_path);
        return false;
    }
    if (!rewrite_weights(text, w, NULL, in_path)) {
        fprintf(stderr, "tune: %s not written\n", out_path);
        free(text);
        return false;
    }
    FILE *out = fopen(out_path, "w");
    if (!out) {
        fprintf(stderr, "tune: cannot write %s\n", out_path);
        free(text);
        return false;
    }
    rewrite_weights(text, w, out, in_path);
    bool ok = !ferror(out);
    ok &= fclose(out) == 0;
    free(text);
    if (!ok)
        fprintf(stderr, "tune: error writing %s\n", out_path);
    return ok;
}

/* Fills cfg from the command line; false (the usage said, with the recipe)
 * when tune cannot run with it, *status then the exit status. */
static bool parse_args(int argc, char **argv, Config *cfg, int *status)
{
    *cfg = (Config){
        .epochs = 2000, .lr = 0.5, .l2 = 0, .lambda = 1, .weights = "eval/weights.c", .out = "weights-tuned.c"};
    cfg->data = (ArgList){cfg->data_files, 0, MAX_DATA_FILES};
    const ArgSpec spec[] = {
        ARG_ROW("--data", ARG_LIST, &cfg->data, "FILE", "FEN;R or FEN;R;V lines; again for more files (up to 16)"),
        ARG_ROW("--epochs", ARG_INT, &cfg->epochs, "N", "Adam steps over the whole set (default 2000)", .lo = 0,
                .hi = INT32_MAX),
        ARG_ROW("--lr", ARG_DOUBLE, &cfg->lr, "X", "learning rate (default 0.5)"),
        ARG_ROW("--l2", ARG_DOUBLE, &cfg->l2, "X", "pull towards the starting weights (default 0)"),
        ARG_ROW("--lambda", ARG_DOUBLE, &cfg->lambda, "X", "weight of the result against the score V (default 1)"),
        ARG_ROW("--freeze-psqt", ARG_FLAG, &cfg->freeze_psqt, NULL, "tune all but the piece-square tables"),
        ARG_ROW("--rewrite", ARG_FLAG, &cfg->rewrite, NULL, "no data, no tuning: write the built-in weights"),
        ARG_ROW("--weights", ARG_STRING, &cfg->weights, "FILE", "the weights file rewritten (default eval/weights.c)"),
        ARG_ROW("--out", ARG_STRING, &cfg->out, "FILE", "where it goes (default weights-tuned.c)"),
    };
    const int n = sizeof spec / sizeof spec[0];
    ArgsStatus st = args_parse("tune", spec, n, argc, argv, stderr);
    if (st == ARGS_OK && !cfg->data.count && !cfg->rewrite) {
        fprintf(stderr, "tune: --data FILE or --rewrite is required\n");
        st = ARGS_ERROR;
    }
    if (st != ARGS_OK) {
        FILE *f = st == ARGS_HELP ? stdout : stderr;
        args_usage("tune", spec, n, f);
        fprintf(f, "%s", RECIPE);
    }
    *status = st == ARGS_HELP ? 0 : 1;
    return st == ARGS_OK;
}

int main(int argc, char **argv)
{
    Config cfg;
    int status;
    if (!parse_args(argc, argv, &cfg, &status))
        return status;
    static Weights w;
    int mg[TP_NB], eg[TP_NB];
    eval_tune_weights(mg, eg);
    for (int i = 0; i < TP_NB; i++) {
        w.mg[i] = mg[i];
        w.eg[i] = eg[i];
    }
    if (cfg.rewrite)
        return write_weights(cfg.weights, cfg.out, &w) ? 0 : 1;
    keysquare_init();

    static Dataset train_set, valid_set;
    Position position, *pos = &position;
    long seen = 0, skipped = 0;
    for (int i = 0; i < cfg.data.count; i++)
        skipped += load(cfg.data.items[i], &train_set, &valid_set, pos, &seen);
    fprintf(stderr, "positions: %d train, %d validation, %ld skipped (endgame knowledge or bad FEN)\n", train_set.count,
            valid_set.count, skipped);
    if (train_set.count == 0) {
        fprintf(stderr, "tune: no positions (is this the EVAL_TUNE build?)\n");
        return 1;
    }
    check_model(&train_set, &w);
    double k = fit_k(&train_set, &w);
    fprintf(stderr, "K = %.6f per cp (sigmoid(K * eval))\n", k);
    double before = dataset_error(&train_set, &w, k), before_valid = dataset_error(&valid_set, &w, k);
    set_targets(&train_set, k, cfg.lambda);
    train(&cfg, &train_set, &valid_set, &w, k);
    if (!cfg.freeze_psqt)
        normalise_psqt(&train_set, &w);
    fprintf(stderr, "error before: train %.6f valid %.6f\n", before, before_valid);
    fprintf(stderr, "error after:  train %.6f valid %.6f\n", dataset_error(&train_set, &w, k),
            dataset_error(&valid_set, &w, k));
    if (!write_weights(cfg.weights, cfg.out, &w))
        return 1;
    fprintf(stderr, "wrote %s (%d weights, mg and eg)\n", cfg.out, TP_NB);
    return 0;
}
