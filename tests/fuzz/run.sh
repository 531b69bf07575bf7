#!/bin/sh
# Runs each libFuzzer target (make fuzz builds them) for SECONDS from its
# seed corpus, tests/fuzz/corpus/TARGET, and a working corpus that grows
# in build/fuzz/corpus/TARGET; one summary line per target. A finding
# (crash, sanitizer report, failed check, leak, timeout) stops the run
# with the reproducing input in build/fuzz/ and exit status 1.
#   sh tests/fuzz/run.sh SECONDS TARGET...
# Run from the repository root (the Syzygy target links tests/data/syzygy).
seconds=$1
shift
status=0
for t in "$@"; do
    case $t in
    fen) max_len=256 ;;
    uci) max_len=4096 ;;
    *) max_len=300000 ;; # whole table, net and data files
    esac
    mkdir -p "build/fuzz/corpus/$t"
    log=build/fuzz/$t.log
    if build/fuzz/fuzz_"$t" -max_total_time="$seconds" -max_len=$max_len -timeout=60 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="build/fuzz/$t-" "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" \
        >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
        echo "fuzz_$t: $seconds s, $runs runs ($rate/s), $cov, corpus $(ls "build/fuzz/corpus/$t" | wc -l) files, no finding"
    else
        echo "fuzz_$t: FINDING (log $log):"
        grep -A30 -m1 -E 'ERROR|FUZZ_CHECK|runtime error|deadly signal|timeout' "$log"
        status=1
    fi
done
exit $status
