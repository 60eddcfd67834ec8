"""``mapgen export ...``: a campaign's maps and battlefields in the formats of the tools players already use.

Each format is a subcommand in a module of its own (virtual tabletops'
Universal VTT, VASSAL modules, GeoJSON), registered on this group; the
files are assembled by library code under :mod:`mapgen.exports`, so the
commands only read options and write through :mod:`mapgen.kit`.
"""

from __future__ import annotations

from . import cli


@cli.group("export")
def export():
    """Export maps, battlefields and counters to virtual tabletops (Universal VTT), VASSAL and GIS tools (GeoJSON)."""


# The formats' modules register their subcommands on ``export`` (imported here, so ``mapgen export --help`` lists them).
from . import export_dd2vtt  # noqa: E402,F401
from . import export_vassal  # noqa: E402,F401
from . import export_geojson  # noqa: E402,F401  (mapgen export geojson)
