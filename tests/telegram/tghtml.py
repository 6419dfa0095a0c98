"""tests/telegram/tghtml.py: the Bot API's HTML parse mode, as the fake
Telegram (fake_telegram.py) applies it to every text the bot sends with
parse_mode=HTML: the text Telegram would show and its entities, or the
400 it would answer.

Strict where the Bot API documentation ("Formatting options", HTML
style) is, and a little stricter where it says "must":
- Only these tags: b strong i em u ins s strike del, span with
  class="tg-spoiler", tg-spoiler, a with href, tg-emoji with emoji-id,
  code, pre (with an optional inner code class="language-..."),
  blockquote (optionally expandable).  Any other tag is refused
  ("Unsupported start tag").  Unknown attributes are ignored.
- Tags close in order; every start tag is closed.
- Entities: only &lt; &gt; &amp; &quot; by name, and numeric ones
  (&#NNN; &#xHH;).  Any other named entity is refused.
- A bare "<", ">" or "&" in the text is refused: the documentation says
  they "must be replaced with the corresponding HTML entities" (real
  Telegram tolerates a bare ">"; the fake does not, so a bot that
  escapes only some of them is caught).
- Nesting follows the documented restrictions: pre and code contain no
  other entity (pre may hold one code), a link holds no link,
  blockquotes do not nest.  (Telegram may drop such entities silently;
  the fake refuses, so the bot's output is what it meant.)

Entity offsets and lengths are in UTF-16 code units, as the Bot API's
are; utf16_len() counts them (the fake measures the 4096 limit so).
"""
import re

ERR = "Bad Request: can't parse entities: "
SIMPLE = {"b": "bold", "strong": "bold", "i": "italic", "em": "italic",
          "u": "underline", "ins": "underline", "s": "strikethrough",
          "strike": "strikethrough", "del": "strikethrough",
          "tg-spoiler": "spoiler"}
OTHER = {"span", "a", "tg-emoji", "code", "pre", "blockquote"}
_ENTITY = re.compile(r"&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_ATTR = re.compile(r"""\s*([a-zA-Z][a-zA-Z0-9_-]*)(?:\s*=\s*(?:"([^"]*)"|"""
                   r"""'([^']*)'|([^\s"'>]+)))?""")


class HtmlError(Exception):
    """The 400 description Telegram answers for a text it cannot parse."""


def utf16_len(s):
    """The length of s in UTF-16 code units."""
    return len(s.encode("utf-16-le")) // 2


def _boff(src, i):
    return len(src[:i].encode())


def _unescape(src, i, val, where):
    """An attribute value with its entities decoded; refused as the text's
    are."""
    out, j = [], 0
    while j < len(val):
        if val[j] == "&":
            m = _ENTITY.match(val, j)
            if not m:
                raise HtmlError(ERR + "Can't find end of the entity starting"
                                " at byte offset %d" % _boff(src, i))
            out.append(_entity(m.group(1), src, i))
            j = m.end()
        else:
            out.append(val[j])
            j += 1
    return "".join(out)


def _entity(name, src, i):
    if name[0] == "#":
        n = int(name[2:], 16) if name[1] in "xX" else int(name[1:])
        if n == 0 or n > 0x10FFFF or 0xD800 <= n <= 0xDFFF:
            raise HtmlError(ERR + "Invalid character entity at byte offset"
                            " %d" % _boff(src, i))
        return chr(n)
    if name not in _NAMED:
        raise HtmlError(ERR + "Unsupported HTML entity \"&%s;\" at byte "
                        "offset %d" % (name, _boff(src, i)))
    return _NAMED[name]


