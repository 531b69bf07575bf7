/* The search's use of the in-memory DTM/DTZ tables (tablebase/dtm.h) and
 * the Syzygy files (tablebase/syzygy.h): which tables a search may meet,
 * the root moves they rank, and exact scores inside the tree. Where the
 * in-memory tables cover a position they decide; Syzygy covers the rest.
 * Scores are centipawn-scale search values (VALUE_MATE - plies from the
 * root for a win). */
#ifndef KS_SEARCH_TB_H
#define KS_SEARCH_TB_H

#include "engine/position.h"
#include "search_types.h"
#include "tablebase/dtm_builder.h"

/* What a search probes in the Syzygy files (tablebase/syzygy.h): positions
 * of at most `men` men (0: nothing), interior nodes only at depth >= `depth`
 * plies (positions with fewer men than `men` at any depth, as Stockfish),
 * with the fifty-move rule (cursed wins score as draws) or without. */
typedef struct {
    int men, depth;
    bool rule50;
} TbSyzygy;

/* At most this many tables are built for one search: those reachable
 * from its root and those earlier searches met (35 materials of three or
 * four men exist, colours aside). */
#define TB_MAX_TABLES 40

/* The materials of up to four men (no castling rights) that a search met
 * at its nodes without a ready table, each once whichever side holds it
 * (KQ against a bishop with either colour is one table), the first
 * TB_UNMET_MAX: the tables the next search without a clock builds before
 * it starts (tb_prepare). keys[i] is the material key
 * (Position.material_key) as met, flipped[i] the same material with the
 * colours exchanged; counts by Piece of the men besides the kings, as
 * met. */
#define TB_UNMET_MAX 35 /* the materials of three or four men, colours aside */
typedef struct {
    Key keys[TB_UNMET_MAX], flipped[TB_UNMET_MAX];
    int8_t counts[TB_UNMET_MAX][PIECE_NB];
    int count;
} TbUnmet;

/* Adds pos's material to u unless listed (in either colour arrangement) or
 * u is full. pos has at most four men and no castling rights, and no
 * ready table covers it. */
void tb_note_unmet(TbUnmet *u, const Position *pos);

/* Adds to into the materials of from it does not list, in from's order,
 * while it has room. */
void tb_merge_unmet(TbUnmet *into, const TbUnmet *from);

/* Makes tables (tablebase/dtm.h, up to four men) ready before a search:
 * from a root of at most five men every table whose material the root can
 * reach by captures and promotions, the root's own first; from any root
 * the tables of the materials in unmet (NULL: none), the ones earlier
 * searches met without a table (their sub-tables come with them).
 * Builder b (NULL: none) builds the missing ones while the caller waits,
 * so the build runs on the caller's time and core (the main search
 * thread's, before it searches): the engine uses no more cores than it
 * has search threads. keep_going(ctx) is polled every few milliseconds;
 * when it returns false the build pauses and goes on at the next call.
 * The materials whose tables are ready (or can never be) leave unmet.
 * built (built_size >= 1) receives the codes of the tables finished in
 * this call, space-separated ("KQK KRK KQKR"), or "". No table becomes
 * ready during a search, so a search probes the tables ready at its
 * start: `go nodes` from a fresh process is reproducible, and the same
 * search after others may find tables they had built. */
void tb_prepare(DtmBuilder *b, const Position *root, TbUnmet *unmet, bool (*keep_going)(void *ctx), void *ctx,
                char *built, size_t built_size);

/* Table wins that the search cannot express as a mate within the
 * fifty-move rule score VALUE_TB_WIN - (halfmove clock + DTZ), a band
 * [VALUE_TB_WIN - 255 - clock, VALUE_TB_WIN] below the mate scores and above every
 * evaluation; losses the negative. */
enum { VALUE_TB_WIN = VALUE_MATE_IN_MAX_PLY - 2 * MAX_PLY };

/* Syzygy WDL wins score TB_WIN - ply: below every mate score (a mate the
 * search finds is always preferred) and below the in-memory tables' band
 * (a conversion into a position they know exactly, with its DTZ, is
 * preferred to a WDL-only win), and far above known-win evaluations. */
#define TB_WIN (VALUE_TB_WIN - 512)

