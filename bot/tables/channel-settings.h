/*
 * channel-settings.h: a channel's own defaults, set by its admins with
 * "settings channel ...": timers, game options and emoji (emoji=no:
 * cards as words only) for new tables, and whether AI players may fill
 * seats and how well they play (ai_level).  Kept in the store, read when a
 * table opens.
 */
#ifndef BOT_TABLES_CHANNEL_SETTINGS_H
#define BOT_TABLES_CHANNEL_SETTINGS_H

#include <cjson/cJSON.h>

struct adapter;
struct bot;
struct table;

/* The channel's settings (an empty object when none); caller frees. */
cJSON	*channel_load(struct bot *, struct adapter *, const char *channel);
/* Applies one name=value to the settings; 0, or -1 with *cause. */
int	 channel_set(struct bot *, cJSON *, const char *assignment, char **cause);
/* Saves the settings; 0, or -1 with *cause. */
int	 channel_save(struct bot *, struct adapter *, const char *channel,
	     const cJSON *, char **cause);
/* "turn_timer=2m ai=no emoji=no cheers: mode=master", or "none"; caller frees. */
char	*channel_describe(const cJSON *);
/* Gives a new table the channel's timers, emoji and default options. */
void	 channel_apply(struct table *, const cJSON *);
/*
 * The level (enum table_ai_level) of AI players here: of new AI seats and
 * of the AI that plays for absent players (settings channel ai_level=...).
 */
int	 channel_level(const cJSON *);
/* May AI players sit at tables here? */
int	 channel_ai_allowed(const cJSON *);

#endif
