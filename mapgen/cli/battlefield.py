"""The ``battlefield`` command: the table for the square where two forces made contact.

Its files are written by :func:`mapgen.kit.write_battlefield`, which ``mapgen new``
also uses for a battlefield on every holding square of a new campaign map.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from .. import kit
from ..errors import BadFileError
from ..render.plan_scale import PLAN_SCALES
from . import _run, cli, common_options

_TABLE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX*]\s*(\d+(?:\.\d+)?)\s*(cm|ft)?\s*$")
DEFAULT_PAPER = "A4"


def _table(ctx, param, value):
    if value is None:
        return None
    from ..battlefield.rules import CM_PER_FOOT, TABLE_LIMITS

    m = _TABLE.match(value)
    if not m:
        raise click.BadParameter(f"{value!r}: give width x depth in cm (180x120) or feet (6x4ft)")
    w, d = float(m.group(1)), float(m.group(2))
    if m.group(3) == "ft":
        w, d = w * CM_PER_FOOT, d * CM_PER_FOOT
    lo, hi = TABLE_LIMITS
    if not (lo <= d <= w <= hi):
        raise click.BadParameter(f"{value!r} is {w:g} x {d:g} cm: the long edge first, each side {lo} to {hi} cm")
    return (w, d)


def _scale(ctx, param, value):
    """None for ``auto`` (the largest standard scale that fits one sheet), else N of 1:N."""
    text = str(value).strip()
    if text.lower() == "auto":
        return None
    m = re.fullmatch(r"(?:1\s*:\s*)?(\d+(?:\.\d+)?)", text)
    if not m or not 1 <= float(m.group(1)) <= 100:
        raise click.BadParameter(f"{value!r}: give the plan scale as auto, 1:10 or 10 (1 to 100)")
    return float(m.group(1))


def _orders(ctx, param, value):
    from ..battlefield.scenarios import FORCE_STATES, STATE_ALIASES

    if not value:
        return {}
    out = {}
    for part in value.split(","):
        side, _, state = part.strip().partition("=")
        side, state = side.strip().upper(), STATE_ALIASES.get(state.strip().lower(), state.strip().lower())
        if side not in ("A", "B") or state not in FORCE_STATES:
            raise click.BadParameter(f"{part.strip()!r}: give SIDE=STATE with SIDE a or b and STATE one of {', '.join(FORCE_STATES)} (full_speed = max_speed)")
        if side in out:
            raise click.BadParameter(f"side {side} is given twice ({out[side]}, {state}): give each side's order once")
        out[side] = state
    return out


def _situation(ctx, param, value):
    from ..battlefield.scenarios import SITUATIONS, Situation

    if not value:
        return None
    kind, _, side = value.partition("=")
    kind, side = kind.strip().lower(), side.strip().upper()
    if kind not in SITUATIONS or side not in ("A", "B"):
        raise click.BadParameter(f"{value!r}: give KIND=SIDE with KIND one of {', '.join(SITUATIONS)} and SIDE a or b")
    return Situation(kind, side)


def _marks(ctx, param, value):
    from ..battlefield.generate import MARKS

    if not value:
        return frozenset()
    items = {v.strip().lower().replace("-", "_") for v in value.split(",") if v.strip()}
    bad = items - set(MARKS)
    if bad:
        raise click.BadParameter(f"{', '.join(sorted(bad))}: choose from {', '.join(MARKS)}")
    return frozenset(items)


@cli.command("battlefield")
@click.option("--map", "map_file", type=click.Path(dir_okay=False, path_type=Path), help="Campaign map (fw-map.json) the battle is fought on; needs --square.")
@click.option("--square", help="The square where the forces made contact, e.g. D5 (with --map).")
@click.option("--terrain", type=click.Choice(["plain", "hills", "mountain", "forest", "swamp", "desert", "cultivated", "uncultivated"]), help="Without a map: the square's terrain. Default: rolled (FW-11.2, FW-11.5).")
@click.option("--river", is_flag=True, help="Without a map: a river crosses the table (FW-10.5).")
@click.option("--road", is_flag=True, help="Without a map: a road crosses the table.")
@click.option("--bridge", is_flag=True, help="Without a map: the river has a bridge (needs --river).")
@click.option(
    "--scenario",
    type=click.Choice(["pitched", "raid", "breakthrough", "chance_encounter", "flank_attack", "ambush", "last_stand", "relief", "battle", "rear_guard", "auto"]),
    default="auto",
    show_default=True,
    help="Scenario (FW-23; battle and rear_guard: the Renaissance RC-4.7 and RC-4.8); auto chooses it from --orders and --situation, else a pitched battle.",
)
@click.option("--orders", callback=_orders, help="For auto: each force's campaign order or reaction, e.g. a=max_speed,b=defend (max_speed, full_speed, probe, defend, confused, unsteady).")
@click.option(
    "--situation",
    callback=_situation,
    help="For auto: KIND=SIDE with KIND counter_march, surrounded, relief, breakthrough or raid, e.g. counter_march=b; "
    "Renaissance: defender=SIDE (battle) or rear_guard=SIDE (rear-guard action).",
)
@click.option("--table", callback=_table, help="Table width x depth: 180x120 (cm) or 6x4ft. Default 180x120; 120x60 for a mountain square; 240x180 for relief.")
@click.option(
    "--scale",
    callback=_scale,
    default="auto",
    show_default=True,
    help=f"Plan scale: auto takes the largest of {', '.join(f'1:{n}' for n in PLAN_SCALES)} whose plan fits one sheet "
    "of --paper (either way round unless --paper names one); 1:N fixes it, tiled over several sheets if need be.",
)
@click.option("--udm", "udm_cm", type=click.FloatRange(0, 100, min_open=True), help="Renaissance scenarios: the tactical rules' measuring unit in cm (default 10) [DEV].")
@click.option("--mark", "marks", callback=_marks, help="Also mark hiding_places (MED-2) and/or landing_points (MED-6), comma-separated.")
@common_options("battlefield", paper=DEFAULT_PAPER)
def battlefield_cmd(map_file, square, terrain, river, road, bridge, scenario, orders, situation, table, scale, udm_cm, marks, seed, out, paper, formats):
    """Lay out the battlefield: terrain features, deployment zones, orders, a plan and a setup sheet."""
    from ..battlefield.generate import BattleOptions, generate_battlefield
    from ..battlefield.square import options_from_map

    common = dict(seed=seed, scenario=scenario, orders=orders, situation=situation, table=table, marks=marks, udm_cm=udm_cm)
    if map_file is not None:
        if not square:
            raise click.UsageError("--map needs --square (the square where the forces met, e.g. D5)")
        given = [n for n, v in (("--terrain", terrain), ("--river", river), ("--road", road), ("--bridge", bridge)) if v]
        if given:
            raise click.UsageError(f"{', '.join(given)}: the campaign map decides the terrain of square {square}; drop these options or --map")
        kit.check_input_outside(map_file, out, "--map")
        from ..fw.model import read_fw_map

        try:
            fw_map = read_fw_map(map_file)  # its errors name the file and the field
        except BadFileError as exc:
            raise click.UsageError(str(exc)) from None
        opts = options_from_map(fw_map, square, map_file.name, **common)
    else:
        if square:
            raise click.UsageError("--square needs --map (the campaign map the square belongs to)")
        if bridge and not river:
            raise click.UsageError("--bridge needs --river: a bridge without a river has no effect (FW-11.8)")
        opts = BattleOptions(terrain=terrain, river=river, road=road, bridge=bridge, **common)
    b = generate_battlefield(opts)
    _run(out, lambda o: kit.write_battlefield(b, o, formats, paper, scale))
