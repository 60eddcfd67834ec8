"""A battle's folder, ``battles/day-NN-SQUARE/``: the table, the scouting, the report form.

This is a side effect outside the pure core: the CLI calls :func:`write_pending`
after it has saved the state that created the battles.  Each folder is
written whole or not at all (:func:`mapgen.kit.write` stages it and swaps it
in), so a crash never leaves half a battle folder, and a folder already there
is left alone (the players may have filled its form in).

* ``battlefield.json/.svg/-setup.md``: the square's table from the battlefield
  generator (FW-10.5, FW-11.1), with the scenario the phase chose (FW-23) and
  a seed derived from the campaign seed, the day and the square, so the same
  battle always gets the same table;
* ``battle.md``: who fights, the scenario and why, what each force may do in
  the scouting test and its modifiers (FW-10.4: the scouting value itself is
  the base rules'), field works a Defend force may build (FW-5.2.1);
* ``report.yaml``: the form the players fill in (:mod:`.report`).
"""

from __future__ import annotations

import os
from pathlib import Path

from .. import safefs
from ..engine import Action
from ..errors import InfeasibleError
from ..setup_sheet import md_text
from ..campaign.battle import battle_forces, deployment_note, field_works, mixed_deployment, scenario_for, scouting, works_text
from ..campaign.board import Board
from ..campaign.report import form
from ..campaign.ruleset import RULESET
from ..campaign.state import CampaignState, Contact

#: Formats of the battlefield in a battle folder: the plan to print at home, its data and setup sheet.
#: The PDF is the plan players print, on one sheet of A4 at the largest standard scale that fits.
FORMATS = ("json", "svg", "pdf", "md")


def battle_seed(state: CampaignState, contact: Contact) -> str:
    return f"{state.seed}-day{contact.day}-{contact.square}"


def enter_line(campaign: str | Path, contact: Contact) -> str:
    """The command that enters this battle's filled-in form, from the directory the campaign folder was named in."""
    report = Path(campaign) / contact.folder / "report.yaml"
    return RULESET.command_line(Action(None, "battle", {"report": str(report)}), campaign)


def brief(state: CampaignState, contact: Contact, board: Board, table_note: str, enter: str | None = None) -> str:
    """``battle.md``: the battle in words, for the players at the table."""
    sides = battle_forces(state, contact)
    out = [f"# Battle at {md_text(contact.square)}, day {contact.day}", ""]
    out.append(f"Scenario: **{contact.scenario.replace('_', ' ')}** ({md_text(contact.why)}).")
    out.append("")
    for side in ("A", "B"):  # every name through md_text: a hand-edited state's name stays one line of text
        names = md_text(state.side(side).name)
        out.append(f"## Side {side} ({names})")
        for f in sides[side]:
            units = ", ".join(f"{md_text(u.id)} {u.figures} {u.quality} {md_text(u.type)}" for u in f.units)
            out.append(f"- {md_text(f.id)}, led by {md_text(f.leader.name)} (CV {f.leader.cv}), {f.state.replace('_', ' ')}: {units}")
        out.append("")
    out.append("## Scouting (FW-10.4)")
    if contact.scenario != "pitched":
        out.append("No scouting in this scenario (FW-23): time of day as when nobody scouts.")
    else:
        out.append("Each force's scouting value comes from the base rules; the campaign decides who may use it and the test's modifiers.")
        out += [f"- {s.text()}" for s in scouting(state, contact, board)]
    reacting = [n for fs in sides.values() for f in fs if (n := deployment_note(f))]
    if reacting:
        out += ["", "## Deployment of reacting forces (FW-10.6)"]
        out += [f"- {md_text(n)}" for n in reacting]
    works = field_works(state, contact)
    if works:
        out += ["", "## Field works (FW-5.2.1, optional)"]
        out += [f"- {works_text(*w)}" for w in works]
    enter = enter or f"mapgen campaign battle . --report {contact.folder}/report.yaml"
    out += ["", "## Table", table_note, "", f"Fill in `report.yaml` after the battle and enter it with `{enter}`.", ""]
    return "\n".join(out)


def write_battle(campaign: str | Path, state: CampaignState, contact: Contact, fw_map, board: Board, paper: str = "A4") -> Path:
    """Write one battle folder under the campaign folder; returns its path."""
    from ..battlefield.generate import generate_battlefield
    from ..battlefield.square import options_from_map
    from ..kit import write, write_battlefield
    from ..paper import get_paper

    target = safefs.new_folder_target(campaign, contact.folder)
    _name, _why, sit, orders = scenario_for(state, contact, board)
    opts = options_from_map(
        fw_map, contact.square, "fw-map.json", seed=battle_seed(state, contact), scenario=contact.scenario, orders=orders, situation=sit,
        deployment=mixed_deployment(state, contact),
    )
    b, failed = None, ""
    try:
        b = generate_battlefield(opts)
    except InfeasibleError as exc:  # a scenario the square's table cannot hold: the players set it up by hand
        failed = f"The battlefield generator could not lay this table out ({exc}); set it up by the rules."

    def produce(outputs) -> None:
        note = failed
        if b is not None:  # the plan's scale is known once it is drawn
            plan = write_battlefield(b, outputs, FORMATS, get_paper(paper))
            note = (
                f"`battlefield.pdf` (plan at 1:{plan.scale:g} on {plan.paper.label()}, to print), `battlefield.svg` "
                f"and `battlefield-setup.md`; seed {battle_seed(state, contact)}."
            )
        enter = enter_line(campaign, contact)
        outputs.write_text("battle.md", brief(state, contact, board, note, enter))
        outputs.write_text("report.yaml", form(state, contact, enter))

    write(target, produce)
    return target


def write_pending(campaign: str | Path, state: CampaignState, fw_map, board: Board) -> list[Path]:
    """The folders of the pending battles not written yet (an existing one may hold a filled form).

    Every target is checked before the first is written (:func:`mapgen.safefs.new_folder_target`).
    """
    todo = [c for c in state.pending if c.folder and not os.path.lexists(safefs.inside(campaign, c.folder))]
    for c in todo:
        safefs.new_folder_target(campaign, c.folder)
    return [write_battle(campaign, state, c, fw_map, board) for c in todo]
