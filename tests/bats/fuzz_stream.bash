# A fixed-seed stream of random and mutated UCI input for fuzz.bats.
#
# fuzz_stream SEED COUNT STREAM EXPECT writes about COUNT lines of engine
# input to STREAM and, for each `go` in it that must end with a bestmove,
# one line to EXPECT: the index (into FUZZ_POS) of the position the search
# ran on, `?` where the stream cannot know (a mutated FEN, random moves),
# or `none` after a FEN that is invalid on purpose (bestmove 0000 then).
# bash's RANDOM, once seeded, gives the same sequence on every machine.

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
    'Clear Hash' 'UCI_Chess960' 'SyzygyPath' 'SyzygyProbeDepth' 'Syzygy50MoveRule' 'No Such Option')

_pick() { # _pick ARRAY_NAME: one element at random
    local -n arr=$1
    printf '%s' "${arr[RANDOM % ${#arr[@]}]}"
}

_number() { # a number of any kind a GUI or a broken script might send
    case $((RANDOM % 8)) in
    0) echo $((RANDOM % 5)) ;;
    1) echo $((RANDOM % 30)) ;;
    2) echo $((RANDOM * 100)) ;;
    3) echo -$((RANDOM % 1000)) ;;
    4) echo 18446744073709551615 ;;
    5) echo 99999999999 ;;
    6) echo abc ;;
    *) echo $((RANDOM % 3000)) ;;
    esac
}

_mutate() { # _mutate TEXT: 1-3 characters replaced by random bytes
    local s=$1 k pos byte
    for ((k = 0; k <= RANDOM % 3; k++)); do
        pos=$((RANDOM % (${#s} + 1)))
        byte=$((RANDOM % 254 + 1))
        [ "$byte" -eq 10 ] && byte=32
        s=${s:0:pos}$(printf "\\x$(printf %02x "$byte")")${s:pos+1}
    done
    printf '%s' "$s"
}

_random_line() { # words only, none of them a command
    local n=$((RANDOM % 12)) k line=
    for ((k = 0; k < n; k++)); do line+="$(_pick FUZZ_WORDS) "; done
    printf '%s' "$line"
}

_long_line() {
    local n=$((RANDOM % 20000 + 600)) w
    w=$(printf 'x%.0s' $(seq 1 $((n % 5000 + 100))))
    case $((RANDOM % 3)) in
    0) printf 'position fen %s' "$w" ;;
    1) printf 'setoption name %s value %s' "$w" "$w" ;;
    *) printf 'go searchmoves %s %s' "$w" "$(seq -s ' ' 1 $((n / 10)))" ;;
    esac
}

# _go: a go command with a bounded search, or unbounded (stopped later).
_go() {
    local line=go k
    case $((RANDOM % 10)) in
    0) line+=" infinite" ;;
    1) line+=" ponder wtime 1000 btime 1000" ;;
    2) line+=" depth $((RANDOM % 4 + 1))" ;;
    3) line+=" nodes $((RANDOM % 3000 + 1))" ;;
    4) line+=" movetime $((RANDOM % 15 + 1))" ;;
    5) line+=" wtime $((RANDOM % 400)) btime $((RANDOM % 400)) winc $((RANDOM % 20)) binc 0" ;;
    6) line+=" depth 2 searchmoves $(_pick FUZZ_WORDS) e2e4 d2d4 a1b1" ;;
    *) for ((k = 0; k <= RANDOM % 4; k++)); do line+=" $(_pick FUZZ_GO_KEYS) $(_number)"; done ;;
    esac
    printf '%s' "$line"
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
            line="position fen $(_mutate "${FUZZ_POS[RANDOM % ${#FUZZ_POS[@]}]#position fen }")"
            cur='?'
            ;;
        4)
            line="position fen $(_pick FUZZ_BAD_FEN)"
            cur=none
            ;;
        5)
            line="$(_pick FUZZ_POS) moves $(_random_line)"
            cur='?'
            ;;
        6 | 7 | 8 | 9)
            line=$(_go)
            ;;
        10)
            line="setoption name $(_pick FUZZ_OPTIONS) value $(_number)"
            case $line in # keep memory and threads modest under sanitizers
            *'name Hash value'* | *'name Threads value'*) line="${line% *} $((RANDOM % 4 + 1))" ;;
            *SyzygyPath*) line="setoption name SyzygyPath value /nonexistent/$RANDOM" ;;
            esac
            ;;
        11) line="go perft $((RANDOM % 2 + 1))" ;;
        12) line=$(_random_line) ;;
        13) line=$(_mutate "$(_random_line) isready") ;;
        14) line=$(printf 'isready\r') ;;
        15) line=$(_pick FUZZ_WORDS) ;;
        16)
            line=$( ((RANDOM % 4 == 0)) && _long_line || echo d)
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
