/* The Syzygy registry (directory listing, lazy mapping) and the probes:
 * WDL with its capture resolution, DTZ with its 1-ply search when the
 * file holds the other side to move (method as in the generator's own
 * prober and Stockfish's tbprobe; written here). */
#include "syzygy.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/material.h"
#include "engine/movegen.h"
#include "engine/platform.h"
#include "syzygy_internal.h"

#define MESSAGE_LEN 240
#define MESSAGE_SLOTS 16

/* Both colour arrangements of a table, sorted by signature. */
typedef struct {
    uint64_t sig;
    int table;
    bool swapped; /* the table's first-named side is Black here */
} SzKey;

static struct {
    SzTable *tables;
    int count, cap;
    SzKey *keys;
    int key_count;
    int max_men;
} reg;

static struct {
    pthread_mutex_t lock;
    char text[MESSAGE_SLOTS][MESSAGE_LEN];
    int head, count;
} messages = {PTHREAD_MUTEX_INITIALIZER, {{0}}, 0, 0};

static void post(const char *fmt, const char *a, const char *b)
{
    pthread_mutex_lock(&messages.lock);
    if (messages.count < MESSAGE_SLOTS) {
        int slot = (messages.head + messages.count++) % MESSAGE_SLOTS;
        snprintf(messages.text[slot], MESSAGE_LEN, fmt, a, b);
    }
    pthread_mutex_unlock(&messages.lock);
}

bool syzygy_next_message(char *buf, size_t size)
{
    pthread_mutex_lock(&messages.lock);
    bool any = messages.count > 0;
    if (any) {
        snprintf(buf, size, "%s", messages.text[messages.head]);
        messages.head = (messages.head + 1) % MESSAGE_SLOTS;
        messages.count--;
    }
    pthread_mutex_unlock(&messages.lock);
    return any;
}

/* ---- material signatures ---------------------------------------------- */

/* Four bits per colour and piece type P..Q: White's in bits 0-19. */
static uint64_t swap_sig(uint64_t sig) { return sig >> 20 | (sig & 0xFFFFF) << 20; }

static uint64_t position_sig(const Position *pos)
{
    uint64_t sig = 0;
    for (Color c = WHITE; c <= BLACK; c++)
        for (PieceType pt = PAWN; pt <= QUEEN; pt++)
            sig |= (uint64_t)popcount(pieces(pos, c, pt)) << (4 * (c * 5 + pt - 1));
    return sig;
}

/* Parses "KQvKR" into a table description; false for another name. The
 * name is a material code (engine/material.h) with a 'v' before the
 * second king. */
static bool parse_name(const char *name, size_t len, SzTable *t)
{
    int count[COLOR_NB][PIECE_TYPE_NB] = {{0}}, counts[PIECE_NB];
    char code[MATERIAL_MAX_MEN + 1];
    const char *v = memchr(name, 'v', len);
    if (!v || len > MATERIAL_MAX_MEN || len < 2 || v[1] != 'K' || strspn(name, "PNBRQKv") < len)
        return false;
    memcpy(code, name, (size_t)(v - name));
    memcpy(code + (v - name), v + 1, len - (size_t)(v - name) - 1);
    code[len - 1] = '\0';
    if (memchr(v + 1, 'v', len - (size_t)(v - name) - 1) || !material_counts(code, WHITE, counts))
        return false;
    int men = 0;
    for (Color c = WHITE; c <= BLACK; c++)
        for (PieceType pt = PAWN; pt <= KING; pt++)
            men += count[c][pt] = counts[make_piece(c, pt)];
    if (count[WHITE][KING] != 1 || count[BLACK][KING] != 1 || men > SZ_MAX_MEN || len >= sizeof t->name)
        return false;
    memset(t, 0, sizeof *t);
    memcpy(t->name, name, len);
    t->men = men;
    for (Color c = WHITE; c <= BLACK; c++)
        for (PieceType pt = PAWN; pt <= QUEEN; pt++) {
            t->sig |= (uint64_t)count[c][pt] << (4 * (c * 5 + pt - 1));
            t->unique |= count[c][pt] == 1;
        }
    t->sig_swapped = swap_sig(t->sig);
    t->symmetric = t->sig == t->sig_swapped;
    t->pawns = count[WHITE][PAWN] + count[BLACK][PAWN] > 0;
    t->both_pawns = count[WHITE][PAWN] > 0 && count[BLACK][PAWN] > 0;
    return true;
}

/* ---- the registry ------------------------------------------------------ */

static void close_file(SzFile *f)
{
    if (f->map)
        platform_unmap_file(f->map, f->size);
    sz_free_pairs(f);
    free(f->path);
    pthread_mutex_destroy(&f->lock);
}

