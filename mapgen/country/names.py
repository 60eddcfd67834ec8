"""The names stage of a country map: every settlement gets a period Italian name.

It runs last, on the names' own generator derived from the seed
(:func:`mapgen.naming.names_rng`), so the dice log and every node, road and
crossing stay as they were.  Border and crossing points are road ends, not
places: they keep only their ids.  Every node keeps its id too ("A-15"): the
setup sheet and the rules name nodes by it, and the map prints the name.
"""

from __future__ import annotations

from ..dice import seed_to_int
from ..naming import Namer, load_table, names_rng
from .model import CountryMap

#: The kinds of node that are places with a name (``templates/names/italian.yaml`` has patterns for each).
NAMED_KINDS = ("capital", "city", "walled_village", "village", "fortress")


def name_settlements(cm: CountryMap) -> dict[str, str]:
    """A name for every settlement, node id -> name, none twice on the map; capitals choose first."""
    namer = Namer(names_rng(seed_to_int(cm.seed)))
    table = load_table("italian")
    g = cm.graph
    nodes = [n for n, d in g.nodes(data=True) if d["kind"] in NAMED_KINDS]
    nodes.sort(key=lambda n: g.nodes[n]["kind"] != "capital")
    return {n: namer.name(table, g.nodes[n]["kind"]) for n in nodes}
