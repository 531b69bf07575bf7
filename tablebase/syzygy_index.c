/* Position -> index of a Syzygy table (the generator's encoding, learnt
 * from syzygy1/tb and the probers Fathom and Pyrrhic; written here).
 *
 * The men are split into groups. Pawnless: the first group is the two
 * kings (462 placements under the board's eight symmetries, kings not
 * adjacent) or, when some man other than a king is alone of its kind,
 * the first three men of the piece order (31332 placements with the
 * first in the a1-d1-d4 triangle); every later group is a run of equal
 * men, placed as a combination of the squares still free. With pawns:
 * the first group is the pawns of the leading colour (one sub-table per
 * file a-d of the leading pawn, left-right mirrored onto a-d), then the
 * other colour's pawns (a combination of the 48 pawn squares), then the
 * pieces as above. The index is the sum of each group's rank times its
 * factor; the factors' order comes from the file's order nibbles. */
#include <stdlib.h>

#include "engine/bitboard.h"
#include "syzygy_internal.h"

static uint64_t binomial[SZ_MAX_MEN + 1][65];  /* [k][n] = n choose k */
static int kk_index[10][SQ_NB];                /* two kings -> 0..461 */
static int triangle[SQ_NB];                    /* a1-d1-d4 -> 0..9, diagonal last */
static int below_diag[SQ_NB];                  /* squares below a1-h8 -> 0..27 */
static int pawn_rank[SQ_NB];                   /* a2..h7 -> 0..47, edge and low rank highest */
static uint64_t lead_start[SZ_MAX_MEN][SQ_NB]; /* [leading pawns][square of the first] */
static uint64_t lead_size[SZ_MAX_MEN][4];      /* [leading pawns][file] */

/* > 0 above the a1-h8 diagonal, 0 on it, < 0 below. */
static int diag_side(Square s) { return rank_of(s) - file_of(s); }
static Square diag_flip(Square s) { return ((s >> 3) | (s << 3)) & 63; }

static void init_kings(void)
{
    int code = 0;
    for (int i = 0; i < 10; i++)
        for (int s = 0; s < SQ_NB; s++)
            kk_index[i][s] = -1;
    for (int pass = 0; pass < 2; pass++) /* placements with both kings on the diagonal come last */
        for (int i = 0; i < 10; i++) {
            Square k1 = SQ_A1;
            while (triangle[k1] != i || file_of(k1) > 3 || rank_of(k1) > 3 || diag_side(k1) > 0)
                k1++;
            for (Square k2 = SQ_A1; k2 < SQ_NB; k2++) {
                if (k1 == k2 || distance(k1, k2) <= 1)
                    continue;
                if (diag_side(k1) == 0 && diag_side(k2) > 0)
                    continue; /* mirrored below the diagonal instead */
                bool both_on = diag_side(k1) == 0 && diag_side(k2) == 0;
                if (both_on == (pass == 1))
                    kk_index[i][k2] = code++;
            }
        }
}

void sz_index_init(void)
{
    for (int n = 0; n <= 64; n++)
        for (int k = 0; k <= SZ_MAX_MEN; k++)
            binomial[k][n] = k == 0 ? 1 : n == 0 ? 0 : binomial[k - 1][n - 1] + binomial[k][n - 1];

    int code = 0, diag = 6, below = 0;
    for (Square s = SQ_A1; s < SQ_NB; s++) {
        triangle[s] = -1;
        if (diag_side(s) < 0)
            below_diag[s] = below++;
        if (file_of(s) <= 3 && rank_of(s) <= 3) {
            if (diag_side(s) < 0)
                triangle[s] = code++;
            else if (diag_side(s) == 0)
                triangle[s] = diag++;
        }
    }
    init_kings();

    /* Pawn squares ranked so that the leading pawn (the most toward the
     * edge, then the lowest) has the highest number: a2 47, h2 46, a3 45,
     * ..., h7 36, b2 35, ... The number is also how many squares remain
     * for the other leading pawns. */
    int avail = 47;
    for (int f = 0; f < 4; f++)
        for (int r = 1; r <= 6; r++) {
            pawn_rank[make_square(f, r)] = avail--;
            pawn_rank[make_square(7 - f, r)] = avail--;
        }
    for (int cnt = 1; cnt < SZ_MAX_MEN; cnt++)
        for (int f = 0; f < 4; f++) {
            uint64_t idx = 0;
            for (int r = 1; r <= 6; r++) {
                Square s = make_square(f, r);
                lead_start[cnt][s] = idx;
                idx += binomial[cnt - 1][pawn_rank[s]];
            }
            lead_size[cnt][f] = idx;
        }
}