static void clear_registry(void)
{
    for (int i = 0; i < reg.count; i++)
        for (int k = 0; k < SZ_KINDS; k++)
            close_file(&reg.tables[i].file[k]);
    free(reg.tables);
    free(reg.keys);
    memset(&reg, 0, sizeof reg);
}

static SzTable *find_by_sig(uint64_t sig)
{
    for (int i = 0; i < reg.count; i++)
        if (reg.tables[i].sig == sig)
            return &reg.tables[i];
    return NULL;
}

static void add_file(const char *dir, const char *name)
{
    size_t len = strlen(name);
    if (len < 6 || name[len - 5] != '.')
        return;
    int kind = !strcmp(name + len - 4, "rtbw") ? SZ_WDL : !strcmp(name + len - 4, "rtbz") ? SZ_DTZ : -1;
    SzTable t;
    if (kind < 0 || !parse_name(name, len - 5, &t))
        return;
    SzTable *e = find_by_sig(t.sig);
    if (!e) {
        if (reg.count == reg.cap) {
            int cap = reg.cap ? 2 * reg.cap : 64;
            SzTable *grown = realloc(reg.tables, (size_t)cap * sizeof *grown);
            if (!grown)
                return;
            reg.tables = grown;
            reg.cap = cap;
        }
        e = &reg.tables[reg.count++];
        *e = t;
        for (int k = 0; k < SZ_KINDS; k++)
            pthread_mutex_init(&e->file[k].lock, NULL);
    }
    SzFile *f = &e->file[kind];
    if (f->path)
        return;
    f->path = malloc(strlen(dir) + len + 2);
    if (f->path)
        sprintf(f->path, "%s/%s", dir, name);
}

static int compare_keys(const void *a, const void *b)
{
    const SzKey *x = a, *y = b;
    return x->sig < y->sig ? -1 : x->sig > y->sig;
}

static void build_keys(void)
{
    reg.keys = malloc(2 * (size_t)(reg.count ? reg.count : 1) * sizeof *reg.keys);
    if (!reg.keys) {
        reg.count = 0;
        return;
    }
    for (int i = 0; i < reg.count; i++) {
        const SzTable *t = &reg.tables[i];
        reg.keys[reg.key_count++] = (SzKey){t->sig, i, false};
        if (!t->symmetric)
            reg.keys[reg.key_count++] = (SzKey){t->sig_swapped, i, true};
    }
    qsort(reg.keys, (size_t)reg.key_count, sizeof *reg.keys, compare_keys);
}

void syzygy_startup(void) { sz_index_init(); }

void syzygy_init(const char *paths, SyzygyInfo *info)
{
    clear_registry();
    char *list = strdup(paths ? paths : "");
    const char sep[2] = {platform_path_list_separator(), '\0'};
    if (list && strcmp(list, "<empty>")) {
        char *save = NULL;
        for (char *dir = strtok_r(list, sep, &save); dir; dir = strtok_r(NULL, sep, &save)) {
            DIR *d = opendir(dir);
            if (!d) {
                post("Syzygy: cannot read directory %s: %s", dir, strerror(errno));
                continue;
            }
            for (struct dirent *de; (de = readdir(d));)
                add_file(dir, de->d_name);
            closedir(d);
        }
    }
    free(list);
    build_keys();
    SyzygyInfo in = {0, 0, 0};
    for (int i = 0; i < reg.count; i++) {
        const SzTable *t = &reg.tables[i];
        in.wdl_files += t->file[SZ_WDL].path != NULL;
        in.dtz_files += t->file[SZ_DTZ].path != NULL;
        if (t->file[SZ_WDL].path && t->men > in.max_men)
            in.max_men = t->men;
    }
    reg.max_men = in.max_men;
    if (info)
        *info = in;
}

int syzygy_max_men(void) { return reg.max_men; }

