/*
 * srv: DNS SRV lookups (RFC 2782) with c-ares on the bot's libuv loop,
 * never blocking it: c-ares's sockets are watched with uv_poll and its
 * timeouts run on a uv_timer.  Used by XMPP to find a domain's client
 * service (RFC 6120 section 3.2, XEP-0368); any adapter may use it.
 */
#ifndef LIB_SRV_H
#define LIB_SRV_H

#include <stdint.h>

#include <uv.h>

#define SRV_MAX		16	/* records kept of one name */
#define SRV_HOST_MAX	256	/* bytes of a target */

struct srv;

struct srv_record {
	char		target[SRV_HOST_MAX];	/* no trailing dot */
	int		port;
	int		priority;
	int		weight;
};

struct srv_list {
	int			n;
	struct srv_record	rec[SRV_MAX];
};

/*
 * The lookup is over: list (borrowed for the call) holds the records in
 * the order to try them (srv_order), possibly none (the name has no SRV
 * records); or list is NULL and error (borrowed) says why (the server
 * did not answer).
 */
typedef void	(*srv_cb)(const struct srv_list *list, const char *error,
		    void *arg);

/*
 * Looks up the SRV records of name (borrowed: "_xmpp-client._tcp.example.
 * org") on loop, asking server ("127.0.0.1:5353", "[::1]:53"; NULL or
 * "": the system's resolvers).  cb(arg) follows once, from the loop,
 * unless cancelled.  NULL with *cause (caller frees) when the lookup
 * could not start (no callback then).
 */
struct srv	*srv_lookup(uv_loop_t *loop, const char *name,
		    const char *server, srv_cb cb, void *arg, char **cause);
/* The callback will not be called; the lookup frees itself. */
void		 srv_cancel(struct srv *);

/*
 * Orders list in place as RFC 2782 says: by priority, lowest first; among
 * records of one priority, picked at random with chances in proportion
 * to their weights (those of weight 0 rarely first).  rnd returns random
 * 32-bit numbers.  A single record whose target is "." (no service) is
 * removed, as is every record past SRV_MAX.
 */
void		 srv_order(struct srv_list *list, uint32_t (*rnd)(void));

#endif
