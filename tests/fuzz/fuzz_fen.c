/* libFuzzer target: the FEN reader. Each input is read as one FEN in
 * standard chess and in Chess960. Every accepted position is shown with
 * `d`, written back and read again (same key), and its moves are counted
 * twice, by the move list and by the counting fast path, each move made
 * and unmade (the king never left in check, the key restored), and
 * perft(2) checked against the sum of the counts after each move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/position.h"
#include "fuzz_common.h"
#include "uci/uci.h"

static UciSession *session;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_init();
    session = uci_open(true);
    return 0;
}

static void check_position(Position *pos)
{
    char fen[128], line[160];
    pos_get_fen(pos, fen);
    Position again;
    FUZZ_CHECK(pos_set_fen_mode(&again, fen, pos->chess960, NULL, 0, NULL, 0));
    FUZZ_CHECK(again.key == pos->key);

    /* `d` through the UCI layer, on the position as written back. */
    snprintf(line, sizeof line, "setoption name UCI_Chess960 value %s", pos->chess960 ? "true" : "false");
    uci_line(session, line, strlen(line));
    snprintf(line, sizeof line, "position fen %s", fen);
    uci_line(session, line, strlen(line));
    uci_line(session, (char[]){"d"}, 1);

    MoveList list;
    list.count = 0; /* gen_legal appends */
    gen_legal(pos, &list, GEN_ALL);
    FUZZ_CHECK(list.count == count_legal(pos));
    uint64_t leaves = 0;
    Color us = pos->side;
    for (int i = 0; i < list.count; i++) {
        Key key = pos->key;
        Undo u;
        pos_make(pos, list.moves[i], &u);
        FUZZ_CHECK(!(attackers_to(pos, king_square(pos, us), occupied(pos)) & pos->by_color[!us]));
        MoveList replies;
        replies.count = 0; /* gen_legal appends */
        gen_legal(pos, &replies, GEN_ALL);
        FUZZ_CHECK(replies.count == count_legal(pos));
        leaves += (uint64_t)replies.count;
        pos_unmake(pos);
        FUZZ_CHECK(pos->key == key);
    }
    FUZZ_CHECK(perft(pos, 2) == leaves);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char fen[256];
    if (size >= sizeof fen)
        return 0;
    memcpy(fen, data, size);
    fen[size] = '\0';
    for (int c960 = 0; c960 <= 1; c960++) {
        Position pos;
        char err[160], warn[160];
        if (pos_set_fen_mode(&pos, fen, c960, err, sizeof err, warn, sizeof warn))
            check_position(&pos);
    }
    return 0;
}
