"""Several countries side by side on a grid of sheets, joined at border crossings (RC-1.7).

Each country is drawn on its own sheet by the road procedure
(``procedure.py``); the sheets sit side by side, as square as possible, and
``crossings.py`` marks the crossing points on every edge of every sheet and
joins the sheets that touch.
"""

from __future__ import annotations

import math

import networkx as nx

from ..dice import Dice
from ..errors import MapgenError
from ..grid import col_letters
from .crossings import join
from .model import TOPOLOGIES, Country, CountryMap
from .names import name_settlements
from .procedure import draw_country
from .rules import DEFAULT_SHEET, SHEETS, TAX, WALLS

MAX_COUNTRIES = 64

#: Period names for generated countries; the dice's generator deals them out.
COUNTRY_NAMES = (
    "Duchy of Valdarno", "Republic of Serravalle", "Marquisate of Montefeltro", "County of Roccalta",
    "Duchy of Belcastro", "Lordship of Pietrasanta", "Republic of Portovecchio", "Marquisate of Castelmonte",
    "County of Valfonda", "Duchy of Aurigo", "Signoria of Torrechiara", "Principality of Salvarosa",
    "Duchy of Montebruno", "Republic of Lagomare", "County of Fiorenzuola", "Marquisate of Ventimonti",
    "Lordship of Casalbordino", "Duchy of Orsara", "County of Bellagrande", "Republic of Acquaviva",
    "Duchy of Altavilla", "Marquisate of Rivalta", "County of Castrocaro", "Principality of Monterosso",
)

class CountryOptionError(ValueError):
    """A bad --countries / --neutrals / --sheet value (a usage error)."""


def check_options(countries: int, neutrals: int, sheet: str, topology: str = "abstract") -> None:
    if countries < 1:
        raise CountryOptionError(f"--countries must be at least 1, not {countries}")
    if countries > MAX_COUNTRIES:
        raise CountryOptionError(f"--countries must be at most {MAX_COUNTRIES}, not {countries}")
    if neutrals < 0:
        raise CountryOptionError(f"--neutrals cannot be negative ({neutrals})")
    if countries + neutrals > MAX_COUNTRIES:
        raise CountryOptionError(f"--countries plus --neutrals must be at most {MAX_COUNTRIES}, not {countries + neutrals}")
    if sheet.lower() not in SHEETS:
        raise CountryOptionError(f"unknown --sheet {sheet!r}: use one of {', '.join(SHEETS)}")
    if topology not in TOPOLOGIES:
        raise CountryOptionError(f"unknown --topology {topology!r}: use one of {', '.join(TOPOLOGIES)}")


def sheet_grid(total: int) -> tuple[int, int]:
    """Columns and rows of sheets: as square as possible, filled row by row."""
    cols = math.ceil(math.sqrt(total))
    return cols, math.ceil(total / cols)


def generate_countries(seed: int | str, countries: int = 1, neutrals: int = 0, sheet: str = DEFAULT_SHEET,
                       topology: str = "abstract") -> CountryMap:
    """The countries on their sheets, joined (RC-1.7, RC-A.5) the ``abstract`` way (default) or the ``grid`` way.

    Both roll and draw the same: the crossing lines between facing edges of
    neighbouring sheets and the exits off the map.  ``abstract`` adds only
    ``options.topology``, from which :meth:`CountryMap.crossing_links` makes
    every crossing point one step from every other country's; a ``grid`` map
    is byte for byte the map this function drew before the option existed.
    """
    check_options(countries, neutrals, sheet, topology)
    dice = Dice(seed)
    sw, sh = SHEETS[sheet.lower()]
    total = countries + neutrals
    cols, rows = sheet_grid(total)
    order = dice.rng.permutation(len(COUNTRY_NAMES)).tolist()
    g = nx.Graph()
    result: list[Country] = []
    notes: list[str] = []
    for i in range(total):
        cid = col_letters(i)
        col, row = i % cols, i // cols
        origin = (col * sw, row * sh)
        drawing = draw_country(dice, cid, sw, sh)
        name = COUNTRY_NAMES[order[i % len(COUNTRY_NAMES)]]
        if i >= len(COUNTRY_NAMES):
            name += f" {i // len(COUNTRY_NAMES) + 1}"
        country = Country(
            cid,
            name,
            i >= countries,
            (col, row),
            origin,
            [(x + origin[0], y + origin[1]) for x, y in drawing.border],
            drawing.capital,
        )
        for p in drawing.places.values():
            g.add_node(
                p.id,
                kind=p.kind,
                country=cid,
                pos=(p.pos[0] + origin[0], p.pos[1] + origin[1]),
                walls=WALLS[p.kind],
                income=TAX[p.kind],
                depth=p.depth,
                side=p.side,
                rule=p.rule,
                roll=p.roll,
            )
        for a, b in drawing.roads:
            g.add_edge(a, b, length_mm=math.dist(drawing.places[a].pos, drawing.places[b].pos), country=cid, crossing=False)
        notes += drawing.notes
        result.append(country)
    cm = CountryMap(seed, (sw, sh), (cols, rows), result, g, dice.log, notes)
    join(dice, cm)
    cm.options = {"countries": countries, "neutrals": neutrals, "sheet": sheet.lower(), "mode": "geometric (RC-1.6)"}
    if topology != "grid":  # a grid map keeps the bytes it had before the option (and an older file reads as grid)
        cm.options["topology"] = topology
    # Last, on its own generator: names change no node, road or roll.
    nx.set_node_attributes(cm.graph, name_settlements(cm), "name")
    if not nx.is_connected(cm.graph):  # pragma: no cover - every shared edge gets at least one crossing
        raise MapgenError("the countries' road networks did not join into one")
    return cm
