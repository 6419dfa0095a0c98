/*
 * flood.h: one member cannot flood a channel.  Each user has a command
 * budget per channel, a token bucket (tables.command_burst commands,
 * refilled over tables.command_refill); past it the user is told once,
 * privately, to slow down and when to try again, and further commands are
 * dropped, with nothing said, until a command of theirs passes again.  Moves of a player the game is waiting for always pass.
 * The buckets live in a fixed array, so a crowd of users costs no memory
 * beyond it: a user whose slot another took starts with a full bucket.
 */
#ifndef BOT_COMMANDS_FLOOD_H
#define BOT_COMMANDS_FLOOD_H

#include <stdint.h>

struct adapter;
struct bot;
struct bot_event;

#define FLOOD_SLOTS	4096

enum flood_verdict { FLOOD_PASS, FLOOD_WARN, FLOOD_DROP };

/*
 * Spends one command of ev's user in ev's channel (all borrowed): PASS
 * while the budget lasts, WARN the first time it is spent, DROP after.
 * On WARN and DROP, *wait_ms (may be NULL) is how long until the bucket
 * holds one command again.
 */
enum flood_verdict flood_spend(struct bot *, const struct bot_event *,
	    uint64_t *wait_ms);

/*
 * Do the flood limits and table caps apply on adapter a?  Everywhere but
 * on the operator's own terminal (ADAPTER_OPERATOR: the console, unless
 * console.limits says so).
 */
int	 flood_applies(const struct bot *, const struct adapter *);

/* Frees the buckets (bot_release). */
void	 flood_release(struct bot *);

#endif
