/*
 * platforms: the chat platforms the daemon can run, the one list in bot/
 * that names them.  Adding a platform is one row in bot/daemon/platforms.c
 * (and its folder under adapters/): its settings section, its constructor,
 * and what start-up refuses or warns of in its settings.  The config
 * reads and dumps the sections in this order, after the bot's own.
 */
#ifndef BOT_DAEMON_PLATFORMS_H
#define BOT_DAEMON_PLATFORMS_H

struct adapter;
struct bot;
struct config;
struct config_section;

struct platform {
	/* Its [section] (adapters/NAME/settings.c), enabled its first key. */
	const struct config_section	*settings;
	/*
	 * A new adapter from its settings in the bot's config; the bot
	 * takes it with bot_add_adapter.  NULL, with *cause, when check
	 * refuses the settings.
	 */
	struct adapter	*(*new_adapter)(struct bot *, char **cause);
	/*
	 * Optional (may be NULL): whether the settings are enough to start;
	 * 0, or -1 with *cause (caller frees), one sentence a problem.
	 */
	int		 (*check)(const struct config *, char **cause);
	/*
	 * Optional (may be NULL): what --check-config warns of in settings
	 * check accepts (no encryption), or NULL; a constant sentence.
	 */
	const char	*(*warning)(const struct config *);
};

/* Every platform, in dump order, ended by a row whose settings is NULL. */
extern const struct platform platforms[];

#endif
