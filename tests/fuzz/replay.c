/*
 * replay.c: runs one fuzz target over its seed corpus without libFuzzer,
 * so that make unit links every target with the build's own compiler and
 * replays every seed (under make check, with the sanitizers).  A target
 * that stops linking, or a seed that crashes again, fails make test, not
 * only make fuzz.
 *
 * Linked with one tests/fuzz/fuzz_NAME.o as build/tests/replay_NAME; it
 * reads tests/fuzz/corpus/NAME/ (from the repository's top, where make
 * runs it), feeds each file to LLVMFuzzerTestOneInput and ends with the
 * lines of a cmocka report, one test for the whole corpus, on stderr
 * (some targets send stdout to /dev/null).
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A seed at most, in bytes; libFuzzer's own default cap is 4 KiB. */
#define REPLAY_INPUT_MAX	(1024 * 1024)
#define REPLAY_PATH_MAX		4096

/*
 * Reads the file at path into buf (the caller's, REPLAY_INPUT_MAX bytes)
 * and returns its length, or -1 with the reason printed.
 */
static long
replay_read(const char *path, uint8_t *buf)
{
	FILE	*f;
	size_t	 n;

	if ((f = fopen(path, "rb")) == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	n = fread(buf, 1, REPLAY_INPUT_MAX, f);
	if (ferror(f) || (n == REPLAY_INPUT_MAX && fgetc(f) != EOF)) {
		fprintf(stderr, "replay: %s: unreadable or over %d bytes\n",
		    path, REPLAY_INPUT_MAX);
		fclose(f);
		return -1;
	}
	fclose(f);
	return (long)n;
}

/* The target's name: argv[0]'s base name after "replay_". */
static const char *
replay_name(const char *argv0)
{
	const char	*base = strrchr(argv0, '/');

	base = base != NULL ? base + 1 : argv0;
	if (strncmp(base, "replay_", 7) == 0)
		base += 7;
	return base;
}

int
main(int argc, char **argv)
{
	char		 dir[REPLAY_PATH_MAX], path[REPLAY_PATH_MAX];
	const char	*name = replay_name(argv[0]);
	struct dirent	*de;
	DIR		*d;
	uint8_t		*buf;
	long		 len;
	int		 inputs = 0, bad = 0;

	if (argc > 1)
		snprintf(dir, sizeof dir, "%s", argv[1]);
	else
		snprintf(dir, sizeof dir, "tests/fuzz/corpus/%s", name);
	fprintf(stderr, "[==========] Running 1 test(s).\n"
	    "[ RUN      ] %s\n", name);
	if ((buf = malloc(REPLAY_INPUT_MAX)) == NULL || (d = opendir(dir)) ==
	    NULL) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		fprintf(stderr, "[  FAILED  ] %s\n[  PASSED  ] 0 test(s).\n"
		    "[  FAILED  ] 1 test(s), listed below:\n", name);
		free(buf);
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(path, sizeof path, "%s/%s", dir,
		    de->d_name) >= sizeof path || (len = replay_read(path,
		    buf)) < 0) {
			bad++;
			continue;
		}
		LLVMFuzzerTestOneInput(buf, (size_t)len);
		inputs++;
	}
	closedir(d);
	free(buf);
	if (inputs == 0 || bad != 0) {
		fprintf(stderr, "[  FAILED  ] %s: %d seeds replayed, %d "
		    "unreadable in %s\n[  PASSED  ] 0 test(s).\n"
		    "[  FAILED  ] 1 test(s), listed below:\n", name, inputs,
		    bad, dir);
		return 1;
	}
	fprintf(stderr, "[       OK ] %s: %d seeds replayed from %s\n"
	    "[==========] 1 test(s) run.\n[  PASSED  ] 1 test(s).\n", name,
	    inputs, dir);
	return 0;
}
