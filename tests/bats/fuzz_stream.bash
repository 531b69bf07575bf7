# A fixed-seed stream of random and mutated UCI input for fuzz.bats.
#
# fuzz_stream SEED COUNT STREAM EXPECT writes about COUNT lines of engine
# input to STREAM and, for each `go` in it that must end with a bestmove,
# one line to EXPECT: the index (into FUZZ_POS) of the position the search
# ran on, `?` where the stream cannot know (a mutated FEN, random moves),
# or `none` after a FEN that is invalid on purpose (bestmove 0000 then).
# bash's RANDOM, once seeded, gives the same sequence on every machine, but
# bash 5.1 reseeds it in every subshell: so no helper below runs in $(...);
# each leaves its result in REPLY.

# Valid positions whose legal moves the test lists independently; the first
# six are the perft suite's (tests/data/perft.epd), with published counts.
FUZZ_POS=(
    'position startpos'
    'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
    'position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
    'position fen r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'
    'position fen rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8'
    'position fen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10'
    'position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5'
    'position fen 8/8/4Q3/8/1k6/3K4/2r5/8 w - - 99 120'
    'position fen 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3'
    'position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
)
FUZZ_PERFT1=(20 48 14 6 44 46)

# FENs every engine must reject (wrong shape, impossible positions).
FUZZ_BAD_FEN=(
    '8/8/8 w - - 0 1'
    '4k3/8/8/8/8/8/8/3KK3 w - - 0 1'
    '8/8/8/8/8/8/8/4K3 w - - 0 1'
    '4k2R/8/8/8/8/8/8/4K3 w - - 0 1'
    'P3k3/8/8/8/8/8/8/4K3 w - - 0 1'
    '4k3/8/8/8/8/8/8/4KX2 w - - 0 1'
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'
)

FUZZ_WORDS=(moves fen startpos depth nodes movetime wtime btime winc binc movestogo mate
    infinite ponder searchmoves name value e2e4 e7e5 a7a8q 0000 '(none)' KQkq - w b
    0 1 -1 99999999999999999999 18446744073709551615 -9223372036854775808 3.5 1e9 ''
    foo bar joho "$(printf '\t')" Hash Threads MultiPV)
FUZZ_GO_KEYS=(wtime btime winc binc movestogo movetime depth nodes mate searchmoves)
FUZZ_OPTIONS=('Hash' 'Threads' 'MultiPV' 'Move Overhead' 'Ponder' 'UCI_ShowWDL' 'Tablebases'
    'Clear Hash' 'UCI_Chess960' 'SyzygyPath' 'SyzygyProbeDepth' 'Syzygy50MoveRule' 'No Such Option'
    'UCI_LimitStrength' 'UCI_Elo' 'Strength Seed')

_pick() { # _pick ARRAY_NAME: one element at random
    local -n arr=$1
    REPLY=${arr[RANDOM % ${#arr[@]}]}
}

_number() { # a number of any kind a GUI or a broken script might send
    case $((RANDOM % 8)) in
    0) REPLY=$((RANDOM % 5)) ;;
    1) REPLY=$((RANDOM % 30)) ;;
    2) REPLY=$((RANDOM * 100)) ;;
    3) REPLY=-$((RANDOM % 1000)) ;;
    4) REPLY=18446744073709551615 ;;
    5) REPLY=99999999999 ;;
    6) REPLY=abc ;;
    *) REPLY=$((RANDOM % 3000)) ;;
    esac
}

