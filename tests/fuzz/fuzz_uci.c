/* libFuzzer target: the UCI line dispatcher. Each input is a session of
 * lines ('\n' apart) fed to a fresh sandboxed session (uci/uci.h: every
 * search stops after a few thousand nodes, no file is read, no bench),
 * which is closed at the end, stopping any search still running; quit
 * ends the input early. The sanitizers are the checks. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "uci/uci.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    UciSession *u = uci_open(true);
    FUZZ_CHECK(u);
    for (size_t begin = 0; begin < size;) {
        const char *nl = memchr(text + begin, '\n', size - begin);
        size_t end = nl ? (size_t)(nl - text) : size;
        text[end] = '\0';
        if (!uci_line(u, text + begin, end - begin))
            break;
        begin = end + 1;
    }
    uci_close(u);
    free(text);
    return 0;
}
