/*
 * cheersbot: the daemon.  Parses the command line, reads the config,
 * opens the store, starts the adapters and runs the one event loop until
 * SIGTERM or SIGINT (or the console's end of input).  SIGHUP re-reads the
 * config file.  Under systemd it notifies the service manager
 * (bot/daemon/service.c).  --list-tables and --end-table are the operator's
 * views of the state file (bot/daemon/operator.c) and do not start the daemon.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uv.h>

#include "adapters/discord/discord.h"
#include "adapters/discord/settings.h"
#include "bot/bot.h"
#include "bot/daemon/config.h"
#include "bot/daemon/log.h"
#include "bot/daemon/operator.h"
#include "bot/daemon/platforms.h"
#include "bot/daemon/service.h"
#include "bot/storage/migrate.h"
#include "bot/storage/store.h"
#include "bot/tables/restore.h"
#include "lib/xmalloc.h"

static uv_signal_t	sig_term, sig_int, sig_hup;
static struct service	*service;

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: cheersbot [-v] [-c file] [-o section.key=value ...]\n"
	    "                 [--check-config] [--dump-config] [--fake-clock]\n"
	    "                 [--list-tables] [--end-table ID] [--invite-url]\n"
	    "                 [--migrate-state FROM.db]\n"
	    "  -c, --config FILE     read settings from FILE (default: built-in)\n"
	    "  -o, --set S.K=VALUE   override one setting, e.g. -o bot.seed=42\n"
	    "  -v, --verbose         log more (repeat for debug)\n"
	    "      --check-config    check the settings, print every problem,\n"
	    "                        and exit\n"
	    "      --dump-config     print the effective settings and exit\n"
	    "      --fake-clock      time moves only by the console's :wait (tests)\n"
	    "      --list-tables     list the open tables in the state file and exit\n"
	    "                        (safe while the bot runs)\n"
	    "      --end-table ID    end table ID in the state file and exit\n"
	    "                        (refused while a bot runs on the file)\n"
	    "      --migrate-state FROM.db\n"
	    "                        copy the state file FROM.db into the\n"
	    "                        PostgreSQL database of postgres.url and exit\n"
	    "                        (refused when it holds tables already)\n"
	    "      --invite-url      print the Discord invite link (with the\n"
	    "                        permissions the bot uses) and exit\n"
	    "      --version         print the version and exit\n");
}

/*
 * What start-up refuses for the settings alone: an enabled platform
 * without what it needs, no adapter at all, or a store without what it
 * needs.  --check-config and
 * start-up both ask this, so they refuse the same settings in the same
 * words.  0, or -1 with *cause (caller frees): every refusal, one
 * sentence a line.
 */
static int
main_check(const struct config *cfg, char **cause)
{
	const struct platform	*p;
	char			*all = NULL, *one = NULL;
	int			 any = 0;

	for (p = platforms; p->settings != NULL; p++) {
		if (!config_enabled(cfg, p->settings))
			continue;
		any = 1;
		if (p->check != NULL && p->check(cfg, &one) != 0) {
			add_cause(&all, "%s", one);
			free(one);
			one = NULL;
		}
	}
	if (!any)
		add_cause(&all, "no adapter is enabled; enable [console] or a "
		    "chat platform");
	if (store_settings_check(cfg, &one) != 0) {
		add_cause(&all, "%s", one);
		free(one);
	}
	return set_causes(cause, all);
}

/*
 * What --check-config warns of in settings it accepts: a platform reached
 * without encryption.  Start-up logs the same sentence.
 */
static void
main_warn(const struct config *cfg)
{
	const struct platform	*p;
	const char		*w;
	size_t			 n = 0;

	/* From the list's end: IRC's warning before XMPP's, as always. */
	while (platforms[n].settings != NULL)
		n++;
	while (n-- > 0) {
		p = &platforms[n];
		if (config_enabled(cfg, p->settings) && p->warning != NULL &&
		    (w = p->warning(cfg)) != NULL)
			fprintf(stderr, "cheersbot: warning: %s\n", w);
	}
}

/*
 * --check-config: every error of the file (path, borrowed, or NULL) and
 * of the nsets -o assignments, then every refusal start-up would make of
 * the settings that read cleanly, and the warnings, each a line on
 * stderr.  Returns the exit status: 0 when start-up would go ahead,
 * else 1.
 */
