/* DTM tables: the registry (material code and material key to table),
 * building once on demand, probing, statistics and iteration. The index
 * and the generator live in dtm_index.c and dtm_generate.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtm_gen.h"
#include "dtm_internal.h"
#include "engine/material.h"
#include "engine/movegen.h"

/* 36 materials of up to four men exist (KK included). */
enum { MAX_TABLES = 48, KEY_SLOTS = 128 };

static DtmTable TABLES[MAX_TABLES];
static int table_count;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(DtmTable *) by_key[KEY_SLOTS];
static atomic_size_t memory_used;
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
size_t dtm_memory_used(void) { return atomic_load(&memory_used); }

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
    if (t || table_count == MAX_TABLES)
        return t;
    t = &TABLES[table_count++];
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

/* ---- entries ------------------------------------------------------------ */

static DtmResult decode_value(uint8_t v, uint8_t z)
{
    DtmResult r = {0, 0, 0};
    if (v != DTM_DRAW && v != DTM_ILLEGAL) {
        r.plies = v - 1;
        r.wdl = r.plies % 2 ? 1 : -1;
        r.dtz = z - 1;
    }
    return r;
}

static void entry_header(const DtmTable *t, DtmEntry *e)
{
    memset(e, 0, sizeof *e);
    e->count = 2 + t->n;
    e->piece[0] = W_KING, e->piece[1] = B_KING;
    for (int k = 0; k < t->n; k++)
        e->piece[2 + k] = t->piece[k];
    e->weight = 1;
}

/* Visits both sides to move of the position at index whose squares are
 * e->square (the legal ones). */
static void visit_index(const DtmTable *t, DtmEntry *e, uint32_t index, DtmVisitor visit, void *ctx)
{
    for (Color c = WHITE; c <= BLACK; c++) {
        size_t p = (size_t)c * t->size + index;
        if (t->val[p] == DTM_ILLEGAL)
            continue;
        e->stm = c;
        e->result = decode_value(t->val[p], t->dtz[p]);
        visit(e, ctx);
    }
}

static void visit_stored(const DtmTable *t, DtmEntry *e, DtmVisitor visit, void *ctx)
{
    for (uint32_t i = 0; i < t->size; i++) {
        DtmMen m = {{0}};
        dtm_unpack(t, i, &m);
        memcpy(e->square, m.sq, sizeof e->square);
        e->weight = t->pawns ? 2 : 8 / dtm_stabiliser(t, &m);
        visit_index(t, e, i, visit, ctx);
    }
}

/* ---- building ----------------------------------------------------------- */

/* Bytes that building t would add: t and the tables below it not built
 * yet (seen: a bit per TABLES entry, 48 < 64). */
static size_t unbuilt_bytes(const DtmTable *t, uint64_t *seen)
{
    uint64_t bit = 1ULL << (t - TABLES);
    if ((*seen & bit) || dtm_is_ready(t))
        return 0;
    *seen |= bit;
    size_t bytes = DTM_BYTES_PER_INDEX * t->size;
    for (int i = 0; i < DTM_EXIT_SLOTS; i++)
        if (t->exits[i].table)
            bytes += unbuilt_bytes(t->exits[i].table, seen);
    return bytes;
}

static DtmBuildStatus build_exits(DtmTable *t, DtmCheckpoint checkpoint, void *ctx)
{
    for (int i = 0; i < DTM_EXIT_SLOTS; i++) {
        DtmBuildStatus status = t->exits[i].table ? dtm_build_with(t->exits[i].table, checkpoint, ctx) : DTM_BUILD_OK;
        if (status != DTM_BUILD_OK)
            return status;
    }
    return DTM_BUILD_OK;
}

static bool reserve_memory(size_t bytes)
{
    size_t used = atomic_load(&memory_used);
    do {
        if (used + bytes > DTM_MEMORY_CAP)
            return false;
    } while (!atomic_compare_exchange_weak(&memory_used, &used, used + bytes));
    return true;
}

static void add_to_stats(const DtmEntry *e, void *ctx)
{
    DtmStats *st = ctx;
    Color c = e->stm;
    int plies = e->result.plies;
    uint64_t w = (uint64_t)e->weight;
    st->stored++;
    int dtz = e->result.dtz;
    if (e->result.wdl == 0)
        st->draws[c] += w;
    else if (e->result.wdl > 0) {
        st->wins[c] += w;
        st->sum_win[c] += w * (uint64_t)plies;
        st->max_win[c] = plies > st->max_win[c] ? plies : st->max_win[c];
        st->max_dtz_win[c] = dtz > st->max_dtz_win[c] ? dtz : st->max_dtz_win[c];
        st->cursed[c] += dtz > 100 ? w : 0;
    } else {
        st->losses[c] += w;
        st->sum_loss[c] += w * (uint64_t)plies;
        st->max_loss[c] = plies > st->max_loss[c] ? plies : st->max_loss[c];
        st->max_dtz_loss[c] = dtz > st->max_dtz_loss[c] ? dtz : st->max_dtz_loss[c];
    }
}

