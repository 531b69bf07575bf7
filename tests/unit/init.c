#include "search/init.h"
#include "harness.h"

/* Every table the tests touch, built once as main() builds them. */
void harness_init_engine(void) { keysquare_init(); }
