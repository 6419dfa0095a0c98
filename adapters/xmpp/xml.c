/*
 * The XMPP adapter's XML reader on libexpat, and the escaping the writer
 * needs.  One engine reads both shapes of input (see xml.h): a document
 * of one element (a websocket message), and a stream whose top-level
 * children are handed over one by one as they complete.  Everything it
 * does not accept is an error with a sentence saying why, never a crash
 * and never a guess.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <expat.h>

#include "adapters/xmpp/xml.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

#define XML_SEP		'|'		/* between a namespace URI and a name */
#define XML_CHUNK	4096		/* bytes given to expat at a time */
#define XML_NS_XML	"http://www.w3.org/XML/1998/namespace"
/* Expat's guards against entity amplification (expat 2.4 and later). */
#define XML_AMPLIFICATION_MAX	16.0f
#define XML_AMPLIFICATION_FROM	(64 * 1024ULL)

struct xml_reader {
	XML_Parser			 p;
	const struct xml_reader_cb	*cb;
	void				*arg;
	int				 base;	/* 0: one document whose root
						   is the tree; 1: a stream
						   whose root's children are */
	int				 depth;	/* elements open */
	struct xml_node			*cur;	/* innermost open element of
						   the tree being built */
	struct xml_node			*last[XML_DEPTH_MAX + 1];
						/* last child at each level */
	struct buf			 text[XML_DEPTH_MAX + 1];
	int				 nodes;	/* in the tree being built */
	struct xml_node			*done;	/* base 0: the tree, once read */
	unsigned long long		 fed;	/* bytes of this document */
	unsigned long long		 mark;	/* where the tree being built
						   began, or where the last
						   event ended */
	char				*cause;	/* first error, or NULL */
	int				 restart;
	int				 feeding;
	int				 freeing;
};

static void	xml_free_node(struct xml_node *);
/*
 * Length of the UTF-8 sequence at p (at most n bytes), or 0 when it is not
 * a well-formed one (overlong forms, surrogates, past U+10FFFF).
 */
static size_t
xml_utf8_len(const unsigned char *p, size_t n)
{
	unsigned	c = p[0], cp;
	size_t		len, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, cp = c & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}


/* Keeps the first error and stops the parser. */
static void
xml_fail(struct xml_reader *r, const char *what)
{
	if (r->cause == NULL)
		r->cause = xstrdup(what);
	XML_StopParser(r->p, XML_FALSE);
}

/* Marks the end of the event being handled as read. */
static void
xml_mark_end(struct xml_reader *r)
{
	XML_Index	i = XML_GetCurrentByteIndex(r->p);

	if (i >= 0)
		r->mark = (unsigned long long)i +
		    (unsigned long long)XML_GetCurrentByteCount(r->p);
}

/*
 * Splits an expat name ("uri|local" or "local") into *local and *ns
 * (both caller frees; ns "" when there is none).
 */
static void
xml_split_name(const char *name, char **local, char **ns)
{
	const char	*sep = strrchr(name, XML_SEP);

	if (sep == NULL) {
		*local = xstrdup(name);
		*ns = xstrdup("");
		return;
	}
	*local = xstrdup(sep + 1);
	*ns = xstrndup(name, (size_t)(sep - name));
}

/* An attribute's name as xml_attr looks it up; caller frees. */
static char *
xml_attr_name(const char *name)
{
	const char	*sep = strrchr(name, XML_SEP);

	if (sep != NULL && (size_t)(sep - name) == strlen(XML_NS_XML) &&
	    strncmp(name, XML_NS_XML, strlen(XML_NS_XML)) == 0)
		return xasprintf("xml:%s", sep + 1);
	return xstrdup(name);
}

/* A node for an element, with its attributes; NULL after xml_fail. */
static struct xml_node *
xml_node_new(struct xml_reader *r, const char *name, const char **atts)
{
	struct xml_node	*n;
	int		 i, count;

	for (count = 0; atts[2 * count] != NULL; count++)
		;
	if (count > XML_ATTRS_MAX) {
		xml_fail(r, "too many attributes");
		return NULL;
	}
	n = xcalloc(1, sizeof *n);
	xml_split_name(name, &n->name, &n->ns);
	if (count > 0)
		n->attrs = xcalloc((size_t)count, sizeof *n->attrs);
	for (i = 0; i < count; i++) {
		n->attrs[i].name = xml_attr_name(atts[2 * i]);
		n->attrs[i].value = xstrdup(atts[2 * i + 1]);
	}
	n->nattrs = count;
	return n;
}