bool dtm_build_failed(const DtmTable *t) { return atomic_load(&t->failed); }

DtmBuildStatus dtm_build_with(DtmTable *t, DtmCheckpoint checkpoint, void *ctx)
{
    if (dtm_is_ready(t))
        return DTM_BUILD_OK;
    pthread_mutex_lock(&t->lock);
    DtmBuildStatus status = dtm_is_ready(t) ? DTM_BUILD_OK : DTM_BUILD_FAILED;
    if (status != DTM_BUILD_OK && !atomic_load(&t->failed)) {
        /* Fail at once if the tables still to build exceed the cap. Then
         * the smaller tables: their locks come later in the order (men,
         * pawns) decreasing, so the locks never form a cycle. */
        uint64_t seen = 0;
        status = dtm_memory_used() + unbuilt_bytes(t, &seen) <= DTM_MEMORY_CAP ? build_exits(t, checkpoint, ctx) :
                                                                                 DTM_BUILD_FAILED;
        if (status == DTM_BUILD_OK && !reserve_memory(DTM_BYTES_PER_INDEX * t->size))
            status = DTM_BUILD_FAILED;
        if (status == DTM_BUILD_OK && (status = dtm_generate(t, checkpoint, ctx)) != DTM_BUILD_OK)
            atomic_fetch_sub(&memory_used, DTM_BYTES_PER_INDEX * t->size);
        if (status == DTM_BUILD_OK) {
            DtmEntry e;
            entry_header(t, &e);
            visit_stored(t, &e, add_to_stats, &t->stats);
        }
        if (status != DTM_BUILD_ABANDONED)
            atomic_store_explicit(status == DTM_BUILD_OK ? &t->ready : &t->failed, true, memory_order_release);
    }
    pthread_mutex_unlock(&t->lock);
    return status;
}

bool dtm_build(DtmTable *t) { return dtm_build_with(t, NULL, NULL) == DTM_BUILD_OK; }

/* ---- probing ------------------------------------------------------------ */

/* Larger is better for the side to move: a win sooner, a loss later. */
static int result_rank(int wdl, int plies) { return wdl > 0 ? 1000 - plies : wdl < 0 ? -1000 + plies : 0; }

/* A position with an en-passant right (tables with pawns on both sides):
 * the better of the stored value without the right (*out) and each e.p.
 * capture, or the captures alone when they are the only legal moves. m:
 * the men in table order, oriented as stored. */
static void probe_ep(const Position *pos, const DtmTable *t, const DtmMen *m, int flip, DtmResult *out)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    int others = 0, best = -2000;
    DtmResult r = *out;
    for (int i = 0; i < l.count; i++) {
        Move mv = l.moves[i];
        if (move_kind(mv) != MK_EN_PASSANT) {
            others++;
            continue;
        }
        int kx = -1, ky = -1;
        for (int k = 2; k < 2 + t->n; k++) {
            kx = (m->sq[k] ^ (flip ? 56 : 0)) == move_from(mv) ? k : kx;
            ky = (m->sq[k] ^ (flip ? 56 : 0)) == (Square)(pos->ep + (pos->side == WHITE ? -8 : 8)) ? k : ky;
        }
        if (kx < 0 || ky < 0)
            continue;
        int v =
            gen_exit_value(t, m, kx, (Square)(pos->ep ^ (flip ? 56 : 0)), (Color)(pos->side ^ flip), ky, NO_PIECE_TYPE);
        DtmResult e = {(v > 0) - (v < 0), v < 0 ? -v : v, v ? 1 : 0};
        if (result_rank(e.wdl, e.plies) > best)
            best = result_rank(e.wdl, e.plies), r = e;
    }
    if (best == -2000)
        return; /* no e.p. capture after all */
    if (others && result_rank(out->wdl, out->plies) >= best) {
        /* The stored value stands; DTZ 1 if the capture wins too. */
        if (out->wdl > 0 && r.wdl > 0)
            out->dtz = 1;
        return;
    }
    /* The capture is better (or forced); as a loss, the loser still
     * delays the zeroing as long as the stored moves allow. */
    if (others && r.wdl < 0 && out->wdl < 0 && out->dtz > r.dtz)
        r.dtz = out->dtz;
    *out = r;
}

