/*
 * Host names to numeric addresses on a libuv loop; see resolve.h.
 *
 * A request is its own allocation, apart from whoever asked, so that a
 * caller that goes away (a closed connection, a stopped client) only
 * cancels it: the lookup may already be running on a pool thread, and its
 * callback then comes later and frees the request alone.
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "lib/resolve.h"
#include "lib/xmalloc.h"

struct resolve {
	uv_getaddrinfo_t	 req;
	resolve_cb		 cb;	/* NULL once cancelled */
	void			*arg;
	char			*host;
};

int
resolve_list_add(struct resolve_list *list, const char *addr)
{
	unsigned char	bin[sizeof(struct in6_addr)];
	int		i;

	if (inet_pton(AF_INET, addr, bin) != 1 &&
	    inet_pton(AF_INET6, addr, bin) != 1)
		return -1;
	for (i = 0; i < list->n; i++) {
		if (strcmp(list->addr[i], addr) == 0)
			return 0;
	}
	if (list->n < RESOLVE_MAX) {
		snprintf(list->addr[list->n], sizeof list->addr[list->n], "%s",
		    addr);
		list->n++;
	}
	return 0;
}

int
resolve_numeric(const char *host, struct resolve_list *list)
{
	list->n = 0;
	return resolve_list_add(list, host) == 0;
}

void
resolve_where(const char *addr, int port, char *buf, size_t len)
{
	if (strchr(addr, ':') != NULL)
		snprintf(buf, len, "[%s]:%d", addr, port);
	else
		snprintf(buf, len, "%s:%d", addr, port);
}

void
resolve_list_from(const struct addrinfo *res, struct resolve_list *list)
{
	struct resolve_list		 fam[2];	/* 0: first family */
	const struct addrinfo		*ai;
	char				 name[RESOLVE_ADDR_MAX];
	int				 first = 0, i, f;

	fam[0].n = fam[1].n = 0;
	list->n = 0;
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		if (ai->ai_family == AF_INET)
			uv_ip4_name((const struct sockaddr_in *)ai->ai_addr,
			    name, sizeof name);
		else if (ai->ai_family == AF_INET6)
			uv_ip6_name((const struct sockaddr_in6 *)ai->ai_addr,
			    name, sizeof name);
		else
			continue;
		if (first == 0)
			first = ai->ai_family;
		resolve_list_add(&fam[ai->ai_family == first ? 0 : 1], name);
	}
	for (i = 0; i < RESOLVE_MAX; i++) {
		for (f = 0; f < 2; f++) {
			if (i < fam[f].n)
				resolve_list_add(list, fam[f].addr[i]);
		}
	}
}

static void
resolve_done(uv_getaddrinfo_t *req, int status, struct addrinfo *res)
{
	struct resolve		*r = req->data;
	struct resolve_list	 list;
	char			 error[300];

	if (r->cb != NULL) {
		list.n = 0;
		if (status == 0)
			resolve_list_from(res, &list);
		if (list.n > 0)
			r->cb(&list, NULL, r->arg);
		else {
			snprintf(error, sizeof error, "cannot resolve %.200s: %s",
			    r->host, status != 0 ? uv_strerror(status) :
			    "no IPv4 or IPv6 address");
			r->cb(NULL, error, r->arg);
		}
	}
	uv_freeaddrinfo(res);
	free(r->host);
	free(r);
}

struct resolve *
resolve_start(uv_loop_t *loop, const char *host, resolve_cb cb, void *arg,
    char **cause)
{
	struct resolve	*r;
	struct addrinfo	 hints;
	int		 rc;

	r = xcalloc(1, sizeof *r);
	r->cb = cb;
	r->arg = arg;
	r->host = xstrdup(host);
	r->req.data = r;
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	rc = uv_getaddrinfo(loop, &r->req, resolve_done, r->host, NULL,
	    &hints);
	if (rc != 0) {
		set_cause(cause, "cannot resolve %.200s: %s", host,
		    uv_strerror(rc));
		free(r->host);
		free(r);
		return NULL;
	}
	return r;
}

void
resolve_cancel(struct resolve *r)
{
	r->cb = NULL;
	uv_cancel((uv_req_t *)&r->req);
}
