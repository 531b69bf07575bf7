/* Symmetry reduction and the index of the DTM tables (layout documented in
 * dtm_internal.h). The king pair fixes the orientation: 462 canonical
 * pairs for pawnless endings (the Nalimov-style king-pair index), 1806 with
 * pawns; only when both kings stand on the a1-h8 diagonal do the other
 * men decide between the position and its reflection. */
#include "dtm_internal.h"

DtmKingPair DTM_KK_MAP[2][SQ_NB][SQ_NB];
uint8_t DTM_KK_SQ[2][KK_PAWNS][2];
uint8_t DTM_KK_DIAG[2][KK_PAWNS];
uint8_t DTM_SYM[8][SQ_NB];
uint8_t DTM_RANK_ATTACKS[8][64];

static Square apply_sym(int t, Square s)
{
    if (t & 4)
        s = dtm_transpose(s);
    if (t & 1)
        s = flip_file(s);
    if (t & 2)
        s = flip_rank(s);
    return s;
}

static bool on_diag(Square s) { return rank_of(s) == file_of(s); }

/* Canonical orientation of a king pair (before any tie among the men). */
static bool kk_canonical(bool pawns, Square wk, Square bk)
{
    if (pawns)
        return file_of(wk) <= 3;
    if (file_of(wk) > 3 || rank_of(wk) > file_of(wk))
        return false;
    return !on_diag(wk) || rank_of(bk) <= file_of(bk);
}

void dtm_index_init(void)
{
    for (int file = 0; file < 8; file++)
        for (unsigned inner = 0; inner < 64; inner++) {
            unsigned occ = inner << 1, att = 0;
            for (int f = file + 1; f < 8 && !(att & occ); f++)
                att |= 1u << f;
            for (int f = file - 1; f >= 0 && !(att & occ & ((1u << file) - 1)); f--)
                att |= 1u << f;
            DTM_RANK_ATTACKS[file][inner] = (uint8_t)att;
        }
    for (int t = 0; t < 8; t++)
        for (Square s = 0; s < SQ_NB; s++)
            DTM_SYM[t][s] = (uint8_t)apply_sym(t, s);
    for (int mode = 0; mode < 2; mode++) {
        static int16_t number[SQ_NB][SQ_NB];
        int next = 0;
        for (Square wk = 0; wk < SQ_NB; wk++)
            for (Square bk = 0; bk < SQ_NB; bk++) {
                number[wk][bk] = -1;
                if (distance(wk, bk) > 1 && kk_canonical(mode, wk, bk)) {
                    DTM_KK_SQ[mode][next][0] = (uint8_t)wk;
                    DTM_KK_SQ[mode][next][1] = (uint8_t)bk;
                    DTM_KK_DIAG[mode][next] = !mode && on_diag(wk) && on_diag(bk);
                    number[wk][bk] = (int16_t)next++;
                }
            }
        /* With pawns only the file flip (symmetry 1) may be used. */
        for (Square wk = 0; wk < SQ_NB; wk++)
            for (Square bk = 0; bk < SQ_NB; bk++) {
                DtmKingPair *e = &DTM_KK_MAP[mode][wk][bk];
                e->kk = -1;
                for (int t = 0; t < (mode ? 2 : 8) && distance(wk, bk) > 1; t++) {
                    int k = number[DTM_SYM[t][wk]][DTM_SYM[t][bk]];
                    if (k >= 0) {
                        e->kk = (int16_t)k;
                        e->sym = (uint8_t)t;
                        e->diag = DTM_KK_DIAG[mode][k];
                        break;
                    }
                }
            }
    }
}