static void XMLCALL
xml_on_start(void *ud, const char *name, const char **atts)
{
	struct xml_reader	*r = ud;
	struct xml_node		*n;
	int			 rel;

	if (r->cause != NULL || r->restart)
		return;
	rel = ++r->depth - r->base;
	if (rel <= 0) {
		/* The stream's root: its header. */
		if ((n = xml_node_new(r, name, atts)) == NULL)
			return;
		n->text = xstrdup("");
		xml_mark_end(r);
		if (r->cb != NULL && r->cb->open != NULL)
			r->cb->open(r->arg, n);
		xml_free_node(n);
		return;
	}
	if (rel > XML_DEPTH_MAX) {
		xml_fail(r, "elements nest too deep");
		return;
	}
	buf_init(&r->text[rel], XML_INPUT_MAX);
	if (rel == 1) {
		r->nodes = 0;
		r->mark = (unsigned long long)XML_GetCurrentByteIndex(r->p);
	}
	if (++r->nodes > XML_NODES_MAX) {
		xml_fail(r, "too many elements");
		return;
	}
	if ((n = xml_node_new(r, name, atts)) == NULL)
		return;
	if (rel > 1) {
		n->parent = r->cur;
		if (r->last[rel - 1] == NULL)
			r->cur->child = n;
		else
			r->last[rel - 1]->next = n;
		r->last[rel - 1] = n;
	}
	r->last[rel] = NULL;
	r->cur = n;
}

static void XMLCALL
xml_on_end(void *ud, const char *name)
{
	struct xml_reader	*r = ud;
	struct xml_node		*n;
	int			 rel;

	(void)name;
	if (r->cause != NULL || r->restart)
		return;
	rel = r->depth-- - r->base;
	if (rel <= 0) {
		xml_mark_end(r);
		if (r->cb != NULL && r->cb->close != NULL)
			r->cb->close(r->arg);
		return;
	}
	n = r->cur;
	buf_str(&r->text[rel]);
	n->text = buf_detach(&r->text[rel]);
	if (rel > 1) {
		r->cur = n->parent;
		return;
	}
	r->cur = NULL;
	xml_mark_end(r);
	if (r->base == 0) {
		r->done = n;
		return;
	}
	if (r->cb != NULL && r->cb->element != NULL)
		r->cb->element(r->arg, n);
	xml_free_node(n);
}

static void XMLCALL
xml_on_text(void *ud, const char *s, int len)
{
	struct xml_reader	*r = ud;
	int			 rel, i;

	if (r->cause != NULL || r->restart)
		return;
	rel = r->depth - r->base;
	if (rel > 0) {
		if (buf_add(&r->text[rel], s, (size_t)len) != 0)
			xml_fail(r, "an element's text is over the limit");
		return;
	}
	/* Between stanzas: whitespace (a keepalive) only. */
	for (i = 0; i < len; i++) {
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' &&
		    s[i] != '\r') {
			xml_fail(r, "text between stanzas");
			return;
		}
	}
	xml_mark_end(r);
}

static void XMLCALL
xml_on_comment(void *ud, const char *s)
{
	(void)s;
	xml_fail(ud, "comments are not allowed");
}

static void XMLCALL
xml_on_pi(void *ud, const char *target, const char *data)
{
	(void)target;
	(void)data;
	xml_fail(ud, "processing instructions are not allowed");
}

static void XMLCALL
xml_on_doctype(void *ud, const char *name, const char *sysid,
    const char *pubid, int internal)
{
	(void)name;
	(void)sysid;
	(void)pubid;
	(void)internal;
	xml_fail(ud, "a DTD is not allowed");
}

static void XMLCALL
xml_on_entity(void *ud, const char *name, int param, const char *value,
    int len, const char *base, const char *sysid, const char *pubid,
    const char *notation)
{
	(void)name;
	(void)param;
	(void)value;
	(void)len;
	(void)base;
	(void)sysid;
	(void)pubid;
	(void)notation;
	xml_fail(ud, "entity declarations are not allowed");
}

