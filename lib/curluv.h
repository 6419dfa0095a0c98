/*
 * curluv: libcurl's multi_socket interface driven by a libuv loop, so no
 * transfer ever blocks it: a uv_poll per socket curl asks about and one
 * uv_timer for curl's timeouts.  After curl has done some work the owner's
 * callback runs, to read curl's messages and start what waits.  Shared by
 * every adapter that talks HTTP (Discord's REST client, Slack's Web API).
 */
#ifndef LIB_CURLUV_H
#define LIB_CURLUV_H

#include <sys/queue.h>

#include <curl/curl.h>
#include <uv.h>

struct curluv_sock;

struct curluv {
	CURLM				*multi;
	uv_loop_t			*loop;
	uv_timer_t			 timer;
	LIST_HEAD(, curluv_sock)	 socks;
	void				(*after)(void *);	/* curl worked */
	void				*arg;
};

/*
 * An embedded object: _init makes the multi handle on loop; after(arg)
 * runs each time curl has done some work.
 */
void	curluv_init(struct curluv *, uv_loop_t *, void (*after)(void *),
	    void *arg);
/*
 * Stops watching every socket, cleans the multi handle up (remove the easy
 * handles first) and closes the timer: the struct may be freed once the
 * loop has run.
 */
void	curluv_release(struct curluv *);

#endif
