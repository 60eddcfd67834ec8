"""SVG documents measured in millimetres, with Inkscape layers.

One user unit is one millimetre (``width="420mm"`` with ``viewBox="0 0 420 ..."``),
so a drawing printed at 100 % is true scale.  Layers are ``<g>`` elements that
Inkscape shows as layers, so players can hide or edit parts of a map.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .svgtree import Drawing

INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
#: Characters XML 1.0 forbids even escaped: control characters (other than tab and line
#: breaks) and U+FFFE/U+FFFF.  Typed text (a seed, a roster name) may hold them.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
#: What :func:`xml_text` changes: a text without any of these (and without ``&#``) is already writable XML.
_UNWRITABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_CHAR_REF = re.compile(r"&#(x[0-9a-fA-F]+|[0-9]+);")


def _xml_char_ref(m: re.Match) -> str:
    """A character reference XML 1.0 allows, kept; a control character dropped; a surrogate as U+FFFD."""
    ref = m.group(1)
    code = int(ref[1:], 16) if ref[0] == "x" else int(ref)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        return "\ufffd"
    if code in (0xFFFE, 0xFFFF) or (code < 0x20 and code not in (0x9, 0xA, 0xD)):
        return ""
    return m.group()


def fmt(value: float) -> str:
    """Short, stable number text: same value, same bytes.

    A drawing writes few distinct numbers many times (``mapgen new``: 57,000 calls, 5,800 values, the
    same stroke widths and symbol offsets over and over), so a float's text is remembered, up to
    :data:`_FMT_KEPT` of them: a look-up instead of formatting and two strips, a quarter of the time.
    Equal floats have the same text (0.0 and -0.0 both write ``0``), so the memo cannot change a byte.
    """
    if type(value) is float:
        text = _FMT_MEMO.get(value)
        if text is None:
            text = _fmt(value)
            if len(_FMT_MEMO) < _FMT_KEPT:
                _FMT_MEMO[value] = text
        return text
    return _fmt(value)


def _fmt(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


#: Floats whose text :func:`fmt` remembers (a few MB at most; a large map's drawing needs far fewer).
_FMT_KEPT = 1 << 16
_FMT_MEMO: dict[float, str] = {}


def layer_attrs(label: str) -> dict[str, str]:
    """The attributes that make a ``<g>`` an Inkscape layer called ``label``: the same for SvgDoc and etree drawings."""
    slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
    return {"id": f"layer-{slug}", "inkscape:groupmode": "layer", "inkscape:label": label}


class SvgDoc:
    """A drawing ``width_mm`` x ``height_mm`` with named layers."""

    def __init__(self, width_mm: float, height_mm: float, title: str = ""):
        self.width_mm = width_mm
        self.height_mm = height_mm
        self.drawing = Drawing(size=(f"{fmt(width_mm)}mm", f"{fmt(height_mm)}mm"), viewBox=f"0 0 {fmt(width_mm)} {fmt(height_mm)}")
        self.drawing.attribs["xmlns:inkscape"] = INKSCAPE_NS
        if title:
            self.drawing.set_desc(title=title)
        self.layers: dict = {}

    def resize(self, width_mm: float, height_mm: float) -> None:
        """Make the page ``width_mm`` x ``height_mm``, the drawing's top left where it was (room added right and below)."""
        self.width_mm, self.height_mm = width_mm, height_mm
        self.drawing.attribs["width"] = f"{fmt(width_mm)}mm"
        self.drawing.attribs["height"] = f"{fmt(height_mm)}mm"
        self.drawing.attribs["viewBox"] = f"0 0 {fmt(width_mm)} {fmt(height_mm)}"

    def layer(self, label: str):
        """The layer called ``label``, created (on top) the first time it is asked for."""
        if label not in self.layers:
            attrs = layer_attrs(label)
            group = self.drawing.g(id=attrs.pop("id"))
            group.attribs.update(attrs)
            self.drawing.add(group)
            self.layers[label] = group
        return self.layers[label]

    def tostring(self) -> str:
        """The SVG text.  The serialiser escapes ``& < > "`` in text and attributes; what XML cannot hold at all goes here.

        The same text as svgwrite's own ``tostring``, which has ElementTree write UTF-8 through a text
        wrapper, a codec call for each of the tens of thousands of pieces of a kit's drawings (a tenth
        of ``mapgen new``): serialised to a ``str`` instead, the only character that writer changes, a
        lone surrogate, is turned into its character reference the same way afterwards.
        """
        text = serialize(self.drawing.get_xml())
        if _writable(text) and "&#" not in text:
            return XML_DECLARATION + text + "\n"  # nearly always: one scan of the text instead of three
        if _SURROGATE.search(text):
            text = text.encode("utf-8", "xmlcharrefreplace").decode("utf-8")
        return XML_DECLARATION + xml_text(text) + "\n"


