"""``mapgen export geojson``: a campaign map, a country map or a campaign as one GeoJSON FeatureCollection (RFC 7946).

What it reads (:func:`read_source`): ``fw-map.json``, ``country.json``, or a
folder holding one of them; a campaign folder (``campaign.json`` with its map
copy, either rule set) adds the state: who holds each holding or place and
where the forces or armies stand, seen as one side may see it (``side``, the
engine's own per-side view) or, by default, as the referee does.

What it writes (:func:`geojson_text`): one FeatureCollection, one feature a
line, so the same input always gives the same bytes and a diff of two days of
a campaign shows the features that changed.  Positions follow
:mod:`.geojson_shapes` (1 mm = 0.001°, the map's centre at 0° N 0° E, six
decimals); the features of each map are described in
:mod:`.geojson_fw` and :mod:`.geojson_country`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from .. import safefs
from ..collector import collector_paused
from ..errors import BadFileError
from ..jsonio import parse, read_text, write_atomic
from .geojson_shapes import DECIMALS, DEGREES_PER_MM, FeatureText

#: The files a folder may hold, in the order they are looked for: a campaign first (it names its map).
CAMPAIGN_FILE, FW_MAP_FILE, COUNTRY_FILE = "campaign.json", "fw-map.json", "country.json"
FW_MAP, COUNTRY = "mapgen/fw-map", "mapgen/country"
#: The ``schema`` field sits first in every mapgen file: read from the head, a wrong file costs no full parse.
_SCHEMA_FIELD = re.compile(r'^\s*\{\s*"schema"\s*:\s*"([^"\\]{1,80})"')
#: One encoder for every line (``json.dumps`` with options builds a new one each call).
_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
#: The foreign member naming the export's own version (RFC 7946 §6.1).
EXPORT = {"export": "mapgen/geojson", "version": 1, "degrees_per_mm": DEGREES_PER_MM, "decimals": DECIMALS, "centre": [0, 0]}


class ExportError(BadFileError):
    """An input that is no map mapgen exports, or a side it does not have; the message says which."""


@dataclass
class Source:
    """What one export reads: a map, and for a campaign its loaded folder (``session.Loaded``)."""

    path: Path
    schema: str  # the map's kind: FW_MAP (a campaign map's grid) or COUNTRY (a country map's roads)
    map: object  # FwMap or CountryMap
    loaded: object | None = None  # a campaign on that map: its rule set says who sees what

    @property
    def inputs(self) -> tuple[Path, ...]:
        """The files the export reads, which it must never write over."""
        if self.loaded is None:
            return (self.path,)
        return (self.path / CAMPAIGN_FILE, self.path / self.loaded.ruleset.map_file)

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides (Fantasy Warriors) or player seats (Renaissance) whose view ``side`` may ask for; none without a campaign."""
        return () if self.loaded is None else self.loaded.ruleset.seats(self.loaded.state)

    def view(self, side: str | None) -> dict | None:
        """The campaign as ``side`` may know it (its rule set's view); None for a map alone."""
        return None if self.loaded is None else self.loaded.ruleset.view(self.loaded.state, side, self.loaded.board)


def _read_fw(path):
    from ..fw.model import read_fw_map

    return read_fw_map(path)


def _read_country(path):
    from ..country.model import read_country_map

    return read_country_map(path)


#: The map kinds GeoJSON draws, by their files' ``schema``: a campaign's map copy is one of these.
READERS = {FW_MAP: _read_fw, COUNTRY: _read_country}


def _is_campaign(schema: str) -> bool:
    """Whether some registered rule set keeps its state under this schema."""
    from ..engine import of_schema

    return of_schema(schema) is not None


def read_source(path: str | Path) -> Source:
    """The map or campaign at ``path`` (a file or a folder), checked as every mapgen command checks it.

    Raises :class:`~mapgen.errors.BadFileError` naming the file and the field.
    """
    with collector_paused():
        return _read_source(path)