/* Exact score of a covered position `ply` plies from the root, from the
 * side to move's view, under the fifty-move rule from the position's
 * halfmove clock when use50 (UCI option Syzygy50MoveRule): a win whose
 * DTZ does not fit in the clock is a draw (0); a mate score only when the
 * mate fits too; otherwise the TB band. False when no ready table covers
 * pos. */
bool tb_memory_probe(const Position *pos, int ply, bool use50, int *score);

/* Scores (mover's view, as tb_memory_probe at ply 1; an immediate mate is
 * VALUE_MATE - 1) of the root moves moves[0..count) of a covered root, so
 * that the best is the shortest mate among the moves that still win with
 * the clock as it stands, else a TB win, else a move that keeps the draw,
 * else the loss that lets the clock run furthest. False if the root or a
 * needed successor is not covered by a ready table. */
bool tb_rank_moves(Position *pos, const Move *moves, int count, bool use50, int *scores);

/* A search's line pv[0..*len) from root with a mate score (score: the
 * root side's view, VALUE_MATE - plies) that ends before the mate, where
 * the search took a table's score instead of searching on: extended by the
 * tables' best moves to the mate (tables_line), so that a reported mate
 * has a whole PV (matetrack's PV check, a GUI's replay). Unchanged when
 * the score is no mate, the line is whole, or its end is not covered by
 * a ready table. pv has room for MAX_PLY moves. */
void tb_complete_mate_pv(const Position *root, Move *pv, int *len, int score, bool use50);

/* The probes a search makes under the UCI options SyzygyProbeLimit (men),
 * SyzygyProbeDepth (plies) and Syzygy50MoveRule, given the tables found. */
TbSyzygy tb_syzygy_config(int probe_limit, int probe_depth, bool rule50);

/* WDL probe at an interior node (not the root): only at a zeroed halfmove
 * clock without castling rights, within the limits of c. On a hit, *score
 * (side to move, TB_WIN - ply for a win, 0 or +-1 for a draw or a cursed
 * result) and *bound (BOUND_EXACT, or BOUND_LOWER for a win and
 * BOUND_UPPER for a loss, which the search may still refine). */
bool tb_syzygy_probe(const TbSyzygy *c, Position *pos, int depth, int ply, int *score, int *bound);

/* Ranks the root moves moves[0..*count) by Syzygy DTZ and the halfmove
 * clock (a win the fifty-move rule leaves intact first, then the wins it
 * may spoil by their distance, draws, losses) and keeps only the moves of
 * the best rank, in their order, and sets *score to the root's value for
 * display: TB_WIN - 1 for a win the clock leaves intact (any win without
 * the fifty-move rule), 1 for one it spoils, 0 for a draw, the negatives
 * for losses. Without the DTZ files the moves are ranked by their WDL
 * (wins, cursed wins, draws, ...), which keeps the verdict but does not
 * force progress. False, moves untouched, when the root is not covered
 * (too many men, castling rights, a WDL table missing). */
bool tb_syzygy_root(const TbSyzygy *c, Position *pos, Move *moves, int *count, int *score);

/* The root of a search: thread 0 calls these in this order before the
 * helpers wake (they read what is set here), on the root it has set up. */

/* Makes the tables the root can reach and, without a clock, those
 * earlier searches met ready (tb_prepare, on thread 0's time within the
 * build budget of keep_building), sets whether this search may probe
 * them (the Tablebases option) and list the materials it meets without a
 * table (no clock), names the tables built in a message, and starts the
 * clock of the tree search (nps counts that alone). */
void tb_prepare_search(Searcher *s);

/* A covered root: the tables rank thread 0's root moves (searchmoves
 * applied), no search, and the ranking becomes its completed depth 1,
 * best first, the best move's line with the table's reply. False, nothing
 * changed, when a ready table does not cover the root and every move. */
bool tb_root_play(Searcher *s);

/* A root the Syzygy files cover (and the in-memory tables do not): every
 * thread keeps only the root moves that keep its DTZ verdict under the
 * halfmove clock (tb_syzygy_root), and the root's value is shown for the
 * lines that find no mate. Nothing changes for a root they do not cover. */
void tb_syzygy_root_filter(Searcher *s);

#endif