def _writable(text: str) -> bool:
    """True when ``text`` holds nothing :func:`xml_text` would change but character references.

    Nearly always printable (which no control character, surrogate or non-character is): one test. Else
    looked at as UTF-8 (which a lone surrogate cannot be written in), whose bytes a deletion table and two
    substring searches check ten times as fast as a pattern checks the text.
    """
    if text.isprintable():
        return True
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return len(raw.translate(None, _CONTROL_BYTES)) == len(raw) and b"\xef\xbf\xbe" not in raw and b"\xef\xbf\xbf" not in raw


#: The ASCII characters XML 1.0 forbids (all of :data:`_NOT_XML` but U+FFFE and U+FFFF, which UTF-8 writes
#: as EF BF BE and EF BF BF).
_CONTROL_BYTES = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])


#: svgwrite's stand-in tag for a CDATA section (its ``svgwrite.etree`` teaches ElementTree to write it).
CDATA_TAG = "<![CDATA[%s]]>"


def serialize(root) -> str:
    """ElementTree's text for ``root`` (``ET.tostring(root, encoding="unicode")`` with svgwrite's CDATA
    sections), written in one pass: ElementTree first walks the whole tree for namespaces and then writes
    it piece by piece, a fifth of drawing a kit.  A tree it would treat otherwise (a ``{uri}name``, a
    comment, a value that is not text) is left to ElementTree itself."""
    out: list[str] = []
    try:
        _write(root, out.append)
    except _NotPlain:
        return ET.tostring(root, encoding="unicode")
    return "".join(out)


class _NotPlain(Exception):
    """A tree :func:`serialize` leaves to ElementTree."""


def _write(elem, write) -> None:
    tag, text = elem.tag, elem.text
    if tag == CDATA_TAG:
        write(CDATA_TAG % text)  # its tail is not written (svgwrite's rule)
        return
    if type(tag) is not str or tag[:1] == "{":
        raise _NotPlain
    attrib = elem.attrib
    if attrib:
        # The start tag's attributes in one piece, made by C calls (joining refuses a name or value that is not
        # text); looked at once for what needs escaping: it holds two quotes an attribute and nothing else special.
        try:
            attrs = " " + '" '.join(map(_NAME_IS, attrib.items())) + '"'
        except TypeError:
            raise _NotPlain from None
        if "{" in attrs and any(k[:1] == "{" for k in attrib):
            raise _NotPlain
        if ("&" in attrs or "<" in attrs or ">" in attrs or "\n" in attrs or "\r" in attrs or "\t" in attrs
                or attrs.count('"') != 2 * len(attrib)):  # (six substring tests: a quarter of a pattern's time)
            attrs = "".join([f' {k}="{_attribute(v)}"' for k, v in attrib.items()])
    else:
        attrs = ""
    if text or len(elem):
        write(f"<{tag}{attrs}>")
        if text:
            write(_cdata(text))
        for e in elem:
            _write(e, write)
        write(f"</{tag}>")
    else:
        write(f"<{tag}{attrs} />")
    if elem.tail:
        write(_cdata(elem.tail))


#: ``name="value`` of an attribute's (name, value).
_NAME_IS = '="'.join


def _cdata(text) -> str:
    if type(text) is not str:
        raise _NotPlain
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _attribute(text: str) -> str:
    if _ATTRIBUTE_SPECIAL.search(text) is None:
        return text  # nearly every value (a number, a colour, a path): one scan instead of seven
    for plain, escaped in _ATTRIBUTE_ESCAPES:
        if plain in text:
            text = text.replace(plain, escaped)
    return text


#: What ElementTree escapes in an attribute's value, in its order (``&`` first).
_ATTRIBUTE_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))
_ATTRIBUTE_SPECIAL = re.compile('[&<>"\r\n\t]')


#: The first line of every SVG file mapgen writes.
XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" ?>\n'


def xml_text(text: str) -> str:
    """Serialised markup without what XML cannot hold at all (svgwrite and etree escape the rest)."""
    text = _NOT_XML.sub("", text)
    # A lone surrogate (a seed from a command line in a broken locale) cannot be written as
    # UTF-8, and the serialiser writes it as a character reference XML refuses: U+FFFD instead.
    if _SURROGATE.search(text):
        text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if "&#" in text:
        text = _CHAR_REF.sub(_xml_char_ref, text)
    return text
