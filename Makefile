# cheersbot: build, test and run.  "make help" prints this list.
#
#   make              build build/cheersbot, on every core unless make
#                     was given its own -j
#   make run          build (so), then start the bot on the console adapter
#   make test         build, then run every suite below from unit to
#                     harness, TEST_JOBS (4) at once, each even after one
#                     failed, and sum them up: "N passed, N failed" at the
#                     end
#   make check        the same tests, built with AddressSanitizer and UBSan
#   make unit         the cmocka unit and property tests, and each fuzz
#                     target over its seed corpus
#   make transcripts  the console transcripts (tests/transcripts)
#   make cli          the command-line tests, and the docs' checks
#   make crash        SIGKILL the bot 250 times in mid-game; nothing is lost,
#                     nor when its state file or -wal is deleted under it
#   make diskfull     fill a small tmpfs under the state file mid-game,
#                     then empty it: nothing stops, nothing unsaved is said
#   make discord      the Discord tests against a fake Discord
#   make slack        the Slack tests against a fake Slack
#   make telegram     the Telegram tests against a fake Telegram Bot API
#   make systemd      the service tests: unit file, credentials, notify,
#                     signals, install
#   make xmpp         the XMPP tests against a real Prosody: websocket,
#                     STARTTLS, direct TLS, SRV through dnsmasq
#   make irc          the IRC tests against a real InspIRCd
#   make postgres     the PostgreSQL store against a private server:
#                     the store's unit tests, a game, a restart, the
#                     writer lock and the operator's commands, the crash
#                     test, --migrate-state, no password shown
#   make harness      scripts/deps.sh and the suite runner, with fake commands
#   make soak         many tables against a misbehaving fake Discord for
#                     SOAK_SECONDS (180); not part of test
#   make bench        every benchmark figure (about 3 min); not part of test
#   make bench-lines  only the lines the bot says a move and the hints'
#                     figures (a few seconds)
#   make bench-ai     silly moves of the default AI in 10,000 games of
#                     each game (SILLY_GAMES) and of the hard level in
#                     10,000 at a tenth of its budget (SILLY_HARD_GAMES,
#                     SILLY_HARD_SCALE), then the hard level's line-ups,
#                     2,000 games each (BENCH_AI_GAMES; hours at that
#                     count), and the engine beside 966b7bc; not part
#                     of test
#   make fuzz         every libFuzzer target for FUZZ_SECONDS (60) each;
#                     not part of test
#   make fuzz-bins    build the fuzz targets only (make fuzz uses it)
#   make analyze      gcc -fanalyzer, clang's analyzer and cppcheck over
#                     the program's sources; fails on any finding; not
#                     part of test
#   make test-deps    install the tests' Debian packages only
#   make every-core   build build/cheersbot on every core, unless make
#                     was given its own -j (make and make run do)
#   make install      binary, systemd unit, example config, docs and the
#                     games' rules (PREFIX, DESTDIR)
#   make uninstall    remove what install put in place (not config or state)
#   make clean        remove build/
#   make help         this list
#
# Missing Debian packages are installed by scripts/deps.sh (apt-get, with
# sudo when not root): the build's the first time build/config.mk is made,
# and the tests' too before make test or a suite's own target runs.

CC	?= cc
BUILD	?= build
OPT	?= -O2 -g
SAN	?=
PKGS	 = libuv libcjson cmocka sqlite3 libwebsockets libcurl zlib libssl libcrypto expat libcares libpq

WARN	 = -std=c11 -Wall -Wextra -Wshadow -Wformat=2 -Wstrict-prototypes \
	   -Wmissing-prototypes -Wvla
ifeq ($(SAN),1)
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	   -fno-sanitize-recover=undefined
endif
# make fuzz builds everything with clang for libFuzzer (see tests/fuzz/).
ifeq ($(SAN),fuzz)
SANFLAGS = -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
	   -fno-sanitize-recover=undefined
endif

# config.mk holds the pkg-config flags; making it installs what is missing.
# Goals that need no compiler do not trigger it.
NODEPS_GOALS = clean help uninstall harness test-deps
ifneq ($(filter-out $(NODEPS_GOALS),$(or $(MAKECMDGOALS),all)),)
include $(BUILD)/config.mk
endif