_mutate() { # _mutate TEXT: 1-3 characters replaced by random bytes
    local s=$1 k pos byte n=$((RANDOM % 3)) ch
    for ((k = 0; k <= n; k++)); do
        pos=$((RANDOM % (${#s} + 1)))
        byte=$((RANDOM % 254 + 1))
        [ "$byte" -eq 10 ] && byte=32
        printf -v ch "\\x$(printf %02x "$byte")"
        s=${s:0:pos}$ch${s:pos+1}
    done
    REPLY=$s
}

_random_line() { # words only, none of them a command
    local n=$((RANDOM % 12)) k line=
    for ((k = 0; k < n; k++)); do
        _pick FUZZ_WORDS
        line+="$REPLY "
    done
    REPLY=$line
}

_long_line() {
    local n=$((RANDOM % 20000 + 600)) w
    w=$(printf 'x%.0s' $(seq 1 $((n % 5000 + 100))))
    case $((RANDOM % 3)) in
    0) REPLY="position fen $w" ;;
    1) REPLY="setoption name $w value $w" ;;
    *) REPLY="go searchmoves $w $(seq -s ' ' 1 $((n / 10)))" ;;
    esac
}

# _go: a go command with a bounded search, or unbounded (stopped later).
_go() {
    local line=go k n
    case $((RANDOM % 10)) in
    0) line+=" infinite" ;;
    1) line+=" ponder wtime 1000 btime 1000" ;;
    2) line+=" depth $((RANDOM % 4 + 1))" ;;
    3) line+=" nodes $((RANDOM % 3000 + 1))" ;;
    4) line+=" movetime $((RANDOM % 15 + 1))" ;;
    5) line+=" wtime $((RANDOM % 400)) btime $((RANDOM % 400)) winc $((RANDOM % 20)) binc 0" ;;
    6)
        _pick FUZZ_WORDS
        line+=" depth 2 searchmoves $REPLY e2e4 d2d4 a1b1"
        ;;
    *)
        n=$((RANDOM % 4))
        for ((k = 0; k <= n; k++)); do
            _pick FUZZ_GO_KEYS
            line+=" $REPLY"
            _number
            line+=" $REPLY"
        done
        ;;
    esac
    REPLY=$line
}

fuzz_stream() {
    local seed=$1 count=$2 stream=$3 expect=$4 cur=0 i k line pending=0
    RANDOM=$seed
    : >"$stream"
    : >"$expect"
    for ((i = 0; i < count; i++)); do
        case $((RANDOM % 20)) in
        0 | 1 | 2)
            k=$((RANDOM % ${#FUZZ_POS[@]}))
            line=${FUZZ_POS[k]}
            cur=$k
            ;;
        3)
            _mutate "${FUZZ_POS[RANDOM % ${#FUZZ_POS[@]}]#position fen }"
            line="position fen $REPLY"
            cur='?'
            ;;
        4)
            _pick FUZZ_BAD_FEN
            line="position fen $REPLY"
            cur=none
            ;;
        5)
            _pick FUZZ_POS
            line="$REPLY moves "
            _random_line
            line+=$REPLY
            cur='?'
            ;;
        6 | 7 | 8 | 9)
            _go
            line=$REPLY
            ;;
        10)
            _pick FUZZ_OPTIONS
            line="setoption name $REPLY value "
            _number
            line+=$REPLY
            case $line in # keep memory and threads modest under sanitizers
            *'name Hash value'* | *'name Threads value'*) line="${line% *} $((RANDOM % 4 + 1))" ;;
            *SyzygyPath*) line="setoption name SyzygyPath value /nonexistent/$RANDOM" ;;
            *UCI_LimitStrength*) # mostly on, so the limiter meets the rest of the stream
                if ((RANDOM % 4)); then line="${line% *} true"; else line="${line% *} false"; fi ;;
            *'name UCI_Elo value'*) if ((RANDOM % 2)); then line="${line% *} $((1350 + RANDOM % 1501))"; fi ;;
            esac
            ;;
        11) line="go perft $((RANDOM % 2 + 1))" ;;
        12)
            _random_line
            line=$REPLY
            ;;
        13)
            _random_line
            _mutate "$REPLY isready"
            line=$REPLY
            ;;
        14) line=$'isready\r' ;;
        15)
            _pick FUZZ_WORDS
            line=$REPLY
            ;;
        16)
            if ((RANDOM % 4 == 0)); then
                _long_line
                line=$REPLY
            else
                line=d
            fi
            [[ $line == position* ]] && cur=none # a FEN of thousands of x
            ;;
        17) line=eval ;;
        18) line=ucinewgame ;;
        *) line=stop ;;
        esac
        printf '%s\n' "$line" >>"$stream"
        if [[ $line == go* && $line != 'go perft'* ]]; then
            echo "$cur" >>"$expect"
            pending=$((RANDOM % 4 + 1))
        elif [ "$pending" -gt 0 ]; then
            pending=$((pending - 1))
            [ "$pending" -eq 0 ] && echo stop >>"$stream"
        fi
    done
    printf 'stop\nisready\nquit\n' >>"$stream"
}