def _read_source(path: str | Path) -> Source:
    path = Path(path)
    if path.is_dir():
        found = next((p for p in (safefs.real_file(path, n) for n in (CAMPAIGN_FILE, FW_MAP_FILE, COUNTRY_FILE)) if p is not None), None)
        if found is None:
            raise ExportError(f"{path}: no {CAMPAIGN_FILE}, {FW_MAP_FILE} or {COUNTRY_FILE} in this folder")
        path = found
    schema = _schema_of(path)
    if schema and _is_campaign(schema):
        from ..session import load

        loaded = load(path.parent)
        map_path = _map_in(path.parent, loaded.ruleset.map_file)
        kind = _schema_of(map_path)
        if kind not in READERS:
            raise ExportError(f"{map_path}: a {loaded.ruleset.title} campaign's map, which GeoJSON export does not draw")
        return Source(path.parent, kind, READERS[kind](map_path), loaded)
    if schema == FW_MAP:
        from ..fw.model import read_fw_map

        return Source(path, FW_MAP, read_fw_map(path))
    if schema == COUNTRY:
        from ..country.model import read_country_map

        return Source(path, COUNTRY, read_country_map(path))
    raise ExportError(
        f"{path}: field 'schema' is {json.dumps(schema) if schema else 'missing'}; mapgen exports a campaign map "
        f"({FW_MAP}), a country map ({COUNTRY}) or a campaign folder"
    )


def build(source: Source, side: str | None = None, text: bool = False) -> dict:
    """The FeatureCollection of ``source``, as ``side`` may see it (None: everything, the referee's view).

    With ``text`` a campaign map's squares come already written, as :class:`~.geojson_shapes.FeatureText`
    lines: for :func:`geojson_text` and :func:`layer_counts` only, and several times faster on a big map.
    """
    with collector_paused():
        return _build(source, side, text)


def _build(source: Source, side: str | None, text: bool) -> dict:
    if side is not None and side not in source.sides:
        have = f"its sides are {', '.join(source.sides)}" if source.sides else "only a campaign folder has sides"
        raise ExportError(f"{source.path}: no side {side!r} to show ({have})")
    view = source.view(side)
    if source.schema == FW_MAP:
        from .geojson_fw import fw_features, fw_metadata

        if source.loaded is not None:
            land = source.loaded.board.squares
        else:
            land = None  # read off the map
        proj, features = fw_features(source.map, land, view, text)
        meta, title = fw_metadata(source.map, view), f"Campaign map, seed {source.map.seed}"
    else:
        from .geojson_country import country_features, country_metadata

        proj, features = country_features(source.map, view)
        meta, title = country_metadata(source.map, view), f"Country map, seed {source.map.seed}"
    if side is not None:
        title += f", as side {side} sees it"
    meta = {**EXPORT, "source": source.path.name, "size_mm": [proj.width_mm, proj.height_mm], **meta}
    return {"type": "FeatureCollection", "name": title, "bbox": proj.bbox(), "mapgen": meta, "features": features}


def export_geojson(path: str | Path, side: str | None = None) -> dict:
    """:func:`build` of :func:`read_source`: the map or campaign at ``path`` as a FeatureCollection."""
    return build(read_source(path), side)


def geojson_text(collection: dict) -> str:
    """Stable text: the collection's members, then one feature a line (compact, UTF-8), so equal data is equal bytes.

    Features given as text (:class:`~.geojson_shapes.FeatureText`) are those lines already.
    """
    head = {k: v for k, v in collection.items() if k != "features"}
    lines = [f if isinstance(f, str) else _json(f) for f in collection["features"]]
    opening = _json(head)[:-1]
    return opening + ',"features":[\n' + ",\n".join(lines) + "\n]}\n"


def layer_counts(collection: dict) -> dict[str, int]:
    """How many features each layer has, in the order the layers come."""
    counts: dict[str, int] = {}
    for f in collection["features"]:
        layer, n = (f.layer, f.count) if isinstance(f, FeatureText) else (f["properties"]["layer"], 1)
        counts[layer] = counts.get(layer, 0) + n
    return counts


def default_out(source: Source, side: str | None = None) -> Path:
    """Beside the input: ``fw-map.geojson`` next to ``fw-map.json``, ``campaign.geojson`` (``campaign-A.geojson``) in a campaign folder."""
    if source.loaded is not None:
        return source.path / f"campaign{'-' + side if side else ''}.geojson"
    return source.path.with_suffix(".geojson")


def write_geojson(collection: dict, out: str | Path) -> Path:
    """Write the collection to ``out`` atomically (a reader never sees half a file)."""
    return write_atomic(out, geojson_text(collection))


def _map_in(folder: Path, name: str) -> Path:
    """A campaign's map file: a real file in its folder (a link planted there is refused, never followed)."""
    return safefs.real_file(folder, name) or folder / name  # a missing one: its reader says so


def _schema_of(path: Path) -> str | None:
    text = read_text(path)
    found = _SCHEMA_FIELD.match(text[:400])
    if found:
        return found.group(1)
    data = parse(text, str(path))  # a hand-made file may put its schema anywhere, or be no JSON at all
    return data.get("schema") if isinstance(data, dict) and isinstance(data.get("schema"), str) else None
