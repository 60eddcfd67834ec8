"""The key under a Renaissance campaign's status map: where the campaign stands, who is who, what the marks mean.

A band below the country map (whose own legend stays beside it), in columns
of the country legend's width and type sizes: the title block (year, season,
phase, whose turn, whose view), the players and neutral countries in their
colours, and every mark the map may carry, each drawn by the same function
that draws it on the map (:mod:`.renaissance_marks`).  Only what the view
holds is written: a treasury the viewer may not see is left out.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..country.model import CountryMap
from . import renaissance_marks as M
from .country_style import _place_symbol, _text, load_country_symbols
from .svgdoc import SvgDoc
from .templates import Block, Raw as _Raw, balanced_columns, column_height, el as _el, load_style_sheet
from .text import text_width, wrap_text

#: RC-4.1: ten phases each summer.  Shown as "phase 4 of 10"; the view gives the phase, not the count.
SUMMER_PHASES = 10
#: The layer the key is drawn in (on top of the map's).
KEY_LAYER = "Campaign key"


def status_lines(view: dict, owners: dict[str, M.Owner]) -> tuple[str, list[str]]:
    """The title block's title and lines: the date, whose turn, whose view, and the end if it came."""
    season = view["season"]
    when = f"Year {view['year']}, {season}"
    if season == "summer" and view.get("phase"):
        when += f", phase {view['phase']} of {SUMMER_PHASES}"
    lines = []
    if view.get("ended"):
        winner = f" Winner: {_who(owners, view['winner'])}." if view.get("winner") else ""
        lines.append(f"The campaign is over: {view['ended']}.{winner}")
    if view.get("turn"):
        lines.append(f"To move: {_who(owners, view['turn'])}")
    if view.get("order"):
        lines.append(f"Moving order this summer (RC-4.3): {', '.join(view['order'])}")
    viewer = view.get("viewer")
    lines.append("The referee's view: everything" if viewer is None else
                 f"Seen by {_who(owners, viewer)}: only what that player may know; ? is a strength not known")
    for s in view.get("specialists", ()):
        where = f" with {s['at']}" if s.get("at") else f" on {s['target']}" if s.get("target") else ""
        lines.append(f"{s['id']}: {s['owner']}'s {s['type']}{where} (RC-3.10)")
    for p in view.get("prisoners", ()):
        n = len(p.get("companies") or ())
        lines.append(f"{_who(owners, p['holder'])} holds {n} {'company' if n == 1 else 'companies'} of {p['owner']} prisoner (RC-4.6)")
    return when, lines


def _who(owners: dict[str, M.Owner], oid: str) -> str:
    o = owners.get(oid)
    return f"{oid} {o.name}" if o is not None and o.name and o.name != oid else str(oid)


def draw_key(doc: SvgDoc, cm: CountryMap, view: dict, owners: dict[str, M.Owner]) -> None:
    """Grow ``doc`` downwards by a band holding the key, in as few rows of columns as its width allows."""
    root, height = key_band(cm, view, owners, doc.width_mm, doc.height_mm)
    doc.resize(doc.width_mm, doc.height_mm + height)
    layer = doc.layer(KEY_LAYER)
    for child in root:
        layer.add(_Raw(child))


