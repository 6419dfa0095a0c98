/*
 * A small XML reader for one XMPP element at a time, and the escaping the
 * writer needs.  See xml.h for what it accepts; everything else is an
 * error with a sentence saying why, never a crash and never a guess.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/xmpp/xml.h"
#include "lib/buf.h"
#include "lib/xmalloc.h"

struct xml_reader {
	const char	*p;		/* next byte */
	const char	*end;
	int		 nodes;
	char		*cause;		/* first error, or NULL */
};

static const char	xml_empty[] = "";

/* Keeps the first error: what, followed by name (may be NULL). */
static int
xml_fail(struct xml_reader *r, const char *what, const char *name)
{
	if (r->cause == NULL)
		r->cause = xasprintf("%s%s%.64s", what, name == NULL ? "" : " ",
		    name == NULL ? "" : name);
	return -1;
}

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

/* Whether the whole input is UTF-8 of characters XML 1.0 allows. */
static int
xml_check_chars(const char *text, size_t len)
{
	const unsigned char	*p = (const unsigned char *)text;
	size_t			 i = 0, n;

	while (i < len) {
		if (p[i] < 0x20 && p[i] != '\t' && p[i] != '\n' && p[i] != '\r')
			return -1;
		if ((n = xml_utf8_len(p + i, len - i)) == 0)
			return -1;
		i += n;
	}
	return 0;
}

static int
xml_is_name_char(unsigned char c, int first)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	    c == ':' || c >= 0x80)
		return 1;
	return !first && ((c >= '0' && c <= '9') || c == '-' || c == '.');
}

