/* Reading a mapped Syzygy file: the header (layout in syzygy_internal.h)
 * and the value of one index. Every offset is checked against the file's
 * size once, here, so a truncated or corrupt file is refused before any
 * probe reads it; the decoder still bounds every read, since a corrupt
 * block could point anywhere. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syzygy_internal.h"

typedef struct {
    const uint8_t *map;
    size_t size, pos;
    bool bad;
    char *err;
    size_t err_size;
} Reader;

static bool fail(Reader *r, const char *what)
{
    if (!r->bad)
        snprintf(r->err, r->err_size, "%s", what);
    r->bad = true;
    return false;
}

/* Reserves n bytes at the current position; their offset, or fails. */
static size_t take(Reader *r, uint64_t n)
{
    if (r->bad || n > r->size - r->pos) {
        fail(r, "file is truncated");
        return 0;
    }
    size_t at = r->pos;
    r->pos += (size_t)n;
    return at;
}

static unsigned byte_at(Reader *r)
{
    size_t at = take(r, 1);
    return r->bad ? 0 : r->map[at];
}

static void align(Reader *r, size_t to)
{
    size_t pad = (to - r->pos % to) % to;
    take(r, pad);
}

/* Leaves under symbol s of the pair tree (minus one), filling memo; a
 * cycle or an entry out of range marks the file corrupt. */
static int leaves(const uint8_t *tree, int count, uint8_t *memo, uint8_t *state, int s)
{
    if (state[s] == 2)
        return memo[s];
    if (state[s] == 1)
        return -1;
    state[s] = 1;
    const uint8_t *e = tree + 3 * (size_t)s;
    int left = e[0] | (e[1] & 0xF) << 8, right = e[2] << 4 | e[1] >> 4;
    int v = 0;
    if (right != 0xFFF) { /* an inner symbol: a pair */
        if (left >= count || right >= count)
            return -1;
        int a = leaves(tree, count, memo, state, left), b = leaves(tree, count, memo, state, right);
        if (a < 0 || b < 0 || a + b + 1 > 255)
            return -1;
        v = a + b + 1;
    }
    memo[s] = (uint8_t)v;
    state[s] = 2;
    return v;
}

/* The compression header of one side of one sub-table. */
static void read_pairs(Reader *r, SzPairs *p)
{
    p->flags = (uint8_t)byte_at(r);
    if (p->flags & SZ_FLAG_SINGLE) {
        p->single_value = (int)byte_at(r);
        return;
    }
    unsigned block_shift = byte_at(r), span_shift = byte_at(r), padding = byte_at(r);
    size_t at = take(r, 4);
    if (r->bad)
        return;
    p->block_count = sz_u32(r->map + at);
    p->max_len = (int)byte_at(r);
    p->min_len = (int)byte_at(r);
    if (r->bad || block_shift > 24 || span_shift > 30 || p->min_len < 1 || p->max_len < p->min_len
        || p->max_len > SZ_MAX_SYMBOL_LEN) {
        fail(r, "corrupt compression header");
        return;
    }
    p->block_size = 1ull << block_shift;
    p->span = 1ull << span_shift;
    p->sparse_count = (p->size + p->span - 1) / p->span;
    p->block_len_count = p->block_count + padding;

    int lens = p->max_len - p->min_len + 1;
    p->lowest_sym = take(r, 2 * (uint64_t)lens);
    at = take(r, 2);
    if (r->bad)
        return;
    p->sym_count = (int)sz_u16(r->map + at);
    p->tree = take(r, 3 * (uint64_t)p->sym_count + (p->sym_count & 1));
    if (r->bad || p->sym_count == 0) {
        fail(r, "corrupt symbol table");
        return;
    }

    /* Canonical Huffman: longer codes have smaller values. base[i] is the
     * smallest code of length min_len + i, shifted to the top of 64 bits,
     * so a code's length is the first i with base[i] <= the next 64 bits. */
    p->base = calloc((size_t)lens, sizeof *p->base);
    p->sym_leaves = malloc((size_t)p->sym_count);
    uint8_t *state = calloc((size_t)p->sym_count, 1);
    if (!p->base || !p->sym_leaves || !state) {
        free(state);
        fail(r, "out of memory");
        return;
    }
    const uint8_t *low = r->map + p->lowest_sym;
    for (int i = lens - 2; i >= 0; i--)
        p->base[i] = (p->base[i + 1] + sz_u16(low + 2 * i) - sz_u16(low + 2 * (i + 1))) / 2;
    for (int i = 0; i < lens; i++)
        p->base[i] <<= 64 - p->min_len - i;
    for (int s = 0; s < p->sym_count; s++)
        if (leaves(r->map + p->tree, p->sym_count, p->sym_leaves, state, s) < 0) {
            fail(r, "corrupt pair tree");
            break;
        }
    free(state);
}