void sz_set_groups(const SzTable *t, SzPairs *p, const int order[2], int file)
{
    int first = t->pawns ? 0 : t->unique ? 3 : 2;
    int n = 0;
    p->group_len[0] = 1;
    for (int i = 1; i < t->men; i++) {
        if (--first > 0 || p->piece[i] == p->piece[i - 1])
            p->group_len[n]++;
        else
            p->group_len[++n] = 1;
    }
    p->group_len[++n] = 0;
    p->groups = n;

    /* Factors in the order the file names: slot order[0] holds the
     * leading group, order[1] the other pawns, the rest fill the other
     * slots in group order. */
    int next = t->both_pawns ? 2 : 1;
    int free_sq = 64 - p->group_len[0] - (t->both_pawns ? p->group_len[1] : 0);
    uint64_t f = 1;
    for (int k = 0; next < n || k == order[0] || k == order[1]; k++) {
        if (k == order[0]) {
            p->factor[0] = f;
            f *= t->pawns ? lead_size[p->group_len[0]][file] : t->unique ? 31332 : 462;
        } else if (k == order[1]) {
            p->factor[1] = f;
            f *= binomial[p->group_len[1]][48 - p->group_len[0]];
        } else {
            p->factor[next] = f;
            f *= binomial[p->group_len[next]][free_sq];
            free_sq -= p->group_len[next];
            next++;
        }
    }
    p->factor[n] = f;
    p->size = f;
}

int sz_pick_leading_pawn(Square *sq, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (pawn_rank[sq[i]] > pawn_rank[sq[best]])
            best = i;
    Square s = sq[0];
    sq[0] = sq[best];
    sq[best] = s;
    return file_of(sq[0]) < 4 ? file_of(sq[0]) : 7 - file_of(sq[0]);
}

static void sort_by(Square *sq, int n, const int *key)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[sq[j - 1]] > key[sq[j]]; j--) {
            Square s = sq[j];
            sq[j] = sq[j - 1];
            sq[j - 1] = s;
        }
}

/* The 31332 placements of three distinct men, the first in a1-d1-d4 and
 * the first man off the diagonal below it: by how many of the three
 * stand on the diagonal. */
static uint64_t encode_three(const Square *sq)
{
    int adj1 = sq[1] > sq[0];
    int adj2 = (sq[2] > sq[0]) + (sq[2] > sq[1]);
    if (diag_side(sq[0]))
        return ((uint64_t)triangle[sq[0]] * 63 + (uint64_t)(sq[1] - adj1)) * 62 + (uint64_t)(sq[2] - adj2);
    if (diag_side(sq[1]))
        return (6 * 63 + (uint64_t)rank_of(sq[0]) * 28 + (uint64_t)below_diag[sq[1]]) * 62 + (uint64_t)(sq[2] - adj2);
    if (diag_side(sq[2]))
        return 6 * 63 * 62 + 4 * 28 * 62 + (uint64_t)rank_of(sq[0]) * 7 * 28 + (uint64_t)(rank_of(sq[1]) - adj1) * 28
             + (uint64_t)below_diag[sq[2]];
    return 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + (uint64_t)rank_of(sq[0]) * 7 * 6
         + (uint64_t)(rank_of(sq[1]) - adj1) * 6 + (uint64_t)(rank_of(sq[2]) - adj2);
}

static void map_all(Square *sq, int n, Square (*f)(Square))
{
    for (int i = 0; i < n; i++)
        sq[i] = f(sq[i]);
}

uint64_t sz_encode(const SzTable *t, const SzPairs *p, Square *sq, int n, int lead_pawns)
{
    uint64_t idx;
    if (file_of(sq[0]) > 3)
        map_all(sq, n, flip_file);
    if (t->pawns) {
        sort_by(sq + 1, lead_pawns - 1, pawn_rank);
        idx = lead_start[lead_pawns][sq[0]];
        for (int i = 1; i < lead_pawns; i++)
            idx += binomial[i][pawn_rank[sq[i]]];
    } else {
        if (rank_of(sq[0]) > 3)
            map_all(sq, n, flip_rank);
        for (int i = 0; i < p->group_len[0]; i++) {
            if (diag_side(sq[i]) == 0)
                continue;
            if (diag_side(sq[i]) > 0)
                map_all(sq + i, n - i, diag_flip);
            break;
        }
        idx = t->unique ? encode_three(sq) : (uint64_t)kk_index[triangle[sq[0]]][sq[1]];
    }
    idx *= p->factor[0];

    /* Each later group: its squares as a combination, each square counted
     * among those the earlier groups left free (pawn squares skip rank 1). */
    int start = p->group_len[0];
    bool other_pawns = t->both_pawns;
    for (int g = 1; g < p->groups; g++) {
        int len = p->group_len[g];
        Square *gs = sq + start;
        for (int i = 1; i < len; i++)
            for (int j = i; j > 0 && gs[j - 1] > gs[j]; j--) {
                Square s = gs[j];
                gs[j] = gs[j - 1];
                gs[j - 1] = s;
            }
        uint64_t r = 0;
        for (int i = 0; i < len; i++) {
            int below = 0;
            for (int j = 0; j < start; j++)
                below += sq[j] < gs[i];
            r += binomial[i + 1][gs[i] - below - (other_pawns ? 8 : 0)];
        }
        other_pawns = false;
        idx += r * p->factor[g];
        start += len;
    }
    return idx;
}