static int
main_check_config(struct config *cfg, const char *path, char **sets,
    int nsets)
{
	char	*cause = NULL, *line, *next;
	int	 bad = 0, i;

	if (path != NULL && config_load_partial(cfg, path, &cause) != 0) {
		fprintf(stderr, "%s\n", cause);
		free(cause);
		cause = NULL;
		bad = 1;
	}
	for (i = 0; i < nsets; i++) {
		if (config_set(cfg, sets[i], &cause) != 0) {
			fprintf(stderr, "cheersbot: %s\n", cause);
			free(cause);
			cause = NULL;
			bad = 1;
		}
	}
	if (main_check(cfg, &cause) != 0) {
		for (line = cause; line != NULL; line = next) {
			if ((next = strchr(line, '\n')) != NULL)
				*next++ = '\0';
			fprintf(stderr, "cheersbot: %s\n", line);
		}
		free(cause);
		bad = 1;
	}
	main_warn(cfg);
	if (bad)
		return 1;
	printf("%s: configuration OK\n", path == NULL ? "built-in" : path);
	return 0;
}

static void
on_signal(uv_signal_t *h, int signum)
{
	struct bot	*bot = h->data;
	char		*cause = NULL;
	int		 i;

	if (signum == SIGHUP) {
		if (bot->config_path == NULL) {
			log_info("SIGHUP: no config file to re-read");
			return;
		}
		if (config_load(bot->config, bot->config_path, &cause) != 0) {
			log_error("SIGHUP: keeping the old config:\n%s", cause);
			free(cause);
			return;
		}
		log_set_level(bot_log_level(bot));
		log_info("SIGHUP: re-read %s", bot->config_path);
		for (i = 0; i < bot->nadapters; i++)
			if (bot->adapters[i]->ops->reload != NULL)
				bot->adapters[i]->ops->reload(bot->adapters[i]);
		return;
	}
	log_info("%s: shutting down", signum == SIGTERM ? "SIGTERM" : "SIGINT");
	bot_shutdown(bot);
}

static void
on_shutdown(struct bot *bot)
{
	(void)bot;
	service_stop(service);
	uv_close((uv_handle_t *)&sig_term, NULL);
	uv_close((uv_handle_t *)&sig_int, NULL);
	uv_close((uv_handle_t *)&sig_hup, NULL);
}