bool dtm_probe(const Position *pos, DtmResult *out)
{
    if (popcount(occupied(pos)) > DTM_MAX_MEN || pos->castling)
        return false;
    const DtmTable *t = dtm_table_for_key(pos->material_key);
    if (!t || !dtm_is_ready(t))
        return false;
    int flip = pos->material_key != t->key[0];
    Square fl = flip ? 56 : 0;
    DtmMen m = {{0}};
    Bitboard used = 0;
    m.sq[0] = king_square(pos, flip) ^ fl;
    m.sq[1] = king_square(pos, !flip) ^ fl;
    for (int k = 0; k < t->n; k++) {
        Piece pc = t->piece[k];
        Bitboard b = pieces(pos, color_of(pc) ^ flip, type_of(pc)) & ~used;
        used |= square_bb(lsb(b));
        m.sq[2 + k] = lsb(b) ^ fl;
    }
    size_t p = (size_t)(pos->side ^ flip) * t->size + dtm_index(t, &m, NULL);
    *out = decode_value(t->val[p], t->dtz[p]);
    if (pos->ep != SQ_NONE)
        probe_ep(pos, t, &m, flip, out);
    return true;
}

bool dtm_probe_move(Position *pos, Move m, DtmResult *out)
{
    DtmResult after = {0, 0, 0};
    bool known = true;
    Undo undo;
    pos_make(pos, m, &undo);
    if (pos_insufficient_material(pos))
        ;
    else if (count_legal(pos) == 0)
        after.wdl = in_check(pos) ? -1 : 0;
    else
        known = dtm_probe(pos, &after);
    pos_unmake(pos);
    if (known) {
        out->wdl = -after.wdl;
        out->plies = after.wdl ? after.plies + 1 : 0;
    }
    return known;
}

/* Orders verdicts from the mover's view: faster wins, then draws, then
 * slower losses. */
static int verdict_rank(const DtmResult *r) { return r->wdl > 0 ? 1000 - r->plies : r->wdl < 0 ? -1000 + r->plies : 0; }

Move dtm_best_move(Position *pos, DtmResult *out)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    Move best = MOVE_NONE;
    int best_rank = 0;
    for (int i = 0; i < l.count; i++) {
        DtmResult r;
        if (!dtm_probe_move(pos, l.moves[i], &r) || (best != MOVE_NONE && verdict_rank(&r) <= best_rank))
            continue;
        best = l.moves[i];
        best_rank = verdict_rank(&r);
        *out = r;
    }
    return best;
}

bool dtm_stats(const DtmTable *t, DtmStats *out)
{
    if (!dtm_is_ready(t))
        return false;
    *out = t->stats;
    return true;
}

static bool placeable(const DtmTable *t, int k, Square s, Bitboard occ)
{
    return !(occ & square_bb(s)) && (type_of(t->piece[k]) != PAWN || (rank_of(s) != 0 && rank_of(s) != 7));
}

/* Both sides to move of one complete placement. */
static void visit_placement(const DtmTable *t, DtmEntry *e, const DtmMen *m, DtmVisitor visit, void *ctx)
{
    memcpy(e->square, m->sq, sizeof e->square);
    visit_index(t, e, dtm_index(t, m, NULL), visit, ctx);
}

/* Places the men besides the kings (identical men once per position). */
static void visit_men(const DtmTable *t, DtmEntry *e, DtmMen *m, DtmVisitor visit, void *ctx)
{
    Bitboard kings = square_bb(m->sq[0]) | square_bb(m->sq[1]);
    if (t->n == 0) {
        visit_placement(t, e, m, visit, ctx);
        return;
    }
    for (m->sq[2] = 0; m->sq[2] < SQ_NB; m->sq[2]++) {
        if (!placeable(t, 0, m->sq[2], kings))
            continue;
        if (t->n == 1) {
            visit_placement(t, e, m, visit, ctx);
            continue;
        }
        Bitboard occ = kings | square_bb(m->sq[2]);
        for (m->sq[3] = t->same ? m->sq[2] + 1 : 0; m->sq[3] < SQ_NB; m->sq[3]++)
            if (placeable(t, 1, m->sq[3], occ))
                visit_placement(t, e, m, visit, ctx);
    }
}

void dtm_foreach(const DtmTable *t, int mode, DtmVisitor visit, void *ctx)
{
    DtmEntry e;
    DtmMen m = {{0}};
    if (!dtm_is_ready(t))
        return;
    entry_header(t, &e);
    if (mode == DTM_VISIT_STORED) {
        visit_stored(t, &e, visit, ctx);
        return;
    }
    for (m.sq[0] = 0; m.sq[0] < SQ_NB; m.sq[0]++)
        for (m.sq[1] = 0; m.sq[1] < SQ_NB; m.sq[1]++)
            if (distance(m.sq[0], m.sq[1]) > 1)
                visit_men(t, &e, &m, visit, ctx);
}
