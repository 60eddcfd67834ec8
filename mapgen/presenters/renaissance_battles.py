"""A Renaissance battle's folder, ``battles/year-Y-phase-K-NODE/``: the table and the sheet for the players.

When Tabella 34 gives ``BATTLE`` and both players ask to fight it on the
table (RC-A.33), the engagement waits in ``state.engagements`` for its result
(RC-4.7).  This is a side effect outside the pure core, as in the Fantasy
Warriors engine (:mod:`mapgen.presenters.fw_battles`): the file layer calls
:func:`write_pending` after it has saved the state that made the battle.
Each folder is written whole or not at all (:func:`mapgen.kit.write` stages
it and swaps it in), and a folder already there is left alone.

* ``battlefield.json/.svg/.pdf/-setup.md``: the table from the battlefield
  generator, a Renaissance battle (RC-4.7) or a rear-guard action laid out
  along the table's length (RC-4.8), seeded from the campaign seed and the
  engagement (year, phase, node), so the same engagement always gets the
  same table;
* ``battle.md``: the node, the two sides, who defends, the companies that
  take part, the deployment zones in udm and cm, how the battle is won and
  how to enter its result.

The campaign map gives no terrain (RC-1), so what stands on the table is
this module's choice, tagged [DEV] below.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .. import safefs
from ..battlefield.renaissance import REAR_GUARD_ATTACKER_UDM, REAR_GUARD_BAND_UDM, udm
from ..engine import Action
from ..errors import InfeasibleError
from ..setup_sheet import md_text
from ..renaissance.ruleset import RULESET
from ..renaissance.state import Company, PendingEngagement, RenaissanceState

#: Formats of the battlefield in a battle folder: the plan to print (PDF), its drawing, data and setup sheet.
FORMATS = ("json", "svg", "pdf", "md")
#: Tabella 34's result that may be fought on the table (RC-4.5, RC-4.7).
BATTLE = "BATTLE"
#: [DEV] The campaign map gives no terrain (RC-1): every table is the generator's open plain, with the
#: base-rules woods, hillocks and marshes it fills a plain with.
TERRAIN = "plain"
#: [DEV] Every node lies on a road (RC-1.5), so a road crosses every table.
ROAD = True
#: [DEV] Nodes whose settlement stands on the table, as the generator's village (houses and low walls):
#: for a city, a capital or a fortress its outskirts, since a battle is fought in the field and walls
#: matter only to a siege (RC-4.10).  Border and crossing points are open country.
SETTLEMENT_KINDS = ("capital", "city", "fortress", "village", "walled_village")
#: [DEV] The standard 6 x 4 ft table (180 x 120 cm): the campaign rules give none (RC-0.3).
TABLE_CM = (180.0, 120.0)
#: [DEV] The phasing side is side A on the plan (the near long edge), the other side B.
SIDE_OF = {"phasing": "A", "other": "B"}
#: The battlefield generator was built for Fantasy Warriors: its feature notes quote those rules.
FEATURE_NOTE = (
    "The notes in `battlefield-setup.md` quote the Fantasy Warriors rules the generator was made for: "
    "play each feature as the tactical rules play its kind, open, difficult or impassable as the plan marks it."
)
KIND_WORDS = {"walled_village": "walled village", "border": "border point", "crossing": "crossing point"}


@dataclass(frozen=True)
class BattleSide:
    """One side of a table battle: who plays it, what it does in the engagement, and its companies there."""

    letter: str  # "A" or "B" on the plan
    seat: str  # a player seat, or a neutral country id
    name: str  # the player's name, or the neutral country's
    country: str  # the country's name
    roles: tuple[str, ...]
    companies: tuple[tuple[str, Company], ...]  # (army id or "garrison", company)
    note: str = ""

    @property
    def strength(self) -> int:
        return sum(c.strength for _, c in self.companies)

    def words(self) -> str:
        """``P1 Alfonso of Mantua``; a neutral country is its name alone (``V Venice``)."""
        return f"{self.seat} {self.name}" + (f" of {self.country}" if self.country != self.name else "")


def is_table_battle(engagement: PendingEngagement) -> bool:
    """A ``BATTLE`` that both sides asked to fight on the table (RC-A.33): it waits for a ``TableBattle``."""
    return engagement.result == BATTLE and {engagement.phasing, engagement.other} <= set(engagement.on_table)


def battle_folder_name(state: RenaissanceState, engagement: PendingEngagement) -> str:
    """``battles/year-1-phase-3-B-4``: one table battle per node a phase waits for its result, so the name is unique.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> battle_folder_name(SimpleNamespace(year=1, phase=3), PendingEngagement("B-4", "P1", "P2"))
    'battles/year-1-phase-3-B-4'
    """
    return f"battles/year-{state.year}-phase-{state.phase}-{engagement.node}"


def battle_seed(state: RenaissanceState, engagement: PendingEngagement) -> str:
    """The battlefield's seed: the campaign seed and the engagement (year, phase, node)."""
    return f"{state.seed}-year{state.year}-phase{state.phase}-{engagement.node}"


