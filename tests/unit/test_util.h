/* Helpers shared by the unit tests: the perft suite's FENs, a fixed-seed
 * PRNG for random games, and a naive attack solver (ray walking over the
 * board array) that checks the engine's bitboard answers independently. */
#ifndef KS_TEST_UTIL_H
#define KS_TEST_UTIL_H

#include "engine/movegen.h"
#include "tablebase/dtm.h"

/* Positions of tests/data/perft.epd (or $KS_PERFT_EPD). */
#define SUITE_SIZE 123
typedef struct {
    int count;
    char fen[SUITE_SIZE][128];
} Suite;

/* pos_set_fen that counts a rejection as a test failure (with the reason). */
bool set_fen_checked(Position *pos, const char *fen);

/* Loads the suite's FENs (trailing blanks trimmed); false if the file is
 * missing or malformed. */
bool suite_load(Suite *suite);

/* engine/random.h's splitmix64, fixed seed per test so runs are reproducible. */
typedef struct {
    uint64_t state;
} Rng;
uint64_t rng_next(Rng *rng);
/* Uniform-enough index in [0, n) for small n. */
int rng_below(Rng *rng, int n);

/* Pieces of colour `by` attacking square s on pos->board, found by walking
 * rays square by square (no bitboard tables). */
Bitboard naive_attackers(const Position *pos, Square s, Color by);

/* Compares every field that make/unmake and FEN parsing are responsible
 * for (not the history link); on a difference writes its name into what and returns
 * false. */
bool positions_equal(const Position *a, const Position *b, const char **what);

/* Checks that by_type/by_color/count/checkers agree with the board array
 * (recomputed naively); on failure names the field in what. */
bool position_consistent(const Position *pos, const char **what);

/* Writes the piece placement field of a FEN and the blank after it into
 * out (at least 73 bytes) from board[] (index rank * 8 + file, a1 = 0;
 * a piece letter, or 0 for an empty square); returns the characters
 * written. */
int fen_placement(const char board[SQ_NB], char *out);

/* The in-memory table of code ("KRKN"), built; a missing or unbuildable
 * table counts as a test failure (then NULL or the unbuilt table). */
DtmTable *built_table(const char *code);

/* Plays RANDOM_GAMES random legal games of up to RANDOM_GAME_PLIES plies
 * from every suite position and calls visit at each position reached, with
 * its legal moves (visit must leave pos as it found it). A missing suite
 * counts as a test failure. */
#define RANDOM_GAMES 2
#define RANDOM_GAME_PLIES 40
typedef void (*Visitor)(Position *pos, const MoveList *legal, Rng *rng, void *ctx);
void random_games(Visitor visit, void *ctx, uint64_t seed);

#endif
