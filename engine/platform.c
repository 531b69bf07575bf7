/* The two implementations of platform.h: POSIX, and Windows (mingw-w64,
 * whose winpthreads gives pthreads and the clocks but not mmap, sysconf,
 * aligned_alloc, getline, flockfile, line buffering or a monotonic clock
 * for condition variables). */
/* mmap's MAP_ANONYMOUS and madvise are not in POSIX's base. */
#define _DEFAULT_SOURCE
#include "engine/platform.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <io.h>
#include <malloc.h>
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#ifdef _WIN32

char platform_path_list_separator(void) { return ';'; }

bool platform_is_terminal(FILE *f) { return _isatty(_fileno(f)) != 0; }

int platform_cpu_count(void)
{
    /* All processor groups: machines with more than 64 logical processors
     * have several. */
    DWORD n = GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);
    return n > 0 && n < 65536 ? (int)n : 0;
}

void *platform_aligned_alloc(size_t alignment, size_t size) { return _aligned_malloc(size, alignment); }

void platform_aligned_free(void *p) { _aligned_free(p); }

void *platform_large_alloc(size_t size) { return VirtualAlloc(NULL, size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE); }

void platform_large_free(void *p, size_t size)
{
    (void)size;
    if (p)
        VirtualFree(p, 0, MEM_RELEASE);
}

/* "what: the system's message" for the last Windows error. */
static void windows_error(const char *what, char *err, size_t err_size)
{
    DWORD code = GetLastError();
    char text[160] = "";
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, code, 0, text,
                             (DWORD)sizeof text, NULL);
    /* The message ends in ".\r\n", which would break the one-line report. */
    while (n > 0 && strchr(".\r\n ", text[n - 1]))
        text[--n] = '\0';
    snprintf(err, err_size, "%s%s%s (Windows error %lu)", what, *what ? ": " : "", n ? text : "unknown error",
             (unsigned long)code);
}

const void *platform_map_file(const char *path, size_t *size, char *err, size_t err_size)
{
    HANDLE file = CreateFileA(path, GENERIC_READ, FILE_SHARE_READ, NULL, OPEN_EXISTING,
                              FILE_ATTRIBUTE_NORMAL | FILE_FLAG_RANDOM_ACCESS, NULL);
    if (file == INVALID_HANDLE_VALUE) {
        windows_error("", err, err_size);
        return NULL;
    }
    LARGE_INTEGER bytes;
    if (!GetFileSizeEx(file, &bytes)) {
        windows_error("GetFileSizeEx", err, err_size);
        CloseHandle(file);
        return NULL;
    }
    /* A mapping of an empty file fails, and a file beyond the address
     * space cannot be mapped whole. */
    if (bytes.QuadPart <= 0 || (unsigned long long)bytes.QuadPart > SIZE_MAX) {
        snprintf(err, err_size, "%s", bytes.QuadPart <= 0 ? "empty file" : "file too large");
        CloseHandle(file);
        return NULL;
    }
    /* The view keeps the mapping, and the mapping the file, open: both
     * handles can go at once, and UnmapViewOfFile releases everything. */
    HANDLE mapping = CreateFileMappingA(file, NULL, PAGE_READONLY, 0, 0, NULL);
    if (!mapping)
        windows_error("CreateFileMapping", err, err_size);
    CloseHandle(file);
    if (!mapping)
        return NULL;
    void *m = MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0);
    if (!m)
        windows_error("MapViewOfFile", err, err_size);
    CloseHandle(mapping);
    if (m)
        *size = (size_t)bytes.QuadPart;
    return m;
}

void platform_unmap_file(const void *map, size_t size)
{
    (void)size;
    UnmapViewOfFile(map);
}

/* The C library of Windows has no line buffering (_IOLBF buffers fully),
 * so stdout is unbuffered: each printf call reaches the pipe before it
 * returns, and holds the stream's lock meanwhile, so no other thread's
 * output lands inside it. */
void platform_stdout_per_line(void) { setvbuf(stdout, NULL, _IONBF, 0); }