static void
signals_start(struct bot *bot)
{
	uv_signal_t	*sigs[] = { &sig_term, &sig_int, &sig_hup };
	int		 nums[] = { SIGTERM, SIGINT, SIGHUP }, i;

	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < 3; i++) {
		uv_signal_init(bot->loop, sigs[i]);
		sigs[i]->data = bot;
		uv_signal_start(sigs[i], on_signal, nums[i]);
	}
	bot->on_shutdown = on_shutdown;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "set", required_argument, NULL, 'o' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "check-config", no_argument, NULL, 'C' },
		{ "dump-config", no_argument, NULL, 'D' },
		{ "fake-clock", no_argument, NULL, 'F' },
		{ "list-tables", no_argument, NULL, 'L' },
		{ "end-table", required_argument, NULL, 'E' },
		{ "migrate-state", required_argument, NULL, 'M' },
		{ "version", no_argument, NULL, 'V' },
		{ "invite-url", no_argument, NULL, 'I' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct config	*cfg;
	struct store_settings settings;
	struct bot	 bot;
	const struct platform *p;
	struct adapter	*a;
	uv_loop_t	*loop;
	char		*cause = NULL, *dump, **sets, *where;
	const char	*path = NULL, *endid = NULL, *migrate = NULL;
	int		 ch, nsets = 0, verbose = 0, check = 0, dumpcfg = 0;
	int		 fake = 0, list = 0, plain, held, i, n;
	int		 invite = 0, rc;

	sets = xcalloc((size_t)argc + 1, sizeof *sets);
	while ((ch = getopt_long(argc, argv, "c:o:vh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'c': path = optarg; break;
		case 'o': sets[nsets++] = optarg; break;
		case 'v': verbose++; break;
		case 'C': check = 1; break;
		case 'D': dumpcfg = 1; break;
		case 'F': fake = 1; break;
		case 'L': list = 1; break;
		case 'E': endid = optarg; break;
		case 'M': migrate = optarg; break;
		case 'I': invite = 1; break;
		case 'V':
			printf("cheersbot %s\n", CHEERSBOT_VERSION);
			free(sets);
			return 0;
		case 'h':
			usage(stdout);
			free(sets);
			return 0;
		default:
			usage(stderr);
			free(sets);
			return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		free(sets);
		return 2;
	}

	cfg = config_new();
	if (check) {
		rc = main_check_config(cfg, path, sets, nsets);
		free(sets);
		config_free(cfg);
		return rc;
	}
	/*
	 * File errors carry their own "file:line: "; overrides need a name.
	 * The operator's commands report them plainly; a daemon logs them,
	 * so that journald files them as errors.
	 */
	plain = list || endid != NULL || migrate != NULL || invite;
	if (path != NULL && config_load(cfg, path, &cause) != 0) {
		if (plain)
			fprintf(stderr, "%s\n", cause);
		else
			log_error("%s", cause);
		goto bad_config;
	}
	for (i = 0; i < nsets; i++) {
		if (config_set(cfg, sets[i], &cause) != 0) {
			if (plain)
				fprintf(stderr, "cheersbot: %s\n", cause);
			else
				log_error("%s", cause);
			goto bad_config;
		}
	}
	free(sets);
	sets = NULL;
	if (list || endid != NULL || migrate != NULL) {
		if (migrate != NULL)
			rc = migrate_state(cfg, migrate, stdout, &cause);
		else if (list)
			rc = operator_list_tables(cfg, stdout, &cause);
		else
			rc = operator_end_table(cfg, endid, stdout, &cause);
		if (rc != 0) {
			fprintf(stderr, "cheersbot: %s\n", cause);
			free(cause);
			config_free(cfg);
			return 1;
		}
		config_free(cfg);
		return 0;
	}
	if (invite) {
		if (*discord_config(cfg)->discord_application_id == '\0') {
			fprintf(stderr, "cheersbot: discord.application_id is "
			    "empty; copy it from the developer portal\n");
			config_free(cfg);
			return 1;
		}
		dump = discord_invite_url(
		    discord_config(cfg)->discord_application_id);
		printf("%s\n", dump);
		free(dump);
		config_free(cfg);
		return 0;
	}
	if (dumpcfg) {
		dump = config_dump(cfg);
		fputs(dump, stdout);
		free(dump);
		config_free(cfg);
		return 0;
	}
	if (main_check(cfg, &cause) != 0)
		fatalx("%s", cause);
	loop = uv_default_loop();
	bot_init(&bot, loop, cfg);
	bot.verbose = verbose;
	log_set_level(bot_log_level(&bot));
	bot.config_path = path == NULL ? NULL : xstrdup(path);
	bot.fake_clock = fake;
	store_settings_config(cfg, &settings);
	if ((bot.store = store_open_writer(&settings, &held, &cause)) == NULL)
		fatalx("%s%s%s", cause, held ? "; stop it first, or give this "
		    "one another " : "", !held ? "" :
		    cfg->store_backend == CONFIG_STORE_POSTGRES ? "database "
		    "(postgres.url)" : "bot.state_file");
	where = store_settings_name(&settings);
	store_start(bot.store, loop);
	for (p = platforms; p->settings != NULL; p++) {
		if (!config_enabled(cfg, p->settings))
			continue;
		if ((a = p->new_adapter(&bot, &cause)) == NULL)
			fatalx("%s", cause);
		bot_add_adapter(&bot, a);
	}
	if ((n = restore_tables(&bot, &cause)) < 0)
		fatalx("restoring tables from %s: %s", where, cause);
	if (n > 0)
		log_info("restored %d table%s from %s", n, n == 1 ? "" : "s",
		    where);
	free(where);
	signals_start(&bot);
	for (i = 0; i < bot.nadapters; i++) {
		if (bot.adapters[i]->ops->start(bot.adapters[i], &cause) != 0)
			fatalx("%s", cause);
	}
	log_info("cheersbot %s ready: %d adapter%s, %d table%s", CHEERSBOT_VERSION,
	    bot.nadapters, bot.nadapters == 1 ? "" : "s", bot.ntables,
	    bot.ntables == 1 ? "" : "s");
	service = service_start(&bot);
	sched_run_due(&bot);
	uv_run(loop, UV_RUN_DEFAULT);

	bot_release(&bot);
	uv_run(loop, UV_RUN_NOWAIT);
	uv_loop_close(loop);
	service_free(service);
	free(bot.config_path);
	config_free(cfg);
	return 0;

bad_config:
	free(cause);
	free(sets);
	config_free(cfg);
	return 1;
}
