"""The skirmish table's plan: the battlefield plan, with what SK-3 needs marked over it.

The plan is :func:`~.battlefield.render_battlefield`'s, unchanged; over it go the walls that block
line of sight (:mod:`mapgen.battlefield.sight`, as ``skirmish.json`` records them) as heavy black
lines, and a "-1" badge on each feature that gives cover (the shooting modifier; the plan's own "C" is a cave), and under it a key to both.  The scale is
chosen as for any plan (the largest of :data:`~.plan_scale.PLAN_SCALES` that fits one sheet), the key
counted in.  The renderer reads the skirmish; it decides nothing.
"""

from __future__ import annotations

from ..paper import Paper, pdf_page_count
from ..skirmish.model import Skirmish
from . import fonts
from .battlefield import plan_size_mm, render_battlefield
from .plan_draw import Frame, line, poly, text
from .plan_scale import PLAN_SCALES, PlanScale
from .svgdoc import SvgDoc, fmt

#: Room under the plan for the key to the skirmish marks (mm on paper).
KEY_MM = 12.0
WALL_MM = 1.1  # a sight wall's stroke, heavier than any outline on the plan
BADGE_MM = 3.6
KEY_TEXT = ("blocks line of sight (SK-3): woods, tall buildings, impassable ground, a hill's crest",
            "cover (SK-3): -1 to hit a figure in it or behind it [DEV]")  # fmt: skip


def table_size_mm(s: Skirmish, scale: float) -> tuple[float, float]:
    w, h = plan_size_mm(s.battlefield, scale)
    return w, h + KEY_MM


def choose_table_scale(s: Skirmish, paper: Paper) -> PlanScale:
    """The largest standard plan scale at which the plan and its key fit one sheet of ``paper`` either way round."""
    papers = (paper,) if paper.orientation_named else (paper, paper.turned())
    for n in PLAN_SCALES:
        for p in papers:
            if pdf_page_count(*table_size_mm(s, n), p)[0] == 1:
                return PlanScale(float(n), p, 1, True)
    n = PLAN_SCALES[-1]
    best = min(papers, key=lambda p: pdf_page_count(*table_size_mm(s, n), p)[0])
    return PlanScale(float(n), best, pdf_page_count(*table_size_mm(s, n), best)[0], True)


def render_skirmish_table(s: Skirmish, scale: float) -> SvgDoc:
    b = s.battlefield
    doc = render_battlefield(b, scale)
    width, height = plan_size_mm(b, scale)
    doc.resize(width, height + KEY_MM)
    fr = Frame(b, scale)
    g = doc.layer("Skirmish: sight and cover")
    # The walls go under the plan's numbers (a crest crosses its hill's label), the badges on top of all.
    walls = doc.drawing.g(id="skirmish-sight-walls")
    doc.drawing.elements.insert(doc.drawing.elements.index(doc.layers["Numbers"]), walls)
    for w in s.walls:
        pts = [fr.p(x, y) for x, y in w.line.coords]
        d = "M" + " L".join(f"{fmt(x)} {fmt(y)}" for x, y in pts)
        walls.add(doc.drawing.path(d=d, fill="none", stroke="#000000", stroke_width=fmt(WALL_MM), stroke_linejoin="round", stroke_linecap="round"))
    for f in s.features:
        if f.cover:
            _, _, x1, y1 = b.features[f.number - 1].polygon.bounds
            bx, by = fr.p(min(x1, b.width_cm), min(y1, b.depth_cm))
            _badge(doc, g, bx - BADGE_MM * 1.1, by - BADGE_MM * 0.2)
    _key(doc, doc.layer("Skirmish: key"), fr.st["margin"], height + 2)
    return doc


def _badge(doc, g, x: float, y: float) -> None:
    """A white box with a bold -1 (SK-3's modifier for a target in cover), its top-left at (x, y) on paper."""
    w, h = BADGE_MM * 1.35, BADGE_MM
    poly(doc, g, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], "#ffffff", "#000000", 0.35)
    text(doc, g, x + w / 2, y + h * 0.76, "-1", 2.6, anchor="middle", bold=True)


def _key(doc, g, x: float, y: float) -> None:
    size = 2.6
    text(doc, g, x, y + size, "Marked for the skirmish:", size, bold=True)
    x1 = x + fonts.width("Marked for the skirmish:", size, bold=True) + 3
    line(doc, g, (x1, y + size * 0.65), (x1 + 9, y + size * 0.65), "#000000", WALL_MM)
    text(doc, g, x1 + 11, y + size, KEY_TEXT[0], size)
    _badge(doc, g, x1 + 2.6, y + size + 2.2)
    text(doc, g, x1 + 11, y + 2 * size + 3.2, KEY_TEXT[1], size)
