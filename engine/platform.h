/* What the operating system does differently, behind one interface: the
 * POSIX implementation and the Windows one (mingw-w64 with winpthreads)
 * live in engine/platform.c, so that every other file is plain C11 and
 * pthreads and says no system's name. It sits in engine/, the folder every
 * other one may use; it knows nothing of chess. */
#ifndef KS_PLATFORM_H
#define KS_PLATFORM_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

/* The assembler's words for a file-level __asm__ that places read-only
 * data (the embedded net), then goes back to where the compiler was: ELF
 * has .previous; PE/COFF has neither it nor .popsection, and gcc emits
 * file-level asm first, right after the file's opening .text. */
#ifdef _WIN32
#define PLATFORM_ASM_RODATA ".section .rdata,\"dr\"\n"
#define PLATFORM_ASM_RODATA_END ".text\n"
#else
#define PLATFORM_ASM_RODATA ".section .rodata\n"
#define PLATFORM_ASM_RODATA_END ".previous\n"
#endif

/* The separator of the directories in a list of paths (SyzygyPath): ':'
 * on POSIX, ';' on Windows, where ':' follows a drive letter ("C:\tb"). */
char platform_path_list_separator(void);

/* The processors online, or 0 when the system does not say. */
int platform_cpu_count(void);

/* Memory aligned to `alignment` (a power of two; size a multiple of it),
 * released only by platform_aligned_free: Windows frees aligned blocks
 * with their own function, not free(). NULL when out of memory. */
void *platform_aligned_alloc(size_t alignment, size_t size);
void platform_aligned_free(void *p);

/* A large block of zeroed memory straight from the system (mmap on POSIX,
 * VirtualAlloc on Windows), page aligned, for the transposition table. On
 * Linux it asks for transparent huge pages (madvise MADV_HUGEPAGE): with
 * 2 MB pages, touching a 4 GB table takes 2,048 page faults instead of a
 * million, and the search misses the TLB less. The pages are mapped on
 * first touch. NULL when out of memory; release with platform_large_free
 * and the same size. */
void *platform_large_alloc(size_t size);
void platform_large_free(void *p, size_t size);

/* Maps the whole file read-only; returns its bytes and sets *size (more
 * than 0), or returns NULL with a one-line reason in err ("empty file",
 * the system's message). Release with platform_unmap_file. */
const void *platform_map_file(const char *path, size_t *size, char *err, size_t err_size);
void platform_unmap_file(const void *map, size_t size);

/* Whether f writes to a terminal (a console on Windows): progress shown
 * with carriage returns goes there only, not into logs and pipes. */
bool platform_is_terminal(FILE *f);

/* Makes stdout write every line at once (GUIs wait for each line in a
 * pipe). Call before the first output. */
void platform_stdout_per_line(void);

/* Hold stdout across several printf calls that must stay together while
 * another thread prints (the board of `d` during a search). */
void platform_lock_stdout(void);
void platform_unlock_stdout(void);

/* getline: reads a line of any length into *line (grown as needed),
 * newline kept, NUL bytes included; returns its length, or -1 at end of
 * input with nothing read. */
ssize_t platform_getline(char **line, size_t *cap, FILE *f);

/* Seconds on a monotonic clock from an arbitrary start: for measuring
 * durations (the tools' rates and time limits), never for dates. */
double platform_seconds(void);

/* Makes the directory path (one level; mode 0777 less the umask on POSIX).
 * True when it exists afterwards, made now or before. */
bool platform_make_dir(const char *path);

/* Cuts the file at path to its first size bytes; false (errno set where
 * the system sets it) when it cannot. */
bool platform_truncate(const char *path, long size);

/* A condition variable whose timed waits take platform_deadline's times:
 * the monotonic clock where pthread_condattr_setclock accepts it (the wait
 * then ignores changes of the wall clock), the wall clock on Windows,
 * where winpthreads waits on that one only. */
int platform_cond_init(pthread_cond_t *cv);
struct timespec platform_deadline(int ms);

#endif
