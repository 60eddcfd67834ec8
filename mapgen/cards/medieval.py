"""The medieval optional rules card (MED-1 to MED-8), read from :mod:`mapgen.battlefield.medieval`."""

from __future__ import annotations

from ..battlefield import medieval as M
from .model import Card, Section, facts_section, measure, signed, table_section


def _inches(value) -> str:
    return measure(value, "in")


def _either(types) -> str:
    return " or ".join(types)


def card() -> Card:
    dismount = Section(
        "Dismounted cavalry", "MED-1", ("Mounted", "Fights as", "Loses", "Gains", "Keeps"),
        tuple((d.mounted, d.foot, d.lost, d.gained, d.kept) for d in M.DISMOUNTED),
        "Chosen at deployment, for the whole battle; the unit keeps its number of bases.",
    )
    ambush = facts_section(
        "Ambushes", "MED-2",
        (
            ("Who may hide, in difficult terrain (MED-2.1)", ", ".join(M.AMBUSH_TYPES)),
            ("Who may also hide in impassable terrain", ", ".join(M.AMBUSH_IMPASSABLE_TYPES)),
            ("Hiding place: own half, from the own long edge at most", _inches(M.HIDING_EDGE_IN)),
            ("Side band ambushers may ignore", _inches(M.SIDE_BAND_IN)),
            ("Revealed by an enemy unit within (MED-2.2)", _inches(M.DETECTION_IN)),
            ("Shooting from ambush, to hit (MED-2.3)", signed(M.AMBUSH_SHOT_BONUS)),
        ),
        note="Written down secretly; revealed also by shooting, charging (any phase) or moving.",
    )
    quality = Section(
        "Extra dice by quality", "MED-3", ("Quality", "Melee and shooting dice"),
        tuple((q.capitalize(), f"{signed(n)}D6") for q, n in M.QUALITY_DICE.items()),
        f"A unit never rolls fewer than {M.MIN_DICE} die (MED-A.9).",
    )
    break_off = facts_section(
        "Cavalry break-off", "MED-4",
        (
            ("Who may break off", _either(M.BREAK_OFF_TYPES)),
            ("From melee with (not disordered)", _either(M.BREAK_OFF_FROM)),
            ("Straight back, at least this share of its move", M.BREAK_OFF_MIN_MOVE),
        ),
        note="At the end of the recovery phase; not allowed without room; it may charge again next turn.",
    )
    lo, hi = M.FEIGNED_CHARGE_SHARE
    flee = facts_section(
        "Fire and flee", "MED-5",
        (
            ("Toward the target, share of the move", f"{lo} to {hi}"),
            ("Light cavalry, as printed", f"{_inches(M.FEIGNED_CHARGE_IN[0])} to {_inches(M.FEIGNED_CHARGE_IN[1])}"),
            ("Bow-armed CP, as printed (MED-8.2, see MED-A.3)", f"{_inches(M.BOW_CP_FEIGNED_IN[0])} to {_inches(M.BOW_CP_FEIGNED_IN[1])}"),
            ("Targets that must pursue", _either(M.MUST_PURSUE)),
            ("Bow-armed CP never evades a charge by (MED-8.3)", _either(M.NEVER_EVADES)),
        ),
        note="Move in, shoot, turn about and move off the rest; no move next manoeuvre, no shot next shooting phase.",
    )
    landing = facts_section(
        "Landing from ships", "MED-6",
        (
            ("Cost of a landing point, points", M.LANDING_POINT_COST),
            ("Viking units landing at one point, at most", M.UNITS_PER_LANDING_POINT),
        ),
        note="Open play: an army with a Viking unit, on a table with a river. Units land at half move.",
    )
    missing = Section("Facing a flank charge", "MED-7", ("Rule", "Value"),
                      (("Missing in the source: use the base game's rules", "-"),))
    return Card(
        "med",
        "Medieval optional rules",
        (
            dismount, ambush, quality, break_off, flee, landing,
            table_section(M.LANDING, title="Landing roll, each manoeuvre phase"),
            table_section(M.LANDING_PLACE),
            missing,
        ),
        "The MED options as mapgen's battlefields mark them.",
    )
