/* Distance-to-mate (DTM) tables for endings of up to four men (two kings
 * and at most two other men), computed in memory by retrograde analysis:
 * start from the checkmates and step back one ply at a time, un-moving from
 * every newly decided position and keeping, for each undecided position, a
 * counter of its moves not yet refuted (Stroehlein 1970, Thompson 1986;
 * chessprogramming wiki "Retrograde Analysis"). Captures and promotions
 * leave the table and take their value from the smaller table they reach.
 *
 * Values ignore the fifty-move rule and repetitions (pure DTM); castling is
 * never possible inside a table. Every promotion (Q, R, B, N) is valued.
 * With pawns on both sides (KPKP) en passant is exact: in the generation a
 * double step that lands beside an enemy pawn reaches a position with the
 * e.p. right, valued as the better for the opponent of the stored position
 * and the capture (the capture alone if it is the only legal move); a probe
 * of a position with an e.p. square does the same.
 *
 * Tables are named by material code, strong side first ("KQKR"; the named
 * side is White, case-insensitive). Nothing is built at startup: a table is
 * built on demand, once, by dtm_build (blocking) or by a DtmBuilder (one
 * thread working on time its owner lends it, dtm_builder.h). All functions
 * are thread-safe; probing a ready table takes no lock.
 *
 * Beside each DTM table a DTZ table (Syzygy's DTZ50 meaning, DtmResult.dtz)
 * is built by a second retrograde pass over the DTM table's wins and
 * losses, in which pawn moves and captures are exits valued by the DTM
 * tables' results; it starts from what the first pass's forward pass
 * noted, so it has none of its own.
 *
 * Build times (DTM and DTZ together, one core; `tb stats` prints them):
 * a 3-man table a few ms, a pawnless 4-man table 0.1-0.45 s, a 4-man
 * table with pawns 0.5-0.95 s, each once the smaller tables it needs are
 * built (KPKP or KPPK with the tables below it about 6.5 s).
 *
 * Memory: two bytes (DTM, DTZ) per stored position and side to move (index
 * layout and value encoding: dtm_internal.h). Per side to move a pawnless
 * table stores 462 * 64^n positions (n = men besides the kings: 7.6 MB for
 * both sides of a 4-man table, 118 KB for a 3-man one), a table with pawns
 * 1806 * 64^n (KPK 462 KB, a 4-man one 29.6 MB). The built tables together
 * may use at most DTM_MEMORY_CAP bytes (every table of up to four men at
 * once fits: 428 MB for all 35; KPPK and the tables below it take 214 MB); a
 * build that would exceed it fails. While it runs, a build holds about
 * 1.75 times its final size, the final arrays included (7 bytes per
 * index at the peak: the DTM values, the DTZ pass's start, the loss hints
 * and the bit-vectors of dtm_gen.h).
 *
 * In the search: dtm_probe(pos, &r) answers where a ready table covers
 * pos; the search has every table it may meet built by a DtmBuilder
 * before it searches (search/tb.c). dtm_table_for_key knows the standard
 * tables, KK, and whatever else was named or registered; it never builds. */
#ifndef KS_DTM_H
#define KS_DTM_H

#include <stddef.h>

#include "engine/position.h"

#define DTM_MEMORY_CAP (512u << 20) /* bytes over all built tables */

typedef struct DtmTable DtmTable;

/* A probe result from the side to move's view. */
typedef struct {
    int wdl;   /* +1 the side to move wins, 0 draw, -1 it loses */
    int plies; /* plies to mate with best play: odd for a win, even for a
                  loss (0 = checkmated now); 0 for a draw */
    int dtz;   /* plies to the next zeroing move (capture, pawn move) or
                  mate, that move included, with play that wins within the
                  fifty-move rule (Syzygy DTZ50): 1 = zeroes or mates now,
                  0 = checkmated or a draw; either parity for a loss */
} DtmResult;

/* Counts over every legal position of the table's material with the named
 * side White, no symmetry reduction; indexed by the side to move and
 * counted from its view. */
typedef struct {
    uint64_t wins[COLOR_NB], draws[COLOR_NB], losses[COLOR_NB];
    int max_win[COLOR_NB], max_loss[COLOR_NB];         /* plies */
    uint64_t sum_win[COLOR_NB], sum_loss[COLOR_NB];    /* plies, for means */
    int max_dtz_win[COLOR_NB], max_dtz_loss[COLOR_NB]; /* plies */
    uint64_t cursed[COLOR_NB];                         /* wins with DTZ > 100 plies (expected 0) */
    uint64_t stored;                                   /* entries of the symmetry-reduced table, both sides */
    size_t bytes;                                      /* memory the built table keeps */
    double build_ms;                                   /* wall time of this table's own DTM build (pauses included) */
    double dtz_build_ms;                               /* and of its DTZ table */
} DtmStats;

/* One position for dtm_foreach: piece[0] / square[0] is the white king,
 * [1] the black king, then the other men in the table's index order. */
typedef struct {
    Color stm;
    int count;
    Piece piece[4];
    Square square[4];
    DtmResult result;
    int weight; /* positions this one stands for (DTM_VISIT_STORED) */
} DtmEntry;