def rear_guard_ids(engagement: PendingEngagement) -> tuple[str, ...]:
    """The withdrawing side's rear-guard companies (RC-4.8); empty when there is no rear-guard action."""
    if engagement.rear_guard is None:
        return ()
    return engagement.phasing_rear_guard if engagement.rear_guard == engagement.phasing else engagement.other_rear_guard


def companies_in_battle(state: RenaissanceState, engagement: PendingEngagement, seat: str) -> tuple[tuple[str, Company], ...]:
    """``seat``'s companies that fight: its armies at the node, only the rear guard's if it withdraws (RC-A.14).

    [DEV] A side with no army there (a neutral country) fights with the garrison of its place at the node.
    """
    armies = [a for a in state.armies_at(engagement.node) if a.owner == seat]
    out = tuple((a.id, c) for a in armies for c in a.companies)
    if seat == engagement.rear_guard:
        keep = set(rear_guard_ids(engagement))
        return tuple((where, c) for where, c in out if c.id in keep)
    place = state.place(engagement.node)
    if not armies and place is not None and place.owner == seat:
        return tuple(("garrison", c) for c in place.garrison)
    return out


def battle_sides(state: RenaissanceState, engagement: PendingEngagement, country_map) -> tuple[BattleSide, BattleSide]:
    """Side A (the phasing seat) and side B (the other), with their roles and companies."""
    sides = []
    for which in ("phasing", "other"):
        seat = getattr(engagement, which)
        if seat in state.neutrals:
            name = country = country_map.country(seat).name
            roles = ["neutral, played by the referee (RC-A.21)"]
        else:
            player = state.player(seat)
            name, country = player.name, country_map.country(player.country).name
            roles = []
        roles.insert(0, "moved in: the phasing side (RC-4.4)" if which == "phasing" else "was at the node")
        if engagement.rear_guard == seat:
            roles.append("withdraws: fights a rear-guard action (RC-4.8)")
        elif engagement.rear_guard is not None:
            roles.append("the attacker")
        if engagement.defender == seat:
            roles.append("the defender (Tabella 34)")
        note = ""
        if seat == engagement.rear_guard and not rear_guard_ids(engagement):
            note = "No rear guard was chosen: choose companies of at most a third of the army's strength (RC-4.8)."
        sides.append(BattleSide(SIDE_OF[which], seat, name, country, tuple(roles), companies_in_battle(state, engagement, seat), note))
    return sides[0], sides[1]


def battle_options(state: RenaissanceState, engagement: PendingEngagement, country_map, udm_cm: float | None = None):
    """The battlefield generator's options for this engagement (its ground, scenario and seed)."""
    from ..battlefield.options import BattleOptions
    from ..battlefield.scenarios import Situation

    a, b = battle_sides(state, engagement, country_map)
    letter = {a.seat: a.letter, b.seat: b.letter}
    if engagement.rear_guard is not None:
        scenario, situation = "rear_guard", Situation("rear_guard", letter[engagement.rear_guard])
    else:
        scenario = "battle"
        situation = Situation("defender", letter[engagement.defender]) if engagement.defender in letter else None
    kind = country_map.graph.nodes[engagement.node]["kind"]
    return BattleOptions(
        seed=battle_seed(state, engagement),
        terrain=TERRAIN,
        road=ROAD,
        works=("village",) if kind in SETTLEMENT_KINDS else (),
        scenario=scenario,
        situation=situation,
        table=TABLE_CM,
        map_name=state.map.path,
        square=engagement.node,
        udm_cm=udm_cm,
        names={s.letter: s.words() for s in (a, b)},
    )