/* The four value maps of a DTZ sub-table (win, loss, cursed win, blessed
 * loss), each a count then u8 or u16 entries: stored value -> DTZ. */
static void read_dtz_maps(Reader *r, SzPairs *p)
{
    if (!(p->flags & SZ_FLAG_MAPPED))
        return;
    bool wide = p->flags & SZ_FLAG_WIDE;
    if (wide)
        align(r, 2);
    for (int i = 0; i < 4; i++) {
        size_t at = take(r, wide ? 2 : 1);
        if (r->bad)
            return;
        int n = wide ? (int)sz_u16(r->map + at) : r->map[at];
        p->dtz_map[i] = take(r, (uint64_t)n * (wide ? 2 : 1));
        p->dtz_map_len[i] = n;
    }
}

bool sz_parse(const SzTable *t, SzFile *f, int kind, char *err, size_t err_size)
{
    static const uint8_t MAGIC[SZ_KINDS][4] = {{0x71, 0xE8, 0x23, 0x5D}, {0xD7, 0x66, 0x0C, 0xA5}};
    Reader rd = {f->map, f->size, 0, false, err, err_size};
    Reader *r = &rd;
    size_t at = take(r, 5);
    if (r->bad || memcmp(f->map, MAGIC[kind], 4))
        return fail(r, "not a Syzygy file of this kind (wrong magic)");
    unsigned flags = f->map[at + 4];
    f->sides = kind == SZ_WDL && !t->symmetric ? 2 : 1;
    f->subtables = t->pawns ? 4 : 1;
    if (!!(flags & 2) != t->pawns || (kind == SZ_WDL && !!(flags & 1) != (f->sides == 2)))
        return fail(r, "header does not match the material in the file name");

    for (int file = 0; file < f->subtables; file++) {
        unsigned o1 = byte_at(r), o2 = t->both_pawns ? byte_at(r) : 0xFF;
        int order[2][2] = {{(int)(o1 & 0xF), (int)(o2 & 0xF)}, {(int)(o1 >> 4), (int)(o2 >> 4)}};
        for (int k = 0; k < t->men; k++) {
            unsigned b = byte_at(r);
            for (int s = 0; s < f->sides; s++)
                f->pairs[s][file].piece[k] = (uint8_t)(s ? b >> 4 : b & 0xF);
        }
        if (r->bad)
            return false;
        for (int s = 0; s < f->sides; s++) {
            for (int k = 0; k < t->men; k++) {
                int pt = f->pairs[s][file].piece[k] & 7;
                if (pt < 1 || pt > 6)
                    return fail(r, "corrupt piece list");
            }
            sz_set_groups(t, &f->pairs[s][file], order[s], file);
        }
    }
    align(r, 2);
    for (int file = 0; file < f->subtables; file++)
        for (int s = 0; s < f->sides; s++)
            read_pairs(r, &f->pairs[s][file]);
    if (kind == SZ_DTZ) {
        for (int file = 0; file < f->subtables; file++)
            read_dtz_maps(r, &f->pairs[0][file]);
        align(r, 2);
    }
    for (int file = 0; file < f->subtables; file++)
        for (int s = 0; s < f->sides; s++) {
            SzPairs *p = &f->pairs[s][file];
            p->sparse = take(r, 6 * p->sparse_count);
        }
    for (int file = 0; file < f->subtables; file++)
        for (int s = 0; s < f->sides; s++) {
            SzPairs *p = &f->pairs[s][file];
            p->block_lens = take(r, 2 * p->block_len_count);
        }
    for (int file = 0; file < f->subtables; file++)
        for (int s = 0; s < f->sides; s++) {
            SzPairs *p = &f->pairs[s][file];
            align(r, 64);
            p->data = take(r, p->block_count * p->block_size);
        }
    return !r->bad;
}