ALL_CFLAGS  = $(WARN) $(OPT) $(SANFLAGS) -D_GNU_SOURCE -I. $(DEP_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(SANFLAGS) $(LDFLAGS)
LIBS	    = $(DEP_LIBS) -lm

LIB_SRCS     := $(wildcard lib/*.c)
GAME_SRCS    := $(wildcard game/*.c game/*/*.c)
BOT_SRCS     := $(filter-out bot/daemon/main.c,$(wildcard bot/*.c bot/*/*.c))
ADAPTER_SRCS := $(wildcard adapters/*/*.c)
DATA_FILES   := $(wildcard game/*/*.json)
GEN_SRCS     := $(DATA_FILES:%.json=$(BUILD)/gen/%.json.c)
CORE_SRCS    := $(LIB_SRCS) $(GAME_SRCS) $(BOT_SRCS) $(ADAPTER_SRCS)
CORE_OBJS    := $(CORE_SRCS:%.c=$(BUILD)/obj/%.o) $(GEN_SRCS:%.c=%.o)
UNIT_SRCS    := $(wildcard tests/unit/test_*.c)
UNIT_BINS    := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
TEST_SUPPORT := $(filter-out $(UNIT_SRCS),$(wildcard tests/unit/*.c))
TEST_SUPPORT_OBJS := $(TEST_SUPPORT:%.c=$(BUILD)/obj/%.o)
BENCH_SRCS   := $(wildcard tests/bench/bench_*.c)
BENCH_BINS   := $(BENCH_SRCS:tests/bench/%.c=$(BUILD)/bench/%)
FUZZ_SRCS    := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS    := $(FUZZ_SRCS:tests/fuzz/%.c=$(BUILD)/fuzz/%)
FUZZ_OBJS    := $(FUZZ_SRCS:%.c=$(BUILD)/obj/%.o)
REPLAY_BINS  := $(FUZZ_SRCS:tests/fuzz/fuzz_%.c=$(BUILD)/tests/replay_%)

.PHONY: all run test check unit transcripts cli crash diskfull discord slack telegram
.PHONY: xmpp irc postgres
.PHONY: bench bench-ai bench-lines clean help systemd install uninstall fuzz fuzz-bins soak
.PHONY: harness test-deps analyze every-core
.DEFAULT_GOAL := all
# Objects only a link uses are kept, so make never ends a run removing them.
.SECONDARY: $(GEN_SRCS) $(FUZZ_OBJS) $(BUILD)/obj/tests/fuzz/replay.o \
	    $(UNIT_SRCS:%.c=$(BUILD)/obj/%.o) $(TEST_SUPPORT_OBJS) \
	    $(BENCH_SRCS:%.c=$(BUILD)/obj/%.o)

# The test suites, in the order make test starts them and sums them up.
SUITES	 = unit transcripts cli crash diskfull discord slack telegram systemd xmpp irc \
	   postgres harness
# Goals that run tests: their first build installs the tests' packages too.
TEST_GOALS = test check $(SUITES)
DEPS_FOR = $(if $(filter $(TEST_GOALS),$(MAKECMDGOALS)),test,build)

# The build runs on every core unless make was given its own -j (which
# make sees only in a recipe): every-core, first in line, builds the
# program through a make of its own with -j$(nproc); with a -j of yours,
# it does nothing and this make builds it as that -j says.
EVERY_CORE = $(if $(filter -j%,$(MAKEFLAGS)),,-j$$(nproc 2>/dev/null || echo 2))

all: every-core $(BUILD)/cheersbot

every-core:
	@$(if $(EVERY_CORE),$(MAKE) --no-print-directory -q $(BUILD)/cheersbot || \
	    $(MAKE) --no-print-directory $(EVERY_CORE) $(BUILD)/cheersbot,:)

$(BUILD)/config.mk: scripts/deps.sh Makefile
	@sh scripts/deps.sh $(DEPS_FOR)
	@mkdir -p $(BUILD)
	@{ echo "DEP_CFLAGS = $$(pkg-config --cflags $(PKGS))"; \
	   echo "DEP_LIBS = $$(pkg-config --libs $(PKGS))"; } > $@.tmp
	@mv $@.tmp $@

$(BUILD)/libcheersbot.a: $(CORE_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/cheersbot: $(BUILD)/obj/bot/daemon/main.o $(BUILD)/libcheersbot.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/obj/%.o: %.c $(BUILD)/config.mk
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# Data files (card lists) are compiled in as C strings, so the game
# libraries stay free of file I/O.  game/cheers/cards.json becomes the
# symbol game_cheers_cards_json.
$(BUILD)/gen/%.json.c: %.json
	@mkdir -p $(@D)
	@{ echo "/* Generated from $< by the Makefile; do not edit. */"; \
	   echo "const char $$(echo '$*_json' | tr '/.-' '___')[] ="; \
	   sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $<; \
	   echo ";"; } > $@

$(BUILD)/gen/%.json.o: $(BUILD)/gen/%.json.c
	$(CC) $(ALL_CFLAGS) -Wno-missing-variable-declarations -c -o $@ $<

# Each fuzz target linked without libFuzzer to tests/fuzz/replay.c, which
# feeds it its seed corpus: make unit runs them beside the unit tests.
$(BUILD)/tests/replay_%: $(BUILD)/obj/tests/fuzz/fuzz_%.o \
    $(BUILD)/obj/tests/fuzz/replay.o $(BUILD)/libcheersbot.a
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(TEST_SUPPORT_OBJS) $(BUILD)/libcheersbot.a
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

run: every-core $(BUILD)/cheersbot
	@echo "cheersbot: console adapter; type '/cheers help' to begin, Ctrl-D to quit."
	@echo "cheersbot: lines are '<user> [#channel|dm]: <text>', or plain text as you."
	@echo "cheersbot: state is kept in ./cheersbot.db; 'make run' again resumes it."
	@$(BUILD)/cheersbot $(RUNFLAGS)

# The fuzz targets need clang's libFuzzer for make fuzz; unit links each
# one with the build's compiler and replays its seed corpus.
unit: $(UNIT_BINS) $(REPLAY_BINS)
	@sh tests/run-unit.sh $(UNIT_BINS) $(REPLAY_BINS)

transcripts: $(BUILD)/cheersbot
	@sh tests/transcripts/run.sh $(BUILD)/cheersbot

cli: $(BUILD)/cheersbot
	@sh tests/run-planned.sh tests/cli/run.sh $(BUILD)/cheersbot

crash: $(BUILD)/cheersbot test-deps
	@sh tests/run-planned.sh tests/crash/walgone.sh $(BUILD)/cheersbot; s=$$?; \
	    sh tests/run-planned.sh tests/crash/run.sh $(BUILD)/cheersbot && [ $$s -eq 0 ]

# The suites that are one tests/<name>/run.sh against the daemon.
DAEMON_SUITES = diskfull discord slack telegram systemd irc
$(DAEMON_SUITES): %: $(BUILD)/cheersbot test-deps
	@sh tests/run-planned.sh tests/$@/run.sh $(BUILD)/cheersbot

xmpp: $(BUILD)/cheersbot test-deps
	@sh tests/run-planned.sh tests/xmpp/run.sh $(BUILD)/cheersbot
	@sh tests/run-planned.sh tests/xmpp/c2s.sh $(BUILD)/cheersbot

postgres: $(BUILD)/cheersbot $(BUILD)/tests/test_store \
	    $(BUILD)/tests/test_store_faults $(BUILD)/tests/test_store_migrate \
	    $(BUILD)/tests/test_turn_timer test-deps
	@sh tests/run-planned.sh tests/postgres/run.sh $(BUILD)/cheersbot

# The test harness itself: scripts/deps.sh and tests/run-suites.sh.
harness:
	@sh tests/run-planned.sh tests/harness/run.sh

# What the tests need beyond the build (Python, the servers...), installed
# up front, so no suite asks for a password or installs in mid-run.
test-deps:
	@sh scripts/deps.sh test

# Every suite, even after one has failed, then a summary: each suite's
# "N passed, N failed" and, on the last line, the total.  Fails when
# anything failed.  TEST_JOBS suites run at once (most of them wait on
# sockets and timers, not on the CPU), each one's output printed whole
# when it ends; TEST_JOBS=1 runs them one after the other, their output
# shown as it comes.  Everything they run is built first, once, on
# every core unless make was given its own -j.  TEST_FIRST, the longest
# suites, start first, so that the short ones fill in beside them.
TEST_JOBS ?= 4
TEST_FIRST = slack discord telegram unit xmpp irc crash
TEST_BINS = $(BUILD)/cheersbot $(UNIT_BINS) $(REPLAY_BINS)
test: test-deps
	@$(MAKE) --no-print-directory $(EVERY_CORE) $(TEST_BINS)
	@MAKE="$(MAKE)" sh tests/run-suites.sh -j $(TEST_JOBS) \
	    -f "$(TEST_FIRST)" $(SUITES)

# Not part of test: figures to compare over time, not pass or fail.
bench: $(BUILD)/cheersbot $(BENCH_BINS)
	@sh tests/bench/run.sh $(BUILD)

# The AI's figures: no silly move by the default AI in SILLY_GAMES
# (10,000) seeded games of each game (make unit plays 500 of each), nor
# by the hard level in SILLY_HARD_GAMES (10,000; make unit plays 2 at the
# full budget), its seats searching with a SILLY_HARD_SCALE'th (10) of
# the hard budget, the same search and root in a tenth of the time; then the
# hard level's line-ups against the default AI, BENCH_AI_GAMES (2,000)
# games each, with its move times (tests/bench/bench_ai.c); last the
# engine beside commit 966b7bc, narrated and playouts, as make bench
# prints it (tests/bench/engine_vs.py).
SILLY_GAMES ?= 10000
SILLY_HARD_GAMES ?= 10000
SILLY_HARD_SCALE ?= 10
BENCH_AI_GAMES ?= 2000
SILLY_BINS = $(patsubst %,$(BUILD)/tests/test_%_silly,cheers cosdrink fwb magic)
bench-ai: $(SILLY_BINS) $(BUILD)/bench/bench_ai $(BUILD)/bench/bench_engine
	@for t in $(SILLY_BINS); do SILLY_GAMES=$(SILLY_GAMES) \
	    SILLY_HARD_GAMES=$(SILLY_HARD_GAMES) \
	    SILLY_HARD_SCALE=$(SILLY_HARD_SCALE) $$t || exit 1; done
	@BENCH_AI_GAMES=$(BENCH_AI_GAMES) $(BUILD)/bench/bench_ai
	@python3 tests/bench/engine_vs.py $(BUILD)

bench-lines: $(BUILD)/cheersbot $(BUILD)/bench/bench_hint_cheers \
	    $(BUILD)/bench/bench_hint_magic
	@python3 tests/bench/lines.py $(BUILD)/cheersbot
	@$(BUILD)/bench/bench_hint_cheers
	@$(BUILD)/bench/bench_hint_magic

$(BUILD)/bench/%: $(BUILD)/obj/tests/bench/%.o $(BUILD)/libcheersbot.a
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

# Not part of test: minutes of load and injected faults (tests/soak).
soak: $(BUILD)/cheersbot
	@sh tests/soak/run.sh $(BUILD)/cheersbot

# Fuzzing (libFuzzer, clang): every target in tests/fuzz/ for FUZZ_SECONDS
# each, one after another, from the seed corpora there; a line per target
# with its runs, then the total; fails when a target crashed.  Not part of
# test.
FUZZ_SECONDS ?= 60
fuzz:
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=clang SAN=fuzz \
	    OPT="-O1 -g" fuzz-bins
	@sh tests/fuzz/run.sh build/fuzz/fuzz $(FUZZ_SECONDS)

fuzz-bins: $(FUZZ_BINS)

# Static analysis (scripts/analyze.sh): three analyzers, every finding
# printed; a false positive is removed in the code.  Not part of test.
analyze: $(BUILD)/config.mk
	@sh scripts/deps.sh analyze
	@sh scripts/analyze.sh $(BUILD)

$(BUILD)/fuzz/%: $(BUILD)/obj/tests/fuzz/%.o $(BUILD)/libcheersbot.a
	@mkdir -p $(@D)
	$(CC) -fsanitize=fuzzer,address,undefined -o $@ $^ $(LIBS)

# Under the sanitizers the CHEERS property test plays 20,000 games instead
# of 100,000, the FwB one 2,000 instead of 20,000, the Cosdrink one 4,000
# instead of 20,000 and the Magic Cocktail one 2,000 instead of 20,000
# (about 4x slower per game); every other test runs in full.
check:
	@CHEERS_PROPERTY_GAMES=20000 FWB_PROPERTY_GAMES=2000 \
	    COSDRINK_PROPERTY_GAMES=4000 MAGIC_PROPERTY_GAMES=2000 \
	    $(MAKE) --no-print-directory \
	    BUILD=build/san SAN=1 OPT="-O1 -g" test

# Installing.  PREFIX is where the program goes; the configuration is
# always under /etc (SYSCONFDIR), because the unit reads it there.  The
# unit's paths follow PREFIX.  An existing cheersbot.conf is never
# touched; uninstall leaves it, and the state in /var/lib/cheersbot.
PREFIX		?= /usr/local
BINDIR		?= $(PREFIX)/bin
UNITDIR		?= $(PREFIX)/lib/systemd/system
DOCDIR		?= $(PREFIX)/share/doc/cheersbot
SYSCONFDIR	?= /etc
INSTALL		?= install
# The docs go in with the README's layout, so its links work installed:
# docs/*.md, each game's rules (game/<name>/README.md) and the config
# files the pages link to.
DOC_PAGES	:= $(wildcard docs/*.md)
DOC_CONFIG	 = config/cheersbot.conf.example config/slack-manifest.yml
GAMES		:= $(patsubst game/%/README.md,%,$(wildcard game/*/README.md))

install: $(BUILD)/cheersbot
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) \
	    $(DESTDIR)$(DOCDIR) $(DESTDIR)$(SYSCONFDIR)/cheersbot
	$(INSTALL) -m 0755 $(BUILD)/cheersbot $(DESTDIR)$(BINDIR)/cheersbot
	sed -e 's|/usr/local/bin/cheersbot|$(BINDIR)/cheersbot|' \
	    -e 's|/usr/local/share/doc/cheersbot|$(DOCDIR)|' \
	    -e 's|/etc/cheersbot|$(SYSCONFDIR)/cheersbot|g' \
	    systemd/cheersbot.service > $(BUILD)/cheersbot.service
	$(INSTALL) -m 0644 $(BUILD)/cheersbot.service \
	    $(DESTDIR)$(UNITDIR)/cheersbot.service
	$(INSTALL) -m 0644 config/cheersbot.conf.example \
	    $(DESTDIR)$(SYSCONFDIR)/cheersbot/cheersbot.conf.example
	$(INSTALL) -m 0644 README.md $(DESTDIR)$(DOCDIR)/README.md
	$(INSTALL) -d $(DESTDIR)$(DOCDIR)/docs
	$(INSTALL) -m 0644 $(DOC_PAGES) $(DESTDIR)$(DOCDIR)/docs
	$(INSTALL) -d $(DESTDIR)$(DOCDIR)/config
	$(INSTALL) -m 0644 $(DOC_CONFIG) $(DESTDIR)$(DOCDIR)/config
	for g in $(GAMES); do \
	    $(INSTALL) -d $(DESTDIR)$(DOCDIR)/game/$$g && \
	    $(INSTALL) -m 0644 game/$$g/README.md \
	        $(DESTDIR)$(DOCDIR)/game/$$g/README.md || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/cheersbot \
	    $(DESTDIR)$(UNITDIR)/cheersbot.service \
	    $(DESTDIR)$(SYSCONFDIR)/cheersbot/cheersbot.conf.example \
	    $(DESTDIR)$(DOCDIR)/README.md \
	    $(DOC_PAGES:%=$(DESTDIR)$(DOCDIR)/%) \
	    $(DOC_CONFIG:%=$(DESTDIR)$(DOCDIR)/%) \
	    $(GAMES:%=$(DESTDIR)$(DOCDIR)/game/%/README.md)
	-rmdir $(GAMES:%=$(DESTDIR)$(DOCDIR)/game/%) $(DESTDIR)$(DOCDIR)/game \
	    $(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(DOCDIR)/config $(DESTDIR)$(DOCDIR) \
	    $(DESTDIR)$(SYSCONFDIR)/cheersbot 2>/dev/null

clean:
	rm -rf build

# The list at the top of this file, from its first target to its blank line.
help:
	@sed -n '/^#   make /,/^#$$/p' Makefile | sed -e '/^#$$/d' -e 's/^#   //'

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