/* Frees what the document being read holds, keeping the parser. */
static void
xml_reader_clear(struct xml_reader *r)
{
	struct xml_node	*top;
	int		 rel;

	for (rel = 1; rel <= r->depth - r->base && rel <= XML_DEPTH_MAX; rel++)
		buf_release(&r->text[rel]);
	for (top = r->cur; top != NULL && top->parent != NULL;)
		top = top->parent;
	if (top != NULL)
		xml_free_node(top);
	xml_free(r->done);
	r->cur = r->done = NULL;
	r->depth = r->nodes = 0;
	r->fed = r->mark = 0;
	free(r->cause);
	r->cause = NULL;
	r->restart = 0;
}

/* A new expat parser for r's next document. */
static void
xml_reader_start(struct xml_reader *r)
{
	if (r->p != NULL)
		XML_ParserFree(r->p);
	/* The encoding is UTF-8 whatever a declaration says (RFC 6120). */
	if ((r->p = XML_ParserCreateNS("UTF-8", XML_SEP)) == NULL)
		fatalx("xml: out of memory");
	XML_SetUserData(r->p, r);
	XML_SetElementHandler(r->p, xml_on_start, xml_on_end);
	XML_SetCharacterDataHandler(r->p, xml_on_text);
	XML_SetCommentHandler(r->p, xml_on_comment);
	XML_SetProcessingInstructionHandler(r->p, xml_on_pi);
	XML_SetStartDoctypeDeclHandler(r->p, xml_on_doctype);
	XML_SetEntityDeclHandler(r->p, xml_on_entity);
	XML_SetParamEntityParsing(r->p, XML_PARAM_ENTITY_PARSING_NEVER);
#if defined(XML_DTD) && (XML_MAJOR_VERSION > 2 || \
    (XML_MAJOR_VERSION == 2 && XML_MINOR_VERSION >= 4))
	XML_SetBillionLaughsAttackProtectionMaximumAmplification(r->p,
	    XML_AMPLIFICATION_MAX);
	XML_SetBillionLaughsAttackProtectionActivationThreshold(r->p,
	    XML_AMPLIFICATION_FROM);
#endif
}

static struct xml_reader *
xml_reader_make(int base, const struct xml_reader_cb *cb, void *arg)
{
	struct xml_reader	*r;

	r = xcalloc(1, sizeof *r);
	r->base = base;
	r->cb = cb;
	r->arg = arg;
	xml_reader_start(r);
	return r;
}

struct xml_reader *
xml_reader_new(const struct xml_reader_cb *cb, void *arg)
{
	return xml_reader_make(1, cb, arg);
}

void
xml_reader_restart(struct xml_reader *r)
{
	if (r->feeding) {
		r->restart = 1;
		XML_StopParser(r->p, XML_FALSE);
		return;
	}
	xml_reader_clear(r);
	xml_reader_start(r);
}

static void
xml_reader_destroy(struct xml_reader *r)
{
	xml_reader_clear(r);
	XML_ParserFree(r->p);
	free(r);
}

void
xml_reader_free(struct xml_reader *r)
{
	if (r == NULL)
		return;
	if (r->feeding) {
		r->freeing = 1;
		r->restart = 1;
		XML_StopParser(r->p, XML_FALSE);
		return;
	}
	xml_reader_destroy(r);
}

/*
 * Gives len bytes to expat, in chunks so that no element grows past
 * XML_INPUT_MAX unnoticed; final ends the document.  Sets r->cause on
 * error.  Returns -1 when r was freed by a callback, else 0.
 */