def write_engagement_battle(outputs_or_folder, state: RenaissanceState, engagement: PendingEngagement, country_map, paper: str = "A4", udm_cm: float | None = None) -> Path:
    """Write the battle folder of a table battle; returns its path.

    ``outputs_or_folder`` is a :class:`mapgen.kit.Outputs` being staged (the
    files go under :func:`battle_folder_name` in it), or the campaign folder
    (the battle folder is staged on its own and swapped in whole).  ``udm_cm``:
    the tactical rules' unit in cm (the battlefield's ``UDM_CM`` [DEV] if None).
    Raises ValueError for an engagement that is not a table battle.
    """
    from ..battlefield.generate import generate_battlefield
    from ..kit import Outputs, write, write_battlefield
    from ..paper import get_paper

    if not is_table_battle(engagement):
        raise ValueError(f"the engagement at {engagement.node} is no battle both sides fight on the table (RC-4.7, RC-A.33)")
    folder = battle_folder_name(state, engagement)
    opts = battle_options(state, engagement, country_map, udm_cm)
    b, failed = None, ""
    try:
        b = generate_battlefield(opts)
    except InfeasibleError as exc:  # e.g. a udm too long for the table: the players lay it out by hand
        failed = f"The battlefield generator could not lay this table out ({exc}); set it up by the rules."

    def produce(outputs, prefix: str) -> None:
        note = failed
        if b is not None:  # the plan's scale is known once it is drawn
            plan = write_battlefield(b, outputs, FORMATS, get_paper(paper), stem=f"{prefix}battlefield")
            note = (
                f"Print `battlefield.pdf` (plan at 1:{plan.scale:g} on {plan.paper.label()}); `battlefield-setup.md` places "
                f"every feature; `battlefield.svg` is the same plan to edit. Seed {md_text(opts.seed)}."
            )
        outputs.write_text(f"{prefix}battle.md", battle_sheet(state, engagement, country_map, b, note, udm_cm, campaign))

    campaign = outputs_or_folder.out if isinstance(outputs_or_folder, Outputs) else outputs_or_folder
    if isinstance(outputs_or_folder, Outputs):
        produce(outputs_or_folder, f"{folder}/")
        return Path(folder)
    target = safefs.new_folder_target(outputs_or_folder, folder)
    write(target, lambda outputs: produce(outputs, ""))
    return target


def write_pending(campaign, state: RenaissanceState, country_map, paper: str = "A4", udm_cm: float | None = None) -> list[Path]:
    """The folders of the table battles waiting for a result that have none yet (an existing one is left alone)."""
    todo = [e for e in state.engagements if is_table_battle(e) and not os.path.lexists(safefs.inside(campaign, battle_folder_name(state, e)))]
    for e in todo:  # every target checked before the first is written
        safefs.new_folder_target(campaign, battle_folder_name(state, e))
    return [write_engagement_battle(campaign, state, e, country_map, paper, udm_cm) for e in todo]


# --- battle.md ------------------------------------------------------------------------------------


def node_words(engagement: PendingEngagement, country_map) -> str:
    """``A-4, Castel Goffredo, a village of Milan``: the node as the players find it on their map."""
    data = country_map.graph.nodes[engagement.node]
    kind = KIND_WORDS.get(data["kind"], data["kind"])
    name = data.get("name")
    country = country_map.country(data["country"]).name if data.get("country") else None
    where = f"a {kind}" + (f" of {country}" if country else "")
    return ", ".join(x for x in (engagement.node, name, where) if x)


def ground_words(engagement: PendingEngagement, country_map) -> str:
    kind = country_map.graph.nodes[engagement.node]["kind"]
    if kind in SETTLEMENT_KINDS:
        walls = "" if kind in ("village",) else "; its walls count only in a siege (RC-4.10), not in a battle in the field"
        return f"Open plain with the road and the {KIND_WORDS.get(kind, kind)} on the table: the village of houses and low walls stands for it [DEV]{walls}."
    return "Open country: a plain with the road across it [DEV]."


