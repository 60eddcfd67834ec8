"""The setup sheet's content as plain blocks of lines and tables, read by the Markdown and PDF writers.

Decided once here, so ``skirmish-setup.md`` and ``skirmish-setup.pdf`` say the same things: each
warband figure by figure (VC, SK-1; wounds, SK-8; move, SK-6; weapon and range, SK-4), the table's
features as a skirmisher reads them, and the rules in force with the SK-A choices made.  Every
value comes from the result or from :mod:`.tables`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..battlefield.model import EDGE_LABELS
from ..battlefield.scenarios import SKIRMISH_BAND_CM
from . import tables as T
from .model import SHEET_STEM, TABLE_STEM, Skirmish
from .warbands import FigureGroup, Warband

#: What a sight wall's reason means at the table.
SIGHT_WORDS = {"woods": "blocks sight (woods)", "building": "blocks sight (building)", "impassable": "blocks sight (impassable)",
               "crest": "crest blocks sight"}  # fmt: skip


@dataclass(frozen=True)
class Block:
    """One section: a heading, lines of text, and an optional table (column titles, then rows)."""

    heading: str
    lines: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    after: tuple[str, ...] = ()  # lines under the table


def title(s: Skirmish) -> str:
    a, b = s.warbands
    return f"Skirmish: {race(a.race)} (side A) against {race(b.race)} (side B), seed {s.seed}"


def race(key: str) -> str:
    return key.replace("_", " ")


def _range(g: FigureGroup) -> str:
    return "-" if g.range_cm is None else f"{g.range_cm} cm"


def figure_notes(g: FigureGroup) -> str:
    weapon = T.WEAPONS[g.weapon]
    notes = []
    if g.attacks > 1:
        notes.append(f"{g.attacks} attacks (SK-7)")
    if weapon.key == "spell":
        notes.append("casts spells (SK-5)")
    if weapon.reloads:
        notes.append("reloads a turn after firing (SK-3)")
    if weapon.rule != "SK-4" and weapon.range_cm is not None and weapon.key != "spell":
        notes.append(f"range {weapon.rule}")
    if g.move_rule != "SK-6" or g.moves_as != T.TROOPS[g.type].moves_as:
        notes.append(f"moves as {g.moves_as} ({g.move_rule})")
    if g.vc == 7:
        notes.append("wounds SK-A.5")
    return "; ".join(notes)


def warband_block(w: Warband) -> Block:
    rows = tuple(
        (g.name, T.TROOPS[g.type].label, str(g.count), str(g.vc), str(g.points), str(g.wounds), f"{g.move_cm} cm",
         T.WEAPONS[g.weapon].label, _range(g), figure_notes(g))
        for g in w.figures
    )  # fmt: skip
    total = ("Total", "", str(w.figure_count), "", str(w.points), "", "", "", "", "")
    return Block(
        f"Side {w.side}: {race(w.race)}, {w.points} points, {w.figure_count} figures",
        columns=("Figure", "Type", "No.", "VC", "Pts", "Wounds", "Move", "Weapon", "Range", "Notes"),
        rows=rows + (total,),
    )


def table_block(s: Skirmish) -> Block:
    b = s.battlefield
    rows = tuple(
        (str(f.number), f.label, "cover" if f.cover else "-", SIGHT_WORDS.get(f.blocks_sight or "", "-"),
         "impassable" if not f.passable else "halves move" if f.halves_movement else "-")
        for f in s.features
    )  # fmt: skip
    first = b.scenario.deploys_first
    edges = "; ".join(f"side {o.side} towards {EDGE_LABELS[o.escape_edges[0]]}" for o in b.scenario.orders if o.escape_edges)
    return Block(
        f"The table: {b.width_cm:g} x {b.depth_cm:g} cm, {b.source.terrain}",
        lines=(
            f"Plan: {TABLE_STEM}.pdf (numbers as below); every feature's size and position: {TABLE_STEM}-setup.md.",
            (f"Deployment: each warband within {SKIRMISH_BAND_CM} cm of its own long edge [DEV]; side {first} deploys "
             "first (it lost the initiative roll-off, SK-6)."),
            f"Panicked figures (SK-5, SK-9) move away from the enemy (SK-A.10): {edges}.",
        ),
        columns=("#", "Feature", "Cover (SK-3)", "Line of sight (SK-3)", "Movement (SK-6)"),
        rows=rows,
        after=(
            ("Cover: -1 to hit a figure in it or behind it [DEV: woods, buildings, ruins, boulders, walls and fields]. "
             "A shot needs a line clear of terrain and troops (SK-3); the plan draws what blocks it as a heavy line."),
        ),
    )


def meaning(s: Skirmish, key: str) -> str:
    """What the SK-A choice in force for ``key`` means at the table."""
    return T.RULING_BY_KEY[key].meaning(s.ruling(key))


def bands(table) -> str:
    return "; ".join(f"{b.span()}: {b.label}" for b in table.bands)


def rules_blocks(s: Skirmish) -> list[Block]:
    """The turn (SK-2 to SK-9) in a line a phase, SK-4, SK-6 and SK-8 as a table, then the rulings in force."""
    modifiers = "; ".join(f"{m.value:+d} {m.condition}" for m in T.SHOOTING_MODIFIERS)
    morale = T.morale_table(s.ruling("morale"))
    turn = ", ".join(f"{i}. {name} ({rule})" for i, (name, rule) in enumerate(T.TURN, start=1))
    hit = T.SHOOTING.bands[-1].span()
    combat = "; ".join(f"{k}: {v}" for k, v in T.COMBAT.items())
    lines = (
        turn + ".",
        (f"Shooting (SK-3): 1D6 a figure, {hit} hits (1 wound). Modifiers, each line once (SK-A.8): {modifiers}. "
         f"To shoot one must not move: {meaning(s, 'shoot_move')} (SK-A.2)."),
        (f"Spells (SK-5): {T.SPELL_RANGE_CM} cm, a circle {T.SPELL_AREA_CM} cm across, {meaning(s, 'spell_rolls')} (SK-A.3); "
         f"a hit: {meaning(s, 'spell_effect')} (SK-A.7). A panicked figure within {T.QUARTER_DISTANCE_CM} cm of an enemy "
         f"asks quarter, the opponent rolls 1D6: {bands(T.QUARTER)}."),
        (f"Movement (SK-6): 1D6 each for initiative (ties rolled again, SK-A.9), the higher chooses to move first or "
         f"second. Moving through {T.DIFFICULT_GROUND} halves movement."),
        (f"Combat (SK-7): every pair of enemies in base contact rolls 1D6 + VC; totals {combat}. "
         f"Extra attackers: {meaning(s, 'extra_attackers')} (SK-A.4); they take no wounds."),
        (f"Morale (SK-9): a warband that has lost {T.MORALE_LOSS_SHARE:.0%} of its figures tests, and again each later "
         f"turn it loses more: {bands(morale)} ({morale.rule})."),
    )
    rulings = tuple((r.id, f"--{r.key.replace('_', '-')}", s.ruling(r.key), r.meaning(s.ruling(r.key))) for r in T.RULINGS)
    return [
        Block("The turn (SK-2)", lines=lines),
        Block("Ranges (SK-4), movement (SK-6) and wounds (SK-8)", columns=("Weapon", "Range", "Move", "Troop types", "VC", "Wounds"),
              rows=_reference_rows(s)),
        Block("Rulings in force (SK-A: options of mapgen skirmish)", columns=("Ruling", "Option", "Choice", "At the table"), rows=rulings),
    ]  # fmt: skip


def _reference_rows(s: Skirmish) -> tuple[tuple[str, ...], ...]:
    """SK-4, SK-6 and SK-8 side by side, as many rows as the longest."""
    ranges = [(name, f"{cm} cm" + (" (SK-A.1)" if name == "Muskets" else "")) for name, cm in T.RANGES.items()
              if name != "Muskets" or s.ruling("musket_range") != "missing"]  # fmt: skip
    moves = [(f"{cm} cm", types) for cm, types in T.MOVEMENT.items()]
    wounds = [(str(vc), str(T.wounds(vc, s.ruling("vc7_wounds"))) + (" (SK-A.5)" if vc == 7 else "")) for vc in sorted(T.WOUNDS)]
    n = max(len(ranges), len(moves), len(wounds))

    def pad(items, i):
        return items[i] if i < len(items) else ("", "")

    return tuple((*pad(ranges, i), *pad(moves, i), *pad(wounds, i)) for i in range(n))


def blocks(s: Skirmish) -> list[Block]:
    """The whole sheet, in print order."""
    a, b = s.warbands
    intro = Block(
        title(s),
        lines=(
            f"Each warband: {s.points} points, SK-1 (VC x 10 a figure), the most both can field up to {s.points_limit}.",
            f"Print this sheet ({SHEET_STEM}.pdf) and the plan ({TABLE_STEM}.pdf) at 100 %.",
        ),
    )
    out = [intro, warband_block(a), warband_block(b), table_block(s), *rules_blocks(s)]
    if s.battlefield.notes:
        out.append(Block("Notes", lines=tuple(s.battlefield.notes)))
    return out