def key_band(cm: CountryMap, view: dict, owners: dict[str, M.Owner], width_mm: float, top: float) -> tuple[ET.Element, float]:
    """The key as a group of elements for a drawing ``width_mm`` wide, from ``top`` down; and the band's height."""
    style = load_style_sheet("country")
    ls = style["layout"]
    pad, gap, colw = ls["pad"], ls["gap"], ls["panel_width"]
    blocks = key_blocks(cm, view, owners, colw)
    ncols = max(1, int((width_mm - 2 * pad + gap) // (colw + gap)))
    cols = balanced_columns(blocks, ncols)
    height = column_height(blocks, cols) + pad
    root = ET.Element("g")
    _el(root, "rect", x=0, y=top, width=width_mm, height=height, fill=style["paper"], stroke="none")
    _el(root, "line", x1=pad, y1=top + 0.2, x2=width_mm - pad, y2=top + 0.2, stroke=style["sheet"]["frame"],
        stroke_width=0.4)
    for k, (start, end) in enumerate(cols):
        x, y = pad + k * (colw + gap), top + 1.0
        for blk in blocks[start:end]:
            blk.draw(root, x, y, colw)
            y += blk.height
    return root, height


def key_blocks(cm: CountryMap, view: dict, owners: dict[str, M.Owner], width: float) -> list[Block]:
    """The key's rows, each drawn at (x, y) in a column ``width`` wide."""
    style = load_style_sheet("country")
    ls = style["layout"]
    hs, ts, ns, row, sw = ls["heading_size"], ls["text_size"], ls["note_size"], ls["row"], ls["swatch"]
    ink, muted = style["ink"], style["muted_ink"]
    blocks: list[Block] = []

    def heading(text):
        def draw(p, x, y, w):
            size = hs
            while size > 2.5 and text_width(text, size, serif=True, bold=True) > w:
                size *= 0.95
            _text(p, x, y + hs * 1.25, text, size, serif=True, bold=True)
            _el(p, "line", x1=x, y1=y + hs * 1.6, x2=x + w, y2=y + hs * 1.6, stroke=ink, stroke_width=0.3)

        blocks.append(Block(hs * 2.2, draw, heading=True))

    def entry(swatch, name, note, tall=0.0, swatch_w=sw):
        """A row: ``swatch(parent, left, middle)`` draws in the first ``swatch_w`` mm, the words beside it."""
        lines = wrap_text(note, width - swatch_w - 2, ns) if note else []
        text_h = ts * 1.15 + len(lines) * ns * 1.15
        h = max(row, text_h + 1.6, tall + 1.2)

        def draw(p, x, y, w):
            swatch(p, x, y + h / 2)
            tx, top = x + swatch_w + 2, y + h / 2 - text_h / 2
            _text(p, tx, top + ts * 0.9, name, ts, bold=True)
            for i, line in enumerate(lines):
                _text(p, tx, top + ts * 1.15 + (i + 0.85) * ns * 1.15, line, ns, fill=muted)

        blocks.append(Block(h, draw))

    # -- title block ------------------------------------------------------------------------------
    when, lines = status_lines(view, owners)
    tsize = 6.0
    while tsize > 3.5 and text_width(when, tsize, serif=True, bold=True) > width - 6:
        tsize *= 0.92
    wrapped = [part for line in lines for part in wrap_text(line, width - 6, ts)]
    title_h = 4 + tsize * 1.1 + len(wrapped) * ts * 1.3 + 6

    def cartouche(p, x, y, w):
        h = title_h - 3
        _el(p, "rect", x=x, y=y, width=w, height=h, fill=M.PAPER, stroke=ink, stroke_width=0.6)
        _el(p, "rect", x=x + 1.2, y=y + 1.2, width=w - 2.4, height=h - 2.4, fill="none", stroke=ink, stroke_width=0.25)
        cy = y + 3 + tsize * 0.95
        _text(p, x + w / 2, cy, when, tsize, anchor="middle", serif=True, bold=True)
        for i, line in enumerate(wrapped):
            _text(p, x + 3, cy + 1.2 + (i + 1) * ts * 1.3, line, ts, fill=ink)

    blocks.append(Block(title_h, cartouche))

    # -- who is who -------------------------------------------------------------------------------
    heading("Players and neutral countries")
    ruled = set()
    for p in view["players"]:
        o = owners[p["seat"]]
        ruled.add(p["country"])
        words = [f"{p['country']} {cm.country(p['country']).name}" if p["country"] in {c.id for c in cm.countries} else p["country"]]
        if p.get("treasury") is not None:
            loan = f", loan {p['loan']}" if p.get("loan") else ""
            words.append(f"treasury {p['treasury']} ducats{loan}")
        if p.get("eliminated"):
            words.append("eliminated")
        entry(_owner_swatch(o), _who(owners, p["seat"]), "; ".join(words))
    for c in cm.countries:
        if c.id not in ruled:
            entry(_owner_swatch(owners[c.id]), f"{c.id} {c.name}", "neutral: holds its own places, its forces stop armies (RC-A.21)")

    # -- the marks --------------------------------------------------------------------------------
    heading("On the map")
    sample = next((owners[p["seat"]] for p in view["players"]), M.owner_of(owners, None))

    def army_swatch(**army):
        def draw(p, x, cy):
            M.draw_army(p, x + (sw - M.COUNTER_MM) / 2, cy - M.COUNTER_MM / 2, {"id": f"{sample.label}-1", **army}, sample)

        return draw

    entry(army_swatch(strength=12), "Army", "its id, then its strength (RC-3.5); ? when this view does not know it",
          M.COUNTER_MM)
    entry(army_swatch(strength=6, allied=True), "Allied army", "the one army of allied companies (RC-3.6)", M.COUNTER_MM)
    entry(army_swatch(decoy=True), "Decoy", "a diplomat shown as an army, revealed (RC-3.10, RC-A.10)", M.COUNTER_MM)
    radius = load_country_symbols()["city"].radius
    reach = M.engagement_radius(radius) + M.ENGAGEMENT_WIDTH_MM

    def place_swatch(badges=(), damaged=False, advanced=False, engaged=False):
        badges = list(badges)

        def draw(p, x, cy):
            cx = x + reach
            _place_symbol(p, "city", cx, cy)
            M.draw_holder(p, cx, cy, radius, sample, damaged, advanced)
            if engaged:
                M.draw_engagement_ring(p, cx, cy, radius)
            M.draw_badges(p, cx + M.ring_radius(radius) + 1.5, cy - M.BADGE_H_MM / 2, badges)

        return draw, 2 * reach + (M.badges_width(badges) + 1.5 - (reach - M.ring_radius(radius)) if badges else 0.0)

    def place_entry(name, note, badges=(), **marks):
        draw, w = place_swatch(badges, **marks)
        entry(draw, name, note, 2 * reach, max(sw, w))

    place_entry("Held by", "a ring in the holder's colour round the place")
    place_entry("Taken", "held by another than its country's ruler: the holder's label by it", [M.holder_badge(sample)])
    place_entry("Garrison", "its strength, when this view knows it (RC-3.8)", [M.garrison_badge(4, sample)])
    place_entry("Advanced fortifications", "a second ring (RC-3.9)", advanced=True)
    place_entry("Walled village", "a village given walls (RC-3.9)", [M.walled_badge()])
    place_entry("Damaged", "a broken ring: no walls count until repaired (RC-3.9)", [M.damaged_badge()], damaged=True)
    place_entry("Siege", "and the phases it has lasted (RC-4.10, RC-A.17)", [M.siege_badge(3, sample)])
    place_entry("Engagement", "waiting for both sides' choices or for its battle (RC-4.4): the sides, "
                "and Tabella 34's result once known", [M.engagement_badge({"phasing": sample.label, "other": "D"})], engaged=True)
    note = f"Map seed {cm.seed}; campaign view {view.get('schema', '')}".strip()
    blocks.append(Block(ns * 1.3 + 1.5, lambda p, x, y, w: _text(p, x, y + ns * 1.3, note, ns, fill=muted)))
    return blocks


def _owner_swatch(o: M.Owner):
    """A player's or neutral country's colour: its ground tint, its ring colour, its label."""
    def draw(p, x, cy):
        cx = x + 6
        _el(p, "rect", x=cx - 6, y=cy - 3.2, width=12, height=6.4, rx=0.6, fill=o.tint, stroke=o.color, stroke_width=0.6)
        badge = M.Badge(o.label, o.color, M.WHITE)
        M.draw_badges(p, cx - badge.width / 2, cy - M.BADGE_H_MM / 2, [badge])

    return draw
