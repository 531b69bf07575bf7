/* Shared between the files of the Syzygy prober (syzygy*.c) only.
 *
 * A table file, as the generator syzygy1/tb writes it (all multi-byte
 * header numbers little-endian, the compressed stream big-endian):
 *
 *   magic (4 bytes)          WDL 71 e8 23 5d, DTZ d7 66 0c a5
 *   flag byte                bit 0: the file holds both sides to move
 *                            (WDL of unsymmetric material); bit 1: pawns
 *   per "sub-table"          one for pawnless material; four with pawns,
 *                            one per file a-d of the leading pawn. Each:
 *     order byte(s)          low nibble side 0, high nibble side 1: the
 *                            position of the leading group among the
 *                            groups' factors; a second byte when both
 *                            sides have pawns gives the other pawns'
 *     piece bytes (men)      low nibble side 0, high nibble side 1; the
 *                            order in which men are indexed, codes as our
 *                            Piece (1-6 white PNBRQK, 9-14 black), the
 *                            table's first-named side as white
 *   pad to an even offset
 *   per sub-table and side   the compression header (SzPairs): flags,
 *                            block size, span, symbols, pair tree
 *   DTZ only                 value maps (below), pad to even
 *   per sub-table and side   sparse index: 6 bytes per `span` positions
 *                            (u32 block, u16 offset in it)
 *   per sub-table and side   block lengths: u16 per block, values - 1
 *   per sub-table and side   at a 64-byte boundary: the blocks
 *
 * Values are compressed by recursive pairing (a symbol stands for a pair
 * of symbols, leaves are values) and the symbols coded with a canonical
 * Huffman code per sub-table. */
#ifndef KS_SYZYGY_INTERNAL_H
#define KS_SYZYGY_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/types.h"

#define SZ_MAX_MEN 7
#define SZ_MAX_SYMBOL_LEN 32 /* longest Huffman code length we accept */

enum { SZ_WDL, SZ_DTZ, SZ_KINDS };

/* Flags of a compression header. */
enum {
    SZ_FLAG_STM = 1,        /* DTZ: the stored side to move is side 1 */
    SZ_FLAG_MAPPED = 2,     /* DTZ: values go through the value maps */
    SZ_FLAG_WIN_PLIES = 4,  /* DTZ: wins stored in plies, else moves */
    SZ_FLAG_LOSS_PLIES = 8, /* DTZ: losses stored in plies, else moves */
    SZ_FLAG_WIDE = 16,      /* DTZ: maps hold u16 entries, else u8 */
    SZ_FLAG_SINGLE = 128,   /* every position has the same value */
};

/* One side of one sub-table: how positions become an index, and where
 * and how the values of that index range are stored. */
typedef struct {
    uint8_t piece[SZ_MAX_MEN];       /* index order of the men */
    int group_len[SZ_MAX_MEN + 1];   /* men per group, 0-terminated */
    uint64_t factor[SZ_MAX_MEN + 1]; /* index weight per group; [groups] = size */
    int groups;
    uint64_t size; /* positions in the index range */

    uint8_t flags;
    int single_value;
    uint64_t block_size, span; /* bytes, positions */
    uint64_t sparse_count, block_count, block_len_count;
    int min_len, max_len; /* Huffman code lengths */
    size_t lowest_sym;    /* offset of u16[max-min+1] */
    uint64_t *base;       /* left-aligned first code per length */
    int sym_count;
    size_t tree;                     /* offset of 3-byte pair entries */
    uint8_t *sym_leaves;             /* values a symbol expands to, minus 1 */
    size_t sparse, block_lens, data; /* offsets */
    size_t dtz_map[4];               /* offsets of the maps' first entries */
    int dtz_map_len[4];
} SzPairs;

/* One file (.rtbw or .rtbz) of a table, opened on its first probe. */
typedef struct {
    char *path;           /* NULL: no such file */
    atomic_int state;     /* SZ_CLOSED, SZ_READY, SZ_BROKEN */
    pthread_mutex_t lock; /* taken only to open */
    const uint8_t *map;
    size_t size;
    int sides, subtables;
    SzPairs pairs[2][4]; /* [side][file of the leading pawn] */
} SzFile;

enum { SZ_CLOSED, SZ_READY, SZ_BROKEN };

typedef struct {
    char name[16]; /* "KQvKR" */
    uint64_t sig;  /* material signature, first-named side as white */
    uint64_t sig_swapped;
    int men;
    bool pawns, symmetric, unique, both_pawns;
    SzFile file[SZ_KINDS];
} SzTable;

/* syzygy_format.c: parses the header of a mapped file into f (the table's
 * material decides the sub-table layout); false with a reason on error. */
bool sz_parse(const SzTable *t, SzFile *f, int kind, char *err, size_t err_size);
/* Frees what sz_parse allocated. */
void sz_free_pairs(SzFile *f);
/* The stored value at index idx of pairs p; -1 if the file is corrupt. */
int sz_decompress(const SzFile *f, const SzPairs *p, uint64_t idx);

/* syzygy_index.c */
void sz_index_init(void);
/* Sets up group lengths and factors of p from its piece order. */
void sz_set_groups(const SzTable *t, SzPairs *p, const int order[2], int file);
/* Index of the men (squares sq[], pieces pc[], n of them, as the table's
 * first side would see them) in sub-table p. The caller has put the
 * leading pawns first (with pawns) and the men in p's piece order;
 * squares may be changed. */
uint64_t sz_encode(const SzTable *t, const SzPairs *p, Square *sq, int n, int lead_pawns);
/* The edge-most leading pawn among sq[0..n) moved to sq[0]; returns its
 * file folded to 0-3. */
int sz_pick_leading_pawn(Square *sq, int n);

/* Little-endian and big-endian reads from a mapped file. */
static inline unsigned sz_u16(const uint8_t *p) { return p[0] | (unsigned)p[1] << 8; }
static inline uint32_t sz_u32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#endif
