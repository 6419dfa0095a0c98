/*
 * xml.h: the small, bounded XML reader and writer the XMPP adapter needs.
 *
 * Over WebSocket (RFC 7395) every message is one whole element: <open/>,
 * <close/>, <stream:features>, a stanza.  xml_parse reads one such element
 * into a tree, with every size capped, and refuses anything it does not
 * expect (DOCTYPE, comments, processing instructions other than a leading
 * XML declaration, bad UTF-8, unknown entities, unbound prefixes) instead
 * of guessing.  Namespaces are resolved: each node knows its local name
 * and its namespace URI.
 */
#ifndef ADAPTERS_XMPP_XML_H
#define ADAPTERS_XMPP_XML_H

#include <stddef.h>

struct buf;

#define XML_INPUT_MAX	(256 * 1024)	/* bytes of one element */
#define XML_DEPTH_MAX	32		/* nesting */
#define XML_NODES_MAX	2048		/* elements in one tree */
#define XML_ATTRS_MAX	32		/* attributes on one element */

struct xml_attr {
	char	*name;		/* as written: "to", "xmlns:stream", "xml:lang" */
	char	*value;		/* entities replaced */
};

struct xml_node {
	char		*name;		/* local name, prefix stripped */
	const char	*ns;		/* namespace URI ("" for none); points
					   into this node's or an ancestor's
					   attributes */
	struct xml_attr	*attrs;
	int		 nattrs;
	char		*text;		/* the character data directly inside,
					   entities replaced; never NULL */
	struct xml_node	*parent;
	struct xml_node	*child;		/* first child element, or NULL */
	struct xml_node	*next;		/* next sibling, or NULL */
};

/*
 * Parses len bytes of text (borrowed) holding exactly one element,
 * optionally after an XML declaration and whitespace.  Returns the tree
 * (caller frees with xml_free), or NULL with *cause (caller frees).
 */
struct xml_node	*xml_parse(const char *text, size_t len, char **cause);
void		 xml_free(struct xml_node *);

/* The value of attribute name (as written), or NULL; borrowed. */
const char	*xml_attr(const struct xml_node *, const char *name);
/*
 * The first child element with local name name and namespace ns; either
 * may be NULL to match any.  Borrowed, or NULL.
 */
struct xml_node	*xml_child(const struct xml_node *, const char *name,
		    const char *ns);
/* Whether node's local name is name and its namespace ns (NULL: any). */
int		 xml_is(const struct xml_node *, const char *name,
		    const char *ns);

/*
 * Appends text (borrowed) to b with &, <, >, " and ' escaped; characters
 * XML does not allow (controls other than tab, newline and return, and
 * bytes that are not UTF-8) are dropped.  0, or -1 when b's cap is hit.
 */
int		 xml_escape(struct buf *b, const char *text);

#endif
