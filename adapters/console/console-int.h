/*
 * console-int.h: what the console adapter's files share.
 */
#ifndef ADAPTERS_CONSOLE_CONSOLE_INT_H
#define ADAPTERS_CONSOLE_CONSOLE_INT_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

#include "bot/adapter.h"

#define CONSOLE_LINE_MAX	4096
#define CONSOLE_CHUNK		65536	/* bytes read at once: one batch (bot/saying/outbox.h) */
#define CONSOLE_NAME_MAX	32
#define CONSOLE_CLOSED_MAX	16
#define CONSOLE_UI_MAX		32	/* button sets remembered */

struct console_ui;

struct console {
	struct adapter	 adapter;
	union {
		uv_tty_t	tty;
		uv_pipe_t	pipe;
	}		 in;
	int		 reading;	/* 1: a stream handle is open */
	/*
	 * Input waits for the commits of its output, up to the batch
	 * ticket (console_pause, console_resume).
	 */
	int		 paused;
	uint64_t	 ticket;
	/* A line that waits for them, and the chunk's rest after it. */
	char		*wait_line, *rest;
	size_t		 nrest;
	uv_timer_t	 go_on;		/* console_go_on's turn */
	int		 go_on_init;
	int		 echo;		/* echo input lines (not from a tty) */
	uv_fs_t		 fsreq;		/* regular-file input */
	char		 chunk[CONSOLE_CHUNK];
	char		 line[CONSOLE_LINE_MAX + 1];
	size_t		 len;
	int		 overlong;	/* discarding the rest of a long line */
	char		 closed[CONSOLE_CLOSED_MAX][CONSOLE_NAME_MAX + 1];
	int		 nclosed;
	int		 stopped;
	struct console_ui *ui[CONSOLE_UI_MAX];	/* buttons on show */
	/*
	 * console_ops, with buttons and a board as console.buttons, and
	 * ADAPTER_OPERATOR as console.limits
	 */
	struct adapter_ops ops;
};

/* console.c: prints text with every line tagged "[tag] ". */
void	 console_print(const char *tag, const char *text);
/*
 * The console's own line (tag NULL: the echo "> text" of an input line),
 * printed in its place after output the bot holds back (bot/saying/outbox.h).
 */
void	 console_note(struct console *, const char *tag, const char *text);
/*
 * Splits n bytes of input (borrowed) into lines, each capped at
 * CONSOLE_LINE_MAX, and runs each whole line: a comment, a directive, a
 * click or an event for the bot, all in one batch (bot/saying/outbox.h).  A
 * partial line waits for the next call.
 */
void	 console_input(struct console *, const char *data, size_t n);

/*
 * ui.c: buttons and the board.  console_ui_show prints bs (borrowed, may
 * be NULL) under a message tagged tag, and remembers them as the buttons
 * user (NULL: anyone in channel) may click, answered in channel ("dm" for
 * a DM).
 */
void	 console_ui_show(struct console *, const char *tag, const char *user,
	     const char *channel, const struct adapter_buttons *bs);
/* A line "[label]" from ev's user (ev filled but for text): a click. */
void	 console_ui_click(struct console *, struct bot_event *ev,
	     const char *line);
/* The adapter's board op. */
int	 console_ui_board(struct adapter *, const char *channel, uint64_t table,
	     const char *news, const char *text, const struct adapter_view *,
	     const struct adapter_buttons *, enum adapter_board how,
	     char **cause);
void	 console_ui_free(struct console *);
/*
 * The buttons an earlier run left on show, from the state file (they are
 * kept there as they are shown): called once, at start.
 */
void	 console_ui_restore(struct console *);

#endif