static void
xml_skip_space(struct xml_reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' ||
	    *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

/* Reads a name; caller frees; NULL on error. */
static char *
xml_read_name(struct xml_reader *r)
{
	const char	*start = r->p;

	if (r->p == r->end || !xml_is_name_char((unsigned char)*r->p, 1)) {
		xml_fail(r, "a name was expected", NULL);
		return NULL;
	}
	while (r->p < r->end && xml_is_name_char((unsigned char)*r->p, 0))
		r->p++;
	if (r->p - start > 256) {
		xml_fail(r, "a name is over 256 bytes", NULL);
		return NULL;
	}
	return xstrndup(start, (size_t)(r->p - start));
}

/* Appends code point cp to b as UTF-8; -1 for one XML does not allow. */
static int
xml_put_codepoint(struct buf *b, unsigned long cp)
{
	unsigned char	u[4];
	size_t		n;

	if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff ||
	    cp > 0x10ffff)
		return -1;
	if (cp < 0x80) {
		u[0] = (unsigned char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (unsigned char)(0xc0 | cp >> 6);
		u[1] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (unsigned char)(0xe0 | cp >> 12);
		u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (unsigned char)(0xf0 | cp >> 18);
		u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	return buf_add(b, u, n);
}

/* Reads an entity reference after its '&' into b. */
static int
xml_read_entity(struct xml_reader *r, struct buf *b)
{
	static const struct {
		const char	*name;
		char		 c;
	} named[] = {
		{ "lt", '<' }, { "gt", '>' }, { "amp", '&' },
		{ "quot", '"' }, { "apos", '\'' },
	};
	const char	*semi;
	char		 ent[16], *endp;
	unsigned long	 cp;
	size_t		 n, i;

	for (semi = r->p; semi < r->end && semi - r->p < 12 && *semi != ';';)
		semi++;
	if (semi == r->end || *semi != ';')
		return xml_fail(r, "an entity reference is not closed", NULL);
	n = (size_t)(semi - r->p);
	memcpy(ent, r->p, n);
	ent[n] = '\0';
	r->p = semi + 1;
	if (ent[0] == '#') {
		if (ent[1] == 'x' && ent[2] != '\0')
			cp = strtoul(ent + 2, &endp, 16);
		else if (ent[1] >= '0' && ent[1] <= '9')
			cp = strtoul(ent + 1, &endp, 10);
		else
			return xml_fail(r, "a bad character reference", NULL);
		if (*endp != '\0' || xml_put_codepoint(b, cp) != 0)
			return xml_fail(r, "a bad character reference", NULL);
		return 0;
	}
	for (i = 0; i < sizeof named / sizeof named[0]; i++) {
		if (strcmp(ent, named[i].name) == 0)
			return buf_add(b, &named[i].c, 1);
	}
	return xml_fail(r, "an unknown entity", ent);
}

/* Reads a quoted attribute value; caller frees; NULL on error. */
static char *
xml_read_value(struct xml_reader *r)
{
	struct buf	b;
	char		q;

	if (r->p == r->end || (*r->p != '"' && *r->p != '\'')) {
		xml_fail(r, "an attribute value must be quoted", NULL);
		return NULL;
	}
	q = *r->p++;
	buf_init(&b, XML_INPUT_MAX);
	while (r->p < r->end && *r->p != q) {
		if (*r->p == '<') {
			xml_fail(r, "'<' in an attribute value", NULL);
			break;
		}
		if (*r->p == '&') {
			r->p++;
			if (xml_read_entity(r, &b) != 0)
				break;
			continue;
		}
		buf_add(&b, r->p, 1);
		r->p++;
	}
	if (r->cause == NULL && r->p == r->end)
		xml_fail(r, "an attribute value is not closed", NULL);
	if (r->cause != NULL) {
		buf_release(&b);
		return NULL;
	}
	r->p++;
	buf_str(&b);
	return buf_detach(&b);
}

/* Finds the namespace URI bound to prefix (NULL: the default) at n. */
static const char *
xml_resolve(const struct xml_node *n, const char *prefix, size_t plen)
{
	int	i;

	if (prefix != NULL && plen == 3 && strncmp(prefix, "xml", 3) == 0)
		return "http://www.w3.org/XML/1998/namespace";
	for (; n != NULL; n = n->parent) {
		for (i = 0; i < n->nattrs; i++) {
			const char	*a = n->attrs[i].name;

			if (prefix == NULL && strcmp(a, "xmlns") == 0)
				return n->attrs[i].value;
			if (prefix != NULL && strncmp(a, "xmlns:", 6) == 0 &&
			    strlen(a + 6) == plen &&
			    strncmp(a + 6, prefix, plen) == 0)
				return n->attrs[i].value;
		}
	}
	return prefix == NULL ? xml_empty : NULL;
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
	free(n->text);
	free(n);
}

void
xml_free(struct xml_node *n)
{
	if (n != NULL)
		xml_free_node(n);
}

/* Reads the attributes and the end of a start tag; sets *empty for "/>". */
static int
xml_read_attrs(struct xml_reader *r, struct xml_node *n, int *empty)
{
	char	*name, *value;
	int	 i;

	*empty = 0;
	for (;;) {
		const char	*before = r->p;

		xml_skip_space(r);
		if (r->p == r->end)
			return xml_fail(r, "a start tag is not closed", NULL);
		if (*r->p == '>') {
			r->p++;
			return 0;
		}
		if (*r->p == '/') {
			if (r->p + 1 == r->end || r->p[1] != '>')
				return xml_fail(r, "'/' in a start tag", NULL);
			r->p += 2;
			*empty = 1;
			return 0;
		}
		if (before == r->p)
			return xml_fail(r, "attributes must be separated "
			    "by spaces", NULL);
		if ((name = xml_read_name(r)) == NULL)
			return -1;
		xml_skip_space(r);
		if (r->p == r->end || *r->p != '=') {
			free(name);
			return xml_fail(r, "an attribute has no value", NULL);
		}
		r->p++;
		xml_skip_space(r);
		if ((value = xml_read_value(r)) == NULL) {
			free(name);
			return -1;
		}
		for (i = 0; i < n->nattrs; i++) {
			if (strcmp(n->attrs[i].name, name) == 0) {
				free(value);
				xml_fail(r, "a repeated attribute", name);
				free(name);
				return -1;
			}
		}
		if (n->nattrs == XML_ATTRS_MAX) {
			free(name);
			free(value);
			return xml_fail(r, "too many attributes", NULL);
		}
		n->attrs = xreallocarray(n->attrs, (size_t)n->nattrs + 1,
		    sizeof *n->attrs);
		n->attrs[n->nattrs].name = name;
		n->attrs[n->nattrs].value = value;
		n->nattrs++;
	}
}

/* Resolves n's prefix and every prefixed attribute's. */
static int
xml_bind(struct xml_reader *r, struct xml_node *n)
{
	char	*colon = strchr(n->name, ':'), *local;
	int	 i;

	if (colon == NULL)
		n->ns = xml_resolve(n, NULL, 0);
	else {
		if (colon == n->name || colon[1] == '\0' ||
		    strchr(colon + 1, ':') != NULL)
			return xml_fail(r, "a bad element name", n->name);
		n->ns = xml_resolve(n, n->name, (size_t)(colon - n->name));
		if (n->ns == NULL)
			return xml_fail(r, "an unbound prefix in", n->name);
		local = xstrdup(colon + 1);
		free(n->name);
		n->name = local;
	}
	for (i = 0; i < n->nattrs; i++) {
		const char	*a = n->attrs[i].name;

		colon = strchr(a, ':');
		if (colon == NULL || strncmp(a, "xmlns:", 6) == 0)
			continue;
		if (xml_resolve(n, a, (size_t)(colon - a)) == NULL)
			return xml_fail(r, "an unbound prefix in", a);
	}
	return 0;
}

/* Reads one element whose '<' has been consumed; NULL on error. */
static struct xml_node *
xml_read_element(struct xml_reader *r, struct xml_node *parent, int depth)
{
	struct xml_node	*n, *c, **tail;
	struct buf	 text;
	char		*close, *qname = NULL;
	int		 empty;

	if (depth > XML_DEPTH_MAX) {
		xml_fail(r, "elements nest too deep", NULL);
		return NULL;
	}
	if (++r->nodes > XML_NODES_MAX) {
		xml_fail(r, "too many elements", NULL);
		return NULL;
	}
	n = xcalloc(1, sizeof *n);
	n->parent = parent;
	tail = &n->child;
	buf_init(&text, XML_INPUT_MAX);
	if ((n->name = xml_read_name(r)) == NULL)
		goto fail;
	qname = xstrdup(n->name);
	if (xml_read_attrs(r, n, &empty) != 0 || xml_bind(r, n) != 0)
		goto fail;
	while (!empty) {
		if (r->p == r->end) {
			xml_fail(r, "an element is not closed:", n->name);
			goto fail;
		}
		if (*r->p == '&') {
			r->p++;
			if (xml_read_entity(r, &text) != 0)
				goto fail;
			continue;
		}
		if (*r->p != '<') {
			buf_add(&text, r->p, 1);
			r->p++;
			continue;
		}
		r->p++;
		if (r->p == r->end) {
			xml_fail(r, "an element is not closed:", n->name);
			goto fail;
		}
		if (*r->p == '/') {
			r->p++;
			if ((close = xml_read_name(r)) == NULL)
				goto fail;
			xml_skip_space(r);
			if (r->p == r->end || *r->p != '>') {
				free(close);
				xml_fail(r, "an end tag is not closed", NULL);
				goto fail;
			}
			r->p++;
			/* The end tag repeats the start tag as written. */
			if (strcmp(close, qname) != 0) {
				xml_fail(r, "a mismatched end tag", close);
				free(close);
				goto fail;
			}
			free(close);
			break;
		}
		if (*r->p == '!') {
			if (r->end - r->p >= 8 && memcmp(r->p, "![CDATA[", 8) == 0) {
				const char	*s = r->p + 8, *e;

				for (e = s; e + 3 <= r->end; e++)
					if (memcmp(e, "]]>", 3) == 0)
						break;
				if (e + 3 > r->end) {
					xml_fail(r, "a CDATA section is "
					    "not closed", NULL);
					goto fail;
				}
				buf_add(&text, s, (size_t)(e - s));
				r->p = e + 3;
				continue;
			}
			xml_fail(r, "comments and declarations are not "
			    "allowed", NULL);
			goto fail;
		}
		if (*r->p == '?') {
			xml_fail(r, "processing instructions are not "
			    "allowed", NULL);
			goto fail;
		}
		if ((c = xml_read_element(r, n, depth + 1)) == NULL)
			goto fail;
		*tail = c;
		tail = &c->next;
	}
	buf_str(&text);
	n->text = buf_detach(&text);
	free(qname);
	return n;
fail:
	free(qname);
	buf_release(&text);
	if (n->text == NULL)
		n->text = xstrdup("");
	xml_free_node(n);
	return NULL;
}

struct xml_node *
xml_parse(const char *text, size_t len, char **cause)
{
	struct xml_reader	 r;
	struct xml_node		*n;
	const char		*e;

	if (len > XML_INPUT_MAX) {
		set_cause(cause, "an element of %zu bytes is over the %d byte "
		    "limit", len, XML_INPUT_MAX);
		return NULL;
	}
	if (xml_check_chars(text, len) != 0) {
		set_cause(cause, "bytes that are not UTF-8, or control "
		    "characters XML does not allow");
		return NULL;
	}
	memset(&r, 0, sizeof r);
	r.p = text;
	r.end = text + len;
	xml_skip_space(&r);
	if (r.end - r.p >= 5 && memcmp(r.p, "<?xml", 5) == 0) {
		for (e = r.p; e + 2 <= r.end; e++)
			if (memcmp(e, "?>", 2) == 0)
				break;
		if (e + 2 > r.end) {
			set_cause(cause, "the XML declaration is not closed");
			return NULL;
		}
		r.p = e + 2;
		xml_skip_space(&r);
	}
	if (r.p == r.end || *r.p != '<') {
		set_cause(cause, "no element");
		return NULL;
	}
	r.p++;
	if ((n = xml_read_element(&r, NULL, 1)) == NULL) {
		set_cause(cause, "%s", r.cause != NULL ? r.cause : "bad XML");
		free(r.cause);
		return NULL;
	}
	xml_skip_space(&r);
	if (r.p != r.end) {
		set_cause(cause, "text after the element");
		xml_free(n);
		return NULL;
	}
	return n;
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