static SzTable *lookup(const Position *pos, bool *swapped)
{
    uint64_t sig = position_sig(pos);
    int lo = 0, hi = reg.key_count - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (reg.keys[mid].sig == sig) {
            *swapped = reg.keys[mid].swapped;
            return &reg.tables[reg.keys[mid].table];
        }
        if (reg.keys[mid].sig < sig)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

/* The bounds checks of the parser and the probes (syzygy_format.c) read
 * f->size, which is the whole file's. */
static bool map_file(SzFile *f, char *err, size_t err_size)
{
    size_t size = 0;
    const void *m = platform_map_file(f->path, &size, err, err_size);
    if (!m)
        return false;
    f->map = m;
    f->size = size;
    return true;
}

/* Maps and parses the file on first use; true when it can be probed. */
static bool open_file(const SzTable *t, SzFile *f, int kind)
{
    int state = atomic_load_explicit(&f->state, memory_order_acquire);
    if (state != SZ_CLOSED || !f->path)
        return state == SZ_READY;
    pthread_mutex_lock(&f->lock);
    state = atomic_load_explicit(&f->state, memory_order_relaxed);
    if (state == SZ_CLOSED) {
        char err[160] = "";
        if (map_file(f, err, sizeof err) && sz_parse(t, f, kind, err, sizeof err)) {
            state = SZ_READY;
        } else {
            post("Syzygy: %s: %s; table disabled", f->path, err);
            if (f->map)
                platform_unmap_file(f->map, f->size);
            f->map = NULL;
            sz_free_pairs(f);
            state = SZ_BROKEN;
        }
        atomic_store_explicit(&f->state, state, memory_order_release);
    }
    pthread_mutex_unlock(&f->lock);
    return state == SZ_READY;
}

/* ---- one table look-up ------------------------------------------------- */

enum { PROBE_OK, PROBE_FAIL, PROBE_OTHER_SIDE };

/* Stored DTZ value -> plies (or moves doubled), given the position's WDL. */
static int dtz_from_stored(const SzFile *f, const SzPairs *p, int value, int wdl)
{
    static const int MAP_OF_WDL[5] = {1, 3, 0, 2, 0}; /* loss, blessed, -, cursed, win */
    if (p->flags & SZ_FLAG_MAPPED) {
        int m = MAP_OF_WDL[wdl + 2];
        if (value >= p->dtz_map_len[m])
            return -1;
        const uint8_t *e = f->map + p->dtz_map[m];
        value = p->flags & SZ_FLAG_WIDE ? (int)sz_u16(e + 2 * value) : e[value];
    }
    bool plies =
        (wdl == SZ_WIN && (p->flags & SZ_FLAG_WIN_PLIES)) || (wdl == SZ_LOSS && (p->flags & SZ_FLAG_LOSS_PLIES));
    return (plies ? value : 2 * value) + 1;
}

/* The stored value of pos: WDL (-2..2) or DTZ (plies, unsigned; wdl is
 * the position's WDL, which picks the DTZ value map). */
static int probe_table(const Position *pos, int kind, int wdl, int *out)
{
    if (popcount(occupied(pos)) == 2) {
        *out = 0;
        return PROBE_OK;
    }
    bool swapped;
    SzTable *t = lookup(pos, &swapped);
    if (!t)
        return PROBE_FAIL;
    SzFile *f = &t->file[kind];
    if (!open_file(t, f, kind))
        return PROBE_FAIL;

    /* Colours and ranks are flipped so the table's first-named side is
     * White; a symmetric table stores only that side to move. */
    int flip = swapped || (t->symmetric && pos->side == BLACK);
    int cflip = flip ? 8 : 0, sflip = flip ? 56 : 0, stm = flip ^ pos->side;
    Square sq[SZ_MAX_MEN];
    Piece pc[SZ_MAX_MEN];
    int n = 0, lead = 0, file = 0;
    Bitboard lead_bb = 0;
    if (t->pawns) {
        Piece lp = f->pairs[0][0].piece[0];
        lead_bb = pieces(pos, color_of(lp ^ cflip), PAWN);
        for (Bitboard b = lead_bb; b;)
            pc[n] = lp, sq[n++] = pop_lsb(&b) ^ sflip;
        lead = n;
        file = sz_pick_leading_pawn(sq, lead);
    }
    const SzPairs *p = &f->pairs[stm < f->sides ? stm : 0][file];
    if (kind == SZ_DTZ && (p->flags & SZ_FLAG_STM) != stm && !(t->symmetric && !t->pawns))
        return PROBE_OTHER_SIDE;
    for (Bitboard b = occupied(pos) & ~lead_bb; b;) {
        Square s = pop_lsb(&b);
        pc[n] = piece_on(pos, s) ^ cflip, sq[n++] = s ^ sflip;
    }
    if (n != t->men)
        return PROBE_FAIL;
    for (int i = lead; i < n; i++) { /* into the file's piece order */
        int j = i;
        while (j < n && pc[j] != p->piece[i])
            j++;
        if (j == n)
            return PROBE_FAIL;
        Piece tp = pc[i];
        Square ts = sq[i];
        pc[i] = pc[j], sq[i] = sq[j], pc[j] = tp, sq[j] = ts;
    }
    int v = sz_decompress(f, p, sz_encode(t, p, sq, n, lead));
    if (v < 0)
        return PROBE_FAIL;
    if (kind == SZ_WDL) {
        *out = v - 2;
        return v <= 4 ? PROBE_OK : PROBE_FAIL;
    }
    *out = dtz_from_stored(f, p, v, wdl);
    return *out > 0 ? PROBE_OK : PROBE_FAIL;
}

/* ---- probes ------------------------------------------------------------ */

enum { SEARCH_OK, SEARCH_FAIL, SEARCH_ZEROING_BEST };

/* The WDL of pos: the best of its captures (and, with pawn_moves, pawn
 * moves), each resolved the same way, against the stored value. The file
 * may store anything where a capture is at least as good, and knows
 * nothing of en passant, so a capture that is best, or a position whose
 * moves are all captures, is answered without it (*state then says the
 * best move zeroes the clock). */
static int wdl_search(Position *pos, bool pawn_moves, int *state)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, pawn_moves ? GEN_ALL : GEN_NOISY);
    int best = SZ_LOSS, tried = 0;
    for (int i = 0; i < l.count; i++) {
        Move m = l.moves[i];
        if (!is_capture(pos, m) && (!pawn_moves || type_of(piece_on(pos, move_from(m))) != PAWN))
            continue;
        tried++;
        int sub;
        Undo u;
        pos_make(pos, m, &u);
        int v = -wdl_search(pos, false, &sub);
        pos_unmake(pos);
        if (sub == SEARCH_FAIL)
            return *state = SEARCH_FAIL, 0;
        if (v > best) {
            best = v;
            if (v >= SZ_WIN)
                return *state = SEARCH_ZEROING_BEST, v;
        }
    }
    bool all_tried = tried > 0 && tried == (pawn_moves ? l.count : count_legal(pos));
    int v = best;
    if (!all_tried && probe_table(pos, SZ_WDL, 0, &v) != PROBE_OK)
        return *state = SEARCH_FAIL, 0;
    if (best >= v) {
        *state = best > SZ_DRAW || all_tried ? SEARCH_ZEROING_BEST : SEARCH_OK;
        return best;
    }
    *state = SEARCH_OK;
    return v;
}

