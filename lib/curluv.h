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

/* What every transfer sets alike (curluv_easy); all borrowed. */
struct curluv_req {
	const char		*url;
	struct curl_slist	*headers;
	void			*priv;		/* CURLOPT_PRIVATE */
	struct buf		*response;	/* the body; its cap fails it */
	curl_write_callback	 on_header;	/* each header line */
	void			*header_arg;
	long			 timeout_ms;
	const char		*ca_file;	/* "": the system's */
};

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
 * A new easy handle for req (what it points to must outlive the
 * transfer), http and https only, without signals; req->response is
 * emptied first.  The caller sets its method and body, then adds it to
 * the multi handle.
 */
CURL	*curluv_easy(const struct curluv_req *req);
/* The transfer of easy is over: off cu's multi handle, cleaned up. */
void	curluv_easy_end(struct curluv *, CURL *easy);

#endif
