"""The Napoleonic battle's own part of the command line: how ``campaign new`` and ``campaign simulate`` start it.

``campaign new DIR --rules napoleonic [--roster A=FILE,B=FILE] [--tables FILE]
[--attacker A|B] [--seed S]`` writes ``campaign.json`` (both armies off the
board, waiting for the secret deployment) and the field file (the board and
the tables in play).  The commands that play it are the CLI's, for every
rule set.
"""

from __future__ import annotations

from pathlib import Path

import click

from .. import kit
from ..campaign_files import check_new_folder
from ..engine.registry import named
from ..jsonio import dumps
from ..kit import default_folder_name
from ..napoleonic import simulate as sim
from ..napoleonic import store
from ..napoleonic.armies import default_army, roster_army
from ..napoleonic.tables import DEFAULT_TABLES, read_tables
from ..engine.hints import say_lines
from ..session.folder import CAMPAIGN_FILE
from . import _run, _seed, cpu_workers
from .campaign import Refused
from .campaign_options import chosen_dice_seed

#: The options of ``campaign new`` only a Napoleonic battle takes (``--roster`` it shares with Fantasy Warriors).
NEW_OPTIONS = ("roster", "tables", "attacker")
#: The options of ``campaign simulate`` only a Napoleonic run takes.
SIM_OPTIONS = ("tables",)
KIT_OPTIONS = ()


def _armies(rosters: dict[str, Path]):
    return tuple(roster_army(side, rosters[side]) if side in rosters else default_army(side) for side in ("A", "B"))


def new(folder: Path, p: dict, rules: tuple[str, ...]) -> None:
    """``campaign new DIR --rules napoleonic``: the two armies, the field and its tables, the battle before deployment."""
    check_new_folder(folder)
    kit.target_folder(folder)
    for path in (p.get("roster") or {}).values():
        kit.check_input_outside(path, folder, "--roster")
    armies = _armies(p.get("roster") or {})
    tables = read_tables(p["tables"]) if p.get("tables") else DEFAULT_TABLES
    attacker = (p.get("attacker") or "A").upper()
    seed = _seed(None, None, p.get("seed"))
    field = store.field_bytes(tables)
    state = store.new_state(seed, field, attacker, armies, chosen_dice_seed(p))
    text = store.dumps_state(state)
    store.read_state(text, CAMPAIGN_FILE)  # never write a battle that would not read back

    def produce(outputs):
        outputs.path(store.FIELD_FILE).write_bytes(field)
        outputs.write_text(CAMPAIGN_FILE, text)
        for name in presenter.new_outputs(outputs.staging, state):
            outputs.path(name)  # listed with the folder's files
        presenter.write_outputs(outputs.staging, state, board)  # the printable board (NAP-2.2), beside the battle

    ruleset = named("napoleonic")
    presenter = ruleset.present()
    board = store.field_from_bytes(field, store.FIELD_FILE)
    _run(folder, produce)
    click.echo(f"Napoleonic battle (seed {seed}): side {attacker} attacks; tables: {tables.source}")
    for line in say_lines(ruleset, state, board, folder):
        click.echo(line)


def simulate(p: dict, rules: tuple[str, ...]) -> None:
    """``campaign simulate --rules napoleonic --games N``: bots fight N battles; who won, and what each unit type did."""
    if p.get("map_file") is not None:
        raise Refused("--map: a Napoleonic battle is fought on its fixed field (NAP-2.2); it takes no map")
    if p.get("scheduler"):
        raise Refused("--scheduler: a Napoleonic run plays on this machine's processes (--workers); it has no cluster runner")
    tables = read_tables(p["tables"]) if p.get("tables") else DEFAULT_TABLES
    seed = _seed(None, None, p.get("seed"))
    bots = tuple(p["bots"]) if p.get("bots") else sim.DEFAULT_BOTS
    try:
        sim.check_bots(bots)
    except ValueError as exc:
        raise Refused(str(exc)) from None
    out = p.get("out") or Path("output") / default_folder_name("simulate", seed)
    doc = sim.report(sim.simulate(seed, p["games"], tables, bots, cpu_workers(p.get("workers"))), seed, tables, bots)
    _run(Path(out), lambda outputs: (outputs.write_text(sim.REPORT_JSON, dumps(doc)), outputs.write_text(sim.REPORT_MD, sim.markdown(doc))))