bool syzygy_probe_wdl(Position *pos, int *wdl)
{
    if (pos->castling) /* the files have no castling */
        return false;
    int state;
    *wdl = wdl_search(pos, false, &state);
    return state != SEARCH_FAIL;
}

/* DTZ of a position whose best move zeroes the clock. */
static int dtz_before_zeroing(int wdl)
{
    static const int DTZ[5] = {-1, -101, 0, 101, 1};
    return DTZ[wdl + 2];
}

static int sign(int v) { return (v > 0) - (v < 0); }

static bool probe_dtz(Position *pos, int *dtz, int depth);

/* The file holds the other side to move: the best move's DTZ, one ply on. */
static bool dtz_by_search(Position *pos, int wdl, int *dtz, int depth)
{
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    int best = 0xFFFF;
    for (int i = 0; i < l.count; i++) {
        Move m = l.moves[i];
        bool zeroing = is_capture(pos, m) || type_of(piece_on(pos, move_from(m))) == PAWN;
        int d, state = SEARCH_OK;
        bool ok = true;
        Undo u;
        pos_make(pos, m, &u);
        if (zeroing)
            d = -dtz_before_zeroing(wdl_search(pos, false, &state));
        else if ((ok = probe_dtz(pos, &d, depth + 1)))
            d = -d;
        if (ok && d == 1 && in_check(pos) && count_legal(pos) == 0)
            best = 1; /* mate */
        pos_unmake(pos);
        if (!ok || state == SEARCH_FAIL)
            return false;
        if (!zeroing)
            d += sign(d);
        if (d < best && sign(d) == sign(wdl))
            best = d;
    }
    *dtz = best == 0xFFFF ? -1 : best;
    return true;
}

static bool probe_dtz(Position *pos, int *dtz, int depth)
{
    int state;
    int wdl = wdl_search(pos, true, &state);
    if (state == SEARCH_FAIL)
        return false;
    if (wdl == SZ_DRAW) {
        *dtz = 0;
        return true;
    }
    if (state == SEARCH_ZEROING_BEST) {
        *dtz = dtz_before_zeroing(wdl);
        return true;
    }
    int v;
    int r = probe_table(pos, SZ_DTZ, wdl, &v);
    if (r == PROBE_OK) {
        *dtz = (v + (wdl == SZ_CURSED_WIN || wdl == SZ_BLESSED_LOSS ? 100 : 0)) * sign(wdl);
        return true;
    }
    /* A file always holds one side; two flips in a row mean a corrupt one. */
    return r == PROBE_OTHER_SIDE && depth < 2 && dtz_by_search(pos, wdl, dtz, depth);
}

bool syzygy_probe_dtz(Position *pos, int *dtz) { return !pos->castling && probe_dtz(pos, dtz, 0); }
