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

struct buf;
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
/*
 * A new easy handle for url with headers, http and https only, without
 * signals, ending after timeout_ms: priv is its CURLOPT_PRIVATE and
 * on_header's argument (each header line); the body goes to response
 * (emptied first; its cap fails the transfer); ca_file "" trusts the
 * system's CAs.  All borrowed: they must outlive the transfer.  The
 * caller sets its method and body, then adds it to the multi handle.
 */
CURL	*curluv_easy(const char *url, struct curl_slist *headers, void *priv,
	    struct buf *response, curl_write_callback on_header,
	    long timeout_ms, const char *ca_file);
/* The transfer of easy is over: off cu's multi handle, cleaned up. */
void	curluv_easy_end(struct curluv *, CURL *easy);
/*
 * Reads curl's messages: for each finished transfer with a private
 * pointer, done(priv, result, arg), which ends it (curluv_easy_end).
 */
void	curluv_each_done(struct curluv *,
	    void (*done)(void *priv, CURLcode, void *arg), void *arg);

#endif