/* DTM_VISIT_ALL: every legal position with the named side White, both
 * sides to move, no symmetry reduction (tb dump). DTM_VISIT_STORED: one
 * position per symmetry class, as stored, with its class size as weight. */
enum { DTM_VISIT_ALL, DTM_VISIT_STORED };

typedef void (*DtmVisitor)(const DtmEntry *entry, void *ctx);

/* Prepares the symmetry tables and registers the standard tables' names
 * and material keys (microseconds; builds nothing). Call once at startup
 * after position_init(). */
void dtm_init(void);

/* The tables this project always offers, strong side first: KQK, KRK, KBK,
 * KNK, KPK, KBBK, KBNK, KNNK, KQKR, KRKB, KRKN. *count receives their
 * number. */
const char *const *dtm_standard_names(int *count);
/* The same tables, in the same order (registered by dtm_init). */
DtmTable *const *dtm_standard_tables(int *count);

/* Counts by Piece of a table's men besides the kings, the named side
 * White. */
void dtm_table_counts(const DtmTable *t, int counts[PIECE_NB]);

/* Finds or registers the table of a material code (any case; the pieces of
 * each side in any order; the stronger side must come first). NULL for a
 * code this generator cannot build, with the reason in err (if not NULL). */
DtmTable *dtm_table(const char *code, char *err, size_t err_size);

/* The table covering a material key (Position.material_key, either colour
 * arrangement), or NULL. Lock-free; does not build. */
DtmTable *dtm_table_for_key(Key material_key);

/* Finds or registers the table of a position's material (up to four men);
 * NULL otherwise. Does not build. */
DtmTable *dtm_table_for_position(const Position *pos);

/* Finds or registers the table of a material given as counts by Piece of
 * the men besides the kings (either colour arrangement); NULL for more
 * than two men or none (KK has no table). Does not build. */
DtmTable *dtm_table_for_counts(const int counts[PIECE_NB]);

/* Canonical code of a table ("KQKR"). */
const char *dtm_name(const DtmTable *t);

/* Builds the table and the smaller tables it needs, blocking; returns
 * true when the table is ready. Builds at most once; false if a build
 * failed (memory cap). A build that a DtmBuilder has started (and perhaps
 * paused) is waited for. */
bool dtm_build(DtmTable *t);
bool dtm_is_ready(const DtmTable *t);
/* A build of t failed (memory cap); it is never tried again. */
bool dtm_build_failed(const DtmTable *t);

/* Probes a position whose material a ready table covers, either colour
 * arrangement. False (and *out untouched) when no ready table covers it,
 * or the position has castling rights. Never builds. */
bool dtm_probe(const Position *pos, DtmResult *out);

/* How dtm_probe_move reads the fifty-move rule. */
typedef enum {
    DTM_RULE50_OFF,   /* pure DTM: the halfmove clock is ignored */
    DTM_RULE50_CLAIM, /* the game's rule: after the move, a clock of 100
                         plies or more with a legal move left is a draw */
    DTM_RULE50_DTZ,   /* that, and a table result whose DTZ does not fit
                         the clock (clock + DTZ > 100, Syzygy's DTZ50
                         reading) is a draw */
} DtmRule50;

/* The verdict of a move, from the mover's view. */
typedef struct {
    int wdl;   /* +1 the mover wins, 0 draw, -1 it loses */
    int plies; /* plies to mate counted from before the move (a move that
                  mates: 1); 0 for a draw */
    int dtz;   /* of the position after the move, as DtmResult.dtz from
                  its side to move's view; 0 for a draw or a mate */
    int clock; /* the halfmove clock after the move */
} DtmVerdict;

/* The verdict of legal move m, the one scoring of a move by the tables
 * (the search's root moves, the DTM-best move, bench mate's players;
 * Stockfish ranks root moves in one place too, tbprobe.cpp
 * rank_root_moves). In this order after the move: dead material is a
 * draw, checkmate a win and stalemate a draw (no table needed), then the
 * fifty-move rule as `rule` says, then the table. False (and *out
 * untouched) when no ready table covers the position after it. pos is
 * restored. */
bool dtm_probe_move(Position *pos, Move m, DtmRule50 rule, DtmVerdict *out);

/* Orders results from one side's view, larger is better: a win sooner
 * (1000 - plies), a draw (0), a loss later (-1000 + plies). wdl and plies
 * as in DtmResult or DtmVerdict. */
int dtm_rank(int wdl, int plies);

/* The DTM-best move, pure DTM (DTM_RULE50_OFF): the fastest win, else a
 * draw, else the slowest loss; the first in generation order among
 * equals; moves whose verdict no ready table knows are never chosen.
 * MOVE_NONE (and *out untouched) when no move has a known verdict; else
 * *out is its verdict. */
Move dtm_best_move(Position *pos, DtmVerdict *out);

/* Statistics of a ready table; false if it is not ready. */
bool dtm_stats(const DtmTable *t, DtmStats *out);

/* Calls visit for the legal positions of a ready table (mode above). */
void dtm_foreach(const DtmTable *t, int mode, DtmVisitor visit, void *ctx);

/* Bytes used by all built tables. */
size_t dtm_memory_used(void);

#endif
