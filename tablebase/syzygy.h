/* Prober of Syzygy endgame tables (the files of the public generator
 * syzygy1/tb, any number of men up to 7): WDL files `.rtbw` (both sides to
 * move, fifty-move-aware values) and DTZ files `.rtbz` (one side to move,
 * plies or moves to the next capture or pawn move). Written here from the
 * format, which we learnt from the generator and the probers Fathom and
 * Pyrrhic; the layout is described in syzygy_internal.h.
 *
 * syzygy_init lists the directories, nothing else; a file is mapped
 * (engine/platform.h: mmap, or the Windows file mapping) on its first probe (once, under a per-file lock; later probes
 * read the mapping without a lock), so any number of threads may probe at once. A file that cannot be mapped or parsed
 * (truncated, corrupt, wrong magic) is disabled with a message (syzygy_next_message) and probes needing it fail;
 * nothing crashes. Re-initialising while another thread probes is not allowed (the UCI layer only does it between
 * searches).
 *
 * The registry is one process-wide state, like the DTM table registry. */
#ifndef KS_SYZYGY_H
#define KS_SYZYGY_H

#include <stddef.h>

#include "engine/position.h"

/* WDL values from the side to move's view. A cursed win is a win that
 * the fifty-move rule turns into a draw, a blessed loss the loss it
 * saves. */
enum {
    SZ_LOSS = -2,
    SZ_BLESSED_LOSS = -1,
    SZ_DRAW = 0,
    SZ_CURSED_WIN = 1,
    SZ_WIN = 2,
};

typedef struct {
    int wdl_files, dtz_files; /* tables with each kind of file */
    int max_men;              /* largest men count with a WDL file, 0 if none */
} SyzygyInfo;

/* Call once at startup (index tables; microseconds). */
void syzygy_startup(void);

/* Forgets the current tables and lists the directories of `paths`
 * (separated by platform_path_list_separator: ':', on Windows ';'; empty
 * or "<empty>" means none). A directory that
 * cannot be read is skipped with a message. The first file found of a
 * name wins. Fills *info (if not NULL). Not thread-safe against probes. */
void syzygy_init(const char *paths, SyzygyInfo *info);

/* Largest men count a WDL probe can answer (0 without tables). */
int syzygy_max_men(void);

/* WDL of pos (-2..2 above, side to move's view), resolving captures and
 * en passant as the format requires (a 1-ply capture search). pos is
 * changed and restored. False when a table needed is missing or broken,
 * or pos has castling rights (the files have none). The halfmove clock is not looked at:
 * the value assumes it is 0. */
bool syzygy_probe_wdl(Position *pos, int *wdl);

/* DTZ of pos in plies, signed as the WDL: n > 0 means the side to move
 * wins and the next zeroing move (capture or pawn move, or mate) comes
 * after n plies with best play; 100 is added to cursed wins and blessed
 * losses (|n| > 100); 0 for draws. When the file holds only the other
 * side to move, a 1-ply search over its values gives the answer. Values
 * in moves in the file (without the generator's -p) may be one ply long.
 * False when a needed table is missing or broken, or with castling rights. */
bool syzygy_probe_dtz(Position *pos, int *dtz);

/* The oldest message not yet taken (a directory or file problem, one
 * line without a newline, for `info string`); false if there is none.
 * Thread-safe. */
bool syzygy_next_message(char *buf, size_t size);

#endif