void platform_lock_stdout(void) { _lock_file(stdout); }

void platform_unlock_stdout(void) { _unlock_file(stdout); }

ssize_t platform_getline(char **line, size_t *cap, FILE *f)
{
    size_t len = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        /* Room for c and the terminating NUL. */
        if (len + 2 > *cap) {
            size_t grown_cap = *cap ? 2 * *cap : 256;
            char *grown = realloc(*line, grown_cap);
            if (!grown) {
                errno = ENOMEM;
                return -1;
            }
            *line = grown;
            *cap = grown_cap;
        }
        (*line)[len++] = (char)c;
        if (c == '\n')
            break;
    }
    if (len == 0)
        return -1;
    (*line)[len] = '\0';
    return (ssize_t)len;
}

double platform_seconds(void)
{
    /* The performance counter is Windows' monotonic clock; its frequency
     * is fixed at boot. */
    LARGE_INTEGER now, freq;
    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&freq);
    return (double)now.QuadPart / (double)freq.QuadPart;
}

bool platform_make_dir(const char *path)
{
    if (CreateDirectoryA(path, NULL))
        return true;
    DWORD attr = GetFileAttributesA(path);
    return attr != INVALID_FILE_ATTRIBUTES && (attr & FILE_ATTRIBUTE_DIRECTORY);
}

bool platform_truncate(const char *path, long size)
{
    HANDLE file = CreateFileA(path, GENERIC_WRITE, 0, NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    if (file == INVALID_HANDLE_VALUE)
        return false;
    LARGE_INTEGER at;
    at.QuadPart = size;
    bool ok = SetFilePointerEx(file, at, NULL, FILE_BEGIN) && SetEndOfFile(file);
    CloseHandle(file);
    return ok;
}

int platform_cond_init(pthread_cond_t *cv) { return pthread_cond_init(cv, NULL); }

static const clockid_t COND_CLOCK = CLOCK_REALTIME;

#else /* POSIX */

char platform_path_list_separator(void) { return ':'; }

bool platform_is_terminal(FILE *f) { return isatty(fileno(f)) != 0; }

int platform_cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 && n < 65536 ? (int)n : 0;
}

void *platform_aligned_alloc(size_t alignment, size_t size) { return aligned_alloc(alignment, size); }

void platform_aligned_free(void *p) { free(p); }

void *platform_large_alloc(size_t size)
{
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, size, MADV_HUGEPAGE); /* a hint: without it, 4 KB pages */
#endif
    return p;
}

void platform_large_free(void *p, size_t size)
{
    if (p)
        munmap(p, size);
}

const void *platform_map_file(const char *path, size_t *size, char *err, size_t err_size)
{
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) || st.st_size <= 0) {
        snprintf(err, err_size, "%s", fd < 0 ? strerror(errno) : "empty file");
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (m == MAP_FAILED) {
        snprintf(err, err_size, "mmap: %s", strerror(errno));
        return NULL;
    }
    *size = (size_t)st.st_size;
    return m;
}

void platform_unmap_file(const void *map, size_t size) { munmap((void *)map, size); }

void platform_stdout_per_line(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

void platform_lock_stdout(void) { flockfile(stdout); }

void platform_unlock_stdout(void) { funlockfile(stdout); }

ssize_t platform_getline(char **line, size_t *cap, FILE *f) { return getline(line, cap, f); }

double platform_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

bool platform_make_dir(const char *path)
{
    struct stat st;
    return mkdir(path, 0777) == 0 || (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

bool platform_truncate(const char *path, long size) { return truncate(path, (off_t)size) == 0; }

int platform_cond_init(pthread_cond_t *cv)
{
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    int r = pthread_cond_init(cv, &attr);
    pthread_condattr_destroy(&attr);
    return r;
}

static const clockid_t COND_CLOCK = CLOCK_MONOTONIC;

#endif

struct timespec platform_deadline(int ms)
{
    struct timespec t;
    clock_gettime(COND_CLOCK, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L)
        t.tv_sec++, t.tv_nsec -= 1000000000L;
    return t;
}
