# Keysquare build. `make` builds ./keysquare (optimised for this CPU);
# `make ARCH=portable` builds for any x86-64/ARM64; `make EXE=path` names the
# binary; `make test` runs the unit and bats tests; `make test-asan` and
# `make test-tsan` run them under sanitizers; `make perft-full` runs the
# whole perft suite at full depth; `make pgo` is a profile-guided build;
# `make format` formats the tree with .clang-format and `make format-check`
# fails when a file is not formatted (CI runs it).

CC      ?= cc
EXE     ?= keysquare
ARCH    ?= native
SAN     ?=
BUILD   ?= build/$(ARCH)$(if $(SAN),-$(subst $(comma),-,$(SAN)))
comma   := ,

CFLAGS_BASE = -std=c11 -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
              -D_POSIX_C_SOURCE=200809L -I.
ifeq ($(ARCH),native)
  ARCHFLAGS = -march=native
else
  ARCHFLAGS =
endif
# Sanitized builds at -O2: the suite under AddressSanitizer + UBSan runs
# about 28 % faster than at -O1 (unit tests 48 s against 66 s), with the
# same checks; asserts stay on (no NDEBUG).
ifneq ($(SAN),)
  OPT = -O2 -g -fno-omit-frame-pointer -fsanitize=$(SAN) -fno-sanitize-recover=all
  LDSAN = -fsanitize=$(SAN)
else
  OPT = -O3 -DNDEBUG
  LDSAN =
endif
CFLAGS  += $(CFLAGS_BASE) $(ARCHFLAGS) $(OPT) $(EXTRA_CFLAGS)
LDFLAGS += -pthread $(LDSAN)
LDLIBS  += -lm

# Windows, with mingw-w64: a cross compiler (make CC=x86_64-w64-mingw32-gcc)
# or gcc in MSYS2's MINGW64 shell. The program is named .exe, its objects
# stay apart from the host's, and it links statically (no winpthread DLL
# to ship) with the 8 MB stack Linux gives every thread (Windows gives 2).
# Vector moves are assembled unaligned: gcc cannot align Windows stack
# frames to 32 bytes and would use aligned AVX moves on them anyway.
ifneq ($(findstring mingw,$(shell $(CC) -dumpmachine 2>/dev/null)),)
  CROSS_WINDOWS = 1
  EXE     := $(EXE:.exe=).exe
  BUILD   := $(BUILD)-mingw
  CFLAGS  += -Wa,-muse-unaligned-vector-move
  LDFLAGS += -static -Wl,--stack,8388608
endif

