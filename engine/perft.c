#include <stdio.h>

#include "movegen.h"

uint64_t perft(Position *pos, int depth)
{
    if (depth <= 1)
        return depth == 1 ? (uint64_t)count_legal(pos) : 1;
    MoveList l;
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    uint64_t nodes = 0;
    for (int i = 0; i < l.count; i++) {
        Undo undo;
        pos_make(pos, l.moves[i], &undo);
        nodes += perft(pos, depth - 1);
        pos_unmake(pos);
    }
    return nodes;
}

uint64_t perft_divide(Position *pos, int depth, FILE *out)
{
    MoveList l;
    uint64_t total = 0;
    char buf[6];
    l.count = 0;
    gen_legal(pos, &l, GEN_ALL);
    for (int i = 0; i < l.count && depth >= 1; i++) {
        Undo undo;
        pos_make(pos, l.moves[i], &undo);
        uint64_t n = perft(pos, depth - 1);
        pos_unmake(pos);
        pos_move_to_uci(pos, l.moves[i], buf);
        fprintf(out, "%s: %llu\n", buf, (unsigned long long)n);
        total += n;
    }
    if (depth < 1)
        total = 1;
    fprintf(out, "\nNodes searched: %llu\n", (unsigned long long)total);
    return total;
}
