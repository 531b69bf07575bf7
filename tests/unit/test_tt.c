/* The transposition table's allocation and its clear by several threads:
 * every entry written before a clear is gone after it, whatever the
 * number of threads and however the table divides among them. */
#include "harness.h"
#include "search/tt.h"

/* Keys spread over every bucket: the low bits pick the bucket, the high
 * bits make each key distinct. */
static Key key_of(size_t bucket, size_t buckets)
{
    return (Key)bucket | ((Key)(bucket * 2654435761u + 1) << 40) | (Key)buckets << 32;
}

static size_t fill(TT *tt)
{
    for (size_t b = 0; b < tt->bucket_count; b++)
        tt_store(tt, key_of(b, tt->bucket_count), (Move)(b & 0xFFF) + 1, (int)(b % 200) - 100, 5, 3, BOUND_EXACT);
    size_t found = 0;
    TTHit hit;
    for (size_t b = 0; b < tt->bucket_count; b++)
        if (tt_probe(tt, key_of(b, tt->bucket_count), &hit) && hit.move == (Move)(b & 0xFFF) + 1 && hit.depth == 3
            && hit.value == (int)(b % 200) - 100)
            found++;
    return found;
}

static size_t found_after_clear(TT *tt)
{
    size_t found = 0;
    TTHit hit;
    for (size_t b = 0; b < tt->bucket_count; b++)
        found += tt_probe(tt, key_of(b, tt->bucket_count), &hit);
    return found;
}

TEST(tt_clear_by_threads)
{
    TT tt = {0};
    /* 1 MB = 16,384 buckets of 64 bytes; 3 and 7 threads do not divide
     * it evenly, 300 is more than the clear starts (256), most with
     * nothing to do. */
    const int threads[] = {1, 2, 3, 7, 300};
    CHECK(tt_resize(&tt, 1, 3));
    CHECK_EQ_U64(tt.bucket_count, (1u << 20) / (TT_BUCKET * sizeof(TTEntry)));
    CHECK_EQ_U64(found_after_clear(&tt), 0); /* a fresh table is empty */
    for (size_t i = 0; i < sizeof threads / sizeof *threads; i++) {
        CHECK_EQ_U64(fill(&tt), tt.bucket_count);
        tt_clear(&tt, threads[i]);
        CHECK_MSG(found_after_clear(&tt) == 0, "%d threads", threads[i]);
    }
    /* A resize gives an empty table of the new size. */
    CHECK_EQ_U64(fill(&tt), tt.bucket_count);
    CHECK(tt_resize(&tt, 3, 2)); /* rounded down to 2 MB */
    CHECK_EQ_U64(tt.bucket_count, (2u << 20) / (TT_BUCKET * sizeof(TTEntry)));
    CHECK_EQ_U64(found_after_clear(&tt), 0);
    CHECK_EQ_U64(fill(&tt), tt.bucket_count);
    tt_free(&tt);
    CHECK(tt.entries == NULL);
}
