"""A skirmish as plain data, and its JSON form (schema ``mapgen/skirmish``, version 1).

``warbands`` and each figure's ``type``, ``vc``, ``count``, ``wounds``, ``move_cm``, ``weapon`` and
``range_cm`` are a public contract (issue 28): fields may be added, none renamed.  The table is
written beside it as ``table.json`` (schema ``mapgen/battlefield``); ``skirmish.json`` repeats its
size, zones and features with the skirmish's reading of each (cover, sight, movement).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..battlefield.model import Battlefield, ring
from ..battlefield.sight import SightWall
from . import tables as T
from .table import TableFeature, wall_json
from .warbands import Warband

SCHEMA = "mapgen/skirmish"
VERSION = 1
#: The files of a skirmish folder, by what they hold (``files`` in ``skirmish.json`` lists those written).
TABLE_STEM = "table"
SHEET_STEM = "skirmish-setup"


@dataclass
class Skirmish:
    seed: int | str
    points_limit: int  # --points: each warband's total is the largest both can field up to it (SK-1)
    rulings: dict[str, str]  # ruling key -> choice (tables.RULINGS), every ruling present
    warbands: tuple[Warband, Warband]
    battlefield: Battlefield
    features: tuple[TableFeature, ...]
    walls: tuple[SightWall, ...]

    @property
    def points(self) -> int:
        return self.warbands[0].points

    def ruling(self, key: str) -> str:
        return self.rulings[key]

    def to_json(self, files: tuple[str, ...] = ()) -> dict:
        b = self.battlefield
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "generator": "mapgen skirmish",
            "seed": self.seed,
            "points_limit": self.points_limit,
            "rulings": [
                {"id": r.id, "option": r.key, "choice": self.rulings[r.key], "meaning": r.meaning(self.rulings[r.key])}
                for r in T.RULINGS
            ],
            "warbands": [w.to_json() for w in self.warbands],
            "table": {
                "file": f"{TABLE_STEM}.json",
                "seed": b.seed,
                "width_cm": b.width_cm,
                "depth_cm": b.depth_cm,
                "terrain": b.source.terrain,
                "deploys_first": b.scenario.deploys_first,
                "zones": [{"side": z.side, "label": z.label, "polygon": ring(z.polygon)} for z in b.scenario.zones],
                "features": [f.to_json(b) for f in self.features],
                "sight_walls": [wall_json(w) for w in self.walls],
                "notes": list(b.notes),
            },
            "files": list(files),
        }