static int
xml_reader_run(struct xml_reader *r, const char *data, size_t len, int final)
{
	size_t	n;
	int	last;

	r->feeding++;
	do {
		n = len < XML_CHUNK ? len : XML_CHUNK;
		last = final && n == len;
		r->fed += n;
		if (XML_Parse(r->p, data, (int)n, last) != XML_STATUS_OK &&
		    r->cause == NULL && !r->restart)
			r->cause = xasprintf("%s (line %lu, column %lu)",
			    XML_ErrorString(XML_GetErrorCode(r->p)),
			    (unsigned long)XML_GetCurrentLineNumber(r->p),
			    (unsigned long)XML_GetCurrentColumnNumber(r->p));
		data += n;
		len -= n;
		if (r->cause == NULL && !r->restart &&
		    r->fed - r->mark > XML_INPUT_MAX)
			xml_fail(r, "an element is over the "
			    "size limit");
	} while (len > 0 && r->cause == NULL && !r->restart);
	r->feeding--;
	if (r->freeing) {
		xml_reader_destroy(r);
		return -1;
	}
	if (r->restart) {
		xml_reader_clear(r);
		xml_reader_start(r);
	}
	return 0;
}

int
xml_reader_feed(struct xml_reader *r, const char *data, size_t len,
    char **cause)
{
	if (r->cause == NULL && len > 0 && xml_reader_run(r, data, len, 0) != 0)
		return 0;
	if (r->cause != NULL)
		return set_cause(cause, "%s", r->cause);
	return 0;
}

struct xml_node *
xml_parse(const char *text, size_t len, char **cause)
{
	struct xml_reader	*r;
	struct xml_node		*n = NULL;

	if (len > XML_INPUT_MAX) {
		set_cause(cause, "an element of %zu bytes is over the %d byte "
		    "limit", len, XML_INPUT_MAX);
		return NULL;
	}
	/* No callbacks here, so nothing can free r during the run. */
	r = xml_reader_make(0, NULL, NULL);
	if (xml_reader_run(r, text, len, 1) != 0) {
		set_cause(cause, "the reader was freed");
		return NULL;
	}
	if (r->cause != NULL)
		set_cause(cause, "%s", r->cause);
	else if (r->done == NULL)
		set_cause(cause, "no element");
	else {
		n = r->done;
		r->done = NULL;
	}
	xml_reader_destroy(r);
	return n;
}

static void
xml_free_node(struct xml_node *n)
{
	struct xml_node	*c, *next;
	int		 i;

	for (c = n->child; c != NULL; c = next) {
		next = c->next;
		xml_free_node(c);
	}
	for (i = 0; i < n->nattrs; i++) {
		free(n->attrs[i].name);
		free(n->attrs[i].value);
	}
	free(n->attrs);
	free(n->name);
	free(n->ns);
	free(n->text);
	free(n);
}

void
xml_free(struct xml_node *n)
{
	if (n != NULL)
		xml_free_node(n);
}

const char *
xml_attr(const struct xml_node *n, const char *name)
{
	int	i;

	if (n == NULL)
		return NULL;
	for (i = 0; i < n->nattrs; i++) {
		if (strcmp(n->attrs[i].name, name) == 0)
			return n->attrs[i].value;
	}
	return NULL;
}

int
xml_is(const struct xml_node *n, const char *name, const char *ns)
{
	return n != NULL && (name == NULL || strcmp(n->name, name) == 0) &&
	    (ns == NULL || strcmp(n->ns, ns) == 0);
}

struct xml_node *
xml_child(const struct xml_node *n, const char *name, const char *ns)
{
	struct xml_node	*c;

	if (n == NULL)
		return NULL;
	for (c = n->child; c != NULL; c = c->next) {
		if (xml_is(c, name, ns))
			return c;
	}
	return NULL;
}

int
xml_escape(struct buf *b, const char *text)
{
	const unsigned char	*p = (const unsigned char *)text;
	size_t			 n, len = strlen(text);
	int			 rc = 0;

	while (*p != '\0' && rc == 0) {
		switch (*p) {
		case '&':
			rc = buf_puts(b, "&amp;");
			break;
		case '<':
			rc = buf_puts(b, "&lt;");
			break;
		case '>':
			rc = buf_puts(b, "&gt;");
			break;
		case '"':
			rc = buf_puts(b, "&quot;");
			break;
		case '\'':
			rc = buf_puts(b, "&apos;");
			break;
		default:
			n = xml_utf8_len(p, len - (size_t)(p - (const unsigned
			    char *)text));
			if (n == 0 || (*p < 0x20 && *p != '\t' && *p != '\n' &&
			    *p != '\r')) {
				p++;
				continue;
			}
			rc = buf_add(b, p, n);
			p += n;
			continue;
		}
		p++;
	}
	return rc;
}