def _start(src, i, body, stack, known_user):
    """An open tag's entry for the stack, from its body (between < and
    >)."""
    m = re.match(r"([a-zA-Z][a-zA-Z0-9-]*)", body)
    name = m.group(1).lower() if m else ""
    if name not in SIMPLE and name not in OTHER:
        raise HtmlError(ERR + "Unsupported start tag \"%s\" at byte offset"
                        " %d" % (name or body, _boff(src, i)))
    attrs, rest = {}, body[m.end():]
    pos = 0
    while pos < len(rest):
        a = _ATTR.match(rest, pos)
        if not a or a.end() == pos:
            if rest[pos:].strip() in ("", "/"):
                break
            raise HtmlError(ERR + "Expected equal sign in declaration of "
                            "an attribute of the tag \"%s\" at byte offset"
                            " %d" % (name, _boff(src, i)))
        v = a.group(2) if a.group(2) is not None else \
            a.group(3) if a.group(3) is not None else a.group(4) or ""
        attrs[a.group(1).lower()] = _unescape(src, i, v, name)
        pos = a.end()
    outer = [e["tag"] for e in stack]
    if "pre" in outer or "code" in outer:
        if not (name == "code" and outer and outer[-1] == "pre"):
            raise HtmlError(ERR + "fake: no entity may be inside pre or "
                            "code (tag \"%s\" at byte offset %d)" %
                            (name, _boff(src, i)))
    if name == "a" and "a" in outer:
        raise HtmlError(ERR + "fake: a link inside a link at byte offset "
                        "%d" % _boff(src, i))
    if name == "blockquote" and "blockquote" in outer:
        raise HtmlError(ERR + "fake: blockquotes do not nest (byte offset "
                        "%d)" % _boff(src, i))
    ent = {"tag": name, "start": None}
    if name in SIMPLE:
        ent["type"] = SIMPLE[name]
    elif name == "span":
        if attrs.get("class") != "tg-spoiler":
            raise HtmlError(ERR + "Tag \"span\" must have class "
                            "\"tg-spoiler\" at byte offset %d" %
                            _boff(src, i))
        ent["type"] = "spoiler"
    elif name == "a":
        href = attrs.get("href", "")
        if not href:
            raise HtmlError(ERR + "fake: a link without href at byte "
                            "offset %d" % _boff(src, i))
        mu = re.fullmatch(r"tg://user\?id=([0-9]{1,15})", href)
        if mu and known_user and known_user(int(mu.group(1))):
            ent["type"] = "text_mention"
            ent["user"] = known_user(int(mu.group(1)))
        else:
            ent["type"] = "text_link"
            ent["url"] = href
    elif name == "tg-emoji":
        if not re.fullmatch(r"[0-9]+", attrs.get("emoji-id", "")):
            raise HtmlError(ERR + "Custom emoji identifier expected at "
                            "byte offset %d" % _boff(src, i))
        ent["type"] = "custom_emoji"
        ent["custom_emoji_id"] = attrs["emoji-id"]
    elif name == "code":
        ent["type"] = "code"
        lang = attrs.get("class", "")
        if outer and outer[-1] == "pre" and lang.startswith("language-"):
            ent["language"] = lang[len("language-"):]
    elif name == "pre":
        ent["type"] = "pre"
    elif name == "blockquote":
        ent["type"] = "expandable_blockquote" if "expandable" in attrs \
            else "blockquote"
    return ent


def parse(src, known_user=None):
    """(text, entities) for the HTML src, or HtmlError; known_user(id)
    gives a user object for tg://user?id= links to users the fake knows
    (a text_mention), else None (a text_link)."""
    out = []            # characters of the text
    stack, ents = [], []
    i = 0
    while i < len(src):
        c = src[i]
        if c == "<":
            j = src.find(">", i)
            if j < 0:
                raise HtmlError(ERR + "Unclosed start tag at byte offset "
                                "%d" % _boff(src, i))
            body = src[i + 1:j]
            if body.startswith("/"):
                name = body[1:].strip().lower()
                if not stack:
                    raise HtmlError(ERR + "Unexpected end tag at byte "
                                    "offset %d" % _boff(src, i))
                if name != stack[-1]["tag"]:
                    raise HtmlError(ERR + "Unmatched end tag at byte "
                                    "offset %d, expected \"</%s>\", found "
                                    "\"</%s>\"" % (_boff(src, i),
                                                   stack[-1]["tag"], name))
                e = stack.pop()
                text = "".join(out)
                start16 = utf16_len(text[:e["start"]])
                length = utf16_len(text) - start16
                if length > 0:
                    d = {k: v for k, v in e.items()
                         if k not in ("tag", "start")}
                    d["offset"], d["length"] = start16, length
                    if e["tag"] == "code" and stack and \
                            stack[-1]["tag"] == "pre":
                        # <pre><code class="language-x">: one pre entity,
                        # with the language
                        if "language" in e:
                            stack[-1]["language"] = e["language"]
                        d = None
                    if d is not None:
                        ents.append(d)
            else:
                e = _start(src, i, body.rstrip("/"), stack, known_user)
                e["start"] = len(out)
                stack.append(e)
            i = j + 1
        elif c == "&":
            m = _ENTITY.match(src, i)
            if not m:
                raise HtmlError(ERR + "Can't find end of the entity "
                                "starting at byte offset %d" %
                                _boff(src, i))
            out.append(_entity(m.group(1), src, i))
            i = m.end()
        elif c == ">":
            raise HtmlError(ERR + "fake: a bare \">\" at byte offset %d "
                            "must be written &gt;" % _boff(src, i))
        else:
            out.append(c)
            i += 1
    if stack:
        raise HtmlError(ERR + "Can't find end tag corresponding to start "
                        "tag \"%s\"" % stack[-1]["tag"])
    ents.sort(key=lambda d: (d["offset"], -d["length"]))
    return "".join(out), ents