def battle_sheet(state: RenaissanceState, engagement: PendingEngagement, country_map, b, table_note: str, udm_cm: float | None = None,
                 campaign=".") -> str:  # fmt: skip
    """``battle.md``: the battle in words, for the players at the table."""
    a, o = battle_sides(state, engagement, country_map)
    rear = engagement.rear_guard is not None
    what = "Rear-guard action" if rear else "Battle"
    out = [f"# {what} at {md_text(node_words(engagement, country_map))}", ""]
    out.append(f"Year {state.year}, summer phase {state.phase}. Tabella 34 gave a battle (RC-4.5) and both sides asked to fight it on the table (RC-A.33).")
    out.append("")
    out += ["## The sides", "", "| Plan | Seat | Player | Country | Strength | In the engagement |", "|---|---|---|---|---|---|"]
    for s in (a, o):
        out.append(f"| side {s.letter} | {s.seat} | {md_text(s.name, in_cell=True)} | {md_text(s.country, in_cell=True)} | {s.strength} | {'; '.join(s.roles)} |")
    out.append("")
    by_seat = {s.seat: s for s in (a, o)}
    if engagement.defender in by_seat:
        out.append(f"Defender: **{md_text(by_seat[engagement.defender].words())}**, side {by_seat[engagement.defender].letter} (Tabella 34, RC-4.5).")
    else:
        out.append("Defender: none. Both sides attacked, so the tactical rules decide who attacks and who defends (Tabella 34, RC-4.5).")
    out += ["", "## Companies taking part", ""]
    for s in (a, o):
        out.append(f"### Side {s.letter}: {md_text(s.words())}, strength {s.strength}")
        out.append("")
        if s.seat == engagement.rear_guard:
            out += ["Only the rear guard fights; the rest of the army has withdrawn and takes no part (RC-A.14).", ""]
        if s.note:
            out += [s.note, ""]
        if s.companies:
            out += ["| Company | Army | Type | Kind | Strength |", "|---|---|---|---|---|"]
            out += [f"| {c.id} | {where} | {c.type.replace('_', ' ')} | {c.kind} | {c.strength} |" for where, c in s.companies]
        else:
            out.append("No companies at the node.")
        out.append("")
    out += ["## The table", "", ground_words(engagement, country_map), "", table_note, "", FEATURE_NOTE, ""]
    if b is not None:
        from ..battlefield.setup_sheet import zone_text

        letters = {s.letter: s for s in (a, o)}
        out += ["| Side | Deploys | Where (cm: x from the left short edge, y from side A's long edge) |", "|---|---|---|"]
        for z in b.scenario.zones:
            out.append(f"| {z.side}: {md_text(letters[z.side].seat, in_cell=True)} | {md_text(z.label, in_cell=True)} | {zone_text(z.polygon)} |")
        out += ["", f"Side {b.scenario.deploys_first} deploys first.", ""]
    out += ["## Who wins", ""]
    if rear:
        r, at = by_seat[engagement.rear_guard], (o if by_seat[engagement.rear_guard] is a else a)
        u = udm(udm_cm)
        lo, hi = REAR_GUARD_BAND_UDM
        out.append(
            f"Played along the table's length (RC-4.8): {at.seat} deploys within {REAR_GUARD_ATTACKER_UDM} udm of the left short edge, "
            f"{r.seat}'s rear guard {lo} to {hi} udm from it (1 udm = {u:g} cm [DEV]), and tries to leave by the right short edge."
        )
        out.append("")
        out.append(
            f"{r.seat} wins if more of its rear-guard companies leave by the right short edge than {at.seat} routs, destroys or captures; "
            f"otherwise {at.seat} wins (RC-4.8). Losses come only from the rear guard, and the whole army then falls back (RC-A.14)."
        )
    else:
        out.append("The tactical rules decide who won (RC-A.13). The loser falls back to an adjacent node with no enemy, or is captured (RC-4.9).")
    out += ["", "## Entering the result", ""]
    example = next((c.id for s in (o, a) for _, c in s.companies), "P2-c3")
    out.append("After the battle each player counts the companies that routed, were captured or were destroyed: they are lost (RC-4.7). Enter the result, e.g.:")
    enter = RULESET.command_line(Action(None, "table_battle", {"node": engagement.node, "winner": a.seat, "lost": [example]}), campaign)
    out += ["", "```", enter, "```", ""]
    out.append(f"`--winner` is the seat that won ({a.seat} or {o.seat}); `--lost` lists every lost company of both sides, by id, comma-separated.")
    out.append("")
    return "\n".join(out)
