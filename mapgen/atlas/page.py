"""The page itself: the Jinja2 template in ``templates/atlas/``, filled with the atlas data, everything inline.

Why Jinja2: its autoescaping escapes every value the template prints, so a
side, force, leader or player named ``<script>...`` shows as text without
each field being remembered by hand; only what mapgen itself made (the
map's SVG, the setup sheets turned into HTML, the CSS and scripts) is
marked safe.  The data the page's script reads goes in a
``<script type="application/json">`` block with ``<``, ``>`` and ``&``
written as JSON escapes, so no text in it can close the block.  A
Content-Security-Policy allows only the page's own scripts (by hash) and
no network at all, so even a mistake could not load or run anything else.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import json
from functools import lru_cache
from pathlib import Path

from ..sides import fw_side_style, rc_seat_style

#: The template's files, under ``templates/atlas/``.
TEMPLATE = "atlas.html"
STYLE = "atlas.css"
SCRIPT = "atlas.js"
PAN_ZOOM = "vendor/svg-pan-zoom.min.js"


@lru_cache(maxsize=1)
def _environment():
    import jinja2

    from ..render.templates import template_path

    def load(name: str):
        path = template_path("atlas", name)
        return path.read_text(encoding="utf-8"), str(path), lambda: True

    return jinja2.Environment(loader=jinja2.FunctionLoader(load), autoescape=True, undefined=jinja2.StrictUndefined,
                              keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)  # fmt: skip


#: The template compiled to Python by Jinja2, shipped beside this module (:func:`compiled_module_text`).
COMPILED = "compiled_page"


def compiled_module_text() -> str:
    """The text of ``mapgen/atlas/compiled_page.py``: the page's template as Jinja2 compiles it, with what it was compiled from.

    Compiling the template took 17 ms of CPU in every command that rewrote
    the page; the compiled module is imported in one (Python keeps its
    bytecode).  It is used only while the template's SHA-256 and Jinja2's
    version are the ones it was made from, else the template is compiled as
    before, so an edited template is never shown stale, only slower until
    the module is made again: ``python -c "from mapgen.atlas.page import
    write_compiled; write_compiled()"`` (a test says when it is due).
    """
    import jinja2

    source = asset(TEMPLATE)
    code = _environment().compile(source, TEMPLATE, TEMPLATE, raw=True, defer_init=True)
    head = (f'"""{TEMPLATE} compiled by Jinja2 {jinja2.__version__}: made by mapgen.atlas.page.write_compiled, not by hand."""\n'
            "# fmt: off\n# ruff: noqa\n"
            f"SOURCE_SHA256 = {_digest(source)!r}\nJINJA2_VERSION = {jinja2.__version__!r}\n")  # fmt: skip
    return head + code + "\n"


def write_compiled() -> None:
    """Make ``compiled_page.py`` again from the template (after editing ``templates/atlas/atlas.html``)."""
    Path(__file__).with_name(COMPILED + ".py").write_text(compiled_module_text(), encoding="utf-8")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@lru_cache(maxsize=1)
def _template():
    """The page's template: the compiled module while it matches the template and Jinja2, else compiled now."""
    import jinja2

    env = _environment()
    try:
        module = importlib.import_module(f"{__package__}.{COMPILED}")
    except ImportError:
        module = None
    if module is not None and module.SOURCE_SHA256 == _digest(asset(TEMPLATE)) and module.JINJA2_VERSION == jinja2.__version__:
        return env.template_class.from_module_dict(env, vars(module), env.make_globals(None))  # its functions read `environment` there
    return env.get_template(TEMPLATE)


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """A file of ``templates/atlas/`` (the style sheet, a script), read once."""
    from ..render.templates import template_path

    return template_path("atlas", name).read_text(encoding="utf-8")


def script_json(data) -> str:
    """``data`` as JSON to sit inside ``<script type="application/json">``: no ``<``, ``>`` or ``&`` left to end the block."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt

    # CommonMark with raw HTML off (written as text) and tables on: the setup sheets are mapgen's own markdown.
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _cmark(text: str) -> str:
    import cmarkgfm

    return cmarkgfm.markdown_to_html_with_extensions(text, options=0, extensions=["table"])


def markdown_html(text: str) -> str:
    """A setup sheet or battle sheet as HTML; any HTML in it shows as text, and a heading starts at level 3.

    CommonMark with tables, turned by cmark-gfm (GitHub's C implementation, through ``cmarkgfm``):
    markdown-it-py took 14 ms to import and 2 ms a sheet, most of the second process of ``mapgen new``
    after its battlefields (issue 27); cmark-gfm 1 ms and a few hundredths.  The two write the same HTML
    for every sheet mapgen writes (``tests/test_atlas_markdown.py`` compares them), but not for raw
    HTML, which cmark-gfm leaves out where markdown-it with ``html`` off writes it as text: a text with
    a ``<`` in it (a name someone typed) is turned by markdown-it, so that it shows as typed.
    """
    from markupsafe import Markup

    html = _markdown().render(text) if "<" in text else _cmark(text)
    for level in (3, 2, 1):  # the page's sections are <h2>: a sheet's own headings go below them
        html = html.replace(f"<h{level}>", f"<h{level + 2}>").replace(f"</h{level}>", f"</h{level + 2}>")
    return Markup(html)


def side_colours_css(context: dict) -> str:
    """The colours of the page's sides or seats as CSS, from the one declaration of them (:mod:`mapgen.sides`).

    A seat's colour is by its place among the players, as on the status map and the counters.
    """
    css = ""
    if context.get("sides"):
        look = context.get("look", "colour")  # a black-and-white kit's campaign: the sides' greys
        css += f":root{{--side-a:{fw_side_style('A', look).color};--side-b:{fw_side_style('B', look).color}}}"
    for i, p in enumerate(context.get("players") or ()):
        css += f".swatch.seat-{p['seat']}{{background:{rc_seat_style(i).color}}}"
    return css + "\n"


def prepare(markdown: bool = True) -> None:
    """Load what every page needs and no campaign changes: Jinja2 and the template, the markdown turner (unless
    ``markdown`` is False: the sheets are turned elsewhere), the style sheet and the scripts (some 15 ms).
    ``mapgen new`` calls it while its battlefields are still being written in another process, so that the
    page, which must wait for them, is made sooner."""
    _template()
    if markdown:
        _cmark("")
    for name in (STYLE, SCRIPT, PAN_ZOOM):
        asset(name)


def render_page(context: dict) -> str:
    """The whole page: ``context`` is what :mod:`.fw` or :mod:`.renaissance` gathered (escaped by the template)."""
    from markupsafe import Markup

    scripts = (asset(PAN_ZOOM), asset(SCRIPT))
    values = dict(context)
    values["style"] = Markup(side_colours_css(context) + asset(STYLE))
    values["pan_zoom_js"] = Markup(scripts[0])
    values["atlas_js"] = Markup(scripts[1])
    values["data_json"] = Markup(script_json(context["data"]))
    values["script_hashes"] = " ".join(_sha256(s) for s in scripts)
    return _template().render(values)
