/* libFuzzer target: the Syzygy file reader (tablebase/syzygy.h). The
 * first byte of an input picks one of a few table files, the rest is its
 * content; it is written into a directory that holds the real copies of
 * the other tables (tests/data/syzygy, linked), the prober is pointed at
 * it, and positions of that material are probed for WDL and DTZ. A file
 * that does not parse must be refused with a message; no probe may read
 * outside the mapping. Run from the repository root. */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "tablebase/syzygy.h"

static const struct {
    const char *file;
    const char *fens[4];
} TABLES[] = {
    {"KBvKN.rtbw",
     {"8/8/8/3k4/8/8/2B5/4K1n1 w - - 0 1", "8/8/8/3k4/8/8/2B5/4K1n1 b - - 0 1", "Kn6/8/1k6/8/8/8/8/7B w - - 0 1"}},
    {"KNvKN.rtbw", {"8/8/8/3k4/8/8/2N5/4K1n1 w - - 0 1", "n7/8/8/8/8/8/8/K1k4N b - - 0 1"}},
    {"KPvK.rtbw",
     {"8/8/8/3k4/8/8/4P3/4K3 w - - 0 1", "8/8/8/3k4/8/8/4P3/4K3 b - - 0 1", "8/P7/8/8/8/8/8/k1K5 w - - 0 1"}},
    {"KPvK.rtbz",
     {"8/8/8/3k4/8/8/4P3/4K3 w - - 0 1", "8/8/8/3k4/8/8/4P3/4K3 b - - 0 1", "8/P7/8/8/8/8/8/k1K5 w - - 0 1"}},
    {"KBvKP.rtbz",
     {"8/8/8/3k4/8/8/4p3/B3K3 w - - 0 1", "8/8/8/3k4/8/8/4p3/B3K3 b - - 0 1", "8/4k3/8/8/8/2B5/p7/K7 b - - 0 1"}},
    {"KPvKP.rtbw",
     {"8/8/8/3k4/3p4/8/4P3/4K3 w - - 0 1", "8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1", "8/8/8/3k4/3p4/8/4P3/4K3 b - - 0 1"}},
};
enum { TABLE_COUNT = sizeof TABLES / sizeof TABLES[0] };

static char dir[PATH_MAX];

/* A directory with every real table linked in, under /tmp. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_init();
    char here[PATH_MAX], from[PATH_MAX * 2], to[PATH_MAX * 2];
    snprintf(dir, sizeof dir, "/tmp/ks-fuzz-syzygy.XXXXXX");
    FUZZ_CHECK(mkdtemp(dir) && getcwd(here, sizeof here));
    DIR *d = opendir("tests/data/syzygy");
    FUZZ_CHECK(d); /* run from the repository root */
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(from, sizeof from, "%s/tests/data/syzygy/%s", here, e->d_name);
        snprintf(to, sizeof to, "%s/%s", dir, e->d_name);
        FUZZ_CHECK(symlink(from, to) == 0);
    }
    closedir(d);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int t = data[0] % TABLE_COUNT;
    char path[PATH_MAX * 2];
    snprintf(path, sizeof path, "%s/%s", dir, TABLES[t].file);
    unlink(path);
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f);
    FUZZ_CHECK(fwrite(data + 1, 1, size - 1, f) == size - 1);
    fclose(f);
    SyzygyInfo info;
    syzygy_init(dir, &info);
    for (int i = 0; i < 4 && TABLES[t].fens[i]; i++) {
        Position pos;
        FUZZ_CHECK(pos_set_fen(&pos, TABLES[t].fens[i], NULL, 0, NULL, 0));
        int wdl, dtz;
        if (syzygy_probe_wdl(&pos, &wdl))
            FUZZ_CHECK(wdl >= SZ_LOSS && wdl <= SZ_WIN);
        (void)syzygy_probe_dtz(&pos, &dtz); /* a fuzzed value may be anything */
    }
    char msg[256];
    while (syzygy_next_message(msg, sizeof msg))
        ;
    return 0;
}
