"""``mapgen campaign new DIR --rules renaissance``: a Renaissance campaign folder on a given or generated country map."""

from __future__ import annotations

from pathlib import Path

import click

from ..text import MAX_NAME, printable, text_problem
from .campaign import saveable


def new_renaissance(folder: Path, map_file, seed, countries, neutrals, sheet, players, ends, names, rules, formats, topology="abstract") -> None:
    """``campaign new DIR --rules renaissance``: the country map (given or generated), day one, the counters."""
    from .. import kit
    from ..atlas import add_to_kit
    from ..kit.fw_campaign import check_new_folder
    from ..renaissance.setup import new_campaign
    from ..kit.renaissance_campaign import write_campaign
    from ..renaissance.setup import parse_ends
    from ..renaissance.state import Options
    from ..jsonio import dumps
    from ..paper import get_paper
    from . import _run, _seed, given

    check_new_folder(folder)
    kit.target_folder(folder)
    counter_formats = tuple(f for f in (x.strip().lower() for x in formats.split(",")) if f)
    if any(f not in kit.COUNTER_FORMATS for f in counter_formats):
        raise click.BadParameter(f"{formats!r}: choose from {', '.join(kit.COUNTER_FORMATS)}", param_hint="--formats")
    try:
        end = parse_ends(ends)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--ends") from None
    if map_file is not None:
        from ..country.model import read_country_map

        wrong = given("countries", "neutrals", "sheet", "topology")
        if wrong:
            raise click.UsageError(f"{', '.join(wrong)}: options of a generated country map; with --map the map is given")
        kit.check_input_outside(map_file, folder, "--map")
        cm = read_country_map(map_file)
        map_bytes = map_file.read_bytes()
        seed = cm.seed if seed is None else _seed(None, None, seed)
    else:
        from .country import build_country_map

        seed = _seed(None, None, seed)
        cm = build_country_map(seed, countries or players or 2, neutrals, sheet, topology)
        map_bytes = dumps(cm.to_json()).encode("utf-8")
    chosen = {r: True for r in rules if r != "renaissance"}
    options = Options(**chosen) if chosen else None
    if options is not None and "banks" not in chosen:
        from ..renaissance.setup import BANKS_FROM_PLAYERS

        n = players or sum(not c.neutral for c in cm.countries)
        options = Options(banks=n >= BANKS_FROM_PLAYERS, **chosen)
    player_names = [n.strip() for n in names.split(",")] if names else None
    if player_names and not all(player_names):
        raise click.BadParameter(f"{printable(names)!r}: give the names comma-separated, none empty", param_hint="'--names'")
    for n, name in enumerate(player_names or (), start=1):
        problem = text_problem(name, MAX_NAME)
        if problem:
            raise click.BadParameter(f"name {n} {problem}", param_hint="'--names'")
    try:
        state = new_campaign(cm, map_bytes, seed, players, end, player_names, options)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    saveable(state)
    _run(folder, lambda o: (write_campaign(o, state, map_bytes, counter_formats, get_paper("a4-portrait"), country_map=cm), add_to_kit(o)))