MODULES  = engine tablebase endgame eval search uci uci/commands
LIB_SRC  = $(filter-out uci/main.c,$(foreach m,$(MODULES),$(wildcard $(m)/*.c)))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ = $(BUILD)/uci/main.o
TEST_SRC = $(wildcard tests/unit/*.c)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)
TEST_BIN = $(BUILD)/unit_tests

.PHONY: FORCE all clean test test-run fuzz fuzz-targets fuzz-run unit bats test-asan test-tsan perft-full pgo format format-check tools

all: $(EXE)

# SAN_SKIP: sources that a sanitizer build's engine ($(EXE)) takes compiled
# without the sanitizers, from $(BUILD)/skip/; its unit tests and tools
# keep every check. .ci/run gives the bats tests' ASan engine the table
# generator's inner loops that way: the ASan unit tests build the tables
# with every check, and the bats tests' own builds were most of their time
# under ASan (KPKP with the tables below it: 21.8 s of CPU, 7.1 s so,
# 5.5 s without sanitizers). A stamp of the list relinks $(EXE) when the
# list changes.
SAN_SKIP ?=
SKIP_OBJ  = $(SAN_SKIP:%.c=$(BUILD)/skip/%.o)
EXE_OBJ   = $(filter-out $(SAN_SKIP:%.c=$(BUILD)/%.o),$(LIB_OBJ)) $(SKIP_OBJ)
SKIP_STAMP = $(BUILD)/skip.txt
$(SKIP_STAMP): FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(SAN_SKIP)' | cmp -s - $@ || printf '%s\n' '$(SAN_SKIP)' > $@

$(EXE): $(EXE_OBJ) $(MAIN_OBJ) $(SKIP_STAMP)
	$(CC) $(CFLAGS) -o $@ $(EXE_OBJ) $(MAIN_OBJ) $(LDFLAGS) $(LDLIBS)
	$(NET_CHECK)

# Objects are rebuilt when the compiler or its flags change (`make
# CC=clang` after a gcc build, another EXTRA_CFLAGS): the stamp holds the
# command line and is rewritten only when that differs. Taken here, before
# the per-target additions below.
BUILD_FLAGS := $(CC) $(CFLAGS)
FLAGS_STAMP = $(BUILD)/flags.txt
$(FLAGS_STAMP): FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(BUILD_FLAGS)' | cmp -s - $@ || printf '%s\n' '$(BUILD_FLAGS)' > $@
FORCE:

$(BUILD)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/skip/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fno-sanitize=all -MMD -MP -c $< -o $@

# The unit-test list is generated from the TEST(name) lines of tests/unit/.
$(BUILD)/tests/test_list.h.inc: $(TEST_SRC)
	@mkdir -p $(dir $@)
	@grep -ho '^TEST([a-z0-9_]*)' $(TEST_SRC) | \
	  awk 'BEGIN { printf "#define TEST_LIST" } { sub(/^TEST/, "X"); printf " \\\n    %s", $$0 } END { print "" }' > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp

# --version names the build's flavour and optimisation flags.
$(BUILD)/uci/main.o: CFLAGS += -DKS_BUILD='"ARCH=$(ARCH)$(if $(SAN), SAN=$(SAN)) $(OPT)"'

# The embedded net is assembled into nnue.o (.incbin), which the compiler's
# dependency files do not list: eval/default.nnue, or the file EVALFILE
# names (OpenBench builds with `make EVALFILE=NET`). nnue.o is rebuilt when
# the file or its name changes (a stamp of the path). The binary, once
# linked, starts once (--version): the loader checks the embedded file as
# it checks EvalFile, and a file it refuses stops the build with its
# reason. A cross build (Windows) cannot run here and is not checked.
EVALFILE ?= eval/default.nnue
NET_PATH := $(EVALFILE)
NET_STAMP = $(BUILD)/evalfile.txt
$(NET_STAMP): FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(NET_PATH)' | cmp -s - $@ || printf '%s\n' '$(NET_PATH)' > $@
$(BUILD)/eval/nnue.o: $(EVALFILE) $(NET_STAMP)
$(BUILD)/eval/nnue.o: CFLAGS += -DNNUE_DEFAULT_FILE='"$(NET_PATH)"'
ifeq ($(CROSS_WINDOWS),)
  NET_CHECK = @"$(abspath $@)" --version >/dev/null 2>$(BUILD)/netcheck.txt || \
    { sed 's/^keysquare: //' $(BUILD)/netcheck.txt >&2; rm -f "$@"; \
      echo "make: $(EVALFILE) cannot be the embedded net; $@ not built" >&2; exit 1; }
endif

$(BUILD)/tests/unit/main.o: $(BUILD)/tests/test_list.h.inc
$(BUILD)/tests/unit/main.o: CFLAGS += -I$(BUILD)/tests

# The unit tests also check the tools' format and trainer code.
TEST_TOOL_OBJ = $(BUILD)/tools/viriformat.o $(BUILD)/tools/nn_train.o $(BUILD)/tools/samples.o $(BUILD)/tools/args.o
$(TEST_BIN): $(LIB_OBJ) $(TEST_OBJ) $(TEST_TOOL_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

# Developer programs that never ship (tools/*.c). tools/datagen and
# tools/syzygy_speed link the normal engine objects, tools/tune a second
# copy built with -DEVAL_TUNE (the evaluation trace of eval/tune.h) in
# $(BUILD)-tune, and tools/kbnk_dtm_table only engine/ and tablebase/ (it
# writes an endgame/ source file, so it must not depend on endgame/; it
# starts with tablebase_init where the others call keysquare_init).
TOOLS_DIR = $(BUILD)/tools
TUNE_BUILD = $(BUILD)-tune
TOOL_LIB = $(filter $(BUILD)/engine/% $(BUILD)/tablebase/%,$(LIB_OBJ))

tools: $(TOOLS_DIR)/datagen $(TOOLS_DIR)/viri $(TOOLS_DIR)/pgn2viri $(TOOLS_DIR)/train $(TOOLS_DIR)/kbnk_dtm_table $(TOOLS_DIR)/syzygy_speed
	$(MAKE) BUILD=$(TUNE_BUILD) EXTRA_CFLAGS="$(EXTRA_CFLAGS) -DEVAL_TUNE" $(TUNE_BUILD)/tools/tune

$(TOOLS_DIR)/kbnk_dtm_table: $(BUILD)/tools/kbnk_dtm_table.o $(BUILD)/tools/args.o $(TOOL_LIB)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

$(TOOLS_DIR)/syzygy_speed: $(LIB_OBJ) $(BUILD)/tools/syzygy_speed.o $(BUILD)/tools/args.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

$(TOOLS_DIR)/datagen: $(LIB_OBJ) $(BUILD)/tools/datagen.o $(BUILD)/tools/viriformat.o $(BUILD)/tools/args.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

$(TOOLS_DIR)/viri: $(LIB_OBJ) $(BUILD)/tools/viri.o $(BUILD)/tools/viriformat.o $(BUILD)/tools/samples.o \
                   $(BUILD)/tools/args.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

$(TOOLS_DIR)/pgn2viri: $(LIB_OBJ) $(BUILD)/tools/pgn2viri.o $(BUILD)/tools/viriformat.o $(BUILD)/tools/args.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

$(TOOLS_DIR)/train: $(LIB_OBJ) $(BUILD)/tools/train.o $(BUILD)/tools/nn_train.o $(BUILD)/tools/viriformat.o \
                    $(BUILD)/tools/samples.o $(BUILD)/tools/args.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

$(TOOLS_DIR)/tune: $(LIB_OBJ) $(BUILD)/tools/tune.o $(BUILD)/tools/args.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

unit: $(TEST_BIN)
	$(TEST_BIN)

# One closing line for CI: "N passed, N failed" over unit and bats tests.
# The bats tests also run the data tools (tests/bats/datagen.bats).
TEST_TOOLS = $(TOOLS_DIR)/datagen $(TOOLS_DIR)/viri $(TOOLS_DIR)/pgn2viri $(TOOLS_DIR)/train
# bats is looked for (and installed, tests/need_bats.sh) before anything
# is built, so a machine without it stops at once.
test:
	@sh tests/need_bats.sh
	@$(MAKE) --no-print-directory test-run

# BATS_FILES narrows the bats tests to some files and NO_UNIT=1 leaves out
# the unit tests: .ci/run splits the sanitizer run into shards that way.
BATS_FILES ?= tests/bats
test-run: $(EXE) $(TEST_BIN) $(TEST_TOOLS)
	@KS_EXE=$(abspath $(EXE)) KS_TOOLS=$(abspath $(TOOLS_DIR)) sh tests/run.sh $(if $(NO_UNIT),-,$(TEST_BIN)) \
	  $(BATS_FILES)

test-asan:
	$(MAKE) test SAN=address,undefined EXE=build/keysquare-asan

test-tsan:
	$(MAKE) test SAN=thread EXE=build/keysquare-tsan

# libFuzzer targets (tests/fuzz/README.md): clang with
# -fsanitize=fuzzer,address,undefined, in build/fuzz/. `make fuzz` builds
# them; `make fuzz-run FUZZ_SECONDS=N` runs each N seconds from its seed
# corpus (tests/fuzz/corpus/TARGET) and a growing copy in build/fuzz/.
FUZZ_TARGETS = uci fen syzygy net viri
FUZZ_SECONDS ?= 30
fuzz:
	$(MAKE) CC=clang SAN=fuzzer-no-link,address,undefined BUILD=build/fuzz fuzz-targets

fuzz-targets: $(FUZZ_TARGETS:%=$(BUILD)/fuzz_%)

$(BUILD)/fuzz_%: $(LIB_OBJ) $(BUILD)/tests/fuzz/fuzz_%.o $(TEST_TOOL_OBJ)
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDFLAGS) $(LDLIBS)

fuzz-run: fuzz
	sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

perft-full: $(EXE)
	sh tests/perft_full.sh ./$(EXE) tests/data/perft.epd tests/data/perft960.epd

pgo:
	$(MAKE) clean
	$(MAKE) EXTRA_CFLAGS="-fprofile-generate" LDFLAGS="-fprofile-generate"
	./$(EXE) bench > /dev/null
	find build -name '*.o' -delete; rm -f $(EXE)
	$(MAKE) EXTRA_CFLAGS="-fprofile-use -fprofile-correction -Wno-missing-profile"

# Every source, the generated ones too: endgame/kbnk_table.c
# (tools/kbnk_dtm_table) and eval/weights.c (tools/tune) mark the tables
# their programs lay out by hand with "clang-format off".
FORMAT_SRC = $(foreach m,$(MODULES) tests/unit tests/fuzz tools,$(wildcard $(m)/*.[ch]))

format:
	clang-format -i $(FORMAT_SRC)

format-check:
	clang-format --dry-run --Werror $(FORMAT_SRC)

clean:
	rm -rf build $(EXE) keysquare-*

-include $(LIB_OBJ:.o=.d) $(SKIP_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(wildcard $(BUILD)/tools/*.d) $(wildcard $(BUILD)/tests/fuzz/*.d)
