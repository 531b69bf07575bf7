/* DTM tables: the registry. Material codes and material keys lead to
 * tables; a table is registered with the smaller tables its captures and
 * promotions lead to (its exits) before readers can see it, and the
 * standard tables are registered at startup. Building is dtm_build.c's,
 * probing dtm_probe.c's, statistics and iteration dtm_visit.c's. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "dtm_internal.h"
#include "engine/material.h"

/* 36 materials of up to four men exist (KK included). */
enum { KEY_SLOTS = 128 };

static DtmTable TABLES[DTM_MAX_TABLES];
static int table_count;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(DtmTable *) by_key[KEY_SLOTS];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static const char *const STANDARD[] = {"KQK",  "KRK",  "KBK",  "KNK",  "KPK", "KBBK",
                                       "KBNK", "KNNK", "KQKR", "KRKB", "KRKN"};

/* Men in table order, strongest first. */
static const PieceType ORDER_TYPE[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
static const int ORDER_VALUE[] = {9, 5, 3, 3, 1};

#define STANDARD_COUNT (sizeof STANDARD / sizeof STANDARD[0])
static DtmTable *standard_tables[STANDARD_COUNT];

const char *const *dtm_standard_names(int *count)
{
    *count = (int)STANDARD_COUNT;
    return STANDARD;
}

DtmTable *const *dtm_standard_tables(int *count)
{
    dtm_init();
    *count = (int)STANDARD_COUNT;
    return standard_tables;
}

void dtm_table_counts(const DtmTable *t, int counts[PIECE_NB])
{
    memset(counts, 0, PIECE_NB * sizeof counts[0]);
    for (int k = 0; k < t->n; k++)
        counts[t->piece[k]]++;
}

const char *dtm_name(const DtmTable *t) { return t->name; }
bool dtm_is_ready(const DtmTable *t) { return atomic_load_explicit(&t->ready, memory_order_acquire); }

/* ---- material codes ---------------------------------------------------- */

/* > 0 if side a is stronger than side b: material, then men, then the
 * stronger men in table order. */
static int compare_sides(const int counts[PIECE_NB], Color a, Color b)
{
    int va = 0, vb = 0, na = 0, nb = 0;
    for (int o = 0; o < 5; o++) {
        va += ORDER_VALUE[o] * counts[make_piece(a, ORDER_TYPE[o])];
        vb += ORDER_VALUE[o] * counts[make_piece(b, ORDER_TYPE[o])];
        na += counts[make_piece(a, ORDER_TYPE[o])];
        nb += counts[make_piece(b, ORDER_TYPE[o])];
    }
    if (va != vb || na != nb)
        return va != vb ? va - vb : na - nb;
    for (int o = 0; o < 5; o++) {
        int d = counts[make_piece(a, ORDER_TYPE[o])] - counts[make_piece(b, ORDER_TYPE[o])];
        if (d)
            return d;
    }
    return 0;
}

/* Counts of the men besides the kings of a code the generator can build
 * (up to two men); false with the reason in err. */
static bool parse_code(const char *code, int counts[PIECE_NB], char *err, size_t es)
{
    bool ok = material_counts(code, WHITE, counts);
    int kings = 0;
    for (const char *p = code; *p; p++)
        kings += toupper((unsigned char)*p) == 'K';
    int men = (int)strlen(code) - kings;
    if (!ok && men <= 2 && kings < 2 && (!*code || toupper((unsigned char)*code) == 'K')
        && strspn(code, "KQRBNPkqrbnp") == strlen(code)) {
        snprintf(err, es, "%s: a material code names both kings (like KQKR)", code);
        return false;
    }
    if (!ok || men > 2) {
        snprintf(err, es, "%s: not a material code of up to four men (like KQKR)", code);
        return false;
    }
    counts[W_KING] = counts[B_KING] = 0;
    return true;
}

/* ---- the registry ------------------------------------------------------- */

static void publish_key(DtmTable *t, Key key)
{
    unsigned i = (unsigned)key % KEY_SLOTS;
    while (atomic_load(&by_key[i]))
        i = (i + 1) % KEY_SLOTS;
    atomic_store_explicit(&by_key[i], t, memory_order_release);
}

DtmTable *dtm_table_for_key(Key material_key)
{
    for (unsigned i = (unsigned)material_key % KEY_SLOTS;; i = (i + 1) % KEY_SLOTS) {
        DtmTable *t = atomic_load_explicit(&by_key[i], memory_order_acquire);
        if (!t || t->key[0] == material_key || t->key[1] == material_key)
            return t;
    }
}

/* The material key of Position.material_key for counts of the men besides
 * the kings. */
static Key material_key_with_kings(const int counts[PIECE_NB])
{
    int all[PIECE_NB];
    memcpy(all, counts, sizeof all);
    all[W_KING] = all[B_KING] = 1;
    return material_key_of_counts(all);
}

/* Fills a new table for counts whose stronger side is White. */
static void describe(DtmTable *t, const int counts[PIECE_NB])
{
    int flipped[PIECE_NB];
    material_code_of_counts(counts, t->name);
    /* Men in index order: the reverse of the name, so that the strong
     * side's strongest man is last (its un-moves stay in one row). */
    for (Color c = BLACK; c >= WHITE; c--)
        for (int o = 4; o >= 0; o--)
            for (int i = 0; i < counts[make_piece(c, ORDER_TYPE[o])]; i++)
                t->piece[t->n++] = make_piece(c, ORDER_TYPE[o]);
    t->pawns = counts[W_PAWN] || counts[B_PAWN];
    t->same = t->n == 2 && t->piece[0] == t->piece[1];
    t->size = (size_t)(t->pawns ? KK_PAWNS : KK_PAWNLESS) << (6 * t->n);
    for (int p = 0; p < PIECE_NB; p++)
        flipped[p] = counts[p ^ 8];
    t->key[0] = material_key_with_kings(counts);
    t->key[1] = material_key_with_kings(flipped);
    pthread_mutex_init(&t->lock, NULL);
}

static DtmTable *table_for_counts_locked(const int counts[PIECE_NB], bool *flip);

/* Links an exit slot: the material after capturing man `captured` and/or
 * promoting man `promoted` to `promo` (indices among t's men, -1 = none),
 * registering its table. */
static bool link_exit(DtmTable *t, int captured, int promoted, PieceType promo)
{
    int counts[PIECE_NB] = {0};
    Piece after[DTM_MAX_MEN] = {W_KING, B_KING, NO_PIECE, NO_PIECE};
    for (int k = 0; k < t->n; k++)
        if (k != captured) {
            after[2 + k] = k == promoted ? make_piece(color_of(t->piece[k]), promo) : t->piece[k];
            counts[after[2 + k]]++;
        }
    DtmExit *ex = &t->exits[exit_slot(captured, promoted, promo)];
    ex->table = table_for_counts_locked(counts, &ex->flip);
    if (!ex->table)
        return false;
    bool used[DTM_MAX_MEN] = {false};
    for (int j = 0; j < 2 + ex->table->n; j++) {
        Piece want = j < 2 ? make_piece(j, KING) : ex->table->piece[j - 2];
        want ^= ex->flip ? 8 : 0; /* the table's colours seen from ours */
        int k = 0;
        while (used[k] || after[k] != want)
            k++;
        used[k] = true;
        ex->man[j] = (int8_t)k;
    }
    return true;
}

/* Every capture and promotion this material allows; each leads to a table
 * with fewer men or fewer pawns, so the recursion ends. */
static bool link_exits(DtmTable *t)
{
    for (int c = -1; c < t->n; c++)
        for (int p = -1; p < t->n; p++) {
            bool pawn = p >= 0 && type_of(t->piece[p]) == PAWN;
            if ((p >= 0 && !pawn) || (c < 0 && p < 0) || c == p)
                continue;
            if (c >= 0 && p >= 0 && color_of(t->piece[c]) == color_of(t->piece[p]))
                continue;
            for (PieceType pt = p < 0 ? NO_PIECE_TYPE : KNIGHT; pt <= (p < 0 ? NO_PIECE_TYPE : QUEEN); pt++)
                if (!link_exit(t, c, p, pt))
                    return false;
        }
    return true;
}

/* The table of counts (any colours), registered with its exits before it
 * is published (readers never see a half-made table); *flip = its White is
 * our Black. Caller holds registry_lock. */
static DtmTable *table_for_counts_locked(const int counts[PIECE_NB], bool *flip)
{
    int canon[PIECE_NB];
    *flip = compare_sides(counts, BLACK, WHITE) > 0;
    for (int p = 0; p < PIECE_NB; p++)
        canon[p] = counts[*flip ? p ^ 8 : p];
    DtmTable *t = dtm_table_for_key(material_key_with_kings(canon));
    if (t || table_count == DTM_MAX_TABLES)
        return t;
    t = &TABLES[table_count];
    t->slot = table_count++;
    describe(t, canon);
    if (!link_exits(t))
        return NULL; /* the slot stays unpublished */
    publish_key(t, t->key[0]);
    if (t->key[1] != t->key[0])
        publish_key(t, t->key[1]);
    return t;
}

static DtmTable *table_for_counts(const int counts[PIECE_NB], bool *flip)
{
    pthread_mutex_lock(&registry_lock);
    DtmTable *t = table_for_counts_locked(counts, flip);
    pthread_mutex_unlock(&registry_lock);
    return t;
}

static DtmTable *table_of_code(const char *code, char *err, size_t es)
{
    int counts[PIECE_NB];
    bool flip;
    char dummy[160];
    if (!err)
        err = dummy, es = sizeof dummy;
    if (!parse_code(code, counts, err, es))
        return NULL;
    DtmTable *t = table_for_counts(counts, &flip);
    if (t && flip) {
        snprintf(err, es, "%s: name the stronger side first (%s)", code, t->name);
        return NULL;
    }
    return t;
}

static void register_standard(void)
{
    dtm_index_init();
    for (size_t i = 0; i < STANDARD_COUNT; i++)
        standard_tables[i] = table_of_code(STANDARD[i], NULL, 0);
    table_of_code("KK", NULL, 0);
}

void dtm_init(void) { pthread_once(&init_once, register_standard); }

DtmTable *dtm_table(const char *code, char *err, size_t es)
{
    dtm_init();
    return table_of_code(code, err, es);
}

DtmTable *dtm_table_for_position(const Position *pos)
{
    int counts[PIECE_NB] = {0};
    bool flip;
    DtmTable *t = dtm_table_for_key(pos->material_key);
    if (t || popcount(occupied(pos)) > DTM_MAX_MEN)
        return t;
    for (Piece p = W_PAWN; p <= B_QUEEN; p++)
        if (type_of(p) >= PAWN && type_of(p) <= QUEEN)
            counts[p] = popcount(pieces(pos, color_of(p), type_of(p)));
    dtm_init();
    return table_for_counts(counts, &flip);
}

DtmTable *dtm_table_for_counts(const int counts[PIECE_NB])
{
    /* The men besides the kings only: a king count in counts is ignored. */
    int only[PIECE_NB] = {0}, men = 0;
    bool flip;
    for (Piece p = W_PAWN; p <= B_QUEEN; p++)
        if (type_of(p) >= PAWN && type_of(p) <= QUEEN)
            men += only[p] = counts[p];
    if (men < 1 || men > DTM_MAX_EXTRA)
        return NULL;
    dtm_init();
    return table_for_counts(only, &flip);
}
