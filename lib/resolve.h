/*
 * resolve: a host name to the numeric addresses a connection should try,
 * in turn, without blocking the loop.  The name is looked up with
 * uv_getaddrinfo (the system's resolver, /etc/hosts included, on libuv's
 * thread pool); IPv6 and IPv4 addresses come back interleaved, starting
 * with the family the resolver put first (RFC 8305), so one broken family
 * costs one attempt before the other is tried.  A host that is already
 * numeric needs no lookup.
 */
#ifndef LIB_RESOLVE_H
#define LIB_RESOLVE_H

#include <netdb.h>

#include <uv.h>

#define RESOLVE_MAX		12	/* addresses kept of one name */
#define RESOLVE_ADDR_MAX	46	/* INET6_ADDRSTRLEN */

struct resolve;

/* Numeric addresses, IPv6 ones without brackets, no two the same. */
struct resolve_list {
	int	n;
	char	addr[RESOLVE_MAX][RESOLVE_ADDR_MAX];
};

/*
 * The lookup is over: list (borrowed for the call) holds at least one
 * address, or list is NULL and error (borrowed) says why.
 */
typedef void	(*resolve_cb)(const struct resolve_list *list,
		    const char *error, void *arg);

/*
 * Fills list with host (borrowed) when it is a numeric IPv4 or IPv6
 * address: 1; 0 when it is a name to look up.
 */
int		 resolve_numeric(const char *host, struct resolve_list *list);
/*
 * Appends addr (borrowed) to list unless it is there already or the list
 * is full.  0, or -1 when addr is not a numeric address.
 */
int		 resolve_list_add(struct resolve_list *list, const char *addr);
/*
 * Fills list with the addresses of res (borrowed), IPv6 and IPv4 taking
 * turns, the family of the first result first, each family in the
 * resolver's order.
 */
void		 resolve_list_from(const struct addrinfo *res,
		    struct resolve_list *list);
/*
 * Formats address addr and port as "127.0.0.1:80" or "[::1]:80" into buf
 * of len bytes (cut when too small).
 */
void		 resolve_where(const char *addr, int port, char *buf, size_t len);

/*
 * Looks host (borrowed) up on loop; cb(arg) follows once, from the loop.
 * The request belongs to the resolver: NULL with *cause when it could
 * not be started (no callback then).
 */
struct resolve	*resolve_start(uv_loop_t *loop, const char *host, resolve_cb cb,
		    void *arg, char **cause);
/*
 * The callback of a started lookup will not be called; the request frees
 * itself once the lookup (cancelled where it had not begun) is over.
 */
void		 resolve_cancel(struct resolve *);

#endif
