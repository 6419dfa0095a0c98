/*
 * xml.h: the XMPP adapter's XML, read with libexpat and written by hand.
 *
 * Two shapes of input, one reader.  Over WebSocket (RFC 7395) every
 * message is one whole element (<open/>, <close/>, <stream:features>, a
 * stanza): xml_parse reads one such document into a tree.  Over TCP (RFC
 * 6120) the stream is one long document, <stream:stream> and its
 * children: an xml_reader takes the bytes as they come and hands over the
 * stream header, each top-level element as a tree, and the stream's end.
 *
 * The parser resolves namespaces: each node knows its local name and its
 * namespace URI.  What RFC 6120 section 11.1 forbids is refused, not
 * guessed around: a DOCTYPE (and with it every entity declaration),
 * comments, processing instructions other than the XML declaration,
 * entities other than the five predefined and character references.
 * Expat's own limits against entity amplification are on, every size is
 * capped, and bytes that are not UTF-8 are an error.
 */
#ifndef ADAPTERS_XMPP_XML_H
#define ADAPTERS_XMPP_XML_H

#include <stddef.h>

struct buf;

#define XML_INPUT_MAX	(256 * 1024)	/* bytes of one element (stanza) */
#define XML_DEPTH_MAX	32		/* nesting inside one element */
#define XML_NODES_MAX	2048		/* elements in one tree */
#define XML_ATTRS_MAX	32		/* attributes on one element */

struct xml_attr {
	char	*name;		/* local name, or "xml:lang"; another
				   prefixed name is "uri|local" */
	char	*value;		/* entities replaced */
};

struct xml_node {
	char		*name;		/* local name, prefix stripped */
	char		*ns;		/* namespace URI ("" for none) */
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

/*
 * A streaming reader of one XML stream.  The callbacks get borrowed
 * trees, valid only during the call: open the stream's root element
 * (attributes, no children), element each complete child of it, close
 * the root's end.  Any may be NULL.
 */
struct xml_reader_cb {
	void	(*open)(void *arg, const struct xml_node *root);
	void	(*element)(void *arg, const struct xml_node *n);
	void	(*close)(void *arg);
};
struct xml_reader;

/* A reader calling cb (borrowed, must outlive it) with arg; caller frees. */
struct xml_reader *xml_reader_new(const struct xml_reader_cb *cb, void *arg);
/*
 * Feeds len bytes (borrowed).  0, or -1 with *cause (caller frees) when
 * the stream is malformed or over a cap: the reader then refuses
 * everything until xml_reader_restart.
 */
int		 xml_reader_feed(struct xml_reader *, const char *data,
		     size_t len, char **cause);
/*
 * Starts a new document (a stream restart after STARTTLS or SASL).
 * Called from a callback, it also drops whatever was fed after the
 * element being handled: bytes that came before a TLS handshake must
 * never be read as if they came after it.
 */
void		 xml_reader_restart(struct xml_reader *);
/* Frees r; from inside a callback, once the feed returns. */
void		 xml_reader_free(struct xml_reader *);

/* The value of attribute name (see struct xml_attr), or NULL; borrowed. */
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
