#include "harness.h"
#include "search/search.h"

/* Every table the tests touch, built once as main() builds them. */
void harness_init_engine(void) { search_init(); }
