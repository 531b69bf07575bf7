#include "tbcmd.h"

#include <stdio.h>

/* Placeholder until the tablebase issues land. */
int tb_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tb: no tables yet\n");
    return 1;
}