void sz_free_pairs(SzFile *f)
{
    for (int s = 0; s < 2; s++)
        for (int file = 0; file < 4; file++) {
            free(f->pairs[s][file].base);
            free(f->pairs[s][file].sym_leaves);
        }
    memset(f->pairs, 0, sizeof f->pairs);
}

/* Big-endian 32 bits at byte offset at of the block, 0 past its end. */
static uint64_t block_word(const uint8_t *block, uint64_t size, uint64_t at)
{
    uint64_t v = 0;
    for (int i = 0; i < 4; i++)
        v = v << 8 | (at + i < size ? block[at + i] : 0);
    return v;
}

int sz_decompress(const SzFile *f, const SzPairs *p, uint64_t idx)
{
    if (p->flags & SZ_FLAG_SINGLE)
        return p->single_value;
    if (idx >= p->size)
        return -1;
    const uint8_t *m = f->map;

    /* The sparse index entry nearest idx names a block and an offset in
     * it for the position k * span + span / 2; walk from there to the
     * block holding idx (block lengths are stored minus one). */
    uint64_t k = idx / p->span;
    const uint8_t *e = m + p->sparse + 6 * k;
    int64_t block = sz_u32(e);
    int64_t offset = (int64_t)sz_u16(e + 4) + (int64_t)(idx % p->span) - (int64_t)(p->span / 2);
    const uint8_t *lens = m + p->block_lens;
    if (block >= (int64_t)p->block_len_count)
        return -1;
    while (offset < 0) {
        if (--block < 0)
            return -1;
        offset += sz_u16(lens + 2 * block) + 1;
    }
    while (block < (int64_t)p->block_len_count && offset > sz_u16(lens + 2 * block))
        offset -= sz_u16(lens + 2 * block++) + 1;
    if (block >= (int64_t)p->block_count)
        return -1;

    /* Decode symbols from the block's start until the one covering offset. */
    const uint8_t *blk = m + p->data + (uint64_t)block * p->block_size;
    uint64_t bits = block_word(blk, p->block_size, 0) << 32 | block_word(blk, p->block_size, 4);
    uint64_t next = 8;
    int avail = 64;
    const uint8_t *low = m + p->lowest_sym;
    int sym;
    for (;;) {
        int len = 0;
        while (bits < p->base[len])
            len++;
        sym = (int)((bits - p->base[len]) >> (64 - len - p->min_len)) + (int)sz_u16(low + 2 * len);
        if (sym >= p->sym_count)
            return -1;
        if (offset <= p->sym_leaves[sym])
            break;
        offset -= p->sym_leaves[sym] + 1;
        len += p->min_len;
        bits <<= len;
        avail -= len;
        if (avail <= 32) {
            avail += 32;
            bits |= block_word(blk, p->block_size, next) << (64 - avail);
            next += 4;
        }
    }

    /* Descend the pair tree to the leaf at offset. */
    const uint8_t *tree = m + p->tree;
    while (p->sym_leaves[sym]) {
        const uint8_t *t = tree + 3 * (size_t)sym;
        int left = t[0] | (t[1] & 0xF) << 8;
        if (offset <= p->sym_leaves[left]) {
            sym = left;
        } else {
            offset -= p->sym_leaves[left] + 1;
            sym = t[2] << 4 | t[1] >> 4;
        }
    }
    const uint8_t *t = tree + 3 * (size_t)sym;
    return t[0] | (t[1] & 0xF) << 8;
}
